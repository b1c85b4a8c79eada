/**
 * Mazes you can hold (issue 35): STL and 3MF for a 3D printer, DXF and
 * laser SVG cut lines, plotter SVG strokes, for every grid and a mask,
 * each checked by a real client: admesh and manifold-3d for the mesh,
 * unzip and xmllint for the 3MF package, ezdxf (Debian's python3) for the
 * DXF, librsvg for the SVGs.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import Module from 'manifold-3d';
import { parseAnyMaze } from '../src/formats/json.js';
import { findFormat } from '../src/formats/index.js';
import type { RenderOptions } from '../src/formats/types.js';
import { DEFAULT_RENDER_OPTIONS } from '../src/formats/types.js';
import { FAB_DEFAULTS } from '../src/formats/fabrication.js';
import { buildSolid } from '../src/formats/solid.js';
import type { Solid } from '../src/formats/solid.js';
import { GraphMaze } from '../src/grid/graph-maze.js';
import type { TopologyShape } from '../src/grid/topology.js';
import { render } from '../src/lib/index.js';
import type { AnyMaze } from '../src/passages/view.js';
import { eulerStrokes, expectedVolume, sidesOf, wallLength } from './fab-geometry.js';
import { decodePng } from './fixtures.js';
import { collect, externalTool, runCli, spawnMaze, tempDir } from './helpers.js';

const admesh = externalTool('admesh', 'apt-get install admesh');
const xmllint = externalTool('xmllint', 'apt-get install libxml2-utils');
const rsvg = externalTool('rsvg-convert', 'apt-get install librsvg2-bin');
const PYTHON = '/usr/bin/python3';
const ezdxf = { skip: spawnSync(PYTHON, ['-c', 'import ezdxf']).status !== 0 };

/** A maze made by `maze gen` with these arguments, read back from its JSON. */
function mazeOf(args: string[], dir = tempDir()): AnyMaze {
  const file = join(dir, 'maze.json');
  const result = spawnMaze(['gen', '--quiet', ...args, '-o', file]);
  expect(result.stderr).toBe('');
  return parseAnyMaze(readFileSync(file, 'utf8'), file);
}

async function bytesOf(maze: AnyMaze, format: string, fab: RenderOptions['fab'] = undefined): Promise<Buffer> {
  const f = findFormat(format)!;
  const options: RenderOptions = { ...DEFAULT_RENDER_OPTIONS, ...(fab ? { fab } : {}) };
  return collect(maze instanceof GraphMaze ? f.renderGraph!(maze, options) : f.render(maze, options));
}

