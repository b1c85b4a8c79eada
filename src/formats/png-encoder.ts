/**
 * A streaming PNG encoder: rows of pixels in, PNG bytes out, never holding
 * the image whole. It knows nothing of mazes: the maze's rasterizer
 * (png.ts) feeds it, and so can any other picture that comes as rows (an
 * APNG's frames, other grids' rasterizers).
 *
 * A caller gives filtered rows (PNG spec 7.3: one filter byte, then the
 * row's bytes), each with how many rows it stands for: the first is stored
 * as it is and its copies with the Up filter, which makes them all zero
 * bytes, so deflate spends its time on the distinct rows only. The zlib
 * stream comes from a deflater (node's zlib, or a browser's
 * CompressionStream) and is cut into pieces of a fixed size, one chunk's
 * data each. `chunk` writes any chunk (IHDR, PLTE, tEXt, acTL,
 * fcTL, fdAT, …); `encodePng` puts a whole still image together. pngjs cannot do
 * this: it wants the whole RGBA image in one buffer (1.6 GB for a 1000 ×
 * 1000 maze at the default tile) and writes neither palettes nor 1-bit pixels.
 */
import { platformDeflater } from './deflate.js';
import type { Deflater, PngRow } from './png-rows.js';
import { FILTER_UP } from './png-rows.js';

// the raw image data's tools live in png-rows.ts, which the deflaters share; here too for callers
export type { Deflater, PngRow } from './png-rows.js';
export { Adler32, BAND_BYTES, checkedRows, DEFLATE_LEVEL, rawBands } from './png-rows.js';

/** PNG's own limit on a side (the spec stores it as a 31-bit integer). */
export const PNG_MAX_SIDE = 2 ** 31 - 1;
/** Largest pixel row this encoder holds (three of them live at once, in RGB). */
export const MAX_ROW_BYTES = 2 ** 28;
/** Compressed bytes per IDAT chunk; fixed so that chunking never depends on timing. */
export const IDAT_BYTES = 1 << 16;

export const PNG_SIGNATURE = Uint8Array.of(137, 80, 78, 71, 13, 10, 26, 10);

/** PNG color types (spec 11.2.2), and how many samples a pixel of each has. */
export const GRAYSCALE = 0;
export const RGB = 2;
export const INDEXED = 3;
export const GRAYSCALE_ALPHA = 4;
export const RGBA = 6;
export type ColorType = typeof GRAYSCALE | typeof RGB | typeof INDEXED | typeof GRAYSCALE_ALPHA | typeof RGBA;
const SAMPLES: Readonly<Record<ColorType, number>> = { [GRAYSCALE]: 1, [RGB]: 3, [INDEXED]: 1, [GRAYSCALE_ALPHA]: 2, [RGBA]: 4 };

/** Row filter types (spec 9.2): the encoder writes None rows as given and Up rows for copies. */
export { FILTER_NONE, FILTER_UP } from './png-rows.js';

/** What IHDR says of the image. */
export interface PngHeader {
  width: number;
  height: number;
  colorType: ColorType;
  bitDepth: 1 | 2 | 4 | 8 | 16;
}

/** A chunk's type (four letters) and data, for `encodePng`'s extra chunks. */
export interface PngChunk {
  type: string;
  data: Uint8Array;
}

/** Bytes of one row of pixels, without its filter byte (sub-byte pixels packed, spec 7.2). */
export function pngRowBytes(width: number, colorType: ColorType, bitDepth: PngHeader['bitDepth']): number {
  return Math.ceil((width * SAMPLES[colorType] * bitDepth) / 8);
}

/** IHDR's data: compression 0, filter method 0, no interlace. */
export function headerData(header: PngHeader): Uint8Array {
  const data = new Uint8Array(13);
  const view = new DataView(data.buffer);
  view.setUint32(0, header.width);
  view.setUint32(4, header.height);
  data[8] = header.bitDepth;
  data[9] = header.colorType;
  return data;
}

