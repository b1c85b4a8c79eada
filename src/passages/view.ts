/**
 * One maze model for every grid (SPEC "One maze, every grid"): a maze read
 * as cells and the passages between them, whatever stores it. The square
 * maze keeps the seed's wall arrays (maze.ts) and a shaped maze its passage
 * bits (grid/graph-maze.ts); each answers the questions below through a
 * view over its own storage, and everything after generation (search,
 * solve, ends, openings, braid, stats) asks only these questions, once.
 *
 * Cells are numbered by the storage: a square maze's cell (x, y) is its
 * tile y·(W+1) + x, so that the seed's walls need no index arithmetic and
 * its breadth-first search keeps its measured fast path (solve.ts,
 * `breadthFirst`); the tiles of the extra column are no cell, as a mask's
 * outside is none. A shaped maze's cells are its shape's.
 */
import { GraphMaze } from '../grid/graph-maze.js';
import type { Shape } from '../grid/shape.js';
import type { Tick } from '../tick.js';
import { TICK_MASK } from '../tick.js';
import { inMask, isOutside, maskEnds } from '../model/mask.js';
import type { Maze, Point } from '../model/maze.js';
import { DX, DY, LEFT, TOP } from '../model/maze.js';
import type { Reach } from '../model/search.js';
import { breadthFirst, searchMarks } from '../model/search.js';
import type { StepSink } from '../model/steps.js';

/** A maze of any grid: the square one on the seed's walls, or one on a hex, triangle or polar grid. */
export type AnyMaze = Maze | GraphMaze;

/** A maze's cells and passages, as every operation after generation reads them. */
export interface Passages {
  /** Cell numbers run from 0 to size − 1; some may be no cell of the maze (`isIn`). */
  readonly size: number;
  /** Most neighbours a cell has. */
  readonly maxDegree: number;
  /** Whether the cell is part of the maze (on the grid and in its mask). */
  isIn(cell: number): boolean;
  /** The cells of the maze across the cell's open sides, written into `out` in the grid's fixed order; returns how many. */
  links(cell: number, out: Int32Array): number;
  /** Into `out`: the cells of the maze behind a closed side that may open (never the border, a mask's outside, a lock's other side). */
  closedInto(cell: number, out: number[]): void;
  /** Open the passage between neighbours a and b. */
  open(a: number, b: number): void;
  /** The cell at a point of the grid's own coordinates, or −1 (off the grid). */
  cellAt(point: Point): number;
  pointOf(cell: number): Point;
  /** Fresh marks for `search`: 0 for a cell of the maze, set for every number that is none. */
  marks(): Uint8Array;
  /**
   * Breadth-first search from `source`, marking each cell it reaches in
   * `marks` (a marked cell is not visited) with the way back to where it
   * came from (`back`), and listing them in `queue`; it stops once it
   * reaches `target` (−1: never). `tick` is told the cells searched, plus
   * `before`.
   */
  search(source: number, marks: Uint8Array, queue: Int32Array, target?: number, tick?: Tick, before?: number): Reach;
  /** The cell a search reached `cell` from, by its mark. */
  back(cell: number, mark: number): number;
  /** The cells nearest the grid's top-left and bottom-right corners. */
  corners(): [number, number];
  /** The cells with a side on the outside (off the grid, out of the mask), in the order random ends draw them; the first is the first in cell order. */
  rim(): number[];
  /** Whether the cell has a side on the outside. */
  onRim(cell: number): boolean;
  /** Open the outer side an opening takes beside a rim cell (`--openings`); false for a cell not on the rim. */
  openOuter(cell: number): boolean;
  /** The side an opening takes beside a rim cell (the one `openOuter` opens), or −1 for a cell not on the rim. */
  outerSide(cell: number): number;
  /** The cell's open sides as bits (bit s: side s), whatever lies across, in the mask or out of it; 0 for a number that is no cell of the grid. */
  openSides(cell: number): number;
  /** The cell of the grid across side s, in the mask or out of it, or −1 off the grid. */
  across(cell: number, side: number): number;
}

