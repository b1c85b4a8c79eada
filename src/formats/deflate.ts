/**
 * The PNG encoder's deflater in Node (png-encoder.ts `Deflater`): node:zlib's
 * CRC-32 and deflate, loaded on first use. The browser bundles take
 * deflate.browser.ts in its place (scripts/build.mjs), which has no Node in it.
 *
 * The zlib stream is cut into 4 MiB segments deflated independently on
 * zlib's thread pool, three at a time (pigz's way): each but the last ends
 * on a sync flush (byte-aligned, not final) and each starts with the
 * previous segment's last 32 KiB as its dictionary, so their concatenation
 * is one deflate stream, as good as a single pass. The Adler-32 of the raw
 * rows comes from the distinct rows and their repeat counts.
 */
import type { ZlibOptions } from 'node:zlib';
import type { Deflater, PngRow } from './png-rows.js';
import { Adler32, checkedRows, DEFLATE_LEVEL, rawBands } from './png-rows.js';
import { TURN_EVERY_MS } from '../tick.js';

/** Raw bytes deflated as one independent segment, and how many segments are deflated at once. */
const SEGMENT_BYTES = 1 << 22;
const IN_FLIGHT = 3;
/** Deflate's window: a segment's dictionary is this much of the data before it. */
const WINDOW_BYTES = 1 << 15;
/** zlib stream header: deflate, 32 KiB window, default level (RFC 1950). */
const ZLIB_HEADER = Uint8Array.of(0x78, 0x9c);

/** node:zlib's deflater. */
export async function platformDeflater(): Promise<Deflater> {
  const zlib = await import('node:zlib');

  async function* zlibStream(source: Iterable<PngRow>, rowBytes: number): AsyncGenerator<Uint8Array> {
    const adler = new Adler32();
    const rows = checkedRows(source, rowBytes, (row, repeat) => {
      adler.update(row);
      adler.updateCopies(repeat - 1, rowBytes);
    });
    const deflateRaw = (data: Uint8Array, settings: ZlibOptions): Promise<Buffer> =>
      new Promise((resolve, reject) => zlib.deflateRaw(data, settings, (error, out) => (error ? reject(error) : resolve(out))));
    const inFlight: Promise<Buffer>[] = [];
    yield ZLIB_HEADER;
    // Bands whose deflate is done are used again (zeroed) rather than left to
    // the garbage collector, which let hundreds of megabytes of them pile up.
    const free: Uint8Array[] = [];
    const inputs: Uint8Array[] = [];
    const collect = async (): Promise<Buffer> => {
      const out = await inFlight.shift()!;
      const band = inputs.shift()!;
      if (band.length === SEGMENT_BYTES) free.push(band);
      return out;
    };
    let dictionary: Uint8Array | null = null;
    const submit = (data: Uint8Array, last: boolean): void => {
      const settings: ZlibOptions = { level: DEFLATE_LEVEL };
      if (!last) settings.finishFlush = zlib.constants.Z_SYNC_FLUSH;
      if (dictionary) settings.dictionary = dictionary;
      inFlight.push(deflateRaw(data, settings));
      inputs.push(data);
      dictionary = data.subarray(Math.max(0, data.length - WINDOW_BYTES));
    };
    // Each band is one segment; a band is held back until the next one shows
    // whether it is the last.
    let held: Uint8Array | null = null;
    // a turn of the event loop every few milliseconds of filling, so that a signal's handler runs (SPEC: Ctrl-C stops within a second)
    let turned = Date.now();
    const pause = (): boolean => Date.now() - turned >= TURN_EVERY_MS;
    for (const band of rawBands(rows, rowBytes, SEGMENT_BYTES, () => free.pop()?.fill(0) ?? Buffer.alloc(SEGMENT_BYTES), pause)) {
      if (band.length === 0) {
        await new Promise((done) => setImmediate(done));
        turned = Date.now();
        continue;
      }
      if (held) {
        submit(held, false);
        if (inFlight.length >= IN_FLIGHT) yield await collect();
      }
      held = band;
    }
    submit(held ?? new Uint8Array(0), true);
    while (inFlight.length > 0) yield await collect();
    const trailer = new Uint8Array(4);
    new DataView(trailer.buffer).setUint32(0, adler.value());
    yield trailer;
  }

  return { crc32: (bytes) => zlib.crc32(bytes), zlibStream };
}
