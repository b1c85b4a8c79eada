/**
 * The library: `import { generate, render, solve, stats, parse } from 'maze'`.
 * The command line is one of its clients; nothing here loads yargs, chalk
 * (but for ASCII asked with `color: true`), the file system or the process.
 *
 *   const maze = generate({ algorithm: 'kruskal', width: 30, height: 20, seed: 7 });
 *   const png = await render(maze, 'png', { tile: 10 });   // a Uint8Array
 */
import type { FormatName, Maze } from './api.js';
import { formatList, renderChunksWith, renderWith } from './api.js';
import type { RenderOptionsByFormat } from './api.js';
import { formats as registry } from '../formats/index.js';

export { SOLVE_METHODS as solveMethods } from '../solvers/names.js';
export { enableDifficulty } from './difficulty.js';
export { algorithms, analyze, count, farthestEnds, fitMask, generate, MazeError, parse, parseAny, Replay, replaySteps, solve, stats, steps, UsageError } from './api.js';
export { book } from './book.js';
export type { BookOptions, BookSection } from './book.js';
export type { TrimName } from '../formats/book.js';
export type {
  AlgorithmInfo, AlgorithmName, AlgorithmOptions, AsciiOptions, Cell, CommonGenerateOptions, EndMode, EndsOptions, FormatInfo, FormatName,
  FitMaskOptions, GenerateOptions, GraphShapeName, Mask, MaskCells, MaskRegionsMode, ShapeAlgorithmName, SolveMethod, SolveOptions, SolveOutcome, SolveReport, ShapeGenerateOptions, ShapeName, Maze, MazeErrorCode, MazeSpec, MazeStats, MazeAnalysis, CountOptions, PdfOptions, PictureOptions, PngOptions, Point, PovOptions, RenderOptions, RenderOptionsByFormat,
  CellMark, CellStep, ClearStep, ColorStep, DoorStep, EndsStep, GridStep, HeadStep, KeyStep, PassageStep, PathStep, Side, Step, WallStep,
} from './api.js';

/** The formats: ascii, json, png, svg, pov, pdf. */
// pure: a bundler drops it, and with it every format, from a page that only generates
export const formats = /* @__PURE__ */ formatList(registry);

/** The formats that draw a maze on a non-square grid: every one (ASCII refuses a polar grid when asked, naming those that draw it). */
export type ShapedFormatName = FormatName;

/** The bytes `maze gen` writes for this format and these options (`tile`, `wall`, `style`, …). */
export function render<F extends FormatName>(maze: Maze, format: F, options?: RenderOptionsByFormat[F]): Promise<Uint8Array> {
  return renderWith(registry, maze, format, options);
}

/** The same bytes in pieces, as they are made: for pictures too big to hold whole (pipe them to a file or a response). */
export function renderStream<F extends FormatName>(maze: Maze, format: F, options?: RenderOptionsByFormat[F]): AsyncGenerator<Uint8Array> {
  return renderChunksWith(registry, maze, format, options);
}
