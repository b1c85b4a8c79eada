/**
 * Progress lines (issue 11): the line itself (delay, rate, time left, a
 * writer's second pass), every algorithm's ticks, and the phases one large
 * job shows on a terminal (gen, render, solve, stats), which never change
 * what is written. Batches' own line is tested in batch.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { algorithms } from '../src/algorithms/index.js';
import { defaultOptions } from '../src/algorithms/types.js';
import { progress, progressTiming } from '../src/cli/progress.js';
import { Rng } from '../src/rng.js';
import { run } from '../src/cli/run.js';
import { mazeReport, reportSteps } from '../src/analysis/report.js';
import { generate } from '../src/lib/api.js';
import type { Maze } from '../src/model/maze.js';
import { statsSteps } from '../src/passages/stats.js';
import { passagesOf } from '../src/passages/view.js';
import { tempDir } from './helpers.js';

/** A stderr that says whether it is a terminal, and what was written to it. */
function fakeStderr(isTTY: boolean): { stream: PassThrough & { isTTY: boolean }; text: () => string } {
  const stream = Object.assign(new PassThrough(), { isTTY });
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  return { stream, text: () => Buffer.concat(chunks).toString() };
}

describe('the progress line', () => {
  it('waits a second before showing, rates the work, and says what is left', () => {
    let now = 0;
    const stderr = fakeStderr(true);
    const line = progress({ stderr: stderr.stream }, false, 1000, 'mazes', () => now);
    now = 900;
    line.update(90);
    now = 2000;
    line.update(250);
    now = 2100; // too soon to redraw
    line.update(260);
    line.end();
    expect(stderr.text()).toBe('\r\x1b[Kmaze: 25% 250/1000 mazes, 125/s, 6 s left\r\x1b[K');
    const silent = fakeStderr(false);
    const off = progress({ stderr: silent.stream }, false, 10, 'mazes', () => now);
    off.update(5);
    off.end();
    expect(silent.text()).toBe('');
  });

  it('counts whole units, writes large rates short, and rates a second pass on its own', () => {
    let now = 0;
    const stderr = fakeStderr(true);
    const line = progress({ stderr: stderr.stream }, false, 16_000_000, 'cells generated', () => now);
    now = 2000;
    line.update(6_400_000.7);
    now = 3000; // a writer reads the rows again: 1 M in the second since
    line.update(0);
    now = 4000;
    line.update(1_000_000);
    line.end();
    expect(stderr.text()).toBe(
      '\r\x1b[Kmaze: 40% 6400000/16000000 cells generated, 3.2M/s, 3 s left' +
        '\r\x1b[Kmaze: 0% 0/16000000 cells generated, 0.0/s, ? left' +
        '\r\x1b[Kmaze: 6% 1000000/16000000 cells generated, 1.0M/s, 15 s left\r\x1b[K',
    );
  });
});

/** Enough cells for a few ticks (one every 2^16 steps). */
const TICKED = { width: 400, height: 330 };

describe.each(algorithms.map((a) => [a.name, a] as const))('%s tells its progress', (_name, algorithm) => {
  it('in cells of the grid, in order, and makes the same maze as without', () => {
    const cells = TICKED.width * TICKED.height;
    const ticks: number[] = [];
    const options = defaultOptions(algorithm);
    const told = algorithm.generate(TICKED, options, new Rng('tick'), (done) => ticks.push(done));
    const plain = algorithm.generate(TICKED, options, new Rng('tick'));
    expect(Buffer.from(told.walls).equals(Buffer.from(plain.walls))).toBe(true);
    expect(ticks.length).toBeGreaterThan(0);
    for (const done of ticks) expect(done >= 0 && done <= cells, `tick ${done}`).toBe(true);
    // zones starts over when a layout leaves too few keys: each attempt counts from 0
    if (algorithm.name !== 'zones') expect(ticks).toEqual([...ticks].sort((a, b) => a - b));
  });
});

