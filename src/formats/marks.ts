/**
 * The marks of a maze, shared by every picture the way geometry.ts shares
 * the walls and path.ts the solution: where the start and the end are,
 * where each key lies and which doors are locked (zones, seed 003), and
 * how a picture draws them.
 *
 * `mazeMarks` lists them by cell and wall, for any target (POV objects,
 * PDF shapes, ASCII letters). `markRectangles` is the one rule PNG and SVG
 * (and a PDF drawn at whole units) follow, in pixels of the seed-000
 * canvas (`--tile`, `--wall`). With free = tile − wall, the open square of
 * cell (x, y) starts at (x·tile + wall, y·tile + wall); in it a mark box
 * starts m = ⌊free / 6⌋ pixels in (0 when free < 6) and is b = free − 2m
 * pixels wide; f = max(1, ⌊b / 6⌋) is a frame's thickness:
 *
 * - a key: the box filled, in the key's color;
 * - the start: the box's frame, f thick, in START_COLOR;
 * - the end: the box's frame and a center square from 2f in (when b > 4f),
 *   in END_COLOR (a frame with a dot: a target);
 * - a locked door (decoys too): a bar in its key's color over the door's
 *   wall between its two corners, `wall` thick, widened by m pixels into
 *   each of the two cells (on its open wall: a plain wall stays as drawn).
 *
 * Marks are drawn after the walls and after the solution, in this order:
 * doors, keys, start, end (a later one on top). Their pixels are in open
 * cell space and in the door's own wall band, never on an active wall; a
 * door's bar and a mark box never overlap (the box starts m in, the bar
 * ends m in). So a maze with no marks is drawn exactly as before.
 */
import type { Maze } from '../model/maze.js';
import { keyRgb } from '../model/maze.js';
import type { RenderOptions } from './types.js';

/** The start's mark: green. */
export const START_COLOR = 0x33dd55;
/** The end's mark: sky blue. */
export const END_COLOR = 0x33bbff;

/** What the marks are read from: a maze, or the header of its rows (model/rows.ts). */
export type MarkSource = Pick<Maze, 'palette' | 'doors' | 'keys' | 'start' | 'end'>;

/** One mark: a cell (start, end, key) or a locked door's wall. */
export type Mark =
  | { kind: 'start' | 'end'; x: number; y: number; rgb: number }
  | { kind: 'key'; x: number; y: number; rgb: number; key: number }
  | { kind: 'door'; x: number; y: number; side: 'top' | 'left'; rgb: number; key: number };

/**
 * The maze's marks in drawing order: locked doors, keys, start, end. Keys
 * and doors take their colors from the maze's palette (a theme's painted
 * rows, theme.ts, give the drawn ones), the start and end from `colors`.
 */
export function mazeMarks(maze: MarkSource, colors: { start: number; end: number } = { start: START_COLOR, end: END_COLOR }): Mark[] {
  const marks: Mark[] = [];
  for (const d of maze.doors ?? []) {
    if (d.key !== null) marks.push({ kind: 'door', x: d.x, y: d.y, side: d.side, rgb: keyRgb(maze, d.key), key: d.key });
  }
  (maze.keys ?? []).forEach((k, i) => marks.push({ kind: 'key', x: k.x, y: k.y, rgb: keyRgb(maze, i), key: i }));
  if (maze.start) marks.push({ kind: 'start', x: maze.start[0], y: maze.start[1], rgb: colors.start });
  if (maze.end) marks.push({ kind: 'end', x: maze.end[0], y: maze.end[1], rgb: colors.end });
  return marks;
}

/** The box of a cell mark, and the frame thickness, in pixels (see the module comment). */
export function markBox(options: Pick<RenderOptions, 'tile' | 'wall'>): { margin: number; size: number; frame: number } {
  const free = options.tile - options.wall;
  const margin = free >= 6 ? Math.floor(free / 6) : 0;
  const size = free - 2 * margin;
  return { margin, size, frame: Math.max(1, Math.floor(size / 6)) };
}

/**
 * The marks as pixel rectangles in drawing order, five integers each: x0,
 * y0, x1, y1 (ends excluded) and the RGB. Rectangles of one mark may overlap.
 */
export function markRectangles(maze: MarkSource, options: Pick<RenderOptions, 'tile' | 'wall'>, marks: Mark[] = mazeMarks(maze)): Int32Array {
  const { tile, wall } = options;
  const { margin, size, frame } = markBox(options);
  const out: number[] = [];
  const rect = (x0: number, y0: number, x1: number, y1: number, rgb: number): void => {
    if (x1 > x0 && y1 > y0) out.push(x0, y0, x1, y1, rgb);
  };
  for (const mark of marks) {
    if (mark.kind === 'door') {
      // the wall's band between its corners, widened into both cells
      const along = (mark.side === 'top' ? mark.x : mark.y) * tile + wall;
      const across = (mark.side === 'top' ? mark.y : mark.x) * tile;
      const [a0, a1, c0, c1] = [along, along + tile - wall, across - margin, across + wall + margin];
      if (mark.side === 'top') rect(a0, c0, a1, c1, mark.rgb);
      else rect(c0, a0, c1, a1, mark.rgb);
      continue;
    }
    const x0 = mark.x * tile + wall + margin;
    const y0 = mark.y * tile + wall + margin;
    const [x1, y1] = [x0 + size, y0 + size];
    if (mark.kind === 'key') {
      rect(x0, y0, x1, y1, mark.rgb);
      continue;
    }
    rect(x0, y0, x1, y0 + frame, mark.rgb);
    rect(x0, y1 - frame, x1, y1, mark.rgb);
    rect(x0, y0 + frame, x0 + frame, y1 - frame, mark.rgb);
    rect(x1 - frame, y0 + frame, x1, y1 - frame, mark.rgb);
    if (mark.kind === 'end') rect(x0 + 2 * frame, y0 + 2 * frame, x1 - 2 * frame, y1 - 2 * frame, mark.rgb);
  }
  return Int32Array.from(out);
}

/** The distinct RGB colors the marks use, in drawing order. */
export function markColors(marks: Mark[]): number[] {
  return [...new Set(marks.map((m) => m.rgb))];
}
