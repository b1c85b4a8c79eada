/**
 * `npm run bench`: first the scale-and-speed table of issue 11 (start-up,
 * generation against the C references, batches, progress, memory), each row
 * measured side by side in this one run; then speed and memory of every
 * registered algorithm, and the big-PNG table.
 *
 * The C references live beside this file (bench/ref_*.c) and are compiled
 * with `cc -O2` into a temporary folder when cc is present. Each measurement
 * runs in a fresh child process, so peak memory (maxRSS) belongs to that job
 * alone. Machines here drift: compare ratios, not times.
 *
 * `npm run bench -- table` prints only the first table; `npm run bench --
 * kruskal png` measures only those algorithms and the PNG table; `npm run
 * bench -- steps` only the rows of steps and animations (bench/steps.ts);
 * `npm run bench -- analysis` only count's and difficulty's (bench/analysis.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { algorithms, findAlgorithm } from '../src/algorithms/index.js';
import type { Algorithm } from '../src/algorithms/types.js';
import { defaultOptions } from '../src/algorithms/types.js';
import json from '../src/formats/json.js';
import { DEFAULT_RENDER_OPTIONS } from '../src/formats/types.js';
import type { Chunk } from '../src/formats/types.js';
import { Rng } from '../src/rng.js';
import { batchRows } from './batch.js';
import { benchPng } from './png.js';
import { memoryChild, memoryRows } from './memory.js';
import { median, ratioText, referenceBinary, runReference, sideBySide } from './reference.js';
import { interruptRows } from './interrupt.js';
import { maskChild, maskRows } from './masks.js';
import { measureStartup, startupArgs } from './startup.js';
import { animationRows, stepsChild, stepsRows } from './steps.js';
import { shapeChild, shapeRows } from './shapes.js';
import { analysisRows, countChild, difficultyChild } from './analysis.js';
import { solverChild, solverRows } from './solvers.js';
import { fabricationRows } from './fabrication.js';
import { topologyChild, topologyRows } from './topologies.js';
import { bookRows } from './book.js';

const SIZES = [1000, 4000];
const REPS = 3;
/** Turns of (C, JS) for the 4000² ratios of the first table. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SELF = fileURLToPath(import.meta.url);
const CLI = fileURLToPath(new URL('./cli.js', import.meta.url));

interface ChildResult {
  genMedianS: number;
  genMinS: number;
  genJsonS: number;
  jsonBytes: number;
  peakMB: number;
}

/** The child: time one algorithm at one size, print a JSON line. */
async function child(name: string, size: number): Promise<void> {
  const algorithm = findAlgorithm(name)!;
  const options = defaultOptions(algorithm);
  const grid = { width: size, height: size };
  const times: number[] = [];
  for (let i = 0; i < REPS; i++) {
    const t0 = process.hrtime.bigint();
    algorithm.generate(grid, options, new Rng(String(i + 1)));
    times.push(Number(process.hrtime.bigint() - t0) / 1e9);
  }
  times.sort((a, b) => a - b);
  const t0 = process.hrtime.bigint();
  const maze = algorithm.generate(grid, options, new Rng('json'));
  let bytes = 0;
  for await (const chunk of json.render(maze, DEFAULT_RENDER_OPTIONS) as Iterable<Chunk>) bytes += chunk.length;
  const genJsonS = Number(process.hrtime.bigint() - t0) / 1e9;
  const result: ChildResult = {
    genMedianS: times[Math.floor(REPS / 2)]!,
    genMinS: times[0]!,
    genJsonS,
    jsonBytes: bytes,
    peakMB: process.resourceUsage().maxRSS / 1024,
  };
  process.stdout.write(JSON.stringify(result) + '\n');
}

function runChild(name: string, size: number): ChildResult {
  const out = execFileSync(process.execPath, [SELF, '--child', name, String(size)], { encoding: 'utf8', maxBuffer: 1 << 20 });
  return JSON.parse(out.trim().split('\n').pop()!) as ChildResult;
}

/** The child for the side-by-side rows: one generation, as the C reference makes one; prints ns per cell. */
function childOnce(name: string, size: number, seed: string): void {
  const algorithm = findAlgorithm(name)!;
  const t0 = process.hrtime.bigint();
  algorithm.generate({ width: size, height: size }, defaultOptions(algorithm), new Rng(seed));
  process.stdout.write(`${Number(process.hrtime.bigint() - t0) / (size * size)}\n`);
}

