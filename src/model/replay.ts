/**
 * The one replay of a maze's steps (steps.ts) that every viewer shares:
 * the terminal, the animated files, a page. It holds the maze as the steps
 * so far leave it (walls, colors, palette, ends, doors, keys, the path; on
 * a hex, triangle or polar grid its passages) and what a viewer shows
 * besides: each cell's mark and the head. After the last step of
 * `mazeSteps` the maze is the still one, marks wiped.
 *
 * The model sits below the grids: it names a shape but does not make one.
 * A replay given `ShapedGrids` (grid/replay.ts, the library's `Replay`)
 * replays every grid; one without (the square animations and the terminal)
 * refuses a shaped grid step, saying so.
 */
import { MazeError } from '../errors.js';
import { shownValue } from './options.js';
import type { Mask } from './mask.js';
import { maskOf } from './mask.js';
import type { Point } from './maze.js';
import { Maze, MAX_CELLS, MAX_COLORS } from './maze.js';
import type { ShapeName } from './shape-names.js';
import { SHAPE_NAMES } from './shape-names.js';
import type { CellMark, Side, Step } from './steps.js';

/** A cell's mark as `marks` holds it. */
export const MARK_CODES: Readonly<Record<CellMark, number>> = { none: 0, active: 1, search: 2 };

/** What a replayed maze of any grid holds besides its walls or passages. */
export interface ReplayedEnds {
  start: Point | null;
  end: Point | null;
  solution: Point[] | null;
  info: { algorithm: string; seed: string; options: Record<string, string | number> } | null;
}

/** A hex, triangle or polar grid being replayed: its maze (every side closed at first) and what the checks ask of its shape. */
export interface ShapedGrid<M extends ReplayedEnds> {
  readonly maze: M;
  readonly cellCount: number;
  /** Slots per cell: the most sides a cell has. */
  readonly maxDegree: number;
  /** The cell at the shape's coordinates (polar: x along ring y), or −1. */
  cellAt(x: number, y: number): number;
  /** Whether `cell` has a side in `slot`. */
  hasSide(cell: number, slot: number): boolean;
  /** Open side `slot` of `cell`, and the neighbour's side back when it is in the maze (an outer side, or one onto a cell outside the mask, alone). */
  open(cell: number, slot: number): void;
}

/** A topology as a grid step gives it (its fields unchecked: the grids' layer checks them). */
export interface StepTopology {
  wrap: unknown;
  levels: unknown;
  crossings: unknown;
}

/** The shaped grids a replay can hold, made by the layer that knows them (grid/replay.ts); `fail` refuses the step, saying why. */
export interface ShapedGrids<M extends ReplayedEnds> {
  /** How many cells a shape of this size has (with a topology: all its levels'), without making it (the cell limit's figure). */
  cellCount(shape: ShapeName, width: number, height: number, topology: StepTopology | null, fail: (why: string) => never): number;
  /** The grid with every side closed; `mask` (1 a cell in the maze), when given, of its cellCount. */
  make(shape: ShapeName, width: number, height: number, mask: Uint8Array | null, topology: StepTopology | null, fail: (why: string) => never): ShapedGrid<M>;
}

export class Replay<Shaped extends ReplayedEnds = never> {
  maze: Maze | Shaped;
  /** Per cell (square: y · W + x; a shaped grid: its cell number): MARK_CODES. */
  marks: Uint8Array;
  /** Cells marked (some may have been unmarked since): what `clear` wipes, without reading every cell. */
  private marked: number[] = [];
  head: Point | null = null;
  /** Steps applied so far. */
  applied = 0;

  /** The maze while the grid is square, else null. */
  private square: Maze | null;
  /** The grid while it is hex, triangle or polar, else null. */
  private shaped: ShapedGrid<Shaped> | null = null;
  /** The shaped grid as messages name it: "hex grid of 9 × 6", "polar grid of 5 rings". */
  private shapedWords = '';

  /** `shapes`: the shaped grids this replay holds (none: square mazes only). */
  constructor(private readonly shapes: ShapedGrids<Shaped> | null = null) {
    this.square = new Maze(1, 1);
    this.maze = this.square;
    this.marks = new Uint8Array(1);
  }

