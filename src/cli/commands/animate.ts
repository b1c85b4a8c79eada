/**
 * `maze gen --animate`: the maze growing, live on the terminal (no -o,
 * standard output a terminal) or as an animated file (-o grow.png, .gif,
 * .svg). Everything is checked before the maze is made; the file is
 * written atomically, as every other; the live view gives the terminal
 * back whatever happens, then prints the finished maze as `maze gen` does.
 */
import type { ReadStream, WriteStream } from 'node:tty';
import type { Argv } from 'yargs';
import type { AnimatedFormat } from '../../animation/types.js';
import { listChoices, UsageError } from '../../errors.js';
import { styleWidth } from '../../formats/ascii.js';
import { findFormat, formatForFile, formatOptionOwners } from '../../formats/index.js';
import { parseInteger } from '../../model/options.js';
import { shapeTextSize } from '../../formats/ascii-shape.js';
import { checkTopologyText, topologyTextSize } from '../../formats/ascii-topology.js';
import type { Output, RenderOptions } from '../../formats/types.js';
import type { Progress } from '../../tick.js';
import { writeFileAtomically, writeToStream } from '../output.js';
import { meter } from '../progress.js';
import { drawCliSeed } from '../seed.js';
import { checkSeed, otherShapeOf, isGraphSpec, recordGraphGrowth, recordSteps, refuseOthersOptions, specCellCount, specShape, topologyOf } from '../../lib/spec.js';
import type { MazeSpec } from '../../lib/spec.js';
import { canvasSize } from '../../formats/geometry.js';
import { checkShapePicture, shapeCanvas, shapeSize } from '../../formats/shape-picture.js';
import { loadMask } from './mask-file.js';
import { noteSolving } from '../solve-report.js';
import { checkSolvable, colorLevel, flagOf, flagText, readMaxPixels, readRenderOptions, specFromArgs, terminalStyle } from './args.js';
import { EXIT_INTERRUPTED } from './types.js';
import { checkSingleOutput, writeMaze, writeOptions } from './target.js';
import type { Args, Io } from './types.js';

export const DEFAULT_FRAMES = 150;
export const DEFAULT_DURATION = 8;
export const DEFAULT_FPS = 30;
const MAX_FRAMES = 10_000;
const MAX_DURATION = 3600;
const MAX_FPS = 120;

/** The flags that only mean something with --animate. */
const ANIMATION_FLAGS = ['frames', 'duration', 'fps'] as const;

export const ANIMATION_GROUP = ['animate', ...ANIMATION_FLAGS];

/**
 * The animated formats' extensions, as --help names them: the registry's
 * (animation/index.ts, which test/startup.test.ts holds this to), written
 * here because the animation is loaded when a maze is animated, not for
 * every run's options.
 */
export const ANIMATED_EXTENSIONS = ['.png', '.gif', '.svg'];

export function animationOptions(y: Argv): Argv {
  const files = ANIMATED_EXTENSIONS.join(', ');
  return y
    .option('animate', { type: 'boolean', describe: `watch the maze grow: live on a terminal, or with -o an animated file (${files})` })
    // defaults shown, not set: a flag typed without --animate is refused (checkAnimationFlags)
    .option('frames', { requiresArg: true, describe: 'growth frames of an animated file; the finished maze follows, held 2 s', defaultDescription: `${DEFAULT_FRAMES}, at most 50 a second of --duration` })
    .option('duration', { requiresArg: true, describe: 'seconds the growth lasts', defaultDescription: String(DEFAULT_DURATION) })
    .option('fps', { requiresArg: true, describe: 'most frames a second on a terminal', defaultDescription: String(DEFAULT_FPS) });
}

/** Seconds, a decimal number over 0 and at most `max`. */
function parseSeconds(raw: string, flag: string, max: number): number {
  const value = /^\s*(\d+(\.\d*)?|\.\d+)\s*$/.test(raw) ? Number(raw) : NaN;
  if (!(value > 0 && value <= max)) throw new UsageError(`--${flag} must be a number of seconds over 0 and at most ${max} (such as 2.5), got '${raw}'`);
  return value;
}

/**
 * --frames of an animated file: no more than --duration holds at the
 * format's mostFramesASecond (an APNG's or GIF's; by default DEFAULT_FRAMES,
 * or fewer over a short --duration), so that it plays in the time asked.
 */
