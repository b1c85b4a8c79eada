/**
 * `npm run bench`: generation time of every registered algorithm (default
 * options) at 1000 × 1000 and 4000 × 4000, with its ratio to Kruskal timed
 * in the same process (machines drift, so ratios are what compare).
 *
 *   node dist/bench.js [algorithm …]   only these (Kruskal is always timed)
 */
import { algorithms } from '../src/algorithms/index.js';
import type { Algorithm } from '../src/algorithms/types.js';
import { Rng } from '../src/rng.js';

const SIZES: [number, number, number][] = [
  // width, height, runs (the best one counts)
  [1000, 1000, 3],
  [4000, 4000, 2],
];

function defaults(algorithm: Algorithm): Record<string, unknown> {
  return Object.fromEntries(Object.entries(algorithm.options).map(([k, spec]) => [k, spec.parse(spec.default, `--${k}`)]));
}

function time(algorithm: Algorithm, width: number, height: number, run: number): number {
  const options = defaults(algorithm);
  const start = performance.now();
  algorithm.generate({ width, height }, options, new Rng(`bench-${run}`));
  return performance.now() - start;
}

const wanted = process.argv.slice(2);
const chosen = algorithms.filter((a) => a.name === 'kruskal' || wanted.length === 0 || wanted.includes(a.name));
const unknown = wanted.filter((name) => !algorithms.some((a) => a.name === name));
if (unknown.length > 0) {
  console.error(`bench: unknown algorithm ${unknown.join(', ')}; the algorithms are ${algorithms.map((a) => a.name).join(', ')}`);
  process.exit(2);
}

console.log(`node ${process.version}; best of the runs, generation only`);
for (const [width, height, runs] of SIZES) {
  const best = new Map<string, number>();
  // runs interleave the algorithms, so that a slow spell of the machine hits them all
  for (let run = 0; run < runs; run++) {
    for (const algorithm of chosen) {
      const ms = time(algorithm, width, height, run);
      best.set(algorithm.name, Math.min(best.get(algorithm.name) ?? Infinity, ms));
    }
  }
  const kruskal = best.get('kruskal')!;
  for (const algorithm of chosen) {
    const ms = best.get(algorithm.name)!;
    const perCell = (ms * 1e6) / (width * height);
    console.log(
      `${algorithm.name.padEnd(12)} ${`${width} × ${height}`.padEnd(12)} ${ms.toFixed(0).padStart(7)} ms ` +
        `${perCell.toFixed(0).padStart(5)} ns/cell  ${(ms / kruskal).toFixed(2)} × kruskal`,
    );
  }
}
