/**
 * The PNG equals seed 000's loop pixel for pixel (decoded with pngjs), in
 * every color type the encoder picks, for carved and colored mazes, odd
 * sizes and several tile and wall widths; and the CLI writes it safely.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { crc32, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseMaze } from '../src/formats/json.js';
import png, { distinctRows, planPng } from '../src/formats/png.js';
import { platformDeflater as browserDeflater } from '../src/formats/deflate.browser.js';
import { crc32 as tableCrc32 } from '../src/crc32.js';
import type { PngRow } from '../src/formats/png-encoder.js';
import { encodePng, FILTER_NONE, FILTER_UP, GRAYSCALE, IDAT_BYTES, pngRowBytes, pngWriter, RGBA } from '../src/formats/png-encoder.js';
import type { RenderOptions } from '../src/formats/types.js';
import { DEFAULT_RENDER_OPTIONS } from '../src/formats/types.js';
import type { Maze } from '../src/model/maze.js';
import { keyRgb, Maze as MazeClass } from '../src/model/maze.js';
import { solveMaze } from '../src/passages/solve.js';
import { Rng } from '../src/rng.js';
import { run } from '../src/cli/run.js';
import type { Rgba } from './fixtures.js';
import { coloredWalls, decodePng, drawnColors, firstDifference, FIXTURES, generated, recolored, seedLoop, seedLoopWithPath } from './fixtures.js';
import { contrastRatio } from '../src/formats/contrast.js';
import { END_RGB, pixelRgb, START_RGB } from './reference/marks.js';
import { collect, runCli, tempDir } from './helpers.js';

/** The IDAT chunks' data, joined: the zlib stream. */
function idatData(bytes: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let at = 8; at < bytes.length; ) {
    const length = bytes.readUInt32BE(at);
    if (bytes.toString('latin1', at + 4, at + 8) === 'IDAT') parts.push(bytes.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  return Buffer.concat(parts);
}

function options(tile: number, wall: number, extra: Partial<RenderOptions> = {}): RenderOptions {
  return { ...DEFAULT_RENDER_OPTIONS, tile, wall, ...extra };
}

/** IHDR's color type and bit depth. */
function header(bytes: Buffer): { colorType: number; bitDepth: number; width: number; height: number } {
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), bitDepth: bytes[24]!, colorType: bytes[25]! };
}

async function expectSeedPixels(maze: Maze, opts: RenderOptions): Promise<Buffer> {
  const bytes = await collect(png.render(maze, opts));
  const expected = seedLoop(maze, opts.tile, opts.wall, opts.fg, opts.bg);
  expect(firstDifference(decodePng(bytes), expected)).toBeNull();
  return bytes;
}

const TILES: [number, number][] = [[20, 2], [10, 1], [7, 3], [5, 4], [2, 1], [9, 8]];
const SIZES: [number, number][] = [[1, 1], [1, 6], [6, 1], [2, 2], [13, 7]];

