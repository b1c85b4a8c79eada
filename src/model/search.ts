/**
 * The square maze's own breadth-first search over open walls.
 *
 * 1. Put the source cell in a queue.
 * 2. Take cells from the queue in order; each neighbor behind an open wall
 *    not reached yet records the direction it was reached by, and joins the
 *    queue. Cells come out by distance, so the first time the target is
 *    reached is along a shortest path.
 * 3. Walk the recorded directions back from the target to the source.
 *
 * Cells are numbered as their tiles, t = y·(W+1) + x, so that the walls
 * need no index arithmetic; the marks of the extra column x = W are set
 * from the start (`searchMarks`), so a step off the left or right edge
 * finds a cell already reached and no division is needed to know x.
 * One byte a cell (the direction) and one Int32 (the queue), no recursion:
 * a 4000 × 4000 maze needs 80 MB, loops (trees with islands) and
 * disconnected hand-made mazes included.
 */
import type { Tick } from '../tick.js';
import { TICK_MASK } from '../tick.js';
import type { Maze } from './maze.js';
import { EAST, LEFT, NORTH, SOUTH, TOP, WEST } from './maze.js';

/** `from` codes: 1 + direction for a cell reached by a step, and these. */
export const SOURCE = 5;
const FRAME = 6;

/** What one breadth-first search found. */
export interface Reach {
  /** Cells reached, the source included; they are queue[0 .. count). */
  count: number;
  /** The cell reached last (one of the farthest), or the target when it was reached. */
  last: number;
  /** Steps from the source to `last`. */
  depth: number;
}

/** Fresh marks for `breadthFirst`: one per tile of the maze's rows, the column x = W marked out of bounds. */
export function searchMarks(maze: Maze): Uint8Array {
  const { stride, width, height, mask } = maze;
  const marks = new Uint8Array(stride * height);
  for (let t = width; t < marks.length; t += stride) marks[t] = FRAME;
  // a mask's outside is off the grid too: never reached, even through an opening
  if (mask) {
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (mask.cells[y * width + x] === 0) marks[y * stride + x] = FRAME;
  }
  return marks;
}

/**
 * Breadth-first search from cell (tile) `source`, marking every cell it
 * reaches in `from` (from `searchMarks`; a cell already marked is not
 * visited) and listing them in `queue`. It stops early when it reaches
 * `target` (−1: never). `tick`, when given, is told now and then the cells
 * searched so far, plus `before` (a caller's count of earlier searches).
 */
export function breadthFirst(maze: Maze, source: number, from: Uint8Array, queue: Int32Array, target = -1, tick?: Tick, before = 0): Reach {
  const { stride, walls } = maze;
  const limit = from.length;
  from[source] = SOURCE;
  queue[0] = source;
  if (source === target) return { count: 1, last: source, depth: 0 };
  let head = 0;
  let tail = 1;
  // Cells queue[.. layerEnd) are at distance ≤ depth.
  let depth = 0;
  let layerEnd = 1;
  while (head < tail) {
    if (head === layerEnd) {
      depth++;
      layerEnd = tail;
    }
    if (((before + head) & TICK_MASK) === 0) tick?.(before + head);
    const t = queue[head++]!;
    const bits = walls[t]!;
    // Rows are tested, columns are not (the frame); a maze built in memory may leave its border open.
    if (t >= stride && (bits & TOP) === 0 && from[t - stride] === 0) {
      from[t - stride] = NORTH + 1;
      queue[tail++] = t - stride;
    }
    if ((walls[t + 1]! & LEFT) === 0 && from[t + 1] === 0) {
      from[t + 1] = EAST + 1;
      queue[tail++] = t + 1;
    }
    if (t + stride < limit && (walls[t + stride]! & TOP) === 0 && from[t + stride] === 0) {
      from[t + stride] = SOUTH + 1;
      queue[tail++] = t + stride;
    }
    if (t > 0 && (bits & LEFT) === 0 && from[t - 1] === 0) {
      from[t - 1] = WEST + 1;
      queue[tail++] = t - 1;
    }
    if (target >= 0 && from[target] !== 0) return { count: tail, last: target, depth: depth + 1 };
  }
  return { count: tail, last: queue[tail - 1]!, depth };
}

