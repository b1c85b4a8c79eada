/**
 * A shaped maze's growth as an APNG (SPEC "Watching a maze grow", "Grid
 * shapes"): the passages its algorithm opened, in order, drawn frame by
 * frame by the still picture's rules (formats/shape-picture.ts), the
 * newest cell marked in the head's color; then the finished maze (braided,
 * with its ends, openings and solution) held. The default image, for
 * viewers that do not animate, is the finished maze. One palette for all
 * frames; each frame is drawn and deflated as it comes.
 */
import { GraphMaze } from '../grid/graph-maze.js';
import {
  animationControlData, frameControlData, frameData, headerData, paletteData, PNG_SIGNATURE, pngRowBytes, pngWriter, INDEXED,
} from '../formats/png-encoder.js';
import type { Scene } from '../formats/shape-picture.js';
import { checkShapePicture, paletteDepth, sceneRows, shapeCaption, shapeScene } from '../formats/shape-picture.js';
import type { RenderOptions } from '../formats/types.js';
import { frameDelay, HEAD_COLOR, HOLD_SECONDS, stepsForFrame } from './frames.js';

/** A shaped maze and its growth, ready to be drawn as frames. */
export interface ShapeGrowth {
  maze: GraphMaze;
  /** The passages opened, in order: pairs of cells. */
  links: Int32Array;
  frames: number;
  duration: number;
  tick?: () => void;
}

/** The scenes of the growth frames: the first with every passage closed, the last with every one the algorithm opened. */
function* growthScenes(growth: ShapeGrowth, options: RenderOptions): Generator<Scene> {
  const { maze, links } = growth;
  const partial = new GraphMaze(maze.shape);
  partial.mask = maze.mask;
  const total = links.length / 2;
  let done = 0;
  for (let i = 0; i < growth.frames; i++) {
    const target = stepsForFrame(i, growth.frames, total + 1) - 1;
    for (; done < target; done++) partial.open(links[2 * done]!, links[2 * done + 1]!);
    const scene = shapeScene(partial, options);
    if (done > 0 && done < total) {
      // the cell the algorithm reached last
      const [x, y] = maze.shape.center(links[2 * done - 1]!);
      const radius = Math.max(1, (maze.shape.room * options.tile - options.wall) * 0.3);
      scene.layers.push({ kind: 'discs', rgb: HEAD_COLOR, discs: [x * options.tile + options.wall / 2, y * options.tile + options.wall / 2, radius] });
      if (!scene.colors.includes(HEAD_COLOR)) scene.colors.push(HEAD_COLOR);
    }
    yield scene;
    growth.tick?.();
  }
}

export async function* animateShape(growth: ShapeGrowth, options: RenderOptions): AsyncGenerator<Uint8Array> {
  checkShapePicture(growth.maze, options);
  const still = shapeScene(growth.maze, options);
  const palette = [...still.colors];
  if (!palette.includes(HEAD_COLOR)) palette.push(HEAD_COLOR);
  const { width, height } = still;
  const header = { width, height, colorType: INDEXED, bitDepth: paletteDepth(palette.length) } as const;
  const rowBytes = pngRowBytes(width, INDEXED, header.bitDepth);
  const writer = await pngWriter();
  const caption = `${shapeCaption(growth.maze)}, growing`;
  yield Buffer.concat([
    Buffer.from(PNG_SIGNATURE),
    writer.chunk('IHDR', headerData(header)),
    writer.chunk('acTL', animationControlData(growth.frames + 1)),
    writer.chunk('PLTE', paletteData(palette)),
    writer.chunk('iTXt', Buffer.from(`Comment\0\0\0\0\0${caption}`, 'utf8')),
  ]);
  for await (const piece of writer.imageData(sceneRows(still, palette), rowBytes)) yield writer.chunk('IDAT', piece);
  let sequence = 0;
  const frame = async function* (scene: Scene, seconds: number): AsyncGenerator<Uint8Array> {
    const delay = frameDelay(seconds);
    yield writer.chunk('fcTL', frameControlData({ sequence: sequence++, width, height, delayNum: delay.num, delayDen: delay.den }));
    for await (const piece of writer.imageData(sceneRows(scene, palette), rowBytes)) yield writer.chunk('fdAT', frameData(sequence++, piece));
  };
  for (const scene of growthScenes(growth, options)) yield* frame(scene, growth.duration / growth.frames);
  yield* frame(still, HOLD_SECONDS);
  yield writer.chunk('IEND', new Uint8Array(0));
}