describe('png: the pixels of seed 000\'s loop', () => {
  for (const algorithm of ['kruskal', 'backtracker']) {
    it.each(TILES)(`${algorithm}, --tile %i --wall %i, sizes 1×1 to 13×7`, async (tile, wall) => {
      for (const [w, h] of SIZES) await expectSeedPixels(generated(algorithm, w, h, `${w}x${h}`), options(tile, wall));
    });
  }

  it.each(TILES)('trees with and without islands, in their colors, --tile %i --wall %i', async (tile, wall) => {
    const cases: [number, number, Record<string, string>][] = [
      [1, 1, {}], [1, 6, {}], [6, 1, {}], [2, 2, {}], [13, 7, {}], [30, 20, {}],
      [13, 7, { trunks: '4' }], [13, 7, { islands: '3' }], [30, 20, { trunks: '6', islands: '3' }],
    ];
    for (const [w, h, treeOptions] of cases) {
      const maze = generated('trees', w, h, `t${w}x${h}`, treeOptions);
      if (w >= 2 && h >= 2) expect(maze.palette.length, 'trees draw colors').toBeGreaterThan(1);
      await expectSeedPixels(maze, options(tile, wall));
    }
  });

  it.each(TILES)('colored walls with islands and notches, --tile %i --wall %i', async (tile, wall) => {
    for (const [w, h] of [...SIZES, [17, 11]] as [number, number][]) {
      await expectSeedPixels(coloredWalls(w, h, 5, `c${w}${h}`), options(tile, wall));
    }
  });

  it.each(TILES)('zones: locked doors (decoys too) as walls in their keys\' colors, --tile %i --wall %i', async (tile, wall) => {
    for (const [w, h, zones, keys] of [[2, 2, '4', '2'], [13, 7, '8', '4'], [30, 20, '20', '8']] as const) {
      const maze = generated('zones', w, h, `z${w}x${h}`, { zones, keys });
      expect(maze.doors!.some((d) => d.key !== null)).toBe(true);
      await expectSeedPixels(maze, options(tile, wall));
      await expectSeedPixels(maze, options(tile, wall, { fg: 0x203040 }));
    }
  });

  it('draws a 30 × 20 maze on a 602 × 402 canvas by default', async () => {
    const bytes = await expectSeedPixels(generated('kruskal', 30, 20), DEFAULT_RENDER_OPTIONS);
    expect(header(bytes)).toMatchObject({ width: 602, height: 402 });
  });

  it('handles a maze with no walls at all (background only)', async () => {
    await expectSeedPixels(new MazeClass(3, 2), options(6, 2));
  });
});

/** A maze with its shortest path from corner to corner, or between the given cells. */
function solved(maze: Maze, from: [number, number] = [0, 0], to: [number, number] = [maze.width - 1, maze.height - 1]): Maze {
  solveMaze(maze, from, to);
  return maze;
}

/** A solved maze without its start and end, so that no mark is drawn: the path alone. */
function pathOnly(maze: Maze): Maze {
  maze.start = null;
  maze.end = null;
  return maze;
}

async function expectPathPixels(maze: Maze, opts: RenderOptions): Promise<Buffer> {
  const bytes = await collect(png.render(maze, opts));
  const expected = seedLoopWithPath(maze, opts.tile, opts.wall, opts.fg, opts.bg, opts.pathColor);
  expect(firstDifference(decodePng(bytes), expected)).toBeNull();
  return bytes;
}

