/** trees (seed 000): the article's invariants, its colors, its impossible requests, and its colors in ASCII. */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TreesOptions } from '../src/algorithms/trees.js';
import { checkRequest, generateTrees, outlineRoom, treeRoom } from '../src/algorithms/trees.js';
import { UsageError } from '../src/errors.js';
import json from '../src/formats/json.js';
import { DEFAULT_RENDER_OPTIONS } from '../src/formats/types.js';
import { maskOf } from '../src/model/mask.js';
import type { Maze } from '../src/model/maze.js';
import { Rng } from '../src/rng.js';
import { BIN, borderClosed, collect, isPerfect, reachable, runCli, spawnMaze, tempDir } from './helpers.js';

function grow(width: number, height: number, options: TreesOptions, seed: string): Maze {
  return generateTrees({ width, height }, options, new Rng(seed));
}

interface Tree {
  color: number;
  /** Whether the tree holds a border corner, i.e. grew from a trunk. */
  trunk: boolean;
  walls: number;
  corners: number;
}

/**
 * The trees of a maze: components of the graph of corners joined by active
 * walls, the outer border left out. A wall is 2·tile + (0 top, 1 left).
 * Throws if a tree mixes colors; returns one entry per tree.
 */
function treesOf(maze: Maze): Tree[] {
  const { width, height, stride } = maze;
  const corners = stride * (height + 1);
  const onBorder = (c: number): boolean => {
    const x = c % stride;
    const y = (c - x) / stride;
    return x === 0 || y === 0 || x === width || y === height;
  };
  const adjacency: number[][] = Array.from({ length: corners }, () => []);
  for (let y = 0; y <= height; y++) {
    for (let x = 0; x <= width; x++) {
      const t = y * stride + x;
      if (x < width && y > 0 && y < height && maze.hasTop(x, y)) {
        adjacency[t]!.push(t * 2);
        adjacency[t + 1]!.push(t * 2);
      }
      if (y < height && x > 0 && x < width && maze.hasLeft(x, y)) {
        adjacency[t]!.push(t * 2 + 1);
        adjacency[t + stride]!.push(t * 2 + 1);
      }
    }
  }
  const colorOf = (w: number): number => ((w & 1) === 0 ? maze.topColor![w >> 1]! : maze.leftColor![w >> 1]!);
  const seen = new Uint8Array(corners);
  const found: Tree[] = [];
  for (let start = 0; start < corners; start++) {
    if (seen[start] || adjacency[start]!.length === 0) continue;
    const tree: Tree = { color: colorOf(adjacency[start]![0]!), trunk: false, walls: 0, corners: 0 };
    const wallsSeen = new Set<number>();
    const stack = [start];
    seen[start] = 1;
    while (stack.length > 0) {
      const c = stack.pop()!;
      tree.corners++;
      if (onBorder(c)) tree.trunk = true;
      for (const w of adjacency[c]!) {
        if (colorOf(w) !== tree.color) throw new Error(`tree of color ${tree.color} holds a wall of color ${colorOf(w)}`);
        wallsSeen.add(w);
        const t = w >> 1;
        const ends = (w & 1) === 0 ? [t, t + 1] : [t, t + stride];
        for (const n of ends) {
          if (!seen[n]) {
            seen[n] = 1;
            stack.push(n);
          }
        }
      }
    }
    tree.walls = wallsSeen.size;
    found.push(tree);
  }
  return found;
}

/** Every border wall is palette entry 0 (white). */
function borderWhite(maze: Maze): boolean {
  const { width, height } = maze;
  for (let x = 0; x < width; x++) if (maze.topColorAt(x, 0) !== 0 || maze.topColorAt(x, height) !== 0) return false;
  for (let y = 0; y < height; y++) if (maze.leftColorAt(0, y) !== 0 || maze.leftColorAt(width, y) !== 0) return false;
  return maze.palette[0] === 0xffffff;
}

/** A tree color as the article draws it: each channel 32 + rand(224). */
function articleColor(rgb: number): boolean {
  return [16, 8, 0].every((shift) => ((rgb >> shift) & 255) >= 32);
}

