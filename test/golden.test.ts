/**
 * Golden tests, svgo style: one loop renders every hand-made maze in
 * fixtures/*.json in every registered format (ascii in both styles) and
 * compares the bytes with fixtures/golden/<maze>[.unicode][.color]<ext>. A golden
 * file with no maze or format behind it is an error too, and a second pass
 * (JSON out, read back, render again) must change nothing.
 *
 * A PNG is compared chunk by chunk, with its IDAT data inflated: the pixel
 * rows and every other byte must match, while the deflate stream itself may
 * differ with the zlib build node links (SIMD variants choose other matches).
 *
 * UPDATE_GOLDEN=1 npm test rewrites the golden files; review the diff (and
 * look at the pictures).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { formats } from '../src/formats/index.js';
import json, { parseMaze } from '../src/formats/json.js';
import type { Format, RenderOptions } from '../src/formats/types.js';
import { DEFAULT_RENDER_OPTIONS } from '../src/formats/types.js';
import type { Maze } from '../src/model/maze.js';
import { collect, ROOT } from './helpers.js';

const FIXTURES = join(ROOT, 'fixtures');
const GOLDEN = join(FIXTURES, 'golden');
const UPDATE = process.env.UPDATE_GOLDEN === '1';

interface Variant {
  format: Format;
  options: RenderOptions;
  /** File name ending after the maze name: '.txt', '.unicode.txt', '.json'. */
  suffix: string;
}

/**
 * Every format once with the default options; ascii also in its unicode
 * style, and in truecolor (each wall and corner in its tree's color).
 */
const variants: Variant[] = formats.flatMap((format) => {
  const ext = format.extensions[0] ?? `.${format.name}`;
  const plain = { format, options: { ...DEFAULT_RENDER_OPTIONS }, suffix: ext };
  if (format.name !== 'ascii') return [plain];
  return [
    plain,
    { format, options: { ...DEFAULT_RENDER_OPTIONS, style: 'unicode' as const }, suffix: `.unicode${ext}` },
    { format, options: { ...DEFAULT_RENDER_OPTIONS, style: 'unicode' as const, color: 3 as const }, suffix: `.unicode.color${ext}` },
  ];
});

const mazes = readdirSync(FIXTURES)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -'.json'.length))
  .sort();

function load(name: string): Maze {
  return parseMaze(readFileSync(join(FIXTURES, `${name}.json`), 'utf8'), `${name}.json`);
}

/** A printed model (stl, 3mf) of a maze with locked doors: refused (it has no mark for them, formats/solid.ts), so no golden file. */
function refused(name: string, variant: Variant): boolean {
  return (variant.format.name === 'stl' || variant.format.name === '3mf') && (load(name).doors ?? []).some((door) => door.key !== null);
}

async function render(maze: Maze, variant: Variant): Promise<Buffer> {
  return collect(variant.format.render(maze, variant.options));
}

/** A PNG as its chunks, IDAT data joined and inflated. */
function pngParts(bytes: Buffer): { chunks: string[]; pixels: Buffer } {
  const chunks: string[] = [bytes.subarray(0, 8).toString('hex')];
  const idat: Buffer[] = [];
  for (let at = 8; at < bytes.length; ) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.subarray(at + 4, at + 8).toString('latin1');
    if (type === 'IDAT') idat.push(bytes.subarray(at + 8, at + 8 + length));
    else chunks.push(`${type} ${bytes.subarray(at + 8, at + 12 + length).toString('hex')}`);
    at += 12 + length;
  }
  return { chunks, pixels: inflateSync(Buffer.concat(idat)) };
}

describe('golden files', () => {
  it('finds the hand-made mazes', () => {
    expect(mazes).toEqual(expect.arrayContaining(['one-cell', 'three-by-two', 'four-by-four', 'two-trees', 'keys-and-doors']));
  });

  it('has no golden file without a maze and a format behind it', () => {
    const expected = new Set(mazes.flatMap((m) => variants.filter((v) => !refused(m, v)).map((v) => m + v.suffix)));
    const orphans = readdirSync(GOLDEN).filter((f) => !expected.has(f));
    if (UPDATE) for (const f of orphans) rmSync(join(GOLDEN, f));
    else expect(orphans, 'golden files with no fixture or format (UPDATE_GOLDEN=1 removes them)').toEqual([]);
  });

  describe.each(mazes)('%s', (name) => {
    it.each(variants.map((v) => [v.suffix, v] as const))('renders %s as its golden file', async (suffix, variant) => {
      const file = join(GOLDEN, name + suffix);
      if (refused(name, variant)) {
        await expect(render(load(name), variant)).rejects.toThrow(/a printed maze has no mark for a key or a locked door/);
        return;
      }
      const actual = await render(load(name), variant);
      if (UPDATE) {
        mkdirSync(GOLDEN, { recursive: true });
        writeFileSync(file, actual);
        return;
      }
      let golden: Buffer;
      try {
        golden = readFileSync(file);
      } catch {
        throw new Error(`no golden file ${file}: run UPDATE_GOLDEN=1 npm test and review it`);
      }
      if (variant.format.name === 'png') {
        const [got, want] = [pngParts(actual), pngParts(golden)];
        expect(got.chunks).toEqual(want.chunks);
        expect(got.pixels.equals(want.pixels), `${name}${suffix}: the PNG rows differ from the golden file`).toBe(true);
      } else if (variant.format.binary) {
        expect(actual.equals(golden), `${name}${suffix} differs from its golden file`).toBe(true);
      } else {
        expect(actual.toString('utf8')).toBe(golden.toString('utf8'));
      }
    });

    it('changes nothing on a second pass through JSON', async () => {
      const first = await collect(json.render(load(name), DEFAULT_RENDER_OPTIONS));
      const again = parseMaze(first.toString('utf8'), 'first pass');
      expect((await collect(json.render(again, DEFAULT_RENDER_OPTIONS))).toString('utf8')).toBe(first.toString('utf8'));
      for (const variant of variants.filter((v) => !refused(name, v))) {
        const direct = await render(load(name), variant);
        expect((await render(again, variant)).equals(direct), `${name}${variant.suffix}`).toBe(true);
      }
    });
  });
});
