/**
 * Masks, the input side (SPEC "Masks"): text and PNG mask files (PNGs made
 * here with pngjs), invert, scaling, regions, limits; the library's `mask`
 * option; and every refusal of the command line (one line, exit 2, no file).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { deflateSync } from 'node:zlib';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { fitMask, generate, MazeError, parse, render, stats } from '../src/lib/index.js';
import { wholeAsNone } from '../src/lib/spec.js';
import type { Mask } from '../src/model/mask.js';
import { invertMask, largestRegion, maskFromRows, maskRegions, maskRowsText, maskTextRows, scaleMask, shapeMask } from '../src/model/mask.js';
import { decodePngMask, loadMask, MAX_MASK_FILE_BYTES, MAX_MASK_PIXELS, textMask } from '../src/cli/commands/mask-file.js';
import { algorithms } from '../src/algorithms/index.js';
import { worksOnMask } from '../src/algorithms/types.js';
import { runCli, spawnMaze, tempDir } from './helpers.js';
import { chunk, ihdr, pngOfChunks } from './png-chunks.js';

const rows = (mask: Mask): string[] => maskRowsText(mask);

/** A PNG of `width` × `height` pixels, each RGBA from `pixel`. */
function pngOf(width: number, height: number, pixel: (x: number, y: number) => [number, number, number, number]): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) png.data.set(pixel(x, y), (y * width + x) * 4);
  }
  return PNG.sync.write(png);
}

describe('text masks', () => {
  it('reads X and # as outside, any other character as a cell, \\n and \\r\\n, and pads short lines with cells outside', () => {
    const mask = textMask(Buffer.from('\ufeff.#X a\r\n..\r\n\r\nééé\n'), 'm.txt');
    expect([mask.width, mask.height]).toEqual([5, 4]);
    expect(rows(mask)).toEqual(['.XX..', '..XXX', 'XXXXX', '...XX']);
    expect(mask.count).toBe(8);
  });

  it('keeps a last line without a line ending, and drops only the one final empty line', () => {
    expect(maskTextRows('ab\ncd')).toEqual(['ab', 'cd']);
    expect(maskTextRows('ab\ncd\n')).toEqual(['ab', 'cd']);
    expect(maskTextRows('ab\n\n')).toEqual(['ab', '']);
  });

  it('counts characters by code points, and refuses a grid over the cell limit before making it', () => {
    expect(rows(textMask(Buffer.from('😀#x\nab'), 'e.txt'))).toEqual(['.X.', '..X']);
    const long = Buffer.from(`${'.'.repeat(20_000)}\n${'\n'.repeat(9_999)}`);
    expect(() => textMask(long, 'long.txt')).toThrow("mask 'long.txt' is 20000 × 10000 cells (its longest line by its lines), over the limit of 100000000 cells for a mask");
  });

  it('refuses an empty file and one with NUL bytes (no text)', () => {
    expect(() => textMask(Buffer.from(''), 'e.txt')).toThrow(/mask 'e.txt' is empty/);
    expect(() => textMask(Buffer.from('ab\0cd'), 'b.bin')).toThrow(/neither a PNG nor text/);
  });
});