function possible(width: number, height: number, options: TreesOptions): boolean {
  try {
    checkRequest({ width, height }, options);
    return true;
  } catch (error) {
    if (error instanceof UsageError) return false;
    throw error;
  }
}

const SIZES: [number, number][] = [[2, 2], [3, 3], [2, 9], [9, 2], [3, 2], [5, 4], [30, 20], [64, 48]];
const OPTIONS: TreesOptions[] = [
  { trunks: 'auto', islands: 0 },
  { trunks: 'auto', islands: 3 },
  { trunks: 1, islands: 0 },
  { trunks: 5, islands: 0 },
  { trunks: 5, islands: 2 },
  { trunks: 0, islands: 1 },
  { trunks: 0, islands: 4 },
];
const SEEDS = Array.from({ length: 12 }, (_, i) => String(i + 1));

describe('trees: the article invariants over many seeds and sizes', () => {
  // islands are kept to a quarter of the interior corners: near the bound, random placement may not fit them all
  const cases = SIZES.flatMap(([w, h]) =>
    OPTIONS.filter((o) => possible(w, h, o) && o.islands * 4 <= treeRoom(w, h).corners).map((o) => [w, h, o] as const),
  );

  it.each(cases)('%i × %i %o', (width, height, options) => {
    for (const seed of SEEDS) {
      const maze = grow(width, height, options, seed);
      const k = options.islands;
      const cells = width * height;
      const why = `seed ${seed}`;
      expect(borderClosed(maze), why).toBe(true);
      expect(reachable(maze), why).toBe(cells);
      // k islands, k independent loops: open passages = W·H − 1 + k (SPEC)
      expect(maze.countPassages(), why).toBe(cells - 1 + k);
      if (k === 0) expect(isPerfect(maze), why).toBe(true);

      const found = treesOf(maze);
      const islands = found.filter((t) => !t.trunk);
      const trunks = found.filter((t) => t.trunk);
      expect(islands.length, why).toBe(k);
      if (options.trunks !== 'auto') expect(trunks.length, why).toBe(options.trunks);
      // each tree is a tree: one wall fewer than its corners
      for (const t of found) expect(t.walls, why).toBe(t.corners - 1);
      // one palette entry per tree, all distinct, the border white
      expect(new Set(found.map((t) => t.color)).size, why).toBe(found.length);
      expect(maze.palette.length, why).toBe(found.length + 1);
      expect(found.every((t) => t.color !== 0 && articleColor(maze.palette[t.color]!)), why).toBe(true);
      expect(borderWhite(maze), why).toBe(true);
    }
  });

  it("draws each tree's channels as the article does, 32 + rand(224): the whole range, each channel apart", () => {
    const maze = grow(64, 48, { trunks: 'auto', islands: 10 }, 'colors');
    const trees = maze.palette.slice(1);
    expect(trees.length).toBeGreaterThan(40);
    for (const shift of [16, 8, 0]) {
      const channel = trees.map((rgb) => (rgb >> shift) & 255);
      expect(Math.min(...channel), `shift ${shift}`).toBeLessThan(60);
      expect(Math.max(...channel), `shift ${shift}`).toBeGreaterThan(225);
    }
  });

  it('grows every interior corner: no wall is left that could still be added', () => {
    for (const options of OPTIONS) {
      const maze = grow(30, 20, options, 'full');
      for (let y = 1; y < 20; y++) for (let x = 1; x < 30; x++) expect(maze.cornerTouched(x, y)).toBe(true);
    }
  });

  it('makes perfect mazes on 1 × N, N × 1 and 2 × 2 grids with auto', () => {
    for (const [w, h] of [[1, 1], [1, 9], [9, 1], [2, 2], [2, 3], [3, 2]] as const) {
      for (const seed of SEEDS) {
        const maze = grow(w, h, { trunks: 'auto', islands: 0 }, seed);
        expect(isPerfect(maze), `${w} × ${h} seed ${seed}`).toBe(true);
      }
    }
    // 2 × 2: its one interior corner gets a trunk (the article would stop with a loop around it)
    const tiny = grow(2, 2, { trunks: 'auto', islands: 0 }, '1');
    expect(tiny.palette.length).toBe(2);
    expect(tiny.countPassages()).toBe(3);
  });

  it('handles a large maze with islands', () => {
    const maze = grow(300, 200, { trunks: 'auto', islands: 25 }, 'large');
    expect(reachable(maze)).toBe(300 * 200);
    expect(maze.countPassages()).toBe(300 * 200 - 1 + 25);
    expect(treesOf(maze).filter((t) => !t.trunk)).toHaveLength(25);
  });

  it('reuses palette entries past 65534 trees instead of overflowing Uint16 indices', () => {
    const k = 70_000;
    const maze = grow(400, 400, { trunks: 'auto', islands: k }, '1');
    expect(maze.palette.length).toBe(65535);
    expect(reachable(maze)).toBe(400 * 400);
    expect(maze.countPassages()).toBe(400 * 400 - 1 + k);
  });

  it('gives the same bytes for the same seed', async () => {
    const bytes = (seed: string) =>
      collect(json.render(grow(40, 25, { trunks: 6, islands: 3 }, seed), DEFAULT_RENDER_OPTIONS));
    const [a, b, c] = await Promise.all([bytes('3'), bytes('3'), bytes('4')]);
    expect(a.equals(b)).toBe(true);
    expect(a.equals(c)).toBe(false);
  });
});

