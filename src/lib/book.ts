/**
 * `book(options)`: a printable puzzle book (SPEC "The book"), as PDF bytes.
 * The options say what the book holds: either one kind of maze (an
 * algorithm or a mix of them, a shape, a size, a mask, a difficulty ramp)
 * and a count, or sections, each its own count and kinds, in order, as a
 * book file (schema/book.schema.json) holds them. Puzzle n's maze is what
 * `generate` makes with the puzzle's options and the n-th seed of the book's
 * seed (a batch's: `maze gen --seed S --count N` makes the same mazes), its
 * ends on the rim, farthest apart along the maze, with openings there,
 * solved for the answer pages; a square maze's mask is fitted to its size
 * first, as `maze gen --mask` fits a mask file. Every kind of puzzle is
 * checked before any maze is made (its options as `generate` checks them,
 * its size against the page), and a ramp's ends are made first: a refusal
 * comes at once. formats/book.ts lays the pages out.
 */
import { algorithms as registry } from '../algorithms/index.js';
import type { AlgorithmName } from '../algorithms/index.js';
import { listChoices, MazeError } from '../errors.js';
import type { BookLayoutOptions, BookPuzzle, PuzzleSize, TrimName } from '../formats/book.js';
import { answersPerPageFor, ANSWERS_PER_PAGE, bookPdf, checkPuzzleFits, DEFAULT_BOOK_COUNT, MAX_BOOK_MAZES, TRIM_NAMES } from '../formats/book.js';
export { DEFAULT_BOOK_COUNT, MAX_BOOK_MAZES };
import type { Mask } from '../model/mask.js';
import { checkBoolean, checkChoice, checkInteger, shownValue } from '../model/options.js';
import type { AnyMaze } from '../passages/view.js';
import { GraphMaze } from '../grid/graph-maze.js';
import { SHAPE_NAMES } from '../model/shape-names.js';
import { batchSeed, drawSeed } from '../rng.js';
import type { MaskCells } from './api.js';
import type { FitMaskOptions } from './api.js';
import { fitMask, generate } from './api.js';
import { enableDifficulty } from './difficulty.js';
import validateBook from './book-schema-validator.js';
import { schemaMessage } from '../formats/json.js';
import type { MazeSpec } from './spec.js';
import { checkKnownNames, checkSeed, optionsObject, otherShapeOf, specCellCount, specFromOptions } from './spec.js';

/** One run of the book's mazes: `count` of them, taking the algorithms, shapes and masks listed in turn. */
export interface BookSection {
  count: number;
  /** Taken in turn, maze after maze: names of the registry (a misspelled one fails to compile). */
  algorithms?: readonly AlgorithmName[];
  shapes?: readonly ('square' | 'hex' | 'triangle' | 'polar')[];
  /** Masks (as `generate` takes them: rows of text, or cells), on the square grid fitted to the width and height given as `fitMask` fits them (the mask's own size when neither is). */
  masks?: readonly (readonly string[] | MaskCells | Mask)[];
  /** The masks' cells swapped in and out; a mask in several parts refused (one, the default), its largest kept, or its parts joined: as `fitMask`'s options. */
  maskInvert?: boolean;
  maskRegions?: 'one' | 'largest' | 'join';
  width?: number;
  height?: number;
  /** The difficulty of the section's first maze and its last, 0 to 1 (needs the difficulty option of `generate`). */
  difficulty?: readonly [number, number];
}

export interface BookOptions {
  title?: string;
  subtitle?: string;
  author?: string;
  /** The trimmed page: 5x8, 6x9, 8.5x11 (the default), 8.25x8.25, a4 or letter. */
  trim?: TrimName;
  /** 0.125 in of bleed on the top, the bottom and the outer edge. */
  bleed?: boolean;
  /** Mazes on a puzzle page: 1 (the default), 2 or 4. */
  perPage?: 1 | 2 | 4;
  /** Solved mazes on an answer page, 4 to 9; when not given 6, or for mazes too large to print answers of 6 to a page, 4, 2 or 1. */
  answersPerPage?: number;
  /** The same seed gives the same book, byte for byte; drawn when absent. */
  seed?: number | string;
  /** The book's mazes, in order; without them, one section of `count` mazes (default 20) of the kind the options below say. */
  sections?: readonly BookSection[];
  count?: number;
  algorithm?: AlgorithmName;
  /** Algorithms taken in turn, maze after maze. */
  mix?: readonly AlgorithmName[];
  shape?: 'square' | 'hex' | 'triangle' | 'polar';
  width?: number;
  height?: number;
  mask?: readonly string[] | MaskCells | Mask;
  maskInvert?: boolean;
  maskRegions?: 'one' | 'largest' | 'join';
  /** The difficulty of the first maze and the last, rising in between (0 to 1). */
  ramp?: readonly [number, number];
}


