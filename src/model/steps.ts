/**
 * A maze's growth as steps (SPEC "Watching a maze grow"; seed 000 redraws
 * its window after every wall it adds, seed 001 prints the maze after each
 * step): plain data, one object a step, that any viewer replays from the
 * starting grid (replay.ts) — the terminal, the APNG, GIF and SVG frames,
 * a page.
 *
 * The one channel (STYLE "Steps like theseus"): an algorithm's `generate`
 * takes an optional `StepSink` and calls it with each step; without one it
 * is the fast path, unchanged. The pipeline (spec.ts `mazeSteps`) adds the
 * steps of what follows generation: braid, the ends, the openings, and with
 * a solution the search spreading and the path, so that the last state is
 * the still maze.
 *
 * Walls are named as the model stores them (maze.ts): the top or the left
 * wall of tile (x, y). A wall's `color` is its palette index (0, the plain
 * wall color, for carvers); a color is announced by a `color` step before
 * the first wall that uses it.
 */
import type { GraphShapeName } from './shape-names.js';
import type { Mask } from './mask.js';
import type { Point } from './maze.js';

export type Side = 'top' | 'left';

/** What a viewer shows of a cell besides the walls: the algorithm's working set (a stack, a frontier, a walk), or the search. */
export type CellMark = 'none' | 'active' | 'search';

/** The first step: the grid before the algorithm starts, every wall up (carvers) or only the border (wall adders: trees, division). */
export interface GridStep {
  type: 'grid';
  width: number;
  height: number;
  walls: 'closed' | 'border';
  /** The cells that are part of the maze (model/mask.ts), when not all: every wall of the others is up from the start. On a hex or triangle grid its W × H cells; on a polar grid one row of every cell, ring by ring. */
  mask?: Mask;
  /**
   * A grid that is not square (SPEC "Grid shapes"): every side closed at
   * first, `width` × `height` its size (polar: `width` rings, `height` 1),
   * and `passage` steps open its sides.
   */
  shape?: GraphShapeName;
  /**
   * A topology (SPEC "Topologies"), its fields as the maze's JSON has them,
   * on a square grid (no `shape`) or a hex one: its grid is then a graph
   * of cells as a shaped grid is (every side closed at first, `passage`
   * steps open its sides, stairs and tunnels among them), `width` ×
   * `height` one level, and its mask (and the cells' coordinates) every
   * level's rows, one level after another. Each crossing's bridge and
   * tunnel are open from the start (a crossing is never a dead end): the
   * passage steps are the carving's.
   */
  wrap?: 'x' | 'y' | 'xy';
  levels?: number;
  crossings?: [number, number, number, number][];
}

/** On a hex, triangle or polar grid: side `slot` of cell (x, y) opened (in its shape's slot order), and the neighbour's side back with it (a neighbour outside the mask keeps its sides closed: the side is an opening). */
export interface PassageStep {
  type: 'passage';
  x: number;
  y: number;
  slot: number;
}

/** Palette entry `index` is `rgb` (0xRRGGBB) from now on. */
export interface ColorStep {
  type: 'color';
  index: number;
  rgb: number;
}

/** A wall raised (`active`) or opened, with its palette index. */
export interface WallStep {
  type: 'wall';
  x: number;
  y: number;
  side: Side;
  active: boolean;
  color: number;
}

/** Cell (x, y) is marked so, or no longer ('none'). */
export interface CellStep {
  type: 'cell';
  x: number;
  y: number;
  mark: CellMark;
}

/** The cell the algorithm works on now (a backtracker's head, a walk's tip, a scan's find). */
export interface HeadStep {
  type: 'head';
  x: number;
  y: number;
}

/** Every mark and the head are wiped: a phase is over. */
export interface ClearStep {
  type: 'clear';
}

/** The maze's start and end cells (either may be null: none). */
export interface EndsStep {
  type: 'ends';
  start: Point | null;
  end: Point | null;
}

/** The next door of the maze (zones): its wall, and the key that opens it (null: none). */
export interface DoorStep {
  type: 'door';
  x: number;
  y: number;
  side: Side;
  key: number | null;
}

/** The next key of the maze (zones): where it lies, and the first door it opens. */
export interface KeyStep {
  type: 'key';
  x: number;
  y: number;
  door: number;
}

/** The solution goes on to cell (x, y). */
export interface PathStep {
  type: 'path';
  x: number;
  y: number;
}

/**
 * What made the maze, the last step of a whole growth (the library's
 * `steps`): its algorithm, seed and recorded options, the maze's `info`,
 * so that the replayed maze writes generate's bytes in every format (its
 * JSON's fields, its pictures' made-by line).
 */
export interface MadeStep {
  type: 'made';
  algorithm: string;
  seed: string;
  options: Record<string, string | number>;
}

export type Step = GridStep | ColorStep | WallStep | CellStep | HeadStep | ClearStep | EndsStep | DoorStep | KeyStep | PathStep | PassageStep | MadeStep;

/** Told each step, in order. */
export type StepSink = (step: Step) => void;

