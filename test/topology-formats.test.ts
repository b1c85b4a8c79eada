/** Topologies (issue 33) in JSON and the flat pictures: stored, read back and checked; drawn by PNG, SVG, PDF and text. */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAnyMaze } from '../src/formats/json.js';
import type { GraphMaze } from '../src/grid/graph-maze.js';
import { topologyMarks } from '../src/formats/shape-picture.js';
import { TopologyShape } from '../src/grid/topology.js';
import { decodePng } from './fixtures.js';
import type { Rgba } from './fixtures.js';
import { externalTool, runCli, schemaErrors, tempDir } from './helpers.js';

const rsvg = externalTool('rsvg-convert', 'apt-get install librsvg2-bin');
const poppler = externalTool('pdftoppm', 'apt-get install poppler-utils', '-v');

const CASES: [string, string[]][] = [
  ['wrap xy', ['--wrap', 'xy', '--w', '8', '--h', '6']],
  ['levels 3', ['--levels', '3', '--w', '6', '--h', '5']],
  ['weave 1', ['--weave', '1', '--w', '10', '--h', '8']],
  ['hex weave on levels', ['--shape', 'hex', '--weave', '1', '--levels', '2', '--w', '8', '--h', '6']],
  ['wrapped weave on levels, braided, with openings', ['--wrap', 'x', '--weave', '0.7', '--levels', '2', '--w', '9', '--h', '7', '--braid', '0.5', '--openings', '--ends', 'farthest']],
];

async function gen(args: string[], file: string): Promise<void> {
  const result = await runCli(['gen', '--seed', '3', '--solve', '-o', file, ...args]);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
}

/** Pixels of a color near `rgb`. */
function count(image: Rgba, test: (r: number, g: number, b: number) => boolean): number {
  let n = 0;
  for (let i = 0; i < image.data.length; i += 4) if (test(image.data[i]!, image.data[i + 1]!, image.data[i + 2]!)) n++;
  return n;
}

describe.each(CASES)('%s', (_name, args) => {
  it('JSON: valid against the schema, read back as the same topology, and maze render of it gives the same bytes in every format', async () => {
    const dir = tempDir();
    await gen(args, join(dir, 'm.json'));
    const text = readFileSync(join(dir, 'm.json'), 'utf8');
    expect(schemaErrors(text)).toEqual([]);
    const maze = parseAnyMaze(text, 'm.json') as GraphMaze;
    expect(maze.shape).toBeInstanceOf(TopologyShape);
    for (const ext of ['png', 'svg', 'pdf', 'txt']) {
      if (ext === 'txt' && args.includes('hex')) continue;
      await gen(args, join(dir, `direct.${ext}`));
      const rendered = await runCli(['render', join(dir, 'm.json'), '-o', join(dir, `read.${ext}`)]);
      expect(rendered.stderr).toBe('');
      expect(readFileSync(join(dir, `read.${ext}`)).equals(readFileSync(join(dir, `direct.${ext}`))), ext).toBe(true);
    }
  });

  it('PNG: walls, the path and its ends drawn (pngjs)', async () => {
    const dir = tempDir();
    await gen(args, join(dir, 'm.png'));
    const image = decodePng(readFileSync(join(dir, 'm.png')));
    expect(count(image, (r, g, b) => r > 200 && g > 200 && b > 200)).toBeGreaterThan(500);
    expect(count(image, (r, g) => r > 200 && g < 100)).toBeGreaterThan(100);
  });

  it.skipIf(rsvg.skip)('SVG: librsvg draws it', async () => {
    rsvg.require();
    const dir = tempDir();
    await gen(args, join(dir, 'm.svg'));
    const result = spawnSync('rsvg-convert', ['-o', join(dir, 'm.png'), join(dir, 'm.svg')]);
    expect(result.status, result.stderr.toString()).toBe(0);
    const image = decodePng(readFileSync(join(dir, 'm.png')));
    expect(count(image, (r, g) => r > 200 && g < 100)).toBeGreaterThan(100);
  });

  it.skipIf(poppler.skip)('PDF: poppler draws both pages, the path on the second', async () => {
    poppler.require();
    const dir = tempDir();
    await gen(args, join(dir, 'm.pdf'));
    const result = spawnSync('pdftoppm', ['-r', '30', '-png', join(dir, 'm.pdf'), join(dir, 'page')]);
    expect(result.status, result.stderr.toString()).toBe(0);
    const two = decodePng(readFileSync(join(dir, 'page-2.png')));
    expect(count(two, (r, g) => r > 180 && g < 100)).toBeGreaterThan(20);
  });
});