describe('PNG masks', () => {
  it('a pixel is outside when its alpha is under 128 or its luma under 128', async () => {
    // luma 0.299 R + 0.587 G + 0.114 B: pure green (149.7) is in, pure red (76.2) and blue (29) are out
    const colors: [number, number, number, number][] = [
      [255, 255, 255, 255], [255, 255, 255, 127], [255, 255, 255, 128], [0, 255, 0, 255],
      [255, 0, 0, 255], [0, 0, 255, 255], [128, 128, 128, 255], [127, 127, 127, 255],
    ];
    const mask = await decodePngMask(pngOf(8, 1, (x) => colors[x]!), 'c.png');
    expect(rows(mask)).toEqual(['.X..XX.X']);
  });

  it('reads grayscale, palette and 16-bit PNGs the same way (pngjs normalises them)', async () => {
    const png = new PNG({ width: 3, height: 2, colorType: 0, inputColorType: 6, bitDepth: 16 } as never);
    const light = [0, 2, 5];
    for (let i = 0; i < 6; i++) png.data.set(light.includes(i) ? [255, 255, 255, 255] : [10, 10, 10, 255], i * 4);
    const mask = await decodePngMask(PNG.sync.write(png, { colorType: 0 }), 'g.png');
    expect(rows(mask)).toEqual(['.X.', 'XX.']);
  });

  it('refuses a PNG over the pixel limit from its header, before decoding it', async () => {
    // a header of its own, its CRC right: the size is what is refused
    const png = pngOfChunks(ihdr(10_000, 10_000), chunk('IDAT', deflateSync(Buffer.alloc(10))), chunk('IEND'));
    await expect(decodePngMask(png, 'huge.png')).rejects.toThrow(`mask 'huge.png' is 10000 × 10000 pixels, over the limit of ${MAX_MASK_PIXELS} pixels`);
  });

  it('refuses a broken PNG in one line', async () => {
    const png = pngOf(4, 4, () => [255, 255, 255, 255]);
    const broken = Buffer.concat([png.subarray(0, 40), Buffer.from('garbage')]);
    await expect(decodePngMask(broken, 'b.png')).rejects.toThrow(/mask 'b.png' is not a PNG that can be read/);
  });

  it('tells a PNG from text by its signature, whatever the file is named', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'logo.txt'), pngOf(2, 1, (x) => (x === 0 ? [0, 0, 0, 255] : [255, 255, 255, 255])));
    expect(rows((await loadMask(join(dir, 'logo.txt'), Readable.from([])))!.mask)).toEqual(['X.']);
  });
});

