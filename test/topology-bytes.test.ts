/**
 * Issue 33's bench target (weave, wrap and levels within 1.5× of the plain
 * square): the carve's fast paths change no maze. The JSON of small
 * topology mazes, and the passages of large ones, hashed as the code
 * before the fast paths made them, per algorithm that carves through the
 * grid (kruskal's on a large torus and levels since its shuffle keeps
 * 4 M edges in the cache, not 2 M; and a torus past that, bucketed, as
 * the generic grid carved it when pinned).
 */
import { createHash } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { algorithms } from '../src/algorithms/index.js';
import { generate, render } from '../src/lib/index.js';
import { GraphGrid, GraphMaze } from '../src/grid/graph-maze.js';
import { TopologyGrid } from '../src/grid/topology.js';
import { makeGraphMaze, specFromOptions, specShape } from '../src/lib/spec.js';

const CARVERS = algorithms.filter((a) => a.carve !== undefined).map((a) => a.name);

/** The topologies, by their library options, at 40 × 30 (and a hex weave, hex levels, a masked weave on levels). */
const TOPOLOGIES: [string, Record<string, unknown>][] = [
  ['weave 0.5', { weave: 0.5, width: 40, height: 30 }],
  ['wrap x', { wrap: 'x', width: 40, height: 30 }],
  ['wrap y', { wrap: 'y', width: 40, height: 30 }],
  ['wrap xy', { wrap: 'xy', width: 40, height: 30 }],
  ['levels 3', { levels: 3, width: 40, height: 10 }],
  ['wrapped weave', { weave: 0.7, wrap: 'xy', width: 40, height: 30 }],
  ['weave on levels', { weave: 0.6, levels: 2, width: 30, height: 20 }],
  ['hex weave', { shape: 'hex', weave: 0.6, width: 30, height: 20 }],
  ['hex levels', { shape: 'hex', levels: 2, width: 20, height: 15 }],
  ['masked weave on levels', { weave: 0.8, levels: 2, wrap: 'x', mask: ['  XX      XX  ', '              ', '      XX      ', '              ', ' X          X ', '              '] }],
];

const sha = (bytes: Uint8Array | string): string => createHash('sha256').update(bytes).digest('hex').slice(0, 16);

async function jsonHash(options: Record<string, unknown>, algorithm: string): Promise<string> {
  const maze = generate({ ...options, algorithm, seed: 33, ends: 'farthest' } as Parameters<typeof generate>[0]);
  return sha(await render(maze, 'json'));
}

// PINNED[topology][algorithm]: the hashes the code made before the fast paths
const PINNED: Record<string, Record<string, string>> = {
  'weave 0.5': { 'kruskal': '1eeada8362d5640f', 'backtracker': 'cf0b20ed1653ca5a', 'prim': '37cc02f7abf4dbc9', 'wilson': '5e5ae2ec949adb28', 'aldous-broder': '848d3d610d77a6bd', 'hunt-and-kill': '517197616082e215', 'growing-tree': '2c0a09c6444f3596' },
  'wrap x': { 'kruskal': '9d7631321ac082ce', 'backtracker': '65c8e2955390356e', 'prim': 'ef1d0ee1d3057176', 'wilson': 'ebf0279f74f9e8a2', 'aldous-broder': '49af0a6aafc21c53', 'hunt-and-kill': 'fa47fac2d8fc0677', 'growing-tree': 'f98a435235ad889b' },
  'wrap y': { 'kruskal': '441a9b60a0287a40', 'backtracker': '50f762eaa8fb651e', 'prim': '98b9b0c83fc85e1d', 'wilson': '17094ca04742e913', 'aldous-broder': '67220f7b077c8ed7', 'hunt-and-kill': 'f6dbc94f378d15a4', 'growing-tree': '935166e28c9b89cd' },
  'wrap xy': { 'kruskal': '62096ff55fbccd5f', 'backtracker': '2f445ab6edb30ce4', 'prim': '6214980cd8e989fd', 'wilson': '6b8c359971d6a2d4', 'aldous-broder': '9d274c71363bcfb1', 'hunt-and-kill': '2c70b808f96d4336', 'growing-tree': 'a6f08a17333c07e4' },
  'levels 3': { 'kruskal': 'e0e4780437cce6c6', 'backtracker': '00e6be61fd6b5945', 'prim': '823bd326b863a99e', 'wilson': 'b4a18eca7e88a05c', 'aldous-broder': '3c1ff1926c06caaa', 'hunt-and-kill': 'e6ff2dd03043c289', 'growing-tree': 'e2256f5a548c55c1' },
  'wrapped weave': { 'kruskal': '0fac8cc912b2a5af', 'backtracker': '0088794854f9ef76', 'prim': 'e8111cedead318b8', 'wilson': 'a7b0a08fbe99e80b', 'aldous-broder': '6f8ad8fa7a02b6aa', 'hunt-and-kill': 'ca875f3d455d6e9d', 'growing-tree': '94399d69116f54bd' },
  'weave on levels': { 'kruskal': 'c597e6cf55213414', 'backtracker': 'f2fb62cfa49241ae', 'prim': '0e8b660df32ecc2c', 'wilson': 'a53596053c0ef59a', 'aldous-broder': '982fd14794b14ea6', 'hunt-and-kill': '19a1d1648649f55b', 'growing-tree': '9acc4cd70a015851' },
  'hex weave': { 'kruskal': '297c79fa3789a9d8', 'backtracker': '8f5de0a72b9b9216', 'prim': '71850c5d883047bb', 'wilson': '6f08472dfc34650b', 'aldous-broder': 'f5e8fdd62a564326', 'hunt-and-kill': 'bcf5b2d2268ef382', 'growing-tree': 'b8e98fd3155cb85d' },
  'hex levels': { 'kruskal': 'be7aec3bb057e16f', 'backtracker': '638b89a5be513944', 'prim': 'f48ec0a5d694fc9f', 'wilson': '60bfeac29fb00f20', 'aldous-broder': 'bf0d351c976b21da', 'hunt-and-kill': '1a4ef5b6a782620c', 'growing-tree': 'e8ac58236dd4146f' },
  'masked weave on levels': { 'kruskal': 'ee21669dc36e2b8b', 'backtracker': '36b7b44f6310fe84', 'prim': 'b925cf6c8bdd7393', 'wilson': '0965afd7bef6d744', 'aldous-broder': 'd40bf7fe160e62e9', 'hunt-and-kill': 'd28041812e64c384', 'growing-tree': 'cc03bdf1909ae9cb' },
  // kruskal's large torus and levels: as its shuffle made them once it kept 4 M edges in the cache, not 2 M
  'large wrap xy': { 'backtracker': '169e9295b0adfacc', 'kruskal': '4dc8d8420207f3ef' },
  'large weave 0.5': { 'backtracker': '05630668cfc088ac', 'kruskal': '4d82630b6f5e6e1d' },
  'bucketed torus': { 'kruskal': '899a2b258cec3e2f' },
  'large levels 3': { 'backtracker': 'a017412cc55d337b', 'kruskal': '5d5772103f5aa34b' },
};

