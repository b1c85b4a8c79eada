/**
 * Reading checked values out of parsed arguments: the options several
 * commands share (output, rendering, the solution's ends).
 */
import type { Argv } from 'yargs';
import { DEFAULT_ALGORITHM } from '../../algorithms/index.js';
import type { Algorithm } from '../../algorithms/types.js';
import { listChoices, MazeError, UsageError } from '../../errors.js';
import { styleWidth } from '../../formats/ascii.js';
import { formats } from '../../formats/index.js';
import { THEME_NAMES, THEMES } from '../../formats/theme.js';
import type { RenderOptions } from '../../formats/types.js';
import { DEFAULT_RENDER_OPTIONS } from '../../formats/types.js';
import { FAB_DEFAULTS, fabOptionsFrom } from '../../formats/fabrication.js';
import type { Point } from '../../model/maze.js';
import { MAX_CELLS, formatColor } from '../../model/maze.js';
import type { EndMode } from '../../passages/ends.js';
import { END_MODES } from '../../passages/ends.js';
import { parseCell, parseChoice, parseInteger } from '../../model/options.js';
import { SOLVE_METHODS, solveForSpec } from '../../solvers/index.js';
import type { SolveMethod } from '../../solvers/index.js';
import { registerMethodSolver } from '../../lib/spec.js';
import { enableDifficulty } from '../../lib/difficulty.js';
import { checkPixelBudget, checkSolveSize, checkWallThinner, colorValue, MAX_PIXELS, MAX_SOLVE_CELLS, PAPERS, STYLES, TILE_RANGE, WALL_RANGE } from '../../formats/render-options.js';
import type { MazeSpec } from '../../lib/spec.js';
import { algorithmNamed, algorithmOptionOwners, checkDifficulty, checkDifficultyAlone, checkOwnOptions, checkSpec, DEFAULT_HEIGHT, DEFAULT_WIDTH, MAX_HEIGHT, DEFAULT_SHAPE_ALGORITHM, topologyFields, wholeAsNone, withShape } from '../../lib/spec.js';
import { SHAPE_NAMES } from '../../grid/shape.js';
import { MAX_LEVELS, WRAPS } from '../../grid/topology.js';
import type { ShapeName } from '../../grid/shape.js';
import { GraphMaze, makeShape, shapeMaskCells, shapeSizeForMask } from '../../grid/graph-maze.js';
import type { AnyMaze } from '../../passages/view.js';
import { MASK_REGIONS, shapeMask } from '../../model/mask.js';
import type { LoadedMask } from './mask-file.js';
import { MAX_MASK_FILE_BYTES, MAX_MASK_PIXELS } from './mask-file.js';
import type { Args, Io } from './types.js';

export { MAX_PIXELS, MAX_SOLVE_CELLS } from '../../formats/render-options.js';

/**
 * The library's option names and the command line's flags, where they
 * differ: the one table between the two. Every other option is its name
 * with two dashes (`trunks`, `--trunks`).
 */
const FLAGS: Readonly<Record<string, string>> = {
  algorithm: 'algo', width: 'w', height: 'h', pathColor: 'path-color', maxPixels: 'max-pixels', povMaze: 'pov-maze', maxCells: 'max-cells', maskInvert: 'mask-invert', maskRegions: 'mask-regions',
  cellMm: 'cell-mm', wallMm: 'wall-mm', heightMm: 'height-mm', baseMm: 'base-mm', marginMm: 'margin-mm',
  perPage: 'per-page', answersPerPage: 'answers-per-page',
};

/** The flag of a library option name: `width` is `--w`. */
export function flagOf(name: string): string {
  return `--${Object.hasOwn(FLAGS, name) ? FLAGS[name] : name}`;
}

/**
 * An option's value as typed (the last one when repeated), or undefined;
 * `flag` without dashes (`w`).
 */
export function flagText(args: Args, flag: string): string | undefined {
  const value = args[flag];
  if (value === undefined || value === null) return undefined;
  // yargs gives a repeated flag as a list of texts
  if (Array.isArray(value)) return String(value[value.length - 1]);
  return String(value);
}

/** An option's text by its library name (`width` reads --w). */
function named(args: Args, name: string): string | undefined {
  return flagText(args, flagOf(name).slice(2));
}

/**
 * The maze spec of a command line: every value parsed from its text, then
 * checked as the library's are (checkSpec). `whole` says why this run
 * needs the maze whole (a maze over the memory limit is refused with it),
 * or null when its rows stream.
 */
