/**
 * Hex grid: flat-topped hexagons in columns (SPEC "Grid shapes"), W columns
 * of H cells, odd columns half a cell lower (Mazes for Programmers, chapter
 * 7's hex grid, turned to columns). Cell (x, y) is y·W + x. Its sides, in
 * slot order: north, north-east, south-east, south, south-west, north-west;
 * the neighbour across slot s sees this cell across slot (s + 3) mod 6.
 * A tile is the flat-to-flat width: a hexagon's side is tile / √3.
 */
import type { Point } from '../model/maze.js';
import type { Polyline, Shape, ShapeFrame } from './shape.js';
import { rowMajorCell, rowMajorPoint } from './grid.js';

const SIDE = 1 / Math.sqrt(3);
/** Corner k of a hexagon about its centre, in tiles: angle 60°·k from east, y down. */
const CORNER_X = [1, 0.5, -0.5, -1, -0.5, 0.5].map((c) => c * SIDE);
const CORNER_Y = [0, 0.5, 0.5, 0, -0.5, -0.5];
/** Slot s's side runs from corner SIDE_FROM[s] to corner (SIDE_FROM[s] + 1) mod 6. */
const SIDE_FROM = [4, 5, 0, 1, 2, 3];

export class HexShape implements Shape {
  readonly name = 'hex';
  readonly cellCount: number;
  /** flat to flat */
  readonly room = 1;
  readonly maxDegree = 6;
  readonly extent: { width: number; height: number };
  /** Cell-number offsets of the six neighbours, for even and for odd columns. */
  private readonly even: Int32Array;
  private readonly odd: Int32Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.cellCount = width * height;
    const w = width;
    this.even = Int32Array.of(-w, 1 - w, 1, w, -1, -1 - w);
    this.odd = Int32Array.of(-w, 1, 1 + w, w, w - 1, -1);
    this.extent = { width: SIDE * (1.5 * width + 0.5), height: height + (width > 1 ? 0.5 : 0) };
  }

  neighbor(cell: number, slot: number): number {
    const { width, height } = this;
    const x = cell % width;
    const y = (cell - x) / width;
    const odd = (x & 1) === 1;
    // the row the neighbour is in, relative: north −1, south +1, the sides as the column's parity says
    switch (slot) {
      case 0:
        return y > 0 ? cell - width : -1;
      case 3:
        return y + 1 < height ? cell + width : -1;
      default: {
        const east = slot === 1 || slot === 2;
        if (east ? x + 1 >= width : x === 0) return -1;
        const dy = (slot === 1 || slot === 5 ? -1 : 0) + (odd ? 1 : 0);
        if (y + dy < 0 || y + dy >= height) return -1;
        return cell + (odd ? this.odd : this.even)[slot]!;
      }
    }
  }

  /** All six at once, from one division: the carving algorithms' inner loop. */
  neighbors(cell: number, out: Int32Array): number {
    const { width, height } = this;
    const x = cell % width;
    const y = (cell - x) / width;
    const odd = (x & 1) === 1;
    const north = y > 0;
    const south = y + 1 < height;
    const east = x + 1 < width;
    const west = x > 0;
    // the side columns' upper neighbour is in row y − 1 (even column) or y (odd), the lower in y or y + 1
    const upper = odd ? true : north;
    const lower = odd ? south : true;
    let k = 0;
    if (north) out[k++] = cell - width;
    if (east && upper) out[k++] = odd ? cell + 1 : cell + 1 - width;
    if (east && lower) out[k++] = odd ? cell + 1 + width : cell + 1;
    if (south) out[k++] = cell + width;
    if (west && lower) out[k++] = odd ? cell - 1 + width : cell - 1;
    if (west && upper) out[k++] = odd ? cell - 1 : cell - 1 - width;
    return k;
  }

  /**
   * An even stride, so that a place's parity is its column's, flipped
   * (place = … + x + 1): class 0 the odd columns, class 1 the even ones.
   */
  frame(): ShapeFrame {
    const stride = this.width + 2 + (this.width & 1);
    const s = stride;
    // north, north-east, south-east, south, south-west, north-west, as `odd` and `even` above
    const offsets = Int32Array.of(-s, 1, 1 + s, s, s - 1, -1, -s, 1 - s, 1, s, -1, -1 - s);
    return { stride, classMask: 1, offsets };
  }

  slotTo(a: number, b: number): number {
    const { width } = this;
    const ax = a % width;
    const bx = b % width;
    const dy = (b - bx) / width - (a - ax) / width;
    const odd = (ax & 1) === 1;
    if (bx === ax) return dy === -1 ? 0 : dy === 1 ? 3 : -1;
    // the upper of the side column's two neighbours: row y − 1 from an even column, y from an odd one
    const up = odd ? 0 : -1;
    if (bx === ax + 1) return dy === up ? 1 : dy === up + 1 ? 2 : -1;
    if (bx === ax - 1) return dy === up ? 5 : dy === up + 1 ? 4 : -1;
    return -1;
  }

  backSlot(_a: number, slot: number): number {
    return slot < 3 ? slot + 3 : slot - 3;
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

  center(cell: number): [number, number] {
    const [x, y] = this.pointOf(cell);
    return [SIDE * (1 + 1.5 * x), 0.5 + y + (x & 1 ? 0.5 : 0)];
  }

  side(cell: number, slot: number): Polyline {
    const [cx, cy] = this.center(cell);
    const a = SIDE_FROM[slot]!;
    const b = (a + 1) % 6;
    return Float64Array.of(cx + CORNER_X[a]!, cy + CORNER_Y[a]!, cx + CORNER_X[b]!, cy + CORNER_Y[b]!);
  }

  outline(cell: number): Polyline {
    const [cx, cy] = this.center(cell);
    const points = new Float64Array(12);
    for (let k = 0; k < 6; k++) {
      points[2 * k] = cx + CORNER_X[k]!;
      points[2 * k + 1] = cy + CORNER_Y[k]!;
    }
    return points;
  }
}
