/**
 * Issue 31 item 3, a solver drawn in every format: the filled cells shaded,
 * the walk and Trémaux's marks, under the path, in PNG (pngjs), SVG
 * (rsvg-convert), PDF (pdftoppm, on the second page only), POV-Ray (no
 * warning), ASCII and JSON, on the square grid and on hex and polar ones.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import ascii from '../src/formats/ascii.js';
import pdf from '../src/formats/pdf.js';
import png from '../src/formats/png.js';
import pov from '../src/formats/pov.js';
import { shapeCanvas } from '../src/formats/shape-picture.js';
import svg from '../src/formats/svg.js';
import type { Format, RenderOptions } from '../src/formats/types.js';
import { DEFAULT_RENDER_OPTIONS } from '../src/formats/types.js';
import { GraphMaze } from '../src/grid/graph-maze.js';
import { generate, render, solve } from '../src/lib/index.js';
import type { Point } from '../src/model/maze.js';
import type { AnyMaze } from '../src/passages/view.js';
import { decodePng } from './fixtures.js';
import type { Rgba } from './fixtures.js';
import { collect, externalTool, tempDir } from './helpers.js';

const rsvg = externalTool('rsvg-convert', 'apt-get install librsvg2-bin');
const poppler = externalTool('pdftoppm', 'apt-get install poppler-utils', '-v');
const povray = externalTool('povray', 'apt-get install povray');
const OPTIONS: RenderOptions = { ...DEFAULT_RENDER_OPTIONS, tile: 12, wall: 2 };

async function draw(format: Format, maze: AnyMaze, options = OPTIONS): Promise<Buffer> {
  return collect(maze instanceof GraphMaze ? format.renderGraph!(maze, options) : format.render(maze, options));
}

const rgbAt = (p: Rgba, x: number, y: number): number => {
  const o = (Math.round(y) * p.width + Math.round(x)) * 4;
  return (p.data[o]! << 16) | (p.data[o + 1]! << 8) | p.data[o + 2]!;
};

/** The pixel at a cell's centre: a square cell's, or a shaped one's from its shape. */
function centreColour(picture: Rgba, maze: AnyMaze, [x, y]: Point, options = OPTIONS): number {
  if (maze instanceof GraphMaze) {
    const [cx, cy] = maze.shape.center(maze.cellAt([x, y]));
    return rgbAt(picture, cx * options.tile + options.wall / 2, cy * options.tile + options.wall / 2);
  }
  return rgbAt(picture, x * options.tile + (options.tile + options.wall) / 2, y * options.tile + (options.tile + options.wall) / 2);
}

const key = ([x, y]: Point): string => `${x},${y}`;

/** Every cell's centre colour, sorted into the solver's classes: filled, on the path, the rest. */
function classes(picture: Rgba, maze: AnyMaze, options = OPTIONS): { filled: Set<number>; path: Set<number>; rest: Set<number> } {
  const filled = new Set((maze.solving!.shaded.filled ?? []).map(key));
  // the start and the end wear their marks
  const ends = new Set([maze.start, maze.end].map((p) => key(p!)));
  const path = new Set((maze.solution ?? []).map(key).filter((k) => !ends.has(k)));
  const out = { filled: new Set<number>(), path: new Set<number>(), rest: new Set<number>() };
  const cells: Point[] = [];
  if (maze instanceof GraphMaze) for (let c = 0; c < maze.cellCount; c++) cells.push(maze.shape.pointOf(c));
  else for (let y = 0; y < maze.height; y++) for (let x = 0; x < maze.width; x++) cells.push([x, y]);
  for (const p of cells) {
    const colour = centreColour(picture, maze, p, options);
    const k = key(p);
    if (ends.has(k)) continue;
    (filled.has(k) ? out.filled : path.has(k) ? out.path : out.rest).add(colour);
  }
  return out;
}

function filledMaze(shape: 'square' | 'hex' | 'polar'): AnyMaze {
  const maze = shape === 'square' ? generate({ algorithm: 'backtracker', width: 12, height: 8, seed: 11 }) : generate({ algorithm: 'backtracker', shape, width: shape === 'polar' ? 5 : 10, ...(shape === 'hex' ? { height: 7 } : {}), seed: 11 });
  solve(maze, { method: 'dead-end-fill' });
  return maze;
}

