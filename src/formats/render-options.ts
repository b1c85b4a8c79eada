/**
 * How a maze is drawn, checked: the library's typed render options and the
 * command line's flags both end here (the command line parses its text
 * first, cli/commands/args.ts), so the same values meet the same limits. Options
 * are named as the library names them (`pathColor`, `maxPixels`).
 */
import { didYouMean, listChoices, MazeError } from '../errors.js';
import type { Format, RenderOptions } from './types.js';
import { THEME_NAMES } from './theme.js';
import { DEFAULT_RENDER_OPTIONS } from './types.js';
import { fabOptionsFrom } from './fabrication.js';
import { MAX_CELLS, parseColor } from '../model/maze.js';
import { checkBoolean, checkChoice, checkInteger, shownValue } from '../model/options.js';

export const STYLES = ['ascii', 'unicode', 'compact'] as const;
export const PAPERS = ['a4', 'letter'] as const;
export const TILE_RANGE = [2, 1000] as const;
export const WALL_RANGE = [1, 999] as const;

/**
 * The default pixel budget of a picture: ten billion pixels, so that a
 * 4000 × 4000 maze at the default tile 20 (80 002² = 6.4 billion) fits,
 * while a size that would run for hours is refused up front.
 */
export const MAX_PIXELS = 10_000_000_000;

/**
 * Most cells a solve takes: a path is stored as [x, y] pairs, some 94
 * bytes a step (measured: 0.9 GB for the 10 000 000-step path of a 1-wide
 * maze), and a path may visit every cell, so 16 000 000 cells (4000 ×
 * 4000) stay within about 1.5 GB.
 */
export const MAX_SOLVE_CELLS = 16_000_000;

/** The format of `list` a name means (case and spaces around it ignored, as every word), or a MazeError listing them. */
export function formatNamed(name: unknown, list: readonly Format[]): Format {
  const word = typeof name === 'string' ? name.trim().toLowerCase() : null;
  const format = list.find((f) => f.name === word);
  if (format) return format;
  const names = list.map((f) => f.name);
  const typed = typeof name === 'string' ? name : shownValue(name);
  throw new MazeError((n) => `unknown format '${typed}'; the formats are ${listChoices(names)}${didYouMean(typed, names)}`, { code: 'invalid-value', option: 'format' });
}

/** A wall thinner than a cell: the drawing's one rule between two options. */
export function checkWallThinner(tile: number, wall: number): void {
  if (wall >= tile) throw new MazeError((n) => `${n('wall')} ${wall} must be less than ${n('tile')} ${tile}`, { code: 'impossible', option: 'wall' });
}

/** A color `#rrggbb` as 0xRRGGBB. */
export function colorValue(value: unknown, name: string): number {
  const rgb = typeof value === 'string' ? parseColor(value) : null;
  if (rgb === null) {
    throw new MazeError((n) => `${n(name)} must be a color like #a03c5f, got ${typeof value === 'string' ? `'${value}'` : shownValue(value)}`, {
      code: 'invalid-value',
      option: name,
    });
  }
  return rgb;
}

/** Refuse a picture over the pixel budget (`maxPixels`), before the maze is drawn. */
export function checkPixelBudget(pixels: number | undefined, width: number, height: number, tile: number, budget: number): void {
  if (pixels !== undefined && pixels > budget) {
    throw new MazeError(
      (n) =>
        `a ${width} × ${height} maze at ${n('tile')} ${tile} is ${pixels} pixels, over the budget of ${budget} pixels; make the maze or ${n('tile')} smaller, or raise ${n('maxPixels')}`,
      { code: 'too-large', option: 'maxPixels' },
    );
  }
}

/** Refuse a maze of `cells` cells, past `limit`, on one printed page (PDF, on every grid): `what` names it ("a 600 × 500 maze", "a hex maze"). */
export function checkPageCells(cells: number, limit: number, what: string): void {
  if (cells > limit) {
    throw new MazeError(`${what} is ${cells} cells, too many for one printed page (at most ${limit}: a cell would be under a point wide); make it smaller, or draw it as SVG`, { code: 'too-large' });
  }
}

/**
 * Refuse a solve over `limit` cells (`maxCells` raises it); `what` names the
 * asker ("solve", "--solve"; the command line has no flag to raise it). The cells are width × height on a square grid;
 * a shape gives its cell count and height 1.
 */
export function checkSolveSize(width: number, height: number, limit: number, what: string): void {
  if (width * height > limit) {
    throw new MazeError(
      (n) => `${what} finds paths in mazes of at most ${limit} cells (memory), and ${height === 1 ? `this one has ${width}` : `${width} × ${height} is ${width * height}`}; make the maze smaller${limit === MAX_SOLVE_CELLS && /^(--|maze )/.test(what) ? '' : ` or raise ${n('maxCells')}`}`,
      { code: 'too-large', option: 'maxCells' },
    );
  }
}

/** The library's render options, each checked, over the defaults; `maxPixels` apart (it is a limit, not a look). */
export function renderOptionsFrom(given: Record<string, unknown>): { options: RenderOptions; maxPixels: number } {
  const d = DEFAULT_RENDER_OPTIONS;
  const optional = <T>(name: string, check: (value: unknown, name: string) => T): T | undefined => (given[name] === undefined ? undefined : check(given[name], name));
  const tile = optional('tile', (v, n) => checkInteger(v, n, ...TILE_RANGE)) ?? d.tile;
  const wall = optional('wall', (v, n) => checkInteger(v, n, ...WALL_RANGE)) ?? d.wall;
  checkWallThinner(tile, wall);
  const options: RenderOptions = {
    tile,
    wall,
    style: optional('style', (v, n) => checkChoice(v, n, STYLES)) ?? d.style,
    paper: optional('paper', (v, n) => checkChoice(v, n, PAPERS)) ?? d.paper,
    fg: optional('fg', colorValue) ?? d.fg,
    bg: optional('bg', colorValue) ?? d.bg,
    theme: optional('theme', (v, n) => checkChoice(v, n, THEME_NAMES)) ?? d.theme,
    pathColor: optional('pathColor', colorValue) ?? d.pathColor,
    color: optional('color', checkBoolean) ? 3 : 0,
    ...(optional('distances', checkBoolean) === true ? { distances: true } : {}),
  };
  const fab = fabOptionsFrom((name) => given[name]);
  if (fab !== undefined) options.fab = fab;
  const maxPixels = optional('maxPixels', (v, n) => checkInteger(v, n, 1, Number.MAX_SAFE_INTEGER)) ?? MAX_PIXELS;
  return { options, maxPixels };
}

/** `maxCells` of solve and stats: the solve size limit, raised. */
export function maxCellsFrom(given: Record<string, unknown>): number {
  return given.maxCells === undefined ? MAX_SOLVE_CELLS : checkInteger(given.maxCells, 'maxCells', 1, MAX_CELLS);
}
