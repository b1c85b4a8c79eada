/**
 * ASCII art: `+---+` / `|   |`, or with `--style unicode` box drawing whose
 * junctions follow the walls that meet at each corner (┌ ┬ ┐ ├ ┼ ┤ └ ┴ ┘,
 * ─ │, and the half lines ╴╵╶╷ where a wall ends).
 *
 * Each cell is three characters wide and one line high; row y of cells sits
 * between corner lines y and y+1. With `color`, every wall is written in its
 * palette color (trees), a corner in the color the PNG leaves on top there.
 *
 * A solution is a line through the cells it visits: in `ascii` style a
 * `*` in the middle of each cell, spreading to the cell's side and on
 * through the opening toward the next cell (`| ***** |`, a `*` in the
 * middle of an opening between two rows); in `unicode` style the same with
 * heavy lines (━ ┃ ┏ ┓ ┗ ┛) and a ● on its first and last cell. It takes
 * only the spaces of open cells and openings, so the walls stay as they
 * were; `--path-color` colors it when color is on.
 *
 * Keys and doors (zones, seed 003): a locked door is the letter of its key
 * in the wall's gap (`A` for key 0 … `Z` for key 25), a decoy like any
 * other door of that key, and a key is its lowercase letter in the middle
 * of its cell; both in the key's color when color is on, and drawn over
 * the path. A door with no key is a plain opening. The start and the end
 * (any maze that has them) are `@` and `>` in the middle of their cells
 * (a key letter there wins), in marks.ts's colors; never letters, so they
 * never clash with a key.
 */
import { MazeError } from '../errors.js';
import type { Maze, Point } from '../model/maze.js';
import type { MazeRows, TileRow } from '../model/rows.js';
import { rowsOf } from '../model/rows.js';
import { keyColor, keyRgb, LEFT, TOP, wallId } from '../model/maze.js';
import { cornerColor, NONE, visibleRows, wallRgb } from './geometry.js';
import { END_COLOR, START_COLOR } from './marks.js';
import type { PathRows } from './path.js';
import { PATH_DOWN, PATH_END, PATH_LEFT, PATH_RIGHT, PATH_UP, pathRows } from './path.js';
import type { Format, RenderOptions } from './types.js';
import { DEFAULT_RENDER_OPTIONS } from './types.js';
import { solvingColors } from './solving.js';
import { checkShapeText, shapeText } from './ascii-shape.js';

const UP = 1;
const RIGHT = 2;
const DOWN = 4;
const LEFTWARD = 8;

/** Box-drawing character for each combination of walls meeting at a corner. */
const JUNCTIONS = [
  ' ', '╵', '╶', '└', '╷', '│', '┌', '├', '╴', '┘', '─', '┴', '┐', '┤', '┬', '┼',
];

/** Heavy box drawing for the path, by the sides a cell connects to (same masks). */
const HEAVY = [
  '●', '╹', '╺', '┗', '╻', '┃', '┏', '┣', '╸', '┛', '━', '┻', '┓', '┫', '┳', '╋',
];

interface Glyphs {
  /** One column a cell (compact) instead of three: the spaces beside a cell's middle are left out. */
  narrow: boolean;
  /** A growing maze's marked cells (`maze gen --animate`): the algorithm's working set, the search, the head. */
  marks: readonly [active: string, search: string, head: string];
  horizontal: string;
  open: string;
  vertical: string;
  corner(mask: number): string;
  /** The path: across an opening or a cell's side, down an opening, and in a cell's middle. */
  pathAcross: string;
  pathDown: string;
  pathCell(mask: number): string;
}

const STYLES: Record<RenderOptions['style'], Glyphs> = {
  ascii: {
    narrow: false,
    marks: [' . ', ' : ', '###'],
    horizontal: '---', open: '   ', vertical: '|', corner: (mask) => (mask === 0 ? ' ' : '+'),
    pathAcross: '*', pathDown: '*', pathCell: () => '*',
  },
  unicode: {
    narrow: false,
    marks: ['░░░', ' · ', '███'],
    horizontal: '───', open: '   ', vertical: '│', corner: (mask) => JUNCTIONS[mask]!,
    pathAcross: '━', pathDown: '┃', pathCell: (mask) => (mask & PATH_END ? '●' : HEAVY[mask & 15]!),
  },
  // two columns a cell, so that a 30-wide maze (61 columns) fits an 80-column terminal
  compact: {
    narrow: true,
    marks: ['░', '·', '█'],
    horizontal: '─', open: ' ', vertical: '│', corner: (mask) => JUNCTIONS[mask]!,
    pathAcross: '━', pathDown: '┃', pathCell: (mask) => (mask & PATH_END ? '●' : HEAVY[mask & 15]!),
  },
};

