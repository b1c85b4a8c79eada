/**
 * The grid shapes' names (`--shape`, the library's `shape`), below the
 * grids that draw them (grid/shape.ts) so that the model's steps and
 * mazes may name a shape: square keeps the seed's wall arrays
 * (model/maze.ts); the others are graphs of cells and passages.
 */
export const SHAPE_NAMES = ['square', 'hex', 'triangle', 'polar'] as const;
export type ShapeName = (typeof SHAPE_NAMES)[number];
/** The shapes that are graphs of cells and passages. */
export type GraphShapeName = Exclude<ShapeName, 'square'>;
