/**
 * The format registry: `--format` choices, the extension table, `maze list`
 * and the help text all read this list. Adding a format is one file and one
 * line here.
 */
import ascii from './ascii.js';
import json from './json.js';
import pdf from './pdf.js';
import png from './png.js';
import pov from './pov.js';
import svg from './svg.js';
import stl from './stl.js';
import threemf from './threemf.js';
import dxf from './dxf.js';
import laserSvg from './laser-svg.js';
import plotSvg from './plot-svg.js';
import { GraphMaze } from '../grid/graph-maze.js';
import type { Maze } from '../model/maze.js';
import type { Format, FormatOption, Output, RenderOptions } from './types.js';
import { FORMAT_OPTIONS } from './types.js';

// pure, so that a library bundle that does not use it drops every format, pdf-lib with the PDF one
export const formats = /* @__PURE__ */ Object.freeze([ascii, json, png, svg, pov, pdf, stl, threemf, dxf, laserSvg, plotSvg] as const);

/** The formats' names: `'ascii' | 'json' | …`. */
export type FormatName = (typeof formats)[number]['name'];

/** The format a name means, case and surrounding spaces ignored (as every word option). */
export function findFormat(name: string): Format | undefined {
  const word = name.trim().toLowerCase();
  return formats.find((f): f is (typeof formats)[number] => f.name === word);
}

/** The format whose extension ends `file`, if any. */
export function formatForFile(file: string): Format | undefined {
  const lower = file.toLowerCase();
  return formats.find((f) => f.extensions.some((ext) => lower.endsWith(ext)));
}

/** Each option of FORMAT_OPTIONS and the formats that read it (Format.reads). */
export function formatOptionOwners(): Map<FormatOption, Format[]> {
  return new Map(FORMAT_OPTIONS.map((option) => [option, formats.filter((f) => f.reads.includes(option))]));
}

/** A maze of any grid in a format: a shape's drawing, or the square's. */
export function renderMaze(format: Format, maze: Maze | GraphMaze, options: RenderOptions): Output {
  return maze instanceof GraphMaze ? format.renderGraph!(maze, options) : format.render(maze, options);
}
