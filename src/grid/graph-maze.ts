/**
 * A maze on a non-square grid (SPEC "Grid shapes"): its shape (hex.ts,
 * triangle.ts, polar.ts), and which of each cell's sides are open, one bit
 * per slot in a byte per cell, so that a 2000 × 2000 hex maze holds its
 * passages in 4 MB. A passage is open on both of its cells' sides; an
 * open side with no cell across is an opening in the outer wall. Beside
 * it, as a square Maze has: the cells in the maze (a mask), what made it,
 * its ends and its solution, in the shape's own coordinates.
 */
import { MazeError } from '../errors.js';
import type { Mask } from '../model/mask.js';
import { cellRegions, joinRegions, keepRegion } from '../model/mask.js';
import type { MazeInfo, Point, Solving } from '../model/maze.js';
import type { CellMark } from '../model/steps.js';
import type { Grid, GridFrame } from './grid.js';
import { OUTSIDE } from './grid.js';
import { HexShape } from './hex.js';
import { PolarShape } from './polar.js';
import type { GraphShapeName, Shape, ShapeName } from './shape.js';
import { TriangleShape } from './triangle.js';

/** The shape of a name and size (polar: `width` rings, `height` unused). */
export function makeShape(name: GraphShapeName, width: number, height: number): Shape {
  switch (name) {
    case 'hex':
      return new HexShape(width, height);
    case 'triangle':
      return new TriangleShape(width, height);
    case 'polar':
      return new PolarShape(width);
  }
}

/** How many cells a shape of this size has, without making it (the size limit's figure). */
export function shapeCellCount(name: GraphShapeName, width: number, height: number): number {
  if (name !== 'polar') return width * height;
  // rings double at most every other ring, and each ring holds at most about 2π(r + 1) · 2 cells
  let count = 1;
  let previous = 1;
  for (let r = 1; r <= width && count <= Number.MAX_SAFE_INTEGER / 4; r++) {
    previous *= Math.max(1, Math.round((2 * Math.PI * r) / previous));
    count += previous;
  }
  return count;
}

/**
 * The cells of a hex, triangle or polar grid a mask keeps (SPEC "Grid
 * shapes": the mask is laid over the picture, and a cell is in when the
 * mask pixel under its centre is). Hex and triangle: the mask stretched
 * to the picture (the command line chooses the size that keeps the
 * mask's aspect, shapeSizeForMask); polar: the mask fitted whole inside
 * the disc's square, its aspect kept, centred. Its regions are then those
 * of the shape's own neighbours, under the square's rule: one region, or
 * a MazeError naming a cell of the second; the largest kept when the mask
 * says `largest`, every one joined when its regions were joined. Null
 * when every cell is in; cells with none in are the caller's to refuse.
 */
export function shapeMaskCells(shape: Shape, mask: Mask, tell?: (note: string) => void): Uint8Array | null {
  const cells = new Uint8Array(shape.cellCount);
  const { width, height } = shape.extent;
  // polar: one scale for both sides, the mask centred; hex and triangle: stretched
  const fit = shape.name === 'polar' ? Math.min(width / mask.width, height / mask.height) : 0;
  const sx = fit || width / mask.width;
  const sy = fit || height / mask.height;
  const x0 = (width - mask.width * sx) / 2;
  const y0 = (height - mask.height * sy) / 2;
  for (let c = 0; c < shape.cellCount; c++) {
    const [cx, cy] = shape.center(c);
    let mx = Math.floor((cx - x0) / sx);
    let my = Math.floor((cy - y0) / sy);
    if (fit === 0) {
      mx = Math.min(mask.width - 1, Math.max(0, mx));
      my = Math.min(mask.height - 1, Math.max(0, my));
    }
    if (mx < 0 || my < 0 || mx >= mask.width || my >= mask.height) continue;
    cells[c] = mask.cells[my * mask.width + mx]! === 0 ? 0 : 1;
  }
  const found = cellRegions(cells, shape);
  if (found.count === 0) return cells;
  if (found.count === 1) return found.largestSize === shape.cellCount ? null : cells;
  if (mask.joined === true) {
    const { added } = joinRegions(cells, shape);
    tell?.(`joined its ${found.count} regions on the ${shape.name} grid into one, adding ${added} cell${added === 1 ? '' : 's'}`);
    return cells.includes(0) ? cells : null;
  }
  if (mask.regions === 'largest') {
    let all = 0;
    for (let c = 0; c < cells.length; c++) all += cells[c]!;
    keepRegion(cells, shape, found.largest);
    tell?.(`kept 1 of ${found.count} regions on the ${shape.name} grid, ${found.largestSize} of ${all} cells`);
    return cells;
  }
  const [x, y] = shape.pointOf(found.second);
  throw new MazeError(
    (n) =>
      `the ${n('mask')} on the ${shape.name} grid has ${found.count} separate regions of cells (joined through the ${shape.name} grid's own neighbours), not one; the second begins at cell ${x},${y}: join them with ${n('maskRegions')} join, or keep the largest with ${n('maskRegions')} largest`,
    { code: 'invalid-value', option: 'mask' },
  );
}

