/**
 * Paths through a maze: breadth-first search over open walls.
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
 * disconnected hand-made mazes included. Doors and keys are not locks
 * here: a door is an open wall.
 */
import { UsageError } from '../errors.js';
import type { Maze, Point } from './maze.js';
import { LEFT, TOP } from './maze.js';

/** `from` codes: 1 + direction for a cell reached by a step, and these. */
const SOURCE = 5;
const FRAME = 6;
/** Directions as in maze.ts: north, east, south, west. */
const NORTH = 0;
const EAST = 1;
const SOUTH = 2;
const WEST = 3;

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
  const { stride, width, height } = maze;
  const marks = new Uint8Array(stride * height);
  for (let t = width; t < marks.length; t += stride) marks[t] = FRAME;
  return marks;
}

/**
 * Breadth-first search from cell (tile) `source`, marking every cell it
 * reaches in `from` (from `searchMarks`; a cell already marked is not
 * visited) and listing them in `queue`. It stops early when it reaches
 * `target` (−1: never).
 */
export function breadthFirst(maze: Maze, source: number, from: Uint8Array, queue: Int32Array, target = -1): Reach {
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

/**
 * The cells of a shortest path from `start` to `end`, both included, as
 * tile numbers y·(W+1) + x; null when no path joins them.
 */
export function shortestPath(maze: Maze, start: Point, end: Point): Int32Array | null {
  const { stride } = maze;
  const from = searchMarks(maze);
  const source = start[1] * stride + start[0];
  const target = end[1] * stride + end[0];
  const reach = breadthFirst(maze, source, from, new Int32Array(maze.width * maze.height), target);
  if (reach.last !== target) return null;
  const path = new Int32Array(reach.depth + 1);
  const step = [-stride, 1, stride, -1];
  let t = target;
  for (let i = reach.depth; i > 0; i--) {
    path[i] = t;
    t -= step[from[t]! - 1]!;
  }
  path[0] = t;
  return path;
}

/** Tile numbers as the model's [x, y] points. */
export function toPoints(maze: Maze, tiles: Int32Array): Point[] {
  const { stride } = maze;
  const points: Point[] = new Array<Point>(tiles.length);
  for (let i = 0; i < tiles.length; i++) {
    const t = tiles[i]!;
    points[i] = [t % stride, Math.floor(t / stride)];
  }
  return points;
}

/** The default endpoints: the top-left and the bottom-right cell. */
export function defaultEnds(maze: Maze): { start: Point; end: Point } {
  return { start: [0, 0], end: [maze.width - 1, maze.height - 1] };
}

/**
 * Store the shortest path from `start` to `end` in the maze (start, end and
 * solution), or refuse with a UsageError when the two cells do not connect
 * (a hand-made maze may be in several parts).
 */
export function solveMaze(maze: Maze, start: Point, end: Point): void {
  const path = shortestPath(maze, start, end);
  if (!path) {
    throw new UsageError(
      `no path from ${start[0]},${start[1]} to ${end[0]},${end[1]}: walls cut them apart (maze stats counts the parts); pick other cells with --from and --to`,
    );
  }
  maze.start = start;
  maze.end = end;
  maze.solution = toPoints(maze, path);
}
