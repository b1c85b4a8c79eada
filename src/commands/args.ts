/**
 * Reading checked values out of parsed arguments: the options several
 * commands share (output, rendering, the solution's ends).
 */
import type { Argv } from 'yargs';
import { listChoices, UsageError } from '../errors.js';
import { styleWidth } from '../formats/ascii.js';
import { formats } from '../formats/index.js';
import { THEME_NAMES, THEMES } from '../formats/theme.js';
import type { RenderOptions } from '../formats/types.js';
import { DEFAULT_RENDER_OPTIONS } from '../formats/types.js';
import { formatColor } from '../model/maze.js';
import { parseChoice, parseInteger } from '../options.js';
import { text } from '../request.js';
import type { Args, Io } from './types.js';

// The readers live with the library's (../request.ts): one parser for both.
export { endpoints, readCell, readEndMode, readEnds, readRenderOptions, text } from '../request.js';

export function outputOptions(y: Argv): Argv {
  const extensions = formats.flatMap((f) => f.extensions).join(', ');
  return y
    .option('o', { alias: 'output', type: 'string', requiresArg: true, describe: `output file (- for standard output); the format follows its extension (${extensions})`, default: '-' , defaultDescription: 'standard output'})
    .option('format', { alias: 'f', type: 'string', requiresArg: true, describe: `output format: ${formats.map((f) => f.name).join(', ')}`, defaultDescription: 'from the -o extension, else ascii' })
    .option('style', { type: 'string', requiresArg: true, describe: 'ascii style: ascii, unicode (box drawing) or compact (box drawing, two columns a cell)', defaultDescription: 'ascii; on a terminal, the widest that fits' })
    .option('color', { type: 'string', requiresArg: true, describe: 'ascii colors: auto (on a terminal), always or never', default: 'auto' })
    .option('tile', { type: 'string', requiresArg: true, describe: 'cell size in pixels (png, svg)', default: String(DEFAULT_RENDER_OPTIONS.tile) })
    .option('wall', { type: 'string', requiresArg: true, describe: 'wall thickness in pixels, less than --tile (png, svg)', default: String(DEFAULT_RENDER_OPTIONS.wall) })
    .option('fg', { type: 'string', requiresArg: true, describe: 'color of plain walls, #rrggbb', defaultDescription: "the theme's" })
    .option('bg', { type: 'string', requiresArg: true, describe: 'background color, #rrggbb (the pov floor)', defaultDescription: "the theme's" })
    .option('theme', { type: 'string', requiresArg: true, describe: `picture colors: ${listChoices(THEME_NAMES.map((name) => `${name} (${THEMES[name].description})`))}`, defaultDescription: 'dark; pdf: print' })
    .option('paper', { type: 'string', requiresArg: true, describe: 'pdf paper size: a4 or letter', default: DEFAULT_RENDER_OPTIONS.paper })
    .option('path-color', { type: 'string', requiresArg: true, describe: 'color of a drawn solution, #rrggbb (every format)', default: formatColor(DEFAULT_RENDER_OPTIONS.pathColor) })
    .option('max-pixels', { type: 'string', requiresArg: true, describe: 'pixel budget of a picture (png): a larger one is refused', default: String(MAX_PIXELS) })
    .option('quiet', { alias: 'q', type: 'boolean', describe: 'print nothing on standard error but errors' });
}

export const OUTPUT_GROUP = ['o', 'format', 'style', 'color', 'tile', 'wall', 'theme', 'fg', 'bg', 'path-color', 'paper', 'max-pixels'];

/**
 * The default pixel budget of a picture: ten billion pixels, so that a
 * 4000 × 4000 maze at the default --tile 20 (80 002² = 6.4 billion) fits,
 * while a size that would run for hours is refused up front.
 */
export const MAX_PIXELS = 10_000_000_000;

/**
 * Most cells --solve and maze solve take: a path is stored as [x, y] pairs,
 * some 94 bytes a step (measured: 0.9 GB for the 10 000 000-step path of a
 * 1-wide maze), and a path may visit every cell, so 16 000 000 cells (4000 ×
 * 4000) stay within about 1.5 GB.
 */
export const MAX_SOLVE_CELLS = 16_000_000;

export function checkSolvable(width: number, height: number, what: string): void {
  if (width * height > MAX_SOLVE_CELLS) {
    throw new UsageError(`${what} finds paths in mazes of at most ${MAX_SOLVE_CELLS} cells (memory), and ${width} × ${height} is ${width * height}; make the maze smaller`);
  }
}

/** --max-pixels, the pixel budget. */
export function readMaxPixels(args: Args): number {
  return parseInteger(text(args, 'max-pixels') ?? String(MAX_PIXELS), '--max-pixels', 1, Number.MAX_SAFE_INTEGER);
}

/**
 * --ends, --from and --to: the maze's start and end, where a solution runs
 * (not --start, which is backtracker's own). --from and --to set either end
 * and win over --ends; a saved maze may store its ends, which come before
 * the corners. `maze gen`, `solve`, `stats` and `play` all take them, and
 * read them with `readEnds` or `endpoints` (../request.ts).
 */
export function endpointOptions(y: Argv, saved: boolean): Argv {
  const stored = (which: string): string => (saved ? `the maze's ${which}, else ` : '');
  return y
    .option('ends', {
      type: 'string',
      requiresArg: true,
      describe: 'start and end: corners (top left to bottom right), farthest (the ends of the longest path) or random (two border cells, from the seed)',
      defaultDescription: saved ? "the maze's own, else corners" : 'none stored (corners for --solve)',
    })
    .option('from', { type: 'string', requiresArg: true, describe: 'start cell, x,y (0-based); wins over --ends', defaultDescription: `${stored('start')}0,0 (top left)` })
    .option('to', { type: 'string', requiresArg: true, describe: 'end cell, x,y (0-based); wins over --ends', defaultDescription: `${stored('end')}the bottom-right cell` });
}

/**
 * --color: the ANSI level for ASCII output. `always` means the trees' own
 * colors (truecolor) wherever the bytes go; `auto` colors only a terminal,
 * at the level chalk detects for it (NO_COLOR and TERM=dumb turn it off).
 */
export async function colorLevel(args: Args, toStdout: boolean, io: Io): Promise<RenderOptions['color']> {
  const mode = parseChoice(text(args, 'color') ?? 'auto', '--color', ['auto', 'always', 'never'] as const);
  if (mode === 'always') return 3;
  if (mode === 'never') return 0;
  if (!toStdout || io.stdout.isTTY !== true || (process.env.NO_COLOR ?? '') !== '' || process.env.TERM === 'dumb') return 0;
  // chalk measures process.stdout; a terminal it cannot rate still gets the 16 basic colors
  const { supportsColor } = await import('chalk');
  return supportsColor ? supportsColor.level : 1;
}

/**
 * The ASCII style for a maze `width` cells wide: --style when given; on a
 * terminal without it, the widest style that fits the terminal's width
 * (ascii, else compact); in a pipe or a file the default, as always.
 */
export function terminalStyle(args: Args, chosen: RenderOptions['style'], toTerminal: boolean, io: Io, width: number): RenderOptions['style'] {
  if (text(args, 'style') !== undefined || !toTerminal || io.stdout.isTTY !== true) return chosen;
  const columns = io.stdout.columns;
  if (typeof columns !== 'number' || columns <= 0 || styleWidth('ascii', width) <= columns) return chosen;
  return 'compact';
}
