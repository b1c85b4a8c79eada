/**
 * `maze book [FILE.json] -n 100 -o book.pdf`: a printable puzzle book
 * (SPEC "The book"), its mazes from the flags or from a book file
 * (schema/book.schema.json), made by the library's `makeBook`. It says
 * what it wrote on stderr ("book.pdf: 212 pages, 0 problems": the book
 * checks its own margins before it is written), and with --json, writes
 * every puzzle's maze, solved, beside it.
 */
import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Argv } from 'yargs';
import { MazeError, UsageError } from '../../errors.js';
import type { Mask } from '../../model/mask.js';
import { parseChoice, parseInteger, shownValue } from '../../model/options.js';
import { checkSeed } from '../../lib/spec.js';
import { SHAPE_NAMES } from '../../grid/shape.js';
import type { BookOptions, BookSection, MadeBook } from '../../lib/book.js';
import { findFormat, renderMaze } from '../../formats/index.js';
import { DEFAULT_RENDER_OPTIONS } from '../../formats/types.js';
import { DEFAULT_BOOK_COUNT, MAX_BOOK_MAZES, TRIM_NAMES } from '../../formats/book.js';
import { namedDescriptor, resolveOutputPath, writeFileAtomically, writeToStream } from '../output.js';
import { progress } from '../progress.js';
import type { Progress } from '../../tick.js';
import { drawCliSeed } from '../seed.js';
import { examples, flagText, maskShaping, numberOption } from './args.js';
import { loadMask } from './mask-file.js';
import { readNamedFile } from './input.js';
import { checkSingleOutput } from './target.js';
import type { Args, Command, Io } from './types.js';

/** A book file is a few lines of JSON: a megabyte is plenty. */
const MAX_BOOK_FILE_BYTES = 2 ** 20;

/** Flags that say what the mazes are: a book file says it instead. */
const MAZE_FLAGS = ['n', 'algo', 'mix', 'shape', 'w', 'h', 'mask', 'mask-invert', 'mask-regions', 'ramp'] as const;

function bookOptions(y: Argv): Argv {
  y = y
    .usage('$0 book [FILE.json] [options]\n\nA printable puzzle book: a title page, the mazes, then answer pages with every solution.\nFILE.json (schema/book.schema.json) lists the mazes in sections, in place of the flags that say what they are.')
    .group(['n', 'o', 'seed', 'algo', 'mix', 'shape', 'w', 'h', 'mask', 'mask-invert', 'mask-regions', 'ramp'], 'The mazes:')
    .group(['title', 'subtitle', 'author', 'trim', 'bleed', 'per-page', 'answers-per-page', 'json', 'quiet'], 'The book:')
    .option('n', { alias: 'count', ...numberOption(`how many mazes, 1 to ${MAX_BOOK_MAZES}`, DEFAULT_BOOK_COUNT) })
    .option('o', { alias: 'output', type: 'string', requiresArg: true, describe: 'the PDF to write (- for standard output)' })
    .option('seed', { alias: 's', type: 'string', requiresArg: true, describe: 'the same seed gives the same book, byte for byte', defaultDescription: 'drawn, and printed on stderr' })
    .option('algo', { alias: 'a', type: 'string', requiresArg: true, describe: 'the algorithm of every maze', defaultDescription: 'trees (backtracker on other shapes)' })
    .option('mix', { type: 'string', requiresArg: true, describe: 'algorithms taken in turn, maze after maze: backtracker,kruskal,prim' })
    .option('shape', { type: 'string', requiresArg: true, describe: `grid shape: ${SHAPE_NAMES.join(', ')}`, defaultDescription: 'square' })
    .option('w', { alias: 'width', ...numberOption("width in cells (polar: rings; with --mask: the mask's, scaled when given)", 30) })
    .option('h', { alias: 'height', ...numberOption("height in cells (with --mask: the mask's, or its aspect kept from --w; not polar)", 20) })
    .option('mask', { type: 'string', requiresArg: true, describe: 'every maze in this outline (a text or PNG mask file, as maze gen --mask)' })
    .option('mask-invert', { type: 'boolean', describe: 'swap the cells in and out of the mask' })
    .option('mask-regions', { type: 'string', requiresArg: true, describe: 'a mask in several parts: one (refuse it), largest (keep the largest) or join (join them all)', defaultDescription: 'one' })
    .option('ramp', { type: 'string', requiresArg: true, describe: 'difficulty from the first maze to the last, in even steps: 0.2..0.8 rises, 0.8..0.2 falls' })
    .option('title', { type: 'string', requiresArg: true, describe: "the title page's title", defaultDescription: 'Mazes' })
    .option('subtitle', { type: 'string', requiresArg: true, describe: 'a line under the title' })
    .option('author', { type: 'string', requiresArg: true, describe: 'the author, on the title page' })
    .option('trim', { type: 'string', requiresArg: true, describe: `the trimmed page: ${TRIM_NAMES.join(', ')} (inches, or by name)`, defaultDescription: '8.5x11' })
    .option('bleed', { type: 'boolean', describe: 'add 0.125 in of bleed on the top, bottom and outer edge' })
    .option('per-page', numberOption('mazes on a puzzle page: 1, 2 or 4', 1))
    .option('answers-per-page', numberOption('solved mazes on an answer page, 4 to 9', '6, fewer for large mazes'))
    .option('json', { type: 'string', requiresArg: true, describe: 'also write every puzzle, its page and its solved maze, to this JSON file (- for standard output)' })
    .option('quiet', { alias: 'q', type: 'boolean', describe: 'no progress line, no summary and no drawn seed on stderr' });
  return examples(y, [
    ['$0 book -n 40 --trim 6x9 --seed 7 -o book.pdf', '40 mazes, 6 × 9 in'],
    ['$0 book -n 100 --mix backtracker,kruskal --per-page 2 -o b.pdf', '2 a page'],
    ['$0 book sections.json -o book.pdf', 'the mazes a book file lists'],
  ]);
}