/** Mazes a puzzle page holds: one, one above another, or two by two. */
const PER_PAGE: readonly (1 | 2 | 4)[] = [1, 2, 4];

/** What a puzzle is, in plain words: the grid's shape and size, and what its corridors are like. */
const LOOKS: Readonly<Record<string, string>> = {
  trees: 'branching trees',
  kruskal: 'many short dead ends',
  backtracker: 'long winding paths',
  'hunt-and-kill': 'long winding paths',
  prim: 'many short branches',
  wilson: 'evenly random',
  'aldous-broder': 'evenly random',
  'growing-tree': 'a mix of long and short paths',
  eller: 'built row by row',
  sidewinder: 'straight runs, easy at the top',
  'binary-tree': 'straight runs, easy at the edges',
  division: 'rooms and long walls',
  zones: 'keys and doors',
};

/** Words for a difficulty, by the score they stay under. */
const HARDNESS: readonly (readonly [number, string])[] = [[0.2, 'very easy'], [0.4, 'easy'], [0.6, 'medium'], [0.8, 'hard'], [Infinity, 'very hard']];

/** The book's puzzles as made, with the options each was made from: what the book's JSON side file lists. */
export interface MadeBook {
  bytes: Uint8Array;
  pages: number;
  puzzles: { number: number; page: number; answerPage: number; maze: AnyMaze }[];
}

/** The book as PDF bytes. */
export async function book(options: BookOptions = {}): Promise<Uint8Array> {
  return (await makeBook(options)).bytes;
}

/** A puzzle before it is made: what `generate` is given, and where the puzzle sits in the book. */
interface PlannedPuzzle {
  /** Its number in the book, from 1. */
  number: number;
  section: number;
  /** Its place in its section, from 0. */
  index: number;
  options: Record<string, unknown>;
  algorithm: string | undefined;
  difficulty: number | undefined;
  /** Puzzles of one kind differ only in their seed and difficulty: one check says whether all of them can be made. */
  kind: string;
}

/** The book, its page count and where each puzzle went; `onProgress` is told the mazes made, then the pages laid out. */
export async function makeBook(given: BookOptions = {}, onProgress?: (done: number, total: number, unit: 'mazes' | 'pages') => void): Promise<MadeBook> {
  const options = optionsObject(given, 'book') as BookOptions & Record<string, unknown>;
  checkKnownNames(options, ['title', 'subtitle', 'author', 'trim', 'bleed', 'perPage', 'answersPerPage', 'seed', 'sections', 'count', 'algorithm', 'mix', 'shape', 'width', 'height', 'mask', 'maskInvert', 'maskRegions', 'ramp'], 'book');
  const asked = layoutOf(options);
  const sections = sectionsOf(options);
  const seed = options.seed === undefined ? drawSeed() : checkSeed(options.seed);
  const book: BookWords = { sections: options.sections !== undefined, sectionCount: sections.length };
  const planned = planPuzzles(sections, seed, book);
  // every kind of puzzle checked before any maze is made: a refusal comes at once, not after the mazes before it
  const layout = checkPuzzles(planned, sections, book, asked);
  if (sections.some((s) => s.difficulty !== undefined)) enableDifficulty();
  const made: (BookPuzzle | undefined)[] = [];
  for (const [done, p] of madeOrder(planned, sections).entries()) {
    let maze: AnyMaze;
    try {
      maze = generate(p.options as Parameters<typeof generate>[0]);
    } catch (error) {
      throw puzzleError(error, p, sections[p.section]!, book);
    }
    made[p.number - 1] = { maze, about: aboutLine(maze, p.algorithm ?? maze.info?.algorithm ?? '', p.difficulty) };
    onProgress?.(done + 1, planned.length, 'mazes');
  }
  const puzzles = made as BookPuzzle[];
  const laid = await bookPdf(puzzles, layout, onProgress && ((done, pages) => onProgress(done, pages, 'pages')));
  return {
    bytes: laid.bytes,
    pages: laid.pages,
    puzzles: puzzles.map((p, i) => ({ number: i + 1, page: laid.puzzlePage[i]!, answerPage: laid.answerPage[i]!, maze: p.maze })),
  };
}

