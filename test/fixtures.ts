/**
 * Hand-made mazes for the picture tests, built with the model directly:
 * colored walls (as trees and islands make them) without needing `trees`,
 * and seed 000's drawing loop ported as it is, the PNG's source of truth.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { algorithms } from '../src/algorithms/index.js';
import { defaultOptions } from '../src/algorithms/types.js';
import { parseMaze } from '../src/formats/json.js';
import type { ThemeName } from '../src/formats/theme.js';
import { paint, THEMES } from '../src/formats/theme.js';
import { DEFAULT_RENDER_OPTIONS } from '../src/formats/types.js';
import { rowsOf } from '../src/model/rows.js';
import { Maze } from '../src/model/maze.js';
import { Rng } from '../src/rng.js';
import { ROOT } from './helpers.js';
import type { DrawnColors } from './reference/marks.js';
import { paintMarks } from './reference/marks.js';

export const FIXTURES = join(ROOT, 'fixtures');

/** A generated maze, by registry name, with its info recorded as the CLI does. */
export function generated(name: string, width: number, height: number, seed = '1', options: Record<string, string> = {}): Maze {
  const algorithm = algorithms.find((a) => a.name === name);
  if (!algorithm) throw new Error(`no algorithm ${name}`);
  const parsed = { ...defaultOptions(algorithm) };
  for (const [flag, raw] of Object.entries(options)) parsed[flag] = algorithm.options[flag]!.parse(raw, `--${flag}`);
  const maze = algorithm.generate({ width, height }, parsed, new Rng(seed));
  maze.info = { algorithm: name, seed, options };
  return maze;
}

/**
 * A maze of `colors` tree colors plus plain white borders: the border, then
 * each interior wall active with probability `density`, in a random color.
 * Free-standing walls, walls ending in mid-air (the PNG's notches), corners
 * where four colors meet and wall-less corners all occur, as with islands.
 */
export function coloredWalls(width: number, height: number, colors: number, seed = 'colors', density = 0.5): Maze {
  const rng = new Rng(seed);
  const maze = Maze.bordered(width, height);
  const { top, left } = maze.ensureColors();
  for (let c = 0; c < colors; c++) {
    maze.addColor((((32 + rng.below(224)) << 16) | ((32 + rng.below(224)) << 8) | (32 + rng.below(224))) >>> 0);
  }
  const pick = (): number => 1 + rng.below(colors);
  for (let y = 0; y <= height; y++) {
    for (let x = 0; x <= width; x++) {
      const i = maze.tileIndex(x, y);
      if (x < width && y > 0 && y < height && rng.below(1000) < density * 1000) {
        maze.setTop(x, y, true);
        top[i] = pick();
      }
      if (y < height && x > 0 && x < width && rng.below(1000) < density * 1000) {
        maze.setLeft(x, y, true);
        left[i] = pick();
      }
    }
  }
  // Some border walls colored too, as trunks next to them would not be, but JSON may say.
  if (colors > 0) {
    top[maze.tileIndex(0, 0)] = 1;
    left[maze.tileIndex(width, height - 1)] = colors;
  }
  return maze;
}

/** A carved maze whose walls all take random colors among `colors` (for the >256-color RGB path). */
export function recolored(maze: Maze, colors: number, seed = 'recolor'): Maze {
  const rng = new Rng(seed);
  const { top, left } = maze.ensureColors();
  for (let c = 0; c < colors; c++) maze.addColor((rng.u32() >>> 8) | 0x101010);
  for (let i = 0; i < top.length; i++) {
    top[i] = 1 + rng.below(colors);
    left[i] = 1 + rng.below(colors);
  }
  return maze;
}

/** The small hand-made mazes of fixtures/*.json, by file name without extension. */
export function fixtureMazes(): [string, Maze][] {
  const dir = FIXTURES;
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => [f.slice(0, -5), parseMaze(readFileSync(join(dir, f), 'utf8'), f)]);
}

export interface Rgba {
  width: number;
  height: number;
  data: Uint8Array;
}

