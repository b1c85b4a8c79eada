/**
 * PNG: seed 000's rasterizer ("Dessiner la grille", `drawWall`), streamed.
 *
 * The canvas is W·tile + wall by H·tile + wall pixels; the geometry walker
 * says which palette index ends on top of each lattice square under the
 * seed's drawing order, so one lattice row gives one pixel row, repeated
 * `wall` times (a corner row) or `tile − wall` times (between corner rows).
 * Nothing is held whole: the distinct rows, with their repeat counts, go to
 * the streaming encoder (png-encoder.ts), which writes the file around them
 * (signature, IHDR, PLTE, iTXt, IDAT…, IEND).
 *
 * The colors are the theme's (theme.ts: dark by default, the article's
 * black): the maze's palette as drawn, each color readable on the
 * background. A solution is drawn over the walls as path.ts's rectangles, then the
 * marks (start, end, keys, locked doors) as marks.ts's: a lattice band
 * they cross is cut into sub-bands where a rectangle starts or ends, each
 * a copy of the band's row with the rectangles filled in, in order.
 *
 * The color type is the smallest exact one for the colors drawn:
 * 1-bit grayscale for black and white, a 1-, 2-, 4- or 8-bit palette up to
 * 256 colors, 8-bit RGB beyond. Each distinct row goes to the encoder
 * once, with the None filter, and the encoder stores its repeats as Up
 * copies, all zeros, so deflate spends its time on the distinct rows only.
 */
import { MazeError } from '../errors.js';
import type { Maze } from '../model/maze.js';
import type { MazeRows } from '../model/rows.js';
import { asRows, rowsOf } from '../model/rows.js';
import { canvasSize, latticeEdge, latticeRows, latticeSize, mazeCaption, NONE, usedColors, wallRgb } from './geometry.js';
import type { Mark } from './marks.js';
import { markColors, markRectangles, mazeMarks } from './marks.js';
import type { Painting } from './theme.js';
import { paint, themeOf } from './theme.js';
import { pathRectangles, walkRectangles } from './path.js';
import type { SolvingColors } from './solving.js';
import { shadedCells, solvingColors, solvingRgbs } from './solving.js';
import type { PngChunk, PngRow } from './png-encoder.js';
import { encodePng, FILTER_NONE, FILTER_UP, GRAYSCALE, INDEXED, MAX_ROW_BYTES, PNG_MAX_SIDE, pngRowBytes, RGB } from './png-encoder.js';
import { scenePng, shapeCanvas, shapePng } from './shape-picture.js';
import { distanceScene } from './distance-picture.js';
import type { GraphMaze } from '../grid/graph-maze.js';
import type { Format, RenderOptions } from './types.js';

/** Refuse a maze whose picture PNG cannot hold or this encoder would need unreasonable memory for. */
function checkPngSize(width: number, height: number, options: RenderOptions): void {
  const canvas = canvasSize(width, height, options);
  const side = Math.max(canvas.width, canvas.height);
  if (side > PNG_MAX_SIDE) {
    throw new MazeError(
      (n) => `a ${width} × ${height} maze at ${n('tile')} ${options.tile} is ${canvas.width} × ${canvas.height} pixels, over PNG's limit of ${PNG_MAX_SIDE} pixels a side; make the maze or ${n('tile')} smaller`,
      { code: 'too-large', option: 'tile' },
    );
  }
  if (3 * canvas.width + 1 > MAX_ROW_BYTES) {
    throw new MazeError(
      (n) =>
        `a ${width}-cell-wide maze at ${n('tile')} ${options.tile} is ${canvas.width} pixels wide, over this encoder's limit of ${Math.floor((MAX_ROW_BYTES - 1) / 3)} (memory for one row); make ${n('width')} or ${n('tile')} smaller`,
      { code: 'too-large', option: 'width' },
    );
  }
}

