/**
 * What a new user trips on, round two (issue 29): one test per item, named
 * after it. The game's word on leaving is in test/play.test.ts (it needs the
 * tmux terminal there).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAnyMaze, parseMaze } from '../src/formats/json.js';
import { formats } from '../src/formats/index.js';
import type { GraphMaze } from '../src/grid/graph-maze.js';
import { cellPath, outerSide, passagesOf } from '../src/passages/view.js';
import { openingSide, rimCells } from '../src/passages/ends.js';
import type { Maze, Point } from '../src/model/maze.js';
import { shortestPath } from '../src/passages/solve.js';
import { decodePng } from './fixtures.js';
import { BIN, externalTool, ROOT, runCli, spawnMaze, tempDir } from './helpers.js';

const povrayTool = externalTool('povray', 'apt-get install povray');
const pdftotext = externalTool('pdftotext', 'apt-get install poppler-utils', '-v');
const parallelTool = externalTool('parallel', 'apt-get install parallel');

describe('item 1: zones ends move after all', () => {
  const ZONES = "its mazes keep their own entrance (top left) and exit (bottom right)";

  it.each(['--from', '--to'])('maze gen --algo zones %s is refused in the words of --ends', async (flag) => {
    const result = await runCli(['gen', '--algo', 'zones', '--w', '12', '--h', '8', '--seed', '3', flag, '3,3', '--solve']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`maze: error: ${flag} does not apply to zones: ${ZONES}; another --algo takes them\n`);
  });

  it('a saved keys-and-doors maze refuses --ends, --from and --to in solve and stats alike', async () => {
    const saved = (await runCli(['gen', '--algo', 'zones', '--w', '12', '--h', '8', '--seed', '3', '-f', 'json'])).stdout;
    for (const command of ['solve', 'stats']) {
      for (const [flag, value] of [['--ends', 'farthest'], ['--from', '3,3'], ['--to', '3,3']]) {
        const result = await runCli([command, '-', flag!, value!], saved);
        expect(result.code, `${command} ${flag}`).toBe(2);
        expect(result.stderr).toBe(`maze: error: ${flag} does not apply to zones: ${ZONES}\n`);
      }
    }
    // its own ends still solve, every key fetched
    const solved = parseMaze((await runCli(['solve', '-', '-f', 'json'], saved)).stdout, 'solve');
    expect(solved.solution).not.toBeNull();
    const stats = JSON.parse((await runCli(['stats', '-', '--json'], saved)).stdout) as { keys: number };
    expect(stats.keys).toBe(3);
  });
});

/** The rim cells of a square maze, farthest pair by a search from each (the truth the double sweep must match on a tree). */
function rimDiameter(maze: Maze): number {
  const rim = rimCells(maze);
  let best = 0;
  for (const a of rim) for (const b of rim) best = Math.max(best, shortestPath(maze, a, b)!.length - 1);
  return best;
}

function distance(maze: Maze, a: Point, b: Point): number {
  return shortestPath(maze, a, b)!.length - 1;
}