describe('png: the marks of start, end, keys and locked doors', () => {
  /** The pixel at (px, py) of a decoded picture, 0xRRGGBB. */
  const at = (picture: { width: number; data: Uint8Array }, px: number, py: number): number => pixelRgb(picture as Rgba, px, py);

  it.each([[20, 2], [10, 1], [13, 4]])('shows each key in its cell in its color, each locked door, the start and the end, --tile %i --wall %i', async (tile, wall) => {
    for (const [seed, extra] of [['m1', {}], ['m2', { zones: '12', keys: '6' }], ['m3', { zones: '20', keys: '9' }]] as const) {
      const maze = solved(generated('zones', 30, 20, seed, extra));
      const picture = decodePng(await collect(png.render(maze, options(tile, wall))));
      const free = tile - wall;
      const m = free < 6 ? 0 : Math.floor(free / 6);
      const b = free - 2 * m;
      const corner = (cell: number): number => cell * tile + wall + m; // the mark box's first pixel
      const middle = (cell: number): number => corner(cell) + Math.floor(b / 2);
      expect(maze.keys!.length).toBeGreaterThan(0);
      // each key in its own color, made readable on the black background (theme.ts)
      const drawn = drawnColors(maze, null, null);
      for (const [i, key] of maze.keys!.entries()) {
        if ((key.x === 0 && key.y === 0) || (key.x === 29 && key.y === 19)) continue; // under the start's or end's frame
        expect(contrastRatio(keyRgb(drawn, i), 0x000000), `${seed}: key ${i} reads`).toBeGreaterThanOrEqual(3);
        expect(at(picture, middle(key.x), middle(key.y)), `${seed}: key ${i}`).toBe(keyRgb(drawn, i));
        expect(at(picture, corner(key.x), corner(key.y)), `${seed}: key ${i}`).toBe(keyRgb(drawn, i));
      }
      for (const door of maze.doors!) {
        if (door.key === null) continue;
        const [dx, dy] = door.side === 'top' ? [door.x * tile + wall + Math.floor(free / 2), door.y * tile] : [door.x * tile, door.y * tile + wall + Math.floor(free / 2)];
        expect(at(picture, dx, dy), `${seed}: door ${JSON.stringify(door)}`).toBe(keyRgb(drawn, door.key));
      }
      expect(at(picture, corner(0), corner(0)), `${seed}: start`).toBe(START_RGB);
      expect(at(picture, corner(29), corner(19)), `${seed}: end's frame`).toBe(END_RGB);
      expect(at(picture, middle(29), middle(19)), `${seed}: end's dot`).toBe(END_RGB);
      expect(firstDifference(picture, seedLoopWithPath(maze, tile, wall, null, 0, DEFAULT_RENDER_OPTIONS.pathColor))).toBeNull();
    }
  });

  it('marks the start and end of any maze that has them, and nothing in a maze that has none', async () => {
    const maze = generated('kruskal', 9, 7, 'ends');
    const bare = decodePng(await collect(png.render(maze, DEFAULT_RENDER_OPTIONS)));
    maze.start = [2, 1];
    maze.end = [6, 5];
    const marked = decodePng(await collect(png.render(maze, DEFAULT_RENDER_OPTIONS)));
    expect(at(marked, 2 * 20 + 2 + 3, 1 * 20 + 2 + 3)).toBe(START_RGB);
    expect(at(marked, 6 * 20 + 2 + 3 + 6, 5 * 20 + 2 + 3 + 6)).toBe(END_RGB);
    expect(at(bare, 2 * 20 + 2 + 3, 1 * 20 + 2 + 3)).toBe(0);
    expect(firstDifference(marked, seedLoop(maze, 20, 2, null, 0))).toBeNull();
  });
});

describe('png: zones with a solution', () => {
  it('draws the path over the doors it goes through', async () => {
    const maze = solved(generated('zones', 13, 7, 'zp', { zones: '8', keys: '4' }));
    await expectPathPixels(maze, options(9, 2));
    await expectPathPixels(maze, options(20, 2));
  });
});

/** A maze whose walls and background fill a 256-entry palette exactly. */
function fullPalette(): Maze {
  for (let colors = 240; colors < 300; colors++) {
    const maze = recolored(generated('backtracker', 30, 20), colors);
    if (planPng(maze, DEFAULT_RENDER_OPTIONS).plte?.length === 256) return maze;
  }
  throw new Error('no color count fills the palette');
}

