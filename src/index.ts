/**
 * The library: `import { generate, render, solve, stats, parse } from 'maze'`.
 * The command line is one of its clients; nothing here loads yargs, chalk
 * (but for ASCII asked with `color: true`), the file system or the process.
 *
 *   const maze = generate({ algorithm: 'kruskal', width: 30, height: 20, seed: 7 });
 *   const png = await render(maze, 'png', { tile: 10 });   // a Uint8Array
 */
import type { Maze } from './api.js';
import { formatList, renderChunksWith, renderWith } from './api.js';
import type { RenderOptions } from './api.js';
import { formats as registry } from './formats/index.js';

export { algorithms, farthestEnds, generate, parse, solve, stats, UsageError } from './api.js';
export type { AlgorithmInfo, Cell, EndsOptions, FormatInfo, GenerateOptions, Maze, MazeStats, Point, RenderOptions } from './api.js';

/** The formats: ascii, json, png, svg, pov, pdf. */
// pure: a bundler drops it, and with it every format, from a page that only generates
export const formats = /* @__PURE__ */ formatList(registry);

/** The bytes `maze gen` writes for this format and these options (`tile`, `wall`, `style`, …). */
export function render(maze: Maze, format: string, options: RenderOptions = {}): Promise<Uint8Array> {
  return renderWith(registry, maze, format, options);
}

/** The same bytes in pieces, as they are made: for pictures too big to hold whole (pipe them to a file or a response). */
export function renderStream(maze: Maze, format: string, options: RenderOptions = {}): AsyncGenerator<Uint8Array> {
  return renderChunksWith(registry, maze, format, options);
}
