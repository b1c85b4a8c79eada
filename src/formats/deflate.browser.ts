/**
 * The PNG encoder's deflater in a browser (png-encoder.ts `Deflater`), in
 * place of deflate.ts in the browser bundles (scripts/build.mjs): the
 * platform's CompressionStream('deflate'), which writes a whole zlib stream
 * (header, deflate data, Adler-32), and a table CRC-32. Its compressed
 * bytes are the browser's, not node's zlib's, so a page's PNG has the same
 * pixels as `maze gen`'s, not always the same bytes. Node has
 * CompressionStream too, so this runs in the tests as it is.
 */
import type { Deflater, PngRow } from './png-rows.js';
import { checkedRows, rawBands } from './png-rows.js';
import { crc32 } from '../crc32.js';


/**
 * The rows through CompressionStream: written in bands while the output is
 * read, so that neither side waits for the other to finish (the stream
 * holds back writes until its output is taken).
 */
async function* zlibStream(rows: Iterable<PngRow>, rowBytes: number): AsyncGenerator<Uint8Array> {
  const stream = new CompressionStream('deflate');
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  const writing = (async (): Promise<void> => {
    try {
      for (const band of rawBands(checkedRows(rows, rowBytes), rowBytes)) await writer.write(band);
      await writer.close();
    } catch (error) {
      // the reader then fails too, and the caller hears of the first error, this one
      await writer.abort(error).catch(() => undefined);
      throw error;
    }
  })();
  // awaited below; marked handled now so that a failure while reading is not also reported as unhandled
  writing.catch(() => undefined);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      yield value;
    }
  } catch (error) {
    await writing;
    throw error;
  }
  await writing;
}

/** The browser's deflater (the same name as deflate.ts's, which it replaces in the browser bundles). */
export async function platformDeflater(): Promise<Deflater> {
  return { crc32, zlibStream };
}
