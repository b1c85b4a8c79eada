/**
 * `maze gen --animate` live, in a real terminal: the built binary in tmux
 * (100 × 40), read with capture-pane, typed at with send-keys, as
 * test/play.test.ts drives the game. Each test has its own tmux server and
 * kills it after. Without tmux these skip, except in CI (.ci/run installs it).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, IN_CI, ROOT, spawnMaze, tempDir } from './helpers.js';
import { quote, sleep, TmuxServer, tmuxFound } from './tmux.js';
import { cutToWidth } from '../src/terminal/live.js';

if (!tmuxFound && !IN_CI) console.warn('tmux not found (Debian package tmux): the tests that run it are skipped');

const open: Pane[] = [];

/** One tmux server running `maze gen …` under sh, which records `stty -a` before and after, and the exit status. */
class Pane extends TmuxServer {
  readonly dir = tempDir();

  constructor(args: string[], size = { x: 100, y: 40 }) {
    super('animate');
    const command = [process.execPath, BIN, 'gen', ...args].map(quote).join(' ');
    const script = `stty -a > ${this.dir}/before; ${command}; s=$?; stty -a > ${this.dir}/after; echo $s > ${this.dir}/status; exec sleep 600`;
    open.push(this);
    this.tmux('-f', '/dev/null', 'new-session', '-d', '-x', String(size.x), '-y', String(size.y), '-c', ROOT, 'sh', '-c', script);
  }



  async status(): Promise<number> {
    const file = join(this.dir, 'status');
    const end = Date.now() + 10_000;
    while (!existsSync(file) || readFileSync(file, 'utf8').trim() === '') {
      if (Date.now() > end) throw new Error(`maze did not exit; the screen:\n${this.screen()}`);
      await sleep(20);
    }
    return Number(readFileSync(file, 'utf8'));
  }

  /** The terminal's modes are those it had before. */
  restored(): boolean {
    return readFileSync(join(this.dir, 'before'), 'utf8') === readFileSync(join(this.dir, 'after'), 'utf8');
  }
}

afterEach(() => {
  for (const pane of open.splice(0)) pane.kill();
});

const ARGS = ['--animate', '--w', '20', '--h', '10', '--seed', '8'];
const growing = (screen: string): boolean => screen.includes('growing…');
/** Walls drawn in the ascii style: each '---' and '|'. */
const walls = (screen: string): number => (screen.match(/---|\|/g) ?? []).length;

