/**
 * Issue 30 item 1 ("One model") and item 5's model part: every operation
 * after generation is written once over a maze's passages
 * (src/passages/view.ts), so a square maze and a hex one answer alike.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GraphMaze } from '../src/grid/graph-maze.js';
import { HexShape } from '../src/grid/hex.js';
import { farthestEnds } from '../src/passages/ends.js';
import { Maze } from '../src/model/maze.js';
import { mazeStats } from '../src/passages/stats.js';
import { solve, stats } from '../src/lib/index.js';

/** A 6 × 1 row in two parts: cells 0–1 joined, and cells 2–5, the longer. */
function squareInParts(): Maze {
  const maze = Maze.closed(6, 1);
  maze.carveEast(0, 0);
  for (let x = 2; x < 5; x++) maze.carveEast(x, 0);
  return maze;
}

/** The same on a hex grid of 6 columns and 1 row. */
function hexInParts(): GraphMaze {
  const maze = new GraphMaze(new HexShape(6, 1));
  maze.open(0, 1);
  for (let c = 2; c < 5; c++) maze.open(c, c + 1);
  return maze;
}

describe('one model (issue 30 item 1)', () => {
  it('stats of a maze in several parts agree between square and hex on the longest-path rule (item 5)', () => {
    const square = mazeStats(squareInParts(), [0, 0], [1, 0]);
    const hex = mazeStats(hexInParts(), [0, 0], [1, 0]);
    for (const s of [square, hex]) {
      expect(s.components).toBe(2);
      // the longest path of every part, not of the first: cells 2 to 5
      expect(s.longestPath).toBe(4);
      expect([s.longestFrom, s.longestTo].map((p) => p[0]).sort()).toEqual([2, 5]);
    }
    expect(hex.longestPath).toBe(square.longestPath);
    expect(farthestEnds(hexInParts())).toEqual(farthestEnds(squareInParts()));
  });

  it('the library solves and measures a square and a hex maze through the same functions', () => {
    const hex = hexInParts();
    expect(stats(hex, { from: [2, 0], to: [5, 0] }).solutionLength).toBe(4);
    expect(solve(hex, { from: [2, 0], to: [5, 0] })).toEqual([[2, 0], [3, 0], [4, 0], [5, 0]]);
    expect(() => solve(hexInParts(), { from: [0, 0], to: [5, 0] })).toThrow(/no path from 0,0 to 5,0/);
    expect(() => solve(squareInParts(), { from: [0, 0], to: [5, 0] })).toThrow(/no path from 0,0 to 5,0/);
  });

  it('no graph… twin of a model function is left in src', () => {
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (name.endsWith('.ts')) files.push(path);
      }
    };
    walk('src');
    const twin = /\b(graphSearch|graphPath|solveGraph|braidGraph|graphStats|graphCornerEnds|graphFarthestEnds|graphFarthestRimEnds|graphRandomEnds|openGraphBorder|graphEndpoints|pickGraphEnds)\b/;
    const found = files.filter((f) => twin.test(readFileSync(f, 'utf8')));
    expect(found).toEqual([]);
  });
});