/** admesh's report of an STL file: its numbers by their labels. */
function admeshReport(file: string): Record<string, number> {
  // Debian's admesh guesses text or binary from the bytes after the header, and may never return on a wrong guess (SPEC)
  const run = spawnSync('timeout', ['20', 'admesh', file], { encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  const report: Record<string, number> = {};
  for (const line of run.stdout.split('\n')) {
    for (const [, label, value] of line.matchAll(/([A-Za-z][A-Za-z ]*?)\s*:\s*(-?[\d.]+)/g)) report[label!.trim()] = Number(value);
  }
  expect(run.stdout).toContain('Binary STL');
  return report;
}

/** An STL's triangles as a vertex list and indices, corners matched exactly. */
function stlMesh(bytes: Buffer): { vertices: Float32Array; triangles: Uint32Array } {
  const count = bytes.readUInt32LE(80);
  expect(bytes.length).toBe(84 + 50 * count);
  const ids = new Map<string, number>();
  const vertices: number[] = [];
  const triangles: number[] = [];
  for (let t = 0; t < count; t++) {
    for (let k = 0; k < 3; k++) {
      const at = 84 + 50 * t + 12 + 12 * k;
      const xyz = [bytes.readFloatLE(at), bytes.readFloatLE(at + 4), bytes.readFloatLE(at + 8)];
      const key = xyz.join();
      let id = ids.get(key);
      if (id === undefined) {
        id = vertices.length / 3;
        ids.set(key, id);
        vertices.push(...xyz);
      }
      triangles.push(id);
    }
  }
  return { vertices: Float32Array.from(vertices), triangles: Uint32Array.from(triangles) };
}

type Wasm = Awaited<ReturnType<typeof Module>>;
let wasm: Wasm;
beforeAll(async () => {
  wasm = await Module();
  wasm.setup();
});

/** manifold-3d's verdict on a mesh: its status and volume. */
function manifoldOf(mesh: { vertices: Float32Array; triangles: Uint32Array }): { status: string; volume: number; genus: number } {
  const solid = new wasm.Manifold(new wasm.Mesh({ numProp: 3, vertProperties: mesh.vertices, triVerts: mesh.triangles }));
  const result = { status: String(solid.status()), volume: solid.volume(), genus: solid.genus() };
  solid.delete();
  return result;
}

const FAB = { cellMm: 10, wallMm: 1.2, heightMm: 8, baseMm: 2 };
const MASK = ['..X...', '......', 'X.....', '......', '...XX.'];

const CASES: [string, string[]][] = [
  ['square', ['--w', '7', '--h', '5']],
  ['hex', ['--shape', 'hex', '--w', '6', '--h', '5']],
  ['triangle', ['--shape', 'triangle', '--w', '9', '--h', '5']],
  ['polar', ['--shape', 'polar', '--w', '5']],
  ['masked square', ['--mask', 'MASK']],
  ['masked hex', ['--shape', 'hex', '--w', '8', '--h', '6', '--mask', 'MASK']],
];

function caseMaze(args: string[], extra: string[] = [], seed = '7'): AnyMaze {
  const dir = tempDir();
  const mask = join(dir, 'mask.txt');
  writeFileSync(mask, `${MASK.join('\n')}\n`);
  return mazeOf(['--seed', seed, ...args.map((a) => (a === 'MASK' ? mask : a)), ...extra], dir);
}

describe('STL: one closed 2-manifold, as admesh and manifold-3d read it, of the expected volume', () => {
  for (const [name, args] of CASES) {
    it.skipIf(admesh.skip)(`${name} maze`, async () => {
      admesh.require();
      const maze = caseMaze(args);
      expect(maze.start).toBeNull();
      const bytes = await bytesOf(maze, 'stl');
      const file = join(tempDir(), 'maze.stl');
      writeFileSync(file, bytes);
      const report = admeshReport(file);
      expect(report['Number of parts']).toBe(1);
      for (const label of ['Degenerate facets', 'Edges fixed', 'Facets removed', 'Facets added', 'Facets reversed', 'Backwards edges', 'Normals fixed', 'Total disconnected facets']) {
        expect(report[label], label).toBe(0);
      }
      const solid = manifoldOf(stlMesh(bytes));
      expect(solid.status).toMatch(/NoError/);
      const { volume } = expectedVolume(maze, FAB);
      expect(Math.abs(solid.volume - volume) / volume).toBeLessThan(0.001);
      expect(Math.abs(report['Volume']! - volume) / volume).toBeLessThan(0.001);
    });
  }

  it.skipIf(admesh.skip)('with the solution raised and the ends sunk, every grid stays one closed part', async () => {
    // and masks with a hole (the plate's genus 1) and two cells that touch at a corner only
    const dir = tempDir();
    const ring = join(dir, 'ring.txt');
    const pinch = join(dir, 'pinch.txt');
    writeFileSync(ring, '......\n.XXXX.\n.X..X.\n.XXXX.\n......\n');
    writeFileSync(pinch, '...\n.X.\n..X\n....\n');
    const more: [string, string[]][] = [
      ['ring', ['--mask', ring, '--mask-regions', 'largest']],
      ['polar ring', ['--shape', 'polar', '--w', '8', '--mask', ring, '--mask-regions', 'largest']],
      ['pinch', ['--mask', pinch]],
    ];
    for (const [, args] of [...CASES, ...more]) {
      const maze = caseMaze(args, ['--solve', '--ends', 'farthest', '--openings', '--braid', '0.5'], '3');
      const bytes = await bytesOf(maze, 'stl', { wallMm: 2, heightMm: 5 });
      const file = join(tempDir(), 'maze.stl');
      writeFileSync(file, bytes);
      const report = admeshReport(file);
      expect(report['Number of parts']).toBe(1);
      expect(report['Degenerate facets']).toBe(0);
      expect(report['Edges fixed']).toBe(0);
      expect(report['Facets reversed']).toBe(0);
      expect(manifoldOf(stlMesh(bytes)).status).toMatch(/NoError/);
    }
  });
});

describe('STL of a polar maze at the default sizes, its arcs in pieces of about 2 mm (review, defect 5)', () => {
  it.skipIf(admesh.skip)('gen --shape polar --w 6 --solve: one closed part, as admesh and manifold-3d read it', async () => {
    admesh.require();
    const maze = caseMaze(['--shape', 'polar', '--w', '6'], ['--solve']);
    const bytes = await bytesOf(maze, 'stl');
    const file = join(tempDir(), 'pol.stl');
    writeFileSync(file, bytes);
    const report = admeshReport(file);
    expect(report['Number of parts']).toBe(1);
    for (const label of ['Degenerate facets', 'Edges fixed', 'Facets removed', 'Facets added', 'Facets reversed', 'Backwards edges', 'Normals fixed', 'Total disconnected facets']) expect(report[label], label).toBe(0);
    expect(manifoldOf(stlMesh(bytes)).status).toMatch(/NoError/);
  });
});

describe('STL of topologies (issue 35 item 1, once issue 33 landed)', () => {
  it.skipIf(admesh.skip)('levels print as separate plates, one closed part a floor; a wrapped maze as one plate, its wrapped edges open on both borders', async () => {
    for (const [args, parts] of [[['--levels', '3', '--w', '6', '--h', '5'], 3], [['--levels', '2', '--shape', 'hex', '--w', '5', '--h', '4'], 2], [['--wrap', 'xy', '--w', '6', '--h', '5'], 1]] as const) {
      const bytes = await bytesOf(caseMaze([...args], ['--solve']), 'stl');
      const file = join(tempDir(), 'maze.stl');
      writeFileSync(file, bytes);
      const report = admeshReport(file);
      expect(report['Number of parts'], args.join(' ')).toBe(parts);
      expect(report['Degenerate facets']).toBe(0);
      expect(report['Edges fixed']).toBe(0);
      expect(report['Facets reversed']).toBe(0);
      expect(manifoldOf(stlMesh(bytes)).status).toMatch(/NoError/);
    }
  });
});

describe('STL of a woven maze: each crossing a bridge over a tunnel, in true 3D', () => {
  it.skipIf(admesh.skip)('one closed 2-manifold a plate, with a handle through it for each tunnel (its genus), on square and hex grids, solved, on levels and wrapped', async () => {
    admesh.require();
    const cases: [string[], number, string?][] = [
      [['--weave', '0.6', '--w', '8', '--h', '6'], 1],
      [['--weave', '0.6', '--w', '8', '--h', '6', '--solve', '--ends', 'farthest'], 1],
      [['--shape', 'hex', '--weave', '0.7', '--w', '8', '--h', '7', '--solve'], 1],
      [['--levels', '2', '--weave', '0.6', '--w', '7', '--h', '6', '--solve'], 2],
      [['--wrap', 'xy', '--weave', '0.6', '--w', '8', '--h', '8', '--solve'], 1],
      // every chance taken: tunnels across the seams too, which open on the other border as any wrapped passage (they had a rail there too)
      [['--wrap', 'y', '--weave', '1', '--w', '5', '--h', '6'], 1, '1'],
      [['--wrap', 'xy', '--weave', '1', '--w', '8', '--h', '8', '--solve'], 1],
    ];
    for (const [args, parts, seed] of cases) {
      const maze = caseMaze(args, [], seed ?? '4') as GraphMaze;
      const crossings = (maze.shape as TopologyShape).crossingCells.length;
      expect(crossings, args.join(' ')).toBeGreaterThan(2);
      const bytes = await bytesOf(maze, 'stl');
      const file = join(tempDir(), 'woven.stl');
      writeFileSync(file, bytes);
      const report = admeshReport(file);
      expect(report['Number of parts'], args.join(' ')).toBe(parts);
      for (const label of ['Degenerate facets', 'Edges fixed', 'Facets removed', 'Facets added', 'Facets reversed', 'Backwards edges', 'Normals fixed', 'Total disconnected facets']) expect(report[label], label).toBe(0);
      const solid = manifoldOf(stlMesh(bytes));
      expect(solid.status).toMatch(/NoError/);
      // a plate alone has no hole; each tunnel is one through it (manifold-3d's genus of several parts is their sum less the parts but one)
      expect(solid.genus, args.join(' ')).toBe(crossings - (parts - 1));
    }
  });

  it('a maze of keys and locked doors is refused as a printed model, which has no mark for them (a sweep: every door printed open), in one line and with no file; with no key it prints', () => {
    const dir = tempDir();
    for (const file of ['z.stl', 'z.3mf']) {
      const run = spawnMaze(['gen', '--algo', 'zones', '--w', '10', '--h', '8', '--seed', '2', '-o', join(dir, file)]);
      expect(run.code).toBe(2);
      expect(run.stderr).toBe('maze: error: a printed maze has no mark for a key or a locked door, so a maze of keys and doors would print with every door open: draw it as png, svg, pdf or pov, or play it with maze play\n');
      expect(existsSync(join(dir, file))).toBe(false);
    }
    expect(spawnMaze(['gen', '--algo', 'zones', '--keys', '0', '--w', '10', '--h', '8', '--seed', '2', '-o', join(dir, 'open.stl')]).code).toBe(0);
  });

  it("a printed maze of levels marks each stair: its cell's floor a pit half as deep as an end's, on both floors it joins (a sweep: the plates showed no stair, and no way from the entrance to the exit)", () => {
    for (const args of [['--levels', '2', '--w', '5', '--h', '4'], ['--levels', '3', '--shape', 'hex', '--w', '4', '--h', '3']]) {
      const maze = caseMaze(args, [], '3') as GraphMaze;
      const shape = maze.shape as TopologyShape;
      const solid = buildSolid(maze, { ...FAB_DEFAULTS, ...FAB });
      const pitch = FAB.cellMm * 1000;
      const half = (FAB.wallMm * 1000) / 2;
      const ends = new Set([maze.start, maze.end].filter((p) => p !== null).map((p) => maze.cellAt(p!)));
      let stairs = 0;
      for (let cell = 0; cell < shape.cellCount; cell++) {
        if (ends.has(cell)) continue;
        const [cx, cy] = shape.center(cell);
        const hits = verticalHits(solid, cx * pitch + half, (shape.extent.height - cy) * pitch + half);
        const stair = maze.isOpen(cell, shape.up) || maze.isOpen(cell, shape.up + 1);
        if (stair) stairs++;
        // the plate's bottom, and the floor: a pit a quarter of the plate down (the ends sink half), or the plate's top
        expect(hits.map((z) => z / 1000), `${args.join(' ')} cell ${cell}`).toEqual([0, stair ? FAB.baseMm * 0.75 : FAB.baseMm]);
      }
      // each stair is two cells, one on each floor it joins
      expect(stairs, args.join(' ')).toBeGreaterThanOrEqual(2 * (shape.levels - 1));
    }
  });

  it('a printed crossing is hollow under its deck: a vertical line through its centre meets the solid twice, below the tunnel and from its ceiling to the deck', async () => {
    const maze = caseMaze(['--weave', '0.6', '--w', '8', '--h', '6'], [], '4') as GraphMaze;
    const shape = maze.shape as TopologyShape;
    const solid = buildSolid(maze, { ...FAB_DEFAULTS, ...FAB });
    const pitch = FAB.cellMm * 1000;
    const half = (FAB.wallMm * 1000) / 2;
    for (const cell of shape.crossingCells) {
      const [cx, cy] = shape.center(cell);
      // the solid's x and y in µm: y turned up, both moved on by the half wall the outer walls reach beyond the grid
      const hits = verticalHits(solid, cx * pitch + half, (shape.extent.height - cy) * pitch + half);
      // z where the line enters or leaves: the plate's bottom, the tunnel's floor and ceiling, the deck
      expect(hits.map((z) => z / 1000)).toEqual([0, FAB.baseMm, FAB.baseMm + FAB.heightMm / 2, FAB.baseMm + Math.round((2 * FAB.heightMm * 1000) / 3) / 1000]);
    }
  });
});

describe('a made-by line of any seed keeps the XML formats well formed (a sweep: a seed a---b or with an escape spoiled them)', () => {
  it.skipIf(xmllint.skip)('laser-svg, plot-svg and 3mf, checked by xmllint', async () => {
    xmllint.require();
    const dir = tempDir();
    for (const seed of ['a---b', 'a--', 'a\u001bb\u0000c']) {
      for (const format of ['laser-svg', 'plot-svg', '3mf']) {
        const file = join(dir, format === '3mf' ? 'm.3mf' : 'm.svg');
        const made = await runCli(['gen', '--w', '4', '--h', '3', '--seed', seed, '-f', format, '-o', file]);
        expect(made.code, made.stderr).toBe(0);
        let xml = file;
        if (format === '3mf') {
          expect(spawnSync('unzip', ['-o', '-q', file, '-d', join(dir, 'x')]).status).toBe(0);
          xml = join(dir, 'x', '3D', '3dmodel.model');
        }
        const lint = spawnSync('xmllint', ['--noout', xml], { encoding: 'utf8' });
        expect(lint.stderr, `${format} ${JSON.stringify(seed)}`).toBe('');
      }
    }
  });
});

describe('3MF: a zip of well-formed XML, millimetres, one object whose triangles index its vertices; manifold-3d again', () => {
  it.skipIf(xmllint.skip)('hex and polar mazes', async () => {
    xmllint.require();
    for (const args of [CASES[1]![1], CASES[3]![1]]) {
      const maze = caseMaze(args);
      const dir = tempDir();
      const file = join(dir, 'maze.3mf');
      writeFileSync(file, await bytesOf(maze, '3mf'));
      const unzip = spawnSync('unzip', ['-o', file, '-d', join(dir, 'x')], { encoding: 'utf8' });
      expect(unzip.status, unzip.stderr).toBe(0);
      for (const part of ['[Content_Types].xml', '_rels/.rels', '3D/3dmodel.model']) {
        const lint = spawnSync('xmllint', ['--noout', join(dir, 'x', part)], { encoding: 'utf8' });
        expect(lint.status, lint.stderr).toBe(0);
      }
      const model = readFileSync(join(dir, 'x', '3D', '3dmodel.model'), 'utf8');
      expect(model).toContain('unit="millimeter"');
      expect(model.match(/<object /g)).toHaveLength(1);
      expect(model.match(/<item /g)).toHaveLength(1);
      const vertices = [...model.matchAll(/<vertex x="([-\d.]+)" y="([-\d.]+)" z="([-\d.]+)"\/>/g)].flatMap((m) => [Number(m[1]), Number(m[2]), Number(m[3])]);
      const triangles = [...model.matchAll(/<triangle v1="(\d+)" v2="(\d+)" v3="(\d+)"\/>/g)].flatMap((m) => [Number(m[1]), Number(m[2]), Number(m[3])]);
      expect(triangles.length).toBeGreaterThan(0);
      expect(Math.max(...triangles)).toBeLessThan(vertices.length / 3);
      const solid = manifoldOf({ vertices: Float32Array.from(vertices), triangles: Uint32Array.from(triangles) });
      expect(solid.status).toMatch(/NoError/);
      const { volume } = expectedVolume(maze, FAB);
      expect(Math.abs(solid.volume - volume) / volume).toBeLessThan(0.001);
    }
  });
});

/** ezdxf's reading of a DXF: its audit, units, and entities per layer. */
function readDxf(file: string): { errors: number; units: number; lines: number[][]; arcs: number[][]; circles: number[][]; board: number } {
  const script = `
import ezdxf, json, sys
doc = ezdxf.readfile(sys.argv[1])
audit = doc.audit()
out = {'errors': len(audit.errors), 'units': doc.header.get('$INSUNITS', 0), 'lines': [], 'arcs': [], 'circles': [], 'board': 0}
for e in doc.modelspace():
    if e.dxf.layer == 'BOARD':
        out['board'] += 1
    elif e.dxftype() == 'LINE':
        out['lines'].append([e.dxf.start.x, e.dxf.start.y, e.dxf.end.x, e.dxf.end.y])
    elif e.dxftype() == 'ARC':
        out['arcs'].append([e.dxf.center.x, e.dxf.center.y, e.dxf.radius, e.dxf.start_angle, e.dxf.end_angle])
    elif e.dxftype() == 'CIRCLE':
        out['circles'].append([e.dxf.center.x, e.dxf.center.y, e.dxf.radius])
print(json.dumps(out))
`;
  const run = spawnSync(PYTHON, ['-c', script, file], { encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout);
}

const sweep = (start: number, end: number): number => ((((end - start) % 360) + 360) % 360 || 360) * (Math.PI / 180);

/** Whether two cuts share a stretch of positive length (collinear overlapping lines, or arcs of one circle whose spans overlap). */
function overlapping(a: number[], b: number[], kind: 'line' | 'arc'): boolean {
  if (kind === 'line') {
    const [ax, ay, bx, by] = a as [number, number, number, number];
    const [cx, cy, dx, dy] = b as [number, number, number, number];
    const length = Math.hypot(bx - ax, by - ay);
    const ux = (bx - ax) / length;
    const uy = (by - ay) / length;
    // both ends of the other on this line?
    if (Math.abs((cx - ax) * uy - (cy - ay) * ux) > 1e-3 || Math.abs((dx - ax) * uy - (dy - ay) * ux) > 1e-3) return false;
    const t0 = (cx - ax) * ux + (cy - ay) * uy;
    const t1 = (dx - ax) * ux + (dy - ay) * uy;
    return Math.min(length, Math.max(t0, t1)) - Math.max(0, Math.min(t0, t1)) > 1e-3;
  }
  if (Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!) > 1e-3 || Math.abs(a[2]! - b[2]!) > 1e-3) return false;
  // sample the first arc: a point strictly inside both spans is an overlap
  const inSpan = (arc: number[], angle: number): boolean => {
    const from = ((arc[3]! % 360) + 360) % 360;
    const d = (((angle - from) % 360) + 360) % 360;
    return d > 1e-3 && d < (sweep(arc[3]!, arc[4]!) * 180) / Math.PI - 1e-3;
  };
  for (let i = 1; i < 64; i++) {
    const angle = a[3]! + ((sweep(a[3]!, a[4]!) * 180) / Math.PI) * (i / 64);
    if (inSpan(b, angle)) return true;
  }
  return false;
}

describe('DXF: ezdxf opens it with no audit error, the cuts add up to the walls, and no two overlap', () => {
  it.skipIf(ezdxf.skip)('random mazes of every grid', async () => {
    const grids: string[][] = [[], ['--shape', 'hex'], ['--shape', 'triangle'], ['--shape', 'polar'], ['--mask', 'MASK'], ['--braid', '1']];
    for (const [i, grid] of grids.entries()) {
      for (const seed of ['1', '2']) {
        const size = grid.includes('polar') ? ['--w', '4'] : grid.includes('MASK') ? [] : ['--w', String(4 + i), '--h', String(3 + Number(seed))];
        const maze = caseMaze([...grid, ...size], ['--openings', '--ends', 'random'], seed);
        const file = join(tempDir(), 'maze.dxf');
        const bytes = await bytesOf(maze, 'dxf', { cellMm: 10, marginMm: 5 });
        writeFileSync(file, bytes);
        const dxf = readDxf(file);
        expect(dxf.errors).toBe(0);
        expect(dxf.units).toBe(4);
        expect(dxf.board).toBeGreaterThan(0);
        const cut =
          dxf.lines.reduce((sum, [x0, y0, x1, y1]) => sum + Math.hypot(x1! - x0!, y1! - y0!), 0) +
          dxf.arcs.reduce((sum, arc) => sum + arc[2]! * sweep(arc[3]!, arc[4]!), 0) +
          dxf.circles.reduce((sum, c) => sum + 2 * Math.PI * c[2]!, 0);
        const walls = wallLength(maze) * 10;
        // the test's walls are the shapes' polylines, a chord every eighth of a tile: a polar arc's is a little shorter
        expect(Math.abs(cut - walls), `${grid.join(' ')} seed ${seed}`).toBeLessThan(walls * (grid.includes('polar') ? 1e-3 : 2e-5) + 0.01);
        expect(Math.abs(Number(/, ([\d.]+) mm of cut/.exec(bytes.toString())![1]) - cut)).toBeLessThan(0.01);
        // every cut runs along walls: its middle (y turned down again, in tiles) lies on one
        const extentHeight = maze instanceof GraphMaze ? maze.shape.extent.height : maze.height;
        const wallPolylines = sidesOf(maze).filter((side) => side.wall).map((side) => side.points);
        const onWall = (X: number, Y: number): boolean => {
          const [x, y] = [X / 10, extentHeight - Y / 10];
          return wallPolylines.some((p) => {
            for (let i = 2; i < p.length; i += 2) {
              const [ax, ay, bx, by] = [p[i - 2]!, p[i - 1]!, p[i]!, p[i + 1]!];
              const t = Math.max(0, Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)));
              if (Math.hypot(ax + t * (bx - ax) - x, ay + t * (by - ay) - y) < 0.005) return true;
            }
            return false;
          });
        };
        for (const [x0, y0, x1, y1] of dxf.lines) expect(onWall((x0! + x1!) / 2, (y0! + y1!) / 2)).toBe(true);
        for (const [cx, cy, r, start, end] of dxf.arcs) {
          const middle = (start! * Math.PI) / 180 + sweep(start!, end!) / 2;
          expect(onWall(cx! + r! * Math.cos(middle), cy! + r! * Math.sin(middle))).toBe(true);
        }
        for (let a = 0; a < dxf.lines.length; a++) for (let b = a + 1; b < dxf.lines.length; b++) expect(overlapping(dxf.lines[a]!, dxf.lines[b]!, 'line')).toBe(false);
        for (let a = 0; a < dxf.arcs.length; a++) for (let b = a + 1; b < dxf.arcs.length; b++) expect(overlapping(dxf.arcs[a]!, dxf.arcs[b]!, 'arc')).toBe(false);
        // collinear runs are merged: no two lines go on straight from one's end to the other's
        for (const p of dxf.lines) {
          for (const q of dxf.lines) {
            if (p === q) continue;
            const meets = [[p[2], p[3], q[0], q[1]], [p[2], p[3], q[2], q[3]], [p[0], p[1], q[0], q[1]], [p[0], p[1], q[2], q[3]]].some(([a, b, c, d]) => Math.hypot(a! - c!, b! - d!) < 1e-3);
            if (!meets) continue;
            const cross = (p[2]! - p[0]!) * (q[3]! - q[1]!) - (p[3]! - p[1]!) * (q[2]! - q[0]!);
            expect(Math.abs(cross) / (Math.hypot(p[2]! - p[0]!, p[3]! - p[1]!) * Math.hypot(q[2]! - q[0]!, q[3]! - q[1]!))).toBeGreaterThan(1e-6);
          }
        }
      }
    }
  });

  it('the laser SVG cuts what the DXF cuts: one hairline path a cut, the board apart', async () => {
    const maze = caseMaze(['--shape', 'polar', '--w', '4']);
    const dxf = (await bytesOf(maze, 'dxf', { marginMm: 3, kerf: 0.2 })).toString();
    const svg = (await bytesOf(maze, 'laser-svg', { marginMm: 3, kerf: 0.2 })).toString();
    const cuts = Number(/walls: (\d+) cuts/.exec(dxf)![1]);
    const walls = svg.slice(svg.indexOf('<g id="walls"'), svg.indexOf('</g>'));
    expect(walls.match(/<path /g)).toHaveLength(cuts);
    expect(walls).toContain('stroke-width="0.01"');
    expect(svg).toContain('<g id="board"');
    expect(/(\d+(\.\d+)?) mm of cut/.exec(svg)![1]).toBe(/(\d+(\.\d+)?) mm of cut/.exec(dxf)![1]);
    // kerf: the board circle (4 rings and the centre: 50 mm) is cut a tenth of a millimetre outside its 3 mm margin
    expect(svg).toContain('A53.1 53.1');
  });
});

