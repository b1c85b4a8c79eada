/**
 * The classic family (Prim, Wilson, Aldous–Broder, Eller, sidewinder, binary
 * tree, hunt-and-kill, growing tree, recursive division): texture checks that
 * fail if an algorithm is wired wrong, big and thin grids, and the CLI.
 * The invariants every algorithm shares (perfect, deterministic) are in
 * algorithms.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { algorithms, findAlgorithm } from '../src/algorithms/index.js';
import type { Algorithm } from '../src/algorithms/types.js';
import { parseMaze } from '../src/formats/json.js';
import { LEFT, TOP } from '../src/model/maze.js';
import type { Maze } from '../src/model/maze.js';
import { generated } from './fixtures.js';
import { borderClosed, isPerfect, runCli } from './helpers.js';

const CLASSIC = ['prim', 'wilson', 'aldous-broder', 'eller', 'sidewinder', 'binary-tree', 'hunt-and-kill', 'growing-tree', 'division'];

function algorithm(name: string): Algorithm {
  const found = findAlgorithm(name);
  if (!found) throw new Error(`${name} is not registered`);
  return found;
}

/**
 * Perfect, checked straight on the wall bytes (helpers' isPerfect is clear
 * but slow on 4 million cells): closed border, W·H − 1 passages, and a
 * breadth-first search from cell (0, 0) that reaches every cell.
 */
function isPerfectLarge(maze: Maze): boolean {
  const { width, height, stride, walls } = maze;
  const cells = width * height;
  if (!borderClosed(maze) || maze.countPassages() !== cells - 1) return false;
  const seen = new Uint8Array(stride * height);
  const queue = new Int32Array(cells);
  let tail = 0;
  queue[tail++] = 0;
  seen[0] = 1;
  for (let head = 0; head < tail; head++) {
    const t = queue[head]!;
    // the border is closed, so an open wall always leads to a cell
    const east = t + 1;
    const south = t + stride;
    if ((walls[east]! & LEFT) === 0 && !seen[east]) { seen[east] = 1; queue[tail++] = east; }
    if ((walls[t]! & LEFT) === 0 && !seen[t - 1]) { seen[t - 1] = 1; queue[tail++] = t - 1; }
    if (south < stride * height && (walls[south]! & TOP) === 0 && !seen[south]) { seen[south] = 1; queue[tail++] = south; }
    if ((walls[t]! & TOP) === 0 && !seen[t - stride]) { seen[t - stride] = 1; queue[tail++] = t - stride; }
  }
  return tail === cells;
}

/** Share of cells with exactly one open side. */
function deadEndShare(maze: Maze): number {
  let deadEnds = 0;
  for (let y = 0; y < maze.height; y++) {
    for (let x = 0; x < maze.width; x++) {
      let open = 0;
      for (const dir of [0, 1, 2, 3] as const) if (maze.canMove(x, y, dir)) open++;
      if (open === 1) deadEnds++;
    }
  }
  return deadEnds / (maze.width * maze.height);
}

/**
 * Pearson's chi-square of the spanning trees one algorithm makes on a small
 * grid over `trials` seeds, against the uniform law on all `trees` of them.
 */