export function specFromArgs(args: Args, whole: (spec: MazeSpec) => string | null = () => '', mask: LoadedMask | null = null): MazeSpec {
  const shape = parseChoice(named(args, 'shape') ?? 'square', 'shape', SHAPE_NAMES);
  const difficultyText = named(args, 'difficulty');
  const difficulty = difficultyText === undefined ? null : checkDifficulty(difficultyText, 'difficulty');
  if (difficulty !== null) checkDifficultyAlone((name) => named(args, name) !== undefined);
  const topology = topologyFields(
    named(args, 'wrap') === undefined ? null : parseChoice(named(args, 'wrap')!, 'wrap', WRAPS),
    named(args, 'levels') === undefined ? null : parseInteger(named(args, 'levels')!, 'levels', 1, MAX_LEVELS),
    named(args, 'weave') === undefined ? null : parseShare(named(args, 'weave')!, 'weave'),
  );
  // the default (trees) grows the plain square only: a topology is carved through the grid
  const plain = shape === 'square' && Object.keys(topology).length === 0;
  const algorithm: Algorithm = algorithmNamed(difficulty !== null ? 'growing-tree' : named(args, 'algorithm') ?? (plain ? DEFAULT_ALGORITHM : DEFAULT_SHAPE_ALGORITHM));
  checkOwnOptions(algorithm, (name) => args[name] !== undefined);
  const own: Record<string, unknown> = {};
  for (const [name, option] of Object.entries(algorithm.options)) own[name] = option.parse(named(args, name) ?? option.default, name);
  const spec = {
    algorithm: algorithm.name,
    options: own,
    ...sizeFromArgs(args, mask, shape),
    ...endsFromArgs(args),
    braid: parseShare(named(args, 'braid') ?? '0', 'braid'),
    openings: args.openings === true,
    solve: solveFromArgs(args.solve),
    ...(difficulty === null ? {} : { difficulty }),
    ...topology,
  } as MazeSpec;
  const shaped = withShape(spec, shape, args.h !== undefined);
  checkSpec(shaped, whole(shaped));
  return shaped;
}

/**
 * --w and --h, and the mask read from --mask (loaded by the caller: a
 * file is read before the spec is made) fitted to them: --mask-invert,
 * --mask-regions. Without a mask those two are refused rather than ignored.
 */
function sizeFromArgs(args: Args, loaded: LoadedMask | null, shape: ShapeName): Pick<MazeSpec, 'width' | 'height' | 'mask'> {
  const width = named(args, 'width');
  const height = named(args, 'height');
  const w = width === undefined ? null : parseInteger(width, 'width', 1, MAX_CELLS);
  const h = height === undefined ? null : parseInteger(height, 'height', 1, MAX_HEIGHT);
  const shaping = maskShaping(args, loaded !== null);
  if (loaded === null) return { width: w ?? DEFAULT_WIDTH, height: h ?? DEFAULT_HEIGHT, mask: null };
  const { invert, regions: mode } = shaping!;
  if (shape !== 'square') {
    // laid over the picture (SPEC "Grid shapes"): the size keeps the mask's aspect, the grid's own neighbours count its regions
    const size = shapeSizeForMask(shape, loaded.mask.width, loaded.mask.height, w, h);
    // the mask stays at its own size: each cell reads the pixel under its centre (nearest neighbour, as the square's scaling)
    const mask = shapeMask(loaded.mask, { width: loaded.mask.width, height: loaded.mask.height, invert, regions: mode, source: loaded.source, tell: loaded.tell, onShape: true });
    // what largest dropped or join added is said, as on the square grid (the parts are the shape's)
    if (mode !== 'one' && loaded.tell) shapeMaskCells(makeShape(shape, size.width, size.height), mask, (note) => loaded.tell!(`${loaded.source}: ${note}`));
    return { ...size, mask: wholeAsNone(mask) };
  }
  const mask = shapeMask(loaded.mask, { width: w, height: h, invert, regions: mode, source: loaded.source, tell: loaded.tell });
  return { width: mask.width, height: mask.height, mask: wholeAsNone(mask) };
}

/**
 * --mask-invert and --mask-regions (gen, play, count, book): how a mask is
 * fitted, or null with no mask, where either is refused rather than
 * ignored.
 */