/** The strokes of a plot SVG: each a list of pieces, a piece its two ends (mm) and its arc radius or 0. */
function strokesOf(svg: string): { from: [number, number]; to: [number, number]; radius: number }[][] {
  return [...svg.matchAll(/<path d="([^"]+)"\/>/g)].map((m) => {
    const d = m[1]!;
    const pieces: { from: [number, number]; to: [number, number]; radius: number }[] = [];
    let at: [number, number] = [0, 0];
    for (const [, op, args] of d.matchAll(/([MLA])([^MLA]+)/g)) {
      const n = args!.trim().split(/[ ,]+/).map(Number);
      if (op === 'M') at = [n[0]!, n[1]!];
      else {
        const to: [number, number] = op === 'L' ? [n[0]!, n[1]!] : [n[5]!, n[6]!];
        pieces.push({ from: at, to, radius: op === 'A' ? n[0]! : 0 });
        at = to;
      }
    }
    return pieces;
  });
}

describe("the made things' options at their defaults (a sweep: each refused)", () => {
  it("marginMm null (no board) is taken by the library, and --kerf 0 alone by the command line; a kerf with no board is still refused", async () => {
    const maze = mazeOf(['--w', '4', '--h', '3', '--seed', '1']);
    const plain = (await bytesOf(maze, 'dxf')).toString();
    expect(Buffer.from(await render(maze as never, 'dxf', { marginMm: null } as never)).toString()).toBe(plain);
    expect((await runCli(['gen', '--w', '4', '--h', '3', '--seed', '1', '--kerf', '0', '-f', 'dxf'])).stdout).toBe(plain);
    const refused = await runCli(['gen', '--w', '4', '--h', '3', '--seed', '1', '--kerf', '0.2', '-f', 'dxf']);
    expect(refused.stderr).toBe('maze: error: --kerf offsets the board outline, which only --margin-mm draws: give --margin-mm too\n');
  });
});

