/**
 * The library's functions, over a list of formats given by the entry that
 * exports them: `index.ts` (Node: every format) and `browser.ts` (the
 * formats a browser can run). Every value goes through the command line's
 * own readers (`request.ts`), so `generate` makes the maze `maze gen`
 * makes for the same values, `render` gives the bytes it writes, and a bad
 * value is the same UsageError with the same message.
 */
import { algorithms as registry } from './algorithms/index.js';
import { listChoices, UsageError } from './errors.js';
import { parseMaze } from './formats/json.js';
import type { Chunk, Format } from './formats/types.js';
import type { Maze, Point } from './model/maze.js';
import { farthestEnds as longestEnds } from './model/ends.js';
import { solveMaze } from './model/solve.js';
import type { MazeStats } from './model/stats.js';
import { mazeStats } from './model/stats.js';
import type { OptionValues } from './request.js';
import { endpoints, makeMaze, readMazeRequest, readRenderOptions, REQUEST_OPTIONS } from './request.js';
import { drawSeed } from './rng.js';

export type { Maze, Point } from './model/maze.js';
export type { MazeStats } from './model/stats.js';
export { UsageError } from './errors.js';

/** A cell, as [x, y] (0-based, from the top left) or the command line's text `x,y`. */
export type Cell = Point | string;

/** What `generate` takes: `maze gen`'s options, by their long names. */
export interface GenerateOptions {
  /** The algorithm's name (`maze list`); default `trees`. */
  algorithm?: string;
  /** Width in cells; default 30. */
  width?: number | string;
  /** Height in cells; default 20. */
  height?: number | string;
  /** An integer or any text: the same seed gives the same maze. Drawn at random when absent (the maze records it in `info.seed`). */
  seed?: number | string;
  /** The ends stored with the maze: `corners`, `farthest` or `random` (`--ends`), or either cell (`--from`, `--to`, which win). */
  ends?: string;
  from?: Cell;
  to?: Cell;
  /** The share of dead ends removed, 0 to 1 (`--braid`); default 0. */
  braid?: number | string;
  /** Open the border beside the start and the end (`--openings`). */
  openings?: boolean;
  /** Find the shortest path from `from` to `to` (default: the corners) and store it (`--solve`). */
  solve?: boolean;
  /** The algorithm's own options, as `maze gen --help` lists them: `trunks`, `islands`, `start`, `bias`, … */
  [option: string]: unknown;
}

/** What `render` takes: `maze gen`'s output options. */
export interface RenderOptions {
  /** Cell size in pixels (png, svg); default 20. */
  tile?: number | string;
  /** Wall thickness in pixels, less than `tile`; default 2. */
  wall?: number | string;
  /** ASCII style: `ascii` or `unicode`. */
  style?: string;
  /** Colors, `#rrggbb`: plain walls, the background, a drawn solution; fg and bg win over the theme. */
  fg?: string;
  bg?: string;
  /** Pictures' colors: `dark` (default; pdf: `print`), `light`, `print` or `labyrinthe`. */
  theme?: string;
  pathColor?: string;
  /** PDF paper: `a4` (default) or `letter`. */
  paper?: string;
  /** ASCII with the trees' colors as ANSI escapes (`--color always`); default false. */
  color?: boolean;
}

/** Where a solution runs, or the stats measure it: default the maze's own ends, else the corners. */
export interface EndsOptions {
  /** `corners`, `farthest` or `random` (`--ends`); `from` and `to` win. */
  ends?: string;
  from?: Cell;
  to?: Cell;
}

/** An algorithm as `maze list` shows it, with its own options and their defaults as typed. */
export interface AlgorithmInfo {
  name: string;
  description: string;
  options: Readonly<Record<string, { describe: string; default: string }>>;
}

/** A format as `maze list` shows it. */
export interface FormatInfo {
  name: string;
  description: string;
  extensions: readonly string[];
  /** Bytes, not text. */
  binary: boolean;
}

export const algorithms: readonly AlgorithmInfo[] = Object.freeze(
  registry.map((a) => ({
    name: a.name,
    description: a.description,
    options: Object.fromEntries(Object.entries(a.options).map(([flag, spec]) => [flag, { describe: spec.describe, default: spec.default }])),
  })),
);

export function formatList(formats: readonly Format[]): readonly FormatInfo[] {
  return Object.freeze(formats.map(({ name, description, extensions, binary }) => ({ name, description, extensions, binary })));
}

/** Library names to the command line's option names, where they differ. */
const GENERATE_NAMES: Readonly<Record<string, string>> = { algorithm: 'algo', width: 'w', height: 'h' };
const RENDER_NAMES: Readonly<Record<string, string>> = { pathColor: 'path-color' };

