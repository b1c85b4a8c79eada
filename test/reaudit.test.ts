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
import { ROOT, runCli, tempDir } from './helpers.js';

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

