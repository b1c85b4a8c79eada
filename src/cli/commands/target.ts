/**
 * Where a command's maze goes and how it gets there: the format and path
 * from -o and --format, and the write itself (atomic for files).
 */
import { statSync } from 'node:fs';
import { dirname } from 'node:path';
import { listChoices, UsageError } from '../../errors.js';
import { findFormat, formatForFile, formatOptionOwners, formats } from '../../formats/index.js';
import { formatNamed } from '../../formats/render-options.js';
import type { Format, RenderOptions } from '../../formats/types.js';
import { Maze } from '../../model/maze.js';
import { GraphMaze } from '../../grid/graph-maze.js';
import type { MazeRows } from '../../model/rows.js';
import { asRows, tickingRows } from '../../model/rows.js';
import type { Meter } from '../../tick.js';
import { SILENT_METER } from '../../tick.js';
import { checkWritable, namedDescriptor, writeFileAtomically, writeToStream } from '../output.js';
import type { WriteOptions } from '../output.js';
import { checkPictureBudget, flagOf, flagText } from './args.js';
import { refuseOthersOptions } from '../../lib/spec.js';
import type { Args, Io } from './types.js';

export interface Target {
  format: Format;
  /** null for standard output. */
  path: string | null;
}

/**
 * File endings only an animation takes (animation/index.ts: the animated
 * formats' endings that no still format has), known here without loading
 * the animations: a still --format is not written under one.
 */
export const ANIMATION_ONLY: readonly string[] = ['.gif'];

/** The format from --format, else the -o extension, else ascii on standard output. */
export function resolveTarget(args: Args, io: Io): Target {
  const output = flagText(args, 'o') ?? '-';
  if (output === '') throw new UsageError("-o needs a file name (or - for standard output), got ''");
  const named = flagText(args, 'format');
  let format: Format | undefined;
  if (named !== undefined) format = formatNamed(named, formats);
  const path = output === '-' ? null : output;
  const implied = path === null ? undefined : formatForFile(path);
  if (format && implied && implied !== format && format.fileType !== implied.name) {
    throw new UsageError(`-o '${path}' names ${/^[aeiou]/.test(implied.name) ? 'an' : 'a'} ${implied.name} file, but --format is ${format.name}: end the name in ${listChoices([...fileEndings(format)])}, or drop --format`);
  }
  const animation = path === null ? undefined : ANIMATION_ONLY.find((ext) => path.toLowerCase().endsWith(ext));
  if (format && animation !== undefined) {
    throw new UsageError(`-o '${path}' names a ${animation.slice(1)} file, an animation (--animate), but --format is ${format.name}: end the name in ${listChoices([...fileEndings(format)])}, or drop --format and add --animate`);
  }
  if (path !== null && !format) {
    format = implied ?? (isDeviceOrPipe(path) ? findFormat('ascii') : undefined);
    if (!format) {
      const endings = formats.flatMap((f) => f.extensions);
      // a .gif is an animation's file only: said so, not "cannot tell" (a sweep)
      if (animation !== undefined) throw new UsageError(`-o '${path}' names a ${animation.slice(1)} file, an animation: add --animate, or end the name in ${listChoices(endings)}`);
      throw new UsageError(`cannot tell the format of '${path}': end it in ${listChoices(endings)}, or give --format`);
    }
  }
  format ??= findFormat('ascii')!;
  if (path === null && format.binary && io.stdout.isTTY) {
    throw new UsageError(`refusing to write ${format.name.toUpperCase()} bytes to a terminal; use -o FILE${fileEndings(format)[0] ?? ''} or redirect standard output`);
  }
  return { format, path };
}

/** The endings a file of `format` takes: its own, or those of the kind of file it writes (laser-svg and plot-svg: .svg). */
export function fileEndings(format: Format): readonly string[] {
  if (format.extensions.length > 0 || format.fileType === undefined) return format.extensions;
  return findFormat(format.fileType)?.extensions ?? [];
}

/**
 * Refuse a solution asked of a format that would not show it (SPEC "Errors
 * and safety": an option that does nothing for what is written), in the
 * words of another format's option. Cut lines and pen strokes are the
 * walls alone (Format.solution `none`). A printed model raises one path
 * (`path`): what tells a method from the shortest is its walk, marks and
 * filled cells, which it cannot show, and on a perfect maze every method's
 * path is the shortest one, so a method but the shortest is refused rather
 * than printed as the shortest. `method` is null for the shortest, asked
 * by `flag` alone (--solve), or by the command itself (flag null: maze solve).
 */
export function checkSolutionShown(format: Format, method: string | null, flag: string | null): void {
  if (format.solution === undefined || (format.solution === 'path' && method === null)) return;
  const showing = formats.filter((f) => f.solution === undefined || (method === null && f.solution === 'path')).map((f) => f.name);
  if (flag === null) throw new UsageError(`maze solve draws a solution, which ${format.name} does not show (it draws the walls alone): write ${listChoices(showing)}`);
  const asked = method === null ? flag : `${flag} ${method}`;
  const why = format.solution === 'none' ? 'it draws the walls alone' : `a printed model shows the solution path only, so ${flag === '--solve' ? 'give --solve alone' : `leave out ${flag}`} (the shortest path)`;
  throw new UsageError(`${asked} applies to ${listChoices(showing)}, not to ${format.name}: ${why}`);
}

