/** `maze gen`: generate mazes (one, or a batch from an output-name template) and write them. */
import type { Argv } from 'yargs';
import { algorithms, DEFAULT_ALGORITHM } from '../../algorithms/index.js';
import type { Algorithm } from '../../algorithms/types.js';
import { listChoices, MazeError, UsageError } from '../../errors.js';
import { formats } from '../../formats/index.js';
import type { Format } from '../../formats/types.js';
import { parseChoice, parseInteger } from '../../model/options.js';
import { checkWritable } from '../output.js';
import type { MazeSpec } from '../../lib/spec.js';
import { algorithmOf, algorithmOptionOwners, checkSeed, DEFAULT_HEIGHT, DEFAULT_WIDTH, otherShapeOf, isGraphSpec, makeAnyMaze, specCellCount, specShape, streamedMaze, topologyOf } from '../../lib/spec.js';
import { GraphMaze, makeShape, shapeCellCount, shapeMaskCells } from '../../grid/graph-maze.js';
import { openingSide } from '../../passages/ends.js';
import { outerSide } from '../../passages/view.js';
import type { Point } from '../../model/maze.js';
import { SHAPE_NAMES } from '../../grid/shape.js';
import { checkShapeDrawing, refuseMadeWeave } from '../../formats/shape-picture.js';
import { batchSeed } from '../../rng.js';
import { drawCliSeed } from '../seed.js';
import type { BatchJob } from '../batch.js';
import { namedRefusal, runBatch, workerCount } from '../batch.js';
import { meter, progress } from '../progress.js';
import { SILENT_METER } from '../../tick.js';
import { algorithmOptions, checkSolvable, colorLevel, endpointOptions, examples, flagText, maskOptions, numberOption, OUTPUT_GROUP, outputOptions, readMaxPixels, readRenderOptions, specFromArgs, terminalStyle } from './args.js';
import { loadMask } from './mask-file.js';
import { SOLVE_METHODS } from '../../solvers/index.js';
import { noteSolving } from '../solve-report.js';
import { binaryOnly, checkEndsShown, checkFormatOptions, checkPicture, checkShapeFormat, checkSingleOutput, checkSolutionShown, fileEndings, resolveTarget, writeMaze } from './target.js';
import { ANIMATION_GROUP, animateMaze, animationOptions, checkAnimationFlags } from './animate.js';
import type { Args, Command, Io } from './types.js';

const MAX_COUNT = 1_000_000;
const MAX_FIRST = 1_000_000_000_000;
const MAX_JOBS = 1024;

/** What everyone needs, the first group of `maze gen --help` (the output options follow the ends). */
const FIRST_GROUP = ['algo', 'w', 'h', 'seed', 'shape', 'o', 'format', 'solve'];
const BATCH_GROUP = ['count', 'first', 'jobs'];
const MASK_GROUP = ['mask', 'mask-invert', 'mask-regions'];

