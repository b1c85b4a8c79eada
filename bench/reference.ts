/**
 * The C references (ref_backtracker.c, ref_kruskal.c, ref_common.h, beside
 * this file in the repository), compiled with `cc -O2` into a temporary
 * folder when a C compiler is present, and the JS/C ratio of generation
 * measured side by side: C and JS take turns, one generation per process
 * each, so that both see the same machine at nearly the same moment.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** bench/ in the repository, from dist/bench.js as from bench/*.ts. */
export const BENCH_DIR = fileURLToPath(new URL('../bench/', import.meta.url));

export interface Reference {
  /** Generation only, in memory allocated and touched beforehand. */
  nsPerCell: number;
  /** Allocating and first touching that memory (untimed in nsPerCell), per cell. */
  allocNsPerCell: number;
  peakMB: number;
}

const compiled = new Map<string, string | null>();

/** The compiled reference for `name`, or null (no cc, or no such reference). */
export function referenceBinary(name: string, dir: string): string | null {
  if (compiled.has(name)) return compiled.get(name)!;
  const source = join(BENCH_DIR, `ref_${name}.c`);
  let binary: string | null = null;
  if (existsSync(source)) {
    const out = join(dir, `ref_${name}`);
    const cc = spawnSync('cc', ['-O2', '-o', out, source], { encoding: 'utf8' });
    if (cc.status === 0) binary = out;
  }
  compiled.set(name, binary);
  return binary;
}

/** One run of a reference: `reps` generations of a size × size maze (median), unverified. */
export function runReference(binary: string, size: number, reps: number, seed = 1): Reference {
  const out = execFileSync(binary, [String(size), String(size), String(reps), String(seed), '0'], { encoding: 'utf8' });
  const ns = /median_ns_per_cell=([\d.]+)/.exec(out);
  const mb = /peak_rss_MB=([\d.]+)/.exec(out);
  const alloc = /alloc\+fault_s=([\d.]+)/.exec(out);
  if (!ns || !alloc) throw new Error(`unexpected output from ${binary}: ${out}`);
  return { nsPerCell: Number(ns[1]), allocNsPerCell: (Number(alloc[1]) * 1e9) / (size * size), peakMB: Number(mb?.[1] ?? NaN) };
}

export interface SideBySide {
  /** JS ns per cell over C ns per cell, one per round. */
  ratios: number[];
  /** The same with C's allocation and first touch of its memory added, as the JS figure has its own. */
  wholeRatios: number[];
  jsNs: number[];
  cNs: number[];
  cAllocNs: number[];
}

/**
 * `rounds` turns of (C once, JS once), each a fresh process making one
 * generation; `js` runs the JS side and returns its ns per cell.
 */
export function sideBySide(binary: string, size: number, rounds: number, js: (round: number) => number): SideBySide {
  const result: SideBySide = { ratios: [], wholeRatios: [], jsNs: [], cNs: [], cAllocNs: [] };
  for (let round = 0; round < rounds; round++) {
    const c = runReference(binary, size, 1, round + 1);
    const j = js(round);
    result.cNs.push(c.nsPerCell);
    result.cAllocNs.push(c.allocNsPerCell);
    result.jsNs.push(j);
    result.ratios.push(j / c.nsPerCell);
    result.wholeRatios.push(j / (c.nsPerCell + c.allocNsPerCell));
  }
  return result;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** "1.42× (1.38–1.51)": the median ratio and the range over rounds. */
export function ratioText(ratios: number[]): string {
  const lo = Math.min(...ratios);
  const hi = Math.max(...ratios);
  return `${median(ratios).toFixed(2)}× (${lo.toFixed(2)}–${hi.toFixed(2)} over ${ratios.length})`;
}
