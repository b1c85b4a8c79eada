import type { Output, RenderOptions } from '../formats/types.js';
import type { Growth } from './frames.js';

/**
 * One animated file format (`maze gen --animate -o grow.png`): its name and
 * extensions, as the still formats' registry has them, and the writer of a
 * growth's frames. Pure, like the still formats: it yields bytes or text,
 * and only the CLI writes them.
 */
export interface AnimatedFormat {
  name: string;
  description: string;
  extensions: readonly string[];
  binary: boolean;
  /** Refuse (MazeError) a W × H maze this format cannot animate, before the maze is made. */
  checkSize?(width: number, height: number, options: RenderOptions): void;
  /** Pixels the whole file draws for `frames` growth frames (every frame counts against the pixel budget), for a raster format. */
  pixels?(width: number, height: number, options: RenderOptions, frames: number): number;
  animate(growth: Growth, options: RenderOptions): Output;
}
