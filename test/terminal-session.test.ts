/**
 * The terminal session (src/terminal/session.ts) in-process, over fake
 * streams and a fake process: what it writes, the mode it leaves the
 * terminal in, and what it does with each signal. The real terminal is
 * play.test.ts's (tmux).
 */
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import type { ReadStream, WriteStream } from 'node:tty';
import { describe, expect, it } from 'vitest';
import type { ProcessHooks } from '../src/terminal/session.js';
import { ENDING_SIGNALS, TerminalSession } from '../src/terminal/session.js';

const ENTER_SCREEN = '\x1b[?1049h\x1b[?25l';
const LEAVE_SCREEN = '\x1b[0m\x1b[?25h\x1b[?1049l';

class FakeInput extends EventEmitter {
  raw = false;
  /** Each change of mode asked for, in order. */
  modes: boolean[] = [];
  flowing = false;
  setRawMode(on: boolean): this {
    this.raw = on;
    this.modes.push(on);
    return this;
  }
  setEncoding(): this {
    return this;
  }
  resume(): this {
    this.flowing = true;
    return this;
  }
  pause(): this {
    this.flowing = false;
    return this;
  }
  type(text: string): void {
    this.emit('data', text);
  }
}

class FakeOutput extends EventEmitter {
  columns = 100;
  rows = 30;
  /** The size the terminal has, which Node's stream learns from SIGWINCH or a refresh. */
  actual = { columns: 100, rows: 30 };
  written = '';
  write(text: string): boolean {
    this.written += text;
    return true;
  }
  /** As Node's tty.WriteStream: ask the terminal, and say when it changed. */
  _refreshSize(): void {
    if (this.columns === this.actual.columns && this.rows === this.actual.rows) return;
    this.columns = this.actual.columns;
    this.rows = this.actual.rows;
    this.emit('resize');
  }
}

/** A process whose kill() records the signal, and what the terminal was at that moment. */
class FakeProcess extends EventEmitter {
  readonly pid = 4242;
  kills: { pid: number; signal: string; raw: boolean; last: string; listening: number }[] = [];
  constructor(private readonly input: FakeInput, private readonly output: FakeOutput) {
    super();
  }
  kill(pid: number, signal: string): true {
    this.kills.push({ pid, signal, raw: this.input.raw, last: this.output.written, listening: this.listenerCount(signal) });
    return true;
  }
}

function fakeSession(): { session: TerminalSession; input: FakeInput; output: FakeOutput; host: FakeProcess } {
  const input = new FakeInput();
  const output = new FakeOutput();
  const host = new FakeProcess(input, output);
  const session = new TerminalSession(input as unknown as ReadStream, output as unknown as WriteStream, host as unknown as ProcessHooks);
  return { session, input, output, host };
}

/** Listeners the session left on the process, by event. */
function hooked(host: FakeProcess): string[] {
  return host.eventNames().map(String).filter((e) => host.listenerCount(e) > 0);
}

describe('terminal session: enter and leave', () => {
  it('enter takes raw mode, the alternate screen and hides the cursor; leave gives all back, once', () => {
    const { session, input, output, host } = fakeSession();
    session.enter();
    expect(input.raw).toBe(true);
    expect(input.flowing).toBe(true);
    expect(output.written.startsWith(ENTER_SCREEN)).toBe(true);
    expect(session.entered).toBe(true);
    expect(hooked(host).sort()).toEqual(['exit', 'SIGTSTP', 'SIGCONT', ...ENDING_SIGNALS].sort());
    session.enter();
    expect(output.written.split(ENTER_SCREEN)).toHaveLength(2);

    session.leave();
    expect(input.raw).toBe(false);
    expect(input.flowing).toBe(false);
    expect(output.written.endsWith(LEAVE_SCREEN)).toBe(true);
    expect(hooked(host)).toEqual([]);
    session.leave();
    expect(output.written.split(LEAVE_SCREEN)).toHaveLength(2);
    expect(session.entered).toBe(false);
  });

  it('passes on input while in, the window size and its changes; leaves on the process exit', () => {
    const { session, input, output, host } = fakeSession();
    const typed: string[] = [];
    let resized = 0;
    session.onInput((text) => typed.push(text));
    session.onResize(() => resized++);
    session.enter();
    input.type('a\x1b[C');
    output.emit('resize');
    expect(typed).toEqual(['a\x1b[C']);
    expect(resized).toBe(1);
    expect(session.size()).toEqual({ columns: 100, rows: 30 });
    host.emit('exit', 0);
    expect(input.raw).toBe(false);
    expect(output.written.endsWith(LEAVE_SCREEN)).toBe(true);
    input.type('b');
    output.emit('resize');
    expect(typed).toEqual(['a\x1b[C']);
    expect(resized).toBe(1);
  });

  it('knows nothing of the game: it imports only from node', () => {
    const source = readFileSync(new URL('../src/terminal/session.ts', import.meta.url), 'utf8');
    const imports = [...source.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1]);
    expect(imports.length).toBeGreaterThan(0);
    for (const from of imports) expect(from).toMatch(/^node:/);
  });
});

