/** Topologies (issue 33): weave, wrap and levels, over every algorithm that carves through the grid. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { algorithms } from '../src/algorithms/index.js';
import { GraphMaze } from '../src/grid/graph-maze.js';
import { chooseCrossings, forcedPassages, SquareLattice, TopologyGrid, TopologyShape } from '../src/grid/topology.js';
import { Rng } from '../src/rng.js';
import { makeGraphMaze, specFromOptions } from '../src/lib/spec.js';
import { passagesOf } from '../src/passages/view.js';
import { chiSquareCritical, shapeSpanningTrees } from './spanning-trees.js';

const CARVERS = algorithms.filter((a) => a.carve !== undefined).map((a) => a.name);

/** Topologies by their library options, on square and hex grids. */
const TOPOLOGIES: [string, Record<string, unknown>][] = [
  ['wrap x', { wrap: 'x', width: 7, height: 5 }],
  ['wrap y', { wrap: 'y', width: 7, height: 5 }],
  ['wrap xy', { wrap: 'xy', width: 7, height: 5 }],
  ['levels 3', { levels: 3, width: 6, height: 4 }],
  ['weave 0.8', { weave: 0.8, width: 11, height: 9 }],
  ['wrapped weave', { weave: 0.8, wrap: 'xy', width: 10, height: 8 }],
  ['weave on levels', { weave: 0.8, levels: 2, width: 9, height: 7 }],
  ['hex levels 3', { shape: 'hex', levels: 3, width: 5, height: 4 }],
  ['hex weave 0.8', { shape: 'hex', weave: 0.8, width: 11, height: 9 }],
  ['hex weave on levels', { shape: 'hex', weave: 0.8, levels: 2, width: 9, height: 7 }],
  ['masked levels and weave', { levels: 2, weave: 0.8, mask: ['   XX     ', '          ', '          ', '          ', '          ', '          ', '          ', '   XX     '] }],
];

function made(options: Record<string, unknown>, algorithm: string, seed: string): GraphMaze {
  const { spec } = specFromOptions({ ...options, algorithm });
  return makeGraphMaze(spec, seed);
}

/** How many passages a maze has: each open side counted from both its cells, halved. */
function passageCount(maze: GraphMaze): number {
  let sides = 0;
  for (let c = 0; c < maze.cellCount; c++) if (maze.isIn(c)) for (let s = 0; s < maze.shape.maxDegree; s++) if (maze.isOpen(c, s) && maze.shape.neighbor(c, s) >= 0) sides++;
  return sides / 2;
}

/** The cells the first cell of the maze reaches. */
function reached(maze: GraphMaze): number {
  const view = passagesOf(maze);
  let first = 0;
  while (!view.isIn(first)) first++;
  return view.search(first, view.marks(), new Int32Array(view.size)).count;
}

/** Whether a and b sit side by side on the plain grid, or across an edge the maze wraps. */
function joinedOnTheGrid(shape: TopologyShape, a: number, b: number, wrap: string): boolean {
  const [ax, ay] = shape.pointOf(a);
  const [bx, by] = shape.pointOf(b);
  if (shape.levelOf(a) !== shape.levelOf(b)) return ax === bx && ay % shape.height === by % shape.height && Math.abs(shape.levelOf(a) - shape.levelOf(b)) === 1;
  const dx = Math.abs(ax - bx);
  const dy = Math.abs(ay - by);
  // a tunnel: a crossing between them, straight on the base grid (wrapped or not)
  const level = shape.levelOf(a) * shape.perLevel;
  for (let s = 0; s < shape.baseDegree; s++) {
    const m = shape.base.neighbor(a - level, s);
    if (m >= 0 && shape.over[level + m]! >= 0 && shape.base.neighbor(m, s) === b - level) return true;
  }
  if (shape.name === 'square') {
    const wrapX = wrap.includes('x') && dy === 0 && dx === shape.width - 1;
    const wrapY = wrap.includes('y') && dx === 0 && dy === shape.height - 1;
    return dx + dy === 1 || wrapX || wrapY;
  }
  return true;
}

