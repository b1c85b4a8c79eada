/**
 * The command line: yargs parses, this module checks every value, then calls
 * a generator and pipes the maze to a serializer. `run` takes the argument
 * list and returns an exit code, so tests call it in-process.
 */
import { readFile } from 'node:fs/promises';
import type { Readable, Writable } from 'node:stream';
import yargs from 'yargs';
import type { Argv } from 'yargs';
import { algorithms, DEFAULT_ALGORITHM, findAlgorithm } from './algorithms/index.js';
import type { Algorithm, Size } from './algorithms/types.js';
import { IoError, listChoices, UsageError } from './errors.js';
import { findFormat, formatForFile, formats } from './formats/index.js';
import { parseMaze } from './formats/json.js';
import type { Format, RenderOptions } from './formats/types.js';
import { DEFAULT_RENDER_OPTIONS } from './formats/types.js';
import type { Maze, Point } from './model/maze.js';
import { formatColor, MAX_CELLS, parseColor } from './model/maze.js';
import { defaultEnds, solveMaze } from './model/solve.js';
import { mazeStats } from './model/stats.js';
import { checkCellInGrid, parseCell, parseInteger, recordValue } from './options.js';
import { checkWritable, describe, writeFileAtomically, writeToStream } from './output.js';
import { batchSeed, drawSeed, Rng } from './rng.js';
import { statsJson, statsTable } from './stats-table.js';

declare const __VERSION__: string | undefined;
const VERSION = typeof __VERSION__ === 'string' ? __VERSION__ : 'dev';

export interface Io {
  stdin: Readable;
  stdout: Writable & { isTTY?: boolean };
  stderr: Writable;
}

const COMMANDS = ['gen', 'render', 'solve', 'stats', 'list'] as const;
/** Commands that read a saved maze, FILE.json or - for standard input. */
const READERS: readonly string[] = ['render', 'solve', 'stats'];
const DEFAULT_WIDTH = 30;
const DEFAULT_HEIGHT = 20;
const MAX_COUNT = 1_000_000;

type Args = Record<string, unknown> & { _: (string | number)[] };

export async function run(args: string[], io: Io = process): Promise<number> {
  try {
    const parsed = await parse(args);
    if (typeof parsed === 'string') {
      io.stdout.write(parsed.endsWith('\n') ? parsed : parsed + '\n');
      return 0;
    }
    const command = String(parsed._[0]);
    if (command === 'gen') await generate(parsed, io);
    else if (command === 'render') await renderSaved(parsed, io);
    else if (command === 'solve') await solveSaved(parsed, io);
    else if (command === 'stats') await printStats(parsed, io);
    else io.stdout.write(listing());
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof IoError) {
      io.stderr.write(`maze: error: ${error.message}\n`);
      return error.exitCode;
    }
    throw error;
  }
}

// ---------------------------------------------------------------- parsing

/** Option names every algorithm contributes, with the algorithms that take each. */
function algorithmFlags(): Map<string, Algorithm[]> {
  const flags = new Map<string, Algorithm[]>();
  for (const algorithm of algorithms) {
    for (const name of Object.keys(algorithm.options)) {
      flags.set(name, [...(flags.get(name) ?? []), algorithm]);
    }
  }
  return flags;
}

function outputOptions(y: Argv): Argv {
  const extensions = formats.flatMap((f) => f.extensions).join(', ');
  return y
    .option('o', { alias: 'output', type: 'string', requiresArg: true, describe: `output file (- for standard output); the format follows its extension (${extensions})`, default: '-' , defaultDescription: 'standard output'})
    .option('format', { alias: 'f', type: 'string', requiresArg: true, describe: `output format: ${formats.map((f) => f.name).join(', ')}`, defaultDescription: 'from the -o extension, else ascii' })
    .option('style', { type: 'string', requiresArg: true, describe: 'ascii style: ascii or unicode', default: DEFAULT_RENDER_OPTIONS.style })
    .option('color', { type: 'string', requiresArg: true, describe: 'ascii colors: auto (on a terminal), always or never', default: 'auto' })
    .option('tile', { type: 'string', requiresArg: true, describe: 'cell size in pixels (png, svg)', default: String(DEFAULT_RENDER_OPTIONS.tile) })
    .option('wall', { type: 'string', requiresArg: true, describe: 'wall thickness in pixels, less than --tile (png, svg)', default: String(DEFAULT_RENDER_OPTIONS.wall) })
    .option('fg', { type: 'string', requiresArg: true, describe: 'color of plain walls, #rrggbb', defaultDescription: 'the maze palette (#ffffff)' })
    .option('bg', { type: 'string', requiresArg: true, describe: 'background color, #rrggbb', default: formatColor(DEFAULT_RENDER_OPTIONS.bg) })
    .option('path-color', { type: 'string', requiresArg: true, describe: 'color of a drawn solution, #rrggbb (every format)', default: formatColor(DEFAULT_RENDER_OPTIONS.pathColor) })
    .option('quiet', { alias: 'q', type: 'boolean', describe: 'print nothing on standard error but errors' });
}