describe('png: a solution drawn over the seed loop', () => {
  it.each(TILES)('kruskal, backtracker and trees with islands, --tile %i --wall %i', async (tile, wall) => {
    const mazes = [
      ...SIZES.map(([w, h]) => solved(generated('kruskal', w, h, `s${w}x${h}`))),
      solved(generated('backtracker', 13, 7, 'sb'), [12, 0], [0, 6]),
      solved(generated('trees', 17, 11, 'si', { islands: '3' })),
      solved(generated('kruskal', 9, 9, 'same'), [4, 4], [4, 4]),
    ];
    for (const maze of mazes) await expectPathPixels(maze, options(tile, wall));
  });

  it('in every color type: white or black paths, palettes, RGB beyond 256 colors', async () => {
    const cases: [Maze, Partial<RenderOptions>, number][] = [
      [solved(generated('kruskal', 9, 7)), {}, 3], // red on black and white: a palette
      [pathOnly(solved(generated('kruskal', 9, 7))), { pathColor: 0xffffff }, 0], // still black and white: 1-bit gray
      [pathOnly(solved(generated('kruskal', 9, 7))), { pathColor: 0x000000, bg: 0xffffff, fg: 0x000000 }, 0],
      [solved(coloredWalls(12, 9, 12, 'cp', 0.3)), {}, 3],
      [solved(recolored(generated('backtracker', 30, 20), 400)), {}, 2],
      [pathOnly(solved(fullPalette())), { pathColor: 0x123456 }, 2], // the path is the 257th color
    ];
    for (const [maze, extra, colorType] of cases) {
      for (const [tile, wall] of [[20, 2], [7, 3], [5, 4]] as [number, number][]) {
        const bytes = await expectPathPixels(maze, options(tile, wall, extra));
        expect(header(bytes).colorType).toBe(colorType);
      }
    }
  });

  it('never covers a wall: the picture less the path is the seed loop', async () => {
    const maze = solved(generated('trees', 21, 13, 'cover', { islands: '2' }));
    for (const [tile, wall] of TILES) {
      const opts = options(tile, wall, { pathColor: 0x00ff00 });
      const picture = decodePng(await collect(png.render(maze, opts)));
      const plain = seedLoop(maze, tile, wall, null, opts.bg);
      let greens = 0;
      for (let i = 0; i < picture.data.length; i += 4) {
        const green = picture.data[i] === 0 && picture.data[i + 1] === 255 && picture.data[i + 2] === 0;
        if (green) greens++;
        if (green) expect([plain.data[i], plain.data[i + 1], plain.data[i + 2]], `pixel ${i / 4}`).toEqual([0, 0, 0]);
        else expect([...picture.data.subarray(i, i + 4)], `pixel ${i / 4}`).toEqual([...plain.data.subarray(i, i + 4)]);
      }
      expect(greens, 'the path is drawn at all').toBeGreaterThan(0);
    }
  });

  it('draws a saved solution in --path-color through the CLI', async () => {
    const out = join(tempDir(), 'solved.png');
    const saved = join(FIXTURES, 'solved-5x4.json');
    const result = await runCli(['render', saved, '--path-color', '#00aa55', '--tile', '9', '--wall', '2', '-o', out]);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const maze = parseMaze(readFileSync(saved, 'utf8'), 'solved-5x4.json');
    expect(maze.solution).not.toBeNull();
    expect(firstDifference(decodePng(readFileSync(out)), seedLoopWithPath(maze, 9, 2, null, 0, 0x00aa55))).toBeNull();
  });
});

describe('png: the smallest exact color type', () => {
  const cases: [string, () => Maze, Partial<RenderOptions>, { colorType: number; bitDepth: number }][] = [
    ['black and white: 1-bit grayscale', () => generated('kruskal', 9, 7), {}, { colorType: 0, bitDepth: 1 }],
    ['--bg white: the white walls turn black, 1-bit grayscale', () => generated('kruskal', 9, 7), { bg: 0xffffff }, { colorType: 0, bitDepth: 1 }],
    ['two colors not black and white: 1-bit palette', () => generated('kruskal', 9, 7), { fg: 0xa03c5f, bg: 0x102030 }, { colorType: 3, bitDepth: 1 }],
    ['up to 4 colors: 2-bit palette', () => coloredWalls(9, 7, 2), {}, { colorType: 3, bitDepth: 2 }],
    ['up to 16 colors: 4-bit palette', () => coloredWalls(12, 9, 12), {}, { colorType: 3, bitDepth: 4 }],
    ['up to 256 colors: 8-bit palette', () => coloredWalls(30, 20, 200), {}, { colorType: 3, bitDepth: 8 }],
    ['more than 256 colors: 8-bit RGB', () => recolored(generated('backtracker', 30, 20), 400), {}, { colorType: 2, bitDepth: 8 }],
  ];
  it.each(cases)('%s', async (_name, make, extra, expected) => {
    for (const [tile, wall] of [[20, 2], [7, 3], [5, 4]] as [number, number][]) {
      const bytes = await expectSeedPixels(make(), options(tile, wall, extra));
      expect(header(bytes)).toMatchObject(expected);
    }
  });

  it('counts colors, not palette entries: --fg equal to a tree color merges them', async () => {
    const maze = coloredWalls(9, 7, 1);
    const bytes = await expectSeedPixels(maze, options(20, 2, { fg: maze.palette[1]! }));
    expect(header(bytes)).toMatchObject({ colorType: 3, bitDepth: 1 });
  });
});

