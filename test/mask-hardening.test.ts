/**
 * Masks, hardened (issues 28 and 29): PNG masks whose chunks are not one
 * picture's, corrupt image data, memory at the cell limit, and
 * `--mask-regions join` on every grid that takes masks. PNG files are
 * built here chunk by chunk (test/png-chunks.ts); memory is checked under
 * a cap, in a child process, never timed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createDeflate, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { algorithms } from '../src/algorithms/index.js';
import type { Algorithm } from '../src/algorithms/types.js';
import { defaultOptions, worksOnMask } from '../src/algorithms/types.js';
import { fitMask, generate, MazeError } from '../src/lib/index.js';
import type { GraphMaze } from '../src/grid/graph-maze.js';
import type { Mask } from '../src/model/mask.js';
import { joinRegions, maskFromRows, maskRegions, maskRowsText, MAX_JOIN_CELLS, squareCells } from '../src/model/mask.js';
import { decodePngMask, loadMask, MAX_MASK_PIXELS } from '../src/cli/commands/mask-file.js';
import { checkPngMask } from '../src/model/mask-png.js';
import { Rng } from '../src/rng.js';
import { BIN, spawnMaze, tempDir } from './helpers.js';
import { LETTER_A, LETTER_B, maskProblems } from './mask-shapes.js';
import { chunk, diskPng, diskRows, ihdr, pngOfChunks } from './png-chunks.js';

/** The CLI run under a cap on its address space (`ulimit -v`, KB), reporting its peak memory (MB) on the way out. */
function cappedRun(args: string[], capKb: number, cwd: string): { code: number | null; stderr: string; mb: number | null } {
  const wrapper = `process.argv.splice(1, 0, 'maze'); process.on('exit', () => process.stderr.write('maxrss ' + process.resourceUsage().maxRSS + '\\n')); await import(${JSON.stringify(BIN)});`;
  const result = spawnSync('bash', ['-c', `ulimit -v ${capKb}; exec "$0" "$@"`, process.execPath, '--input-type=module', '-e', wrapper, '--', ...args], {
    cwd,
    encoding: 'utf8',
    timeout: 300_000,
  });
  const match = /maxrss (\d+)\n/.exec(result.stderr);
  return { code: result.status, stderr: result.stderr.replace(/maxrss \d+\n/, ''), mb: match ? Number(match[1]) / 1024 : null };
}

/** A 40 × 30 gray picture's rows (filter 0): a black disk on white, 1230 bytes. */
function grayDiskRows(): Buffer {
  const rows = Buffer.alloc(30 * 41, 255);
  for (let y = 0; y < 30; y++) {
    rows[y * 41] = 0;
    for (let x = 0; x < 40; x++) if ((x - 19.5) ** 2 + (y - 14.5) ** 2 < 12 ** 2) rows[y * 41 + 1 + x] = 0;
  }
  return rows;
}

const grayDisk = (idat: Buffer, ...after: Buffer[]): Buffer => pngOfChunks(ihdr(40, 30, 8, 0), chunk('IDAT', idat), chunk('IEND'), ...after);

/** The message a malformed mask gets, in the checker's words. */
const unreadable = (why: string): string => `mask 'x.png' is not a PNG that can be read: ${why}`;