const OUTPUT_GROUP = ['o', 'format', 'style', 'color', 'tile', 'wall', 'fg', 'bg', 'path-color'];

/**
 * --from and --to: the solution's ends (not --start, which is backtracker's
 * own). A saved maze may store its ends, which come before the corners.
 */
function endpointOptions(y: Argv, saved: boolean): Argv {
  const stored = (which: string): string => (saved ? `the maze's ${which}, else ` : '');
  return y
    .option('from', { type: 'string', requiresArg: true, describe: 'first cell of the solution, x,y (0-based)', defaultDescription: `${stored('start')}0,0 (top left)` })
    .option('to', { type: 'string', requiresArg: true, describe: 'last cell of the solution, x,y (0-based)', defaultDescription: `${stored('end')}the bottom-right cell` });
}

function genOptions(y: Argv): Argv {
  y = y
    .usage('$0 gen [options]\n\nGenerate a maze and write it as text, JSON or a picture.')
    .option('algo', { alias: 'a', type: 'string', requiresArg: true, describe: `algorithm: ${algorithms.map((a) => a.name).join(', ')}`, default: DEFAULT_ALGORITHM })
    .option('w', { alias: 'width', type: 'string', requiresArg: true, describe: 'width in cells', default: String(DEFAULT_WIDTH) })
    .option('h', { alias: 'height', type: 'string', requiresArg: true, describe: 'height in cells', default: String(DEFAULT_HEIGHT) })
    .option('seed', { alias: 's', type: 'string', requiresArg: true, describe: 'seed, an integer or any text: the same seed gives the same maze', defaultDescription: 'drawn, and printed on stderr' })
    .option('count', { alias: 'n', type: 'string', requiresArg: true, describe: 'how many mazes; -o must then hold {n} or {seed}', default: '1' })
    .option('solve', { type: 'boolean', describe: 'find the shortest path from --from to --to, draw it and store it in JSON' });
  y = endpointOptions(y, false);
  y = outputOptions(y);
  for (const [flag, owners] of algorithmFlags()) {
    const spec = owners[0]!.options[flag]!;
    y = y.option(flag, {
      type: 'string',
      requiresArg: true,
      describe: `${spec.describe} (${owners.map((a) => a.name).join(', ')})`,
      // shown, not set: a flag the user did not type must stay undefined, so
      // that --start 0,0 given to kruskal is refused like any other value
      defaultDescription: JSON.stringify(spec.default),
      group: 'Algorithm options:',
    });
  }
  return y
    .group(['solve', 'from', 'to'], 'Solution options:')
    .group(OUTPUT_GROUP, 'Output options:')
    .example('$0 gen --algo kruskal --w 30 --h 20', 'print a maze')
    .example('$0 gen --solve -o solved.png', 'a picture with its solution drawn')
    .example('$0 gen --seed 7 -o maze.png', 'a picture, the same every time')
    .example("$0 gen --count 100 --seed 1 -o 'out/m-{n}.json'", 'a batch of 100');
}

function renderOptions(y: Argv): Argv {
  return outputOptions(
    y
      .usage('$0 render FILE.json [options]\n\nDraw a maze saved as JSON in any format (FILE may be - for standard input).')
  ).group(OUTPUT_GROUP, 'Output options:')
    .example('$0 render m.json -o m.png', 'a picture of a saved maze');
}