function chiSquareOverTrees(name: string, width: number, height: number, trees: number, trials: number): { seen: number; chi2: number } {
  const counts = new Map<string, number>();
  for (let i = 0; i < trials; i++) {
    const key = generated(name, width, height, `tree-${i}`).walls.join('');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const expected = trials / trees;
  let chi2 = (trees - counts.size) * expected; // trees never seen
  for (const c of counts.values()) chi2 += (c - expected) ** 2 / expected;
  return { seen: counts.size, chi2 };
}

describe('registry', () => {
  it('keeps trees, kruskal and backtracker first, then the classic family, then zones', () => {
    expect(algorithms.map((a) => a.name)).toEqual(['trees', 'kruskal', 'backtracker', ...CLASSIC, 'zones']);
  });
});

describe('binary-tree', () => {
  // each bias: whether a cell chooses north (else south) and west (else east)
  const BIASES = {
    nw: { north: true, west: true },
    ne: { north: true, west: false },
    sw: { north: false, west: true },
    se: { north: false, west: false },
  } as const;

  it.each(Object.keys(BIASES) as (keyof typeof BIASES)[])('--bias %s: every cell but the root opens exactly one of its two walls, and the two edges are corridors', (bias) => {
    const { north, west } = BIASES[bias];
    const [width, height] = [23, 17];
    const maze = generated('binary-tree', width, height, 'bias', { bias });
    expect(isPerfect(maze)).toBe(true);
    const rootX = west ? 0 : width - 1;
    const rootY = north ? 0 : height - 1;
    let vertical = 0;
    let horizontal = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const openVertical = north ? y > 0 && !maze.hasTop(x, y) : y < height - 1 && !maze.hasTop(x, y + 1);
        const openHorizontal = west ? x > 0 && !maze.hasLeft(x, y) : x < width - 1 && !maze.hasLeft(x + 1, y);
        if (x === rootX && y === rootY) {
          expect(openVertical || openHorizontal).toBe(false);
          continue;
        }
        expect(Number(openVertical) + Number(openHorizontal), `cell ${x},${y}`).toBe(1);
        if (y === rootY) expect(openHorizontal, `edge row cell ${x},${y}`).toBe(true);
        if (x === rootX) expect(openVertical, `edge column cell ${x},${y}`).toBe(true);
        if (openVertical) vertical++;
        else horizontal++;
      }
    }
    // both choices are really drawn (a coin per inner cell: about half each)
    const inner = (width - 1) * (height - 1);
    expect(vertical - (height - 1)).toBeGreaterThan(inner * 0.35);
    expect(horizontal - (width - 1)).toBeGreaterThan(inner * 0.35);
  });

  it('--bias nw is the default: the top row and the left column are open corridors', () => {
    const maze = generated('binary-tree', 40, 30, '5');
    for (let x = 1; x < 40; x++) expect(maze.hasLeft(x, 0)).toBe(false);
    for (let y = 1; y < 30; y++) expect(maze.hasTop(0, y)).toBe(false);
  });
});

describe('sidewinder', () => {
  it('opens the whole top row, and every run of a lower row opens north exactly once, at a random cell of it', () => {
    const [width, height] = [41, 29];
    for (const seed of ['1', '2', '3']) {
      const maze = generated('sidewinder', width, height, seed);
      for (let x = 1; x < width; x++) expect(maze.hasLeft(x, 0)).toBe(false);
      let runs = 0;
      // where a run of two cells or more opens north: its first cell, its last, or between
      const where = { first: 0, last: 0, between: 0 };
      for (let y = 1; y < height; y++) {
        let northOpenings = 0;
        let runStart = 0;
        let opening = -1;
        for (let x = 0; x < width; x++) {
          if (!maze.hasTop(x, y)) {
            northOpenings++;
            opening = x;
          }
          const runEnds = x === width - 1 || maze.hasLeft(x + 1, y);
          if (runEnds) {
            expect(northOpenings, `run ending at ${x},${y}`).toBe(1);
            if (x > runStart) where[opening === runStart ? 'first' : opening === x ? 'last' : 'between']++;
            northOpenings = 0;
            runStart = x + 1;
            runs++;
          }
        }
      }
      expect(Math.min(where.first, where.last, where.between), JSON.stringify(where)).toBeGreaterThan(10);
      // coin flips: runs are about two cells long on average, not whole rows or single cells
      const cells = width * (height - 1);
      expect(runs).toBeGreaterThan(cells * 0.4);
      expect(runs).toBeLessThan(cells * 0.6);
    }
  });
});

describe('eller', () => {
  it('flips its coins: about 60 % of cells open south and 40 % east (all of them would be a comb)', () => {
    for (const seed of ['a', 'b', 'c']) {
      const maze = generated('eller', 100, 100, seed);
      let south = 0;
      let east = 0;
      // every row but the last, which joins all its sets and so opens much more
      for (let y = 0; y < 99; y++) {
        for (let x = 0; x < 100; x++) {
          if (!maze.hasTop(x, y + 1)) south++;
          if (x < 99 && !maze.hasLeft(x + 1, y)) east++;
        }
      }
      // about 0.60 and 0.40; no coin below gives 1.00 and 0.01, no coin across 0.50 and 0.51
      expect(south / (100 * 99), `seed ${seed}`).toBeGreaterThan(0.56);
      expect(south / (100 * 99), `seed ${seed}`).toBeLessThan(0.64);
      expect(east / (99 * 99), `seed ${seed}`).toBeGreaterThan(0.36);
      expect(east / (99 * 99), `seed ${seed}`).toBeLessThan(0.44);
    }
  });
});