describe.each(TOPOLOGIES)('%s', (_name, options) => {
  it.each(CARVERS)('%s: connected, perfect (the tunnels counted once), a crossing never a turn nor a dead end, links only where the topology has them', (algorithm) => {
    for (const seed of ['a', 'b', 'c']) {
      const maze = made(options, algorithm, seed);
      const shape = maze.shape as TopologyShape;
      expect(shape).toBeInstanceOf(TopologyShape);
      expect(reached(maze)).toBe(maze.inCount);
      expect(passageCount(maze)).toBe(maze.inCount - 1);
      const axes = shape.baseDegree / 2;
      for (const { cell, over, under } of shape.crossings) {
        // the bridge: open straight through, nothing else; the tunnel: open between the cells on either side
        expect(maze.passages[cell]).toBe((1 << over) | (1 << (over + axes)));
        const view = passagesOf(maze);
        const out = new Int32Array(shape.maxDegree);
        expect(view.links(cell, out)).toBe(2);
        const sideA = shape.neighbor(shape.cellAt(...shape.pointOf(cell)), under);
        expect(sideA).toBe(-1);
        expect(under).not.toBe(over);
      }
      for (let c = 0; c < maze.cellCount; c++) {
        for (let s = 0; s < shape.maxDegree; s++) {
          const n = shape.neighbor(c, s);
          if (!maze.isOpen(c, s) || n < 0) continue;
          expect(maze.isOpen(n, shape.backSlot(c, s, n))).toBe(true);
          expect(joinedOnTheGrid(shape, c, n, String(options.wrap ?? ''))).toBe(true);
        }
      }
    }
  });
});