/** How the pixels are stored: PNG color type, bit depth and the value of each palette index. */
export interface PngPlan {
  width: number;
  height: number;
  colorType: typeof GRAYSCALE | typeof RGB | typeof INDEXED;
  bitDepth: 1 | 2 | 4 | 8;
  /** PLTE entries (0xRRGGBB) for an indexed image, else null. */
  plte: number[] | null;
  /** Sample of each maze palette index: a gray level, a PLTE index, or 0xRRGGBB for RGB. */
  samples: Int32Array;
  /** Sample of the background. */
  background: number;
  /** Sample of the solution's path (unused when there is none). */
  path: number;
  /** What the plan was made for; rows drawn from it are the painting's. */
  source: Maze | MazeRows;
  /** The maze's rows in the colors they are drawn in (theme.ts); the indices below are into their palette. */
  painting: Painting;
  /** The marks (marks.ts) in their drawn colors, and the sample of each of those colors, by RGB. */
  markList: Mark[];
  marks: Map<number, number>;
  /** Bytes of one row of pixels, without its filter byte. */
  rowBytes: number;
}

/**
 * The colors a picture draws, in order: the background, the walls' (the
 * palette indices in `indices`), the path's, the marks'. Stops counting
 * past 256 (no palette holds more). `maze` is in its painted colors.
 */
function pictureColors(maze: MazeRows, painting: Painting, marks: Mark[], indices: readonly number[], extra: readonly number[]): number[] {
  const distinct = [painting.background];
  for (const index of indices) {
    const rgb = wallRgb(maze, index, null);
    if (!distinct.includes(rgb)) distinct.push(rgb);
    if (distinct.length > 256) break;
  }
  const hasPath = (maze.solution?.length ?? 0) > 0;
  if (hasPath && !distinct.includes(painting.path)) distinct.push(painting.path);
  for (const rgb of [...markColors(marks), ...extra]) if (!distinct.includes(rgb)) distinct.push(rgb);
  return distinct;
}

/** The theme's painting of `source`: its palette in the colors drawn (theme.ts). */
export function paintingOf(source: Maze | MazeRows, options: RenderOptions): Painting {
  const theme = themeOf(options, 'dark');
  return paint(asRows(source), options, theme, options.bg ?? theme.background);
}

/**
 * Pick the smallest exact color type for the colors actually drawn (the
 * background is always drawn), in the theme's painting of the maze. An
 * animation's frames share one plan, made on its finished maze (`animated`:
 * the colors its frames draw besides, which `marks` also maps, and every
 * palette entry, which some frame may draw though the finished maze does not).
 */
export function planPng(source: Maze | MazeRows, options: RenderOptions, animated: readonly number[] | null = null): PngPlan {
  const painting = paintingOf(source, options);
  const maze = painting.rows;
  const { width, height } = canvasSize(maze.width, maze.height, options);
  const used = animated ? maze.palette.map((_, i) => i) : usedColors(maze);
  const markList = mazeMarks(maze, painting);
  // a solver's shaded cells and walk (solving.ts) are drawn as the marks are: colors besides the walls'
  const solving = solvingRgbs(source.solving, solvingColorsOf(painting));
  const distinct = pictureColors(maze, painting, markList, used, [...(animated ?? []), ...solving]);
  const markRgbs = [...markColors(markList), ...(animated ?? []), ...solving];
  const samples = new Int32Array(maze.palette.length);
  const common = { width, height, source, painting, samples, markList };
  const marks = (sample: (rgb: number) => number): Map<number, number> => new Map(markRgbs.map((rgb) => [rgb, sample(rgb)]));
  if (distinct.length <= 2 && distinct.every((rgb) => rgb === 0x000000 || rgb === 0xffffff)) {
    const gray = (rgb: number): number => (rgb === 0xffffff ? 1 : 0);
    for (const index of used) samples[index] = gray(wallRgb(maze, index, null));
    return {
      ...common, colorType: GRAYSCALE, bitDepth: 1, plte: null, background: gray(painting.background), path: gray(painting.path),
      marks: marks(gray), rowBytes: pngRowBytes(width, GRAYSCALE, 1),
    };
  }
  if (distinct.length <= 256) {
    const bitDepth = distinct.length <= 2 ? 1 : distinct.length <= 4 ? 2 : distinct.length <= 16 ? 4 : 8;
    for (const index of used) samples[index] = distinct.indexOf(wallRgb(maze, index, null));
    const path = Math.max(0, distinct.indexOf(painting.path));
    return {
      ...common, colorType: INDEXED, bitDepth, plte: distinct, background: 0, path,
      marks: marks((rgb) => distinct.indexOf(rgb)), rowBytes: pngRowBytes(width, INDEXED, bitDepth),
    };
  }
  for (const index of used) samples[index] = wallRgb(maze, index, null);
  return { ...common, colorType: RGB, bitDepth: 8, plte: null, background: painting.background, path: painting.path, marks: marks((rgb) => rgb), rowBytes: pngRowBytes(width, RGB, 8) };
}