/** Characters a line takes for a maze `width` cells wide, in each style. */
export function styleWidth(style: RenderOptions['style'], width: number): number {
  return (STYLES[style].narrow ? 2 : 4) * width + 1;
}

/** Palette index standing for the path's color in a Line. */
const PATH_COLOR = -2;
/** Key k's color in a Line is KEY_COLOR − k. */
const KEY_COLOR = -3;
/** The start's and the end's colors in a Line (below every key's). */
const START_MARK = -1000;
const END_MARK = -1001;
/** A marked cell's color in a Line: CELL_MARK − (mark − 1), mark 1 to 3 (see CellMarks). */
const CELL_MARK = -1002;

/**
 * What a growing maze shows in each cell besides its walls: 0 nothing,
 * 1 the algorithm's working set, 2 the search, 3 the head; and the colors
 * of 1 to 3.
 */
export interface CellMarks {
  at(x: number, y: number): number;
  colors: readonly [number, number, number];
}

/** Letters of the locked doors and keys, by tile index · 2 (+ 1 for a top wall) and by tile index. */
interface Marks {
  doors: Map<number, number>;
  keys: Map<number, number>;
}

function marksOf(maze: MazeRows): Marks | null {
  if (!maze.doors?.some((d) => d.key !== null) && !maze.keys?.length) return null;
  const doors = new Map<number, number>();
  for (const d of maze.doors ?? []) {
    if (d.key !== null) doors.set(wallId(maze.width + 1, d.x, d.y, d.side), d.key);
  }
  const keys = new Map<number, number>();
  (maze.keys ?? []).forEach((k, i) => keys.set(k.y * (maze.width + 1) + k.x, i));
  return { doors, keys };
}

/** Key k's letter: A–Z for doors (a–z for keys), then `?` past the alphabet. */
function keyLetter(k: number, upper: boolean): string {
  if (k >= 26) return '?';
  return String.fromCharCode((upper ? 65 : 97) + k);
}

/**
 * Path bits of each cell of one row, from the path's rows: filled for row
 * y, then cleared, so the row costs only its own path cells.
 */
class PathRow {
  readonly bits: Uint8Array;
  private filled: Int32Array = new Int32Array(0);

  constructor(width: number, private readonly rows: PathRows) {
    this.bits = new Uint8Array(width);
  }

  load(y: number): void {
    for (const value of this.filled) this.bits[value >> 5] = 0;
    if (y < 0 || y >= this.rows.rowStart.length - 1) {
      this.filled = new Int32Array(0);
      return;
    }
    this.filled = this.rows.cells.subarray(this.rows.rowStart[y]!, this.rows.rowStart[y + 1]!);
    for (const value of this.filled) this.bits[value >> 5] = value & 31;
  }
}

/** Collects one line as runs of text of the same palette color. */
class Line {
  text = '';
  private runs: { text: string; color: number }[] = [];
  private runText = '';
  private runColor = NONE;

  constructor(private readonly paint: ((text: string, color: number) => string) | null) {}

  add(text: string, color: number): void {
    if (!this.paint) {
      this.text += text;
      return;
    }
    if (color !== this.runColor && this.runText !== '') this.flush();
    this.runColor = color;
    this.runText += text;
  }

  private flush(): void {
    this.runs.push({ text: this.runText, color: this.runColor });
    this.runText = '';
  }

  finish(): string {
    if (!this.paint) return this.text + '\n';
    if (this.runText !== '') this.flush();
    const paint = this.paint;
    return this.runs.map((r) => (r.text.trim() === '' ? r.text : paint(r.text, r.color))).join('') + '\n';
  }
}

async function* renderRows(maze: MazeRows, options: RenderOptions): AsyncGenerator<string> {
  yield* drawText(maze, options, null);
}

/** One frame of a growing maze as text: the drawing of `maze gen`, with the marked cells. */
export async function textFrame(maze: Maze, options: RenderOptions, marks: CellMarks): Promise<string> {
  let text = '';
  for await (const chunk of drawText(rowsOf(maze), options, marks)) text += chunk;
  return text;
}