describe('one large job on a terminal', () => {
  afterEach(() => {
    progressTiming.delayMs = 1000;
  });

  /** Run in-process; the progress line shows at once (no second's wait). */
  async function runOn(args: string[], isTTY: boolean, stdoutIsTTY = false): Promise<{ code: number; stdout: Buffer; stderr: string }> {
    progressTiming.delayMs = 0;
    const stderr = fakeStderr(isTTY);
    const stdout = Object.assign(new PassThrough(), { isTTY: stdoutIsTTY, columns: 200 });
    const out: Buffer[] = [];
    stdout.on('data', (c: Buffer) => out.push(c));
    const code = await run(args, { stdin: Readable.from([]), stdout, stderr: stderr.stream });
    return { code, stdout: Buffer.concat(out), stderr: stderr.text() };
  }

  /** The lines drawn, each erased before the next: what every phase showed. */
  function phases(stderr: string): string[] {
    expect(stderr.endsWith('\r\x1b[K')).toBe(true);
    return [...new Set([...stderr.matchAll(/maze: \d+% \d+\/\d+ ([a-z ]+),/g)].map((m) => m[1]!))];
  }

  const size = ['--w', String(TICKED.width), '--h', String(TICKED.height)];

  it('gen shows the cells generated, then the cells searched and the rows written, and writes the same file', async () => {
    const dir = tempDir();
    const args = ['gen', '--algo', 'kruskal', ...size, '--seed', '5', '--solve'];
    const shown = await runOn([...args, '-o', join(dir, 'tty.png')], true);
    expect(shown.code).toBe(0);
    expect(phases(shown.stderr)).toEqual(['cells generated', 'cells searched', 'rows written']);
    const quiet = await runOn([...args, '-q', '-o', join(dir, 'quiet.png')], true);
    const piped = await runOn([...args, '-o', join(dir, 'piped.png')], false);
    expect(quiet.stderr).toBe('');
    expect(piped.stderr).toBe('');
    const png = readFileSync(join(dir, 'tty.png'));
    expect(png.equals(readFileSync(join(dir, 'quiet.png')))).toBe(true);
    expect(png.equals(readFileSync(join(dir, 'piped.png')))).toBe(true);
  });

  it('a streamed maze shows its rows as they are made and written, and the text on stdout is the same', async () => {
    const args = ['gen', '--algo', 'eller', '--w', '60', '--h', '5000', '--seed', '2'];
    const shown = await runOn(args, true);
    expect(phases(shown.stderr)).toEqual(['rows written']);
    expect(shown.stdout.equals((await runOn(args, false)).stdout)).toBe(true);
  });

  it('draws no line over text written to the same terminal, only over the generating', async () => {
    const shown = await runOn(['gen', '--algo', 'kruskal', ...size, '--seed', '4', '--style', 'ascii'], true, true);
    expect(shown.code).toBe(0);
    expect(phases(shown.stderr)).toEqual(['cells generated']);
    expect(shown.stdout.length).toBeGreaterThan(TICKED.width * TICKED.height);
  });

  it("stats tells its progress to the end: the counts' searches, then the analysis' passes, then the difficulty's walks, never back (it stopped at the searches, 6 s before the end at 2000²)", () => {
    for (const grid of [{ width: 300, height: 300 }, { shape: 'hex', width: 300, height: 250 }]) {
      const maze = generate({ ...grid, algorithm: 'backtracker', seed: 'told' } as never) as Maze;
      // the places the analysis passes over (the square's tiles: W + 1 a row)
      const size = passagesOf(maze).size;
      const total = reportSteps(maze);
      const told: number[] = [];
      mazeReport(maze, [0, 0], [grid.width - 1, grid.height - 1], (done) => told.push(done));
      const what = JSON.stringify(grid);
      for (let i = 1; i < told.length; i++) expect(told[i]!, what).toBeGreaterThanOrEqual(told[i - 1]!);
      expect(Math.max(...told), what).toBeLessThanOrEqual(total);
      const searches = statsSteps(maze);
      // each of the six passes of the analysis, then walks past a share of 2^16 moves
      expect(told.filter((d) => d > searches && d <= searches + size), what).toHaveLength(6);
      expect(told.filter((d) => d > searches + size).length, what).toBeGreaterThan(2);
    }
  });

  it("gen --difficulty shows each candidate's scoring as well as its making (the scores stood still: 25 s at 2000²), and writes the same maze", async () => {
    const args = ['gen', '--w', '60', '--h', '40', '--seed', '3', '--difficulty', '0.5', '-f', 'json'];
    const shown = await runOn(args, true);
    expect(shown.code, shown.stderr).toBe(0);
    // (a maze this small makes its cells between two ticks)
    expect(phases(shown.stderr)).toEqual(['steps scored', 'rows written']);
    expect(shown.stdout.equals((await runOn(args, false)).stdout)).toBe(true);
  });

  it('render, solve and stats show theirs, and print the same', async () => {
    const dir = tempDir();
    const saved = join(dir, 'm.json');
    expect((await runOn(['gen', '--algo', 'backtracker', ...size, '--seed', '9', '-q', '-o', saved], true)).code).toBe(0);
    for (const [command, expected] of [
      [['render', saved, '-f', 'svg'], ['rows written']],
      [['solve', saved, '-f', 'json'], ['cells searched', 'rows written']],
      [['stats', saved, '--json'], ['steps']],
    ] as const) {
      const shown = await runOn([...command], true);
      expect(shown.code, command.join(' ')).toBe(0);
      expect(phases(shown.stderr), command.join(' ')).toEqual(expected);
      const piped = await runOn([...command], false);
      expect(piped.stderr, command.join(' ')).toBe('');
      expect(shown.stdout.equals(piped.stdout), command.join(' ')).toBe(true);
    }
  });
});