describe('a solver drawn in every format (item 3)', () => {
  for (const shape of ['square', 'hex', 'polar'] as const) {
    it(`PNG, ${shape}: every filled cell in one shade, unlike the path and the untouched background`, async () => {
      const maze = filledMaze(shape);
      const picture = decodePng(await draw(png, maze));
      const { filled, path, rest } = classes(picture, maze);
      expect(filled.size).toBe(1);
      expect(path.size).toBe(1);
      const [shade] = [...filled];
      expect(path.has(shade!)).toBe(false);
      expect(rest.has(shade!)).toBe(false);
      expect(maze.solving!.shaded.filled!.length).toBeGreaterThan(10);
    });
  }

  it('PNG: Trémaux walks into the cells it marks, its walk drawn through the cells off the path; the unvisited cells stay background', async () => {
    // a maze where Trémaux walks into a dead end and back
    let seed = 1;
    let maze = generate({ algorithm: 'backtracker', width: 16, height: 10, seed });
    let report = solve(maze, { method: 'tremaux' });
    while (report.walk!.length === report.path!.length) {
      maze = generate({ algorithm: 'backtracker', width: 16, height: 10, seed: ++seed });
      report = solve(maze, { method: 'tremaux' });
    }
    const picture = decodePng(await draw(png, maze));
    const onPath = new Set(report.path!.map(key));
    const walked = new Set(report.walk!.map(key));
    const off = report.walk!.filter((p) => !onPath.has(key(p)));
    expect(off.length).toBeGreaterThan(0);
    const walkColours = new Set(off.map((p) => centreColour(picture, maze, p)));
    expect(walkColours.size).toBe(1);
    const background = rgbAt(picture, 0.5 * OPTIONS.tile + 1, 0.5 * OPTIONS.tile + 1);
    for (let y = 0; y < 10; y++) for (let x = 0; x < 16; x++) if (!walked.has(key([x, y]))) expect(centreColour(picture, maze, [x, y])).not.toBe([...walkColours][0]);
    expect(background).toBeDefined();
  });

  it.skipIf(rsvg.skip)('SVG, square and hex, through rsvg-convert: the same classes as the PNG', async () => {
    const dir = tempDir();
    for (const shape of ['square', 'hex'] as const) {
      const maze = filledMaze(shape);
      const file = join(dir, `${shape}.svg`);
      writeFileSync(file, await draw(svg, maze));
      const text = readFileSync(file, 'utf8');
      if (shape === 'square') expect(text).toContain('class="shaded"');
      execFileSync('rsvg-convert', [file, '-o', join(dir, `${shape}.png`)]);
      const picture = decodePng(readFileSync(join(dir, `${shape}.png`)));
      const { filled, path, rest } = classes(picture, maze);
      expect([filled.size, path.size], shape).toEqual([1, 1]);
      expect(rest.has([...filled][0]!)).toBe(false);
      expect(picture.width).toBe(maze instanceof GraphMaze ? shapeCanvas(maze, OPTIONS).width : 12 * 12 + 2);
    }
  });

  it.skipIf(poppler.skip)('PDF: the filled cells on the second page only, captioned with the method', async () => {
    const dir = tempDir();
    for (const shape of ['square', 'hex'] as const) {
      const maze = filledMaze(shape);
      const file = join(dir, `${shape}.pdf`);
      writeFileSync(file, await draw(pdf, maze));
      execFileSync('pdftoppm', ['-r', '50', '-png', file, join(dir, shape)]);
      const [one, two] = [1, 2].map((page) => decodePng(readFileSync(join(dir, `${shape}-${page}.png`))));
      // the filled shade: a gray between the paper and the ink, on page 2 and nowhere on page 1
      // the print theme's white paper blended 30 % toward its black walls (solving.ts): 0xb3 grey
      const greys = (p: Rgba): number => {
        let n = 0;
        for (let i = 0; i < p.data.length; i += 4) if ([0, 1, 2].every((k) => Math.abs(p.data[i + k]! - 0xb3) <= 3)) n++;
        return n;
      };
      expect(greys(two!), shape).toBeGreaterThan(20 * greys(one!) + 50);
      expect(execFileSync('pdftotext', [file, '-']).toString()).toContain('dead-end-fill, solution');
    }
  });

  it.skipIf(povray.skip)('POV-Ray renders the square, hex and polar scenes of a walker and a filler with no warning', async () => {
    const mazes = [filledMaze('square'), filledMaze('hex'), filledMaze('polar')];
    const walker = generate({ algorithm: 'kruskal', shape: 'hex', width: 6, height: 5, seed: 2 });
    solve(walker, { method: 'wall-left' });
    mazes.push(walker);
    for (const maze of mazes) {
      const dir = tempDir();
      const scene = (await draw(pov, maze)).toString();
      expect(scene).toContain("The solver's cells");
      writeFileSync(join(dir, 'maze.pov'), scene);
      const log = execFileSync('povray', ['+Imaze.pov', '+Omaze.png', '+W160', '+H120', '-D', '+FN', '-GS', '-GR'], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      const lines = log.split('\n').filter((l) => /warning|error/i.test(l) && !/Stream to console/.test(l));
      expect(lines).toEqual([]);
      expect(decodePng(readFileSync(join(dir, 'maze.png'))).width).toBe(160);
    }
  });

  it('ASCII: the filled cells of a square maze are ###, of a hex maze #, the path * over them', async () => {
    const square = filledMaze('square');
    const text = (await draw(ascii, square)).toString();
    const filledRows = text.split('\n').filter((l) => l.includes('###'));
    expect(filledRows.length).toBeGreaterThan(3);
    const hex = filledMaze('hex');
    const hexText = (await draw(ascii, hex)).toString();
    expect(hexText.split('#').length - 1).toBe(hex.solving!.shaded.filled!.length);
    expect(hexText).toContain('*');
  });

  it('the library renders what solve(maze, { method }) stored, and refuses a broken drawing', async () => {
    const maze = filledMaze('square');
    const picture = decodePng(await render(maze, 'png', { tile: 12, wall: 2 }));
    expect(classes(picture, maze).filled.size).toBe(1);
    const broken = filledMaze('square');
    broken.solving!.walk = [[99, 99]];
    await expect(render(broken, 'png')).rejects.toThrow(/walk entry 0 must be a cell/);
  });
});
