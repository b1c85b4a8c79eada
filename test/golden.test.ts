/**
 * Golden pictures: every maze of fixtures/mazes/*.json, rendered in each
 * picture format with the default options, must equal fixtures/golden/.
 * `UPDATE_GOLDEN=1 npx vitest run test/golden.test.ts` rewrites them after
 * a deliberate change (look at the diff, and at the pictures, before
 * committing).
 *
 * A PNG is compared chunk by chunk, with its IDAT data inflated: the pixel
 * rows and every other byte must match, while the deflate stream itself may
 * differ with the zlib build node links (SIMD variants choose other matches).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { collect, findFormat } from '../src/formats/index.js';
import { DEFAULT_RENDER_OPTIONS } from '../src/formats/types.js';
import { FIXTURES, fixtureMazes } from './fixtures.js';

const FORMATS = ['png', 'svg', 'pov'] as const;
const update = process.env.UPDATE_GOLDEN === '1';

/** A PNG as its chunks, IDAT data joined and inflated. */
function pngParts(bytes: Buffer): { chunks: string[]; pixels: Buffer } {
  const chunks: string[] = [bytes.subarray(0, 8).toString('hex')];
  const idat: Buffer[] = [];
  for (let at = 8; at < bytes.length;) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.subarray(at + 4, at + 8).toString('latin1');
    if (type === 'IDAT') idat.push(bytes.subarray(at + 8, at + 8 + length));
    else chunks.push(`${type} ${bytes.subarray(at + 8, at + 12 + length).toString('hex')}`);
    at += 12 + length;
  }
  return { chunks, pixels: inflateSync(Buffer.concat(idat)) };
}

describe.each(fixtureMazes())('golden %s', (name, maze) => {
  it.each(FORMATS)('%s', async (formatName) => {
    const format = findFormat(formatName)!;
    const bytes = await collect(format.render(maze, DEFAULT_RENDER_OPTIONS));
    const file = join(FIXTURES, 'golden', `${name}.${formatName}`);
    if (update || !existsSync(file)) {
      mkdirSync(join(FIXTURES, 'golden'), { recursive: true });
      writeFileSync(file, bytes);
      if (!update) throw new Error(`${file} was missing and has been written; check it and run again`);
      return;
    }
    const golden = readFileSync(file);
    if (formatName === 'png') {
      const [got, want] = [pngParts(bytes), pngParts(golden)];
      expect(got.chunks).toEqual(want.chunks);
      expect(got.pixels.equals(want.pixels), 'the PNG rows differ from the golden file').toBe(true);
    } else {
      expect(bytes.toString('utf8')).toBe(golden.toString('utf8'));
    }
  });
});