describe('issue 16 item 6: every signal that ends the process restores the terminal first', () => {
  it('handles the signals whose default action ends a Node process, and none Node keeps for itself or cannot give', () => {
    for (const signal of ['SIGHUP', 'SIGINT', 'SIGQUIT', 'SIGTERM', 'SIGALRM', 'SIGUSR2', 'SIGXCPU', 'SIGVTALRM', 'SIGPROF', 'SIGIO', 'SIGPWR', 'SIGSYS']) {
      expect(ENDING_SIGNALS).toContain(signal);
    }
    // SIGKILL and SIGSTOP cannot be caught; SIGUSR1 starts Node's debugger; Node ignores SIGPIPE and SIGXFSZ; a fault's listener is unsafe
    for (const signal of ['SIGKILL', 'SIGSTOP', 'SIGUSR1', 'SIGPIPE', 'SIGXFSZ', 'SIGSEGV', 'SIGBUS', 'SIGFPE', 'SIGILL']) {
      expect(ENDING_SIGNALS).not.toContain(signal);
    }
  });

  it.each(ENDING_SIGNALS)('%s: line mode and the normal screen back, then the signal raised again with no listener left, to die of it', (signal) => {
    const { session, input, output, host } = fakeSession();
    session.enter();
    host.emit(signal, signal);
    expect(host.kills).toEqual([{ pid: 4242, signal, raw: false, last: output.written, listening: 0 }]);
    expect(output.written.endsWith(LEAVE_SCREEN)).toBe(true);
    expect(input.raw).toBe(false);
    expect(hooked(host)).toEqual([]);
  });

  it('leaves the signal to another listener of it (a temporary file to remove), which has it already', () => {
    const { session, input, host } = fakeSession();
    const other = (): void => undefined;
    host.on('SIGTERM', other);
    session.enter();
    host.emit('SIGTERM', 'SIGTERM');
    expect(input.raw).toBe(false);
    expect(host.kills).toEqual([]);
    expect(hooked(host)).toEqual(['SIGTERM']);
  });
});

describe('issue 16 item 7: Ctrl-Z and SIGTSTP suspend, and fg resumes', () => {
  it('Ctrl-Z typed: the terminal given back, the job stopped (its group, SIGTSTP at its default), then taken again and repainted', () => {
    const { session, input, output, host } = fakeSession();
    const typed: string[] = [];
    let resumed = 0;
    session.onInput((text) => typed.push(text));
    session.onResume(() => resumed++);
    session.enter();
    const before = output.written.length;
    input.type('l\x1ar');
    // stopped with the terminal in line mode, on the normal screen, and nothing catching SIGTSTP
    expect(host.kills).toHaveLength(1);
    const stop = host.kills[0]!;
    expect(stop).toMatchObject({ pid: 0, signal: 'SIGTSTP', raw: false, listening: 0 });
    expect(stop.last.endsWith(LEAVE_SCREEN)).toBe(true);
    // continued: raw again, the alternate screen again, a repaint asked for; the keys on either side of Ctrl-Z are kept
    expect(input.raw).toBe(true);
    expect(output.written.slice(before)).toContain(LEAVE_SCREEN + ENTER_SCREEN);
    expect(resumed).toBe(1);
    expect(typed).toEqual(['l', 'r']);
    expect(hooked(host)).toContain('SIGTSTP');
  });

  it('comes back at the size of now, in one repaint: a window resized while stopped sent its SIGWINCH to the shell', () => {
    const { session, input, output } = fakeSession();
    const sizes: string[] = [];
    session.onResume(() => sizes.push(`resume ${session.size().columns}x${session.size().rows}`));
    session.onResize(() => sizes.push('resize'));
    session.enter();
    output.actual = { columns: 60, rows: 18 };
    input.type('\x1a');
    expect(sizes).toEqual(['resume 60x18']);
  });

  it('SIGTSTP from outside (kill -TSTP) suspends the same way', () => {
    const { session, input, host } = fakeSession();
    let resumed = 0;
    session.onResume(() => resumed++);
    session.enter();
    host.emit('SIGTSTP', 'SIGTSTP');
    expect(host.kills).toMatchObject([{ pid: 0, signal: 'SIGTSTP', raw: false, listening: 0 }]);
    expect(input.raw).toBe(true);
    expect(resumed).toBe(1);
  });

  it('SIGCONT after a stop from outside (SIGSTOP): raw mode asked for again even where Node thinks it is on, the screen again, a repaint', () => {
    const { session, input, output, host } = fakeSession();
    let resumed = 0;
    session.onResume(() => resumed++);
    session.enter();
    input.modes = [];
    output.written = '';
    output.actual = { columns: 70, rows: 14 };
    host.emit('SIGCONT', 'SIGCONT');
    expect(input.modes).toEqual([false, true]);
    expect(output.written).toContain(ENTER_SCREEN);
    expect(resumed).toBe(1);
    expect(session.size()).toEqual({ columns: 70, rows: 14 });
    session.leave();
    host.emit('SIGCONT', 'SIGCONT');
    expect(resumed).toBe(1);
  });
});
