/**
 * The growth as an animated GIF, encoded by gifenc (a well-kept encoder:
 * no LZW of our own). Each frame is drawn by the still PNG's rasterizer
 * (formats/png.ts for square mazes, formats/shape-picture.ts for the other
 * shapes) at 8 bits a pixel, handed to the encoder, and its bytes yielded
 * before the next frame is drawn: one frame in memory whatever their
 * number. A GIF frame holds 256 colors: when every frame's colors fit one
 * palette it is the global one, exact; when they do not (a large trees
 * maze), each frame has its own palette of the colors it draws, exact
 * whenever they are at most 256, quantized when more. A shaped picture
 * has a handful, kept exact, so its last frame is the still PNG's pixels.
 * Delays are in centiseconds (GIF's unit), the rounding spread so that
 * they add up to the duration.
 */
import { MazeError } from '../errors.js';
import { canvasSize, usedColors, wallRgb } from '../formats/geometry.js';
import { markColors, mazeMarks } from '../formats/marks.js';
import type { PngPlan } from '../formats/png.js';
import { distinctRows, paintingOf, pictureSolvingRgbs, pixelRows } from '../formats/png.js';
import { INDEXED } from '../formats/png-encoder.js';
import type { Scene } from '../formats/shape-picture.js';
import { checkShapePicture, rasterizeScene, shapeCanvas, shapeScene, shapeSize } from '../formats/shape-picture.js';
import type { RenderOptions } from '../formats/types.js';
import type { GraphMaze } from '../grid/graph-maze.js';
import type { Maze } from '../model/maze.js';
import type { Growth } from './frames.js';
import { CELL_COLORS, cellRectangles, growthFrames, RASTER_FRAMES_A_SECOND, timedFrames } from './frames.js';
import type { ShapeGrowth } from './shape-frames.js';
import { growthScenes, shapeFramePalette } from './shape-frames.js';
import type { AnimatedFormat } from './types.js';

/** GIF stores its sides in 16 bits. */
const GIF_MAX_SIDE = 0xffff;

/** Refuse a picture wider or taller than GIF can say; `what` names the maze ("a 20 × 15 maze"). */
function checkGifCanvas(canvas: { width: number; height: number }, what: string, options: RenderOptions): void {
  if (Math.max(canvas.width, canvas.height) > GIF_MAX_SIDE) {
    throw new MazeError(
      (n) => `${what} at ${n('tile')} ${options.tile} is ${canvas.width} × ${canvas.height} pixels, over GIF's limit of ${GIF_MAX_SIDE} pixels a side; make the maze or ${n('tile')} smaller`,
      { code: 'too-large', option: 'tile' },
    );
  }
}

function checkGifSize(width: number, height: number, options: RenderOptions): void {
  checkGifCanvas(canvasSize(width, height, options), `a ${width} × ${height} maze`, options);
}

