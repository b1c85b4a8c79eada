/**
 * The growth as an APNG (the APNG specification over PNG), on the streaming
 * encoder (formats/png-encoder.ts) and the still PNG's rasterizers
 * (formats/png.ts for square mazes, formats/shape-picture.ts for the other
 * shapes), so that each frame is drawn by the same rules as the still
 * picture. The default image, which a viewer that does not animate shows,
 * is the finished maze (the still PNG's pixels); the animation's frames
 * follow (fcTL, fdAT): the growth frames, then the finished maze held
 * (frames.ts). Each frame is drawn and deflated as it comes, so the file
 * is written in the memory of one frame. All frames share one plan (color
 * type and palette) made on the finished maze and the cell colors.
 */
import { canvasSize } from '../formats/geometry.js';
import { distinctRows, planPng } from '../formats/png.js';
import png from '../formats/png.js';
import type { PngHeader, PngRow } from '../formats/png-encoder.js';
import {
  animationControlData, frameControlData, frameData, headerData, INDEXED, paletteData, PNG_SIGNATURE, pngRowBytes, pngWriter,
} from '../formats/png-encoder.js';
import { mazeCaption } from '../formats/geometry.js';
import { checkShapePicture, paletteDepth, sceneRows, shapeCaption, shapeScene } from '../formats/shape-picture.js';
import type { RenderOptions } from '../formats/types.js';
import type { Growth } from './frames.js';
import { CELL_COLORS, cellRectangles, frameDelay, growthFrames, RASTER_FRAMES_A_SECOND, timedFrames } from './frames.js';
import type { ShapeGrowth } from './shape-frames.js';
import { growthScenes, shapeFramePalette } from './shape-frames.js';
import type { AnimatedFormat } from './types.js';

/** What every frame of an APNG shares, and its default image. */
interface ApngPicture {
  header: PngHeader;
  /** The palette, for an indexed picture. */
  plte: readonly number[] | null;
  caption: string | null;
  /** The default image's rows: the finished maze. */
  still: Iterable<PngRow>;
}

/** An APNG of `count` frames: the header, the default image, then each frame with its length, deflated as it comes. */
async function* encodeApng(picture: ApngPicture, count: number, frames: Iterable<[Iterable<PngRow>, number]>): AsyncGenerator<Uint8Array> {
  const { header } = picture;
  const { width, height } = header;
  const rowBytes = pngRowBytes(width, header.colorType, header.bitDepth);
  const writer = await pngWriter();
  const head = [Buffer.from(PNG_SIGNATURE), writer.chunk('IHDR', headerData(header)), writer.chunk('acTL', animationControlData(count))];
  if (picture.plte) head.push(writer.chunk('PLTE', paletteData(picture.plte)));
  if (picture.caption) head.push(writer.chunk('iTXt', Buffer.from(`Comment\0\0\0\0\0${picture.caption}`, 'utf8')));
  yield Buffer.concat(head);
  for await (const piece of writer.imageData(picture.still, rowBytes)) yield writer.chunk('IDAT', piece);
  let sequence = 0;
  // in milliseconds, the rounding spread as the GIF's hundredths are (each delay the rounded time at its end less that
  // at its start): 150 frames over 8 s are 53 and 54 ms, not 150 × 53 = 7.95 s (a sweep); a frame over 65.535 s in
  // coarser units (frameDelay)
  let elapsed = 0;
  for (const [rows, seconds] of frames) {
    const start = Math.round(elapsed * 1000);
    elapsed += seconds;
    const ms = Math.round(elapsed * 1000) - start;
    const delay = ms <= 0xffff ? { num: ms, den: 1000 } : frameDelay(seconds);
    yield writer.chunk('fcTL', frameControlData({ sequence: sequence++, width, height, delayNum: delay.num, delayDen: delay.den }));
    for await (const piece of writer.imageData(rows, rowBytes)) yield writer.chunk('fdAT', frameData(sequence++, piece));
  }
  yield writer.chunk('IEND', new Uint8Array(0));
}

function animate(growth: Growth, options: RenderOptions): AsyncGenerator<Uint8Array> {
  png.checkSize!(growth.maze.width, growth.maze.height, options);
  const plan = planPng(growth.maze, options, CELL_COLORS);
  const caption = mazeCaption(growth.maze);
  const sampleOf = (rgb: number): number => plan.marks.get(rgb)!;
  const growing = function* (): Generator<Iterable<PngRow>> {
    for (const replay of growthFrames(growth)) yield distinctRows(replay.maze, plan, options, cellRectangles(replay, options, sampleOf));
  };
  const picture = { header: plan, plte: plan.plte ?? null, caption: caption ? `${caption}, growing` : null, still: distinctRows(growth.maze, plan, options) };
  return encodeApng(picture, growth.frames + 1, timedFrames(growth, growing(), () => distinctRows(growth.maze, plan, options)));
}

/** A shaped maze's growth (shape-frames.ts): one palette for all frames, the still picture's and the head's. */
function animateGraph(growth: ShapeGrowth, options: RenderOptions): AsyncGenerator<Uint8Array> {
  checkShapePicture(growth.maze, options);
  const still = shapeScene(growth.maze, options);
  const palette = shapeFramePalette(still);
  const header = { width: still.width, height: still.height, colorType: INDEXED, bitDepth: paletteDepth(palette.length) } as const;
  const growing = function* (): Generator<Iterable<PngRow>> {
    for (const scene of growthScenes(growth, options)) yield sceneRows(scene, palette);
  };
  const picture = { header, plte: palette, caption: `${shapeCaption(growth.maze)}, growing`, still: sceneRows(still, palette) };
  return encodeApng(picture, growth.frames + 1, timedFrames(growth, growing(), () => sceneRows(still, palette)));
}

const apng: AnimatedFormat = {
  name: 'png',
  description: 'an APNG: the finished maze for viewers that do not animate, then the frames',
  extensions: ['.png'],
  mostFramesASecond: RASTER_FRAMES_A_SECOND,
  binary: true,
  checkSize: png.checkSize!,
  checkShapeSize: checkShapePicture,
  // the default image, the growth frames and the held one
  pictures: (frames) => frames + 2,
  animate,
  animateGraph,
};

export default apng;
