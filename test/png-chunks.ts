/**
 * PNG files built chunk by chunk for the tests of malformed masks (issue
 * 28): any chunks in any order, a CRC right or wrong, image data of any
 * length. Nothing committed as a blob: each file is made where it is used.
 */
import { crc32, deflateSync } from 'node:zlib';

export const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** One chunk: length, type, data and its CRC (or `crc` given, to damage it). */
export function chunk(type: string, data: Uint8Array = new Uint8Array(0), crc?: number): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc ?? crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, tail]);
}

/** A header chunk: RGBA 8 bits by default. */
export function ihdr(width: number, height: number, bitDepth = 8, colorType = 6, interlace = 0): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data.set([bitDepth, colorType, 0, 0, interlace], 8);
  return chunk('IHDR', data);
}

/** A PNG of these chunks after the signature. */
export function pngOfChunks(...chunks: Buffer[]): Buffer {
  return Buffer.concat([SIGNATURE, ...chunks]);
}

/** The filtered rows (filter 0) of a width × height RGBA picture: a black disk on white, 4 bytes a pixel. */
export function diskRows(width: number, height: number): Buffer {
  const rows = Buffer.alloc(height * (1 + width * 4));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const inside = (x - (width - 1) / 2) ** 2 + (y - (height - 1) / 2) ** 2 < (Math.min(width, height) / 2.5) ** 2;
      rows.fill(inside ? 0 : 255, y * (1 + width * 4) + 1 + x * 4, y * (1 + width * 4) + 4 + x * 4);
      rows[y * (1 + width * 4) + 4 + x * 4] = 255;
    }
  }
  return rows;
}

/** A whole, well-formed RGBA PNG of a disk (with `rows` in place of the disk's own when given). */
export function diskPng(width: number, height: number, rows = diskRows(width, height)): Buffer {
  return pngOfChunks(ihdr(width, height), chunk('IDAT', deflateSync(rows)), chunk('IEND'));
}