function genOptions(y: Argv): Argv {
  // yargs prints the groups in the order they are first named: the first one first
  y = y
    .group(FIRST_GROUP, 'Options:')
    .group(['ends', 'from', 'to', 'openings'], 'Start, end and solution:')
    .group([...OUTPUT_GROUP.filter((key) => !FIRST_GROUP.includes(key)), 'pov-maze', 'quiet'], 'Output options:')
    .group(['braid', 'difficulty'], 'Modifiers (every algorithm):')
    .group(['wrap', 'levels', 'weave'], 'Topology (algorithms that carve any grid):')
    .group([...algorithmOptionOwners().keys()], 'Algorithm options:')
    .group(MASK_GROUP, 'Mask:')
    .group(BATCH_GROUP, 'Batches:')
    .group(ANIMATION_GROUP, 'Watching it grow:')
    .usage('$0 gen [options]\n\nGenerate a maze and write it as text, JSON or a picture.')
    .option('algo', { alias: 'a', type: 'string', requiresArg: true, describe: `algorithm: ${algorithms.map((a) => a.name).join(', ')}`, defaultDescription: DEFAULT_ALGORITHM })
    .option('w', { alias: 'width', ...numberOption("width in cells (with --mask: the mask's, scaled when given)", DEFAULT_WIDTH) })
    .option('h', { alias: 'height', ...numberOption("height in cells (with --mask: the mask's, or its aspect kept from --w; not polar: its size is --w rings)", DEFAULT_HEIGHT) })
    .option('seed', { alias: 's', type: 'string', requiresArg: true, describe: 'seed, an integer or any text: the same seed gives the same maze', defaultDescription: 'drawn, and printed on stderr' })
    .option('count', { alias: 'n', ...numberOption('how many mazes; -o must then hold {n}, {n:03} (001, 002, …) or {seed}', 1) })
    .option('first', numberOption('number of the first maze: a slice of a larger batch, with its {n} and seeds', 1))
    .option('jobs', { alias: 'j', ...numberOption('worker threads for a batch; the files are the same for any number', 'the cores available') })
    .option('shape', { type: 'string', requiresArg: true, describe: `grid shape: ${SHAPE_NAMES.join(', ')} (hex: six neighbours; triangle: three; polar: --w rings around a centre cell)`, defaultDescription: 'square' })
    .option('solve', { type: 'string', describe: `find a path from start to end, draw it and store it in JSON: alone the shortest, or --solve M with a method (${SOLVE_METHODS.join(', ')})` })
    .option('difficulty', { type: 'string', requiresArg: true, describe: 'make the maze to a difficulty from 0 to 1, or easy, medium, hard (0.25, 0.5, 0.75): the growing tree\'s pick and the ends are chosen for it (and recorded); perfect unless --braid' })
    .option('braid', numberOption('share of dead ends to remove, 0 to 1, each by opening one wall (adds loops; 1 leaves none)', 0))
    .option('wrap', { type: 'string', requiresArg: true, describe: 'join the edges (square): x left and right (a cylinder), y top and bottom, xy both (a torus)' })
    .option('levels', numberOption('floors stacked and joined by stairs (square, hex); points are x, level·h + y', 1))
    .option('weave', numberOption('share of chances where a passage crosses under a straight corridor, 0 to 1 (square, hex)', 0))
    .option('openings', { type: 'boolean', describe: 'open the outer wall beside a start or end on the border (entrance and exit); with --ends farthest, the two rim cells farthest apart' });
  y = endpointOptions(maskOptions(y), false);
  y = outputOptions(y).option('pov-maze', {
    type: 'string',
    requiresArg: true,
    describe: 'pov: walls (this maze, as boxes) or sdl (a scene that makes its own maze in POV-Ray, by random path merging, from xDim, zDim and mazeSeed)',
    defaultDescription: 'walls',
  });
  y = animationOptions(y);
  y = algorithmOptions(y);
  return examples(y, [
    ['$0 gen --algo kruskal --w 30 --h 20', 'print a maze'],
    ['$0 gen --seed 7 -o maze.png', 'a picture, the same every time'],
    ['$0 gen --solve -o solved.png', 'with its solution drawn'],
    ['$0 gen --ends farthest --openings --solve -o m.pdf', 'a puzzle to print'],
    ['$0 gen --mask logo.png -o logo-maze.png', "in a picture's outline"],
    ["$0 gen --count 100 --seed 1 -o 'out/m-{n}.json'", 'a batch of 100'],
    ['$0 gen --animate --w 20 --h 10', 'watch it grow on the terminal'],
    ['$0 gen --algo backtracker --solve --animate -o grow.png', 'animated PNG'],
  ]);
}

/** The formats that write a maze as its rows come (Format.renderRows). */
function streamingFormats(): string[] {
  return formats.filter((f) => f.renderRows).map((f) => f.name);
}

/**
 * Why this run needs the whole maze in memory, or null when its rows can
 * stream (SPEC "Scale"): a row generator, a format that takes rows, and
 * nothing that reads the maze whole (a solution, its ends, braiding, openings).
 */
/** Cells of a maze made, solved and written in an instant (a 500 × 500 maze: tens of milliseconds). */
const QUICK_CELLS = 250_000;

export function wholeMazeReason(spec: MazeSpec, format: Format): string | null {
  const algorithm: Algorithm = algorithmOf(spec);
  if (!algorithm.rows) {
    const rowAlgorithms = algorithms.filter((a) => a.rows).map((a) => a.name);
    return `${algorithm.name} needs (only ${listChoices(rowAlgorithms)} can stream row by row, at any height)`;
  }
  if (!format.renderRows) return `the ${format.name} format needs (only ${listChoices(streamingFormats())} can stream row by row)`;
  const wholeOnly = { solve: spec.solve, from: spec.from !== null, to: spec.to !== null, ends: spec.ends !== null, openings: spec.openings, braid: spec.braid > 0 };
  for (const [flag, asked] of Object.entries(wholeOnly)) if (asked) return `--${flag} needs (it works on the whole maze)`;
  return null;
}

