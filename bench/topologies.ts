/**
 * Issue 33's rows, in the first table of `npm run bench` (or alone with
 * `npm run bench -- topologies`): kruskal and the backtracker on a weave
 * (0.5), a torus (wrap xy) and 3 levels, carving through the topology's
 * grid (grid/topology.ts), against the plain square grid of the same cell
 * count on its own fast path (the seed's wall arrays). Each generation
 * runs in a fresh process, the kinds taking turns, BENCH_TOPOLOGY_ROUNDS
 * (default 3) each; the row gives the medians' times and the median of
 * the rounds' ratios (each kind against the plain square of its round).
 * Target: within 1.5×. At the default 1000² the plain square's 2.0 M
 * walls and 3 levels' 2.66 M edges are both under the 2^22 past which
 * kruskal shuffles in buckets (grid/walls.ts); at
 * BENCH_TOPOLOGY_SIDE=1450 both are bucketed.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { findAlgorithm } from '../src/algorithms/index.js';
import { defaultOptions } from '../src/algorithms/types.js';
import { makeGraphMaze, specFromOptions } from '../src/lib/spec.js';
import { Rng } from '../src/rng.js';
import type { Row } from './bench.js';
import { median } from './reference.js';

const SELF = fileURLToPath(import.meta.url);
const SIDE = Number(process.env.BENCH_TOPOLOGY_SIDE ?? 1000);
const ROUNDS = Number(process.env.BENCH_TOPOLOGY_ROUNDS ?? 3);

type Kind = 'plain' | 'weave' | 'wrap' | 'levels';

/** The library options of each kind, SIDE² cells each (3 levels of a third of the rows). */
function optionsOf(kind: Kind, side: number): Record<string, unknown> {
  switch (kind) {
    case 'weave':
      return { width: side, height: side, weave: 0.5 };
    case 'wrap':
      return { width: side, height: side, wrap: 'xy' };
    case 'levels':
      return { width: side, height: Math.round(side / 3), levels: 3 };
    default:
      return { width: side, height: side };
  }
}

/** The child: one generation (the algorithm's carve, or the plain square's generate), its options read before the clock starts; prints seconds. */
export function topologyChild(kind: Kind, name: string, side: number, seed: string): void {
  const algorithm = findAlgorithm(name)!;
  const { spec } = specFromOptions({ ...optionsOf(kind, side), algorithm: name });
  const t0 = process.hrtime.bigint();
  if (kind === 'plain') algorithm.generate({ width: side, height: side }, defaultOptions(algorithm), new Rng(seed));
  else makeGraphMaze(spec, seed);
  console.log(JSON.stringify({ seconds: Number(process.hrtime.bigint() - t0) / 1e9 }));
}

function once(kind: Kind, name: string, seed: string): number {
  const out = execFileSync(process.execPath, ['--max-old-space-size=8192', SELF, '--topology-child', kind, name, String(SIDE), seed], { encoding: 'utf8' });
  return (JSON.parse(out.trim().split('\n').pop()!) as { seconds: number }).seconds;
}

export function topologyRows(): Row[] {
  const rows: Row[] = [];
  for (const name of ['backtracker', 'kruskal']) {
    const times: Record<Kind, number[]> = { plain: [], weave: [], wrap: [], levels: [] };
    for (let i = 0; i < ROUNDS; i++) for (const kind of Object.keys(times) as Kind[]) times[kind].push(once(kind, name, String(i + 1)));
    const plain = median(times.plain);
    for (const kind of ['weave', 'wrap', 'levels'] as const) {
      const t = median(times[kind]);
      // the ratio of each round's pair (run one after the other), their median: a drift of the machine's speed over the rounds cancels
      const ratio = median(times[kind].map((time, i) => time / times.plain[i]!));
      const what = kind === 'weave' ? 'weave 0.5' : kind === 'wrap' ? 'wrap xy' : '3 levels';
      rows.push({ what: `${name}, ${what} ${SIDE}² cells vs the plain square (fast path)`, measured: `${t.toFixed(2)} s vs ${plain.toFixed(2)} s: ${ratio.toFixed(2)}× (the rounds' median)`, target: 'within 1.5×' });
    }
  }
  return rows;
}