describe('the crossings', () => {
  it('take about the share asked of the chances, never touch and never lie on the border', () => {
    const none = made({ weave: 0.01, width: 30, height: 20 }, 'backtracker', 's').shape as TopologyShape;
    const many = made({ weave: 1, width: 30, height: 20 }, 'backtracker', 's').shape as TopologyShape;
    expect(many.crossings.length).toBeGreaterThan(60);
    expect(none.crossings.length).toBeLessThan(10);
    for (const { cell } of many.crossings) {
      const [x, y] = many.pointOf(cell);
      expect(x > 0 && y > 0 && x < 29 && y < 19).toBe(true);
      for (const other of many.crossings) if (other.cell !== cell) {
        const [ox, oy] = many.pointOf(other.cell);
        expect(Math.abs(ox - x) + Math.abs(oy - y)).toBeGreaterThan(2);
      }
    }
  });

  it('on the unwrapped square grid, are the ones the definition takes: each chance in cell order, one draw against the share, then the over axis (its quick scan reads two cells a chance)', () => {
    /** The definition, cell by cell: a chance is off the border, its cell and four neighbours in the maze and in no crossing's neighbourhood. */
    const reference = (width: number, height: number, levels: number, mask: Uint8Array | null, share: number, rng: Rng): number[] => {
      const taken: number[] = [];
      const near = new Uint8Array(width * height * levels);
      for (let c = 0; c < near.length; c++) {
        const x = c % width;
        const y = Math.floor(c / width) % height;
        if (x === 0 || y === 0 || x === width - 1 || y === height - 1) continue;
        const five = [c, c - width, c + 1, c + width, c - 1];
        if (five.some((m) => near[m] === 1 || (mask !== null && mask[m] === 0))) continue;
        if (rng.u32() / 2 ** 32 >= share) continue;
        taken.push(c * 2 + rng.below(2));
        for (const m of five) near[m] = 1;
      }
      return taken;
    };
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 14 }), fc.integer({ min: 3, max: 12 }), fc.integer({ min: 1, max: 3 }), fc.double({ min: 0.05, max: 1, noNaN: true }), fc.option(fc.integer({ min: 0, max: 2 ** 31 })), fc.string(), (width, height, levels, share, holes, seed) => {
        // a mask of about one cell in eight out, from `holes`' bits
        const mask = holes === null ? null : Uint8Array.from({ length: width * height * levels }, (_, c) => (Math.imul(c + 1, holes | 1) >>> 29 === 0 ? 0 : 1));
        const plain = new TopologyShape(new SquareLattice(width, height), levels);
        const weave = chooseCrossings(plain.base, levels, mask, share, new Rng(seed));
        // the axes, left to the forced passages as they are chosen, read back by the shape: the over axis where each was taken, −1 elsewhere
        const shape = new TopologyShape(plain.base, levels, weave);
        const taken = reference(width, height, levels, mask, share, new Rng(seed));
        expect(Array.from(weave.cells, (c) => c * 2 + shape.over[c]!)).toEqual(taken);
        const over = new Int8Array(width * height * levels).fill(-1);
        for (const t of taken) over[t >> 1] = t & 1;
        expect(Array.from(shape.over)).toEqual(Array.from(over));
        expect(Array.from(shape.under)).toEqual(Array.from(over, (o) => (o < 0 ? -1 : 1 - o)));
        // on one level, the groups written as the crossings are taken: their forced passages are the crossings' (their
        // roles are held to the generic grid's groups by the carves, test/topology-bytes.test.ts)
        expect(weave.groups === null).toBe(levels > 1);
        if (levels > 1 || weave.cells.length === 0) return;
        const forced = new GraphMaze(shape);
        for (const [a, b] of forcedPassages(shape)) forced.open(a, b);
        expect(Array.from(weave.groups!.forced)).toEqual(Array.from(forced.passages));
        expect(Array.from(shape.startingPassages()!)).toEqual(Array.from(forced.passages));
        // a grid made on a maze with no passage opens them itself
        const fresh = new GraphMaze(shape);
        new TopologyGrid(fresh);
        expect(Array.from(fresh.passages)).toEqual(Array.from(forced.passages));
      }),
      { numRuns: 300 },
    );
  });

  it('are the same for the same seed, and the plain square maze keeps its wall arrays', () => {
    const a = made({ weave: 0.5, width: 12, height: 9 }, 'kruskal', 'q');
    const b = made({ weave: 0.5, width: 12, height: 9 }, 'kruskal', 'q');
    expect(Array.from(a.passages)).toEqual(Array.from(b.passages));
    expect(specFromOptions({ width: 5, height: 5 }).spec).not.toHaveProperty('levels');
  });

  it('a topology the grid cannot take is refused in one line', () => {
    expect(() => specFromOptions({ shape: 'polar', weave: 0.5 })).toThrow(/weave works on square and hex grids, not on a polar grid/);
    expect(() => specFromOptions({ shape: 'hex', wrap: 'x' })).toThrow(/wrap works on square grids, not on a hex grid/);
    expect(() => specFromOptions({ wrap: 'xy', width: 2 })).toThrow(/at least 3 cells that way/);
    // 3 round, a tunnel's two ends are neighbours across the seam too
    expect(() => specFromOptions({ wrap: 'x', weave: 0.5, width: 3, height: 8 })).toThrow(/^a woven maze wrapped along x \(wrap x\) must be at least 4 cells that way: 3 round, a tunnel's two ends would meet across the seam as well as under its bridge; make width 4 or more, or leave out weave$/);
    expect(() => specFromOptions({ wrap: 'xy', weave: 0.5, width: 8, height: 3 })).toThrow(/wrapped along y .* make height 4 or more/);
    expect(specFromOptions({ wrap: 'x', weave: 0.5, width: 4, height: 3 }).spec).toMatchObject({ width: 4, height: 3 });
    expect(() => specFromOptions({ levels: 2, algorithm: 'eller' })).toThrow(/eller makes plain grids only/);
    expect(() => specFromOptions({ levels: 0 })).toThrow(/levels must be from 1 to 64/);
  });
});

describe('levels', () => {
  it('--ends corners runs from the first floor\'s top left to the last floor\'s bottom right', () => {
    const { spec } = specFromOptions({ levels: 3, width: 5, height: 4, ends: 'corners', solve: true, algorithm: 'wilson' });
    const maze = makeGraphMaze(spec, 'x');
    expect(maze.start).toEqual([0, 0]);
    expect(maze.end).toEqual([4, 11]);
    // the solution climbs: it passes every level
    const levels = new Set(maze.solution!.map(([, y]) => Math.floor(y / 4)));
    expect([...levels].sort()).toEqual([0, 1, 2]);
  });
});