/** The command line's option values for the library's, refusing a name neither knows. */
function optionValues(given: object, names: Readonly<Record<string, string>>, known: readonly string[], what: string): OptionValues {
  const values: OptionValues = {};
  for (const [name, value] of Object.entries(given)) {
    if (value === undefined) continue;
    if (!known.includes(name)) throw new UsageError(`unknown ${what} option '${name}'; the options are ${listChoices(known)}`);
    values[names[name] ?? name] = value;
  }
  return values;
}

/** A new maze: the one `maze gen` makes for the same options and seed. */
export function generate(options: GenerateOptions = {}): Maze {
  const own = [...new Set(registry.flatMap((a) => Object.keys(a.options)))];
  const libraryName = Object.fromEntries(Object.entries(GENERATE_NAMES).map(([name, flag]) => [flag, name]));
  const known = [...REQUEST_OPTIONS.map((flag) => libraryName[flag] ?? flag), 'seed', ...own];
  const values = optionValues(options, GENERATE_NAMES, known, 'generate');
  const request = readMazeRequest(values);
  const seed = values.seed === undefined ? drawSeed() : String(values.seed);
  if (seed.trim() === '') throw new UsageError('--seed needs a value: an integer or any text, such as --seed 7');
  return makeMaze(request, seed);
}

function renderPlan(formats: readonly Format[], maze: Maze, formatName: string, options: RenderOptions): { format: Format; chunks: Iterable<Chunk> | AsyncIterable<Chunk> } {
  const format = formats.find((f) => f.name === formatName);
  if (!format) throw new UsageError(`unknown format '${formatName}'; the formats are ${listChoices(formats.map((f) => f.name))}`);
  const known = ['tile', 'wall', 'style', 'fg', 'bg', 'theme', 'pathColor', 'color', 'paper'];
  const values = optionValues(options, RENDER_NAMES, known, 'render');
  const renderOptions = readRenderOptions(values);
  if (values.color === true) renderOptions.color = 3;
  format.checkSize?.(maze.width, maze.height, renderOptions);
  return { format, chunks: format.render(maze, renderOptions) };
}

/** The output of `format` in pieces, as they are made: a big picture never has to be held whole. */
export async function* renderChunksWith(formats: readonly Format[], maze: Maze, formatName: string, options: RenderOptions = {}): AsyncGenerator<Uint8Array> {
  const { chunks } = renderPlan(formats, maze, formatName, options);
  const encoder = new TextEncoder();
  for await (const chunk of chunks) yield typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
}

/** The whole output of `format`, the bytes `maze gen` would write. */
export async function renderWith(formats: readonly Format[], maze: Maze, formatName: string, options: RenderOptions = {}): Promise<Uint8Array> {
  // checked before the first await, so that a bad value rejects at once
  const { chunks } = renderPlan(formats, maze, formatName, options);
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of chunks) {
    const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
    parts.push(bytes);
    length += bytes.length;
  }
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function endValues(options: EndsOptions): OptionValues {
  return optionValues(options, {}, ['ends', 'from', 'to'], 'ends');
}

/**
 * The shortest path from `from` to `to` (default: the maze's own ends, else
 * the corners), as `maze solve` finds it; like `maze solve` it is stored in
 * the maze (start, end, solution), so that `render` draws it.
 */
export function solve(maze: Maze, options: EndsOptions = {}): Point[] {
  const { start, end } = endpoints(endValues(options), maze);
  solveMaze(maze, start, end);
  return maze.solution!;
}

/** What `maze stats --json` prints: dead ends, junctions, loops, solution length, longest path. */
export function stats(maze: Maze, options: EndsOptions = {}): MazeStats {
  const { start, end } = endpoints(endValues(options), maze);
  return mazeStats(maze, start, end);
}

/** A maze saved as JSON (`maze gen -o m.json`), checked as `maze render` checks it. */
export function parse(jsonText: string, source = 'input'): Maze {
  return parseMaze(jsonText, source);
}

/**
 * The start and end the web generator of Miklix's page suggests (seed 002):
 * the two ends of the longest path, found by a double sweep (a search from
 * the top-left cell ends on a farthest cell, a second search from there on
 * the other end), exact on a perfect maze. It only names them: set them as
 * the maze's ends with `solve(maze, farthestEnds(maze))`.
 */
export function farthestEnds(maze: Maze): { from: Point; to: Point } {
  // the double sweep of `--ends farthest` and of `maze stats`' longest path
  const { start, end } = longestEnds(maze);
  return { from: start, to: end };
}
