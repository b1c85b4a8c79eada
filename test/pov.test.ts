/**
 * The POV-Ray scene renders in POV-Ray 3.7 (Debian povray, installed by
 * .ci/run) with no edits, no parse error and no warning, shows the whole
 * maze whatever the maze's and the picture's aspect ratios, and stays
 * compact: boxes for merged runs, never one per square. Without povray the
 * renders skip, except in CI, where they fail.
 */
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import pov from '../src/formats/pov.js';
import { DEFAULT_RENDER_OPTIONS } from '../src/formats/types.js';
import { Maze } from '../src/model/maze.js';
import { solveMaze } from '../src/passages/solve.js';
import type { Rgba } from './fixtures.js';
import { coloredWalls, decodePng, generated } from './fixtures.js';
import { collect, externalTool, isPerfect, runCli, tempDir } from './helpers.js';
import { parseMaze } from '../src/formats/json.js';

const povrayTool = externalTool('povray', 'apt-get install povray');

interface Render {
  log: string;
  picture: Rgba;
}

/** Render a scene with POV-Ray at a small size; the log holds everything it printed. */
async function povray(maze: Maze, width = 160, height = 120): Promise<Render> {
  povrayTool.require();
  const dir = tempDir();
  writeFileSync(join(dir, 'maze.pov'), await collect(pov.render(maze, DEFAULT_RENDER_OPTIONS)));
  // POV-Ray's default I/O policy lets a scene write only below the current folder.
  const { stdout, stderr } = await promisify(execFile)('povray', ['+Imaze.pov', '+Omaze.png', `+W${width}`, `+H${height}`, '-D', '+FN', '-GS', '-GR'], { cwd: dir, timeout: 30_000 })
    .catch((error: { stdout?: string; stderr?: string; message: string }) => {
      throw new Error(`povray failed: ${error.message}\n${error.stderr ?? ''}`);
    });
  return { log: stdout + stderr, picture: decodePng(readFileSync(join(dir, 'maze.png'))) };
}

function expectClean(log: string): void {
  const lines = log.split('\n').filter((l) => /warning|error/i.test(l) && !/Stream to console/.test(l));
  expect(lines, log).toEqual([]);
}

/** Whether pixel (x, y) is a lit wall: bright, as neither the dark floor nor the sky is. */
function isWall(p: Rgba, x: number, y: number): boolean {
  const o = (y * p.width + x) * 4;
  return p.data[o]! + p.data[o + 1]! + p.data[o + 2]! > 3 * 150;
}

/** Wall pixels inside, none on the picture's outer edge (the camera frames the whole maze). */
function expectFramed(p: Rgba): void {
  let inside = 0;
  for (let y = 0; y < p.height; y++) {
    for (let x = 0; x < p.width; x++) {
      if (!isWall(p, x, y)) continue;
      expect(x > 0 && y > 0 && x < p.width - 1 && y < p.height - 1, `wall at the edge, (${x}, ${y})`).toBe(true);
      inside++;
    }
  }
  expect(inside).toBeGreaterThan((p.width * p.height) / 50);
}

/** A zones maze with its solution: marks and path together. */
function solvedZones(): Maze {
  const maze = generated('zones', 16, 10, 'pzs', { zones: '10', keys: '5' });
  solveMaze(maze, [0, 0], [15, 9]);
  return maze;
}

/** Render a scene's text with POV-Ray, with extra command-line words; its log and picture. */
async function povrayText(scene: string, extra: string[] = [], width = 200, height = 150): Promise<Render> {
  povrayTool.require();
  const dir = tempDir();
  writeFileSync(join(dir, 'maze.pov'), scene);
  const { stdout, stderr } = await promisify(execFile)('povray', ['+Imaze.pov', '+Omaze.png', `+W${width}`, `+H${height}`, '-D', '+FN', '-GS', '-GR', ...extra], { cwd: dir, timeout: 60_000 })
    .catch((error: { stdout?: string; stderr?: string; message: string }) => {
      throw new Error(`povray failed: ${error.message}\n${error.stderr ?? ''}`);
    });
  return { log: stdout + stderr, picture: decodePng(readFileSync(join(dir, 'maze.png'))) };
}

