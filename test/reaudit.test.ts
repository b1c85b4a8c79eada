/**
 * Hardening, second round: one test per item of the re-audit that lives in
 * the model and the formats (the "made by" line, the key search's budget),
 * named after it. The output, batch and terminal items have their own files.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { algorithms } from '../src/algorithms/index.js';
import { parseMaze } from '../src/formats/json.js';
import { reproduceCommand } from '../src/formats/geometry.js';
import { generate, solve, stats } from '../src/lib/index.js';
import { keyedBudget } from '../src/passages/solve.js';
import { ROOT, runCli, spawnMazeAsync, tempDir } from './helpers.js';

/** One `maze: error:` line and nothing else on stderr. */
function oneErrorLine(stderr: string): void {
  expect(stderr).toMatch(/^maze: error: [^\n]+\n$/);
  expect(stderr).not.toMatch(/\n {4}at /);
}

/** fixtures/four-by-four.json with its origin replaced. */
function withOrigin(algorithm: string, options: Record<string, unknown>, seed = '4x4'): string {
  const doc = JSON.parse(readFileSync(join(ROOT, 'fixtures', 'four-by-four.json'), 'utf8')) as Record<string, unknown>;
  return JSON.stringify({ ...doc, algorithm, seed, options });
}

describe('item 2: shell injection through the "made by" line', () => {
  const PAYLOAD = 'keys 1; touch PWNED; echo';

  it.each(['pov', 'svg', 'pdf'])("refuses a saved maze whose option name holds shell, rendered to %s, and writes nothing", async (format) => {
    const dir = tempDir();
    const input = join(dir, 'bad.json');
    writeFileSync(input, withOrigin('zones', { [PAYLOAD]: 'x' }));
    const result = await runCli(['render', input, '-o', join(dir, `out.${format}`)]);
    expect(result.code).toBe(2);
    oneErrorLine(result.stderr);
    expect(result.stderr).toContain('not an option of zones');
    expect(readdirSync(dir)).toEqual(['bad.json']);
  });

  it.each([
    ['an option another algorithm has', 'kruskal', { trunks: 'auto' }, 'not an option of kruskal'],
    ['a value its parser refuses', 'zones', { keys: '1; touch PWNED' }, '"keys"'],
    ['a braid share out of range', 'kruskal', { braid: 7 }, '"braid"'],
    ['an end mode maze does not have', 'kruskal', { ends: "corners'; touch PWNED; '" }, '"ends"'],
    ['a cell outside the grid', 'kruskal', { from: '9,9' }, '"from"'],
    ['openings recorded other than as yes', 'kruskal', { openings: '$(touch PWNED)' }, '"openings"'],
    ['a name that is no flag, on a maze of another origin', 'hand', { '$(touch PWNED)': 1 }, 'not an option'],
  ])('refuses %s', (_what, algorithm, options, message) => {
    expect(() => parseMaze(withOrigin(algorithm, options), 'm.json')).toThrow(message);
  });

  it('still reads every file maze gen writes, with every modifier it records, for every algorithm', async () => {
    for (const algorithm of algorithms) {
      const args = ['gen', '--algo', algorithm.name, '--w', '6', '--h', '5', '--seed', '3', '--braid', '0.5', '-f', 'json'];
      // zones keeps its own ends; the others record ends, from, to and openings too
      if (!algorithm.ownEnds) args.push('--ends', 'farthest', '--from', '0,1', '--to', '5,3', '--openings');
      const made = await runCli(args);
      expect(made.stderr, algorithm.name).toBe('');
      const maze = parseMaze(made.stdout, `${algorithm.name}.json`);
      expect(Object.keys(maze.info!.options), algorithm.name).toEqual(expect.arrayContaining(['braid']));
    }
  });

  it('quotes every word of the line, names too, so that pasted into a shell it runs nothing and gives back the same words', () => {
    const dir = tempDir();
    const options = { [PAYLOAD]: '$(touch PWNED2)', 'it`touch PWNED3`': "a'b", openings: 'yes' };
    const line = reproduceCommand({ width: 4, height: 3, info: { algorithm: 'x; touch PWNED4', seed: "'; touch PWNED5; '", options } })!;
    expect(spawnSync('sh', ['-n', '-c', line]).status).toBe(0);
    // `maze` stands in as a function that prints its words one per line
    const shell = spawnSync('sh', ['-c', `maze() { printf '%s\\n' "$@"; }; ${line}`], { cwd: dir, encoding: 'utf8' });
    expect(shell.status).toBe(0);
    expect(readdirSync(dir)).toEqual([]);
    expect(shell.stdout.split('\n').slice(0, -1)).toEqual([
      'gen', '--algo', 'x; touch PWNED4', '--w', '4', '--h', '3', '--seed', "'; touch PWNED5; '",
      `--${PAYLOAD}`, '$(touch PWNED2)', '--it`touch PWNED3`', "a'b", '--openings',
    ]);
    expect(existsSync(join(dir, 'PWNED'))).toBe(false);
  });
});

