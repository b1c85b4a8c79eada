/** Reading a saved maze, FILE.json or - for standard input, for render, solve and stats. */
import { IoError, UsageError } from '../../errors.js';
import { MAX_INPUT_BYTES, parseAnyMaze, parseMaze } from '../../formats/json.js';
import { checkShapeDrawing } from '../../formats/shape-picture.js';
import { GraphMaze } from '../../grid/graph-maze.js';
import type { RenderOptions } from '../../formats/types.js';
import type { Maze } from '../../model/maze.js';
import { systemErrorText } from '../output.js';
import { readFileCapped, readStreamCapped } from './read-file.js';
import { colorLevel, flagText, readMaxPixels, readRenderOptions, terminalStyle } from './args.js';
import { checkFormatOptions, checkPicture, checkShapeFormat, checkSingleOutput, checkSolutionShown, resolveTarget } from './target.js';
import type { Target } from './target.js';
import type { Args, Io } from './types.js';

/** The maze named by the command's FILE positional. */
export async function readSavedMaze(args: Args, io: Io): Promise<Maze> {
  const file = flagText(args, 'file') ?? '-';
  return parseMaze(await readInput(file, io, String(args._[0])), file === '-' ? 'standard input' : file);
}

/** The maze named by the command's FILE positional, of any shape. */
export async function readAnySavedMaze(args: Args, io: Io): Promise<Maze | GraphMaze> {
  const file = flagText(args, 'file') ?? '-';
  return parseAnyMaze(await readInput(file, io, String(args._[0])), file === '-' ? 'standard input' : file);
}

/** Files people hand a command that reads a saved maze, told by their first bytes (their "magic numbers"). */
const KNOWN_FILES: readonly { what: string; starts: (bytes: Buffer) => boolean }[] = [
  { what: 'a PNG picture', starts: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { what: 'a PDF document', starts: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
  { what: 'a GIF picture', starts: (b) => /^GIF8[79]a/.test(b.subarray(0, 6).toString('latin1')) },
  { what: 'a JPEG picture', starts: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { what: 'a ZIP archive', starts: (b) => b.subarray(0, 4).toString('latin1') === 'PK\u0003\u0004' },
  { what: 'a gzip file', starts: (b) => b[0] === 0x1f && b[1] === 0x8b },
  { what: 'an SVG picture', starts: (b) => /^\s*(<\?xml[^>]*>\s*)?<svg[\s>]/.test(b.subarray(0, 512).toString('utf8')) },
  { what: 'a POV-Ray scene', starts: (b) => /^\/\/ (A )?maze[ ,]/.test(b.subarray(0, 64).toString('utf8')) },
  // binary STL has no magic number: an 80-byte header, the facet count, 50 bytes a facet; ASCII STL opens with `solid`
  { what: 'an STL model', starts: (b) => (b.length >= 84 && b.length === 84 + 50 * b.readUInt32LE(80)) || /^solid[ \t\r\n]/.test(b.subarray(0, 6).toString('latin1')) },
  // the group codes of a DXF's first pair: a comment (999) or a section's start (0, SECTION)
  { what: 'a DXF drawing', starts: (b) => /^\s*(999|0\s*\r?\n\s*SECTION)\s*\r?\n/.test(b.subarray(0, 64).toString('latin1')) },
  { what: 'empty', starts: (b) => /^\s*$/.test(b.subarray(0, 4096).toString('latin1')) && b.length <= 4096 },
  // maze gen's own text picture: its corner, in ASCII or box drawing (U+2500–U+257F), then its walls
  { what: 'a maze drawn as text', starts: (b) => /^\s*(\+[-+ ]|[\u2500-\u257f])/.test(b.subarray(0, 64).toString('utf8')) },
  // JSON text never holds a control character but tab, line feed and carriage return: a file with one near its start is no text
  { what: 'binary data', starts: (b) => b.subarray(0, 4096).some((byte) => byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) },
];

/** Refuse a picture, a document or an archive given for a saved maze, saying what it is and what the command reads. */
function checkNotKnownFile(bytes: Buffer, file: string, command: string): void {
  const known = KNOWN_FILES.find((k) => k.starts(bytes));
  if (known === undefined) return;
  const name = file === '-' ? 'standard input' : `'${file}'`;
  throw new UsageError(`${name} is ${known.what}, not a saved maze: maze ${command} reads a maze saved as JSON (maze gen -o maze.json)`);
}

/** A saved maze, where it goes and how it is drawn, all checked before any writing. */
export async function openSaved(args: Args, io: Io): Promise<{ maze: Maze | GraphMaze; target: Target; renderOptions: RenderOptions }> {
  const target = resolveTarget(args, io);
  const renderOptions = readRenderOptions(args);
  checkFormatOptions(args, target.format);
  // maze solve draws a path (by --method): refused where it would not show
  if (args._[0] === 'solve') {
    const method = flagText(args, 'method')?.trim().toLowerCase();
    checkSolutionShown(target.format, method === undefined || method === 'shortest' ? null : method, method === undefined ? null : '--method');
  }
  renderOptions.color = await colorLevel(args, target.path === null, io);
  const maze = await readAnySavedMaze(args, io);
  if (maze instanceof GraphMaze) {
    checkShapeFormat(target.format, maze.shapeName);
    checkShapeDrawing(target.format, maze, renderOptions, readMaxPixels(args));
    if (target.path !== null) await checkSingleOutput(target.path, target.format);
    return { maze, target, renderOptions };
  }
  renderOptions.style = terminalStyle(args, renderOptions.style, target.path === null && target.format.name === 'ascii', io, maze.width);
  target.format.checkSize?.(maze.width, maze.height, renderOptions);
  checkPicture(target, maze.width, maze.height, renderOptions, args);
  if (target.path !== null) await checkSingleOutput(target.path, target.format);
  return { maze, target, renderOptions };
}

function tooLarge(file: string): UsageError {
  return new UsageError(`${file === '-' ? 'standard input' : `'${file}'`} is larger than ${MAX_INPUT_BYTES} bytes (${MAX_INPUT_BYTES / 2 ** 20} MiB), the most a saved maze may be`);
}

/**
 * The input's bytes as text, refused past MAX_INPUT_BYTES: a file by its
 * size up front, standard input, a pipe or a device (/dev/zero) as it is read.
 */
async function readInput(file: string, io: Io, command: string): Promise<string> {
  const bytes = await readNamedFile(file, io, MAX_INPUT_BYTES, tooLarge);
  checkNotKnownFile(bytes, file, command);
  return bytes.toString('utf8');
}

/**
 * A file the user names (or standard input, `-`), whole, within `limit`
 * bytes: a missing or unreadable one is a usage error naming it (exit 2),
 * any other failure an I/O error (exit 1); never a stack trace.
 */
export async function readNamedFile(file: string, io: Io, limit: number, tooLarge: (file: string) => Error): Promise<Buffer> {
  try {
    return file === '-' ? await readStreamCapped(io.stdin, limit, () => tooLarge('-')) : await readFileCapped(file, limit, tooLarge);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR' || code === 'EACCES' || code === 'ENAMETOOLONG' || code === 'ELOOP' || code === 'ENXIO') {
      throw new UsageError(`cannot read '${file}': ${systemErrorText(error)}`);
    }
    throw new IoError(`cannot read '${file}': ${systemErrorText(error)}`);
  }
}