function solveOptions(y: Argv): Argv {
  return outputOptions(
    endpointOptions(
      y.usage('$0 solve FILE.json [options]\n\nFind the shortest path through a maze saved as JSON, then write the maze with the path\ndrawn (and stored, in JSON) in any format (FILE may be - for standard input).'),
      true,
    ),
  ).group(['from', 'to'], 'Solution options:')
    .group(OUTPUT_GROUP, 'Output options:')
    .example('$0 solve m.json', 'print the maze with its solution')
    .example('$0 solve m.json --from 3,0 --to 0,9 -o solved.json', 'store another solution');
}

function statsOptions(y: Argv): Argv {
  return endpointOptions(
    y.usage('$0 stats FILE.json [options]\n\nDead ends, junctions, loops, solution length and longest path of a maze saved as JSON\n(FILE may be - for standard input).'),
    true,
  )
    .option('json', { type: 'boolean', describe: 'print one JSON object for scripts instead of the table' })
    .example('$0 stats m.json', 'a table')
    .example('$0 stats m.json --json | jq .deadEnds', 'one number');
}

const BUILDERS: Record<(typeof COMMANDS)[number], (y: Argv) => Argv> = {
  gen: genOptions,
  render: renderOptions,
  solve: solveOptions,
  stats: statsOptions,
  list: (y) => y.usage('$0 list\n\nList the algorithms and formats.'),
};

const PARSER_CONFIGURATION = { 'dot-notation': false, 'boolean-negation': false, 'duplicate-arguments-array': false };

/**
 * Parse with yargs; a string result is text to print (--help, --version).
 * A subcommand gets a parser of its own rather than a yargs `.command()`
 * builder: yargs formats the whole help text of a command it runs, which
 * would cost a fast start most of its budget.
 */
async function parse(args: string[]): Promise<Args | string> {
  const command = args[0];
  let parser = yargs().scriptName('maze').detectLocale(false);
  let rest = args;
  if (command !== undefined && (COMMANDS as readonly string[]).includes(command)) {
    parser = BUILDERS[command as (typeof COMMANDS)[number]](parser).version(false);
    if (READERS.includes(command)) parser = parser.demandCommand(1, 1);
    else parser = parser.demandCommand(0, 0);
    rest = args.slice(1);
  } else {
    parser = parser
      .usage('$0 <command> [options]\n\nA maze generator: trees, kruskal, backtracker and more, to text, JSON and pictures.')
      .command('gen', 'generate a maze')
      .command('render <file>', 'draw a saved JSON maze in any format')
      .command('solve <file>', 'draw a saved maze with its shortest path, in any format')
      .command('stats <file>', 'dead ends, junctions, loops and path lengths of a saved maze')
      .command('list', 'list the algorithms and formats')
      .demandCommand(1, 1)
      .version(VERSION);
  }
  parser = parser
    .strict()
    .help()
    .parserConfiguration(PARSER_CONFIGURATION)
    .wrap(Math.min(100, process.stdout.columns || 100))
    .exitProcess(false);

  let output = '';
  let argv: Args;
  try {
    argv = (await parser
      .fail((message, error) => {
        throw error ?? new UsageError(rewordYargs(message, args));
      })
      .parseAsync(rest, {}, (_error, _argv, text) => {
        output = text;
      })) as Args;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    if (error instanceof Error && error.name === 'YError') throw new UsageError(rewordYargs(error.message, args));
    throw error;
  }
  if (output) return output;
  if (command !== undefined && READERS.includes(command)) argv.file = argv._[0];
  argv._ = [command ?? ''];
  return argv;
}