describe('issue 28 item 1: a second IHDR does not walk past the PNG mask pixel limit', () => {
  it('refuses a 94-byte file whose second header asks for 8000 × 8000 RGBA 16-bit, exit 2, in little memory', () => {
    const dir = tempDir();
    const file = pngOfChunks(ihdr(10, 10), ihdr(8000, 8000, 16, 6), chunk('IDAT', deflateSync(Buffer.alloc(10))), chunk('IEND'));
    writeFileSync(join(dir, 'double.png'), file);
    const run = cappedRun(['gen', '--mask', 'double.png', '--seed', '1', '-o', 'b.json'], 1_500_000, dir);
    expect(run.stderr).toBe("maze: error: mask 'double.png' is not a PNG that can be read: it has a second header (IHDR)\n");
    expect(run.code).toBe(2);
    expect(run.mb).toBeLessThan(150);
    expect(existsSync(join(dir, 'b.json'))).toBe(false);
  });

  it('refuses the 995 KB file (10 × 10, then 32000 × 32000 with 1 GB of zero rows deflated) before inflating any of it', async () => {
    const dir = tempDir();
    // 1 GB of zero rows, deflated a band at a time
    const deflate = createDeflate({ level: 9 });
    const parts: Buffer[] = [];
    deflate.on('data', (part: Buffer) => parts.push(part));
    const band = Buffer.alloc(32001 * 500);
    for (let y = 0; y < 32000; y += 500) if (!deflate.write(band)) await new Promise((go) => deflate.once('drain', go));
    await new Promise((done) => deflate.end(done));
    const file = pngOfChunks(ihdr(10, 10, 8, 0), ihdr(32000, 32000, 8, 0), chunk('IDAT', Buffer.concat(parts)), chunk('IEND'));
    expect(file.length).toBeGreaterThan(900_000);
    writeFileSync(join(dir, 'double.png'), file);
    const run = cappedRun(['gen', '--mask', 'double.png', '--seed', '1', '-o', 'b.json'], 1_500_000, dir);
    expect(run.stderr).toBe("maze: error: mask 'double.png' is not a PNG that can be read: it has a second header (IHDR)\n");
    expect(run.code).toBe(2);
    expect(run.mb).toBeLessThan(150);
    expect(existsSync(join(dir, 'b.json'))).toBe(false);
  }, 120_000);

  it('refuses chunks that are not one picture: the header not first, image data split, the end not last', async () => {
    const rows = deflateSync(diskRows(4, 4));
    const half = Math.floor(rows.length / 2);
    const cases: [Buffer, string][] = [
      [pngOfChunks(chunk('tEXt', Buffer.from('a\0b')), ihdr(4, 4), chunk('IDAT', rows), chunk('IEND')), "its first chunk is 'tEXt', not the header (IHDR)"],
      [pngOfChunks(ihdr(4, 4), chunk('IDAT', rows.subarray(0, half)), chunk('tEXt', Buffer.from('a\0b')), chunk('IDAT', rows.subarray(half)), chunk('IEND')), 'its image data (IDAT) is split by other chunks'],
      [pngOfChunks(ihdr(4, 4), chunk('IDAT', rows)), 'it ends before its end chunk (IEND)'],
      [pngOfChunks(ihdr(4, 4), chunk('IEND')), 'it has no image data (IDAT)'],
      [pngOfChunks(ihdr(4, 4, 8, 3), chunk('IDAT', rows), chunk('IEND')), 'its colors are a palette, and it has none (PLTE)'],
      [pngOfChunks(ihdr(4, 4, 8, 2), chunk('IDAT', rows), chunk('PLTE', Buffer.alloc(3)), chunk('IEND')), 'its palette (PLTE) comes after its image data'],
      [pngOfChunks(ihdr(4, 4), chunk('ABCD', Buffer.alloc(1)), chunk('IDAT', rows), chunk('IEND')), "it holds a chunk 'ABCD' that a reader must understand, and none does"],
      [pngOfChunks(ihdr(4, 4, 3, 6), chunk('IDAT', rows), chunk('IEND')), 'its header gives color type 6 a depth of 3 bits, which PNG does not allow'],
    ];
    for (const [bytes, why] of cases) await expect(decodePngMask(bytes, 'x.png'), why).rejects.toThrow(unreadable(why));
  });
});

