/**
 * The square grid as a `Grid` (grid.ts), over a maze's own wall arrays
 * (seed 000's tiles): cell (x, y) is y·W + x, its neighbours come east,
 * south, west, north (the backtracker's order), and a link opens the wall
 * between them, told as a wall step. The cells outside a mask are walled
 * off before any carving (Maze.wallOffOutside) and never offered.
 */
import type { Mask } from '../model/mask.js';
import type { Maze } from '../model/maze.js';
import { LEFT, TOP } from '../model/maze.js';
import type { CellMark, StepSink } from '../model/steps.js';
import type { Grid } from './grid.js';
import { rowMajorCell } from './grid.js';

export class SquareGrid implements Grid {
  readonly cellCount: number;
  readonly inCount: number;
  readonly maxDegree = 4;
  readonly telling: boolean;
  private readonly width: number;
  private readonly height: number;
  private readonly cells: Uint8Array | null;

  /** A grid over `maze`'s walls, limited to `mask` when given (its outside already walled off). */
  constructor(private readonly maze: Maze, mask: Mask | null = maze.mask, private readonly sink?: StepSink) {
    this.width = maze.width;
    this.height = maze.height;
    this.cellCount = maze.width * maze.height;
    this.cells = mask && mask.count < this.cellCount ? mask.cells : null;
    this.inCount = mask ? mask.count : this.cellCount;
    this.telling = sink !== undefined;
  }

  isIn(cell: number): boolean {
    return this.cells === null || this.cells[cell] === 1;
  }

  neighbors(cell: number, out: Int32Array): number {
    const { width, height, cells } = this;
    const x = cell % width;
    const y = (cell - x) / width;
    let k = 0;
    if (x + 1 < width && (cells === null || cells[cell + 1] === 1)) out[k++] = cell + 1;
    if (y + 1 < height && (cells === null || cells[cell + width] === 1)) out[k++] = cell + width;
    if (x > 0 && (cells === null || cells[cell - 1] === 1)) out[k++] = cell - 1;
    if (y > 0 && (cells === null || cells[cell - width] === 1)) out[k++] = cell - width;
    return k;
  }

  link(a: number, b: number): void {
    const { width, maze } = this;
    const first = Math.min(a, b);
    const x = first % width;
    const y = (first - x) / width;
    const east = Math.abs(a - b) === 1 && width > 1; // a one-column grid has only vertical neighbors, a cell apart
    // the wall between belongs to the second cell: its LEFT (east step) or its TOP (south step)
    const t = east ? y * maze.stride + x + 1 : (y + 1) * maze.stride + x;
    maze.walls[t]! &= east ? ~LEFT : ~TOP;
    this.sink?.(east ? { type: 'wall', x: x + 1, y, side: 'left', active: false, color: 0 } : { type: 'wall', x, y: y + 1, side: 'top', active: false, color: 0 });
  }

  cellAt(x: number, y: number): number {
    return rowMajorCell(this.width, this.height, x, y);
  }

  mark(cell: number, mark: CellMark): void {
    if (!this.sink) return;
    const x = cell % this.width;
    this.sink({ type: 'cell', x, y: (cell - x) / this.width, mark });
  }

  head(cell: number): void {
    if (!this.sink) return;
    const x = cell % this.width;
    this.sink({ type: 'head', x, y: (cell - x) / this.width });
  }
}