/** The view of a maze's passages; `sink`, when given, is told each wall a square maze opens. */
export function passagesOf(maze: AnyMaze, sink?: StepSink): Passages {
  return maze instanceof GraphMaze ? new ShapePassages(maze) : new SquarePassages(maze, sink);
}

/** The cells of a shortest path from a to b, both included, or null when none joins them. */
export function cellPath(view: Passages, a: number, b: number, tick?: Tick): Int32Array | null {
  const marks = view.marks();
  const reach = view.search(a, marks, new Int32Array(view.size), b, tick);
  if (reach.last !== b) return null;
  const path = new Int32Array(reach.depth + 1);
  let c = b;
  for (let i = reach.depth; i > 0; i--) {
    path[i] = c;
    c = view.back(c, marks[c]!);
  }
  path[0] = c;
  return path;
}

/** A square maze over its wall arrays: cells are tiles, their sides north, east, south, west. */
class SquarePassages implements Passages {
  readonly size: number;
  readonly maxDegree = 4;
  private readonly stride: number;
  private readonly cells: Uint8Array | null;
  /** The parts of the maze with every locked door shut (braid's fence), made when first asked. */
  private regions: Int32Array | null | undefined;

  constructor(
    private readonly maze: Maze,
    private readonly sink?: StepSink,
  ) {
    this.stride = maze.stride;
    this.size = maze.stride * maze.height;
    this.cells = maze.mask?.cells ?? null;
  }

  isIn(t: number): boolean {
    const { stride, maze } = this;
    const x = t % stride;
    return t >= 0 && t < this.size && x < maze.width && (this.cells === null || this.cells[((t - x) / stride) * maze.width + x] !== 0);
  }

  links(t: number, out: Int32Array): number {
    const { stride, maze } = this;
    const { walls, width, height } = maze;
    const x = t % stride;
    const y = (t - x) / stride;
    if (x >= width) return 0;
    let k = 0;
    if (y > 0 && (walls[t]! & TOP) === 0) out[k++] = t - stride;
    if (x + 1 < width && (walls[t + 1]! & LEFT) === 0) out[k++] = t + 1;
    if (y + 1 < height && (walls[t + stride]! & TOP) === 0) out[k++] = t + stride;
    if (x > 0 && (walls[t]! & LEFT) === 0) out[k++] = t - 1;
    if (this.cells === null) return k;
    // a mask's outside is no cell: an opening into it is no passage
    let n = 0;
    for (let i = 0; i < k; i++) if (this.isIn(out[i]!)) out[n++] = out[i]!;
    return n;
  }

  closedInto(t: number, out: number[]): void {
    const { stride, maze } = this;
    out.length = 0;
    const x = t % stride;
    const y = (t - x) / stride;
    this.regions ??= doorRegions(maze);
    const region = this.regions;
    for (let d = 0; d < 4; d++) {
      const nx = x + DX[d]!;
      const ny = y + DY[d]!;
      const n = ny * stride + nx;
      // never the border, nor a mask's outside, nor across a lock
      if (!maze.isIn(nx, ny) || this.isOpen(x, y, d)) continue;
      if (region && region[ny * maze.width + nx] !== region[y * maze.width + x]) continue;
      out.push(n);
    }
  }

  /** Whether the wall on side d (north, east, south, west) of cell (x, y) is open. */
  private isOpen(x: number, y: number, d: number): boolean {
    const { maze } = this;
    return d === 0 ? !maze.hasTop(x, y) : d === 1 ? !maze.hasLeft(x + 1, y) : d === 2 ? !maze.hasTop(x, y + 1) : !maze.hasLeft(x, y);
  }

  open(a: number, b: number): void {
    const { maze, sink } = this;
    const [x, y] = this.pointOf(a);
    const [nx, ny] = this.pointOf(b);
    maze.carve(x, y, nx, ny);
    if (!sink) return;
    if (ny === y) sink({ type: 'wall', x: Math.max(x, nx), y, side: 'left', active: false, color: 0 });
    else sink({ type: 'wall', x, y: Math.max(y, ny), side: 'top', active: false, color: 0 });
  }

