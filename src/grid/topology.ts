/**
 * Topologies (SPEC "Topologies: weave, wrap and levels"): links a grid
 * gains beyond its plain plane, written once as a Shape (shape.ts) so that
 * everything after generation (passages/view.ts and all it serves) and
 * every algorithm that carves through the Grid interface works on them
 * with no copy per topology.
 *
 * - **wrap** (`x`, `y`, `xy`; square only): SquareLattice, the square grid
 *   as a shape (slots north, east, south, west), whose east and west edges
 *   (x) or top and bottom (y) are neighbours: a cylinder or a torus. A
 *   wrapped way must be at least 3 cells long, so that no two cells are
 *   neighbours twice. The plain square rectangle never comes here: it keeps
 *   the seed's wall arrays (model/maze.ts), its bytes and its fast paths.
 * - **levels** N (square, hex): N copies of the base shape, cell
 *   l·B + c on level l (B the base's cell count), each with two more slots
 *   after the base's, up (to l + 1) and down: a stair. A point is (x, l·H + y),
 *   the levels stacked in the shape's own coordinates, and the pictures lay
 *   them side by side, a tile apart. Stairs are ordinary sides an algorithm
 *   may open or not: a perfect maze over all floors.
 * - **weave** P (square, hex): crossings chosen before the carve. A cell is
 *   a chance when it and all its neighbours are in the maze and none of
 *   them is in another crossing's neighbourhood (crossings never touch,
 *   never lie on the border, never sit on a stair); P of the chances are
 *   taken, in cell order, each with its axes drawn (an axis is a pair of
 *   opposite slots: the square's north–south and east–west, the hex's
 *   three). The crossing cell's only sides are its over axis (the bridge);
 *   the two cells across its under axis become each other's neighbours
 *   through that slot (the tunnel, one passage); its other sides are
 *   sealed walls. So there is no under cell: the tunnel is a passage
 *   between the cells on either side, drawn under the bridge.
 *
 *   A crossing is never a dead end nor a turn: its three passages (two of
 *   the bridge, one tunnel) are forced open before the carve, and the
 *   algorithm carves the grid with each forced group contracted into one
 *   cell (TopologyGrid), so any spanning tree it makes of the contracted
 *   grid plus the forced passages is a spanning tree of the whole: perfect,
 *   cells − 1 passages with the tunnel counted once. Where two groups touch
 *   by more than one side (two neighbours of a hex crossing), linking them
 *   opens the first side in cell and slot order.
 *
 * Crossings draw from their own generator (the maze's seed with "/weave"),
 * so the carve's draws are the algorithm's own.
 */
import type { Point } from '../model/maze.js';
import type { CellMark } from '../model/steps.js';
import { Rng } from '../rng.js';
import type { GraphMaze, GraphSteps } from './graph-maze.js';
import type { Grid, GridFrame } from './grid.js';
import { OUTSIDE } from './grid.js';
import { rowMajorCell, rowMajorPoint } from './grid.js';
import type { Polyline, Shape } from './shape.js';
import { searchSlot, slotNeighbors } from './shape.js';

export const WRAPS = ['x', 'y', 'xy'] as const;
export type Wrap = (typeof WRAPS)[number];

/** Most levels a maze has. */
export const MAX_LEVELS = 64;

/** What a topology asks for: wrap (square), levels, and the crossings' share. */
export interface TopologySpec {
  wrap: Wrap | null;
  levels: number;
  weave: number;
}

/** The tiles between two levels laid side by side in a picture. */
export const LEVEL_GAP = 1;

/** The square grid as a shape, wrapped or not: slots north, east, south, west; cell (x, y) is y·W + x. */
export class SquareLattice implements Shape {
  readonly name = 'square' as const;
  readonly cellCount: number;
  readonly maxDegree = 4;
  readonly room = 1;
  readonly extent: { width: number; height: number };

  constructor(
    readonly width: number,
    readonly height: number,
    readonly wrapX = false,
    readonly wrapY = false,
  ) {
    this.cellCount = width * height;
    this.extent = { width, height };
  }