function readFrames(args: Args, format: AnimatedFormat, duration: number): number {
  const perSecond = format.mostFramesASecond;
  // one frame at least, of 2 hundredths at least: a shorter --duration cannot be played as asked (a sweep: 0.01 s made one frame of 1 hundredth)
  if (perSecond !== undefined && duration * perSecond < 1) {
    throw new UsageError(`--duration ${duration} is shorter than one frame of an animated ${format.name}, which lasts ${1 / perSecond} s at least (browsers play a shorter one a tenth long): give --duration ${1 / perSecond} or more`);
  }
  const most = perSecond === undefined ? MAX_FRAMES : Math.floor(duration * perSecond);
  const least = format.longestFrame === undefined ? 1 : Math.ceil(duration / format.longestFrame);
  const text = flagText(args, 'frames');
  if (text === undefined) return Math.max(least, Math.min(DEFAULT_FRAMES, most));
  const frames = parseInteger(text, 'frames', 1, MAX_FRAMES);
  if (frames > most) {
    throw new UsageError(`--frames ${frames} over --duration ${duration} makes frames under 2 hundredths of a second, which browsers play a tenth long in an animated ${format.name}: give --frames ${most} or fewer, or a longer --duration`);
  }
  if (frames < least) {
    throw new UsageError(`--frames ${frames} over --duration ${duration} makes frames over ${format.longestFrame} s, the longest an animated ${format.name}'s frame lasts: give --frames ${least} or more, or a shorter --duration`);
  }
  return frames;
}

/** Refuse --frames, --duration or --fps typed without --animate: they would silently do nothing. */
export function checkAnimationFlags(args: Args): void {
  if (args.animate === true) return;
  for (const flag of ANIMATION_FLAGS) {
    if (args[flag] !== undefined) throw new UsageError(`--${flag} applies to --animate only (maze gen --animate --${flag} …)`);
  }
}

/**
 * Refuse what does nothing for the animation written (SPEC "Errors and
 * safety", in the words used for every such option): --fps paces the
 * live view only (a file's frames are timed by --duration), --frames a
 * file only, and --pov-maze sdl writes a POV-Ray scene, which no animation is (in the
 * words gen uses for a still format).
 */
function checkAnimationTargetFlags(args: Args, format: AnimatedFormat | null): void {
  const target = format === null ? 'the live view' : format.name;
  if (format !== null && args.fps !== undefined) throw new UsageError(`--fps applies to the live view, not to ${target}: a file's frames last --duration / --frames each`);
  // and the other way round: the live view plays over --duration at --fps, with no frames counted
  if (format === null && args.frames !== undefined) throw new UsageError('--frames applies to an animated file (-o FILE.gif, .png or .svg), not to the live view, which plays the growth over --duration at --fps');
  // 'walls' is the flag's default, and says nothing
  if (flagText(args, 'pov-maze')?.trim().toLowerCase() === 'sdl') throw new UsageError(`--pov-maze sdl writes a POV-Ray scene, not ${format === null ? 'the live view' : `an animated ${target}`}: use -o FILE.pov or --format pov, without --animate`);
  checkAnimationFormatOptions(args, format);
}

/**
 * Refuse an option of a format the animation does not draw in (`--paper
 * applies to pdf, not to an animated gif`), as a still picture refuses
 * one: an animated PNG or GIF reads what a PNG reads (its frames are PNG
 * pictures), an animated SVG what an SVG reads, the live view what the
 * text reads.
 */
function checkAnimationFormatOptions(args: Args, format: AnimatedFormat | null): void {
  const drawsAs = findFormat(format === null ? 'ascii' : format.name === 'gif' ? 'png' : format.name)!;
  const chosen = { name: format === null ? 'the live view' : `an animated ${format.name}` };
  const owners = new Map([...formatOptionOwners()].map(([option, takers]) => [option, takers.map((f) => (f === drawsAs ? chosen : f))]));
  const given = (name: string): boolean => flagText(args, flagOf(name).slice(2)) !== undefined && !(name === 'povMaze' && flagText(args, 'pov-maze')?.trim().toLowerCase() === 'walls');
  refuseOthersOptions(owners, chosen, given);
}