describe.each([
  ['a 3 × 3 torus', { wrap: 'xy', width: 3, height: 3 }, 20],
  ['a 2 × 2 × 2 levels grid', { levels: 2, width: 2, height: 2 }, 50],
] as const)('uniform spanning trees on %s (Wilson, Aldous–Broder)', (_name, options, perTree) => {
  const shape = made(options, 'backtracker', 'x').shape;
  const trees = shapeSpanningTrees(shape);

  function chiSquare(algorithm: string): { seen: number; chi2: number } {
    const { spec } = specFromOptions({ ...options, algorithm });
    const trials = perTree * trees;
    const counts = new Map<string, number>();
    for (let i = 0; i < trials; i++) {
      const key = makeGraphMaze(spec, `tree-${i}`).passages.join(',');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const expected = trials / trees;
    let chi2 = (trees - counts.size) * expected;
    for (const c of counts.values()) chi2 += (c - expected) ** 2 / expected;
    return { seen: counts.size, chi2 };
  }

  it('has its number of spanning trees (the torus 11664, the cube 384)', () => {
    expect(trees).toBe(options.width === 3 ? 11664 : 384);
  });

  it.each(['wilson', 'aldous-broder'])('%s makes every spanning tree equally often', (algorithm) => {
    const { seen, chi2 } = chiSquare(algorithm);
    expect(seen).toBe(trees);
    expect(chi2).toBeLessThan(chiSquareCritical(trees - 1));
  }, 60_000);

  it('the test has teeth: it rejects Prim', () => {
    expect(chiSquare('prim').chi2).toBeGreaterThan(chiSquareCritical(trees - 1));
  }, 60_000);
});

describe('the library', () => {
  it('generate takes wrap, levels and weave; render, solve and stats take the maze back, checked as a saved file is', async () => {
    const lib = await import('../src/lib/index.js');
    const maze = lib.generate({ width: 8, height: 6, levels: 2, weave: 0.6, wrap: 'x', seed: 5, algorithm: 'wilson' });
    expect(maze.shape.name).toBe('square');
    const figures = lib.stats(maze);
    expect(figures.cells).toBe(96);
    expect(figures.passages).toBe(95);
    expect([figures.levels, figures.wrap, figures.crossings! > 0]).toEqual([2, 'x', true]);
    expect(lib.stats(lib.generate({ width: 5, height: 4 }))).not.toHaveProperty('levels');
    const path = lib.solve(maze);
    expect(path.length).toBeGreaterThan(1);
    // every method goes through the one model: the complete ones find the way across stairs, tunnels and the seam
    for (const method of ['shortest', 'astar', 'tremaux', 'dead-end-fill', 'backtracker', 'chain', 'collision', 'wall-left', 'pledge', 'random-mouse'] as const) {
      const report = lib.solve(maze, { method });
      if (['shortest', 'astar', 'tremaux', 'dead-end-fill', 'backtracker'].includes(method)) expect(report.found, method).toBe(true);
      if (report.found && method !== 'random-mouse') expect(report.path!.length, method).toBeGreaterThan(1);
    }
    const text = Buffer.from(await lib.render(maze, 'json')).toString();
    expect(text).toMatch(/"levels": 2,\n  "crossings": \[\[/);
    // a changed crossing is refused as a saved file's would be
    const forged = Object.assign(Object.create(Object.getPrototypeOf(maze) as object) as typeof maze, maze);
    (forged.shape as unknown as { crossings: unknown }).crossings = [{ cell: 0, over: 0, under: 1 }];
    expect(() => lib.stats(forged)).toThrow(/on the rim/);
  });
});

describe('square levels through their frame (the backtracker\'s and kruskal\'s hot loops)', () => {
  it('carve the maze the generic grid carves, draw for draw, masked or not', () => {
    // a grid told of every step carves without a frame (grid.ts): the same spec and seed both ways
    const noSteps = { link: () => undefined, mark: () => undefined, head: () => undefined };
    for (const algorithm of ['backtracker', 'kruskal']) {
      for (const more of [{}, { mask: ['......', '..X...', '......', '...X..', '......'] }]) {
        const { spec } = specFromOptions({ algorithm, width: 6, height: 5, levels: 3, ...more });
        const framed = makeGraphMaze(spec, 'frame');
        const generic = makeGraphMaze(spec, 'frame', undefined, noSteps);
        expect([...framed.passages], `${algorithm} ${JSON.stringify(more)}`).toEqual([...generic.passages]);
        expect(framed.shape).toBeInstanceOf(TopologyShape);
      }
    }
  });
});