/** yargs' messages, made one line that says what to change. */
function rewordYargs(message: string | null | undefined, args: string[]): string {
  const text = (message ?? 'bad command line').replace(/\s+/g, ' ').trim();
  const first = args.find((a) => !a.startsWith('-'));
  if (first !== undefined && !(COMMANDS as readonly string[]).includes(first) && args.indexOf(first) === 0) {
    return `unknown command '${first}'; the commands are ${listChoices([...COMMANDS])} (see maze --help)`;
  }
  if (/^Not enough non-option arguments/.test(text) && (args[0] === undefined || args[0].startsWith('-'))) {
    return `a command is needed: ${listChoices([...COMMANDS])} (see maze --help)`;
  }
  if (/^Not enough non-option arguments/.test(text) && first !== undefined && READERS.includes(first)) {
    return `${first} needs a saved maze: maze ${first} FILE.json (or - for standard input)`;
  }
  let m = /^Not enough arguments following: (\S+)/.exec(text);
  if (m) return `${flagName(m[1]!)} needs a value`;
  m = /^Unknown arguments?: (.+)$/.exec(text);
  if (m) {
    const words = m[1]!.split(', ');
    const option = words.find((w) => args.some((a) => a.startsWith('-') && a.replace(/^-+/, '').split('=')[0] === w));
    if (option) return `unknown option ${flagName(option)} (see maze ${first ?? ''} --help)`.replace('  ', ' ');
    return `unexpected argument '${words[0]}' (see maze --help)`;
  }
  if (/^Too many non-option arguments/.test(text) && first !== undefined && (COMMANDS as readonly string[]).includes(first)) {
    const takes = READERS.includes(first) ? 1 : 0;
    const extra = positionals(first as (typeof COMMANDS)[number], args.slice(1))[takes];
    const what = takes === 1 ? 'one saved maze, FILE.json or -' : 'options only';
    return `${extra === undefined ? 'too many arguments' : `unexpected argument '${extra}'`}: maze ${first} takes ${what} (see maze ${first} --help)`;
  }
  return text;
}

/** The arguments that are not options nor their values, as yargs reads them (only to name a stray one). */
function positionals(command: (typeof COMMANDS)[number], rest: string[]): string[] {
  const parser = BUILDERS[command](yargs()).parserConfiguration(PARSER_CONFIGURATION).help(false).version(false).exitProcess(false);
  return (parser.parseSync(rest) as Args)._.map(String);
}

function flagName(name: string): string {
  return name.length === 1 && name !== 'w' && name !== 'h' ? `-${name}` : `--${name}`;
}

// ---------------------------------------------------------------- values

function text(args: Args, name: string): string | undefined {
  const value = args[name];
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return String(value[value.length - 1]);
  return String(value);
}

function readSize(args: Args): Size {
  const width = parseInteger(text(args, 'w') ?? String(DEFAULT_WIDTH), '--w', 1, MAX_CELLS);
  const height = parseInteger(text(args, 'h') ?? String(DEFAULT_HEIGHT), '--h', 1, MAX_CELLS);
  if (width * height > MAX_CELLS) {
    throw new UsageError(`${width} × ${height} is ${width * height} cells, over the limit of ${MAX_CELLS} (memory); make --w or --h smaller`);
  }
  return { width, height };
}

function readRenderOptions(args: Args): RenderOptions {
  const defaults = DEFAULT_RENDER_OPTIONS;
  const style = text(args, 'style') ?? defaults.style;
  if (style !== 'ascii' && style !== 'unicode') throw new UsageError(`--style must be ascii or unicode, got '${style}'`);
  const tile = parseInteger(text(args, 'tile') ?? String(defaults.tile), '--tile', 2, 1000);
  const wall = parseInteger(text(args, 'wall') ?? String(defaults.wall), '--wall', 1, 999);
  if (wall >= tile) throw new UsageError(`--wall ${wall} must be less than --tile ${tile}`);
  const color = (name: string): number | null => {
    const raw = text(args, name);
    if (raw === undefined) return null;
    const rgb = parseColor(raw);
    if (rgb === null) throw new UsageError(`--${name} must be a color like #a03c5f, got '${raw}'`);
    return rgb;
  };
  return { tile, wall, style, fg: color('fg'), bg: color('bg') ?? defaults.bg, pathColor: color('path-color') ?? defaults.pathColor, color: 0 };
}

/** --from or --to as a cell of a width × height grid, or null when not given. */
function readCell(args: Args, name: 'from' | 'to', width: number, height: number): Point | null {
  const raw = text(args, name);
  if (raw === undefined) return null;
  const cell = parseCell(raw, `--${name}`);
  checkCellInGrid(cell, `--${name}`, width, height);
  return cell;
}

/** The solution's ends: --from and --to, else the ends the maze stores, else its top-left and bottom-right cells. */
function endpoints(args: Args, maze: Maze): { start: Point; end: Point } {
  const corners = defaultEnds(maze);
  return {
    start: readCell(args, 'from', maze.width, maze.height) ?? maze.start ?? corners.start,
    end: readCell(args, 'to', maze.width, maze.height) ?? maze.end ?? corners.end,
  };
}

