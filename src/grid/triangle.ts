/**
 * Triangle grid: alternating up and down triangles (SPEC "Grid shapes"),
 * W across and H rows (Mazes for Programmers, chapter 8's delta grid).
 * Cell (x, y) is y·W + x and points up when x + y is even. Its sides, in
 * slot order: west, east, and the flat one (south for an up triangle,
 * north for a down one); across west is the neighbour's east, across the
 * flat side its flat side. A tile is a triangle's side.
 */
import type { Point } from '../model/maze.js';
import type { Polyline, Shape, ShapeFrame } from './shape.js';
import { searchSlot, slotNeighbors } from './shape.js';
import { rowMajorCell, rowMajorPoint } from './grid.js';

/** A row's height in tiles. */
const ROW = Math.sqrt(3) / 2;

export class TriangleShape implements Shape {
  readonly name = 'triangle';
  readonly cellCount: number;
  /** twice the inradius of a triangle of side 1 */
  readonly room = 1 / Math.sqrt(3);
  readonly maxDegree = 3;
  readonly extent: { width: number; height: number };

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.cellCount = width * height;
    this.extent = { width: (width + 1) / 2, height: height * ROW };
  }

  neighbor(cell: number, slot: number): number {
    const { width, height } = this;
    const x = cell % width;
    const y = (cell - x) / width;
    if (slot === 0) return x > 0 ? cell - 1 : -1;
    if (slot === 1) return x + 1 < width ? cell + 1 : -1;
    if (((x + y) & 1) === 0) return y + 1 < height ? cell + width : -1;
    return y > 0 ? cell - width : -1;
  }

  neighbors(cell: number, out: Int32Array): number {
    return slotNeighbors(this, cell, out);
  }

  /**
   * An odd stride, so that a place's parity is x + y's: class 0 the up
   * triangles (west, east, south), class 1 the down ones (west, east, north).
   */
  frame(): ShapeFrame {
    const stride = this.width + 2 + ((this.width & 1) ^ 1);
    return { stride, classMask: 1, offsets: Int32Array.of(-1, 1, stride, -1, 1, -stride) };
  }

  slotTo(a: number, b: number): number {
    return searchSlot(this, a, b);
  }

  backSlot(_a: number, slot: number): number {
    return slot === 2 ? 2 : 1 - slot;
  }

  hasSide(): boolean {
    return true;
  }

  cellAt(x: number, y: number): number {
    return rowMajorCell(this.width, this.height, x, y);
  }

  pointOf(cell: number): Point {
    return rowMajorPoint(this.width, cell);
  }

  /** Whether the cell points up. */
  up(cell: number): boolean {
    const [x, y] = this.pointOf(cell);
    return ((x + y) & 1) === 0;
  }

  /** The centroid: a third of the way up from the flat side. */
  center(cell: number): [number, number] {
    const [x, y] = this.pointOf(cell);
    return [x / 2 + 0.5, (y + (this.up(cell) ? 2 / 3 : 1 / 3)) * ROW];
  }

  /** Corners: the apex, then the flat side's west and east ends. */
  private corners(cell: number): [number, number, number, number, number, number] {
    const [x, y] = this.pointOf(cell);
    const left = x / 2;
    const top = y * ROW;
    const bottom = top + ROW;
    return this.up(cell) ? [left + 0.5, top, left, bottom, left + 1, bottom] : [left + 0.5, bottom, left, top, left + 1, top];
  }

  side(cell: number, slot: number): Polyline {
    const [ax, ay, wx, wy, ex, ey] = this.corners(cell);
    if (slot === 0) return Float64Array.of(wx, wy, ax, ay);
    if (slot === 1) return Float64Array.of(ax, ay, ex, ey);
    return Float64Array.of(wx, wy, ex, ey);
  }

  outline(cell: number): Polyline {
    return Float64Array.from(this.corners(cell));
  }
}