  neighbor(cell: number, slot: number): number {
    const { width, height } = this;
    const x = cell % width;
    const y = (cell - x) / width;
    switch (slot) {
      case 0:
        return y > 0 ? cell - width : this.wrapY ? cell + (height - 1) * width : -1;
      case 1:
        return x + 1 < width ? cell + 1 : this.wrapX ? cell - x : -1;
      case 2:
        return y + 1 < height ? cell + width : this.wrapY ? x : -1;
      case 3:
        return x > 0 ? cell - 1 : this.wrapX ? cell + width - 1 : -1;
      default:
        return -1;
    }
  }

  /** All four at once, from one division: the carving algorithms' inner loop. */
  neighbors(cell: number, out: Int32Array): number {
    const { width, height } = this;
    const x = cell % width;
    const y = (cell - x) / width;
    let k = 0;
    if (y > 0) out[k++] = cell - width;
    else if (this.wrapY) out[k++] = cell + (height - 1) * width;
    if (x + 1 < width) out[k++] = cell + 1;
    else if (this.wrapX) out[k++] = cell - x;
    if (y + 1 < height) out[k++] = cell + width;
    else if (this.wrapY) out[k++] = x;
    if (x > 0) out[k++] = cell - 1;
    else if (this.wrapX) out[k++] = cell + width - 1;
    return k;
  }

  slotTo(a: number, b: number): number {
    const { width } = this;
    const ax = a % width;
    const bx = b % width;
    // same column: north or south (a wrapped way is 3 or more long, so one of them only)
    if (ax === bx) return b === this.neighbor(a, 0) ? 0 : b === this.neighbor(a, 2) ? 2 : -1;
    return b === this.neighbor(a, 1) ? 1 : b === this.neighbor(a, 3) ? 3 : -1;
  }

  backSlot(_a: number, slot: number): number {
    return (slot + 2) & 3;
  }

  hasSide(): boolean {
    return true;
  }

  /** Whether the side joins a cell to one across a wrapped edge (drawn on both edges). */
  seam(cell: number, slot: number): boolean {
    const x = cell % this.width;
    const y = (cell - x) / this.width;
    return (this.wrapY && ((slot === 0 && y === 0) || (slot === 2 && y === this.height - 1))) || (this.wrapX && ((slot === 3 && x === 0) || (slot === 1 && x === this.width - 1)));
  }

  cellAt(x: number, y: number): number {
    return rowMajorCell(this.width, this.height, x, y);
  }

  pointOf(cell: number): Point {
    return rowMajorPoint(this.width, cell);
  }

  center(cell: number): [number, number] {
    const [x, y] = this.pointOf(cell);
    return [x + 0.5, y + 0.5];
  }

  side(cell: number, slot: number): Polyline {
    const [x, y] = this.pointOf(cell);
    switch (slot) {
      case 0:
        return Float64Array.of(x, y, x + 1, y);
      case 1:
        return Float64Array.of(x + 1, y, x + 1, y + 1);
      case 2:
        return Float64Array.of(x, y + 1, x + 1, y + 1);
      default:
        return Float64Array.of(x, y, x, y + 1);
    }
  }

  outline(cell: number): Polyline {
    const [x, y] = this.pointOf(cell);
    return Float64Array.of(x, y, x + 1, y, x + 1, y + 1, x, y + 1);
  }
}

/**
 * Square levels in one frame (grid.ts, GridFrame): cell (x, y) of level l
 * at place ((l + 1)·(H + 1) + y + 1)·S + x + 1, S = W + 2, so that a row
 * of border lies above each floor and a column beside it, and a floor of
 * border below the first level and above the last; the sides north,
 * east, south, west at −S, +1, +S, −1, and the stairs up and down at
 * ±(H + 1)·S. Places rise with cell numbers, so a carve over the frame
 * meets the cells, and their neighbours, in the order `neighbors` gives.
 */