/**
 * --color: the ANSI level for ASCII output. `always` means the trees' own
 * colors (truecolor) wherever the bytes go; `auto` colors only a terminal,
 * at the level chalk detects for it (NO_COLOR and TERM=dumb turn it off).
 */
async function colorLevel(args: Args, toStdout: boolean, io: Io): Promise<RenderOptions['color']> {
  const mode = text(args, 'color') ?? 'auto';
  if (mode === 'always') return 3;
  if (mode === 'never') return 0;
  if (mode !== 'auto') throw new UsageError(`--color must be auto, always or never, got '${mode}'`);
  if (!toStdout || io.stdout.isTTY !== true || (process.env.NO_COLOR ?? '') !== '' || process.env.TERM === 'dumb') return 0;
  // chalk measures process.stdout; a terminal it cannot rate still gets the 16 basic colors
  const { supportsColor } = await import('chalk');
  return supportsColor ? supportsColor.level : 1;
}

interface Target {
  format: Format;
  /** null for standard output. */
  path: string | null;
}

/** The format from --format, else the -o extension, else ascii on standard output. */
function resolveTarget(args: Args, io: Io): Target {
  const output = text(args, 'o') ?? '-';
  const named = text(args, 'format');
  let format: Format | undefined;
  if (named !== undefined) {
    format = findFormat(named);
    if (!format) throw new UsageError(`unknown format '${named}'; the formats are ${listChoices(formats.map((f) => f.name))}`);
  }
  const path = output === '-' ? null : output;
  if (path !== null && !format) {
    format = formatForFile(path);
    if (!format) {
      const endings = formats.flatMap((f) => f.extensions);
      throw new UsageError(`cannot tell the format of '${path}': end it in ${listChoices(endings)}, or give --format`);
    }
  }
  format ??= findFormat('ascii')!;
  if (path === null && format.binary && io.stdout.isTTY) {
    throw new UsageError(`refusing to write ${format.name.toUpperCase()} bytes to a terminal; use -o FILE${format.extensions[0] ?? ''} or redirect standard output`);
  }
  return { format, path };
}

async function emit(maze: Maze, target: Target, options: RenderOptions, io: Io): Promise<void> {
  const output = target.format.render(maze, options);
  if (target.path === null) await writeToStream(io.stdout, output);
  else await writeFileAtomically(target.path, output);
}

// ---------------------------------------------------------------- commands

async function generate(args: Args, io: Io): Promise<void> {
  const algoName = text(args, 'algo') ?? DEFAULT_ALGORITHM;
  const algorithm = findAlgorithm(algoName);
  if (!algorithm) {
    throw new UsageError(`unknown algorithm '${algoName}'; the algorithms are ${listChoices(algorithms.map((a) => a.name))}`);
  }
  const size = readSize(args);
  const { options, record } = readAlgorithmOptions(algorithm, args);
  algorithm.validate?.(size, options);
  // Checked now, so that a bad cell is refused before any work.
  const from = readCell(args, 'from', size.width, size.height);
  const to = readCell(args, 'to', size.width, size.height);

  const target = resolveTarget(args, io);
  const renderOptions = readRenderOptions(args);
  renderOptions.color = await colorLevel(args, target.path === null, io);
  target.format.checkSize?.(size.width, size.height, renderOptions);

  const count = parseInteger(text(args, 'count') ?? '1', '--count', 1, MAX_COUNT);
  if (count > 1 && (target.path === null || !/\{n\}|\{seed\}/.test(target.path))) {
    throw new UsageError(`--count ${count} needs an -o name with {n} or {seed} in it, such as -o 'maze-{n}.${target.format.extensions[0]?.slice(1) ?? 'txt'}'`);
  }
  const pathOf = (n: number, seed: string): string | null =>
    target.path === null ? null : target.path.replaceAll('{n}', String(n)).replaceAll('{seed}', seed);

  const given = text(args, 'seed');
  if (given !== undefined && given.trim() === '') throw new UsageError('--seed needs a value: an integer or any text, such as --seed 7');
  const seed = given ?? (await drawSeed());
  const seeds = Array.from({ length: count }, (_, i) => (count === 1 ? seed : batchSeed(seed, i + 1)));
  if (target.path !== null) checkWritable(seeds.map((s, i) => pathOf(i + 1, s)!));
  // only once the command line is known good, so that an error is the one line on stderr
  if (given === undefined && !args.quiet) io.stderr.write(`seed: ${seed}\n`);

  for (const [i, s] of seeds.entries()) {
    const maze = algorithm.generate(size, options, new Rng(s));
    maze.info = { algorithm: algorithm.name, seed: s, options: record };
    // --from and --to only name the ends (stored in JSON); --solve finds the path.
    maze.start = from;
    maze.end = to;
    if (args.solve === true) {
      const corners = defaultEnds(maze);
      solveMaze(maze, from ?? corners.start, to ?? corners.end);
    }
    await emit(maze, { format: target.format, path: pathOf(i + 1, s) }, renderOptions, io);
  }
}

