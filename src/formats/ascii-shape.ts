/**
 * Text art of mazes on hex and triangle grids (SPEC "Grid shapes", in the
 * manner of theseus's sigma and delta text mazes, drawn a little roomier
 * so that every cell has a middle for the path and the ends). The walls
 * are the pictures' (shape-picture.ts, `wallSides`): every closed side
 * once, the outer ones but the openings, a mask's outside blank.
 *
 * Hex (flat-topped, odd columns half a cell lower), four columns a column
 * of cells and two lines a row, cell (x, y) at column 4x and line
 * 2y (+1 in an odd column):
 *
 *      ___     ___
 *     /   \___/   \
 *     \___/   \___/
 *     /   \___/   \
 *
 * north `___` over the middle, north-east `\` and south-east `/` on the
 * right, south `___`, south-west `\` and north-west `/` on the left; a
 * side is one set of characters its two cells share.
 *
 * Triangle (cell (x, y) up when x + y is even), three columns a cell and
 * three lines a row, the flat sides `____` on the line between rows:
 *
 *       /\    /\
 *      /  \  /  \
 *     /____\/____\
 *
 * The path is a `*` (unicode `•`) in each of its cells' middles, the start
 * `@` and the end `>` as in the square's art; `--style unicode` draws the
 * slants as ╱ and ╲. A polar maze is not drawn as text (ascii.ts refuses
 * it, naming the formats that draw it).
 */
import { MazeError } from '../errors.js';
import type { GraphMaze } from '../grid/graph-maze.js';
import type { ShapeName } from '../grid/shape.js';
import { TopologyShape } from '../grid/topology.js';
import { checkTopologyText, topologyText } from './ascii-topology.js';
import { END_COLOR, START_COLOR } from './marks.js';
import { wallSides } from './shape-picture.js';
import { solvingColors } from './solving.js';
import type { RenderOptions } from './types.js';

const BLANK = 0;
const RISING = 1;
const FALLING = 2;
const FLAT = 3;
const PATH = 4;
const START = 5;
const END = 6;
const HEAD = 7;
/** A solver's drawing (solving.ts): a cell it filled or sealed, and one its walk or search went through. */
const FILLED = 8;
const WALKED = 9;

const GLYPHS: Record<'ascii' | 'unicode', readonly string[]> = {
  ascii: [' ', '/', '\\', '_', '*', '@', '>', '#', '#', '.'],
  unicode: [' ', '╱', '╲', '_', '•', '@', '>', '█', '░', '·'],
};

/** A side's characters: column, line, glyph, three numbers each. */
type Chars = number[];

/** The text's size in characters, for a hex or triangle maze of W × H cells. */
export function shapeTextSize(shape: { name: string; width: number; height: number }): { columns: number; lines: number } {
  const { width, height } = shape;
  if (shape.name === 'hex') return { columns: 4 * width + 1, lines: 2 * height + 1 + (width > 1 ? 1 : 0) };
  return { columns: 3 * width + 3, lines: 3 * height + 1 };
}

/** Where a hex cell's side `slot` is written. */
function hexSide(x: number, y: number, slot: number): Chars {
  const px = 4 * x;
  const ry = 2 * y + (x & 1);
  switch (slot) {
    case 0:
      return [px + 1, ry, FLAT, px + 2, ry, FLAT, px + 3, ry, FLAT];
    case 1:
      return [px + 4, ry + 1, FALLING];
    case 2:
      return [px + 4, ry + 2, RISING];
    case 3:
      return [px + 1, ry + 2, FLAT, px + 2, ry + 2, FLAT, px + 3, ry + 2, FLAT];
    case 4:
      return [px, ry + 2, FALLING];
    default:
      return [px, ry + 1, RISING];
  }
}

/** Where a triangle cell's side `slot` (west, east, the flat one) is written. */
function triangleSide(x: number, y: number, slot: number): Chars {
  const px = 3 * x;
  const py = 3 * y;
  const up = ((x + y) & 1) === 0;
  if (slot === 2) {
    const line = up ? py + 3 : py;
    return [px + 1, line, FLAT, px + 2, line, FLAT, px + 3, line, FLAT, px + 4, line, FLAT];
  }
  if (up) return slot === 0 ? [px + 2, py + 1, RISING, px + 1, py + 2, RISING, px, py + 3, RISING] : [px + 3, py + 1, FALLING, px + 4, py + 2, FALLING, px + 5, py + 3, FALLING];
  return slot === 0 ? [px, py + 1, FALLING, px + 1, py + 2, FALLING, px + 2, py + 3, FALLING] : [px + 5, py + 1, RISING, px + 4, py + 2, RISING, px + 3, py + 3, RISING];
}

/** Where the side `slot` of cell (x, y) is written: column, line, glyph, three numbers each (exported for the tests' reading of the text). */
export function shapeSideChars(shape: 'hex' | 'triangle', x: number, y: number, slot: number): Chars {
  return shape === 'hex' ? hexSide(x, y, slot) : triangleSide(x, y, slot);
}