describe('issue 28 item 4: corrupt PNG masks are refused, not read as zero-filled pictures', () => {
  it("refuses an IDAT holding 100 of a 40 × 30 disk's 1230 bytes: its image data ends early, exit 2, nothing written", () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'short.png'), grayDisk(deflateSync(grayDiskRows().subarray(0, 100))));
    const result = spawnMaze(['gen', '--mask', 'short.png', '--seed', '1', '-o', 'm.json'], { cwd: dir });
    expect(result.stderr).toBe("maze: error: mask 'short.png' is not a PNG that can be read: its image data ends early\n");
    expect(result.code).toBe(2);
    expect(existsSync(join(dir, 'm.json'))).toBe(false);
    // the whole picture is read: the disk
    writeFileSync(join(dir, 'whole.png'), grayDisk(deflateSync(grayDiskRows())));
    expect(spawnMaze(['gen', '--mask', 'whole.png', '--mask-invert', '--seed', '1', '-o', 'm.json'], { cwd: dir }).code).toBe(0);
  });

  it('refuses image data that is not zlib at all, with --mask-invert too (no whole rectangle)', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'noise.png'), grayDisk(Buffer.from('these bytes are not compressed data')));
    const result = spawnMaze(['gen', '--mask', 'noise.png', '--mask-invert', '--seed', '1', '-o', 'm.json'], { cwd: dir });
    expect(result.stderr).toBe("maze: error: mask 'noise.png' is not a PNG that can be read: its image data is damaged (not compressed data that can be read)\n");
    expect(result.code).toBe(2);
    expect(existsSync(join(dir, 'm.json'))).toBe(false);
  });

  it('checks CRCs, the inflated length both ways, the row filters, and what follows the end', async () => {
    const rows = grayDiskRows();
    const good = deflateSync(rows);
    const cases: [Buffer, string][] = [
      [pngOfChunks(ihdr(40, 30, 8, 0), chunk('IDAT', good, 0x12345678), chunk('IEND')), "its 'IDAT' chunk is damaged (its CRC does not match)"],
      [grayDisk(deflateSync(Buffer.concat([rows, Buffer.alloc(41)]))), 'its image data is longer than a 40 × 30 picture holds'],
      [grayDisk(deflateSync(Buffer.concat([Buffer.from([9]), rows.subarray(1)]))), 'a row of its image data has filter 9, which PNG has not'],
      [grayDisk(good, Buffer.from('trailing')), 'it has 8 bytes after its end chunk (IEND)'],
      [grayDisk(good).subarray(0, 60), "it ends in the middle of its 'IDAT' chunk"],
      [grayDisk(good.subarray(0, good.length - 6)), 'its image data is damaged (not compressed data that can be read)'],
    ];
    for (const [bytes, why] of cases) await expect(decodePngMask(bytes, 'x.png'), why).rejects.toThrow(unreadable(why));
  });

  it('refuses a PNG cut inside its signature, or with its signature damaged, as a PNG and not as a text mask: exit 2, nothing written', async () => {
    const dir = tempDir();
    const whole = grayDisk(deflateSync(grayDiskRows()));
    writeFileSync(join(dir, 'cut.png'), whole.subarray(0, 5));
    const result = spawnMaze(['gen', '--mask', 'cut.png', '--seed', '1', '-o', 'm.json'], { cwd: dir });
    expect(result.stderr).toBe("maze: error: mask 'cut.png' is not a PNG that can be read: it ends in the middle of its signature\n");
    expect(result.code).toBe(2);
    expect(existsSync(join(dir, 'm.json'))).toBe(false);
    // its line ends changed (\r\n to \n), as a copy in text mode does
    const lf = Buffer.concat([whole.subarray(0, 4), Buffer.from([0x0a, 0x1a, 0x0a]), whole.subarray(8)]);
    const piped = spawnMaze(['gen', '--mask', '-', '--seed', '1', '-o', 'p.json'], { cwd: dir, input: lf });
    expect(piped.stderr).toBe('maze: error: the mask on standard input is not a PNG that can be read: its signature is damaged (not the 8 bytes a PNG begins with)\n');
    expect(piped.code).toBe(2);
    expect(existsSync(join(dir, 'p.json'))).toBe(false);
    // every cut, 1 to 7 bytes; the whole file still reads
    const stdin = async function* (bytes: Buffer): AsyncGenerator<Buffer> {
      yield bytes;
    };
    for (let n = 1; n < 8; n++) {
      await expect(loadMask('-', stdin(whole.subarray(0, n))), `${n} bytes`).rejects.toThrow('the mask on standard input is not a PNG that can be read: it ends in the middle of its signature');
    }
    expect((await loadMask('-', stdin(whole)))!.mask.width).toBe(40);
  });

  it('refuses an end chunk (IEND) that holds data, its CRC right: exit 2, nothing written', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'iend.png'), pngOfChunks(ihdr(40, 30, 8, 0), chunk('IDAT', deflateSync(grayDiskRows())), chunk('IEND', Buffer.from('data'))));
    const result = spawnMaze(['gen', '--mask', 'iend.png', '--mask-invert', '--seed', '1', '-o', 'm.json'], { cwd: dir });
    expect(result.stderr).toBe("maze: error: mask 'iend.png' is not a PNG that can be read: its end chunk (IEND) is 4 bytes, not 0\n");
    expect(result.code).toBe(2);
    expect(existsSync(join(dir, 'm.json'))).toBe(false);
  });

  it('refuses a palette (PLTE) of 300 colors (900 bytes): exit 2, nothing written; and one of no colors, of a length not 3 bytes a color, of more colors than its depth names, a second one, or one in a grey picture', async () => {
    const dir = tempDir();
    // the 40 × 30 disk as palette indices: 0 (black) in the disk, 1 (white) around it
    const indices = Buffer.from(grayDiskRows().map((v, i) => (i % 41 === 0 ? 0 : v === 255 ? 1 : 0)));
    const paletted = (colors: Buffer, depth = 8, colorType = 3, rows = indices): Buffer =>
      pngOfChunks(ihdr(40, 30, depth, colorType), chunk('PLTE', colors), chunk('IDAT', deflateSync(rows)), chunk('IEND'));
    const blackWhite = (count: number): Buffer => Buffer.concat([Buffer.alloc(3), Buffer.alloc(3 * (count - 1), 255)]);
    writeFileSync(join(dir, 'two.png'), paletted(blackWhite(2)));
    expect(spawnMaze(['gen', '--mask', 'two.png', '--seed', '1', '-o', 'two.json'], { cwd: dir }).code).toBe(0);
    writeFileSync(join(dir, 'many.png'), paletted(blackWhite(300)));
    const result = spawnMaze(['gen', '--mask', 'many.png', '--seed', '1', '-o', 'm.json'], { cwd: dir });
    expect(result.stderr).toBe("maze: error: mask 'many.png' is not a PNG that can be read: its palette (PLTE) has 300 colors, more than the 256 PNG allows\n");
    expect(result.code).toBe(2);
    expect(existsSync(join(dir, 'm.json'))).toBe(false);
    // 2 bits a pixel: a row of 40 is 10 bytes, every index 1 (white)
    const twoBitRows = Buffer.concat(Array.from({ length: 30 }, () => Buffer.concat([Buffer.from([0]), Buffer.alloc(10, 0x55)])));
    const rgb = Buffer.concat(Array.from({ length: 30 }, () => Buffer.concat([Buffer.from([0]), Buffer.alloc(120, 255)])));
    const cases: [Buffer, string][] = [
      [paletted(Buffer.alloc(0)), 'its palette (PLTE) has no colors'],
      [paletted(blackWhite(2).subarray(0, 5)), 'its palette (PLTE) is 5 bytes, not 3 bytes a color'],
      [paletted(blackWhite(5), 2, 3, twoBitRows), 'its palette (PLTE) has 5 colors, more than the 4 a depth of 2 bits can name'],
      [paletted(blackWhite(257), 8, 2, rgb), 'its palette (PLTE) has 257 colors, more than the 256 PNG allows'],
      [pngOfChunks(ihdr(40, 30, 8, 3), chunk('PLTE', blackWhite(2)), chunk('PLTE', blackWhite(2)), chunk('IDAT', deflateSync(indices)), chunk('IEND')), 'it has a second palette (PLTE)'],
      [pngOfChunks(ihdr(40, 30, 8, 0), chunk('PLTE', blackWhite(2)), chunk('IDAT', deflateSync(grayDiskRows())), chunk('IEND')), 'it has a palette (PLTE), which a grey picture must not'],
    ];
    for (const [bytes, why] of cases) await expect(decodePngMask(bytes, 'x.png'), why).rejects.toThrow(unreadable(why));
    // at the limits: 4 colors at 2 bits, 256 at 8, 256 suggested for RGB
    for (const bytes of [paletted(blackWhite(4), 2, 3, twoBitRows), paletted(blackWhite(256)), paletted(blackWhite(256), 8, 2, rgb)]) await expect(decodePngMask(bytes, 'x.png')).resolves.toBeDefined();
  });

  it("never shows pngjs's own words, and takes every kind of PNG pngjs reads (depths, palettes, Adam7)", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'trailing.png'), grayDisk(deflateSync(grayDiskRows()), Buffer.from([0, 0, 0])));
    const result = spawnMaze(['gen', '--mask', 'trailing.png', '--seed', '1'], { cwd: dir });
    expect(result.stderr).toBe("maze: error: mask 'trailing.png' is not a PNG that can be read: it has 3 bytes after its end chunk (IEND)\n");
    expect(result.stderr).not.toMatch(/should not go down|unrecognised content/);
    // white pictures of other kinds: every pixel a cell
    const white = (width: number, height: number, bits: number, colorType: number, extra: Buffer[] = []): Buffer => {
      const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[colorType]!;
      const rowBytes = Math.ceil((width * channels * bits) / 8);
      const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(rowBytes, colorType === 3 ? 0 : 255)]);
      return pngOfChunks(ihdr(width, height, bits, colorType), ...extra, chunk('IDAT', deflateSync(Buffer.concat(Array(height).fill(row)))), chunk('IEND'));
    };
    const adam7 = (width: number, height: number): Buffer => {
      const passes = [[0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2]];
      const rows: Buffer[] = [];
      for (const [x0, y0, dx, dy] of passes) {
        const columns = Math.ceil((width - x0!) / dx!);
        const count = Math.ceil((height - y0!) / dy!);
        if (columns > 0) for (let r = 0; r < count; r++) rows.push(Buffer.concat([Buffer.from([0]), Buffer.alloc(columns * 4, 255)]));
      }
      return pngOfChunks(ihdr(width, height, 8, 6, 1), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND'));
    };
    const kinds: [string, Buffer][] = [
      ['gray, 1 bit', white(13, 5, 1, 0)],
      ['gray, 16 bits', white(7, 3, 16, 0)],
      ['RGB', white(6, 4, 8, 2)],
      ['gray and alpha', white(6, 4, 8, 4)],
      ['a palette of 2 bits', white(9, 3, 2, 3, [chunk('PLTE', Buffer.from([255, 255, 255]))])],
      ['Adam7, RGBA', adam7(11, 9)],
      ['RGBA with text after the image data', pngOfChunks(ihdr(3, 2), chunk('IDAT', deflateSync(Buffer.concat([0, 1].map(() => Buffer.concat([Buffer.from([0]), Buffer.alloc(12, 255)]))))), chunk('tEXt', Buffer.from('k\0v')), chunk('IEND'))],
    ];
    for (const [what, bytes] of kinds) {
      const mask = await decodePngMask(bytes, 'white.png');
      expect(mask.count, what).toBe(mask.width * mask.height);
    }
  });

  it('checks in the library as it checks for the command line (the page takes the same checker)', async () => {
    await expect(checkPngMask(grayDisk(deflateSync(grayDiskRows().subarray(0, 100))), "mask 'short.png'", MAX_MASK_PIXELS)).rejects.toThrow(MazeError);
    await expect(checkPngMask(diskPng(40, 30), "mask 'disk.png'", MAX_MASK_PIXELS)).resolves.toMatchObject({ width: 40, height: 30 });
    await expect(checkPngMask(diskPng(40, 30), "mask 'disk.png'", 1000)).rejects.toThrow("mask 'disk.png' is 40 × 30 pixels, over the limit of 1000 pixels for a mask");
  });
});