/** Parse the chosen algorithm's own flags; a flag of another algorithm is an error. */
function readAlgorithmOptions(algorithm: Algorithm, args: Args): { options: Record<string, unknown>; record: Record<string, string | number> } {
  for (const [flag, owners] of algorithmFlags()) {
    if (!owners.includes(algorithm) && args[flag] !== undefined) {
      throw new UsageError(`--${flag} applies to ${listChoices(owners.map((a) => a.name))}, not to ${algorithm.name}`);
    }
  }
  const options: Record<string, unknown> = {};
  const record: Record<string, string | number> = {};
  for (const [flag, spec] of Object.entries(algorithm.options)) {
    const raw = text(args, flag) ?? spec.default;
    options[flag] = spec.parse(raw, `--${flag}`);
    record[flag] = recordValue(options[flag], raw);
  }
  return { options, record };
}

/** A saved maze, where it goes and how it is drawn, all checked before any writing. */
async function openSaved(args: Args, io: Io): Promise<{ maze: Maze; target: Target; renderOptions: RenderOptions }> {
  const file = text(args, 'file') ?? '-';
  const target = resolveTarget(args, io);
  const renderOptions = readRenderOptions(args);
  renderOptions.color = await colorLevel(args, target.path === null, io);
  const maze = parseMaze(await readInput(file, io), file === '-' ? 'standard input' : file);
  target.format.checkSize?.(maze.width, maze.height, renderOptions);
  if (target.path !== null) checkWritable([target.path]);
  return { maze, target, renderOptions };
}

async function renderSaved(args: Args, io: Io): Promise<void> {
  const { maze, target, renderOptions } = await openSaved(args, io);
  await emit(maze, target, renderOptions, io);
}

async function solveSaved(args: Args, io: Io): Promise<void> {
  const { maze, target, renderOptions } = await openSaved(args, io);
  const { start, end } = endpoints(args, maze);
  solveMaze(maze, start, end);
  await emit(maze, target, renderOptions, io);
}

async function printStats(args: Args, io: Io): Promise<void> {
  const file = text(args, 'file') ?? '-';
  const maze = parseMaze(await readInput(file, io), file === '-' ? 'standard input' : file);
  const { start, end } = endpoints(args, maze);
  const stats = mazeStats(maze, start, end);
  await writeToStream(io.stdout, [args.json === true ? statsJson(stats) : statsTable(stats)]);
}

async function readInput(file: string, io: Io): Promise<string> {
  try {
    if (file === '-') {
      const parts: Buffer[] = [];
      for await (const chunk of io.stdin) parts.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
      return Buffer.concat(parts).toString('utf8');
    }
    return await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR' || code === 'EACCES') throw new UsageError(`cannot read '${file}': ${describe(error)}`);
    throw new IoError(`cannot read '${file}': ${describe(error)}`);
  }
}

function listing(): string {
  const pad = Math.max(...algorithms.map((a) => a.name.length), ...formats.map((f) => f.name.length)) + 2;
  const lines = ['Algorithms (--algo):'];
  for (const a of algorithms) lines.push(`  ${a.name.padEnd(pad)}${a.description}${a.name === DEFAULT_ALGORITHM ? ' [default]' : ''}`);
  lines.push('', 'Formats (--format, or the -o extension):');
  for (const f of formats) lines.push(`  ${f.name.padEnd(pad)}${f.extensions.join(' ').padEnd(7)} ${f.description}`);
  return lines.join('\n') + '\n';
}
