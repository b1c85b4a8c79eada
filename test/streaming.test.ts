/**
 * Streaming (SPEC "Scale"): eller, sidewinder and binary-tree make their
 * mazes row by row, and every format that takes rows writes a streamed maze
 * byte for byte as it writes the same maze whole; mazes past the whole-maze
 * limit stream at any height, or are refused saying what needs them whole.
 * The wall walker groups colored runs in bounded passes that give the same
 * runs as one pass holding them all.
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { algorithms, findAlgorithm } from '../src/algorithms/index.js';
import { formats } from '../src/formats/index.js';
import { runsByRgb } from '../src/formats/geometry.js';
import { DEFAULT_RENDER_OPTIONS } from '../src/formats/types.js';
import type { RenderOptions } from '../src/formats/types.js';
import type { Maze } from '../src/model/maze.js';
import { rowsOf, streamedRows } from '../src/model/rows.js';
import { Rng } from '../src/rng.js';
import { coloredWalls, generated } from './fixtures.js';
import { BIN, collect, ROOT, runCli, spawnMaze } from './helpers.js';

const rowAlgorithms = algorithms.filter((a) => a.rows);

/** Every group of runsByRgb, its RGB and its runs as plain numbers. */
function groups(maze: Maze, budget?: number, fg: number | null = null): [number, number[]][] {
  return [...runsByRgb(rowsOf(maze), { pillars: false }, fg, budget)].map(([rgb, batches]) => [rgb, [...batches].flatMap((b) => [...b])]);
}

describe('row generators', () => {
  it('are exactly eller, sidewinder and binary-tree', () => {
    expect(rowAlgorithms.map((a) => a.name).sort()).toEqual(['binary-tree', 'eller', 'sidewinder']);
  });

  const cases: [string, Record<string, unknown>][] = [
    ['eller', {}],
    ['sidewinder', {}],
    ...['nw', 'ne', 'sw', 'se'].map((bias): [string, Record<string, unknown>] => ['binary-tree', { bias }]),
  ];
  for (const [name, options] of cases) {
    it(`${name} ${JSON.stringify(options)}: every format writes the streamed maze as the whole one, byte for byte`, async () => {
      const algorithm = findAlgorithm(name)!;
      for (const [width, height] of [[1, 1], [1, 6], [6, 1], [13, 9], [40, 3]] as const) {
        const size = { width, height };
        const info = { algorithm: name, seed: 's', options: {} };
        const maze = algorithm.generate(size, options, new Rng('s'));
        maze.info = info;
        const rows = streamedRows(width, height, info, () => algorithm.rows!(size, options, new Rng('s')));
        const variants: RenderOptions[] = [
          DEFAULT_RENDER_OPTIONS,
          { ...DEFAULT_RENDER_OPTIONS, style: 'unicode', color: 3, tile: 5, wall: 4, fg: 0x00ff00, bg: 0x102030 },
        ];
        for (const format of formats.filter((f) => f.renderRows)) {
          for (const options of variants) {
            const whole = await collect(format.render(maze, options));
            const streamed = await collect(format.renderRows!(rows, options));
            expect(streamed.equals(whole), `${format.name} ${width} × ${height}`).toBe(true);
          }
        }
      }
    });
  }

  it('stream ascii, json, png, svg and pov', () => {
    expect(formats.filter((f) => f.renderRows).map((f) => f.name).sort()).toEqual(['ascii', 'json', 'png', 'pov', 'svg']);
  });
});

describe('the wall walker', () => {
  it('groups colored runs the same in one pass or in many small ones', () => {
    for (const maze of [generated('trees', 30, 20, '4', { islands: '3' }), coloredWalls(24, 16, 40)]) {
      const whole = groups(maze);
      expect(whole.length).toBeGreaterThan(2);
      for (const budget of [1, 7, 100]) expect(groups(maze, budget)).toEqual(whole);
      // --fg makes palette entry 0 share a color with the others of its RGB, or stand apart
      expect(groups(maze, 5, 0x123456)).toEqual(groups(maze, undefined, 0x123456));
    }
  });
});

