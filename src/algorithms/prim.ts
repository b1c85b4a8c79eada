/**
 * Randomized Prim: the maze grows from one cell like a crystal.
 *
 * 1. Put a random cell in the maze; its neighbors become the frontier.
 * 2. Take a uniformly random frontier cell, open the wall to a random one of
 *    its neighbors already in the maze, and put it in the maze; its
 *    neighbors that are neither in the maze nor on the frontier join the
 *    frontier.
 * 3. Stop when the frontier is empty.
 *
 * Texture: short, branching passages radiating from the start, with many
 * short dead ends (more even than Kruskal's, fewer long corridors).
 *
 * The frontier is an Int32Array used as an unordered bag: a pick swaps the
 * chosen cell with the last one and pops it, in O(1).
 */
import { LEFT, Maze, TOP } from '../model/maze.js';
import type { StepSink } from '../model/steps.js';
import { cellStep, headStep, wallStep } from '../model/steps.js';
import type { Tick } from '../tick.js';
import { TICK_MASK } from '../tick.js';
import type { Rng } from '../rng.js';
import { framedCells } from './frame.js';
import type { Grid } from '../grid/grid.js';
import { randomIn } from '../grid/grid.js';
import { defineAlgorithm } from './types.js';

export default defineAlgorithm({
  name: 'prim',
  description: 'randomized Prim: grows from a random cell by random frontier picks; short branches, many dead ends',
  options: {},
  startsFrom: 'closed',
  carve: (grid, _options, rng, tick) => growGridFromFrontier(grid, rng, tick),
  generate({ width, height }, _options, rng, tick, sink) {
    const maze = Maze.closed(width, height);
    growFromFrontier(maze.walls, width, height, rng, tick, sink);
    return maze;
  },
});

/** Cell states in the framed scratch array. */
const OUTSIDE = 0;
const FRONTIER = 1;
const IN_MAZE = 2;
const OFF_GRID = 3;

/**
 * Cells are tile indices t = y·(W+1) + x; their state is at t + W + 1 (see
 * framedCells). Steps: the frontier's cells are marked active as they join
 * it; the cell picked is the head, opens its wall and loses its mark.
 */
function growFromFrontier(walls: Uint8Array, width: number, height: number, rng: Rng, tick?: Tick, sink?: StepSink): void {
  const stride = width + 1;
  const state = framedCells(width, height, OFF_GRID);
  const frontier = new Int32Array(width * height);
  const inMaze = new Int32Array(4);
  let size = 0;
  let grown = 1;

  const first = rng.below(width * height);
  let t = Math.floor(first / width) * stride + (first % width);
  state[t + stride] = IN_MAZE;
  sink?.(headStep(stride, t));
  for (;;) {
    // the new maze cell's outside neighbors join the frontier
    const v = t + stride;
    const before = size;
    if (state[v + 1] === OUTSIDE) { state[v + 1] = FRONTIER; frontier[size++] = t + 1; }
    if (state[v + stride] === OUTSIDE) { state[v + stride] = FRONTIER; frontier[size++] = t + stride; }
    if (state[v - 1] === OUTSIDE) { state[v - 1] = FRONTIER; frontier[size++] = t - 1; }
    if (state[v - stride] === OUTSIDE) { state[v - stride] = FRONTIER; frontier[size++] = t - stride; }
    if (sink) for (let f = before; f < size; f++) sink(cellStep(stride, frontier[f]!, 'active'));
    if (size === 0) return;

    const i = rng.below(size);
    t = frontier[i]!;
    frontier[i] = frontier[--size]!;
    const w = t + stride;
    let k = 0;
    if (state[w + 1] === IN_MAZE) inMaze[k++] = t + 1;
    if (state[w + stride] === IN_MAZE) inMaze[k++] = t + stride;
    if (state[w - 1] === IN_MAZE) inMaze[k++] = t - 1;
    if (state[w - stride] === IN_MAZE) inMaze[k++] = t - stride;
    const n = inMaze[k === 1 ? 0 : rng.below(k)]!;
    if (n === t + 1) walls[n]! &= ~LEFT;
    else if (n === t - 1) walls[t]! &= ~LEFT;
    else if (n > t) walls[n]! &= ~TOP;
    else walls[t]! &= ~TOP;
    state[w] = IN_MAZE;
    if (sink) {
      sink(headStep(stride, t));
      sink(wallStep(stride, n > t ? n : t, n !== t + 1 && n !== t - 1, false));
      sink(cellStep(stride, t, 'none'));
    }
    if ((++grown & TICK_MASK) === 0) tick?.(grown);
  }
}

/**
 * The same growth over any grid (grid/grid.ts: every shape, every mask):
 * a random frontier cell joins through a random neighbor already in.
 */
function growGridFromFrontier(grid: Grid, rng: Rng, tick?: Tick): void {
  const state = new Uint8Array(grid.cellCount);
  const frontier = new Int32Array(grid.inCount);
  const around = new Int32Array(grid.maxDegree);
  const inside = new Int32Array(grid.maxDegree);
  let size = 0;
  const enter = (c: number): void => {
    state[c] = IN_MAZE;
    const k = grid.neighbors(c, around);
    for (let i = 0; i < k; i++) {
      const n = around[i]!;
      if (state[n] !== OUTSIDE) continue;
      state[n] = FRONTIER;
      frontier[size++] = n;
      grid.mark(n, 'active');
    }
  };
  enter(randomIn(grid, rng));
  let grown = 1;
  while (size > 0) {
    const i = rng.below(size);
    const c = frontier[i]!;
    frontier[i] = frontier[--size]!;
    grid.head(c);
    const k = grid.neighbors(c, around);
    let m = 0;
    for (let j = 0; j < k; j++) if (state[around[j]!] === IN_MAZE) inside[m++] = around[j]!;
    grid.link(c, inside[m === 1 ? 0 : rng.below(m)]!);
    grid.mark(c, 'none');
    enter(c);
    if ((++grown & TICK_MASK) === 0) tick?.(grown);
  }
}
