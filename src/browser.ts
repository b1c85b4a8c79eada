/**
 * The core for a browser page: generation and every format a page can
 * write (ASCII, JSON, SVG, PNG and PDF), with the library's functions. It
 * imports no Node module: where a format needs one, the browser bundles
 * take the module's browser twin (scripts/build.mjs): PNG deflates with
 * the browser's CompressionStream (deflate.browser.ts), and PDF loads
 * pdf-lib's own bundle, dist/browser/pdf-lib.global.js, with a script tag
 * the first time one is asked for (load-pdf-lib.browser.ts). POV-Ray only
 * makes sense as a file, and stays out.
 */
import type { Maze } from './api.js';
import { formatList, renderWith } from './api.js';
import type { RenderOptionsByFormat } from './api.js';
import ascii from './formats/ascii.js';
import json from './formats/json.js';
import pdf from './formats/pdf.js';
import png from './formats/png.js';
import svg from './formats/svg.js';

export { algorithms, farthestEnds, generate, MazeError, parse, solve, stats, UsageError } from './api.js';
export type {
  AlgorithmInfo, AlgorithmName, AlgorithmOptions, AsciiOptions, Cell, CommonGenerateOptions, EndMode, EndsOptions, FormatInfo, FormatName,
  GenerateOptions, Maze, MazeErrorCode, MazeSpec, MazeStats, PdfOptions, PictureOptions, PngOptions, Point, PovOptions, RenderOptions, RenderOptionsByFormat,
} from './api.js';

const registry = [ascii, json, svg, png, pdf];

/** The formats a page can write. */
export type BrowserFormatName = (typeof registry)[number]['name'];

/** The formats a browser gets: ascii, json, svg, png, pdf. */
// pure: a bundler drops it, and with it every format, from a page that only generates
export const formats = /* @__PURE__ */ formatList(registry);

/**
 * The bytes `maze gen` writes for this format and these options; for PNG
 * the same pixels (the browser's deflate is not node's zlib, so the
 * compressed bytes may differ), for PDF the same bytes once pdf-lib's
 * bundle has loaded beside this one.
 */
export function render<F extends BrowserFormatName>(maze: Maze, format: F, options?: RenderOptionsByFormat[F]): Promise<Uint8Array> {
  return renderWith(registry, maze, format, options);
}