/** Where the animation goes: an animated file, or the terminal (null). */
function animationTarget(args: Args, io: Io, { animatedFormats, findAnimatedFormat, animatedFormatForFile }: typeof import('../../animation/index.js')): AnimatedFormat | null {
  const given = flagText(args, 'o');
  const output = given ?? '-';
  const named = flagText(args, 'format');
  const names = animatedFormats.map((f) => f.name);
  if (output === '-') {
    // -o - with a --format: the animated file on standard output, as -o /dev/stdout writes it
    const piped = given === '-' && named !== undefined ? findAnimatedFormat(named) : undefined;
    if (piped) return piped;
    // a format that is not animated is refused as it is with -o (a sweep: "give it with -o", then refused there)
    if (named !== undefined && findAnimatedFormat(named) === undefined) {
      const still = findFormat(named)?.name;
      throw new UsageError(`--animate writes ${listChoices(names)} files (${animatedFormats.flatMap((f) => f.extensions).join(', ')}): ${still ? `${still} is not an animated format` : `there is no format '${named}'`}`);
    }
    if (named !== undefined) throw new UsageError(`--animate --format ${named} writes a file: give it with -o (such as -o grow.${named.trim().toLowerCase()})`);
    if (io.stdout.isTTY !== true) {
      throw new UsageError(`--animate plays on a terminal, and standard output is not one: write an animated file with -o grow.png, grow.gif or grow.svg (or -o - with --format)`);
    }
    return null;
  }
  const format = named !== undefined ? findAnimatedFormat(named) : animatedFormatForFile(output);
  // a name that says another format than --format, animated or still: refused, as without --animate
  const implied = animatedFormatForFile(output) ?? formatForFile(output);
  if (format && named !== undefined && implied !== undefined && implied.name !== format.name) {
    throw new UsageError(`-o '${output}' names ${/^[aeiou]/.test(implied.name) ? 'an' : 'a'} ${implied.name} file, but --format is ${format.name}: end the name in ${listChoices([...format.extensions])}, or drop --format`);
  }
  if (format) return format;
  const still = named !== undefined ? findFormat(named)?.name : formatForFile(output)?.name;
  const what = still ? `${still} is not an animated format` : `cannot tell the format of '${output}'`;
  throw new UsageError(`--animate writes ${listChoices(names)} files (${animatedFormats.flatMap((f) => f.extensions).join(', ')}): ${what}`);
}

export async function animateMaze(args: Args, io: Io): Promise<number> {
  for (const flag of ['count', 'first', 'jobs']) {
    if (args[flag] !== undefined && !(flag === 'count' && flagText(args, 'count')?.trim() === '1')) throw new UsageError(`--${flag} does not go with --animate: it animates one maze`);
  }
  // the animation (its formats, the live view and the terminal it takes) is loaded here, on first use, as pdf-lib is
  const [animation, { growOnTerminal, STATUS_LINES }, { TerminalSession }] = await Promise.all([
    import('../../animation/index.js'),
    import('../../terminal/live.js'),
    import('../../terminal/session.js'),
  ]);
  const format = animationTarget(args, io, animation);
  checkAnimationTargetFlags(args, format);
  const spec = specFromArgs(args, () => '--animate needs (it replays the whole maze)', await loadMask(flagText(args, 'mask'), io.stdin, (note) => args.quiet !== true && io.stderr.write(`${note}\n`)));
  if (isGraphSpec(spec)) return animateShapeMaze(spec, format, args, io);
  if (spec.solve) checkSolvable(spec.width, spec.height, '--solve');
  const render = readRenderOptions(args);
  const duration = parseSeconds(flagText(args, 'duration') ?? String(DEFAULT_DURATION), 'duration', MAX_DURATION);
  const given = flagText(args, 'seed');
  const seed = given === undefined ? drawCliSeed() : checkSeed(given);
  const quiet = args.quiet === true;

  if (format === null) {
    // live: the view must fit the terminal in the style maze gen would print
    const fps = parseInteger(flagText(args, 'fps') ?? String(DEFAULT_FPS), 'fps', 1, MAX_FPS);
    const stdin = io.stdin as Partial<ReadStream>;
    if (stdin.isTTY !== true || typeof stdin.setRawMode !== 'function') {
      throw new UsageError('--animate on a terminal reads its keys from standard input, which is not the terminal: run it without redirecting its input, or write an animated file with -o');
    }
    render.color = await colorLevel(args, true, io);
    render.style = terminalStyle(args, render.style, true, io, spec.width);
    const out = io.stdout as Partial<WriteStream>;
    const columns = out.columns || 80;
    const rows = out.rows || 24;
    const cellColumns = styleWidth(render.style, 2) - styleWidth(render.style, 1);
    const most = { width: Math.floor((columns - 1) / cellColumns), height: Math.floor((rows - 1 - STATUS_LINES) / 2) };
    if (spec.width > most.width || spec.height > most.height) {
      throw new UsageError(
        `a ${spec.width} × ${spec.height} maze does not fit this ${columns} × ${rows} terminal in the ${render.style} style: ` +
          (most.width >= 1 && most.height >= 1 ? `at most --w ${most.width} --h ${most.height}; make the maze smaller or the window larger` : 'make the window larger'),
      );
    }
    const { maze, log } = recordSteps(spec, seed);
    const session = new TerminalSession(io.stdin as ReadStream, io.stdout as WriteStream);
    const ending = await growOnTerminal(session, log, { render, fps, duration });
    if (ending === 'interrupted') return EXIT_INTERRUPTED;
    noteSolving(maze, quiet, io);
    await writeMaze(maze, { format: findFormat('ascii')!, path: null }, render, io);
    if (given === undefined && !quiet) io.stderr.write(`seed: ${seed}\n`);
    return 0;
  }

  const path = flagText(args, 'o')!;
  const frames = readFrames(args, format, duration);
  format.checkSize?.(spec.width, spec.height, render);
  const pictures = format.pictures?.(frames);
  const canvas = canvasSize(spec.width, spec.height, render);
  checkAnimationBudget(args, canvas, pictures, `a ${spec.width} × ${spec.height} maze`, render.tile, frames);
  await checkAnimationOutput(path, format, io);
  const phases = meter(io, quiet);
  const { maze, log } = recordSteps(spec, seed, phases);
  noteSolving(maze, quiet, io);
  await writeAnimation(path, format, io, phases(frames, 'frames drawn'), (tick) => format.animate({ maze, log, frames, duration, tick }, render));
  if (given === undefined && !quiet) io.stderr.write(`seed: ${seed}\n`);
  return 0;
}

