/**
 * A printable puzzle book (SPEC "The book"): a title page, the mazes one,
 * two or four to a page, then answer pages of 4 to 9 solved mazes (fewer
 * for large mazes when not told), laid out
 * by the rules print-on-demand printers publish for a paperback's interior:
 *
 * - The page is the trim size, plus 0.125 in of bleed on the top, the
 *   bottom and the outer edge when asked (a 6 × 9 in trim becomes
 *   6.125 × 9.25 in); the trim and bleed boxes are written in the file.
 * - Page 1 is a right-hand page: odd pages have their inner edge (the
 *   spine) on the left, even pages on the right.
 * - Nothing is drawn outside the live area: 0.5 in inside the trim on the
 *   outer edge, the top and the bottom (the printers ask at least 0.25 in,
 *   0.375 in with bleed), and the gutter on the inner edge, which grows
 *   with the page count (0.375 in up to 150 pages, 0.5 in to 300, 0.625 in
 *   beyond).
 * - The page count is even (a blank last page when needed): a sheet has
 *   two sides.
 * - Fonts are embedded (a subset of DejaVu Sans, fonts/), the mazes are
 *   vector art (pdf.ts's `mazeArt`, the one-maze PDF's drawing).
 *
 * Before the file is written the book checks itself: every box it drew
 * (mazes and text) lies in its page's live area, and the page count is
 * even; what it cannot fix is a problem naming the page.
 */
import type { PDFDocument, PDFPage } from 'pdf-lib';
import { MazeError } from '../errors.js';
import { GraphMaze, makeShape } from '../grid/graph-maze.js';
import type { GraphShapeName } from '../grid/shape.js';
import type { Maze } from '../model/maze.js';
import type { AnyMaze } from '../passages/view.js';
import { loadBookFont, loadFontkit } from './load-book-font.js';
import { loadPdfLib } from './load-pdf-lib.js';
import type { Box, MazeArt } from './pdf.js';
import { addContent, mazeArt, MIN_WALL, newDocument, writeLetters } from './pdf.js';
import type { RenderOptions } from './types.js';
import { DEFAULT_RENDER_OPTIONS } from './types.js';

/** Points per inch. */
const INCH = 72;

/** Trim sizes in inches (width × height), as printers name them. */
export const TRIMS = {
  '5x8': [5, 8],
  '6x9': [6, 9],
  '8.5x11': [8.5, 11],
  '8.25x8.25': [8.25, 8.25],
  a4: [210 / 25.4, 297 / 25.4],
  letter: [8.5, 11],
} as const satisfies Record<string, readonly [number, number]>;
export type TrimName = keyof typeof TRIMS;
export const TRIM_NAMES = Object.keys(TRIMS) as TrimName[];

/** Most mazes a book holds, and how many it holds when not told. */
export const MAX_BOOK_MAZES = 2000;
export const DEFAULT_BOOK_COUNT = 20;

export const BLEED = 0.125 * INCH;
/** The live area's distance from the trim on the outer edge, the top and the bottom. */
export const OUTER_MARGIN = 0.5 * INCH;

/** The gutter, the inner margin, by page count (print-on-demand rules). */
export function gutterFor(pages: number): number {
  return (pages <= 150 ? 0.375 : pages <= 300 ? 0.5 : 0.625) * INCH;
}

/** One puzzle of the book: its maze (solved: the answer draws its path) and what the line under it says. */
export interface BookPuzzle {
  maze: AnyMaze;
  /** What the maze is, in a few plain words: "30 × 20 · long winding paths". */
  about: string;
}

export interface BookLayoutOptions {
  title: string;
  subtitle: string | null;
  author: string | null;
  trim: TrimName;
  bleed: boolean;
  perPage: 1 | 2 | 4;
  answersPerPage: number;
  /** The maze pictures' options (theme, colors); the size comes from the page. */
  render?: Partial<RenderOptions>;
}

/** Where each puzzle is: its page and its answer's page (1-based). */
export interface BookPlan {
  pages: number;
  puzzlePage: number[];
  answerPage: number[];
}