class LevelFrame implements GridFrame {
  readonly places: number;
  readonly classMask = 0;
  readonly offsets: Int32Array;
  readonly backs = Uint8Array.of(2, 3, 0, 1, 5, 4);
  private readonly stride: number;
  /** Per slot: the neighbour's cell number less the cell's. */
  private readonly cellOffsets: Int32Array;

  constructor(
    private readonly shape: TopologyShape,
    private readonly maze: { readonly mask: Uint8Array | null; readonly passages: Uint8Array },
  ) {
    const { width, height } = shape.base;
    const s = width + 2;
    const floor = (height + 1) * s;
    this.stride = s;
    // a floor of border below the first level and above the last: a stair's offset from there lands on it
    this.places = (shape.levels + 2) * floor;
    this.offsets = Int32Array.of(-s, 1, s, -1, floor, -floor);
    this.cellOffsets = Int32Array.of(-width, 1, width, -1, shape.perLevel, -shape.perLevel);
  }

  placeOf(cell: number): number {
    const { perLevel, base } = this.shape;
    const l = Math.floor(cell / perLevel);
    const b = cell - l * perLevel;
    const x = b % base.width;
    return ((l + 1) * (base.height + 1) + (b - x) / base.width + 1) * this.stride + x + 1;
  }

  /** Calls `each(cell, place)` for every cell, in cell order. */
  private forCells(each: (cell: number, place: number) => void): void {
    const { levels, base } = this.shape;
    const { width, height } = base;
    for (let l = 0, c = 0; l < levels; l++) {
      for (let y = 0; y < height; y++) {
        const row = ((l + 1) * (height + 1) + y + 1) * this.stride + 1;
        for (let x = 0; x < width; x++, c++) each(c, row + x);
      }
    }
  }

  blank(): Uint8Array {
    const work = new Uint8Array(this.places).fill(OUTSIDE);
    const { mask } = this.maze;
    this.forCells((c, p) => {
      if (mask === null || mask[c] === 1) work[p] = 0;
    });
    return work;
  }

  store(work: Uint8Array): void {
    const { passages } = this.maze;
    this.forCells((c, p) => {
      passages[c]! |= work[p]! & ~OUTSIDE;
    });
  }

  storeBacks(work: Uint8Array): void {
    const { passages } = this.maze;
    const { cellOffsets, backs } = this;
    this.forCells((c, p) => {
      const back = work[p]! & 7;
      if (back === 0) return;
      passages[c]! |= 1 << (back - 1);
      passages[c + cellOffsets[back - 1]!]! |= 1 << backs[back - 1]!;
    });
  }
}

/** A crossing: its cell (of the whole topology), the axis its bridge runs along and the one its tunnel runs under. */
export interface Crossing {
  cell: number;
  over: number;
  under: number;
}

/**
 * A base shape (a SquareLattice, wrapped or not, or a hex grid) with its
 * levels and crossings: see the file's comment.
 */
export class TopologyShape implements Shape {
  readonly name: Shape['name'];
  readonly width: number;
  readonly height: number;
  readonly cellCount: number;
  readonly maxDegree: number;
  readonly room: number;
  readonly extent: { width: number; height: number };
  /** The base's slots per cell; slot `up` = baseDegree, `down` = baseDegree + 1 (with levels). */
  readonly baseDegree: number;
  /** Cells per level. */
  readonly perLevel: number;
  /** Per cell: −1, or the over axis of the crossing there. */
  readonly over: Int8Array;
  /** Per cell: −1, or the under axis of the crossing there. */
  readonly under: Int8Array;
  /** The crossings, in cell order. */
  readonly crossings: readonly Crossing[];
  /** With crossings: 1 for a crossing's cell and its neighbours (whose sides the crossing changes), 0 elsewhere. */
  private readonly near: Uint8Array | null;
  private readonly axes: number;
  private readonly shift: number;
  /** Whether every base side is across from its opposite slot (square, hex). */
  private readonly opposite: boolean;

