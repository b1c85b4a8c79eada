/**
 * Kruskal — random path merging (seed 001, "fusion aléatoire de chemins").
 *
 * 1. Every cell starts with its own label; every wall between two cells is
 *    listed, and the list is shuffled (inside-out Fisher–Yates).
 * 2. Walls are taken in that order; a wall whose two cells carry different
 *    labels is opened and the labels merge.
 *
 * The seed relabels the whole grid on each merge (quadratic); labels here
 * live in a union–find (Rem's, below), in one Int32Array.
 */
import { LEFT, Maze, TOP } from '../model/maze.js';
import type { Tick } from '../tick.js';
import { TICK_MASK } from '../tick.js';
import type { Rng } from '../rng.js';
import { defineAlgorithm } from './types.js';

export default defineAlgorithm({
  name: 'kruskal',
  description: 'random path merging (Labyrinthe – première partie): union–find over shuffled walls; many short dead ends',
  options: {},
  generate({ width, height }, _options, rng, tick) {
    const maze = Maze.closed(width, height);
    mergePaths(maze.walls, width, height, rng, tick);
    return maze;
  },
});

/** Share of the work a progress line gives the shuffle (the rest is the merging). */
const SHUFFLE_SHARE = 0.2;

/** Walls whose cells are read ahead together (see mergePaths). */
const GROUP = 64;

/**
 * Cells are addressed by tile index t = y·(W+1) + x, so a wall needs no
 * division to find: edge 2t is the left wall of tile t+1 (east of the cell),
 * edge 2t+1 the top wall of tile t+W+1 (south of it).
 *
 * The labels are Rem's union–find with splicing (Patwary, Blair and Manne,
 * "Experiments on union-find algorithms for the disjoint-set data
 * structure", 2010): a root is its own parent, every parent has a smaller
 * index than its child, and the two walks up from a wall's cells go in
 * step, the one at the larger parent first, re-hanging each node it leaves
 * on the other walk's parent. They meet (same set: the wall stays) or one
 * reaches a root, which is hung below the other side (the wall opens).
 * Which walls open depends only on the order, not on the union–find, and
 * this one, in a single array, stops as soon as the walks meet.
 */
function mergePaths(walls: Uint8Array, width: number, height: number, rng: Rng, tick?: Tick): void {
  const stride = width + 1;
  const cells = width * height;
  const edges = shuffledWalls(width, height, rng, IN_CACHE_EDGES, tick && ((done) => tick(done * SHUFFLE_SHARE * cells)));
  const edgeCount = edges.length;
  const parent = new Int32Array(stride * height);
  for (let t = 0; t < parent.length; t++) parent[t] = t;
  const down = stride - 1;
  let left = cells - 1; // walls still to open
  let touched = 0;
  for (let g = 0; g < edgeCount && left > 0; g += GROUP) {
    const end = Math.min(edgeCount, g + GROUP);
    // Read the group's cells and their parents first: loads that do not
    // wait on each other, so the memory serves many at once, and the walks
    // below then start in the cache. (A root is its own parent, so both
    // reads are always in the array.)
    for (let i = g; i < end; i++) {
      const e = edges[i]!;
      const a = e >> 1;
      touched ^= parent[parent[a]!]! ^ parent[parent[a + 1 + (e & 1) * down]!]!;
    }
    for (let i = g; i < end && left > 0; i++) {
      const e = edges[i]!;
      const south = e & 1;
      const a = e >> 1;
      const b = a + 1 + south * down;
      let x = a;
      let y = b;
      let px = parent[x]!;
      let py = parent[y]!;
      while (px !== py) {
        if (px < py) {
          const swap = x; x = y; y = swap;
          const p = px; px = py; py = p;
        }
        if (x === px) {
          // x is a root: hang it below y's side, and the wall opens
          parent[x] = py;
          walls[b] = walls[b]! & ~(LEFT >> south); // LEFT of the east cell, or TOP (LEFT >> 1) of the south one
          left--;
          break;
        }
        parent[x] = py; // splice: x skips to the other walk's parent, which is smaller
        x = px;
        px = parent[x]!;
      }
    }
    if ((g & TICK_MASK) === 0) tick?.(cells * (SHUFFLE_SHARE + ((1 - SHUFFLE_SHARE) * g) / edgeCount));
  }
  // the reads above must not be optimized away: their value is used, in a test that never holds
  if (touched === 0.5) throw new Error('unreachable');
}

/** Edge lists larger than this (8 MB) no longer fit in cache: shuffle them in buckets. */
const IN_CACHE_EDGES = 1 << 21;
const BUCKET_TARGET = 4096;

/**
 * The walls in uniformly random order. A small list gets the inside-out
 * Fisher–Yates shuffle. A large one would spend most of its time on cache
 * misses (every swap lands anywhere in the list), so each wall is first
 * dropped into one of B buckets at random (two passes over the same draws:
 * count, then place) and each bucket, small enough for the cache, is then
 * Fisher–Yates shuffled. Every wall gets an independent random bucket and a
 * uniform place within it, so every order is equally likely, as before.
 * `tick`, when given, is told the share of the shuffle done (0 to 1).
 */
export function shuffledWalls(width: number, height: number, rng: Rng, inCache = IN_CACHE_EDGES, tick?: Tick): Int32Array {
  const stride = width + 1;
  const edgeCount = (width - 1) * height + width * (height - 1);
  const edges = new Int32Array(edgeCount);
  // Walls are enumerated row by row, east then south (edge 2t, 2t+1), in
  // both branches; the loops are written out because a callback here costs
  // a third of the shuffle's time.
  if (edgeCount <= inCache) {
    let n = 0;
    for (let y = 0; y < height; y++) {
      const south = y + 1 < height;
      for (let t = y * stride, end = t + width; t < end; t++) {
        if (t + 1 < end) {
          const j = rng.below(n + 1);
          edges[n] = edges[j]!;
          edges[j] = t * 2;
          n++;
        }
        if (south) {
          const j = rng.below(n + 1);
          edges[n] = edges[j]!;
          edges[j] = t * 2 + 1;
          n++;
        }
      }
    }
    return edges;
  }

  let bits = 1; // at least two buckets: a shift by 32 would be no shift at all
  while (edgeCount >>> bits > BUCKET_TARGET) bits++;
  const buckets = 1 << bits;
  const shift = 32 - bits;
  const next = new Int32Array(buckets + 1);
  const replay = rng.copy();
  for (let i = 0; i < edgeCount; i++) next[(rng.u32() >>> shift) + 1]!++;
  for (let b = 1; b <= buckets; b++) next[b]! += next[b - 1]!;
  const starts = next.slice();
  for (let y = 0; y < height; y++) {
    const south = y + 1 < height;
    for (let t = y * stride, end = t + width; t < end; t++) {
      if (t + 1 < end) edges[next[replay.u32() >>> shift]!++] = t * 2;
      if (south) edges[next[replay.u32() >>> shift]!++] = t * 2 + 1;
    }
  }
  for (let b = 0; b < buckets; b++) {
    if ((b & 255) === 0) tick?.(b / buckets);
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

/**
 * Root of x's set in a union–find whose roots hold −size, halving the path
 * on the way: each visited node skips to its grandparent (zones uses it too).
 */
export function findRoot(parent: Int32Array, x: number): number {
  for (;;) {
    const p = parent[x]!;
    if (p < 0) return x;
    const gp = parent[p]!;
    if (gp < 0) return p;
    parent[x] = gp;
    x = gp;
  }
}