describe('issue 28 item 3: a mask at the cell limit costs about a byte a cell', () => {
  it("a 'X.........' mask stretched over 8 000 000 cells peaks near the maze without it (it was 3.4 times at 20 000 000)", () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'm.txt'), 'X.........\n');
    // 8 M cells: the old 40 bytes a cell would be 305 MB over, the bound 46 MB
    const cells = 8_000_000;
    const masked = cappedRun(['gen', '--mask', 'm.txt', '--w', String(cells), '--h', '1', '--seed', '1', '-o', 'masked.json'], 3_000_000, dir);
    const plain = cappedRun(['gen', '--w', String(cells), '--h', '1', '--seed', '1', '-o', 'plain.json'], 3_000_000, dir);
    expect(masked.code, masked.stderr).toBe(0);
    expect(plain.code, plain.stderr).toBe(0);
    // the mask's own bytes and its row of text in the JSON: a few bytes a cell, not the 40 a cell a row built a character at a time took
    expect(masked.mb! - plain.mb!).toBeLessThan((6 * cells) / 2 ** 20);
  }, 300_000);

  it('counts regions on the mask\'s own bytes and gives them back unchanged', () => {
    const mask = maskFromRows(['..X.', 'X.X.', 'XX.X', '.XX.']);
    const before = mask.cells.slice();
    expect(maskRegions(mask)).toEqual({ count: 5, second: 3, largest: 0, largestSize: 3 });
    expect(mask.cells).toEqual(before);
  });
});