describe('topology mazes: the same bytes as before the fast paths', () => {
  it.each(TOPOLOGIES)('%s: every carving algorithm\'s JSON', async (name, options) => {
    const got: Record<string, string> = {};
    for (const algorithm of CARVERS) got[algorithm] = await jsonHash(options, algorithm);
    if (process.env.PRINT_PINNED) appendFileSync(process.env.PRINT_PINNED, `${JSON.stringify({ [name]: got })}\n`);
    expect(got).toEqual(PINNED[name]);
  });

  it.each([
    ['wrap xy', { wrap: 'xy' }],
    ['weave 0.5', { weave: 0.5 }],
    ['levels 3', { levels: 3 }],
  ])('%s, 1100 × 1000 cells: the passages', (name, more) => {
    const got: Record<string, string> = {};
    for (const algorithm of ['backtracker', 'kruskal']) {
      const height = name === 'levels 3' ? 334 : 1000;
      const maze = generate({ width: 1100, height, ...more, algorithm, seed: 7 } as Parameters<typeof generate>[0]);
      got[algorithm] = sha((maze as unknown as { passages: Uint8Array }).passages);
    }
    if (process.env.PRINT_PINNED) appendFileSync(process.env.PRINT_PINNED, `${JSON.stringify({ [`large ${name}`]: got })}\n`);
    expect(got).toEqual(PINNED[`large ${name}`]);
  });

  it('kruskal on a 2100 × 1000 torus (4.2 M edges, past 2^22: shuffled in buckets): the passages', () => {
    // pinned when the generic grid (a grid told of every step) carved the same, draw for draw: 1.3 s more of the suite to check again
    const { spec } = specFromOptions({ algorithm: 'kruskal', wrap: 'xy', width: 2100, height: 1000 });
    expect(sha(makeGraphMaze(spec, 'bucketed').passages)).toBe(PINNED['bucketed torus']!.kruskal);
  }, 60_000);
});