  /**
   * Apply one step, checked first as the JSON reader checks a maze (SPEC
   * "Library": the library trusts nothing it is given): a step that is no
   * step, a wall or cell off the grid, a grid over the cell limit is a
   * MazeError naming the step, and the replay is left as it was. Each
   * field is read once, so a getter cannot answer the check and the use
   * differently.
   */
  apply(step: Step): void {
    const given: unknown = step;
    if (typeof given !== 'object' || given === null) this.refuse(`is ${shownValue(given)}, not a step object`);
    const fields = given as Record<string, unknown>;
    const type = fields.type;
    switch (type) {
      case 'grid': {
        const { width, height, walls, mask, shape, wrap, levels, crossings } = fields;
        const topology = wrap !== undefined || levels !== undefined || crossings !== undefined ? { wrap, levels, crossings } : null;
        if ((shape !== undefined && shape !== 'square') || topology !== null) {
          this.shapedGrid(shape ?? 'square', width, height, walls, mask, topology);
          break;
        }
        if (!isWhole(width, 1, MAX_CELLS) || !isWhole(height, 1, MAX_CELLS) || width * height > MAX_CELLS) {
          this.refuse(`a grid must be a width and height whole from 1, at most ${MAX_CELLS} cells, got ${shownValue(width)} × ${shownValue(height)}`);
        }
        if (walls !== 'closed' && walls !== 'border') this.refuse(`a grid's walls must be 'closed' or 'border', got ${shownValue(walls)}`);
        const checkedMask = mask === undefined ? null : this.gridMask(mask, width, height);
        const maze = walls === 'closed' ? Maze.closed(width, height) : Maze.bordered(width, height);
        if (checkedMask) maze.wallOffOutside(checkedMask);
        this.square = maze;
        this.shaped = null;
        this.maze = maze;
        this.marks = new Uint8Array(width * height);
        this.marked = [];
        this.head = null;
        break;
      }
      case 'color': {
        const maze = this.squareMaze('a color step colors');
        const { index, rgb } = fields;
        if (!isWhole(index, 0, Math.min(maze.palette.length, MAX_COLORS - 1))) this.refuse(`a color's index must be whole from 0 to ${Math.min(maze.palette.length, MAX_COLORS - 1)} (the palette so far, or the next), got ${shownValue(index)}`);
        if (!isWhole(rgb, 0, 0xffffff)) this.refuse(`a color's rgb must be 0xRRGGBB, a whole number from 0 to ${0xffffff}, got ${shownValue(rgb)}`);
        // the palette grows in order; an index again (a tree past the palette's size) changes nothing
        if (index === maze.palette.length) maze.palette.push(rgb);
        else maze.palette[index] = rgb;
        break;
      }
      case 'wall': {
        const maze = this.squareMaze('a wall step raises or opens');
        const { x, y, side } = this.wallAt(maze, fields);
        const { active, color } = fields;
        if (typeof active !== 'boolean') this.refuse(`a wall's active must be true or false, got ${shownValue(active)}`);
        if (!isWhole(color, 0, maze.palette.length - 1)) this.refuse(`a wall's color must be a palette index from 0 to ${maze.palette.length - 1}, got ${shownValue(color)}`);
        if (side === 'top') maze.setTop(x, y, active);
        else maze.setLeft(x, y, active);
        if (active && (color !== 0 || maze.topColor)) {
          const colors = maze.ensureColors();
          (side === 'top' ? colors.top : colors.left)[maze.tileIndex(x, y)] = color;
        }
        break;
      }
      case 'passage': {
        const grid = this.shaped;
        if (grid === null) this.refuse(`a passage step opens a side of a hex, triangle or polar grid's cell; this grid is square (its steps are walls)`);
        const point = this.cellAt(fields, 'a passage');
        const cell = this.cellNumber(point);
        const slot = fields.slot;
        if (!isWhole(slot, 0, grid.maxDegree - 1) || !grid.hasSide(cell, slot)) {
          let sides = 0;
          while (sides < grid.maxDegree && grid.hasSide(cell, sides)) sides++;
          this.refuse(`a passage's slot must be a side of cell ${point[0]},${point[1]}, from 0 to ${sides - 1}, got ${shownValue(slot)}`);
        }
        grid.open(cell, slot);
        break;
      }
      case 'cell': {
        const c = this.cellNumber(this.cellAt(fields, 'a cell'));
        const mark = fields.mark;
        if (typeof mark !== 'string' || !Object.hasOwn(MARK_CODES, mark)) this.refuse(`a cell's mark must be 'none', 'active' or 'search', got ${shownValue(mark)}`);
        this.marks[c] = MARK_CODES[mark as CellMark];
        if (mark !== 'none') this.marked.push(c);
        break;
      }
      case 'head':
        this.head = this.cellAt(fields, 'the head');
        break;
      case 'clear':
        for (const c of this.marked) this.marks[c] = 0;
        this.marked = [];
        this.head = null;
        break;
      case 'ends': {
        const start = fields.start === null ? null : this.cellAt(pointFields(fields.start, this), 'the start');
        const end = fields.end === null ? null : this.cellAt(pointFields(fields.end, this), 'the end');
        this.maze.start = start;
        this.maze.end = end;
        break;
      }
      case 'door': {
        const maze = this.squareMaze('a door step puts a door in');
        const { x, y, side } = this.wallAt(maze, fields);
        const key = fields.key;
        if (key !== null && !isWhole(key, 0, MAX_COLORS - 2)) this.refuse(`a door's key must be null or a key's index, got ${shownValue(key)}`);
        (maze.doors ??= []).push({ x, y, side, key });
        break;
      }
      case 'key': {
        const maze = this.squareMaze('a key step puts a key in');
        const [x, y] = this.cellAt(fields, 'a key');
        const door = fields.door;
        if (!isWhole(door, 0, Number.MAX_SAFE_INTEGER)) this.refuse(`a key's door must be a door's index, got ${shownValue(door)}`);
        (maze.keys ??= []).push({ x, y, door });
        break;
      }
      case 'path': {
        // the cell checked before the solution is begun: a refused first path step leaves none
        const point = this.cellAt(fields, 'the path');
        (this.maze.solution ??= []).push(point);
        break;
      }
      case 'made': {
        const { algorithm, seed, options } = fields;
        if (typeof algorithm !== 'string' || typeof seed !== 'string') this.refuse(`a made step's algorithm and seed must be text, got ${shownValue(algorithm)} and ${shownValue(seed)}`);
        if (typeof options !== 'object' || options === null || Array.isArray(options)) this.refuse(`a made step's options must be an object of names and values, got ${shownValue(options)}`);
        const entries = Object.entries(options as Record<string, unknown>);
        for (const [name, value] of entries) {
          if (typeof value !== 'string' && !(typeof value === 'number' && Number.isFinite(value))) this.refuse(`a made step's option ${shownValue(name)} must be text or a number, got ${shownValue(value)}`);
        }
        // own properties only, whatever their names (an assignment to "__proto__" would be dropped)
        this.maze.info = { algorithm, seed, options: Object.fromEntries(entries) as Record<string, string | number> };
        break;
      }
      default:
        this.refuse(`has type ${shownValue(type)}; the steps are ${STEP_TYPES.join(', ')}`);
    }
    this.applied++;
  }