/** A word of four letters: blocks of 3, 4, 2 and 3 columns, 3 rows tall, 2, 3 and 1 columns apart. */
const WORD = ['...XX....XXX..X...', '...XX....XXX..X...', '...XX....XXX..X...'];

/** Letters A and B side by side, 3 columns apart, and a lone cell below: three regions. */
const LETTERS = ((): string[] => {
  const a = maskRowsText(LETTER_A);
  const b = maskRowsText(LETTER_B);
  const rows = a.map((row, y) => `${row}XXX${b[y] ?? 'X'.repeat(LETTER_B.width)}`);
  rows.push('X'.repeat(rows[0]!.length), `XX.${'X'.repeat(rows[0]!.length - 3)}`);
  return rows;
})();

/** Problems of a maze on a hex or triangle grid over its mask: a passage out of the mask, a loop, or a cell cut off. */
function graphProblems(maze: GraphMaze): string[] {
  const { shape, mask } = maze;
  const isIn = (c: number): boolean => mask === null || mask[c] === 1;
  let cells = 0;
  let passages = 0;
  const problems: string[] = [];
  for (let c = 0; c < shape.cellCount; c++) {
    if (isIn(c)) cells++;
    for (let s = 0; s < shape.maxDegree; s++) {
      const n = shape.neighbor(c, s);
      if (n < 0 || !maze.isOpen(c, s)) continue;
      if (!isIn(c) || !isIn(n)) problems.push(`a passage ${c}–${n} leaves the mask`);
      else if (c < n) passages++;
    }
  }
  if (passages !== cells - 1) problems.push(`${passages} passages between ${cells} cells`);
  return problems;
}