/** The maze a --pov-maze sdl scene wrote on POV-Ray's debug stream (debugWalls), read as a saved maze. */
function debugMaze(log: string): Maze {
  const rows = (kind: string): string[] => [...log.matchAll(new RegExp(`^${kind} ([01]+)$`, 'gm'))].map((m) => m[1]!);
  const [, width, height] = /^maze (\d+) (\d+)$/m.exec(log) ?? [];
  return parseMaze(JSON.stringify({ format: 'maze', version: 1, width: Number(width), height: Number(height), algorithm: 'kruskal', seed: 'pov', options: {}, top: rows('top'), left: rows('left'), palette: ['#ffffff'] }), 'debug stream');
}

describe('pov', () => {
  it.skipIf(povrayTool.skip)('renders kruskal, backtracker and zones mazes with no warning, framed at any aspect ratio', async () => {
    const renders = await Promise.all([
      povray(generated('kruskal', 30, 20)),
      povray(generated('backtracker', 40, 3, 'wide')),
      povray(generated('kruskal', 3, 40, 'tall')),
      povray(generated('backtracker', 12, 12), 90, 200),
      povray(generated('kruskal', 1, 1), 200, 60),
      povray(generated('zones', 12, 8, 'pz', { zones: '8', keys: '4' })), // doors as colored walls, keys as balls, the ends
      povray(solvedZones()), // and the walk that fetches the keys
    ]);
    for (const { log, picture } of renders) {
      expectClean(log);
      expectFramed(picture);
    }
  });

  it.skipIf(povrayTool.skip)('keeps tree colors: colored walls come out colored', async () => {
    const maze = generated('trees', 14, 9, 'pov', { trunks: '3', islands: '1' });
    maze.palette[1] = 0xff2020; // a red no lighting turns gray
    const { log, picture } = await povray(maze, 200, 150);
    expectClean(log);
    let red = 0;
    for (let i = 0; i < picture.data.length; i += 4) {
      if (picture.data[i]! > 120 && picture.data[i + 1]! < 80 && picture.data[i + 2]! < 80) red++;
    }
    expect(red).toBeGreaterThan(50);
  });

  it.skipIf(povrayTool.skip)('writes a color with a single wall as a lone box (POV-Ray warns about a union of one)', async () => {
    const maze = Maze.bordered(3, 2);
    const { left } = maze.ensureColors();
    maze.setLeft(1, 0, true);
    left[maze.tileIndex(1, 0)] = maze.addColor(0xff4040); // reads on the floor as it is (theme.ts)
    const text = (await collect(pov.render(maze, DEFAULT_RENDER_OPTIONS))).toString('utf8');
    expect(text).toMatch(/^box \{ <3, 0, -4>, <4, 1, -1> scale <boxSize, wallHeight, boxSize> texture \{ pigment \{ color srgb <1, 0.251, 0.251> \}/m);
    expectClean((await povray(maze, 64, 48)).log);
  });

  it.skipIf(povrayTool.skip)('survives any seed text in its comments', async () => {
    const maze = generated('kruskal', 4, 3, 'line\nbreak // and ünïcødé');
    const { log } = await povray(maze, 64, 48);
    expectClean(log);
  });

  it.skipIf(povrayTool.skip)('draws a solution as a strip on the floor, with no warning', async () => {
    const maze = generated('backtracker', 12, 8, 'pov-path');
    solveMaze(maze, [0, 0], [11, 7]);
    const plain = generated('backtracker', 12, 8, 'pov-path');
    const [withPath, without] = await Promise.all([povray(maze, 200, 150), povray(plain, 200, 150)]);
    expectClean(withPath.log);
    expectFramed(withPath.picture);
    const red = (p: Rgba): number => {
      let n = 0;
      for (let i = 0; i < p.data.length; i += 4) if (p.data[i]! > 150 && p.data[i + 1]! < 90 && p.data[i + 2]! < 90) n++;
      return n;
    };
    expect(red(without.picture)).toBe(0);
    expect(red(withPath.picture)).toBeGreaterThan(200);
  });

  it.skipIf(povrayTool.skip)('writes a straight solution as a lone box (POV-Ray warns about a union of one)', async () => {
    const maze = generated('kruskal', 1, 5, 'line');
    solveMaze(maze, [0, 0], [0, 4]);
    const text = (await collect(pov.render(maze, DEFAULT_RENDER_OPTIONS))).toString('utf8');
    expect(text).toMatch(/^box \{ <2 - pathWidth \/ 2, 0, -14 - pathWidth \/ 2>, <2 \+ pathWidth \/ 2, pathHeight, -2 \+ pathWidth \/ 2> scale <boxSize, 1, boxSize> texture \{ PathTexture \} \}$/m);
    expectClean((await povray(maze, 64, 48)).log);
  });

  it('issue 18 item 14: the block to edit holds only what editing changes; xDim and zDim describe the walls below', async () => {
    const maze = generated('zones', 9, 6, 'edit');
    solveMaze(maze, [0, 0], [8, 5]);
    const text = (await collect(pov.render(maze, DEFAULT_RENDER_OPTIONS))).toString('utf8');
    const block = (title: string): string[] => {
      const from = text.indexOf(title);
      expect(from, title).toBeGreaterThan(0);
      const end = text.indexOf('\n// ---', from + title.length);
      return [...text.slice(from, end).matchAll(/^#declare (\w+) =/gm)].map((m) => m[1]!);
    };
    expect(block('the maze below: not to edit')).toEqual(['xDim', 'zDim']);
    expect(text).toMatch(/^#declare xDim = 9; +\/\/ cells across \(x\) of the walls below$/m);
    expect(text).toMatch(/^\/\/ The walls further down are an xDim × zDim maze, written box by box; these$/m);
    const editable = block('edit these');
    expect(editable).not.toContain('xDim');
    expect(editable).not.toContain('zDim');
    expect(editable).toEqual(expect.arrayContaining(['boxSize', 'wallHeight', 'cameraElevation', 'cameraAngle', 'WallTexture', 'FloorTexture', 'pathWidth', 'keyRadius']));
  });

  it.skipIf(povrayTool.skip)('issue 18 item 15: --pov-maze sdl has POV-Ray make the maze by random path merging; two sizes, two seeds: different mazes, each perfect, no warning', async () => {
    const cases: [number, number, string][] = [[12, 8, '7'], [12, 8, '8'], [25, 15, '7'], [25, 15, 'forêt']];
    const scenes = await Promise.all(cases.map(async ([w, h, seed]) => {
      const made = await runCli(['gen', '--w', String(w), '--h', String(h), '--seed', seed, '--pov-maze', 'sdl', '-f', 'pov']);
      expect(made.code, made.stderr).toBe(0);
      return made.stdout;
    }));
    // the maze is made in the scene, not written out: the same text but for the size and the seed
    expect(scenes[0]!.length).toBeLessThan(10_000);
    expect(Math.abs(scenes[0]!.length - scenes[2]!.length)).toBeLessThan(40);
    expect(scenes[0]).toMatch(/^#declare mazeSeed = 7; +\/\/ any whole number: another gives another maze$/m);
    const renders = await Promise.all(scenes.map((scene) => povrayText(scene, ['Declare=debugWalls=1'])));
    const mazes = renders.map((render, i) => {
      expectClean(render.log);
      expectFramed(render.picture);
      const maze = debugMaze(render.log);
      const [w, h] = cases[i]!;
      expect([maze.width, maze.height]).toEqual([w, h]);
      expect(maze.countPassages(), `${cases[i]}: W·H − 1 open passages`).toBe(w * h - 1);
      expect(isPerfect(maze), `${cases[i]}: perfect`).toBe(true);
      return JSON.stringify([...maze.walls]);
    });
    expect(mazes[0]).not.toBe(mazes[1]);
    expect(mazes[2]).not.toBe(mazes[3]);
    // with no debugWalls, POV-Ray says nothing of the walls
    expect((await povrayText(scenes[0]!)).log).not.toMatch(/^top /m);
  });

  it('issue 18 item 15: --pov-maze sdl is refused where it cannot do what it says, in one line', async () => {
    const refusals: [string[], RegExp][] = [
      [['--pov-maze', 'sdl', '-o', 'm.png'], /^--pov-maze sdl writes a POV-Ray scene, not png/],
      [['--pov-maze', 'sdl', '--algo', 'backtracker', '-f', 'pov'], /so --algo backtracker does not apply$/],
      [['--pov-maze', 'sdl', '--solve', '-f', 'pov'], /so --solve does not apply$/],
      [['--pov-maze', 'sdl', '--w', '300', '--h', '300', '-f', 'pov'], /at most 40000 cells, and 300 × 300 is 90000/],
      [['--pov-maze', 'bricks', '-f', 'pov'], /^--pov-maze must be walls or sdl, got 'bricks'$/],
      // a topology, which the scene made in POV-Ray would drop (it wrote the walls scene of the woven maze, saying nothing)
      [['--pov-maze', 'sdl', '--weave', '0.5', '-f', 'pov'], /so --weave does not apply: leave out --pov-maze to draw it in 3D$/],
      [['--pov-maze', 'sdl', '--wrap', 'xy', '-f', 'pov'], /so --wrap does not apply/],
      [['--pov-maze', 'sdl', '--levels', '2', '-f', 'pov'], /so --levels does not apply/],
    ];
    for (const [args, message] of refusals) {
      const result = await runCli(['gen', ...args]);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr.split('\n').length, args.join(' ')).toBe(2);
      expect(result.stderr.slice('maze: error: '.length).trimEnd()).toMatch(message);
    }
  });

  it('leaves a maze without a solution as it was: no path declarations', async () => {
    const text = (await collect(pov.render(generated('kruskal', 5, 4), DEFAULT_RENDER_OPTIONS))).toString('utf8');
    expect(text).not.toMatch(/path/i);
  });

  it('declares the parameters a user edits, then merged boxes only', async () => {
    const maze = generated('kruskal', 30, 20);
    const text = (await collect(pov.render(maze, DEFAULT_RENDER_OPTIONS))).toString('utf8');
    expect(text).toMatch(/^#version 3\.7;$/m);
    for (const name of ['xDim = 30', 'zDim = 20', 'boxSize = 5', 'wallHeight', 'WallTexture', 'FloorTexture']) {
      expect(text).toContain(`#declare ${name}`);
    }
    expect(text).toContain('// maze kruskal, seed 1, 30 × 20 cells');
    // Far fewer boxes than wall squares: (3W+1)(3H+1) squares hold 2 per wall.
    const boxes = text.match(/box \{/g)?.length ?? 0;
    let walls = 0;
    for (let y = 0; y <= 20; y++) for (let x = 0; x <= 30; x++) walls += Number(maze.hasTop(x, y)) + Number(maze.hasLeft(x, y));
    expect(boxes).toBeLessThan(walls * 0.8);
  });

  it('gives the same bytes for the same seed, through the CLI', async () => {
    const dir = tempDir();
    const args = (name: string) => ['gen', '--algo', 'kruskal', '--w', '9', '--h', '6', '--seed', 'p', '-o', join(dir, name)];
    expect((await runCli(args('a.pov'))).code).toBe(0);
    expect((await runCli(args('b.pov'))).code).toBe(0);
    expect(readFileSync(join(dir, 'a.pov')).equals(readFileSync(join(dir, 'b.pov')))).toBe(true);
  });
});