/**
 * A seed as a part of a file name ({seed}): it never adds a folder nor climbs
 * out of one. '/', '\\' and control characters become '_', and so does each
 * dot of a '..' (README, "Batches").
 */
export function fileNameField(value: string): string {
  return value.replace(/[/\\\u0000-\u001f\u007f]/g, '_').replace(/\.{2,}/g, (dots) => '_'.repeat(dots.length));
}

/** Widest `{n:0W}`: a number of maze is at most 13 digits (--first ≤ 10¹², plus --count). */
const MAX_PAD = 20;

/**
 * `{n}` as the maze's number, and `{n:0W}` as it padded with zeros to W
 * digits (`{n:03}`: 001, 002, … 1000), so that the names sort in order; the
 * width is the user's, so a batch split with --first gives the same names.
 */
function numberField(template: string, n: number): string {
  return template.replaceAll('{n}', String(n)).replace(/\{n:0(\d+)\}/g, (_, width: string) => String(n).padStart(Number(width), '0'));
}

/** An -o name with a field ({n}, {n:0W}, {seed}): a batch's template. */
function isTemplate(path: string): boolean {
  return NUMBER_FIELD.test(path) || path.includes('{seed}');
}

/** A number field of an -o name: {n} or {n:0W}. */
const NUMBER_FIELD = /\{n(:0\d+)?\}/;

/** Refuse an `{n:…}` that is not `{n:0W}`, rather than write it into every name. */
function checkNumberFields(template: string): void {
  for (const [field, width] of template.matchAll(/\{n:([^}]*)\}/g)) {
    const digits = /^0(\d+)$/.exec(width!)?.[1];
    if (digits === undefined || Number(digits) < 1 || Number(digits) > MAX_PAD) {
      throw new UsageError(`'${field}' in -o is not a number field: write {n} or {n:0W}, W from 1 to ${MAX_PAD} digits (such as {n:03} for 001, 002, …)`);
    }
  }
}

/**
 * --openings opens only ends on the rim: the ends given inside the maze
 * with --from or --to, which get none (said in one line each rather than
 * silently, and refused where an opening is all that shows an end).
 */
function innerEnds(spec: MazeSpec): ['from' | 'to', Point][] {
  if (!spec.openings) return [];
  const shape = otherShapeOf(spec);
  let onRim: (point: Point) => boolean;
  if (!isGraphSpec(spec)) {
    onRim = (point) => openingSide(spec, point) !== null;
  } else if (shape === null || topologyOf(spec) !== null) {
    // a topology's rim: its crossings are drawn with the maze, and never on the rim
    const maze = new GraphMaze(specShape(spec)!);
    onRim = (point) => maze.cellAt(point) >= 0 && outerSide(maze, maze.cellAt(point)) >= 0;
  } else {
    const maze = new GraphMaze(makeShape(shape, spec.width, spec.height));
    if (spec.mask) maze.mask = shapeMaskCells(maze.shape, spec.mask);
    onRim = (point) => outerSide(maze, maze.cellAt(point)) >= 0;
  }
  const inner: ['from' | 'to', Point][] = [];
  for (const [flag, point] of [['from', spec.from], ['to', spec.to]] as const) if (point !== null && !onRim(point)) inner.push([flag, point]);
  return inner;
}

/** Options that shape the command's own maze, which a scene making its maze in POV-Ray leaves out. */
const MAZE_SHAPING = ['solve', 'ends', 'from', 'to', 'openings', 'mask', 'mask-invert', 'mask-regions'];

/**
 * --pov-maze: `walls` (the maze as boxes) or `sdl` (a scene whose maze
 * POV-Ray makes from its size and seed, pov-sdl.ts). With sdl, whatever
 * would shape this command's maze is refused rather than silently lost,
 * and only a POV-Ray scene can be written.
 */
