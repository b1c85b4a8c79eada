/**
 * Kruskal — random path merging (seed 001, "fusion aléatoire de chemins").
 *
 * 1. Every cell starts with its own label; every wall between two cells is
 *    listed, and the list is shuffled (inside-out Fisher–Yates).
 * 2. Walls are taken in that order; a wall whose two cells carry different
 *    labels is opened and the labels merge.
 *
 * The seed relabels the whole grid on each merge (quadratic); labels here
 * live in a union–find (Rem's, below), in one Int32Array. On a large grid
 * the walls that cannot open are first dropped band by band, in the cache
 * (bandForests), so that the merging over the whole grid, which misses the
 * cache at every step, has half the walls to take.
 */
import { LEFT, Maze, TOP } from '../model/maze.js';
import type { StepSink } from '../model/steps.js';
import { wallStep } from '../model/steps.js';
import type { Tick } from '../tick.js';
import { TICK_MASK } from '../tick.js';
import type { Rng } from '../rng.js';
import { IN_CACHE_EDGES, shuffledWalls } from '../grid/walls.js';
import type { Grid, GridFrame } from '../grid/grid.js';
import { cellSpan } from '../grid/grid.js';
import type { Mask } from '../model/mask.js';
import type { FrameEdges } from '../grid/edges.js';
import { frameEdges, groupEdges, listFrameEdges, listGroupEdges, shuffledEdges, shuffleEdges } from '../grid/edges.js';
import { defineAlgorithm } from './types.js';

export default defineAlgorithm({
  name: 'kruskal',
  description: 'random path merging (Labyrinthe – première partie): union–find over shuffled walls; many short dead ends',
  options: {},
  startsFrom: 'closed',
  // on a mask: the same merging over the walls between two of its cells (speed within 1.2× of the rectangle's)
  onMask: true,
  carve: (grid, _options, rng, tick) => mergeGrid(grid, rng, tick),
  generate({ width, height, mask }, _options, rng, tick, sink) {
    const maze = Maze.closed(width, height);
    if (mask) maze.wallOffOutside(mask);
    // the merging below stays as it is: steps take a plain merge of their own
    if (sink) stepMerges(maze.walls, width, height, rng, sink, mask);
    else mergePaths(maze.walls, width, height, rng, tick, mask);
    return maze;
  },
});

/** Shares of the work a progress line gives the shuffle and the bands (the rest is the merging). */
const SHUFFLE_SHARE = 0.2;
const BAND_SHARE = 0.25;

/**
 * Edges past which the merging first drops, band by band, those that
 * cannot open (bandForests): 2 M, 8 MB of them, as when the shuffle's
 * threshold (IN_CACHE_EDGES) was the same. Which edges open does not
 * depend on it, only the time.
 */
const BANDED_EDGES = 1 << 21;

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
function mergePaths(walls: Uint8Array, width: number, height: number, rng: Rng, tick?: Tick, mask?: Mask): void {
  const stride = width + 1;
  const cells = mask ? mask.count : width * height;
  const edges = shuffledWalls(width, height, rng, IN_CACHE_EDGES, tick && ((done) => tick(done * SHUFFLE_SHARE * cells)), mask);
  // On a large grid, first drop the walls that can never open (bandForests),
  // and give the merging the memory the bands used.
  let edgeCount = edges.length;
  let parent: Int32Array;
  let before = SHUFFLE_SHARE; // of the work, for the progress line
  if (edgeCount > BANDED_EDGES && rowsPerBand(width) >= 2) {
    const scratch = new ArrayBuffer(Math.max(2 * edgeCount, 4 * stride * height));
    edgeCount = bandForests(edges, width, height, scratch, tick && ((done) => tick(cells * (SHUFFLE_SHARE + BAND_SHARE * done))));
    parent = new Int32Array(scratch, 0, stride * height);
    before += BAND_SHARE;
  } else {
    parent = new Int32Array(stride * height);
  }
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
      if (unite(parent, a, b)) {
        walls[b] = walls[b]! & ~(LEFT >> south); // LEFT of the east cell, or TOP (LEFT >> 1) of the south one
        left--;
      }
    }
    if ((g & TICK_MASK) === 0) tick?.(cells * (before + ((1 - before) * g) / edgeCount));
  }
  // the reads above must not be optimized away: their value is used, in a test that never holds
  if (touched === 0.5) throw new Error('unreachable');
}

