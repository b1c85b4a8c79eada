/**
 * Kruskal — random path merging (seed 001, "fusion aléatoire de chemins").
 *
 * 1. Every cell starts with its own label; every wall between two cells is
 *    listed, and the list is shuffled (inside-out Fisher–Yates).
 * 2. Walls are taken in that order; a wall whose two cells carry different
 *    labels is opened and the labels merge.
 *
 * The seed relabels the whole grid on each merge (quadratic); labels here
 * live in a union–find with path halving and union by size, in one
 * Int32Array holding a cell's parent, or −size at a root.
 */
import { LEFT, Maze, TOP } from '../model/maze.js';
import type { Rng } from '../rng.js';
import { defineAlgorithm } from './types.js';

export default defineAlgorithm({
  name: 'kruskal',
  description: 'random path merging (seed 001): union–find over shuffled walls; many short dead ends',
  options: {},
  generate({ width, height }, _options, rng) {
    const maze = Maze.closed(width, height);
    mergePaths(maze.walls, width, height, rng);
    return maze;
  },
});

/**
 * Cells are addressed by tile index t = y·(W+1) + x, so a wall needs no
 * division to find: edge 2t is the left wall of tile t+1 (east of the cell),
 * edge 2t+1 the top wall of tile t+W+1 (south of it).
 */
function mergePaths(walls: Uint8Array, width: number, height: number, rng: Rng): void {
  const stride = width + 1;
  const cells = width * height;
  const edgeCount = (width - 1) * height + width * (height - 1);
  const edges = new Int32Array(edgeCount);
  let n = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = y * stride + x;
      if (x + 1 < width) {
        const j = rng.below(n + 1);
        edges[n] = edges[j]!;
        edges[j] = t * 2;
        n++;
      }
      if (y + 1 < height) {
        const j = rng.below(n + 1);
        edges[n] = edges[j]!;
        edges[j] = t * 2 + 1;
        n++;
      }
    }
  }

  const parent = new Int32Array(stride * height).fill(-1);
  let joined = 0;
  for (let i = 0; i < edgeCount && joined < cells - 1; i++) {
    const e = edges[i]!;
    const a = e >> 1;
    const b = (e & 1) === 0 ? a + 1 : a + stride;
    let ra = a;
    while (parent[ra]! >= 0) {
      const p = parent[ra]!;
      const gp = parent[p]!;
      if (gp >= 0) parent[ra] = gp;
      ra = p;
    }
    let rb = b;
    while (parent[rb]! >= 0) {
      const p = parent[rb]!;
      const gp = parent[p]!;
      if (gp >= 0) parent[rb] = gp;
      rb = p;
    }
    if (ra === rb) continue;
    // union by size: sizes are stored negated at the roots
    if (parent[ra]! > parent[rb]!) {
      const swap = ra;
      ra = rb;
      rb = swap;
    }
    parent[ra]! += parent[rb]!;
    parent[rb] = ra;
    if ((e & 1) === 0) walls[b]! &= ~LEFT;
    else walls[b]! &= ~TOP;
    joined++;
  }
}
