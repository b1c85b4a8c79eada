/**
 * Themes: the colors a picture is drawn in (`--theme`). The maze keeps its
 * own colors, the trees article's draw of 32 + rand(224) a channel, as the
 * JSON stores them; a theme only says how they are drawn:
 *
 * - a background (the PNG's and SVG's canvas, the paper under the PDF's
 *   maze, the POV floor), and the plain walls' color (palette entry 0:
 *   the border and every untinted wall);
 * - a contrast ratio every other color drawn on that background reaches
 *   (contrast.ts, WCAG's measure): tree walls, keys, locked doors, the
 *   start and end marks and the solution are lifted or darkened, each
 *   keeping its hue, until they read; plain walls that would not read
 *   (white walls on a `--bg` of white) are black or white, whichever reads;
 * - for the POV-Ray maze document's look (Labyrinthe – première partie,
 *   seed 001: "les carrés bleus représentent les murs horizontaux, les
 *   carrés bruns les murs verticaux et les carrés gris le sol"), walls
 *   colored by their direction instead of their tree.
 *
 * Explicit `--fg` and `--bg` win over the theme and are drawn as given: a
 * user who names a color gets it. Same maze, same geometry, whatever the
 * theme: only colors change.
 */
import { keyColor } from '../model/maze.js';
import type { MazeRows, TileRow } from '../model/rows.js';
import { visibleRows } from './geometry.js';
import { contrastRatio, readableOn } from './contrast.js';
import { END_COLOR, START_COLOR } from './marks.js';
import type { RenderOptions, ThemeName } from './types.js';
import { DEFAULT_RENDER_OPTIONS } from './types.js';

// the names live with the render options (types.ts), which name a theme; here for the themes' readers
export { THEME_NAMES } from './types.js';
export type { ThemeName } from './types.js';

/** An srgb color as POV-Ray writes it: three channels from 0 to 1. */
export type Srgb = readonly [number, number, number];

export interface Theme {
  name: ThemeName;
  /** A few words for --help. */
  description: string;
  /** The canvas (PNG, SVG) and the paper under the maze (PDF), 0xRRGGBB. */
  background: number;
  /** Plain walls (palette entry 0), or null for the maze's own (white in every generated maze). */
  plain: number | null;
  /** Least WCAG contrast ratio of every drawn color with the background. */
  ratio: number;
  /** Walls by direction, not by tree: top walls (along x) and left walls (along y). */
  byDirection: { top: number; left: number } | null;
  /** POV-Ray's floor and sky. */
  floor: Srgb;
  sky: Srgb;
}

/**
 * WCAG's ratio for the parts of a graphic one must see (1.4.11); paper asks
 * for text's 4.5:1, since toner, paper and a gray printer all lose some.
 */
const SCREEN_RATIO = 3;
const PAPER_RATIO = 4.5;

export const THEMES: Readonly<Record<ThemeName, Theme>> = Object.freeze({
  dark: {
    name: 'dark',
    description: "the trees article's, on black",
    background: 0x000000,
    plain: null,
    ratio: SCREEN_RATIO,
    byDirection: null,
    floor: [0.22, 0.24, 0.28],
    sky: [0.05, 0.05, 0.07],
  },
  light: {
    name: 'light',
    description: 'dark on white',
    background: 0xffffff,
    plain: 0x222222,
    ratio: SCREEN_RATIO,
    byDirection: null,
    floor: [0.9, 0.9, 0.88],
    sky: [0.85, 0.9, 0.97],
  },
  print: {
    name: 'print',
    description: 'black on paper',
    background: 0xffffff,
    plain: 0x000000,
    ratio: PAPER_RATIO,
    byDirection: null,
    floor: [0.95, 0.95, 0.95],
    sky: [1, 1, 1],
  },
  labyrinthe: {
    name: 'labyrinthe',
    description: "the POV-Ray document's blue and brown on gray",
    background: 0xb0b0b0,
    plain: null,
    ratio: SCREEN_RATIO,
    byDirection: { top: 0x2b4cc4, left: 0x8b4513 },
    floor: [0.69, 0.69, 0.69],
    sky: [0.55, 0.62, 0.72],
  },
});

/** The theme `options` asks for, else the format's own. */
export function themeOf(options: Pick<RenderOptions, 'theme'>, fallback: ThemeName): Theme {
  return THEMES[options.theme ?? fallback];
}

/** 0xRRGGBB of an srgb triple. */
export function srgbRgb([r, g, b]: Srgb): number {
  const byte = (c: number): number => Math.round(c * 255);
  return ((byte(r) << 16) | (byte(g) << 8) | byte(b)) >>> 0;
}

/** A maze's colors as one picture draws them, on one background. */
export interface Painting {
  theme: Theme;
  background: number;
  /**
   * The maze's rows with the palette they are drawn in: entry 0 the plain
   * walls (`--fg`, else the theme's), every tree and key color readable on
   * the background; by direction in the document's theme. Locked doors
   * must already be walls (geometry.ts drawDoors): these rows are not
   * whole mazes any more.
   */
  rows: MazeRows;
  /** The solution, the start and the end marks, readable. */
  path: number;
  start: number;
  end: number;
  /** Black or white, whichever stands out more on the background: outlines and letters. */
  ink: number;
}

