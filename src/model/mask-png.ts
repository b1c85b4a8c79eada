/**
 * A PNG mask's bytes checked before any picture decoder sees them (SPEC
 * "Masks", "Errors and safety"), by the command line (before pngjs) and
 * the page (before the browser's decoder), so that both take and refuse
 * the same files in the same words:
 *
 * 1. the chunks are what one picture has: the header (IHDR) first and only
 *    once, a palette (PLTE) before the image data when there is one (once,
 *    never in a grey picture, 1 to 256 colors of 3 bytes, at most 2^depth
 *    for palette indices), the image data (IDAT) in one run, the end
 *    (IEND) last, empty, with nothing after it; every chunk whole, its CRC
 *    right, no critical chunk unknown;
 * 2. the header's size is held to the pixel limit: the size any decoder
 *    will use, since there is no second header to change it;
 * 3. the image data inflates to exactly the rows the header promises,
 *    height × (row bytes + 1) (Adam7's seven passes when interlaced), each
 *    row's filter one of the five; the inflating stops at the first byte
 *    past that, so a bomb costs nothing.
 *
 * It inflates with the platform's DecompressionStream (Node and browsers
 * alike), counting bytes and keeping none.
 */
import { MazeError } from '../errors.js';
import { crc32 } from '../crc32.js';

/** A PNG's header, as checked. */
export interface PngHeader {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  interlaced: boolean;
}

/** Bits a pixel by color type (0 gray, 2 RGB, 3 palette, 4 gray and alpha, 6 RGBA) per bit of depth, and the depths each allows. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const DEPTHS: Record<number, readonly number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };
const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Adam7: each pass's first column and row, and its steps across and down. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;


/**
 * Whether the bytes are meant as a PNG, to be checked as one: they begin
 * with PNG's signature, or are a start of it cut short (fewer than its 8
 * bytes), or begin with its `\x89PNG` and the rest is damaged (a copy that
 * changed its line ends). No text begins so: 0x89 starts no UTF-8.
 */
export function isPng(bytes: Uint8Array): boolean {
  if (bytes.length > 0 && bytes.length < 8 && startsSignature(bytes)) return true;
  return bytes.length >= 4 && SIGNATURE.slice(0, 4).every((b, i) => bytes[i] === b);
}

/** Whether the bytes begin with as much of PNG's signature as they hold, up to its 8 bytes. */
function startsSignature(bytes: Uint8Array): boolean {
  return SIGNATURE.every((b, i) => i >= bytes.length || bytes[i] === b);
}

/** Each row's length in the image data, filter byte included, pass by pass. */
function* rowLengths(header: PngHeader): Generator<number> {
  const bits = CHANNELS[header.colorType]! * header.bitDepth;
  const passes = header.interlaced ? ADAM7 : ([[0, 0, 1, 1]] as const);
  for (const [x0, y0, dx, dy] of passes) {
    const columns = Math.ceil((header.width - x0) / dx);
    const rows = Math.ceil((header.height - y0) / dy);
    if (columns <= 0 || rows <= 0) continue;
    const length = 1 + Math.ceil((columns * bits) / 8);
    for (let r = 0; r < rows; r++) yield length;
  }
}

/**
 * The PNG's header, once its chunks, size and image data are checked;
 * else a MazeError (option `mask`) that says what is wrong, naming the file
 * as `source` ("mask 'short.png'"). `maxPixels` is the picture's limit.
 */
