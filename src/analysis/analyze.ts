/**
 * How a maze is built (SPEC "Analysis and difficulty"): the measures a
 * solver and a reader of Pullen's *Think Labyrinth* ("Maze analysis",
 * "What makes a maze hard") and McClendon ("The Complexity and Difficulty
 * of a Maze", Bridges 2001) use, on any grid, read once through the
 * maze's passages (passages/view.ts) and, for the directions of a cell's
 * sides, its shape's geometry (grid/shape.ts).
 *
 * 1. Degrees: each cell's passages to other cells (an opening in the
 *    outer wall is no passage). Dead ends have one, corridors two,
 *    junctions three or more, counted by degree.
 * 2. Straight or turning: a corridor cell goes straight when the ways out
 *    of its two open sides (from its centre to each side's middle) point
 *    within 45° of opposite ways; otherwise the way turns there. Square:
 *    opposite sides go straight, any other pair turns (90°). Hex: opposite
 *    sides go straight, a 60° or 120° change of heading turns. Polar, by
 *    its rings rather than the angles (a cell whose outer ring splits has
 *    its outward sides up to 50° off its radius near the centre): in from
 *    one ring and out to another (along a radius), or on along the ring,
 *    go straight; a bend from ring to radius turns. Triangle: no two sides
 *    face each other, so a way that goes on along its row (in through one
 *    slanted side, out through the other: the line between the sides'
 *    middles runs along the row) goes straight, and one through the flat
 *    side (changing row) turns. The centre of a polar grid goes straight
 *    between two cells within 45° of opposite ways, by their centres. On
 *    levels, up and down go straight, and a stair with a way on the floor
 *    turns. A straightaway is a run of straight
 *    corridor cells next to one another; the solution's turns are counted
 *    the same way at each of its cells but the ends, whatever their degree.
 * 3. Dead ends' lengths: from each dead end, the cells walked along its
 *    corridor until the first junction (the dead end counted, the junction
 *    not); a dead end on a lone corridor with no junction counts its cells.
 * 4. The solution (a shortest path from start to end): elitism is its cells
 *    over all the maze's cells; decision points are its cells where a
 *    walker coming along it has more than one way on (the start with two
 *    or more passages, every other cell but the end with three or more);
 *    false-path cells are the cells off it.
 * 5. Bottlenecks: the cells other than the start and end that every path
 *    from start to end goes through (loops included), the articulation
 *    points separating the two: one depth-first search from the start
 *    (Hopcroft–Tarjan low points), then the cells on the tree's way from
 *    the end back to the start whose child on that way has no back edge
 *    above them. On a perfect maze every inner solution cell is one.
 * 6. Distances: every cell's steps from the start (breadth-first), −1 for
 *    a cell not reached; `render --distances` colours them.
 *
 * All in O(cells) time, a few typed arrays of the view's size.
 */
import { GraphMaze } from '../grid/graph-maze.js';
import { TopologyShape } from '../grid/topology.js';
import type { Point } from '../model/maze.js';
import type { AnyMaze, Passages } from '../passages/view.js';
import { cellPath, passagesOf } from '../passages/view.js';
import type { Tick } from '../tick.js';

export interface MazeAnalysis {
  /** Corridor cells (two passages) where the way turns, and where it goes straight (see the file's step 2). */
  turns: number;
  straightCells: number;
  /** Runs of straight corridor cells, and the longest run in cells. */
  straightaways: number;
  longestStraightaway: number;
  /** Junctions by their number of passages: `{ "3": 12, "4": 2 }`. */
  junctionsByDegree: Record<string, number>;
  /** Dead ends, and their corridors' lengths: total (a lone corridor's cells once), mean, longest (cells to the nearest junction). */
  deadEnds: number;
  deadEndCells: number;
  meanDeadEnd: number;
  longestDeadEnd: number;
  /** Cells on a shortest path from start to end, both counted; null when the end cannot be reached (and so the measures of the solution below). */
  solutionLength: number | null;
  /** Solution cells over all cells. */
  elitism: number | null;
  /** Solution cells where a walker along it has a choice. */
  decisionPoints: number | null;
  /** Where the solution turns, by the rule of step 2. */
  solutionTurns: number | null;
  /** Cells off the solution. */
  falsePathCells: number | null;
  /** Cells but the ends that every path from start to end goes through. */
  bottlenecks: number | null;
}

/** The analysis, and what a picture needs of it: the distance of every cell number from the start. */
export interface AnalysisDetail {
  analysis: MazeAnalysis;
  /** Steps from the start by the view's cell numbers, −1 where not reached or no cell. */
  distances: Int32Array;
  /** The farthest distance reached. */
  farthest: number;
  /** The solution's cells (view numbers), or null. */
  path: Int32Array | null;
}

/** The measures of a maze between two cells (its own ends by default are the caller's to give); `tick` as analyzeDetail's. */
export function analyzeMaze(maze: AnyMaze, start: Point, end: Point, tick?: Tick): MazeAnalysis {
  return analyzeDetail(maze, start, end, tick).analysis;
}