  cellAt([x, y]: Point): number {
    const { maze } = this;
    return Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0 && x < maze.width && y < maze.height ? y * this.stride + x : -1;
  }

  pointOf(t: number): Point {
    const x = t % this.stride;
    return [x, (t - x) / this.stride];
  }

  marks(): Uint8Array {
    return searchMarks(this.maze);
  }

  search(source: number, marks: Uint8Array, queue: Int32Array, target = -1, tick?: Tick, before = 0): Reach {
    return breadthFirst(this.maze, source, marks, queue, target, tick, before);
  }

  back(t: number, mark: number): number {
    const { stride } = this;
    // breadthFirst's marks: 1 + the direction of the step (north, east, south, west)
    return mark === 1 ? t + stride : mark === 2 ? t - 1 : mark === 3 ? t - stride : t + 1;
  }

  corners(): [number, number] {
    const { maze } = this;
    if (maze.mask === null) return [0, this.cellAt([maze.width - 1, maze.height - 1])];
    // the mask's cells nearest the corner cells in a straight line, a tie to the smaller y, then x
    const [start, end] = maskEnds(maze.mask);
    return [this.cellAt(start), this.cellAt(end)];
  }

  rim(): number[] {
    const { maze } = this;
    const { width, height, mask } = maze;
    const rim: number[] = [];
    if (mask === null) {
      // clockwise from the top-left cell
      const n = width === 1 || height === 1 ? width * height : 2 * (width + height) - 4;
      for (let i = 0; i < n; i++) rim.push(this.cellAt(borderCell(width, height, i)));
      return rim;
    }
    // a mask's rim in row order
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (this.onRim(y * this.stride + x)) rim.push(y * this.stride + x);
    return rim;
  }

  onRim(t: number): boolean {
    if (!this.isIn(t)) return false;
    const { maze } = this;
    const [x, y] = this.pointOf(t);
    for (let d = 0; d < 4; d++) if (isOutside(maze.mask, maze.width, maze.height, x + DX[d]!, y + DY[d]!)) return true;
    return false;
  }

  outerSide(t: number): number {
    if (!this.onRim(t)) return -1;
    const [x, y] = this.pointOf(t);
    const wall = openingSide(this.maze, [x, y]);
    if (wall === null) return -1;
    return wall.side === 'top' ? (wall.y === y ? 0 : 2) : wall.x === x ? 3 : 1;
  }

  openSides(t: number): number {
    const { stride, maze } = this;
    const { walls } = maze;
    const x = t % stride;
    if (t < 0 || t >= this.size || x >= maze.width) return 0;
    return ((walls[t]! & TOP) === 0 ? 1 : 0) | ((walls[t + 1]! & LEFT) === 0 ? 2 : 0) | ((walls[t + stride]! & TOP) === 0 ? 4 : 0) | ((walls[t]! & LEFT) === 0 ? 8 : 0);
  }

  across(t: number, side: number): number {
    const [x, y] = this.pointOf(t);
    return this.cellAt([x + DX[side]!, y + DY[side]!]);
  }

  openOuter(t: number): boolean {
    const wall = openingSide(this.maze, this.pointOf(t));
    if (wall === null) return false;
    if (wall.side === 'top') this.maze.setTop(wall.x, wall.y, false);
    else this.maze.setLeft(wall.x, wall.y, false);
    this.sink?.({ type: 'wall', ...wall, active: false, color: 0 });
    return true;
  }
}

/** A search mark that is no way back: the source, and every number that is no cell. */
const SOURCE = 254;
const NO_CELL = 255;

/** A maze on a hex, triangle or polar grid over its passage bits: its shape's cells, their sides in slot order. */
class ShapePassages implements Passages {
  readonly size: number;
  readonly maxDegree: number;
  private readonly shape: Shape;

  constructor(private readonly maze: GraphMaze) {
    this.shape = maze.shape;
    this.size = maze.cellCount;
    this.maxDegree = maze.shape.maxDegree;
  }

