/**
 * What a solver leaves, read back and said (SPEC "Solvers", "JSON
 * interchange"): `maze render` of a maze solved by any method draws what
 * the direct output drew (the file keeps the method; its walk, marks and
 * filled cells are made again); `--method all` on a maze with locked doors
 * runs only the method that knows them; a walker that did not reach the
 * end says so once on stderr, from gen and solve alike; a walk is broken
 * where it leaves the picture's plane (a wrapped edge, a stair); solve's
 * refusal of an end off a maze of levels counts the levels' rows.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from './helpers.js';

const dir = tempDir();

async function ok(args: string[]): Promise<{ stdout: string; stderr: string }> {
  const r = await runCli(args);
  expect(r.code, r.stderr).toBe(0);
  return r;
}

describe('a solved maze read back, and what a solver says', () => {
  it.each([
    ['astar', 'svg', []],
    ['tremaux', 'png', []],
    ['wall-left', 'pdf', []],
    ['dead-end-fill', 'svg', ['--shape', 'hex']],
    ['random-mouse', 'png', []],
    ['shortest-all', 'svg', ['--levels', '2']],
    ['tremaux', 'svg', ['--wrap', 'x', '--weave', '0.4']],
  ] as const)('maze render of a maze solved by %s draws its %s as maze gen did', async (method, format, grid) => {
    const gen = ['gen', '--algo', 'kruskal', '--w', '9', '--h', '7', '--seed', '9', ...grid, '--solve', method];
    const direct = join(dir, `${method}-${grid.length}.${format}`);
    const saved = join(dir, `${method}-${grid.length}.json`);
    const again = join(dir, `${method}-${grid.length}-again.${format}`);
    await ok([...gen, '-o', direct]);
    await ok([...gen, '-o', saved]);
    await ok(['render', saved, '-o', again]);
    expect(readFileSync(again).equals(readFileSync(direct))).toBe(true);
  });

  it('--method all on a maze with locked doors runs shortest alone and says why the others did not run', async () => {
    const file = join(dir, 'zones.json');
    await ok(['gen', '--algo', 'zones', '--w', '12', '--h', '10', '--seed', '3', '-o', file]);
    const table = (await ok(['solve', file, '--method', 'all', '--report'])).stdout.split('\n');
    expect(table[1]).toMatch(/^shortest +yes/);
    expect(table.filter((l) => l.endsWith('skipped      -        -     -            -  does not know keys and doors') || / skipped .* does not know keys and doors$/.test(l))).toHaveLength(14);
    const figures = JSON.parse((await ok(['solve', file, '--method', 'all', '--report', '--json'])).stdout) as { method: string; outcome: string; skipped?: string }[];
    expect(figures.filter((f) => f.outcome === 'skipped').map((f) => f.skipped)).toEqual(Array(14).fill('does not know keys and doors'));
  });

  it("shortest's report on a maze with locked doors: the cells its search looked at, and the most times the walk that fetches the keys enters one cell (it said the path's own cells, and 1)", async () => {
    const file = join(dir, 'keyed.json');
    await ok(['gen', '--algo', 'zones', '--w', '12', '--h', '8', '--seed', '3', '--solve', '-o', file]);
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { solution: [number, number][] };
    const entered = new Map<string, number>();
    for (const p of saved.solution) entered.set(p.join(), (entered.get(p.join()) ?? 0) + 1);
    const report = JSON.parse((await ok(['solve', file, '--report', '--json'])).stdout) as { pathLength: number; visited: number; mostVisits: number };
    expect(report.pathLength).toBe(saved.solution.length);
    expect(report.mostVisits).toBe(Math.max(...entered.values()));
    expect(report.mostVisits).toBeGreaterThan(1);
    // a breadth-first search looks at more than its path's cells; here at every cell, holding one set of keys or another
    expect(report.visited).toBeGreaterThan(entered.size);
    expect(report.visited).toBeLessThanOrEqual(12 * 8);
  });

  it('--report without -o refuses a picture option, which would do nothing (user sweep: -f png, --tile 7, --paper letter went through, exit 0)', async () => {
    const file = join(dir, 'plain.json');
    await ok(['gen', '--w', '5', '--h', '4', '--seed', '1', '-o', file]);
    for (const [extra, flag] of [[['-f', 'png'], 'format'], [['--tile', '7'], 'tile'], [['--json', '--paper', 'letter'], 'paper']] as const) {
      const run = await runCli(['solve', file, '--report', ...extra]);
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(`maze: error: --${flag} applies to the picture -o writes, and --report without -o prints the figures alone: add -o FILE, or leave out --${flag}\n`);
    }
    const all = await runCli(['solve', file, '--report', '--method', 'all', '--fg', '#123456']);
    expect(all.stderr).toBe('maze: error: --fg applies to a picture, and --method all --report prints the figures alone: leave out --fg (pick one method for a picture)\n');
    // -o onto standard output, where the figures go: refused, not the picture dropped (-) or mixed into them (/dev/stdout): a sweep's find
    for (const output of ['-', '/dev/stdout']) {
      const run = await runCli(['solve', file, '--report', '-o', output, '-f', 'png']);
      expect([run.code, run.stdout, run.stderr]).toEqual([2, '', `maze: error: --report prints the figures on standard output, and -o ${output} would write the picture there too: give the picture a file, or leave out -o\n`]);
    }
    // with -o they are the picture's
    expect((await runCli(['solve', file, '--report', '--tile', '7', '-o', join(dir, 'p.png')])).code).toBe(0);
  });

  it('a walker that did not reach the end says so once on stderr: maze gen --solve M, and maze solve with --report', async () => {
    const gen = ['gen', '--algo', 'kruskal', '--braid', '1', '--w', '10', '--h', '8', '--seed', '1', '--to', '5,4'];
    const drawn = await ok([...gen, '--solve', 'wall-left', '-o', join(dir, 'braided.png')]);
    expect(drawn.stderr).toBe('maze: note: wall-left did not reach the end (it came back to where it had been); its walk is drawn\n');
    const grown = await ok([...gen, '--solve', 'wall-left', '--animate', '--frames', '5', '-o', join(dir, 'braided.gif')]);
    expect(grown.stderr).toBe('maze: note: wall-left did not reach the end (it came back to where it had been); its walk is drawn\n');
    expect((await ok([...gen, '--solve', 'wall-left', '-q', '-o', join(dir, 'quiet.png')])).stderr).toBe('');
    const file = join(dir, 'braided.json');
    await ok([...gen, '-o', file]);
    const reported = await ok(['solve', file, '--method', 'wall-left', '--report']);
    expect(reported.stderr).toBe('maze: note: wall-left did not reach the end (it came back to where it had been)\n');
    expect(reported.stdout).toMatch(/^found +no {2}did not reach the end/m);
  });

  it("a walk is broken where it crosses a wrapped edge: no step of its line is longer than a cell's", async () => {
    const file = join(dir, 'cylinder.json');
    await ok(['gen', '--w', '10', '--h', '8', '--seed', '2', '--wrap', 'x', '-o', file]);
    const svg = (await ok(['solve', file, '--method', 'wall-left', '--tile', '30', '-f', 'svg'])).stdout;
    // the lines drawn besides the walls (white): the solution and the walk, each step of either a cell long at most
    const lines = [...svg.matchAll(/<path fill="none" stroke="([^"]+)"[^>]* d="([^"]+)"/g)].filter((m) => m[1] !== '#ffffff');
    expect(lines).toHaveLength(2);
    for (const [, , d] of lines) {
      for (const piece of d!.split('M').filter((p) => p !== '')) {
        const points = piece.split('L').map((p) => p.trim().split(/\s+/).map(Number));
        for (let i = 1; i < points.length; i++) expect(Math.abs(points[i]![0]! - points[i - 1]![0]!) + Math.abs(points[i]![1]! - points[i - 1]![1]!)).toBeLessThanOrEqual(30);
      }
    }
  });

  it("maze solve --to off a maze of levels names the levels' rows, as maze gen does", async () => {
    const file = join(dir, 'levels.json');
    await ok(['gen', '--levels', '2', '--w', '6', '--h', '5', '--seed', '1', '-o', file]);
    const r = await runCli(['solve', file, '--to', '2,10']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("maze: error: --to 2,10 is not a cell of the grid (x from 0 to 5, y from 0 to 9: level l's rows are l·5 onwards)\n");
    await ok(['solve', file, '--to', '2,7', '-f', 'json']);
  });
});
