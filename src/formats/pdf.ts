/**
 * PDF: a printable page (SPEC "Output formats"), vector, through pdf-lib,
 * which is loaded only when a PDF is rendered so that start-up stays fast
 * (load-pdf-lib.ts; in a page, a script beside the browser bundle).
 *
 * 1. The page is A4 or US Letter (`--paper`), turned to landscape when the
 *    maze is wider than tall, so that its cells come out as large as they
 *    can; the maze is scaled to fit inside 36 pt margins above a two-line
 *    caption, and centered.
 * 2. The walls are the geometry walker's runs (the PNG's and SVG's
 *    rectangles), scaled so that a cell is `s` points and a wall
 *    s · wall / tile (at least a quarter point, which still prints): the
 *    page is the PNG at another scale. Plain walls are black on the white
 *    paper (or `--fg`), trees keep their colors, locked doors are walls in
 *    their keys' colors; the background is the paper.
 * 3. Marks (marks.ts, as in the PNG): the start a green frame, the end a
 *    blue frame with a center square, each key a box in its color with its
 *    letter.
 * 4. Caption: the algorithm, seed and size, and the command that makes
 *    the maze again.
 * 5. With a solution, a second page: the same maze with the path drawn as
 *    a line through the cells' centers, in `--path-color`.
 *
 * The bytes depend only on the maze and the options: fixed dates, no
 * random document ID, pdf-lib's own deflate of the content streams.
 */
import type { PDFFont, PDFPage } from 'pdf-lib';
import { MazeError } from '../errors.js';
import type { Maze, Point } from '../model/maze.js';
import { rowsOf } from '../model/rows.js';
import { drawDoors, latticeEdge, mazeCaption, reproduceCommand, RUN, runsByRgb } from './geometry.js';
import { loadPdfLib } from './load-pdf-lib.js';
import { mazeMarks } from './marks.js';
import type { Format, RenderOptions } from './types.js';

/** Paper sizes in points (1/72 inch), portrait. */
export const PAPER: Readonly<Record<RenderOptions['paper'], [number, number]>> = { a4: [595.28, 841.89], letter: [612, 792] };
const MARGIN = 36;
/** Room under the maze for the caption's two lines. */
const CAPTION_ROOM = 30;
/** Thinnest wall drawn, in points. */
const MIN_WALL = 0.25;
/** Cells a page holds at most: beyond, a cell would be a fraction of a point. */
export const MAX_PDF_CELLS = 250_000;
/** The date written in the file (creation and modification): fixed, so that the same maze gives the same bytes. */
const FIXED_DATE = new Date(Date.UTC(2000, 0, 1));

/** Where the maze sits on the page: its top-left corner, the cell and wall sizes in points. */
export interface PageLayout {
  pageWidth: number;
  pageHeight: number;
  left: number;
  top: number;
  cell: number;
  wall: number;
}

/** The page and the maze's place on it (exported for the tests, which compare it with the PNG). */
export function pageLayout(width: number, height: number, options: Pick<RenderOptions, 'paper' | 'tile' | 'wall'>): PageLayout {
  const [short, long] = PAPER[options.paper];
  const ratio = options.wall / options.tile;
  const fit = (pageWidth: number, pageHeight: number): number =>
    Math.min((pageWidth - 2 * MARGIN) / (width + ratio), (pageHeight - 2 * MARGIN - CAPTION_ROOM) / (height + ratio));
  const landscape = fit(long, short) > fit(short, long);
  const [pageWidth, pageHeight] = landscape ? [long, short] : [short, long];
  const cell = fit(pageWidth, pageHeight);
  const wall = Math.max(MIN_WALL, cell * ratio);
  const pictureWidth = width * cell + wall;
  const pictureHeight = height * cell + wall;
  const left = (pageWidth - pictureWidth) / 2;
  const top = pageHeight - MARGIN - (pageHeight - 2 * MARGIN - CAPTION_ROOM - pictureHeight) / 2;
  return { pageWidth, pageHeight, left, top, cell, wall };
}