export function maskShaping(args: Args, masked: boolean): { invert: boolean; regions: (typeof MASK_REGIONS)[number] } | null {
  const regions = named(args, 'maskRegions');
  const invert = args['mask-invert'] === true;
  if (!masked) {
    const stray = invert ? '--mask-invert' : regions !== undefined ? '--mask-regions' : null;
    if (stray !== null) throw new UsageError(`${stray} applies to a mask: give --mask FILE too`);
    return null;
  }
  return { invert, regions: regions === undefined ? 'one' : parseChoice(regions, 'maskRegions', MASK_REGIONS) };
}

/** Options of mask files (--mask and its two companions), for gen and play. */
export function maskOptions(y: Argv): Argv {
  return y
    .option('mask', {
      type: 'string',
      requiresArg: true,
      describe: `the maze's outline: a text file (X or # outside, any other character a cell; one line a row) or a PNG (- reads standard input) (dark or transparent pixels outside); one character or pixel a cell, scaled to --w and --h when given (at most ${MAX_MASK_FILE_BYTES / 2 ** 20} MiB, a PNG at most ${MAX_MASK_PIXELS} pixels)`,
      group: 'Mask:',
    })
    .option('mask-invert', { type: 'boolean', describe: 'swap the cells in and out of the mask', group: 'Mask:' })
    .option('mask-regions', { type: 'string', requiresArg: true, describe: 'a mask in several parts: one (refuse it), largest (keep the largest) or join (join them all by the fewest cells; for a word); what it did is said on stderr', defaultDescription: 'one', group: 'Mask:' });
}

/**
 * A yargs option that takes a number: typed as nothing, so that --help
 * shows `[default: 30]`, not `[string] [default: "30"]` (the parser keeps
 * every value as its text, PARSER_CONFIGURATION; the command checks it).
 */
export function numberOption(describe: string, shown: number | string): { requiresArg: true; describe: string; defaultDescription: string } {
  return { requiresArg: true, describe, defaultDescription: String(shown) };
}

/** The widest a help line's example may be: yargs' 80-column layout, less its indent. */
export const EXAMPLE_WIDTH = 76;

/**
 * A command's examples, each on one line that fits 80 columns: the command,
 * then what it does as a shell comment (yargs' two columns would break a
 * long command in the middle).
 */
export function examples(y: Argv, list: readonly (readonly [string, string])[]): Argv {
  const shown = (command: string): number => command.replaceAll('$0', 'maze').length;
  const width = Math.max(...list.map(([command]) => shown(command)));
  // the comments line up when they all fit so; else each follows its command
  const aligned = list.every(([, what]) => width + 4 + what.length <= EXAMPLE_WIDTH);
  for (const [command, what] of list) {
    const pad = aligned ? width - shown(command) : 0;
    y = y.example(`${command}${' '.repeat(pad)}  # ${what}`, '');
  }
  return y;
}

/** --ends, --from and --to as typed values (not yet held to a grid). */
export function endsFromArgs(args: Args): { ends: EndMode | null; from: Point | null; to: Point | null } {
  const ends = named(args, 'ends');
  const from = named(args, 'from');
  const to = named(args, 'to');
  return {
    ends: ends === undefined ? null : parseChoice(ends, 'ends', END_MODES),
    from: from === undefined ? null : parseCell(from, 'from'),
    to: to === undefined ? null : parseCell(to, 'to'),
  };
}

/** A share from 0 to 1, as a decimal number (--braid). */
function parseShare(raw: string, name: string): number {
  const share = /^\s*(\d+(\.\d*)?|\.\d+)\s*$/.test(raw) ? Number(raw) : NaN;
  if (!(share >= 0 && share <= 1)) {
    throw new MazeError((n) => `${n(name)} must be a share from 0 to 1 (such as 0.5), got '${raw}'`, { code: 'invalid-value', option: name });
  }
  return share;
}

/** How to draw: tile, wall, style and colors (the ANSI level is the caller's: it depends on where the text goes). */
export function readRenderOptions(args: Args): RenderOptions {
  const d = DEFAULT_RENDER_OPTIONS;
  const tile = parseInteger(named(args, 'tile') ?? String(d.tile), 'tile', ...TILE_RANGE);
  const wall = parseInteger(named(args, 'wall') ?? String(d.wall), 'wall', ...WALL_RANGE);
  checkWallThinner(tile, wall);
  const color = (name: string): number | null => {
    const raw = named(args, name);
    return raw === undefined ? null : colorValue(raw, name);
  };
  return {
    tile,
    wall,
    style: parseChoice(named(args, 'style') ?? d.style, 'style', STYLES),
    paper: parseChoice(named(args, 'paper') ?? d.paper, 'paper', PAPERS),
    fg: color('fg'),
    bg: color('bg') ?? d.bg,
    theme: named(args, 'theme') === undefined ? d.theme : parseChoice(named(args, 'theme')!, 'theme', THEME_NAMES),
    pathColor: color('pathColor') ?? d.pathColor,
    color: 0,
    ...fabFromArgs(args),
    ...(args.distances === true ? { distances: true } : {}),
  };
}

