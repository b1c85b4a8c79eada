/**
 * A maze growing live on the terminal (`maze gen --animate`), in the text
 * view `maze gen` prints (formats/ascii.ts), over the terminal session the
 * game uses (raw mode, the alternate screen, signals, Ctrl-Z): frames
 * spread evenly over the steps, `fps` a second at most, the whole in about
 * `duration` seconds; the working cell and the marked ones drawn in their
 * colors (trees in theirs), a status line below. Any key skips to the end;
 * Ctrl-C stops. The caller prints the finished maze once the terminal is
 * given back.
 */
import { textFrame } from '../formats/ascii.js';
import { shapeTextFrame } from '../formats/ascii-shape.js';
import type { GraphMaze } from '../grid/graph-maze.js';
import { startingMaze } from '../grid/topology-record.js';
import type { CellMarks } from '../formats/ascii.js';
import type { RenderOptions } from '../formats/types.js';
import { Replay } from '../model/replay.js';
import type { StepLog } from '../model/steps.js';
import type { TerminalSession } from './session.js';
import { ACTIVE_COLOR, HEAD_COLOR, SEARCH_COLOR, stepsForFrame } from '../animation/frames.js';

export type LiveEnding = 'finished' | 'skipped' | 'interrupted';

export interface LiveOptions {
  /** The text view's style and color level. */
  render: RenderOptions;
  fps: number;
  duration: number;
}

/** Lines the view takes besides the maze's: the status line. */
export const STATUS_LINES = 1;

/** The marks of a replay as the text view reads them. */
function replayMarks(replay: Replay): CellMarks {
  const { marks } = replay;
  const { width } = replay.maze;
  return {
    at: (x, y) => (replay.head && replay.head[0] === x && replay.head[1] === y ? 3 : marks[y * width + x]!),
    colors: [ACTIVE_COLOR, SEARCH_COLOR, HEAD_COLOR],
  };
}

/** Play the growth on `session` until it ends, a key skips it, or Ctrl-C. The terminal is given back in every case. */
export async function growOnTerminal(session: TerminalSession, log: StepLog, options: LiveOptions): Promise<LiveEnding> {
  const replay = new Replay();
  let applied = 0;
  return playOnTerminal(session, log.length, options, async (target) => {
    for (const step of log.steps(applied, target)) replay.apply(step);
    applied = target;
    return textFrame(replay.maze, options.render, replayMarks(replay));
  });
}

/**
 * A hex or triangle maze's growth on `session` (SPEC "Grid shapes"): its
 * passages opening in the text `maze gen` prints (formats/ascii-shape.ts),
 * the cell reached last marked in the head's color.
 */
export async function growShapeOnTerminal(session: TerminalSession, growth: { maze: GraphMaze; links: Int32Array; solving?: Int32Array }, options: LiveOptions): Promise<LiveEnding> {
  const { maze, links } = growth;
  const partial = startingMaze(maze.shape, maze.mask);
  const grown = links.length / 2;
  // a solving method's own steps after the growth (--solve M): the cell each works on, as the head over the finished maze, its path still to come
  const solving = growth.solving ?? new Int32Array(0);
  const finished = solving.length === 0 ? maze : Object.assign(Object.create(Object.getPrototypeOf(maze) as object) as GraphMaze, maze, { solution: null, solving: null });
  let done = 0;
  return playOnTerminal(session, grown + solving.length / 2, options, async (target) => {
    if (target > grown) return shapeTextFrame(finished, options.render, solving[2 * (target - grown - 1) + 1]!, HEAD_COLOR);
    for (; done < target; done++) partial.open(links[2 * done]!, links[2 * done + 1]!);
    const head = done > 0 && done < grown ? links[2 * done - 1]! : -1;
    return shapeTextFrame(partial, options.render, head, HEAD_COLOR);
  }, grown);
}

/** `line` cut to `width` columns, its color sequences (ESC [ … m) kept and not counted: a character a column, as the text views draw. */
export function cutToWidth(line: string, width: number): string {
  let visible = 0;
  let i = 0;
  while (i < line.length) {
    if (line.charCodeAt(i) === 0x1b) {
      const end = line.indexOf('m', i);
      i = end < 0 ? line.length : end + 1;
      continue;
    }
    if (visible === width) return line.slice(0, i);
    const code = line.codePointAt(i)!;
    i += code > 0xffff ? 2 : 1;
    visible++;
  }
  return line;
}

/** Frames spread evenly over `total` steps, each the text `frameAt(steps done)` draws, painted as it changes; past `grown` steps the status line says the maze is being solved. */
async function playOnTerminal(session: TerminalSession, total: number, options: LiveOptions, frameAt: (target: number) => Promise<string>, grown = total): Promise<LiveEnding> {
  const frames = Math.max(1, Math.min(total, Math.round(options.duration * options.fps)));
  const interval = (options.duration * 1000) / frames;
  let painted: string[] = [];
  let ending: LiveEnding | null = null;
  let wake: (() => void) | null = null;
  let lines: string[] = [];
  const paint = (): void => {
    // cut to the terminal as it is now (a line wider than it would wrap and scroll the screen each frame): the
    // status line at its foot, below as many of the maze's rows as fit
    const { columns, rows } = session.size();
    const shown = (lines.length > rows ? [...lines.slice(0, Math.max(0, rows - 1)), lines[lines.length - 1]!] : lines).map((line) => cutToWidth(line, columns - 1));
    let out = '';
    for (let r = 0; r < Math.max(shown.length, painted.length); r++) {
      const line = shown[r] ?? '';
      if (painted[r] !== line) out += `\x1b[${r + 1};1H\x1b[0m${line}\x1b[0m\x1b[K`;
    }
    painted = shown;
    if (out !== '') session.write(out);
  };
  session.onInput((text) => {
    ending = text.includes('\x03') ? 'interrupted' : 'skipped';
    wake?.();
  });
  // a new size or a return from Ctrl-Z: the screen is blank, draw it whole
  const repaint = (): void => {
    painted = [];
    session.write('\x1b[2J');
    paint();
  };
  session.onResize(repaint);
  session.onResume(repaint);
  session.enter();
  try {
    const started = Date.now();
    for (let i = 0; i < frames && ending === null; i++) {
      const target = stepsForFrame(i, frames, total);
      const text = await frameAt(target);
      const percent = total === 0 ? 100 : Math.floor((100 * target) / total);
      lines = [...text.replace(/\n$/, '').split('\n'), `${target > grown ? 'solving' : 'growing'}… ${percent}%  any key skips to the end, Ctrl-C stops`];
      paint();
      const wait = started + (i + 1) * interval - Date.now();
      if (wait > 0 && ending === null) {
        await new Promise<void>((done) => {
          const timer = setTimeout(done, wait);
          wake = () => {
            clearTimeout(timer);
            done();
          };
        });
        wake = null;
      }
    }
    return ending ?? 'finished';
  } finally {
    session.onInput(null);
    session.onResize(null);
    session.onResume(null);
    session.leave();
  }
}