  isIn(cell: number): boolean {
    return cell >= 0 && cell < this.size && this.maze.isIn(cell);
  }

  links(cell: number, out: Int32Array): number {
    return this.maze.isIn(cell) ? this.maze.links(cell, out) : 0;
  }

  closedInto(cell: number, out: number[]): void {
    const { shape, maze } = this;
    out.length = 0;
    for (let s = 0; s < shape.maxDegree; s++) {
      const n = shape.neighbor(cell, s);
      if (n >= 0 && maze.isIn(n) && !maze.isOpen(cell, s)) out.push(n);
    }
  }

  open(a: number, b: number): void {
    this.maze.open(a, b);
  }

  cellAt(point: Point): number {
    return this.maze.cellAt(point);
  }

  pointOf(cell: number): Point {
    return this.maze.pointOf(cell);
  }

  marks(): Uint8Array {
    const marks = new Uint8Array(this.size);
    const { mask } = this.maze;
    if (mask !== null) for (let c = 0; c < this.size; c++) if (mask[c] !== 1) marks[c] = NO_CELL;
    return marks;
  }

  search(source: number, marks: Uint8Array, queue: Int32Array, target = -1, tick?: Tick, before = 0): Reach {
    const { shape } = this;
    const { passages } = this.maze;
    const degree = shape.maxDegree;
    marks[source] = SOURCE;
    queue[0] = source;
    if (source === target) return { count: 1, last: source, depth: 0 };
    let head = 0;
    let tail = 1;
    let depth = 0;
    let layerEnd = 1;
    while (head < tail) {
      if (head === layerEnd) {
        depth++;
        layerEnd = tail;
      }
      if (((before + head) & TICK_MASK) === 0) tick?.(before + head);
      const c = queue[head++]!;
      const bits = passages[c]!;
      for (let s = 0; s < degree; s++) {
        if (((bits >> s) & 1) === 0) continue;
        const n = shape.neighbor(c, s);
        if (n < 0 || marks[n] !== 0) continue;
        // the way back: the slot of c among n's sides
        marks[n] = 1 + shape.backSlot(c, s, n);
        queue[tail++] = n;
      }
      if (target >= 0 && marks[target] !== 0) return { count: tail, last: target, depth: depth + 1 };
    }
    return { count: tail, last: queue[tail - 1]!, depth };
  }

  back(cell: number, mark: number): number {
    return this.shape.neighbor(cell, mark - 1);
  }

  corners(): [number, number] {
    // the cells whose centres are nearest the picture's top-left and bottom-right corners, a tie to the smaller row, then column
    const { shape, maze } = this;
    const nearest = (tx: number, ty: number): number => {
      let best = -1;
      let bestDistance = Infinity;
      let bestPoint: Point = [0, 0];
      for (let c = 0; c < this.size; c++) {
        if (!maze.isIn(c)) continue;
        const [cx, cy] = shape.center(c);
        const d = (cx - tx) ** 2 + (cy - ty) ** 2;
        const p = shape.pointOf(c);
        if (d < bestDistance - 1e-9 || (Math.abs(d - bestDistance) <= 1e-9 && (p[1] < bestPoint[1] || (p[1] === bestPoint[1] && p[0] < bestPoint[0])))) {
          best = c;
          bestDistance = Math.min(d, bestDistance);
          bestPoint = p;
        }
      }
      if (best < 0) throw new RangeError('a maze with no cell');
      return best;
    };
    return [nearest(0, 0), nearest(shape.extent.width, shape.extent.height)];
  }

  rim(): number[] {
    const rim: number[] = [];
    for (let c = 0; c < this.size; c++) if (this.onRim(c)) rim.push(c);
    return rim;
  }

  onRim(cell: number): boolean {
    return this.maze.isIn(cell) && outerSide(this.maze, cell) >= 0;
  }

  outerSide(cell: number): number {
    return this.maze.isIn(cell) ? outerSide(this.maze, cell) : -1;
  }

  openSides(cell: number): number {
    return cell >= 0 && cell < this.size ? this.maze.passages[cell]! : 0;
  }

