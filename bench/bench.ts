/**
 * `npm run bench`: speed and memory of every registered algorithm, side by
 * side with the C references in ../shared/bench when cc is present.
 *
 * Each measurement runs in a fresh child process, so peak memory (maxRSS)
 * belongs to that job alone. Generation is timed over a few repetitions
 * (median); "gen+json" is one generation followed by the JSON serializer
 * draining into nothing. Machines here drift: compare ratios, not times.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { algorithms, findAlgorithm } from '../src/algorithms/index.js';
import { defaultOptions } from '../src/algorithms/types.js';
import json from '../src/formats/json.js';
import { DEFAULT_RENDER_OPTIONS } from '../src/formats/types.js';
import type { Chunk } from '../src/formats/types.js';
import { Rng } from '../src/rng.js';
import { benchPng } from './png.js';

const SIZES = [1000, 4000];
const REPS = 3;
const SELF = fileURLToPath(import.meta.url);
const REFERENCES = join(SELF, '..', '..', '..', 'shared', 'bench');

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

/** Compile and run a C reference; returns its median ns per cell, or null without cc. */
function reference(name: string, size: number, dir: string): { nsPerCell: number; peakMB: number } | null {
  const source = join(REFERENCES, `ref_${name}.c`);
  if (!existsSync(source)) return null;
  const binary = join(dir, `ref_${name}`);
  if (!existsSync(binary)) {
    const cc = spawnSync('cc', ['-O2', '-o', binary, source], { encoding: 'utf8' });
    if (cc.status !== 0) return null;
  }
  const out = execFileSync(binary, [String(size), String(size), String(REPS), '1', '0'], { encoding: 'utf8' });
  const ns = /median_ns_per_cell=([\d.]+)/.exec(out);
  const mb = /peak_rss_MB=([\d.]+)/.exec(out);
  return ns ? { nsPerCell: Number(ns[1]), peakMB: Number(mb?.[1] ?? NaN) } : null;
}

function pad(cells: (string | number)[], widths: number[]): string {
  return cells.map((c, i) => String(c).padStart(widths[i]!)).join('  ');
}

/** `npm run bench -- kruskal trees` measures only those (and skips the PNG table unless png is named). */
const named = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const chosen = named.length > 0 ? algorithms.filter((a) => named.includes(a.name)) : algorithms;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'maze-bench-'));
  const widths = [12, 11, 10, 10, 10, 12, 10, 9, 9];
  console.log(`maze bench — node ${process.version}, ${REPS} generations per size (median), each job in its own process`);
  console.log(pad(['algorithm', 'size', 'gen s', 'ns/cell', 'Mcells/s', 'gen+json s', 'peak MB', 'C ns/cell', 'JS/C'], widths));
  const times = new Map<string, number>();
  for (const algorithm of chosen) {
    for (const size of SIZES) {
      const r = runChild(algorithm.name, size);
      const cells = size * size;
      const ref = reference(algorithm.name, size, dir);
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
  rmSync(dir, { recursive: true, force: true });
  for (const section of named.length === 0 || named.includes('png') ? extraSections : []) {
    for (const line of await section()) console.log(line);
  }
}

/** More tables (pictures) plug in here. */
const extraSections: (() => Promise<string[]>)[] = [benchPng];

if (process.argv[2] === '--child') await child(process.argv[3]!, Number(process.argv[4]));
else await main();
