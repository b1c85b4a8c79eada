/**
 * Words users read: -h and -v at the top level, one rule for word values
 * (case and surrounding spaces ignored, everywhere), "did you mean" for
 * close misses, and no "seed 000" in anything a user sees (the source
 * documents are named by what they are).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from './helpers.js';

describe('the top level', () => {
  it('-h is help and -v the version there, while -h stays the height inside gen', async () => {
    const help = await runCli(['-h']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('maze <command> [options]');
    expect((await runCli(['--help'])).stdout).toBe(help.stdout);
    const version = await runCli(['-v']);
    expect(version.code).toBe(0);
    expect(version.stdout).toBe((await runCli(['--version'])).stdout);
    const tall = await runCli(['gen', '-h', '3', '--w', '2', '--seed', '1']);
    expect(tall.stdout.split('\n')).toHaveLength(2 * 3 + 2);
  });
});

describe('word values', () => {
  it('match whatever their case, for every option that takes a word', async () => {
    const same = async (a: string[], b: string[]): Promise<void> => {
      const [x, y] = await Promise.all([runCli(a), runCli(b)]);
      expect(x.code, a.join(' ')).toBe(0);
      expect(x.stdoutBytes.equals(y.stdoutBytes), a.join(' ')).toBe(true);
    };
    const base = ['gen', '--w', '6', '--h', '4', '--seed', '1'];
    await same([...base, '--algo', 'Kruskal'], [...base, '--algo', 'kruskal']);
    await same([...base, '--format', 'SVG'], [...base, '--format', 'svg']);
    await same([...base, '--style', 'Unicode'], [...base, '--style', 'unicode']);
    await same([...base, '--color', 'NEVER'], [...base, '--color', 'never']);
    await same([...base, '--ends', 'Farthest', '-f', 'json'], [...base, '--ends', 'farthest', '-f', 'json']);
    await same([...base, '--algo', 'growing-tree', '--pick', 'Newest', '-f', 'json'], [...base, '--algo', 'growing-tree', '--pick', 'newest', '-f', 'json']);
    await same([...base, '--algo', 'binary-tree', '--bias', 'SE'], [...base, '--algo', 'binary-tree', '--bias', 'se']);
    await same([...base, '--trunks', 'AUTO', '-f', 'json'], [...base, '--trunks', 'auto', '-f', 'json']);
    await same([...base, '--paper', 'Letter', '-f', 'pdf'], [...base, '--paper', 'letter', '-f', 'pdf']);
  });

  it.each([
    [['gen', '--algo', 'kruskall'], /^maze: error: unknown algorithm 'kruskall'; the algorithms are .*; did you mean 'kruskal'\?\n$/],
    [['gen', '--format', 'pgn'], /^maze: error: unknown format 'pgn'; the formats are .*; did you mean 'png'\?\n$/],
    [['gne'], /^maze: error: unknown command 'gne'; the commands are .*; did you mean 'gen'\? \(see maze --help\)\n$/],
    [['gen', '--tiel', '5'], /^maze: error: unknown option --tiel; did you mean --tile\? \(see maze gen --help\)\n$/],
    // an alias is a name too (the hint had only --w to offer, too short to guess from)
    [['gen', '--widht', '5'], /^maze: error: unknown option --widht; did you mean --width\? \(see maze gen --help\)\n$/],
    [['play', '--hieght', '5'], /^maze: error: unknown option --hieght; did you mean --height\? \(see maze play --help\)\n$/],
    [['gen', '--style', 'compcat'], /^maze: error: --style must be .*, got 'compcat'; did you mean 'compact'\?\n$/],
    [['gen', '--paper', 'A5'], /^maze: error: --paper must be a4 or letter, got 'A5'; did you mean 'a4'\?\n$/],
    [['gen', '--algo', 'zzz'], /^maze: error: unknown algorithm 'zzz'; the algorithms are [^;]*$/],
  ])('%j gets the list, and what was meant when one is close', async (args, message) => {
    const { code, stderr } = await runCli(args);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
  });
});

describe('a value that starts with a dash (user sweep: -o -x.png said only that -o needs a value)', () => {
  it.each([
    [['gen', '-o', '-x.png'], "maze: error: -o needs a value; '-x.png' reads as an option: give it as -o=-x.png\n"],
    [['gen', '-o', '--', '-x.png'], "maze: error: -o needs a value; '-x.png' reads as an option: give it as -o=-x.png\n"],
    [['gen', '--output', '-x.png'], "maze: error: --output needs a value; '-x.png' reads as an option: give it as --output=-x.png\n"],
    // an option after it: the name left out, no hint
    [['gen', '-o', '-q'], 'maze: error: -o needs a value\n'],
    [['gen', '-o', '--quiet'], 'maze: error: -o needs a value\n'],
  ])('%j', async (args, message) => {
    const { code, stderr } = await runCli(args);
    expect(code).toBe(2);
    expect(stderr).toBe(message);
  });
});

describe('sources named by what they are', () => {
  it('no "seed 00x" in the README, maze list, help, SVG, POV-Ray, PNG or PDF text', async () => {
    const texts = [
      readFileSync(join(ROOT, 'README.md'), 'utf8'),
      (await runCli(['list'])).stdout,
      (await runCli(['--help'])).stdout,
      (await runCli(['gen', '--help'])).stdout,
      (await runCli(['gen', '--seed', '1', '-f', 'svg'])).stdout,
      (await runCli(['gen', '--seed', '1', '-f', 'pov'])).stdout,
      (await runCli(['gen', '--seed', '1', '-f', 'png'])).stdoutBytes.toString('latin1'),
      (await runCli(['gen', '--seed', '1', '-f', 'pdf'])).stdoutBytes.toString('latin1'),
    ];
    for (const text of texts) expect(text).not.toMatch(/seeds? 0\d\d|seed-0\d\d/i);
  });
});
