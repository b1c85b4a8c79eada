/**
 * What a maze is asked for, read out of option values: the algorithm, the
 * size, the algorithm's own options, the solution's ends, and how to draw
 * it. The command line hands over yargs' parsed arguments, the library its
 * caller's object; both go through these readers, so the same values give
 * the same maze and the same messages. Nothing here touches a file, a
 * stream or yargs.
 */
import { algorithms, DEFAULT_ALGORITHM, findAlgorithm } from './algorithms/index.js';
import type { Algorithm, Size } from './algorithms/types.js';
import { didYouMean, listChoices, UsageError } from './errors.js';
import type { RenderOptions } from './formats/types.js';
import { THEME_NAMES } from './formats/theme.js';
import { DEFAULT_RENDER_OPTIONS } from './formats/types.js';
import type { Maze, Point } from './model/maze.js';
import { braid } from './model/braid.js';
import type { EndMode } from './model/ends.js';
import { cornerEnds, END_MODES, endsSeed, openBorder, pickEnds } from './model/ends.js';
import { MAX_CELLS, parseColor } from './model/maze.js';
import type { MazeRows } from './model/rows.js';
import { streamedRows } from './model/rows.js';
import { solveMaze } from './model/solve.js';
import { checkCellInGrid, parseCell, parseChoice, parseInteger, recordValue } from './options.js';
import type { Meter } from './tick.js';
import { metered, SILENT_METER } from './tick.js';
import { Rng } from './rng.js';

/** Option values by name without the dashes: text as typed (yargs), or the library's numbers, booleans and cells. */
export type OptionValues = Record<string, unknown>;

export const DEFAULT_WIDTH = 30;
export const DEFAULT_HEIGHT = 20;

/**
 * An option's value as the text a user would type (the last one when
 * repeated), or undefined. A number is its decimal text and a cell [x, y]
 * is `x,y`, so that the library's values meet the command line's parsers.
 */
export function text(values: OptionValues, name: string): string | undefined {
  const value = values[name];
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) {
    // yargs gives a repeated flag as a list of texts; the library gives a cell as [x, y]
    if (value.length === 2 && value.every((v) => typeof v === 'number')) return value.join(',');
    return String(value[value.length - 1]);
  }
  return String(value);
}

/** Tallest maze that streams: any height a number counts exactly. */
const MAX_HEIGHT = Number.MAX_SAFE_INTEGER;

/** No reason given: the maze is simply made whole (the library's generate). */
const WHOLE = '';

/**
 * `w` and `h`. A maze over MAX_CELLS is refused, saying why it must be held
 * whole (`whole`: "kruskal needs"), unless it streams (`whole` null): then
 * only its width is held, and its height has no limit.
 */
export function readSize(values: OptionValues, whole: string | null = WHOLE): Size {
  const width = parseInteger(text(values, 'w') ?? String(DEFAULT_WIDTH), '--w', 1, MAX_CELLS);
  const height = parseInteger(text(values, 'h') ?? String(DEFAULT_HEIGHT), '--h', 1, MAX_HEIGHT);
  if (width * height > MAX_CELLS && whole !== null) {
    throw new UsageError(
      `${width} × ${height} is ${width * height} cells, over the limit of ${MAX_CELLS} for a maze held whole in memory${whole === WHOLE ? '' : `, which ${whole}`}; make --w or --h smaller`,
    );
  }
  return { width, height };
}

/** The algorithm named by `algo`, or a UsageError listing them. */
export function readAlgorithm(values: OptionValues): Algorithm {
  const algoName = text(values, 'algo') ?? DEFAULT_ALGORITHM;
  const algorithm = findAlgorithm(algoName);
  if (!algorithm) {
    const names = algorithms.map((a) => a.name);
    throw new UsageError(`unknown algorithm '${algoName}'; the algorithms are ${listChoices(names)}${didYouMean(algoName, names)}`);
  }
  return algorithm;
}

/** Option names every algorithm contributes, with the algorithms that take each. */
export function algorithmFlags(): Map<string, Algorithm[]> {
  const flags = new Map<string, Algorithm[]>();
  for (const algorithm of algorithms) {
    for (const name of Object.keys(algorithm.options)) {
      flags.set(name, [...(flags.get(name) ?? []), algorithm]);
    }
  }
  return flags;
}