describe('the pictures of a topology', () => {
  it('levels stand side by side, a tile apart, with a stair mark in each cell with a stair', async () => {
    const dir = tempDir();
    await gen(['--levels', '3', '--w', '6', '--h', '5', '--tile', '20', '--wall', '2'], join(dir, 'm.png'));
    const image = decodePng(readFileSync(join(dir, 'm.png')));
    // three levels of 6 tiles and two gaps of 1: 20 tiles, plus the wall
    expect(image.width).toBe(20 * 20 + 2);
    expect(image.height).toBe(5 * 20 + 2);
    // the gap between level 1 and 2 has no wall in its middle column
    const column = 6 * 20 + 1 + 10;
    let white = 0;
    for (let y = 0; y < image.height; y++) if (image.data[(y * image.width + column) * 4]! > 200) white++;
    expect(white).toBe(0);
  });

  it("a tunnel across a wrapped edge is marked on the crossing's border too, where the tunnel goes on (user sweep: only the far end had its chevron)", async () => {
    const dir = tempDir();
    await gen(['--weave', '1', '--wrap', 'y', '--w', '5', '--h', '6', '--seed', '1'], join(dir, 's.json'));
    const maze = parseAnyMaze(readFileSync(join(dir, 's.json'), 'utf8'), 's.json') as GraphMaze;
    const shape = maze.shape as TopologyShape;
    const marks = topologyMarks(maze, shape);
    let seamTunnels = 0;
    for (const cell of shape.crossingCells) {
      for (let s = 0; s < 4; s++) {
        if (shape.axisOf(s) !== shape.under[cell] || !shape.seam(cell, s)) continue;
        seamTunnels++;
        // a chevron whose tip lies in the crossing's cell, by the side the tunnel leaves through
        const [x, y] = shape.pointOf(cell);
        const near = marks.filter((m) => m[2]! > x && m[2]! < x + 1 && m[3]! > y && m[3]! < y + 1 && Math.abs(m[3]! - (s === 0 ? y : y + 1)) < 0.2);
        expect(near, `crossing ${x},${y}`).toHaveLength(1);
      }
    }
    expect(seamTunnels).toBeGreaterThan(0);
  });

  it('a wrapped edge is open where its passage is: fewer wall pixels on the border than the plain maze', async () => {
    const dir = tempDir();
    await gen(['--wrap', 'xy', '--w', '10', '--h', '8', '--tile', '10', '--wall', '2', '--algo', 'kruskal'], join(dir, 'w.png'));
    await gen(['--w', '10', '--h', '8', '--tile', '10', '--wall', '2', '--algo', 'kruskal'], join(dir, 'p.png'));
    const border = (image: Rgba): number => {
      let n = 0;
      for (let x = 0; x < image.width; x++) if (image.data[x * 4]! > 200) n++;
      return n;
    };
    const [wrapped, plain] = [decodePng(readFileSync(join(dir, 'w.png'))), decodePng(readFileSync(join(dir, 'p.png')))];
    expect(border(plain)).toBe(plain.width);
    expect(border(wrapped)).toBeLessThan(wrapped.width - 10);
  });

  it('text draws a crossing as theseus does: the bridge\'s rails meet the tunnel\'s walls (┤ ├ or ┴ ┬)', async () => {
    const result = await runCli(['gen', '--weave', '1', '--w', '7', '--h', '5', '--seed', '3', '--style', 'unicode']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/┤  ├|┴──┴/);
    const plain = await runCli(['gen', '--levels', '2', '--w', '5', '--h', '4', '--seed', '3', '--solve']);
    expect(plain.stdout.split('\n')[0]).toMatch(/^level 1 +level 2$/);
    expect(plain.stdout).toMatch(/[\^v]/);
    expect(plain.stdout).toContain('@');
    expect(plain.stdout).toContain('>');
  });

  it('a hex topology is not drawn as text, in one line', async () => {
    const result = await runCli(['gen', '--shape', 'hex', '--levels', '2', '--w', '5', '--h', '4']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^maze: error: a hex maze with levels or crossings is not drawn as text; write it as png, svg, pdf, json, pov, stl or 3mf\n$/);
  });

  it('…refused before the maze is made, as a usage error, whatever -o names (a device too), and by maze render', async () => {
    const dir = tempDir();
    const line = 'maze: error: a hex maze with levels or crossings is not drawn as text; write it as png, svg, pdf, json, pov, stl or 3mf\n';
    for (const out of ['/dev/null', join(dir, 'm.txt')]) {
      const result = await runCli(['gen', '--shape', 'hex', '--weave', '0.5', '--w', '5', '--h', '4', '-o', out]);
      expect([result.code, result.stderr], out).toEqual([2, line]);
    }
    expect(existsSync(join(dir, 'm.txt'))).toBe(false);
    await gen(['--shape', 'hex', '--weave', '0.5', '--w', '5', '--h', '4'], join(dir, 'm.json'));
    const rendered = await runCli(['render', join(dir, 'm.json')]);
    expect([rendered.code, rendered.stderr]).toEqual([2, line]);
  });
});