/** The wall that tile index t's TOP (`top`) or LEFT bit stands for, in a grid `stride` tiles wide, as a step. */
export function wallStep(stride: number, t: number, top: boolean, active: boolean, color = 0): WallStep {
  const x = t % stride;
  return { type: 'wall', x, y: (t - x) / stride, side: top ? 'top' : 'left', active, color };
}

/** Tile index t as a head step. */
export function headStep(stride: number, t: number): HeadStep {
  const x = t % stride;
  return { type: 'head', x, y: (t - x) / stride };
}

/** Tile index t as a cell step. */
export function cellStep(stride: number, t: number, mark: CellMark): CellStep {
  const x = t % stride;
  return { type: 'cell', x, y: (t - x) / stride, mark };
}

const CLEAR: ClearStep = Object.freeze({ type: 'clear' });

/** The step that wipes marks and the head. */
export function clearStep(): ClearStep {
  return CLEAR;
}

/**
 * Steps kept in numbers, two 32-bit words a step (the objects cost ten
 * times that), so that a viewer can replay a large maze's growth at its
 * own pace: the animated files count the steps first, then draw frames
 * between them. The rare steps (grid, ends, doors, keys) are kept as they
 * are. Read back as objects, in order (`steps`).
 */
export class StepLog {
  private readonly chunks: Int32Array[] = [];
  private count = 0;
  private readonly rare: Step[] = [];
  private stride = 1;
  private width = 1;

  /** `limit`: most steps kept; the step past it calls `over`, which throws (the log's memory is bounded up front). */
  constructor(
    private readonly limit = Infinity,
    private readonly over: () => never = () => {
      throw new RangeError('step log full');
    },
  ) {}

  get length(): number {
    return this.count;
  }

  /** Record one step (a StepSink). */
  readonly push = (step: Step): void => {
    switch (step.type) {
      case 'wall':
        this.put(WALL | (step.side === 'top' ? 1 << 4 : 0) | (step.active ? 1 << 5 : 0) | (step.color << 8), step.y * this.stride + step.x);
        return;
      case 'cell':
        this.put(CELL | (MARKS.indexOf(step.mark) << 4), step.y * this.width + step.x);
        return;
      case 'head':
        this.put(HEAD, step.y * this.width + step.x);
        return;
      case 'path':
        this.put(PATH, step.y * this.width + step.x);
        return;
      case 'color':
        this.put(COLOR | (step.index << 8), step.rgb);
        return;
      case 'clear':
        this.put(CLEAR_OP, 0);
        return;
      case 'grid':
        this.stride = step.width + 1;
        this.width = step.width;
        break;
      default:
        break;
    }
    this.rare.push(step);
    this.put(RARE, this.rare.length - 1);
  };

  /** The steps [from, to) as objects. */
  *steps(from = 0, to = this.count): Generator<Step> {
    let stride = 1;
    let width = 1;
    // the grid sets the numbering: read it again from the first step when starting past it
    const grid = this.rare.find((s): s is GridStep => s.type === 'grid');
    if (grid) {
      stride = grid.width + 1;
      width = grid.width;
    }
    for (let i = from; i < to; i++) {
      const chunk = this.chunks[i >>> CHUNK_SHIFT]!;
      const at = (i & CHUNK_MASK) << 1;
      const word = chunk[at]!;
      const value = chunk[at + 1]!;
      const op = word & 15;
      if (op === RARE) {
        yield this.rare[value]!;
        continue;
      }
      if (op === WALL) {
        const x = value % stride;
        yield { type: 'wall', x, y: (value - x) / stride, side: word & (1 << 4) ? 'top' : 'left', active: (word & (1 << 5)) !== 0, color: word >>> 8 };
        continue;
      }
      if (op === COLOR) {
        yield { type: 'color', index: word >>> 8, rgb: value };
        continue;
      }
      if (op === CLEAR_OP) {
        yield CLEAR;
        continue;
      }
      const x = value % width;
      const y = (value - x) / width;
      if (op === CELL) yield { type: 'cell', x, y, mark: MARKS[(word >>> 4) & 3]! };
      else if (op === HEAD) yield { type: 'head', x, y };
      else yield { type: 'path', x, y };
    }
  }

  private put(word: number, value: number): void {
    if (this.count >= this.limit) this.over();
    const c = this.count >>> CHUNK_SHIFT;
    if (c === this.chunks.length) this.chunks.push(new Int32Array(2 << CHUNK_SHIFT));
    const at = (this.count & CHUNK_MASK) << 1;
    const chunk = this.chunks[c]!;
    chunk[at] = word;
    chunk[at + 1] = value;
    this.count++;
  }
}

const CHUNK_SHIFT = 16;
const CHUNK_MASK = (1 << CHUNK_SHIFT) - 1;
/** StepLog's operation codes (the low four bits of a step's first word). */
const WALL = 0;
const CELL = 1;
const HEAD = 2;
const PATH = 3;
const COLOR = 4;
const CLEAR_OP = 5;
const RARE = 6;
const MARKS: readonly CellMark[] = ['none', 'active', 'search'];