describe('trees: impossible requests', () => {
  it('knows what fits', () => {
    expect(treeRoom(10, 10)).toEqual({ corners: 81, ring: 32, interiorWalls: 144, slots: 36, areas: 1 });
    expect(treeRoom(2, 2)).toEqual({ corners: 1, ring: 1, interiorWalls: 0, slots: 4, areas: 1 });
    expect(treeRoom(1, 7)).toEqual({ corners: 0, ring: 0, interiorWalls: 0, slots: 0, areas: 0 });
    // a mask of every cell offers what the rectangle does, its outline being the border
    for (const [w, h] of [[10, 10], [2, 2], [1, 7], [7, 1], [3, 2], [6, 4]] as const) {
      expect(outlineRoom(maskOf(w, h, new Uint8Array(w * h).fill(1))), `${w} × ${h}`).toEqual(treeRoom(w, h));
    }
    expect(possible(10, 10, { trunks: 32, islands: 0 })).toBe(true);
    expect(possible(10, 10, { trunks: 33, islands: 0 })).toBe(false);
    expect(possible(10, 10, { trunks: 1, islands: 40 })).toBe(true);
    expect(possible(10, 10, { trunks: 2, islands: 40 })).toBe(false);
    // one trunk per ring corner, whatever the order the slots were drawn in
    for (const seed of SEEDS) expect(treesOf(grow(10, 10, { trunks: 32, islands: 0 }, seed)).length).toBe(32);
  });

  const dir = tempDir();
  const refused: [string, string[], RegExp][] = [
    ['nothing to grow', ['--trunks', '0', '--islands', '0'], /nothing to grow/],
    ['more trunks than slots', ['--trunks', '33', '--w', '10', '--h', '10'], /at most 32 trunks/],
    ['two trunks on 2 × 2', ['--trunks', '2', '--w', '2', '--h', '2'], /at most 1 trunk, one per/],
    ['trunks on 1 × 7', ['--trunks', '1', '--w', '1', '--h', '7'], /^maze: error: --trunks 1: a 1 × 7 grid has no interior corner/],
    ['trunks on 7 × 1', ['--trunks', '3', '--w', '7', '--h', '1'], /no interior corner/],
    ['islands on 2 × 2', ['--islands', '1', '--w', '2', '--h', '2'], /^maze: error: --islands 1: a 2 × 2 grid has no interior wall/],
    ['more islands than corners', ['--islands', '41', '--w', '10', '--h', '10'], /at most 40/],
    ['islands the draw cannot place', ['--islands', '40', '--w', '10', '--h', '10', '--seed', '1'], /only 37 of the 40 islands fit/],
    ['too many islands on a big grid', ['--islands', '12500000', '--w', '5000', '--h', '5000'], /at most 12495000/],
    ['a bad trunk count', ['--trunks', 'many'], /--trunks must be auto or a whole number from 0 to 100000000, got 'many'/],
    ['a trunk count past the cell limit', ['--trunks', '100000001'], /--trunks must be auto or a whole number from 0 to 100000000, got '100000001'/],
    ['a negative island count', ['--islands=-1'], /--islands must be/],
  ];

  it.each(refused)('%s: one line, exit 2, no file, no hang', (_what, args, message) => {
    const out = join(dir, 'refused.json');
    const result = spawnMaze(['gen', '--algo', 'trees', '-o', out, ...args], { timeout: 10_000 });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^maze: error: [^\n]+\n$/);
    expect(result.stderr).toMatch(message);
    expect(existsSync(out)).toBe(false);
  });
});

