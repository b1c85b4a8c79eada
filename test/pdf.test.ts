/**
 * PDF: checked with poppler (pdfinfo, pdftoppm, pdftotext), as a printer's
 * software would read it. Page 1 is the maze, at the PNG's geometry on
 * another scale: rendered so that a cell is as many pixels as the PNG's
 * tile, every wall band and every floor square is where the PNG has it.
 * Page 2 is the solution. Without poppler these tests skip, except in CI
 * (.ci/run installs poppler-utils), where they fail.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMaze } from '../src/formats/json.js';
import { pageLayout } from '../src/formats/pdf.js';
import { latticeEdge } from '../src/formats/geometry.js';
import { DEFAULT_RENDER_OPTIONS } from '../src/formats/types.js';
import type { Maze, Point } from '../src/model/maze.js';
import type { Rgba } from './fixtures.js';
import { decodePng } from './fixtures.js';
import { externalTool, runCli, tempDir } from './helpers.js';

const poppler = externalTool('pdfinfo', 'apt-get install poppler-utils', '-v');

async function makePdf(args: string[]): Promise<{ dir: string; file: string; maze: Maze }> {
  const dir = tempDir();
  const file = join(dir, 'm.pdf');
  const made = await runCli(['gen', ...args, '-o', file]);
  expect(made.stderr).toBe('');
  expect(made.code).toBe(0);
  // the picture's own options (--paper, --tile, --wall) are refused for JSON
  const mazeArgs = args.filter((arg, i) => !['--paper', '--tile', '--wall'].includes(arg) && !['--paper', '--tile', '--wall'].includes(args[i - 1]!));
  const json = await runCli(['gen', ...mazeArgs, '-f', 'json']);
  return { dir, file, maze: parseMaze(json.stdout, 'json') };
}

function info(file: string): Record<string, string> {
  const text = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return Object.fromEntries(text.split('\n').filter((l) => l.includes(':')).map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]));
}

/** Page `page` drawn by pdftoppm at `dpi`, decoded. */
function rasterize(file: string, page: number, dpi: number): Rgba {
  const prefix = `${file}-${page}`;
  execFileSync('pdftoppm', ['-png', '-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile', file, prefix]);
  return decodePng(readFileSync(`${prefix}.png`));
}

function pixel(p: Rgba, x: number, y: number): [number, number, number] {
  const o = (Math.round(y) * p.width + Math.round(x)) * 4;
  return [p.data[o]!, p.data[o + 1]!, p.data[o + 2]!];
}