/** Parse the chosen algorithm's own options; an option of another algorithm is an error. */
export function readAlgorithmOptions(algorithm: Algorithm, values: OptionValues): { options: Record<string, unknown>; record: Record<string, string | number> } {
  for (const [flag, owners] of algorithmFlags()) {
    if (!owners.includes(algorithm) && values[flag] !== undefined) {
      throw new UsageError(`--${flag} applies to ${listChoices(owners.map((a) => a.name))}, not to ${algorithm.name}`);
    }
  }
  const options: Record<string, unknown> = {};
  const record: Record<string, string | number> = {};
  for (const [flag, spec] of Object.entries(algorithm.options)) {
    const raw = text(values, flag) ?? spec.default;
    options[flag] = spec.parse(raw, `--${flag}`);
    record[flag] = recordValue(options[flag], raw);
  }
  return { options, record };
}

/** `from` or `to` as a cell of a width × height grid, or null when not given. */
export function readCell(values: OptionValues, name: 'from' | 'to', width: number, height: number): Point | null {
  const raw = text(values, name);
  if (raw === undefined) return null;
  const cell = parseCell(raw, `--${name}`);
  checkCellInGrid(cell, `--${name}`, width, height);
  return cell;
}

/** `ends` as a mode (corners, farthest, random), or null when not given. */
export function readEndMode(values: OptionValues): EndMode | null {
  const raw = text(values, 'ends');
  return raw === undefined ? null : parseChoice(raw, '--ends', END_MODES);
}

/**
 * The maze's start and end as asked: `from` and `to`, else what `ends`
 * picks (random from the maze's own seed, see `endsSeed`), else what the
 * maze stores; null where none of them says.
 */
export function readEnds(values: OptionValues, maze: Maze): { start: Point | null; end: Point | null } {
  const mode = readEndMode(values);
  const picked = mode === null ? null : pickEnds(maze, mode, new Rng(endsSeed(maze.info?.seed)));
  return {
    start: readCell(values, 'from', maze.width, maze.height) ?? picked?.start ?? maze.start,
    end: readCell(values, 'to', maze.width, maze.height) ?? picked?.end ?? maze.end,
  };
}

/** The solution's ends: `readEnds`, else the maze's top-left and bottom-right cells. */
export function endpoints(values: OptionValues, maze: Maze): { start: Point; end: Point } {
  const corners = cornerEnds(maze);
  const ends = readEnds(values, maze);
  return { start: ends.start ?? corners.start, end: ends.end ?? corners.end };
}

/** `braid`: a share from 0 to 1, as a decimal number. */
export function readBraid(values: OptionValues): number {
  const raw = text(values, 'braid') ?? '0';
  const share = /^\s*(\d+(\.\d*)?|\.\d+)\s*$/.test(raw) ? Number(raw) : NaN;
  if (!(share >= 0 && share <= 1)) throw new UsageError(`--braid must be a share from 0 to 1 (such as 0.5), got '${raw}'`);
  return share;
}

/** How to draw: tile, wall, style, colors and theme (the ANSI level is the caller's: it depends on where the text goes). */
export function readRenderOptions(values: OptionValues): RenderOptions {
  const defaults = DEFAULT_RENDER_OPTIONS;
  const style = parseChoice(text(values, 'style') ?? defaults.style, '--style', ['ascii', 'unicode', 'compact'] as const);
  const tile = parseInteger(text(values, 'tile') ?? String(defaults.tile), '--tile', 2, 1000);
  const wall = parseInteger(text(values, 'wall') ?? String(defaults.wall), '--wall', 1, 999);
  if (wall >= tile) throw new UsageError(`--wall ${wall} must be less than --tile ${tile}`);
  const color = (name: string): number | null => {
    const raw = text(values, name);
    if (raw === undefined) return null;
    const rgb = parseColor(raw);
    if (rgb === null) throw new UsageError(`--${name} must be a color like #a03c5f, got '${raw}'`);
    return rgb;
  };
  const paper = parseChoice(text(values, 'paper') ?? defaults.paper, '--paper', ['a4', 'letter'] as const);
  const themeName = text(values, 'theme');
  const theme = themeName === undefined ? defaults.theme : parseChoice(themeName, '--theme', THEME_NAMES);
  return { tile, wall, style, paper, fg: color('fg'), bg: color('bg') ?? defaults.bg, theme, pathColor: color('path-color') ?? defaults.pathColor, color: 0 };
}

