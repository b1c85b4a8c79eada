/**
 * The geometry of a drawn solution, shared by every format the way
 * geometry.ts shares the walls.
 *
 * The path is cut into straight runs of cells (`pathRuns`): a turn ends one
 * run and starts the next on the same cell. Pictures draw each run as one
 * rectangle of `--path-color` through the cell centers (`pathRectangles`):
 *
 * - the line is p = max(1, ⌊(tile − wall) / 3⌋) pixels wide, a third of the
 *   free space of a cell;
 * - cell (x, y) has the p × p center square starting at pixel
 *   (x·tile + wall + o, y·tile + wall + o), with o = ⌊(tile − wall − p) / 2⌋;
 * - a run from cell a to cell b covers the bounding box of the center
 *   squares of a and b.
 *
 * Those pixels lie in the cells' free space and in the open walls between
 * consecutive cells (their middle, never a corner square), which no active
 * wall paints: the path is drawn after the walls and covers none of them,
 * and a maze without a solution is drawn exactly as before.
 *
 * Text draws the path cell by cell (`pathRows`): each cell knows which of
 * its four sides the path leaves by.
 */
import type { Maze, Point } from '../model/maze.js';
import { stepDirection } from '../model/maze.js';
import type { RenderOptions } from './types.js';

/** Sides a path cell connects to, as the ASCII junction masks: up, right, down, left (bit d for Direction d). */
export const PATH_UP = 1;
export const PATH_RIGHT = 2;
export const PATH_DOWN = 4;
export const PATH_LEFT = 8;
/** The cell is the first or the last of the path. */
export const PATH_END = 16;

/**
 * The solution as straight runs of cells, four integers a run (x0, y0, x1,
 * y1, with x0 ≤ x1 and y0 ≤ y1; one of the two spans is a single cell).
 * A step that is not to a neighbor cell (a hand-made JSON file may hold
 * one) is not drawn: the run stops and the next starts there.
 */
export function pathRuns(maze: Pick<Maze, 'solution'>): Int32Array {
  const path = maze.solution ?? [];
  // no more runs than points: written in place (a random mouse's walk has 2^24)
  const runs = new Int32Array(4 * path.length);
  let n = 0;
  let i = 0;
  while (i < path.length) {
    const [ax, ay] = path[i]!;
    let j = i;
    const dir = i + 1 < path.length ? stepDirection(path[i]!, path[i + 1]!) : -1;
    if (dir >= 0) while (j + 1 < path.length && stepDirection(path[j]!, path[j + 1]!) === dir) j++;
    const [bx, by] = path[j]!;
    runs[n++] = Math.min(ax, bx);
    runs[n++] = Math.min(ay, by);
    runs[n++] = Math.max(ax, bx);
    runs[n++] = Math.max(ay, by);
    // the next run starts on this run's last cell, or after it when the step from there is no step
    i = j > i && j + 1 < path.length && stepDirection(path[j]!, path[j + 1]!) >= 0 ? j : j + 1;
  }
  return runs.slice(0, n);
}

/**
 * Runs (pathRuns) each once, in the order first met, on a maze `width`
 * cells wide: a walker goes down its corridors again and again (a random
 * mouse up to 2^24 moves), and a run of one colour drawn twice is drawn
 * once.
 */
export function distinctRuns(runs: Int32Array, width: number, height: number): Int32Array {
  const cells = width * height;
  const seen = new Set<number>();
  const out = new Int32Array(runs.length);
  let n = 0;
  for (let i = 0; i < runs.length; i += 4) {
    // its two end cells: at most 2^24 each (a solved maze's bound), so the key is exact
    const key = (runs[i + 1]! * width + runs[i]!) * cells + runs[i + 3]! * width + runs[i + 2]!;
    if (seen.has(key)) continue;
    seen.add(key);
    out.set(runs.subarray(i, i + 4), n);
    n += 4;
  }
  return out.slice(0, n);
}

/** Width of the drawn path in pixels. */
export function pathWidth(options: Pick<RenderOptions, 'tile' | 'wall'>): number {
  return Math.max(1, Math.floor((options.tile - options.wall) / 3));
}

/**
 * The path's pixel rectangles, four integers each: x0, y0, x1, y1, ends
 * excluded. Rectangles of one path may overlap (at its turns).
 */
export function pathRectangles(maze: Pick<Maze, 'solution'>, options: Pick<RenderOptions, 'tile' | 'wall'>): Int32Array {
  return runRectangles(pathRuns(maze), options);
}

/** A walker's walk as the PNG and SVG draw it: each run once (distinctRuns), as pathRectangles draws a path. */
export function walkRectangles(walk: Point[], width: number, height: number, options: Pick<RenderOptions, 'tile' | 'wall'>): Int32Array {
  return runRectangles(distinctRuns(pathRuns({ solution: walk }), width, height), options);
}

/** Runs (pathRuns) as pathRectangles draws them. */
export function runRectangles(runs: Int32Array, options: Pick<RenderOptions, 'tile' | 'wall'>): Int32Array {
  const { tile, wall } = options;
  const p = pathWidth(options);
  const offset = wall + Math.floor((tile - wall - p) / 2);
  const out = new Int32Array(runs.length);
  for (let i = 0; i < runs.length; i += 4) {
    out[i] = runs[i]! * tile + offset;
    out[i + 1] = runs[i + 1]! * tile + offset;
    out[i + 2] = runs[i + 2]! * tile + offset + p;
    out[i + 3] = runs[i + 3]! * tile + offset + p;
  }
  return out;
}

/**
 * The path cells of each row, for text: row y's cells are
 * `cells[rowStart[y] .. rowStart[y + 1])`, each x · 32 + its PATH_* bits,
 * sorted by x, a cell the path visits twice merged into one.
 */
export interface PathRows {
  rowStart: Int32Array;
  cells: Int32Array;
}

export function pathRows(maze: Pick<Maze, 'solution' | 'height'>): PathRows | null {
  const path = maze.solution;
  if (!path || path.length === 0) return null;
  const { height } = maze;
  const bits = new Int32Array(path.length);
  for (let i = 0; i + 1 < path.length; i++) {
    const dir = stepDirection(path[i]!, path[i + 1]!);
    if (dir < 0) continue;
    bits[i]! |= 1 << dir;
    bits[i + 1]! |= 1 << ((dir + 2) % 4);
  }
  bits[0]! |= PATH_END;
  bits[path.length - 1]! |= PATH_END;

  const rowStart = new Int32Array(height + 1);
  for (const [, y] of path) rowStart[y + 1]!++;
  for (let y = 0; y < height; y++) rowStart[y + 1]! += rowStart[y]!;
  const fill = rowStart.slice(0, height);
  const cells = new Int32Array(path.length);
  path.forEach(([x, y], i) => (cells[fill[y]!++] = x * 32 + bits[i]!));

  // Sort each row by x and merge repeated cells, packing the rows to the left.
  let out = 0;
  let from = 0;
  for (let y = 0; y < height; y++) {
    const row = cells.subarray(from, rowStart[y + 1]!).sort();
    from = rowStart[y + 1]!;
    rowStart[y] = out;
    for (let k = 0; k < row.length; k++) {
      const value = row[k]!;
      if (k > 0 && out > rowStart[y]! && cells[out - 1]! >> 5 === value >> 5) cells[out - 1]! |= value & 31;
      else cells[out++] = value;
    }
  }
  rowStart[height] = out;
  return { rowStart, cells: cells.subarray(0, out) };
}