/** The book's pages, before anything is drawn: the title, its back, the puzzles, the answers, a blank page to make the count even. */
export function planBook(count: number, perPage: number, answersPerPage: number): BookPlan {
  const first = 3;
  const puzzlePages = Math.ceil(count / perPage);
  const firstAnswer = first + puzzlePages;
  const answerPages = Math.ceil(count / answersPerPage);
  let pages = firstAnswer + answerPages - 1;
  if (pages % 2 === 1) pages++;
  const puzzlePage: number[] = [];
  const answerPage: number[] = [];
  for (let i = 0; i < count; i++) {
    puzzlePage.push(first + Math.floor(i / perPage));
    answerPage.push(firstAnswer + Math.floor(i / answersPerPage));
  }
  return { pages, puzzlePage, answerPage };
}

/** A rectangle on a page in points, PDF's way up: left, bottom, right, top. */
interface Rect {
  left: number;
  bottom: number;
  right: number;
  top: number;
}

/** A page's geometry: its size, the trim's place on it, the live area. */
interface PageFrame {
  width: number;
  height: number;
  trim: Rect;
  live: Rect;
}

function pageFrame(page: number, pages: number, options: Pick<BookLayoutOptions, 'trim' | 'bleed'>): PageFrame {
  const [w, h] = TRIMS[options.trim];
  const bleed = options.bleed ? BLEED : 0;
  const trimWidth = w * INCH;
  const trimHeight = h * INCH;
  const width = trimWidth + bleed;
  const height = trimHeight + 2 * bleed;
  // a right-hand (odd) page bleeds on its right, a left-hand page on its left
  const right = page % 2 === 1;
  const trimLeft = right ? 0 : bleed;
  const trim = { left: trimLeft, bottom: bleed, right: trimLeft + trimWidth, top: bleed + trimHeight };
  const gutter = gutterFor(pages);
  const live = {
    left: trim.left + (right ? gutter : OUTER_MARGIN),
    right: trim.right - (right ? OUTER_MARGIN : gutter),
    bottom: trim.bottom + OUTER_MARGIN,
    top: trim.top - OUTER_MARGIN,
  };
  return { width, height, trim, live };
}

/** Text sizes, in points. */
const TITLE = 30;
const SUBTITLE = 15;
const HEADING = 13;
const LINE = 9;
const FOLIO = 9;

/** What was drawn where, for the book's own check. */
interface Drawn {
  page: number;
  what: string;
  rect: Rect;
}

