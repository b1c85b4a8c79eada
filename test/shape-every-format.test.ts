/**
 * Issue 30 item 2, "Every format on every shape": POV-Ray scenes of hex,
 * triangle and polar mazes render with no warning, ASCII/Unicode text of
 * hex and triangle mazes shows each passage of the JSON open and each
 * closed side closed, polar text is refused in one line naming the formats
 * that draw it, and `maze render` of the JSON writes the same bytes.
 */
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { algorithms } from '../src/algorithms/index.js';
import { generate } from '../src/lib/api.js';
import ascii from '../src/formats/ascii.js';
import { PASSAGE_DIGITS } from '../src/formats/json.js';
import json from '../src/formats/json.js';
import pov from '../src/formats/pov.js';
import { DEFAULT_RENDER_OPTIONS } from '../src/formats/types.js';
import type { GraphMaze } from '../src/grid/graph-maze.js';
import type { GraphShapeName } from '../src/grid/shape.js';
import { decodePng } from './fixtures.js';
import { collect, externalTool, runCli, tempDir } from './helpers.js';

const povrayTool = externalTool('povray', 'apt-get install povray');
const CARVERS = algorithms.filter((a) => a.carve !== undefined).map((a) => a.name);
const SHAPES: GraphShapeName[] = ['hex', 'triangle', 'polar'];

function shaped(shape: GraphShapeName, algorithm: string, more: Record<string, unknown> = {}): GraphMaze {
  const size = shape === 'polar' ? { width: 5 } : { width: 8, height: 6 };
  return generate({ shape, algorithm, ...size, seed: 7, ...more } as Parameters<typeof generate>[0]) as unknown as GraphMaze;
}

/** Render a scene at a small size; everything POV-Ray printed, and the picture. */
async function povray(scene: Buffer): Promise<{ log: string; bright: number }> {
  povrayTool.require();
  const dir = tempDir();
  writeFileSync(join(dir, 'maze.pov'), scene);
  const { stdout, stderr } = await promisify(execFile)('povray', ['+Imaze.pov', '+Omaze.png', '+W160', '+H120', '-D', '+FN', '-GS', '-GR'], { cwd: dir, timeout: 60_000 });
  const picture = decodePng(readFileSync(join(dir, 'maze.png')));
  let bright = 0;
  for (let i = 0; i < picture.data.length; i += 4) if (picture.data[i]! + picture.data[i + 1]! + picture.data[i + 2]! > 3 * 150) bright++;
  return { log: stdout + stderr, bright };
}

/**
 * The test's own reading of the text: where each side of a cell is drawn
 * and with what (SPEC "Grid shapes", theseus's sigma and delta layouts).
 * Hex: four columns a column of cells, two lines a row, odd columns a line
 * lower. Triangle: three columns a cell, three lines a row.
 */
function sideCells(shape: 'hex' | 'triangle', x: number, y: number, slot: number): [number, number, string][] {
  if (shape === 'hex') {
    const c = 4 * x;
    const l = 2 * y + (x % 2);
    const table: [number, number, string][][] = [
      [[c + 1, l, '_'], [c + 2, l, '_'], [c + 3, l, '_']],
      [[c + 4, l + 1, '\\']],
      [[c + 4, l + 2, '/']],
      [[c + 1, l + 2, '_'], [c + 2, l + 2, '_'], [c + 3, l + 2, '_']],
      [[c, l + 2, '\\']],
      [[c, l + 1, '/']],
    ];
    return table[slot]!;
  }
  const c = 3 * x;
  const l = 3 * y;
  const up = (x + y) % 2 === 0;
  const slant = (from: number, line: number, dx: number, glyph: string): [number, number, string][] => [0, 1, 2].map((i) => [from + i * dx, line + 1 + i, glyph]);
  if (slot === 2) return [1, 2, 3, 4].map((i) => [c + i, up ? l + 3 : l, '_']);
  if (up) return slot === 0 ? slant(c + 2, l, -1, '/') : slant(c + 3, l, 1, '\\');
  return slot === 0 ? slant(c, l, 1, '\\') : slant(c + 5, l, -1, '/');
}