  constructor(
    readonly base: Shape,
    readonly levels: number,
    crossings: readonly Crossing[] = [],
  ) {
    this.name = base.name;
    this.width = base.width;
    this.height = base.height;
    this.perLevel = base.cellCount;
    this.cellCount = base.cellCount * levels;
    this.baseDegree = base.maxDegree;
    this.maxDegree = base.maxDegree + (levels > 1 ? 2 : 0);
    this.room = base.room;
    this.axes = base.maxDegree / 2;
    this.opposite = base.name === 'square' || base.name === 'hex';
    this.shift = base.extent.width + LEVEL_GAP;
    this.extent = { width: levels * base.extent.width + (levels - 1) * LEVEL_GAP, height: base.extent.height };
    this.over = new Int8Array(this.cellCount).fill(-1);
    this.under = new Int8Array(this.cellCount).fill(-1);
    this.near = crossings.length > 0 ? new Uint8Array(this.cellCount) : null;
    const around = new Int32Array(base.maxDegree);
    for (const { cell, over, under } of crossings) {
      this.over[cell] = over;
      this.under[cell] = under;
      this.near![cell] = 1;
      const l = Math.floor(cell / this.perLevel) * this.perLevel;
      const k = base.neighbors(cell - l, around);
      for (let i = 0; i < k; i++) this.near![l + around[i]!] = 1;
    }
    this.crossings = crossings;
  }

  /** The axis a base slot lies on: opposite slots share one. */
  axisOf(slot: number): number {
    return slot % this.axes;
  }

  levelOf(cell: number): number {
    return Math.floor(cell / this.perLevel);
  }

  /** The slot that goes up a level (with levels), and down is the next. */
  get up(): number {
    return this.baseDegree;
  }

  /** The cell across a base slot on the plain grid (no crossing), or −1. */
  private plain(cell: number, slot: number): number {
    if (this.levels === 1) return this.base.neighbor(cell, slot);
    const l = this.levelOf(cell);
    const n = this.base.neighbor(cell - l * this.perLevel, slot);
    return n < 0 ? -1 : l * this.perLevel + n;
  }

  neighbor(cell: number, slot: number): number {
    const { baseDegree, over } = this;
    if (slot < baseDegree && (this.near === null || this.near[cell] === 0)) {
      if (this.levels === 1) return this.base.neighbor(cell, slot);
      return this.plain(cell, slot);
    }
    if (slot >= baseDegree) {
      if (slot >= this.maxDegree || over[cell]! >= 0) return -1;
      const n = slot === baseDegree ? cell + this.perLevel : cell - this.perLevel;
      return n >= 0 && n < this.cellCount && over[n]! < 0 ? n : -1;
    }
    const axis = this.axisOf(slot);
    if (over[cell]! >= 0 && axis !== over[cell]) return -1;
    const n = this.plain(cell, slot);
    if (n < 0 || over[n]! < 0 || axis === over[n]) return n;
    // a crossing's tunnel: on to the cell beyond it; its sealed third axis (hex): nothing
    return axis === this.under[n] ? this.plain(n, slot) : -1;
  }

  neighbors(cell: number, out: Int32Array): number {
    if (this.near !== null && this.near[cell] === 1) return slotNeighbors(this, cell, out);
    // no crossing: the base's neighbours on the level, then the stairs
    const { perLevel, levels } = this;
    const l = levels === 1 ? 0 : Math.floor(cell / perLevel);
    const first = l * perLevel;
    const k = this.base.neighbors(cell - first, out);
    if (first > 0) for (let i = 0; i < k; i++) out[i]! += first;
    if (levels === 1) return k;
    let n = k;
    // no stair onto a crossing
    if (l + 1 < levels && this.over[cell + perLevel]! < 0) out[n++] = cell + perLevel;
    if (l > 0 && this.over[cell - perLevel]! < 0) out[n++] = cell - perLevel;
    return n;
  }