describe('issue 29 item 3: --mask-regions join keeps every region; largest says what it dropped', () => {
  it('joins a word by the fewest cells, in straight runs, the nearest pair first', () => {
    const mask = maskFromRows(WORD);
    const { regions, added } = joinRegions(mask.cells, squareCells(mask.width, mask.height));
    expect([regions, added]).toEqual([4, 6]);
    const joined = maskRowsText({ ...mask, count: mask.count + added });
    // one row of each gap filled, and only one
    const filled = (from: number, to: number): number => joined.filter((row) => !row.slice(from, to).includes('X')).length;
    expect([filled(3, 5), filled(9, 12), filled(14, 15)]).toEqual([1, 1, 1]);
    expect(maskRegions(maskFromRows(joined)).count).toBe(1);
  });

  it('says on stderr what largest dropped and what join added (not with --quiet), and refuses a join too large to hold', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'word.txt'), `${WORD.join('\n')}\n`);
    const largest = spawnMaze(['gen', '--mask', 'word.txt', '--mask-regions', 'largest', '--seed', '1', '-o', 'l.json'], { cwd: dir });
    expect(largest.stderr).toBe("mask 'word.txt': kept 1 of 4 regions, 12 of 36 cells\n");
    const joined = spawnMaze(['gen', '--mask', 'word.txt', '--mask-regions', 'join', '--seed', '1', '-o', 'j.json'], { cwd: dir });
    expect(joined.stderr).toBe("mask 'word.txt': joined its 4 regions into one, adding 6 cells\n");
    expect(joined.code).toBe(0);
    expect(spawnMaze(['gen', '--mask', 'word.txt', '--mask-regions', 'join', '--quiet', '--seed', '1'], { cwd: dir }).stderr).toBe('');
    const big = spawnMaze(['gen', '--mask', 'word.txt', '--mask-regions', 'join', '--w', '6000', '--h', '5000', '-o', 'big.json'], { cwd: dir });
    expect(big.stderr).toBe(`maze: error: --mask-regions join takes a mask of at most ${MAX_JOIN_CELLS} cells, and mask 'word.txt' at 6000 × 5000 is 30000000; make --w or --h smaller\n`);
    expect(big.code).toBe(2);
    expect(existsSync(join(dir, 'big.json'))).toBe(false);
    // a refusal of several regions offers both
    expect(spawnMaze(['gen', '--mask', 'word.txt'], { cwd: dir }).stderr).toMatch(/join them with --mask-regions join, or keep the largest with --mask-regions largest\n$/);
  });

  it('gives every algorithm that takes masks a perfect maze over a joined mask', () => {
    const onMask = algorithms.filter((a) => worksOnMask(a)) as Algorithm[];
    expect(onMask.length).toBeGreaterThan(5);
    for (const rows of [WORD, LETTERS]) {
      const mask: Mask = fitMask(rows, { maskRegions: 'join' });
      expect(maskRegions(mask).count).toBe(1);
      for (const algorithm of onMask) {
        for (const seed of ['1', '2', 'word']) {
          const maze = algorithm.generate({ width: mask.width, height: mask.height, mask }, defaultOptions(algorithm), new Rng(seed));
          const loops = algorithm.name === 'zones' ? maze.doors!.length - Math.min(mask.count, 6) + 1 : 0;
          expect(maskProblems(maze, mask, loops), `${algorithm.name} seed ${seed}`).toEqual([]);
        }
      }
    }
  });

  it('joins on hex and triangle grids by their own neighbours, where largest keeps one part', () => {
    const mask = fitMask(LETTERS, { maskRegions: 'join' });
    const shapeAlgorithms = algorithms.filter((a) => a.carve !== undefined).map((a) => a.name);
    expect(shapeAlgorithms.length).toBeGreaterThan(3);
    for (const shape of ['hex', 'triangle'] as const) {
      for (const algorithm of shapeAlgorithms) {
        const maze = generate({ algorithm, shape, mask, seed: '3' } as never) as unknown as GraphMaze;
        expect(graphProblems(maze), `${algorithm} on ${shape}`).toEqual([]);
        // every cell the mask puts under a centre is kept, none dropped
        const kept = maze.mask!.reduce((sum, c) => sum + c, 0);
        const largest = generate({ algorithm, shape, mask: fitMask(LETTERS, { maskRegions: 'largest' }), seed: '3' } as never) as unknown as GraphMaze;
        expect(kept).toBeGreaterThan(largest.mask!.reduce((sum, c) => sum + c, 0));
      }
    }
  });
});