/**
 * The same merging, telling each wall it opens: every shuffled wall in
 * order through one union–find, with no bands (they only drop walls that
 * cannot open, so the same walls open, in the same order).
 */
function stepMerges(walls: Uint8Array, width: number, height: number, rng: Rng, sink: StepSink, mask?: Mask): void {
  const stride = width + 1;
  const edges = shuffledWalls(width, height, rng, IN_CACHE_EDGES, undefined, mask);
  const parent = new Int32Array(stride * height);
  for (let t = 0; t < parent.length; t++) parent[t] = t;
  let left = (mask ? mask.count : width * height) - 1;
  for (let i = 0; i < edges.length && left > 0; i++) {
    const e = edges[i]!;
    const south = e & 1;
    const b = (e >> 1) + 1 + south * (stride - 1);
    if (!unite(parent, e >> 1, b)) continue;
    walls[b] = walls[b]! & ~(LEFT >> south);
    sink(wallStep(stride, b, south === 1, false));
    left--;
  }
}

/**
 * The merging over any grid (grid/grid.ts: every shape, every mask): each
 * pair of neighbors once (from the smaller cell), as the code c·D + i for
 * the i-th of cell c's D neighbors, in a uniformly random order
 * (shuffledEdges), then taken in order through Rem's union–find as above.
 * A large grid first drops, band by band of cell numbers, the edges that
 * cannot open (gridBandForests, as bandForests does for the square grid's
 * walls), and reads each group's parents ahead, as mergePaths does.
 */
function mergeGrid(grid: Grid, rng: Rng, tick?: Tick): void {
  const { frame, groups } = grid;
  if (groups) {
    // room for the edges: each two sides, a group six sides at most and a cell alone four, so 2 a node and 1 more a group
    const edges = groupEdges(groups);
    if (groups.places * 2 ** edges.shift <= 0x7fffffff) {
      const work = groups.blank();
      return mergeFrame(grid, groups.places, edges, work, listGroupEdges(edges, groups, work, 2 * grid.inCount + groups.groupCount), () => groups.store(work), rng, tick);
    }
  } else if (frame) {
    const edges = frameEdges(frame, grid.maxDegree);
    if (frame.places * 2 ** edges.shift <= 0x7fffffff) {
      // codes fit an Int32Array
      const work = frame.blank();
      return mergeFrame(grid, frame.places, edges, work, listFrameEdges(edges, frame, work, grid.inCount), () => frame.store(work), rng, tick);
    }
  }
  const degree = grid.maxDegree;
  const around = new Int32Array(degree);
  let edges = shuffledEdges(grid, rng);
  if (edges.length > BANDED_EDGES) edges = gridBandForests(grid, edges);
  const other = (code: number, c: number): number => {
    grid.neighbors(c, around);
    return around[code - c * degree]!;
  };
  const parent = new Int32Array(grid.cellCount);
  for (let c = 0; c < parent.length; c++) parent[c] = c;
  const ahead = new Int32Array(GROUP);
  let left = grid.inCount - 1;
  let touched = 0;
  for (let g = 0; g < edges.length && left > 0; g += GROUP) {
    const end = Math.min(edges.length, g + GROUP);
    for (let i = g; i < end; i++) {
      const code = edges[i]!;
      const c = Math.floor(code / degree);
      const d = other(code, c);
      ahead[i - g] = d;
      touched ^= parent[parent[c]!]! ^ parent[parent[d]!]!;
    }
    for (let i = g; i < end && left > 0; i++) {
      const c = Math.floor(edges[i]! / degree);
      const d = ahead[i - g]!;
      if (!unite(parent, c, d)) continue;
      grid.link(c, d);
      left--;
      if ((left & TICK_MASK) === 0) tick?.(grid.inCount - 1 - left);
    }
  }
  if (touched === 0.5) throw new Error('unreachable');
}

/** Cells in a band of gridBandForests: a band's union–find (4 bytes a cell) stays in the cache. */
const BAND_CELLS = 1 << 15;

/**
 * bandForests over any grid: the cells cut into bands of BAND_CELLS
 * consecutive numbers (rows, on every shape here, so neighbors are mostly
 * in the same band); each band's edges, in their order, go through a
 * union–find of its own in the cache, and only the edges of its spanning
 * forest and those between bands are kept, in their order: the same edges
 * open as without this.
 */