function readPovMaze(args: Args, format: Format): 'walls' | 'sdl' {
  const mode = parseChoice(flagText(args, 'pov-maze') ?? 'walls', 'pov-maze', ['walls', 'sdl'] as const);
  if (mode === 'walls') return mode;
  if (format.name !== 'pov') throw new UsageError(`--pov-maze sdl writes a POV-Ray scene, not ${format.name}: use -o FILE.pov or --format pov`);
  const algo = flagText(args, 'algo');
  if (algo !== undefined && algo.trim().toLowerCase() !== 'kruskal') {
    throw new UsageError(`--pov-maze sdl has POV-Ray make the maze itself, by random path merging (kruskal), so --algo ${algo} does not apply`);
  }
  const shape = flagText(args, 'shape')?.trim().toLowerCase();
  if (shape !== undefined && shape !== 'square') throw new UsageError(`--pov-maze sdl has POV-Ray make a square maze by random path merging, so --shape ${shape} does not apply: leave out --pov-maze for a ${shape} maze's scene`);
  // a topology is no flat square maze: the walls scene draws it in 3D
  const topology = Number(flagText(args, 'weave') ?? 0) > 0 ? 'weave' : args.wrap !== undefined ? 'wrap' : Number(flagText(args, 'levels') ?? 1) > 1 ? 'levels' : undefined;
  if (topology !== undefined) throw new UsageError(`--pov-maze sdl has POV-Ray make a flat square maze by random path merging, so --${topology} does not apply: leave out --pov-maze to draw it in 3D`);
  const shaping = [...MAZE_SHAPING, ...algorithmOptionOwners().keys()].find((flag) => args[flag] !== undefined && args[flag] !== false);
  const braided = Number(flagText(args, 'braid') ?? '0') !== 0;
  if (shaping !== undefined || braided) {
    throw new UsageError(`--pov-maze sdl has POV-Ray make the maze from its size and seed alone, so --${shaping ?? 'braid'} does not apply`);
  }
  return mode;
}