describe('cut lines to the micrometre (a sweep: a half-circle arc, DXF angles, the extents)', () => {
  it.skipIf(ezdxf.skip)("a DXF arc's ends meet the lines they join within a micrometre on a 60-ring board (angles to the millionth of a degree, not the thousandth), and its header's extents hold the board", () => {
    const dir = tempDir();
    const file = join(dir, 'p.dxf');
    expect(spawnMaze(['gen', '-q', '--shape', 'polar', '--w', '60', '--seed', '4', '--margin-mm', '5', '-o', file]).code).toBe(0);
    const { arcs, lines } = readDxf(file);
    const ends = new Map<string, [number, number]>();
    for (const [x0, y0, x1, y1] of lines) for (const [x, y] of [[x0!, y0!], [x1!, y1!]] as const) ends.set(`${Math.round(x / 0.01)},${Math.round(y / 0.01)}`, [x, y]);
    let worst = 0;
    for (const [cx, cy, r, start, end] of arcs) {
      for (const a of [start!, end!]) {
        const [x, y] = [cx! + r! * Math.cos((a * Math.PI) / 180), cy! + r! * Math.sin((a * Math.PI) / 180)];
        const near = ends.get(`${Math.round(x / 0.01)},${Math.round(y / 0.01)}`);
        if (near) worst = Math.max(worst, Math.hypot(near[0] - x, near[1] - y));
      }
    }
    expect(worst, 'mm').toBeLessThan(0.002);
    const text = readFileSync(file, 'utf8');
    // the board, a circle 5 mm round the 2·61·10 mm maze
    expect(text).toMatch(/\$EXTMIN\n10\n-5\n20\n-5\n30\n0\n9\n\$EXTMAX\n10\n1225\n20\n1225\n/);
  });

  it("a laser SVG's arcs come in pieces of at most 120°, none with the large-arc flag: the centre a reader finds from their rounded ends stays on the ring", () => {
    const svg = spawnMaze(['gen', '-q', '--shape', 'polar', '--w', '1', '--seed', '24151', '--openings', '--ends', 'farthest', '--braid', '0.7', '--cell-mm', '18.88', '-f', 'laser-svg']).stdout;
    const segments = [...svg.matchAll(/A([\d.]+) [\d.]+ 0 (\d) 1/g)];
    expect(segments.length).toBeGreaterThan(2);
    for (const [, , large] of segments) expect(large).toBe('0');
    // each piece's chord at most r·√3 (120°)
    for (const path of svg.matchAll(/d="M([\d.]+) ([\d.]+)((?:A[^A"]+)+)"/g)) {
      let [x, y] = [Number(path[1]), Number(path[2])];
      for (const piece of path[3]!.matchAll(/A([\d.]+) [\d.]+ 0 0 1 ([\d.-]+) ([\d.-]+)/g)) {
        const [r, nx, ny] = [Number(piece[1]), Number(piece[2]), Number(piece[3])];
        expect(Math.hypot(nx - x, ny - y)).toBeLessThanOrEqual(r * Math.sqrt(3) + 0.002);
        [x, y] = [nx, ny];
      }
    }
  });
});