/**
 * The distinct pixel rows, each with its filter byte (None) in front, and
 * how many times it repeats. The row buffers are reused: a row is valid
 * until the next one is asked for. `under`: rectangles (x0, y0, x1, y1 and
 * the plan's sample) drawn after the walls and before the solution (an
 * animation frame's marked cells, which lie in the cells' open squares).
 */
export function* distinctRows(source: Maze | MazeRows, plan: PngPlan, options: RenderOptions, under: Int32Array | null = null): Generator<PngRow> {
  // the plan's own maze is painted already; an animation's frame is painted as the plan was
  const frame = source === plan.source ? null : paint(asRows(source), options, plan.painting.theme, plan.painting.background);
  const maze = frame?.rows ?? plan.painting.rows;
  const markList = frame ? mazeMarks(maze, frame) : plan.markList;
  const { tile, wall } = options;
  const across = latticeSize(maze.width);
  const edges = new Int32Array(across + 1);
  for (let k = 0; k <= across; k++) edges[k] = latticeEdge(k, tile, wall);
  const rows = [new Uint8Array(plan.rowBytes + 1), new Uint8Array(plan.rowBytes + 1)];
  const overlay = new PathOverlay(overlayRectangles(maze, markList, plan, options, withSolving(source, plan, options, under)), plan);
  let ly = -1;
  for (const lattice of latticeRows(maze, { pillars: false })) {
    ly++;
    const row = rows[ly & 1]!;
    row[0] = FILTER_NONE;
    // Neighbouring squares of one sample are filled as one span.
    let from = 0;
    let sample = -1;
    for (let k = 0; k < across; k++) {
      const color = lattice[k]!;
      const next = color === NONE ? plan.background : plan.samples[color]!;
      if (next !== sample) {
        if (k > 0) fillPixels(row, from, edges[k]!, sample, plan);
        from = edges[k]!;
        sample = next;
      }
    }
    fillPixels(row, from, plan.width, sample, plan);
    const top = latticeEdge(ly, tile, wall);
    yield* overlay.bands(row, top, top + (ly & 1 ? tile - wall : wall));
  }
}

/** The colors a maze's solver drawing adds to a picture of it (none without one), for a plan of its own (an animated GIF's). */
export function pictureSolvingRgbs(source: Maze | MazeRows, painting: Painting): number[] {
  return solvingRgbs(source.solving, solvingColorsOf(painting));
}

/** The solving colors of a painting: its background, its plain walls' color, its path's. */
function solvingColorsOf(painting: Painting): SolvingColors {
  return solvingColors(painting.background, wallRgb(painting.rows, 0, null), painting.path);
}

/**
 * `under`, then a solver's drawing (solving.ts): each shaded cell's open
 * square, then the walk as a path's rectangles, five integers each as
 * overlayRectangles gives them; `under` itself when the maze has none.
 */
function withSolving(source: Maze | MazeRows, plan: PngPlan, options: RenderOptions, under: Int32Array | null): Int32Array | null {
  const { solving } = source;
  if (!solving) return under;
  const colors = solvingColorsOf(plan.painting);
  const { tile, wall } = options;
  const shaded = shadedCells(solving, colors);
  // the walk's runs each once: of one colour, over the shading, so the pixels are the same
  const walk = solving.walk ? walkRectangles(solving.walk, source.width, source.height, options) : new Int32Array(0);
  // counted first, then written in place: a random mouse's walk of 2^24 moves pushed into an array took gigabytes
  const first = under?.length ?? 0;
  const out = new Int32Array(first + 5 * shaded.reduce((sum, { cells }) => sum + cells.length, 0) + (walk.length / 4) * 5);
  if (under) out.set(under);
  let o = first;
  for (const { rgb, cells } of shaded) {
    const sample = plan.marks.get(rgb)!;
    for (const [x, y] of cells) {
      out[o++] = x * tile + wall;
      out[o++] = y * tile + wall;
      out[o++] = (x + 1) * tile;
      out[o++] = (y + 1) * tile;
      out[o++] = sample;
    }
  }
  const sample = plan.marks.get(colors.walk)!;
  for (let i = 0; i < walk.length; i += 4) {
    out.set(walk.subarray(i, i + 4), o);
    out[o + 4] = sample;
    o += 5;
  }
  return out;
}