function runOnce(name: string, size: number, seed: string): number {
  return Number(execFileSync(process.execPath, [SELF, '--once', name, String(size), seed], { encoding: 'utf8' }).trim());
}

function pad(cells: (string | number)[], widths: number[]): string {
  return cells.map((c, i) => String(c).padStart(widths[i]!)).join('  ');
}

/** A row of the first table: what is measured, the figure, the target. */
export interface Row {
  what: string;
  measured: string;
  target: string;
}

function startupRows(dir: string): Row[] {
  return [false, true].map((seeded) => {
    const s = measureStartup(CLI, dir, seeded);
    return {
      what: `start-up, \`maze ${startupArgs('m.json', seeded).join(' ')}\` vs \`node -e 0\`${seeded ? ' (no seed line on stderr)' : ''}`,
      measured: `${s.ratio.toFixed(2)}× (${Math.min(...s.groupRatios).toFixed(2)}–${Math.max(...s.groupRatios).toFixed(2)} by groups of 10; medians ${s.mazeMs.toFixed(1)} / ${s.nodeMs.toFixed(1)} ms)`,
      target: '≤ 1.2×',
    };
  });
}

function generationRows(dir: string): Row[] {
  return ['backtracker', 'kruskal'].map((name) => {
    const what = `${name} 4000² generation vs the C reference`;
    const binary = referenceBinary(name, dir);
    if (!binary) return { what, measured: 'n/a (no C compiler)', target: '≤ 1.5×' };
    const r = sideBySide(binary, 4000, ROUNDS, (round) => runOnce(name, 4000, String(round + 1)));
    // The JS figure is one generate() in a fresh process: its allocation and
    // page faults included. The C reference times generation alone in memory
    // it touched beforehand, and prints that first touch apart: like for
    // like is C's two added up; the C program's own figure is shown too.
    const whole = `${ratioText(r.wholeRatios)} against C with its allocation (${median(r.jsNs).toFixed(0)} / ${(median(r.cNs) + median(r.cAllocNs)).toFixed(0)} ns per cell)`;
    return { what, measured: `${whole}; ${ratioText(r.ratios)} against C's generation alone (${median(r.cNs).toFixed(0)} ns)`, target: '≤ 1.5×' };
  });
}

/**
 * The rows of the first table, in the issue's order. Issue 11's streaming
 * side (tallest maze, peak memory of the writers) adds its rows here, from
 * a file of its own (bench/memory.ts).
 */
const scaleRows: ((dir: string) => Row[] | Promise<Row[]>)[] = [
  startupRows,
  generationRows,
  memoryRows,
  (dir) => batchRows(CLI, dir),
  (dir) => interruptRows(CLI, dir),
  stepsRows,
  animationRows,
  maskRows,
  shapeRows,
  analysisRows,
  solverRows,
  (dir) => fabricationRows(CLI, dir),
  (dir) => bookRows(CLI, dir),
  topologyRows,
];

async function scaleTable(dir: string, providers = scaleRows): Promise<void> {
  console.log(`Scale and speed (issues 11, 19, 20, 21) — node ${process.version}, ${cpus().length} cores, side by side in this run`);
  const rows: Row[] = [];
  for (const provider of providers) {
    try {
      rows.push(...(await provider(dir)));
    } catch (error) {
      // one row that cannot be measured here must not cost the others
      rows.push({ what: provider.name || 'a row', measured: `failed: ${(error as Error).message.split('\n')[0]}`, target: '' });
    }
  }
  const w = [Math.max(4, ...rows.map((r) => r.what.length)), Math.max(8, ...rows.map((r) => r.measured.length))];
  console.log(`| ${'what'.padEnd(w[0]!)} | ${'measured'.padEnd(w[1]!)} | target`);
  console.log(`|${'-'.repeat(w[0]! + 2)}|${'-'.repeat(w[1]! + 2)}|--------`);
  for (const r of rows) console.log(`| ${r.what.padEnd(w[0]!)} | ${r.measured.padEnd(w[1]!)} | ${r.target}`);
  console.log('');
}

