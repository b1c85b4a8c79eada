/**
 * The growth as an APNG (the APNG specification over PNG), on the streaming
 * encoder (formats/png-encoder.ts) and the still PNG's rasterizer
 * (formats/png.ts), so that each frame is drawn by the same rules as the
 * still picture. The default image, which a viewer that does not animate
 * shows, is the finished maze (the still PNG's pixels); the animation's
 * frames follow (fcTL, fdAT): the growth frames, then the finished maze
 * held (frames.ts). Each frame is drawn and deflated as it comes, so the
 * file is written in the memory of one frame. All frames share one plan
 * (color type and palette) made on the finished maze and the cell colors.
 */
import { canvasSize } from '../formats/geometry.js';
import { distinctRows, planPng } from '../formats/png.js';
import png from '../formats/png.js';
import {
  animationControlData, frameControlData, frameData, headerData, paletteData, PNG_SIGNATURE, pngWriter,
} from '../formats/png-encoder.js';
import { mazeCaption } from '../formats/geometry.js';
import type { RenderOptions } from '../formats/types.js';
import type { Growth } from './frames.js';
import { CELL_COLORS, cellRectangles, frameDelay, growthFrames, HOLD_SECONDS } from './frames.js';
import type { AnimatedFormat } from './types.js';

async function* animate(growth: Growth, options: RenderOptions): AsyncGenerator<Uint8Array> {
  png.checkSize!(growth.maze.width, growth.maze.height, options);
  const plan = planPng(growth.maze, options, CELL_COLORS);
  const writer = await pngWriter();
  const head = [Buffer.from(PNG_SIGNATURE), writer.chunk('IHDR', headerData(plan)), writer.chunk('acTL', animationControlData(growth.frames + 1))];
  if (plan.plte) head.push(writer.chunk('PLTE', paletteData(plan.plte)));
  const caption = mazeCaption(growth.maze);
  if (caption) head.push(writer.chunk('iTXt', Buffer.from(`Comment\0\0\0\0\0${caption}, growing`, 'utf8')));
  yield Buffer.concat(head);
  // the default image: the still picture
  for await (const piece of writer.imageData(distinctRows(growth.maze, plan, options), plan.rowBytes)) yield writer.chunk('IDAT', piece);
  let sequence = 0;
  const { width, height } = plan;
  const sampleOf = (rgb: number): number => plan.marks.get(rgb)!;
  const frame = async function* (rows: ReturnType<typeof distinctRows>, seconds: number): AsyncGenerator<Uint8Array> {
    const delay = frameDelay(seconds);
    yield writer.chunk('fcTL', frameControlData({ sequence: sequence++, width, height, delayNum: delay.num, delayDen: delay.den }));
    for await (const piece of writer.imageData(rows, plan.rowBytes)) yield writer.chunk('fdAT', frameData(sequence++, piece));
  };
  for (const replay of growthFrames(growth)) {
    yield* frame(distinctRows(replay.maze, plan, options, cellRectangles(replay, options, sampleOf)), growth.duration / growth.frames);
  }
  yield* frame(distinctRows(growth.maze, plan, options), HOLD_SECONDS);
  yield writer.chunk('IEND', new Uint8Array(0));
}

const apng: AnimatedFormat = {
  name: 'png',
  description: 'an APNG: the finished maze for viewers that do not animate, then the frames',
  extensions: ['.png'],
  binary: true,
  checkSize: png.checkSize!,
  // the default image, the growth frames and the held one
  pixels: (width, height, options, frames) => {
    const canvas = canvasSize(width, height, options);
    return canvas.width * canvas.height * (frames + 2);
  },
  animate,
};

export default apng;