/** The book as PDF bytes, and its page count; a MazeError naming the page when it cannot keep its own rules. */
export async function bookPdf(puzzles: readonly BookPuzzle[], options: BookLayoutOptions, onPage?: (done: number, pages: number) => void): Promise<{ bytes: Uint8Array; pages: number; puzzlePage: number[]; answerPage: number[] }> {
  const pdfLib = await loadPdfLib();
  const { rgb } = pdfLib;
  const plan = planBook(puzzles.length, options.perPage, options.answersPerPage);
  const doc = await newDocument(pdfLib, options.title, `${puzzles.length} mazes with their answers`);
  if (options.author !== null) doc.setAuthor(options.author);
  doc.registerFontkit(await loadFontkit());
  const font = await doc.embedFont(await loadBookFont(), { subset: true });
  // the title page's words in the book's font alone: a character it lacks would print as an empty box
  const known = new Set(font.getCharacterSet());
  for (const [what, value] of [['title', options.title], ['subtitle', options.subtitle], ['author', options.author]] as const) {
    for (const ch of value ?? '') {
      const code = ch.codePointAt(0)!;
      if (known.has(code)) continue;
      throw new MazeError((n) => `${n(what)} has '${ch}' (U+${code.toString(16).toUpperCase().padStart(4, '0')}), which the book's font (DejaVu Sans) lacks: it would print as an empty box; leave it out`, { code: 'invalid-value', option: what });
    }
  }
  const render = renderOptionsOf(options);
  const drawn: Drawn[] = [];
  const black = rgb(0, 0, 0);
  const gray = rgb(0.35, 0.35, 0.35);

  const newPage = (n: number): { page: PDFPage; frame: PageFrame } => {
    const frame = pageFrame(n, plan.pages, options);
    const page = doc.addPage([frame.width, frame.height]);
    const { trim } = frame;
    page.setTrimBox(trim.left, trim.bottom, trim.right - trim.left, trim.top - trim.bottom);
    if (options.bleed) page.setBleedBox(0, 0, frame.width, frame.height);
    return { page, frame };
  };

  /** Text centred on x (or against the left or right edge of the live area), its baseline at y; shrunk to fit the width it may take. */
  const text = (page: PDFPage, n: number, what: string, line: string, size: number, x: number, y: number, room: number, align: 'center' | 'left' | 'right' = 'center', color = black): void => {
    const fitted = Math.min(size, (size * room) / Math.max(1, font.widthOfTextAtSize(line, size)));
    const width = font.widthOfTextAtSize(line, fitted);
    const left = align === 'center' ? x - width / 2 : align === 'left' ? x : x - width;
    page.drawText(line, { x: left, y, size: fitted, font, color });
    // DejaVu Sans: ascender 0.93, descender 0.24 of the size
    drawn.push({ page: n, what, rect: { left, right: left + width, bottom: y - 0.24 * fitted, top: y + 0.93 * fitted } });
  };

  const folio = (page: PDFPage, n: number, frame: PageFrame): void => {
    const { live } = frame;
    const right = n % 2 === 1;
    text(page, n, 'the page number', String(n), FOLIO, right ? live.right : live.left, live.bottom + 0.24 * FOLIO, live.right - live.left, right ? 'right' : 'left', gray);
  };

  const art = (page: PDFPage, n: number, what: string, maze: AnyMaze, box: Box, withPath: boolean): MazeArt => {
    const drawing = mazeArt(inked(maze), box, render);
    addContent(doc, page, `q\n${drawing.operators(withPath)}Q\n`);
    writeLetters(page, font, drawing.letters, rgb);
    drawn.push({ page: n, what, rect: drawing });
    return drawing;
  };

  // 1: the title page
  {
    const { page, frame } = newPage(1);
    const { live } = frame;
    const cx = (live.left + live.right) / 2;
    const room = live.right - live.left;
    let y = live.top - (live.top - live.bottom) * 0.3;
    text(page, 1, 'the title', options.title, TITLE, cx, y, room);
    y -= TITLE * 1.4;
    if (options.subtitle !== null) {
      text(page, 1, 'the subtitle', options.subtitle, SUBTITLE, cx, y, room, 'center', gray);
      y -= SUBTITLE * 2;
    }
    text(page, 1, 'the contents line', `${puzzles.length} maze${puzzles.length === 1 ? '' : 's'}, with the answers at the back`, LINE + 2, cx, y, room, 'center', gray);
    if (options.author !== null) text(page, 1, 'the author', options.author, SUBTITLE, cx, live.bottom + (live.top - live.bottom) * 0.15, room);
  }
  // 2: how to play, on the title's back
  {
    const { page, frame } = newPage(2);
    const { live } = frame;
    // keys and doors (zones), said only in a book that has them
    const keyed = puzzles.some(({ maze }) => 'keys' in maze && (maze.keys?.length ?? 0) > 0);
    // the ends' marks: squares on the square grid, a ring and a disc on the others (a sweep: it said squares in a book of hexagons)
    const mark = puzzles.every(({ maze }) => !(maze instanceof GraphMaze)) ? 'square' : 'mark';
    const lines = [
      'How to play',
      '',
      `Each maze has a way in and a way out: begin at the green ${mark},`,
      `find the one path to the blue ${mark}, and never cross a wall.`,
      ...(keyed ? ['In a maze with keys, a door (a bar with a capital letter) lets you', 'through once you have picked up its key (the square with its small letter).'] : []),
      'The answers are at the back of the book, in the order of the puzzles.',
    ];
    let y = live.top - HEADING;
    for (const [i, line] of lines.entries()) {
      if (line !== '') text(page, 2, 'how to play', line, i === 0 ? HEADING : LINE + 1, live.left, y, live.right - live.left, 'left', i === 0 ? black : gray);
      y -= i === 0 ? HEADING * 1.6 : (LINE + 1) * 1.5;
    }
    folio(page, 2, frame);
  }
  onPage?.(2, plan.pages);

  // the puzzles, perPage to a page: one above another, or two by two
  for (let start = 0, n = 3; start < puzzles.length; start += options.perPage, n++) {
    const { page, frame } = newPage(n);
    const slots = puzzleSlots(frame, options.perPage);
    for (let k = 0; k < options.perPage && start + k < puzzles.length; k++) {
      const i = start + k;
      const slot = slots[k]!;
      const cx = (slot.left + slot.right) / 2;
      const room = slot.right - slot.left;
      const { box, heading, gap } = puzzleBox(slot, options.perPage);
      const drawing = art(page, n, `puzzle ${i + 1}`, puzzles[i]!.maze, box, false);
      text(page, n, `puzzle ${i + 1}'s number`, `Puzzle ${i + 1}`, heading, cx, drawing.top + gap + 0.24 * heading, room);
      text(page, n, `puzzle ${i + 1}'s line`, puzzles[i]!.about, LINE, cx, drawing.bottom - gap - 0.93 * LINE, room, 'center', gray);
    }
    folio(page, n, frame);
    onPage?.(n, plan.pages);
  }

  // the answers: answersPerPage solved mazes to a page, each labelled with its puzzle and page
  const per = options.answersPerPage;
  const firstAnswer = plan.answerPage[0] ?? 3;
  for (let start = 0, n = firstAnswer; start < puzzles.length; start += per, n++) {
    const { page, frame } = newPage(n);
    if (start === 0) text(page, n, 'the answers heading', 'Answers', HEADING * 1.3, (frame.live.left + frame.live.right) / 2, frame.live.top - HEADING * 1.3 * 0.93, frame.live.right - frame.live.left);
    const slots = answerSlots(frame, per, start === 0);
    for (let k = 0; k < per && start + k < puzzles.length; k++) {
      const i = start + k;
      const slot = slots[k]!;
      const box = answerBox(slot);
      const drawing = art(page, n, `answer ${i + 1}`, puzzles[i]!.maze, box, true);
      text(page, n, `answer ${i + 1}'s label`, `Puzzle ${i + 1}, page ${plan.puzzlePage[i]}`, LINE, box.centerX, drawing.top + ANSWER_GAP + 0.24 * LINE, slot.right - slot.left);
    }
    folio(page, n, frame);
    onPage?.(n, plan.pages);
  }
  while (doc.getPageCount() < plan.pages) newPage(doc.getPageCount() + 1);

  checkBook(doc, plan.pages, drawn, options);
  return { bytes: await doc.save({ useObjectStreams: false }), pages: plan.pages, puzzlePage: plan.puzzlePage, answerPage: plan.answerPage };
}