/**
 * Seed 000, "Dessiner la grille", ported line for line: `drawWall` and the
 * loop over tiles y = 0..H, x = 0..W drawing the left wall, then the top
 * wall. `setPixel` throws outside the canvas: the seed never draws there.
 * Then the marks (start, end, keys, locked doors) by test/reference/marks.ts.
 */
export function seedLoop(maze: Maze, tile: number, wall: number, fg: number | null, bg: number | null): Rgba {
  const colors = drawnColors(maze, fg, bg);
  const picture = seedWalls(maze, tile, wall, colors);
  paintMarks(picture, maze, tile, wall, colors);
  return picture;
}

/**
 * The colors a PNG draws `maze` in (src/formats/theme.ts): its palette as
 * drawn (entry 0 the plain walls, every other color readable on the
 * background), the background, the solution and the start and end marks.
 * The seed's loop runs over these: the theme changes colors, never pixels' places.
 */
export function drawnColors(maze: Maze, fg: number | null, bg: number | null, pathColor = DEFAULT_RENDER_OPTIONS.pathColor, theme: ThemeName = 'dark'): DrawnColors {
  const chosen = THEMES[theme];
  const painting = paint(rowsOf(maze), { fg, pathColor }, chosen, bg ?? chosen.background);
  return { palette: painting.rows.palette, background: painting.background, path: painting.path, start: painting.start, end: painting.end };
}

/** seed 000's loop alone: the walls. */
function seedWalls(maze: Maze, tile: number, wall: number, colors: DrawnColors): Rgba {
  const width = maze.width * tile + wall; // SCREEN_WIDTH
  const height = maze.height * tile + wall; // SCREEN_HEIGHT
  const data = new Uint8Array(width * height * 4);
  const setPixel = (xx: number, yy: number, c: number): void => {
    if (xx < 0 || yy < 0 || xx >= width || yy >= height) throw new Error(`pixel (${xx}, ${yy}) outside ${width} × ${height}`);
    const o = (yy * width + xx) * 4;
    data[o] = (c >> 16) & 255;
    data[o + 1] = (c >> 8) & 255;
    data[o + 2] = c & 255;
    data[o + 3] = 255;
  };
  for (let yy = 0; yy < height; yy++) for (let xx = 0; xx < width; xx++) setPixel(xx, yy, colors.background);
  const color = (index: number): number => colors.palette[index]!;

  const drawWall = (x: number, y: number, isHorizontal: boolean, c: number): void => {
    const sx = x * tile;
    const sy = y * tile;
    if (isHorizontal) {
      const ex = sx + tile - 1;
      const ey = sy + wall - 1;
      for (let yy = sy; yy <= ey; yy++) for (let xx = sx; xx <= ex; xx++) setPixel(xx, yy, c);
    } else {
      const ex = sx + wall - 1;
      const ey = sy + tile + wall - 1;
      for (let yy = sy; yy <= ey; yy++) for (let xx = sx; xx <= ex; xx++) setPixel(xx, yy, c);
    }
  };

  for (let y = 0; y <= maze.height; y++) {
    for (let x = 0; x <= maze.width; x++) {
      if (maze.hasLeft(x, y)) drawWall(x, y, false, color(maze.leftColorAt(x, y)));
      if (maze.hasTop(x, y)) drawWall(x, y, true, color(maze.topColorAt(x, y)));
    }
  }
  return { width, height, data };
}

/**
 * The walls of seed 000's loop, then the solution drawn over them by the
 * documented rule (README, "Drawing the solution"): a line p = max(1,
 * ⌊(tile − wall) / 3⌋) pixels wide; each path cell's p × p center square
 * starts at pixel x·tile + wall + o (likewise y), o = ⌊(tile − wall − p) / 2⌋,
 * and each step fills the box spanning the center squares of its two
 * cells; then the marks over both.
 */
