/** Grid shapes (issue 21): each shape's cells, neighbours and geometry agree with themselves. */
import { describe, expect, it } from 'vitest';
import { GraphGrid, GraphMaze, makeShape } from '../src/grid/graph-maze.js';
import { ringCounts } from '../src/grid/polar.js';
import type { GraphShapeName, Shape } from '../src/grid/shape.js';
import { slotOf } from '../src/grid/shape.js';
import { Rng } from '../src/rng.js';
import { algorithms } from '../src/algorithms/index.js';
import type { ShapeAlgorithmName } from '../src/lib/index.js';
import { cornerEnds } from '../src/passages/ends.js';
import { mazeStats } from '../src/passages/stats.js';
import { makeGraphMaze, specFromOptions } from '../src/lib/spec.js';
import { chiSquareCritical, shapeSpanningTrees } from './spanning-trees.js';

const SHAPES: GraphShapeName[] = ['hex', 'triangle', 'polar'];
const SIZES: [number, number][] = [[1, 1], [2, 1], [1, 3], [2, 2], [5, 4], [9, 7]];

/** The same segment, whichever way round, within rounding. */
function sameLine(a: Float64Array, b: Float64Array): boolean {
  const near = (i: number, j: number) => Math.abs(a[i]! - b[j]!) < 1e-9 && Math.abs(a[i + 1]! - b[j + 1]!) < 1e-9;
  const last = a.length - 2;
  if (a.length !== b.length) return false;
  return (near(0, 0) && near(last, last)) || (near(0, last) && near(last, 0));
}

describe.each(SHAPES)('%s', (name) => {
  it.each(SIZES)('neighbours are mutual and share their side at %i × %i', (w, h) => {
    const shape = makeShape(name, w, h);
    for (let c = 0; c < shape.cellCount; c++) {
      for (let s = 0; s < shape.maxDegree; s++) {
        const n = shape.neighbor(c, s);
        if (n < 0) continue;
        expect(shape.hasSide(c, s)).toBe(true);
        const back = slotOf(shape, n, c);
        expect(back, `${c} → ${n}`).toBeGreaterThanOrEqual(0);
        expect(sameLine(shape.side(c, s), shape.side(n, back)), `side ${c}/${s}`).toBe(true);
      }
    }
  });

  it.each(SIZES)('cellAt and pointOf are inverse, and each centre lies inside the picture at %i × %i', (w, h) => {
    const shape = makeShape(name, w, h);
    for (let c = 0; c < shape.cellCount; c++) {
      const [x, y] = shape.pointOf(c);
      expect(shape.cellAt(x, y)).toBe(c);
      const [cx, cy] = shape.center(c);
      expect(cx).toBeGreaterThan(0);
      expect(cy).toBeGreaterThan(0);
      expect(cx).toBeLessThan(shape.extent.width);
      expect(cy).toBeLessThan(shape.extent.height);
    }
    expect(shape.cellAt(-1, 0)).toBe(-1);
    expect(shape.cellAt(0.5, 0)).toBe(-1);
  });
});

describe('degrees', () => {
  const degrees = (shape: Shape) => {
    const count = new Map<number, number>();
    for (let c = 0; c < shape.cellCount; c++) {
      let d = 0;
      for (let s = 0; s < shape.maxDegree; s++) if (shape.neighbor(c, s) >= 0) d++;
      count.set(d, (count.get(d) ?? 0) + 1);
    }
    return count;
  };

  it('hex: an inner cell has six neighbours; a 3 × 3 grid has 16 passages', () => {
    const hex = makeShape('hex', 3, 3);
    expect(degrees(hex).get(6)).toBe(1);
    let edges = 0;
    for (const [d, n] of degrees(hex)) edges += d * n;
    expect(edges / 2).toBe(16);
  });

  it('triangle: at most three neighbours; an inner cell has three', () => {
    const tri = makeShape('triangle', 5, 3);
    expect(Math.max(...degrees(tri).keys())).toBe(3);
    expect(tri.neighbor(tri.cellAt(2, 1), 2)).toBe(tri.cellAt(2, 0)); // (2,1) points down: its flat side is north
    expect(tri.neighbor(tri.cellAt(1, 1), 2)).toBe(tri.cellAt(1, 2)); // (1,1) points up: south
  });

  it('polar: rings of 1, 6, 12, 24, 24, 24, 48 … cells, as in Mazes for Programmers', () => {
    expect([...ringCounts(7)]).toEqual([1, 6, 12, 24, 24, 24, 48, 48]);
    const polar = makeShape('polar', 1, 1);
    expect(polar.cellCount).toBe(7);
    expect(degrees(polar).get(6)).toBe(1); // the centre
    expect(degrees(polar).get(3)).toBe(6); // clockwise, counter-clockwise, inward
  });
});

describe('a graph maze', () => {
  /** A random depth-first spanning tree through the Grid interface: a stand-in for the algorithms in these tests. */
  function spanningTree(maze: GraphMaze, seed: string): void {
    const grid = new GraphGrid(maze);
    const rng = new Rng(seed);
    const seen = new Uint8Array(grid.cellCount);
    const out = new Int32Array(grid.maxDegree);
    const stack = [0];
    seen[0] = 1;
    while (stack.length > 0) {
      const c = stack[stack.length - 1]!;
      const k = grid.neighbors(c, out);
      const fresh = [...out.subarray(0, k)].filter((n) => !seen[n]);
      if (fresh.length === 0) {
        stack.pop();
        continue;
      }
      const n = fresh[rng.below(fresh.length)]!;
      grid.link(c, n);
      seen[n] = 1;
      stack.push(n);
    }
  }

  it.each(SHAPES)('%s: a spanning tree links every cell, each passage open on both sides', (name) => {
    const maze = new GraphMaze(makeShape(name, 6, 5));
    spanningTree(maze, 'x');
    let sides = 0;
    const out = new Int32Array(maze.shape.maxDegree);
    for (let c = 0; c < maze.cellCount; c++) {
      const k = maze.links(c, out);
      sides += k;
      for (const n of out.subarray(0, k)) expect(maze.links(n, new Int32Array(maze.shape.maxDegree)).valueOf()).toBeGreaterThan(0);
    }
    expect(sides).toBe(2 * (maze.cellCount - 1));
  });
});