/** "0.2..0.8" as two numbers. */
function parseRamp(text: string): [number, number] {
  const m = /^\s*(\d*\.?\d+)\s*\.\.\s*(\d*\.?\d+)\s*$/.exec(text);
  const pair = m ? ([Number(m[1]), Number(m[2])] as [number, number]) : null;
  if (pair === null || pair.some((v) => !(v >= 0 && v <= 1))) throw new UsageError(`--ramp must be two difficulties from 0 to 1 as FIRST..LAST, such as 0.2..0.8, got '${text}'`);
  return pair;
}

/** The book's options from the flags (and the book file, when given). */
async function optionsOf(args: Args, io: Io, seed: string): Promise<BookOptions> {
  const text = (flag: string): string | undefined => flagText(args, flag);
  const options: Record<string, unknown> = { seed };
  for (const [flag, name] of [['title', 'title'], ['subtitle', 'subtitle'], ['author', 'author']] as const) {
    if (text(flag) !== undefined) options[name] = text(flag);
  }
  if (text('trim') !== undefined) options.trim = parseChoice(text('trim')!, 'trim', TRIM_NAMES);
  if (args.bleed === true) options.bleed = true;
  // a number as typed, checked by the library, whose one message lists 1, 2 and 4
  if (text('per-page') !== undefined) options.perPage = /^\s*\d+\s*$/.test(text('per-page')!) ? Number(text('per-page')) : text('per-page');
  if (text('answers-per-page') !== undefined) options.answersPerPage = parseInteger(text('answers-per-page')!, 'answersPerPage', 4, 9);
  const file = typeof args.file === 'string' ? args.file : undefined;
  if (file !== undefined) {
    const given = MAZE_FLAGS.find((flag) => text(flag) !== undefined);
    if (given !== undefined) throw new UsageError(`the book file '${file}' lists the mazes, so ${given.length === 1 ? '-' : '--'}${given} does not apply: put it in a section of the file`);
    const fromFile = await readBookFile(file, io);
    // --seed wins over the file's seed, which wins over one drawn
    return { ...fromFile, ...options, seed: text('seed') ?? fromFile.seed ?? seed } as BookOptions;
  }
  if (text('n') !== undefined) options.count = parseInteger(text('n')!, 'count', 1, MAX_BOOK_MAZES);
  if (text('algo') !== undefined) options.algorithm = text('algo');
  if (text('mix') !== undefined) options.mix = text('mix')!.split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (text('shape') !== undefined) options.shape = parseChoice(text('shape')!, 'shape', SHAPE_NAMES);
  if (text('w') !== undefined) options.width = parseInteger(text('w')!, 'width', 1, 1000);
  if (text('h') !== undefined) options.height = parseInteger(text('h')!, 'height', 1, 1000);
  if (text('ramp') !== undefined) options.ramp = parseRamp(text('ramp')!);
  const mask = await loadMask(text('mask'), io.stdin);
  if (mask !== null) options.mask = mask.mask;
  const shaping = maskShaping(args, mask !== null);
  if (shaping?.invert === true) options.maskInvert = true;
  if (shaping !== null && shaping.regions !== 'one') options.maskRegions = shaping.regions;
  return options as BookOptions;
}