  /** A MazeError for the step being applied. */
  refuse(why: string): never {
    throw new MazeError(`step ${this.applied}: ${why}`, { code: 'invalid-maze', option: 'steps' });
  }

  /**
   * A hex, triangle or polar grid step, checked as the JSON reader checks
   * such a maze: a shape it knows, a size within the cell limit (polar:
   * `width` rings, `height` 1), every side closed, a mask of its cells.
   */
  private shapedGrid(shape: unknown, width: unknown, height: unknown, walls: unknown, mask: unknown, topology: StepTopology | null): void {
    const { shapes } = this;
    if (typeof shape !== 'string' || !(SHAPE_NAMES as readonly string[]).includes(shape)) this.refuse(`a grid's shape must be ${SHAPE_NAMES.map((s) => `'${s}'`).join(', ')}, got ${shownValue(shape)}`);
    const name = shape as ShapeName;
    // a shaped grid's steps (passage steps over its cells) are replayed by the library's Replay, not into a square maze
    if (shapes === null && topology === null) this.refuse(`a '${name}' grid's steps open passages between its cells; this replay holds square mazes (walls), and draws no '${name}' grid`);
    if (shapes === null) this.refuse(`the steps of a ${name} grid with levels, a weave or a wrap open passages between its cells; this replay holds square mazes (walls), and draws none`);
    if (!isWhole(width, 1, MAX_CELLS) || !isWhole(height, 1, MAX_CELLS) || width * height > MAX_CELLS) {
      this.refuse(`a grid must be a width and height whole from 1, at most ${MAX_CELLS} cells, got ${shownValue(width)} × ${shownValue(height)}`);
    }
    if (name === 'polar' && height !== 1) this.refuse(`a polar grid is width rings around a centre: its height must be 1, got ${height}`);
    const fail = (why: string): never => this.refuse(why);
    const cells = shapes.cellCount(name, width, height, topology, fail);
    const words = name === 'polar' ? `polar grid of ${width} rings` : `${name} grid of ${width} × ${height}${cells > width * height ? ` × ${cells / (width * height)} levels` : ''}`;
    if (cells > MAX_CELLS) this.refuse(`a ${words} has ${cells} cells, over the limit of ${MAX_CELLS}`);
    if (walls !== 'closed') this.refuse(`a ${name} grid's walls must be 'closed' (passage steps open its sides), got ${shownValue(walls)}`);
    // the mask as the steps carry it: W × H cells on a hex or triangle grid (every level's rows, level after level); on a polar grid one row of every cell
    const rows = name === 'polar' ? 1 : cells / width;
    const checkedMask = mask === undefined ? null : this.gridMask(mask, cells / rows, rows).cells;
    const grid = shapes.make(name, width, height, checkedMask, topology, fail);
    this.shaped = grid;
    this.shapedWords = words;
    this.square = null;
    this.maze = grid.maze;
    this.marks = new Uint8Array(grid.cellCount);
    this.marked = [];
    this.head = null;
  }