describe('Plot SVG: the fewest strokes, each wall drawn once, as the PNG draws the walls', () => {
  for (const [name, args] of CASES) {
    it(`${name} maze`, async () => {
      const maze = caseMaze(args, ['--braid', '0.3']);
      const svg = (await bytesOf(maze, 'plot-svg', { cellMm: 20 })).toString();
      const strokes = strokesOf(svg);
      expect(strokes).toHaveLength(eulerStrokes(maze));
      expect(svg).toContain(`${strokes.length} strokes, the fewest`);
      // every wall exactly once
      const key = (p: [number, number], q: [number, number]): string => [p, q].map(([x, y]) => `${Math.round(x * 10)},${Math.round(y * 10)}`).sort().join(' ');
      const drawn = new Map<string, number>();
      for (const stroke of strokes) for (const piece of stroke) drawn.set(key(piece.from, piece.to), (drawn.get(key(piece.from, piece.to)) ?? 0) + 1);
      const walls = sidesOf(maze).filter((s) => s.wall);
      for (const wall of walls) {
        const p = wall.points;
        const k = key([p[0]! * 20, p[1]! * 20], [p[p.length - 2]! * 20, p[p.length - 1]! * 20]);
        expect(drawn.get(k), k).toBe(1);
        drawn.delete(k);
      }
      expect([...drawn.keys()]).toEqual([]);
      // each stroke is one continuous line
      for (const stroke of strokes) for (let i = 1; i < stroke.length; i++) expect(stroke[i]!.from).toEqual(stroke[i - 1]!.to);
    });
  }

  it.skipIf(rsvg.skip)('librsvg draws the strokes where the PNG has its walls', async () => {
    rsvg.require();
    for (const [, args] of [CASES[0]!, CASES[1]!, CASES[3]!]) {
      const maze = caseMaze(args);
      const dir = tempDir();
      mkdirSync(dir, { recursive: true });
      const png = decodePng(await bytesOf(maze, 'png'));
      const file = join(dir, 'plot.svg');
      // 20 mm cells at one pixel a millimetre: the PNG's 20-pixel tiles, its 1-pixel margin
      writeFileSync(file, await bytesOf(maze, 'plot-svg', { cellMm: 20 }));
      const out = join(dir, 'plot.png');
      const run = spawnSync('rsvg-convert', ['-w', String(png.width), '-h', String(png.height), '-o', out, file]);
      expect(run.status, String(run.stderr)).toBe(0);
      const plot = decodePng(readFileSync(out));
      const inked = (x: number, y: number): boolean => plot.data[4 * (y * plot.width + x) + 3]! > 0;
      // a wall pixel is any but the background's colour (the trees' walls have their own colours)
      const pixels = Buffer.from(png.data);
      const at = (x: number, y: number): number => pixels.readUInt32BE(4 * (y * png.width + x));
      const background = at(png.width >> 1, 1 + 10);
      const wallPixel = (x: number, y: number): boolean => at(x, y) !== background;
      let both = 0;
      let walls = 0;
      for (const side of sidesOf(maze)) {
        const p = side.points;
        const x = Math.round(((p[0]! + p[p.length - 2]!) / 2) * 20 + 1 - 0.5);
        const y = Math.round(((p[1]! + p[p.length - 1]!) / 2) * 20 + 1 - 0.5);
        if (p.length > 4) continue;
        if (side.wall) {
          walls++;
          if (inked(x, y) && wallPixel(x, y)) both++;
        } else {
          expect(inked(x, y)).toBe(false);
        }
      }
      expect(both / walls).toBeGreaterThan(0.95);
    }
  });
});