function checkSize(width: number, height: number): void {
  if (width * height > MAX_PDF_CELLS) {
    throw new MazeError(
      `a ${width} × ${height} maze is ${width * height} cells, too many for one printed page (at most ${MAX_PDF_CELLS}: a cell would be under a point wide); make it smaller, or draw it as SVG`,
      { code: 'too-large' },
    );
  }
}

/** A number as a PDF operand: short, and the same text on every machine. */
function num(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

function rgbOperands(rgb: number): string {
  return `${num(((rgb >> 16) & 255) / 255)} ${num(((rgb >> 8) & 255) / 255)} ${num((rgb & 255) / 255)}`;
}

/** The walls as filled rectangles, one fill color per group of runs. */
function wallOperators(maze: Maze, layout: PageLayout, fg: number): string {
  const { left, top, cell, wall } = layout;
  const edge = (k: number): number => latticeEdge(k, cell, wall);
  let out = '';
  for (const [rgb, batches] of runsByRgb(drawDoors(rowsOf(maze)), { pillars: false }, fg)) {
    out += `${rgbOperands(rgb)} rg\n`;
    for (const batch of batches) {
      for (let i = 0; i < batch.length; i += RUN) {
        const x0 = edge(batch[i]!);
        const y0 = edge(batch[i + 1]!);
        const x1 = edge(batch[i + 2]!);
        const y1 = edge(batch[i + 3]!);
        out += `${num(left + x0)} ${num(top - y1)} ${num(x1 - x0)} ${num(y1 - y0)} re\n`;
      }
      out += 'f\n';
    }
  }
  return out;
}

/** The middle of cell (x, y) on the page. */
function center(layout: PageLayout, [x, y]: Point): [number, number] {
  const { left, top, cell, wall } = layout;
  return [left + x * cell + (cell + wall) / 2, top - y * cell - (cell + wall) / 2];
}

/**
 * The keys, the start and the end as the PNG marks them (marks.ts's rule,
 * in points rather than whole pixels): in a cell's open square a box m =
 * free / 6 in; a key fills it in its color (its letter is text, drawn
 * apart), the start is its frame, the end its frame with a center square.
 * Locked doors are already walls in their keys' colors (drawDoors).
 */
function markOperators(maze: Maze, layout: PageLayout): string {
  const free = layout.cell - layout.wall;
  const margin = free / 6;
  const size = free - 2 * margin;
  const frame = Math.max(size / 6, 0.5);
  let out = '';
  for (const mark of mazeMarks(maze)) {
    if (mark.kind === 'door') continue;
    const x = layout.left + mark.x * layout.cell + layout.wall + margin;
    const y = layout.top - mark.y * layout.cell - layout.wall - margin - size;
    const box = (inset: number): string => `${num(x + inset)} ${num(y + inset)} ${num(size - 2 * inset)} ${num(size - 2 * inset)} re\n`;
    out += `${rgbOperands(mark.rgb)} rg\n`;
    if (mark.kind === 'key') out += `${box(0)}f\n`;
    else out += `${box(0)}${box(frame)}f*\n`;
    if (mark.kind === 'end' && size > 4 * frame) out += `${box(2 * frame)}f\n`;
  }
  return out;
}

/** The solution as one stroked line through the centers of its cells. */
function pathOperators(solution: readonly Point[], layout: PageLayout, pathColor: number): string {
  if (solution.length === 0) return '';
  const width = Math.max(0.5, (layout.cell - layout.wall) * 0.28);
  let out = `${rgbOperands(pathColor)} RG\n${num(width)} w\n1 J\n1 j\n`;
  solution.forEach((cell, i) => {
    const [x, y] = center(layout, cell);
    out += `${num(x)} ${num(y)} ${i === 0 ? 'm' : 'l'}\n`;
  });
  // a path of one cell is a dot: a zero-length line with round caps
  if (solution.length === 1) out += `${num(center(layout, solution[0]!)[0])} ${num(center(layout, solution[0]!)[1])} l\n`;
  return out + 'S\n';
}

/** Text Helvetica can write (WinAnsi): anything else becomes '?'. */
function printable(text: string): string {
  return text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
}

function keyLetter(i: number): string {
  return i < 26 ? String.fromCharCode(97 + i) : '?';
}

async function* render(maze: Maze, options: RenderOptions): AsyncGenerator<Uint8Array> {
  checkSize(maze.width, maze.height);
  const { PDFDocument, StandardFonts, rgb } = await loadPdfLib();
  const doc = await PDFDocument.create({ updateMetadata: false });
  const caption = printable(mazeCaption(maze) ?? `maze, ${maze.width} × ${maze.height} cells`);
  const command = maze.info ? printable(reproduceCommand(maze) ?? '') : '';
  doc.setTitle(caption);
  doc.setSubject(command === '' ? 'a maze' : `made by: ${command}`);
  doc.setCreator('maze');
  doc.setProducer('maze (pdf-lib)');
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const mono = await doc.embedFont(StandardFonts.Courier);

  const layout = pageLayout(maze.width, maze.height, options);
  const walls = wallOperators(maze, layout, options.fg ?? 0x000000);
  const marks = markOperators(maze, layout);

  const addPage = (title: string, extra: string): PDFPage => {
    const page = doc.addPage([layout.pageWidth, layout.pageHeight]);
    const content = doc.context.flateStream(`q\n${walls}${extra}${marks}Q\n`);
    page.node.addContentStream(doc.context.register(content));
    drawKeyLetters(page, bold);
    writeCaption(page, font, mono, title, command);
    return page;
  };

  const drawKeyLetters = (page: PDFPage, letters: PDFFont): void => {
    const size = (layout.cell - layout.wall) * 0.5;
    if (size < 3) return;
    (maze.keys ?? []).forEach((key, i) => {
      const [cx, cy] = center(layout, [key.x, key.y]);
      const letter = keyLetter(i);
      page.drawText(letter, { x: cx - letters.widthOfTextAtSize(letter, size) / 2, y: cy - size * 0.36, size, font: letters, color: rgb(1, 1, 1) });
    });
  };

  const writeCaption = (page: PDFPage, text: PDFFont, code: PDFFont, title: string, line2: string): void => {
    const width = layout.pageWidth - 2 * MARGIN;
    const fitted = (f: PDFFont, s: string, size: number): number => Math.min(size, (size * width) / Math.max(1, f.widthOfTextAtSize(s, size)));
    page.drawText(title, { x: MARGIN, y: MARGIN + 12, size: fitted(text, title, 10), font: text, color: rgb(0, 0, 0) });
    if (line2 !== '') page.drawText(line2, { x: MARGIN, y: MARGIN, size: fitted(code, line2, 8), font: code, color: rgb(0.3, 0.3, 0.3) });
  };

  addPage(caption, '');
  if (maze.solution && maze.solution.length > 0) {
    const [a, b] = [maze.solution[0]!, maze.solution[maze.solution.length - 1]!];
    addPage(`${caption}: solution, ${maze.solution.length} cells from ${a[0]},${a[1]} to ${b[0]},${b[1]}`, pathOperators(maze.solution, layout, options.pathColor));
  }
  // pdf-lib writes no document ID unless asked: nothing random in the file
  yield await doc.save({ useObjectStreams: false });
}

const pdf: Format & { readonly name: 'pdf' } = {
  name: 'pdf' as const,
  description: 'a printable page (--paper a4 or letter): the maze scaled to fit, a caption, the solution on page 2',
  extensions: ['.pdf'],
  binary: true,
  checkSize,
  render,
};

export default pdf;