  /** The square maze a step of `what` needs, or a MazeError on a shaped grid. */
  private squareMaze(what: string): Maze {
    if (this.square === null) this.refuse(`${what} a square grid's walls; this grid is not square (its steps open passages)`);
    return this.square;
  }

  /** A wall step's tile: top walls run along 0 ≤ x < W, 0 ≤ y ≤ H; left walls 0 ≤ x ≤ W, 0 ≤ y < H. */
  private wallAt(maze: Maze, fields: Record<string, unknown>): { x: number; y: number; side: Side } {
    const { x, y, side } = fields;
    const { width, height } = maze;
    if (side !== 'top' && side !== 'left') this.refuse(`a wall's side must be 'top' or 'left', got ${shownValue(side)}`);
    const top = side === 'top';
    if (!isWhole(x, 0, top ? width - 1 : width) || !isWhole(y, 0, top ? height : height - 1)) {
      this.refuse(`a ${side} wall must be at x from 0 to ${top ? width - 1 : width} and y from 0 to ${top ? height : height - 1} on this ${width} × ${height} grid, got ${shownValue(x)},${shownValue(y)}`);
    }
    return { x, y, side };
  }

  /** A cell of the grid, `what` in the message. */
  private cellAt(fields: Record<string, unknown>, what: string): Point {
    const { x, y } = fields;
    const { shaped, square } = this;
    if (square !== null) {
      const { width, height } = square;
      if (!isWhole(x, 0, width - 1) || !isWhole(y, 0, height - 1)) this.refuse(`${what} must be a cell of this ${width} × ${height} grid, got ${shownValue(x)},${shownValue(y)}`);
      return [x, y];
    }
    if (!isWhole(x, 0, MAX_CELLS) || !isWhole(y, 0, MAX_CELLS) || shaped!.cellAt(x, y) < 0) this.refuse(`${what} must be a cell of this ${this.shapedWords}, got ${shownValue(x)},${shownValue(y)}`);
    return [x, y];
  }

  /** A cell's number, as `marks` counts them: square y · W + x, a shaped grid's its shape's. */
  private cellNumber([x, y]: Point): number {
    return this.square !== null ? y * this.square.width + x : this.shaped!.cellAt(x, y);
  }

  /** A grid's mask: `{ width, height, cells }` of the grid's size, cells 0 or 1. */
  private gridMask(value: unknown, width: number, height: number): Mask {
    const { width: w, height: h, cells } = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
    if (w !== width || h !== height || !(cells instanceof Uint8Array) || cells.length !== width * height) {
      this.refuse(`a grid's mask must be { width, height, cells } of its size, ${width} × ${height}, cells a Uint8Array of 0 and 1`);
    }
    const copy = Uint8Array.from(cells);
    if (copy.some((c) => c > 1)) this.refuse("a grid's mask cells must be 0 or 1");
    return maskOf(width, height, copy);
  }
}

/** The step types, for messages. */
const STEP_TYPES = ['grid', 'color', 'wall', 'passage', 'cell', 'head', 'clear', 'ends', 'door', 'key', 'path', 'made'];

function isWhole(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

/** An end [x, y] as the fields cellAt reads. */
function pointFields(value: unknown, replay: { refuse(why: string): never }): Record<string, unknown> {
  if (!Array.isArray(value) || value.length !== 2) replay.refuse(`an end must be null or a cell [x, y], got ${shownValue(value)}`);
  const [x, y] = value as unknown[];
  return { x, y };
}

/** The maze a list of steps ends on (square grids); a step that is no step is a MazeError. */
export function replaySteps(steps: Iterable<Step>): Replay {
  return replayInto(new Replay(), steps);
}

/** `steps` applied to `replay` in order; a step that is no step (or steps that are no iterable) is a MazeError. */
export function replayInto<Shaped extends ReplayedEnds>(replay: Replay<Shaped>, steps: Iterable<Step>): Replay<Shaped> {
  const given: unknown = steps;
  if (typeof given !== 'object' || given === null || typeof (given as Partial<Iterable<Step>>)[Symbol.iterator] !== 'function') {
    throw new MazeError(`replaySteps takes an iterable of steps (such as steps(options) or an array), got ${shownValue(given)}`, { code: 'invalid-value', option: 'steps' });
  }
  for (const step of steps) replay.apply(step);
  return replay;
}
