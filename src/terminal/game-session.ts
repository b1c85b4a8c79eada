/**
 * One game on a terminal: keys move the player, a timer moves the monsters
 * (seed 003: getch in nodelay mode, so the monsters go on while no key is
 * pressed), and every change redraws the window and the message line.
 * The anti-cheat size is taken when the game starts.
 */
import type { ChalkInstance } from 'chalk';
import { keyRgb } from '../model/maze.js';
import type { Form } from '../game/form.js';
import { drawForm, formKey, formValues } from '../game/form.js';
import { gameHelp, pressKey } from '../game/controls.js';
import type { KeyPress } from '../game/keys.js';
import type { Game } from '../game/rules.js';
import { describeEnd, describeLeave, describeMonsters, moveMonsters } from '../game/rules.js';
import type { Size, Terminal } from './game-screen.js';
import type { Window } from '../game/view.js';
import { drawWindow, Ink, scrollWindow, styledLines, windowSize } from '../game/view.js';

export type Ending = 'won' | 'caught' | 'quit' | 'interrupted';

export interface SessionOptions {
  /** Milliseconds between two moves of the monsters. */
  monsterDelay: number;
  chalk: ChalkInstance;
}

export interface SessionResult {
  ending: Ending;
  /** What the end of the game said, for the normal screen afterwards (leaving with x says so too; null after Ctrl-C). */
  summary: string | null;
}

/** Keys pressed this soon after the end are taken as typed before it was seen, not as "any key". */
const END_GRACE_MS = 250;

/** Styled text for each ink of the picture. */
function inkStyles(game: Game, chalk: ChalkInstance): (ink: number, text: string) => string {
  const keyStyles = new Map<number, ChalkInstance>();
  return (ink, text) => {
    if (ink === Ink.Player) return chalk.bold.yellowBright(text);
    if (ink === Ink.Monster) return chalk.bold.redBright(text);
    if (ink === Ink.Exit) return chalk.bold.greenBright(text);
    if (ink >= Ink.Key) {
      const k = ink - Ink.Key;
      let style = keyStyles.get(k);
      if (!style) {
        const rgb = keyRgb(game.maze, k);
        style = chalk.bold.rgb((rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255);
        keyStyles.set(k, style);
      }
      return style(text);
    }
    return text;
  };
}

/** Play `game` on `terminal` until it is won, lost, quit or interrupted. */
export function playSession(terminal: Terminal, game: Game, options: SessionOptions): Promise<SessionResult> {
  const startSize: Size = terminal.size();
  const started = Date.now();
  let endedAt = 0;
  let window: Window | null = null;
  // too few cells far enough from the start for the monsters asked: said at once
  let message: string | null = describeMonsters(game);
  const style = inkStyles(game, options.chalk);

  const draw = (): void => {
    const now = terminal.size();
    // the anti-cheat rule: never more than the terminal had at the start; the last line is for messages
    const columns = Math.min(now.columns, startSize.columns);
    const lines = Math.min(now.rows, startSize.rows) - 1;
    const fit = windowSize(game.maze.width, game.maze.height, columns, lines);
    window = scrollWindow(window, game, fit.cols, fit.rows);
    const picture = drawWindow(game, window);
    const shown: string[] = [];
    if (lines >= 1) {
      // a window too small for a cell shows what fits of it
      const cut = { text: picture.text.slice(0, lines).map((l) => l.slice(0, columns)), ink: picture.ink.slice(0, lines) };
      shown.push(...styledLines(cut, style));
    }
    while (shown.length < now.rows - 1) shown.push('');
    const text = (message ?? `moves ${game.moves} · ${gameHelp(game)}`).slice(0, Math.max(0, now.columns - 1));
    shown.push(game.outcome === 'playing' ? text : options.chalk.inverse(text));
    terminal.paint(shown.slice(0, Math.max(1, now.rows)));
  };

  return new Promise((resolve) => {
    let timer: NodeJS.Timeout | null = null;
    const finish = (ending: Ending): void => {
      if (timer) clearInterval(timer);
      terminal.onKeys(null);
      terminal.onRedraw(null);
      const summary = ending === 'won' || ending === 'caught' ? describeEnd(game, endedAt - started) : ending === 'quit' ? describeLeave(game) : null;
      resolve({ ending, summary });
    };
    const checkEnd = (): void => {
      if (game.outcome === 'playing' || endedAt !== 0) return;
      endedAt = Date.now();
      if (timer) clearInterval(timer);
      timer = null;
      message = `${describeEnd(game, endedAt - started)} Press any key.`;
    };
    const onKey = (key: KeyPress): void => {
      // once the game is won or lost, any key ends it with that outcome, Ctrl-C at once (the others after keys typed as it ended)
      if (game.outcome !== 'playing') {
        if (key.name === 'interrupt' || Date.now() - endedAt >= END_GRACE_MS) finish(game.outcome);
        return;
      }
      if (key.name === 'interrupt') return finish('interrupted');
      const effect = pressKey(game, key);
      if (effect.kind === 'quit') return finish('quit');
      if (effect.kind === 'ignored') return;
      if (effect.message !== undefined) message = effect.message;
      checkEnd();
      draw();
    };
    terminal.onKeys(onKey);
    terminal.onRedraw(draw);
    if (game.monsters.length > 0) {
      timer = setInterval(() => {
        moveMonsters(game);
        checkEnd();
        draw();
      }, options.monsterDelay);
    }
    checkEnd();
    draw();
  });
}

/**
 * The start-up form on `terminal` until Enter gives values `accept` takes
 * (it returns null, or why not, shown under the fields), or Esc or Ctrl-C.
 */
export function runForm(terminal: Terminal, form: Form, accept: (values: Record<string, string>) => string | null): Promise<'start' | 'leave' | 'interrupt'> {
  const draw = (): void => {
    const { columns, rows } = terminal.size();
    const { lines, caret } = drawForm(form, columns);
    terminal.paint(lines.slice(0, rows));
    terminal.cursor(caret.row < rows ? caret : null);
  };
  return new Promise((resolve) => {
    const done = (action: 'start' | 'leave' | 'interrupt'): void => {
      terminal.onKeys(null);
      terminal.onRedraw(null);
      terminal.cursor(null);
      resolve(action);
    };
    terminal.onKeys((key) => {
      const action = formKey(form, key);
      if (action === 'start') {
        form.error = accept(formValues(form));
        if (form.error === null) return done('start');
      } else if (action !== null) {
        return done(action);
      }
      draw();
    });
    terminal.onRedraw(draw);
    draw();
  });
}