/** The solution's rectangles, then the marks', five integers each: x0, y0, x1, y1 and the plan's sample, in drawing order. */
function overlayRectangles(maze: MazeRows, markList: Mark[], plan: PngPlan, options: RenderOptions, under: Int32Array | null): Int32Array {
  const path = pathRectangles(maze, options);
  const marks = markRectangles(maze, options, markList);
  const first = under?.length ?? 0;
  const out = new Int32Array(first + (path.length / 4 + marks.length / 5) * 5);
  if (under) out.set(under);
  let o = first;
  for (let i = 0; i < path.length; i += 4) {
    out.set(path.subarray(i, i + 4), o);
    out[o + 4] = plan.path;
    o += 5;
  }
  for (let i = 0; i < marks.length; i += 5) {
    out.set(marks.subarray(i, i + 4), o);
    out[o + 4] = plan.marks.get(marks[i + 4]!)!;
    o += 5;
  }
  return out;
}

/**
 * The solution's and the marks' rectangles over the rows of pixels, top to
 * bottom: which rectangles cover a row, and where that changes; they are
 * painted in drawing order. A sub-band after the
 * first of its lattice band differs from the one above it only where the
 * path starts or stops, so it is stored with the Up filter, mostly zeros
 * for deflate; the first keeps the None filter, as in a maze with no path.
 */
class PathOverlay {
  /** Rectangle offsets (multiples of 5) by top edge. */
  private readonly order: Int32Array;
  private next = 0;
  private active: number[] = [];
  /** This sub-band's pixels, the previous sub-band's, and the Up-filtered difference. */
  private painted: Uint8Array;
  private above: Uint8Array;
  private readonly filtered: Uint8Array;

  constructor(private readonly rects: Int32Array, private readonly plan: PngPlan) {
    this.order = Int32Array.from({ length: rects.length / 5 }, (_, i) => 5 * i).sort((a, b) => rects[a + 1]! - rects[b + 1]! || a - b);
    const bytes = rects.length > 0 ? plan.rowBytes + 1 : 0;
    this.painted = new Uint8Array(bytes);
    this.above = new Uint8Array(bytes);
    this.filtered = new Uint8Array(bytes);
  }

  /** Pixel rows [top, bottom), all `row` under the walls: as sub-bands with the path on top. */
  *bands(row: Uint8Array, top: number, bottom: number): Generator<PngRow> {
    const { rects, order } = this;
    let y = top;
    while (y < bottom) {
      while (this.next < order.length && rects[order[this.next]! + 1]! <= y) this.active.push(order[this.next++]!);
      this.active = this.active.filter((r) => rects[r + 3]! > y).sort((a, b) => a - b); // drawing order
      let end = bottom;
      if (this.next < order.length) end = Math.min(end, rects[order[this.next]! + 1]!);
      for (const r of this.active) end = Math.min(end, rects[r + 3]!);
      if (y === top && this.active.length === 0 && end === bottom) {
        yield [row, end - y]; // no path in this band: the row as it always was
        return;
      }
      [this.painted, this.above] = [this.above, this.painted];
      const pixels = this.painted;
      pixels.set(row);
      for (const r of this.active) fillPixels(pixels, rects[r]!, rects[r + 2]!, rects[r + 4]!, this.plan);
      if (y === top) {
        yield [pixels, end - y];
      } else {
        const { above, filtered } = this;
        filtered[0] = FILTER_UP;
        for (let i = 1; i < pixels.length; i++) filtered[i] = (pixels[i]! - above[i]!) & 255;
        yield [filtered, end - y];
      }
      y = end;
    }
  }
}

