/**
 * `maze gen --solve`, `maze solve` and `maze stats` through the command
 * line: in every format the CLI draws what solving in-process draws, a
 * saved maze solves to the same bytes as a maze solved when generated,
 * --from and --to pick the ends, text keeps its walls, and stats print a
 * table for people and flat JSON for scripts. (Bad command lines are in
 * cli.test.ts, with all the others.)
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formats } from '../src/formats/index.js';
import { parseMaze } from '../src/formats/json.js';
import type { RenderOptions } from '../src/formats/types.js';
import { DEFAULT_RENDER_OPTIONS } from '../src/formats/types.js';
import type { Maze, Point } from '../src/model/maze.js';
import { solveMaze } from '../src/passages/solve.js';
import { generated } from './fixtures.js';
import { collect, ROOT, runCli, schemaErrors, spawnMazeAsync, tempDir } from './helpers.js';

/** Each format once, ascii in both styles. */
const variants = formats.flatMap((format) => {
  const ext = format.extensions[0]!;
  const plain = { label: format.name, format, flags: ['-f', format.name], options: DEFAULT_RENDER_OPTIONS, ext };
  if (format.name !== 'ascii') return [plain];
  const unicode: RenderOptions = { ...DEFAULT_RENDER_OPTIONS, style: 'unicode' };
  return [plain, { label: 'ascii --style unicode', format, flags: ['-f', 'ascii', '--style', 'unicode'], options: unicode, ext }];
});

/** The formats that draw a solution (cut lines and pen strokes are the walls alone, and refuse one). */
const drawing = variants.filter((v) => v.format.solution !== 'none');

const GEN = ['gen', '--algo', 'trees', '--w', '9', '--h', '6', '--islands', '2', '--seed', 'solve'];

function solvedInProcess(from: Point = [0, 0], to: Point = [8, 5]): Maze {
  const maze = generated('trees', 9, 6, 'solve', { islands: '2' });
  maze.info = { algorithm: 'trees', seed: 'solve', options: { trunks: 'auto', islands: 2 } };
  solveMaze(maze, from, to);
  return maze;
}

describe('maze gen --solve', () => {
  it.each(drawing.map((v) => [v.label, v] as const))('draws in %s what solving in-process draws', async (_label, variant) => {
    const dir = tempDir();
    const out = join(dir, `m${variant.ext}`);
    const result = await runCli([...GEN, '--solve', ...variant.flags, '-o', out]);
    expect(result).toMatchObject({ code: 0, stdout: '', stderr: '' });
    const expected = await collect(variant.format.render(solvedInProcess(), variant.options));
    expect(readFileSync(out).equals(expected)).toBe(true);
  });

  it('stores start, end and a solution the schema accepts in JSON', async () => {
    const { code, stdout } = await runCli([...GEN, '--solve', '--from', '8,0', '--to', '0,5', '-f', 'json']);
    expect(code).toBe(0);
    expect(schemaErrors(stdout)).toEqual([]);
    const doc = JSON.parse(stdout) as { start: Point; end: Point; solution: Point[] };
    expect(doc.start).toEqual([8, 0]);
    expect(doc.end).toEqual([0, 5]);
    expect(doc.solution).toEqual(solvedInProcess([8, 0], [0, 5]).solution);
  });

  it('--from and --to without --solve only store the ends', async () => {
    const { code, stdout } = await runCli([...GEN, '--from', '2,3', '--to', '4,4', '-f', 'json']);
    expect(code).toBe(0);
    const doc = JSON.parse(stdout) as Record<string, unknown>;
    expect([doc.start, doc.end, doc.solution]).toEqual([[2, 3], [4, 4], undefined]);
    // no path drawn: only the ends' marks, where the plain maze has spaces; --from alone
    // runs to the bottom-right cell, as the README says (issue 18 item 6)
    const marked = (await runCli([...GEN, '--from', '2,3'])).stdout;
    expect(marked.match(/[@>]/g)).toEqual(['@', '>']);
    expect(marked.replace('@', ' ').replace('>', ' ')).toBe((await runCli(GEN)).stdout);
  });

  it('solves every maze of a batch', async () => {
    const dir = tempDir();
    expect((await runCli(['gen', '--count', '3', '--seed', '5', '--w', '6', '--h', '4', '--solve', '-o', join(dir, '{n}.json')])).code).toBe(0);
    for (const n of [1, 2, 3]) {
      const maze = parseMaze(readFileSync(join(dir, `${n}.json`), 'utf8'), `${n}.json`);
      expect(maze.solution?.[0]).toEqual([0, 0]);
      expect(maze.solution?.at(-1)).toEqual([5, 3]);
    }
  });

  it('draws the path in text only where there were spaces, in both styles, colored with --path-color', async () => {
    const plain = (await runCli(GEN)).stdout;
    const solved = (await runCli([...GEN, '--solve'])).stdout;
    expect(solved).toMatch(/\*{5}/);
    expect(solved.replace(/[*@>]/g, ' ')).toBe(plain); // the path, and the start and end marks
    const plainUnicode = (await runCli([...GEN, '--style', 'unicode'])).stdout;
    const solvedUnicode = (await runCli([...GEN, '--style', 'unicode', '--solve'])).stdout;
    expect(solvedUnicode.match(/[@>]/g)).toEqual(['@', '>']); // the start's and the end's marks, on the path's ends
    expect(solvedUnicode.replace(/[━┃┏┓┗┛●@>]/g, ' ')).toBe(plainUnicode);
    const colored = (await runCli([...GEN, '--solve', '--color', 'always', '--path-color', '#10e020'])).stdout;
    expect(colored).toContain('\u001b[38;2;16;224;32m*');
  });
});

