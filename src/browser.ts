/**
 * The core for a browser page: generation, JSON, ASCII and SVG, with the
 * library's functions. It imports no Node module (the PNG and POV-Ray
 * writers, which need zlib or only make sense as files, stay out), so
 * esbuild bundles it for `platform: 'browser'` (scripts/build.mjs checks).
 */
import type { Maze } from './api.js';
import { formatList, renderWith } from './api.js';
import type { RenderOptionsByFormat } from './api.js';
import ascii from './formats/ascii.js';
import json from './formats/json.js';
import svg from './formats/svg.js';

export { algorithms, farthestEnds, generate, MazeError, parse, Replay, replaySteps, solve, stats, steps, UsageError } from './api.js';
export type {
  AlgorithmInfo, AlgorithmName, AlgorithmOptions, AsciiOptions, Cell, CommonGenerateOptions, EndMode, EndsOptions, FormatInfo, FormatName,
  GenerateOptions, Maze, MazeErrorCode, MazeSpec, MazeStats, PdfOptions, PictureOptions, PngOptions, Point, PovOptions, RenderOptions, RenderOptionsByFormat,
  CellMark, CellStep, ClearStep, ColorStep, DoorStep, EndsStep, GridStep, HeadStep, KeyStep, PathStep, Side, Step, WallStep,
} from './api.js';

const registry = [ascii, json, svg];

/** The formats a browser gets: ascii, json, svg. */
// pure: a bundler drops it, and with it every format, from a page that only generates
export const formats = /* @__PURE__ */ formatList(registry);

/** The bytes `maze gen` writes for this format and these options. */
export function render<F extends 'ascii' | 'json' | 'svg'>(maze: Maze, format: F, options?: RenderOptionsByFormat[F]): Promise<Uint8Array> {
  return renderWith(registry, maze, format, options);
}
