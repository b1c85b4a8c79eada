/**
 * A grid as the graph algorithms see it (STYLE "A grid is an interface, a
 * shape is a file"): cells numbered 0 … cellCount − 1, each with its
 * neighbours in a fixed order, and passages opened between neighbours. A
 * mask is a filter over the cells: a cell outside it is never a neighbour
 * and never a start. Square grids (square.ts) keep the seed's wall arrays
 * underneath; hex, triangle and polar grids are graphs of their own.
 *
 * The algorithms that carve through this interface (backtracker, kruskal,
 * prim, wilson, aldous-broder, hunt-and-kill, growing-tree: their `carve`)
 * work on every shape and every mask with no copy per shape; a plain
 * rectangle keeps each algorithm's own fast path, so its bytes never change.
 */
import type { CellMark } from '../model/steps.js';
import type { Rng } from '../rng.js';

export interface Grid {
  /** Every cell, in the maze or not. */
  readonly cellCount: number;
  /** The cells in the maze (all of them without a mask). */
  readonly inCount: number;
  /** Most neighbours any cell has: the size of the array `neighbors` fills. */
  readonly maxDegree: number;
  /** Whether the cell is part of the maze. */
  isIn(cell: number): boolean;
  /** The cell's neighbours that are in the maze, written into `out` in the shape's fixed order; returns how many. */
  neighbors(cell: number, out: Int32Array): number;
  /** Open the passage between neighbours a and b (and tell the steps, when told). */
  link(a: number, b: number): void;
  /**
   * The cell at a shape's own coordinates (square, hex, triangle: column x,
   * row y; polar: x along ring y), or −1 when there is none.
   */
  cellAt(x: number, y: number): number;
  /** Whether steps are being told: an algorithm skips the marks' work when not. */
  readonly telling: boolean;
  /** Steps: the cell is marked so (the algorithm's working set), or no longer ('none'). */
  mark(cell: number, mark: CellMark): void;
  /** Steps: the algorithm works on this cell now. */
  head(cell: number): void;
}

/** The cells in the maze, in cell order. */
export function inCells(grid: Grid): Int32Array {
  const cells = new Int32Array(grid.inCount);
  let n = 0;
  for (let c = 0; c < grid.cellCount && n < cells.length; c++) if (grid.isIn(c)) cells[n++] = c;
  return cells;
}

/** A uniformly random cell of the maze (one draw). */
export function randomIn(grid: Grid, rng: Rng, cells?: Int32Array): number {
  if (grid.inCount === grid.cellCount) return rng.below(grid.cellCount);
  return (cells ?? inCells(grid))[rng.below(grid.inCount)]!;
}

/** The cell at (x, y) when it is in the maze, else the maze's first cell in cell order (a start left at its default on a mask). */
export function startCell(grid: Grid, x: number, y: number): number {
  const c = grid.cellAt(x, y);
  if (c >= 0 && grid.isIn(c)) return c;
  for (let d = 0; d < grid.cellCount; d++) if (grid.isIn(d)) return d;
  throw new RangeError('a grid with no cell in the maze');
}
