import type { Output, RenderOptions } from '../formats/types.js';
import type { GraphMaze } from '../grid/graph-maze.js';
import type { Growth } from './frames.js';
import type { ShapeGrowth } from './shape-frames.js';

/**
 * One animated file format (`maze gen --animate -o grow.png`): its name and
 * extensions, as the still formats' registry has them, and the writers of a
 * growth's frames, on the square grid and on the other shapes (as a still
 * format's render and renderGraph). Pure, like the still formats: it yields
 * bytes or text, and only the CLI writes them.
 */
export interface AnimatedFormat {
  name: string;
  description: string;
  extensions: readonly string[];
  binary: boolean;
  /** Frames a second it plays at most, for a raster format whose players hold a shorter frame longer (browsers: under 2 hundredths, a tenth); none for SVG's timing. */
  mostFramesASecond?: number;
  /** The longest a frame may last, in seconds, where the format's field for it has a bound (a GIF's: 65535 hundredths). */
  longestFrame?: number;
  /** Refuse (MazeError) a W × H maze this format cannot animate, before the maze is made. */
  checkSize?(width: number, height: number, options: RenderOptions): void;
  /** The same for a maze on another grid: its shape is known before the maze is made. */
  checkShapeSize?(maze: Pick<GraphMaze, 'shape'>, options: RenderOptions): void;
  /** Pictures the whole file draws for `frames` growth frames, for a raster format: each counts against the pixel budget. */
  pictures?(frames: number): number;
  animate(growth: Growth, options: RenderOptions): Output;
  animateGraph(growth: ShapeGrowth, options: RenderOptions): Output;
}
