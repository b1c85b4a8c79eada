/**
 * Issue 31 ("`steps` covers solving"): the library's steps() with `solve`
 * naming a method tells the method's own work after the growth — its
 * walker's head, the cells it marks — then the path it found, on the
 * square grid and the shaped ones; replayed (the library's Replay), the
 * path is the one solve(maze, { method }) reports on generate's maze.
 */
import { describe, expect, it } from 'vitest';
import { generate, Replay, solve, steps } from '../src/lib/index.js';
import type { Step } from '../src/lib/index.js';

const cases = [
  { shape: undefined, width: 8, height: 6 },
  { shape: 'hex' as const, width: 7, height: 5 },
  { shape: 'triangle' as const, width: 8, height: 5 },
  { shape: 'polar' as const, width: 4, height: undefined },
];

describe('steps() with a solving method (issue 31)', () => {
  for (const { shape, width, height } of cases) {
    it(`${shape ?? 'square'}: Trémaux's head walks after the growth, and the replayed path is solve()'s`, () => {
      const options = { algorithm: 'backtracker' as const, width, ...(height === undefined ? {} : { height }), ...(shape === undefined ? {} : { shape }), seed: 3 };
      const list: Step[] = [...steps({ ...options, solve: 'tremaux' } as Parameters<typeof steps>[0])];
      const plain: Step[] = [...steps(options as Parameters<typeof steps>[0])];
      // the growth's steps are the same, the method's follow them
      expect(list.length).toBeGreaterThan(plain.length);
      // after the growth: the ends, then the method's own work
      const lastIndex = (test: (s: Step) => boolean): number => list.reduce((found, s, i) => (test(s) ? i : found), -1);
      const ends = lastIndex((s) => s.type === 'ends');
      expect(ends).toBeGreaterThan(lastIndex((s) => s.type === 'passage' || s.type === 'wall'));
      const heads = list.filter((s, i) => i > ends && s.type === 'head');
      expect(heads.length).toBeGreaterThan(1);
      const replay = new Replay();
      for (const step of list) replay.apply(step);
      const maze = generate(options as Parameters<typeof generate>[0]);
      const report = solve(maze, { method: 'tremaux' });
      expect(replay.maze.solution).toEqual(report.path);
      // the walker's first move is at the start
      expect([heads[0]!.type === 'head' && heads[0]!.x, heads[0]!.type === 'head' && heads[0]!.y]).toEqual(report.path![0]);
    });
  }

  it('refuses a method that is not one, listing them', () => {
    expect(() => steps({ solve: 'tremau' } as unknown as Parameters<typeof steps>[0])).toThrow(/solve must be shortest, .*tremaux.*; did you mean 'tremaux'\?/);
  });
});
