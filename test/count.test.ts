/**
 * Issue 31 item 5: `maze count` and the library's `count`, the exact
 * number of perfect mazes of a grid (Kirchhoff's matrix-tree theorem by
 * Bareiss' elimination in BigInt, src/analysis/count.ts): against OEIS
 * A007341 for n × n squares, and for small hex, triangle, polar and
 * masked grids against the spanning trees enumerated one by one (every
 * set of cells − 1 of the grid's passages that joins every cell, as
 * test/shapes.test.ts counts them for the uniformity test).
 */
import { describe, expect, it } from 'vitest';
import { bandedCells, spanningTreeCount } from '../src/analysis/count.js';
import { GraphMaze, makeShape } from '../src/grid/graph-maze.js';
import type { GraphShapeName } from '../src/grid/shape.js';
import { count, MazeError } from '../src/lib/index.js';
import { maskFromRows } from '../src/model/mask.js';
import { Maze } from '../src/model/maze.js';
import type { AnyMaze } from '../src/passages/view.js';
import { passagesOf } from '../src/passages/view.js';
import { runCli } from './helpers.js';
import { enumerateSpanningTrees } from './spanning-trees.js';

/** Every spanning tree of a small grid, by trying every set of cells − 1 of its possible passages. */
function enumeratedTrees(maze: AnyMaze): number {
  const view = passagesOf(maze);
  const ids = new Map<number, number>();
  for (let c = 0; c < view.size; c++) if (view.isIn(c)) ids.set(c, ids.size);
  const edges: [number, number][] = [];
  const out: number[] = [];
  for (const [c, i] of ids) {
    view.closedInto(c, out);
    for (const d of out) if (ids.get(d)! > i) edges.push([i, ids.get(d)!]);
  }
  return enumerateSpanningTrees(ids.size, edges);
}

const shapeGrid = (name: GraphShapeName, width: number, height: number): GraphMaze => new GraphMaze(makeShape(name, width, height));

describe('maze count (issue 31 item 5)', () => {
  it('counts the perfect mazes of n × n squares as OEIS A007341 lists them', () => {
    const a007341 = [1n, 4n, 192n, 100352n, 557568000n, 32565539635200n, 19872369301840986112n];
    a007341.forEach((expected, i) => expect(count({ width: i + 1, height: i + 1 }), `${i + 1} × ${i + 1}`).toBe(expected));
    expect(count({ width: 10, height: 10 })).toBe(5694319004079097795957215725765328371712000n);
    // a ladder: 2 × 3 has 15 (classic.test.ts' uniformity test draws them)
    expect(count({ width: 3, height: 2 })).toBe(15n);
    expect(count({ width: 2, height: 3 })).toBe(15n);
  });

  it('counts small hex, triangle, polar and masked grids as the enumerated spanning trees', () => {
    const grids: [string, AnyMaze, bigint][] = [
      ['hex 3 × 2', shapeGrid('hex', 3, 2), count({ shape: 'hex', width: 3, height: 2 })],
      ['hex 2 × 3', shapeGrid('hex', 2, 3), count({ shape: 'hex', width: 2, height: 3 })],
      ['triangle 4 × 2', shapeGrid('triangle', 4, 2), count({ shape: 'triangle', width: 4, height: 2 })],
      ['triangle 3 × 3', shapeGrid('triangle', 3, 3), count({ shape: 'triangle', width: 3, height: 3 })],
      ['polar 1 ring', shapeGrid('polar', 1, 1), count({ shape: 'polar', width: 1 })],
    ];
    const masked = Maze.closed(3, 3);
    masked.mask = maskFromRows(['..X', '...', '...']);
    grids.push(['square 3 × 3 less a corner', masked, count({ mask: ['..X', '...', '...'] })]);
    for (const [what, grid, counted] of grids) {
      const enumerated = enumeratedTrees(grid);
      expect(enumerated, what).toBeGreaterThan(2);
      expect(counted, what).toBe(BigInt(enumerated));
      expect(spanningTreeCount(bandedCells(grid)), what).toBe(counted);
    }
    // the wheel of a hub and six: Lucas(12) − 2 (grid.test.ts' mask: 56)
    expect(count({ shape: 'polar', width: 1 })).toBe(320n);
    expect(count({ mask: ['..X', '...', '...'] })).toBe(56n);
  });

  it('prints the count, and refuses a grid that would take too long in one line', async () => {
    expect(await runCli(['count', '--w', '4', '--h', '4'])).toMatchObject({ code: 0, stdout: '100352\n', stderr: '' });
    expect((await runCli(['count', '--w', '5', '--h', '5'])).stdout).toBe('557568000\n');
    expect((await runCli(['count', '--shape', 'hex', '--w', '3', '--h', '2'])).stdout).toBe('55\n');
    const big = await runCli(['count', '--w', '40', '--h', '40']);
    expect(big.code).toBe(2);
    expect(big.stdout).toBe('');
    expect(big.stderr).toMatch(/^maze: error: counting the perfect mazes of a 40 × 40 grid would take too long: .*a 31 × 31 square grid is about the largest.*; make --w or --h smaller\n$/);
    const huge = await runCli(['count', '--w', '100000', '--h', '1000']);
    expect(huge.code).toBe(2);
    expect(huge.stderr.split('\n')).toHaveLength(2);
    let error: unknown;
    try {
      count({ width: 40, height: 40 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MazeError);
    expect(error).toMatchObject({ code: 'too-large', option: 'width' });
    expect((error as Error).message).toMatch(/make width or height smaller$/);
    // just over the limit: the figures carry the digits that tell them apart
    expect(() => count({ width: 32, height: 31 })).toThrow(/ 1\.01e\+9 steps of elimination, over the limit of 1\.00e\+9 /);
    expect(() => count({ width: 40, height: 40 })).toThrow(/ 4\.1e\+9 steps of elimination, over the limit of 1\.0e\+9 /);
  });
});