/** A puzzle page's slots: one above another, or two by two. */
function puzzleSlots(frame: PageFrame, perPage: number): Rect[] {
  const [cols, rows] = perPage === 4 ? [2, 2] : [1, perPage];
  return grid(frame.live, cols, rows, FOLIO * 2);
}

/** Where a puzzle's maze goes in its slot: the number above it and its line below, close to it, the three centred in the slot. */
function puzzleBox(slot: Rect, perPage: number): { box: Box; heading: number; gap: number } {
  const heading = perPage === 1 ? HEADING * 1.3 : HEADING;
  const gap = heading * 0.6;
  const box = { centerX: (slot.left + slot.right) / 2, top: slot.top - heading * 1.2 - gap, width: slot.right - slot.left, height: slot.top - slot.bottom - heading * 1.2 - LINE * 1.2 - 2 * gap };
  return { box, heading, gap };
}

/** Answers to a page: 4 to 9 when asked (SPEC "The book"); when not, 6, or fewer for large mazes (ANSWER_CHOICES). */
export const ANSWERS_PER_PAGE = { fewest: 4, most: 9, usual: 6 } as const;

/**
 * The answers a page holds when not told, most first: 6, and for mazes
 * whose answers would be too small to print there 4, 2 or 1 (a sweep: a
 * book's largest mazes had answers of 1.4 pt cells, their walls thicker
 * than their passages).
 */