describe('maze gen past the whole-maze limit', () => {
  /** The first `bytes` of a run's stdout, read as `head -c` would, then its stderr once it has ended (exit 0). */
  function head(args: string[], bytes: number): Promise<{ out: Buffer; err: string }> {
    return new Promise((done, fail) => {
      const child = spawn(process.execPath, args, { cwd: ROOT, timeout: 30_000 });
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      let got = 0;
      child.stdout.on('data', (c: Buffer) => {
        out.push(c);
        got += c.length;
        if (got >= bytes) child.stdout.destroy();
      });
      child.stderr.on('data', (c: Buffer) => err.push(c));
      child.on('error', fail);
      child.on('close', (code, signal) => {
        const stderr = Buffer.concat(err).toString();
        if (code !== 0) fail(new Error(`exit ${code} ${signal}: ${stderr}`));
        else done({ out: Buffer.concat(out).subarray(0, bytes), err: stderr });
      });
    });
  }

  it('streams a billion rows to a pipe at once: the first rows are those of a short maze of the same seed', async () => {
    const { out } = await head([BIN, 'gen', '--algo', 'eller', '--w', '60', '--h', '1000000000', '--seed', '5'], 100_000);
    // Eller's rows depend on the height only in the last row.
    const short = spawnMaze(['gen', '--algo', 'eller', '--w', '60', '--h', '1000', '--seed', '5']);
    expect(out.equals(short.stdoutBytes.subarray(0, 100_000))).toBe(true);
  });

  it('writes a PNG of 200 billion cells in little memory', async () => {
    // the CLI under a wrapper that reports its peak memory on the way out
    const script = `process.argv.splice(1, 0, 'maze'); process.on('exit', () => process.stderr.write('maxrss ' + process.resourceUsage().maxRSS + '\\n')); await import(${JSON.stringify(BIN)});`;
    // 8·10¹³ pixels: over the default pixel budget, so raised explicitly (--max-pixels)
    const args = ['gen', '--algo', 'sidewinder', '--w', '2000', '--h', '100000000', '--seed', '1', '--format', 'png', '--max-pixels', '100000000000000'];
    const { out, err } = await head(['--input-type=module', '-e', script, '--', ...args], 100_000);
    expect(out.subarray(1, 4).toString()).toBe('PNG');
    expect(out.readUInt32BE(16)).toBe(40_002); // IHDR width and height in pixels
    expect(out.readUInt32BE(20)).toBe(2_000_000_002);
    const kb = Number(/maxrss (\d+)/.exec(err)![1]);
    expect(kb / 1024).toBeLessThan(200);
  });

  it('streams into a file that standard output is redirected to, in little memory (it kept every chunk until the end: 1.7 GB for 2 M rows of SVG, then out of memory)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'maze-redirect-'));
    try {
      const file = join(dir, 'tall.svg');
      const fd = openSync(file, 'w');
      const script = `process.argv.splice(1, 0, 'maze'); process.on('exit', () => process.stderr.write('maxrss ' + process.resourceUsage().maxRSS + '\\n')); await import(${JSON.stringify(BIN)});`;
      // 300 000 rows of SVG: 320 MB when kept, 100 MB streamed
      const run = spawnSync(process.execPath, ['--input-type=module', '-e', script, '--', 'gen', '--algo', 'eller', '--w', '50', '--h', '300000', '--seed', '1', '--format', 'svg'], { stdio: ['ignore', fd, 'pipe'], encoding: 'utf8', timeout: 120_000 });
      closeSync(fd);
      expect(run.status, run.stderr).toBe(0);
      expect(readFileSync(file, 'utf8').endsWith('</svg>\n')).toBe(true);
      const kb = Number(/maxrss (\d+)/.exec(run.stderr)![1]);
      expect(kb / 1024).toBeLessThan(200);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses, saying what needs the whole maze', async () => {
    const big = ['--w', '20000', '--h', '10000'];
    const cases: [string[], RegExp][] = [
      [['gen', '--algo', 'kruskal', ...big], /which kruskal needs \(only eller, sidewinder or binary-tree can stream row by row, at any height\)/],
      [['gen', '--algo', 'eller', ...big, '--solve'], /which --solve needs/],
      [['gen', '--algo', 'eller', ...big, '--from', '1,1'], /which --from needs/],
      [['gen', '--algo', 'sidewinder', ...big, '--to', '1,1', '-o', 'x.json'], /which --to needs/],
      [['gen', '--algo', 'eller', ...big, '--braid', '0.5'], /which --braid needs/],
      [['gen', '--algo', 'eller', ...big, '--ends', 'random'], /which --ends needs/],
      [['gen', '--algo', 'eller', ...big, '--openings'], /which --openings needs/],
    ];
    for (const [args, message] of cases) {
      const result = await runCli(args);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/^maze: error: 20000 × 10000 is 200000000 cells, over the limit of 100000000 for a maze held whole in memory/);
      expect(result.stderr).toMatch(message);
    }
  });
});