export async function checkPngMask(bytes: Uint8Array, source: string, maxPixels: number): Promise<PngHeader> {
  const refuse = (why: string): never => {
    throw new MazeError(`${source} is not a PNG that can be read: ${why}`, { code: 'invalid-value', option: 'mask' });
  };
  if (!isPng(bytes)) refuse('it does not begin with the PNG signature');
  if (bytes.length < 8 && startsSignature(bytes)) refuse('it ends in the middle of its signature');
  if (!startsSignature(bytes)) refuse('its signature is damaged (not the 8 bytes a PNG begins with)');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let header: PngHeader | null = null;
  let palette = false;
  const data: Uint8Array[] = [];
  let dataDone = false;
  let ended = false;
  for (let at = 8; !ended; ) {
    if (at === bytes.length) refuse(header === null ? 'it ends before its header (IHDR)' : 'it ends before its end chunk (IEND)');
    if (at + 12 > bytes.length) refuse('it ends in the middle of a chunk');
    const length = view.getUint32(at);
    const type = String.fromCharCode(bytes[at + 4]!, bytes[at + 5]!, bytes[at + 6]!, bytes[at + 7]!);
    if (!/^[A-Za-z]{4}$/.test(type)) refuse(`a chunk's type is not four letters (at byte ${at + 4})`);
    if (length > 0x7fffffff || at + 12 + length > bytes.length) refuse(`it ends in the middle of its '${type}' chunk`);
    const body = at + 8;
    if (crc32(bytes, at + 4, body + length) !== view.getUint32(body + length)) refuse(`its '${type}' chunk is damaged (its CRC does not match)`);
    if (header === null && type !== 'IHDR') refuse(`its first chunk is '${type}', not the header (IHDR)`);
    if (type !== 'IDAT' && data.length > 0) dataDone = true;
    switch (type) {
      case 'IHDR':
        if (header !== null) refuse('it has a second header (IHDR)');
        header = readHeader(view, body, length, refuse);
        if (header.width * header.height > maxPixels) {
          throw new MazeError(`${source} is ${header.width} × ${header.height} pixels, over the limit of ${maxPixels} pixels for a mask; scale the picture down (one pixel is one cell)`, {
            code: 'too-large',
            option: 'mask',
          });
        }
        break;
      case 'PLTE': {
        if (data.length > 0) refuse('its palette (PLTE) comes after its image data');
        if (palette) refuse('it has a second palette (PLTE)');
        // grey pictures (color types 0 and 4) take none (PNG 11.2.3)
        if ((header!.colorType & 2) === 0) refuse('it has a palette (PLTE), which a grey picture must not');
        // 3 bytes a color, 1 to 256 colors, and for a picture of palette indices no more than its depth can name
        const colors = length / 3;
        if (length === 0) refuse('its palette (PLTE) has no colors');
        if (length % 3 !== 0) refuse(`its palette (PLTE) is ${length} bytes, not 3 bytes a color`);
        if (colors > 256) refuse(`its palette (PLTE) has ${colors} colors, more than the 256 PNG allows`);
        const { colorType, bitDepth } = header!;
        if (colorType === 3 && colors > 2 ** bitDepth) refuse(`its palette (PLTE) has ${colors} colors, more than the ${2 ** bitDepth} a depth of ${bitDepth} bits can name`);
        palette = true;
        break;
      }
      case 'IDAT':
        if (dataDone) refuse('its image data (IDAT) is split by other chunks');
        data.push(bytes.subarray(body, body + length));
        break;
      case 'IEND':
        if (length !== 0) refuse(`its end chunk (IEND) is ${length} bytes, not 0`);
        if (at + 12 + length !== bytes.length) refuse(`it has ${bytes.length - (at + 12 + length)} bytes after its end chunk (IEND)`);
        ended = true;
        break;
      default:
        // a chunk a reader may skip has a lower-case first letter; any other one it must understand
        if (type.charCodeAt(0) < 0x61) refuse(`it holds a chunk '${type}' that a reader must understand, and none does`);
    }
    at = body + length + 4;
  }
  if (data.length === 0) refuse('it has no image data (IDAT)');
  const picture = header!;
  if (picture.colorType === 3 && !palette) refuse('its colors are a palette, and it has none (PLTE)');
  await checkImageData(data, picture, refuse);
  return picture;
}

/** The header chunk's fields, each held to what PNG allows. */
function readHeader(view: DataView, at: number, length: number, refuse: (why: string) => never): PngHeader {
  if (length !== 13) refuse(`its header (IHDR) is ${length} bytes, not 13`);
  const width = view.getUint32(at);
  const height = view.getUint32(at + 4);
  const bitDepth = view.getUint8(at + 8);
  const colorType = view.getUint8(at + 9);
  if (width === 0 || height === 0 || width > 0x7fffffff || height > 0x7fffffff) refuse(`its header gives it a size of ${width} × ${height}`);
  if (!(colorType in DEPTHS)) refuse(`its header gives it color type ${colorType}, which PNG has not`);
  if (!DEPTHS[colorType]!.includes(bitDepth)) refuse(`its header gives color type ${colorType} a depth of ${bitDepth} bits, which PNG does not allow`);
  if (view.getUint8(at + 10) !== 0 || view.getUint8(at + 11) !== 0) refuse('its header names a compression or filter method PNG has not');
  const interlace = view.getUint8(at + 12);
  if (interlace > 1) refuse(`its header names interlace method ${interlace}, which PNG has not`);
  return { width, height, bitDepth, colorType, interlaced: interlace === 1 };
}

/**
 * The image data inflated and counted, never kept: exactly the rows the
 * header promises, each beginning with a filter from 0 to 4. Stops at the
 * first byte too many.
 */
async function checkImageData(chunks: Uint8Array[], header: PngHeader, refuse: (why: string) => never): Promise<void> {
  const rows = rowLengths(header);
  let expected = 0;
  for (const length of rowLengths(header)) expected += length;
  const stream = new DecompressionStream('deflate');
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  // written while read: the stream holds back writes until its output is taken
  const writing = (async (): Promise<void> => {
    for (const chunk of chunks) await writer.write(chunk);
    await writer.close();
  })().catch(() => undefined);
  let total = 0;
  let rowStart = 0;
  let next = rows.next();
  let why: string | null = null;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (total + value.length > expected) {
        why = `its image data is longer than a ${header.width} × ${header.height} picture holds`;
        break;
      }
      // each row's first byte is its filter
      while (!next.done && rowStart < total + value.length) {
        const filter = value[rowStart - total]!;
        if (filter > 4) {
          why = `a row of its image data has filter ${filter}, which PNG has not`;
          break;
        }
        rowStart += next.value;
        next = rows.next();
      }
      if (why !== null) break;
      total += value.length;
    }
  } catch {
    why = 'its image data is damaged (not compressed data that can be read)';
  }
  if (why !== null) await reader.cancel().catch(() => undefined);
  await writing;
  if (why !== null) refuse(why);
  if (total < expected) refuse('its image data ends early');
}