function checkGifShape(maze: Pick<GraphMaze, 'shape'>, options: RenderOptions): void {
  checkShapePicture(maze, options);
  checkGifCanvas(shapeCanvas(maze, options), `a ${shapeSize(maze.shape)}`, options);
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

/** A GIF's plan: a PNG plan at 8 bits, whether its one palette is exact, and the marks' and cells' colors. */
type GifPlan = PngPlan & { exact: boolean; markRgbs: number[] };

/**
 * One 8-bit palette plan for every frame: the colors any frame draws,
 * quantized by gifenc when over 256 (then each frame is planned again on
 * its own colors, framePlan).
 */
async function planGif(maze: Maze, options: RenderOptions): Promise<GifPlan> {
  const gifenc = await loadGifenc();
  // the colors drawn: the theme's painting of the maze (theme.ts), as the PNG's
  const painting = paintingOf(maze, options);
  const rows = painting.rows;
  const markList = mazeMarks(rows, painting);
  const colors = [painting.background, ...rows.palette.map((_, i) => wallRgb(rows, i, null))];
  if ((maze.solution?.length ?? 0) > 0) colors.push(painting.path);
  const markRgbs = [...markColors(markList), ...CELL_COLORS, ...pictureSolvingRgbs(maze, painting)];
  const distinct = [...new Set([...colors, ...markRgbs])];
  const { palette, sampleOf } = paletteOf(distinct, gifenc);
  const { width, height } = canvasSize(maze.width, maze.height, options);
  return {
    exact: distinct.length <= 256, markRgbs,
    width, height, source: maze, painting, markList, colorType: INDEXED, bitDepth: 8, plte: palette,
    samples: Int32Array.from(rows.palette, (_, i) => sampleOf(wallRgb(rows, i, null))),
    background: sampleOf(painting.background), path: sampleOf(painting.path),
    marks: new Map(markRgbs.map((rgb) => [rgb, sampleOf(rgb)])), rowBytes: width,
  };
}

/** A GIF palette for these colors: the colors themselves when at most 256, else gifenc's 256 with each color's nearest. */
function paletteOf(distinct: number[], gifenc: typeof import('gifenc').default): { palette: number[]; sampleOf: (rgb: number) => number } {
  if (distinct.length <= 256) return { palette: distinct, sampleOf: (rgb) => distinct.indexOf(rgb) };
  const rgba = new Uint8Array(distinct.length * 4);
  distinct.forEach((rgb, i) => rgba.set([rgb >>> 16, (rgb >>> 8) & 255, rgb & 255, 255], i * 4));
  const quantized = gifenc.quantize(rgba, 256);
  const nearest = new Map(distinct.map((rgb) => [rgb, gifenc.nearestColorIndex(quantized, [rgb >>> 16, (rgb >>> 8) & 255, rgb & 255])]));
  return { palette: quantized.map(([r, g, b]) => (r! << 16) | (g! << 8) | b!), sampleOf: (rgb) => nearest.get(rgb)! };
}

/**
 * The plan of one frame of a maze whose frames draw over 256 colors in
 * all: its own palette (a GIF frame's local color table) of the colors it
 * draws — the background, the walls up in `maze` (a replay, or the
 * finished maze), the path, the marks and cells — exact when they are at
 * most 256, so that such a frame (the still picture's, most often) is the
 * PNG's pixels; quantized by gifenc when more.
 */
function framePlan(plan: GifPlan, maze: Maze, gifenc: typeof import('gifenc').default): GifPlan {
  const rows = plan.painting.rows;
  const used = usedColors(maze);
  const distinct = [plan.painting.background];
  for (const index of used) {
    const rgb = wallRgb(rows, index, null);
    if (!distinct.includes(rgb)) distinct.push(rgb);
  }
  if ((maze.solution?.length ?? 0) > 0 && !distinct.includes(plan.painting.path)) distinct.push(plan.painting.path);
  for (const rgb of plan.markRgbs) if (!distinct.includes(rgb)) distinct.push(rgb);
  const { palette, sampleOf } = paletteOf(distinct, gifenc);
  const samples = new Int32Array(rows.palette.length);
  for (const index of used) samples[index] = sampleOf(wallRgb(rows, index, null));
  return {
    ...plan, plte: palette, samples, background: sampleOf(plan.painting.background), path: Math.max(0, sampleOf(plan.painting.path)),
    marks: new Map(plan.markRgbs.map((rgb) => [rgb, sampleOf(rgb)])),
  };
}

/**
 * The frames with their delays in whole hundredths of a second (GIF's
 * unit), the rounding spread: each delay is the rounded time at its end
 * less the rounded time at its start, so that the growth frames add up to
 * the duration (150 frames over 8 s are 5 and 6 hundredths in turn, not
 * 150 × 5 = 7.5 s), and the held frame keeps its own.
 */
function* centisecondFrames(frames: Iterable<[Uint8Array, number] | [Uint8Array, number, readonly number[]]>): Generator<[Uint8Array, number, readonly number[] | undefined]> {
  let elapsed = 0;
  for (const [pixels, seconds, own] of frames) {
    const start = Math.round(elapsed * 100);
    elapsed += seconds;
    yield [pixels, Math.round(elapsed * 100) - start, own];
  }
}

/**
 * A GIF of frames of 8-bit palette indices, each with its length in
 * seconds: each frame's bytes are yielded as soon as it is encoded. Every
 * frame carries the palette (gifenc writes it as the global table, then as
 * each later frame's local one).
 */
async function* encodeGif(width: number, height: number, palette: readonly number[], frames: Iterable<[Uint8Array, number] | [Uint8Array, number, readonly number[]]>): AsyncGenerator<Uint8Array> {
  const gifenc = await loadGifenc();
  const triples = (list: readonly number[]): number[][] => list.map((rgb) => [rgb >>> 16, (rgb >>> 8) & 255, rgb & 255]);
  const colors = triples(palette);
  const encoder = gifenc.GIFEncoder({ auto: false, initialCapacity: 1 << 16 });
  encoder.writeHeader();
  let first = true;
  for (const [pixels, centiseconds, own] of centisecondFrames(frames)) {
    // gifenc writes a delay in milliseconds as its rounded hundredths: whole hundredths go through unchanged
    encoder.writeFrame(pixels, width, height, { palette: own ? triples(own) : colors, first, repeat: 0, delay: centiseconds * 10 });
    first = false;
    yield encoder.bytesView().slice();
    encoder.stream.reset();
  }
  encoder.finish();
  yield encoder.bytesView().slice();
}

async function* animate(growth: Growth, options: RenderOptions): AsyncGenerator<Uint8Array> {
  checkGifSize(growth.maze.width, growth.maze.height, options);
  const plan = await planGif(growth.maze, options);
  const gifenc = await loadGifenc();
  const { width, height } = plan;
  // one buffer, drawn over for each frame
  const pixels = new Uint8Array(width * height);
  const draw = (rows: ReturnType<typeof distinctRows>): Uint8Array => {
    let y = 0;
    for (const row of pixelRows(rows, plan.rowBytes)) pixels.set(row.subarray(1), width * y++);
    return pixels;
  };
  // one palette for all when it is exact (the bytes as they always were), else each frame its own
  const frame = (maze: Maze, rectangles?: (framed: GifPlan) => Int32Array): [Uint8Array, readonly number[] | null] => {
    const framed = plan.exact ? plan : framePlan(plan, maze, gifenc);
    return [draw(distinctRows(maze, framed, options, rectangles?.(framed))), plan.exact ? null : framed.plte!];
  };
  const growing = function* (): Generator<[Uint8Array, readonly number[] | null]> {
    for (const replay of growthFrames(growth)) yield frame(replay.maze, (framed) => cellRectangles(replay, options, (rgb) => framed.marks.get(rgb)!));
  };
  const timed = timedFrames(growth, growing(), () => frame(growth.maze));
  yield* encodeGif(width, height, plan.plte!, (function* () {
    for (const [[image, own], seconds] of timed) yield own ? [image, seconds, own] as [Uint8Array, number, readonly number[]] : [image, seconds] as [Uint8Array, number];
  })());
}

/** A shaped maze's growth (shape-frames.ts), in the palette its APNG has: the still picture's colors and the head's. */
async function* animateGraph(growth: ShapeGrowth, options: RenderOptions): AsyncGenerator<Uint8Array> {
  checkGifShape(growth.maze, options);
  const still = shapeScene(growth.maze, options);
  const palette = shapeFramePalette(still);
  // a scene's pixels are indices into its own colors: into the palette's
  const draw = (scene: Scene): Uint8Array => {
    const pixels = rasterizeScene(scene);
    const index = Uint8Array.from(scene.colors, (rgb) => palette.indexOf(rgb));
    for (let i = 0; i < pixels.length; i++) pixels[i] = index[pixels[i]!]!;
    return pixels;
  };
  const growing = function* (): Generator<Uint8Array> {
    for (const scene of growthScenes(growth, options)) yield draw(scene);
  };
  yield* encodeGif(still.width, still.height, palette, timedFrames(growth, growing(), () => draw(still)));
}

const gif: AnimatedFormat = {
  name: 'gif',
  description: 'an animated GIF (gifenc); a frame of over 256 colors is quantized',
  extensions: ['.gif'],
  mostFramesASecond: RASTER_FRAMES_A_SECOND,
  // a frame's delay is 16 bits of hundredths: past 655.35 s it wrapped around (a sweep: 3600 s played 323 s)
  longestFrame: 655.35,
  binary: true,
  checkSize: checkGifSize,
  checkShapeSize: checkGifShape,
  // the growth frames and the held one
  pictures: (frames) => frames + 1,
  animate,
  animateGraph,
};

export default gif;
