/**
 * Every spanning tree of a small graph, counted one by one: every set of
 * cells − 1 of its edges that joins every cell (the uniformity tests of
 * test/shapes.test.ts, and `count`'s check in test/count.test.ts).
 */
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