const ANSWER_CHOICES = [6, 4, 2, 1] as const;

/** An answer page's columns and rows for `per` answers. */
function answerGrid(per: number): [number, number] {
  return per <= 1 ? [1, 1] : per <= 2 ? [1, 2] : per <= 4 ? [2, 2] : per <= 6 ? [2, 3] : [3, 3];
}

/** The gap between an answer's label and its maze. */
const ANSWER_GAP = 4;

/** An answer page's slots: the first page's below its heading. */
function answerSlots(frame: PageFrame, per: number, first: boolean): Rect[] {
  const [cols, rows] = answerGrid(per);
  return grid({ ...frame.live, top: frame.live.top - (first ? HEADING * 2 : 0) }, cols, rows, FOLIO * 2);
}

/** Where an answer's maze goes in its slot: below its label. */
function answerBox(slot: Rect): Box {
  return { centerX: (slot.left + slot.right) / 2, top: slot.top - LINE * 1.2 - ANSWER_GAP, width: slot.right - slot.left, height: slot.top - slot.bottom - LINE * 1.2 - ANSWER_GAP };
}

/** A puzzle's grid and size, as the page checks take them: its shape (null for square), its width and its height. */
export interface PuzzleSize {
  readonly shape: GraphShapeName | null;
  readonly width: number;
  readonly height: number;
}

/**
 * The answers a page holds: those asked, or when none are, the most of
 * ANSWER_CHOICES that keeps every size's answer cells at the least a cell
 * may be (the fewest when none does: the size checks then refuse).
 */
export function answersPerPageFor(asked: number | null, sizes: readonly PuzzleSize[], options: Omit<BookLayoutOptions, 'answersPerPage'>, count: number): number {
  if (asked !== null) return asked;
  const fits = (per: number): boolean => sizes.every((size) => {
    const { answer, least } = cellsAt(per, options, count, size);
    return answer >= least;
  });
  return ANSWER_CHOICES.find(fits) ?? ANSWER_CHOICES[ANSWER_CHOICES.length - 1]!;
}

/** A size's cell on its page and in its answer's slot, `per` answers to a page, and the least a cell may be, in points. */
function cellsAt(per: number, options: Omit<BookLayoutOptions, 'answersPerPage'>, count: number, size: PuzzleSize): { puzzle: number; answer: number; least: number } {
  const room = puzzleRoom({ ...options, answersPerPage: per }, count);
  return { puzzle: cellIn(room.box, size, room.ratio), answer: cellIn(room.answer, size, room.ratio), least: room.leastCell };
}

/** A maze's cell in points drawn as large as it fits in a box (pdf.ts's layout: its extent in cells, plus a wall). */
function cellIn(box: Box, { shape, width, height }: PuzzleSize, ratio: number): number {
  const extent = shape === null ? { width, height } : makeShape(shape, width, height).extent;
  return Math.min(box.width / (extent.width + ratio), box.height / (extent.height + ratio));
}

/**
 * Refuse, before any maze is made, a puzzle too large for its page or its
 * answer's slot (below); `asked`: the answers a page holds were given, not
 * chosen for the sizes (answersPerPageFor), so fewer may be suggested.
 */
export function checkPuzzleFits({ shape, width, height }: PuzzleSize, options: BookLayoutOptions, count: number, asked: boolean): void {
  if (shape === null) checkPuzzleSize(width, height, options, count, asked);
  else checkShapePuzzleSize(shape, width, height, options, count, asked);
}