/**
 * Refuse ends asked of a format that draws the walls alone (Format.solution
 * `none`: cut lines, pen strokes), where they would do nothing; with
 * --openings they open the border beside them, and are taken. `flag` is
 * the first of --from, --to and --ends given, or null.
 */
export function checkEndsShown(format: Format, flag: string | null, openings: boolean): void {
  if (format.solution !== 'none' || flag === null || openings) return;
  const showing = formats.filter((f) => f.solution !== 'none').map((f) => f.name);
  throw new UsageError(`${flag} applies to ${listChoices(showing)}, not to ${format.name}: it draws the walls alone, no start or end (with --openings the border opens beside them)`);
}

/**
 * Refuse an option of a format that is not written (`--paper applies to
 * pdf, not to png`), in the words used for another algorithm's option:
 * silently ignored, it would look like a bug in the picture.
 */
export function checkFormatOptions(args: Args, format: Format): void {
  refuseOthersOptions(formatOptionOwners(), format, (name) => flagText(args, flagOf(name).slice(2)) !== undefined);
}

/**
 * A path that is neither a regular file nor a new one (a character device
 * such as /dev/stdout or /dev/full, /dev/fd/N, a FIFO, a socket): its name
 * says no format, so it takes the default, as standard output does (SPEC
 * "Output formats"). A new file with no known ending stays a usage error.
 */
function isDeviceOrPipe(path: string): boolean {
  // a descriptor's name (/dev/stdout), whatever it leads to: a file standard output is redirected to, too
  if (namedDescriptor(path) !== null) return true;
  try {
    const stats = statSync(path);
    return !stats.isFile() && !stats.isDirectory();
  } catch {
    return false;
  }
}

/** Refuse a format that draws square mazes only (ASCII, POV) for a maze on another grid, pointing to one that draws it. */
export function checkShapeFormat(format: Format, shape: string): void {
  if (format.renderGraph) return;
  const able = formats.filter((f) => f.renderGraph).map((f) => f.name);
  throw new UsageError(`the ${format.name} format draws square mazes only; write the ${shape} maze as ${listChoices(able)}, such as -o maze.png`);
}

/** Refuse a picture over the pixel budget (--max-pixels), before the maze is made or read. */
export function checkPicture(target: Target, width: number, height: number, options: RenderOptions, args: Args): void {
  checkPictureBudget(target.format.pixels?.(width, height, options), width, height, options, args);
}

/**
 * A single output path checked before any work (SPEC "Errors and safety"):
 * its folder must exist, for a missing one is more often a typo than a
 * wish (a batch template's folders are created, `checkWritable`'s mkdir -p);
 * then what `checkWritable` refuses.
 */
export async function checkSingleOutput(path: string, format: Pick<Format, 'binary' | 'name'>, probe = true): Promise<void> {
  const folder = dirname(path);
  const missing = missingFolder(folder);
  if (missing !== null) {
    throw new UsageError(`cannot write '${path}': the folder '${missing}' does not exist (create it first: mkdir -p '${folder}')`);
  }
  await checkWritable([path], { ...binaryOnly(format), probe });
}

/** The first folder of `folder` that does not exist (its nearest missing ancestor), or null when it exists or is not a folder at all (checkWritable says so). */
function missingFolder(folder: string): string | null {
  let missing: string | null = null;
  for (let dir = folder; ; dir = dirname(dir)) {
    try {
      statSync(dir);
      return missing;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return null;
      missing = dir;
    }
    if (dirname(dir) === dir) return missing;
  }
}

/** What the writer must know of a format: binary bytes never go to a terminal, whatever the path. */
export function binaryOnly(format: Pick<Format, 'binary' | 'name'>): WriteOptions {
  return format.binary ? { binary: format.name } : {};
}

/** How a run writes `format`: binary bytes never to a terminal, the folders it makes remembered in its session. */
export function writeOptions(format: Pick<Format, 'binary' | 'name'>, io: Io): WriteOptions {
  return { ...binaryOnly(format), session: io.session };
}

/**
 * Write a whole maze, or a streamed one's rows (to a format with
 * renderRows). `meter` shows the rows written as they go (a streamed maze's
 * rows are made as they are written); PDF, one page, shows none, and
 * neither does text written to the terminal the line would be drawn over.
 */
export async function writeMaze(maze: Maze | MazeRows | GraphMaze, target: Target, options: RenderOptions, io: Io, meter: Meter = SILENT_METER): Promise<void> {
  const onScreen = target.path === null && io.stdout.isTTY === true;
  const line = (onScreen ? SILENT_METER : meter)(maze.height + 1, 'rows written');
  try {
    const { format } = target;
    const output = maze instanceof GraphMaze ? format.renderGraph!(maze, options) : options.distances && maze instanceof Maze ? format.render(maze, options) : format.renderRows ? format.renderRows(tickingRows(asRows(maze), line.update), options) : format.render(maze as Maze, options);
    if (target.path === null) await writeToStream(io.stdout, output);
    else await writeFileAtomically(target.path, output, writeOptions(format, io));
  } finally {
    line.end();
  }
}