/** analyzeMaze's figures and what they were worked out from; `tick` told after each of its six passes, out of the grid's cells (its size). */
export function analyzeDetail(maze: AnyMaze, start: Point, end: Point, tick?: Tick): AnalysisDetail {
  const view = passagesOf(maze);
  const { size } = view;
  const passed = (k: number): void => tick?.(Math.round((size * k) / 6));
  const out = new Int32Array(view.maxDegree);
  const degree = new Uint8Array(size);
  let cells = 0;
  for (let c = 0; c < size; c++) {
    if (!view.isIn(c)) continue;
    cells++;
    degree[c] = view.links(c, out);
  }
  const heading = headings(maze, view);
  passed(1);

  // 1–2: junctions, and straight or turning corridors
  const junctionsByDegree: Record<string, number> = {};
  let turns = 0;
  let straightCells = 0;
  const straight = new Uint8Array(size);
  for (let c = 0; c < size; c++) {
    const d = degree[c]!;
    if (d >= 3) junctionsByDegree[String(d)] = (junctionsByDegree[String(d)] ?? 0) + 1;
    if (d !== 2) continue;
    view.links(c, out);
    if (heading.isStraight(c, out[0]!, out[1]!)) {
      straight[c] = 1;
      straightCells++;
    } else turns++;
  }
  passed(2);
  // straightaways: runs of straight cells linked to one another (a straight cell's two links lie on its line)
  let straightaways = 0;
  let longestStraightaway = 0;
  const runSeen = new Uint8Array(size);
  const stack: number[] = [];
  for (let c = 0; c < size; c++) {
    if (straight[c] === 0 || runSeen[c] !== 0) continue;
    straightaways++;
    let run = 0;
    runSeen[c] = 1;
    stack.push(c);
    while (stack.length > 0) {
      const x = stack.pop()!;
      run++;
      const k = view.links(x, out);
      for (let i = 0; i < k; i++) {
        const n = out[i]!;
        if (straight[n] === 1 && runSeen[n] === 0) {
          runSeen[n] = 1;
          stack.push(n);
        }
      }
    }
    longestStraightaway = Math.max(longestStraightaway, run);
  }
  passed(3);

  // 3: dead ends' corridors
  let deadEnds = 0;
  let deadEndCells = 0;
  let corridorCells = 0; // each dead end's corridor, a lone one from both its ends: the mean's
  let longestDeadEnd = 0;
  for (let c = 0; c < size; c++) {
    if (degree[c] !== 1) continue;
    deadEnds++;
    let previous = -1;
    let at = c;
    let length = 0;
    let lone = false;
    for (;;) {
      length++;
      const k = view.links(at, out);
      let next = -1;
      for (let i = 0; i < k; i++) if (out[i] !== previous) next = out[i]!;
      if (next < 0 || degree[next]! >= 3) break;
      if (degree[next] === 1) {
        length++; // a lone corridor: its far end too
        lone = next < c; // walked from its other end already
        break;
      }
      previous = at;
      at = next;
    }
    corridorCells += length;
    if (!lone) deadEndCells += length; // a lone corridor's cells once
    longestDeadEnd = Math.max(longestDeadEnd, length);
  }
  passed(4);

  // 6: distances from the start
  const source = view.cellAt(start);
  const target = view.cellAt(end);
  const { distances, farthest } = distancesFrom(view, source);
  passed(5);

  // 4–5: the solution
  const path = source >= 0 && target >= 0 && view.isIn(source) && view.isIn(target) ? cellPath(view, source, target) : null;
  let decisionPoints: number | null = null;
  let solutionTurns: number | null = null;
  let bottlenecks: number | null = null;
  if (path) {
    decisionPoints = 0;
    solutionTurns = 0;
    for (let i = 0; i + 1 < path.length; i++) {
      const c = path[i]!;
      if (degree[c]! >= (i === 0 ? 2 : 3)) decisionPoints++;
      if (i > 0 && !heading.isStraight(c, path[i - 1]!, path[i + 1]!)) solutionTurns++;
    }
    bottlenecks = cutCells(view, source, target, size);
  }
  const solutionLength = path ? path.length : null;
  passed(6);
  return {
    analysis: {
      turns,
      straightCells,
      straightaways,
      longestStraightaway,
      junctionsByDegree,
      deadEnds,
      deadEndCells,
      meanDeadEnd: deadEnds === 0 ? 0 : round(corridorCells / deadEnds),
      longestDeadEnd,
      solutionLength,
      elitism: solutionLength === null ? null : round(solutionLength / cells),
      decisionPoints,
      solutionTurns,
      falsePathCells: solutionLength === null ? null : cells - solutionLength,
      bottlenecks,
    },
    distances,
    farthest,
    path,
  };
}

