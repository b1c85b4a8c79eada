/**
 * Issue 31 item 4's picture: `maze render --distances` (and the library's
 * `distances` render option) draws a distance map from the start on every
 * grid, in PNG (read back by pngjs), SVG (drawn by rsvg-convert, with its
 * legend) and PDF (drawn by pdftoppm, its legend read by pdftotext); the
 * ramp reads under the walls in every theme.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { distanceScene, RAMP_STEPS } from '../src/formats/distance-picture.js';
import { contrastRatio } from '../src/formats/contrast.js';
import { THEMES, THEME_NAMES } from '../src/formats/theme.js';
import { DEFAULT_RENDER_OPTIONS } from '../src/formats/types.js';
import { passagesOf } from '../src/passages/view.js';
import type { Maze } from '../src/lib/index.js';
import { generate, MazeError, render } from '../src/lib/index.js';
import { decodePng } from './fixtures.js';
import { externalTool, runCli, tempDir } from './helpers.js';

const rsvg = externalTool('rsvg-convert', 'apt-get install librsvg2-bin');
const poppler = externalTool('pdftoppm', 'apt-get install poppler-utils', '-v');

const GRIDS: [string, () => Maze][] = [
  ['square', () => generate({ algorithm: 'backtracker', width: 12, height: 8, seed: 3 })],
  ['masked', () => generate({ algorithm: 'kruskal', mask: ['....XX', '......', '......', 'XX....'], seed: 3 })],
  ['hex', () => generate({ shape: 'hex', width: 8, height: 6, seed: 3 })],
  ['triangle', () => generate({ shape: 'triangle', width: 12, height: 6, seed: 3 })],
  ['polar', () => generate({ shape: 'polar', width: 5, seed: 3 })],
];

describe('render --distances (issue 31 item 4)', () => {
  it.each(GRIDS)('%s: the PNG fills the start with the ramp\'s first colour and spreads the ramp over the cells', async (_name, make) => {
    const maze = make();
    const options = { ...DEFAULT_RENDER_OPTIONS, distances: true };
    const scene = distanceScene(maze, options);
    const { ramp, farthest } = scene.legend!;
    expect(ramp).toHaveLength(RAMP_STEPS);
    expect(farthest).toBeGreaterThan(5);
    const picture = decodePng(await render(maze, 'png', { distances: true }));
    expect([picture.width, picture.height]).toEqual([scene.width, scene.height]);
    const seen = new Set<number>();
    for (let i = 0; i < picture.data.length; i += 4) seen.add((picture.data[i]! << 16) | (picture.data[i + 1]! << 8) | picture.data[i + 2]!);
    const bands = ramp.filter((rgb) => seen.has(rgb)).length;
    expect(bands).toBeGreaterThanOrEqual(Math.min(RAMP_STEPS, farthest) - 2);
    // the first fills layer holds the start's cell: its colour is the ramp's first
    const first = scene.layers.find((l) => l.kind === 'fills');
    expect(first?.rgb).toBe(ramp[0]);
    // the plain picture is unchanged by the option's existence
    expect(Buffer.from(await render(maze, 'png'))).not.toEqual(Buffer.from(await render(maze, 'png', { distances: true })));
  });

  it.each(GRIDS)('%s: the cells and walls are made as each drawing reads them, each cell once (a 1500² map held them: 1.7 GB)', (_name, make) => {
    const maze = make();
    const scene = distanceScene(maze, { ...DEFAULT_RENDER_OPTIONS, distances: true });
    const fills = scene.layers.filter((l) => l.kind === 'fills');
    const walls = scene.layers.find((l) => l.kind === 'stroke' && l.role === 'walls')!;
    for (const layer of [...fills, walls]) {
      const items = layer.kind === 'fills' ? layer.polygons : layer.kind === 'stroke' ? layer.lines : [];
      expect(Array.isArray(items)).toBe(false);
      const once = [...items].map((a) => [...a]);
      expect(once.length).toBeGreaterThan(0);
      expect([...items].map((a) => [...a])).toEqual(once);
    }
    // every cell the map reaches in one band: its centre once over all the bands
    const centres = fills.flatMap((l) => [...(l as { polygons: Iterable<Float64Array> }).polygons].map((p) => `${p[0]},${p[1]}`));
    expect(new Set(centres).size).toBe(centres.length);
    const view = passagesOf(maze);
    let cells = 0;
    for (let c = 0; c < view.size; c++) if (view.isIn(c)) cells++;
    expect(centres.length).toBe(cells);
  });

  it("a keys-and-doors maze's map draws its locked doors as bars in their keys' colours and its keys, as its picture does (they read as open ways when left out)", async () => {
    const maze = generate({ algorithm: 'zones', width: 12, height: 8, seed: 3, solve: true });
    expect(maze.doors!.some((d) => d.key !== null)).toBe(true);
    const options = { ...DEFAULT_RENDER_OPTIONS, tile: 30, wall: 3, distances: true };
    const picture = decodePng(await render(maze, 'png', { tile: 30, wall: 3, distances: true }));
    const at = (x: number, y: number): number => {
      const i = 4 * (Math.round(y) * picture.width + Math.round(x));
      return (picture.data[i]! << 16) | (picture.data[i + 1]! << 8) | picture.data[i + 2]!;
    };
    const scene = distanceScene(maze, options);
    const drawn = new Set(scene.layers.map((l) => l.rgb));
    const half = options.wall / 2;
    for (const door of maze.doors!.filter((d) => d.key !== null)) {
      // the middle of the door's wall, and a pixel a wall's width into the cell beside it: the bar's key colour, in the scene's colours
      const [x, y] = door.side === 'top' ? [(door.x + 0.5) * 30 + half, door.y * 30 + half] : [door.x * 30 + half, (door.y + 0.5) * 30 + half];
      const rgb = at(x, y);
      expect(drawn.has(rgb)).toBe(true);
      expect(at(door.side === 'top' ? x : x + 3, door.side === 'top' ? y + 3 : y), `door ${door.x},${door.y}`).toBe(rgb);
      expect(scene.legend!.ramp.includes(rgb)).toBe(false);
    }
    for (const key of maze.keys!) {
      const rgb = at((key.x + 0.5) * 30 + half, (key.y + 0.5) * 30 + half);
      expect(scene.legend!.ramp.includes(rgb), `key ${key.x},${key.y}`).toBe(false);
    }
  });

  it('the ramp reads under the walls in every theme', () => {
    const maze = GRIDS[0]![1]();
    for (const theme of THEME_NAMES) {
      const scene = distanceScene(maze, { ...DEFAULT_RENDER_OPTIONS, theme, distances: true });
      const walls = scene.layers.find((l) => l.kind === 'stroke' && l.role === 'walls')!;
      for (const rgb of scene.legend!.ramp) expect(contrastRatio(rgb, walls.rgb), `${theme} #${rgb.toString(16)}`).toBeGreaterThanOrEqual(THEMES[theme].ratio - 0.01);
      // near and far differ
      expect(scene.legend!.ramp[0]).not.toBe(scene.legend!.ramp[RAMP_STEPS - 1]);
    }
  });

  it.skipIf(rsvg.skip).each(GRIDS)('%s: the SVG draws in librsvg, with its legend under the maze', async (_name, make) => {
    rsvg.require();
    const dir = tempDir();
    const maze = make();
    const text = Buffer.from(await render(maze, 'svg', { distances: true })).toString();
    expect(text).toContain('<g class="legend">');
    expect(text).toContain('steps from the start');
    writeFileSync(join(dir, 'd.svg'), text);
    const result = spawnSync('rsvg-convert', ['-o', join(dir, 'd.png'), join(dir, 'd.svg')]);
    expect(result.status, result.stderr.toString()).toBe(0);
    const drawn = decodePng(readFileSync(join(dir, 'd.png')));
    const scene = distanceScene(maze, { ...DEFAULT_RENDER_OPTIONS, distances: true });
    expect(drawn.height).toBeGreaterThan(scene.height);
    // the legend's bar: its first and last colours, under the maze
    const at = (x: number, y: number): number => {
      const i = 4 * (y * drawn.width + x);
      return (drawn.data[i]! << 16) | (drawn.data[i + 1]! << 8) | drawn.data[i + 2]!;
    };
    const barY = scene.height + 9;
    expect(at(6, barY)).toBe(scene.legend!.ramp[0]);
    expect(at(drawn.width - 6, barY)).toBe(scene.legend!.ramp[RAMP_STEPS - 1]);
  });

  it.skipIf(poppler.skip).each(GRIDS)('%s: the PDF draws in poppler, its legend says the farthest distance', async (_name, make) => {
    poppler.require();
    const dir = tempDir();
    const maze = make();
    const file = join(dir, 'd.pdf');
    writeFileSync(file, await render(maze, 'pdf', { distances: true }));
    const result = spawnSync('pdftoppm', ['-r', '20', '-png', file, join(dir, 'page')]);
    expect(result.status, result.stderr.toString()).toBe(0);
    const words = spawnSync('pdftotext', [file, '-']).stdout.toString();
    const { farthest } = distanceScene(maze, { ...DEFAULT_RENDER_OPTIONS, distances: true }).legend!;
    expect(words).toContain('steps from the start');
    expect(words).toMatch(new RegExp(`\\b${farthest}\\b`));
    expect(words).toContain('distances from the start');
  });

  it('maze render --distances writes the map; a format that cannot draw it is refused in one line', async () => {
    const dir = tempDir();
    const saved = join(dir, 'm.json');
    expect((await runCli(['gen', '--algo', 'prim', '--w', '9', '--h', '7', '--seed', '2', '-o', saved, '-q'])).code).toBe(0);
    expect((await runCli(['render', saved, '--distances', '-o', join(dir, 'd.png')])).code).toBe(0);
    const picture = decodePng(readFileSync(join(dir, 'd.png')));
    expect(picture.width).toBe(9 * 20 + 2);
    const refused = await runCli(['render', saved, '--distances']);
    expect(refused).toMatchObject({ code: 2, stdout: '' });
    expect(refused.stderr).toBe('maze: error: --distances applies to png, svg or pdf, not to ascii\n');
    let error: unknown;
    try {
      await render(generate({ width: 3, height: 3, seed: 1 }), 'ascii', { distances: true } as never);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MazeError);
  });
});
