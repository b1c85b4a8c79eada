/**
 * `maze stats`: what a maze is like, in O(cells) time and about 6 bytes a cell.
 *
 * 1. One pass counts each cell's openings: dead ends have one, corridors
 *    two, junctions three or four, closed cells none.
 * 2. Breadth-first searches from every cell not reached yet count the
 *    components; each first search also ends on a cell farthest from where
 *    it began, and a second search from there ends on the other end of the
 *    component's longest path (the double sweep).
 * 3. loops = passages − cells + components, the number of independent
 *    cycles of the graph (its cyclomatic number): 0 for a perfect maze, k
 *    for a trees maze with k islands.
 * 4. One more search, from start to end, gives the solution's length:
 *    with locked doors (zones), the shortest walk that fetches the keys it
 *    needs (solve.ts, `shortestWalk`).
 * 5. Keys and doors: a locked door is a decoy when no cell beside it can
 *    be reached without its key (one search per key with every other key
 *    held): whoever reaches it already holds that key.
 *
 * The double sweep finds the exact longest path of a tree (its diameter),
 * so of a perfect maze. With loops the longest path between two cells is
 * NP-hard to find; the number reported is then the longest shortest path
 * from the cell farthest from the component's first cell: a lower bound of
 * the longest shortest path between any two cells (the graph's diameter),
 * usually equal to it.
 */
import type { Tick } from '../tick.js';
import type { Maze, Point } from './maze.js';
import { LEFT, TOP } from './maze.js';
import { breadthFirst, locksOf, reachWithKeys, searchMarks, shortestWalk } from './solve.js';

export interface MazeStats {
  width: number;
  height: number;
  /** A non-square grid's shape (hex, triangle, polar: width rings); absent for a square maze. */
  shape?: 'hex' | 'triangle' | 'polar';
  cells: number;
  /** Open walls between two cells. */
  passages: number;
  /** Cells with exactly one opening. */
  deadEnds: number;
  /** Cells with exactly two openings. */
  corridors: number;
  /** Cells with three or four openings. */
  junctions: number;
  /** Cells with no opening at all. */
  closed: number;
  /** Parts of the maze that do not reach one another. */
  components: number;
  /** Independent loops: passages − cells + components. */
  loops: number;
  /** One component and no loop: every cell reaches every other by exactly one path. */
  perfect: boolean;
  start: Point;
  end: Point;
  /** Cells on a shortest path from start to end, both included; null when the end cannot be reached. */
  solutionLength: number | null;
  /** Cells on the longest path the double sweep finds (exact when the maze is perfect). */
  longestPath: number;
  /** That path's first and last cells (`--ends farthest` picks them). */
  longestFrom: Point;
  longestTo: Point;
  /** Keys lying in the maze (zones), 0 for none. */
  keys: number;
  /** Doors (zones): every opening between two zones, locked or not. */
  doors: number;
  /** Doors that need a key, decoys included. */
  lockedDoors: number;
  /** Locked doors that never block: no cell beside them is reached without their key. */
  decoys: number;
}

/** Steps of the searches `mazeStats` makes, for a progress line: two sweeps over every cell, and the search for the end. */
export function statsSteps(maze: Pick<Maze, 'width' | 'height'>): number {
  return 3 * maze.width * maze.height;
}

