/**
 * Every spanning tree of a small graph, counted one by one: every set of
 * cells − 1 of its edges that joins every cell (the uniformity tests of
 * test/shapes.test.ts and test/topologies.test.ts, and `count`'s check in
 * test/count.test.ts).
 */
import type { Shape } from '../src/grid/shape.js';

export function enumerateSpanningTrees(cells: number, edges: readonly (readonly [number, number])[]): number {
  const need = cells - 1;
  let trees = 0;
  const pick = (from: number, chosen: (readonly [number, number])[]): void => {
    if (chosen.length === need) {
      const root = Array.from({ length: cells }, (_, i) => i);
      const find = (i: number): number => (root[i] === i ? i : (root[i] = find(root[i]!)));
      for (const [a, b] of chosen) {
        const [ra, rb] = [find(a), find(b)];
        if (ra === rb) return;
        root[ra] = rb;
      }
      trees++;
      return;
    }
    for (let i = from; i <= edges.length - (need - chosen.length); i++) pick(i + 1, [...chosen, edges[i]!]);
  };
  pick(0, []);
  return trees;
}

/** Every spanning tree of a small shape, by trying every set of cells − 1 of its passages. */
export function shapeSpanningTrees(shape: Shape): number {
  const edges: [number, number][] = [];
  for (let c = 0; c < shape.cellCount; c++) {
    for (let s = 0; s < shape.maxDegree; s++) {
      const n = shape.neighbor(c, s);
      if (n > c) edges.push([c, n]);
    }
  }
  return enumerateSpanningTrees(shape.cellCount, edges);
}

/** The chi-square at the 0.1 % level for `df` degrees of freedom (Wilson–Hilferty). */
export function chiSquareCritical(df: number): number {
  const z = 3.0902;
  return df * (1 - 2 / (9 * df) + z * Math.sqrt(2 / (9 * df))) ** 3;
}