describe('item 2: --openings with ends inside opens nothing, silently', () => {
  it.each(['kruskal', 'wilson', 'trees'])('%s: --ends farthest --openings puts both ends on the rim, farthest apart, both open', async (algo) => {
    for (let seed = 0; seed < 12; seed++) {
      const result = await runCli(['gen', '--algo', algo, '--w', '14', '--h', '9', '--seed', String(seed), '--ends', 'farthest', '--openings', '--solve', '-f', 'json']);
      expect(result.stderr).toBe('');
      const maze = parseMaze(result.stdout, 'gen');
      expect(openingSide(maze, maze.start!), `seed ${seed}`).not.toBeNull();
      expect(openingSide(maze, maze.end!), `seed ${seed}`).not.toBeNull();
      // both gaps are open, and no other border wall
      const closedBorder = (w: { x: number; y: number; side: 'top' | 'left' }): boolean => (w.side === 'top' ? maze.hasTop(w.x, w.y) : maze.hasLeft(w.x, w.y));
      expect(closedBorder(openingSide(maze, maze.start!)!)).toBe(false);
      expect(closedBorder(openingSide(maze, maze.end!)!)).toBe(false);
      // exact on a tree: no two rim cells lie farther apart
      expect(distance(maze, maze.start!, maze.end!), `seed ${seed}`).toBe(rimDiameter(maze));
    }
  });

  it("the README's PDF example: both ends open, and the caption says openings only where one is", async () => {
    const json = await runCli(['gen', '--ends', 'farthest', '--openings', '--solve', '--seed', '9', '-f', 'json']);
    const maze = parseMaze(json.stdout, 'gen');
    expect([openingSide(maze, maze.start!), openingSide(maze, maze.end!)].every((w) => w !== null)).toBe(true);
    // both ends given inside: nothing opens, a note for each, and nothing recorded says openings
    const inside = await runCli(['gen', '--algo', 'kruskal', '--w', '8', '--h', '6', '--seed', '1', '--from', '3,2', '--to', '4,3', '--openings', '-f', 'json']);
    expect(inside.code).toBe(0);
    expect(inside.stderr).toBe(
      'maze: note: --from 3,2 is inside the maze, so it has no opening (--openings opens the outer wall beside an end on the rim)\n' +
        'maze: note: --to 4,3 is inside the maze, so it has no opening (--openings opens the outer wall beside an end on the rim)\n',
    );
    expect(JSON.parse(inside.stdout).options).toEqual({ from: '3,2', to: '4,3' });
    expect((await runCli(['gen', '--algo', 'kruskal', '--w', '8', '--h', '6', '--seed', '1', '--from', '3,2', '--openings', '-q', '-f', 'json'])).stderr).toBe('');
  });

  it.skipIf(pdftotext.skip)('the PDF caption claims no opening that is not there', () => {
    const dir = tempDir();
    const made = spawnMaze(['gen', '--algo', 'kruskal', '--w', '8', '--h', '6', '--seed', '1', '--from', '3,2', '--to', '4,3', '--openings', '-q', '-o', 'm.pdf'], { cwd: dir });
    expect(made.code).toBe(0);
    const text = spawnSync('pdftotext', [join(dir, 'm.pdf'), '-'], { encoding: 'utf8' }).stdout;
    expect(text).toContain('maze kruskal, seed 1');
    expect(text).not.toContain('openings');
    spawnMaze(['gen', '--ends', 'farthest', '--openings', '--solve', '--seed', '9', '-o', 'p.pdf'], { cwd: dir });
    expect(spawnSync('pdftotext', [join(dir, 'p.pdf'), '-'], { encoding: 'utf8' }).stdout).toContain('openings');
  });

  it('works on a mask and on hex, triangle and polar grids: both farthest ends on the rim', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'ring.txt'), ['XX......XX', 'X........X', '...XXXX...', '...XXXX...', 'X........X', 'XX......XX'].join('\n'));
    const masked = parseMaze((await runCli(['gen', '--algo', 'wilson', '--mask', join(dir, 'ring.txt'), '--seed', '4', '--ends', 'farthest', '--openings', '-f', 'json'])).stdout, 'mask');
    for (const end of [masked.start!, masked.end!]) expect(openingSide(masked, end)).not.toBeNull();
    expect(distance(masked, masked.start!, masked.end!)).toBe(rimDiameter(masked));
    for (const shape of ['hex', 'triangle', 'polar']) {
      const size = shape === 'polar' ? ['--w', '5'] : ['--w', '8', '--h', '6'];
      const result = await runCli(['gen', '--shape', shape, ...size, '--seed', '5', '--ends', 'farthest', '--openings', '-f', 'json']);
      expect(result.stderr, shape).toBe('');
      const maze = parseAnyMaze(result.stdout, shape) as GraphMaze;
      const cells = [maze.start!, maze.end!].map((p) => maze.cellAt(p));
      for (const c of cells) expect(outerSide(maze, c), shape).toBeGreaterThanOrEqual(0);
      // no pair of rim cells farther apart
      const rim = [...Array(maze.cellCount).keys()].filter((c) => maze.isIn(c) && outerSide(maze, c) >= 0);
      const view = passagesOf(maze);
      const distance = (a: number, b: number): number => cellPath(view, a, b)!.length - 1;
      let best = 0;
      for (const a of rim) for (const b of rim) best = Math.max(best, distance(a, b));
      expect(distance(cells[0]!, cells[1]!), shape).toBe(best);
    }
  });
});