describe('uniform spanning trees (Wilson, Aldous–Broder)', () => {
  // Pearson's chi-square against the uniform law, at the 0.1% level:
  // 2 × 2 has 4 spanning trees (3 degrees of freedom, critical value 16.27);
  // 3 × 2 has 15 (14 degrees of freedom, critical value 36.12). The 2 × 2
  // grid is a symmetric 4-cycle that most wirings would pass; the 3 × 2
  // one tells uniform algorithms from the others (see the Prim control).
  it.each(['wilson', 'aldous-broder'])('%s makes all 4 spanning trees of a 2 × 2 grid equally often', (name) => {
    const { seen, chi2 } = chiSquareOverTrees(name, 2, 2, 4, 4000);
    expect(seen).toBe(4);
    expect(chi2).toBeLessThan(16.27);
  });

  it.each(['wilson', 'aldous-broder'])('%s makes all 15 spanning trees of a 3 × 2 grid equally often', (name) => {
    const { seen, chi2 } = chiSquareOverTrees(name, 3, 2, 15, 6000);
    expect(seen).toBe(15);
    expect(chi2).toBeLessThan(36.12);
  });

  it('the 3 × 2 test has teeth: it rejects Prim, which is not uniform', () => {
    expect(chiSquareOverTrees('prim', 3, 2, 15, 6000).chi2).toBeGreaterThan(36.12);
  });
});

describe('textures (dead-end share of 100 × 100 mazes, two seeds)', () => {
  const share = (name: string, options: Record<string, string> = {}) =>
    (deadEndShare(generated(name, 100, 100, 'a', options)) + deadEndShare(generated(name, 100, 100, 'b', options))) / 2;

  it('growing-tree: newest is depth-first (long corridors), random branches often, oldest hardly at all, mix in between', () => {
    const newest = share('growing-tree', { pick: 'newest' });
    const random = share('growing-tree', { pick: 'random' });
    const oldest = share('growing-tree', { pick: 'oldest' });
    const mix = share('growing-tree', { pick: 'mix' });
    expect(newest).toBeLessThan(0.13); // about 0.10, as the backtracker
    expect(random).toBeGreaterThan(0.24); // about 0.27
    expect(oldest).toBeLessThan(0.05); // about 0.03
    expect(mix).toBeGreaterThan(newest + 0.05);
    expect(mix).toBeLessThan(random - 0.03);
    expect(share('growing-tree')).toBe(mix); // mix is the default
  });

  it('hunt-and-kill has the few dead ends of a long walk; Prim the many of frontier growth', () => {
    expect(share('hunt-and-kill')).toBeLessThan(0.13); // about 0.095
    expect(share('prim')).toBeGreaterThan(0.32); // about 0.35
  });
});

describe('division', () => {
  it('first splits a wide grid with one vertical wall across it, holding a single gap', () => {
    const [width, height] = [300, 120];
    const maze = generated('division', width, height, 'wide');
    const fullColumns = [];
    for (let x = 1; x < width; x++) {
      let walls = 0;
      for (let y = 0; y < height; y++) if (maze.hasLeft(x, y)) walls++;
      if (walls === height - 1) fullColumns.push(x);
    }
    expect(fullColumns.length).toBeGreaterThanOrEqual(1);
  });

  it('puts each gap at random, and splits a square chamber either way', () => {
    // full-height walls of wide grids: their one gap is anywhere along them
    const gaps = new Set<number>();
    for (const seed of ['w1', 'w2', 'w3']) {
      const maze = generated('division', 120, 40, seed);
      for (let x = 1; x < 120; x++) {
        const open: number[] = [];
        for (let y = 0; y < 40; y++) if (!maze.hasLeft(x, y)) open.push(y);
        if (open.length === 1) gaps.add(open[0]!);
      }
    }
    expect(gaps.size).toBeGreaterThan(3);
    // a square grid: only the first wall runs all the way across, down or along as a coin says
    const first = { vertical: 0, horizontal: 0 };
    for (let i = 0; i < 16; i++) {
      const maze = generated('division', 20, 20, `square-${i}`);
      const across = (k: number, vertical: boolean): number => {
        let walls = 0;
        for (let j = 0; j < 20; j++) walls += Number(vertical ? maze.hasLeft(k, j) : maze.hasTop(j, k));
        return walls;
      };
      for (let k = 1; k < 20; k++) {
        if (across(k, true) === 19) first.vertical++;
        if (across(k, false) === 19) first.horizontal++;
      }
    }
    expect(first.vertical + first.horizontal).toBe(16);
    expect(Math.min(first.vertical, first.horizontal), JSON.stringify(first)).toBeGreaterThan(2);
  });

  it.each([
    [2000, 1],
    [1, 2000],
    [300, 300],
    [2000, 2],
    [2, 2000],
  ])('makes a perfect maze at %i × %i', (width, height) => {
    for (const seed of ['1', '2']) expect(isPerfect(generated('division', width, height, seed))).toBe(true);
  });
});

