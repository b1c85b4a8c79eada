// A copy of src/algorithms/backtracker.ts as it was before it told steps (commit
// e89307b), kept for the bench's before/after row (bench/steps.ts): only its
// import paths differ, and `startsFrom`, which the registry's type now asks.
/**
 * Recursive backtracker (seeds 002 and 004): depth-first search.
 *
 * 1. Mark the start cell visited and push it.
 * 2. Look at the top of the stack: if it has unvisited neighbors, open the
 *    wall to a random one, mark it and push it; otherwise pop.
 * 3. Stop when the stack is empty.
 *
 * The stack lives in the cells (two bits each: the way back), never on the
 * call stack, so nothing overflows and a 5000 × 5000 maze needs 25 MB.
 */
import { LEFT, Maze, TOP } from '../../src/model/maze.js';
import { cellOption, checkCellInGrid } from '../../src/model/options.js';
import type { Tick } from '../../src/tick.js';
import { TICK_MASK } from '../../src/tick.js';
import type { Rng } from '../../src/rng.js';
import { defineAlgorithm } from '../../src/algorithms/types.js';

const start = cellOption('start cell x,y (0-based)', '0,0');

export default defineAlgorithm({
  name: 'backtracker',
  description: "recursive backtracker (Miklix's generator, the C++ tutorial): depth-first search; long winding corridors",
  options: { start },
  startsFrom: 'closed',
  validate({ width, height }, { start }) {
    checkCellInGrid(start, 'start', width, height);
  },
  generate({ width, height }, { start }, rng, tick) {
    const [sx, sy] = start;
    return carveDepthFirst(width, height, sy * (width + 1) + sx, rng, tick);
  },
});

/** For each mask of unvisited neighbors (bit d for direction d: east, south, west, north): how many, and the i-th. */
const COUNT = new Uint8Array(16);
const NTH = new Uint8Array(64);
for (let mask = 0; mask < 16; mask++) {
  for (let d = 0; d < 4; d++) if (mask & (1 << d)) NTH[mask * 4 + COUNT[mask]!++] = d;
}

/** A cell's mark in the work array, beside its tile's TOP and LEFT bits. */
const VISITED = 4;
/** Bits 3–4 of a visited cell: the direction back to the cell it was entered from. */
const BACK_SHIFT = 3;

/**
 * The search works in one array, `framedCells`' layout (cell t at t + W + 1,
 * a frame of sentinels around), holding each tile's TOP and LEFT bits, the
 * VISITED mark and the way back together: reading a neighbor's mark and
 * opening a wall then touch the same bytes, which the search is bound by
 * (issue 11: within 1.5× of the C reference). The frame is marked visited,
 * so no neighbor needs a bounds test; its bottom row is tile row H, the
 * bottom border. At the end the marks are cleared and the array, less its
 * top row, becomes the maze's walls.
 *
 * The stack is in the cells too: a cell entered from its neighbor records
 * the direction back, and backing up follows it, so the search visits
 * exactly what a stack of cells would give (the stack's top is the current
 * cell, and below it the cell it was entered from) in 2 bits a cell rather
 * than an array of W·H integers.
 *
 * The hot loop draws exactly what `rng.below(k)` would, in the same order:
 * the unvisited neighbors are read into a 4-bit mask without branches, the
 * k-th choice comes from a table, the wall to open and the way back are
 * worked out from the direction without a branch, and sfc32 steps inline
 * in local variables rather than through the object's fields.
 */
function carveDepthFirst(width: number, height: number, first: number, rng: Rng, tick?: Tick): Maze {
  const stride = width + 1;
  const work = new Uint8Array(stride * (height + 2));
  work.fill(VISITED, 0, stride);
  work.fill(TOP | LEFT, stride, stride * (height + 1));
  for (let v = 2 * stride - 1; v < stride * (height + 1); v += stride) work[v] = LEFT | VISITED;
  work.fill(TOP | VISITED, stride * (height + 1), stride * (height + 2) - 1);
  work[stride * (height + 2) - 1] = VISITED;

  // per direction (east, south, west, north): the step to the neighbor; the
  // way back from it is the opposite direction, (d + 2) & 3
  const step = Int32Array.of(1, stride, -1, -stride);

  let [a, b, c, d] = rng.state();
  const root = first + stride;
  let v = root;
  let carved = 1;
  work[v]! |= VISITED;
  for (;;) {
    const mask = ((~work[v + 1]! & VISITED) >> 2) | ((~work[v + stride]! & VISITED) >> 1) | (~work[v - 1]! & VISITED) | ((~work[v - stride]! & VISITED) << 1);
    if (mask === 0) {
      if (v === root) break;
      v += step[(work[v]! >> BACK_SHIFT) & 3]!; // back up one cell
      continue;
    }
    const k = COUNT[mask]!;
    let i = 0;
    if (k > 1) {
      // rng.below(k), inline: sfc32's step (Rng.u32), then Lemire's multiply-high
      // ⌊out·k / 2^32⌋ in 16-bit halves, exactly (no float on the path to the next cell)
      const t0 = (a + b) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (c << 21) | (c >>> 11);
      d = (d + 1) | 0;
      const out = (t0 + d) | 0;
      c = (c + out) | 0;
      i = ((out >>> 16) * k + (((out & 0xffff) * k) >>> 16)) >>> 16;
    }
    const dir = NTH[(mask << 2) + i]!;
    const s = step[dir]!;
    const w = v + (s & ((dir >> 1) - 1)); // east and south: the neighbor's wall; west and north: this cell's
    work[w] = work[w]! & ~(LEFT >> (dir & 1));
    v += s;
    work[v]! |= VISITED | (((dir + 2) & 3) << BACK_SHIFT);
    if ((++carved & TICK_MASK) === 0) tick?.(carved);
  }
  rng.setState([a, b, c, d]);
  // clear the marks four bytes at a time (the buffer starts aligned), then the last few
  const words = new Uint32Array(work.buffer, 0, work.length >> 2);
  for (let w = 0; w < words.length; w++) words[w]! &= 0x01010101 * (TOP | LEFT);
  for (let v = words.length << 2; v < work.length; v++) work[v]! &= TOP | LEFT;
  return new Maze(width, height, work.subarray(stride));
}
