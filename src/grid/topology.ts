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
import type { FrameGroups, Grid, GridFrame } from './grid.js';
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

/**
 * The fewest cells a maze with wrapped edges carves through its frame
 * (LatticeFrame): below, the generic grid is quicker, the frame's classes
 * costing more to work out than its hot loop saves (generate() in a loop,
 * backtracker and kruskal, frame against generic: a torus 1.5–2.5× at
 * 16 × 16, 0.7–1.0× at 32 × 32, 0.5× at 64 × 64). Levels alone take the
 * frame at any size, and a weave on one level its groups (weaveGroups,
 * which work out no class: makeGraphMaze in a loop, against the generic
 * grid, 0.35× the time at 16 × 16, 0.11–0.15× at 64 × 64). The same mazes
 * either way (test/topology-bytes.test.ts).
 */
export const FRAME_FROM = { wrap: 1_000 };

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

/** Whether two rows of numbers are the same. */
function sameRow(a: Int32Array, b: Int32Array): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Where a square topology's cells lie in a frame (LatticeFrame, a weave's
 * groups: weaveGroups): cell (x, y) of level l at place
 * (lead + l·(H + 1) + y + 1)·S + x + 1, S = W + 2, so that a row of border
 * lies above each floor and a column beside it; with levels a floor of
 * border before the first level and after the last (lead = H + 1), so that
 * a stair's offset from there lands on it. Places rise with cell numbers.
 */
class LatticeLayout {
  readonly stride: number;
  /** Border rows before the first level. */
  readonly lead: number;
  readonly places: number;

  constructor(private readonly shape: TopologyShape) {
    const { width, height } = shape.base;
    this.stride = width + 2;
    this.lead = shape.levels > 1 ? height + 1 : 0;
    this.places = (this.lead + shape.levels * (height + 1) + (shape.levels > 1 ? height + 1 : 1)) * this.stride;
  }

  placeOf(cell: number): number {
    const { perLevel, base } = this.shape;
    const l = Math.floor(cell / perLevel);
    const b = cell - l * perLevel;
    const x = b % base.width;
    return (this.lead + l * (base.height + 1) + (b - x) / base.width + 1) * this.stride + x + 1;
  }

  /**
   * OUTSIDE off the maze (the border, a mask's outside); on every cell 0,
   * or with `kinds` (a byte per place, under OUTSIDE) the cell's kind.
   */
  blank(mask: Uint8Array | null, kinds: Uint8Array | null = null): Uint8Array {
    const work = kinds === null ? new Uint8Array(this.places) : kinds.slice();
    const { width } = this.shape.base;
    let last = 0;
    this.forRows((c, p, end) => {
      work.fill(OUTSIDE, last, p);
      if (mask !== null) for (let x = 0; x < width; x++) if (mask[c + x] === 0) work[p + x] = OUTSIDE;
      last = end;
    });
    work.fill(OUTSIDE, last);
    return work;
  }

  /**
   * Calls `row(cell, place, end)` for each row of cells, in cell order: its
   * first cell and place, and the place past its last. A row's loop is a
   * function called a row at a time, so that it is optimized as a whole
   * soon, not swapped in mid-loop (an outer loop's step it had not yet met
   * took it back out, a million-cell store's first run the slower by half).
   */
  forRows(row: (cell: number, place: number, end: number) => void): void {
    const { levels, base } = this.shape;
    const { width, height } = base;
    for (let l = 0, c = 0; l < levels; l++) {
      for (let y = 0; y < height; y++, c += width) {
        const p = (this.lead + l * (height + 1) + y + 1) * this.stride + 1;
        row(c, p, p + width);
      }
    }
  }
}

/**
 * A square topology with no crossing in one frame (grid.ts, GridFrame;
 * LatticeLayout). Most cells are of class 0: sides north, east, south,
 * west at −S, +1, +S, −1, the stairs up and down at ±(H + 1)·S. A wrapped
 * edge's cells have classes of their own, per place (`classes`): the side
 * across the edge reaches the far edge (a class per edge and corner). A
 * class is a row: its neighbours' offsets, in the grid's order, the way
 * back from each, and the cell across each (the frame's steps). Places rise with cell
 * numbers, so a carve over the frame meets the cells, and their
 * neighbours, in the order the grid gives: the same draws and the same
 * maze. (A weave's grid lays its cells out by their groups instead:
 * weaveGroups.)
 */
class LatticeFrame implements GridFrame {
  readonly places: number;
  readonly classMask = 0;
  // the classes' tables, set once by classify (setClasses), in the constructor
  classes!: Uint8Array | null;
  offsets!: Int32Array;
  backs!: Uint8Array;
  /** Per class, per slot: the cell across, less the cell's (grid.ts, GridFrame). */
  steps!: Int32Array;
  private readonly layout: LatticeLayout;

  private constructor(
    private readonly shape: TopologyShape,
    private readonly maze: { readonly mask: Uint8Array | null; readonly passages: Uint8Array },
    private readonly degree: number,
  ) {
    this.layout = new LatticeLayout(shape);
    this.places = this.layout.places;
    this.classify();
  }

