/**
 * A zip archive (PKWARE's APPNOTE, the parts a 3MF package needs): each
 * entry deflated, with its CRC-32 and sizes in a local header before it
 * and in the central directory after them all. Times are zip's earliest
 * (1980-01-01), so the same entries give the same bytes.
 */
import { concatBytes } from './png-encoder.js';

export interface ZipEntry {
  name: string;
  data: Uint8Array;
}

/** The zip of the entries, each deflated by `deflateRaw` (RFC 1951, no header), checked by `crc32`. */
export function zipBytes(entries: readonly ZipEntry[], deflateRaw: (data: Uint8Array) => Uint8Array, crc32: (data: Uint8Array) => number): Uint8Array {
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  const DEFLATE = 8;
  const DATE_1980 = (0 << 9) | (1 << 5) | 1;
  for (const entry of entries) {
    const name = new TextEncoder().encode(entry.name);
    const packed = deflateRaw(entry.data);
    const crc = crc32(entry.data);
    const local = new Uint8Array(30 + name.length);
    const l = new DataView(local.buffer);
    l.setUint32(0, 0x04034b50, true);
    l.setUint16(4, 20, true);
    l.setUint16(6, 0, true);
    l.setUint16(8, DEFLATE, true);
    l.setUint16(10, 0, true);
    l.setUint16(12, DATE_1980, true);
    l.setUint32(14, crc, true);
    l.setUint32(18, packed.length, true);
    l.setUint32(22, entry.data.length, true);
    l.setUint16(26, name.length, true);
    l.setUint16(28, 0, true);
    local.set(name, 30);
    const record = new Uint8Array(46 + name.length);
    const c = new DataView(record.buffer);
    c.setUint32(0, 0x02014b50, true);
    c.setUint16(4, 20, true);
    c.setUint16(6, 20, true);
    c.setUint16(8, 0, true);
    c.setUint16(10, DEFLATE, true);
    c.setUint16(12, 0, true);
    c.setUint16(14, DATE_1980, true);
    c.setUint32(16, crc, true);
    c.setUint32(20, packed.length, true);
    c.setUint32(24, entry.data.length, true);
    c.setUint16(28, name.length, true);
    c.setUint32(42, offset, true);
    record.set(name, 46);
    central.push(record);
    parts.push(local, packed);
    offset += local.length + packed.length;
  }
  const directorySize = central.reduce((sum, r) => sum + r.length, 0);
  const end = new Uint8Array(22);
  const e = new DataView(end.buffer);
  e.setUint32(0, 0x06054b50, true);
  e.setUint16(8, entries.length, true);
  e.setUint16(10, entries.length, true);
  e.setUint32(12, directorySize, true);
  e.setUint32(16, offset, true);
  return concatBytes([...parts, ...central, end]);
}