/**
 * Set pixels [from, to) of a row (after its filter byte) to one sample, at
 * the plan's bit depth. Sub-byte pixels are packed from the high bits down
 * (PNG spec 7.2): a span is a head byte and a tail byte under masks and
 * whole bytes of the repeated sample between them.
 */
function fillPixels(row: Uint8Array, from: number, to: number, sample: number, plan: PngPlan): void {
  if (from >= to) return;
  if (plan.colorType === RGB) {
    const r = sample >>> 16;
    const g = (sample >>> 8) & 255;
    const b = sample & 255;
    for (let o = 1 + 3 * from, end = 1 + 3 * to; o < end; o += 3) {
      row[o] = r;
      row[o + 1] = g;
      row[o + 2] = b;
    }
    return;
  }
  const depth = plan.bitDepth;
  if (depth === 8) {
    row.fill(sample, 1 + from, 1 + to);
    return;
  }
  let pattern = sample;
  for (let bits = depth; bits < 8; bits *= 2) pattern |= pattern << bits;
  const bitFrom = from * depth;
  const bitTo = to * depth;
  const first = 1 + (bitFrom >> 3);
  const last = 1 + ((bitTo - 1) >> 3);
  const head = 0xff >> (bitFrom & 7);
  const tail = (0xff << (7 - ((bitTo - 1) & 7))) & 0xff;
  if (first === last) {
    const mask = head & tail;
    row[first] = (row[first]! & ~mask) | (pattern & mask);
    return;
  }
  row[first] = (row[first]! & ~head) | (pattern & head);
  if (last - first < 16) for (let i = first + 1; i < last; i++) row[i] = pattern;
  else row.fill(pattern, first + 1, last);
  row[last] = (row[last]! & ~tail) | (pattern & tail);
}

async function* renderRows(maze: MazeRows, options: RenderOptions): AsyncGenerator<Uint8Array> {
  checkPngSize(maze.width, maze.height, options);
  const plan = planPng(maze, options);
  const extra: PngChunk[] = [];
  const comment = mazeCaption(maze);
  if (comment) extra.push({ type: 'iTXt', data: new TextEncoder().encode(`Comment\0\0\0\0\0${comment}`) });
  yield* encodePng(plan, plan.plte, distinctRows(maze, plan, options), extra);
}

const png: Format & { readonly name: 'png' } = {
  name: 'png' as const,
  reads: ['tile', 'wall', 'fg', 'bg', 'theme', 'pathColor', 'maxPixels', 'distances'],
  description: "the growing-trees article's rasterizer (the tile, wall, fg and bg options); streamed, any size",
  extensions: ['.png'],
  binary: true,
  checkSize: checkPngSize,
  pixels: (width, height, options) => {
    const canvas = canvasSize(width, height, options);
    return canvas.width * canvas.height;
  },
  render: (maze: Maze, options: RenderOptions) => (options.distances ? scenePng(distanceScene(maze, options)) : renderRows(rowsOf(maze), options)),
  renderRows,
  renderGraph: (maze: GraphMaze, options: RenderOptions) => (options.distances ? scenePng(distanceScene(maze, options)) : shapePng(maze, options)),
  graphPixels: (maze, options) => {
    const canvas = shapeCanvas(maze, options);
    return canvas.width * canvas.height;
  },
};

export default png;

/**
 * The pixels of distinctRows' rows, one buffer a row of the picture (its
 * filter byte first, always None), Up-filtered rows undone, each repeated
 * as many times as it stands for: for a consumer that wants every row's
 * pixels (a GIF frame). The buffer is reused.
 */
export function* pixelRows(rows: Iterable<PngRow>, rowBytes: number): Generator<Uint8Array> {
  const pixels = new Uint8Array(rowBytes + 1);
  for (const [row, repeat] of rows) {
    if (row[0] === FILTER_UP) for (let i = 1; i <= rowBytes; i++) pixels[i] = (pixels[i]! + row[i]!) & 255;
    else pixels.set(row);
    pixels[0] = FILTER_NONE;
    for (let r = 0; r < repeat; r++) yield pixels;
  }
}
