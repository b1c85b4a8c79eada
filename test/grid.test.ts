/**
 * The grid interface (src/grid/) and the algorithms that carve through it:
 * on the plain square grid they make perfect mazes (the backtracker and the
 * growing tree exactly their fast paths' mazes), on masks perfect mazes
 * over the mask's cells with the outside walled off, and the uniform ones
 * stay uniform over a mask's spanning trees. A grid in a frame (hex,
 * triangle) offers the neighbours `neighbors` gives, and the carves over
 * the frame make the mazes the plain carves make.
 */
import { describe, expect, it } from 'vitest';
import { algorithms, findAlgorithm } from '../src/algorithms/index.js';
import type { Algorithm } from '../src/algorithms/types.js';
import { defaultOptions } from '../src/algorithms/types.js';
import { GraphGrid, GraphMaze, makeShape, shapeMaskCells } from '../src/grid/graph-maze.js';
import { OUTSIDE } from '../src/grid/grid.js';
import { SquareGrid } from '../src/grid/square.js';
import type { Mask } from '../src/model/mask.js';
import { maskFromRows, maskOf } from '../src/model/mask.js';
import { Maze } from '../src/model/maze.js';
import { replaySteps } from '../src/lib/index.js';
import type { Step } from '../src/model/steps.js';
import { Rng } from '../src/rng.js';
import { isPerfect } from './helpers.js';

const carvers = algorithms.filter((a) => a.carve !== undefined) as Algorithm[];

/** Every wall of a cell outside the mask is active, and the cells in it form one tree of open walls. */
function perfectOverMask(maze: Maze, mask: Mask): boolean {
  const { width, height } = maze;
  const at = (x: number, y: number): boolean => x >= 0 && y >= 0 && x < width && y < height && mask.cells[y * width + x] === 1;
  let passages = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const top = !maze.hasTop(x, y);
      const left = !maze.hasLeft(x, y);
      const right = !maze.hasLeft(x + 1, y);
      const bottom = !maze.hasTop(x, y + 1);
      if (!at(x, y)) {
        if (top || left || right || bottom) return false;
        continue;
      }
      if ((top && !at(x, y - 1)) || (left && !at(x - 1, y))) return false;
      if (left) passages++;
      if (top) passages++;
    }
  }
  if (passages !== mask.count - 1) return false;
  // connected: a walk from the first cell reaches them all
  const first = mask.cells.indexOf(1);
  const seen = new Uint8Array(width * height);
  const queue = [first];
  seen[first] = 1;
  for (let i = 0; i < queue.length; i++) {
    const c = queue[i]!;
    const x = c % width;
    const y = (c - x) / width;
    const next = [
      [x + 1 < width && !maze.hasLeft(x + 1, y), c + 1],
      [x > 0 && !maze.hasLeft(x, y), c - 1],
      [y + 1 < height && !maze.hasTop(x, y + 1), c + width],
      [y > 0 && !maze.hasTop(x, y), c - width],
    ] as const;
    for (const [open, n] of next) {
      if (open && !seen[n]) {
        seen[n] = 1;
        queue.push(n);
      }
    }
  }
  return queue.length === mask.count;
}

const ring = maskFromRows(['........', '........', '..XXXX..', '..XXXX..', '..XXXX..', '..XXXX..', '........', '........']);
const spiral = maskFromRows([
  '.........',
  'XXXXXXXX.',
  '.......X.',
  '.XXXXX.X.',
  '.X...X.X.',
  '.X.XXX.X.',
  '.X.....X.',
  '.XXXXXXX.',
  '.........',
]);
const letterB = maskFromRows(['XXXXXXXX', 'X.....XX', 'X.XXX..X', 'X.XXX..X', 'X.....XX', 'X.XXXX.X', 'X.XXXX.X', 'X......X', 'XXXXXXXX']);