/**
 * Each puzzle's options for `generate`: the section's algorithms, shapes and
 * masks taken in turn, its size, its place on the ramp, and the n-th seed of
 * the book's. A square puzzle's mask is fitted to the section's size as
 * `maze gen --mask` fits a mask file to --w and --h (`fitMask`: scaled, one
 * side given keeping its aspect; the mask's own size when none is given).
 */
function planPuzzles(sections: readonly BookSection[], seed: string, book: BookWords): PlannedPuzzle[] {
  const planned: PlannedPuzzle[] = [];
  for (const [s, section] of sections.entries()) {
    // each mask fitted once for the square grid and once for the others
    const fitted = new Map<unknown, Map<'square' | 'shape', Mask>>();
    // a height says nothing to a polar maze, whose size is its rings; refused when it applies to none of the section's shapes
    const heightApplies = section.height !== undefined && (section.shapes ?? ['square']).some((shape) => shape !== 'polar');
    for (let i = 0; i < section.count; i++) {
      const algorithm = pick(section.algorithms, i) ?? undefined;
      const shape = pick(section.shapes, i) ?? 'square';
      const maskIndex = section.masks === undefined || section.masks.length === 0 ? -1 : i % section.masks.length;
      const [lo, hi] = section.difficulty ?? [null, null];
      const difficulty = lo === null || hi === null ? undefined : section.count === 1 ? lo : lo + ((hi - lo) * i) / (section.count - 1);
      const p: PlannedPuzzle = { number: planned.length + 1, section: s, index: i, options: {}, algorithm, difficulty, kind: `${s} ${algorithm ?? ''} ${shape} ${maskIndex}` };
      let mask: Mask | readonly string[] | MaskCells | undefined;
      try {
        mask = maskIndex < 0 ? undefined : fittedMask(section.masks![maskIndex]!, shape, section, fitted);
      } catch (error) {
        throw puzzleError(error, p, section, book);
      }
      const zones = algorithm === 'zones';
      // a difficulty makes the maze to it (lib/difficulty.ts: the growing tree at the blend and ends that reach it), its own ends and algorithm
      const toDifficulty = difficulty !== undefined;
      p.options = {
        ...(algorithm === undefined || toDifficulty ? {} : { algorithm }),
        ...(shape === 'square' ? {} : { shape }),
        ...(section.width === undefined ? {} : { width: section.width }),
        ...(section.height === undefined || (shape === 'polar' && heightApplies) ? {} : { height: section.height }),
        ...(mask === undefined ? {} : { mask }),
        ...(difficulty === undefined ? {} : { difficulty: Math.round(difficulty * 1000) / 1000 }),
        // a keys-and-doors maze keeps its own entrance and exit, opened as every puzzle's ends are; a maze made to a difficulty, the ends that give it
        ...(zones || toDifficulty ? { openings: true } : { ends: 'farthest', openings: true }),
        solve: true,
        seed: batchSeed(seed, p.number),
      };
      planned.push(p);
    }
  }
  return planned;
}

/**
 * A section's mask for a puzzle of `shape`, inverted and its parts kept or
 * joined as the section says: on the square grid fitted to the section's
 * size (once a mask), on the others at its own size (generate lays it over
 * the picture), as `maze gen --mask` fits a mask file.
 */
function fittedMask(mask: readonly string[] | MaskCells | Mask, shape: string, section: BookSection, fitted: Map<unknown, Map<'square' | 'shape', Mask>>): Mask {
  const key = shape === 'square' ? 'square' : 'shape';
  let byShape = fitted.get(mask);
  if (byShape === undefined) fitted.set(mask, (byShape = new Map()));
  let done = byShape.get(key);
  if (done === undefined) {
    const shaping = { ...(section.maskInvert === undefined ? {} : { maskInvert: section.maskInvert }), ...(section.maskRegions === undefined ? {} : { maskRegions: section.maskRegions }) };
    done = shape !== 'square'
      ? fitMask(mask, { shape: shape as FitMaskOptions['shape'], ...shaping })
      : fitMask(mask, { ...(section.width === undefined ? {} : { width: section.width }), ...(section.height === undefined ? {} : { height: section.height }), ...shaping });
    byShape.set(key, done);
  }
  return done;
}

/** What a refusal needs to know of the book to word it. */
interface BookWords {
  /** The mazes come in sections (a book file), whose fields are named as the file names them, not as flags. */
  sections: boolean;
  sectionCount: number;
}