async function* drawText(given: MazeRows, options: RenderOptions, cellMarks: CellMarks | null): AsyncGenerator<string> {
  // a mask's outside is blank: only the walls its cells show (geometry.ts)
  const maze = visibleRows(given);
  const glyphs = STYLES[options.style];
  // a solver's drawing (solving.ts) in the growing maze's marks: filled cells full, sealed and walked back light, walked or searched dotted
  cellMarks ??= solvingMarks(given);
  const paint = options.color > 0 ? await painter(maze, options, cellMarks) : null;
  // the columns beside a cell's middle, which the compact style leaves out
  const side = (line: Line, text: string, color: number): void => {
    if (!glyphs.narrow) line.add(text, color);
  };
  const { width, height } = maze;
  const stride = width + 1;
  const rows = pathRows(maze);
  const marks = marksOf(maze);
  const endAt = (x: number, y: number): number =>
    maze.start && maze.start[0] === x && maze.start[1] === y ? START_MARK : maze.end && maze.end[0] === x && maze.end[1] === y ? END_MARK : 0;
  // The cells of the row below a corner line (their up bits) and of the row of cells.
  const path = rows ? new PathRow(width, rows) : null;
  let chunk = '';
  let above: TileRow | null = null;
  for (const row of maze.rows()) {
    const { y, walls, topColor, leftColor, at } = row;
    path?.load(y);
    const corners = new Line(paint);
    for (let x = 0; x <= width; x++) {
      const i = at + x;
      const mask =
        (above && above.walls[above.at + x]! & LEFT ? UP : 0) |
        (walls[i]! & TOP ? RIGHT : 0) |
        (walls[i]! & LEFT ? DOWN : 0) |
        (x > 0 && walls[i - 1]! & TOP ? LEFTWARD : 0);
      corners.add(glyphs.corner(mask), cornerColor(width, x, row, above, y === height, true));
      if (x < width) {
        const top = (walls[i]! & TOP) !== 0;
        const door = marks && !top ? marks.doors.get(wallId(stride, x, y, 'top')) : undefined;
        if (door !== undefined) {
          side(corners, ' ', NONE);
          corners.add(keyLetter(door, true), KEY_COLOR - door);
          side(corners, ' ', NONE);
        } else if (!top && path && y < height && path.bits[x]! & PATH_UP) {
          side(corners, ' ', NONE);
          corners.add(glyphs.pathDown, PATH_COLOR);
          side(corners, ' ', NONE);
        } else {
          corners.add(top ? glyphs.horizontal : glyphs.open, top ? (topColor ? topColor[i]! : 0) : NONE);
        }
      }
    }
    chunk += corners.finish();
    if (y < height) {
      const cells = new Line(paint);
      for (let x = 0; x <= width; x++) {
        const left = (walls[at + x]! & LEFT) !== 0;
        const bits = path && x < width ? path.bits[x]! : 0;
        const door = marks && !left ? marks.doors.get(wallId(stride, x, y, 'left')) : undefined;
        const key = marks && x < width ? marks.keys.get(y * stride + x) : undefined;
        const end = x < width ? endAt(x, y) : 0;
        if (door !== undefined) cells.add(keyLetter(door, true), KEY_COLOR - door);
        else if (!left && bits & PATH_LEFT) cells.add(glyphs.pathAcross, PATH_COLOR);
        else cells.add(left ? glyphs.vertical : ' ', left ? (leftColor ? leftColor[at + x]! : 0) : NONE);
        if (x < width) {
          if (key !== undefined || end !== 0) {
            side(cells, bits & PATH_LEFT ? glyphs.pathAcross : ' ', bits & PATH_LEFT ? PATH_COLOR : NONE);
            if (key !== undefined) cells.add(keyLetter(key, false), KEY_COLOR - key);
            else cells.add(end === START_MARK ? '@' : '>', end);
            side(cells, bits & PATH_RIGHT ? glyphs.pathAcross : ' ', bits & PATH_RIGHT ? PATH_COLOR : NONE);
          } else if (bits === 0) {
            const mark = cellMarks && y < height ? cellMarks.at(x, y) : 0;
            if (mark > 0) cells.add(glyphs.marks[mark - 1]!, CELL_MARK - (mark - 1));
            else cells.add(glyphs.open, NONE);
          } else {
            side(cells, bits & PATH_LEFT ? glyphs.pathAcross : ' ', bits & PATH_LEFT ? PATH_COLOR : NONE);
            cells.add(glyphs.pathCell(bits), PATH_COLOR);
            side(cells, bits & PATH_RIGHT ? glyphs.pathAcross : ' ', bits & PATH_RIGHT ? PATH_COLOR : NONE);
          }
        }
      }
      chunk += cells.finish();
    }
    if (chunk.length >= 1 << 16) {
      yield chunk;
      chunk = '';
    }
    above = row;
  }
  if (chunk !== '') yield chunk;
}