describe('a solution where it would not show', () => {
  it.each(variants.filter((v) => v.format.solution === 'none').map((v) => [v.label, v] as const))('%s: maze gen --solve and maze solve into it are refused in one line, writing nothing', async (_label, variant) => {
    const dir = tempDir();
    const out = join(dir, `m${variant.ext}`);
    const gen = await runCli([...GEN, '--solve', ...variant.flags, '-o', out]);
    expect(gen.code).toBe(2);
    expect(gen.stderr).toMatch(new RegExp(`^maze: error: --solve applies to .*, not to ${variant.format.name}: .*\n$`));
    expect((await runCli([...GEN, '-o', join(dir, 'm.json')])).code).toBe(0);
    const solved = await runCli(['solve', join(dir, 'm.json'), ...variant.flags, '-o', out]);
    expect(solved.code).toBe(2);
    expect(solved.stderr.split('\n')).toHaveLength(2);
    expect(existsSync(out)).toBe(false);
  });
});

describe('maze solve', () => {
  it('draws a saved maze with its solution exactly as gen --solve, in every format, from a file and from standard input', async () => {
    const dir = tempDir();
    expect((await runCli([...GEN, '-o', join(dir, 'm.json')])).code).toBe(0);
    const saved = readFileSync(join(dir, 'm.json'), 'utf8');
    for (const variant of drawing) {
      const direct = await runCli([...GEN, '--solve', ...variant.flags]);
      const fromFile = await runCli(['solve', join(dir, 'm.json'), ...variant.flags]);
      expect(fromFile.code, variant.label).toBe(0);
      expect(fromFile.stdoutBytes.equals(direct.stdoutBytes), variant.label).toBe(true);
      const fromStdin = await runCli(['solve', '-', ...variant.flags], saved);
      expect(fromStdin.stdoutBytes.equals(direct.stdoutBytes), variant.label).toBe(true);
    }
  });

  it('prints ASCII by default, and a solved JSON renders as it was solved', async () => {
    const dir = tempDir();
    expect((await runCli([...GEN, '-o', join(dir, 'm.json')])).code).toBe(0);
    const shown = await spawnMazeAsync(['solve', 'm.json'], { cwd: dir });
    expect(shown).toMatchObject({ code: 0, stderr: '' });
    expect(shown.stdout).toBe((await runCli([...GEN, '--solve'])).stdout);
    expect((await runCli(['solve', join(dir, 'm.json'), '-o', join(dir, 'solved.json')])).code).toBe(0);
    for (const variant of drawing) {
      const rendered = await runCli(['render', join(dir, 'solved.json'), ...variant.flags]);
      expect(rendered.stdoutBytes.equals((await runCli([...GEN, '--solve', ...variant.flags])).stdoutBytes), variant.label).toBe(true);
    }
  });

  it('goes from the stored start to the stored end, unless --from and --to say otherwise', async () => {
    const dir = tempDir();
    expect((await runCli([...GEN, '--from', '3,1', '--to', '7,2', '-o', join(dir, 'ends.json')])).code).toBe(0);
    const stored = parseMaze((await runCli(['solve', join(dir, 'ends.json'), '-f', 'json'])).stdout, 'stored');
    expect([stored.solution?.[0], stored.solution?.at(-1)]).toEqual([[3, 1], [7, 2]]);
    const given = parseMaze((await runCli(['solve', join(dir, 'ends.json'), '--to', '0,0', '-f', 'json'])).stdout, 'given');
    expect([given.start, given.end]).toEqual([[3, 1], [0, 0]]);
    expect(given.solution).toEqual(solvedInProcess([3, 1], [0, 0]).solution);
  });

  it('replaces a stored solution, and solve --help documents its options', async () => {
    const dir = tempDir();
    expect((await runCli([...GEN, '--solve', '-o', join(dir, 's.json')])).code).toBe(0);
    const again = parseMaze((await runCli(['solve', join(dir, 's.json'), '--from', '8,5', '--to', '0,0', '-f', 'json'])).stdout, 'again');
    expect(again.solution?.[0]).toEqual([8, 5]);
    const help = await runCli(['solve', '--help']);
    expect(help.code).toBe(0);
    for (const text of ['maze solve FILE.json', '--from', '--to', '--path-color', '--output']) expect(help.stdout).toContain(text);
  });

  it("moves a maze's openings to its new ends, so that what it writes reads back (a sweep: the old gaps stayed, and render refused the file)", async () => {
    const dir = tempDir();
    const saved = join(dir, 'o.json');
    const grids = [['--w', '8', '--h', '6'], ['--shape', 'hex', '--w', '7', '--h', '5'], ['--shape', 'polar', '--w', '4'], ['--levels', '2', '--w', '6', '--h', '4'], ['--weave', '0.5', '--w', '8', '--h', '6'], ['--w', '9', '--h', '7', '--mask', join(ROOT, 'docs', 'mask-heart.png')]];
    for (const grid of grids) {
      expect((await runCli(['gen', ...grid, '--seed', '4', '--openings', '--ends', 'farthest', '-q', '-o', saved])).code).toBe(0);
      for (const ends of [['--ends', 'random'], ['--from', '2,1', '--to', '3,2']]) {
        const solved = await runCli(['solve', saved, ...ends, '-q', '-f', 'json']);
        expect(solved.code, solved.stderr).toBe(0);
        const back = await runCli(['render', '-', '-f', 'json'], solved.stdout);
        expect(back.stderr, `${grid.join(' ')} ${ends.join(' ')}`).toBe('');
        expect(back.stdout).toBe(solved.stdout);
      }
    }
    // ends inside the maze: its border whole again; on the rim: open beside them only
    expect((await runCli(['gen', '--w', '8', '--h', '6', '--seed', '1', '--openings', '--ends', 'corners', '-q', '-o', saved])).code).toBe(0);
    const inside = (await runCli(['solve', saved, '--from', '3,3', '--to', '5,2', '-q'])).stdout.trimEnd().split('\n');
    expect([inside[0], inside.at(-1)]).toEqual(['+---'.repeat(8) + '+', '+---'.repeat(8) + '+']);
    for (const line of inside.filter((_, i) => i % 2 === 1)) expect([line[0], line.at(-1)]).toEqual(['|', '|']);
    const rim = (await runCli(['solve', saved, '--from', '0,3', '--to', '7,2', '-q'])).stdout.trimEnd().split('\n');
    expect(rim.filter((line, i) => i % 2 === 1 && (line[0] !== '|' || line.at(-1) !== '|'))).toEqual([rim[5], rim[7]]);
    expect([rim[5]!.at(-1), rim[7]![0]]).toEqual([' ', ' ']);
    expect([rim[0], rim.at(-1)]).toEqual(['+---'.repeat(8) + '+', '+---'.repeat(8) + '+']);
    // the library's solve moves them too, and what it renders reads back
    const lib = await import('../src/lib/index.js');
    for (const grid of [{ width: 8, height: 6 }, { shape: 'hex', width: 7, height: 5 }] as const) {
      const maze = lib.generate({ ...grid, seed: 4, openings: true, ends: 'farthest' } as never) as import('../src/lib/index.js').Maze;
      lib.solve(maze, { from: [2, 1], to: [3, 2] });
      const text = Buffer.from(await lib.render(maze, 'json')).toString();
      expect(() => lib.parseAny(text), JSON.stringify(grid)).not.toThrow();
    }
  });

  it("writes the method it ran, not the drawing of a method saved with the maze (a sweep: solve kept 'tremaux', and render drew it again)", async () => {
    const dir = tempDir();
    expect((await runCli([...GEN, '--solve', 'tremaux', '-o', join(dir, 'a.json')])).code).toBe(0);
    const solved = await runCli(['solve', join(dir, 'a.json'), '-q', '-f', 'json']);
    expect(solved.stdout).not.toContain('"method"');
    const picture = await runCli(['solve', join(dir, 'a.json'), '-q', '-f', 'svg']);
    expect((await runCli(['render', '-', '-f', 'svg'], solved.stdout)).stdout).toBe(picture.stdout);
    expect(picture.stdout).toBe((await runCli([...GEN, '--solve', '-f', 'svg'])).stdout);
    // the library's render of the saved maze walks its method again, as maze render does (a sweep: it drew the shortest path alone)
    const lib = await import('../src/lib/index.js');
    for (const made of [GEN, ['gen', '--shape', 'hex', '--w', '6', '--h', '5', '--seed', 'solve']]) {
      const saved = (await runCli([...made, '--solve', 'tremaux', '-f', 'json'])).stdout;
      const drawn = Buffer.from(await lib.render(lib.parseAny(saved), 'svg')).toString();
      expect(drawn, made.join(' ')).toBe((await runCli(['render', '-', '-f', 'svg'], saved)).stdout);
      expect(drawn).toBe((await runCli([...made, '--solve', 'tremaux', '-f', 'svg'])).stdout);
    }
    // and the library's solve alike
    const maze = lib.parseAny(readFileSync(join(dir, 'a.json'), 'utf8'));
    lib.solve(maze);
    expect(Buffer.from(await lib.render(maze, 'json')).toString()).not.toContain('"method"');
  });
});