/** Every frame counts against the pixel budget (--max-pixels): the still picture's pixels times the pictures the file draws. */
function checkAnimationBudget(args: Args, canvas: { width: number; height: number }, pictures: number | undefined, what: string, tile: number, frames: number): void {
  if (pictures === undefined) return;
  const pixels = canvas.width * canvas.height * pictures;
  const budget = readMaxPixels(args);
  if (pixels > budget) {
    throw new UsageError(
      `${what} at --tile ${tile} animated in ${frames} frames is ${pixels} pixels in all (every frame counts), over the budget of ${budget} pixels; make the maze, --tile or --frames smaller, or raise --max-pixels`,
    );
  }
}

/** The animated file's output checked before any work: a path as a still picture's; standard output (-) never a terminal for binary bytes. */
async function checkAnimationOutput(path: string, format: AnimatedFormat, io: Io): Promise<void> {
  if (path !== '-') return checkSingleOutput(path, format);
  if (format.binary && io.stdout.isTTY === true) throw new UsageError(`refusing to write ${format.name.toUpperCase()} bytes to a terminal; use -o FILE${format.extensions[0] ?? ''} or redirect standard output`);
}

/** Write the animated file atomically (or to standard output: -), the frames drawn counted on the progress line. */
async function writeAnimation(path: string, format: AnimatedFormat, io: Io, line: Progress, output: (tick: () => void) => Output): Promise<void> {
  let drawn = 0;
  try {
    if (path === '-') await writeToStream(io.stdout, output(() => line.update(++drawn)));
    else await writeFileAtomically(path, output(() => line.update(++drawn)), writeOptions(format, io));
  } finally {
    line.end();
  }
}

/**
 * --animate on a non-square grid (SPEC "Grid shapes"): the passages
 * opening (animation/shape-frames.ts) in any animated file, or live on the
 * terminal in the text maze gen prints, for the grids text draws (hex and
 * triangle, and a square one with levels, a weave or a wrap; a polar grid,
 * and a hex one with a topology, are refused in the text's words).
 */
async function animateShapeMaze(spec: MazeSpec, format: AnimatedFormat | null, args: Args, io: Io): Promise<number> {
  if (spec.solve) checkSolvable(specCellCount(spec), 1, '--solve');
  const render = readRenderOptions(args);
  const duration = parseSeconds(flagText(args, 'duration') ?? String(DEFAULT_DURATION), 'duration', MAX_DURATION);
  if (format === null) return animateShapeLive(spec, render, duration, args, io);
  const frames = readFrames(args, format, duration);
  const given = flagText(args, 'seed');
  const seed = given === undefined ? drawCliSeed() : checkSeed(given);
  const quiet = args.quiet === true;
  const path = flagText(args, 'o')!;
  // a weave's crossings come from the seed: the picture's size does not
  const grid = { shape: specShape(spec, seed)! };
  checkShapePicture(grid, render);
  format.checkShapeSize?.(grid, render);
  const pictures = format.pictures?.(frames);
  const canvas = shapeCanvas(grid, render);
  checkAnimationBudget(args, canvas, pictures, `a ${shapeSize(grid.shape)}`, render.tile, frames);
  await checkAnimationOutput(path, format, io);
  const phases = meter(io, quiet);
  const growth = recordGraphGrowth(spec, seed, phases);
  noteSolving(growth.maze, quiet, io);
  await writeAnimation(path, format, io, phases(frames, 'frames drawn'), (tick) => format.animateGraph({ ...growth, frames, duration, tick }, render));
  if (given === undefined && !quiet) io.stderr.write(`seed: ${seed}\n`);
  return 0;
}