describe.skipIf(poppler.skip)('PDF', () => {
  it('passes pdfinfo: one A4 page, landscape for a wide maze, the same bytes every time, dated 2000', async () => {
    poppler.require();
    const { file } = await makePdf(['--algo', 'kruskal', '--seed', '3']);
    const meta = info(file);
    expect(meta.Pages).toBe('1');
    expect(meta['Page size']).toBe('841.89 x 595.28 pts (A4)');
    expect(meta.Title).toBe('maze kruskal, seed 3, 30 × 20 cells');
    expect(meta.CreationDate).toMatch(/2000/);
    const again = await makePdf(['--algo', 'kruskal', '--seed', '3']);
    expect(readFileSync(again.file).equals(readFileSync(file))).toBe(true);
    expect(info((await makePdf(['--algo', 'kruskal', '--seed', '3', '--w', '10', '--h', '30', '--paper', 'Letter'])).file)['Page size']).toBe('612 x 792 pts (letter)');
  });

  it('page 1 has every wall and floor square where the PNG has them, at the same scale', async () => {
    poppler.require();
    const tile = 10;
    const wall = 2;
    const args = ['--algo', 'backtracker', '--w', '24', '--h', '15', '--seed', 'print', '--tile', String(tile), '--wall', String(wall)];
    const { file } = await makePdf(args);
    const png = decodePng((await runCli(['gen', ...args, '-f', 'png'])).stdoutBytes);
    const layout = pageLayout(24, 15, { ...DEFAULT_RENDER_OPTIONS, tile, wall });
    const scale = 2 * tile / layout.cell; // pixels a point: two PNG pixels a PNG pixel, so that thin bands stay clear
    const page = rasterize(file, 1, 72 * scale);
    let checked = 0;
    // the middle of every lattice square but the corners: a wall band or a floor square
    for (let ly = 0; ly < 2 * 15 + 1; ly++) {
      for (let lx = 0; lx < 2 * 24 + 1; lx++) {
        if (lx % 2 === 0 && ly % 2 === 0) continue;
        const mid = (k: number, c: number, w: number): number => (latticeEdge(k, c, w) + latticeEdge(k + 1, c, w)) / 2;
        const inPng = pixel(png, Math.floor(mid(lx, tile, wall)), Math.floor(mid(ly, tile, wall)))[0] > 128; // white wall on black
        const px = (layout.left + mid(lx, layout.cell, layout.wall)) * scale;
        const py = (layout.pageHeight - layout.top + mid(ly, layout.cell, layout.wall)) * scale;
        const inPdf = pixel(page, px, py)[0] < 128; // black wall on white paper
        expect(inPdf, `lattice square ${lx},${ly}`).toBe(inPng);
        checked++;
      }
    }
    expect(checked).toBe(49 * 31 - 25 * 16);
  });

  it('marks the start and the end, opens the border beside them, and draws the solution on page 2', async () => {
    poppler.require();
    const { file, maze } = await makePdf(['--algo', 'prim', '--w', '12', '--h', '8', '--seed', '5', '--ends', 'farthest', '--openings', '--solve']);
    expect(info(file).Pages).toBe('2');
    const layout = pageLayout(12, 8, DEFAULT_RENDER_OPTIONS);
    const scale = 2;
    const at = (p: Rgba, [x, y]: Point): [number, number, number] =>
      pixel(p, (layout.left + x * layout.cell + (layout.cell + layout.wall) / 2) * scale, (layout.pageHeight - layout.top + y * layout.cell + (layout.cell + layout.wall) / 2) * scale);
    const one = rasterize(file, 1, 72 * scale);
    const two = rasterize(file, 2, 72 * scale);
    // marks.ts's marks: the start a green frame (its middle left white), the end a blue frame with a center square
    const inCell = (p: Rgba, [x, y]: Point, test: (c: [number, number, number]) => boolean): number => {
      let n = 0;
      const x0 = (layout.left + x * layout.cell + layout.wall) * scale;
      const y0 = (layout.pageHeight - layout.top + y * layout.cell + layout.wall) * scale;
      const side = (layout.cell - layout.wall) * scale;
      for (let dy = 0; dy < side; dy++) for (let dx = 0; dx < side; dx++) if (test(pixel(p, x0 + dx, y0 + dy))) n++;
      return n;
    };
    // in their hues, darkened for paper (theme.ts, print)
    const green = ([r, g, b]: [number, number, number]): boolean => g > r + 50 && g > b + 30;
    const blue = ([r, g, b]: [number, number, number]): boolean => b > r + 80 && b > g + 20;
    expect(inCell(one, maze.start!, green), 'a green start').toBeGreaterThan(20);
    expect(at(one, maze.start!), 'the start is a frame').toEqual([255, 255, 255]);
    expect(inCell(one, maze.end!, blue), 'a blue end').toBeGreaterThan(20);
    expect(blue(at(one, maze.end!)), 'the end has a center').toBe(true);
    expect(inCell(one, maze.solution![1]!, green) + inCell(one, maze.solution![1]!, blue), 'no mark elsewhere').toBe(0);
    // page 1: empty cells along the solution; page 2: red through them
    const inner = maze.solution!.slice(1, -1);
    expect(inner.length).toBeGreaterThan(5);
    for (const cell of inner) {
      expect(at(one, cell), `page 1 at ${cell.join(',')}`).toEqual([255, 255, 255]);
      const [r, g, b] = at(two, cell);
      expect(r > 200 && g < 100 && b < 100, `page 2 at ${cell.join(',')}`).toBe(true);
    }
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('maze gen --algo prim --w 12 --h 8 --seed 5 --ends farthest --openings');
    expect(text).toContain(`solution, ${maze.solution!.length} cells`);
  });

  it('refuses a maze too fine to print, before any work', async () => {
    const big = await runCli(['gen', '--w', '1000', '--h', '1000', '-o', join(tempDir(), 'm.pdf')]);
    expect(big.code).toBe(2);
    expect(big.stderr).toMatch(/^maze: error: a 1000 × 1000 maze is 1000000 cells, too many for one printed page/);
  });

  it('refuses it on every grid, a weave too (user sweep: a 600-ring polar PDF took 2.2 GB, 3000 rings ran on past 3.9 GB)', async () => {
    for (const [args, shape, cells] of [[['--shape', 'polar', '--w', '600'], 'polar', 1094107], [['--shape', 'hex', '--w', '501', '--h', '500'], 'hex', 250500], [['--w', '501', '--h', '500', '--weave', '0.3'], 'square', 250500]] as const) {
      const file = join(tempDir(), 'm.pdf');
      const run = await runCli(['gen', ...args, '--seed', '1', '-o', file]);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toBe(`maze: error: a ${shape} maze is ${cells} cells, too many for one printed page (at most 250000: a cell would be under a point wide); make it smaller, or draw it as SVG\n`);
      expect(existsSync(file)).toBe(false);
    }
  });
});

describe('a caption or made-by line past what a page shows', () => {
  it('is cut at 500 characters, ending in ...: a saved maze with a 24 MB seed made a PDF of gigabytes and ran out of memory (a sweep)', async () => {
    const { generate, render } = await import('../src/lib/index.js');
    const seed = 'x'.repeat(1_000_000);
    const bytes = Buffer.from(await render(generate({ width: 6, height: 4, seed }), 'pdf'));
    expect(bytes.length).toBeLessThan(50_000);
    // the metadata's subject, the made-by line, cut (pdf-lib writes it as hexadecimal UTF-16)
    const text = bytes.toString('latin1');
    const subject = /\/Subject <FEFF([0-9A-F]+)>/.exec(text);
    expect(subject).not.toBeNull();
    const said = Buffer.from(subject![1]!, 'hex').swap16().toString('utf16le');
    expect(said).toMatch(/^made by: maze gen .*x\.\.\.$/);
    expect(said.length).toBeLessThanOrEqual('made by: '.length + 500);
  });
});
