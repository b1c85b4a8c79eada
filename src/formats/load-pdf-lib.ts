/**
 * pdf-lib, loaded when a PDF is first rendered (half a megabyte: a run that
 * writes no PDF never reads it). The browser bundles take
 * load-pdf-lib.browser.ts in its place (scripts/build.mjs), which loads
 * pdf-lib's own browser bundle with a script tag.
 */
import type * as PdfLibModule from 'pdf-lib';

export type PdfLib = typeof PdfLibModule;

export async function loadPdfLib(): Promise<PdfLib> {
  // pdf-lib ships CommonJS for Node: its names may come only as the default export
  const loaded = await import('pdf-lib');
  return loaded.PDFDocument ? loaded : (loaded as unknown as { default: PdfLib }).default;
}
