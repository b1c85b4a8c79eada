/**
 * Aldous–Broder: a random walk that keeps the first step into every cell.
 *
 * 1. Start at a random cell and mark it visited.
 * 2. Step to a uniformly random neighbor; if that cell was never visited,
 *    open the wall just crossed and mark it.
 * 3. Stop when every cell is visited.
 *
 * Texture: a uniform spanning tree (every perfect maze of the grid is
 * equally likely, as with Wilson), so no direction or region is favored;
 * plenty of dead ends, meandering paths.
 *
 * Cost: the walk's cover time, about n·(ln n)² steps on an n-cell grid,
 * so it is the slowest algorithm here (about 0.2 s at 1000 × 1000 and 1 s
 * at 2000 × 2000, several times Wilson's); no size guard, since it always
 * ends and its time grows only a little faster than the grid. The loop is tight: two random bits per
 * step (16 steps per 32-bit draw), a framed cell array so a step off the
 * grid is a byte test (and simply redrawn, which keeps the choice uniform
 * among the real neighbors), and carving only on the n − 1 first entries.
 */
import { Maze } from '../model/maze.js';
import type { StepSink } from '../model/steps.js';
import { headStep, wallStep } from '../model/steps.js';
import type { Tick } from '../tick.js';
import { TICK_MASK } from '../tick.js';
import type { Rng } from '../rng.js';
import { DirectionDraws, framedCells, framedIndex, openStepWall } from './frame.js';
import type { Grid } from '../grid/grid.js';
import { randomIn } from '../grid/grid.js';
import { defineAlgorithm } from './types.js';

export default defineAlgorithm({
  name: 'aldous-broder',
  description: 'Aldous–Broder: random walk that carves into unvisited cells; uniform spanning tree, slow on big grids',
  options: {},
  startsFrom: 'closed',
  carve: (grid, _options, rng, tick) => walkGrid(grid, rng, tick),
  generate({ width, height }, _options, rng, tick, sink) {
    const maze = Maze.closed(width, height);
    walkUntilCovered(maze.walls, width, height, rng, tick, sink);
    return maze;
  },
});

const UNVISITED = 0;
const VISITED = 1;
const OFF_GRID = 2;

/**
 * Directions 0 north, 1 east, 2 south, 3 west. The walk runs on framed
 * indices v (tile index + W + 1, see framedCells); the step between
 * neighbors is the same in both layouts. Steps (`sink`): the walker is the
 * head, at every step; a first entry opens its wall.
 */
function walkUntilCovered(walls: Uint8Array, width: number, height: number, rng: Rng, tick?: Tick, sink?: StepSink): void {
  const stride = width + 1;
  const state = framedCells(width, height, OFF_GRID);
  const step = Int32Array.of(-stride, 1, stride, -1);
  let v = framedIndex(rng.below(width * height), width);
  state[v] = VISITED;
  sink?.(headStep(stride, v - stride));
  let unvisited = width * height - 1;
  const directions = new DirectionDraws(rng);
  while (unvisited > 0) {
    const d = directions.next();
    const n = v + step[d]!;
    const s = state[n]!;
    if (s === OFF_GRID) continue;
    if (s === UNVISITED) {
      state[n] = VISITED;
      unvisited--;
      if ((unvisited & TICK_MASK) === 0) tick?.(width * height - unvisited);
      const wall = openStepWall(walls, stride, v, n, d);
      sink?.(wallStep(stride, wall, (d & 1) === 0, false));
    }
    v = n;
    sink?.(headStep(stride, v - stride));
  }
}

/**
 * The same walk over any grid (grid/grid.ts: every shape, every mask): a
 * uniformly random neighbor of the maze's at each step, one draw a step.
 * The walk on the cells in the maze alone is a walk on their graph, so its
 * tree is uniform among that graph's spanning trees.
 */
function walkGrid(grid: Grid, rng: Rng, tick?: Tick): void {
  const visited = new Uint8Array(grid.cellCount);
  const around = new Int32Array(grid.maxDegree);
  let v = randomIn(grid, rng);
  visited[v] = 1;
  grid.head(v);
  let unvisited = grid.inCount - 1;
  while (unvisited > 0) {
    const n = around[rng.below(grid.neighbors(v, around))]!;
    if (visited[n] === 0) {
      visited[n] = 1;
      unvisited--;
      if ((unvisited & TICK_MASK) === 0) tick?.(grid.inCount - unvisited);
      grid.link(v, n);
    }
    v = n;
    grid.head(v);
  }
}
