/**
 * Wilson: loop-erased random walks into a growing tree.
 *
 * 1. Put one random cell in the tree.
 * 2. From each cell not yet in the tree (in reading order), walk at random
 *    until the walk reaches the tree, remembering at every cell only the
 *    direction it last left by: a revisit overwrites it, which erases the
 *    loop the walk just closed.
 * 3. Follow the remembered directions from the walk's start: each cell on
 *    that loop-free path joins the tree and opens the wall it leaves by.
 *
 * Texture: a uniform spanning tree (every perfect maze of the grid is
 * equally likely, as with Aldous–Broder); unbiased, many dead ends. The
 * first walks are long (they look for a tiny tree), the later ones short;
 * in all, several times faster than Aldous–Broder on big grids.
 *
 * Walks draw two random bits per step (16 steps per 32-bit draw) and redraw
 * a step off the grid, which keeps the choice uniform among real neighbors.
 */
import { Maze } from '../model/maze.js';
import type { StepSink } from '../model/steps.js';
import { cellStep, headStep, wallStep } from '../model/steps.js';
import type { Tick } from '../tick.js';
import { TICK_MASK } from '../tick.js';
import type { Rng } from '../rng.js';
import { DirectionDraws, framedCells, framedIndex, openStepWall } from './frame.js';
import type { Grid } from '../grid/grid.js';
import { randomIn } from '../grid/grid.js';
import { defineAlgorithm } from './types.js';

export default defineAlgorithm({
  name: 'wilson',
  description: 'Wilson: loop-erased random walks into the growing tree; uniform spanning tree, unbiased texture',
  options: {},
  startsFrom: 'closed',
  carve: (grid, _options, rng, tick) => joinGridByErasedWalks(grid, rng, tick),
  generate({ width, height }, _options, rng, tick, sink) {
    const maze = Maze.closed(width, height);
    joinByErasedWalks(maze.walls, width, height, rng, tick, sink);
    return maze;
  },
});

const OUTSIDE = 0;
const IN_TREE = 1;
const OFF_GRID = 2;

/**
 * Directions 0 north, 1 east, 2 south, 3 west. Walks run on framed indices
 * v (tile index + W + 1, see framedCells); `exit` holds, per framed cell,
 * the direction the current walk last left it by.
 *
 * Steps (`sink`): the walk's tip is the head and its loop-erased path is
 * marked active, kept as a stack only then: a step onto a cell of the path
 * pops (unmarks) the loop it closes, which is the erasure `exit` makes by
 * overwriting. Joining the tree opens the path's walls and unmarks it.
 */
function joinByErasedWalks(walls: Uint8Array, width: number, height: number, rng: Rng, tick?: Tick, sink?: StepSink): void {
  const stride = width + 1;
  const state = framedCells(width, height, OFF_GRID);
  const exit = new Uint8Array(state.length);
  const step = Int32Array.of(-stride, 1, stride, -1);
  const root = framedIndex(rng.below(width * height), width);
  state[root] = IN_TREE;
  sink?.(headStep(stride, root - stride));
  const path = sink ? new Int32Array(width * height) : null;
  const onPath = sink ? new Uint8Array(state.length) : null;
  let depth = 0;
  const directions = new DirectionDraws(rng);
  const end = (height + 1) * stride;
  let joined = 1;
  for (let start = stride; start < end; start++) {
    if (state[start] !== OUTSIDE) continue; // in the tree, or the frame column
    let v = start;
    if (sink) {
      depth = 0;
      path![depth++] = v;
      onPath![v] = 1;
      sink(cellStep(stride, v - stride, 'active'));
      sink(headStep(stride, v - stride));
    }
    while (state[v] !== IN_TREE) {
      const d = directions.next();
      const n = v + step[d]!;
      if (state[n] === OFF_GRID) continue;
      exit[v] = d;
      v = n;
      if (sink) walkStep(sink, stride, n, state[n] === IN_TREE, path!, onPath!, depth, (next) => (depth = next));
    }
    for (v = start; state[v] !== IN_TREE; ) {
      const d = exit[v]!;
      const n = v + step[d]!;
      state[v] = IN_TREE;
      if ((++joined & TICK_MASK) === 0) tick?.(joined);
      const wall = openStepWall(walls, stride, v, n, d);
      if (sink) {
        sink(wallStep(stride, wall, (d & 1) === 0, false));
        sink(cellStep(stride, v - stride, 'none'));
        onPath![v] = 0;
      }
      v = n;
    }
  }
}

/**
 * The walk reached framed cell n: the head moves there; a cell of the path
 * closes a loop, which is popped (unmarked) down to it; a new cell is
 * pushed (marked); a tree cell ends the walk and is not on the path.
 */
function walkStep(sink: StepSink, stride: number, n: number, inTree: boolean, path: Int32Array, onPath: Uint8Array, depth: number, setDepth: (depth: number) => void): void {
  sink(headStep(stride, n - stride));
  if (inTree) return;
  if (onPath[n]) {
    while (path[depth - 1] !== n) {
      const c = path[--depth]!;
      onPath[c] = 0;
      sink(cellStep(stride, c - stride, 'none'));
    }
  } else {
    path[depth++] = n;
    onPath[n] = 1;
    sink(cellStep(stride, n - stride, 'active'));
  }
  setDepth(depth);
}

/**
 * The same walks over any grid (grid/grid.ts: every shape, every mask): from
 * each cell of the maze not yet in the tree, in cell order, a walk to a
 * uniformly random neighbor of the maze at each step (one draw) until it
 * meets the tree; `exit` keeps the neighbor each cell was last left for, so
 * a revisit erases the loop. Steps: the walk's path is marked active (a
 * stack while told, popped when a loop closes), its tip is the head.
 */
function joinGridByErasedWalks(grid: Grid, rng: Rng, tick?: Tick): void {
  const inTree = new Uint8Array(grid.cellCount);
  const exit = new Int32Array(grid.cellCount);
  const around = new Int32Array(grid.maxDegree);
  const onPath = grid.telling ? new Uint8Array(grid.cellCount) : null;
  const path: number[] = [];
  const root = randomIn(grid, rng);
  inTree[root] = 1;
  grid.mark(root, 'active');
  grid.mark(root, 'none');
  let joined = 1;
  for (let c = 0; c < grid.cellCount; c++) {
    if (inTree[c] === 1 || !grid.isIn(c)) continue;
    let v = c;
    if (onPath) {
      onPath[v] = 1;
      path.push(v);
      grid.mark(v, 'active');
      grid.head(v);
    }
    while (inTree[v] === 0) {
      const n = around[rng.below(grid.neighbors(v, around))]!;
      exit[v] = n;
      v = n;
      if (onPath) {
        if (onPath[v] === 1) {
          // the walk closed a loop: pop it back to v
          while (path[path.length - 1] !== v) {
            const gone = path.pop()!;
            onPath[gone] = 0;
            grid.mark(gone, 'none');
          }
        } else if (inTree[v] === 0) {
          onPath[v] = 1;
          path.push(v);
          grid.mark(v, 'active');
        }
        grid.head(v);
      }
    }
    for (v = c; inTree[v] === 0; v = exit[v]!) {
      inTree[v] = 1;
      grid.link(v, exit[v]!);
      if (onPath) {
        onPath[v] = 0;
        grid.mark(v, 'none');
      }
      if ((++joined & TICK_MASK) === 0) tick?.(joined);
    }
    path.length = 0;
  }
}