describe('item 5: maze gen --help reads badly', () => {
  it('opens with what everyone needs, shows numbers as numbers, fits 80 columns in a pipe, examples whole', async () => {
    const { code, stdout } = await runCli(['gen', '--help']);
    expect(code).toBe(0);
    const groups = stdout.split('\n').filter((l) => /^\S.*:$/.test(l));
    expect(groups[0]).toBe('Options:');
    const first = stdout.slice(stdout.indexOf('Options:'), stdout.indexOf('\n\n', stdout.indexOf('Options:')));
    for (const flag of ['--algo', '--width', '--height', '--seed', '--output', '--solve']) expect(first, flag).toContain(flag);
    expect(stdout).not.toMatch(/\[string\] \[default: "\d+"\]/);
    expect(stdout.replace(/\s+/g, ' ')).toMatch(/--width width in cells[^[]*\[default: 30\]/);
    for (const line of stdout.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
    // every example is one line: the command, then what it does
    const examples = stdout.slice(stdout.indexOf('Examples:')).split('\n').slice(1).filter((l) => l.trim() !== '');
    expect(examples.length).toBeGreaterThan(4);
    for (const line of examples) expect(line, line).toMatch(/^ {2}maze gen .*# \S/);
    // every command's (a user sweep found book's two longest wrapped, their ends reading as commands)
    for (const command of ['render', 'solve', 'stats', 'play', 'count', 'book']) {
      const help = (await runCli([command, '--help'])).stdout;
      for (const line of help.split('\n')) expect(line.length, `${command}: ${line}`).toBeLessThanOrEqual(80);
      const lines = help.slice(help.indexOf('Examples:')).split('\n').slice(1);
      for (const line of lines.slice(0, lines.findIndex((l) => l.trim() === ''))) expect(line, line).toMatch(new RegExp(`^ {2}maze ${command}\\b.*# \\S`));
    }
  });
});

describe('item 6: a typo in a folder is created', () => {
  it('a single -o into a missing folder is a usage error naming it; nothing is created', () => {
    const dir = tempDir();
    const result = spawnMaze(['gen', '-o', 'nonexistent-dir/sub/x.png'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe("maze: error: cannot write 'nonexistent-dir/sub/x.png': the folder 'nonexistent-dir' does not exist (create it first: mkdir -p 'nonexistent-dir/sub')\n");
    expect(readdirSync(dir)).toEqual([]);
    const saved = spawnMaze(['gen', '--seed', '1', '-o', 'm.json'], { cwd: dir });
    expect(saved.code).toBe(0);
    for (const args of [['render', 'm.json', '-o', 'typo/m.png'], ['solve', 'm.json', '-o', 'typo/m.svg']]) {
      expect(spawnMaze(args, { cwd: dir }).stderr).toMatch(/^maze: error: cannot write 'typo\/m\.\w+': the folder 'typo' does not exist/);
    }
    expect(readdirSync(dir)).toEqual(['m.json']);
  });

  it('batch templates keep creating their folders, as documented', () => {
    const dir = tempDir();
    const result = spawnMaze(['gen', '--count', '2', '--seed', '1', '-o', 'new/deep/m-{n}.json'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(readdirSync(join(dir, 'new', 'deep')).sort()).toEqual(['m-1.json', 'm-2.json']);
  });
});

describe('item 7: contradictions go unnoticed', () => {
  it('-o x.png --format svg is refused in one line, nothing written', () => {
    const dir = tempDir();
    const result = spawnMaze(['gen', '-o', 'x.png', '--format', 'svg'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe("maze: error: -o 'x.png' names a png file, but --format is svg: end the name in .svg, or drop --format\n");
    expect(existsSync(join(dir, 'x.png'))).toBe(false);
  });

  it('every option of a format that is not written is refused in the words of another algorithm\'s option', async () => {
    const values: Record<string, string> = {
      style: 'unicode', color: 'always', tile: '10', wall: '1', paper: 'letter', fg: '#123456', bg: '#123456', theme: 'light', pathColor: '#00ff00', maxPixels: '100000000', povMaze: 'walls',
    };
    const flag = (name: string): string => `--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
    for (const format of formats) {
      for (const [name, value] of Object.entries(values)) {
        const result = await runCli(['gen', '--w', '4', '--h', '3', '--seed', '1', '-f', format.name, flag(name), value]);
        if ((format.reads as readonly string[]).includes(name)) {
          expect(result.code, `${flag(name)} with ${format.name}: ${result.stderr}`).toBe(0);
        } else {
          const takers = formats.filter((f) => (f.reads as readonly string[]).includes(name)).map((f) => f.name);
          const list = takers.length > 1 ? `${takers.slice(0, -1).join(', ')} or ${takers.at(-1)}` : takers[0];
          expect(result.stderr, `${flag(name)} with ${format.name}`).toBe(`maze: error: ${flag(name)} applies to ${list}, not to ${format.name}\n`);
          expect(result.code).toBe(2);
        }
      }
    }
    // the issue's own words; maze render and maze solve pick formats too, and a batch template
    expect((await runCli(['gen', '-f', 'png', '--paper', 'letter'])).stderr).toBe('maze: error: --paper applies to pdf, not to png\n');
    const saved = (await runCli(['gen', '--seed', '1', '-f', 'json'])).stdout;
    expect((await runCli(['render', '-', '--tile', '9'], saved)).stderr).toBe('maze: error: --tile applies to png, svg or pdf, not to ascii\n');
    expect((await runCli(['solve', '-', '-f', 'svg', '--max-pixels', '5'], saved)).stderr).toBe('maze: error: --max-pixels applies to png, not to svg\n');
    const dir = tempDir();
    expect(spawnMaze(['gen', '--count', '2', '-o', 'm-{n}.png', '--style', 'unicode'], { cwd: dir }).stderr).toBe('maze: error: --style applies to ascii, not to png\n');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('--animate refuses them too: an animated PNG or GIF reads what a PNG reads, an animated SVG what an SVG reads', async () => {
    const dir = tempDir();
    const animate = (...args: string[]) => spawnMaze(['gen', '--animate', '--w', '5', '--h', '4', '--seed', '1', ...args], { cwd: dir });
    expect(animate('-o', 'a.gif', '--paper', 'a4').stderr).toBe('maze: error: --paper applies to pdf, not to an animated gif\n');
    expect(animate('-o', 'a.gif', '--style', 'unicode').stderr).toBe('maze: error: --style applies to ascii, not to an animated gif\n');
    expect(animate('-o', 'a.svg', '--max-pixels', '100000000').stderr).toBe('maze: error: --max-pixels applies to png, not to an animated svg\n');
    expect(animate('-o', 'a.svg', '--color', 'always').code).toBe(2);
    expect(readdirSync(dir)).toEqual([]);
    for (const [file, option, value] of [['a.gif', '--tile', '5'], ['a.png', '--max-pixels', '100000000'], ['a.svg', '--theme', 'light']] as const) {
      const made = animate('-o', file, option, value);
      expect(made.code, made.stderr).toBe(0);
    }
  });
});

describe('item 11: small words', () => {
  it('maze stats, render, solve of a PNG or PDF says what it is and what the command reads', () => {
    const dir = tempDir();
    spawnMaze(['gen', '--seed', '1', '-o', 'm.png'], { cwd: dir });
    spawnMaze(['gen', '--seed', '1', '-o', 'm.pdf'], { cwd: dir });
    spawnMaze(['gen', '--seed', '1', '-o', 'm.svg'], { cwd: dir });
    expect(spawnMaze(['stats', 'm.png'], { cwd: dir }).stderr).toBe("maze: error: 'm.png' is a PNG picture, not a saved maze: maze stats reads a maze saved as JSON (maze gen -o maze.json)\n");
    expect(spawnMaze(['render', 'm.pdf', '-o', 'x.svg'], { cwd: dir }).stderr).toBe("maze: error: 'm.pdf' is a PDF document, not a saved maze: maze render reads a maze saved as JSON (maze gen -o maze.json)\n");
    const piped = spawnMaze(['solve', '-'], { cwd: dir, input: readFileSync(join(dir, 'm.svg')) });
    expect(piped.stderr).toBe('maze: error: standard input is an SVG picture, not a saved maze: maze solve reads a maze saved as JSON (maze gen -o maze.json)\n');
    expect(piped.code).toBe(2);
  });

  it('an empty input, a text picture, or a folder as standard input says what it is (a sweep: each said "not valid JSON", the folder "empty")', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'empty.json'), ' \n');
    const line = (what: string, command: string): string => `maze: error: ${what}, not a saved maze: maze ${command} reads a maze saved as JSON (maze gen -o maze.json)\n`;
    expect((await runCli(['stats', join(dir, 'empty.json')])).stderr).toBe(line(`'${join(dir, 'empty.json')}' is empty`, 'stats'));
    expect((await runCli(['render', '-'])).stderr).toBe(line('standard input is empty', 'render'));
    for (const style of ['ascii', 'unicode', 'compact']) {
      const text = (await runCli(['gen', '--w', '4', '--h', '3', '--seed', '1', '--style', style])).stdout;
      expect((await runCli(['solve', '-'], text)).stderr, style).toBe(line('standard input is a maze drawn as text', 'solve'));
    }
    for (const args of [['stats', '-'], ['gen', '--mask', '-', '--w', '10']]) {
      const run = spawnSync(process.execPath, [BIN, ...args], { stdio: [openSync(dir, 'r'), 'pipe', 'pipe'], encoding: 'utf8' });
      expect([run.status, run.stderr], args.join(' ')).toEqual([2, 'maze: error: cannot read standard input: it is a folder\n']);
    }
  });

  it('--W 6 suggests --w, whatever the letters\' case', async () => {
    expect((await runCli(['gen', '--W', '6'])).stderr).toBe('maze: error: unknown option --W; did you mean --w? (see maze gen --help)\n');
    expect((await runCli(['gen', '--Seed', '6'])).stderr).toBe('maze: error: unknown option --Seed; did you mean --seed? (see maze gen --help)\n');
  });

  it.skipIf(povrayTool.skip)('the --pov-maze sdl scene names a bad declared value in an #error line a person reads', () => {
    const dir = tempDir();
    expect(spawnMaze(['gen', '--w', '6', '--h', '4', '--seed', '2', '--pov-maze', 'sdl', '-o', 'm.pov'], { cwd: dir }).code).toBe(0);
    const scene = readFileSync(join(dir, 'm.pov'), 'utf8');
    for (const [from, to, said] of [
      ['#declare xDim = 6;', '#declare xDim = 5.5;', 'xDim must be a whole number of cells'],
      ['#declare zDim = 4;', '#declare zDim = 0;', 'zDim must be a whole number of cells'],
      ['#declare boxSize = 5;', '#declare boxSize = -1;', 'boxSize must be over 0'],
    ] as const) {
      expect(scene).toContain(from);
      writeFileSync(join(dir, 'bad.pov'), scene.replace(from, to));
      const render = spawnSync('povray', ['+Ibad.pov', '+Obad.png', '+W40', '+H30', '-D'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
      expect(render.status).not.toBe(0);
      expect(render.stderr.replace(/\s+/g, ' '), to).toContain(said);
      expect(render.stderr).not.toContain('Array subscript out of range');
    }
  });

  it('the default red solution keeps apart from the wall colors it crosses', async () => {
    // a zones maze whose first key (and its doors) is a pinkish red: the path takes another color
    const png = decodePng((await runCli(['gen', '--algo', 'zones', '--w', '8', '--h', '6', '--seed', '3', '--solve', '-f', 'png'])).stdoutBytes);
    const colors = new Set<number>();
    for (let i = 0; i < png.data.length; i += 4) colors.add((png.data[i]! << 16) | (png.data[i + 1]! << 8) | png.data[i + 2]!);
    expect(colors.has(0xe8307d)).toBe(true);
    expect(colors.has(0xff3030)).toBe(false);
    // asked for, red stays red
    const asked = decodePng((await runCli(['gen', '--algo', 'zones', '--w', '8', '--h', '6', '--seed', '3', '--solve', '--path-color', '#ff3030', '-f', 'png'])).stdoutBytes);
    expect(asked.data.length).toBe(png.data.length);
    // a kruskal maze with no colors near red keeps the red
    const plain = decodePng((await runCli(['gen', '--algo', 'kruskal', '--w', '8', '--h', '6', '--seed', '3', '--solve', '-f', 'png'])).stdoutBytes);
    let red = false;
    for (let i = 0; i < plain.data.length; i += 4) red ||= plain.data[i] === 0xff && plain.data[i + 1] === 0x30 && plain.data[i + 2] === 0x30;
    expect(red).toBe(true);
  });

  it.skipIf(povrayTool.skip)('POV start and end marks grow with a large maze, so that the whole-maze view shows them', () => {
    const dir = tempDir();
    expect(spawnMaze(['gen', '--algo', 'kruskal', '--w', '150', '--h', '100', '--seed', '1', '--ends', 'corners', '-o', 'big.pov'], { cwd: dir }).code).toBe(0);
    const render = spawnSync('povray', ['+Ibig.pov', '+Obig.png', '+W320', '+H240', '-D', '+FN'], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
    expect(render.status, render.stderr).toBe(0);
    const png = decodePng(readFileSync(join(dir, 'big.png')));
    let green = 0;
    let blue = 0;
    for (let i = 0; i < png.data.length; i += 4) {
      const [r, g, b] = [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!];
      if (g > 120 && g > r + 60 && g > b + 40) green++;
      if (b > 150 && b > r + 80 && b > g + 10) blue++;
    }
    // each mark a few dozen pixels at least (at boxSize scale they were a pixel or two)
    expect(green).toBeGreaterThan(20);
    expect(blue).toBeGreaterThan(20);
  });
});

describe('item 13: the cluster recipe runs', () => {
  it.skipIf(parallelTool.skip)("the README's GNU parallel line, run at a fifth of its size, makes the 200 files a single --count 200 run makes, byte for byte", () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const written = readme.split('\n').find((l) => l.startsWith('seq 1 100 1000 | parallel maze gen'))!;
    expect(written).toBeDefined();
    // its 1000 files in slices of 100 took 11 s of the suite: the same line over 200 in slices of 20 tries the same slicing
    const line = written.replace('seq 1 100 1000', 'seq 1 20 200').replace('--count 100', '--count 20');
    expect(line).not.toBe(written);
    const dir = tempDir();
    // `maze` on PATH is this build
    mkdirSync(join(dir, 'bin'));
    writeFileSync(join(dir, 'bin', 'maze'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`, { mode: 0o755 });
    const env = { ...process.env, PATH: `${join(dir, 'bin')}:${process.env.PATH}`, HOME: dir };
    mkdirSync(join(dir, 'sliced'));
    const sliced = spawnSync('sh', ['-c', line], { cwd: join(dir, 'sliced'), env, encoding: 'utf8', timeout: 600_000 });
    expect(sliced.status, sliced.stderr).toBe(0);
    mkdirSync(join(dir, 'whole'));
    const whole = spawnSync('sh', ['-c', "maze gen --seed 1 -q --count 200 -o 'out/maze-{n}.png'"], { cwd: join(dir, 'whole'), env, encoding: 'utf8', timeout: 600_000 });
    expect(whole.status, whole.stderr).toBe(0);
    const names = readdirSync(join(dir, 'whole', 'out')).sort();
    expect(names).toHaveLength(200);
    expect(readdirSync(join(dir, 'sliced', 'out')).sort()).toEqual(names);
    for (const name of names) {
      expect(readFileSync(join(dir, 'sliced', 'out', name)).equals(readFileSync(join(dir, 'whole', 'out', name))), name).toBe(true);
    }
  }, 900_000);
});
