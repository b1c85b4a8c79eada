/**
 * What a square maze's model does (solve.ts, stats.ts, ends.ts, braid.ts),
 * for a maze on a non-square grid (grid/graph-maze.ts): the same rules,
 * read through the shape's neighbours instead of the seed's walls.
 *
 * - Breadth-first search over open passages gives the solution, the
 *   double sweep's longest path (exact on a perfect maze) and the farthest
 *   ends.
 * - Corner ends are the cells whose centres are nearest the picture's
 *   top-left and bottom-right corners (ties to the smaller row, then
 *   column); random ends are two cells on the rim; openings open the rim
 *   cell's outer side that faces most away from the picture's centre.
 * - Braiding opens one closed side of a share of the dead ends, into
 *   another dead end when it can (theseus's rule), as braid.ts does.
 */
import type { GraphMaze } from '../grid/graph-maze.js';
import type { Rng } from '../rng.js';
import { braidView } from './braid.js';
import type { Point } from './maze.js';
import type { MazeStats } from './stats.js';

/** Distances from `source` along open passages (−1: not reached), and each cell's parent on the way. */
export function graphSearch(maze: GraphMaze, source: number): { distance: Int32Array; parent: Int32Array; last: number } {
  const n = maze.cellCount;
  const distance = new Int32Array(n).fill(-1);
  const parent = new Int32Array(n).fill(-1);
  const queue = new Int32Array(n);
  const out = new Int32Array(maze.shape.maxDegree);
  let head = 0;
  let tail = 0;
  distance[source] = 0;
  queue[tail++] = source;
  let last = source;
  while (head < tail) {
    const c = queue[head++]!;
    last = c;
    const k = maze.links(c, out);
    for (let i = 0; i < k; i++) {
      const m = out[i]!;
      if (distance[m] !== -1) continue;
      distance[m] = distance[c]! + 1;
      parent[m] = c;
      queue[tail++] = m;
    }
  }
  return { distance, parent, last };
}

/** The cells of a shortest path from start to end, both included, or null when none. */
export function graphPath(maze: GraphMaze, start: number, end: number): number[] | null {
  const { distance, parent } = graphSearch(maze, start);
  if (distance[end] === -1) return null;
  const path: number[] = [];
  for (let c = end; c !== -1; c = parent[c]!) path.push(c);
  return path.reverse();
}

/** A point's cell, which must be in the maze. */
function cellOf(maze: GraphMaze, point: Point): number {
  const c = maze.cellAt(point);
  if (c < 0 || !maze.isIn(c)) throw new RangeError(`no cell of the maze at ${point.join(',')}`);
  return c;
}

/** Find and store the shortest path from start to end (and the ends themselves). */
export function solveGraph(maze: GraphMaze, start: Point, end: Point): void {
  const path = graphPath(maze, cellOf(maze, start), cellOf(maze, end));
  maze.start = start;
  maze.end = end;
  maze.solution = path === null ? null : path.map((c) => maze.pointOf(c));
}

/** The cells whose centres are nearest the picture's top-left and bottom-right corners. */
export function graphCornerEnds(maze: GraphMaze): { start: Point; end: Point } {
  const { shape } = maze;
  const nearest = (tx: number, ty: number): Point => {
    let best = -1;
    let bestDistance = Infinity;
    let bestPoint: Point = [0, 0];
    for (let c = 0; c < maze.cellCount; c++) {
      if (!maze.isIn(c)) continue;
      const [cx, cy] = shape.center(c);
      const d = (cx - tx) ** 2 + (cy - ty) ** 2;
      const p = shape.pointOf(c);
      // within rounding, the smaller row, then column
      if (d < bestDistance - 1e-9 || (Math.abs(d - bestDistance) <= 1e-9 && (p[1] < bestPoint[1] || (p[1] === bestPoint[1] && p[0] < bestPoint[0])))) {
        best = c;
        bestDistance = Math.min(d, bestDistance);
        bestPoint = p;
      }
    }
    if (best < 0) throw new RangeError('a maze with no cell');
    return bestPoint;
  };
  return { start: nearest(0, 0), end: nearest(shape.extent.width, shape.extent.height) };
}

/** The two ends of the longest path the double sweep finds. */
export function graphFarthestEnds(maze: GraphMaze): { start: Point; end: Point } {
  const first = firstIn(maze);
  const a = graphSearch(maze, first).last;
  const b = graphSearch(maze, a).last;
  return { start: maze.pointOf(a), end: maze.pointOf(b) };
}

/** `farthestRimEnds` on a graph maze: the double sweep, each sweep ending on the farthest rim cell (`outerSide`). */
export function graphFarthestRimEnds(maze: GraphMaze): { start: Point; end: Point } {
  const rim: number[] = [];
  for (let c = 0; c < maze.cellCount; c++) if (maze.isIn(c) && outerSide(maze, c) >= 0) rim.push(c);
  if (rim.length === 0) return graphFarthestEnds(maze);
  const farthestRim = (source: number): number => {
    const { distance } = graphSearch(maze, source);
    let best = source;
    for (const c of rim) if (distance[c]! > distance[best]!) best = c;
    return best;
  };
  const a = farthestRim(rim[0]!);
  const b = farthestRim(a);
  return { start: maze.pointOf(a), end: maze.pointOf(b) };
}

function firstIn(maze: GraphMaze): number {
  for (let c = 0; c < maze.cellCount; c++) if (maze.isIn(c)) return c;
  throw new RangeError('a maze with no cell');
}