async function generate(args: Args, io: Io): Promise<void | number> {
  checkAnimationFlags(args);
  if (args.animate === true && args.difficulty !== undefined) throw new UsageError('--difficulty chooses among a few mazes, which --animate does not replay: make the maze with --difficulty, then animate the command its JSON records');
  if (args.animate === true) return animateMaze(args, io);
  const target = resolveTarget(args, io);
  const povMaze = readPovMaze(args, target.format);
  // standard input is made only for --mask - (Node's stream code: milliseconds of a start)
  const maskFile = flagText(args, 'mask');
  const mask = maskFile === undefined ? null : await loadMask(maskFile, io.stdin, (note) => args.quiet !== true && io.stderr.write(`${note}\n`));
  // a scene that makes its own maze needs only the size and the seed: the maze made here is the quickest (kruskal)
  const spec = specFromArgs(povMaze === 'sdl' ? { ...args, algo: 'kruskal' } : args, (asked) => wholeMazeReason(asked, target.format), mask);
  const shape = otherShapeOf(spec) ?? (isGraphSpec(spec) ? 'square' : null);
  if (shape !== null) checkShapeFormat(target.format, shape);
  if ((topologyOf(spec)?.weave ?? 0) > 0 && target.format.checkCells && target.format.tunnels !== true) refuseMadeWeave(target.format.name);
  const streams = shape === null && wholeMazeReason(spec, target.format) === null;
  const size = { width: spec.width, height: spec.height };
  if (spec.solve && shape === null) checkSolvable(size.width, size.height, '--solve');
  if (spec.solve && shape !== null) checkSolvable(specCellCount(spec), 1, '--solve');

  const renderOptions = readRenderOptions(args);
  // a bad value is said as such first; a good one the format does not read, then
  checkFormatOptions(args, target.format);
  if (spec.solve !== false) checkSolutionShown(target.format, spec.solve === true ? null : spec.solve, '--solve');
  checkEndsShown(target.format, spec.from !== null ? '--from' : spec.to !== null ? '--to' : spec.ends !== null ? '--ends' : null, spec.openings);
  if (povMaze === 'sdl') renderOptions.povMaze = povMaze;
  renderOptions.color = await colorLevel(args, target.path === null, io);
  // a shape's text has no narrower style: the terminal's width chooses among the square's styles only
  if (shape === null) renderOptions.style = terminalStyle(args, renderOptions.style, target.path === null && target.format.name === 'ascii', io, size.width);
  if (shape === null) {
    target.format.checkSize?.(size.width, size.height, renderOptions);
    checkPicture(target, size.width, size.height, renderOptions, args);
  } else {
    checkShapeDrawing(target.format, { shape: specShape(spec)! }, renderOptions, readMaxPixels(args));
  }

  const inner = innerEnds(spec).map(([flag, point]) => `--${flag} ${point.join(',')} is inside the maze, so it has no opening`);
  // cut lines and strokes show an end only by its opening: one inside would be in the file's words alone
  if (inner.length > 0 && target.format.solution === 'none') throw new UsageError(`${inner[0]!}, and ${target.format.name} draws the walls alone: give an end on the rim, or leave it out`);
  if (args.quiet !== true) for (const note of inner) io.stderr.write(`maze: note: ${note} (--openings opens the outer wall beside an end on the rim)\n`);

  const count = parseInteger(flagText(args, 'count') ?? '1', 'count', 1, MAX_COUNT);
  if (target.path !== null) checkNumberFields(target.path);
  if (count > 1 && (target.path === null || !isTemplate(target.path))) {
    throw new UsageError(`--count ${count} needs an -o name with {n} or {seed} in it, such as -o 'maze-{n}.${fileEndings(target.format)[0]?.slice(1) ?? 'txt'}'`);
  }
  // --first K: this run is mazes K..K+count−1 of a larger batch (their {n} and seeds)
  const firstText = flagText(args, 'first');
  const first = firstText === undefined ? 1 : parseInteger(firstText, 'first', 1, MAX_FIRST);
  const jobsText = flagText(args, 'jobs');
  const jobs = jobsText === undefined ? null : parseInteger(jobsText, 'jobs', 1, MAX_JOBS);
  const pathOf = (n: number, seed: string): string | null =>
    target.path === null ? null : numberField(target.path, n).replaceAll('{seed}', fileNameField(seed));

  const given = flagText(args, 'seed');
  const seed = given === undefined ? drawCliSeed() : checkSeed(given);
  // a batch, of one too (--count 1, or an {n} in the name: z1.json held seed oak alone, oak-1 with --count 1): maze n's seed, as its {n} and {seed} say
  const numbered = target.path !== null && NUMBER_FIELD.test(target.path);
  const inBatch = count > 1 || firstText !== undefined || flagText(args, 'count') !== undefined || numbered;
  const numbers = Array.from({ length: count }, (_, i) => first + i);
  const seeds = numbers.map((n) => (inBatch ? batchSeed(seed, n) : seed));
  // a template's folders are made as needed (mkdir -p); a single name's folder must be there
  if (target.path !== null && isTemplate(target.path)) await checkWritable(seeds.map((s, i) => pathOf(numbers[i]!, s)!), binaryOnly(target.format));
  // a maze made in an instant needs no probe of its folder before it is made: its write says the same (a small run's millisecond)
  else if (target.path !== null) await checkSingleOutput(target.path, target.format, size.width * size.height > QUICK_CELLS);

  // one maze shows its phases (generating, writing); a batch, the mazes written
  const quiet = args.quiet === true;
  const shown = progress(io, quiet || count === 1, count, 'mazes', Date.now, true);
  const phases = count === 1 ? meter(io, quiet) : SILENT_METER;
  let written = 0;
  const onWritten = (): void => {
    // once the first maze is written, so that a failure is the one line on stderr
    if (written === 0 && given === undefined && !args.quiet) (io.stderrLine ?? ((text) => io.stderr.write(text)))(`seed: ${seed}\n`);
    shown.update(++written);
  };
  try {
    // a streamed request (any height, row by row) stays in this thread, in O(width)
    if (count > 1 && target.path !== null && !streams) {
      const workers = workerCount(jobs, count, (await import('node:os')).availableParallelism());
      const job: BatchJob = { spec, renderOptions, format: target.format.name };
      const mazes = numbers.map((n, i) => ({ n, seed: seeds[i]!, path: pathOf(n, seeds[i]!)! }));
      if (workers > 1 && (await runBatch(job, mazes, workers, onWritten, io.session))) return;
    }
    for (const [i, s] of seeds.entries()) {
      // row by row in O(width), whatever the size; the same walls as generate() gives
      const maze = streams ? streamedMaze(spec, s) : count === 1 ? makeAnyMaze(spec, s, phases) : batchMaze({ path: pathOf(numbers[i]!, s)!, seed: s }, () => makeAnyMaze(spec, s, phases));
      // --solve M that did not reach the end: the note maze solve leaves (a batch's mazes say nothing each)
      noteSolving(maze, quiet || count > 1, io);
      await writeMaze(maze, { format: target.format, path: pathOf(numbers[i]!, s) }, renderOptions, io, phases);
      onWritten();
    }
  } finally {
    shown.end();
  }
}

/** A batch's maze made (one at a time, in this thread), its refusal naming it as the workers' do (namedRefusal). */
function batchMaze<T>(maze: { path: string; seed: string }, make: () => T): T {
  try {
    return make();
  } catch (error) {
    if (!(error instanceof MazeError)) throw error;
    throw new MazeError((n) => namedRefusal(maze, error.wordedFor(n)), { code: error.code, option: error.option });
  }
}

export const gen: Command = {
  name: 'gen',
  synopsis: 'gen',
  summary: 'generate a maze',
  readsFile: false,
  options: genOptions,
  run: generate,
};