describe('shaping a mask', () => {
  const ring = maskFromRows(['XXXX', 'X..X', 'X..X', 'XXXX']);

  it('inverts: in and out swapped', () => {
    expect(rows(invertMask(ring))).toEqual(['....', '.XX.', '.XX.', '....']);
  });

  it('scales by nearest neighbour at each cell centre: a 512 × 512 picture makes a 60 × 40 maze', () => {
    const disc = maskFromRows(Array.from({ length: 512 }, (_, y) => Array.from({ length: 512 }, (_, x) => ((x - 255.5) ** 2 + (y - 255.5) ** 2 < 200 ** 2 ? '.' : 'X')).join('')));
    const scaled = scaleMask(disc, 60, 40);
    expect([scaled.width, scaled.height]).toEqual([60, 40]);
    // cell (x, y) samples pixel (⌊(x + ½)·512/60⌋, ⌊(y + ½)·512/40⌋)
    for (const [x, y] of [[0, 0], [30, 20], [7, 3], [59, 39], [45, 12]] as const) {
      const px = Math.floor(((x + 0.5) * 512) / 60);
      const py = Math.floor(((y + 0.5) * 512) / 40);
      expect(scaled.cells[y * 60 + x], `${x},${y}`).toBe(disc.cells[py * 512 + px]);
    }
    expect(rows(scaleMask(maskFromRows(['.X', 'X.']), 4, 2))).toEqual(['..XX', 'XX..']);
  });

  it('takes its own size by default, and keeps its aspect when one side is given', () => {
    const wide = maskFromRows(['.'.repeat(40), '.'.repeat(40), '....XX'.padEnd(40, '.'), '.'.repeat(40)]);
    expect(shapeMask(wide, { width: null, height: null, invert: false, regions: 'one', source: 'm' })).toMatchObject({ width: 40, height: 4 });
    expect(shapeMask(wide, { width: 20, height: null, invert: false, regions: 'one', source: 'm' })).toMatchObject({ width: 20, height: 2 });
    expect(shapeMask(wide, { width: null, height: 8, invert: false, regions: 'one', source: 'm' })).toMatchObject({ width: 80, height: 8 });
    expect(shapeMask(wide, { width: 7, height: 9, invert: false, regions: 'one', source: 'm' })).toMatchObject({ width: 7, height: 9 });
  });

  it('is no mask when every cell is in (the plain rectangle)', () => {
    expect(wholeAsNone(shapeMask(maskFromRows(['..', '..']), { width: null, height: null, invert: false, regions: 'one', source: 'm' }))).toBeNull();
    expect(wholeAsNone(shapeMask(ring, { width: 1, height: 1, invert: false, regions: 'one', source: 'm' }))).toBeNull();
    expect(wholeAsNone(ring)).toBe(ring);
  });

  it('finds regions through four neighbours (a diagonal does not join), numbered by their first cell', () => {
    const mask = maskFromRows(['..X.', 'X.X.', 'XX.X', '.XX.']);
    const regions = maskRegions(mask);
    expect(regions).toEqual({ count: 5, second: 3, largest: 0, largestSize: 3 });
    expect(rows(mask)).toEqual(['..X.', 'X.X.', 'XX.X', '.XX.']); // its cells as they were
    expect(rows(largestRegion(mask))).toEqual(['..XX', 'X.XX', 'XXXX', 'XXXX']);
  });

  it('refuses several regions saying how many and naming a cell of the second; largest keeps the largest', () => {
    const two = maskFromRows(['.X...', '.X...']);
    const shaping = { width: null, height: null, invert: false, regions: 'one' as const, source: "mask 'two.txt'" };
    expect(() => shapeMask(two, shaping)).toThrow("mask 'two.txt' has 2 separate regions of cells (joined through their four neighbours), not one; the second begins at cell 2,0: join them with maskRegions join, or keep the largest with maskRegions largest");
    expect(rows(shapeMask(two, { ...shaping, regions: 'largest' }))).toEqual(['XX...', 'XX...']);
  });

  it('refuses a mask with no cell, scaled or not', () => {
    const shaping = { width: null, height: null, invert: false, regions: 'one' as const, source: 'the mask' };
    expect(() => shapeMask(maskFromRows(['X#']), shaping)).toThrow('the mask has no cell in the maze: every cell is outside it; maskInvert swaps in and out');
    expect(() => shapeMask(maskFromRows(['XX.X']), { ...shaping, width: 2, height: 1 })).toThrow('the mask, scaled to 2 × 1, has no cell');
  });
});