async function algorithmTable(chosen: readonly Algorithm[], dir: string): Promise<void> {
  const widths = [12, 11, 10, 10, 10, 12, 10, 9, 9];
  console.log(`Every algorithm — ${REPS} generations per size (median), each job in its own process`);
  console.log(pad(['algorithm', 'size', 'gen s', 'ns/cell', 'Mcells/s', 'gen+json s', 'peak MB', 'C ns/cell', 'JS/C'], widths));
  const times = new Map<string, number>();
  for (const algorithm of chosen) {
    for (const size of SIZES) {
      const r = runChild(algorithm.name, size);
      const cells = size * size;
      const binary = referenceBinary(algorithm.name, dir);
      const ref = binary ? runReference(binary, size, REPS) : null;
      times.set(`${algorithm.name}@${size}`, r.genMedianS);
      const ns = (r.genMedianS * 1e9) / cells;
      console.log(
        pad(
          [
            algorithm.name, `${size}×${size}`, r.genMedianS.toFixed(3), ns.toFixed(1), (cells / r.genMedianS / 1e6).toFixed(1),
            r.genJsonS.toFixed(3), r.peakMB.toFixed(0), ref ? ref.nsPerCell.toFixed(1) : '-', ref ? (ns / ref.nsPerCell).toFixed(2) : '-',
          ],
          widths,
        ),
      );
    }
  }
  const others = chosen.filter((a) => a.name !== 'kruskal');
  if (SIZES.every((size) => times.has(`kruskal@${size}`))) {
    console.log('\nratio to kruskal (generation, median):');
    for (const algorithm of others) {
      const line = SIZES.map((size) => `${size}²: ${(times.get(`${algorithm.name}@${size}`)! / times.get(`kruskal@${size}`)!).toFixed(2)}×`);
      console.log(`  ${algorithm.name.padEnd(14)} ${line.join('  ')}`);
    }
  }
  console.log('');
}

/** More tables (pictures) plug in here. */
const extraSections: (() => Promise<string[]>)[] = [benchPng];

async function main(): Promise<void> {
  const named = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const chosen = named.length > 0 ? algorithms.filter((a) => named.includes(a.name)) : algorithms;
  const dir = mkdtempSync(join(tmpdir(), 'maze-bench-'));
  try {
    if (named.length === 0 || named.includes('table')) await scaleTable(dir);
    else if (named.includes('steps')) await scaleTable(dir, [stepsRows, animationRows]);
    else if (named.includes('masks')) await scaleTable(dir, [maskRows]);
    else if (named.includes('memory')) await scaleTable(dir, [memoryRows]);
    else if (named.includes('shapes')) await scaleTable(dir, [shapeRows]);
    else if (named.includes('solvers')) await scaleTable(dir, [solverRows]);
    else if (named.includes('startup')) await scaleTable(dir, [startupRows]);
    else if (named.includes('fabrication')) await scaleTable(dir, [(d) => fabricationRows(CLI, d)]);
    else if (named.includes('book')) await scaleTable(dir, [(d) => bookRows(CLI, d)]);
    else if (named.includes('analysis')) await scaleTable(dir, [analysisRows]);
    else if (named.includes('topologies')) await scaleTable(dir, [topologyRows]);
    if (chosen.length > 0) await algorithmTable(chosen, dir);
    for (const section of named.length === 0 || named.includes('png') ? extraSections : []) {
      for (const line of await section()) console.log(line);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') await child(process.argv[3]!, Number(process.argv[4]));
else if (process.argv[2] === '--memory') memoryChild(process.argv[3]!, Number(process.argv[4]));
else if (process.argv[2] === '--steps-child') stepsChild(process.argv[3] as 'before', process.argv[4]!, Number(process.argv[5]), process.argv[6]!);
else if (process.argv[2] === '--mask-child') maskChild(process.argv[3]!, process.argv[4] === 'disk', process.argv[5]!);
else if (process.argv[2] === '--solver-child') solverChild(process.argv[3]!, Number(process.argv[4]));
else if (process.argv[2] === '--shape-child') shapeChild(process.argv[3] as 'hex', process.argv[4]!, Number(process.argv[5]), process.argv[6]!);
else if (process.argv[2] === '--count-child') countChild(Number(process.argv[3]));
else if (process.argv[2] === '--difficulty-child') difficultyChild(process.argv[3] as 'plain', Number(process.argv[4]));
else if (process.argv[2] === '--topology-child') topologyChild(process.argv[3] as 'plain', process.argv[4]!, Number(process.argv[5]), process.argv[6]!);
else if (process.argv[2] === '--once') childOnce(process.argv[3]!, Number(process.argv[4]), process.argv[5]!);
else await main();
