/**
 * The one replay of a maze's steps (steps.ts) that every viewer shares:
 * the terminal, the animated files, a page. It holds the maze as the steps
 * so far leave it (walls, colors, palette, ends, doors, keys, the path) and
 * what a viewer shows besides: each cell's mark and the head. After the
 * last step of `mazeSteps` the maze is the still one, marks wiped.
 */
import type { Point } from './maze.js';
import { Maze } from './maze.js';
import type { CellMark, Step } from './steps.js';

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

  apply(step: Step): void {
    this.applied++;
    const maze = this.maze;
    switch (step.type) {
      case 'grid':
        this.maze = step.walls === 'closed' ? Maze.closed(step.width, step.height) : Maze.bordered(step.width, step.height);
        if (step.mask) this.maze.wallOffOutside(step.mask);
        this.marks = new Uint8Array(step.width * step.height);
        this.marked = [];
        this.head = null;
        return;
      case 'color':
        // the palette grows in order; an index again (a tree past the palette's size) changes nothing
        if (step.index === maze.palette.length) maze.palette.push(step.rgb);
        else maze.palette[step.index] = step.rgb;
        return;
      case 'wall': {
        if (step.side === 'top') maze.setTop(step.x, step.y, step.active);
        else maze.setLeft(step.x, step.y, step.active);
        if (step.active && (step.color !== 0 || maze.topColor)) {
          const colors = maze.ensureColors();
          (step.side === 'top' ? colors.top : colors.left)[maze.tileIndex(step.x, step.y)] = step.color;
        }
        return;
      }
      case 'cell': {
        const c = step.y * maze.width + step.x;
        this.marks[c] = MARK_CODES[step.mark];
        if (step.mark !== 'none') this.marked.push(c);
        return;
      }
      case 'head':
        this.head = [step.x, step.y];
        return;
      case 'clear':
        for (const c of this.marked) this.marks[c] = 0;
        this.marked = [];
        this.head = null;
        return;
      case 'ends':
        maze.start = step.start;
        maze.end = step.end;
        return;
      case 'door':
        (maze.doors ??= []).push({ x: step.x, y: step.y, side: step.side, key: step.key });
        return;
      case 'key':
        (maze.keys ??= []).push({ x: step.x, y: step.y, door: step.door });
        return;
      case 'path':
        (maze.solution ??= []).push([step.x, step.y]);
        return;
    }
  }
}

/** The maze a list of steps ends on. */
export function replaySteps(steps: Iterable<Step>): Replay {
  const replay = new Replay();
  for (const step of steps) replay.apply(step);
  return replay;
}
