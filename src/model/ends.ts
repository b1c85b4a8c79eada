/**
 * A maze's start and end (SPEC "Start and end", after the suggested start
 * and end position of Miklix's recursive backtracker page; seed 002):
 *
 * - `corners`: the top-left cell to the bottom-right one;
 * - `farthest`: the two ends of the longest path, by the double sweep of
 *   `longestPath` (exact on a perfect maze, the same cells `maze stats`
 *   names as the longest path's ends);
 * - `random`: two distinct border cells drawn from the seeded PRNG.
 *
 * With openings, `farthest` keeps to the rim (`farthestRimEnds`), so that
 * both ends open: the printed puzzle's entrance and exit.
 *
 * Openings (`--openings`) put the printed puzzle's entrance and exit in the
 * outer wall beside a start or end cell on the border: the only way the
 * border ever opens. The side is fixed by `openingSide`, so that the JSON
 * reader can tell a legal opening from a broken border.
 */
import type { Rng } from '../rng.js';
import type { Maze, Point } from './maze.js';
import { longestPath } from './stats.js';
import { breadthFirst, searchMarks } from './solve.js';
import type { StepSink } from './steps.js';
import { inMask, isOutside, maskEnds } from './mask.js';

export const END_MODES = ['corners', 'farthest', 'random'] as const;
export type EndMode = (typeof END_MODES)[number];

/**
 * The top-left and bottom-right cells; on a mask (SPEC "Masks"), the
 * mask's cells nearest those corners in a straight line, a tie going to
 * the smaller y, then the smaller x.
 */
export function cornerEnds(maze: Pick<Maze, 'width' | 'height' | 'mask'>): { start: Point; end: Point } {
  const { width, height, mask } = maze;
  if (mask === null) return { start: [0, 0], end: [width - 1, height - 1] };
  const [start, end] = maskEnds(mask);
  return { start, end };
}

/** The cells of a mask's rim, in row order: cells of the maze with a side on the outside (off the grid or out of the mask). */
export function rimCells(maze: Pick<Maze, 'width' | 'height' | 'mask'>): Point[] {
  const { width, height, mask } = maze;
  const rim: Point[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!inMask(mask, x, y)) continue;
      if ([[0, -1], [0, 1], [-1, 0], [1, 0]].some(([dx, dy]) => isOutside(mask, width, height, x + dx!, y + dy!))) rim.push([x, y]);
    }
  }
  return rim;
}

/** How many cells touch the border of a width × height grid. */
export function borderCellCount(width: number, height: number): number {
  return width === 1 || height === 1 ? width * height : 2 * (width + height) - 4;
}

/** Border cell number i, 0 ≤ i < borderCellCount: clockwise from the top-left cell. */
export function borderCell(width: number, height: number, i: number): Point {
  if (height === 1) return [i, 0];
  if (width === 1) return [0, i];
  if (i < width) return [i, 0];
  i -= width;
  if (i < height - 1) return [width - 1, i + 1];
  i -= height - 1;
  if (i < width - 1) return [width - 2 - i, height - 1];
  i -= width - 1;
  return [0, height - 2 - i];
}

/** Two distinct border cells (one cell twice only on a 1 × 1 grid). */
export function randomEnds(maze: Maze, rng: Rng): { start: Point; end: Point } {
  if (maze.mask) {
    // on a mask, two cells of its rim
    const rim = rimCells(maze);
    const a = rng.below(rim.length);
    let b = rim.length > 1 ? rng.below(rim.length - 1) : 0;
    if (rim.length > 1 && b >= a) b++;
    return { start: rim[a]!, end: rim[b]! };
  }
  const n = borderCellCount(maze.width, maze.height);
  const a = rng.below(n);
  let b = n > 1 ? rng.below(n - 1) : 0;
  if (n > 1 && b >= a) b++;
  return { start: borderCell(maze.width, maze.height, a), end: borderCell(maze.width, maze.height, b) };
}

/** The ends of the longest path the double sweep finds (see `longestPath`). */
export function farthestEnds(maze: Maze): { start: Point; end: Point } {
  const { ends } = longestPath(maze);
  return { start: ends[0], end: ends[1] };
}

/**
 * The two rim cells farthest apart along the maze (`rimCells`: with a side
 * on the outside): the double sweep of `longestPath`, each sweep ending on
 * the rim cell it reaches last. On a tree that pair is exact, as the
 * diameter's double sweep is, for any set of cells; with loops it is the
 * sweep's estimate. Ties go to the rim cell found last (the farthest).
 */
