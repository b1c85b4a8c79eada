/** Kruskal's shuffle: both of its paths give every wall once, in a uniformly random order. */
import { describe, expect, it } from 'vitest';
import { shuffledWalls } from '../src/grid/walls.js';
import kruskal, { bandForests } from '../src/algorithms/kruskal.js';
import { LEFT, Maze, TOP } from '../src/model/maze.js';
import { maskOf } from '../src/model/mask.js';
import { Rng } from '../src/rng.js';
import { createHash } from 'node:crypto';
import { isPerfect } from './helpers.js';

describe('shuffledWalls', () => {
  it.each([
    ['in-cache (inside-out Fisher–Yates)', Infinity],
    ['bucketed', 0],
  ])('%s lists every wall exactly once', (_name, inCache) => {
    const [width, height] = [37, 23];
    const edges = shuffledWalls(width, height, new Rng('walls'), inCache);
    const expected: number[] = [];
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const t = y * (width + 1) + x;
        if (x + 1 < width) expected.push(t * 2);
        if (y + 1 < height) expected.push(t * 2 + 1);
      }
    }
    expect([...edges].sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
  });

  it.each([
    ['in-cache', Infinity],
    ['bucketed', 0],
  ])('%s on a mask lists every wall between two of its cells exactly once', (_name, inCache) => {
    const [width, height] = [37, 23];
    const cells = new Uint8Array(width * height).map((_, c) => ((c * 7) % 5 === 0 ? 0 : 1));
    const mask = maskOf(width, height, cells);
    const edges = shuffledWalls(width, height, new Rng('mask'), inCache, undefined, mask);
    const expected: number[] = [];
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        if (cells[y * width + x] === 0) continue;
        const t = y * (width + 1) + x;
        if (x + 1 < width && cells[y * width + x + 1] === 1) expected.push(t * 2);
        if (y + 1 < height && cells[(y + 1) * width + x] === 1) expected.push(t * 2 + 1);
      }
    }
    expect(expected.length).toBeGreaterThan(100);
    expect([...edges].sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
  });

  it.each([
    ['in-cache', Infinity],
    ['bucketed', 0],
  ])('%s: all 24 orders of a 2 × 2 grid’s 4 walls are equally likely', (_name, inCache) => {
    const rng = new Rng('orders');
    const counts = new Map<string, number>();
    const trials = 48_000;
    for (let i = 0; i < trials; i++) {
      const key = shuffledWalls(2, 2, rng, inCache).join(',');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(24);
    // chi-square with 23 degrees of freedom: 49.7 is its 0.1% critical value
    const expected = trials / 24;
    const chi2 = [...counts.values()].reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    expect(chi2).toBeLessThan(49.7);
  });

  it('makes a perfect maze on a grid large enough for the bucketed path, the same maze every time', () => {
    // 4.2 M walls, past the 2^22 kept in the cache
    const maze = kruskal.generate({ width: 2100, height: 1000 }, {}, new Rng('big'));
    expect(isPerfect(maze)).toBe(true);
    // the walls' digest: the bucketed shuffle's order is part of the maze's bytes
    expect(createHash('sha256').update(maze.walls).digest('hex').slice(0, 16)).toBe('403f792dfbb102a4');
  });
});

/** The walls a plain Kruskal opens, taking `edges` in order: a union–find with path halving, nothing else. */
function plainKruskal(width: number, height: number, edges: Int32Array): Maze {
  const maze = Maze.closed(width, height);
  const stride = width + 1;
  const parent = new Int32Array(stride * height).map((_, i) => i);
  const root = (x: number): number => {
    while (parent[x] !== x) x = parent[x] = parent[parent[x]!]!;
    return x;
  };
  for (const e of edges) {
    const a = e >> 1;
    const b = e & 1 ? a + stride : a + 1;
    const [ra, rb] = [root(a), root(b)];
    if (ra === rb) continue;
    parent[ra] = rb;
    maze.walls[b]! &= e & 1 ? ~TOP : ~LEFT;
  }
  return maze;
}

describe('bandForests', () => {
  it('keeps, in order, a part of the walls that holds every wall a plain Kruskal opens', () => {
    // 37 × 23 is one band (862 rows fit one); 5000 × 20 is four, of 6 rows
    for (const [w, h] of [[37, 23], [5000, 20]] as const) {
      const edges = shuffledWalls(w, h, new Rng(`bands ${w}`));
      const all = edges.slice();
      const kept = edges.subarray(0, bandForests(edges, w, h, new ArrayBuffer(2 * edges.length)));
      expect(kept.length).toBeLessThan(all.length);
      // a subsequence of the order
      const rank = new Map([...all].map((e, i) => [e, i]));
      for (let i = 1; i < kept.length; i++) expect(rank.get(kept[i]!)! > rank.get(kept[i - 1]!)!).toBe(true);
      expect(Buffer.from(plainKruskal(w, h, kept).walls).equals(Buffer.from(plainKruskal(w, h, all).walls))).toBe(true);
    }
  });

  it('leaves a large maze the walls a plain Kruskal opens over the same order, and tells its progress in order', () => {
    const [width, height] = [1500, 1000]; // over 2^21 walls: the bands are used (the shuffle in the cache)
    const ticks: number[] = [];
    const maze = kruskal.generate({ width, height }, {}, new Rng('plain'), (done) => ticks.push(done));
    const expected = plainKruskal(width, height, shuffledWalls(width, height, new Rng('plain')));
    expect(Buffer.from(maze.walls).equals(Buffer.from(expected.walls))).toBe(true);
    // the shuffle, the bands and the merging each report, in one rising count within the grid
    expect(ticks.length).toBeGreaterThan(10);
    expect(ticks).toEqual([...ticks].sort((a, b) => a - b));
    expect(ticks.every((done) => done >= 0 && done <= width * height)).toBe(true);
    expect(ticks.some((done) => done > 0.2 * width * height && done < 0.45 * width * height)).toBe(true); // the bands' share
  });
});
