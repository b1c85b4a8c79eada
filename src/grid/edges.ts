/**
 * Every pair of neighbors of a grid once, in a uniformly random order: the
 * walls Kruskal takes on any shape or mask. An edge is the code c·D + i for
 * the i-th neighbor (grid order) of cell c, listed from the smaller cell,
 * D the grid's maxDegree.
 */
import type { Rng } from '../rng.js';
import type { Grid } from './grid.js';

/** Edge lists larger than this (8 MB) no longer fit in cache: shuffle them in buckets. */
const IN_CACHE = 1 << 21;
const BUCKET_TARGET = 4096;

/** Call `visit` with each edge's code, cells in order, each cell's neighbors in the grid's order. */
function eachEdge(grid: Grid, visit: (code: number) => void): void {
  const degree = grid.maxDegree;
  const around = new Int32Array(degree);
  for (let c = 0; c < grid.cellCount; c++) {
    if (!grid.isIn(c)) continue;
    const k = grid.neighbors(c, around);
    for (let i = 0; i < k; i++) if (around[i]! > c) visit(c * degree + i);
  }
}

/**
 * The edges shuffled as grid-walls.ts shuffles the square grid's walls: a
 * small list inside-out Fisher–Yates as it is listed; a large one dropped
 * into random buckets first (two passes over the same draws: count, then
 * place), each bucket then Fisher–Yates shuffled in the cache. Either way
 * every order is equally likely.
 */
export function shuffledEdges(grid: Grid, rng: Rng): Int32Array {
  let count = 0;
  eachEdge(grid, () => count++);
  const edges = new Int32Array(count);
  if (count <= IN_CACHE) {
    let n = 0;
    eachEdge(grid, (code) => {
      const j = rng.below(n + 1);
      edges[n] = edges[j]!;
      edges[j] = code;
      n++;
    });
    return edges;
  }
  let bits = 1;
  while (count >>> bits > BUCKET_TARGET) bits++;
  const buckets = 1 << bits;
  const shift = 32 - bits;
  const next = new Int32Array(buckets + 1);
  const replay = rng.copy();
  for (let i = 0; i < count; i++) next[(rng.u32() >>> shift) + 1]!++;
  for (let b = 1; b <= buckets; b++) next[b]! += next[b - 1]!;
  const starts = next.slice();
  eachEdge(grid, (code) => {
    edges[next[replay.u32() >>> shift]!++] = code;
  });
  for (let b = 0; b < buckets; b++) {
    const first = starts[b]!;
    for (let i = starts[b + 1]! - 1; i > first; i--) {
      const j = first + rng.below(i - first + 1);
      const swap = edges[i]!;
      edges[i] = edges[j]!;
      edges[j] = swap;
    }
  }
  return edges;
}