/**
 * Refuse, before any maze is made, a square maze too large for its puzzle
 * page: its walls, a tenth of a cell as drawn (the render's wall over its
 * tile), would be thinner than the thinnest wall printed (pdf.ts MIN_WALL),
 * so the message gives the largest width × height that keeps them. The
 * book's own check (`checkBook`) stays the last word on its margins.
 */
function checkPuzzleSize(width: number, height: number, options: BookLayoutOptions, count: number, asked: boolean): void {
  const { box, answer, ratio, leastCell } = puzzleRoom(options, count);
  // a cell of the box's size: min(room / (cells + ratio)) over both sides, at least leastCell, on the puzzle's page and in its answer's slot
  const most = (room: number): number => Math.floor(room / leastCell - ratio);
  const [widest, highest] = [most(Math.min(box.width, answer.width)), most(Math.min(box.height, answer.height))];
  if (width <= widest && height <= highest) return;
  const size = { shape: null, width, height };
  throw new MazeError(
    (n) =>
      `a ${width} × ${height} maze does not fit ${where(options, cellIn(answer, size, ratio) < cellIn(box, size, ratio), n)}: the largest that fits is ${widest} × ${highest} cells (cells of ${shown(leastCell)} pt at least, for walls of ${shown(MIN_WALL)} pt); make ${n('width')} or ${n('height')} smaller, or ${larger(options, count, size, n, asked)}`,
    { code: 'too-large', option: 'width' },
  );
}

/**
 * checkPuzzleSize for a hex, triangle or polar maze: its picture (its
 * extent in tiles, and a wall's width) scaled into the puzzle's box keeps
 * a tile of the least cell at least, as a square's does (a sweep: a hex
 * book of 400 × 400 printed cells of 1.6 pt, a polar one of 400 rings
 * its rings 0.7 pt thick), in its answer's slot too. The message says the
 * cell it would have.
 */
function checkShapePuzzleSize(shape: GraphShapeName, width: number, height: number, options: BookLayoutOptions, count: number, asked: boolean): void {
  const { box, answer, ratio, leastCell } = puzzleRoom(options, count);
  const size = { shape, width, height };
  const [inPuzzle, inAnswer] = [cellIn(box, size, ratio), cellIn(answer, size, ratio)];
  const cell = Math.min(inPuzzle, inAnswer);
  if (cell >= leastCell) return;
  const named = shape === 'polar' ? `${width} rings` : `${width} × ${height}`;
  throw new MazeError(
    (n) =>
      `a ${shape} maze of ${named} does not fit ${where(options, inAnswer < inPuzzle, n)}: its cells would be ${shown(cell)} pt, and walls of ${shown(MIN_WALL)} pt need ${shown(leastCell)} pt at least; make ${shape === 'polar' ? n('width') : `${n('width')} or ${n('height')}`} smaller, or ${larger(options, count, size, n, asked)}`,
    { code: 'too-large', option: 'width' },
  );
}

/** What a size refusal says a maze does not fit: its page, or its answer's slot when that is the smaller room. */
function where(options: BookLayoutOptions, answer: boolean, n: (name: string) => string): string {
  const answers = options.answersPerPage === 1 ? 'one answer' : `answers ${options.answersPerPage}`;
  return answer ? `an answer page of ${n('trim')} ${options.trim} with ${answers} to a page` : `a page of ${n('trim')} ${options.trim} with ${n('perPage')} ${options.perPage}`;
}

/**
 * A size refusal's other ways out: a larger trim, fewer puzzles to a page,
 * and when the answers asked are too many to a page, as many as fit, or
 * none asked (then chosen for the sizes, down to one a page).
 */
function larger(options: BookLayoutOptions, count: number, size: PuzzleSize, n: (name: string) => string, asked: boolean): string {
  const ways = [`give a larger ${n('trim')}`];
  if (options.perPage > 1) ways.push(`a smaller ${n('perPage')}`);
  const fits = (per: number): boolean => {
    const { puzzle, answer, least } = cellsAt(per, options, count, size);
    return Math.min(puzzle, answer) >= least;
  };
  const fewer = ANSWER_CHOICES.find((per) => per < options.answersPerPage && fits(per));
  if (asked && fewer !== undefined) ways.push(fewer >= ANSWERS_PER_PAGE.fewest ? `${n('answersPerPage')} ${fewer}` : `no ${n('answersPerPage')} (the answers then take the room they need)`);
  return ways.join(' or ');
}