describe('render(maze, format): the library writes the made things', () => {
  it('stl, 3mf, dxf, laser-svg and plot-svg by library option names, refusing another format\'s', async () => {
    const maze = caseMaze(['--w', '4', '--h', '3']);
    const stl = await render(maze as never, 'stl', { cellMm: 5, wallMm: 1, heightMm: 4, baseMm: 1 });
    expect(stl.length).toBe(84 + 50 * Buffer.from(stl).readUInt32LE(80));
    expect(Buffer.from(await render(maze as never, '3mf')).subarray(0, 2).toString()).toBe('PK');
    expect(Buffer.from(await render(maze as never, 'dxf', { marginMm: 2 })).toString()).toContain('BOARD');
    expect(Buffer.from(await render(maze as never, 'laser-svg')).toString()).toContain('<g id="walls"');
    expect(Buffer.from(await render(maze as never, 'plot-svg', { cellMm: 4 })).toString()).toContain('strokes, the fewest');
    await expect(render(maze as never, 'stl', { wallMm: 3 } as never)).rejects.toThrow(/wallMm 3 must be at most a quarter of cellMm 10/);
    await expect(render(maze as never, 'dxf', { kerf: 0.2 } as never)).rejects.toThrow(/kerf offsets the board outline/);
  });

  it('the command line refuses a made thing\'s option for another format, in one line', () => {
    const png = spawnMaze(['gen', '--cell-mm', '5', '-o', join(tempDir(), 'm.png')]);
    expect(png.code).toBe(2);
    expect(png.stderr).toBe('maze: error: --cell-mm applies to stl, 3mf, dxf, laser-svg or plot-svg, not to png\n');
    const stl = spawnMaze(['gen', '--margin-mm', '5', '-o', join(tempDir(), 'm.stl')]);
    expect(stl.stderr).toBe('maze: error: --margin-mm applies to dxf or laser-svg, not to stl\n');
    const wall = spawnMaze(['gen', '--wall-mm', '3', '-o', join(tempDir(), 'm.stl')]);
    expect(wall.stderr).toMatch(/^maze: error: --wall-mm 3 must be at most a quarter of --cell-mm 10/);
    const large = spawnMaze(['gen', '--w', '300', '--h', '300', '--cell-mm', '20', '-o', join(tempDir(), 'm.stl')]);
    expect(large.stderr).toBe('maze: error: a printed model 6000 mm across is over the 4000 mm an STL or 3MF holds to the micrometre; make the maze or --cell-mm smaller\n');
    const svg = spawnMaze(['gen', '--format', 'plot-svg', '-o', join(tempDir(), 'm.svg')]);
    expect(svg.code).toBe(0);
  });
});

