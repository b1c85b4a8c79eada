/**
 * Hunt-and-kill: a random walk that, when stuck, hunts for a new start.
 *
 * 1. Start at the top-left cell and mark it visited.
 * 2. Walk: open the wall to a random unvisited neighbor, mark it, step
 *    into it; repeat until the current cell has no unvisited neighbor.
 * 3. Hunt: scan the grid in reading order for the first unvisited cell
 *    with a visited neighbor, open the wall to a random visited neighbor,
 *    and walk on from it (step 2). Stop when no unvisited cell is left.
 *
 * Texture: long winding corridors and few dead ends, much like the
 * backtracker's, with no stack at all.
 *
 * The hunt costs O(cells) in all, not per hunt. The walk starts where the
 * scan starts, so every cell before the first unvisited one (in reading
 * order) is visited, and that cell always has a visited neighbor (north,
 * else west): it is exactly what the classic scan finds. Cells never become
 * unvisited, so the scan resumes where the last hunt stopped. (From a
 * random start the top-left corner can stay unreached for a long time, and
 * the classic scan then rereads most of the grid on every hunt.)
 */
import { LEFT, Maze, TOP } from '../model/maze.js';
import type { StepSink } from '../model/steps.js';
import { headStep, wallStep } from '../model/steps.js';
import type { Tick } from '../tick.js';
import { TICK_MASK } from '../tick.js';
import type { Rng } from '../rng.js';
import { framedCells } from './frame.js';
import type { Grid } from '../grid/grid.js';
import { startCell } from '../grid/grid.js';
import { defineAlgorithm } from './types.js';

export default defineAlgorithm({
  name: 'hunt-and-kill',
  description: 'hunt-and-kill: random walk until stuck, then scan for the next unvisited cell; long winding corridors',
  options: {},
  startsFrom: 'closed',
  carve: (grid, _options, rng, tick) => huntAndKillGrid(grid, rng, tick),
  generate({ width, height }, _options, rng, tick, sink) {
    const maze = Maze.closed(width, height);
    huntAndKill(maze.walls, width, height, rng, tick, sink);
    return maze;
  },
});

const UNVISITED = 0;
const VISITED = 1;
const OFF_GRID = 2;

/** Open the wall between framed cells v and n (neighbors; tile = framed index − stride), and tell `sink`. */
function openBetween(walls: Uint8Array, stride: number, v: number, n: number, sink?: StepSink): void {
  if (n === v + 1) walls[n - stride]! &= ~LEFT;
  else if (n === v - 1) walls[v - stride]! &= ~LEFT;
  else if (n > v) walls[n - stride]! &= ~TOP;
  else walls[v - stride]! &= ~TOP;
  sink?.(wallStep(stride, (n > v ? n : v) - stride, n !== v + 1 && n !== v - 1, false));
}

/**
 * The walk runs on framed indices v (tile index + W + 1, see framedCells).
 * Steps (`sink`): the walker is the head; a hunt moves it down the rows it
 * scans (the first cell of each), then to the cell it finds.
 */
function huntAndKill(walls: Uint8Array, width: number, height: number, rng: Rng, tick?: Tick, sink?: StepSink): void {
  const stride = width + 1;
  const state = framedCells(width, height, OFF_GRID);
  const choices = new Int32Array(4);
  let v = stride; // cell (0, 0)
  state[v] = VISITED;
  sink?.(headStep(stride, 0));
  let unvisited = width * height - 1;
  let cursor = stride; // every framed cell before it is visited or off the grid
  while (unvisited > 0) {
    let k = 0;
    if (state[v + 1] === UNVISITED) choices[k++] = v + 1;
    if (state[v + stride] === UNVISITED) choices[k++] = v + stride;
    if (state[v - 1] === UNVISITED) choices[k++] = v - 1;
    if (state[v - stride] === UNVISITED) choices[k++] = v - stride;
    if (k > 0) {
      const n = choices[k === 1 ? 0 : rng.below(k)]!;
      openBetween(walls, stride, v, n, sink);
      sink?.(headStep(stride, n - stride));
      state[n] = VISITED;
      unvisited--;
      if ((unvisited & TICK_MASK) === 0) tick?.(width * height - unvisited);
      v = n;
      continue;
    }
    // hunt: unvisited > 0, so an unvisited cell lies at or after the cursor
    const scanned = cursor;
    while (state[cursor] !== UNVISITED) cursor++;
    if (sink) {
      const last = cursor - (cursor % stride); // the start of the cursor's row
      for (let at = scanned; at < last; at = at - (at % stride) + stride) sink(headStep(stride, at - stride));
      sink(headStep(stride, cursor - stride));
    }
    v = cursor;
    if (state[v + 1] === VISITED) choices[k++] = v + 1;
    if (state[v + stride] === VISITED) choices[k++] = v + stride;
    if (state[v - 1] === VISITED) choices[k++] = v - 1;
    if (state[v - stride] === VISITED) choices[k++] = v - stride;
    openBetween(walls, stride, v, choices[k === 1 ? 0 : rng.below(k)]!, sink);
    state[v] = VISITED;
    unvisited--;
    if ((unvisited & TICK_MASK) === 0) tick?.(width * height - unvisited);
  }
}

/**
 * The same walk and hunt over any grid (grid/grid.ts: every shape, every
 * mask), from the maze's first cell. On a shape or a mask the first
 * unvisited cell need not touch a visited one, so the hunt scans on from
 * it for the first that does; `scan`, the first unvisited cell, only moves
 * forward, since cells never become unvisited.
 */
function huntAndKillGrid(grid: Grid, rng: Rng, tick?: Tick): void {
  const visited = new Uint8Array(grid.cellCount);
  const around = new Int32Array(grid.maxDegree);
  const choices = new Int32Array(grid.maxDegree);
  let v = startCell(grid, 0, 0);
  visited[v] = 1;
  let done = 1;
  let scan = 0;
  for (;;) {
    grid.head(v);
    let k = grid.neighbors(v, around);
    let m = 0;
    for (let i = 0; i < k; i++) if (visited[around[i]!] === 0) choices[m++] = around[i]!;
    if (m > 0) {
      const n = choices[m === 1 ? 0 : rng.below(m)]!;
      grid.link(v, n);
      visited[n] = 1;
      if ((++done & TICK_MASK) === 0) tick?.(done);
      v = n;
      continue;
    }
    if (done === grid.inCount) return;
    // hunt: the first unvisited cell of the maze with a visited neighbor
    while (visited[scan] === 1 || !grid.isIn(scan)) scan++;
    let c = scan;
    for (; c < grid.cellCount; c++) {
      if (visited[c] === 1 || !grid.isIn(c)) continue;
      k = grid.neighbors(c, around);
      m = 0;
      for (let i = 0; i < k; i++) if (visited[around[i]!] === 1) choices[m++] = around[i]!;
      if (m > 0) break;
    }
    if (c === grid.cellCount) throw new RangeError('the grid\'s cells are not connected');
    grid.link(c, choices[m === 1 ? 0 : rng.below(m)]!);
    visited[c] = 1;
    if ((++done & TICK_MASK) === 0) tick?.(done);
    v = c;
  }
}