/** PLTE's data: each 0xRRGGBB as three bytes. */
export function paletteData(palette: readonly number[]): Uint8Array {
  const data = new Uint8Array(palette.length * 3);
  palette.forEach((rgb, i) => data.set([(rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255], i * 3));
  return data;
}

/** Bytes joined into one array. */
export function concatBytes(parts: readonly Uint8Array[], length = parts.reduce((sum, part) => sum + part.length, 0)): Uint8Array {
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The encoder's two tools, over a deflater. */
export interface PngWriter {
  /** One chunk, as PNG stores it: length, type, data, then the CRC-32 of type and data. */
  chunk(type: string, data: Uint8Array): Uint8Array;
  /**
   * One image's rows as a zlib stream, in pieces of exactly IDAT_BYTES but
   * the last, cut at the same places however the deflate work is
   * scheduled: each piece is the data of one IDAT chunk (or, in an APNG
   * frame, of one fdAT chunk after its sequence number).
   */
  imageData(rows: Iterable<PngRow>, rowBytes: number): AsyncGenerator<Uint8Array>;
}

/**
 * The writer over `deflater`, by default the one of the platform this
 * runs on (node:zlib, loaded on first use, so that a run writing no PNG
 * never loads it; a browser's CompressionStream in the browser bundles).
 */
export async function pngWriter(deflater?: Deflater): Promise<PngWriter> {
  const { crc32, zlibStream } = deflater ?? (await platformDeflater());
  const chunk = (type: string, data: Uint8Array): Uint8Array => {
    const out = new Uint8Array(12 + data.length);
    const view = new DataView(out.buffer);
    view.setUint32(0, data.length);
    for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i) & 255;
    out.set(data, 8);
    view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
    return out;
  };

  async function* imageData(rows: Iterable<PngRow>, rowBytes: number): AsyncGenerator<Uint8Array> {
    const pending: Uint8Array[] = [];
    let pendingBytes = 0;
    // Only the first n bytes are copied out: concatenating all that is
    // pending for each 64 KiB piece copied a whole segment's output each time.
    const take = (n: number): Uint8Array => {
      const parts: Uint8Array[] = [];
      let got = 0;
      while (got < n) {
        const head = pending[0]!;
        const part = head.length <= n - got ? pending.shift()! : head.subarray(0, n - got);
        if (part !== head) pending[0] = head.subarray(part.length);
        parts.push(part);
        got += part.length;
      }
      pendingBytes -= n;
      return parts.length === 1 ? parts[0]! : concatBytes(parts, n);
    };
    for await (const piece of zlibStream(rows, rowBytes)) {
      pending.push(piece);
      pendingBytes += piece.length;
      while (pendingBytes >= IDAT_BYTES) yield take(IDAT_BYTES);
    }
    while (pendingBytes > 0) yield take(Math.min(IDAT_BYTES, pendingBytes));
  }

  return { chunk, imageData };
}

/**
 * A still PNG: the signature, IHDR, PLTE when a palette is given, the
 * `extra` chunks (text, and whatever must come before the image data),
 * then IDAT chunks and IEND; `deflater` as `pngWriter` takes it. Everything before the image data comes as one
 * piece, then one piece per chunk.
 */
export async function* encodePng(
  header: PngHeader, palette: readonly number[] | null, rows: Iterable<PngRow>, extra: readonly PngChunk[] = [], deflater?: Deflater,
): AsyncGenerator<Uint8Array> {
  const writer = await pngWriter(deflater);
  const head = [PNG_SIGNATURE, writer.chunk('IHDR', headerData(header))];
  if (palette) head.push(writer.chunk('PLTE', paletteData(palette)));
  for (const { type, data } of extra) head.push(writer.chunk(type, data));
  yield concatBytes(head);
  for await (const piece of writer.imageData(rows, pngRowBytes(header.width, header.colorType, header.bitDepth))) yield writer.chunk('IDAT', piece);
  yield writer.chunk('IEND', new Uint8Array(0));
}

/**
 * APNG's acTL data (the APNG specification, "acTL"): how many frames the
 * animation has (the default image not counted when no fcTL precedes it)
 * and how many times it plays, 0 for ever.
 */
export function animationControlData(frames: number, plays = 0): Uint8Array {
  const data = Buffer.alloc(8);
  data.writeUInt32BE(frames, 0);
  data.writeUInt32BE(plays, 4);
  return data;
}

/** One APNG frame's size, place and delay (delay = num / den seconds). */
export interface FrameControl {
  sequence: number;
  width: number;
  height: number;
  delayNum: number;
  delayDen: number;
}

/**
 * APNG's fcTL data: the frame covers the whole canvas from (0, 0), the
 * canvas is left as it is after it (dispose_op NONE) and its pixels replace
 * the canvas's (blend_op SOURCE): each frame is a whole picture.
 */
export function frameControlData(frame: FrameControl): Uint8Array {
  const data = Buffer.alloc(26);
  data.writeUInt32BE(frame.sequence, 0);
  data.writeUInt32BE(frame.width, 4);
  data.writeUInt32BE(frame.height, 8);
  data.writeUInt32BE(0, 12);
  data.writeUInt32BE(0, 16);
  data.writeUInt16BE(frame.delayNum, 20);
  data.writeUInt16BE(frame.delayDen, 22);
  data[24] = 0;
  data[25] = 0;
  return data;
}

/** An fdAT chunk's data: the sequence number, then a piece of the frame's zlib stream. */
export function frameData(sequence: number, piece: Uint8Array): Uint8Array {
  const data = Buffer.alloc(4 + piece.length);
  data.writeUInt32BE(sequence, 0);
  data.set(piece, 4);
  return data;
}
