/**
 * Streaming (SPEC "Scale"): the writers read mazes row by row, and the wall
 * walker groups colored runs in bounded passes that give the same runs as
 * one pass holding them all.
 */
import { describe, expect, it } from 'vitest';
import { runsByRgb } from '../src/formats/geometry.js';
import { rowsOf } from '../src/model/rows.js';
import { coloredWalls, generated } from './fixtures.js';

/** Every group of runsByRgb, its RGB and its runs as plain numbers. */
function groups(maze: ReturnType<typeof generated>, budget?: number, fg: number | null = null): [number, number[]][] {
  return [...runsByRgb(rowsOf(maze), { pillars: false }, fg, budget)].map(([rgb, batches]) => [rgb, [...batches].flatMap((b) => [...b])]);
}

describe('the wall walker', () => {
  it('groups colored runs the same in one pass or in many small ones', () => {
    for (const maze of [generated('trees', 30, 20, '4', { islands: '3' }), coloredWalls(24, 16, 40)]) {
      const whole = groups(maze);
      expect(whole.length).toBeGreaterThan(2);
      for (const budget of [1, 7, 100]) expect(groups(maze, budget)).toEqual(whole);
      // --fg makes palette entry 0 share a color with the others of its RGB, or stand apart
      expect(groups(maze, 5, 0x123456)).toEqual(groups(maze, undefined, 0x123456));
    }
  });
});