/** --cell-mm and the other lengths of the made things (STL, 3MF, DXF, laser and plotter SVG), when any is given. */
function fabFromArgs(args: Args): Pick<RenderOptions, 'fab'> {
  const fab = fabOptionsFrom((name) => named(args, name));
  return fab === undefined ? {} : { fab };
}

export function outputOptions(y: Argv): Argv {
  const extensions = formats.flatMap((f) => f.extensions).join(', ');
  return y
    .option('o', { alias: 'output', type: 'string', requiresArg: true, describe: `output file (- for standard output); the format follows its extension (${extensions})`, defaultDescription: 'standard output' })
    .option('format', { alias: 'f', type: 'string', requiresArg: true, describe: `output format: ${formats.map((f) => f.name).join(', ')}`, defaultDescription: 'from the -o extension, else ascii' })
    .option('style', { type: 'string', requiresArg: true, describe: 'ascii style: ascii, unicode (box drawing) or compact (box drawing, two columns a cell)', defaultDescription: 'ascii; on a terminal, the widest that fits' })
    .option('color', { type: 'string', requiresArg: true, describe: 'ascii colors: auto (on a terminal), always or never', defaultDescription: 'auto' })
    .option('tile', numberOption('cell size in pixels (png, svg, pdf)', DEFAULT_RENDER_OPTIONS.tile))
    .option('wall', numberOption('wall thickness in pixels, less than --tile (png, svg, pdf)', DEFAULT_RENDER_OPTIONS.wall))
    .option('fg', { type: 'string', requiresArg: true, describe: 'color of plain walls, #rrggbb (ascii with --color)', defaultDescription: "the theme's" })
    .option('bg', { type: 'string', requiresArg: true, describe: 'background color, #rrggbb (the pov floor)', defaultDescription: "the theme's" })
    .option('theme', { type: 'string', requiresArg: true, describe: `picture colors: ${listChoices(THEME_NAMES.map((name) => `${name} (${THEMES[name].description})`))}`, defaultDescription: 'dark; pdf: print' })
    .option('paper', { type: 'string', requiresArg: true, describe: 'pdf paper size: a4 or letter', defaultDescription: DEFAULT_RENDER_OPTIONS.paper })
    .option('path-color', { type: 'string', requiresArg: true, describe: 'color of a drawn solution, #rrggbb (ascii, png, svg, pov, pdf)', defaultDescription: formatColor(DEFAULT_RENDER_OPTIONS.pathColor) })
    .option('max-pixels', numberOption('pixel budget of a picture (png): a larger one is refused', MAX_PIXELS))
    .option('cell-mm', numberOption("cell pitch in millimetres, centre to centre; a triangle's side (stl, 3mf, dxf, laser-svg, plot-svg)", FAB_DEFAULTS.cellMm))
    .option('wall-mm', numberOption('printed wall thickness in millimetres, at most a quarter cell (stl, 3mf)', FAB_DEFAULTS.wallMm))
    .option('height-mm', numberOption('printed wall height above the plate, millimetres (stl, 3mf)', FAB_DEFAULTS.heightMm))
    .option('base-mm', numberOption('printed plate thickness, millimetres (stl, 3mf)', FAB_DEFAULTS.baseMm))
    .option('margin-mm', numberOption('a board outline this far around the maze, on its own layer (dxf, laser-svg)', 'none'))
    .option('kerf', numberOption('laser kerf in millimetres: the board outline is cut half of it outside (dxf, laser-svg; needs --margin-mm)', FAB_DEFAULTS.kerf))
    .option('quiet', { alias: 'q', type: 'boolean', describe: 'print nothing on standard error but errors' });
}

export const OUTPUT_GROUP = ['o', 'format', 'style', 'color', 'tile', 'wall', 'theme', 'fg', 'bg', 'path-color', 'paper', 'max-pixels', 'cell-mm', 'wall-mm', 'height-mm', 'base-mm', 'margin-mm', 'kerf'];

