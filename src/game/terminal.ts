/**
 * The game's edge: a terminal in raw mode on the alternate screen, with no
 * curses library. Input comes as key presses (keys.ts), output as whole
 * lines written with cursor addressing, only where they changed. Whatever
 * ends the program (a return, an error, Ctrl-C, SIGTERM, process.exit) the
 * terminal is put back: alternate screen left, cursor shown, colors reset,
 * echo and line mode back (`restore`, also hooked on the process's exit).
 */
import type { ReadStream, WriteStream } from 'node:tty';
import type { KeyPress } from './keys.js';
import { parseKeys } from './keys.js';

const ENTER = '\x1b[?1049h\x1b[?25l\x1b[2J\x1b[H';
const LEAVE = '\x1b[0m\x1b[?25h\x1b[?1049l';

/** Signals whose default action would end the process with the terminal still raw (Ctrl-C is a key in raw mode). */
const SIGNALS = ['SIGTERM', 'SIGHUP', 'SIGINT', 'SIGQUIT'] as const;

export interface Size {
  columns: number;
  rows: number;
}

export class Terminal {
  private painted: string[] = [];
  private clearFirst = false;
  private active = false;
  private keyListener: ((key: KeyPress) => void) | null = null;
  private readonly onData = (data: string | Buffer): void => {
    for (const key of parseKeys(String(data))) this.keyListener?.(key);
  };
  private resizeListener: (() => void) | null = null;
  private readonly onExit = (): void => this.restore();
  /** A kill or a hang-up while the game runs: put the terminal back, then die of the signal as before. */
  private readonly onSignal = (signal: NodeJS.Signals): void => {
    this.restore();
    process.kill(process.pid, signal);
  };

  constructor(
    readonly input: ReadStream,
    readonly output: WriteStream,
  ) {}

  /** Raw mode, the alternate screen, the cursor hidden. */
  enter(): void {
    if (this.active) return;
    this.active = true;
    process.on('exit', this.onExit);
    for (const signal of SIGNALS) process.on(signal, this.onSignal);
    this.input.setRawMode(true);
    this.input.setEncoding('utf8');
    this.input.on('data', this.onData);
    this.input.resume();
    this.write(ENTER);
  }

  /** Back to the terminal as it was; safe to call twice, and from an exit hook (synchronous). */
  restore(): void {
    if (!this.active) return;
    this.active = false;
    process.removeListener('exit', this.onExit);
    for (const signal of SIGNALS) process.removeListener(signal, this.onSignal);
    this.onKeys(null);
    this.onResize(null);
    this.input.removeListener('data', this.onData);
    try {
      // a terminal's writes are synchronous in Node, so this is done even from an exit hook
      this.output.write(LEAVE);
    } catch {
      // a terminal gone (hang-up) cannot be restored
    }
    try {
      this.input.setRawMode(false);
    } catch {
      // same
    }
    this.input.pause();
  }

  size(): Size {
    return { columns: this.output.columns || 80, rows: this.output.rows || 24 };
  }

  /** Call `listener` with each key press (null: stop listening); keys after a change of listener go to the new one. */
  onKeys(listener: ((key: KeyPress) => void) | null): void {
    this.keyListener = listener;
  }

  /** Call `listener` when the window changes size (SIGWINCH); null: stop. */
  onResize(listener: (() => void) | null): void {
    if (this.resizeListener) this.output.removeListener('resize', this.resizeListener);
    this.resizeListener = null;
    if (!listener) return;
    this.resizeListener = () => {
      // cleared in the same write as the repaint, so that the screen is never seen empty
      this.painted = [];
      this.clearFirst = true;
      listener();
    };
    this.output.on('resize', this.resizeListener);
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
    if (out !== '') this.write(out);
  }

  /** Put the cursor at a spot (0-based) and show it, or hide it (null). */
  cursor(at: { row: number; column: number } | null): void {
    this.write(at ? `\x1b[${at.row + 1};${at.column + 1}H\x1b[?25h` : '\x1b[?25l');
  }

  private write(text: string): void {
    this.output.write(text);
  }
}