export function mazeStats(maze: Maze, start: Point, end: Point, tick?: Tick): MazeStats {
  const { width, height, stride, walls } = maze;
  // a mask's cells only (SPEC "Masks"): the outside is no cell, a wall to it no passage
  const cells = maze.cellCount;
  const inside = maze.mask?.cells ?? null;
  const isIn = (c: number): boolean => inside === null || inside[c] !== 0;

  let passages = 0;
  const degreeCount = [0, 0, 0, 0, 0];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = y * stride + x;
      const c = y * width + x;
      if (!isIn(c)) continue;
      const east = x < width - 1 && (walls[t + 1]! & LEFT) === 0 && isIn(c + 1) ? 1 : 0;
      const south = y < height - 1 && (walls[t + stride]! & TOP) === 0 && isIn(c + width) ? 1 : 0;
      const west = x > 0 && (walls[t]! & LEFT) === 0 && isIn(c - 1) ? 1 : 0;
      const north = y > 0 && (walls[t]! & TOP) === 0 && isIn(c - width) ? 1 : 0;
      passages += east + south; // each passage once, from its west or north cell
      degreeCount[east + south + west + north]!++;
    }
  }

  const swept = searchMarks(maze);
  const queue = new Int32Array(cells);
  const longest = longestPath(maze, swept, queue, tick);

  const target = end[1] * stride + end[0];
  const { components } = longest;
  // With locked doors (zones) the walk that fetches its keys; else the plain search, reusing the scratch.
  const locked = locksOf(maze) !== null;
  const walk = locked ? shortestWalk(maze, start, end) : null;
  const toEnd = locked ? null : breadthFirst(maze, start[1] * stride + start[0], swept, queue, target, tick, 2 * cells);
  const loops = passages - cells + components;
  return {
    width,
    height,
    cells,
    passages,
    deadEnds: degreeCount[1]!,
    corridors: degreeCount[2]!,
    junctions: degreeCount[3]! + degreeCount[4]!,
    closed: degreeCount[0]!,
    components,
    loops,
    perfect: components === 1 && loops === 0,
    start,
    end,
    solutionLength: walk ? walk.length : toEnd && toEnd.last === target ? toEnd.depth + 1 : null,
    longestPath: longest.length,
    longestFrom: longest.ends[0],
    longestTo: longest.ends[1],
    ...keyCounts(maze, start),
  };
}

/** Keys, doors, locked doors and decoys (see step 5). */
function keyCounts(maze: Maze, start: Point): Pick<MazeStats, 'keys' | 'doors' | 'lockedDoors' | 'decoys'> {
  const doors = maze.doors ?? [];
  const counts = { keys: maze.keys?.length ?? 0, doors: doors.length, lockedDoors: 0, decoys: 0 };
  const locks = locksOf(maze);
  if (!locks) return counts;
  const all = locks.keyCount >= 31 ? -1 >>> 1 : (1 << locks.keyCount) - 1;
  const reached = new Map<number, Uint8Array>();
  const { stride, height } = maze;
  const seen = (x: number, y: number, from: Uint8Array): boolean => x >= 0 && y >= 0 && y < height && x < maze.width && from[y * stride + x] !== 0;
  for (const d of doors) {
    if (d.key === null) continue;
    counts.lockedDoors++;
    if (d.key >= locks.keyCount) continue; // no key opens it: a true lock
    let from = reached.get(d.key);
    if (!from) {
      from = reachWithKeys(maze, locks, start, all & ~(1 << d.key));
      reached.set(d.key, from);
    }
    const [bx, by] = d.side === 'top' ? [d.x, d.y - 1] : [d.x - 1, d.y];
    if (!seen(d.x, d.y, from) && !seen(bx, by, from)) counts.decoys++;
  }
  return counts;
}

/**
 * The double sweep over every component: a breadth-first search from the
 * component's first cell (in row order) ends on a farthest cell, a second
 * from there ends on the other end of its longest path. The longest over
 * all components wins, the first one found on a tie. `length` counts cells,
 * both ends included.
 */
export function longestPath(
  maze: Maze, swept = searchMarks(maze), queue = new Int32Array(maze.width * maze.height), tick?: Tick,
): { components: number; length: number; ends: [Point, Point] } {
  const { width, height, stride } = maze;
  // `seen` marks each component for good; `swept` (fresh marks, left clean)
  // is the second sweep's scratch, cleared after each component through
  // the queue that lists it.
  const seen = searchMarks(maze);
  let components = 0;
  let searched = 0; // steps of both sweeps so far, for `tick`
  let longest = 0;
  let ends: [number, number] = [0, 0];
  for (let y = 0; y < height; y++) {
    for (let t = y * stride, rowEnd = t + width; t < rowEnd; t++) {
      if (seen[t] !== 0) continue;
      components++;
      const first = breadthFirst(maze, t, seen, queue, -1, tick, searched);
      searched += 2 * first.count; // both sweeps: the second covers the same cells
      if (first.count === 1) continue;
      const second = breadthFirst(maze, first.last, swept, queue, -1, tick, searched - first.count);
      if (second.depth > longest) {
        longest = second.depth;
        ends = [first.last, second.last];
      }
      for (let i = 0; i < second.count; i++) swept[queue[i]!] = 0;
    }
  }
  const cell = (t: number): Point => [t % stride, Math.floor(t / stride)];
  return { components, length: longest + 1, ends: [cell(ends[0]), cell(ends[1])] };
}
