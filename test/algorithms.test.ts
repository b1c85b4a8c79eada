/** Invariants over every registered algorithm: perfect, closed border, deterministic per seed. */
import { describe, expect, it } from 'vitest';
import { algorithms } from '../src/algorithms/index.js';
import { defaultOptions } from '../src/algorithms/types.js';
import json from '../src/formats/json.js';
import { DEFAULT_RENDER_OPTIONS } from '../src/formats/types.js';
import { Rng } from '../src/rng.js';
import { generated } from './fixtures.js';
import { borderClosed, collect, isPerfect, reachable } from './helpers.js';

const SIZES: [number, number][] = [
  [1, 1], [1, 7], [7, 1], [2, 2], [3, 3], [2, 9], [9, 2], [30, 20], [200, 150],
];

/**
 * With its default options every algorithm makes perfect mazes (trees adds
 * loops only with --islands); zones is perfect with its doors closed, each
 * zone a tree, and connected with them open (a door for every two
 * neighbor zones makes loops, as seed 003's doorsTab does).
 */
describe.each(algorithms.map((a) => [a.name, a] as const))('%s', (_name, algorithm) => {
  it.each(SIZES)('makes a perfect maze with a closed border at %i × %i', (width, height) => {
    for (const seed of ['1', '2', 'forest', '123456789']) {
      const maze = algorithm.generate({ width, height }, defaultOptions(algorithm), new Rng(seed));
      expect(maze.width).toBe(width);
      expect(maze.height).toBe(height);
      if (algorithm.name === 'zones') {
        const cells = width * height;
        expect(borderClosed(maze) && reachable(maze) === cells, `seed ${seed}`).toBe(true);
        const zoneCount = cells === 1 ? 1 : Math.min(cells, 6);
        expect(maze.countPassages() - maze.doors!.length, `seed ${seed}: zones are trees`).toBe(cells - zoneCount);
      } else {
        expect(isPerfect(maze), `seed ${seed}`).toBe(true);
      }
    }
  });

  it('gives the same bytes for the same seed, and another maze for another seed', async () => {
    const make = (seed: string) =>
      collect(json.render(algorithm.generate({ width: 40, height: 25 }, defaultOptions(algorithm), new Rng(seed)), DEFAULT_RENDER_OPTIONS));
    const [a, b, c] = await Promise.all([make('7'), make('7'), make('8')]);
    expect(a.equals(b)).toBe(true);
    expect(a.equals(c)).toBe(false);
  });
});

/** Algorithms that favor a direction by design: row by row (eller, sidewinder), or --bias (binary-tree). */
const DIRECTED = ['eller', 'sidewinder', 'binary-tree'];

describe('no direction favored', () => {
  /** Share of the passages of two 100 × 100 mazes that run east–west. */
  function horizontalShare(name: string, options: Record<string, string> = {}): number {
    let horizontal = 0;
    let vertical = 0;
    for (const seed of ['a', 'b']) {
      const maze = generated(name, 100, 100, seed, options);
      for (let y = 0; y < 100; y++) {
        for (let x = 0; x < 100; x++) {
          if (x > 0 && !maze.hasLeft(x, y)) horizontal++;
          if (y > 0 && !maze.hasTop(x, y)) vertical++;
        }
      }
    }
    return horizontal / (horizontal + vertical);
  }

  const undirected = algorithms.filter((a) => !DIRECTED.includes(a.name)).map((a) => [a.name] as const);
  it.each(undirected)('%s: about half the passages of a square grid run across', (name) => {
    const picks = name === 'growing-tree' ? ['newest', 'random', 'oldest', 'mix'] : [undefined];
    for (const pick of picks) {
      // about 0.50 (0.46 for growing-tree oldest); a walk that tries east first gives 0.98
      const share = horizontalShare(name, pick ? { pick } : {});
      expect(share, pick).toBeGreaterThan(0.43);
      expect(share, pick).toBeLessThan(0.57);
    }
  });
});
