/**
 * What every solver walks on (SPEC "Solvers"): a maze's cells and passages
 * through the one maze model (passages/view.ts), with the geometry the
 * direction-based methods need, read from the grid itself: each cell's
 * centre and the direction each of its sides faces (square: north, east,
 * south, west; hex, triangle and polar: from the cell's centre to the
 * middle of the side's line, grid/shape.ts). A solver never asks which
 * grid it walks; "turn left" is "the next side clockwise", and a heading
 * is the direction from one cell's centre to the next's.
 *
 * Angles are in radians on the picture, y down: a growing angle turns
 * clockwise as the picture shows it.
 */
import { GraphMaze } from '../grid/graph-maze.js';
import { PolarShape } from '../grid/polar.js';
import type { Shape } from '../grid/shape.js';
import { arcSegments } from '../grid/shape.js';
import type { AnyMaze, Passages } from '../passages/view.js';
import { passagesOf } from '../passages/view.js';

const TAU = 2 * Math.PI;
/** The square's sides in slot order: north, east, south, west. */
const SQUARE_ANGLES = [-Math.PI / 2, 0, Math.PI / 2, Math.PI];

export class Board {
  readonly maze: AnyMaze;
  readonly view: Passages;
  readonly size: number;
  /** Slots a cell has at most. */
  readonly degree: number;
  readonly start: number;
  readonly end: number;
  /** Bit s of a cell: its side in slot s is a passage to a cell of the maze. */
  readonly open: Uint8Array;
  private readonly shape: Shape | null;

  constructor(maze: AnyMaze, start: number, end: number, same?: Board) {
    this.maze = maze;
    this.start = start;
    this.end = end;
    if (same !== undefined) {
      // the same maze between other ends: its passages as they were read
      ({ view: this.view, size: this.size, degree: this.degree, shape: this.shape, open: this.open } = same);
      return;
    }
    this.view = passagesOf(maze);
    this.size = this.view.size;
    this.degree = this.view.maxDegree;
    this.shape = maze instanceof GraphMaze ? maze.shape : null;
    const { view, size, degree } = this;
    const open = new Uint8Array(size);
    for (let c = 0; c < size; c++) {
      if (!view.isIn(c)) continue;
      const sides = view.openSides(c);
      let bits = 0;
      for (let s = 0; s < degree; s++) {
        if (((sides >> s) & 1) === 0) continue;
        const n = view.across(c, s);
        if (n >= 0 && view.isIn(n)) bits |= 1 << s;
      }
      open[c] = bits;
    }
    this.open = open;
  }

  /** The same maze between other ends, its passages not read again (a score walks both ways). */
  withEnds(start: number, end: number): Board {
    return new Board(this.maze, start, end, this);
  }

  /** The cell across side s of c (in the maze or not), or −1 off the grid. */
  across(c: number, s: number): number {
    return this.view.across(c, s);
  }

  /** The slot of c's neighbour n among c's sides, or −1. */
  slotTo(c: number, n: number): number {
    for (let s = 0; s < this.degree; s++) if (this.view.across(c, s) === n) return s;
    return -1;
  }

  /** How many passages leave c in `open` (a filler's working copy, or the board's own). */
  degreeOf(c: number, open: Uint8Array = this.open): number {
    let bits = open[c]!;
    let k = 0;
    while (bits !== 0) {
      bits &= bits - 1;
      k++;
    }
    return k;
  }

  /** The cell's centre, in tiles. */
  centre(c: number): [number, number] {
    if (this.shape) return this.shape.center(c);
    const [x, y] = this.view.pointOf(c);
    return [x + 0.5, y + 0.5];
  }

  /** Whether c has a side in slot s (every slot but some of a polar cell's). */
  hasSide(c: number, s: number): boolean {
    return this.shape ? this.shape.hasSide(c, s) : s < 4;
  }

  /**
   * The direction side s of c faces, from its centre. A stair (grid/topology.ts:
   * a way to the cell above or below, no side of the picture) faces between
   * two of its level's sides, up between the first two slots and down
   * between the two opposite them (on the square north-east and south-west),
   * so that every way out of a cell has a direction of its own and a hand
   * meets them in one order.
   */
  sideAngle(c: number, s: number): number {
    const { shape } = this;
    if (!shape) return SQUARE_ANGLES[s]!;
    if (shape.hasSide(c, s) || this.view.across(c, s) < 0) return this.lineAngle(c, s);
    const first = s === this.degree - 2 ? 0 : (this.degree - 2) / 2;
    const a = this.lineAngle(c, first);
    return a + turnBetween(a, this.lineAngle(c, first + 1)) / 2;
  }

  /**
   * The direction of the middle of side s's line, from c's centre: the
   * line's middle point, or the middle of its two middle points. A polar
   * arc's (PolarShape.sideArc) is worked out as arcPoints would place those
   * points, without drawing the whole arc: a wall follower asks for its
   * sides' angles at every step.
   */
  private lineAngle(c: number, s: number): number {
    const shape = this.shape!;
    const arc = shape instanceof PolarShape ? shape.sideArc(c, s) : null;
    let mx: number;
    let my: number;
    if (arc !== null) {
      const { cx, cy, radius, a0, a1 } = arc;
      const n = arcSegments(radius, a0, a1);
      const i = n >> 1;
      const a = a0 + ((a1 - a0) * i) / n;
      mx = cx + radius * Math.cos(a);
      my = cy + radius * Math.sin(a);
      if (n % 2 === 1) {
        // n + 1 points, an even number: the middle of points i and i + 1
        const b = a0 + ((a1 - a0) * (i + 1)) / n;
        mx = (mx + (cx + radius * Math.cos(b))) / 2;
        my = (my + (cy + radius * Math.sin(b))) / 2;
      }
    } else {
      const line = shape.side(c, s);
      const points = line.length / 2;
      const i = (points - 1) >> 1;
      mx = points % 2 === 1 ? line[2 * i]! : (line[2 * i]! + line[2 * i + 2]!) / 2;
      my = points % 2 === 1 ? line[2 * i + 1]! : (line[2 * i + 1]! + line[2 * i + 3]!) / 2;
    }
    const [cx, cy] = shape.center(c);
    return Math.atan2(my - cy, mx - cx);
  }