/**
 * The size of a hex or triangle grid whose picture keeps a mask's aspect
 * (SPEC "Grid shapes"): given the width (or, with neither, the mask's), the
 * rows whose picture has the mask's width-to-height ratio; given the
 * height only, the columns. Polar: the rings whose disc is about as many
 * tiles across as the mask is cells, when not given.
 */
export function shapeSizeForMask(name: GraphShapeName, maskWidth: number, maskHeight: number, width: number | null, height: number | null): { width: number; height: number } {
  if (name === 'polar') return { width: width ?? Math.max(1, Math.round(Math.max(maskWidth, maskHeight) / 2) - 1), height: 1 };
  if (width !== null && height !== null) return { width, height };
  const ratio = maskWidth / maskHeight;
  // each side of the picture grows by the same amount a cell (past the first column of a hex grid)
  const extent = (w: number, h: number): { width: number; height: number } => makeShape(name, w, h).extent;
  if (height === null) {
    const w = width ?? maskWidth;
    const e1 = extent(w, 1);
    const per = extent(w, 2).height - e1.height;
    return { width: w, height: Math.max(1, Math.round((e1.width / ratio - e1.height) / per + 1)) };
  }
  const e2 = extent(2, height);
  const per = extent(3, height).width - e2.width;
  return { width: Math.max(2, Math.round((e2.height * ratio - e2.width) / per + 2)), height };
}

export class GraphMaze {
  readonly shape: Shape;
  readonly cellCount: number;
  /** Bit s of a cell's byte: its side in slot s is open. */
  readonly passages: Uint8Array;
  /** 1 for a cell in the maze, 0 for one outside; null when every cell is in. */
  mask: Uint8Array | null = null;
  info: MazeInfo | null = null;
  start: Point | null = null;
  end: Point | null = null;
  solution: Point[] | null = null;
  /** What a solving method besides the shortest path left to draw, or null. */
  solving: Solving | null = null;

  constructor(shape: Shape, passages?: Uint8Array) {
    this.shape = shape;
    this.cellCount = shape.cellCount;
    if (passages !== undefined && passages.length !== shape.cellCount) throw new RangeError(`a ${shape.name} maze of ${shape.cellCount} cells, got ${passages.length} passage bytes`);
    this.passages = passages ?? new Uint8Array(shape.cellCount);
  }

  /** The shape's name. */
  get shapeName(): ShapeName {
    return this.shape.name;
  }

  /** Columns (polar: rings). */
  get width(): number {
    return this.shape.width;
  }

  /** Rows (polar: 1). */
  get height(): number {
    return this.shape.height;
  }

  /** Whether the cell is part of the maze. */
  isIn(cell: number): boolean {
    return this.mask === null || this.mask[cell] === 1;
  }

  /** How many cells are in the maze. */
  get inCount(): number {
    if (this.mask === null) return this.cellCount;
    let n = 0;
    for (let c = 0; c < this.cellCount; c++) n += this.mask[c]!;
    return n;
  }

  isOpen(cell: number, slot: number): boolean {
    return ((this.passages[cell]! >> slot) & 1) === 1;
  }

  /** Open the passage between neighbours a and b. */
  open(a: number, b: number): void {
    const sa = this.shape.slotTo(a, b);
    if (sa < 0) throw new RangeError(`cells ${a} and ${b} are not neighbours`);
    const sb = this.shape.backSlot(a, sa, b);
    this.passages[a]! |= 1 << sa;
    this.passages[b]! |= 1 << sb;
  }

  /** The cell across an open side of `cell`, or −1 (closed, the outer wall, outside the mask). */
  through(cell: number, slot: number): number {
    if (!this.isOpen(cell, slot)) return -1;
    const n = this.shape.neighbor(cell, slot);
    return n >= 0 && this.isIn(n) ? n : -1;
  }

  /** The cell's open neighbours, written into `out`; returns how many. */
  links(cell: number, out: Int32Array): number {
    let k = 0;
    const bits = this.passages[cell]!;
    if (bits === 0) return 0;
    for (let s = 0; s < this.shape.maxDegree; s++) {
      if (((bits >> s) & 1) === 0) continue;
      const n = this.shape.neighbor(cell, s);
      if (n >= 0 && this.isIn(n)) out[k++] = n;
    }
    return k;
  }

  /** The cell at the shape's coordinates, or −1. */
  cellAt([x, y]: Point): number {
    return this.shape.cellAt(x, y);
  }

