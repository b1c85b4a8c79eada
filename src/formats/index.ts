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
import type { Format, FormatOption } from './types.js';
import { FORMAT_OPTIONS } from './types.js';

// pure, so that a library bundle that does not use it drops every format, pdf-lib with the PDF one
export const formats = /* @__PURE__ */ Object.freeze([ascii, json, png, svg, pov, pdf] as const);

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