describe('large grids (explicit stacks only, tight loops)', () => {
  // The fast ones at 2000 × 2000. Wilson and Aldous–Broder at 1000 × 1000:
  // their time is a random walk's hitting or cover time (Aldous–Broder's
  // about n·(ln n)², some 1–2 s at 2000 × 2000 on a loaded machine), and
  // it varies from seed to seed.
  it.each([
    ['prim', 2000],
    ['eller', 2000],
    ['sidewinder', 2000],
    ['binary-tree', 2000],
    ['hunt-and-kill', 2000],
    ['growing-tree', 2000],
    ['division', 2000],
    ['wilson', 1000],
    ['aldous-broder', 1000],
  ] as const)('%s makes a perfect %i² maze', (name, size) => {
    expect(isPerfectLarge(generated(name, size, size, 'big'))).toBe(true);
  });

  it('eller, sidewinder, binary-tree and hunt-and-kill handle a 2000-wide, 3-high strip and its transpose', () => {
    for (const name of ['eller', 'sidewinder', 'binary-tree', 'hunt-and-kill']) {
      expect(isPerfect(generated(name, 2000, 3, 's')), name).toBe(true);
      expect(isPerfect(generated(name, 3, 2000, 's')), name).toBe(true);
    }
  });
});

describe('CLI', () => {
  it.each(CLASSIC)('maze gen --algo %s --w 5 --h 4 --seed 1 prints a maze', async (name) => {
    const r = await runCli(['gen', '--algo', name, '--w', '5', '--h', '4', '--seed', '1']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(2 * 4 + 1);
  });

  it('takes --pick for growing-tree, each with its texture, and --bias for binary-tree', async () => {
    // the dead-end share of a 100 × 100 maze made through the command line: the textures test's bands
    const pickShare = async (pick: string): Promise<number> => {
      const r = await runCli(['gen', '--algo', 'growing-tree', '--pick', pick, '--w', '100', '--h', '100', '--seed', '1', '-f', 'json']);
      expect(r.code, r.stderr).toBe(0);
      return deadEndShare(parseMaze(r.stdout, pick));
    };
    const [newest, random, oldest, mix] = await Promise.all(['newest', 'random', 'oldest', 'mix'].map(pickShare));
    expect(newest).toBeLessThan(0.13); // depth first: few dead ends, long corridors
    expect(random).toBeGreaterThan(0.24); // Prim-like: many
    expect(oldest).toBeLessThan(0.05); // long straight corridors from the first cell
    expect(mix).toBeGreaterThan(newest! + 0.03);
    expect(mix).toBeLessThan(random! - 0.03);
    const se = await runCli(['gen', '--algo', 'binary-tree', '--bias', 'se', '--w', '6', '--h', '3', '--seed', '1']);
    expect(se.code).toBe(0);
    // se: the bottom row is one corridor
    expect(se.stdout.trimEnd().split('\n').at(-2)).toBe('|                       |');
  });

  it('refuses a growing-tree option given to kruskal, with exit 2', async () => {
    const r = await runCli(['gen', '--algo', 'kruskal', '--pick', 'random', '--seed', '1']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^maze: error: --pick applies to growing-tree, not to kruskal\n$/);
  });

  it('names the valid choices of --pick and --bias', async () => {
    const pick = await runCli(['gen', '--algo', 'growing-tree', '--pick', 'sideways']);
    expect(pick.code).toBe(2);
    expect(pick.stderr).toBe("maze: error: --pick must be newest, random, oldest or mix, or newest=P or oldest=P (P from 0 to 1, three decimals at most), got 'sideways'\n");
    const bias = await runCli(['gen', '--algo', 'binary-tree', '--bias', 'up']);
    expect(bias.code).toBe(2);
    expect(bias.stderr).toBe("maze: error: --bias must be nw, ne, sw or se, got 'up'\n");
  });

  it('maze list shows every classic algorithm with its one-line description', async () => {
    const r = await runCli(['list']);
    for (const name of CLASSIC) expect(r.stdout).toContain(`  ${name} `);
    for (const name of CLASSIC) expect(algorithm(name).description).not.toContain('\n');
  });
});