/** A connected blob grown from the centre of a w × h grid by a seeded random walk. */
function blob(width: number, height: number, seed: string): Mask {
  const rng = new Rng(seed);
  const cells = new Uint8Array(width * height);
  let x = width >> 1;
  let y = height >> 1;
  for (let i = 0; i < width * height; i++) {
    cells[y * width + x] = 1;
    const d = rng.below(4);
    x = Math.min(width - 1, Math.max(0, x + (d === 0 ? 1 : d === 2 ? -1 : 0)));
    y = Math.min(height - 1, Math.max(0, y + (d === 1 ? 1 : d === 3 ? -1 : 0)));
  }
  return maskOf(width, height, cells);
}

const masks: [string, Mask][] = [
  ['ring', ring],
  ['one-cell spiral', spiral],
  ['letter B', letterB],
  ['blob', blob(24, 18, 'blob')],
  ['single cell', maskFromRows(['XXX', 'X.X', 'XXX'])],
];

describe('the square grid', () => {
  it('offers neighbors east, south, west, north, only inside the mask', () => {
    const maze = Maze.closed(3, 3);
    const mask = maskFromRows(['...', '.X.', '...']);
    maze.wallOffOutside(mask);
    const grid = new SquareGrid(maze, mask);
    const out = new Int32Array(4);
    expect([...out.subarray(0, grid.neighbors(1, out))]).toEqual([2, 0]);
    expect([...out.subarray(0, grid.neighbors(3, out))]).toEqual([6, 0]);
    expect(grid.inCount).toBe(8);
    expect(grid.isIn(4)).toBe(false);
    expect(grid.cellAt(2, 1)).toBe(5);
    expect(grid.cellAt(3, 1)).toBe(-1);
  });

  it.each(carvers.map((a) => a.name))('%s carves a perfect maze through the plain square grid', (name) => {
    const algorithm = findAlgorithm(name)!;
    for (const [w, h] of [[1, 1], [1, 7], [9, 1], [13, 11]] as const) {
      const maze = Maze.closed(w, h);
      algorithm.carve!(new SquareGrid(maze), defaultOptions(algorithm), new Rng(`${name}-${w}`));
      expect(isPerfect(maze)).toBe(true);
    }
  });

  it('kruskal carves a large grid (edges dropped band by band) into a perfect maze', () => {
    const maze = Maze.closed(1100, 1100); // over 2²¹ edges: the bands (a shuffle past 2²² is topology-bytes' torus)
    findAlgorithm('kruskal')!.carve!(new SquareGrid(maze), {}, new Rng('large'));
    expect(isPerfect(maze)).toBe(true);
  }, 60_000);

  it.each(['backtracker', 'growing-tree'])('%s carves through the grid exactly the maze of its fast path', (name) => {
    const algorithm = findAlgorithm(name)!;
    for (const seed of ['a', 'b', 'c']) {
      const fast = algorithm.generate({ width: 23, height: 17 }, defaultOptions(algorithm), new Rng(seed));
      const maze = Maze.closed(23, 17);
      algorithm.carve!(new SquareGrid(maze), defaultOptions(algorithm), new Rng(seed));
      expect(Buffer.from(maze.walls).equals(Buffer.from(fast.walls))).toBe(true);
    }
  });
});