/**
 * A puzzle's box on its page and its answer's (the first answer page's,
 * below its heading: the smallest), the wall's share of a cell as drawn,
 * and the least cell that keeps the thinnest printed wall (pdf.ts MIN_WALL).
 */
function puzzleRoom(options: BookLayoutOptions, count: number): { box: Box; answer: Box; ratio: number; leastCell: number } {
  const plan = planBook(count, options.perPage, options.answersPerPage);
  const { box } = puzzleBox(puzzleSlots(pageFrame(3, plan.pages, options), options.perPage)[0]!, options.perPage);
  const answer = answerBox(answerSlots(pageFrame(plan.answerPage[0]!, plan.pages, options), options.answersPerPage, true)[0]!);
  const render = renderOptionsOf(options);
  return { box, answer, ratio: render.wall / render.tile, leastCell: (MIN_WALL * render.tile) / render.wall };
}

/** Points to the hundredth, as a refusal says them. */
function shown(points: number): string {
  return String(Math.round(points * 100) / 100);
}

/** The maze pictures' options: the print theme unless told otherwise. */
function renderOptionsOf(options: Pick<BookLayoutOptions, 'render'>): RenderOptions {
  return { ...DEFAULT_RENDER_OPTIONS, theme: 'print', ...options.render };
}

/**
 * A maze as a book prints it: walls in black, whatever colors its
 * algorithm gave them (a tree's hue is noise on a printed puzzle, and the
 * answer's red path reads on black); keys and doors keep theirs, which pair
 * them.
 */
function inked(maze: AnyMaze): AnyMaze {
  if (maze instanceof GraphMaze || (maze.keys?.length ?? 0) > 0 || maze.palette.every((rgb) => rgb === 0)) return maze;
  return Object.assign(Object.create(Object.getPrototypeOf(maze) as object) as Maze, maze, { palette: maze.palette.map(() => 0) });
}

/** The live area cut in cols × rows slots, `gap` apart, filled row by row. */
function grid(live: Rect, cols: number, rows: number, gap: number): Rect[] {
  const width = (live.right - live.left - (cols - 1) * gap) / cols;
  // the page number's line stays free below the last row
  const bottom = live.bottom + FOLIO * 1.6;
  const height = (live.top - bottom - (rows - 1) * gap) / rows;
  const slots: Rect[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const left = live.left + c * (width + gap);
      const top = live.top - r * (height + gap);
      slots.push({ left, right: left + width, top, bottom: top - height });
    }
  }
  return slots;
}

/** Half a hundredth of a point: what rounding the drawing's numbers to a thousandth may move. */
const SLACK = 0.005;

/** The book's own check: every drawn box inside its page's live area, an even page count. */
function checkBook(doc: PDFDocument, pages: number, drawn: readonly Drawn[], options: Pick<BookLayoutOptions, 'trim' | 'bleed'>): void {
  const problems: string[] = [];
  if (doc.getPageCount() !== pages || pages % 2 !== 0) problems.push(`the book has ${doc.getPageCount()} pages, not an even count`);
  for (const { page, what, rect } of drawn) {
    const { live } = pageFrame(page, pages, options);
    if (rect.left < live.left - SLACK || rect.right > live.right + SLACK || rect.bottom < live.bottom - SLACK || rect.top > live.top + SLACK) {
      problems.push(`page ${page}: ${what} reaches outside the margins`);
    }
    if (rect.right - rect.left <= 0 || rect.top - rect.bottom <= 0) problems.push(`page ${page}: ${what} has no room`);
  }
  if (problems.length > 0) {
    throw new MazeError(`the book breaks its own print rules: ${problems[0]}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''}`, { code: 'too-large' });
  }
}