describe('trees: colors through the pipeline', () => {
  it('records options, palette and wall colors in JSON', async () => {
    const result = await runCli(['gen', '--w', '12', '--h', '8', '--seed', '5', '--format', 'json']);
    expect(result.code).toBe(0);
    const doc = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(doc.algorithm).toBe('trees');
    expect(doc.options).toEqual({ trunks: 'auto', islands: 0 });
    const palette = doc.palette as string[];
    expect(palette[0]).toBe('#ffffff');
    expect(palette.length).toBeGreaterThan(1);
    const used = new Set([...(doc.topColor as number[][]).flat(), ...(doc.leftColor as number[][]).flat()]);
    expect(used.size).toBe(palette.length);

    const fixed = await runCli(['gen', '--trunks', '3', '--islands', '1', '--w', '12', '--h', '8', '--seed', '5', '--format', 'json']);
    expect((JSON.parse(fixed.stdout) as { options: unknown }).options).toEqual({ trunks: 3, islands: 1 });
  });

  it('colors each wall with its tree in the terminal, from a saved maze', () => {
    const dir = tempDir();
    const saved = join(dir, 't.json');
    const made = spawnMaze(['gen', '--algo', 'trees', '--trunks', '6', '--islands', '3', '--w', '40', '--h', '25', '--seed', '3', '-o', saved]);
    expect(made.code).toBe(0);
    const palette = (JSON.parse(readFileSync(saved, 'utf8')) as { palette: string[] }).palette;
    expect(palette).toHaveLength(1 + 6 + 3);

    // a truecolor terminal, in a clean environment: chalk reads TERM, CI and COLORTERM, and
    // sniffs --color from argv, which on a plain xterm would bring it down to 16 colors
    const child = spawnSync(process.execPath, [BIN, 'render', saved, '--color', 'always'], {
      env: { PATH: process.env.PATH ?? '', COLORTERM: 'truecolor' },
      timeout: 30_000,
    });
    const shown = { code: child.status, stdout: child.stdout.toString('utf8') };
    expect(shown.code).toBe(0);
    // every tree in its color; the plain border (palette entry 0) in the terminal's own
    for (const [index, hex] of palette.entries()) {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
      if (index === 0) expect(shown.stdout).not.toContain(`\x1b[38;2;${r};${g};${b}m`);
      else expect(shown.stdout).toContain(`\x1b[38;2;${r};${g};${b}m`);
    }
    const plain = spawnMaze(['render', saved]);
    expect(shown.stdout.replace(/\x1b\[[0-9;]*m/g, '')).toBe(plain.stdout);
  });

  it('writes no escape codes to a pipe or a file unless --color always', () => {
    const dir = tempDir();
    const piped = spawnMaze(['gen', '--seed', '1', '--w', '20', '--h', '10']);
    expect(piped.code).toBe(0);
    expect(piped.stdout).toMatch(/^\+---\+/);
    expect(piped.stdout).not.toContain('\x1b');
    const file = join(dir, 'm.txt');
    expect(spawnMaze(['gen', '--seed', '1', '--w', '20', '--h', '10', '-o', file]).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(piped.stdout);
    const forced = join(dir, 'forced.txt');
    expect(spawnMaze(['gen', '--seed', '1', '--w', '20', '--h', '10', '--color', 'always', '-o', forced]).code).toBe(0);
    expect(readFileSync(forced, 'utf8')).toContain('\x1b[');
  });
});