/** A checked request for one maze (or a batch of them, one per seed). */
export interface MazeRequest {
  algorithm: Algorithm;
  size: Size;
  /** The algorithm's options, parsed. */
  options: Record<string, unknown>;
  /** The same, as recorded in JSON `options`. */
  record: Record<string, string | number>;
  from: Point | null;
  to: Point | null;
  solve: boolean;
  /** The share of dead ends `braid` removes (0: none, and no draws). */
  braid: number;
  /** Open the border beside the start and the end. */
  openings: boolean;
  /** Made row by row and written as it comes (streamedMaze), never whole. */
  streams: boolean;
}

/**
 * The options `readMazeRequest` reads besides the algorithms' own, by their
 * command-line names. The library accepts exactly these (and `seed`), so an
 * option added here reaches `generate` too.
 */
export const REQUEST_OPTIONS: readonly string[] = ['algo', 'w', 'h', 'ends', 'from', 'to', 'braid', 'openings', 'solve'];

/** Read and check everything a maze needs, before any work: a bad value is a UsageError. */
export function readMazeRequest(values: OptionValues, whole: (algorithm: Algorithm) => string | null = () => WHOLE): MazeRequest {
  const algorithm = readAlgorithm(values);
  const reason = whole(algorithm); // null: it may stream, at any size
  const size = readSize(values, reason);
  const { options, record } = readAlgorithmOptions(algorithm, values);
  algorithm.validate?.(size, options);
  const from = readCell(values, 'from', size.width, size.height);
  const to = readCell(values, 'to', size.width, size.height);
  const share = readBraid(values);
  const openings = values.openings === true;
  // Recorded besides the algorithm's own options, so that the command a
  // picture's caption prints makes the same maze: braid only when it
  // changes something, --from and --to only when openings make them part
  // of the walls (the JSON stores the ends themselves as start and end).
  if (share > 0) record.braid = share;
  const mode = readEndMode(values);
  if (mode !== null && algorithm.ownEnds) {
    // its locks are laid out from entrance to exit: other ends could skip a key or need one beyond reach
    throw new UsageError(`--ends does not apply to ${algorithm.name}: its mazes keep their own entrance (top left) and exit (bottom right)`);
  }
  if (mode !== null) record.ends = mode;
  if (openings && from) record.from = from.join(',');
  if (openings && to) record.to = to.join(',');
  if (openings) record.openings = 'yes';
  return { algorithm, size, options, record, from, to, solve: values.solve === true, braid: share, openings, streams: reason === null };
}

/** The rows of a streaming request's maze for one seed (its algorithm's `rows`): the walls `makeMaze` would give. */
export function streamedMaze(request: MazeRequest, seed: string): MazeRows {
  const { algorithm, size, options, record } = request;
  const info = { algorithm: algorithm.name, seed, options: record };
  return streamedRows(size.width, size.height, info, () => algorithm.rows!(size, options, new Rng(seed)));
}

/**
 * The maze of a request for one seed: the same request and seed give the
 * same maze. `meter` shows the long phases (generating, solving) as they go.
 */
export function makeMaze(request: MazeRequest, seed: string, meter: Meter = SILENT_METER): Maze {
  const { algorithm, size, options, record } = request;
  const rng = new Rng(seed);
  const cells = size.width * size.height;
  const maze = metered(meter, cells, 'cells generated', (tick) => algorithm.generate(size, options, rng, tick));
  maze.info = { algorithm: algorithm.name, seed, options: record };
  // After the algorithm: braid, then the ends (farthest is measured on the
  // braided maze), then the openings beside them, then the solution.
  // `ends`, `from` and `to` only name the ends (stored in JSON); `solve` finds the path.
  braid(maze, request.braid, rng);
  const corners = cornerEnds(maze);
  const ends = readEnds({ ends: record.ends, from: request.from ?? undefined, to: request.to ?? undefined }, maze);
  maze.start = ends.start;
  maze.end = ends.end;
  if (request.openings) {
    maze.start ??= corners.start;
    maze.end ??= corners.end;
    openBorder(maze);
  }
  if (request.solve) metered(meter, cells, 'cells searched', (tick) => solveMaze(maze, maze.start ?? corners.start, maze.end ?? corners.end, tick));
  return maze;
}