  slotTo(a: number, b: number): number {
    const { perLevel, levels } = this;
    const la = levels === 1 ? 0 : Math.floor(a / perLevel);
    const lb = levels === 1 ? 0 : Math.floor(b / perLevel);
    if (la !== lb) return b === this.neighbor(a, this.up) ? this.up : b === this.neighbor(a, this.up + 1) ? this.up + 1 : -1;
    if (this.crossings.length === 0) return this.base.slotTo(a - la * perLevel, b - la * perLevel);
    // a tunnel's far end is no neighbour of the base
    const s = this.base.slotTo(a - la * perLevel, b - la * perLevel);
    return s >= 0 && this.neighbor(a, s) === b ? s : searchSlot(this, a, b);
  }

  backSlot(a: number, slot: number, b: number): number {
    if (slot >= this.baseDegree) return slot === this.baseDegree ? slot + 1 : slot - 1;
    // the square's and the hex's sides face their opposite: the tunnel's too
    if (this.opposite) return (slot + this.axes) % this.baseDegree;
    const l = this.levelOf(a);
    const [ca, cb] = [a - l * this.perLevel, b - l * this.perLevel];
    // the tunnel's far cell is no neighbour of the base: the slot opposite
    return this.base.neighbor(ca, slot) === cb ? this.base.backSlot(ca, slot, cb) : (slot + this.axes) % this.base.maxDegree;
  }

  /**
   * Square levels with no crossing, unwrapped: the floors in one frame, a
   * row of border between them (LevelFrame), so that the backtracker's and
   * kruskal's hot loops find every neighbour, stairs too, at a fixed offset
   * as on one grid. Null for the others: wrapped edges and crossings have
   * no fixed offsets, and hex levels' eight sides no room in a byte beside
   * OUTSIDE.
   */
  gridFrame(maze: { readonly mask: Uint8Array | null; readonly passages: Uint8Array }): GridFrame | null {
    const { base } = this;
    if (this.levels < 2 || this.crossings.length > 0 || !(base instanceof SquareLattice) || base.wrapX || base.wrapY) return null;
    return new LevelFrame(this, maze);
  }

  /** Stairs are no side of the picture; the hex's third axis beside a crossing is drawn from the crossing. */
  hasSide(cell: number, slot: number): boolean {
    if (slot >= this.baseDegree) return false;
    const l = this.levelOf(cell);
    if (!this.base.hasSide(cell - l * this.perLevel, slot)) return false;
    const n = this.plain(cell, slot);
    if (n < 0 || this.over[n]! < 0) return true;
    const axis = this.axisOf(slot);
    return axis === this.over[n] || axis === this.under[n];
  }

  /** A side that is a wall with nothing across, yet no outer wall (a crossing's sides off its bridge): never an opening. */
  sealed(cell: number, slot: number): boolean {
    return slot < this.baseDegree && this.over[cell]! >= 0 && this.axisOf(slot) !== this.over[cell];
  }

  /** Whether the side joins cells drawn apart: a wrapped edge (listed from both cells), or a stair (no side of the picture). */
  seam(cell: number, slot: number): boolean {
    if (slot >= this.baseDegree) return slot < this.maxDegree;
    if (!(this.base instanceof SquareLattice)) return false;
    return this.base.seam(cell - this.levelOf(cell) * this.perLevel, slot);
  }

  /** Whether the side is a tunnel's end: open, its line the crossing's side, not the cell's. */
  tunnel(cell: number, slot: number): boolean {
    if (slot >= this.baseDegree) return false;
    const n = this.plain(cell, slot);
    return n >= 0 && this.under[n] === this.axisOf(slot);
  }

  cellAt(x: number, y: number): number {
    if (!Number.isInteger(y) || y < 0) return -1;
    const l = Math.floor(y / this.height);
    if (l >= this.levels) return -1;
    const c = this.base.cellAt(x, y - l * this.height);
    return c < 0 ? -1 : l * this.perLevel + c;
  }

  pointOf(cell: number): Point {
    const l = this.levelOf(cell);
    const [x, y] = this.base.pointOf(cell - l * this.perLevel);
    return [x, y + l * this.height];
  }

  center(cell: number): [number, number] {
    const l = this.levelOf(cell);
    const [x, y] = this.base.center(cell - l * this.perLevel);
    return [x + l * this.shift, y];
  }

