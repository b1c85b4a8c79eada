/**
 * What the algorithms that take the grid's walls as a list share (kruskal,
 * zones): the walls in a uniformly random order, numbered as kruskal numbers
 * its edges (tile t's east wall 2t, its south wall 2t + 1), and a
 * union–find's root. They live with the grids (issue 21: "the shared grid
 * helpers move there"), as knossos keeps its grid/, so that zones does not
 * import the kruskal algorithm for them; grid/edges.ts does the same for
 * any grid.
 */
import type { Tick } from '../tick.js';
import type { Mask } from '../model/mask.js';
import type { Rng } from '../rng.js';

/**
 * Edge lists larger than this (16 MB) are shuffled in buckets. Measured on
 * the 2-core machine this project is built on, the inside-out shuffle takes
 * 0.55× the bucketed one's time at 2^21 edges, 0.6× at 2.7 M, 0.75× at
 * 2^22, 0.8× at 2^23 and 0.65× at 2^24; at 2^25 the buckets win. 2^22,
 * not the crossing, for a machine with a smaller cache than this one.
 */
export const IN_CACHE_EDGES = 1 << 22;
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
 * With a mask, only the walls between two of its cells are listed.
 */
export function shuffledWalls(width: number, height: number, rng: Rng, inCache = IN_CACHE_EDGES, tick?: Tick, mask?: Mask): Int32Array {
  const stride = width + 1;
  // on a mask, only the walls between two of its cells: cell y·W + x is tile t less y
  const cells = mask ? mask.cells : null;
  const edgeCount = cells ? wallsInside(width, height, cells) : (width - 1) * height + width * (height - 1);
  const edges = new Int32Array(edgeCount);
  // Walls are enumerated row by row, east then south (edge 2t, 2t+1), in
  // both branches; the loops are written out because a callback here costs
  // a third of the shuffle's time.
  if (edgeCount <= inCache) {
    let n = 0;
    for (let y = 0; y < height; y++) {
      const south = y + 1 < height;
      for (let t = y * stride, end = t + width; t < end; t++) {
        if (cells !== null && cells[t - y] === 0) continue;
        if (t + 1 < end && (cells === null || cells[t - y + 1] === 1)) {
          const j = rng.below(n + 1);
          edges[n] = edges[j]!;
          edges[j] = t * 2;
          n++;
        }
        if (south && (cells === null || cells[t - y + width] === 1)) {
          const j = rng.below(n + 1);
          edges[n] = edges[j]!;
          edges[j] = t * 2 + 1;
          n++;
        }
      }
    }
    return edges;
  }

  const { next, shift, replay, starts } = bucketPlan(edgeCount, rng);
  for (let y = 0; y < height; y++) {
    const south = y + 1 < height;
    for (let t = y * stride, end = t + width; t < end; t++) {
      if (cells !== null && cells[t - y] === 0) continue;
      if (t + 1 < end && (cells === null || cells[t - y + 1] === 1)) edges[next[replay.u32() >>> shift]!++] = t * 2;
      if (south && (cells === null || cells[t - y + width] === 1)) edges[next[replay.u32() >>> shift]!++] = t * 2 + 1;
    }
  }
  shuffleBuckets(edges, starts, rng, tick);
  return edges;
}

/**
 * The first steps of a bucketed shuffle of `count` items: each item's bucket
 * drawn (counted now; `replay` draws the same buckets again, for placing
 * item i at `next[replay.u32() >>> shift]++`), `starts` where each bucket
 * begins. At least two buckets: a shift by 32 would be no shift at all.
 */
export function bucketPlan(count: number, rng: Rng): { next: Int32Array; shift: number; replay: Rng; starts: Int32Array } {
  let bits = 1;
  while (count >>> bits > BUCKET_TARGET) bits++;
  const buckets = 1 << bits;
  const shift = 32 - bits;
  const next = new Int32Array(buckets + 1);
  const replay = rng.copy();
  for (let i = 0; i < count; i++) next[(rng.u32() >>> shift) + 1]!++;
  for (let b = 1; b <= buckets; b++) next[b]! += next[b - 1]!;
  return { next, shift, replay, starts: next.slice() };
}

/** The last step: each bucket, placed, Fisher–Yates shuffled in the cache. */
export function shuffleBuckets(items: Int32Array, starts: Int32Array, rng: Rng, tick?: Tick): void {
  const buckets = starts.length - 1;
  for (let k = 0; k < buckets; k++) {
    if ((k & 255) === 0) tick?.(k / buckets);
    const first = starts[k]!;
    for (let i = starts[k + 1]! - 1; i > first; i--) {
      const j = first + rng.below(i - first + 1);
      const swap = items[i]!;
      items[i] = items[j]!;
      items[j] = swap;
    }
  }
}

/** How many walls lie between two cells of a mask (`cells`: 1 in, y·W + x). */
function wallsInside(width: number, height: number, cells: Uint8Array): number {
  let n = 0;
  for (let y = 0; y < height; y++) {
    for (let c = y * width, end = c + width; c < end; c++) {
      if (cells[c] === 0) continue;
      if (c + 1 < end && cells[c + 1] === 1) n++;
      if (y + 1 < height && cells[c + width] === 1) n++;
    }
  }
  return n;
}

/**
 * Root of x's set in a union–find whose roots hold −size, halving the path
 * on the way: each visited node skips to its grandparent.
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
