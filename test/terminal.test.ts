/**
 * ASCII for people: the compact style, the style that fits a terminal's
 * width when none is asked for, and colors that leave plain walls in the
 * terminal's own foreground. A terminal here is a stream that says it is
 * one (isTTY, columns), as node's tty.WriteStream does.
 */
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { run } from '../src/cli/run.js';
import { runCli } from './helpers.js';

/** Run the CLI with standard output a terminal `columns` wide. */
async function onTerminal(args: string[], columns: number): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = Object.assign(new PassThrough(), { isTTY: true, columns });
  const stderr = new PassThrough();
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  stdout.on('data', (c: Buffer) => out.push(c));
  stderr.on('data', (c: Buffer) => err.push(c));
  const saved = process.env.NO_COLOR;
  process.env.NO_COLOR = '1'; // the layout, not the colors, is under test here
  try {
    const code = await run(args, { stdin: Readable.from([]), stdout, stderr });
    return { code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') };
  } finally {
    if (saved === undefined) delete process.env.NO_COLOR;
    else process.env.NO_COLOR = saved;
  }
}

const width = (text: string): number => Math.max(...text.split('\n').map((l) => [...l].length));

describe('ascii for people', () => {
  it('--style compact: two columns a cell, so a 30-wide maze is 61 columns', async () => {
    const { code, stdout } = await runCli(['gen', '--seed', '1', '--style', 'compact']);
    expect(code).toBe(0);
    expect(width(stdout)).toBe(61);
    expect(stdout.split('\n')).toHaveLength(2 * 20 + 2);
    expect(stdout).toMatch(/[┌┬┐├┼┤└┴┘]/);
    // the same walls as the unicode style, with the middle column of each cell kept
    const wide = (await runCli(['gen', '--seed', '1', '--style', 'unicode'])).stdout.split('\n');
    const narrow = stdout.split('\n');
    for (const [y, line] of wide.entries()) {
      const chars = [...line];
      const kept = chars.filter((_, i) => i % 4 === 0 || i % 4 === 2).join('');
      expect(narrow[y], `line ${y}`).toBe(kept);
    }
  });

  it('on an 80-column terminal with no --style, a 30-wide maze comes whole, in the compact style', async () => {
    const { code, stdout } = await onTerminal(['gen', '--seed', '1', '-q'], 80);
    expect(code).toBe(0);
    expect(width(stdout)).toBeLessThanOrEqual(80);
    expect(stdout).toBe((await runCli(['gen', '--seed', '1', '--style', 'compact'])).stdout);
    // a terminal wide enough keeps the default; --style always wins; a pipe is exactly as before
    expect((await onTerminal(['gen', '--seed', '1', '-q'], 200)).stdout).toBe((await runCli(['gen', '--seed', '1'])).stdout);
    expect((await onTerminal(['gen', '--seed', '1', '-q', '--style', 'ascii'], 80)).stdout).toBe((await runCli(['gen', '--seed', '1'])).stdout);
    expect((await runCli(['gen', '--seed', '1'])).stdout.split('\n')[0]).toHaveLength(121);
  });

  it('with color on, plain walls keep the terminal foreground; tree walls and the path get colors', async () => {
    const plain = await runCli(['gen', '--algo', 'kruskal', '--seed', '1', '--color', 'always']);
    expect(plain.stdout).not.toContain('\u001b[');
    const solved = await runCli(['gen', '--algo', 'kruskal', '--seed', '1', '--color', 'always', '--solve']);
    expect(solved.stdout).toContain('\u001b[38;2;255;48;48m*');
    const trees = await runCli(['gen', '--seed', '1', '--color', 'always']);
    expect(trees.stdout).toContain('\u001b[38;2;');
    expect(trees.stdout).not.toContain('\u001b[38;2;255;255;255m');
    const fg = await runCli(['gen', '--algo', 'kruskal', '--seed', '1', '--color', 'always', '--fg', '#102030']);
    expect(fg.stdout).toContain('\u001b[38;2;16;32;48m');
  });
});