  across(cell: number, side: number): number {
    return this.shape.neighbor(cell, side);
  }

  openOuter(cell: number): boolean {
    const s = outerSide(this.maze, cell);
    if (s < 0) return false;
    this.maze.passages[cell]! |= 1 << s;
    return true;
  }
}

/** A square grid's sides in the order its border cells open (openingSide): up, down, left, right. */
const SQUARE_OPENINGS = [0, 2, 3, 1];

/**
 * A shaped maze's rim cell's outer side facing most away from the picture's
 * centre (where its opening goes), or −1 when the cell is not on the rim. A
 * square grid's (weave, wrap, levels) opens as the square maze's does
 * (openingSide): a corner up or down, whatever the picture's width.
 */
export function outerSide(maze: GraphMaze, cell: number): number {
  const { shape } = maze;
  const outer = (s: number): boolean => {
    if (!shape.hasSide(cell, s) || shape.sealed?.(cell, s) === true) return false;
    const n = shape.neighbor(cell, s);
    return n < 0 || !maze.isIn(n);
  };
  if (shape.name === 'square') return SQUARE_OPENINGS.find(outer) ?? -1;
  const [cx, cy] = shape.center(cell);
  const mx = shape.extent.width / 2;
  const my = shape.extent.height / 2;
  let best = -1;
  let bestScore = -Infinity;
  for (let s = 0; s < shape.maxDegree; s++) {
    if (!outer(s)) continue;
    const line = shape.side(cell, s);
    const last = line.length - 2;
    const sx = (line[0]! + line[last]!) / 2 - cx;
    const sy = (line[1]! + line[last + 1]!) / 2 - cy;
    const score = (sx * (cx - mx) + sy * (cy - my)) / Math.hypot(sx, sy);
    if (score > bestScore + 1e-9) {
      best = s;
      bestScore = score;
    }
  }
  return best;
}

/** Border cell number i of a width × height grid, 0 ≤ i < its border's cell count: clockwise from the top-left cell. */
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

/** A border wall, as the square model stores it: the top of tile (x, y) or its left. */
export interface BorderWall {
  x: number;
  y: number;
  side: 'top' | 'left';
}

/**
 * The outer wall beside a square maze's border cell, on the side facing
 * out, or null for an inner cell. A corner cell (on two sides) opens up or
 * down, through the top or bottom border, never sideways: the first row
 * opens up, the last row down; other border cells open left or right. On
 * a one-row grid every cell opens up (the last row is the first), on a
 * one-column grid the middle cells open left.
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

/**
 * A square maze's cells numbered by the part of the maze they reach with
 * every locked door shut, or null when the maze has no locked door: braid
 * opens no wall between two parts, so a new passage never walks around a
 * lock.
 */
function doorRegions(maze: Maze): Int32Array | null {
  const locked = (maze.doors ?? []).filter((d) => d.key !== null);
  if (locked.length === 0) return null;
  const { width, height } = maze;
  const shut = maze.walls.slice();
  for (const door of locked) shut[maze.tileIndex(door.x, door.y)]! |= door.side === 'top' ? TOP : LEFT;
  const region = new Int32Array(width * height).fill(-1);
  const queue = new Int32Array(width * height);
  const stride = width + 1;
  let next = 0;
  for (let start = 0; start < width * height; start++) {
    if (region[start] !== -1) continue;
    region[start] = next;
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    while (head < tail) {
      const c = queue[head++]!;
      const x = c % width;
      const y = (c - x) / width;
      const t = y * stride + x;
      const open = [
        y > 0 && (shut[t]! & TOP) === 0 ? c - width : -1,
        x < width - 1 && (shut[t + 1]! & LEFT) === 0 ? c + 1 : -1,
        y < height - 1 && (shut[t + stride]! & TOP) === 0 ? c + width : -1,
        x > 0 && (shut[t]! & LEFT) === 0 ? c - 1 : -1,
      ];
      for (const n of open) {
        if (n >= 0 && region[n] === -1) {
          region[n] = next;
          queue[tail++] = n;
        }
      }
    }
    next++;
  }
  return region;
}