  /**
   * The frame of a square topology's maze with no crossing (no more than 7
   * sides a cell, as a frame's byte holds); null for a small maze with
   * wrapped edges, whose classes cost more to work out than the frame
   * saves (FRAME_FROM).
   */
  static make(shape: TopologyShape, maze: { readonly mask: Uint8Array | null; readonly passages: Uint8Array }, degree: number): LatticeFrame | null {
    if (!(shape.base instanceof SquareLattice) || degree > 7 || shape.crossingCells.length > 0) return null;
    const { wrapX, wrapY } = shape.base;
    if (shape.cellCount < (wrapX || wrapY ? FRAME_FROM.wrap : 0)) return null;
    return new LatticeFrame(shape, maze, degree);
  }

  /** Class 0 and the wrapped edges' classes (see the class's comment). */
  private classify(): void {
    const { shape, degree } = this;
    const { width, height, wrapX, wrapY } = shape.base as SquareLattice;
    const { perLevel, levels } = shape;
    const s = this.layout.stride;
    const floor = (height + 1) * s;
    const sides = shape.maxDegree;
    // a class's row: per slot its place offset, way back and cell offset (3 × degree)
    const standard = new Int32Array(3 * degree);
    const placeSteps = [-s, 1, s, -1, floor, -floor];
    const cellSteps = [-width, 1, width, -1, perLevel, -perLevel];
    for (let k = 0; k < sides; k++) {
      standard[k] = placeSteps[k]!;
      standard[degree + k] = k ^ (k < 4 ? 2 : 1);
      standard[2 * degree + k] = cellSteps[k]!;
    }
    const rows: Int32Array[] = [standard];
    /** The class of a row, a new one when no other has it (a few: one per wrapped edge and corner). */
    const intern = (row: Int32Array): number => {
      const known = rows.findIndex((r) => sameRow(r, row));
      if (known >= 0) return known;
      rows.push(row.slice());
      return rows.length - 1;
    };
    if (!wrapX && !wrapY) {
      this.setClasses(rows, null);
      return;
    }
    const classes = new Uint8Array(this.places);
    // a wrapped edge's cells: the side across it reaches the far edge; a class per edge and corner
    const row = new Int32Array(3 * degree);
    for (const [ys, yn] of (wrapY ? [[0, 1], [1, height - 2], [height - 1, 1]] : [[0, height]]) as [number, number][]) {
      for (const [xs, xn] of (wrapX ? [[0, 1], [1, width - 2], [width - 1, 1]] : [[0, width]]) as [number, number][]) {
        row.set(standard);
        const far = (k: number, cells: number, places: number): void => {
          row[k] = places;
          row[2 * degree + k] = cells;
        };
        if (wrapY && ys === 0) far(0, (height - 1) * width, (height - 1) * s);
        if (wrapY && ys === height - 1) far(2, -(height - 1) * width, -(height - 1) * s);
        if (wrapX && xs === width - 1) far(1, 1 - width, 1 - width);
        if (wrapX && xs === 0) far(3, width - 1, width - 1);
        const id = intern(row);
        if (id === 0) continue;
        for (let l = 0; l < levels; l++) {
          for (let y = ys; y < ys + yn; y++) {
            const p = this.placeOf(l * perLevel + y * width + xs);
            classes.fill(id, p, p + xn);
          }
        }
      }
    }
    this.setClasses(rows, classes);
  }

  /** The classes' rows side by side, a table per field; `classes`, per place, or null when all are of class 0. */
  private setClasses(rows: readonly Int32Array[], classes: Uint8Array | null): void {
    const { degree } = this;
    const table = <T extends Int32Array | Uint8Array>(out: T, field: number): T => {
      rows.forEach((r, j) => out.set(r.subarray(field * degree, (field + 1) * degree), j * degree));
      return out;
    };
    const size = rows.length * degree;
    this.offsets = table(new Int32Array(size), 0);
    this.backs = table(new Uint8Array(size), 1);
    this.steps = table(new Int32Array(size), 2);
    this.classes = classes;
  }

  placeOf(cell: number): number {
    return this.layout.placeOf(cell);
  }

  blank(): Uint8Array {
    return this.layout.blank(this.maze.mask);
  }

  /**
   * Each cell's bits are its own sides (every class's slot s opens the
   * cell's side s: no group here). A maze with no crossing starts with no
   * passage (makeGraphMaze), so with no mask, whose outside's bytes would
   * be OUTSIDE, a row's bytes are its passages, copied whole.
   */
  store(work: Uint8Array): void {
    const { passages, mask } = this.maze;
    if (mask === null) this.layout.forRows((c, p, end) => passages.set(work.subarray(p, end), c));
    else this.layout.forRows((c, p, end) => storeRow(work, passages, c, p, end));
  }

  get passages(): Uint8Array {
    return this.maze.passages;
  }
}

