/**
 * A real terminal for the tests that need one: a tmux server of its own
 * (one socket each, so that parallel test files never meet), read with
 * capture-pane and typed at with send-keys. test/play.test.ts drives the
 * game with it, test/animate-terminal.test.ts the live growth. Without tmux
 * those tests skip, except in CI (.ci/run installs it).
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';

export const tmuxFound = spawnSync('tmux', ['-V']).status === 0;

export function sleep(ms: number): Promise<void> {
  return new Promise((wake) => setTimeout(wake, ms));
}

/** A word for sh, in single quotes. */
export function quote(word: string): string {
  return `'${word.replaceAll("'", "'\\''")}'`;
}

let servers = 0;

/** One tmux server; subclasses start their window. */
export class TmuxServer {
  readonly socket: string;
  /** tmux leaves its socket file behind after kill-server. */
  readonly socketPath: string;

  constructor(name: string) {
    if (!tmuxFound) throw new Error('tmux not found (Debian package tmux); CI must have it, as .ci/run installs it');
    this.socket = `maze-${name}-${process.pid}-${++servers}`;
    this.socketPath = join(process.env.TMUX_TMPDIR ?? '/tmp', `tmux-${process.getuid?.() ?? 0}`, this.socket);
  }

  tmux(...args: string[]): string {
    const result = spawnSync('tmux', ['-L', this.socket, ...args], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`tmux ${args[0]}: ${result.stderr}`);
    return result.stdout;
  }

  screen(): string {
    return this.tmux('capture-pane', '-p');
  }

  /** Send tmux key names (Up, KP8, Enter …). */
  keys(...names: string[]): void {
    this.tmux('send-keys', ...names);
  }

  /** alternate_on and cursor_flag: "1 0" in a full-screen program, "0 1" once the terminal is given back. */
  modes(): string {
    return this.tmux('display', '-p', '#{alternate_on} #{cursor_flag}').trim();
  }

  /** Poll the screen until `test` holds; the last screen in the error otherwise. */
  async until(test: (screen: string) => boolean, what: string, ms = 10_000): Promise<string> {
    const end = Date.now() + ms;
    for (;;) {
      const screen = this.screen();
      if (test(screen)) return screen;
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}; the screen:\n${screen}`);
      await sleep(20);
    }
  }

  kill(): void {
    spawnSync('tmux', ['-L', this.socket, 'kill-server']);
    rmSync(this.socketPath, { force: true });
  }
}
