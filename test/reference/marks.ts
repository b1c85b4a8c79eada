/**
 * The marks' rule (README "Marks"), painted pixel by pixel over a picture
 * of the seed-000 canvas, written from the rule's words and not from
 * src/formats/marks.ts, so that the PNG is measured against it:
 *
 * free = tile − wall; cell (x, y)'s open square starts at pixel
 * (x·tile + wall, y·tile + wall); a mark box starts m = ⌊free / 6⌋ in (0
 * when free < 6) and is b = free − 2m wide; a frame is f = max(1, ⌊b / 6⌋)
 * thick. In order: each locked door, a bar in its key's color over its wall
 * between the two corners, `wall` thick and m more into each cell; each
 * key, its box filled in its color; the start, the box's frame in green;
 * the end, the box's frame and the square from 2f in to 2f from the far
 * side, in sky blue.
 */
import type { Maze } from '../../src/model/maze.js';
import { keyRgb } from '../../src/model/maze.js';

export const START_RGB = 0x33dd55;
export const END_RGB = 0x33bbff;

export interface Picture {
  width: number;
  height: number;
  data: Uint8Array;
}

/** The colors the marks are drawn in: key k is palette entry k + 1 (the theme's, as drawn). */
export interface DrawnColors {
  palette: number[];
  background: number;
  path: number;
  start: number;
  end: number;
}

/** Paint the maze's marks over `picture` (RGBA), in the rule's order, in `colors` (default: the maze's own). */
export function paintMarks(picture: Picture, maze: Maze, tile: number, wall: number, colors: Pick<DrawnColors, 'palette' | 'start' | 'end'> = { palette: maze.palette, start: START_RGB, end: END_RGB }): void {
  const paint = (px: number, py: number, rgb: number): void => {
    if (px < 0 || py < 0 || px >= picture.width || py >= picture.height) throw new Error(`mark pixel (${px}, ${py}) outside the canvas`);
    const at = (py * picture.width + px) * 4;
    picture.data[at] = (rgb >> 16) & 255;
    picture.data[at + 1] = (rgb >> 8) & 255;
    picture.data[at + 2] = rgb & 255;
    picture.data[at + 3] = 255;
  };
  const free = tile - wall;
  const m = free < 6 ? 0 : Math.floor(free / 6);
  const b = free - 2 * m;
  const f = Math.max(1, Math.floor(b / 6));

  for (const door of maze.doors ?? []) {
    if (door.key === null) continue;
    const rgb = keyRgb(colors, door.key);
    for (let along = wall; along < tile; along++) {
      for (let across = -m; across < wall + m; across++) {
        if (door.side === 'top') paint(door.x * tile + along, door.y * tile + across, rgb);
        else paint(door.x * tile + across, door.y * tile + along, rgb);
      }
    }
  }
  // (i, j) in 0..b−1: a pixel of the box of cell (x, y)
  const box = (x: number, y: number, rgb: number, inside: (i: number, j: number) => boolean): void => {
    for (let j = 0; j < b; j++) {
      for (let i = 0; i < b; i++) if (inside(i, j)) paint(x * tile + wall + m + i, y * tile + wall + m + j, rgb);
    }
  };
  const onFrame = (i: number, j: number): boolean => i < f || j < f || i >= b - f || j >= b - f;
  (maze.keys ?? []).forEach((k, i) => box(k.x, k.y, keyRgb(colors, i), () => true));
  if (maze.start) box(maze.start[0], maze.start[1], colors.start, onFrame);
  if (maze.end) {
    box(maze.end[0], maze.end[1], colors.end, (i, j) => onFrame(i, j) || (i >= 2 * f && j >= 2 * f && i < b - 2 * f && j < b - 2 * f));
  }
}

/** The pixel (x, y) of a picture as 0xRRGGBB. */
export function pixelRgb(picture: Picture, x: number, y: number): number {
  const at = (y * picture.width + x) * 4;
  return (picture.data[at]! << 16) | (picture.data[at + 1]! << 8) | picture.data[at + 2]!;
}
