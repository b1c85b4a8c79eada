/**
 * Start and end (--ends, --from, --to), the openings beside them
 * (--openings) and braiding (--braid), through the command line: what a
 * user asks for is what the JSON stores, the pictures draw and stats
 * measure.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { algorithms } from '../src/algorithms/index.js';
import type { GraphMaze } from '../src/grid/graph-maze.js';
import { generate } from '../src/lib/api.js';
import { passagesOf } from '../src/passages/view.js';
import { parseMaze } from '../src/formats/json.js';
import { braid } from '../src/passages/braid.js';
import { borderCell, borderCellCount, openingSide } from '../src/passages/ends.js';
import type { Maze, Point } from '../src/model/maze.js';
import { mazeStats } from '../src/passages/stats.js';
import { Rng } from '../src/rng.js';
import { decodePng, firstDifference, generated, seedLoop, seedLoopWithPath } from './fixtures.js';
import { borderClosed, runCli, schemaErrors, tempDir } from './helpers.js';

const NAMES = algorithms.map((a) => a.name);

async function genJson(args: string[]): Promise<{ text: string; maze: Maze }> {
  const { code, stdout, stderr } = await runCli(['gen', ...args, '-f', 'json']);
  expect(stderr).toBe('');
  expect(code).toBe(0);
  expect(schemaErrors(stdout)).toEqual([]);
  return { text: stdout, maze: parseMaze(stdout, 'gen') };
}

function onBorder(maze: Maze, [x, y]: Point): boolean {
  return x === 0 || y === 0 || x === maze.width - 1 || y === maze.height - 1;
}

function deadEnds(maze: Maze): number {
  return mazeStats(maze, [0, 0], [0, 0]).deadEnds;
}

describe('--ends', () => {
  // Not zones: its solution is the walk that fetches the keys (zones.test.ts), which from other
  // ends than its entrance may be longer than the longest path, or impossible.
  it.each(NAMES.filter((n) => n !== 'zones'))('farthest: the solution of %s is the longest path stats reports, with and without loops', async (name) => {
    for (const extra of [[], ['--braid', '0.5']]) {
      const { text, maze } = await genJson(['--algo', name, '--w', '14', '--h', '9', '--seed', 'far', '--ends', 'farthest', '--solve', ...extra]);
      const stats = JSON.parse((await runCli(['stats', '-', '--json'], text)).stdout) as Record<string, unknown>;
      expect(maze.solution!.length, `${name} ${extra.join(' ')}`).toBe(stats.longestPath);
      expect([maze.start, maze.end]).toEqual([stats.longestFrom, stats.longestTo]);
      expect(maze.solution![0]).toEqual(maze.start);
    }
  });

  it('is refused for zones, whose locks are laid out from its own entrance to its own exit', async () => {
    for (const mode of ['farthest', 'random', 'corners']) {
      const result = await runCli(['gen', '--algo', 'zones', '--seed', '3', '--ends', mode, '--solve', '-f', 'json']);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe("maze: error: --ends does not apply to zones: its mazes keep their own entrance (top left) and exit (bottom right); another --algo takes them\n");
    }
  });

  it('corners: top left to bottom right, stored in JSON and in the recorded options', async () => {
    const { maze, text } = await genJson(['--algo', 'kruskal', '--w', '7', '--h', '4', '--seed', '1', '--ends', 'CORNERS']);
    expect([maze.start, maze.end, maze.solution]).toEqual([[0, 0], [6, 3], null]);
    expect(JSON.parse(text).options).toEqual({ ends: 'corners' });
  });

  it('random: two distinct border cells, from the seed, the same ones solve picks on the saved maze', async () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 40; seed++) {
      const { maze, text } = await genJson(['--algo', 'prim', '--w', '9', '--h', '6', '--seed', String(seed), '--ends', 'random']);
      expect(onBorder(maze, maze.start!) && onBorder(maze, maze.end!), `seed ${seed}`).toBe(true);
      expect(maze.start).not.toEqual(maze.end);
      seen.add(JSON.stringify(maze.start));
      const again = await genJson(['--algo', 'prim', '--w', '9', '--h', '6', '--seed', String(seed), '--ends', 'random']);
      expect(again.text).toBe(text);
      const solved = parseMaze((await runCli(['solve', '-', '--ends', 'random', '-f', 'json'], text)).stdout, 'solve');
      expect([solved.start, solved.end]).toEqual([maze.start, maze.end]);
    }
    expect(seen.size).toBeGreaterThan(10); // they do move around the border
  });

  it('numbers the border cells once each, clockwise', () => {
    for (const [w, h] of [[1, 1], [1, 5], [6, 1], [2, 2], [5, 4]] as const) {
      const cells = Array.from({ length: borderCellCount(w, h) }, (_, i) => borderCell(w, h, i).join(','));
      expect(new Set(cells).size, `${w} × ${h}`).toBe(cells.length);
      const all: string[] = [];
      for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (x === 0 || y === 0 || x === w - 1 || y === h - 1) all.push(`${x},${y}`);
      expect(cells.sort()).toEqual(all.sort());
    }
  });

  it('--from and --to win over --ends; a solution then runs between them', async () => {
    const { maze, text } = await genJson(['--w', '8', '--h', '5', '--seed', '2', '--ends', 'farthest', '--from', '3,2', '--solve']);
    const far = (await genJson(['--w', '8', '--h', '5', '--seed', '2', '--ends', 'farthest'])).maze;
    expect([maze.start, maze.end]).toEqual([[3, 2], far.end]);
    expect(maze.solution![0]).toEqual([3, 2]);
    // the ends given are recorded, with openings or not: the made-by command puts the marks where they were
    expect(JSON.parse(text).options).toEqual({ trunks: 'auto', islands: 0, ends: 'farthest', from: '3,2' });
    const opened = await genJson(['--w', '8', '--h', '5', '--seed', '2', '--ends', 'farthest', '--from', '0, 2', '--openings']);
    expect(JSON.parse(opened.text).options).toEqual({ trunks: 'auto', islands: 0, ends: 'farthest', from: '0,2', openings: 'yes' });
  });

  it('refuses an unknown mode with the list and what was meant', async () => {
    const { code, stderr } = await runCli(['gen', '--ends', 'farest']);
    expect(code).toBe(2);
    expect(stderr).toBe("maze: error: --ends must be corners, farthest or random, got 'farest'; did you mean 'farthest'?\n");
  });
});

describe('--openings', () => {
  const TILE = 10;
  const WALL = 2;

  it('opens the outer wall beside start and end, facing out; corner cells open up or down', () => {
    const maze = generated('kruskal', 5, 4);
    expect(openingSide(maze, [0, 0])).toEqual({ x: 0, y: 0, side: 'top' });
    expect(openingSide(maze, [4, 3])).toEqual({ x: 4, y: 4, side: 'top' });
    expect(openingSide(maze, [0, 2])).toEqual({ x: 0, y: 2, side: 'left' });
    expect(openingSide(maze, [4, 1])).toEqual({ x: 5, y: 1, side: 'left' });
    expect(openingSide(maze, [2, 2])).toBeNull();
  });

  it.each(NAMES)('%s: the gaps are exactly beside start and end in every format, and the JSON round-trips', async (name) => {
    // zones keeps its own entrance and exit (no --ends): its openings are beside those
    const ends = name === 'zones' ? [] : ['--ends', 'random'];
    const flags = ['--algo', name, '--w', '9', '--h', '6', '--seed', 'open', ...ends, '--openings'];
    // --tile and --wall are the pictures' (an option of a format not written is refused)
    const drawn = (format: string): string[] => (['png', 'svg', 'pdf'].includes(format) ? ['--tile', String(TILE), '--wall', String(WALL)] : []);
    const { maze, text } = await genJson(flags);
    const closed = (await genJson(flags.filter((f) => f !== '--openings'))).maze;
    const gaps = [maze.start!, maze.end!].map((cell) => openingSide(maze, cell)!);
    // the walls differ from the closed maze's in exactly these border walls
    for (let y = 0; y <= maze.height; y++) {
      for (let x = 0; x <= maze.width; x++) {
        const gapTop = gaps.some((g) => g.side === 'top' && g.x === x && g.y === y);
        const gapLeft = gaps.some((g) => g.side === 'left' && g.x === x && g.y === y);
        if (x < maze.width) expect(maze.hasTop(x, y), `top ${x},${y}`).toBe(closed.hasTop(x, y) && !gapTop);
        if (y < maze.height) expect(maze.hasLeft(x, y), `left ${x},${y}`).toBe(closed.hasLeft(x, y) && !gapLeft);
      }
    }
    expect(borderClosed(maze)).toBe(false);

    // every format: drawn from the saved JSON exactly as directly
    for (const format of ['ascii', 'png', 'svg', 'pov', 'json', 'pdf']) {
      const direct = await runCli(['gen', ...flags, ...drawn(format), '-f', format]);
      const rendered = await runCli(['render', '-', '-f', format, ...drawn(format)], text);
      expect(rendered.stderr, format).toBe('');
      expect(rendered.stdoutBytes.equals(direct.stdoutBytes), format).toBe(true);
    }

    // PNG: seed 000's loop over the opened maze, and background in the middle of each gap
    const png = decodePng((await runCli(['gen', ...flags, ...drawn('png'), '-f', 'png'])).stdoutBytes);
    expect(firstDifference(png, seedLoop(maze, TILE, WALL, null, 0))).toBeNull();
    const middles = gaps.map((g) =>
      g.side === 'top' ? [g.x * TILE + WALL + (TILE - WALL) / 2, g.y * TILE + WALL / 2] : [g.x * TILE + WALL / 2, g.y * TILE + WALL + (TILE - WALL) / 2],
    );
    for (const [px, py] of middles) expect(png.data[(py! * png.width + px!) * 4], `pixel ${px},${py}`).toBe(0);

    // SVG: no wall rectangle covers a gap's middle
    const svg = (await runCli(['gen', ...flags, ...drawn('svg'), '-f', 'svg'])).stdout;
    const rects = [...svg.matchAll(/M(\d+) (\d+)h(\d+)v(\d+)/g)].map((m) => m.slice(1, 5).map(Number));
    expect(rects.length).toBeGreaterThan(0);
    for (const [px, py] of middles) {
      expect(rects.some(([x, y, w, h]) => px! >= x! && px! < x! + w! && py! >= y! && py! < y! + h!), `svg ${px},${py}`).toBe(false);
    }

    // POV: no box covers a gap's middle (3 × 3 squares a cell, z = −row)
    const pov = (await runCli(['gen', ...flags, '-f', 'pov'])).stdout;
    const boxes = [...pov.matchAll(/box \{ <(-?\d+), 0, (-?\d+)>, <(-?\d+), 1, (-?\d+)> \}/g)].map((m) => m.slice(1, 5).map(Number));
    expect(boxes.length).toBeGreaterThan(0);
    for (const g of gaps) {
      const [sx, sz] = g.side === 'top' ? [3 * g.x + 2, -(3 * g.y + 0.5)] : [3 * g.x + 0.5, -(3 * g.y + 2)];
      expect(boxes.some(([x0, z0, x1, z1]) => sx >= x0! && sx <= x1! && sz >= z0! && sz <= z1!), `pov ${g.side} ${g.x},${g.y}`).toBe(false);
    }

    // ASCII: spaces where the border's wall was
    const lines = (await runCli(['gen', ...flags])).stdout.split('\n');
    for (const g of gaps) {
      if (g.side === 'top') expect(lines[2 * g.y]!.slice(4 * g.x + 1, 4 * g.x + 4)).toBe('   ');
      else expect(lines[2 * g.y + 1]![4 * g.x]).toBe(' ');
    }
  });

  it('opens the corners when no end is asked for, and draws a solution out through them', async () => {
    const { maze } = await genJson(['--algo', 'backtracker', '--w', '6', '--h', '4', '--seed', '3', '--openings', '--solve']);
    expect([maze.start, maze.end]).toEqual([[0, 0], [5, 3]]);
    expect([maze.hasTop(0, 0), maze.hasTop(5, 4)]).toEqual([false, false]);
    const png = decodePng((await runCli(['gen', '--algo', 'backtracker', '--w', '6', '--h', '4', '--seed', '3', '--openings', '--solve', '--tile', '10', '-f', 'png'])).stdoutBytes);
    expect(firstDifference(png, seedLoopWithPath(maze, 10, 2, null, 0, 0xff3030))).toBeNull();
  });

  it('opens the corners of a weave, a cylinder or levels as the square maze does: up at the top-left, down at the bottom-right, however wide the picture', () => {
    for (const topology of [{ weave: 0.3 }, { levels: 2 }, { wrap: 'x' }, { wrap: 'y', levels: 2 }, { weave: 0.4, levels: 3 }]) {
      const maze = generate({ algorithm: 'kruskal', width: 6, height: 4, seed: 2, openings: true, ...topology } as never) as unknown as GraphMaze;
      const view = passagesOf(maze);
      // the slots (north, east, south, west) open onto nothing
      const outward = (c: number): number[] => [0, 1, 2, 3].filter((s) => (maze.passages[c]! >> s) & 1 && maze.shape.neighbor(c, s) < 0);
      // top and bottom joined: the corners open sideways, left and right
      const expected = 'wrap' in topology && topology.wrap === 'y' ? [[3], [1]] : [[0], [2]];
      expect([outward(view.cellAt(maze.start!)), outward(view.cellAt(maze.end!))], JSON.stringify(topology)).toEqual(expected);
    }
  });

  it('refuses openings on a torus, which has no border, unless a mask gives it one', async () => {
    const r = await runCli(['gen', '--wrap', 'xy', '--w', '6', '--h', '4', '--openings']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('maze: error: --openings opens the border beside an end, and a maze wrapped both ways (--wrap xy) has none; leave out --openings, wrap one way, or give a --mask\n');
    const mask = join(tempDir(), 'holes.txt');
    writeFileSync(mask, '.X....\n......\n......\n....X.\n');
    expect((await runCli(['gen', '--wrap', 'xy', '--w', '6', '--h', '4', '--openings', '--mask', mask])).code).toBe(0);
  });
});

describe('--braid', () => {
  it.each(NAMES)('%s: 1 leaves no dead end at 30 × 20 and 200 × 150, and the solution is a shortest path', async (name) => {
    for (const [w, h] of [[30, 20], [200, 150]] as const) {
      const { maze } = await genJson(['--algo', name, '--w', String(w), '--h', String(h), '--seed', 'braid', '--braid', '1', '--solve']);
      const stats = mazeStats(maze, maze.start!, maze.end!);
      if (name === 'zones') {
        // a dead end whose every closed wall leads behind a lock stays
        expect(stats.deadEnds, `${name} ${w} × ${h}`).toBeLessThan(stats.cells * 0.03); // zones.test.ts: the locks still hold
      } else {
        expect(stats.deadEnds, `${name} ${w} × ${h}`).toBe(0);
      }
      expect(stats.loops).toBeGreaterThan(0);
      expect(stats.components).toBe(1);
      expect(borderClosed(maze)).toBe(true);
      expect(maze.solution!.length).toBe(stats.solutionLength);
    }
  });

  it('0.5 removes about half the dead ends, on every algorithm', () => {
    for (const name of NAMES) {
      let before = 0;
      let after = 0;
      for (let seed = 0; seed < 8; seed++) {
        const maze = generated(name, 30, 20, `half ${seed}`);
        before += deadEnds(maze);
        braid(maze, 0.5, new Rng(`half ${seed}`));
        after += deadEnds(maze);
      }
      expect(after / before, name).toBeGreaterThan(0.45);
      expect(after / before, name).toBeLessThan(0.55);
    }
  });

  it('0 changes nothing: the same bytes as without --braid, in every format', async () => {
    for (const format of ['ascii', 'json', 'png', 'svg', 'pov', 'pdf']) {
      const plain = await runCli(['gen', '--seed', '9', '--solve', '-f', format]);
      const zero = await runCli(['gen', '--seed', '9', '--solve', '--braid', '0', '-f', format]);
      expect(zero.stdoutBytes.equals(plain.stdoutBytes), format).toBe(true);
    }
  });

  it('is deterministic per seed, recorded for the command that remakes it, and refuses a share out of range', async () => {
    const a = await genJson(['--seed', '4', '--braid', '0.3']);
    const b = await genJson(['--seed', '4', '--braid', '.30']);
    expect(a.text).toBe(b.text);
    expect(JSON.parse(a.text).options).toMatchObject({ braid: 0.3 });
    const svg = (await runCli(['gen', '--seed', '4', '--braid', '0.3', '--ends', 'farthest', '--openings', '-f', 'svg'])).stdout;
    expect(svg).toContain('maze gen --algo trees --w 30 --h 20 --seed 4 --trunks auto --islands 0 --braid 0.3 --ends farthest --openings reproduces it');
    for (const bad of ['1.5', '-0.1', 'half', '']) {
      const { code, stderr } = await runCli(['gen', '--braid', bad]);
      expect(code, bad).toBe(2);
      expect(stderr, bad).toMatch(/^maze: error: --braid (must be a share from 0 to 1|needs a value)/);
    }
  });
});