/** The heights, sorted, where the vertical line at (x, y) µm crosses the solid's facets (their tops and bottoms: the line enters or leaves). */
function verticalHits(solid: Solid, x: number, y: number): number[] {
  const { vertices: v, triangles: t } = solid;
  const zs = new Set<number>();
  for (let i = 0; i < t.length; i += 3) {
    const [a, b, c] = [t[i]! * 3, t[i + 1]! * 3, t[i + 2]! * 3];
    const d = (v[b]! - v[a]!) * (v[c + 1]! - v[a + 1]!) - (v[b + 1]! - v[a + 1]!) * (v[c]! - v[a]!);
    if (d === 0) continue; // a wall's face: no horizontal crossing
    // barycentric weights of (x, y) in the facet's plan
    const u = ((x - v[a]!) * (v[c + 1]! - v[a + 1]!) - (y - v[a + 1]!) * (v[c]! - v[a]!)) / d;
    const w = ((v[b]! - v[a]!) * (y - v[a + 1]!) - (v[b + 1]! - v[a + 1]!) * (x - v[a]!)) / d;
    if (u < 0 || w < 0 || u + w > 1) continue;
    zs.add(Math.round(v[a + 2]! + u * (v[b + 2]! - v[a + 2]!) + w * (v[c + 2]! - v[a + 2]!)));
  }
  return [...zs].sort((p, q) => p - q);
}