/** The most cells a book's mazes have together: a book is laid out whole (pdf-lib's pages, some 400 bytes a cell), and 3 M cells peak at about 1.3 GB. */
export const MAX_BOOK_CELLS = 3_000_000;

/**
 * One puzzle of each kind checked as `generate` checks its options (the
 * algorithm on its shape, a polar maze's height, its mask, its size), and
 * their cells together (MAX_BOOK_CELLS); the answers a page holds chosen
 * for their sizes when not asked (formats/book.ts `answersPerPageFor`);
 * then each size against its page and its answer's slot
 * (`checkPuzzleFits`), before any maze is made.
 * Returns the book's layout.
 */
function checkPuzzles(planned: readonly PlannedPuzzle[], sections: readonly BookSection[], book: BookWords, asked: AskedLayout): BookLayoutOptions {
  const kinds = new Map<string, PlannedPuzzle>();
  const perKind = new Map<string, number>();
  for (const p of planned) {
    if (!kinds.has(p.kind)) kinds.set(p.kind, p);
    perKind.set(p.kind, (perKind.get(p.kind) ?? 0) + 1);
  }
  const sizes = new Map<string, { size: PuzzleSize; section: number }>();
  let cells = 0;
  for (const p of kinds.values()) {
    let spec: MazeSpec;
    try {
      spec = specFromOptions(p.options).spec;
    } catch (error) {
      // a book of one kind: the refusal is of its options, whichever puzzle
      throw kinds.size === 1 && !book.sections ? error : puzzleError(error, p, sections[p.section]!, book);
    }
    cells += specCellCount(spec) * perKind.get(p.kind)!;
    if (cells > MAX_BOOK_CELLS) {
      throw new MazeError(`a book of ${planned.length === 1 ? 'this maze' : `these ${planned.length} mazes`} has over ${MAX_BOOK_CELLS} cells in all, the most a book holds (it is laid out whole, some 400 bytes a cell); make fewer or smaller mazes`, { code: 'too-large', option: 'count' });
    }
    const shape = otherShapeOf(spec);
    sizes.set(`${p.section} ${shape} ${spec.width} ${spec.height}`, { size: { shape, width: spec.width, height: spec.height }, section: p.section });
  }
  const layout = { ...asked, answersPerPage: answersPerPageFor(asked.answersPerPage, [...sizes.values()].map(({ size }) => size), asked, planned.length) };
  for (const { size, section } of sizes.values()) {
    try {
      checkPuzzleFits(size, layout, planned.length, asked.answersPerPage !== null);
    } catch (error) {
      if (!book.sections || !(error instanceof MazeError)) throw error;
      throw new MazeError(`"sections" entry ${section}: ${error.wordedFor(sectionField)}`, { code: error.code, option: 'sections' });
    }
  }
  return layout;
}

/**
 * The order the mazes are made in (each from its own seed: the bytes are
 * the same in any order): a ramp's ends first, then inwards, since a
 * difficulty near an end is the likeliest to be out of its seed's reach,
 * and its refusal should come before the other mazes are made.
 */
function madeOrder(planned: readonly PlannedPuzzle[], sections: readonly BookSection[]): PlannedPuzzle[] {
  const outward = (p: PlannedPuzzle): number => {
    const ramp = sections[p.section]!.difficulty;
    return ramp === undefined || p.difficulty === undefined ? -1 : Math.abs(p.difficulty - (ramp[0] + ramp[1]) / 2);
  };
  return [...planned].sort((a, b) => outward(b) - outward(a) || a.number - b.number);
}

/** A book file's name for an option `generate` names. */
function sectionField(option: string): string {
  return option === 'algorithm' ? 'algorithms' : option === 'shape' ? 'shapes' : option === 'mask' ? 'masks' : option;
}