export function checkSolvable(width: number, height: number, what: string): void {
  checkSolveSize(width, height, MAX_SOLVE_CELLS, what);
}

/** checkSolvable for a saved maze of either model: a graph maze's cells counted as one row. */
export function checkSavedSolvable(maze: AnyMaze, what: string): void {
  if (maze instanceof GraphMaze) checkSolvable(maze.cellCount, 1, what);
  else checkSolvable(maze.width, maze.height, what);
}

/** --max-pixels, the pixel budget. */
export function readMaxPixels(args: Args): number {
  return parseInteger(named(args, 'maxPixels') ?? String(MAX_PIXELS), 'maxPixels', 1, Number.MAX_SAFE_INTEGER);
}

/** Refuse a picture over the pixel budget (--max-pixels), before the maze is made or read. */
export function checkPictureBudget(pixels: number | undefined, width: number, height: number, options: RenderOptions, args: Args): void {
  checkPixelBudget(pixels, width, height, options.tile, readMaxPixels(args));
}

/** Every algorithm's own flags (--trunks, --zones, …), for gen and play. */
export function algorithmOptions(y: Argv): Argv {
  for (const [flag, owners] of algorithmOptionOwners()) {
    const spec = owners[0]!.options[flag]!;
    y = y.option(flag, {
      // a number shows as one in --help (numberOption); auto, a cell or a word as text
      ...(/^\d+$/.test(spec.default) ? {} : { type: 'string' as const }),
      requiresArg: true,
      describe: `${spec.describe} (${owners.map((a) => a.name).join(', ')})`,
      // shown, not set: a flag the user did not type must stay undefined, so
      // that --start 0,0 given to kruskal is refused like any other value
      defaultDescription: spec.default,
      group: 'Algorithm options:',
    });
  }
  return y;
}

/**
 * --ends, --from and --to: the maze's start and end, where a solution runs
 * (not --start, which is backtracker's own). --from and --to set either end
 * and win over --ends; a saved maze may store its ends, which come before
 * the corners (`saved`: a command that may read one, play too). `maze
 * gen`, `solve`, `stats` and `play` all take them, and read them with
 * `endsFromArgs`; `note` ends each one's description.
 */
export function endpointOptions(y: Argv, saved: boolean, note = ''): Argv {
  const stored = (which: string): string => (saved ? `the maze's ${which}, else ` : '');
  return y
    .option('ends', {
      type: 'string',
      requiresArg: true,
      describe: `start and end: corners (top left to bottom right), farthest (the ends of the longest path) or random (two border cells, from the seed); on a mask, its cells nearest the corners and its rim${note}`,
      defaultDescription: saved ? "the maze's own, else corners" : 'none stored (corners for --solve)',
    })
    .option('from', { type: 'string', requiresArg: true, describe: `start cell, x,y (0-based); wins over --ends${note}`, defaultDescription: `${stored('start')}0,0 (top left)` })
    .option('to', { type: 'string', requiresArg: true, describe: `end cell, x,y (0-based); wins over --ends${note}`, defaultDescription: `${stored('end')}the bottom-right cell` });
}

/**
 * --color: the ANSI level for ASCII output. `always` means the trees' own
 * colors (truecolor) wherever the bytes go; `auto` colors only a terminal,
 * at the level chalk detects for it (NO_COLOR and TERM=dumb turn it off).
 */
export async function colorLevel(args: Args, toStdout: boolean, io: Io): Promise<RenderOptions['color']> {
  const mode = parseChoice(flagText(args, 'color') ?? 'auto', 'color', ['auto', 'always', 'never'] as const);
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
  if (flagText(args, 'style') !== undefined || !toTerminal || io.stdout.isTTY !== true) return chosen;
  const columns = io.stdout.columns;
  if (typeof columns !== 'number' || columns <= 0 || styleWidth('ascii', width) <= columns) return chosen;
  return 'compact';
}

// the command line solves by a method (maze gen --solve M), and scores mazes made to a difficulty (--difficulty): what only generates never loads the solvers
registerMethodSolver(solveForSpec);
enableDifficulty();

/** `--solve` alone (the shortest path), or `--solve M` (a method); absent, false. */
export function solveFromArgs(value: unknown): boolean | SolveMethod {
  if (value === undefined || value === false) return false;
  if (value === true || value === '') return true;
  const method = parseChoice(String(value), 'solve', SOLVE_METHODS);
  return method === 'shortest' ? true : method;
}
