/**
 * Issue 30 item 3, "Masks on shapes follow the square's rules": the
 * picture keeps the mask's aspect (a disc stays round on every grid), the
 * regions are counted by the grid's own neighbours under the square's rule,
 * and a polar grid takes a mask too.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodePng } from './fixtures.js';
import { runCli, tempDir } from './helpers.js';

/** A 25 × 25 disc, one character a cell. */
const DISC = Array.from({ length: 25 }, (_, y) => Array.from({ length: 25 }, (_, x) => ((x - 12) ** 2 + (y - 12) ** 2 <= 144 ? '.' : 'X')).join(''));
/** A one-cell-thick 15 × 12 rectangle outline: one region of 50 cells on the square grid. */
const OUTLINE = Array.from({ length: 12 }, (_, y) => Array.from({ length: 15 }, (_, x) => (y === 0 || y === 11 || x === 0 || x === 14 ? '.' : 'X')).join(''));

/** The bounding box of the pixels that are not the background (the top-left pixel's color). */
function drawnBox(file: string): { width: number; height: number } {
  const picture = decodePng(readFileSync(file));
  const { data, width, height } = picture;
  const same = (i: number): boolean => data[i] === data[0] && data[i + 1] === data[1] && data[i + 2] === data[2];
  let [left, top, right, bottom] = [width, height, -1, -1];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (same((y * width + x) * 4)) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
  }
  return { width: right - left + 1, height: bottom - top + 1 };
}

function files(): { dir: string; disc: string; outline: string } {
  const dir = tempDir();
  writeFileSync(join(dir, 'disc.txt'), `${DISC.join('\n')}\n`);
  writeFileSync(join(dir, 'outline.txt'), `${OUTLINE.join('\n')}\n`);
  return { dir, disc: join(dir, 'disc.txt'), outline: join(dir, 'outline.txt') };
}

describe('masks on shapes follow the square\'s rules (issue 30 item 3)', () => {
  it.each([
    ['triangle', []],
    ['hex', []],
    ['polar', []],
    ['triangle', ['--w', '40']],
    ['hex', ['--w', '40']],
    ['hex', ['--h', '30']],
  ])('a disc mask on a %s grid %j draws a disc: its picture keeps the mask\'s aspect within 5 %%', async (shape, size) => {
    const { dir, disc } = files();
    const out = join(dir, 'm.png');
    const result = await runCli(['gen', '--shape', shape, '--mask', disc, ...size, '--seed', '1', '-o', out]);
    expect(result.code, result.stderr).toBe(0);
    const box = drawnBox(out);
    expect(Math.abs(box.width / box.height - 1), `${box.width} × ${box.height}`).toBeLessThan(0.05);
    expect(box.width).toBeGreaterThan(200);
  });

  it('with neither --w nor --h, --w is the mask\'s width (a hex grid: rows chosen for the aspect)', async () => {
    const { dir, disc } = files();
    const result = await runCli(['gen', '--shape', 'hex', '--mask', disc, '--seed', '1', '-o', join(dir, 'm.json')]);
    expect(result.code, result.stderr).toBe(0);
    const document = JSON.parse(readFileSync(join(dir, 'm.json'), 'utf8')) as { width: number; height: number };
    expect(document.width).toBe(25);
    expect(document.height).toBe(Math.round(((1.5 * 25 + 0.5) / Math.sqrt(3)) - 0.5));
  });

  it('the thin outline: one region on the square grid, refused on a triangle grid naming a cell of the second part; largest and join make mazes of it', async () => {
    const { dir, outline } = files();
    const square = await runCli(['gen', '--mask', outline, '--seed', '1', '-o', join(dir, 's.json')]);
    expect(square.code, square.stderr).toBe(0);
    const refused = await runCli(['gen', '--shape', 'triangle', '--mask', outline, '--seed', '1', '-o', join(dir, 't.png')]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^maze: error: the --mask on the triangle grid has \d+ separate regions of cells \(joined through the triangle grid's own neighbours\), not one; the second begins at cell \d+,\d+: join them with --mask-regions join, or keep the largest with --mask-regions largest\n$/);
    for (const mode of ['largest', 'join']) {
      const made = await runCli(['gen', '--shape', 'triangle', '--mask', outline, '--mask-regions', mode, '--seed', '1', '-o', join(dir, `${mode}.json`)]);
      expect(made.code, made.stderr).toBe(0);
      // said on stderr, as on the square grid
      expect(made.stderr).toMatch(mode === 'largest' ? /^mask '[^']+': kept 1 of \d+ regions on the triangle grid, \d+ of \d+ cells\n/ : /^mask '[^']+': joined its \d+ regions on the triangle grid into one, adding \d+ cells?\n/);
      const stats = await runCli(['stats', join(dir, `${mode}.json`), '--json']);
      expect(JSON.parse(stats.stdout).perfect, mode).toBe(true);
    }
  });

  it('a polar grid takes a mask: the disc laid over its picture, the cells off the mask walled out, the maze perfect', async () => {
    const { dir } = files();
    // the left half of a square: a half disc of the polar grid
    writeFileSync(join(dir, 'half.txt'), `${Array.from({ length: 20 }, () => '.'.repeat(10) + 'X'.repeat(10)).join('\n')}\n`);
    const made = await runCli(['gen', '--shape', 'polar', '--mask', join(dir, 'half.txt'), '--solve', '--seed', '3', '-o', join(dir, 'p.json')]);
    expect(made.code, made.stderr).toBe(0);
    const document = JSON.parse(readFileSync(join(dir, 'p.json'), 'utf8')) as { width: number; mask: string[] };
    expect(document.width).toBe(9);
    const cells = document.mask.join('');
    const inside = cells.split('.').length - 1;
    expect(inside / cells.length).toBeGreaterThan(0.4);
    expect(inside / cells.length).toBeLessThan(0.6);
    const stats = await runCli(['stats', join(dir, 'p.json'), '--json']);
    expect(JSON.parse(stats.stdout).perfect).toBe(true);
    for (const ext of ['png', 'svg', 'pov']) {
      const rendered = await runCli(['render', join(dir, 'p.json'), '-o', join(dir, `p.${ext}`)]);
      expect(rendered.code, rendered.stderr).toBe(0);
    }
  });
});
