/**
 * The frames of a maze growing (SPEC "Watching a maze grow"), as every
 * animated file takes them: `frames` growth frames spread evenly over the
 * steps (model/steps.ts), the first showing the starting grid and the
 * last every step, each `duration / frames` seconds long, then the
 * finished maze once more, held HOLD_SECONDS; the whole loops for ever.
 * The frames are replayed one at a time from the steps (model/replay.ts),
 * so a file holds one frame in memory whatever their number.
 */
import type { Maze } from '../model/maze.js';
import { MARK_CODES, Replay } from '../model/replay.js';
import type { StepLog } from '../model/steps.js';
import type { RenderOptions } from '../formats/types.js';

/** How long the finished maze is shown at the end of each loop. */
export const HOLD_SECONDS = 2;

/** What a viewer paints in a cell besides its walls: the algorithm's working set, the search, the head (on top). */
export const ACTIVE_COLOR = 0x2a4a8a;
export const SEARCH_COLOR = 0x6a3d7a;
export const HEAD_COLOR = 0xffc820;
/** Those colors, for a picture's plan. */
export const CELL_COLORS: readonly number[] = [ACTIVE_COLOR, SEARCH_COLOR, HEAD_COLOR];

/** A maze and its growth, ready to be drawn as frames. */
export interface Growth {
  /** The finished maze, as the still picture draws it. */
  maze: Maze;
  log: StepLog;
  /** Growth frames (the held last one not counted). */
  frames: number;
  /** Seconds the growth frames last in all. */
  duration: number;
  /** Told after each growth frame is replayed (a progress line). */
  tick?: () => void;
}

/** Steps replayed for growth frame i of n, out of `total`: the grid alone first, every step last. */
export function stepsForFrame(i: number, n: number, total: number): number {
  if (n <= 1 || total <= 1) return total;
  return 1 + Math.floor((i * (total - 1)) / (n - 1));
}

/** The growth frames in order: one replay, moved on to each frame's step (valid until the next is asked for). */
export function* growthFrames(growth: Growth): Generator<Replay> {
  const replay = new Replay();
  const total = growth.log.length;
  let done = 0;
  for (let i = 0; i < growth.frames; i++) {
    const target = stepsForFrame(i, growth.frames, total);
    for (const step of growth.log.steps(done, target)) replay.apply(step);
    done = target;
    yield replay;
    growth.tick?.();
  }
}

/**
 * An animated file's frames with their lengths in seconds, whatever draws
 * them (square or shaped, APNG or GIF): the growth frames, `duration /
 * frames` each, then the finished maze, held HOLD_SECONDS. Lazy: a frame
 * is asked for once the one before has been used.
 */
export function* timedFrames<F>(growth: { frames: number; duration: number }, growing: Iterable<F>, finished: () => F): Generator<[F, number]> {
  const each = growth.duration / growth.frames;
  for (const frame of growing) yield [frame, each];
  yield [finished(), HOLD_SECONDS];
}

/** Frames a second an APNG or a GIF plays at most: browsers play a frame of under 2 hundredths of a second a tenth long. */
export const RASTER_FRAMES_A_SECOND = 50;

/** One growth frame's length as a fraction num / den of a second, each under 2^16 (APNG's fcTL). */
export function frameDelay(seconds: number): { num: number; den: number } {
  for (const den of [1000, 100, 10, 1]) {
    const num = Math.round(seconds * den);
    if (num <= 0xffff) return { num, den };
  }
  return { num: 0xffff, den: 1 };
}

/**
 * The cells a frame paints, as pixel rectangles (x0, y0, x1, y1 and the
 * sample `sampleOf` gives each color): each marked cell's open square
 * (inside its walls, which it never covers), then the head's.
 */
export function cellRectangles(replay: Replay, options: Pick<RenderOptions, 'tile' | 'wall'>, sampleOf: (rgb: number) => number): Int32Array {
  const { tile, wall } = options;
  const { width } = replay.maze;
  const out: number[] = [];
  const paint = (c: number, rgb: number): void => {
    const x = c % width;
    const y = (c - x) / width;
    out.push(x * tile + wall, y * tile + wall, (x + 1) * tile, (y + 1) * tile, sampleOf(rgb));
  };
  const { marks } = replay;
  for (let c = 0; c < marks.length; c++) {
    if (marks[c] === MARK_CODES.active) paint(c, ACTIVE_COLOR);
    else if (marks[c] === MARK_CODES.search) paint(c, SEARCH_COLOR);
  }
  if (replay.head) paint(replay.head[1] * width + replay.head[0], HEAD_COLOR);
  return Int32Array.from(out);
}