describe('carving on a mask', () => {
  const cases = carvers.flatMap((a) => masks.map(([label, mask]) => [a.name, label, mask] as const));

  it.each(cases)('%s on the %s mask: perfect over its cells, the outside walled off', (name, _label, mask) => {
    const algorithm = findAlgorithm(name)!;
    for (const seed of ['1', '2', '3', '4']) {
      const maze = algorithm.generate({ width: mask.width, height: mask.height, mask }, defaultOptions(algorithm), new Rng(seed));
      expect(maze.mask).toBe(mask);
      expect(perfectOverMask(maze, mask)).toBe(true);
    }
  });

  it.each(carvers.map((a) => a.name))('%s on a mask: its steps replay to the maze it makes without them', (name) => {
    const algorithm = findAlgorithm(name)!;
    const mask = masks[3]![1];
    const size = { width: mask.width, height: mask.height, mask };
    const plain = algorithm.generate(size, defaultOptions(algorithm), new Rng('steps'));
    const steps: Step[] = [{ type: 'grid', width: mask.width, height: mask.height, walls: 'closed', mask }];
    algorithm.generate(size, defaultOptions(algorithm), new Rng('steps'), undefined, (s) => steps.push(s));
    const replayed = replaySteps(steps).maze as Maze; // a square grid step: the square maze
    expect(Buffer.from(replayed.walls).equals(Buffer.from(plain.walls))).toBe(true);
  });

  it('kruskal on a large disk mask (its walls merged band by band) is perfect and the maze its steps tell', () => {
    const side = 1200; // 2.26 M walls, over 2²¹: the bands
    const cells = new Uint8Array(side * side);
    for (let c = 0; c < cells.length; c++) {
      const dx = (c % side) + 0.5 - side / 2;
      const dy = Math.floor(c / side) + 0.5 - side / 2;
      cells[c] = dx * dx + dy * dy <= (side / 2) ** 2 ? 1 : 0;
    }
    const mask = maskOf(side, side, cells);
    const kruskal = findAlgorithm('kruskal')!;
    const size = { width: side, height: side, mask };
    const fast = kruskal.generate(size, {}, new Rng('disk'));
    expect(perfectOverMask(fast, mask)).toBe(true);
    let told = 0;
    const stepped = kruskal.generate(size, {}, new Rng('disk'), undefined, () => told++);
    expect(told).toBe(mask.count - 1);
    expect(Buffer.from(stepped.walls).equals(Buffer.from(fast.walls))).toBe(true);
  }, 60_000);

  it('the backtracker starts from the mask\'s first cell when its start is outside', () => {
    const backtracker = findAlgorithm('backtracker')!;
    const mask = maskFromRows(['X..', '...']);
    const maze = backtracker.generate({ width: 3, height: 2, mask }, { start: [0, 0] }, new Rng('s'));
    expect(perfectOverMask(maze, mask)).toBe(true);
  });
});

/** How many spanning trees a mask's cells have (Kirchhoff: a cofactor of the Laplacian). */
function spanningTrees(mask: Mask): number {
  const ids = new Map<number, number>();
  mask.cells.forEach((v, c) => v === 1 && ids.set(c, ids.size));
  const n = ids.size;
  const lap = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (const [c, i] of ids) {
    const x = c % mask.width;
    for (const d of [x + 1 < mask.width ? c + 1 : -1, c + mask.width]) {
      const j = ids.get(d);
      if (j === undefined) continue;
      lap[i]![i]!++;
      lap[j]![j]!++;
      lap[i]![j]!--;
      lap[j]![i]!--;
    }
  }
  // the determinant of the Laplacian less its last row and column
  const m = lap.slice(0, n - 1).map((row) => row.slice(0, n - 1));
  let det = 1;
  for (let k = 0; k < n - 1; k++) {
    let p = k;
    while (Math.abs(m[p]![k]!) < 1e-9) p++;
    if (p !== k) [m[p], m[k]] = [m[k]!, m[p]!], (det = -det);
    det *= m[k]![k]!;
    for (let r = k + 1; r < n - 1; r++) {
      const f = m[r]![k]! / m[k]![k]!;
      for (let c = k; c < n - 1; c++) m[r]![c]! -= f * m[k]![c]!;
    }
  }
  return Math.round(det);
}

