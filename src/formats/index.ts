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
import type { Chunk, Format, Output } from './types.js';

// pure, so that a library bundle that does not use it drops every format, pdf-lib with the PDF one
export const formats: readonly Format[] = /* @__PURE__ */ Object.freeze([ascii, json, png, svg, pov, pdf]);

/** The format a name means, case and surrounding spaces ignored (as every word option). */
export function findFormat(name: string): Format | undefined {
  const word = name.trim().toLowerCase();
  return formats.find((f) => f.name === word);
}

/** The format whose extension ends `file`, if any. */
export function formatForFile(file: string): Format | undefined {
  const lower = file.toLowerCase();
  return formats.find((f) => f.extensions.some((ext) => lower.endsWith(ext)));
}

/** All of a format's output in one buffer (tests, small outputs). */
export async function collect(output: Output): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of output as AsyncIterable<Chunk>) {
    parts.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  }
  return Buffer.concat(parts);
}