/** A solver's shaded cells and walk as cell marks: 3 filled, 1 sealed or Trémaux's twice, 2 walked, searched or marked once; null without a solver's drawing. */
function solvingMarks(maze: MazeRows): CellMarks | null {
  const { solving, width, height } = maze;
  if (!solving) return null;
  const grid = new Uint8Array(width * height);
  const mark = (points: readonly Point[] | null | undefined, value: number): void => {
    for (const [x, y] of points ?? []) if (x >= 0 && y >= 0 && x < width && y < height) grid[y * width + x] = value;
  };
  mark(solving.walk, 2);
  for (const tone of ['seen', 'once', 'paths'] as const) mark(solving.shaded[tone], 2);
  mark(solving.shaded.twice, 1);
  mark(solving.shaded.sealed, 1);
  mark(solving.shaded.filled, 3);
  const colors = solvingColors(0x000000, 0xffffff, DEFAULT_RENDER_OPTIONS.pathColor);
  return { at: (x, y) => grid[y * width + x]!, colors: [colors.shade.twice, colors.walk, colors.shade.filled] };
}

/** ANSI colors through chalk, at the level the CLI chose. */
async function painter(maze: MazeRows, options: RenderOptions, cellMarks: CellMarks | null = null): Promise<(text: string, color: number) => string> {
  const { Chalk } = await import('chalk');
  const chalk = new Chalk({ level: options.color });
  const style = (rgb: number) => chalk.rgb((rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255);
  // plain walls keep the terminal's own foreground (white would vanish on a light
  // background) unless --fg names a color; tree walls get theirs
  const plain = (text: string): string => text;
  const styles = maze.palette.map((_, index) => (index === 0 && options.fg === null ? plain : style(wallRgb(maze, index, options.fg))));
  const path = style(options.pathColor);
  const keys = (maze.keys ?? []).map((_, k) => style(keyRgb(maze, k)));
  const marks = (cellMarks?.colors ?? []).map((rgb) => style(rgb));
  return (text, color) => {
    if (color <= CELL_MARK) return marks[CELL_MARK - color]!(text);
    if (color === START_MARK) return style(START_COLOR)(text);
    if (color === END_MARK) return style(END_COLOR)(text);
    if (color <= KEY_COLOR) return (keys[KEY_COLOR - color] ?? style(keyColor(KEY_COLOR - color)))(text);
    return color === PATH_COLOR ? path(text) : color === NONE ? text : styles[color]!(text);
  };
}

/**
 * Widest maze drawn as text: a line is built whole, at some 160 bytes of
 * memory per cell across (measured: 1.6 GB for a 10 000 000-wide row), so
 * 2 000 000 cells keep it near 320 MB. Height has no limit.
 */
export const MAX_TEXT_WIDTH = 2_000_000;

function checkTextSize(width: number): void {
  if (width > MAX_TEXT_WIDTH) {
    throw new MazeError(
      (n) => `a ${width}-cell-wide maze is over the limit of ${MAX_TEXT_WIDTH} cells across for text (memory for one line); make ${n('width')} smaller, or write JSON, PNG or SVG`,
      { code: 'too-large', option: 'width' },
    );
  }
}

const ascii: Format & { readonly name: 'ascii' } = {
  name: 'ascii' as const,
  reads: ['style', 'color', 'fg', 'pathColor'],
  description: "text art, '+---+' or box drawing (the style option: unicode); colored on a terminal",
  extensions: ['.txt'],
  binary: false,
  checkSize: checkTextSize,
  render: (maze: Maze, options: RenderOptions) => renderRows(rowsOf(maze), options),
  renderRows,
  renderGraph: shapeText,
  checkShape: checkShapeText,
};

export default ascii;
