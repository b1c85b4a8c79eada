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
 *    page is the PNG at another scale, in the print theme unless another
 *    is asked for (theme.ts): black walls on the white paper, trees and
 *    marks darkened until they read on it (`--fg`, `--bg` as given; a
 *    background other than white is painted under the maze).
 * 3. Marks (marks.ts, as in the PNG): the start a green frame, the end a
 *    blue frame with a center square; each locked door a bar across its
 *    opening and each key a box, by the PNG's very rule, in the key's
 *    color with an outline in black (on paper), so that a gray print shows
 *    them; and letters that pair them in black and white: `a` in key a's
 *    box, `A` beside each of its doors.
 * 4. Caption: the algorithm, seed and size, and the command that makes
 *    the maze again.
 * 5. With a solution, a second page: the same maze with the path drawn as
 *    a line through the cells' centers, in `--path-color`.
 *
 * The bytes depend only on the maze and the options: fixed dates, no
 * random document ID, pdf-lib's own deflate of the content streams.
 */
import type { PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import type { Maze, Point } from '../model/maze.js';
import type { MazeRows } from '../model/rows.js';
import { rowsOf } from '../model/rows.js';
import { latticeEdge, mazeCaption, reproduceCommand, RUN, runsByRgb, wallRgb } from './geometry.js';
import { shadedCells, solvingColors, walkOnce } from './solving.js';
import { checkPageCells } from './render-options.js';
import { contrastRatio } from './contrast.js';
import type { PdfLib } from './load-pdf-lib.js';
import { loadPdfLib } from './load-pdf-lib.js';
import { markRectangles, mazeMarks } from './marks.js';
import type { Painting, ThemeName } from './theme.js';
import { paint, themeOf } from './theme.js';
import { GraphMaze } from '../grid/graph-maze.js';
import type { AnyMaze } from '../passages/view.js';
import type { Scene } from './shape-picture.js';
import { shapeCaption, shapeScene } from './shape-picture.js';
import { distanceScene } from './distance-picture.js';
import type { Format, RenderOptions } from './types.js';

/** Paper sizes in points (1/72 inch), portrait. */
export const PAPER: Readonly<Record<RenderOptions['paper'], [number, number]>> = { a4: [595.28, 841.89], letter: [612, 792] };
const MARGIN = 36;
/** Room under the maze for the caption's two lines. */
const CAPTION_ROOM = 30;
/** Paper is white: a PDF is drawn for print unless another theme is asked for. */
const PDF_THEME: ThemeName = 'print';
/** Largest key or door letter, in points. */
const MAX_LETTER = 14;
/** Thinnest wall drawn, in points. */
export const MIN_WALL = 0.25;
/** Cells a page holds at most: beyond, a cell would be a fraction of a point. */
export const MAX_PDF_CELLS = 250_000;
/** The date written in the file (creation and modification): fixed, so that the same maze gives the same bytes. */
const FIXED_DATE = new Date(Date.UTC(2000, 0, 1));

/** Where a square maze sits: its top-left corner, the cell and wall sizes in points, its size in cells. */
export interface MazePlace {
  left: number;
  top: number;
  cell: number;
  wall: number;
  width: number;
  height: number;
}

/** A page of one maze: its size, and the maze's place on it. */
export interface PageLayout extends MazePlace {
  pageWidth: number;
  pageHeight: number;
}

/** The page and the maze's place on it (exported for the tests, which compare it with the PNG). */
export function pageLayout(width: number, height: number, options: Pick<RenderOptions, 'paper' | 'tile' | 'wall'>): PageLayout {
  const [short, long] = PAPER[options.paper];
  const ratio = options.wall / options.tile;
  const fit = (pageWidth: number, pageHeight: number): number =>
    Math.min((pageWidth - 2 * MARGIN) / (width + ratio), (pageHeight - 2 * MARGIN - CAPTION_ROOM) / (height + ratio));
  const landscape = fit(long, short) > fit(short, long);
  const [pageWidth, pageHeight] = landscape ? [long, short] : [short, long];
  return { pageWidth, pageHeight, ...boxLayout(width, height, options, pageBox(pageWidth, pageHeight)) };
}

/**
 * Where a maze goes on a page, in points (PDF's y grows upward): centred
 * on `centerX`, hanging from `top`, within `width` × `height`, centred
 * in that height too.
 */
export interface Box {
  centerX: number;
  top: number;
  width: number;
  height: number;
}

/** A page's box for its one maze: inside the margins, above the caption. */
function pageBox(pageWidth: number, pageHeight: number): Box {
  return { centerX: pageWidth / 2, top: pageHeight - MARGIN, width: pageWidth - 2 * MARGIN, height: pageHeight - 2 * MARGIN - CAPTION_ROOM };
}

/** A square maze's cells as large as they fit in the box, and its place there. */
function boxLayout(width: number, height: number, options: Pick<RenderOptions, 'tile' | 'wall'>, box: Box): MazePlace {
  const ratio = options.wall / options.tile;
  // where the wall would be thinner than MIN_WALL, the cells make room for the thicker wall: the picture stays in its box
  const fit = (room: number, cells: number): number => Math.min(room / (cells + ratio), (room - MIN_WALL) / cells);
  const cell = Math.min(fit(box.width, width), fit(box.height, height));
  const wall = Math.max(MIN_WALL, cell * ratio);
  const pictureWidth = width * cell + wall;
  const pictureHeight = height * cell + wall;
  const left = box.centerX - pictureWidth / 2;
  const top = box.top - (box.height - pictureHeight) / 2;
  return { left, top, cell, wall, width, height };
}

function checkSize(width: number, height: number): void {
  checkPageCells(width * height, MAX_PDF_CELLS, `a ${width} × ${height} maze`);
}

/** A number as a PDF operand: short, and the same text on every machine. */
function num(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

function rgbOperands(rgb: number): string {
  return `${num(((rgb >> 16) & 255) / 255)} ${num(((rgb >> 8) & 255) / 255)} ${num((rgb & 255) / 255)}`;
}

/** The walls as filled rectangles, one fill color per group of runs. */
function wallOperators(rows: MazeRows, layout: MazePlace): string {
  const { left, top, cell, wall } = layout;
  const edge = (k: number): number => latticeEdge(k, cell, wall);
  let out = '';
  for (const [rgb, batches] of runsByRgb(rows, { pillars: false }, null)) {
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

/** The picture's background under the maze, as the PNG's canvas; none on white paper. */
function backgroundOperators(background: number, layout: MazePlace): string {
  if (background === 0xffffff) return '';
  const { left, top, cell, wall, width, height } = layout;
  return `${rgbOperands(background)} rg\n${num(left)} ${num(top - height * cell - wall)} ${num(width * cell + wall)} ${num(height * cell + wall)} re\nf\n`;
}

/** The middle of cell (x, y) on the page. */
function center(layout: MazePlace, [x, y]: Point): [number, number] {
  const { left, top, cell, wall } = layout;
  return [left + x * cell + (cell + wall) / 2, top - y * cell - (cell + wall) / 2];
}

/**
 * A PNG pixel coordinate at `tile` and `wall` (marks.ts works in those) on
 * the page's axis, where a cell is `cell` points and a wall `wall` points:
 * each corner band and each cell's open stretch is scaled on its own, so
 * that a mark lies against the same walls as in the PNG.
 */
function pagePoint(pixel: number, options: Pick<RenderOptions, 'tile' | 'wall'>, layout: MazePlace): number {
  const k = Math.floor(pixel / options.tile);
  const r = pixel - k * options.tile;
  const within = r < options.wall ? (r * layout.wall) / options.wall : layout.wall + ((r - options.wall) * (layout.cell - layout.wall)) / (options.tile - options.wall);
  return k * layout.cell + within;
}

/** A rectangle of PNG pixels [x0, x1) × [y0, y1) as a PDF `re` operand list. */
function pageRect([x0, y0, x1, y1]: ArrayLike<number> & Iterable<number>, options: Pick<RenderOptions, 'tile' | 'wall'>, layout: MazePlace): string {
  const left = layout.left + pagePoint(x0!, options, layout);
  const right = layout.left + pagePoint(x1!, options, layout);
  const top = layout.top - pagePoint(y0!, options, layout);
  const bottom = layout.top - pagePoint(y1!, options, layout);
  return `${num(left)} ${num(bottom)} ${num(right - left)} ${num(top - bottom)} re\n`;
}

/** Outlines of keys and doors: thin enough for a small cell, thick enough to print. */
function outlineWidth(layout: MazePlace): number {
  return Math.min(0.8, Math.max(0.3, layout.cell * 0.04));
}

/**
 * Locked doors and keys by marks.ts's rule, as the PNG draws them (a bar
 * across the door's opening, a box in the key's cell), each filled in its
 * key's color and outlined in the ink (black on paper), so that a gray
 * print still shows them apart from the walls; their letters are text,
 * drawn apart (`markLetters`). The start and the end: a frame, and a frame
 * with a center square, m = free / 6 in.
 */
function markOperators(painting: Painting, options: Pick<RenderOptions, 'tile' | 'wall'>, layout: MazePlace): string {
  const free = layout.cell - layout.wall;
  const margin = free / 6;
  const size = free - 2 * margin;
  const frame = Math.max(size / 6, 0.5);
  const marks = mazeMarks(painting.rows, painting);
  const pixels = markRectangles(painting.rows, options, marks.filter((m) => m.kind === 'door' || m.kind === 'key'));
  let out = pixels.length > 0 ? `${rgbOperands(painting.ink)} RG\n${num(outlineWidth(layout))} w\n` : '';
  for (let i = 0; i < pixels.length; i += 5) {
    out += `${rgbOperands(pixels[i + 4]!)} rg\n${pageRect(pixels.subarray(i, i + 4), options, layout)}B\n`;
  }
  for (const mark of marks) {
    if (mark.kind === 'door' || mark.kind === 'key') continue;
    const x = layout.left + mark.x * layout.cell + layout.wall + margin;
    const y = layout.top - mark.y * layout.cell - layout.wall - margin - size;
    const box = (inset: number): string => `${num(x + inset)} ${num(y + inset)} ${num(size - 2 * inset)} ${num(size - 2 * inset)} re\n`;
    out += `${rgbOperands(mark.rgb)} rg\n`;
    out += `${box(0)}${box(frame)}f*\n`;
    if (mark.kind === 'end' && size > 4 * frame) out += `${box(2 * frame)}f\n`;
  }
  return out;
}

/** A letter to write on the page: where its middle is, how big, in what color. */
export interface Letter {
  text: string;
  x: number;
  y: number;
  size: number;
  rgb: number;
}

/**
 * The letters that pair keys with doors in any print: each key's lowercase
 * letter in its box (black or white, whichever reads on the key's color),
 * each locked door's capital beside its bar, in the ink, in the first of
 * its two cells that holds no mark (on the bar itself when both do).
 * None when a cell is too small for a legible letter.
 */
function markLetters(painting: Painting, layout: MazePlace): Letter[] {
  const free = layout.cell - layout.wall;
  // half a cell, up to a size that reads from arm's length without crowding the doors around it
  const size = Math.min(free * 0.5, MAX_LETTER);
  if (size < 3) return [];
  const letters: Letter[] = [];
  const onColor = (rgb: number): number => (contrastRatio(rgb, 0x000000) >= contrastRatio(rgb, 0xffffff) ? 0x000000 : 0xffffff);
  const marks = mazeMarks(painting.rows, painting);
  const marked = new Set(marks.filter((m) => m.kind !== 'door').map((m) => `${m.x},${m.y}`));
  for (const mark of marks) {
    if (mark.kind === 'key') {
      const [x, y] = center(layout, [mark.x, mark.y]);
      letters.push({ text: keyLetter(mark.key).toLowerCase(), x, y, size, rgb: onColor(mark.rgb) });
    } else if (mark.kind === 'door') {
      // the bar lies on the wall between (x, y) and the cell before it (above, or to the left)
      const [ax, ay] = mark.side === 'top' ? [mark.x, mark.y - 1] : [mark.x - 1, mark.y];
      const cells: Point[] = [[mark.x, mark.y], [ax, ay]];
      const free0 = cells.find(([x, y]) => !marked.has(`${x},${y}`));
      const text = keyLetter(mark.key).toUpperCase();
      if (free0 === undefined) {
        // on the bar: its middle, as large as its thickness allows
        const [cx, cy] = center(layout, [mark.x, mark.y]);
        const half = layout.cell / 2;
        const [x, y] = mark.side === 'top' ? [cx, cy + half - layout.wall / 4] : [cx - half + layout.wall / 4, cy];
        letters.push({ text, x, y, size: Math.min(size, (layout.wall + free / 3) * 1.1), rgb: onColor(mark.rgb) });
        continue;
      }
      // beside the bar, in that cell: the bar reaches free / 3 from the cell's middle, and a
      // capital spans about 0.36 of its size either way; a little gap between them
      const [cx, cy] = center(layout, free0);
      const before = free0[0] !== mark.x || free0[1] !== mark.y; // the cell above or left of the bar
      const shift = Math.max(0, free / 3 - 0.36 * size - free / 16);
      // toward the bar: right or left along x; up or down the page (y grows upward on it)
      const [x, y] = mark.side === 'top' ? [cx, cy + (before ? -shift : shift)] : [cx + (before ? shift : -shift), cy];
      letters.push({ text, x, y, size, rgb: painting.ink });
    }
  }
  return letters;
}

/** A solver's drawing (solving.ts): its shaded cells as filled squares inside their walls, then its walk as a thin line through the cell centres. */
function solvingOperators(maze: Maze, painting: Painting, layout: MazePlace): string {
  const { solving } = maze;
  if (!solving) return '';
  const colors = solvingColors(painting.background, wallRgb(painting.rows, 0, null), painting.path);
  const half = Math.max(0.25, (layout.cell - layout.wall) / 2);
  let out = '';
  for (const { rgb, cells } of shadedCells(solving, colors)) {
    out += `${rgbOperands(rgb)} rg\n`;
    for (const cell of cells) {
      const [x, y] = center(layout, cell);
      out += `${num(x - half)} ${num(y - half)} ${num(2 * half)} ${num(2 * half)} re\n`;
    }
    out += 'f\n';
  }
  const walk = solving.walk ?? [];
  if (walk.length > 0) {
    out += `${rgbOperands(colors.walk)} RG\n${num(Math.max(0.3, (layout.cell - layout.wall) * 0.14))} w\n1 J\n1 j\n`;
    // each step once (walkOnce), each line its own subpath of the one stroke
    for (const line of walkOnce(walk, ([x, y]) => y * maze.width + x, maze.width * maze.height)) {
      line.forEach((cell, i) => {
        const [x, y] = center(layout, cell);
        out += `${num(x)} ${num(y)} ${i === 0 ? 'm' : 'l'}\n`;
      });
    }
    out += 'S\n';
  }
  return out;
}

/** The solution as one stroked line through the centers of its cells. */
function pathOperators(solution: readonly Point[], layout: MazePlace, pathColor: number): string {
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

/**
 * Past this many characters a caption or a made-by line is cut (ending in
 * ...): it is shrunk to the page's width, and unreadable long before (a
 * saved maze's 24 MB seed made a PDF of gigabytes, then ran out of memory).
 */
const MAX_LINE = 500;

/** Text Helvetica can write (WinAnsi): anything else becomes '?'; at most MAX_LINE characters. */
function printable(text: string): string {
  const line = text.length > MAX_LINE ? `${text.slice(0, MAX_LINE - 3)}...` : text;
  return line.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
}

/** Key k's letter, as the ASCII art and the game write it (a–z, then ?). */
function keyLetter(k: number): string {
  return k < 26 ? String.fromCharCode(97 + k) : '?';
}

/**
 * A maze drawn in a box of a page: what the single-maze PDF puts on its
 * pages, and what a book (book.ts) puts in each of its boxes.
 */
export interface MazeArt {
  /** The content stream's operators: the background, the walls, the path when asked, the marks. */
  operators(withPath: boolean): string;
  /** Letters that pair keys with doors (a bold font writes them: `writeLetters`). */
  letters: Letter[];
  /** The picture's rectangle on the page, in points. */
  left: number;
  bottom: number;
  right: number;
  top: number;
}

/** A maze of any grid, as large as it fits in the box, in the print theme unless another is asked for. */
export function mazeArt(maze: AnyMaze, box: Box, options: RenderOptions): MazeArt {
  return maze instanceof GraphMaze ? shapeArt(maze, box, options) : squareArt(maze, box, options);
}

function squareArt(maze: Maze, box: Box, options: RenderOptions): MazeArt {
  return squareArtAt(maze, boxLayout(maze.width, maze.height, options, box), options);
}

function squareArtAt(maze: Maze, layout: MazePlace, options: RenderOptions): MazeArt {
  const theme = themeOf(options, PDF_THEME);
  // locked doors are marks, bars across their openings, as in the PNG
  const painting = paint(rowsOf(maze), options, theme, options.bg ?? theme.background);
  const walls = backgroundOperators(painting.background, layout) + wallOperators(painting.rows, layout);
  const marks = markOperators(painting, options, layout);
  // a solver's drawing (shaded cells, its walk) under the path, on the solved page
  const path = solvingOperators(maze, painting, layout) + (maze.solution && maze.solution.length > 0 ? pathOperators(maze.solution, layout, painting.path) : '');
  return {
    operators: (withPath) => `${walls}${withPath ? path : ''}${marks}`,
    letters: markLetters(painting, layout),
    left: layout.left,
    top: layout.top,
    right: layout.left + layout.width * layout.cell + layout.wall,
    bottom: layout.top - layout.height * layout.cell - layout.wall,
  };
}

/** A shaped maze: the PNG's scene (shape-picture.ts), its walls stroked with round ends, the marks as discs. */
function shapeArt(maze: GraphMaze, box: Box, options: RenderOptions): MazeArt {
  return sceneArt(shapeScene(maze, options, PDF_THEME), box);
}

/** A scene (shape-picture.ts: a shaped maze, a distance map) in a box: walls stroked with round ends, marks as discs, fills filled. */
function sceneArt(scene: Scene, box: Box): MazeArt & { scale: number } {
  const scale = Math.min(box.width / scene.width, box.height / scene.height);
  const left = box.centerX - (scene.width * scale) / 2;
  const top = box.top - (box.height - scene.height * scale) / 2;
  const x = (v: number): string => num(left + v * scale);
  const y = (v: number): string => num(top - v * scale);
  const background = scene.background === 0xffffff ? '' : `${rgbOperands(scene.background)} rg\n${x(0)} ${y(scene.height)} ${num(scene.width * scale)} ${num(scene.height * scale)} re\nf\n`;
  const operators = (withPath: boolean): string => {
    let out = background;
    for (const layer of scene.layers) {
      if (layer.kind === 'discs') {
        if (layer.role === 'path' && !withPath) continue;
        out += `${rgbOperands(layer.rgb)} rg\n`;
        for (let i = 0; i < layer.discs.length; i += 3) out += discOperators(left + layer.discs[i]! * scale, top - layer.discs[i + 1]! * scale, layer.discs[i + 2]! * scale);
        continue;
      }
      if (layer.kind === 'fills') {
        out += `${rgbOperands(layer.rgb)} rg\n`;
        for (const p of layer.polygons) {
          for (let i = 2; i + 1 < p.length; i += 2) out += `${x(p[i]!)} ${y(p[i + 1]!)} ${i === 2 ? 'm' : 'l'}\n`;
          out += 'h\nf\n';
        }
        continue;
      }
      if (layer.role === 'path' && !withPath) continue;
      out += `${rgbOperands(layer.rgb)} RG\n${num(Math.max(MIN_WALL, layer.width * scale))} w\n1 J\n1 j\n`;
      for (const line of layer.lines) {
        for (let i = 0; i + 1 < line.length; i += 2) out += `${x(line[i]!)} ${y(line[i + 1]!)} ${i === 0 ? 'm' : 'l'}\n`;
        out += 'S\n';
      }
    }
    return out;
  };
  return { operators, letters: [], left, top, right: left + scene.width * scale, bottom: top - scene.height * scale, scale };
}

/** The key and door letters, centred on their points, in `font`. */
export function writeLetters(page: PDFPage, font: PDFFont, letters: readonly Letter[], rgb: PdfLib['rgb']): void {
  for (const { text, x, y, size, rgb: color } of letters) {
    // centered on (x, y): the capitals and x-height sit about 0.36 of the size above the baseline
    page.drawText(text, { x: x - font.widthOfTextAtSize(text, size) / 2, y: y - size * 0.36, size, font, color: rgb(((color >> 16) & 255) / 255, ((color >> 8) & 255) / 255, (color & 255) / 255) });
  }
}

/** A new document whose bytes depend only on what is drawn: fixed dates, maze as its creator. */
export async function newDocument(pdfLib: PdfLib, title: string, subject: string): Promise<PDFDocument> {
  const doc = await pdfLib.PDFDocument.create({ updateMetadata: false });
  doc.setTitle(title);
  doc.setSubject(subject);
  doc.setCreator('maze');
  doc.setProducer('maze (pdf-lib)');
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);
  return doc;
}

/** Operators as one more content stream of the page, deflated. */
export function addContent(doc: PDFDocument, page: PDFPage, operators: string): void {
  page.node.addContentStream(doc.context.register(doc.context.flateStream(operators)));
}

async function* render(maze: Maze, options: RenderOptions): AsyncGenerator<Uint8Array> {
  checkSize(maze.width, maze.height);
  if (options.distances) {
    yield* distancePdf(maze, options);
    return;
  }
  const pdfLib = await loadPdfLib();
  const { StandardFonts, rgb } = pdfLib;
  const caption = printable(mazeCaption(maze) ?? `maze, ${maze.width} × ${maze.height} cells`);
  const command = maze.info ? printable(reproduceCommand(maze) ?? '') : '';
  const doc = await newDocument(pdfLib, caption, command === '' ? 'a maze' : `made by: ${command}`);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const mono = await doc.embedFont(StandardFonts.Courier);

  const layout = pageLayout(maze.width, maze.height, options);
  const art = squareArtAt(maze, layout, options);

  const addPage = (title: string, withPath: boolean): PDFPage => {
    const page = doc.addPage([layout.pageWidth, layout.pageHeight]);
    addContent(doc, page, `q\n${art.operators(withPath)}Q\n`);
    writeLetters(page, bold, art.letters, rgb);
    writeCaption(page, font, mono, title, command);
    return page;
  };

  const writeCaption = (page: PDFPage, text: PDFFont, code: PDFFont, title: string, line2: string): void => {
    const width = layout.pageWidth - 2 * MARGIN;
    const fitted = (f: PDFFont, s: string, size: number): number => Math.min(size, (size * width) / Math.max(1, f.widthOfTextAtSize(s, size)));
    page.drawText(title, { x: MARGIN, y: MARGIN + 12, size: fitted(text, title, 10), font: text, color: rgb(0, 0, 0) });
    if (line2 !== '') page.drawText(line2, { x: MARGIN, y: MARGIN, size: fitted(code, line2, 8), font: code, color: rgb(0.3, 0.3, 0.3) });
  };

  addPage(caption, false);
  if (maze.solution && maze.solution.length > 0) {
    const [a, b] = [maze.solution[0]!, maze.solution[maze.solution.length - 1]!];
    addPage(`${caption}: ${solvedBy(maze)}solution, ${maze.solution.length} cells from ${a[0]},${a[1]} to ${b[0]},${b[1]}`, true);
  } else if (maze.solving) {
    addPage(`${caption}: ${solvedBy(maze)}did not reach the end`, true);
  }
  // pdf-lib writes no document ID unless asked: nothing random in the file
  yield await doc.save({ useObjectStreams: false });
}

/** A disc as four Bézier quarter circles, filled. */
function discOperators(x: number, y: number, r: number): string {
  const k = 0.5523 * r;
  return `${num(x + r)} ${num(y)} m\n${num(x + r)} ${num(y + k)} ${num(x + k)} ${num(y + r)} ${num(x)} ${num(y + r)} c\n` +
    `${num(x - k)} ${num(y + r)} ${num(x - r)} ${num(y + k)} ${num(x - r)} ${num(y)} c\n` +
    `${num(x - r)} ${num(y - k)} ${num(x - k)} ${num(y - r)} ${num(x)} ${num(y - r)} c\n` +
    `${num(x + k)} ${num(y - r)} ${num(x + r)} ${num(y - k)} ${num(x + r)} ${num(y)} c\nf\n`;
}

/**
 * A maze on a non-square grid (SPEC "Grid shapes"): the PNG's scene
 * in the print theme, scaled to fit the page as a square maze is; with a
 * solution, a second page with the path.
 */
async function* renderGraph(maze: GraphMaze, options: RenderOptions): AsyncGenerator<Uint8Array> {
  if (options.distances) {
    yield* distancePdf(maze, options);
    return;
  }
  const caption = printable(shapeCaption(maze));
  const second = maze.solution && maze.solution.length > 0
    ? `${caption}: ${solvedBy(maze)}solution, ${maze.solution.length} cells`
    : maze.solving ? `${caption}: ${solvedBy(maze)}did not reach the end` : null;
  yield await scenePdf(shapeScene(maze, options, PDF_THEME), caption, options, second, printable(reproduceCommand(maze) ?? ''));
}

/** A distance map (distance-picture.ts) on a page, its legend under it; any grid. */
async function* distancePdf(maze: Maze | GraphMaze, options: RenderOptions): AsyncGenerator<Uint8Array> {
  const caption = maze instanceof GraphMaze ? shapeCaption(maze) : mazeCaption(maze) ?? `maze, ${maze.width} × ${maze.height} cells`;
  yield await scenePdf(distanceScene(maze, options, PDF_THEME), printable(`${caption}: distances from the start`), options, null);
}

/** Room under the picture for a legend: a bar of the ramp and the two ends' distances, in points. */
const LEGEND_ROOM = 30;

/**
 * A scene (shape-picture.ts) on a page: scaled to fit as a square maze
 * is (`sceneArt`); with a `second` title, a second page with the path (the
 * layers whose role is 'path'); with a legend, the ramp under the picture.
 */
async function scenePdf(scene: Scene, caption: string, options: RenderOptions, second: string | null, command = ''): Promise<Uint8Array> {
  const pdfLib = await loadPdfLib();
  const { StandardFonts, rgb } = pdfLib;
  const doc = await newDocument(pdfLib, caption, command === '' ? 'a maze' : `made by: ${command}`);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  // the command that makes the maze again, under the caption as on a square maze's page
  const mono = command === '' ? null : await doc.embedFont(StandardFonts.Courier);
  const below = CAPTION_ROOM + (scene.legend ? LEGEND_ROOM : 0);
  const [short, long] = PAPER[options.paper];
  const fit = (w: number, h: number): number => Math.min((w - 2 * MARGIN) / scene.width, (h - 2 * MARGIN - below) / scene.height);
  const [pageWidth, pageHeight] = fit(long, short) > fit(short, long) ? [long, short] : [short, long];
  const art = sceneArt(scene, { centerX: pageWidth / 2, top: pageHeight - MARGIN, width: pageWidth - 2 * MARGIN, height: pageHeight - 2 * MARGIN - below });
  const { left, top, scale } = art;
  const addPage = (title: string, withPath: boolean): void => {
    const page = doc.addPage([pageWidth, pageHeight]);
    addContent(doc, page, `q\n${art.operators(withPath)}Q\n`);
    const room = pageWidth - 2 * MARGIN;
    const size = Math.min(10, (10 * room) / Math.max(1, font.widthOfTextAtSize(title, 10)));
    page.drawText(title, { x: MARGIN, y: MARGIN + 12, size, font, color: rgb(0, 0, 0) });
    if (mono !== null) page.drawText(command, { x: MARGIN, y: MARGIN, size: Math.min(8, (8 * room) / Math.max(1, mono.widthOfTextAtSize(command, 8))), font: mono, color: rgb(0.3, 0.3, 0.3) });
    if (!scene.legend) return;
    // the ramp as a bar under the picture, its ends' distances beneath
    const { ramp, farthest } = scene.legend;
    const barTop = top - scene.height * scale - 8;
    const step = (scene.width * scale) / ramp.length;
    ramp.forEach((c, i) => page.drawRectangle({ x: left + i * step, y: barTop - 10, width: step, height: 10, color: rgb(((c >> 16) & 255) / 255, ((c >> 8) & 255) / 255, (c & 255) / 255) }));
    const label = (text: string, at: number, align: 'left' | 'middle' | 'right'): void => {
      const w = font.widthOfTextAtSize(text, 8);
      page.drawText(text, { x: align === 'left' ? at : align === 'right' ? at - w : at - w / 2, y: barTop - 20, size: 8, font, color: rgb(0, 0, 0) });
    };
    label('0', left, 'left');
    label('steps from the start', left + (scene.width * scale) / 2, 'middle');
    label(String(farthest), left + scene.width * scale, 'right');
  };
  addPage(caption, false);
  if (second !== null) addPage(second, true);
  return doc.save({ useObjectStreams: false });
}

/** A second page's caption names the solving method, when not the shortest path. */
function solvedBy(maze: { solving: { method: string } | null }): string {
  return maze.solving ? `${maze.solving.method}, ` : '';
}

const pdf: Format & { readonly name: 'pdf' } = {
  name: 'pdf' as const,
  reads: ['tile', 'wall', 'paper', 'fg', 'bg', 'theme', 'pathColor', 'distances'],
  description: 'a printable page (the paper option: a4 or letter): the maze scaled to fit, a caption, the solution on page 2',
  extensions: ['.pdf'],
  binary: true,
  theme: PDF_THEME,
  checkSize,
  pageCells: MAX_PDF_CELLS,
  render,
  renderGraph,
};

export default pdf;