/** A puzzle's refusal, said where it is: its number (and section), and a difficulty as its place on the ramp. */
function puzzleError(error: unknown, p: PlannedPuzzle, section: BookSection, book: BookWords): unknown {
  if (!(error instanceof MazeError)) return error;
  const ramp = section.difficulty;
  const onRamp = error.option === 'difficulty' && ramp !== undefined && p.difficulty !== undefined;
  const place = !onRamp ? '' : p.index === 0 ? 'the first of' : p.index === section.count - 1 ? 'the last of' : 'on';
  const wording = (name: (option: string) => string): string => {
    const named = (option: string): string => (option === 'difficulty' && onRamp ? 'its difficulty' : book.sections ? sectionField(option) : name(option));
    const where = [book.sectionCount > 1 || book.sections ? `section ${p.section + 1}` : '', !onRamp ? '' : book.sections ? `${place} its ramp ${ramp[0]}..${ramp[1]}` : `${place} ${name('ramp')} ${ramp[0]}..${ramp[1]}`].filter((w) => w !== '');
    return `puzzle ${p.number}${where.length > 0 ? ` (${where.join(', ')})` : ''}: ${error.wordedFor(named)}`;
  };
  return new MazeError(book.sections ? wording((option) => option) : wording, { code: error.code, option: error.option });
}

function pick<T>(list: readonly T[] | undefined, i: number): T | null {
  return list === undefined || list.length === 0 ? null : list[i % list.length]!;
}

/** "30 × 20 squares · long winding paths". */
function aboutLine(maze: AnyMaze, algorithm: string, difficulty?: number): string {
  // a maze made to a difficulty says how hard it is, in words
  const looks = difficulty !== undefined ? HARDNESS.find(([below]) => difficulty < below)![1] : (LOOKS[algorithm] ?? algorithm);
  if (!(maze instanceof GraphMaze)) return `${maze.width} × ${maze.height} squares · ${looks}`;
  const { name, width, height } = maze.shape;
  const size = name === 'polar' ? `${width} rings` : `${width} × ${height} ${name === 'hex' ? 'hexagons' : 'triangles'}`;
  return `${size} · ${looks}`;
}

/** The book's layout as asked: the answers a page holds null when not given (checkPuzzles chooses them for the mazes' sizes). */
type AskedLayout = Omit<BookLayoutOptions, 'answersPerPage'> & { answersPerPage: number | null };

function layoutOf(options: BookOptions & Record<string, unknown>): AskedLayout {
  const text = (name: string): string | null => {
    const value = options[name];
    if (value === undefined) return null;
    if (typeof value !== 'string' || value.trim() === '' || value.length > 200) {
      throw new MazeError((n) => `${n(name)} must be text of 1 to 200 characters, got ${shownValue(value)}`, { code: 'invalid-value', option: name });
    }
    // one line: a newline set its lines over each other
    if (/[\u0000-\u001f\u007f]/.test(value)) throw new MazeError((n) => `${n(name)} must be one line of text, with no newline or other control character, got ${shownValue(value)}`, { code: 'invalid-value', option: name });
    return value;
  };
  // one message for every value refused, 0 and 3 alike
  const perPage = options.perPage ?? 1;
  if (!PER_PAGE.includes(perPage)) throw new MazeError((n) => `${n('perPage')} must be ${listChoices(PER_PAGE.map(String))}, got ${shownValue(perPage)}`, { code: 'invalid-value', option: 'perPage' });
  return {
    title: text('title') ?? 'Mazes',
    subtitle: text('subtitle'),
    author: text('author'),
    trim: options.trim === undefined ? '8.5x11' : checkChoice(options.trim, 'trim', TRIM_NAMES),
    bleed: options.bleed === undefined ? false : checkBoolean(options.bleed, 'bleed'),
    perPage,
    answersPerPage: options.answersPerPage === undefined ? null : checkInteger(options.answersPerPage, 'answersPerPage', ANSWERS_PER_PAGE.fewest, ANSWERS_PER_PAGE.most),
  };
}

