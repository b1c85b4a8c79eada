/**
 * Recursive backtracker (seeds 002 and 004): depth-first search.
 *
 * 1. Mark the start cell visited and push it.
 * 2. Look at the top of the stack: if it has unvisited neighbors, open the
 *    wall to a random one, mark it and push it; otherwise pop.
 * 3. Stop when the stack is empty.
 *
 * The stack is an explicit Int32Array (never the call stack), so a
 * 5000 × 5000 maze needs 100 MB of stack at most and nothing overflows.
 */
import type { Point } from '../model/maze.js';
import { LEFT, Maze, TOP } from '../model/maze.js';
import type { OptionSpec } from '../options.js';
import { checkCellInGrid, parseCell } from '../options.js';
import type { Rng } from '../rng.js';
import { framedCells } from './frame.js';
import { defineAlgorithm } from './types.js';

const start: OptionSpec<Point> = { describe: 'start cell x,y (0-based)', default: '0,0', parse: parseCell };

export default defineAlgorithm({
  name: 'backtracker',
  description: "recursive backtracker (Miklix's generator, the C++ tutorial): depth-first search; long winding corridors",
  options: { start },
  validate({ width, height }, { start }) {
    checkCellInGrid(start, '--start', width, height);
  },
  generate({ width, height }, { start }, rng) {
    const maze = Maze.closed(width, height);
    const [sx, sy] = start;
    carveDepthFirst(maze.walls, width, height, sy * (width + 1) + sx, rng);
    return maze;
  },
});

/** For each mask of unvisited neighbors (bit d for direction d: east, south, west, north): how many, and the i-th. */
const COUNT = new Uint8Array(16);
const NTH = new Uint8Array(64);
for (let mask = 0; mask < 16; mask++) {
  for (let d = 0; d < 4; d++) if (mask & (1 << d)) NTH[mask * 4 + COUNT[mask]!++] = d;
}

/**
 * Cells are tile indices t = y·(W+1) + x; `visited` is framedCells' layout
 * (cell t at t + W + 1) with its frame marked visited (1), so no neighbor
 * needs a bounds test.
 *
 * The hot loop is written for speed (issue 11: within 1.5× of the C
 * reference), drawing exactly what `rng.below(k)` would, in the same order:
 * the unvisited neighbors are read into a 4-bit mask without branches (the
 * C reference's four unpredictable ones), the k-th choice comes from a
 * table, and sfc32 steps inline in local variables rather than through the
 * object's fields.
 */
function carveDepthFirst(walls: Uint8Array, width: number, height: number, first: number, rng: Rng): void {
  const stride = width + 1;
  const visited = framedCells(width, height, 1);

  const stack = new Int32Array(width * height);
  let [a, b, c, d] = rng.state();
  let top = 0;
  stack[top++] = first;
  visited[first + stride] = 1;
  while (top > 0) {
    const t = stack[top - 1]!;
    const v = t + stride;
    const mask = (visited[v + 1]! ^ 1) | ((visited[v + stride]! ^ 1) << 1) | ((visited[v - 1]! ^ 1) << 2) | ((visited[v - stride]! ^ 1) << 3);
    if (mask === 0) {
      top--;
      continue;
    }
    const k = COUNT[mask]!;
    let i = 0;
    if (k > 1) {
      // rng.below(k), inline: sfc32's step (Rng.u32), then Lemire's multiply-high
      const t0 = (a + b) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (c << 21) | (c >>> 11);
      d = (d + 1) | 0;
      const out = (t0 + d) | 0;
      c = (c + out) | 0;
      i = Math.floor(((out >>> 0) * k) / 4294967296);
    }
    const dir = NTH[(mask << 2) + i]!;
    let n: number;
    if (dir === 0) {
      n = t + 1;
      walls[n]! &= ~LEFT;
    } else if (dir === 1) {
      n = t + stride;
      walls[n]! &= ~TOP;
    } else if (dir === 2) {
      n = t - 1;
      walls[t]! &= ~LEFT;
    } else {
      n = t - stride;
      walls[t]! &= ~TOP;
    }
    visited[n + stride] = 1;
    stack[top++] = n;
  }
  rng.setState([a, b, c, d]);
}
