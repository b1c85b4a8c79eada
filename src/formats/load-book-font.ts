/**
 * What a book needs to embed its font, loaded when a book is made (a run
 * or a program that makes no book never reads them): fontkit, pdf-lib's
 * font reader, and DejaVu Sans (fonts/DejaVuSans.ttf in the package,
 * beside dist/: found by climbing from this module's file, wherever the
 * build put it).
 */
import type { PDFDocument } from 'pdf-lib';
import { MazeError } from '../errors.js';

/** What PDFDocument.registerFontkit takes. */
export type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];

export async function loadFontkit(): Promise<Fontkit> {
  const loaded = (await import('@pdf-lib/fontkit')) as unknown as Fontkit & { default?: Fontkit };
  return loaded.default ?? loaded;
}

/** The font file's bytes. */
export async function loadBookFont(): Promise<Uint8Array> {
  const [{ readFile }, { dirname, join }, { fileURLToPath }] = await Promise.all([import('node:fs/promises'), import('node:path'), import('node:url')]);
  const font = join('fonts', 'DejaVuSans.ttf');
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 5; up++) {
    try {
      return new Uint8Array(await readFile(join(dir, font)));
    } catch {
      dir = dirname(dir);
    }
  }
  throw new MazeError(`the book's font (${font}) is missing from maze's package: reinstall maze`, { code: 'usage' });
}
