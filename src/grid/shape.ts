/**
 * A non-square grid's shape (SPEC "Grid shapes"; STYLE "A grid is an
 * interface, a shape is a file"): its cells, each cell's sides in a fixed
 * slot order with the neighbour across each, and where everything sits on
 * the picture. hex.ts, triangle.ts and polar.ts each answer these
 * questions; the graph maze (graph-maze.ts) stores which sides are open,
 * and the algorithms see it all through the `Grid` of grid.ts.
 *
 * Geometry is in tiles (a cell's width, SPEC: a hexagon's flat-to-flat
 * width, a triangle's side, a polar ring's thickness), with x to the right
 * and y down from the picture's top-left corner; the drawers scale it by
 * `--tile` and add the wall's margin.
 */
import type { Point } from '../model/maze.js';
import type { GridFrame } from './grid.js';

import type { ShapeName } from '../model/shape-names.js';
export { SHAPE_NAMES } from '../model/shape-names.js';
export type { GraphShapeName, ShapeName } from '../model/shape-names.js';

/** A side's line, in tiles: x0, y0, x1, y1, … (two points for a straight side, more for an arc). */
export type Polyline = Float64Array;

export interface Shape {
  readonly name: ShapeName;
  /** The size asked for: columns × rows (polar: rings × 1). */
  readonly width: number;
  readonly height: number;
  readonly cellCount: number;
  /** Slots per cell: the most sides a cell has. */
  readonly maxDegree: number;
  /** The cell across side `slot` of `cell`, or −1 (the outer wall, or no such side). */
  neighbor(cell: number, slot: number): number;
  /** Every neighbour of `cell`, written into `out` in slot order (the sides with no cell across skipped); returns how many. */
  neighbors(cell: number, out: Int32Array): number;
  /** The slot of `b` among `a`'s sides, or −1 when they are not neighbours. */
  slotTo(a: number, b: number): number;
  /** The slot of `a` among the sides of `b`, its neighbour across `a`'s `slot`. */
  backSlot(a: number, slot: number, b: number): number;
  /** Whether `cell` has a side in `slot` (every slot does, but on a polar grid). */
  hasSide(cell: number, slot: number): boolean;
  /** The cell at the shape's own coordinates (column x, row y; polar: x along ring y), or −1. */
  cellAt(x: number, y: number): number;
  /** The coordinates of a cell, the inverse of cellAt. */
  pointOf(cell: number): Point;
  /** The widest circle inside a cell, its diameter in tiles: the room a path and marks are drawn in. */
  readonly room: number;
  /** The picture's size in tiles (before the walls' margin). */
  readonly extent: { width: number; height: number };
  /** Where the cell's centre is, in tiles. */
  center(cell: number): [number, number];
  /** The line of side `slot` of `cell`, in tiles. */
  side(cell: number, slot: number): Polyline;
  /** The cell's outline, a closed polygon in tiles (an arc as a polyline). */
  outline(cell: number): Polyline;
  /** A wall with no cell across that is no outer wall (a crossing's side off its bridge, grid/topology.ts): never an opening. */
  sealed?(cell: number, slot: number): boolean;
  /** A side between cells drawn apart (a wrapped edge, grid/topology.ts): drawn from both cells. */
  seam?(cell: number, slot: number): boolean;
  /** The cells in a frame, for a shape whose neighbours lie at fixed offsets (hex, triangle; not polar): see ShapeFrame. */
  frame?(): ShapeFrame;
  /**
   * A frame of its own for a maze on this shape (a shape laid out otherwise
   * than W × H rows, such as stacked levels), or null for none; when
   * absent, `frame` lays the shape out as its rows.
   */
  gridFrame?(maze: { readonly mask: Uint8Array | null; readonly passages: Uint8Array }): GridFrame | null;
}

/**
 * A regular W × H shape's cells laid out in a frame: cell (x, y) at place
 * (y + 1)·stride + x + 1, with a border of places that are no cell all
 * around (stride ≥ W + 2), so that each neighbour of a cell lies at a fixed
 * offset from its place, the same for every cell of its class (place &
 * classMask: a hex column's parity, a triangle pointing up or down, the
 * stride chosen so that the place alone tells). A carve then finds the
 * neighbours with no division and no bounds test (grid.ts, GridFrame).
 */
export interface ShapeFrame {
  readonly stride: number;
  /** 2^k − 1: a cell's class is its place's low k bits. */
  readonly classMask: number;
  /** Per class, per slot (maxDegree each): the place across that side less the cell's own. */
  readonly offsets: Int32Array;
}

/** The slot of `b` among `a`'s sides, or −1 when they are not neighbours. */
export function slotOf(shape: Shape, a: number, b: number): number {
  return shape.slotTo(a, b);
}

/** `Shape.slotTo` by asking every slot: for the shapes with no quicker rule. */
export function searchSlot(shape: Shape, a: number, b: number): number {
  for (let s = 0; s < shape.maxDegree; s++) if (shape.neighbor(a, s) === b) return s;
  return -1;
}

/** `Shape.neighbors` by asking every slot. */
export function slotNeighbors(shape: Shape, cell: number, out: Int32Array): number {
  let k = 0;
  for (let s = 0; s < shape.maxDegree; s++) {
    const n = shape.neighbor(cell, s);
    if (n >= 0) out[k++] = n;
  }
  return k;
}

/** How many straight segments arcPoints draws an arc in: one every eighth of a tile, so that at any tile the line stays within a hundredth of a pixel of the arc at 20 px. */
export function arcSegments(radius: number, a0: number, a1: number): number {
  return Math.max(1, Math.ceil(Math.abs(a1 - a0) * radius * 8));
}

/** Points along an arc of the circle of `radius` about (cx, cy), from angle a0 to a1 (radians), close enough to draw as straight lines. */
export function arcPoints(cx: number, cy: number, radius: number, a0: number, a1: number): Polyline {
  const n = arcSegments(radius, a0, a1);
  const points = new Float64Array(2 * (n + 1));
  for (let i = 0; i <= n; i++) {
    const a = a0 + ((a1 - a0) * i) / n;
    points[2 * i] = cx + radius * Math.cos(a);
    points[2 * i + 1] = cy + radius * Math.sin(a);
  }
  return points;
}
