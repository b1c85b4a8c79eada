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
 *
 * Every count reads the maze through its passages (view.ts), so a
 * square maze and a hex, triangle or polar one are measured alike.
 */
import { GraphMaze } from '../grid/graph-maze.js';
import { SquareLattice, TopologyShape } from '../grid/topology.js';
import type { Tick } from '../tick.js';
import type { Maze, Point } from '../model/maze.js';
import type { AnyMaze } from './view.js';
import { passagesOf } from './view.js';
import { locksOf, reachWithout, shortestWalk } from './solve.js';

export interface MazeStats {
  width: number;
  height: number;
  /** A non-square grid's shape (hex, triangle, polar: width rings); absent for a square maze. */
  shape?: 'square' | 'hex' | 'triangle' | 'polar';
  /** A topology's (SPEC "Topologies"), only when it has them: its levels, its wrapped edges, its crossings. */
  levels?: number;
  wrap?: 'x' | 'y' | 'xy';
  crossings?: number;
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
export function statsSteps(maze: AnyMaze | Pick<Maze, 'width' | 'height'>): number {
  return 3 * (maze instanceof GraphMaze ? maze.cellCount : maze.width * maze.height);
}

export function mazeStats(maze: AnyMaze, start: Point, end: Point, tick?: Tick): MazeStats {
  const view = passagesOf(maze);
  // a mask's cells only (SPEC "Masks"): the outside is no cell, a wall to it no passage
  const out = new Int32Array(view.maxDegree);
  let cells = 0;
  let sides = 0;
  const degreeCount = new Array<number>(view.maxDegree + 1).fill(0);
  for (let c = 0; c < view.size; c++) {
    if (!view.isIn(c)) continue;
    cells++;
    const d = view.links(c, out);
    sides += d;
    degreeCount[d]!++;
  }
  const passages = sides / 2; // each passage from both of its cells

  const swept = view.marks();
  const queue = new Int32Array(view.size);
  const longest = longestPath(maze, swept, queue, tick);

  const source = view.cellAt(start);
  const target = view.cellAt(end);
  const { components } = longest;
  // With locked doors (zones) the walk that fetches its keys; else the plain search, reusing the scratch.
  const square = maze instanceof GraphMaze ? null : maze;
  const locked = square !== null && locksOf(square) !== null;
  const walk = locked ? shortestWalk(square!, start, end) : null;
  const toEnd = locked ? null : view.search(source, swept, queue, target, tick, 2 * cells);
  const loops = passages - cells + components;
  let junctions = 0;
  for (let d = 3; d < degreeCount.length; d++) junctions += degreeCount[d]!;
  return {
    width: maze.width,
    height: maze.height,
    ...(maze instanceof GraphMaze ? { shape: maze.shapeName } : {}),
    ...(maze instanceof GraphMaze && maze.shape instanceof TopologyShape ? topologyFigures(maze.shape) : {}),
    cells,
    passages,
    deadEnds: degreeCount[1]!,
    corridors: degreeCount[2]!,
    junctions,
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
    ...(square ? keyCounts(square, start) : { keys: 0, doors: 0, lockedDoors: 0, decoys: 0 }),
  };
}

/** Keys, doors, locked doors and decoys (see step 5). */
function keyCounts(maze: Maze, start: Point): Pick<MazeStats, 'keys' | 'doors' | 'lockedDoors' | 'decoys'> {
  const doors = maze.doors ?? [];
  const counts = { keys: maze.keys?.length ?? 0, doors: doors.length, lockedDoors: 0, decoys: 0 };
  const locks = locksOf(maze);
  if (!locks) return counts;
  const reached = new Map<number, Uint8Array>();
  const { stride, height } = maze;
  const seen = (x: number, y: number, from: Uint8Array): boolean => x >= 0 && y >= 0 && y < height && x < maze.width && from[y * stride + x] !== 0;
  for (const d of doors) {
    if (d.key === null) continue;
    counts.lockedDoors++;
    if (d.key >= locks.keyCount) continue; // no key opens it: a true lock
    let from = reached.get(d.key);
    if (!from) {
      from = reachWithout(maze, locks, start, d.key);
      reached.set(d.key, from);
    }
    const [bx, by] = d.side === 'top' ? [d.x, d.y - 1] : [d.x - 1, d.y];
    if (!seen(d.x, d.y, from) && !seen(bx, by, from)) counts.decoys++;
  }
  return counts;
}

/**
 * The double sweep over every component: a breadth-first search from the
 * component's first cell (in cell order) ends on a farthest cell, a second
 * from there ends on the other end of its longest path. The longest over
 * all components wins, the first one found on a tie. `length` counts cells,
 * both ends included. `swept` and `queue`, when given, are the view's
 * fresh marks and a queue of its size.
 */
export function longestPath(maze: AnyMaze, swept?: Uint8Array, queue?: Int32Array, tick?: Tick): { components: number; length: number; ends: [Point, Point] } {
  const view = passagesOf(maze);
  swept ??= view.marks();
  queue ??= new Int32Array(view.size);
  // `seen` marks each component for good; `swept` (fresh marks, left clean)
  // is the second sweep's scratch, cleared after each component through
  // the queue that lists it.
  const seen = view.marks();
  let components = 0;
  let searched = 0; // steps of both sweeps so far, for `tick`
  let longest = 0;
  let ends: [number, number] = [-1, -1];
  for (let c = 0; c < view.size; c++) {
    if (seen[c] !== 0) continue;
    components++;
    const first = view.search(c, seen, queue, -1, tick, searched);
    searched += 2 * first.count; // both sweeps: the second covers the same cells
    if (ends[0] < 0) ends = [c, c];
    if (first.count === 1) continue;
    const second = view.search(first.last, swept, queue, -1, tick, searched - first.count);
    if (second.depth > longest) {
      longest = second.depth;
      ends = [first.last, second.last];
    }
    for (let i = 0; i < second.count; i++) swept[queue[i]!] = 0;
  }
  if (ends[0] < 0) ends = [0, 0];
  return { components, length: longest + 1, ends: [view.pointOf(ends[0]), view.pointOf(ends[1])] };
}

/** A topology's figures for the stats, each only when it has it. */
function topologyFigures(shape: TopologyShape): Pick<MazeStats, 'levels' | 'wrap' | 'crossings'> {
  const figures: Pick<MazeStats, 'levels' | 'wrap' | 'crossings'> = {};
  if (shape.levels > 1) figures.levels = shape.levels;
  if (shape.base instanceof SquareLattice && (shape.base.wrapX || shape.base.wrapY)) figures.wrap = shape.base.wrapX ? (shape.base.wrapY ? 'xy' : 'x') : 'y';
  if (shape.crossings.length > 0) figures.crossings = shape.crossings.length;
  return figures;
}
