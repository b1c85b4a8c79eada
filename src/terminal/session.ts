/**
 * A full-screen program's hold on its terminal: raw mode, the alternate
 * screen and the hidden cursor, taken in `enter()` and given back in
 * `leave()`, whatever ends the program. `maze play` draws on it, and so will
 * `maze gen --animate`; it knows nothing of either (no keys, no drawing).
 *
 * - Every signal whose default action ends the process gives the terminal
 *   back first, then ends the process the way that signal would (it is
 *   raised again with no handler, so the shell sees the same death).
 * - Ctrl-Z (a byte in raw mode) and SIGTSTP suspend as a shell expects: the
 *   terminal is given back, the job stops, and `fg` takes the terminal again
 *   and asks for a repaint (`onResume`). SIGCONT after a stop from outside
 *   (SIGSTOP) takes the terminal again too, as the shell may have reset it;
 *   continued in the background (a shell's job), it goes on drawing without
 *   touching the terminal's modes, which would stop it again (SIGTTOU).
 * - A change of the window's size is passed on (`onResize`).
 */
import { readFileSync } from 'node:fs';
import { constants } from 'node:os';
import type { ReadStream, WriteStream } from 'node:tty';

export interface Size {
  columns: number;
  rows: number;
}

const ENTER_SCREEN = '\x1b[?1049h\x1b[?25l\x1b[2J\x1b[H';
const LEAVE_SCREEN = '\x1b[0m\x1b[?25h\x1b[?1049l';
/** Ctrl-Z as raw mode reads it: the terminal no longer turns it into SIGTSTP, so the session does. */
const SUSPEND_KEY = '\x1a';

/**
 * The signals whose default action ends a Node process (Linux's Term and
 * Core), that a listener may catch. Left out: SIGKILL and SIGSTOP (no one
 * can catch them); SIGSEGV, SIGBUS, SIGFPE and SIGILL (a listener for a real
 * fault is not safe, Node says); SIGUSR1 (Node starts its debugger on it,
 * and the process goes on); SIGPIPE and SIGXFSZ (Node ignores them); the
 * real-time signals (Node has no names for them). Those this platform lacks
 * are dropped.
 */
export const ENDING_SIGNALS: readonly NodeJS.Signals[] = (
  ['SIGHUP', 'SIGINT', 'SIGQUIT', 'SIGTRAP', 'SIGABRT', 'SIGUSR2', 'SIGALRM', 'SIGTERM', 'SIGSTKFLT', 'SIGXCPU', 'SIGVTALRM', 'SIGPROF', 'SIGIO', 'SIGPWR', 'SIGSYS'] as const
).filter((signal) => signal in constants.signals);

/**
 * Whether this process's group holds its terminal (Linux: /proc/self/stat's
 * pgrp and tpgid); true where that cannot be read. A job stopped from
 * outside (SIGSTOP) and continued (SIGCONT) under a shell with job control
 * runs in the background: setting the terminal's mode from there raises
 * SIGTTOU, which would stop it again until `fg`.
 */
export function holdsTerminal(): boolean {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // after "pid (name) ": state, ppid, pgrp, session, tty_nr, tpgid
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const pgrp = Number(fields[2]);
    const tpgid = Number(fields[5]);
    return !(tpgid > 0) || tpgid === pgrp;
  } catch {
    return true;
  }
}

/** What the session needs of the process: its signals, its exit, and a way to signal itself (a fake in the tests). */
export type ProcessHooks = Pick<NodeJS.Process, 'on' | 'removeListener' | 'listenerCount' | 'kill' | 'pid'>;

export class TerminalSession {
  private active = false;
  private inputListener: ((text: string) => void) | null = null;
  private resizeListener: (() => void) | null = null;
  private resumeListener: (() => void) | null = null;

  private readonly onData = (data: string | Buffer): void => this.receive(String(data));
  private readonly onWindowChange = (): void => this.resizeListener?.();
  private readonly onExit = (): void => this.leave();
  private readonly onEndingSignal = (signal: NodeJS.Signals): void => this.end(signal);
  private readonly onStopSignal = (): void => this.suspend();
  private readonly onContinue = (): void => this.retake();

  constructor(
    readonly input: ReadStream,
    readonly output: WriteStream,
    private readonly host: ProcessHooks = process,
    private readonly foreground: () => boolean = holdsTerminal,
  ) {}

  /** Raw mode, the alternate screen (cleared), the cursor hidden; input flows to `onInput`. Nothing when already in. */
  enter(): void {
    if (this.active) return;
    this.active = true;
    this.host.on('exit', this.onExit);
    for (const signal of ENDING_SIGNALS) this.host.on(signal, this.onEndingSignal);
    this.host.on('SIGTSTP', this.onStopSignal);
    this.host.on('SIGCONT', this.onContinue);
    this.input.setRawMode(true);
    this.input.setEncoding('utf8');
    this.input.on('data', this.onData);
    this.input.resume();
    this.output.on('resize', this.onWindowChange);
    this.write(ENTER_SCREEN);
  }