describe('uniform spanning trees on a mask (Wilson, Aldous–Broder)', () => {
  // a 3 × 3 grid less one corner: 8 cells, not symmetric under the walks' draws
  const mask = maskFromRows(['..X', '...', '...']);
  const trees = spanningTrees(mask);

  function chiSquare(name: string, trials: number): { seen: number; chi2: number } {
    const algorithm = findAlgorithm(name)!;
    const counts = new Map<string, number>();
    for (let i = 0; i < trials; i++) {
      const key = algorithm.generate({ width: 3, height: 3, mask }, {}, new Rng(`t-${i}`)).walls.join('');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const expected = trials / trees;
    let chi2 = (trees - counts.size) * expected;
    for (const c of counts.values()) chi2 += (c - expected) ** 2 / expected;
    return { seen: counts.size, chi2 };
  }

  it('the mask has the spanning trees Kirchhoff counts', () => {
    expect(trees).toBe(56);
  });

  // 55 degrees of freedom: the critical value at the 0.1% level is 93.17
  it.each(['wilson', 'aldous-broder'])('%s makes each spanning tree of the mask equally often', (name) => {
    const { seen, chi2 } = chiSquare(name, 15000);
    expect(seen).toBe(trees);
    expect(chi2).toBeLessThan(93.17);
  });

  it('the test has teeth: it rejects Prim, which is not uniform', () => {
    expect(chiSquare('prim', 15000).chi2).toBeGreaterThan(93.17);
  });
});

describe('a grid in a frame (GridFrame: hex, triangle)', () => {
  const told = { link: () => {}, mark: () => {}, head: () => {} };
  const ring = { width: 4, height: 3, cells: Uint8Array.of(1, 1, 1, 1, 1, 0, 0, 1, 1, 1, 1, 1) };

  function graph(name: 'hex' | 'triangle', width: number, height: number, masked: boolean): GraphMaze {
    const maze = new GraphMaze(makeShape(name, width, height));
    // a thin ring may part under the shape's own neighbours: its largest part kept, as --mask-regions largest keeps it
    if (masked) maze.mask = shapeMaskCells(maze.shape, { ...maskOf(ring.width, ring.height, ring.cells), regions: 'largest' });
    return maze;
  }

  it('offers each cell the neighbours `neighbors` gives, in its order, and the slots back the shape gives', () => {
    for (const name of ['hex', 'triangle'] as const) {
      for (const [width, height] of [[1, 5], [5, 1], [2, 2], [7, 4], [8, 5], [9, 9]] as const) {
        for (const masked of [false, true]) {
          const maze = graph(name, width, height, masked);
          const grid = new GraphGrid(maze);
          const frame = grid.frame!;
          const work = frame.blank();
          const places = new Map<number, number>();
          for (let c = 0; c < maze.cellCount; c++) places.set(frame.placeOf(c), c);
          const around = new Int32Array(grid.maxDegree);
          for (let c = 0; c < maze.cellCount; c++) {
            if (!grid.isIn(c)) continue;
            const p = frame.placeOf(c);
            const row = (p & frame.classMask) * grid.maxDegree;
            const framed: number[] = [];
            for (let s = 0; s < grid.maxDegree; s++) {
              const q = p + frame.offsets[row + s]!;
              if (work[q]! >= OUTSIDE) continue;
              framed.push(places.get(q)!);
              expect(maze.shape.neighbor(c, s)).toBe(places.get(q));
              expect(frame.backs[row + s]).toBe(maze.shape.backSlot(c, s, places.get(q)!));
            }
            expect(framed).toEqual([...around.subarray(0, grid.neighbors(c, around))]);
          }
        }
      }
    }
  });

  it('backtracker and kruskal carve over the frame the mazes they carve through `neighbors` (a large kruskal too: the generic grid\'s bands)', () => {
    const sizes = [[1, 6], [6, 1], [7, 4], [30, 21]] as const;
    for (const name of ['backtracker', 'kruskal']) {
      const algorithm = findAlgorithm(name)!;
      for (const shape of ['hex', 'triangle'] as const) {
        for (const [width, height] of [...sizes, ...(name === 'kruskal' && shape === 'hex' ? [[850, 850] as const] : [])]) {
          for (const masked of [false, true]) {
            const framed = graph(shape, width, height, masked);
            const plain = graph(shape, width, height, masked);
            const rng = new Rng('frame');
            const twin = new Rng('frame');
            algorithm.carve!(new GraphGrid(framed), defaultOptions(algorithm), rng);
            algorithm.carve!(new GraphGrid(plain, told), defaultOptions(algorithm), twin);
            expect(Buffer.from(framed.passages).equals(Buffer.from(plain.passages))).toBe(true);
            expect(rng.u32()).toBe(twin.u32());
          }
        }
      }
    }
  });
});