  side(cell: number, slot: number): Polyline {
    const l = this.levelOf(cell);
    const line = this.moved(this.base.side(cell - l * this.perLevel, slot), l);
    if (!this.sealed(cell, slot) || this.axisOf(slot) !== this.under[cell]) return line;
    // the tunnel's side of a bridge: the wall broken where the tunnel passes, its two ends turned in to the bridge's rail
    const [x0, y0, x1, y1] = [line[0]!, line[1]!, line[line.length - 2]!, line[line.length - 1]!];
    const [cx, cy] = this.center(cell);
    const mx = (x0 + x1) / 2;
    const my = (y0 + y1) / 2;
    const inX = (cx - mx) * 0.3;
    const inY = (cy - my) * 0.3;
    const at = (t: number): [number, number] => [x0 + (x1 - x0) * t, y0 + (y1 - y0) * t];
    const [ax, ay] = at(0.25);
    const [bx, by] = at(0.75);
    return Float64Array.of(x0, y0, ax, ay, ax + inX, ay + inY, bx + inX, by + inY, bx, by, x1, y1);
  }

  outline(cell: number): Polyline {
    const l = this.levelOf(cell);
    return this.moved(this.base.outline(cell - l * this.perLevel), l);
  }

  private moved(line: Polyline, level: number): Polyline {
    if (level === 0) return line;
    const out = line.slice();
    for (let i = 0; i < out.length; i += 2) out[i]! += level * this.shift;
    return out;
  }
}

/** The base shape of a topology: the square lattice (wrapped as asked) or the given shape. */
export function topologyShape(base: Shape, spec: TopologySpec, mask: Uint8Array | null, seed: string): TopologyShape {
  const plain = new TopologyShape(base, spec.levels);
  if (spec.weave <= 0) return plain;
  return new TopologyShape(base, spec.levels, chooseCrossings(plain, mask, spec.weave, new Rng(`${seed}/weave`)));
}

/**
 * The crossings of a weave (see the file's comment): each chance, in cell
 * order, taken with probability `share` (one draw each), then its over axis
 * and its under axis drawn.
 */
export function chooseCrossings(plain: TopologyShape, mask: Uint8Array | null, share: number, rng: Rng): Crossing[] {
  const { cellCount, baseDegree } = plain;
  const axes = baseDegree / 2;
  const used = new Uint8Array(cellCount);
  const crossings: Crossing[] = [];
  const around = new Int32Array(baseDegree);
  const isIn = (c: number): boolean => mask === null || mask[c] === 1;
  for (let c = 0; c < cellCount; c++) {
    if (!isIn(c) || used[c] === 1) continue;
    let k = 0;
    let chance = true;
    for (let s = 0; s < baseDegree && chance; s++) {
      const n = plain.neighbor(c, s);
      if (n < 0 || !isIn(n) || used[n] === 1) chance = false;
      else around[k++] = n;
    }
    if (!chance || rng.u32() / 2 ** 32 >= share) continue;
    const over = rng.below(axes);
    const under = axes === 2 ? 1 - over : (over + 1 + rng.below(axes - 1)) % axes;
    crossings.push({ cell: c, over, under });
    used[c] = 1;
    for (let i = 0; i < k; i++) used[around[i]!] = 1;
  }
  return crossings;
}

/**
 * The passages a crossing forces (its bridge's two, its tunnel), as pairs
 * of cells.
 */
export function forcedPassages(shape: TopologyShape): [number, number][] {
  const forced: [number, number][] = [];
  const axes = shape.baseDegree / 2;
  for (const { cell, over, under } of shape.crossings) {
    forced.push([shape.neighbor(cell, over), cell], [cell, shape.neighbor(cell, over + axes)]);
    const a = plainAcross(shape, cell, under);
    const b = plainAcross(shape, cell, under + axes);
    forced.push([a, b]);
  }
  return forced;
}

/** The cell next to a crossing across a base slot, as the plain grid has it. */
function plainAcross(shape: TopologyShape, cell: number, slot: number): number {
  const l = shape.levelOf(cell);
  return l * shape.perLevel + shape.base.neighbor(cell - l * shape.perLevel, slot);
}

