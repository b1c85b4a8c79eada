/**
 * The game's screen, over a terminal session (session.ts, which
 * owns raw mode, the alternate screen, signals and suspend): key presses
 * decoded (keys.ts), and whole lines written with cursor addressing, only
 * where they changed. No curses library.
 */
import type { Size, TerminalSession } from './session.js';
import type { KeyPress } from '../game/keys.js';
import { parseKeys } from '../game/keys.js';

export type { Size } from './session.js';

export class Terminal {
  private painted: string[] = [];
  private clearFirst = false;
  private keyListener: ((key: KeyPress) => void) | null = null;
  private redrawListener: (() => void) | null = null;

  constructor(readonly session: TerminalSession) {
    session.onInput((text) => {
      for (const key of parseKeys(text)) this.keyListener?.(key);
    });
    session.onResize(() => {
      // cleared in the same write as the repaint, so that the screen is never seen empty
      this.painted = [];
      this.clearFirst = true;
      this.redrawListener?.();
    });
    session.onResume(() => {
      // the screen came back blank
      this.painted = [];
      this.redrawListener?.();
    });
  }

  /** Raw mode, the alternate screen (blank), the cursor hidden. */
  enter(): void {
    this.painted = [];
    this.session.enter();
  }

  /** Back to the terminal as it was; safe to call twice. */
  leave(): void {
    this.session.leave();
  }

  size(): Size {
    return this.session.size();
  }

  /** Call `listener` with each key press (null: stop listening); keys after a change of listener go to the new one. */
  onKeys(listener: ((key: KeyPress) => void) | null): void {
    this.keyListener = listener;
  }

  /** Call `listener` when the screen must be drawn whole: the window changed size, or the game came back from Ctrl-Z; null: stop. */
  onRedraw(listener: (() => void) | null): void {
    this.redrawListener = listener;
  }

  /** Show these lines (with their ANSI colors) from the top, rewriting only the lines that changed. */
  paint(lines: string[]): void {
    let out = this.clearFirst ? '\x1b[2J' : '';
    this.clearFirst = false;
    const count = Math.max(lines.length, this.painted.length);
    for (let r = 0; r < count; r++) {
      const line = lines[r] ?? '';
      if (this.painted[r] === line) continue;
      out += `\x1b[${r + 1};1H\x1b[0m${line}\x1b[0m\x1b[K`;
    }
    this.painted = lines.slice();
    if (out !== '') this.session.write(out);
  }

  /** Put the cursor at a spot (0-based) and show it, or hide it (null). */
  cursor(at: { row: number; column: number } | null): void {
    this.session.write(at ? `\x1b[${at.row + 1};${at.column + 1}H\x1b[?25h` : '\x1b[?25l');
  }
}