/**
 * The live view of a hex or triangle maze growing, or of a square one with
 * levels, a weave or a wrap (in the text maze gen prints for it): it must
 * fit the terminal; the finished maze is printed after, as maze gen prints it.
 */
async function animateShapeLive(spec: MazeSpec, render: RenderOptions, duration: number, args: Args, io: Io): Promise<number> {
  // the live view and the terminal it takes, loaded on first use (as in animateMaze)
  const [{ growShapeOnTerminal, STATUS_LINES }, { TerminalSession }] = await Promise.all([import('../../terminal/live.js'), import('../../terminal/session.js')]);
  const topology = topologyOf(spec);
  const name = otherShapeOf(spec) ?? 'square';
  if (name === 'polar' || (topology !== null && name !== 'square')) {
    const [what, it] = name === 'polar' ? ['a polar maze', 'the polar maze'] : [`a ${name} maze with levels or a weave`, 'it'];
    throw new UsageError(`--animate on a terminal draws text, which does not draw ${what}: write ${it} growing to a file, such as -o grow.png (or grow.gif, grow.svg)`);
  }
  const ascii = findFormat('ascii')!;
  if (topology === null) ascii.checkShape?.(name, render);
  else checkTopologyText({ name }, render);
  // the text's size for w × h cells: a hex or triangle grid's, or a square topology's levels side by side
  const textSize = (width: number, height: number): { columns: number; lines: number } =>
    topology === null ? shapeTextSize({ name, width, height }) : topologyTextSize({ width, height, levels: topology.levels });
  const fps = parseInteger(flagText(args, 'fps') ?? String(DEFAULT_FPS), 'fps', 1, MAX_FPS);
  const stdin = io.stdin as Partial<ReadStream>;
  if (stdin.isTTY !== true || typeof stdin.setRawMode !== 'function') {
    throw new UsageError('--animate on a terminal reads its keys from standard input, which is not the terminal: run it without redirecting its input, or write an animated file with -o');
  }
  render.color = await colorLevel(args, true, io);
  const out = io.stdout as Partial<WriteStream>;
  const columns = out.columns || 80;
  const rows = out.rows || 24;
  const text = textSize(spec.width, spec.height);
  if (text.columns > columns || text.lines > rows - STATUS_LINES) {
    // the text grows by the same amount a cell each way: the largest size that fits, found by stepping down
    let [w, h] = [spec.width, spec.height];
    while (w > 1 && textSize(w, h).columns > columns) w--;
    while (h > 1 && textSize(w, h).lines > rows - STATUS_LINES) h--;
    const fits = textSize(w, h);
    const what = topology === null ? `${name} maze` : `maze${topology.levels > 1 ? ` of ${topology.levels} levels` : ''}`;
    throw new UsageError(
      `a ${spec.width} × ${spec.height} ${what} does not fit this ${columns} × ${rows} terminal: ` +
        (fits.columns <= columns && fits.lines <= rows - STATUS_LINES ? `at most --w ${w} --h ${h}; make the maze smaller or the window larger` : 'make the window larger'),
    );
  }
  const given = flagText(args, 'seed');
  const seed = given === undefined ? drawCliSeed() : checkSeed(given);
  const growth = recordGraphGrowth(spec, seed);
  const session = new TerminalSession(io.stdin as ReadStream, io.stdout as WriteStream);
  const ending = await growShapeOnTerminal(session, growth, { render, fps, duration });
  if (ending === 'interrupted') return EXIT_INTERRUPTED;
  noteSolving(growth.maze, args.quiet === true, io);
  await writeMaze(growth.maze, { format: ascii, path: null }, render, io);
  if (given === undefined && args.quiet !== true) io.stderr.write(`seed: ${seed}\n`);
  return 0;
}