/**
 * A comb of `n` keys: a corridor along row 0, key x in the dead end (x, 1),
 * the exit (n, 2) behind a door of the last key. With `lockAll`, behind each
 * key's dead end (x, 2) is a room locked with that key, so that every key
 * opens a door and any order of picking them up is a different state: 2^n
 * sets of keys. The re-audit's 654-byte file was such a maze.
 */
function comb(n: number, lockAll: boolean): string {
  const width = n + 1;
  const height = 3;
  const top = Array.from({ length: height + 1 }, (_, y) =>
    Array.from({ length: width }, (_, x) => (y === 1 || (y === 2 && (lockAll || x === n)) ? '0' : '1')).join(''));
  const left = Array.from({ length: height }, (_, y) =>
    Array.from({ length: width + 1 }, (_, x) => (y === 0 && x > 0 && x < width ? '0' : '1')).join(''));
  const doors = [{ side: 'top', x: n, y: 1, key: n - 1 }];
  if (lockAll) for (let x = 0; x < n; x++) doors.push({ side: 'top', x, y: 2, key: x });
  const keys = Array.from({ length: n }, (_, x) => ({ x, y: 1 }));
  const palette = ['#ffffff', ...keys.map((_, i) => `#${(0x102030 + i * 0x050505).toString(16)}`)];
  return JSON.stringify({ format: 'maze', version: 1, width, height, top, left, palette, start: [0, 0], end: [n, 2], doors, keys });
}

describe('item 3: a 654-byte maze hangs stats and solve for minutes', () => {
  it('ignores keys that lock no door: 20 keys in dead ends, one door, solved at once', async () => {
    const maze = parseMaze(comb(20, false), 'comb.json');
    // along the corridor to the last key's dead end, back up, on to the exit and down through its door
    expect(solve(maze)).toHaveLength(20 + 2 + 1 + 2);
    expect(stats(maze).solutionLength).toBe(25);
  });

  it.each(['stats', 'solve'])('maze %s refuses, in one line and exit 2, 18 keys that every order of picking up matters for', async (command) => {
    const dir = tempDir();
    const input = join(dir, 'comb.json');
    writeFileSync(input, comb(18, true));
    const result = await spawnMazeAsync([command, input, ...(command === 'solve' ? ['-o', join(dir, 'out.json')] : [])], { timeout: 60_000 });
    expect(result.code).toBe(2);
    oneErrorLine(result.stderr);
    expect(result.stderr).toContain('too many keys to search');
    expect(result.stderr).toContain(String(keyedBudget(20 * 3)));
    expect(readdirSync(dir)).toEqual(['comb.json']);
  });

  it("the library's solve and stats refuse it too", () => {
    const maze = parseMaze(comb(18, true), 'comb.json');
    expect(() => solve(maze)).toThrow('too many keys to search');
    expect(() => stats(maze)).toThrow('too many keys to search');
  });

  it('still solves 16 keys in any order (2^16 sets of a 60-tile maze fit the budget)', () => {
    const maze = parseMaze(comb(16, true), 'comb.json');
    expect(solve(maze).length).toBeGreaterThan(16);
  });

  it('never refuses a maze maze gen makes: the most keys, several seeds and sizes', () => {
    for (const [width, height, zones, keys] of [[300, 300, 60, 26], [40, 30, 27, 26], [12, 10, 27, 26], [100, 20, 40, 20]] as const) {
      for (const seed of ['1', '2', '3']) {
        const maze = generate({ algorithm: 'zones', width, height, zones, keys, decoys: 'auto', seed });
        expect(maze.keys, `${width}×${height} seed ${seed}`).toHaveLength(keys);
        expect(solve(maze).length).toBeGreaterThan(keys);
      }
    }
  });
});

describe('found by the fuzz harness (seed 118050195): a command line that sets `_` itself', () => {
  it("maze list -w -- -_ ' ' is a usage error in one line, not a TypeError", async () => {
    const result = await runCli(['list', '-w', '--', '-_', ' ']);
    expect(result.code).toBe(2);
    oneErrorLine(result.stderr);
    expect(result.stderr).toContain('maze list takes options only');
  });
});
