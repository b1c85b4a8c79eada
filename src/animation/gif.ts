/**
 * The growth as an animated GIF, encoded by gifenc (a well-kept encoder:
 * no LZW of our own). Each frame is drawn by the still PNG's rasterizer
 * (formats/png.ts) at 8 bits a pixel into one buffer, handed to the
 * encoder, and its bytes yielded before the next frame is drawn: one frame
 * in memory whatever their number. GIF holds 256 colors: a maze with more
 * (a large trees maze) has its colors quantized once, for every frame.
 * Delays are in centiseconds (GIF's unit), rounded.
 */
import { MazeError } from '../errors.js';
import { canvasSize, wallRgb } from '../formats/geometry.js';
import { markColors, mazeMarks } from '../formats/marks.js';
import type { PngPlan } from '../formats/png.js';
import { distinctRows, paintingOf, pixelRows } from '../formats/png.js';
import { INDEXED } from '../formats/png-encoder.js';
import type { RenderOptions } from '../formats/types.js';
import type { Maze } from '../model/maze.js';
import type { Growth } from './frames.js';
import { CELL_COLORS, cellRectangles, growthFrames, HOLD_SECONDS } from './frames.js';
import type { AnimatedFormat } from './types.js';

/** GIF stores its sides in 16 bits. */
const GIF_MAX_SIDE = 0xffff;

function checkGifSize(width: number, height: number, options: RenderOptions): void {
  const canvas = canvasSize(width, height, options);
  if (Math.max(canvas.width, canvas.height) > GIF_MAX_SIDE) {
    throw new MazeError(
      (n) => `a ${width} × ${height} maze at ${n('tile')} ${options.tile} is ${canvas.width} × ${canvas.height} pixels, over GIF's limit of ${GIF_MAX_SIDE} pixels a side; make the maze or ${n('tile')} smaller`,
      { code: 'too-large', option: 'tile' },
    );
  }
}

/**
 * gifenc, loaded on first use. It is CommonJS: imported from ESM its
 * exports come as the default export; required (the command line keeps it
 * in a file of its own, gifenc.cjs) they come as they are.
 */
async function loadGifenc(): Promise<typeof import('gifenc').default> {
  const loaded = (await import('gifenc')) as unknown as { default?: typeof import('gifenc').default; GIFEncoder?: unknown };
  return (loaded.GIFEncoder ? loaded : loaded.default) as typeof import('gifenc').default;
}

/** One 8-bit palette plan for every frame: the colors any frame draws, quantized by gifenc when over 256. */
async function planGif(maze: Maze, options: RenderOptions): Promise<PngPlan> {
  const gifenc = await loadGifenc();
  // the colors drawn: the theme's painting of the maze (theme.ts), as the PNG's
  const painting = paintingOf(maze, options);
  const rows = painting.rows;
  const markList = mazeMarks(rows, painting);
  const colors = [painting.background, ...rows.palette.map((_, i) => wallRgb(rows, i, null))];
  if ((maze.solution?.length ?? 0) > 0) colors.push(painting.path);
  const markRgbs = [...markColors(markList), ...CELL_COLORS];
  const distinct = [...new Set([...colors, ...markRgbs])];
  let palette: number[];
  let sampleOf: (rgb: number) => number;
  if (distinct.length <= 256) {
    palette = distinct;
    sampleOf = (rgb) => distinct.indexOf(rgb);
  } else {
    const rgba = new Uint8Array(distinct.length * 4);
    distinct.forEach((rgb, i) => rgba.set([rgb >>> 16, (rgb >>> 8) & 255, rgb & 255, 255], i * 4));
    const quantized = gifenc.quantize(rgba, 256);
    palette = quantized.map(([r, g, b]) => (r! << 16) | (g! << 8) | b!);
    const nearest = new Map(distinct.map((rgb) => [rgb, gifenc.nearestColorIndex(quantized, [rgb >>> 16, (rgb >>> 8) & 255, rgb & 255])]));
    sampleOf = (rgb) => nearest.get(rgb)!;
  }
  const { width, height } = canvasSize(maze.width, maze.height, options);
  return {
    width, height, source: maze, painting, markList, colorType: INDEXED, bitDepth: 8, plte: palette,
    samples: Int32Array.from(rows.palette, (_, i) => sampleOf(wallRgb(rows, i, null))),
    background: sampleOf(painting.background), path: sampleOf(painting.path),
    marks: new Map(markRgbs.map((rgb) => [rgb, sampleOf(rgb)])), rowBytes: width,
  };
}

async function* animate(growth: Growth, options: RenderOptions): AsyncGenerator<Uint8Array> {
  checkGifSize(growth.maze.width, growth.maze.height, options);
  const gifenc = await loadGifenc();
  const plan = await planGif(growth.maze, options);
  const palette = plan.plte!.map((rgb) => [rgb >>> 16, (rgb >>> 8) & 255, rgb & 255]);
  const { width, height } = plan;
  const encoder = gifenc.GIFEncoder({ auto: false, initialCapacity: 1 << 16 });
  encoder.writeHeader();
  const pixels = new Uint8Array(width * height);
  let first = true;
  const frame = (rows: ReturnType<typeof distinctRows>, seconds: number): Uint8Array => {
    let y = 0;
    for (const row of pixelRows(rows, plan.rowBytes)) pixels.set(row.subarray(1), width * y++);
    encoder.writeFrame(pixels, width, height, { palette, first, repeat: 0, delay: seconds * 1000 });
    first = false;
    const bytes = encoder.bytesView().slice();
    encoder.stream.reset();
    return bytes;
  };
  const sampleOf = (rgb: number): number => plan.marks.get(rgb)!;
  for (const replay of growthFrames(growth)) {
    yield frame(distinctRows(replay.maze, plan, options, cellRectangles(replay, options, sampleOf)), growth.duration / growth.frames);
  }
  yield frame(distinctRows(growth.maze, plan, options), HOLD_SECONDS);
  encoder.finish();
  yield encoder.bytesView().slice();
}

const gif: AnimatedFormat = {
  name: 'gif',
  description: 'an animated GIF (gifenc), colors quantized to 256 when there are more',
  extensions: ['.gif'],
  binary: true,
  checkSize: checkGifSize,
  pixels: (width, height, options, frames) => {
    const canvas = canvasSize(width, height, options);
    return canvas.width * canvas.height * (frames + 1);
  },
  animate,
};

export default gif;
