/**
 * `book(options)`: a printable puzzle book (SPEC "The book"), as PDF bytes.
 * The options say what the book holds: either one kind of maze (an
 * algorithm or a mix of them, a shape, a size, a mask, a difficulty ramp)
 * and a count, or sections, each its own count and kinds, in order, as a
 * book file (schema/book.schema.json) holds them. Puzzle n's maze is what
 * `generate` makes with the puzzle's options and the n-th seed of the book's
 * seed (a batch's: `maze gen --seed S --count N` makes the same mazes), its
 * ends on the rim, farthest apart along the maze, with openings there,
 * solved for the answer pages. formats/book.ts lays the pages out.
 */
import { algorithms as registry } from '../algorithms/index.js';
import { MazeError } from '../errors.js';
import type { BookLayoutOptions, BookPuzzle, TrimName } from '../formats/book.js';
import { bookPdf, DEFAULT_BOOK_COUNT, MAX_BOOK_MAZES, TRIM_NAMES } from '../formats/book.js';
export { DEFAULT_BOOK_COUNT, MAX_BOOK_MAZES };
import type { Mask } from '../model/mask.js';
import { checkBoolean, checkChoice, checkInteger, shownValue } from '../model/options.js';
import type { AnyMaze } from '../passages/view.js';
import { GraphMaze } from '../grid/graph-maze.js';
import { batchSeed, drawSeed } from '../rng.js';
import type { MaskCells } from './api.js';
import { generate } from './api.js';
import { enableDifficulty } from './difficulty.js';
import validateBook from './book-schema-validator.js';
import { schemaMessage } from '../formats/json.js';
import { checkKnownNames, checkSeed, optionsObject } from './spec.js';

/** One run of the book's mazes: `count` of them, taking the algorithms, shapes and masks listed in turn. */
export interface BookSection {
  count: number;
  algorithms?: readonly string[];
  shapes?: readonly ('square' | 'hex' | 'triangle' | 'polar')[];
  /** Masks (as `generate` takes them: rows of text, or cells). */
  masks?: readonly (readonly string[] | MaskCells | Mask)[];
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
  /** Solved mazes on an answer page, 4 to 9 (default 6). */
  answersPerPage?: number;
  /** The same seed gives the same book, byte for byte; drawn when absent. */
  seed?: number | string;
  /** The book's mazes, in order; without them, one section of `count` mazes (default 20) of the kind the options below say. */
  sections?: readonly BookSection[];
  count?: number;
  algorithm?: string;
  /** Algorithms taken in turn, maze after maze. */
  mix?: readonly string[];
  shape?: 'square' | 'hex' | 'triangle' | 'polar';
  width?: number;
  height?: number;
  mask?: readonly string[] | MaskCells | Mask;
  /** The difficulty of the first maze and the last, rising in between (0 to 1). */
  ramp?: readonly [number, number];
}


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