describe('small topology mazes, every way', () => {
  it('every carving algorithm on square and hex grids from 3 × 3 to 9 × 7, wrapped, woven and on levels: the passages as before the fast paths', () => {
    // a grid wrapped three cells round joins a tunnel's ends across the seam; groups of crossings touch in every way here
    const hash = createHash('sha256');
    let count = 0;
    for (const algorithm of CARVERS) {
      for (const [width, height] of [[3, 3], [3, 4], [4, 3], [3, 5], [5, 3], [4, 4], [6, 5], [9, 7]] as const) {
        for (const shape of ['square', 'hex']) {
          for (const wrap of shape === 'hex' ? [null] : [null, 'x', 'y', 'xy']) {
            for (const weave of [0, 0.6, 1]) {
              for (const levels of [1, 2]) {
                for (const seed of ['a', 'b', 'c']) {
                  if (!wrap && !weave && levels === 1) continue;
                  let spec;
                  try {
                    spec = specFromOptions({ algorithm, shape, width, height, ...(wrap ? { wrap } : {}), weave, levels }).spec;
                  } catch {
                    hash.update('refused');
                    continue;
                  }
                  hash.update(makeGraphMaze(spec, seed).passages);
                  count++;
                }
              }
            }
          }
        }
      }
    }
    // 4704 mazes and 12ef328b4e4ca108 before a weave on a way wrapped 3 cells round was refused (its tunnel's ends met
    // across the seam): the hash of the same mazes with those refused, made by the code before the refusal
    expect([count, hash.digest('hex').slice(0, 16)]).toEqual([3780, '7b75945f9eeda814']);
  });
});

describe('square topologies through their frame (the backtracker\'s and kruskal\'s hot loops)', () => {
  it('wrapped, on levels, masked, crossed: the maze the generic grid carves, draw for draw', () => {
    // a grid told of every step carves without a frame (grid.ts): the same spec and seed both ways
    const noSteps = { link: () => undefined, mark: () => undefined, head: () => undefined };
    // wrapped sizes past FRAME_FROM, where a wrapped maze takes its frame (the last test checks they do)
    // a mask of single cells out, scattered: the maze stays one region
    const mask = (width: number, height: number): { mask: string[] } => ({ mask: Array.from({ length: height }, (_, y) => Array.from({ length: width }, (_, x) => ((7 * x + 3 * y) % 23 === 0 && x % 2 === 1 && y % 2 === 1 ? 'X' : '.')).join('')) });
    const kinds: Record<string, unknown>[] = [
      { levels: 2, width: 9, height: 6 },
      { wrap: 'x', width: 80, height: 60 },
      { wrap: 'y', width: 80, height: 60 },
      { wrap: 'xy', width: 80, height: 60 },
      { wrap: 'xy', levels: 2, width: 50, height: 45 },
      { wrap: 'xy', ...mask(80, 60) },
      { wrap: 'x', levels: 3, ...mask(40, 40) },
      { weave: 0.9, width: 150, height: 140 },
      { weave: 0.9, wrap: 'xy', width: 12, height: 10 },
      { weave: 0.9, wrap: 'y', width: 3, height: 7 },
      { weave: 0.9, ...mask(160, 140) },
    ];
    for (const algorithm of ['backtracker', 'kruskal']) {
      for (const kind of kinds) {
        for (const seed of ['a', 'b']) {
          const { spec } = specFromOptions({ algorithm, ...kind });
          const framed = makeGraphMaze(spec, seed);
          const generic = makeGraphMaze(spec, seed, undefined, noSteps);
          expect([...framed.passages], `${algorithm} ${JSON.stringify(kind)} ${seed}`).toEqual([...generic.passages]);
        }
      }
    }
  });

  it('the bench\'s weave, wrap and levels get a frame (the hot loops), a wrapped weave, a weave on levels and hex levels the generic grid', () => {
    const frameOf = (options: Record<string, unknown>): unknown => {
      const { spec } = specFromOptions({ algorithm: 'backtracker', ...options });
      const maze = new GraphMaze(specShape(spec, 'x')!);
      // a weave's grid lays its places out by its groups (FrameGroups), the others' by classes (GridFrame)
      return options.weave ? new TopologyGrid(maze).groups : new GraphGrid(maze).frame;
    };
    for (const options of [{ weave: 0.5, width: 200, height: 200 }, { wrap: 'xy', width: 200, height: 200 }, { levels: 3, width: 200, height: 67 }]) expect(frameOf(options), JSON.stringify(options)).not.toBeNull();
    for (const options of [{ weave: 0.5, wrap: 'x', width: 40, height: 40 }, { weave: 0.5, levels: 2, width: 40, height: 40 }, { shape: 'hex', levels: 2, width: 20, height: 20 }]) expect(frameOf(options), JSON.stringify(options)).toBeNull();
    // small wrapped mazes carve through the generic grid, quicker for them; levels alone and a weave on one level take their frame at any size
    for (const options of [{ wrap: 'xy', width: 30, height: 30 }]) expect(frameOf(options), JSON.stringify(options)).toBeNull();
    for (const options of [{ wrap: 'xy', width: 40, height: 25 }, { weave: 0.5, width: 3, height: 3 }, { weave: 0.5, width: 30, height: 33 }, { levels: 2, width: 3, height: 3 }]) expect(frameOf(options), JSON.stringify(options)).not.toBeNull();
  });
});