describe('maze stats', () => {
  const HAND = JSON.stringify({
    format: 'maze', version: 1, width: 3, height: 3,
    top: ['111', '100', '010', '111'], left: ['1001', '1111', '1001'], palette: ['#ffffff'],
  });

  it("prints the README's example table, to the byte", async () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const example = /^\$ maze (gen [^\n]*) -o m\.json -q && maze stats m\.json\n([^`]*)```/m.exec(readme);
    expect(example, 'the stats example in README.md').not.toBeNull();
    const [, gen, table] = example!;
    const saved = join(tempDir(), 'm.json');
    expect((await runCli([...gen!.split(' '), '-o', saved, '-q'])).code).toBe(0);
    expect((await runCli(['stats', saved])).stdout).toBe(table);
  });

  it('prints an aligned table for people', async () => {
    const { code, stdout, stderr } = await spawnMazeAsync(['stats', '-'], { input: HAND });
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toBe([
      'size                  3 × 3',
      'cells                     9',
      'passages                  8  open walls between two cells',
      'dead ends                 3  33.3 % of cells',
      'corridors                 5  55.6 % of cells',
      'junctions                 1  11.1 % of cells',
      'closed cells              0  no opening at all',
      'components                1  every cell reaches every other',
      'loops                     0  passages − cells + components',
      'perfect                 yes  one path between any two cells',
      'solution length           5  cells from 0,0 to 2,2, both counted',
      'longest path              8  cells from 0,1 to 0,0, both counted',
      'junctions by degree    3: 1  passages: cells',
      'turns                     3  corridor cells where the way turns; 2 go straight',
      'straightaways             2  runs of straight cells, the longest 1',
      'dead-end cells            8  mean 2.67, longest 6: cells to the nearest junction',
      'elitism              55.6 %  solution cells over all cells',
      'decision points           1  solution cells with more than one way on',
      'solution turns            1  where the solution turns',
      'false-path cells          4  cells off the solution',
      'bottlenecks               3  cells every path from start to end goes through, the ends aside',
      'difficulty             0.00  from 0 (easy) to 1 (hard): see the README',
      '',
    ].join('\n'));
  });

  it('prints one flat JSON object with --json', async () => {
    const { code, stdout } = await runCli(['stats', '-', '--json', '--from', '0,1', '--to', '1,1'], HAND);
    expect(code).toBe(0);
    const doc = JSON.parse(stdout) as Record<string, unknown>;
    expect(Object.keys(doc)).toEqual([
      'width', 'height', 'cells', 'passages', 'deadEnds', 'corridors', 'junctions', 'closed',
      'components', 'loops', 'perfect', 'start', 'end', 'solutionLength', 'longestPath', 'longestFrom', 'longestTo',
      'keys', 'doors', 'lockedDoors', 'decoys',
      // the analysis (issue 31 item 4)
      'turns', 'straightCells', 'straightaways', 'longestStraightaway', 'junctionsByDegree', 'deadEndCells', 'meanDeadEnd', 'longestDeadEnd',
      'elitism', 'decisionPoints', 'solutionTurns', 'falsePathCells', 'bottlenecks',
      // issue 32
      'difficulty',
    ]);
    for (const [key, value] of Object.entries(doc)) {
      if (['start', 'end', 'longestFrom', 'longestTo'].includes(key)) expect(value).toEqual([expect.any(Number), expect.any(Number)]);
      else if (key === 'junctionsByDegree') expect(value).toEqual({ 3: 1 });
      else if (key === 'perfect') expect(typeof value).toBe('boolean');
      else expect(typeof value, key).toBe('number');
    }
    expect(doc).toMatchObject({ start: [0, 1], end: [1, 1], solutionLength: 8, deadEnds: 3, junctions: 1 });
  });

  it('uses the stored ends, says when the end cannot be reached, and counts loops', async () => {
    const dir = tempDir();
    expect((await runCli([...GEN, '--from', '1,1', '--to', '2,2', '-o', join(dir, 'm.json')])).code).toBe(0);
    const doc = JSON.parse((await runCli(['stats', join(dir, 'm.json'), '--json'])).stdout) as Record<string, unknown>;
    expect(doc).toMatchObject({ start: [1, 1], end: [2, 2], loops: 2, components: 1, perfect: false, cells: 54, passages: 55 });

    const cut = JSON.stringify({ format: 'maze', version: 1, width: 3, height: 2, top: ['111', '111', '111'], left: ['1011', '1111'], palette: ['#ffffff'] });
    const table = await runCli(['stats', '-'], cut);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^solution length +none {2}2,1 cannot be reached from 0,0$/m);
    expect(table.stdout).toMatch(/^components +5 {2}parts that do not reach one another$/m);
    expect(JSON.parse((await runCli(['stats', '-', '--json'], cut)).stdout)).toMatchObject({ solutionLength: null, components: 5, closed: 4, deadEnds: 2 });
  });
});