  pointOf(cell: number): Point {
    return this.shape.pointOf(cell);
  }
}

/**
 * A graph maze as the algorithms' `Grid`: its cells in the maze, their
 * neighbours in slot order, a link opening both sides. `told`, when given,
 * hears every link and mark (the animation's steps).
 */
export class GraphGrid implements Grid {
  readonly cellCount: number;
  readonly inCount: number;
  readonly maxDegree: number;
  readonly telling: boolean;
  readonly frame: GridFrame | null;
  private readonly shape: Shape;
  private readonly cells: Uint8Array | null;

  constructor(
    private readonly maze: GraphMaze,
    private readonly told?: GraphSteps,
  ) {
    this.shape = maze.shape;
    this.cellCount = maze.cellCount;
    this.inCount = maze.inCount;
    this.maxDegree = maze.shape.maxDegree;
    this.cells = maze.mask;
    this.telling = told !== undefined;
    const own = told === undefined && maze.shape.gridFrame ? maze.shape.gridFrame(maze) : null;
    this.frame = told === undefined ? own ?? (maze.shape.frame && this.maxDegree < 8 ? new GraphFrame(maze) : null) : null;
  }

  isIn(cell: number): boolean {
    return this.cells === null || this.cells[cell] === 1;
  }

  neighbors(cell: number, out: Int32Array): number {
    const { shape, cells } = this;
    const all = shape.neighbors(cell, out);
    if (cells === null) return all;
    let k = 0;
    for (let i = 0; i < all; i++) if (cells[out[i]!] === 1) out[k++] = out[i]!;
    return k;
  }

  link(a: number, b: number): void {
    this.maze.open(a, b);
    this.told?.link(a, b);
  }

  cellAt(x: number, y: number): number {
    return this.shape.cellAt(x, y);
  }

  mark(cell: number, mark: CellMark): void {
    this.told?.mark(cell, mark);
  }

  head(cell: number): void {
    this.told?.head(cell);
  }
}

/** A graph maze's cells in its shape's frame (grid.ts, GridFrame). */
class GraphFrame implements GridFrame {
  readonly places: number;
  readonly classMask: number;
  readonly offsets: Int32Array;
  readonly backs: Uint8Array;
  readonly steps: Int32Array;
  private readonly stride: number;

  constructor(private readonly maze: GraphMaze) {
    const { shape } = maze;
    const { stride, classMask, offsets } = shape.frame!();
    const degree = shape.maxDegree;
    this.stride = stride;
    this.places = stride * (shape.height + 2);
    this.classMask = classMask;
    this.offsets = offsets;
    // the way back: the neighbour's class is the place's plus the offset, and its side back has the opposite offset
    this.backs = new Uint8Array(offsets.length);
    for (let i = 0; i < offsets.length; i++) {
      const other = (((i / degree) | 0) + offsets[i]!) & classMask;
      let back = 0;
      while (back < degree && offsets[other * degree + back] !== -offsets[i]!) back++;
      this.backs[i] = back;
    }
    // a neighbour is a row and a column or less away: offset dy·stride + dx in places, dy·W + dx in cells
    this.steps = offsets.map((offset) => {
      const dy = Math.round(offset / stride);
      return dy * shape.width + offset - dy * stride;
    });
  }

  placeOf(cell: number): number {
    const { width } = this.maze.shape;
    const x = cell % width;
    return ((cell - x) / width + 1) * this.stride + x + 1;
  }

  blank(): Uint8Array {
    const { maze, stride } = this;
    const { width, height } = maze.shape;
    const work = new Uint8Array(this.places).fill(OUTSIDE);
    for (let y = 0; y < height; y++) {
      const row = (y + 1) * stride + 1;
      if (maze.mask === null) work.fill(0, row, row + width);
      else for (let x = 0; x < width; x++) if (maze.mask[y * width + x] === 1) work[row + x] = 0;
    }
    return work;
  }

  store(work: Uint8Array): void {
    const { maze, stride } = this;
    const { width, height } = maze.shape;
    const { passages } = maze;
    for (let y = 0, c = 0; y < height; y++) {
      for (let p = (y + 1) * stride + 1, end = p + width; p < end; p++, c++) passages[c]! |= work[p]! & ~OUTSIDE;
    }
  }

  get passages(): Uint8Array {
    return this.maze.passages;
  }
}

/** What a graph maze's growth tells, as it happens (the animations' steps). */
export interface GraphSteps {
  link(a: number, b: number): void;
  mark(cell: number, mark: CellMark): void;
  head(cell: number): void;
  /** A solving method's own steps, after the growth (`--solve M`): pairs of a step kind and a cell. */
  solved?(steps: Int32Array): void;
}
