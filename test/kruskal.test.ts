/** Kruskal's shuffle: both of its paths give every wall once, in a uniformly random order. */
import { describe, expect, it } from 'vitest';
import kruskal, { shuffledWalls } from '../src/algorithms/kruskal.js';
import { Rng } from '../src/rng.js';
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

  it('makes a perfect maze on a grid large enough for the bucketed path', () => {
    const maze = kruskal.generate({ width: 1200, height: 1000 }, {}, new Rng('big'));
    expect(isPerfect(maze)).toBe(true);
  });
});
