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
 * border ever opens. The side is fixed by `openingSide` (a shaped maze's:
 * `outerSide`), so that the JSON reader can tell a legal opening from a
 * broken border.
 *
 * Every rule here reads the maze through its passages (view.ts), so a
 * square maze and a hex, triangle or polar one take the same ends; the
 * grid answers where its corners and its rim are.
 */
import { GraphMaze } from '../grid/graph-maze.js';
import type { Rng } from '../rng.js';
import { inMask, isOutside, maskEnds } from '../model/mask.js';
import type { Maze, Point } from '../model/maze.js';
import type { AnyMaze } from './view.js';
import { openingSide, outerSide, passagesOf } from './view.js';
import { longestPath } from './stats.js';
import type { StepSink } from '../model/steps.js';

export type { BorderWall } from './view.js';
export { borderCell, openingSide } from './view.js';

export const END_MODES = ['corners', 'farthest', 'random'] as const;
export type EndMode = (typeof END_MODES)[number];

/**
 * The top-left and bottom-right cells; on a mask (SPEC "Masks"), the
 * mask's cells nearest those corners in a straight line, a tie going to
 * the smaller y, then the smaller x. On a shaped grid, the cells whose
 * centres are nearest the picture's corners.
 */
export function cornerEnds(maze: AnyMaze | Pick<Maze, 'width' | 'height' | 'mask'>): { start: Point; end: Point } {
  if (maze instanceof GraphMaze) {
    const view = passagesOf(maze);
    const [a, b] = view.corners();
    return { start: view.pointOf(a), end: view.pointOf(b) };
  }
  // a size alone (zones plans its zones before the maze exists) needs no view
  const { width, height, mask } = maze;
  if (mask === null) return { start: [0, 0], end: [width - 1, height - 1] };
  const [start, end] = maskEnds(mask);
  return { start, end };
}

/** The cells of a square mask's rim, in row order: cells of the maze with a side on the outside (off the grid or out of the mask). */
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

/** Two distinct cells of the rim, in the grid's own order (one cell twice only when the rim has one; a torus's cells, which has none). */
export function randomEnds(maze: AnyMaze, rng: Rng): { start: Point; end: Point } {
  const view = passagesOf(maze);
  const rim = view.rim();
  // a torus has no rim: two of its cells (cell i for index i), every one in the maze
  const n = rim.length || view.size;
  const a = rng.below(n);
  let b = n > 1 ? rng.below(n - 1) : 0;
  if (n > 1 && b >= a) b++;
  return { start: view.pointOf(rim[a] ?? a), end: view.pointOf(rim[b] ?? b) };
}

/** The ends of the longest path the double sweep finds (see `longestPath`). */
export function farthestEnds(maze: AnyMaze): { start: Point; end: Point } {
  const { ends } = longestPath(maze);
  return { start: ends[0], end: ends[1] };
}

/**
 * The two rim cells farthest apart along the maze (with a side on the
 * outside): the double sweep of `longestPath`, each sweep ending on the
 * rim cell it reaches last. On a tree that pair is exact, as the
 * diameter's double sweep is, for any set of cells; with loops it is the
 * sweep's estimate. Ties go to the rim cell found last (the farthest).
 */
export function farthestRimEnds(maze: AnyMaze): { start: Point; end: Point } {
  const view = passagesOf(maze);
  const rim = view.rim();
  if (rim.length === 0) return farthestEnds(maze);
  const queue = new Int32Array(view.size);
  // the queue lists the cells reached in order of distance: its last rim cell is a farthest one
  const farthestRim = (source: number): number => {
    const { count } = view.search(source, view.marks(), queue);
    let last = source;
    for (let i = 0; i < count; i++) if (view.onRim(queue[i]!)) last = queue[i]!;
    return last;
  };
  const a = farthestRim(rim[0]!);
  const b = farthestRim(a);
  return { start: view.pointOf(a), end: view.pointOf(b) };
}

/** The ends a mode picks; `random` draws from `rng`; `rim`: farthest keeps to the rim, where openings go. */
export function pickEnds(maze: AnyMaze, mode: EndMode, rng: Rng, rim = false): { start: Point; end: Point } {
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

/**
 * A saved maze solved between new ends (maze solve's --from, --to and
 * --ends; the library's solve): where it had openings beside its old ends
 * (`old`), they follow the ends, closed there and opened beside the new
 * ones that lie on the rim, for the JSON reader takes an opening beside an
 * end only. A maze without openings is left as it is.
 */
export function moveOpenings(maze: AnyMaze, old: { start: Point | null; end: Point | null }): void {
  let had = false;
  for (const point of [old.start, old.end]) if (point !== null && closeOpening(maze, point)) had = true;
  if (had) openBorder(maze);
}

/** Close the opening beside a rim cell (the side openBorder opens there) when it is open; whether it was. */
function closeOpening(maze: AnyMaze, point: Point): boolean {
  if (maze instanceof GraphMaze) {
    const cell = maze.cellAt(point);
    const side = cell < 0 ? -1 : outerSide(maze, cell);
    if (side < 0 || !maze.isOpen(cell, side)) return false;
    maze.passages[cell]! &= ~(1 << side);
    return true;
  }
  const wall = openingSide(maze, point);
  if (wall === null) return false;
  const top = wall.side === 'top';
  if (top ? maze.hasTop(wall.x, wall.y) : maze.hasLeft(wall.x, wall.y)) return false;
  if (top) maze.setTop(wall.x, wall.y, true);
  else maze.setLeft(wall.x, wall.y, true);
  return true;
}

/** Open the outer wall beside the start and the end, where they lie on the rim; `sink`, when given, is told each wall a square maze opens. How many opened. */
export function openBorder(maze: AnyMaze, sink?: StepSink): number {
  const view = passagesOf(maze, sink);
  const cells: number[] = [];
  for (const point of [maze.start, maze.end]) {
    const c = point === null ? -1 : view.cellAt(point);
    if (c >= 0 && !cells.includes(c)) cells.push(c);
  }
  let opened = 0;
  for (const c of cells) if (view.openOuter(c)) opened++;
  return opened;
}