/** How `src` is drawn with `theme` on `background`. */
export function paint(given: MazeRows, options: Pick<RenderOptions, 'fg' | 'pathColor'>, theme: Theme, background: number): Painting {
  // only the walls a mask's cells show are drawn (geometry.ts)
  const src = visibleRows(given);
  const readable = (rgb: number): number => readableOn(rgb, background, theme.ratio);
  const keyCount = src.keys?.length ?? 0;
  // Key k is palette entry k + 1 (model/maze.ts keyRgb); a hand-made maze may lack them.
  const base = [...src.palette];
  for (let k = 0; k < keyCount; k++) base[k + 1] ??= keyColor(k);
  const painting = { theme, background, path: readable(options.pathColor), start: readable(START_COLOR), end: readable(END_COLOR), ink: inkOn(background) };
  const plain = plainWalls(options, theme, background, base[0]!);
  if (!theme.byDirection) {
    const palette = base.map((rgb, i) => (i === 0 ? plain.top : readable(rgb)));
    // the default red, not one asked for, keeps apart from the walls' colors (a red tree's)
    const path = options.pathColor === DEFAULT_RENDER_OPTIONS.pathColor ? pathApart(palette.map(readable), readable) : painting.path;
    return { ...painting, path, rows: { ...src, palette, whole: null } };
  }
  const keys = base.slice(1, keyCount + 1).map(readable);
  return { ...painting, rows: byDirection(src, [plain.top, ...keys, plain.left], keyCount) };
}

/**
 * The solution's colors in order of preference: the default red, then
 * yellow, magenta and cyan (the marks are green and blue).
 */
const PATH_COLORS = [DEFAULT_RENDER_OPTIONS.pathColor, 0xffd000, 0xff40ff, 0x00d0ff];

/** How far a path color must be from every wall color (redmean distance, 0 to about 765) to stand apart. */
const PATH_APART = 150;

/** The first of PATH_COLORS (made readable) that stands apart from every color of `palette`, else the one farthest from them. */
function pathApart(palette: readonly number[], readable: (rgb: number) => number): number {
  let best = readable(PATH_COLORS[0]!);
  let bestDistance = -1;
  for (const candidate of PATH_COLORS) {
    const rgb = readable(candidate);
    const distance = Math.min(...palette.map((wall) => colorDistance(rgb, wall)));
    if (distance >= PATH_APART) return rgb;
    if (distance > bestDistance) [best, bestDistance] = [rgb, distance];
  }
  return best;
}

/** The "redmean" distance of two colors: RGB weighted as the eye tells them apart (about 0 to 765). */
function colorDistance(a: number, b: number): number {
  const [ra, ga, ba] = [(a >>> 16) & 255, (a >>> 8) & 255, a & 255];
  const [rb, gb, bb] = [(b >>> 16) & 255, (b >>> 8) & 255, b & 255];
  const mean = (ra + rb) / 2;
  return Math.sqrt((2 + mean / 256) * (ra - rb) ** 2 + 4 * (ga - gb) ** 2 + (2 + (255 - mean) / 256) * (ba - bb) ** 2);
}

/** Black or white, whichever stands out more on `background`. */
export function inkOn(background: number): number {
  return contrastRatio(0x000000, background) >= contrastRatio(0xffffff, background) ? 0x000000 : 0xffffff;
}

/**
 * The plain walls' colors, top walls and left walls (the same but in the
 * document's theme): `--fg`, else the theme's, else the maze's own
 * (`own`, palette entry 0). Plain walls that would not read (white on a
 * `--bg` of white) take the ink: they have no hue to keep.
 */
export function plainWalls(options: Pick<RenderOptions, 'fg'>, theme: Theme, background: number, own: number): { top: number; left: number } {
  const plain = (rgb: number): number => options.fg ?? (contrastRatio(rgb, background) >= theme.ratio ? rgb : inkOn(background));
  if (theme.byDirection) return { top: plain(theme.byDirection.top), left: plain(theme.byDirection.left) };
  const both = plain(theme.plain ?? own);
  return { top: both, left: both };
}

/**
 * The rows with every wall recolored by its direction: top walls palette
 * entry 0, left walls the last entry; walls in a key's color (locked doors
 * drawn as walls, entries 1..keys) keep it. Two reused buffers of W + 1
 * entries each, so that a row stays valid while the next is read.
 */
function byDirection(src: MazeRows, palette: number[], keyCount: number): MazeRows {
  const width = src.width;
  const leftIndex = keyCount + 1;
  const isKey = (index: number): boolean => index >= 1 && index <= keyCount;
  return {
    ...src,
    palette,
    colored: true,
    whole: null,
    *rows(): Generator<TileRow> {
      const buffers = [0, 1].map(() => ({ top: new Uint16Array(width + 1), left: new Uint16Array(width + 1) }));
      let n = 0;
      for (const row of src.rows()) {
        const { top, left } = buffers[n++ & 1]!;
        for (let x = 0; x <= width; x++) {
          const t = row.topColor ? row.topColor[row.at + x]! : 0;
          const l = row.leftColor ? row.leftColor[row.at + x]! : 0;
          top[x] = isKey(t) ? t : 0;
          left[x] = isKey(l) ? l : leftIndex;
        }
        yield { y: row.y, walls: row.walls.subarray(row.at, row.at + width + 1), topColor: top, leftColor: left, at: 0 };
      }
    },
  };
}