function gridBandForests(grid: Grid, edges: Int32Array): Int32Array {
  const degree = grid.maxDegree;
  const around = new Int32Array(degree);
  const bands = Math.ceil(grid.cellCount / BAND_CELLS);
  const n = edges.length;
  // each band's own edges, grouped by band in their order (a counting sort), as indices into `edges`
  const start = new Int32Array(bands + 1);
  const band = new Int32Array(n); // the edge's band, or −1 between bands
  for (let i = 0; i < n; i++) {
    const code = edges[i]!;
    const c = Math.floor(code / degree);
    grid.neighbors(c, around);
    const d = around[code - c * degree]!;
    const k = Math.floor(c / BAND_CELLS);
    if (Math.floor(d / BAND_CELLS) === k) {
      band[i] = k;
      start[k + 1]!++;
    } else band[i] = -1;
  }
  for (let k = 1; k <= bands; k++) start[k]! += start[k - 1]!;
  // the band's edges as their codes, read in order; kept marked by code (one bit each)
  const grouped = new Int32Array(start[bands]!);
  const next = start.slice(0, bands);
  const kept = new Uint8Array(((grid.cellCount * degree) >> 3) + 1);
  for (let i = 0; i < n; i++) {
    const e = edges[i]!;
    if (band[i]! >= 0) grouped[next[band[i]!]!++] = e;
    else kept[e >> 3]! |= 1 << (e & 7);
  }
  const parent = new Int32Array(BAND_CELLS);
  for (let k = 0; k < bands; k++) {
    const base = k * BAND_CELLS;
    for (let i = 0; i < BAND_CELLS; i++) parent[i] = i;
    for (let j = start[k]!; j < start[k + 1]!; j++) {
      const code = grouped[j]!;
      const c = Math.floor(code / degree);
      grid.neighbors(c, around);
      if (unite(parent, c - base, around[code - c * degree]! - base)) kept[code >> 3]! |= 1 << (code & 7);
    }
  }
  let count = 0;
  for (let i = 0; i < n; i++) {
    const e = edges[i]!;
    if ((kept[e >> 3]! >> (e & 7)) & 1) edges[count++] = e;
  }
  return edges.subarray(0, count);
}

/**
 * mergeGrid over a grid's frame (grid.ts, GridFrame, or its FrameGroups),
 * as mergePaths merges the square grid's walls: an edge is a place and the
 * kind of one of its sides to a larger place (FrameEdges), decoded with a
 * shift, a mask and a table rather than a call to `neighbors`; `listed`
 * holds them in the order mergeGrid lists them, over the frame's blank
 * bytes `work`. They are shuffled with the same draws as mergeGrid's, so
 * the same ones open; those that open are noted, and then set a bit in
 * each cell's byte of `work`, which `store` writes to the maze at the end.
 * A large grid (past BANDED_PLACES `places`) drops first, band by band,
 * the edges that cannot open (frameBandForests), and gives the merging the
 * memory the bands used.
 */
function mergeFrame(grid: Grid, places: number, fe: FrameEdges, work: Uint8Array, listed: Int32Array, store: () => void, rng: Rng, tick?: Tick): void {
  let edges = shuffleEdges(listed, rng);
  let parent: Int32Array;
  if (edges.length > BANDED_EDGES && places > BANDED_PLACES) {
    // the list in cell order, shuffled into a new one, makes room for the bands
    const scratch = edges !== listed && listed.length >= places ? listed.buffer : new ArrayBuffer(4 * Math.max(edges.length, places));
    edges = frameBandForests(edges, fe, places, scratch);
    parent = new Int32Array(scratch, 0, places);
  } else {
    parent = new Int32Array(places);
  }
  // Only the cells' places are ever looked up, all in cellSpan: the border
  // before and after them (with levels, a floor each) is never written, so
  // never paged in.
  const [first, end] = cellSpan(work);
  for (let p = first; p < end; p++) parent[p] = p;
  const opened = mergeFrameEdges(edges, parent, fe.offsets, fe.shift, grid.inCount - 1, tick);
  openFrameEdges(edges, opened, work, fe);
  store();
}

/**
 * mergeFrame's merging (a function of its own, so that it is optimized for
 * this loop alone): the edges that join two trees, in order, over the
 * first of `edges`; returns how many (at most `all`).
 */
