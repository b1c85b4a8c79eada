/**
 * The walkers on weave, wrap and levels (SPEC "Solvers": every method works
 * on every topology). A perfect maze has no island of walls, so a wall
 * follower, which walks round the whole of a tree, and chain, whose robots
 * are wall followers, always reach its end: on levels they must take the
 * stairs, on a wrapped grid cross the seam, on a weave go under bridges.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generate, solve } from '../src/lib/api.js';
import type { Point } from '../src/model/maze.js';
import type { AnyMaze } from '../src/passages/view.js';
import { passagesOf } from '../src/passages/view.js';
import { Board } from '../src/solvers/board.js';

const TOPOLOGIES: Record<string, unknown>[] = [
  { levels: 2 },
  { levels: 3 },
  { shape: 'hex', levels: 2 },
  { wrap: 'x' },
  { wrap: 'xy' },
  { weave: 0.6 },
  { weave: 0.5, levels: 2 },
  { weave: 0.5, wrap: 'xy' },
  { wrap: 'xy', levels: 2 },
  { shape: 'hex', weave: 0.5 },
];

const mazeOf = (topology: Record<string, unknown>, seed: number, algorithm: string): AnyMaze => generate({ width: 9, height: 7, seed, algorithm, ...topology } as never) as AnyMaze;

/** Each step of the walk goes through an open passage. */
function walksThroughPassages(maze: AnyMaze, walk: readonly Point[]): boolean {
  const view = passagesOf(maze);
  const cells = walk.map((p) => view.cellAt(p));
  const out = new Int32Array(view.maxDegree);
  for (let i = 1; i < cells.length; i++) {
    const k = view.links(cells[i - 1]!, out);
    if (!Array.from(out.subarray(0, k)).includes(cells[i]!)) return false;
  }
  return true;
}

describe('walkers on weave, wrap and levels', () => {
  it('wall-left, wall-right and chain reach the end of every perfect maze, through its passages', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TOPOLOGIES), fc.integer({ min: 1, max: 1e6 }), fc.constantFrom('backtracker', 'kruskal', 'wilson'), (topology, seed, algorithm) => {
        const maze = mazeOf(topology, seed, algorithm);
        for (const method of ['wall-left', 'wall-right', 'chain']) {
          const r = solve(maze, { method: method as 'chain' });
          expect(r.found, `${method} on ${JSON.stringify(topology)}, ${algorithm} seed ${seed}`).toBe(true);
          expect(walksThroughPassages(maze, r.walk!), method).toBe(true);
        }
      }),
      { numRuns: 40 },
    );
  });

  it("a cell's ways out each face a direction of their own: the stairs face between the level's sides", () => {
    for (const topology of [{ levels: 3 }, { shape: 'hex', levels: 2 }, { weave: 0.5, levels: 2 }]) {
      const maze = mazeOf(topology, 4, 'kruskal');
      const board = new Board(maze, 0, 1);
      for (let c = 0; c < board.size; c++) {
        const angles = new Set<string>();
        let ways = 0;
        for (let s = 0; s < board.degree; s++) {
          if (board.across(c, s) < 0) continue;
          ways++;
          angles.add(board.sideAngle(c, s).toFixed(6));
        }
        expect(angles.size, `${JSON.stringify(topology)} cell ${c}`).toBe(ways);
      }
    }
  });

  it('Pledge crosses a wrapped edge by the way its side faces, and climbs stairs (it bounced across the seam until it gave up)', () => {
    for (const [topology, seed] of [[{ wrap: 'x' }, 2], [{ wrap: 'xy' }, 3], [{ levels: 2 }, 1], [{ levels: 3 }, 5]] as const) {
      const r = solve(mazeOf(topology, seed, 'backtracker'), { method: 'pledge' });
      expect(r.outcome, JSON.stringify(topology)).toBe('found');
    }
  });

  it("chain's guide line, stopped at a crossing it may only cross along its bridge, goes on to the end", () => {
    for (const seed of [5, 9]) {
      const maze = generate({ width: 10, height: 8, seed, algorithm: 'kruskal', weave: 0.5, wrap: 'xy' });
      expect(solve(maze, { method: 'chain' }).outcome, `seed ${seed}`).toBe('found');
    }
  });
});
