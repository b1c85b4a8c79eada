/**
 * A shaped maze's growth as frames (SPEC "Watching a maze grow", "Grid
 * shapes"), for every animated file to draw: the passages its algorithm
 * opened, in order, spread over the growth frames as the square maze's
 * steps are (frames.ts), the newest cell marked in the head's color; then
 * the finished maze (braided, with its ends, openings and solution) held.
 * The APNG and the GIF rasterize each frame's scene by the still
 * picture's rules (formats/shape-picture.ts); the SVG reads which walls
 * each frame shows.
 */
import { GraphMaze } from '../grid/graph-maze.js';
import type { Discs, Scene } from '../formats/shape-picture.js';
import { shapeScene } from '../formats/shape-picture.js';
import type { RenderOptions } from '../formats/types.js';
import { HEAD_COLOR, stepsForFrame } from './frames.js';

/** A shaped maze and its growth, ready to be drawn as frames. */
export interface ShapeGrowth {
  maze: GraphMaze;
  /** The passages opened, in order: pairs of cells. */
  links: Int32Array;
  frames: number;
  duration: number;
  tick?: () => void;
}

/** Passages open in growth frame i: none in the first, every one the algorithm opened in the last. */
export function linksShown(growth: ShapeGrowth, i: number): number {
  return stepsForFrame(i, growth.frames, growth.links.length / 2 + 1) - 1;
}

/** The cell the algorithm reached last when `done` passages are open, or −1 in the bare grid and the finished maze (no head to show). */
export function headCell(growth: ShapeGrowth, done: number): number {
  return done > 0 && done < growth.links.length / 2 ? growth.links[2 * done - 1]! : -1;
}

/** The head's mark: a disc in its color, the size of the still picture's end mark. */
export function headDisc(maze: GraphMaze, cell: number, options: RenderOptions): Discs {
  const [x, y] = maze.shape.center(cell);
  const radius = Math.max(1, (maze.shape.room * options.tile - options.wall) * 0.3);
  return { kind: 'discs', rgb: HEAD_COLOR, discs: [x * options.tile + options.wall / 2, y * options.tile + options.wall / 2, radius] };
}

/** The colors of every frame, as a palette: the finished maze's, then the head's. */
export function shapeFramePalette(still: Scene): number[] {
  const palette = [...still.colors];
  if (!palette.includes(HEAD_COLOR)) palette.push(HEAD_COLOR);
  return palette;
}

/** The scenes of the growth frames, one at a time: the partial maze with its head marked. */
export function* growthScenes(growth: ShapeGrowth, options: RenderOptions): Generator<Scene> {
  const { maze, links } = growth;
  const partial = new GraphMaze(maze.shape);
  partial.mask = maze.mask;
  let done = 0;
  for (let i = 0; i < growth.frames; i++) {
    const target = linksShown(growth, i);
    for (; done < target; done++) partial.open(links[2 * done]!, links[2 * done + 1]!);
    const scene = shapeScene(partial, options);
    const head = headCell(growth, done);
    if (head >= 0) {
      scene.layers.push(headDisc(maze, head, options));
      if (!scene.colors.includes(HEAD_COLOR)) scene.colors.push(HEAD_COLOR);
    }
    yield scene;
    growth.tick?.();
  }
}