  /**
   * The heading of c's step through side s: from its centre to the next
   * cell's, or the way the side faces where the next cell is drawn apart (a
   * wrapped edge's far side, a stair's other level).
   */
  stepHeading(c: number, s: number): number {
    return this.shape?.seam?.(c, s) ? this.sideAngle(c, s) : this.heading(c, this.across(c, s));
  }

  /** The heading of a step from a to b: from a's centre to b's. */
  heading(a: number, b: number): number {
    const [ax, ay] = this.centre(a);
    const [bx, by] = this.centre(b);
    return Math.atan2(by - ay, bx - ax);
  }

  /**
   * The wall follower's choice (Pullen, "Wall follower"): in cell c, having
   * come in through the side facing `entry` (an angle), the open side met
   * first turning from the entry clockwise (left hand on the wall: left,
   * ahead, right, back) or counter-clockwise (right hand). The entry side
   * itself comes last: a dead end turns the walker back. −1 when c has no
   * passage at all.
   */
  byHand(c: number, entry: number, left: boolean, open: Uint8Array = this.open): number {
    const bits = open[c]!;
    let best = -1;
    let bestTurn = Infinity;
    for (let s = 0; s < this.degree; s++) {
      if (((bits >> s) & 1) === 0) continue;
      const a = this.sideAngle(c, s);
      let turn = (left ? a - entry : entry - a) % TAU;
      if (turn < 0) turn += TAU;
      if (turn < 1e-9) turn = TAU;
      if (turn < bestTurn) {
        bestTurn = turn;
        best = s;
      }
    }
    return best;
  }

  /** The angle of the side of c that faces its neighbour p (the way it came in). */
  entryAngle(c: number, p: number): number {
    return this.sideAngle(c, this.slotTo(c, p));
  }

  /**
   * The side the walker comes in through at the start: the start's opening
   * onto the outside when it has one, else the side facing most away from
   * the end (as if it walked in from there).
   */
  startEntry(): number {
    const { view, start, end } = this;
    const outer = view.outerSide(start);
    if (outer >= 0) return this.sideAngle(start, outer);
    return this.heading(end, start);
  }
}

/**
 * Breadth-first distances from `source` over the passages in `open` (the
 * board's, or a filler's working copy): −1 where it does not reach. The
 * cells reached go into `order`, when given, in the order reached.
 */
export function distances(board: Board, source: number, open: Uint8Array = board.open, order?: CellList): Int32Array {
  const { size, degree } = board;
  const dist = new Int32Array(size).fill(-1);
  const queue = new Int32Array(size);
  dist[source] = 0;
  queue[0] = source;
  let tail = 1;
  for (let head = 0; head < tail; head++) {
    const c = queue[head]!;
    order?.push(c);
    const bits = open[c]!;
    for (let s = 0; s < degree; s++) {
      if (((bits >> s) & 1) === 0) continue;
      const n = board.across(c, s);
      if (dist[n] !== -1) continue;
      dist[n] = dist[c]! + 1;
      queue[tail++] = n;
    }
  }
  return dist;
}

/** A shortest path to `target` down the distances `dist` (from `distances`), start first, the first side in slot order at each step back; null when not reached. */
export function pathDown(board: Board, dist: Int32Array, target: number, open: Uint8Array = board.open): Int32Array | null {
  if (dist[target]! < 0) return null;
  const path = new Int32Array(dist[target]! + 1);
  let c = target;
  for (let i = path.length - 1; i > 0; i--) {
    path[i] = c;
    const bits = open[c]!;
    for (let s = 0; s < board.degree; s++) {
      if (((bits >> s) & 1) === 0) continue;
      const n = board.across(c, s);
      if (dist[n] === dist[c]! - 1) {
        c = n;
        break;
      }
    }
  }
  path[0] = c;
  return path;
}

/** Signed angle from heading a to heading b, in (−π, π]: positive turns clockwise on the picture. */
export function turnBetween(a: number, b: number): number {
  let d = (b - a) % TAU;
  if (d <= -Math.PI) d += TAU;
  if (d > Math.PI) d -= TAU;
  return d;
}

/** A growable list of cells (a walk may run to millions of moves). */
export class CellList {
  private items = new Int32Array(64);
  length = 0;

  push(c: number): void {
    if (this.length === this.items.length) {
      const grown = new Int32Array(this.items.length * 2);
      grown.set(this.items);
      this.items = grown;
    }
    this.items[this.length++] = c;
  }

  at(i: number): number {
    return this.items[i]!;
  }

  pop(): number {
    return this.items[--this.length]!;
  }

  toArray(): Int32Array {
    return this.items.slice(0, this.length);
  }
}

/** Pairs (kind, cell) for a list of cells of one kind. */
export function stepsOf(kind: number, cells: ArrayLike<number>, length = cells.length): Int32Array {
  const steps = new Int32Array(2 * length);
  for (let i = 0; i < length; i++) {
    steps[2 * i] = kind;
    steps[2 * i + 1] = cells[i]!;
  }
  return steps;
}

/** The cells of the maze. */
export function countIn(board: Board): number {
  let n = 0;
  for (let c = 0; c < board.size; c++) if (board.view.isIn(c)) n++;
  return n;
}
