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
 * A regular grid (hex, triangle) also offers its cells in a frame
 * (GridFrame), where the backtracker's and kruskal's hot loops find each
 * neighbour at a fixed offset (issue 21: hex within 2× of the square).
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
  /**
   * The cells in a frame (GridFrame), when the grid is regular and tells no
   * steps: a carve may then work on the frame's bytes and store them at the
   * end, instead of calling `neighbors` and `link` (the backtracker's and
   * kruskal's hot loops). Absent otherwise: the carve asks `neighbors`.
   */
  readonly frame?: GridFrame | null;
  /**
   * A grid some of whose cells are carved in groups, a group one node (a
   * weave's crossings: topology.ts), may offer its places by their kinds
   * instead of a frame (FrameGroups), where it tells no steps: the
   * backtracker's and kruskal's hot loops then step place by place.
   */
  readonly groups?: FrameGroups | null;
}

/** A place's mark in a GridFrame's bytes: no cell of the maze there (the border, a mask's outside), or a cell a carve has visited. */
export const OUTSIDE = 0x80;

/** The places from a frame's first cell to its last, [first, end), in its blank bytes (cells 0): the border before and after them left out. */
export function cellSpan(work: Uint8Array): [number, number] {
  return [Math.max(0, work.indexOf(0)), work.lastIndexOf(0) + 1];
}

/**
 * A regular grid's cells laid out in a frame (shape.ts, ShapeFrame): each
 * cell at a place, a border of places that are no cell around them, and
 * each neighbour at a fixed offset from the place, per class. A carve
 * works in a byte per place: OUTSIDE, or bit s for an open side in slot s
 * (at most 7 slots), both sides of a passage set; `store` opens them in
 * the maze. The offsets come in the order `neighbors` gives the
 * neighbours, so a carve over the frame makes the same draws and the same
 * maze as one over `neighbors`.
 */
export interface GridFrame {
  /** Places: cells and border. */
  readonly places: number;
  /** A cell's class is `place & classMask`, or `classes[place]` where the frame gives them. */
  readonly classMask: number;
  /**
   * Per place, its class, for a frame whose places' low bits cannot tell
   * it (a wrapped edge's cells: topology.ts); classMask is then 0. Null or
   * absent: the low bits tell.
   */
  readonly classes?: Uint8Array | null;
  /** Per class, per slot (maxDegree each): the neighbour's place less the cell's. */
  readonly offsets: Int32Array;
  /** Per class, per slot: the slot of the cell among its neighbour's sides. */
  readonly backs: Uint8Array;
  placeOf(cell: number): number;
  /** A byte per place: OUTSIDE where there is no cell of the maze, 0 elsewhere. */
  blank(): Uint8Array;
  /** Open in the maze the sides a carve set in `work` (OUTSIDE ignored). */
  store(work: Uint8Array): void;
  /**
   * The maze's passages (a byte a cell, bit s for slot s) and, per class
   * and slot, the cell across, less the cell's: a passage across slot s
   * opens the cell's side s and the other's side back (`backs`), so the
   * depth-first search writes its passages as it goes (backtracker.ts),
   * knowing each place's cell.
   */
  readonly passages: Uint8Array;
  readonly steps: Int32Array;
}

/**
 * A grid's cells laid out in a frame as GridFrame's are (a border of
 * places that are no cell around them), in groups, each carved as one
 * node headed by one of its places, told by a kind per place: a carve
 * steps from a node's head across a side to the place beyond and enters
 * the node that place belongs to, so no place needs a class of its own.
 * A node's sides come in the grid's neighbour order, so such a carve draws
 * what one over `neighbors` draws and makes the same maze.
 */
export interface FrameGroups {
  /** Places: cells and border. */
  readonly places: number;
  placeOf(cell: number): number;
  /** The maze's passages (a byte a cell, bit s for slot s), which a carve may write as it goes. */
  readonly passages: Uint8Array;
  /** Per place: its kind, 0 for a cell alone (which heads its own node). */
  readonly kinds: Uint8Array;
  /** How many nodes are groups (six sides at most; a cell alone four). */
  readonly groupCount: number;
  /** Per kind: how many sides a node it heads has (its slots 0 to that less one, six at most), 0 for a kind that heads none. */
  readonly degrees: Uint8Array;
  /** Per kind: its node's head, less the place (and in cells, less the cell). */
  readonly toHeadPlace: Int32Array;
  readonly toHeadCell: Int32Array;
  /** Per kind: the node's place a carve marks visited with its head (where another node's side reaches it), less the head; 0 for a cell alone. */
  readonly partner: Int32Array;
  /** Per kind that heads a node, per slot (8 a kind, the node's sides): the place across, less the head's (0 past its sides: itself, always visited), and the base side it lies in. */
  readonly offsets: Int32Array;
  readonly sides: Uint8Array;
  /** Per kind that heads a node, per slot: the passage's two sides (each a cell less the head's cell, and its bit); `across` is the cell beyond. */
  readonly mine: Int32Array;
  readonly mySide: Uint8Array;
  readonly across: Int32Array;
  readonly acrossSide: Uint8Array;
  /** Per kind, per base side (8 a kind): a node's head's byte when entered at a place of that kind across that side: OUTSIDE, and its slot back plus one. */
  readonly entered: Uint8Array;
  /** A byte per place: OUTSIDE where there is no cell of the maze, 0 on every cell (a group's every place). */
  blank(): Uint8Array;
  /** blank's bytes with each place's kind (`kinds`, under 16) in their low four bits: a carve reads both from one byte. */
  kindsBlank(): Uint8Array;
  /** Open in the maze the sides a carve set in `work` (a head's bit j: its slot j, as the tables order them; OUTSIDE ignored). */
  store(work: Uint8Array): void;
}

/** How many classes a frame's places fall in (its offsets hold maxDegree a class). */
export function frameClassCount(frame: GridFrame, degree: number): number {
  return frame.offsets.length / degree;
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

/** A row-major grid's cell at x, y (`width` × `height`), or -1 off it or between cells. */
export function rowMajorCell(width: number, height: number, x: number, y: number): number {
  return Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0 && x < width && y < height ? y * width + x : -1;
}

/** A row-major grid's cell's x, y, the inverse of rowMajorCell. */
export function rowMajorPoint(width: number, cell: number): [number, number] {
  const x = cell % width;
  return [x, (cell - x) / width];
}
