import { LEFT, TOP } from '../model/maze.js';
import type { Rng } from '../rng.js';

/**
 * The per-cell scratch array that walking algorithms share: one byte per
 * cell, laid out like the wall tiles shifted down one row, so cell (x, y) is
 * at (y + 1)·(W+1) + x = its tile index + (W+1).
 *
 * The bytes around the cells form a frame of sentinels: the row above, the
 * row below, and the extra column x = W, which sits between the last cell
 * of one row and the first cell of the next. A neighbor at ±1 or ±(W+1) is
 * then always inside the array, and reading the sentinel value there says
 * "off the grid" with no bounds test.
 */
export function framedCells(width: number, height: number, sentinel: number): Uint8Array {
  const stride = width + 1;
  const cells = new Uint8Array(stride * (height + 2));
  cells.fill(sentinel, 0, stride);
  cells.fill(sentinel, stride * (height + 1));
  for (let y = 1; y <= height; y++) cells[y * stride + width] = sentinel;
  return cells;
}

/** The framed index of cell c, cells numbered y·W + x. */
export function framedIndex(c: number, width: number): number {
  return (Math.floor(c / width) + 1) * (width + 1) + (c % width);
}

/**
 * The wall a step in direction d (0 north, 1 east, 2 south, 3 west) from
 * framed cell v to its neighbor n crosses, opened: north and west walls
 * belong to the cell left, east and south ones to the cell entered. Returns
 * the wall's tile (for a step sink); its side is top for d even.
 */
export function openStepWall(walls: Uint8Array, stride: number, v: number, n: number, d: number): number {
  const tile = (d === 1 || d === 2 ? n : v) - stride;
  walls[tile]! &= (d & 1) === 0 ? ~TOP : ~LEFT;
  return tile;
}

/** Random directions 0 to 3 for a walk: two bits each, sixteen from one 32-bit draw. */
export class DirectionDraws {
  private bits = 0;
  private left = 0;

  constructor(private readonly rng: Rng) {}

  next(): number {
    if (this.left === 0) {
      this.bits = this.rng.u32();
      this.left = 16;
    }
    const d = this.bits & 3;
    this.bits >>>= 2;
    this.left--;
    return d;
  }
}