describe('png: output', () => {
  it('gives the same bytes for the same seed', async () => {
    const make = () => collect(png.render(generated('kruskal', 40, 30, 'same'), DEFAULT_RENDER_OPTIONS));
    expect((await make()).equals(await make())).toBe(true);
  });

  it('splits a big image into IDAT chunks and decodes it (band boundaries inside rows)', async () => {
    // 1201 × 901 RGB rows are 3603 bytes: 1 MiB bands cut rows in the middle.
    await expectSeedPixels(recolored(generated('kruskal', 60, 45), 300), DEFAULT_RENDER_OPTIONS);
  });

  it('deflates a large image in several segments that inflate as one stream, checksum included', async () => {
    // 3002 × 2202 RGB is 19.8 MB of rows: five 4 MiB segments deflated apart;
    // zlib's inflate (inside pngjs) checks the Adler-32 of the whole
    const maze = recolored(generated('trees', 150, 110, 'segments', { islands: '4' }), 300);
    const bytes = await expectSeedPixels(maze, DEFAULT_RENDER_OPTIONS);
    expect(inflateSync(idatData(bytes)).length).toBe(2202 * (3002 * 3 + 1));
  });

  it('records the seed in an iTXt comment', async () => {
    const bytes = await collect(png.render(generated('kruskal', 4, 3, 'forêt'), DEFAULT_RENDER_OPTIONS));
    expect(bytes.includes(Buffer.from('Comment\0\0\0\0\0maze kruskal, seed forêt, 4 × 3 cells', 'utf8'))).toBe(true);
  });

  it('maze gen -o out.png writes the picture atomically', async () => {
    const dir = tempDir();
    const out = join(dir, 'out.png');
    const result = await runCli(['gen', '--algo', 'kruskal', '--w', '30', '--h', '20', '--seed', '3', '-o', out]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    const picture = decodePng(readFileSync(out));
    expect([picture.width, picture.height]).toEqual([602, 402]);
  });

  it('--tile, --wall, --fg and --bg reach the picture', async () => {
    const dir = tempDir();
    const out = join(dir, 'x.png');
    const result = await runCli(['gen', '--algo', 'backtracker', '--w', '5', '--h', '4', '--seed', '2', '--tile', '7', '--wall', '3', '--fg', '#ff8800', '--bg', '#001122', '-o', out]);
    expect(result.code).toBe(0);
    const maze = generated('backtracker', 5, 4, '2');
    expect(firstDifference(decodePng(readFileSync(out)), seedLoop(maze, 7, 3, 0xff8800, 0x001122))).toBeNull();
  });

  it('writes PNG to a pipe, and refuses a terminal', async () => {
    const piped = await runCli(['gen', '--w', '3', '--h', '2', '--seed', '1', '--format', 'png']);
    expect(piped.code).toBe(0);
    expect(decodePng(piped.stdoutBytes).width).toBe(62);

    const stdout = Object.assign(new PassThrough(), { isTTY: true });
    const stderr = new PassThrough();
    const err: Buffer[] = [];
    stderr.on('data', (c: Buffer) => err.push(c));
    const code = await run(['gen', '--format', 'png'], { stdin: Readable.from([]), stdout, stderr });
    expect(code).toBe(2);
    expect(Buffer.concat(err).toString()).toMatch(/refusing to write PNG bytes to a terminal/);
  });

  it('refuses up front a picture wider than PNG allows, naming the limit', async () => {
    const dir = tempDir();
    const out = join(dir, 'huge.png');
    const result = await runCli(['gen', '--w', '10000000', '--h', '1', '--tile', '1000', '--wall', '1', '-o', out]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^maze: error: .*2147483647 pixels a side/);
    expect(existsSync(out)).toBe(false);
  });

  it('refuses a row this encoder would need too much memory for', async () => {
    const result = await runCli(['gen', '--w', '1000000', '--h', '1', '--tile', '100', '-o', join(tempDir(), 'wide.png')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/pixels wide, over this encoder's limit of \d+/);
  });
});

describe("png: a streamed PNG's deflater lets a signal's handler run while it fills its segments (user sweep: SIGTERM took 1 to 3 s on a tall eller PNG)", () => {
  it('takes a turn of the event loop every few milliseconds of rows, and deflates the same stream', async () => {
    const { platformDeflater } = await import('../src/formats/deflate.js');
    const rowBytes = 16 * 1024;
    // rows that take a millisecond each to make, as a tall maze's rows do: 3 segments of 4 MiB fill in about 0.8 s
    function* slowRows(): Generator<PngRow> {
      for (let i = 0; i < 800; i++) {
        const until = performance.now() + 1;
        while (performance.now() < until);
        const row = new Uint8Array(rowBytes + 1); // the filter byte, then the row
        row[0] = FILTER_NONE;
        row[1 + (i % 100)] = i & 255;
        yield [row, 1];
      }
    }
    let last = performance.now();
    let longest = 0;
    let ticking = true;
    const tick = (): void => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const parts: Uint8Array[] = [];
    for await (const part of (await platformDeflater()).zlibStream(slowRows(), rowBytes)) parts.push(part);
    ticking = false;
    // without the turns, the event loop waited for three segments' rows (about 0.8 s)
    expect(longest).toBeLessThan(200);
    const inflated = inflateSync(Buffer.concat(parts));
    expect(inflated.length).toBe(800 * (rowBytes + 1));
    expect(inflated[99 * (rowBytes + 1) + 1 + 99]).toBe(99);
  });
});

describe('png-encoder: rows in, PNG out, for any picture', () => {
  async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
    const out: T[] = [];
    for await (const item of items) out.push(item);
    return out;
  }

  /** Chunk types and data, in file order. */
  function chunks(bytes: Buffer): { type: string; data: Buffer }[] {
    const out: { type: string; data: Buffer }[] = [];
    for (let at = 8; at < bytes.length; ) {
      const length = bytes.readUInt32BE(at);
      out.push({ type: bytes.toString('latin1', at + 4, at + 8), data: bytes.subarray(at + 8, at + 8 + length) });
      at += 12 + length;
    }
    return out;
  }

  it('encodes an RGBA picture that is no maze, repeated rows and extra chunks included, as pngjs reads it', async () => {
    const header = { width: 5, height: 7, colorType: RGBA, bitDepth: 8 } as const;
    const rowBytes = pngRowBytes(header.width, header.colorType, header.bitDepth);
    expect(rowBytes).toBe(20);
    // three distinct rows standing for 2, 1 and 4 rows of the picture, one buffer reused for all
    const buffer = new Uint8Array(rowBytes + 1);
    function* rows(): Generator<PngRow> {
      for (const [shade, repeat] of [[10, 2], [200, 1], [77, 4]] as const) {
        buffer[0] = FILTER_NONE;
        for (let i = 1; i <= rowBytes; i++) buffer[i] = (i % 4 === 0 ? 255 : shade + i) & 255;
        yield [buffer, repeat];
      }
    }
    const bytes = Buffer.concat(await all(encodePng(header, null, rows(), [{ type: 'tEXt', data: Buffer.from('Title\0rows') }])));
    const png = decodePng(bytes);
    expect([png.width, png.height]).toEqual([5, 7]);
    const shadeOf = [10, 10, 200, 77, 77, 77, 77];
    for (let y = 0; y < 7; y++) {
      for (let i = 0; i < rowBytes; i++) expect(png.data[y * rowBytes + i], `row ${y} byte ${i}`).toBe(((i + 1) % 4 === 0 ? 255 : shadeOf[y]! + i + 1) & 255);
    }
    expect(chunks(bytes).map((c) => c.type)).toEqual(['IHDR', 'tEXt', 'IDAT', 'IEND']);
  });

  it('gives the chunk writer and the image data apart, for frames (APNG) and other containers', async () => {
    const writer = await pngWriter();
    const text = Buffer.from(writer.chunk('tEXt', Buffer.from('a\0b')));
    expect(text.readUInt32BE(0)).toBe(3);
    expect(text.toString('latin1', 4, 11)).toBe('tEXta\0b');
    expect(text.readUInt32BE(11)).toBe(crc32(text.subarray(4, 11)));
    // a 1-bit gray image of 9 × 3: the pieces joined are one zlib stream of the filtered rows
    const row = Uint8Array.of(FILTER_NONE, 0b10101010, 0b10000000);
    const pieces = await all(writer.imageData([[row, 3]], pngRowBytes(9, GRAYSCALE, 1)));
    expect([...inflateSync(Buffer.concat(pieces))]).toEqual([0, 0b10101010, 0b10000000, FILTER_UP, 0, 0, FILTER_UP, 0, 0]);
    // a row of the wrong length is the caller's bug, said at once
    await expect(all(writer.imageData([[row, 1]], 3))).rejects.toThrow(/a PNG row of 3 bytes, not 4/);
  });

  it("a browser's deflater (CompressionStream, the page's) gives the same pixels, and the same chunk CRCs", async () => {
    const maze = generated('trees', 23, 17, 'browser deflate');
    solveMaze(maze, [0, 0], [22, 16]);
    const drawing = options(9, 2);
    const node = await collect(png.render(maze, drawing));
    const header = planPng(maze, drawing);
    const extra = [{ type: 'tEXt', data: Buffer.from('Comment\0a maze') }];
    const browser = Buffer.concat(await all(encodePng(header, header.plte, distinctRows(maze, header, drawing), extra, await browserDeflater())));
    const [a, b] = [decodePng(node), decodePng(browser)];
    expect([b.width, b.height]).toEqual([a.width, a.height]);
    expect(Buffer.from(b.data).equals(Buffer.from(a.data))).toBe(true);
    // every chunk's CRC checks, with the table CRC-32 as with node's
    for (const bytes of [Buffer.from('IEND'), Buffer.from('a maze, 23 × 17'), Buffer.alloc(70_000, 7)]) expect(tableCrc32(bytes)).toBe(crc32(bytes));
    // a row of the wrong length fails the stream, said at once
    const writer = await pngWriter(await browserDeflater());
    await expect(all(writer.imageData([[Uint8Array.of(FILTER_NONE, 1, 2), 1]], 3))).rejects.toThrow(/a PNG row of 3 bytes, not 4/);
  });

  it('cuts the image data into pieces of IDAT_BYTES whatever the size, and the pieces make the rows back', async () => {
    const writer = await pngWriter();
    // noise does not compress: several segments and many pieces
    const rowBytes = 3000;
    const rng = new Rng('noise');
    const rows: [Uint8Array, number][] = Array.from({ length: 2000 }, () => {
      const row = new Uint8Array(rowBytes + 1);
      for (let i = 1; i <= rowBytes; i++) row[i] = rng.below(256);
      return [row, 1];
    });
    const pieces = await all(writer.imageData(rows, rowBytes));
    expect(pieces.length).toBeGreaterThan(40);
    expect(pieces.slice(0, -1).every((p) => p.length === IDAT_BYTES)).toBe(true);
    expect(inflateSync(Buffer.concat(pieces)).equals(Buffer.concat(rows.map(([r]) => r)))).toBe(true);
  });
});