describe.skipIf(!tmuxFound && !IN_CI)('maze gen --animate on a terminal (tmux, 100 × 40)', () => {
  it('grows (two moments differ, with fewer walls than the end), then leaves the maze as maze gen prints it', async () => {
    const pane = new Pane([...ARGS, '--duration', '2']);
    const first = await pane.until(growing, 'the growth');
    await sleep(500);
    const second = await pane.until(growing, 'the growth, later');
    expect(second).not.toBe(first);
    expect(await pane.status()).toBe(0);
    const printed = spawnMaze(['gen', '--w', '20', '--h', '10', '--seed', '8']).stdout;
    const screen = pane.screen();
    expect(screen).toContain(printed.trimEnd());
    expect(walls(first)).toBeLessThan(walls(printed));
    expect(walls(second)).toBeLessThan(walls(printed));
    expect(pane.restored()).toBe(true);
    expect(pane.modes()).toBe('0 1');
  });

  it('on a terminal narrower than its status line, the line is cut to the width: the growth stays in place (it wrapped and scrolled the screen at each frame)', async () => {
    // 9 × 5 in ascii: the largest a 40 × 12 terminal takes, as the refusal of a larger one says
    const pane = new Pane(['--animate', '--w', '9', '--h', '5', '--style', 'ascii', '--seed', '1', '--duration', '2'], { x: 40, y: 12 });
    const screen = await pane.until(growing, 'the growth');
    await sleep(500);
    for (const now of [screen, pane.screen()]) {
      const lines = now.split('\n');
      expect(lines[0], now).toMatch(/^\+/);
      expect(now.match(/growing…/g), now).toHaveLength(1);
      expect(lines[11], now).toMatch(/^growing… \d+% {2}any key skips to /);
      expect(lines[11]!.length, now).toBeLessThanOrEqual(39);
    }
    expect(await pane.status()).toBe(0);
  });

  it('a key skips to the end', async () => {
    const pane = new Pane([...ARGS, '--duration', '60']);
    await pane.until(growing, 'the growth');
    pane.tmux('send-keys', 'x');
    expect(await pane.status()).toBe(0);
    expect(pane.screen()).toContain(spawnMaze(['gen', '--w', '20', '--h', '10', '--seed', '8']).stdout.trimEnd());
    expect(pane.restored()).toBe(true);
  });

  it('Ctrl-C stops at once with 130, prints nothing more, and gives the terminal back', async () => {
    const pane = new Pane([...ARGS, '--duration', '60']);
    await pane.until(growing, 'the growth');
    pane.tmux('send-keys', 'C-c');
    expect(await pane.status()).toBe(130);
    expect(pane.screen().trim()).toBe('');
    expect(pane.restored()).toBe(true);
    expect(pane.modes()).toBe('0 1');
  });

  it('--frames, which the live view does not count, is refused there (user sweep: --frames 0 went through, exit 0)', async () => {
    const pane = new Pane([...ARGS, '--frames', '0']);
    expect(await pane.status()).toBe(2);
    expect(pane.screen().replace(/\n/g, '')).toContain('maze: error: --frames applies to an animated file (-o FILE.gif, .png or .svg), not to the live view, which plays the growth over --duration at --fps');
  });

  it('a maze that does not fit is refused with the largest that does', async () => {
    const pane = new Pane(['--animate', '--w', '60', '--h', '30']);
    expect(await pane.status()).toBe(2);
    // the line wraps at the window's 100 columns
    expect(pane.screen().replace(/\n/g, '')).toMatch(/maze: error: a 60 × 30 maze does not fit this 100 × 40 terminal in the compact style: at most --w 49 --h 19/);
  });

  it.each(['hex', 'triangle'])('a %s maze grows live in its text (two moments differ), then stays printed as maze gen prints it (issue 30 item 2)', async (shape) => {
    const size = ['--shape', shape, '--w', '12', '--h', '8', '--seed', '8'];
    const pane = new Pane([...size, '--animate', '--duration', '2']);
    const first = await pane.until(growing, 'the growth');
    await sleep(500);
    const second = await pane.until(growing, 'the growth, later');
    expect(second).not.toBe(first);
    expect(await pane.status()).toBe(0);
    const printed = spawnMaze(['gen', ...size]).stdout;
    expect(printed).toMatch(shape === 'hex' ? /\\___\// : /\/\\/);
    expect(pane.screen()).toContain(printed.trimEnd());
    expect(pane.restored()).toBe(true);
  });

  it('a hex maze solved by a method (--solve tremaux): the walker\'s head moves over the finished maze after the growth, then the solved maze stays printed (issue 31)', async () => {
    const size = ['--shape', 'hex', '--w', '12', '--h', '8', '--seed', '8', '--solve', 'tremaux'];
    const pane = new Pane([...size, '--animate', '--duration', '3']);
    const solving = (screen: string): boolean => /solving… \d+%/.test(screen);
    const first = await pane.until(solving, 'the solving');
    await sleep(500);
    const second = await pane.until(solving, 'the solving, later');
    expect(second).not.toBe(first);
    expect(await pane.status()).toBe(0);
    expect(pane.screen()).toContain(spawnMaze(['gen', ...size]).stdout.trimEnd());
    expect(pane.restored()).toBe(true);
  });

  it.each([
    ['levels', ['--levels', '2', '--w', '8', '--h', '5']],
    ['a weave', ['--weave', '0.8', '--w', '10', '--h', '8']],
    ['a torus', ['--wrap', 'xy', '--w', '10', '--h', '8']],
  ])('a square maze with %s grows live in its text (issue 33), then stays printed as maze gen prints it', async (_what, topology) => {
    const size = [...topology, '--seed', '8', '--style', 'unicode'];
    const pane = new Pane([...size, '--animate', '--duration', '2']);
    const first = await pane.until(growing, 'the growth');
    await sleep(500);
    const second = await pane.until(growing, 'the growth, later');
    expect(second).not.toBe(first);
    // the cell the growth works on, marked
    expect(first + second).toContain('█');
    expect(await pane.status()).toBe(0);
    const printed = spawnMaze(['gen', ...size]).stdout;
    expect(printed).toMatch(/┌──┐/);
    expect(pane.screen()).toContain(printed.trimEnd());
    expect(pane.restored()).toBe(true);
  });

  it('a hex maze with levels is refused live, pointing to a file; a square one of levels that does not fit, with the largest that does', async () => {
    const hex = new Pane(['--shape', 'hex', '--levels', '2', '--animate', '--w', '6', '--h', '4']);
    expect(await hex.status()).toBe(2);
    expect(hex.screen().replace(/\n/g, '')).toMatch(/maze: error: --animate on a terminal draws text, which does not draw a hex maze with levels or a weave: write it growing to a file/);
    // the compact style, in the text's own words
    const compact = new Pane(['--levels', '2', '--animate', '--w', '4', '--h', '3', '--style', 'compact']);
    expect(await compact.status()).toBe(2);
    expect(compact.screen().replace(/\n/g, '')).toMatch(/maze: error: the compact style draws plain square mazes; draw this one with --style ascii or unicode/);
    const wide = new Pane(['--levels', '3', '--animate', '--w', '30', '--h', '8']);
    expect(await wide.status()).toBe(2);
    expect(wide.screen().replace(/\n/g, '')).toMatch(/maze: error: a 30 × 8 maze of 3 levels does not fit this 100 × 40 terminal: at most --w 8 --h 8/);
  });

  it('a hex maze that does not fit is refused with the largest that does', async () => {
    const pane = new Pane(['--shape', 'hex', '--animate', '--w', '40', '--h', '30']);
    expect(await pane.status()).toBe(2);
    expect(pane.screen().replace(/\n/g, '')).toMatch(/maze: error: a 40 × 30 hex maze does not fit this 100 × 40 terminal: at most --w 24 --h 18/);
  });
});

describe('the live view cuts its lines to the terminal', () => {
  it('counts a character a column, and keeps the color sequences, which take none', () => {
    expect(cutToWidth('\x1b[31mabc\x1b[0mdef', 4)).toBe('\x1b[31mabc\x1b[0md');
    expect(cutToWidth('+---+---+', 5)).toBe('+---+');
    expect(cutToWidth('┌──┐', 10)).toBe('┌──┐');
    expect(cutToWidth('\x1b[32m\x1b[0m', 0)).toBe('\x1b[32m\x1b[0m');
    expect(cutToWidth('abc', 0)).toBe('');
  });
});
