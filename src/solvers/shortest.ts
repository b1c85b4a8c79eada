/**
 * The shortest-path family (Walter Pullen, Think Labyrinth, "Maze solving
 * algorithms": "Shortest path finder", "Shortest paths finder", "Collision
 * solver"; A* as Jamis Buck's theseus runs it, solvers/astar.rb, after
 * Hart, Nilsson and Raphael 1968).
 *
 * - `shortest`: breadth-first search from the start until it reaches the
 *   end, then back along the way each cell was reached: today's `--solve`,
 *   byte for byte, through locked doors only holding their keys
 *   (passages/solve.ts, `keyedWalk`) on a keys-and-doors maze.
 * - `shortest-all`: every shortest path at once: a cell is on one when its
 *   distance from the start plus its distance from the end is the length
 *   of the shortest path (two breadth-first searches).
 * - `astar`: the open cells ordered by f = g + h, g the steps walked from
 *   the start, h the grid's own distance to the end, never more than the
 *   steps left: on the square grid the Manhattan distance, on any other
 *   the straight distance between centres over the longest step between
 *   neighbours' centres. Ties go to the deeper cell.
 * - `collision` (Pullen's "amoeba"): flood from the start so that equal
 *   distances fill at the same time; where two fronts meet a wall goes up:
 *   in a passage whose two cells are equally far (the fronts meet halfway),
 *   and at a cell other than the end that the flood reaches but flows on
 *   from nowhere (the fronts meet in it: Daedalus walls a corridor cell so;
 *   here a junction where every front stops is walled too). Then the new
 *   dead ends are filled, and the flood runs again until nothing changes.
 *   What remains is the union of the shortest paths. Daedalus solve.cpp,
 *   DoMarkCollisions and SolveMazeFillCollisions.
 */
import { GraphMaze } from '../grid/graph-maze.js';
import type { Maze } from '../model/maze.js';
import { keyedWalk, locksOf } from '../passages/solve.js';
import type { Board } from './board.js';
import { CellList, countIn, distances, pathDown, stepsOf } from './board.js';
import { fillDeadEnds } from './fillers.js';
import type { Run, Solver } from './types.js';
import { STEP, TONE } from './types.js';

export const shortest: Solver = {
  name: 'shortest',
  description: 'breadth-first search (through locked doors only holding their keys): the shortest path',
  solve(board, context): Run {
    const { maze, view, start, end } = board;
    const locks = maze instanceof GraphMaze ? null : locksOf(maze);
    if (locks) {
      // the walk may go back through a cell to fetch a key: it enters some more than once; the search looked at more cells than it
      const seen: { marks?: Map<number, Uint8Array> } = {};
      const path = keyedWalk(maze as Maze, locks, view.pointOf(start), view.pointOf(end), seen);
      // the cells it looked at, holding any keys (the frame column's marks are no cell's)
      const reached = new Uint8Array(view.size);
      for (const marks of seen.marks?.values() ?? []) for (let c = 0; c < reached.length; c++) if (marks[c] !== 0 && view.isIn(c)) reached[c] = 1;
      const entered = new Uint32Array(view.size);
      let mostVisits = 1;
      for (const c of path ?? []) mostVisits = Math.max(mostVisits, ++entered[c]!);
      return { outcome: path ? 'found' : 'no-path', path, steps: stepsOf(STEP.SEE, path ?? []), visited: reached.reduce((n, r) => n + r, 0), mostVisits };
    }
    // passages/view.ts cellPath, keeping what the search reached for the steps
    const marks = view.marks();
    const queue = new Int32Array(view.size);
    const reach = view.search(start, marks, queue, end, context.tick);
    const tones = new Uint8Array(view.size);
    for (let i = 0; i < reach.count; i++) tones[queue[i]!] = TONE.SEEN;
    const steps = stepsOf(STEP.SEE, queue, reach.count);
    if (reach.last !== end) return { outcome: 'no-path', path: null, steps, visited: reach.count, tones };
    const path = new Int32Array(reach.depth + 1);
    let c = end;
    for (let i = reach.depth; i > 0; i--) {
      path[i] = c;
      c = view.back(c, marks[c]!);
    }
    path[0] = c;
    return { outcome: 'found', path, steps, visited: reach.count, tones };
  },
};