describe('every format on every shape (issue 30 item 2)', () => {
  it.each(SHAPES.flatMap((shape) => CARVERS.map((algorithm) => [shape, algorithm] as const)))('POV of a %s maze by %s, solved: POV-Ray renders it with no warning', async (shape, algorithm) => {
    const maze = shaped(shape, algorithm, { solve: true });
    const scene = await collect(pov.renderGraph!(maze, DEFAULT_RENDER_OPTIONS));
    expect(scene.toString()).toMatch(/PathTexture/);
    const { log, bright } = await povray(scene);
    const warnings = log.split('\n').filter((line) => /warning|error/i.test(line) && !/Stream to console/.test(line));
    expect(warnings, log).toEqual([]);
    expect(bright).toBeGreaterThan(500);
  });

  it.each((['hex', 'triangle'] as const).flatMap((shape) => CARVERS.map((algorithm) => [shape, algorithm] as const)))('ASCII of a %s maze by %s shows each passage of its JSON open and each closed side closed', async (shape, algorithm) => {
    const maze = shaped(shape, algorithm);
    const document = JSON.parse((await collect(json.renderGraph!(maze, DEFAULT_RENDER_OPTIONS))).toString()) as { passages: string[]; width: number; height: number };
    for (const style of ['ascii', 'unicode'] as const) {
      const text = (await collect(ascii.renderGraph!(maze, { ...DEFAULT_RENDER_OPTIONS, style }))).toString();
      const lines = text.split('\n');
      const at = (column: number, line: number): string => lines[line]?.[column] ?? ' ';
      const plain = (glyph: string): string => (glyph === '╱' ? '/' : glyph === '╲' ? '\\' : glyph);
      let checked = 0;
      document.passages.forEach((row, y) => {
        [...row].forEach((digit, x) => {
          const bits = PASSAGE_DIGITS.indexOf(digit);
          for (let slot = 0; slot < (shape === 'hex' ? 6 : 3); slot++) {
            const open = ((bits >> slot) & 1) === 1;
            for (const [column, line, glyph] of sideCells(shape, x, y, slot)) {
              expect(plain(at(column, line)), `${shape} cell ${x},${y} side ${slot} (${style})`).toBe(open ? ' ' : glyph);
              checked++;
            }
          }
        });
      });
      expect(checked).toBeGreaterThan(document.width * document.height);
    }
  });

  it('a solved hex and triangle text marks the start @, the end > and the path between', async () => {
    for (const shape of ['hex', 'triangle'] as const) {
      const maze = shaped(shape, 'backtracker', { solve: true });
      const text = (await collect(ascii.renderGraph!(maze, DEFAULT_RENDER_OPTIONS))).toString();
      expect(text.split('@')).toHaveLength(2);
      expect(text.split('>')).toHaveLength(2);
      expect(text.split('*').length - 1).toBe(maze.solution!.length - 2);
    }
  });

  it('polar text is refused in one line naming the formats that draw it; the library says the same', async () => {
    const result = await runCli(['gen', '--shape', 'polar', '--w', '4']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('maze: error: a polar maze is not drawn as text (its rings have no even grid of characters); write it as png, svg, pdf, json, pov, stl, 3mf, dxf, laser-svg or plot-svg\n');
    const { render } = await import('../src/lib/index.js');
    await expect(render(shaped('polar', 'kruskal'), 'ascii')).rejects.toThrow(/polar maze is not drawn as text/);
  });

  it.each([
    ['hex', ['--w', '12', '--h', '9'], ['txt', 'pov']],
    ['triangle', ['--w', '12', '--h', '9'], ['txt', 'pov']],
    ['polar', ['--w', '6'], ['pov']],
  ])('maze gen --shape %s --solve: render of its JSON writes the same text and scene, byte for byte', async (shape, size, exts) => {
    const dir = tempDir();
    for (const ext of ['json', ...exts]) {
      const made = await runCli(['gen', '--shape', shape, ...size, '--solve', '--seed', '4', '-o', join(dir, `m.${ext}`)]);
      expect(made.code, made.stderr).toBe(0);
    }
    for (const ext of exts) {
      const rendered = await runCli(['render', join(dir, 'm.json'), '-o', join(dir, `r.${ext}`)]);
      expect(rendered.code, rendered.stderr).toBe(0);
      expect(readFileSync(join(dir, `r.${ext}`)).equals(readFileSync(join(dir, `m.${ext}`))), ext).toBe(true);
    }
  });

  it('maze gen --shape triangle -o - prints a triangle maze', async () => {
    const result = await runCli(['gen', '--shape', 'triangle', '--w', '6', '--h', '3', '--seed', '1', '-o', '-']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.split('\n')[0]).toMatch(/^ {4}____ {2}____ {2}____$/);
    expect(result.stdout.split('\n')).toHaveLength(3 * 3 + 2);
    expect(result.stdout).toMatch(/^\/____ /m);
  });
});