/** The rim cell's outer side facing most away from the picture's centre, or −1 when the cell is not on the rim. */
export function outerSide(maze: GraphMaze, cell: number): number {
  const { shape } = maze;
  const [cx, cy] = shape.center(cell);
  const mx = shape.extent.width / 2;
  const my = shape.extent.height / 2;
  let best = -1;
  let bestScore = -Infinity;
  for (let s = 0; s < shape.maxDegree; s++) {
    if (!shape.hasSide(cell, s)) continue;
    const n = shape.neighbor(cell, s);
    if (n >= 0 && maze.isIn(n)) continue;
    const line = shape.side(cell, s);
    const last = line.length - 2;
    const sx = (line[0]! + line[last]!) / 2 - cx;
    const sy = (line[1]! + line[last + 1]!) / 2 - cy;
    const score = (sx * (cx - mx) + sy * (cy - my)) / Math.hypot(sx, sy);
    if (score > bestScore + 1e-9) {
      best = s;
      bestScore = score;
    }
  }
  return best;
}

/** Two different rim cells at random (one when the maze has one cell). */
export function graphRandomEnds(maze: GraphMaze, rng: Rng): { start: Point; end: Point } {
  const rim: number[] = [];
  for (let c = 0; c < maze.cellCount; c++) if (maze.isIn(c) && outerSide(maze, c) >= 0) rim.push(c);
  const a = rng.below(rim.length);
  let b = rim.length > 1 ? rng.below(rim.length - 1) : a;
  if (rim.length > 1 && b >= a) b++;
  return { start: maze.pointOf(rim[a]!), end: maze.pointOf(rim[b]!) };
}

/** Open the outer wall beside the start and the end, when they are on the rim; how many opened. */
export function openGraphBorder(maze: GraphMaze): number {
  let opened = 0;
  for (const point of [maze.start, maze.end]) {
    if (point === null) continue;
    const c = maze.cellAt(point);
    const s = c < 0 ? -1 : outerSide(maze, c);
    if (s >= 0 && (maze.passages[c]! & (1 << s)) === 0) {
      maze.passages[c]! |= 1 << s;
      opened++;
    }
  }
  return opened;
}

/** Braid in place: open one closed inner side of `share` of the dead ends (braid.ts's braiding, through the shape's view). */
export function braidGraph(maze: GraphMaze, share: number, rng: Rng): void {
  const { shape } = maze;
  const out = new Int32Array(shape.maxDegree);
  braidView(
    {
      count: maze.cellCount,
      degree: (c) => (maze.isIn(c) ? maze.links(c, out) : 0),
      closedInto(c, into) {
        into.length = 0;
        for (let s = 0; s < shape.maxDegree; s++) {
          const n = shape.neighbor(c, s);
          if (n >= 0 && maze.isIn(n) && !maze.isOpen(c, s)) into.push(n);
        }
      },
      open: (c, n) => maze.open(c, n),
    },
    share,
    rng,
  );
}

/** How many parts a graph maze's cells fall into: one flood per part over one shared mark and queue, so linear however many parts (every passage closed is a part a cell). */
function graphComponents(maze: GraphMaze): number {
  const seen = new Uint8Array(maze.cellCount);
  const queue = new Int32Array(maze.cellCount);
  const out = new Int32Array(maze.shape.maxDegree);
  let components = 0;
  for (let c = 0; c < maze.cellCount; c++) {
    if (!maze.isIn(c) || seen[c]) continue;
    components++;
    seen[c] = 1;
    let head = 0;
    let tail = 0;
    queue[tail++] = c;
    while (head < tail) {
      const k = maze.links(queue[head++]!, out);
      for (let i = 0; i < k; i++) {
        const n = out[i]!;
        if (!seen[n]) {
          seen[n] = 1;
          queue[tail++] = n;
        }
      }
    }
  }
  return components;
}

/** What `maze stats` says of a graph maze, as mazeStats says of a square one (no keys or doors). */
export function graphStats(maze: GraphMaze, start: Point, end: Point): MazeStats {
  const out = new Int32Array(maze.shape.maxDegree);
  let cells = 0;
  let sides = 0;
  let deadEnds = 0;
  let corridors = 0;
  let junctions = 0;
  let closed = 0;
  for (let c = 0; c < maze.cellCount; c++) {
    if (!maze.isIn(c)) continue;
    cells++;
    const d = maze.links(c, out);
    sides += d;
    if (d === 0) closed++;
    else if (d === 1) deadEnds++;
    else if (d === 2) corridors++;
    else junctions++;
  }
  const passages = sides / 2;
  const components = graphComponents(maze);
  // the double sweep within the first component
  const first = firstIn(maze);
  const a = graphSearch(maze, first).last;
  const sweep = graphSearch(maze, a);
  const path = graphPath(maze, cellOf(maze, start), cellOf(maze, end));
  const loops = passages - cells + components;
  return {
    width: maze.width,
    height: maze.height,
    shape: maze.shapeName,
    cells,
    passages,
    deadEnds,
    corridors,
    junctions,
    closed,
    components,
    loops,
    perfect: components === 1 && loops === 0,
    start,
    end,
    solutionLength: path === null ? null : path.length,
    longestPath: sweep.distance[sweep.last]! + 1,
    longestFrom: maze.pointOf(a),
    longestTo: maze.pointOf(sweep.last),
    keys: 0,
    doors: 0,
    lockedDoors: 0,
    decoys: 0,
  };
}