describe('the reader checks a topology', () => {
  async function saved(args: string[]): Promise<Record<string, unknown>> {
    const dir = tempDir();
    await gen(args, join(dir, 'm.json'));
    return JSON.parse(readFileSync(join(dir, 'm.json'), 'utf8')) as Record<string, unknown>;
  }
  const refused = (doc: Record<string, unknown>): string => {
    try {
      parseAnyMaze(JSON.stringify(doc), 'm.json');
    } catch (error) {
      return (error as Error).message;
    }
    return 'read';
  };

  it('crossings that touch, on the rim, or whose bridge turns are refused', async () => {
    const doc = await saved(['--weave', '1', '--w', '10', '--h', '8']);
    const crossings = doc.crossings as number[][];
    const [x, y] = crossings[0]!;
    expect(refused({ ...doc, crossings: [...crossings, [x! + 1, y!, 0, 1]] })).toMatch(/touches another crossing/);
    expect(refused({ ...doc, crossings: [[0, 0, 0, 1]] })).toMatch(/is on the rim/);
    expect(refused({ ...doc, crossings: [[x, y, 1, 1]] })).toMatch(/two different ones/);
    const passages = [...(doc.passages as string[])];
    const row = passages[y!]!;
    passages[y!] = row.slice(0, x) + 'f' + row.slice(x! + 1);
    expect(refused({ ...doc, passages })).toMatch(/crossing at \[\d+,\d+\] must open both sides of its bridge/);
  });

  it('stairs and wrap are checked', async () => {
    const doc = await saved(['--levels', '2', '--w', '4', '--h', '3']);
    expect(refused({ ...doc, stairs: undefined })).toMatch(/stores its "stairs"/);
    const topRow = [...(doc.stairs as string[])];
    topRow[5] = '1111';
    expect(refused({ ...doc, stairs: topRow })).toMatch(/a stair with no cell to reach/);
    const wrapped = await saved(['--wrap', 'x', '--w', '4', '--h', '2']);
    expect(refused({ ...wrapped, shape: 'hex' })).toMatch(/"wrap" is for square grids/);
    expect(refused({ ...wrapped, wrap: 'xy' })).toMatch(/at least 3 cells long/);
    // crossings on a way wrapped 3 cells round: what maze gen refuses to make, the reader refuses to read
    const woven = await saved(['--weave', '1', '--wrap', 'x', '--w', '4', '--h', '7', '--seed', '3']);
    expect((woven.crossings as unknown[]).length).toBeGreaterThan(0);
    expect(refused({ ...woven, width: 3, passages: (woven.passages as string[]).map((row) => row.slice(0, 3)) })).toMatch(/"crossings" on a way wrapped 3 cells round/);
    const plain = await saved(['--w', '4', '--h', '3']);
    expect(refused({ ...plain, levels: 2 })).toMatch(/must NOT be valid|"levels"|passages/);
  });
});

