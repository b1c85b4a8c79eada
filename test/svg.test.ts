/**
 * The SVG draws the PNG's pixels: rendered by librsvg (rsvg-convert, Debian
 * librsvg2-bin, installed by .ci/run), it must equal the PNG exactly, with
 * no anti-aliased pixel anywhere. Without rsvg-convert those comparisons
 * skip, except in CI, where they fail.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import png from '../src/formats/png.js';
import svg from '../src/formats/svg.js';
import type { RenderOptions } from '../src/formats/types.js';
import { DEFAULT_RENDER_OPTIONS } from '../src/formats/types.js';
import type { Maze } from '../src/model/maze.js';
import { solveMaze } from '../src/passages/solve.js';
import { coloredWalls, decodePng, firstDifference, generated, recolored } from './fixtures.js';
import { collect, externalTool, runCli, tempDir } from './helpers.js';

const rsvg = externalTool('rsvg-convert', 'apt-get install librsvg2-bin');

function options(tile: number, wall: number, extra: Partial<RenderOptions> = {}): RenderOptions {
  return { ...DEFAULT_RENDER_OPTIONS, tile, wall, ...extra };
}

/** Render the SVG with librsvg, several at once, and compare each with the PNG. */
async function expectSameAsPng(cases: [Maze, RenderOptions][]): Promise<void> {
  rsvg.require();
  const dir = tempDir();
  const svgs = await Promise.all(cases.map(([maze, opts]) => collect(svg.render(maze, opts))));
  svgs.forEach((bytes, i) => writeFileSync(join(dir, `${i}.svg`), bytes));
  for (let i = 0; i < cases.length; i++) {
    const result = spawnSync('rsvg-convert', ['-o', join(dir, `${i}.png`), join(dir, `${i}.svg`)]);
    expect(result.status, result.stderr.toString()).toBe(0);
    const [maze, opts] = cases[i]!;
    const expected = decodePng(await collect(png.render(maze, opts)));
    expect(firstDifference(decodePng(readFileSync(join(dir, `${i}.png`))), expected), `case ${i}`).toBeNull();
  }
}

describe('svg', () => {
  it.skipIf(rsvg.skip)('draws the PNG pixel for pixel: kruskal and backtracker, several tiles and walls', async () => {
    const cases: [Maze, RenderOptions][] = [];
    for (const [tile, wall] of [[20, 2], [10, 1], [7, 3], [5, 4]] as [number, number][]) {
      cases.push([generated('kruskal', 30, 20), options(tile, wall)]);
      cases.push([generated('backtracker', 13, 9, 'b'), options(tile, wall, { fg: 0xa03c5f, bg: 0x0a1020 })]);
    }
    cases.push([generated('kruskal', 1, 1), options(20, 2)], [generated('backtracker', 1, 7), options(9, 8)], [generated('kruskal', 7, 1), options(3, 1)]);
    await expectSameAsPng(cases);
  });

  it.skipIf(rsvg.skip)('keeps the color the PNG leaves on top where colored walls overlap, and its notches', async () => {
    const cases: [Maze, RenderOptions][] = [];
    for (const [tile, wall] of [[20, 2], [10, 1], [7, 3], [5, 4]] as [number, number][]) {
      cases.push([coloredWalls(17, 11, 6, `svg${tile}`), options(tile, wall)]);
    }
    cases.push([coloredWalls(12, 8, 3, 'dense', 0.9), options(20, 2)], [recolored(generated('kruskal', 20, 15), 300), options(11, 4)]);
    cases.push([generated('trees', 30, 20, 'svg'), options(20, 2)], [generated('trees', 16, 10, 'isl', { trunks: '3', islands: '2' }), options(7, 3)]);
    // zones: locked doors drawn as walls in their keys' colors
    cases.push([generated('zones', 20, 12, 'svgz', { zones: '14', keys: '6' }), options(20, 2)], [generated('zones', 13, 7, 'svgz2', { zones: '8', keys: '4' }), options(7, 3)]);
    await expectSameAsPng(cases);
  });

  it.skipIf(rsvg.skip)('draws a solution with the PNG\'s pixels too', async () => {
    const solved = (maze: Maze, from: [number, number], to: [number, number]): Maze => {
      solveMaze(maze, from, to);
      return maze;
    };
    const cases: [Maze, RenderOptions][] = [];
    for (const [tile, wall] of [[20, 2], [10, 1], [7, 3], [5, 4], [9, 8]] as [number, number][]) {
      cases.push([solved(generated('backtracker', 13, 9, 'sv'), [0, 0], [12, 8]), options(tile, wall)]);
      cases.push([solved(generated('trees', 16, 10, 'si', { islands: '2' }), [15, 0], [0, 9]), options(tile, wall, { pathColor: 0x30ff60 })]);
    }
    cases.push([solved(generated('kruskal', 1, 1), [0, 0], [0, 0]), options(20, 2)], [solved(generated('kruskal', 7, 1), [6, 0], [0, 0]), options(3, 1)]);
    // zones: the walk that fetches its keys, under the marks of keys, locked doors, start and end
    for (const [tile, wall] of [[20, 2], [7, 3], [5, 4]] as [number, number][]) {
      cases.push([solved(generated('zones', 30, 20, 'svk', { zones: '12', keys: '6' }), [0, 0], [29, 19]), options(tile, wall)]);
    }
    await expectSameAsPng(cases);
  });

  it('gives the solution a path of its own, after the walls', async () => {
    const maze = generated('kruskal', 6, 4, 'path');
    solveMaze(maze, [0, 0], [5, 3]);
    const text = (await collect(svg.render(maze, DEFAULT_RENDER_OPTIONS))).toString('utf8');
    expect(text).toMatch(/<path fill="#ffffff"[^\n]*\n<path class="solution" fill="#ff3030" shape-rendering="crispEdges" d="M8 8h/);
    maze.solution = null;
    expect((await collect(svg.render(maze, DEFAULT_RENDER_OPTIONS))).toString('utf8')).not.toContain('solution');
  });

  it('has the PNG size, a background, one crisp path per color and the seed in its title', async () => {
    const maze = coloredWalls(6, 4, 3, 'paths');
    maze.info = { algorithm: 'trees', seed: '<seed & "co">', options: { islands: 2 } };
    const text = (await collect(svg.render(maze, DEFAULT_RENDER_OPTIONS))).toString('utf8');
    expect(text).toContain('width="122" height="82" viewBox="0 0 122 82"');
    expect(text).toContain('<rect width="122" height="82" fill="#000000"');
    expect(text).toContain('<title>maze trees, seed &lt;seed &amp; &quot;co&quot;&gt;, islands 2, 6 × 4 cells</title>');
    const fills = [...text.matchAll(/<path fill="(#[0-9a-f]{6})" shape-rendering="crispEdges"/g)].map((m) => m[1]);
    expect(fills.length).toBe(new Set(fills).size);
    expect(fills.length).toBeGreaterThanOrEqual(3);
  });

  it('gives the same bytes for the same seed, through the CLI', async () => {
    const dir = tempDir();
    const args = (name: string) => ['gen', '--algo', 'backtracker', '--w', '12', '--h', '8', '--seed', 'x', '-o', join(dir, name)];
    expect((await runCli(args('a.svg'))).code).toBe(0);
    expect((await runCli(args('b.svg'))).code).toBe(0);
    expect(readFileSync(join(dir, 'a.svg')).equals(readFileSync(join(dir, 'b.svg')))).toBe(true);
  });
});
