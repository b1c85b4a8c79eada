/**
 * Issue 11's memory rows (items 1 and 2) and issue 28's masked row (item
 * 3), for the first table of `npm run bench`: the row generators stream any height in O(width), and every
 * writer's peak memory on a large whole maze is what the generator needs
 * plus O(width).
 *
 * Each figure is the peak resident memory (maxRSS) of one `maze gen` run in
 * a process of its own, its output going to /dev/null; "generator alone"
 * is a child that only generates. BENCH_MEMORY_SIZE (default 10000) sets
 * the side of the kruskal maze, BENCH_TALL_H (default 1000000, the issue's
 * figure) the height of the tall PNG; they take minutes on a busy machine.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findAlgorithm } from '../src/algorithms/index.js';
import { defaultOptions } from '../src/algorithms/types.js';
import { Rng } from '../src/rng.js';
import type { Row } from './bench.js';

const CLI = fileURLToPath(new URL('./cli.js', import.meta.url));
const SELF = fileURLToPath(import.meta.url);
const SIDE = Number(process.env.BENCH_MEMORY_SIZE ?? 10000);
const TALL_H = Number(process.env.BENCH_TALL_H ?? 1_000_000);

/** Runs the CLI with these arguments, the way a user would, and reports its peak memory on the way out. */
const WRAPPER = (cli: string): string =>
  `process.argv.splice(1, 0, 'maze'); process.on('exit', () => process.stderr.write('maxrss ' + process.resourceUsage().maxRSS + '\\n')); await import(${JSON.stringify(cli)});`;

interface Peak {
  mb: number;
  seconds: number;
  /** Bytes read from stdout (only when `headBytes` is given). */
  bytes: number;
}

/** Peak memory of `maze ...args`; with `headBytes`, stdout is read that far and closed (`| head -c`). */
export function peakOf(args: string[], headBytes?: number): Promise<Peak> {
  return new Promise((done, fail) => {
    const t0 = process.hrtime.bigint();
    const child = spawn(process.execPath, ['--input-type=module', '-e', WRAPPER(CLI), '--', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let bytes = 0;
    let err = '';
    child.stdout.on('data', (c: Buffer) => {
      bytes += c.length;
      if (headBytes !== undefined && bytes >= headBytes) child.stdout.destroy();
    });
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', fail);
    child.on('close', (code) => {
      const match = /maxrss (\d+)/.exec(err);
      if (code !== 0 || !match) return fail(new Error(`maze ${args.join(' ')}: exit ${code}: ${err.trim()}`));
      done({ mb: Number(match[1]) / 1024, seconds: Number(process.hrtime.bigint() - t0) / 1e9, bytes });
    });
  });
}

/** The child: generate one maze and nothing else, print the peak memory in MB. */
export function memoryChild(name: string, side: number): void {
  const algorithm = findAlgorithm(name)!;
  algorithm.generate({ width: side, height: side }, defaultOptions(algorithm), new Rng('1'));
  process.stdout.write(`${process.resourceUsage().maxRSS / 1024}\n`);
}

function generatorPeak(name: string, side: number): number {
  return Number(execFileSync(process.execPath, [SELF, '--memory', name, String(side)], { encoding: 'utf8' }).trim());
}

const mb = (value: number): string => `${value.toFixed(0)} MB`;

export async function memoryRows(): Promise<Row[]> {
  const rows: Row[] = [];
  const tall = ['gen', '--algo', 'eller', '--w', '2000', '--h', String(TALL_H), '--tile', '2', '--wall', '1', '--seed', '1', '-o', '/dev/null', '--format', 'png'];
  const tallPeak = await peakOf(tall);
  const head = await peakOf(['gen', '--algo', 'eller', '--w', '60', '--h', '1000000000', '--seed', '1'], 100_000);
  rows.push({
    what: `tallest maze: eller 2000 × ${TALL_H} PNG --tile 2 --wall 1; eller 60 × 10⁹ | head -c 100000`,
    measured: `${mb(tallPeak.mb)} peak (${tallPeak.seconds.toFixed(0)} s); ${head.seconds.toFixed(2)} s, ${mb(head.mb)} peak`,
    target: 'any height, O(width) memory (< 200 MB)',
  });

  const generator = generatorPeak('kruskal', SIDE);
  const peaks = new Map<string, number>();
  for (const format of ['json', 'png', 'ascii', 'svg', 'pov']) {
    // pictures at --tile 2: at the default 20, a 10000² PNG is over the pixel budget
    const picture = format === 'png' || format === 'svg' ? ['--tile', '2', '--wall', '1'] : []; // the formats that read them (others refuse them)
    const run = await peakOf(['gen', '--algo', 'kruskal', '--w', String(SIDE), '--h', String(SIDE), '--seed', '1', ...picture, '--format', format, '-o', '/dev/null']);
    peaks.set(format, run.mb);
  }
  const figures = (formats: string[]): string => formats.map((f) => mb(peaks.get(f)!)).join(' / ');
  rows.push({
    what: `${SIDE}² kruskal peak memory: JSON / PNG / TXT (pictures at --tile 2 --wall 1)`,
    measured: `${figures(['json', 'png', 'ascii'])} (generator alone ${mb(generator)})`,
    target: 'what the generator needs, plus O(width)',
  });
  rows.push({
    what: `${SIDE}² kruskal peak memory: SVG / POV`,
    measured: `${figures(['svg', 'pov'])} (generator alone ${mb(generator)})`,
    target: 'the same',
  });

  // issue 28 item 3: a mask costs about a byte a cell, not 3–4 times the maze
  const dir = mkdtempSync(join(tmpdir(), 'maze-bench-mask-'));
  try {
    const mask = join(dir, 'm.txt');
    writeFileSync(mask, 'X.........\n');
    const cells = SIDE * SIDE;
    const masked = await peakOf(['gen', '--mask', mask, '--w', String(cells), '--h', '1', '--seed', '1', '-o', '/dev/null', '--format', 'json']);
    const plain = await peakOf(['gen', '--w', String(cells), '--h', '1', '--seed', '1', '-o', '/dev/null', '--format', 'json']);
    const kruskal = await peakOf(['gen', '--algo', 'kruskal', '--mask', mask, '--w', String(SIDE), '--h', String(SIDE), '--seed', '1', '-o', '/dev/null', '--format', 'json']);
    rows.push({
      what: `masked maze peak memory: trees ${cells} × 1 over 'X.........' / without the mask; kruskal ${SIDE}² over it (JSON)`,
      measured: `${mb(masked.mb)} / ${mb(plain.mb)}; ${mb(kruskal.mb)} (kruskal unmasked: ${mb(peaks.get('json')!)})`,
      target: 'the maze without the mask plus about a byte a cell',
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