/** Every cell's steps from `source` by the view's numbers (−1: not reached, or no cell), and the farthest. */
export function distancesFrom(view: Passages, source: number): { distances: Int32Array; farthest: number } {
  const distances = new Int32Array(view.size).fill(-1);
  if (source < 0 || !view.isIn(source)) return { distances, farthest: 0 };
  const marks = view.marks();
  const queue = new Int32Array(view.size);
  const reach = view.search(source, marks, queue);
  distances[source] = 0;
  for (let i = 1; i < reach.count; i++) {
    const c = queue[i]!;
    distances[c] = distances[view.back(c, marks[c]!)]! + 1;
  }
  return { distances, farthest: reach.depth };
}

/** Four decimals: a figure that reads the same on every machine. */
function round(v: number): number {
  return Math.round(v * 10_000) / 10_000;
}

/** Whether the way a → c → b goes straight through c (the file's step 2). */
interface Headings {
  isStraight(c: number, a: number, b: number): boolean;
}

/** cos 135°: ways out within 45° of opposite go straight. */
const OPPOSITE = -Math.SQRT1_2;

function headings(maze: AnyMaze, view: Passages): Headings {
  const sideTo = (a: number, b: number): number => {
    for (let s = 0; s < view.maxDegree; s++) if (view.across(a, s) === b) return s;
    return -1;
  };
  if (!(maze instanceof GraphMaze)) {
    // straight when the steps in and out are the same (cells are tiles: ±1 across, ±stride down)
    return { isStraight: (c, a, b) => c - a === b - c };
  }
  const { shape } = maze;
  const middle = (c: number, s: number): [number, number] => {
    const line = shape.side(c, s);
    const last = line.length - 2;
    return [(line[0]! + line[last]!) / 2, (line[1]! + line[last + 1]!) / 2];
  };
  /** Whether the ways from [cx, cy] to [ax, ay] and to [bx, by] point within 45° of opposite. */
  const opposite = ([cx, cy]: readonly number[], [ax, ay]: readonly number[], [bx, by]: readonly number[]): boolean =>
    ((ax! - cx!) * (bx! - cx!) + (ay! - cy!) * (by! - cy!)) / Math.hypot(ax! - cx!, ay! - cy!) / Math.hypot(bx! - cx!, by! - cy!) < OPPOSITE;
  if (shape.name === 'polar') {
    // by rings: in and out along a radius, or on along a ring, go straight; through the centre, by the angle
    const ring = (c: number): number => shape.pointOf(c)[1];
    return {
      isStraight: (c, a, b) => {
        const r = ring(c);
        if (r === 0) return opposite(shape.center(c), shape.center(a), shape.center(b));
        return ring(a) === r ? ring(b) === r : ring(b) !== r && ring(a) !== ring(b);
      },
    };
  }
  if (shape.name === 'triangle') {
    // along the row: the line between the two sides' middles runs level
    return {
      isStraight: (c, a, b) => {
        const [ax, ay] = middle(c, sideTo(c, a));
        const [bx, by] = middle(c, sideTo(c, b));
        return Math.abs(ay - by) < 0.1 * Math.abs(ax - bx);
      },
    };
  }
  // levels: a stair's slot is past the floor's sides; up and down go straight, a stair and a way on the floor turn
  const floorSides = shape instanceof TopologyShape && shape.levels > 1 ? shape.baseDegree : Infinity;
  return {
    isStraight: (c, a, b) => {
      const stairs = +(sideTo(c, a) >= floorSides) + +(sideTo(c, b) >= floorSides);
      if (stairs > 0) return stairs === 2;
      return opposite(shape.center(c), middle(c, sideTo(c, a)), middle(c, sideTo(c, b)));
    },
  };
}

/**
 * The cells other than source and target that separate them (step 5): an
 * iterative depth-first search from the source gives each cell its
 * discovery time and low point; walking the tree from the target up, a
 * cell v whose child w on that way has low[w] ≥ disc[v] cuts every path.
 */
function cutCells(view: Passages, source: number, target: number, size: number): number {
  const disc = new Int32Array(size).fill(-1);
  const low = new Int32Array(size);
  const parent = new Int32Array(size).fill(-1);
  const next = new Uint8Array(size); // the next link to try, per cell on the stack
  const links = new Int32Array(view.maxDegree);
  const stack = new Int32Array(size);
  let top = 0;
  let time = 0;
  disc[source] = low[source] = time++;
  stack[top++] = source;
  while (top > 0) {
    const v = stack[top - 1]!;
    const k = view.links(v, links);
    const i = next[v]!;
    if (i < k) {
      next[v] = i + 1;
      const w = links[i]!;
      if (disc[w] === -1) {
        parent[w] = v;
        disc[w] = low[w] = time++;
        stack[top++] = w;
      } else if (w !== parent[v]) low[v] = Math.min(low[v]!, disc[w]!);
      continue;
    }
    top--;
    const p = parent[v]!;
    if (p >= 0) low[p] = Math.min(low[p]!, low[v]!);
  }
  if (disc[target] === -1) return 0;
  let cuts = 0;
  for (let w = target, v = parent[target]!; v >= 0 && v !== source; w = v, v = parent[v]!) {
    if (low[w]! >= disc[v]!) cuts++;
  }
  return cuts;
}