function mergeFrameEdges(edges: Int32Array, parent: Int32Array, offsets: Int32Array, shift: number, all: number, tick?: Tick): number {
  const low = (1 << shift) - 1;
  let left = all;
  let touched = 0;
  let opened = 0;
  for (let g = 0; g < edges.length && left > 0; g += GROUP) {
    const end = Math.min(edges.length, g + GROUP);
    // the group's parents read ahead, as in mergePaths
    for (let i = g; i < end; i++) {
      const e = edges[i]!;
      const a = e >> shift;
      touched ^= parent[parent[a]!]! ^ parent[parent[a + offsets[e & low]!]!]!;
    }
    for (let i = g; i < end && left > 0; i++) {
      const e = edges[i]!;
      const a = e >> shift;
      if (!unite(parent, a, a + offsets[e & low]!)) continue;
      edges[opened++] = e; // over an edge already taken: the sides are set afterwards
      left--;
      if ((left & TICK_MASK) === 0) tick?.(all - left);
    }
  }
  if (touched === 0.5) throw new Error('unreachable');
  return opened;
}

/** The opened edges' sides, each in both cells' bytes: apart from the merging, whose misses they would add to. */
function openFrameEdges(edges: Int32Array, opened: number, work: Uint8Array, { shift, offsets, bits, backBits }: FrameEdges): void {
  const low = (1 << shift) - 1;
  for (let i = 0; i < opened; i++) {
    const e = edges[i]!;
    const a = e >> shift;
    const side = e & low;
    work[a]! |= bits[side]!;
    work[a + offsets[side]!]! |= backBits[side]!;
  }
}

/**
 * Places past which mergeFrame drops the edges that cannot open band by
 * band first: below, the frame's union–find (16 MB) is served well enough
 * that the bands' four passes over the edges cost more than the misses
 * they save (3 levels of 1000 × 333 cells, 1.7 M places: 0.42 s without
 * them, 0.63 s with; a 2000 × 2000 hex grid, 4 M places: alike).
 */
const BANDED_PLACES = 1 << 22;

/** Places in a band of frameBandForests: its union–find (4 bytes a place, 128 kB) stays in the cache, as bandForests' does. */
const BAND_PLACES = 1 << 15;

/**
 * gridBandForests over a frame's edges (FrameEdges), as bandForests does
 * the square grid's: bands of BAND_PLACES consecutive places, so that an
 * edge's band is its code's high bits; the bands' edges are grouped in
 * `scratch`. Returns the edges that can open, in their order, at the front
 * of `edges`.
 */
function frameBandForests(edges: Int32Array, fe: FrameEdges, places: number, scratch: ArrayBufferLike): Int32Array {
  const { shift, offsets } = fe;
  const low = (1 << shift) - 1;
  const bandShift = Math.log2(BAND_PLACES);
  const codeShift = bandShift + shift; // a code's band: code >> codeShift
  const bands = ((places - 1) >> bandShift) + 1;
  const n = edges.length;
  // each band's own edges, grouped by band in their order (a counting sort); kept marked by code (one bit each)
  const start = new Int32Array(bands + 1);
  for (let i = 0; i < n; i++) {
    const e = edges[i]!;
    const a = e >> shift;
    if ((a + offsets[e & low]!) >> bandShift === a >> bandShift) start[(e >> codeShift) + 1]!++;
  }
  for (let k = 1; k <= bands; k++) start[k]! += start[k - 1]!;
  const grouped = new Int32Array(scratch, 0, start[bands]!);
  const next = start.slice(0, bands);
  const kept = new Uint8Array(((places << shift) >> 3) + 1);
  for (let i = 0; i < n; i++) {
    const e = edges[i]!;
    const a = e >> shift;
    if ((a + offsets[e & low]!) >> bandShift === a >> bandShift) grouped[next[e >> codeShift]!++] = e;
    else kept[e >> 3]! |= 1 << (e & 7);
  }
  const parent = new Int32Array(BAND_PLACES);
  for (let k = 0; k < bands; k++) {
    const base = k << bandShift;
    for (let i = 0; i < BAND_PLACES; i++) parent[i] = i;
    for (let j = start[k]!, end = start[k + 1]!; j < end; j++) {
      const e = grouped[j]!;
      const x = (e >> shift) - base;
      if (unite(parent, x, x + offsets[e & low]!)) kept[e >> 3]! |= 1 << (e & 7);
    }
  }
  let count = 0;
  for (let i = 0; i < n; i++) {
    const e = edges[i]!;
    if ((kept[e >> 3]! >> (e & 7)) & 1) edges[count++] = e;
  }
  return edges.subarray(0, count);
}