/** A book file: its JSON, with each section's mask files read (relative to the book file). */
async function readBookFile(file: string, io: Io): Promise<Record<string, unknown>> {
  const bytes = await readNamedFile(file, io, MAX_BOOK_FILE_BYTES, () => new UsageError(`the book file '${file}' is over ${MAX_BOOK_FILE_BYTES} bytes: a book file is a few lines of JSON`));
  let doc: unknown;
  try {
    // a byte order mark, as a saved maze may have one
    doc = JSON.parse(bytes.toString('utf8').replace(/^\ufeff/, ''));
  } catch (error) {
    throw new UsageError(`the book file '${file}' is not valid JSON (${(error as Error).message}): see schema/book.schema.json`);
  }
  const { default: validate } = await import('../../lib/book-schema-validator.js');
  if (!validate(doc)) {
    const { schemaMessage } = await import('../../formats/json.js');
    throw new UsageError(`the book file '${file}': ${schemaMessage(validate.errors?.[0], doc, 'the book')}`);
  }
  const book = doc as Record<string, unknown> & { sections: (BookSection & { masks?: string[] })[] };
  // the file's seed, named as the file names it (the library's check would name --seed, not given)
  if (book.seed !== undefined) {
    try {
      checkSeed(book.seed);
    } catch {
      throw new UsageError(`the book file '${file}': "seed" must be a safe integer or non-blank text, such as "seed": 7, got ${shownValue(book.seed)}`);
    }
  }
  const base = dirname(resolve(file));
  const sections: BookSection[] = [];
  for (const section of book.sections) {
    const masks: Mask[] = [];
    for (const name of section.masks ?? []) masks.push((await loadMask(resolve(base, name), io.stdin))!.mask);
    sections.push({ ...section, ...(section.masks === undefined ? {} : { masks }) });
  }
  return { ...book, sections };
}

