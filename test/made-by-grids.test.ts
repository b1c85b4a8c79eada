/**
 * The command that makes a maze again, printed back by its pictures (the
 * SVG's description, the POV scene's "// Made by:" line, the PDF's caption
 * and subject), on every grid: hex, triangle and polar, a mask on hex, and
 * the square's weave, wrap and levels. Each printed command, run, makes
 * the same maze, byte for byte in JSON.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { BIN, runCli, tempDir } from './helpers.js';

const GRIDS: string[][] = [
  ['--shape', 'hex', '--w', '7', '--h', '5', '--algo', 'kruskal', '--braid', '0.4'],
  ['--shape', 'triangle', '--w', '8', '--h', '4'],
  ['--shape', 'polar', '--w', '4', '--algo', 'wilson'],
  ['--weave', '0.5', '--w', '8', '--h', '6', '--openings'],
  ['--wrap', 'x', '--w', '7', '--h', '5', '--algo', 'prim'],
  ['--levels', '2', '--w', '6', '--h', '4', '--ends', 'farthest'],
];

/** The words of a printed command, unquoted (the commands here quote nothing). */
const words = (command: string): string[] => command.trim().split(/\s+/);

async function json(args: string[]): Promise<string> {
  const r = await runCli([...args, '-f', 'json']);
  expect(r.stderr).toBe('');
  return r.stdout;
}

describe('the made-by command of a maze on any grid', () => {
  it.each(GRIDS.map((g) => [g.join(' '), g] as const))('%s: the SVG, the POV scene and the PDF print a command that makes the same maze', async (_name, grid) => {
    const args = ['gen', ...grid, '--seed', '11'];
    const made = await json(args);
    const svg = (await runCli([...args, '-f', 'svg'])).stdout;
    const desc = /<desc>[^<]*; (maze gen [^<]*) reproduces it<\/desc>/.exec(svg);
    expect(desc, svg.slice(0, 400)).not.toBeNull();
    const pov = (await runCli([...args, '-f', 'pov'])).stdout;
    const line = /^\/\/ Made by: (maze gen .*) -o maze\.pov$/m.exec(pov);
    expect(line).not.toBeNull();
    expect(line![1]).toBe(desc![1]);
    const pdf = await PDFDocument.load((await runCli([...args, '-f', 'pdf'])).stdoutBytes, { updateMetadata: false });
    expect(pdf.getSubject()).toBe(`made by: ${desc![1]}`);
    expect(await json(words(desc![1]!).slice(1))).toBe(made);
  });

  it("a seed with control characters is printed in bash's $'…' quotes, one line that bash runs to make the same maze (the POV comment had them as spaces)", async () => {
    const seed = "a\nb\x01c'd\\e\tf";
    const args = ['gen', '--w', '6', '--h', '4', '--seed', seed];
    const made = await json(args);
    const pov = (await runCli([...args, '-f', 'pov'])).stdout;
    const line = /^\/\/ Made by: (maze gen .*) -o maze\.pov$/m.exec(pov)![1]!;
    expect(line).toContain(String.raw`--seed $'a\nb\x01c\'d\\e\tf'`);
    const svg = (await runCli([...args, '-f', 'svg'])).stdout;
    expect(svg).toContain(line.replaceAll("'", '&apos;'));
    // bash reads the line as it is: the maze is the same, byte for byte
    const run = spawnSync('bash', ['-c', `${line.replace(/^maze /, `"${process.execPath}" "${BIN}" `)} -f json`], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(made);
  });

  it("a masked hex maze's command takes its JSON's mask rows as the mask file", async () => {
    const dir = tempDir();
    const mask = join(dir, 'holes.txt');
    writeFileSync(mask, '..X...\n......\n...X..\n');
    const args = ['gen', '--shape', 'hex', '--w', '8', '--h', '6', '--mask', mask, '--seed', '4'];
    const made = await json(args);
    const command = /^\/\/ Made by: (maze gen .*) -o maze\.pov$/m.exec((await runCli([...args, '-f', 'pov'])).stdout)![1]!;
    expect(command).toContain(' --mask mask.txt ');
    writeFileSync(join(dir, 'mask.txt'), `${(JSON.parse(made) as { mask: string[] }).mask.join('\n')}\n`);
    const again = words(command).slice(1).map((w) => (w === 'mask.txt' ? join(dir, 'mask.txt') : w));
    expect(await json(again)).toBe(made);
  });

  it('a topology is named in the title and the caption: its levels, its wrap and how many crossings', async () => {
    const svg = (await runCli(['gen', '--w', '8', '--h', '6', '--seed', '3', '--levels', '2', '--weave', '0.4', '--wrap', 'x', '-f', 'svg'])).stdout;
    expect(svg).toMatch(/<title>backtracker maze, square grid of 8 × 6 cells on 2 levels, wrapped x, \d+ crossings, seed 3<\/title>/);
    const pov = (await runCli(['gen', '--w', '8', '--h', '6', '--seed', '3', '--wrap', 'xy', '-f', 'pov'])).stdout;
    expect(pov.split('\n')[0]).toBe('// backtracker maze, square grid of 8 × 6 cells, wrapped xy, seed 3');
  });
});

describe('the ends given, in the made-by command', () => {
  it('--from and --to are recorded with openings or not, so the printed command puts the marks where they were', async () => {
    const args = ['gen', '--w', '6', '--h', '4', '--seed', '1', '--ends', 'random', '--from', '1,1', '--to', '3,2'];
    const made = (await runCli([...args, '-f', 'json'])).stdout;
    const desc = /; (maze gen [^<]*) reproduces it<\/desc>/.exec((await runCli([...args, '-f', 'svg'])).stdout)![1]!;
    expect(desc).toBe('maze gen --algo trees --w 6 --h 4 --seed 1 --trunks auto --islands 0 --ends random --from 1,1 --to 3,2');
    expect((await runCli([...desc.split(' ').slice(1), '-f', 'json'])).stdout).toBe(made);
  });
});
