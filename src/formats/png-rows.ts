/**
 * The raw image data of a PNG, what the encoder (png-encoder.ts) and the
 * deflaters (deflate.ts in Node, deflate.browser.ts in a page) share: the
 * filtered rows with their repeat counts, stored in bands, their Adler-32,
 * and the deflater's interface. A module of its own so that neither the
 * encoder nor a deflater imports the other's.
 */

/** zlib level of the image data (zlib's default, which the stream's header states). */
export const DEFLATE_LEVEL = 6;
/** Default band of raw rows (the bench's baseline cuts its rows so, and a browser's deflater); node's deflater uses larger segments. */
export const BAND_BYTES = 1 << 20;

/** Filter types (PNG spec 9.2): None, and Up, which makes a row that repeats the one above all zeros. */
export const FILTER_NONE = 0;
export const FILTER_UP = 2;

/**
 * A filtered row (its filter byte first, then `pngRowBytes` bytes) and how
 * many rows of the image it stands for: itself, then repeat − 1 copies.
 * The encoder is done with the buffer when it asks for the next row, so a
 * rasterizer may reuse it.
 */
export type PngRow = readonly [row: Uint8Array, repeat: number];

/**
 * The filtered image data, in bands of `bandBytes`: each distinct row
 * once as it is, then its copies with the Up filter, which are all zeros.
 * Bands are fresh zeroed buffers, so the copies cost only their filter byte.
 */
export function* rawBands(
  rows: Iterable<PngRow>, rowBytes: number, bandBytes = BAND_BYTES, alloc = (): Uint8Array => new Uint8Array(bandBytes), pause?: () => boolean,
): Generator<Uint8Array> {
  let band = alloc();
  let at = 0;
  for (const [row, repeat] of rows) {
    // a band of a streamed maze's rows may take seconds to fill: an empty one between rows, when `pause` asks, lets its reader take a turn
    if (pause?.() === true) yield PAUSE;
    let from = 0;
    while (from < row.length) {
      const n = Math.min(row.length - from, band.length - at);
      band.set(row.subarray(from, from + n), at);
      at += n;
      from += n;
      if (at === band.length) {
        yield band;
        band = alloc();
        at = 0;
      }
    }
    for (let r = 1; r < repeat; r++) {
      band[at++] = FILTER_UP;
      let zeros = rowBytes;
      for (;;) {
        if (at === band.length) {
          yield band;
          band = alloc();
          at = 0;
        }
        if (zeros === 0) break;
        const n = Math.min(zeros, band.length - at);
        at += n;
        zeros -= n;
      }
    }
  }
  if (at > 0) yield band.subarray(0, at);
}

/** What rawBands yields when its `pause` asks: no bytes. */
const PAUSE = new Uint8Array(0);

/** Adler-32 (RFC 1950), the zlib stream's checksum of the raw rows. */
export class Adler32 {
  private a = 1;
  private b = 0;

  update(bytes: Uint8Array): void {
    let { a, b } = this;
    // 5552 bytes is the most that keep b below 2^53 before the reduction (zlib's NMAX)
    for (let start = 0; start < bytes.length; start += 5552) {
      const end = Math.min(bytes.length, start + 5552);
      for (let i = start; i < end; i++) {
        a += bytes[i]!;
        b += a;
      }
      a %= 65521;
      b %= 65521;
    }
    this.a = a;
    this.b = b;
  }

  /** `count` rows stored as rawBands stores a copy: the Up filter byte, then `rowBytes` zeros. */
  updateCopies(count: number, rowBytes: number): void {
    let { a, b } = this;
    for (let i = 0; i < count; i++) {
      a = (a + FILTER_UP) % 65521;
      b = (b + a + rowBytes * a) % 65521;
    }
    this.a = a;
    this.b = b;
  }

  value(): number {
    return ((this.b << 16) | this.a) >>> 0;
  }
}

/**
 * How the image data is compressed, the one part of the encoder that
 * depends on where it runs: in Node, node:zlib (deflate.ts: its CRC-32,
 * and segments deflated on its thread pool); in a page, the browser's
 * CompressionStream (deflate.browser.ts, which the browser bundles take
 * instead). Either gives a zlib stream of the same filtered rows, so the
 * pixels are the same; only the compressed bytes may differ.
 */
export interface Deflater {
  /** PNG's CRC-32 (ISO 3309) of some bytes. */
  crc32(bytes: Uint8Array): number;
  /**
   * The rows as a zlib stream (RFC 1950), header to Adler-32, in pieces of
   * any size, in order: the rows stored as `rawBands` stores them, each
   * checked by `checkedRows`.
   */
  zlibStream(rows: Iterable<PngRow>, rowBytes: number): AsyncIterable<Uint8Array>;
}

/**
 * The rows unchanged, each held to its length on its way (a row of the
 * wrong length is a bug of the caller's), and told to `seen` when given
 * (a checksum of the raw data).
 */
export function* checkedRows(rows: Iterable<PngRow>, rowBytes: number, seen?: (row: Uint8Array, repeat: number) => void): Generator<PngRow> {
  for (const entry of rows) {
    const [row, repeat] = entry;
    if (row.length !== rowBytes + 1) throw new Error(`a PNG row of ${row.length} bytes, not ${rowBytes + 1} (filter byte and ${rowBytes})`);
    seen?.(row, repeat);
    yield entry;
  }
}