describe('the growth of a topology', () => {
  it('--animate writes it to a file (GIF, APNG) for each topology', async () => {
    const dir = tempDir();
    for (const [i, args] of [['--levels', '2'], ['--weave', '0.6'], ['--wrap', 'xy']].entries()) {
      for (const ext of ['gif', 'png']) {
        const result = await runCli(['gen', '--animate', ...args, '--w', '8', '--h', '6', '--seed', '2', '--solve', '--frames', '12', '-o', join(dir, `g${i}.${ext}`)]);
        expect(result.stderr).toBe('');
        expect(result.code).toBe(0);
      }
      const still = decodePng(readFileSync(join(dir, `g${i}.png`)));
      expect(still.width).toBeGreaterThan(100);
    }
    // the library tells it step by step too (test/topology-steps.test.ts)
    const lib = await import('../src/lib/index.js');
    expect([...lib.steps({ levels: 2, width: 4, height: 3 })][0]).toMatchObject({ type: 'grid', levels: 2 });
  });
});

describe('made things', () => {
  it('a woven maze is refused as flat cut lines or strokes, made or read, in one line; printed, it is made (test/fabrication.test.ts)', async () => {
    const dir = tempDir();
    for (const args of [['-o', join(dir, 'x.dxf')], ['--format', 'laser-svg', '-o', join(dir, 'x.svg')], ['--format', 'plot-svg', '-o', join(dir, 'y.svg')]]) {
      const result = await runCli(['gen', '--weave', '0.5', '--seed', '1', ...args]);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/^maze: error: (dxf|laser-svg|plot-svg) makes a flat thing, where a tunnel cannot pass under a bridge: leave out --weave, print the woven maze as stl or 3mf, or draw it as png, svg, pdf or pov\n$/);
    }
    for (const file of ['x.stl', 'x.3mf']) expect((await runCli(['gen', '--weave', '0.5', '--seed', '1', '--w', '8', '--h', '6', '-o', join(dir, file)])).code).toBe(0);
    await gen(['--weave', '0.5'], join(dir, 'w.json'));
    const read = await runCli(['render', join(dir, 'w.json'), '-o', join(dir, 'x.dxf')]);
    expect(read.stderr).toMatch(/^maze: error: dxf makes a flat thing/);
  });

  it('levels are refused as flat cut lines or strokes, which cannot mark a stair (a sweep: the floors came out with no way between them); printed, each stair is a pit (test/fabrication.test.ts)', async () => {
    const dir = tempDir();
    for (const [format, file] of [['dxf', 'x.dxf'], ['laser-svg', 'x.svg'], ['plot-svg', 'y.svg']]) {
      const result = await runCli(['gen', '--levels', '2', '--w', '6', '--h', '4', '--seed', '1', '--format', format!, '-o', join(dir, file!)]);
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(`maze: error: ${format} makes a flat thing, with no mark for a stair between two floors: leave out --levels, print the maze as stl or 3mf (a stair is a pit on both floors), or draw it as png, svg, pdf or pov\n`);
      expect(existsSync(join(dir, file!))).toBe(false);
    }
    await gen(['--levels', '2', '--w', '6', '--h', '4'], join(dir, 'l.json'));
    expect((await runCli(['render', join(dir, 'l.json'), '-o', join(dir, 'l.dxf')])).stderr).toMatch(/^maze: error: dxf makes a flat thing, with no mark for a stair/);
    const lib = await import('../src/lib/index.js');
    const maze = lib.generate({ levels: 2, width: 6, height: 4, seed: '1' });
    await expect(lib.render(maze, 'plot-svg')).rejects.toThrow(/plot-svg makes a flat thing, with no mark for a stair between two floors: leave out levels/);
  });
});