/** The character in the middle of cell (x, y), where the path and the ends are written. */
export function shapeMiddle(shape: 'hex' | 'triangle', x: number, y: number): [number, number] {
  if (shape === 'hex') return [4 * x + 2, 2 * y + (x & 1) + 1];
  return [3 * x + 2, 3 * y + (((x + y) & 1) === 0 ? 2 : 1)];
}

/** Refuse what text cannot draw of a graph maze: a polar grid, a hex one with levels or a weave (`topology`), the compact style. */
export function checkShapeText(shape: ShapeName, { style }: Pick<RenderOptions, 'style'>, topology = false): void {
  if (topology) {
    checkTopologyText({ name: shape }, { style });
    return;
  }
  if (shape === 'polar') {
    throw new MazeError('a polar maze is not drawn as text (its rings have no even grid of characters); write it as png, svg, pdf, json, pov, stl, 3mf, dxf, laser-svg or plot-svg', { code: 'impossible', option: 'format' });
  }
  if (style === 'compact') {
    throw new MazeError((n) => `the compact style draws square mazes in two columns a cell; draw the ${shape} maze with ${n('style')} ascii or unicode`, { code: 'impossible', option: 'style' });
  }
}

/** The text of a hex or triangle maze, a few lines at a time. */
export async function* shapeText(maze: GraphMaze, options: RenderOptions): AsyncGenerator<string> {
  yield* drawShapeText(maze, options, -1, 0);
}

/** One frame of a growing hex or triangle maze (`maze gen --animate` on a terminal): its text, the cell `head` (−1: none) marked `#` in `headRgb`. */
export async function shapeTextFrame(maze: GraphMaze, options: RenderOptions, head: number, headRgb: number): Promise<string> {
  let text = '';
  for await (const chunk of drawShapeText(maze, options, head, headRgb)) text += chunk;
  return text;
}

async function* drawShapeText(maze: GraphMaze, options: RenderOptions, head: number, headRgb: number): AsyncGenerator<string> {
  const { shape } = maze;
  if (shape instanceof TopologyShape) {
    yield topologyText(maze, options, head);
    return;
  }
  checkShapeText(shape.name, options);
  const name = shape.name as 'hex' | 'triangle';
  const { columns, lines } = shapeTextSize(shape);
  const canvas = new Uint8Array(columns * lines);
  for (const side of wallSides(maze)) {
    const slot = side % shape.maxDegree;
    const [x, y] = shape.pointOf((side - slot) / shape.maxDegree);
    const chars = shapeSideChars(name, x, y, slot);
    for (let i = 0; i < chars.length; i += 3) canvas[chars[i + 1]! * columns + chars[i]!] = chars[i + 2]!;
  }
  const put = (point: readonly number[] | null, glyph: number): void => {
    if (point === null) return;
    const [mx, my] = shapeMiddle(name, point[0]!, point[1]!);
    canvas[my * columns + mx] = glyph;
  };
  if (maze.solving) {
    for (const tone of ['sealed', 'filled', 'seen', 'twice', 'once', 'paths'] as const) for (const point of maze.solving.shaded[tone] ?? []) put(point, tone === 'filled' || tone === 'sealed' ? FILLED : WALKED);
    for (const point of maze.solving.walk ?? []) put(point, WALKED);
  }
  for (const point of maze.solution ?? []) put(point, PATH);
  put(maze.start, START);
  put(maze.end, END);
  if (head >= 0) put(shape.pointOf(head), HEAD);

  const glyphs = GLYPHS[options.style === 'unicode' ? 'unicode' : 'ascii'];
  const paint = options.color > 0 ? await painter(options, headRgb) : null;
  let chunk = '';
  for (let line = 0; line < lines; line++) {
    let text = '';
    let end = columns;
    while (end > 0 && canvas[line * columns + end - 1] === BLANK) end--;
    for (let i = line * columns, stop = i + end; i < stop; i++) {
      const glyph = canvas[i]!;
      text += paint && glyph !== BLANK ? paint(glyphs[glyph]!, glyph) : glyphs[glyph]!;
    }
    chunk += `${text}\n`;
    if (chunk.length >= 1 << 16) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk !== '') yield chunk;
}

/** ANSI colors through chalk for the path and the ends; the walls keep the terminal's own color unless --fg names one. */
async function painter(options: RenderOptions, headRgb: number): Promise<(text: string, glyph: number) => string> {
  const { Chalk } = await import('chalk');
  const chalk = new Chalk({ level: options.color });
  const style = (rgb: number) => chalk.rgb((rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255);
  const walls = options.fg === null ? (text: string): string => text : style(options.fg);
  const solving = solvingColors(0x000000, 0xffffff, options.pathColor);
  const colors = [style(options.pathColor), style(START_COLOR), style(END_COLOR), style(headRgb), style(solving.shade.filled), style(solving.walk)];
  return (text, glyph) => (glyph < PATH ? walls(text) : colors[glyph - PATH]!(text));
}
