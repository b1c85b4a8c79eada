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

/**
 * Cells are tile indices t = y·(W+1) + x; `visited` is framedCells' layout
 * (cell t at t + W + 1) with its frame marked visited, so no neighbor needs
 * a bounds test.
 */
function carveDepthFirst(walls: Uint8Array, width: number, height: number, first: number, rng: Rng): void {
  const stride = width + 1;
  const visited = framedCells(width, height, 1);

  const stack = new Int32Array(width * height);
  const options = new Int32Array(4);
  let top = 0;
  stack[top++] = first;
  visited[first + stride] = 1;
  while (top > 0) {
    const t = stack[top - 1]!;
    const v = t + stride;
    let k = 0;
    if (visited[v + 1] === 0) options[k++] = t + 1;
    if (visited[v + stride] === 0) options[k++] = t + stride;
    if (visited[v - 1] === 0) options[k++] = t - 1;
    if (visited[v - stride] === 0) options[k++] = t - stride;
    if (k === 0) {
      top--;
      continue;
    }
    const n = options[k === 1 ? 0 : rng.below(k)]!;
    if (n === t + 1) walls[n]! &= ~LEFT;
    else if (n === t - 1) walls[t]! &= ~LEFT;
    else if (n > t) walls[n]! &= ~TOP;
    else walls[t]! &= ~TOP;
    visited[n + stride] = 1;
    stack[top++] = n;
  }
}
