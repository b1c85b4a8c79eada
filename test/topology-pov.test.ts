/** Topologies (issue 33) in POV-Ray, in true 3D: a torus, a cylinder, stacked levels, bridges; rendered by POV-Ray 3.7 with no warning. */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { decodePng } from './fixtures.js';
import type { Rgba } from './fixtures.js';
import { externalTool, runCli, tempDir } from './helpers.js';

const povrayTool = externalTool('povray', 'apt-get install povray');

/** A scene made by maze gen, rendered small; its text, POV-Ray's log and the picture. */
async function rendered(args: string[], width = 200, height = 150): Promise<{ scene: string; log: string; picture: Rgba }> {
  povrayTool.require();
  const dir = tempDir();
  const made = await runCli(['gen', '--seed', '7', '-o', join(dir, 'maze.pov'), ...args]);
  expect(made.stderr).toBe('');
  const { stdout, stderr } = await promisify(execFile)('povray', ['+Imaze.pov', '+Omaze.png', `+W${width}`, `+H${height}`, '-D', '+FN', '-GS', '-GR'], { cwd: dir, timeout: 60_000 });
  return { scene: readFileSync(join(dir, 'maze.pov'), 'utf8'), log: stdout + stderr, picture: decodePng(readFileSync(join(dir, 'maze.png'))) };
}

function expectClean(log: string): void {
  const lines = log.split('\n').filter((l) => /warning|error/i.test(l) && !/Stream to console/.test(l));
  expect(lines, log).toEqual([]);
}

/** Pixels of the picture that are lit walls (bright), and that are the path (red). */
function figures(p: Rgba): { bright: number; red: number } {
  let bright = 0;
  let red = 0;
  for (let i = 0; i < p.data.length; i += 4) {
    const [r, g, b] = [p.data[i]!, p.data[i + 1]!, p.data[i + 2]!];
    if (r + g + b > 3 * 150) bright++;
    if (r > 150 && g < 90 && b < 90) red++;
  }
  return { bright, red };
}

/** The share of pixels two pictures of one size differ in. */
function difference(a: Rgba, b: Rgba): number {
  let n = 0;
  for (let i = 0; i < a.data.length; i += 4) if (Math.abs(a.data[i]! - b.data[i]!) + Math.abs(a.data[i + 1]! - b.data[i + 1]!) + Math.abs(a.data[i + 2]! - b.data[i + 2]!) > 60) n++;
  return n / (a.width * a.height);
}

describe('POV-Ray scenes of topologies', () => {
  it.skipIf(povrayTool.skip)('a torus, a cylinder, three levels and a weave render with no warning, not blank, and unlike the flat scene', async () => {
    const [flat, torus, cylinder, levels, weave] = await Promise.all([
      rendered(['--w', '12', '--h', '8', '--algo', 'backtracker', '--solve']),
      rendered(['--wrap', 'xy', '--w', '24', '--h', '10', '--solve']),
      rendered(['--wrap', 'y', '--w', '12', '--h', '16', '--solve']),
      rendered(['--levels', '3', '--w', '12', '--h', '8', '--solve']),
      rendered(['--weave', '0.6', '--w', '12', '--h', '8', '--solve']),
    ]);
    for (const { log, picture } of [flat, torus, cylinder, levels, weave]) {
      expectClean(log);
      const { bright, red } = figures(picture);
      expect(bright).toBeGreaterThan(picture.width * picture.height * 0.05);
      expect(red).toBeGreaterThan(30);
    }
    for (const other of [torus, cylinder, levels, weave]) expect(difference(flat.picture, other.picture)).toBeGreaterThan(0.1);
    expect(torus.scene).toContain('torus {');
    expect(cylinder.scene).toMatch(/cylinder \{ <0, 0, 0>, <36, 0, 0>, [\d.]+ \}/);
    // three floors, a flight of steps for each stair, the path climbing them
    expect(levels.scene.match(/prism \{ linear_sweep/g)!.length).toBe(3 * 12 * 8);
    expect(levels.scene).toContain('// The stairs: a flight of steps up to the floor above.');
    expect(weave.scene).toContain('// The bridges: decks and their ramps');
  }, 120_000);

  it.skipIf(povrayTool.skip)('the solution climbs: its strip reaches every floor of a three-level scene', async () => {
    const { scene } = await rendered(['--levels', '3', '--w', '6', '--h', '4', '--solve', '--ends', 'corners'], 80, 60);
    const path = scene.slice(scene.indexOf('// The solution'), scene.indexOf('// Marks'));
    // the strip's posts stand at heights (y) on each floor: 0, one gap up, two gaps up
    const heights = [...path.matchAll(/cylinder \{ <[-\d.]+, ([-\d.]+), [-\d.]+>/g)].map((m) => Number(m[1]));
    const gap = Math.max(4, 4 * 3 * 0.45);
    for (const level of [0, 1, 2]) expect(heights.some((h) => Math.abs(h - level * gap) < 0.3)).toBe(true);
  }, 60_000);
});

describe('a POV-Ray scene in true 3D past 100 000 cells (a sweep: levels of 200² ran out of memory after two minutes, a 1000² torus failed with a stack trace)', () => {
  it('is refused up front in one line, writing nothing; the flat square streams whatever its size', async () => {
    const dir = tempDir();
    for (const args of [['--levels', '3', '--w', '183', '--h', '183'], ['--wrap', 'xy', '--w', '317', '--h', '317'], ['--weave', '0.5', '--w', '317', '--h', '317']]) {
      const run = await runCli(['gen', ...args, '-q', '--seed', '1', '-o', join(dir, 'x.pov')]);
      expect([run.code, run.stderr], args.join(' ')).toEqual([2, expect.stringMatching(/^maze: error: a pov scene of a maze with a weave, a wrap or levels is \d+ cells, over the 100000 it holds in true 3D \(every wall, bridge and stair an object\); make the maze smaller\n$/)]);
    }
    expect((await runCli(['gen', '--w', '400', '--h', '300', '-q', '--seed', '1', '-o', join(dir, 'flat.pov')])).code).toBe(0);
    expect((await import('node:fs')).readdirSync(dir)).toEqual(['flat.pov']);
  });
});