describe('the library takes a mask', () => {
  it('fitMask fits it as maze gen --mask does: size, aspect, invert, regions; its options checked', () => {
    const mask = fitMask({ width: 4, height: 2, cells: [0, 1, 1, 0, 0, 1, 1, 0] }, { width: 8 });
    expect([mask.width, mask.height]).toEqual([8, 4]);
    expect(rows(fitMask(['.X', 'XX'], { maskInvert: true }))).toEqual(['X.', '..']);
    expect(rows(fitMask(['.X..'], { maskRegions: 'largest' }))).toEqual(['XX..']);
    expect(() => fitMask(['.X.'], {})).toThrow('the mask has 2 separate regions of cells (joined through their four neighbours), not one; the second begins at cell 2,0: join them with maskRegions join, or keep the largest with maskRegions largest');
    expect(() => fitMask(['.'], { maskRegions: 'all' } as never)).toThrow("maskRegions must be one, largest or join, got 'all'");
    expect(() => fitMask(['.'], { tile: 3 } as never)).toThrow(/unknown fitMask option 'tile'/);
  });

  it('as rows or as cells, the same maze either way, sized by the mask', () => {
    const text = ['XX..XX', 'X....X', '......', '......', 'X....X', 'XX..XX'];
    const byRows = generate({ algorithm: 'kruskal', mask: text, seed: 5 });
    const mask = maskFromRows(text);
    const byCells = generate({ algorithm: 'kruskal', mask: { width: 6, height: 6, cells: Array.from(mask.cells) }, seed: 5 });
    expect([byRows.width, byRows.height]).toEqual([6, 6]);
    expect(byRows.walls).toEqual(byCells.walls);
    expect(rows(byRows.mask!)).toEqual(text);
    const s = stats(byRows);
    expect(s.cells).toBe(mask.count);
    expect(s.perfect).toBe(true);
  });

  it('a full mask gives the rectangle\'s very bytes', async () => {
    const masked = generate({ algorithm: 'backtracker', mask: ['....', '....', '....'], seed: 2 });
    const plain = generate({ algorithm: 'backtracker', width: 4, height: 3, seed: 2 });
    expect(masked.mask).toBeNull();
    for (const format of ['json', 'png', 'svg', 'ascii'] as const) expect(Buffer.from(await render(masked, format))).toEqual(Buffer.from(await render(plain, format)));
  });

  it('refuses bad masks with a MazeError naming mask', () => {
    const refused = (options: Record<string, unknown>): MazeError => {
      try {
        generate({ algorithm: 'kruskal', ...options } as never);
      } catch (error) {
        expect(error).toBeInstanceOf(MazeError);
        return error as MazeError;
      }
      throw new Error('not refused');
    };
    for (const bad of [[], [1, 2], '..', { width: 2, height: 1, cells: [1] }, { width: 2, height: 1, cells: [1, 2] }, { width: 0, height: 1, cells: [] }, [''], null]) {
      const error = refused({ mask: bad });
      expect(error.option).toBe('mask');
      expect(error.code).toBe('invalid-value');
    }
    expect(refused({ mask: ['.X.'] }).message).toBe(
      "the mask has 2 separate regions of cells (joined through their four neighbours), not one; the second begins at cell 2,0: join them with fitMask(mask, { maskRegions: 'join' }), or keep the largest with fitMask(mask, { maskRegions: 'largest' })",
    );
    expect(generate({ algorithm: 'kruskal', mask: fitMask(['.X..'], { maskRegions: 'largest' }), seed: 1 }).mask!.count).toBe(2);
    expect(refused({ algorithm: 'eller', mask: ['.X', '..'] }).message).toBe(
      `eller cannot make a maze over a mask; these can: ${algorithms.filter(worksOnMask).map((a) => a.name).join(', ').replace(/, ([^,]*)$/, ' or $1')}`,
    );
    expect(refused({ mask: ['.X', '..'], from: [1, 0] }).message).toBe('from 1,0 is outside the mask: pick a cell of the maze (such as 0,0)');
    expect(refused({ mask: ['.X..', '....'], width: 8 }).message).toBe(
      'the mask is 4 × 2 cells, not width 8 × height 2: scale it with fitMask(mask, { width, height }) first, or leave the size out',
    );
    expect(refused({ maskInvert: true }).code).toBe('unknown-option');
  });
});

