/**
 * Issue 31 item 2, the solvers on the command line and in the library:
 * `maze solve FILE --method M`, `maze gen --solve M` (`--solve` alone the
 * shortest path, byte for byte), `--report` (a table; `--json`), `--method
 * all --report`, an unknown method's one line, and `solve(maze, { method })`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate, parseAny, render, solve } from '../src/lib/index.js';
import { Maze } from '../src/model/maze.js';
import json from '../src/formats/json.js';
import { SOLVE_METHODS } from '../src/solvers/index.js';
import { runCli, schemaErrors, tempDir } from './helpers.js';

/** A 4 × 4 maze whose end (1,2) sits inside a ring of passages around an island: the wall followers cannot reach it. */
function islandJson(): string {
  const maze = Maze.closed(4, 4);
  const ring: [number, number][] = [[0, 0], [1, 0], [2, 0], [3, 0], [3, 1], [3, 2], [3, 3], [2, 3], [1, 3], [0, 3], [0, 2], [0, 1]];
  ring.forEach((p, i) => maze.carve(p[0], p[1], ring[(i + 1) % ring.length]![0], ring[(i + 1) % ring.length]![1]));
  for (const [x, y, nx, ny] of [[1, 1, 2, 1], [2, 1, 2, 2], [2, 2, 1, 2], [1, 0, 1, 1], [2, 3, 2, 2]] as const) maze.carve(x, y, nx, ny);
  maze.start = [0, 0];
  maze.end = [1, 2];
  return [...(json.render(maze, {} as never) as Iterable<string>)].join('');
}

describe('maze solve --method and maze gen --solve M (item 2)', () => {
  const dir = tempDir();
  const GEN = ['gen', '--algo', 'backtracker', '--w', '10', '--h', '7', '--seed', 'race'];

  it('--solve alone and --solve shortest write the same bytes as before, with no "method" in the JSON', async () => {
    const alone = await runCli([...GEN, '--solve', '-f', 'json']);
    const shortest = await runCli([...GEN, '--solve', 'shortest', '-f', 'json']);
    expect(alone.code).toBe(0);
    expect(shortest.stdout).toBe(alone.stdout);
    expect(alone.stdout).not.toContain('"method"');
    const saved = join(dir, 'plain.json');
    writeFileSync(saved, (await runCli([...GEN, '-f', 'json'])).stdout);
    // maze solve without --method: the shortest path, as gen --solve found it
    expect((await runCli(['solve', saved, '-f', 'json'])).stdout).toBe(alone.stdout);
    expect((await runCli(['solve', saved, '--method', 'shortest', '-f', 'json'])).stdout).toBe(alone.stdout);
  });

  it('gen --solve tremaux stores the path and the method; the file validates and reads back', async () => {
    const r = await runCli([...GEN, '--solve', 'tremaux', '-f', 'json']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('"method": "tremaux"');
    expect(schemaErrors(r.stdout)).toEqual([]);
    const read = parseAny(r.stdout);
    expect(read.solving?.method).toBe('tremaux');
    expect(read.solution?.length).toBeGreaterThan(1);
    // an unknown method in a file is refused by the schema
    expect(() => parseAny(r.stdout.replace('"tremaux"', '"teleport"'))).toThrow(/method/);
  });

  it('maze solve hex.json --method wall-left --report prints its figures, and the picture still goes to -o', async () => {
    const hex = join(dir, 'hex.json');
    writeFileSync(hex, (await runCli(['gen', '--shape', 'hex', '--w', '8', '--h', '6', '--seed', '3', '-f', 'json'])).stdout);
    const r = await runCli(['solve', hex, '--method', 'wall-left', '--report']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^method +wall-left\nfound +yes/);
    for (const label of ['steps', 'cells visited', 'path length', 'most visits']) expect(r.stdout).toMatch(new RegExp(`\\n${label} +\\d+`));
    const png = join(dir, 'hex-left.png');
    const drawn = await runCli(['solve', hex, '--method', 'wall-left', '--report', '--json', '-o', png]);
    const figures = JSON.parse(drawn.stdout) as Record<string, unknown>;
    expect(figures).toMatchObject({ method: 'wall-left', found: true, outcome: 'found' });
    expect(readFileSync(png).subarray(1, 4).toString()).toBe('PNG');
  });

  it('--method all --report prints every method side by side; --json as a list', async () => {
    const saved = join(dir, 'all.json');
    writeFileSync(saved, (await runCli([...GEN, '--braid', '0.5', '-f', 'json'])).stdout);
    const r = await runCli(['solve', saved, '--method', 'all', '--report']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^method +found +steps +visited +path +most visits$/);
    expect(lines.slice(1).map((l) => l.split(/ +/)[0])).toEqual([...SOLVE_METHODS]);
    const json = JSON.parse((await runCli(['solve', saved, '--method', 'all', '--report', '--json'])).stdout) as { method: string }[];
    expect(json.map((f) => f.method)).toEqual([...SOLVE_METHODS]);
    const refused = await runCli(['solve', saved, '--method', 'all']);
    expect([refused.code, refused.stderr.split('\n').length]).toEqual([2, 2]);
  });

  it('an unknown method: one line listing the methods, exit 2, for solve and for gen', async () => {
    for (const args of [['solve', join(dir, 'all.json'), '--method', 'teleport'], [...GEN, '--solve', 'teleport']]) {
      const r = await runCli(args);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^maze: error: --(method|solve) must be shortest, shortest-all, .* or collision, got 'teleport'\n$/);
    }
  });

  it('a wall follower that cannot reach the end: exit 0, "did not reach the end" in the report, its walk still drawn', async () => {
    const island = join(dir, 'island.json');
    writeFileSync(island, islandJson());
    const r = await runCli(['solve', island, '--method', 'wall-left', '--report']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/found +no +did not reach the end: it came back to where it had been/);
    const drawn = await runCli(['solve', island, '--method', 'wall-right', '-f', 'json']);
    expect(drawn.code).toBe(0);
    expect(drawn.stderr).toMatch(/wall-right did not reach the end/);
    expect(drawn.stdout).not.toContain('"solution"');
    expect(drawn.stdout).toContain('"method": "wall-right"');
    expect(schemaErrors(drawn.stdout)).toEqual([]);
  });
});

describe('solve(maze, { method }) in the library (item 2)', () => {
  it('without a method: the same path as before; with one: the report, stored for render', async () => {
    const a = generate({ algorithm: 'kruskal', width: 9, height: 6, seed: 5 });
    const b = generate({ algorithm: 'kruskal', width: 9, height: 6, seed: 5 });
    const path = solve(a);
    const report = solve(b, { method: 'dead-end-fill' });
    expect(report.path).toEqual(path);
    expect(report).toMatchObject({ method: 'dead-end-fill', found: true, outcome: 'found', pathLength: path.length });
    expect(b.solving?.shaded.filled?.length).toBe(9 * 6 - path.length);
    const png = await render(b, 'png');
    expect(png.length).toBeGreaterThan(0);
    // a random method's seed: the maze's own by default, another when given
    const mouse = solve(generate({ algorithm: 'kruskal', width: 9, height: 6, seed: 5 }), { method: 'random-mouse', seed: 'other' });
    expect(mouse.walk![0]).toEqual([0, 0]);
    expect(() => solve(a, { method: 'teleport' as 'tremaux' })).toThrow(/method must be shortest, /);
    expect(() => solve(a, { seed: 'x' } as never)).toThrow(/seed applies with method/);
  });
});