/** The sections, checked: given, or the one the simple options describe. */
function sectionsOf(options: BookOptions & Record<string, unknown>): BookSection[] {
  const simple = ['count', 'algorithm', 'mix', 'shape', 'width', 'height', 'mask', 'maskInvert', 'maskRegions', 'ramp'].filter((name) => options[name] !== undefined);
  if (options.sections !== undefined) {
    if (simple.length > 0) {
      throw new MazeError((n) => `${n('sections')} list the book's mazes, so ${n(simple[0]!)} does not apply: give it in a section`, { code: 'impossible', option: simple[0] });
    }
    if (!Array.isArray(options.sections)) {
      throw new MazeError((n) => `${n('sections')} must be a list of sections ({ count, algorithms, shapes, masks, width, height, difficulty }), got ${shownValue(options.sections)}`, { code: 'invalid-value', option: 'sections' });
    }
    // the book file's rules (schema/book.schema.json), masks aside: the library takes them as mask objects
    const doc = { sections: (options.sections as unknown[]).map((s) => (typeof s === 'object' && s !== null ? { ...s, masks: undefined } : s)) };
    // JSON's values only: a BigInt, which JSON.stringify throws on, is shown as the schema shows any other wrong value
    const plain = JSON.parse(JSON.stringify(doc, (_key, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value))) as unknown;
    if (!validateBook(plain)) throw new MazeError(`the book's ${schemaMessage(validateBook.errors?.[0], plain, 'the book')}`, { code: 'invalid-value', option: 'sections' });
    const sections = options.sections.map((s) => ({ ...s }));
    const total = sections.reduce((sum, s) => sum + s.count, 0);
    // each section's count is held to the same bound by the schema; here all of them together (it said --sections, an option there is not)
    if (total > MAX_BOOK_MAZES) throw new MazeError(`the book's sections hold ${total} mazes in all, over the ${MAX_BOOK_MAZES} a book takes`, { code: 'too-large', option: 'sections' });
    sections.forEach((s, i) => {
      // named as the schema's messages name it ("sections" entry 0 …), counted from 0 as they are
      if (s.algorithms !== undefined) checkAlgorithms(s.algorithms, 'sections', `"sections" entry ${i} "algorithms"`);
      if (s.algorithms !== undefined && s.difficulty !== undefined) {
        throw new MazeError(`"sections" entry ${i}: a difficulty makes its mazes with the growing tree, at the blend that reaches it, so its algorithms do not apply: give one or the other`, { code: 'impossible', option: 'sections' });
      }
    });
    return sections;
  }
  if (options.algorithm !== undefined && options.mix !== undefined) {
    throw new MazeError((n) => `${n('mix')} lists the algorithms taken in turn, so ${n('algorithm')} does not apply with it`, { code: 'impossible', option: 'mix' });
  }
  const count = options.count === undefined ? DEFAULT_BOOK_COUNT : checkInteger(options.count, 'count', 1, MAX_BOOK_MAZES);
  const algorithms = options.mix !== undefined ? checkAlgorithms(options.mix, 'mix') : options.algorithm === undefined ? undefined : checkAlgorithms([options.algorithm], 'algorithm');
  const ramp = options.ramp === undefined ? undefined : checkRamp(options.ramp);
  if (ramp !== undefined && algorithms !== undefined) {
    throw new MazeError((n) => `${n('ramp')} makes each maze to its difficulty with the growing tree, at the blend that reaches it, so ${n(options.mix !== undefined ? 'mix' : 'algorithm')} does not apply with it`, { code: 'impossible', option: 'ramp' });
  }
  return [
    {
      count,
      ...(algorithms === undefined ? {} : { algorithms }),
      ...(options.shape === undefined ? {} : { shapes: [checkChoice(options.shape, 'shape', SHAPE_NAMES)] }),
      ...(options.mask === undefined ? {} : { masks: [options.mask] }),
      ...(options.maskInvert === undefined ? {} : { maskInvert: options.maskInvert }),
      ...(options.maskRegions === undefined ? {} : { maskRegions: options.maskRegions }),
      ...(options.width === undefined ? {} : { width: options.width }),
      ...(options.height === undefined ? {} : { height: options.height }),
      ...(ramp === undefined ? {} : { difficulty: ramp }),
    },
  ];
}

/** Algorithm names, each one of the registry's; `where` names a book file's section in place of the option. */
function checkAlgorithms(list: unknown, name: string, where?: string): AlgorithmName[] {
  const said = (n: (option: string) => string): string => where ?? n(name);
  if (!Array.isArray(list) || list.length === 0) throw new MazeError((n) => `${said(n)} must be a list of algorithm names, got ${shownValue(list)}`, { code: 'invalid-value', option: name });
  const names = registry.map((a) => a.name as string);
  for (const a of list) {
    if (typeof a !== 'string' || !names.includes(a)) {
      throw new MazeError((n) => `${said(n)}: no algorithm ${shownValue(a)}; the algorithms are ${names.join(', ')}`, { code: 'invalid-value', option: name });
    }
  }
  return list as AlgorithmName[];
}

function checkRamp(value: unknown): [number, number] {
  const ok = Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'number' && v >= 0 && v <= 1);
  if (!ok) throw new MazeError((n) => `${n('ramp')} must be two difficulties from 0 to 1, the first maze's and the last's, got ${shownValue(value)}`, { code: 'invalid-value', option: 'ramp' });
  return [value[0] as number, value[1] as number];
}
