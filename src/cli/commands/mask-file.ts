/**
 * `--mask FILE` (SPEC "Masks"): a mask file read into cells, for the spec
 * (args.ts fits it to the size asked, model/mask.ts shapeMask).
 *
 * - A PNG (told by its signature, or by a start of it: one cut short or
 *   with its signature damaged is refused as a PNG, not read as text):
 *   decoded by pngjs, loaded on first use
 *   (dist/pngjs.cjs beside the CLI's script, as pdf-lib is); a pixel is
 *   outside the maze when its alpha is under 128 or its luma
 *   0.299 R + 0.587 G + 0.114 B is under 128. Its bytes are checked
 *   first (model/mask-png.ts: one header, chunks in order, CRCs, the
 *   image data inflating to exactly the rows the header gives), and a
 *   picture over MAX_MASK_PIXELS is refused before any decoding.
 * - Anything else is text, UTF-8: one line a row (`\n` or `\r\n`), `X` or
 *   `#` outside, any other character a cell, short lines padded with cells
 *   outside. A file with a NUL byte is no text: refused, saying so.
 *
 * Every file is refused past MAX_MASK_FILE_BYTES, by its size up front and
 * as it is read (a device, a pipe). `-` is standard input, read whole first.
 * Every refusal is one line, exit 2.
 */
import { IoError, UsageError } from '../../errors.js';
import type { Mask } from '../../model/mask.js';
import { maskFromRows, maskOf, maskTextRows, MAX_MASK_CELLS, rowsSize } from '../../model/mask.js';
import { checkPngMask, isPng } from '../../model/mask-png.js';
import { systemErrorText } from '../output.js';
import { readFileCapped, readStreamCapped } from './read-file.js';


/** Most bytes a mask file may have: 64 MiB (a text mask of some 64 million cells). */
export const MAX_MASK_FILE_BYTES = 64 * 2 ** 20;

/** Most pixels a PNG mask may have: 25 000 000 (5000 × 5000), decoded at 4 bytes a pixel, 100 MB. */
export const MAX_MASK_PIXELS = 25_000_000;

/** A mask as read, with the name its messages give it. */
export interface LoadedMask {
  mask: Mask;
  /** "mask 'logo.png'". */
  source: string;
  /** Told what --mask-regions largest dropped or join added, a line for stderr. */
  tell?: (note: string) => void;
}

/**
 * The mask `--mask FILE` names (`file`, its text; `-` reads `stdin`), or
 * null when none is given. maze play, whose keys come from standard input,
 * refuses `-` itself. `tell` hears the notes of fitting it (what
 * --mask-regions largest dropped, what join added), for stderr.
 */
export async function loadMask(file: string | undefined, stdin: AsyncIterable<unknown>, tell?: (note: string) => void): Promise<LoadedMask | null> {
  if (file === undefined) return null;
  const bytes = file === '-' ? await readStreamCapped(stdin, MAX_MASK_FILE_BYTES, () => tooLarge(file)) : await readCapped(file);
  return { mask: await maskOfBytes(bytes, file), source: maskName(file), tell };
}

/** How messages name the mask: "mask 'logo.png'", or the one on standard input. */
function maskName(file: string): string {
  return file === '-' ? 'the mask on standard input' : `mask '${file}'`;
}

/** A mask's cells from its bytes: a PNG or text, by its first bytes. */
async function maskOfBytes(bytes: Uint8Array, file: string): Promise<Mask> {
  return isPng(bytes) ? decodePngMask(bytes, file) : textMask(bytes, file);
}

/** A text mask: rows of characters. */
export function textMask(bytes: Uint8Array, file: string): Mask {
  if (bytes.includes(0)) {
    throw new UsageError(`${maskName(file)} is neither a PNG nor text (it holds NUL bytes): give a PNG, or a text file with X or # for the cells outside`);
  }
  const rows = maskTextRows(new TextDecoder().decode(bytes));
  if (rows.every((row) => row === '')) throw new UsageError(`${maskName(file)} is empty: write one line a row of cells, X or # for the cells outside`);
  // its longest line by its lines, held before any cell is: a long line over many short ones is a huge grid
  const { width, height } = rowsSize(rows);
  if (width * height > MAX_MASK_CELLS) {
    throw new UsageError(`${maskName(file)} is ${width} × ${height} cells (its longest line by its lines), over the limit of ${MAX_MASK_CELLS} cells for a mask`);
  }
  return maskFromRows(rows);
}

/** What pngjs gives: RGBA, 8 bits a channel. */
interface DecodedPng {
  width: number;
  height: number;
  data: Uint8Array;
}

/** A PNG mask: each pixel a cell, in when opaque enough and light enough. */
export async function decodePngMask(bytes: Uint8Array, file: string): Promise<Mask> {
  // its chunks, its size (held to the limit) and its image data's length, before pngjs decodes a byte of it
  await checkPngMask(bytes, maskName(file), MAX_MASK_PIXELS);
  let png: DecodedPng;
  try {
    const { PNG } = await loadPngjs();
    png = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch {
    // what the check above lets through decodes; pngjs's own words ("have should not go down") are no help to a user
    throw new UsageError(`${maskName(file)} is not a PNG that can be read: its image data cannot be decoded`);
  }
  const cells = new Uint8Array(png.width * png.height);
  const { data } = png;
  for (let i = 0, p = 0; i < cells.length; i++, p += 4) {
    // luma 0.299 R + 0.587 G + 0.114 B, in thousandths so that a gray of 128 is exactly 128
    const luma = 299 * data[p]! + 587 * data[p + 1]! + 114 * data[p + 2]!;
    cells[i] = data[p + 3]! >= 128 && luma >= 128_000 ? 1 : 0;
  }
  return maskOf(png.width, png.height, cells);
}

type Pngjs = typeof import('pngjs');

/** pngjs, loaded when a PNG mask is first read (CommonJS: its names may come as the default export only). */
async function loadPngjs(): Promise<Pngjs> {
  const loaded = await import('pngjs');
  return loaded.PNG ? loaded : (loaded as unknown as { default: Pngjs }).default;
}

function tooLarge(file: string): UsageError {
  return new UsageError(`${maskName(file)} is larger than ${MAX_MASK_FILE_BYTES} bytes (${MAX_MASK_FILE_BYTES / 2 ** 20} MiB), the most a mask file may be`);
}

/** The file's bytes, refused past the limit (input.ts readFileCapped); a folder is named so. */
async function readCapped(file: string): Promise<Uint8Array> {
  try {
    return await readFileCapped(file, MAX_MASK_FILE_BYTES, tooLarge);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    if ((error as NodeJS.ErrnoException).code === 'EISDIR') throw new UsageError(`cannot read ${maskName(file)}: it is a folder`);
    throw readError(file, error);
  }
}

/** A file that cannot be read: the user's to fix (exit 2) when it is missing or forbidden, else the system's (exit 1). */
function readError(file: string, error: unknown): Error {
  const code = (error as NodeJS.ErrnoException).code;
  const text = `cannot read ${maskName(file)}: ${systemErrorText(error)}`;
  return code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR' || code === 'EACCES' || code === 'ENAMETOOLONG' || code === 'ELOOP' || code === 'ENXIO'
    ? new UsageError(text)
    : new IoError(text);
}