/** A shaped maze as `maze gen --shape` makes it, through the library's spec. */
function shaped(shape: GraphShapeName, algorithm: string, width: number, height: number, seed: string, more: Record<string, unknown> = {}): GraphMaze {
  const { spec } = specFromOptions({ algorithm, shape, width, ...(shape === 'polar' ? {} : { height }), ...more });
  return makeGraphMaze(spec, seed);
}

const CARVERS = algorithms.filter((a) => a.carve !== undefined).map((a) => a.name);

describe('every graph algorithm on every shape', () => {
  it('is the seven the issue names, as the library types them (ShapeAlgorithmName)', () => {
    const typed: ShapeAlgorithmName[] = ['aldous-broder', 'backtracker', 'growing-tree', 'hunt-and-kill', 'kruskal', 'prim', 'wilson'];
    expect([...CARVERS].sort()).toEqual(typed);
  });

  const sizes: [number, number][] = [[1, 1], [1, 2], [2, 5], [5, 1], [2, 2], [7, 6], [31, 17]];
  describe.each(SHAPES)('%s', (shape) => {
    it.each(CARVERS)('%s makes a perfect maze, the same for the same seed', (algorithm) => {
      for (const [w, h] of sizes) {
        for (const seed of ['1', 'forest']) {
          const maze = shaped(shape, algorithm, w, h, seed);
          const ends = cornerEnds(maze);
          const stats = mazeStats(maze, ends.start, ends.end);
          expect(stats.perfect, `${w} × ${h}, seed ${seed}`).toBe(true);
          expect(stats.cells).toBe(maze.cellCount);
          // the outer wall stays closed without --openings
          for (let c = 0; c < maze.cellCount; c++) {
            for (let s = 0; s < maze.shape.maxDegree; s++) if (maze.isOpen(c, s)) expect(maze.shape.neighbor(c, s)).toBeGreaterThanOrEqual(0);
          }
        }
      }
      const a = shaped(shape, algorithm, 12, 9, 'same');
      const b = shaped(shape, algorithm, 12, 9, 'same');
      const c = shaped(shape, algorithm, 12, 9, 'other');
      expect(Buffer.from(a.passages).equals(Buffer.from(b.passages))).toBe(true);
      expect(Buffer.from(a.passages).equals(Buffer.from(c.passages))).toBe(false);
    });
  });

  it('a triangle grid one cell wide and over two tall is refused: it falls apart', () => {
    expect(() => shaped('triangle', 'kruskal', 1, 3, '1')).toThrow(/falls apart/);
  });

  it('a 1-ring polar maze is the centre and six cells', () => {
    for (const algorithm of CARVERS) {
      const maze = shaped('polar', algorithm, 1, 1, 'ring');
      expect(maze.cellCount).toBe(7);
      expect(mazeStats(maze, [0, 0], [3, 1]).perfect).toBe(true);
    }
  });
});

describe('uniform spanning trees on a hex grid (Wilson, Aldous–Broder)', () => {
  // a 3 × 2 hex grid: 6 cells, 7 passages between them
  const shape = makeShape('hex', 3, 2);
  const trees = shapeSpanningTrees(shape);

  function chiSquare(algorithm: string, trials: number): { seen: number; chi2: number } {
    const counts = new Map<string, number>();
    for (let i = 0; i < trials; i++) {
      const key = shaped('hex', algorithm, 3, 2, `tree-${i}`).passages.join(',');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const expected = trials / trees;
    let chi2 = (trees - counts.size) * expected;
    for (const c of counts.values()) chi2 += (c - expected) ** 2 / expected;
    return { seen: counts.size, chi2 };
  }

  it('has a number of spanning trees worth testing', () => {
    expect(trees).toBeGreaterThan(10);
  });

  it.each(['wilson', 'aldous-broder'])('%s makes every spanning tree of a 3 × 2 hex grid equally often', (algorithm) => {
    const { seen, chi2 } = chiSquare(algorithm, 400 * trees);
    expect(seen).toBe(trees);
    expect(chi2).toBeLessThan(chiSquareCritical(trees - 1));
  });

  it('the test has teeth: it rejects Prim, which is not uniform', () => {
    expect(chiSquare('prim', 400 * trees).chi2).toBeGreaterThan(chiSquareCritical(trees - 1));
  });
});

describe('the quick neighbour rules agree with the slots', () => {
  it.each(SHAPES)('%s: neighbors() is neighbor() over the slots, slotTo() finds each', (name) => {
    for (const [w, h] of [[1, 1], [2, 3], [5, 4], [8, 9]] as const) {
      const shape = makeShape(name, w, h);
      const out = new Int32Array(shape.maxDegree);
      for (let c = 0; c < shape.cellCount; c++) {
        const bySlot: number[] = [];
        for (let s = 0; s < shape.maxDegree; s++) {
          const n = shape.neighbor(c, s);
          if (n < 0) continue;
          bySlot.push(n);
          expect(shape.slotTo(c, n)).toBe(s);
          expect(shape.backSlot(c, s, n)).toBe(shape.slotTo(n, c));
        }
        expect([...out.subarray(0, shape.neighbors(c, out))]).toEqual(bySlot);
        expect(shape.slotTo(c, c)).toBe(-1);
      }
    }
  });
});