async function runBook(args: Args, io: Io): Promise<void> {
  const out = flagText(args, 'o');
  if (out === undefined) throw new UsageError('maze book needs -o FILE.pdf, the book to write (or -o - for standard output)');
  const path = out === '-' ? null : out;
  // a descriptor by name (-o /dev/stdout, /dev/fd/3) is written through, as maze gen writes it
  if (path !== null && namedDescriptor(path) === null && !/\.pdf$/i.test(path)) throw new UsageError(`-o '${path}' must name a PDF file (ending in .pdf): a book is a PDF`);
  if (path === null && io.stdout.isTTY) throw new UsageError('refusing to write PDF bytes to a terminal; use -o FILE.pdf or redirect standard output');
  // --json - is standard output, as -o - is
  const jsonText = flagText(args, 'json');
  const json = jsonText === '-' ? null : jsonText;
  if (path === null && jsonText === '-') throw new UsageError('-o - and --json - both name standard output: write one of them to a file');
  const quiet = args.quiet === true;
  const drawn = flagText(args, 'seed') === undefined ? drawCliSeed() : null;
  const options = await optionsOf(args, io, flagText(args, 'seed') ?? drawn!);
  // the seed the book is made from: --seed, a book file's, or the drawn one (the only one said on stderr)
  const seed = String(options.seed);
  await checkOutputs(path, json);
  const { makeBook } = await import('../../lib/book.js');
  // a line for the mazes made, then one for the pages laid out
  let line: Progress | null = null;
  let phase = '';
  const made = await makeBook(options, (done, total, unit) => {
    if (unit !== phase) {
      line?.end();
      line = progress(io, quiet, total, unit);
      phase = unit;
    }
    line!.update(done);
  }).catch((error: unknown) => {
    // a section's fault is the book file's, named as its schema's refusals are ('the book file …': "sections" entry 0 …)
    if (typeof args.file === 'string' && error instanceof MazeError && error.option === 'sections') throw new UsageError(`the book file '${args.file}': ${error.message}`);
    throw error;
  });
  (line as Progress | null)?.end();
  if (seed === drawn && !quiet) (io.stderrLine ?? ((t) => io.stderr.write(t)))(`seed: ${seed}\n`);
  if (path === null) await writeToStream(io.stdout, [made.bytes]);
  else await writeFileAtomically(path, [made.bytes], { session: io.session });
  if (jsonText === '-') await writeToStream(io.stdout, [await sideFile(made, seed)]);
  else if (typeof json === 'string') await writeFileAtomically(json, [await sideFile(made, seed)], { session: io.session });
  if (!quiet) io.stderr.write(`${path ?? 'standard output'}: ${made.pages} pages, 0 problems\n`);
}

/**
 * The book's files checked before any work, as `maze gen` checks its one
 * file (target.ts `checkSingleOutput`): each folder must exist, and each
 * file be writable. -o and --json must be two files, or the side file
 * would replace the book: two names that lead to one file (a link, a
 * `./`, a hard link) are refused.
 */
async function checkOutputs(path: string | null, json: string | null | undefined): Promise<void> {
  if (path !== null) await checkSingleOutput(path, { binary: true, name: 'pdf' });
  if (json === null || json === undefined) return;
  await checkSingleOutput(json, { binary: false, name: 'json' });
  if (path !== null && sameFile(path, json)) throw new UsageError(`-o '${path}' and --json '${json}' are the same file: give --json another name`);
}

/**
 * Two output paths that lead to one file, new or plain: the same real path
 * (resolveOutputPath), or one file under two names. A device takes both
 * (-o /dev/null --json /dev/null).
 */
function sameFile(a: string, b: string): boolean {
  const [one, other] = [statSync(a, { throwIfNoEntry: false }), statSync(b, { throwIfNoEntry: false })];
  if (one !== undefined && !one.isFile()) return false;
  if (resolveOutputPath(a) === resolveOutputPath(b)) return true;
  return one !== undefined && other !== undefined && one.dev === other.dev && one.ino === other.ino;
}

/** The --json side file: the book's seed, and each puzzle's number, pages and maze (the maze JSON format, solved). */
async function sideFile(made: MadeBook, seed: string): Promise<string> {
  const json = findFormat('json')!;
  const puzzles: string[] = [];
  for (const p of made.puzzles) {
    let text = '';
    for await (const chunk of renderMaze(json, p.maze, DEFAULT_RENDER_OPTIONS)) text += typeof chunk === 'string' ? chunk : new TextDecoder().decode(chunk);
    puzzles.push(`{"number":${p.number},"page":${p.page},"answerPage":${p.answerPage},"maze":${text.trim()}}`);
  }
  return `{"seed":${JSON.stringify(seed)},"pages":${made.pages},"puzzles":[\n${puzzles.join(',\n')}\n]}\n`;
}

export const book: Command = {
  name: 'book',
  synopsis: 'book [FILE.json]',
  summary: 'a printable puzzle book of mazes, with the answers at the back (PDF)',
  readsFile: 'optional',
  fileWords: 'one book file, FILE.json or -',
  options: bookOptions,
  run: runBook,
};