/** The book, its page count and where each puzzle went; `onProgress` is told the mazes made, then the pages laid out. */
export async function makeBook(given: BookOptions = {}, onProgress?: (done: number, total: number, unit: 'mazes' | 'pages') => void): Promise<MadeBook> {
  const options = optionsObject(given, 'book') as BookOptions & Record<string, unknown>;
  checkKnownNames(options, ['title', 'subtitle', 'author', 'trim', 'bleed', 'perPage', 'answersPerPage', 'seed', 'sections', 'count', 'algorithm', 'mix', 'shape', 'width', 'height', 'mask', 'ramp'], 'book');
  const layout = layoutOf(options);
  const sections = sectionsOf(options);
  const seed = options.seed === undefined ? drawSeed() : checkSeed(options.seed);
  const puzzles: BookPuzzle[] = [];
  const total = sections.reduce((sum, s) => sum + s.count, 0);
  if (sections.some((s) => s.difficulty !== undefined)) enableDifficulty();
  let n = 0;
  for (const [s, section] of sections.entries()) {
    for (let i = 0; i < section.count; i++) {
      n++;
      const algorithm = pick(section.algorithms, i) ?? undefined;
      const shape = pick(section.shapes, i) ?? 'square';
      const mask = pick(section.masks, i) ?? undefined;
      const [lo, hi] = section.difficulty ?? [null, null];
      const difficulty = lo === null || hi === null ? undefined : section.count === 1 ? lo : lo + ((hi - lo) * i) / (section.count - 1);
      const zones = algorithm === 'zones';
      // a difficulty makes the maze to it (lib/difficulty.ts: the growing tree at the blend and ends that reach it), its own ends and algorithm
      const toDifficulty = difficulty !== undefined;
      const puzzleOptions: Record<string, unknown> = {
        ...(algorithm === undefined || toDifficulty ? {} : { algorithm }),
        ...(shape === 'square' ? {} : { shape }),
        ...(section.width === undefined ? {} : { width: section.width }),
        ...(section.height === undefined || shape === 'polar' ? {} : { height: section.height }),
        ...(mask === undefined ? {} : { mask }),
        ...(difficulty === undefined ? {} : { difficulty: Math.round(difficulty * 1000) / 1000 }),
        // a keys-and-doors maze keeps its own entrance and exit; a maze made to a difficulty, the ends that give it
        ...(zones ? {} : toDifficulty ? { openings: true } : { ends: 'farthest', openings: true }),
        solve: true,
        seed: batchSeed(seed, n),
      };
      let maze: AnyMaze;
      try {
        maze = generate(puzzleOptions as Parameters<typeof generate>[0]);
      } catch (error) {
        if (!(error instanceof MazeError)) throw error;
        const where = `puzzle ${n}${sections.length > 1 ? ` (section ${s + 1})` : ''}`;
        throw new MazeError((name) => `${where}: ${error.wordedFor(name)}`, { code: error.code, option: error.option });
      }
      puzzles.push({ maze, about: aboutLine(maze, algorithm ?? maze.info?.algorithm ?? '', difficulty) });
      onProgress?.(n, total, 'mazes');
    }
  }
  const made = await bookPdf(puzzles, layout, onProgress && ((done, pages) => onProgress(done, pages, 'pages')));
  return {
    bytes: made.bytes,
    pages: made.pages,
    puzzles: puzzles.map((p, i) => ({ number: i + 1, page: made.puzzlePage[i]!, answerPage: made.answerPage[i]!, maze: p.maze })),
  };
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

function layoutOf(options: BookOptions & Record<string, unknown>): BookLayoutOptions {
  const text = (name: string): string | null => {
    const value = options[name];
    if (value === undefined) return null;
    if (typeof value !== 'string' || value.trim() === '' || value.length > 200) {
      throw new MazeError((n) => `${n(name)} must be text of 1 to 200 characters, got ${shownValue(value)}`, { code: 'invalid-value', option: name });
    }
    return value;
  };
  const perPage = options.perPage === undefined ? 1 : checkInteger(options.perPage, 'perPage', 1, 4);
  if (perPage === 3) throw new MazeError((n) => `${n('perPage')} must be 1, 2 or 4, got 3`, { code: 'invalid-value', option: 'perPage' });
  return {
    title: text('title') ?? 'Mazes',
    subtitle: text('subtitle'),
    author: text('author'),
    trim: options.trim === undefined ? '8.5x11' : checkChoice(options.trim, 'trim', TRIM_NAMES),
    bleed: options.bleed === undefined ? false : checkBoolean(options.bleed, 'bleed'),
    perPage: perPage as 1 | 2 | 4,
    answersPerPage: options.answersPerPage === undefined ? 6 : checkInteger(options.answersPerPage, 'answersPerPage', 4, 9),
  };
}

/** The sections, checked: given, or the one the simple options describe. */
function sectionsOf(options: BookOptions & Record<string, unknown>): BookSection[] {
  const simple = ['count', 'algorithm', 'mix', 'shape', 'width', 'height', 'mask', 'ramp'].filter((name) => options[name] !== undefined);
  if (options.sections !== undefined) {
    if (simple.length > 0) {
      throw new MazeError((n) => `${n('sections')} list the book's mazes, so ${n(simple[0]!)} does not apply: give it in a section`, { code: 'impossible', option: simple[0] });
    }
    if (!Array.isArray(options.sections)) {
      throw new MazeError((n) => `${n('sections')} must be a list of sections ({ count, algorithms, shapes, masks, width, height, difficulty }), got ${shownValue(options.sections)}`, { code: 'invalid-value', option: 'sections' });
    }
    // the book file's rules (schema/book.schema.json), masks aside: the library takes them as mask objects
    const doc = { sections: (options.sections as unknown[]).map((s) => (typeof s === 'object' && s !== null ? { ...s, masks: undefined } : s)) };
    const plain = JSON.parse(JSON.stringify(doc)) as unknown;
    if (!validateBook(plain)) throw new MazeError(`the book's ${schemaMessage(validateBook.errors?.[0], plain, 'the book')}`, { code: 'invalid-value', option: 'sections' });
    const sections = options.sections.map((s) => ({ ...s }));
    const total = sections.reduce((sum, s) => sum + s.count, 0);
    checkInteger(total, 'sections', 1, MAX_BOOK_MAZES);
    sections.forEach((s, i) => {
      if (s.algorithms !== undefined) checkAlgorithms(s.algorithms, 'sections', `section ${i + 1}`);
      if (s.algorithms !== undefined && s.difficulty !== undefined) {
        throw new MazeError(`section ${i + 1}: a difficulty makes its mazes with the growing tree, at the blend that reaches it, so its algorithms do not apply: give one or the other`, { code: 'impossible', option: 'sections' });
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
      ...(options.shape === undefined ? {} : { shapes: [options.shape] }),
      ...(options.mask === undefined ? {} : { masks: [options.mask] }),
      ...(options.width === undefined ? {} : { width: options.width }),
      ...(options.height === undefined ? {} : { height: options.height }),
      ...(ramp === undefined ? {} : { difficulty: ramp }),
    },
  ];
}

/** Algorithm names, each one of the registry's; `where` names a book file's section in place of the option. */
function checkAlgorithms(list: unknown, name: string, where?: string): string[] {
  const said = (n: (option: string) => string): string => where ?? n(name);
  if (!Array.isArray(list) || list.length === 0) throw new MazeError((n) => `${said(n)} must be a list of algorithm names, got ${shownValue(list)}`, { code: 'invalid-value', option: name });
  const names = registry.map((a) => a.name as string);
  for (const a of list) {
    if (typeof a !== 'string' || !names.includes(a)) {
      throw new MazeError((n) => `${said(n)}: no algorithm ${shownValue(a)}; the algorithms are ${names.join(', ')}`, { code: 'invalid-value', option: name });
    }
  }
  return list as string[];
}

function checkRamp(value: unknown): [number, number] {
  const ok = Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'number' && v >= 0 && v <= 1);
  if (!ok) throw new MazeError((n) => `${n('ramp')} must be two difficulties from 0 to 1, the first maze's and the last's, got ${shownValue(value)}`, { code: 'invalid-value', option: 'ramp' });
  return [value[0] as number, value[1] as number];
}
