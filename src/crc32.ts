/**
 * CRC-32 (ISO 3309, the polynomial PNG and zlib use), a byte at a time
 * through a table made once: the browser's PNG encoder writes it
 * (formats/deflate.browser.ts) and the PNG mask checker reads it
 * (model/mask-png.ts); Node's encoder has zlib's own.
 */
let crcTable: Uint32Array | null = null;

/** The CRC-32 of bytes[from, to). */
export function crc32(bytes: Uint8Array, from = 0, to = bytes.length): number {
  if (crcTable === null) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = from; i < to; i++) crc = crcTable[(crc ^ bytes[i]!) & 255]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