/**
 * Rem's union with splicing (see mergePaths): join the sets of cells x and
 * y of `parent` (every root its own parent, every parent smaller than its
 * child) and say whether they were apart, that is whether their wall opens.
 */
function unite(parent: Int32Array, x: number, y: number): boolean {
  let px = parent[x]!;
  let py = parent[y]!;
  while (px !== py) {
    if (px < py) {
      const swap = x; x = y; y = swap;
      const p = px; px = py; py = p;
    }
    if (x === px) {
      parent[x] = py; // x is a root: hang it below y's side
      return true;
    }
    parent[x] = py; // splice: x skips to the other walk's parent, which is smaller
    x = px;
    px = parent[x]!;
  }
  return false;
}

/** Rows in a band of bandForests: as many as keep a band's wall codes (2·tile + s) under 2^16. */
function rowsPerBand(width: number): number {
  return Math.floor(32768 / (width + 1));
}

/**
 * Keep, in their order at the front of `edges`, only the walls that can
 * open, and return how many. The grid is cut into bands of rows; a wall
 * inside a band that closes a cycle of walls opened before it in that band
 * is the last of that cycle, so it cannot open in the whole grid either
 * (the walls Kruskal opens are the spanning tree of least ranks, and such
 * a wall is the highest of a cycle). Each band is small enough for the
 * cache: its walls, taken in order, go through a union–find of its own,
 * in the cache, and only its spanning forest and the walls between bands
 * remain, about half of them, for the merging over the whole grid, where
 * every step misses the cache. The same walls open as without this.
 *
 * `scratch` holds the bands' walls (as 16-bit codes within the band);
 * `tick` is told the share of the bands done (0 to 1).
 */
export function bandForests(edges: Int32Array, width: number, height: number, scratch: ArrayBuffer, tick?: Tick): number {
  const stride = width + 1;
  const rows = rowsPerBand(width);
  const band = rows * stride; // tiles a band
  const bands = Math.ceil(height / rows);
  const lastRow = band - stride; // a south wall from here on joins two bands
  const n = edges.length;
  // each band's walls in `grouped`: the east walls of its rows, the south walls of all but its last
  const start = new Int32Array(bands + 1);
  for (let k = 0; k < bands; k++) {
    const r = Math.min(rows, height - k * rows);
    start[k + 1] = start[k]! + r * (width - 1) + (r - 1) * width;
  }
  const grouped = new Uint16Array(scratch, 0, start[bands]!);
  // one bit per wall code: kept (between two bands, or in its band's forest)
  const kept = new Uint8Array(((2 * stride * height) >> 3) + 1);
  const next = start.slice(0, bands);
  const perBand = 1 / band;
  for (let i = 0; i < n; i++) {
    const e = edges[i]!;
    const t = e >> 1;
    const k = Math.floor((t + 0.5) * perBand); // ⌊t / band⌋ exactly: the half keeps rounding away from the integers
    const local = t - k * band;
    if ((e & 1) === 1 && local >= lastRow) kept[e >> 3]! |= 1 << (e & 7);
    else grouped[next[k]!++] = 2 * local + (e & 1);
  }
  const parent = new Int32Array(band);
  const down = stride - 1;
  for (let k = 0; k < bands; k++) {
    if ((k & 15) === 0) tick?.(k / bands);
    const base = 2 * k * band;
    for (let i = 0; i < band; i++) parent[i] = i;
    for (let i = start[k]!, end = next[k]!; i < end; i++) {
      const c = grouped[i]!;
      const x = c >> 1;
      if (unite(parent, x, x + 1 + (c & 1) * down)) {
        const e = base + c;
        kept[e >> 3]! |= 1 << (e & 7);
      }
    }
  }
  let count = 0;
  for (let i = 0; i < n; i++) {
    const e = edges[i]!;
    if ((kept[e >> 3]! >> (e & 7)) & 1) edges[count++] = e;
  }
  return count;
}