/** The cells on some shortest path from the board's start to its end, over `open`, as tones (TONE.PATHS), or null when none joins them. */
export function shortestPathCells(board: Board, open: Uint8Array = board.open): Uint8Array | null {
  const fromStart = distances(board, board.start, open);
  const fromEnd = distances(board, board.end, open);
  const length = fromStart[board.end]!;
  if (length < 0) return null;
  const on = new Uint8Array(board.size);
  for (let c = 0; c < board.size; c++) if (fromStart[c]! >= 0 && fromStart[c]! + fromEnd[c]! === length) on[c] = TONE.PATHS;
  return on;
}

export const shortestAll: Solver = {
  name: 'shortest-all',
  description: 'every shortest path: all their cells',
  solve(board): Run {
    const order = new CellList();
    const fromStart = distances(board, board.start, board.open, order);
    const fromEnd = distances(board, board.end);
    const length = fromStart[board.end]!;
    if (length < 0) return { outcome: 'no-path', path: null, steps: new Int32Array(0), visited: order.length };
    const tones = new Uint8Array(board.size);
    const cells = new CellList();
    // the cells in order of distance from the start: the paths spread as the search did
    for (let i = 0; i < order.length; i++) {
      const c = order.at(i);
      if (fromStart[c]! + fromEnd[c]! === length) {
        tones[c] = TONE.PATHS;
        cells.push(c);
      }
    }
    return { outcome: 'found', path: pathDown(board, fromStart, board.end), tones, steps: stepsOf(STEP.ON_PATHS, cells.toArray()), visited: order.length };
  },
};

export const astar: Solver = {
  name: 'astar',
  description: "A* with the grid's own distance: the path, the cells it expanded",
  solve(board): Run {
    const { size, degree, start, end, open, view } = board;
    const h = estimate(board);
    const g = new Int32Array(size).fill(-1);
    const from = new Int32Array(size).fill(-1);
    const closed = new Uint8Array(size);
    const heap = new OpenSet();
    const expanded = new CellList();
    const tones = new Uint8Array(size);
    g[start] = 0;
    heap.push(h(start), 0, start);
    while (heap.size > 0) {
      const c = heap.pop();
      if (closed[c]) continue;
      closed[c] = 1;
      expanded.push(c);
      tones[c] = TONE.SEEN;
      if (c === end) break;
      const bits = open[c]!;
      for (let s = 0; s < degree; s++) {
        if (((bits >> s) & 1) === 0) continue;
        const n = view.across(c, s);
        const d = g[c]! + 1;
        if (closed[n] || (g[n]! >= 0 && g[n]! <= d)) continue;
        g[n] = d;
        from[n] = c;
        heap.push(d + h(n), d, n);
      }
    }
    const steps = stepsOf(STEP.SEE, expanded.toArray());
    if (!closed[end]) return { outcome: 'no-path', path: null, tones, steps, visited: expanded.length };
    const path = new Int32Array(g[end]! + 1);
    for (let i = path.length - 1, c = end; i >= 0; i--, c = from[c]!) path[i] = c;
    return { outcome: 'found', path, tones, steps, visited: expanded.length };
  },
};

