/**
 * The one replay of a maze's steps (steps.ts) that every viewer shares:
 * the terminal, the animated files, a page. It holds the maze as the steps
 * so far leave it (walls, colors, palette, ends, doors, keys, the path) and
 * what a viewer shows besides: each cell's mark and the head. After the
 * last step of `mazeSteps` the maze is the still one, marks wiped.
 */
import { MazeError } from '../errors.js';
import { shownValue } from './options.js';
import type { Mask } from './mask.js';
import { maskOf } from './mask.js';
import type { Point } from './maze.js';
import { Maze, MAX_CELLS, MAX_COLORS } from './maze.js';
import type { CellMark, Side, Step } from './steps.js';

/** A cell's mark as `marks` holds it. */
export const MARK_CODES: Readonly<Record<CellMark, number>> = { none: 0, active: 1, search: 2 };

export class Replay {
  maze: Maze;
  /** Per cell (y · W + x): MARK_CODES. */
  marks: Uint8Array;
  /** Cells marked (some may have been unmarked since): what `clear` wipes, without reading every cell. */
  private marked: number[] = [];
  head: Point | null = null;
  /** Steps applied so far. */
  applied = 0;

  constructor() {
    this.maze = new Maze(1, 1);
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
    const maze = this.maze;
    switch (type) {
      case 'grid': {
        const { width, height, walls, mask, shape } = fields;
        // a shaped grid's steps (passage steps over its cells) are replayed by their own viewers, not into a square maze
        if (shape !== undefined && shape !== 'square') this.refuse(`a ${shownValue(shape)} grid's steps open passages between its cells; this replay holds square mazes (walls), and draws no ${shownValue(shape)} grid`);
        if (!isWhole(width, 1, MAX_CELLS) || !isWhole(height, 1, MAX_CELLS) || width * height > MAX_CELLS) {
          this.refuse(`a grid must be a width and height whole from 1, at most ${MAX_CELLS} cells, got ${shownValue(width)} × ${shownValue(height)}`);
        }
        if (walls !== 'closed' && walls !== 'border') this.refuse(`a grid's walls must be 'closed' or 'border', got ${shownValue(walls)}`);
        const checkedMask = mask === undefined ? null : this.gridMask(mask, width, height);
        this.maze = walls === 'closed' ? Maze.closed(width, height) : Maze.bordered(width, height);
        if (checkedMask) this.maze.wallOffOutside(checkedMask);
        this.marks = new Uint8Array(width * height);
        this.marked = [];
        this.head = null;
        break;
      }
      case 'color': {
        const { index, rgb } = fields;
        if (!isWhole(index, 0, Math.min(maze.palette.length, MAX_COLORS - 1))) this.refuse(`a color's index must be whole from 0 to ${Math.min(maze.palette.length, MAX_COLORS - 1)} (the palette so far, or the next), got ${shownValue(index)}`);
        if (!isWhole(rgb, 0, 0xffffff)) this.refuse(`a color's rgb must be 0xRRGGBB, a whole number from 0 to ${0xffffff}, got ${shownValue(rgb)}`);
        // the palette grows in order; an index again (a tree past the palette's size) changes nothing
        if (index === maze.palette.length) maze.palette.push(rgb);
        else maze.palette[index] = rgb;
        break;
      }
      case 'wall': {
        const { x, y, side } = this.wallAt(fields);
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
      case 'cell': {
        const [x, y] = this.cellAt(fields, 'a cell');
        const mark = fields.mark;
        if (typeof mark !== 'string' || !Object.hasOwn(MARK_CODES, mark)) this.refuse(`a cell's mark must be 'none', 'active' or 'search', got ${shownValue(mark)}`);
        const c = y * maze.width + x;
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
        maze.start = start;
        maze.end = end;
        break;
      }
      case 'door': {
        const { x, y, side } = this.wallAt(fields);
        const key = fields.key;
        if (key !== null && !isWhole(key, 0, MAX_COLORS - 2)) this.refuse(`a door's key must be null or a key's index, got ${shownValue(key)}`);
        (maze.doors ??= []).push({ x, y, side, key });
        break;
      }
      case 'key': {
        const [x, y] = this.cellAt(fields, 'a key');
        const door = fields.door;
        if (!isWhole(door, 0, Number.MAX_SAFE_INTEGER)) this.refuse(`a key's door must be a door's index, got ${shownValue(door)}`);
        (maze.keys ??= []).push({ x, y, door });
        break;
      }
      case 'path':
        (maze.solution ??= []).push(this.cellAt(fields, 'the path'));
        break;
      default:
        this.refuse(`has type ${shownValue(type)}; the steps are ${STEP_TYPES.join(', ')}`);
    }
    this.applied++;
  }

  /** A MazeError for the step being applied. */
  refuse(why: string): never {
    throw new MazeError(`step ${this.applied}: ${why}`, { code: 'invalid-maze', option: 'steps' });
  }

  /** A wall step's tile: top walls run along 0 ≤ x < W, 0 ≤ y ≤ H; left walls 0 ≤ x ≤ W, 0 ≤ y < H. */
  private wallAt(fields: Record<string, unknown>): { x: number; y: number; side: Side } {
    const { x, y, side } = fields;
    const { width, height } = this.maze;
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
    const { width, height } = this.maze;
    if (!isWhole(x, 0, width - 1) || !isWhole(y, 0, height - 1)) this.refuse(`${what} must be a cell of this ${width} × ${height} grid, got ${shownValue(x)},${shownValue(y)}`);
    return [x, y];
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
const STEP_TYPES = ['grid', 'color', 'wall', 'cell', 'head', 'clear', 'ends', 'door', 'key', 'path'];

function isWhole(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

/** An end [x, y] as the fields cellAt reads. */
function pointFields(value: unknown, replay: Replay): Record<string, unknown> {
  if (!Array.isArray(value) || value.length !== 2) replay.refuse(`an end must be null or a cell [x, y], got ${shownValue(value)}`);
  const [x, y] = value as unknown[];
  return { x, y };
}

/** The maze a list of steps ends on; a step that is no step is a MazeError. */
export function replaySteps(steps: Iterable<Step>): Replay {
  const given: unknown = steps;
  if (typeof given !== 'object' || given === null || typeof (given as Partial<Iterable<Step>>)[Symbol.iterator] !== 'function') {
    throw new MazeError(`replaySteps takes an iterable of steps (such as steps(options) or an array), got ${shownValue(given)}`, { code: 'invalid-value', option: 'steps' });
  }
  const replay = new Replay();
  for (const step of steps) replay.apply(step);
  return replay;
}