describe('maze gen --mask', () => {
  /** A folder with mask files: a text ring with a hole, a two-part mask, an empty one, a PNG logo. */
  function masks(): string {
    const dir = tempDir();
    writeFileSync(join(dir, 'ring.txt'), 'XX....XX\r\nX......X\r\n...##...\r\n........\r\nX......X\r\nXX....XX\r\n');
    writeFileSync(join(dir, 'two.txt'), '..X..\n..X..\n');
    writeFileSync(join(dir, 'none.txt'), 'XX\n##\n');
    writeFileSync(join(dir, 'empty.txt'), '');
    writeFileSync(join(dir, 'bin.dat'), Buffer.from([1, 0, 2, 3]));
    // a dark disc on white: the maze around it, or (inverted) the disc itself
    writeFileSync(join(dir, 'disc.png'), pngOf(64, 64, (x, y) => ((x - 31.5) ** 2 + (y - 31.5) ** 2 < 24 ** 2 ? [20, 20, 60, 255] : [250, 250, 250, 255])));
    mkdirSync(join(dir, 'folder'));
    return dir;
  }

  it('makes the maze in the outline: the size is the mask\'s, and the JSON records the mask', async () => {
    const dir = masks();
    const result = await runCli(['gen', '--mask', join(dir, 'ring.txt'), '--algo', 'kruskal', '--seed', '1', '-o', join(dir, 'm.json')]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const maze = parse(readFileSync(join(dir, 'm.json'), 'utf8'));
    expect([maze.width, maze.height]).toEqual([8, 6]);
    expect(rows(maze.mask!)).toEqual(['XX....XX', 'X......X', '...XX...', '........', 'X......X', 'XX....XX']);
    expect(stats(maze)).toMatchObject({ cells: 34, perfect: true, components: 1 });
  });

  it('scales a PNG to --w and --h, keeps its aspect from one side, and inverts', async () => {
    const dir = masks();
    const gen = async (...extra: string[]): Promise<ReturnType<typeof parse>> => {
      const out = join(dir, `${extra.join('_').replaceAll('-', '')}.json`);
      const result = await runCli(['gen', '--mask', join(dir, 'disc.png'), '--algo', 'backtracker', '--seed', '3', ...extra, '-o', out]);
      expect(result.stderr).toBe('');
      return parse(readFileSync(out, 'utf8'));
    };
    const around = await gen('--w', '60', '--h', '40');
    expect([around.width, around.height]).toEqual([60, 40]);
    expect(around.mask!.cells[20 * 60 + 30]).toBe(0); // the disc is the hole
    expect(around.mask!.cells[0]).toBe(1);
    const disc = await gen('--w', '30', '--mask-invert');
    expect([disc.width, disc.height]).toEqual([30, 30]);
    expect(disc.mask!.cells[15 * 30 + 15]).toBe(1);
    expect(disc.mask!.cells[0]).toBe(0);
    expect(stats(disc).perfect).toBe(true);
  });

  it('refuses every bad mask in one line, exit 2, writing nothing', async () => {
    const dir = masks();
    const cases: [string[], RegExp][] = [
      [['--mask', join(dir, 'two.txt')], /^maze: error: mask '.*two\.txt' has 2 separate regions of cells \(joined through their four neighbours\), not one; the second begins at cell 3,0: join them with --mask-regions join, or keep the largest with --mask-regions largest\n$/],
      [['--mask', join(dir, 'none.txt')], /^maze: error: mask '.*none\.txt' has no cell in the maze: every cell is outside it; --mask-invert swaps in and out\n$/],
      [['--mask', join(dir, 'empty.txt')], /^maze: error: mask '.*empty\.txt' is empty/],
      [['--mask', join(dir, 'bin.dat')], /^maze: error: mask '.*bin\.dat' is neither a PNG nor text/],
      [['--mask', join(dir, 'missing.txt')], /^maze: error: cannot read mask '.*missing\.txt': no such file or folder\n$/],
      [['--mask', join(dir, 'folder')], /^maze: error: cannot read mask '.*folder': /],
      [['--mask', join(dir, 'ring.txt'), '--algo', 'eller'], /^maze: error: eller cannot make a maze over a mask; these can: .*kruskal.*\n$/],
      [['--mask', join(dir, 'ring.txt'), '--algo', 'division'], /^maze: error: division cannot make a maze over a mask/],
      [['--mask', join(dir, 'ring.txt'), '--algo', 'kruskal', '--from', '0,0'], /^maze: error: --from 0,0 is outside the mask: pick a cell of the maze \(such as 2,0\)\n$/],
      [['--mask', join(dir, 'ring.txt'), '--algo', 'kruskal', '--to', '4,2'], /^maze: error: --to 4,2 is outside the mask/],
      [['--mask', join(dir, 'ring.txt'), '--algo', 'kruskal', '--mask-regions', 'all'], /^maze: error: --mask-regions must be one, largest or join, got 'all'\n$/],
      [['--mask-invert', '--algo', 'kruskal'], /^maze: error: --mask-invert applies to a mask: give --mask FILE too\n$/],
      [['--mask', join(dir, 'ring.txt'), '--algo', 'kruskal', '--w', '20000', '--h', '20000'], /^maze: error: mask '.*ring\.txt' scaled to 20000 × 20000 is 400000000 cells, over the limit of 100000000; make --w or --h smaller\n$/],
      [['--mask', join(dir, 'ring.txt'), '--pov-maze', 'sdl'], /^maze: error: --pov-maze sdl has POV-Ray make the maze from its size and seed alone, so --mask does not apply\n$/],
    ];
    for (const [args, message] of cases) {
      const out = join(dir, 'out.pov');
      const result = spawnMaze(['gen', ...args, '-o', out]);
      expect(result.stderr, args.join(' ')).toMatch(message);
      expect(result.code, args.join(' ')).toBe(2);
      expect(existsSync(out), args.join(' ')).toBe(false);
    }
  });

  it('refuses a mask file over its size limit, by its size', async () => {
    const dir = masks();
    const big = join(dir, 'big.txt');
    writeFileSync(big, '');
    // a sparse file: its size says it all, nothing is read
    const { truncateSync } = await import('node:fs');
    truncateSync(big, MAX_MASK_FILE_BYTES + 1);
    const result = spawnMaze(['gen', '--mask', big, '--algo', 'kruskal', '-o', join(dir, 'm.png')]);
    expect(result.stderr).toBe(`maze: error: mask '${big}' is larger than ${MAX_MASK_FILE_BYTES} bytes (64 MiB), the most a mask file may be\n`);
    expect(result.code).toBe(2);
  });

  it('keeps the largest region with --mask-regions largest', async () => {
    const dir = masks();
    const result = await runCli(['gen', '--mask', join(dir, 'two.txt'), '--mask-regions', 'largest', '--algo', 'prim', '--seed', '1', '-o', join(dir, 'm.json')]);
    expect(result.code).toBe(0);
    expect(rows(parse(readFileSync(join(dir, 'm.json'), 'utf8')).mask!)).toEqual(['..XXX', '..XXX']);
  });

  it('--mask - reads the mask from standard input, text or PNG, into the same maze as the file', async () => {
    const dir = masks();
    for (const name of ['ring.txt', 'disc.png']) {
      const args = ['gen', '--algo', 'wilson', '--seed', '5', '--w', '20', '--h', '12', '-o'];
      const fromFile = await runCli([...args, join(dir, `file-${name}.json`), '--mask', join(dir, name)]);
      const fromStdin = spawnMaze([...args, join(dir, `stdin-${name}.json`), '--mask', '-'], { input: readFileSync(join(dir, name)) });
      expect([fromFile.code, fromStdin.code, fromStdin.stderr]).toEqual([0, 0, '']);
      expect(readFileSync(join(dir, `stdin-${name}.json`), 'utf8')).toBe(readFileSync(join(dir, `file-${name}.json`), 'utf8'));
    }
  });

  it('--mask - names standard input in its refusals, and maze play, reading keys there, refuses it', async () => {
    const cases: [string[], string, RegExp][] = [
      [['gen', '--mask', '-'], '', /^maze: error: the mask on standard input is empty: /],
      [['gen', '--mask', '-'], 'X.\n.X\n', /^maze: error: the mask on standard input has 2 separate regions/],
      [['gen', '--mask', '-'], '.'.repeat(MAX_MASK_FILE_BYTES + 1), /^maze: error: the mask on standard input is larger than 67108864 bytes \(64 MiB\)/],
      [['play', '--mask', '-'], '..\n', /^maze: error: maze play reads the keyboard from standard input, so it cannot read the mask there: save the mask to a file\n$/],
    ];
    for (const [args, stdin, message] of cases) {
      const result = await runCli(args, stdin);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(result.stdout).toBe('');
    }
  });

  it('help names the mask options and their limits', async () => {
    const result = await runCli(['gen', '--help']);
    expect(result.stdout).toMatch(/--mask\s/);
    expect(result.stdout).toContain('--mask-invert');
    expect(result.stdout).toContain('--mask-regions');
    expect(result.stdout.replace(/\s+/g, ' ')).toContain(`at most 64 MiB, a PNG at most ${MAX_MASK_PIXELS} pixels`);
  });
});