export function farthestRimEnds(maze: Maze): { start: Point; end: Point } {
  const rim = rimCells(maze);
  if (rim.length === 0) return farthestEnds(maze);
  const { stride } = maze;
  const onRim = new Uint8Array(stride * maze.height);
  for (const [x, y] of rim) onRim[y * stride + x] = 1;
  const queue = new Int32Array(maze.width * maze.height);
  // the queue lists the cells reached in order of distance: its last rim cell is a farthest one
  const farthestRim = (source: number): number => {
    const { count } = breadthFirst(maze, source, searchMarks(maze), queue);
    let last = source;
    for (let i = 0; i < count; i++) if (onRim[queue[i]!] !== 0) last = queue[i]!;
    return last;
  };
  const a = farthestRim(rim[0]![1] * stride + rim[0]![0]);
  const b = farthestRim(a);
  const cell = (t: number): Point => [t % stride, Math.floor(t / stride)];
  return { start: cell(a), end: cell(b) };
}

/** The ends a mode picks; `random` draws from `rng`; `rim`: farthest keeps to the rim, where openings go. */
export function pickEnds(maze: Maze, mode: EndMode, rng: Rng, rim = false): { start: Point; end: Point } {
  if (mode === 'farthest') return rim ? farthestRimEnds(maze) : farthestEnds(maze);
  if (mode === 'random') return randomEnds(maze, rng);
  return cornerEnds(maze);
}

/**
 * The seeded stream `--ends random` draws from: its own, made from the
 * maze's seed, so that `maze gen --ends random` and `maze solve --ends
 * random` on the saved maze pick the same cells, whatever else drew numbers.
 */
export function endsSeed(seed: string | undefined): string {
  return `ends:${seed ?? ''}`;
}

/** A border wall, as the model stores it: the top of tile (x, y) or its left. */
export interface BorderWall {
  x: number;
  y: number;
  side: 'top' | 'left';
}

/**
 * The outer wall beside a border cell, on the side facing out, or null for
 * an inner cell. A corner cell (on two sides) opens up or down, through the
 * top or bottom border, never sideways: the first row opens up, the last
 * row down; other border cells open left or right. On a one-row grid every
 * cell opens up (the last row is the first), on a one-column grid the
 * middle cells open left.
 */
export function openingSide(maze: Pick<Maze, 'width' | 'height' | 'mask'>, [x, y]: Point): BorderWall | null {
  const { mask, width, height } = maze;
  if (mask) {
    // a mask's rim cell opens onto the outside: up, down, left or right, the first that is outside
    if (!inMask(mask, x, y)) return null;
    if (isOutside(mask, width, height, x, y - 1)) return { x, y, side: 'top' };
    if (isOutside(mask, width, height, x, y + 1)) return { x, y: y + 1, side: 'top' };
    if (isOutside(mask, width, height, x - 1, y)) return { x, y, side: 'left' };
    if (isOutside(mask, width, height, x + 1, y)) return { x: x + 1, y, side: 'left' };
    return null;
  }
  if (y === 0) return { x, y: 0, side: 'top' };
  if (y === maze.height - 1) return { x, y: maze.height, side: 'top' };
  if (x === 0) return { x: 0, y, side: 'left' };
  if (x === maze.width - 1) return { x: maze.width, y, side: 'left' };
  return null;
}

/** The openings a maze's start and end allow (none when they are inside the grid). */
export function allowedOpenings(maze: Pick<Maze, 'width' | 'height' | 'mask' | 'start' | 'end'>): BorderWall[] {
  const walls: BorderWall[] = [];
  for (const cell of [maze.start, maze.end]) {
    const wall = cell ? openingSide(maze, cell) : null;
    if (wall && !walls.some((w) => w.x === wall.x && w.y === wall.y && w.side === wall.side)) walls.push(wall);
  }
  return walls;
}

/** Open the outer wall beside the start and the end, where they lie on the border; `sink`, when given, is told each. How many opened. */
export function openBorder(maze: Maze, sink?: StepSink): number {
  const walls = allowedOpenings(maze);
  for (const wall of walls) {
    if (wall.side === 'top') maze.setTop(wall.x, wall.y, false);
    else maze.setLeft(wall.x, wall.y, false);
    sink?.({ type: 'wall', ...wall, active: false, color: 0 });
  }
  return walls.length;
}