/** LatticeFrame.store over a row's places, `p` to `end`, the first's cell `c` (a function of its own: optimized for its loop). */
function storeRow(work: Uint8Array, passages: Uint8Array, c: number, p: number, end: number): void {
  for (; p < end; p++, c++) {
    const bits = work[p]! & ~OUTSIDE;
    if (bits !== 0) passages[c]! |= bits;
  }
}

/** A weave's groups' store (weaveGroups) over a row's places, `p` to `end`, the first's cell `c`: a cell alone's bits are its own sides; a head's open its ends' (weaveGroups' tables). */
function storeGroupRow(work: Uint8Array, passages: Uint8Array, kinds: Uint8Array, mine: Int32Array, mySide: Uint8Array, c: number, p: number, end: number): void {
  for (; p < end; p++, c++) {
    let bits = work[p]! & ~OUTSIDE;
    if (bits === 0) continue;
    const kind = kinds[p]!;
    if (kind === 0) {
      passages[c]! |= bits;
      continue;
    }
    for (let at = kind << 3; bits !== 0; at++, bits >>= 1) if ((bits & 1) !== 0) passages[c + mine[at]!]! |= mySide[at]!;
  }
}

/** A role in Groups.roles: a crossing's own cell, plus its over axis. */
const CROSSING = 9;
/** A head's sides (end, slot) in TopologyGrid.neighbors' order, by its axis (north–south, east–west): its first end's, then its last's (two cells on), but those to its own cells. */
const HEAD_SIDES = [
  [0, 0, 0, 1, 0, 3, 2, 1, 2, 2, 2, 3],
  [0, 0, 0, 2, 0, 3, 2, 0, 2, 1, 2, 2],
];
/** Per axis, end (first, last) and slot: the side's place among a head's sides (HEAD_SIDES), or −1. */
const HEAD_SIDE_AT = HEAD_SIDES.map((sides) => [0, 2].map((end) => [0, 1, 2, 3].map((slot) => [0, 1, 2, 3, 4, 5].find((j) => sides[2 * j] === end && sides[2 * j + 1] === slot) ?? -1)));

/**
 * A weave's cells on one unwrapped square level in a frame (LatticeLayout),
 * by their groups, as the backtracker's and kruskal's hot loops read them
 * (grid.ts, FrameGroups). The places' kinds are their roles (Groups.roles):
 * a cell alone has its four sides, a head of either axis the six of its
 * group's two ends (HEAD_SIDES), each to the place across; a group's last
 * end leads to its head, two places back along its axis, and is marked
 * visited with it. Those are TopologyGrid.neighbors' sides in its order
 * (crossings never touch: no two sides reach one node), so a carve over
 * them draws the same and makes the same maze. A crossing's own place is
 * no node's and heads none: never reached (a cell beside a group is never
 * a crossing).
 */