export function seedLoopWithPath(maze: Maze, tile: number, wall: number, fg: number | null, bg: number | null, given: number): Rgba {
  const colors = drawnColors(maze, fg, bg, given);
  const pathColor = colors.path;
  const picture = seedWalls(maze, tile, wall, colors);
  const p = Math.max(1, Math.floor((tile - wall) / 3));
  const o = Math.floor((tile - wall - p) / 2);
  const corner = (cell: number): number => cell * tile + wall + o;
  const fill = (x0: number, y0: number, x1: number, y1: number): void => {
    for (let yy = y0; yy < y1; yy++) {
      for (let xx = x0; xx < x1; xx++) {
        if (xx < 0 || yy < 0 || xx >= picture.width || yy >= picture.height) throw new Error(`path pixel (${xx}, ${yy}) outside the canvas`);
        const at = (yy * picture.width + xx) * 4;
        picture.data.set([(pathColor >> 16) & 255, (pathColor >> 8) & 255, pathColor & 255, 255], at);
      }
    }
  };
  const path = maze.solution ?? [];
  path.forEach(([x, y], i) => {
    fill(corner(x), corner(y), corner(x) + p, corner(y) + p);
    const previous = path[i - 1];
    if (previous) {
      const [px, py] = previous;
      fill(corner(Math.min(x, px)), corner(Math.min(y, py)), corner(Math.max(x, px)) + p, corner(Math.max(y, py)) + p);
    }
  });
  paintMarks(picture, maze, tile, wall, colors);
  return picture;
}

/** Decode a PNG with pngjs, to RGBA. */
export function decodePng(bytes: Uint8Array): Rgba {
  const png = PNG.sync.read(Buffer.from(bytes));
  return { width: png.width, height: png.height, data: png.data };
}

/** null when the pictures match, else where and how they first differ. */
export function firstDifference(a: Rgba, b: Rgba): string | null {
  if (a.width !== b.width || a.height !== b.height) return `size ${a.width} × ${a.height} vs ${b.width} × ${b.height}`;
  for (let i = 0; i < a.data.length; i += 4) {
    if (a.data[i] !== b.data[i] || a.data[i + 1] !== b.data[i + 1] || a.data[i + 2] !== b.data[i + 2] || a.data[i + 3] !== b.data[i + 3]) {
      const p = i / 4;
      const rgba = (d: Uint8Array): string => Array.from(d.subarray(i, i + 4)).join(',');
      return `pixel (${p % a.width}, ${Math.floor(p / a.width)}): ${rgba(a.data)} vs ${rgba(b.data)}`;
    }
  }
  return null;
}

const rgbOf = (picture: Rgba, x: number, y: number): number => {
  const i = 4 * (y * picture.width + x);
  return (picture.data[i]! << 16) | (picture.data[i + 1]! << 8) | picture.data[i + 2]!;
};

/**
 * The tolerance (issue 21: "compare with a tolerance and say which"):
 * librsvg anti-aliases and our rasterizer does not, so a pixel may differ
 * only on an edge of our picture — within 1 pixel of a pixel of another
 * color, or of the canvas's own edge — and at most 15 % of all pixels at
 * 20 pixels a cell or more, 25 % at 11 (the walls' and the path's edges
 * are about that share of a triangle maze's picture, the densest) may
 * differ by more than a quarter of the range in a channel. A wall, path or mark
 * out of place by more than a pixel fails the first rule.
 */
export function compareWithTolerance(ours: Rgba, theirs: Rgba): { share: number; offEdge: number } {
  if (theirs.width !== ours.width || theirs.height !== ours.height) throw new Error(`pictures of ${ours.width} × ${ours.height} and ${theirs.width} × ${theirs.height} pixels`);
  let differing = 0;
  let offEdge = 0;
  for (let y = 0; y < ours.height; y++) {
    for (let x = 0; x < ours.width; x++) {
      const i = 4 * (y * ours.width + x);
      const far = [0, 1, 2].some((k) => Math.abs(ours.data[i + k]! - theirs.data[i + k]!) > 64);
      if (!far) continue;
      differing++;
      const own = rgbOf(ours, x, y);
      let edge = false;
      for (let dy = -1; dy <= 1 && !edge; dy++) {
        for (let dx = -1; dx <= 1 && !edge; dx++) {
          const [nx, ny] = [x + dx, y + dy];
          if (nx < 0 || ny < 0 || nx >= ours.width || ny >= ours.height || rgbOf(ours, nx, ny) !== own) edge = true;
        }
      }
      if (!edge) offEdge++;
    }
  }
  return { share: differing / (ours.width * ours.height), offEdge };
}