describe('cut lines and strokes: a size they hold (user sweep: a 2000 × 2000 hex maze, then under the 4 M-cell limit, ran out of memory as DXF and plot SVG)', () => {
  it('over 500 000 cells is refused up front, in one line, on every grid', () => {
    for (const [args, format] of [[['--shape', 'hex', '--w', '1000', '--h', '501'], 'plot-svg'], [['--w', '1000', '--h', '501'], 'dxf'], [['--shape', 'triangle', '--w', '1001', '--h', '500'], 'laser-svg']] as const) {
      const run = spawnMaze(['gen', ...args, '--format', format, '-o', join(tempDir(), 'x.out')]);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(new RegExp(`^maze: error: the ${format} format makes mazes of at most 500000 cells \\(held whole in memory\\), and this one has \\d+; make the maze smaller\\n$`));
    }
  });
});

describe('--margin-mm 0 (user sweep: the board outline lay on the outer walls, a stretch cut twice)', () => {
  it('is refused: a board outline is at least 0.1 mm out', () => {
    const run = spawnMaze(['gen', '--seed', '1', '--w', '5', '--h', '4', '--margin-mm', '0', '--format', 'laser-svg']);
    expect([run.code, run.stderr]).toEqual([2, "maze: error: --margin-mm must be a length in millimetres from 0.1 to 1000, got '0'\n"]);
    expect(spawnMaze(['gen', '--seed', '1', '--w', '5', '--h', '4', '--margin-mm', '0.1', '--format', 'laser-svg']).code).toBe(0);
  });
});