/**
 * A topology maze as the algorithms' Grid, each crossing's forced group
 * (bridge, tunnel) contracted into one cell, numbered by its smallest: the
 * other cells of a group are no cell of this grid. Its forced passages are
 * opened when it is made.
 */
export class TopologyGrid implements Grid {
  readonly cellCount: number;
  readonly inCount: number;
  readonly maxDegree: number;
  readonly telling: boolean;
  readonly frame = null;
  private readonly shape: TopologyShape;
  /** Per cell: the group it belongs to (its smallest cell), itself when alone. */
  private readonly group: Int32Array;
  /** Per group head with more cells: its cells. */
  private readonly members = new Map<number, number[]>();
  private readonly around: Int32Array;

  constructor(
    private readonly maze: GraphMaze,
    private readonly told?: GraphSteps,
  ) {
    const shape = maze.shape as TopologyShape;
    this.shape = shape;
    this.cellCount = maze.cellCount;
    this.telling = told !== undefined;
    this.group = new Int32Array(this.cellCount);
    for (let c = 0; c < this.cellCount; c++) this.group[c] = c;
    const find = (c: number): number => {
      while (this.group[c] !== c) c = this.group[c]!;
      return c;
    };
    for (const [a, b] of forcedPassages(shape)) {
      maze.open(a, b);
      told?.link(a, b);
      const [ra, rb] = [find(a), find(b)];
      this.group[Math.max(ra, rb)] = Math.min(ra, rb);
    }
    let most = 1;
    for (let c = 0; c < this.cellCount; c++) {
      const g = find(c);
      this.group[c] = g;
      if (g === c) continue;
      const list = this.members.get(g) ?? [g];
      list.push(c);
      this.members.set(g, list);
      most = Math.max(most, list.length);
    }
    this.maxDegree = shape.maxDegree * most;
    this.around = new Int32Array(shape.maxDegree);
    let inCount = 0;
    for (let c = 0; c < this.cellCount; c++) if (this.isIn(c)) inCount++;
    this.inCount = inCount;
  }

  isIn(cell: number): boolean {
    return this.maze.isIn(cell) && this.group[cell] === cell;
  }

  neighbors(cell: number, out: Int32Array): number {
    const { shape, group, around, maze } = this;
    const cells = this.members.get(cell);
    if (cells === undefined) {
      // a cell alone: its neighbours' groups (two of its sides never reach one group: crossings keep apart)
      const k = shape.neighbors(cell, around);
      let n = 0;
      for (let i = 0; i < k; i++) if (maze.isIn(around[i]!)) out[n++] = group[around[i]!]!;
      return n;
    }
    let n = 0;
    for (const m of cells) {
      const k = shape.neighbors(m, around);
      for (let i = 0; i < k; i++) {
        const g = group[around[i]!]!;
        if (g === cell || !maze.isIn(around[i]!)) continue;
        let seen = false;
        for (let j = 0; j < n && !seen; j++) seen = out[j] === g;
        if (!seen) out[n++] = g;
      }
    }
    return n;
  }

  /** Open the first side, in cell and slot order, between the groups of a and b. */
  link(a: number, b: number): void {
    const { shape, group } = this;
    for (const m of this.members.get(a) ?? [a]) {
      for (let s = 0; s < shape.maxDegree; s++) {
        const n = shape.neighbor(m, s);
        if (n >= 0 && group[n] === b && this.maze.isIn(n)) {
          this.maze.open(m, n);
          this.told?.link(m, n);
          return;
        }
      }
    }
    throw new RangeError(`cells ${a} and ${b} are not neighbours`);
  }

  cellAt(x: number, y: number): number {
    const c = this.shape.cellAt(x, y);
    return c < 0 ? -1 : this.group[c]!;
  }

  mark(cell: number, mark: CellMark): void {
    this.told?.mark(cell, mark);
  }

  head(cell: number): void {
    this.told?.head(cell);
  }
}