  /**
   * The terminal as it was: colors reset, the cursor shown, the normal
   * screen, echo and line mode; every signal back to its default action.
   * Synchronous (a terminal's writes are, in Node), so it works from an
   * exit hook; nothing when already out. The listeners stay for the next `enter()`.
   */
  leave(): void {
    if (!this.active) return;
    this.active = false;
    this.host.removeListener('exit', this.onExit);
    for (const signal of ENDING_SIGNALS) this.host.removeListener(signal, this.onEndingSignal);
    this.host.removeListener('SIGTSTP', this.onStopSignal);
    this.host.removeListener('SIGCONT', this.onContinue);
    this.input.removeListener('data', this.onData);
    this.output.removeListener('resize', this.onWindowChange);
    try {
      this.output.write(LEAVE_SCREEN);
    } catch {
      // a terminal gone (hang-up) cannot be restored
    }
    try {
      // from the background the shell has the terminal, in its own modes: asking would stop the job (SIGTTOU)
      if (this.foreground()) this.input.setRawMode(false);
    } catch {
      // same
    }
    this.input.pause();
  }

  /** In raw mode and on the alternate screen now. */
  get entered(): boolean {
    return this.active;
  }

  /**
   * Ctrl-Z: give the terminal back and stop, as the shell would stop a job;
   * once continued (`fg`), take the terminal again and call `onResume`.
   * The whole process group stops, as a shell's Ctrl-Z stops it, so that a
   * parent in the job (npx) stops too and the shell sees the job stopped.
   * Where no shell can continue the job (a group with no job control, the
   * kernel's "orphaned" group), the stop does not happen and the session
   * takes the terminal back at once.
   */
  suspend(): void {
    if (!this.active) return;
    // leave() hands SIGTSTP back to its default action (stop), so raising it stops us here
    this.leave();
    try {
      this.host.kill(0, 'SIGTSTP');
    } catch {
      // no group to signal: carry on
    }
    this.refreshSize();
    this.enter();
    this.resumeListener?.();
  }

  /** The window's size, 80 × 24 when the terminal does not say. */
  size(): Size {
    return { columns: this.output.columns || 80, rows: this.output.rows || 24 };
  }

  write(text: string): void {
    this.output.write(text);
  }

  /** Call `listener` with what is typed, as text (Ctrl-Z excepted); null: stop. */
  onInput(listener: ((text: string) => void) | null): void {
    this.inputListener = listener;
  }

  /** Call `listener` when the window changes size (SIGWINCH); null: stop. */
  onResize(listener: (() => void) | null): void {
    this.resizeListener = listener;
  }

  /** Call `listener` when the terminal was taken again after a stop: the screen is blank and wants a whole repaint; null: stop. */
  onResume(listener: (() => void) | null): void {
    this.resumeListener = listener;
  }

  /** Input as it comes, Ctrl-Z taken out and acted on where it was typed. */
  private receive(text: string): void {
    const parts = text.split(SUSPEND_KEY);
    parts.forEach((part, i) => {
      if (i > 0) this.suspend();
      if (part !== '' && this.active) this.inputListener?.(part);
    });
  }

  /** An ending signal: the terminal back first, then the signal raised again to end the process as it would have. */
  private end(signal: NodeJS.Signals): void {
    this.leave();
    // someone else listens (a temporary file to remove): they decide, and they have the signal already
    if (this.host.listenerCount(signal) > 0) return;
    this.host.kill(this.host.pid, signal);
  }

  /**
   * Node keeps the size the last SIGWINCH gave; a change while the job was
   * stopped signalled the shell, the foreground then, not us. Ask the
   * terminal again (Node's own refresh, the one its SIGWINCH listener calls;
   * where a Node lacks it, the size catches up at the next change).
   */
  private refreshSize(): void {
    const stream = this.output as WriteStream & { _refreshSize?: () => void };
    if (typeof stream._refreshSize === 'function') stream._refreshSize();
  }

  /** SIGCONT after a stop the session did not make (SIGSTOP): the shell may have reset the terminal, so take it again. */
  private retake(): void {
    if (!this.active) return;
    // one repaint, on resume, at the new size
    this.output.removeListener('resize', this.onWindowChange);
    this.refreshSize();
    this.output.on('resize', this.onWindowChange);
    try {
      // Node skips a change to the mode it thinks the terminal is in, so out and in again; only in the
      // foreground: continued in the background (kill -CONT after kill -STOP under a shell), asking would
      // stop the job again (SIGTTOU), so it goes on drawing, and `fg` later takes the terminal whole
      if (this.foreground()) {
        this.input.setRawMode(false);
        this.input.setRawMode(true);
      }
    } catch {
      // a terminal gone: nothing to draw on
    }
    this.write(ENTER_SCREEN);
    this.resumeListener?.();
  }
}