/** A*'s h: steps to the end, never overestimated. */
function estimate(board: Board): (c: number) => number {
  const { view, end, maze } = board;
  if (!(maze instanceof GraphMaze)) {
    const [ex, ey] = view.pointOf(end);
    return (c) => {
      const [x, y] = view.pointOf(c);
      return Math.abs(x - ex) + Math.abs(y - ey);
    };
  }
  // the longest step between neighbours' centres: no step covers more of the straight distance
  let longest = 0;
  for (let c = 0; c < board.size; c++) {
    if (!view.isIn(c)) continue;
    const [cx, cy] = board.centre(c);
    for (let s = 0; s < board.degree; s++) {
      const n = view.across(c, s);
      if (n < 0) continue;
      const [nx, ny] = board.centre(n);
      longest = Math.max(longest, Math.hypot(nx - cx, ny - cy));
    }
  }
  const [ex, ey] = board.centre(end);
  return (c) => {
    const [x, y] = board.centre(c);
    return longest > 0 ? Math.hypot(x - ex, y - ey) / longest : 0;
  };
}

/** A binary heap of cells by f, ties to the larger g (the deeper cell), then the smaller cell. */
class OpenSet {
  private f: number[] = [];
  private g: number[] = [];
  private c: number[] = [];

  get size(): number {
    return this.c.length;
  }

  private less(i: number, j: number): boolean {
    const { f, g, c } = this;
    if (f[i]! !== f[j]!) return f[i]! < f[j]!;
    if (g[i]! !== g[j]!) return g[i]! > g[j]!;
    return c[i]! < c[j]!;
  }

  private swap(i: number, j: number): void {
    for (const a of [this.f, this.g, this.c]) [a[i], a[j]] = [a[j]!, a[i]!];
  }

  push(f: number, g: number, c: number): void {
    this.f.push(f);
    this.g.push(g);
    this.c.push(c);
    let i = this.c.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.less(i, parent)) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  pop(): number {
    const top = this.c[0]!;
    const last = this.c.length - 1;
    this.swap(0, last);
    this.f.pop();
    this.g.pop();
    this.c.pop();
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < last && this.less(l, m)) m = l;
      if (r < last && this.less(r, m)) m = r;
      if (m === i) break;
      this.swap(i, m);
      i = m;
    }
    return top;
  }
}

export const collision: Solver = {
  name: 'collision',
  description: 'floods from the start, walling where fronts collide, then fills dead ends, until only the shortest paths remain',
  solve(board): Run {
    const { size, degree, start, end, view } = board;
    const open = board.open.slice();
    const tones = new Uint8Array(size);
    const order = new CellList();
    if (distances(board, start)[end]! < 0) return { outcome: 'no-path', path: null, steps: new Int32Array(0), visited: 1 };
    const wall = (c: number, s: number): void => {
      const n = view.across(c, s);
      open[c]! &= ~(1 << s);
      open[n]! &= ~(1 << board.slotTo(n, c));
    };
    for (let changed = true; changed; ) {
      changed = false;
      const dist = distances(board, start, open);
      for (let c = 0; c < size; c++) {
        if (dist[c]! < 0) continue;
        let flowsOn = false;
        for (let s = 0; s < degree; s++) {
          if (((open[c]! >> s) & 1) === 0) continue;
          const n = view.across(c, s);
          // fronts meeting halfway along a passage
          if (dist[n] === dist[c] && n > c) {
            wall(c, s);
            changed = true;
          } else if (dist[n]! > dist[c]!) flowsOn = true;
        }
        // fronts meeting in a cell the flood goes on from nowhere
        if (!flowsOn && c !== end && c !== start && open[c] !== 0) {
          for (let s = 0; s < degree; s++) if ((open[c]! >> s) & 1) wall(c, s);
          changed = true;
        }
      }
      if (fillDeadEnds(board, open, tones, order, TONE.FILLED) > 0) changed = true;
    }
    const onPaths = shortestPathCells(board, open)!;
    const steps = new CellList();
    for (let i = 0; i < order.length; i++) {
      steps.push(STEP.FILL);
      steps.push(order.at(i));
    }
    for (let c = 0; c < size; c++) {
      if (!onPaths[c]) continue;
      tones[c] = TONE.PATHS;
      steps.push(STEP.ON_PATHS);
      steps.push(c);
    }
    const dist = distances(board, start, open);
    return { outcome: 'found', path: pathDown(board, dist, end, open), tones, steps: steps.toArray(), visited: countIn(board) };
  },
};

