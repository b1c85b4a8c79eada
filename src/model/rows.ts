/**
 * A maze read row by row (SPEC "Scale"): what the writers take, so that a
 * whole maze in memory and a maze streamed from a row generator (eller,
 * sidewinder, binary-tree) go through the same drawing rules.
 *
 * A tile row y (0 ≤ y ≤ H) is the tiles (0, y) … (W, y) of the model: the
 * top walls of cell row y and the left walls of its cells (maze.ts). A
 * whole maze gives views into its own arrays, at no cost; a streamed maze
 * gives small buffers it reuses, so that only O(width) is ever held.
 */
import type { Door, Key, MazeInfo, Point } from './maze.js';
import { Maze } from './maze.js';

/** Tile row y: the bits (TOP, LEFT) and palette indices of tiles (0, y) … (W, y), at [at, at + W] of its arrays. */
export interface TileRow {
  y: number;
  walls: Uint8Array;
  /** null while every wall is palette entry 0. */
  topColor: Uint16Array | null;
  leftColor: Uint16Array | null;
  at: number;
}

/** Everything a writer knows of a maze but its walls. */
export type MazeHeader = Pick<Maze, 'width' | 'height' | 'palette' | 'info' | 'start' | 'end' | 'solution' | 'solving' | 'doors' | 'keys' | 'mask'>;

export interface MazeRows extends MazeHeader {
  /** Whether any wall has a palette index other than 0. */
  readonly colored: boolean;
  /**
   * Tile rows 0 … H in order. A row stays valid while the next one is read
   * (a writer may look one row up), not longer. Each call reads the maze
   * again from the top: a streamed maze is generated again, from its seed.
   */
  rows(): Iterable<TileRow>;
  /** The maze in memory, or null for one that is streamed. */
  readonly whole: Maze | null;
}

/** A whole maze, read as rows of views into its own arrays. */
export function rowsOf(maze: Maze): MazeRows {
  const { topColor, leftColor } = maze;
  const colored = topColor !== null && leftColor !== null && (topColor.some((c) => c !== 0) || leftColor.some((c) => c !== 0));
  return {
    width: maze.width,
    height: maze.height,
    palette: maze.palette,
    info: maze.info,
    start: maze.start,
    end: maze.end,
    solution: maze.solution,
    solving: maze.solving,
    doors: maze.doors,
    keys: maze.keys,
    mask: maze.mask,
    colored,
    whole: maze,
    *rows() {
      const { walls, stride, height } = maze;
      for (let y = 0; y <= height; y++) yield { y, walls, topColor: colored ? topColor : null, leftColor: colored ? leftColor : null, at: y * stride };
    },
  };
}

/**
 * A maze streamed from a row generator: `produce` starts the generation
 * over and yields tile rows 0 … H, each W + 1 tiles of bits, valid while
 * the next one is made. Nothing else is known of it: one color, no
 * solution, no ends, no doors.
 */
export function streamedRows(width: number, height: number, info: MazeInfo | null, produce: () => Iterable<Uint8Array>): MazeRows {
  return {
    width,
    height,
    palette: [0xffffff],
    info,
    start: null as Point | null,
    end: null as Point | null,
    solution: null as Point[] | null,
    solving: null,
    doors: null as Door[] | null,
    keys: null as Key[] | null,
    mask: null,
    colored: false,
    whole: null,
    *rows() {
      let y = 0;
      for (const walls of produce()) yield { y: y++, walls, topColor: null, leftColor: null, at: 0 };
    },
  };
}

/**
 * The same rows, telling `tick` the row reached now and then, about every
 * 2^16 cells (a progress line while a writer reads them). A writer that
 * reads the rows again starts the count again.
 */
export function tickingRows(src: MazeRows, tick: (done: number) => void): MazeRows {
  const { width } = src;
  const every = 1 << 16; // cells between ticks
  return {
    ...src,
    *rows() {
      let next = 0;
      for (const row of src.rows()) {
        const done = row.y * width;
        if (done >= next) {
          tick(row.y);
          next = done + every;
        }
        yield row;
      }
    },
  };
}

/** A maze or its rows, as rows. */
export function asRows(source: Maze | MazeRows): MazeRows {
  return source instanceof Maze ? rowsOf(source) : source;
}
