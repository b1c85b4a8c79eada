/**
 * Issue 21's row, in the first table of `npm run bench` (or alone with
 * `npm run bench -- shapes`): kruskal and the backtracker on a 2000 × 2000
 * hex grid, carving through the generic Grid interface (grid/graph-maze.ts),
 * against the square grid of the same cell count on its own fast path.
 * Each generation runs in a fresh process, hex and square taking turns,
 * BENCH_SHAPE_ROUNDS (default 3) each; the medians are compared. Target:
 * hex within 2× of square.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { findAlgorithm } from '../src/algorithms/index.js';
import { defaultOptions } from '../src/algorithms/types.js';
import { GraphGrid, GraphMaze, makeShape } from '../src/grid/graph-maze.js';
import { SquareGrid } from '../src/grid/square.js';
import { Maze } from '../src/model/maze.js';
import { Rng } from '../src/rng.js';
import type { Row } from './bench.js';
import { median } from './reference.js';

const SELF = fileURLToPath(import.meta.url);
const SIDE = 2000;
const ROUNDS = Number(process.env.BENCH_SHAPE_ROUNDS ?? 3);

/** The child: one generation, hex (generic carve) or square (generate's fast path); prints seconds. */
export function shapeChild(kind: Kind, name: string, side: number, seed: string): void {
  const algorithm = findAlgorithm(name)!;
  const options = defaultOptions(algorithm);
  const t0 = process.hrtime.bigint();
  if (kind === 'hex') algorithm.carve!(new GraphGrid(new GraphMaze(makeShape('hex', side, side))), options, new Rng(seed));
  else if (kind === 'generic') algorithm.carve!(new SquareGrid(Maze.closed(side, side), null), options, new Rng(seed));
  else algorithm.generate({ width: side, height: side }, options, new Rng(seed));
  console.log(JSON.stringify({ seconds: Number(process.hrtime.bigint() - t0) / 1e9 }));
}

/** Hex through the grid interface; square on its fast path; square through the grid interface too (the generic carve's own cost). */
type Kind = 'hex' | 'square' | 'generic';

function once(kind: Kind, name: string, seed: string): number {
  const out = execFileSync(process.execPath, ['--max-old-space-size=8192', SELF, '--shape-child', kind, name, String(SIDE), seed], { encoding: 'utf8' });
  return (JSON.parse(out.trim().split('\n').pop()!) as { seconds: number }).seconds;
}

export function shapeRows(): Row[] {
  const rows: Row[] = [];
  for (const name of ['kruskal', 'backtracker']) {
    const hex: number[] = [];
    const square: number[] = [];
    const generic: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      hex.push(once('hex', name, String(i + 1)));
      square.push(once('square', name, String(i + 1)));
      generic.push(once('generic', name, String(i + 1)));
    }
    const [h, s, g] = [median(hex), median(square), median(generic)];
    rows.push({
      what: `${name}, hex ${SIDE}² (generic carve) vs square ${SIDE}² (fast path)`,
      measured: `${h.toFixed(2)} s vs ${s.toFixed(2)} s: ${(h / s).toFixed(2)}×`,
      target: 'within 2×',
    });
    rows.push({
      what: `${name}, the same square through the generic carve (SquareGrid)`,
      measured: `${g.toFixed(2)} s: hex is ${(h / g).toFixed(2)}× it`,
      target: '(what the shape itself costs)',
    });
  }
  return rows;
}