function weaveGroups(shape: TopologyShape, maze: { readonly mask: Uint8Array | null; readonly passages: Uint8Array }, roles: Uint8Array): FrameGroups {
  const { width } = shape.base;
  const layout = new LatticeLayout(shape);
  const s = layout.stride;
  const placeSteps = [-s, 1, s, -1];
  const cellSteps = [-width, 1, width, -1];
  const kinds = CROSSING + 2;
  const degrees = new Uint8Array(kinds);
  const toHeadPlace = new Int32Array(kinds);
  const toHeadCell = new Int32Array(kinds);
  const partner = new Int32Array(kinds);
  const entered = new Uint8Array(kinds * 8);
  const offsets = new Int32Array(kinds * 8);
  const sides = new Uint8Array(kinds * 8);
  const mine = new Int32Array(kinds * 8);
  const mySide = new Uint8Array(kinds * 8);
  const across = new Int32Array(kinds * 8);
  const acrossSide = new Uint8Array(kinds * 8);
  // the places and cells two on along each axis (north–south, east–west): a group's last end from its head
  const farPlace = [2 * s, 2];
  const farCell = [2 * width, 2];
  // kind 0: a cell alone; a head's (a group's first end), by its axis (its last end's and a crossing's: never a node's)
  for (let k = 0; k < CROSSING; k++) {
    if (k > 0 && (k & 1) === 0) continue;
    const axis = ((k - 1) >> 1) & 1;
    const pairs = k === 0 ? [0, 0, 0, 1, 0, 2, 0, 3] : HEAD_SIDES[axis]!;
    degrees[k] = pairs.length / 2;
    for (let j = 0; j < pairs.length / 2; j++) {
      const side = pairs[2 * j + 1]!;
      const last = pairs[2 * j] === 2;
      const at = k * 8 + j;
      offsets[at] = (last ? farPlace[axis]! : 0) + placeSteps[side]!;
      sides[at] = side;
      mine[at] = last ? farCell[axis]! : 0;
      mySide[at] = 1 << side;
      across[at] = mine[at]! + cellSteps[side]!;
      acrossSide[at] = 1 << (side ^ 2);
    }
  }
  for (let side = 0; side < 4; side++) entered[side] = OUTSIDE | ((side ^ 2) + 1);
  for (let r = 1; r < CROSSING; r++) {
    const axis = ((r - 1) >> 1) & 1;
    const last = (r - 1) & 1;
    toHeadPlace[r] = -last * farPlace[axis]!;
    toHeadCell[r] = -last * farCell[axis]!;
    partner[r] = farPlace[axis]!;
    // entered across `side` at this end: the head's side facing back (none toward its own cells: never entered so)
    for (let side = 0; side < 4; side++) {
      const j = HEAD_SIDE_AT[axis]![last]![side ^ 2]!;
      if (j >= 0) entered[r * 8 + side] = OUTSIDE | (j + 1);
    }
  }
  const { passages, mask } = maze;
  return {
    places: layout.places,
    placeOf: (cell) => layout.placeOf(cell),
    passages,
    // a crossing's bridge and tunnel
    groupCount: 2 * shape.crossingCells.length,
    kinds: roles,
    degrees,
    toHeadPlace,
    toHeadCell,
    partner,
    offsets,
    sides,
    mine,
    mySide,
    across,
    acrossSide,
    entered,
    // every cell of a group 0: its last end's mark, when its head's is set, tells the nodes beside it
    blank: () => layout.blank(mask),
    kindsBlank: () => layout.blank(mask, roles),
    store: (work) => layout.forRows((c, p, end) => storeGroupRow(work, passages, roles, mine, mySide, c, p, end)),
  };
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
  /** over and under as given, or null until first asked (crossings chosen on the square grid: read from `near`, see readAxes). */
  private overAxes: Int8Array | null;
  private underAxes: Int8Array | null;
  /** The crossings' cells, in cell order. */
  readonly crossingCells: Int32Array;
  /** With crossings: not 0 for a crossing's cell and its neighbours (whose sides the crossing changes), 0 elsewhere. */
  private readonly near: Uint8Array | null;
  /** With crossings chosen on one unwrapped square level: their groups (SquareGroups), written as they were chosen; else null. */
  readonly squareGroups: SquareGroups | null;
  private listed: readonly Crossing[] | null = null;
  private readonly axes: number;
  private readonly shift: number;
  /** Whether every base side is across from its opposite slot (square, hex). */
  private readonly opposite: boolean;

  constructor(
    readonly base: Shape,
    readonly levels: number,
    crossings: readonly Crossing[] | Weave = [],
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
    if (!Array.isArray(crossings)) {
      // chosen already (chooseCrossings): its arrays are the shape's
      const weave = crossings as Weave;
      this.overAxes = weave.over;
      this.underAxes = weave.under;
      this.near = weave.cells.length > 0 ? weave.near : null;
      this.crossingCells = weave.cells;
      this.squareGroups = weave.cells.length > 0 ? weave.groups : null;
      return;
    }
    // with no crossing, one array of none for both, never written
    const overAxes = new Int8Array(this.cellCount).fill(-1);
    const underAxes = crossings.length === 0 ? overAxes : new Int8Array(this.cellCount).fill(-1);
    [this.overAxes, this.underAxes] = [overAxes, underAxes];
    this.near = crossings.length > 0 ? new Uint8Array(this.cellCount) : null;
    this.crossingCells = Int32Array.from(crossings, ({ cell }) => cell);
    const around = new Int32Array(base.maxDegree);
    for (const { cell, over, under } of crossings as readonly Crossing[]) {
      overAxes[cell] = over;
      underAxes[cell] = under;
      this.near![cell] = 1;
      const l = Math.floor(cell / this.perLevel) * this.perLevel;
      const k = base.neighbors(cell - l, around);
      for (let i = 0; i < k; i++) this.near![l + around[i]!] = 1;
    }
    // a list's crossings (a maze read back, never carved again): their groups are told per cell when asked (forceGroups)
    this.squareGroups = null;
    this.listed = crossings;
  }

  /** Per cell: −1, or the over axis of the crossing there. */
  get over(): Int8Array {
    if (this.overAxes === null) this.readAxes();
    return this.overAxes!;
  }

  /** Per cell: −1, or the under axis of the crossing there. */
  get under(): Int8Array {
    if (this.underAxes === null) this.readAxes();
    return this.underAxes!;
  }

  /**
   * Crossings chosen on the unwrapped square grid (chooseSquareCrossings)
   * leave their axes to `near`, which holds each neighbourhood's forced
   * sides (a crossing's own: north and south 5, east and west 10, so its
   * over axis is the byte's bit 3), read into over and under when first
   * asked: a carve over their groups' frame asks neither, so the maze is
   * made without filling two arrays of a byte a cell.
   */
  private readAxes(): void {
    const over = new Int8Array(this.cellCount).fill(-1);
    const under = new Int8Array(this.cellCount).fill(-1);
    for (const cell of this.crossingCells) {
      const o = this.near![cell]! >> 3;
      over[cell] = o;
      under[cell] = 1 - o;
    }
    [this.overAxes, this.underAxes] = [over, under];
  }

  /**
   * The passages every maze on the shape starts with, its crossings'
   * forced ones, as a fresh array, where the shape keeps them (one
   * unwrapped square level: SquareGroups); else null, and TopologyGrid
   * opens them.
   */
  startingPassages(): Uint8Array | null {
    return this.squareGroups?.forced.slice() ?? null;
  }

  /** The crossings, in cell order (a list made when first asked: the carve reads crossingCells, over and under). */
  get crossings(): readonly Crossing[] {
    return (this.listed ??= Array.from(this.crossingCells, (cell) => ({ cell, over: this.over[cell]!, under: this.under[cell]! })));
  }

  /** A list put in its place is what the library reads back of a shape it is given (api.ts: checked, rebuilt), as of a plain field. */
  set crossings(list: readonly Crossing[]) {
    this.listed = list;
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

  /** The cell across a base slot on the plain grid (no crossing), or −1: a crossing's tunnel end too (a printed tunnel, solid.ts). */
  plain(cell: number, slot: number): number {
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
    if (this.near !== null && this.near[cell] !== 0) return slotNeighbors(this, cell, out);
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
    if (this.crossingCells.length === 0) return this.base.slotTo(a - la * perLevel, b - la * perLevel);
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
   * A square topology with no crossing (levels, wrapped edges) in one frame
   * (LatticeFrame), so that the backtracker's and kruskal's hot loops find
   * every neighbour, stairs and the wrapped edges' too, at an offset of its
   * class. Crossings: their grid makes its own (TopologyGrid). Null for
   * hex levels: eight sides have no room in a byte beside OUTSIDE.
   */
  gridFrame(maze: { readonly mask: Uint8Array | null; readonly passages: Uint8Array }): GridFrame | null {
    return LatticeFrame.make(this, maze, this.maxDegree);
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
  if (spec.weave <= 0) return new TopologyShape(base, spec.levels);
  return new TopologyShape(base, spec.levels, chooseCrossings(base, spec.levels, mask, spec.weave, new Rng(`${seed}/weave`)));
}

/** A weave's crossings as chosen (chooseCrossings), in the arrays a TopologyShape keeps. */
export interface Weave {
  /** The crossings' cells, in cell order. */
  cells: Int32Array;
  /** Per cell: −1, or the over axis of the crossing there; the under axis likewise. Null: read from `near` when asked (TopologyShape.readAxes). */
  over: Int8Array | null;
  under: Int8Array | null;
  /** Per cell: not 0 for a crossing and its neighbours, 0 elsewhere (on one unwrapped square level, its groups' forced passages). */
  near: Uint8Array;
  /** On one unwrapped square level: the crossings' groups, else null. */
  groups: SquareGroups | null;
}

/**
 * The crossings of a weave (see the file's comment): each chance, in cell
 * order, taken with probability `share` (one draw each), then its over axis
 * and its under axis drawn.
 */
export function chooseCrossings(base: Shape, levels: number, mask: Uint8Array | null, share: number, rng: Rng): Weave {
  const perLevel = base.cellCount;
  const cellCount = perLevel * levels;
  const baseDegree = base.maxDegree;
  const axes = baseDegree / 2;
  // a crossing's neighbourhood is its own: no more crossings than that leaves room for
  const cells = new Int32Array(Math.floor(cellCount / (baseDegree + 1)) + 1);
  if (base instanceof SquareLattice && !base.wrapX && !base.wrapY) {
    // the groups' forced passages mark the crossings' neighbourhoods (each of those cells has one), and tell their axes
    const groups = levels === 1 ? new SquareGroups(base.width, base.height) : null;
    const used = groups?.forced ?? new Uint8Array(cellCount);
    const n = chooseSquareCrossings(base.width, base.height, levels, mask, share, rng, cells, used, groups);
    return { cells: cells.subarray(0, n), over: null, under: null, near: used, groups };
  }
  const over = new Int8Array(cellCount).fill(-1);
  const under = new Int8Array(cellCount).fill(-1);
  let n = 0;
  const used = new Uint8Array(cellCount);
  {
    const around = new Int32Array(baseDegree);
    for (let c = 0, first = 0; c < cellCount; c++) {
      if (c === first + perLevel) first = c;
      if ((mask !== null && mask[c] === 0) || used[c] === 1) continue;
      // a chance: every side has a cell across on its level, in the maze and in no crossing's neighbourhood
      if (base.neighbors(c - first, around) < baseDegree) continue;
      let chance = true;
      for (let i = 0; i < baseDegree && chance; i++) {
        const m = (around[i]! += first);
        chance = (mask === null || mask[m] === 1) && used[m] === 0;
      }
      if (!chance || rng.u32() / 2 ** 32 >= share) continue;
      const o = rng.below(axes);
      cells[n++] = c;
      over[c] = o;
      under[c] = axes === 2 ? 1 - o : (o + 1 + rng.below(axes - 1)) % axes;
      used[c] = 1;
      for (let i = 0; i < baseDegree; i++) used[around[i]!] = 1;
    }
  }
  return { cells: cells.subarray(0, n), over, under, near: used, groups: null };
}

/**
 * chooseCrossings on the unwrapped square grid, level by level: a chance is
 * a cell off the border whose four neighbours are free, that is no crossing
 * two steps or less away (their neighbourhoods would meet); in cell order
 * the only ones that can be are six cells before it, each of which marks
 * the cell west of it or the one north, so two reads tell. The draws are
 * chooseCrossings' own: the share's test `u32 / 2^32 ≥ share` as
 * `u32 ≥ share · 2^32` (both exact), the over axis `below(2)` as the draw's
 * top bit. Returns how many.
 */
function chooseSquareCrossings(width: number, height: number, levels: number, mask: Uint8Array | null, share: number, rng: Rng, cells: Int32Array, used: Uint8Array, groups: SquareGroups | null): number {
  const bound = share * 2 ** 32;
  // sfc32's words, handed on from row to row
  const state = Int32Array.from(rng.state());
  let n = 0;
  for (let l = 0; l < levels; l++) {
    for (let y = 1; y + 1 < height; y++) n = chooseRow((l * height + y) * width, y, width, mask, bound, state, cells, n, used, groups?.roles ?? null);
  }
  rng.setState([state[0]!, state[1]!, state[2]!, state[3]!]);
  return n;
}

/**
 * chooseSquareCrossings over the row of cells from `row` (its y on its
 * level), the crossings from the `n`-th on; returns how many then. A
 * function called a row at a time (as LatticeLayout.forRows' rows), so
 * that it is optimized as a whole after a few rows rather than replaced
 * on the stack mid-loop (cold A/B at 1000², the weave's backtracker: 0.90×
 * the time over 25 rounds; 0.82× and 1.04× over 13).
 */
function chooseRow(row: number, y: number, width: number, mask: Uint8Array | null, bound: number, state: Int32Array, cells: Int32Array, n: number, used: Uint8Array, roles: Uint8Array | null): number {
  // sfc32 steps inline, as Rng.u32 does, so that the loop makes no call even before it is optimized
  let a = state[0]!;
  let b = state[1]!;
  let c = state[2]!;
  let d = state[3]!;
  for (let m = row + 1; m < row + width - 1; m++) {
    // m − 2, m − 1, m − W − 1, m − W, m − W + 1, m − 2W: each marks m − 1 or m − W
    if (used[m - width]! | used[m - 1]!) continue;
    if (mask !== null && (mask[m]! & mask[m - width]! & mask[m + 1]! & mask[m + width]! & mask[m - 1]!) === 0) continue;
    d = (d + 1) | 0;
    let t = (a + b + d) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (((c << 21) | (c >>> 11)) + t) | 0;
    if (t >>> 0 >= bound) continue;
    d = (d + 1) | 0;
    t = (a + b + d) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (((c << 21) | (c >>> 11)) + t) | 0;
    const o = t >>> 31;
    cells[n++] = m;
    // The crossing's neighbourhood, marked by its forced sides (SquareGroups'
    // forced and roles), without a branch on the axis: each neighbour's one
    // forced side faces the crossing whichever axis runs through it (the
    // cell north of it opens south, 1 << 2); the crossing's own are its over
    // axis' (north and south 5, east and west 10: the shape reads its axes
    // from them, TopologyShape.readAxes). Each is its crossing's alone:
    // crossings never touch.
    used[m - width] = 1 << 2;
    used[m + width] = 1 << 0;
    used[m - 1] = 1 << 1;
    used[m + 1] = 1 << 3;
    used[m] = 5 << o;
    if (roles === null) continue;
    // One level: the groups' roles, at the cell's place in their frame,
    // (x, y) at (y + 1)·(W + 2) + x + 1: the bridge (kind 0) along the over
    // axis o, ends 1 + 2o and 2 + 2o; the tunnel (kind 1) along the other,
    // 5 + 2(1 − o) and 6 + 2(1 − o); so a role's axis bit moves with o.
    const p = m + 2 * y + width + 3;
    const f = o << 2;
    roles[p - width - 2] = 1 + f;
    roles[p + width + 2] = 2 + f;
    roles[p - 1] = 7 - f;
    roles[p + 1] = 8 - f;
    roles[p] = CROSSING + o;
  }
  state[0] = a;
  state[1] = b;
  state[2] = c;
  state[3] = d;
  return n;
}

/**
 * A crossing's forced groups (see the file's comment), into `out`: its
 * bridge's cells (the one before it on its over axis, itself, the one
 * after), then its tunnel's two ends: the forced passages are 0–1, 1–2
 * and 3–4.
 */
function crossingGroups(shape: TopologyShape, cell: number, out: Int32Array): Int32Array {
  const over = shape.over[cell]!;
  const under = shape.under[cell]!;
  const axes = shape.baseDegree / 2;
  out[0] = shape.neighbor(cell, over);
  out[1] = cell;
  out[2] = shape.neighbor(cell, over + axes);
  out[3] = plainAcross(shape, cell, under);
  out[4] = plainAcross(shape, cell, under + axes);
  return out;
}

/**
 * The passages a crossing forces (its bridge's two, its tunnel), as pairs
 * of cells, crossing by crossing.
 */
export function forcedPassages(shape: TopologyShape): [number, number][] {
  const forced: [number, number][] = [];
  const g = new Int32Array(5);
  for (const cell of shape.crossingCells) {
    crossingGroups(shape, cell, g);
    forced.push([g[0]!, g[1]!], [g[1]!, g[2]!], [g[3]!, g[4]!]);
  }
  return forced;
}

/** The cell next to a crossing across a base slot, as the plain grid has it. */
function plainAcross(shape: TopologyShape, cell: number, slot: number): number {
  const l = shape.levelOf(cell);
  return l * shape.perLevel + shape.base.neighbor(cell - l * shape.perLevel, slot);
}

/**
 * A weave's forced groups (see the file's comment), each a crossing's
 * bridge or tunnel, headed by its smallest cell. Told either by the roles
 * of the cells of one unwrapped square level (`roles`, which its frame
 * reads too), or per cell: its group's head plus one, or 0 for a head or a
 * cell alone (`lead`); and the next cell of its group in cell order, or 0
 * for none (`next`: a next cell is never 0, it follows one). Zero-filled
 * for the cells alone, the most, which cost no pass.
 */
class Groups {
  readonly lead: Int32Array | null;
  readonly next: Int32Array | null;
  /** On one unwrapped square level, its cells' roles (SquareGroups.roles, which its frame reads too); null elsewhere. */
  readonly roles: Uint8Array | null;
  private readonly width: number;

  /** Per cell, or by the roles of one unwrapped square level's. */
  constructor(cellCount: number, square: SquareGroups | null = null) {
    this.lead = square === null ? new Int32Array(cellCount) : null;
    this.next = square === null ? new Int32Array(cellCount) : null;
    this.roles = square?.roles ?? null;
    this.width = square?.width ?? 0;
  }

  /** The head of a cell's group: itself when alone. */
  head(cell: number): number {
    if (this.lead !== null) {
      const l = this.lead[cell]!;
      return l === 0 ? cell : l - 1;
    }
    const { width } = this;
    const r = this.roles![cell + 2 * ((cell / width) | 0) + width + 3]!;
    // a crossing: its bridge's first end, a cell before on its over axis; a group's last end: two before on its axis
    if (r >= CROSSING) return cell - (r === CROSSING ? width : 1);
    if (r === 0 || (r & 1) === 1) return cell;
    return cell - ((((r - 1) >> 1) & 1) === 0 ? 2 * width : 2);
  }

  /** The next cell of a cell's group in cell order, or −1 (the last, or a cell alone). */
  after(cell: number): number {
    if (this.next !== null) return this.next[cell]! || -1;
    const { width } = this;
    const r = this.roles![cell + 2 * ((cell / width) | 0) + width + 3]!;
    if (r >= CROSSING) return cell + (r === CROSSING ? width : 1);
    if (r === 0 || (r & 1) === 0) return -1;
    // a bridge's first end: the crossing, a cell on; a tunnel's: its last end, two on
    const along = (((r - 1) >> 1) & 1) === 0 ? width : 1;
    return cell + ((r - 1) >> 2 === 0 ? along : 2 * along);
  }
}

/**
 * Each crossing's groups (crossings never touch: each group is its
 * crossing's own), their forced passages opened in `passages`: the
 * bridge, its over axis, each end's side facing it (the one side of each
 * that reaches it); the tunnel, each end's side facing the crossing (a way
 * wrapped 3 cells round, where the ends would meet across the seam too,
 * takes no weave).
 */
function forceGroups(shape: TopologyShape, passages: Uint8Array, opened: boolean): Groups {
  // one unwrapped square level: written as the crossings were chosen
  const square = shape.squareGroups;
  if (square !== null) {
    if (!opened) openForced(passages, square.forced);
    return new Groups(shape.cellCount, square);
  }
  const groups = new Groups(shape.cellCount);
  const g = new Int32Array(5);
  /** The group of g[from] to g[to − 1]: put in cell order (two or three cells), each to its head and the next. */
  const join = (from: number, to: number): void => {
    for (let i = from + 1; i < to; i++) {
      for (let j = i; j > from && g[j - 1]! > g[j]!; j--) {
        const t = g[j]!;
        g[j] = g[j - 1]!;
        g[j - 1] = t;
      }
    }
    for (let i = from + 1; i < to; i++) {
      groups.lead![g[i]!] = g[from]! + 1;
      groups.next![g[i - 1]!] = g[i]!;
    }
  };
  const axes = shape.baseDegree / 2;
  for (const cell of shape.crossingCells) {
    crossingGroups(shape, cell, g);
    const over = shape.over[cell]!;
    passages[g[0]!]! |= 1 << (over + axes);
    passages[g[1]!]! |= (1 << over) | (1 << (over + axes));
    passages[g[2]!]! |= 1 << over;
    const under = shape.under[cell]!;
    passages[g[3]!]! |= 1 << (under + axes);
    passages[g[4]!]! |= 1 << under;
    join(0, 3);
    join(3, 5);
  }
  return groups;
}

/** Opens in `passages` the sides set in `forced` (a byte a cell each): a maze not made from its shape's startingPassages. */
function openForced(passages: Uint8Array, forced: Uint8Array): void {
  for (let i = 0; i < passages.length; i++) passages[i]! |= forced[i]!;
}

/**
 * A weave's forced groups on one unwrapped square level `width` ×
 * `height`, written crossing by crossing as they are chosen
 * (chooseSquareCrossings).
 */
export class SquareGroups {
  /**
   * Per place of the level's frame (LatticeFrame: cell (x, y) at
   * (y + 1)·(W + 2) + x + 1, a border of 0 around), its cell's role in a
   * group: 0 for none, 1 + kind (bridge 0, tunnel 1)·4 + axis (north–south
   * 0, east–west 1)·2 + end (first 0, last 1), or CROSSING + its over axis
   * for the crossing itself.
   */
  readonly roles: Uint8Array;
  /** Per cell, its forced passages' sides (slots north, east, south, west: an axis a's sides are a and a + 2). */
  readonly forced: Uint8Array;

  constructor(
    readonly width: number,
    height: number,
  ) {
    this.roles = new Uint8Array((width + 2) * (height + 2));
    this.forced = new Uint8Array(width * height);
  }

}

/**
 * A topology maze as the algorithms' Grid, each crossing's forced group
 * (bridge, tunnel) contracted into one cell, numbered by its smallest: the
 * other cells of a group are no cell of this grid. Its forced passages are
 * opened when it is made, and told to no one: they are the grid's, where
 * every replay of a growth starts (startingMaze, topology-record.ts), not
 * the carving's (opened already when the maze was made from its shape's
 * startingPassages). Untold, on one unwrapped square level (a group's six
 * neighbours fit a frame's byte), its cells come in a frame too, by their
 * groups (weaveGroups).
 */
export class TopologyGrid implements Grid {
  readonly cellCount: number;
  readonly inCount: number;
  readonly maxDegree: number;
  readonly telling: boolean;
  readonly groups: FrameGroups | null;
  private readonly shape: TopologyShape;
  /** Each cell's group: its head and the next of its cells. */
  private readonly members: Groups;
  private readonly around: Int32Array;

  /** `opened`: the maze was made with its shape's startingPassages, its forced passages open already. */
  constructor(
    private readonly maze: GraphMaze,
    private readonly told?: GraphSteps,
    opened = false,
  ) {
    const shape = maze.shape as TopologyShape;
    this.shape = shape;
    this.cellCount = maze.cellCount;
    this.telling = told !== undefined;
    const members = forceGroups(shape, maze.passages, opened);
    this.members = members;
    // a group's neighbours: its two ends' sides but the one to the middle (a bridge's middle has no other)
    this.maxDegree = shape.crossingCells.length > 0 ? 2 * (shape.maxDegree - 1) : shape.maxDegree;
    this.around = new Int32Array(shape.maxDegree);
    // each crossing leaves three cells its groups' heads stand for (crossings lie in the maze, with all their neighbours)
    this.inCount = maze.inCount - 3 * shape.crossingCells.length;
    // one unwrapped square level: its groups' roles (a group's six sides fit a frame's byte)
    this.groups = told === undefined && members.roles !== null ? weaveGroups(shape, maze, members.roles) : null;
  }

  isIn(cell: number): boolean {
    return this.maze.isIn(cell) && this.members.head(cell) === cell;
  }

  neighbors(cell: number, out: Int32Array): number {
    const { shape, members, around, maze } = this;
    if (members.after(cell) < 0) {
      // a cell alone: its neighbours' groups (two of its sides never reach one group: crossings keep apart)
      const k = shape.neighbors(cell, around);
      let n = 0;
      for (let i = 0; i < k; i++) if (maze.isIn(around[i]!)) out[n++] = members.head(around[i]!);
      return n;
    }
    let n = 0;
    for (let m = cell; m >= 0; m = members.after(m)) {
      const k = shape.neighbors(m, around);
      for (let i = 0; i < k; i++) {
        const g = members.head(around[i]!);
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
    const { shape, members } = this;
    for (let m = a; m >= 0; m = members.after(m)) {
      for (let s = 0; s < shape.maxDegree; s++) {
        const n = shape.neighbor(m, s);
        if (n >= 0 && members.head(n) === b && this.maze.isIn(n)) {
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
    return c < 0 ? -1 : this.members.head(c);
  }

  mark(cell: number, mark: CellMark): void {
    this.told?.mark(cell, mark);
  }

  head(cell: number): void {
    this.told?.head(cell);
  }
}
