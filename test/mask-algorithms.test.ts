/**
 * Every algorithm of the registry that works on a mask (SPEC "Masks":
 * every algorithm makes a perfect maze over the mask's cells), on a ring,
 * letters with holes, a spiral one cell wide and random blobs, over
 * several seeds: exactly one path between any two of its cells, every
 * wall of every cell outside active, no opening onto the outside; trees
 * with k islands has k loops; zones, with its doors, one loop per door
 * past a tree of zones. And the algorithms without mask support are
 * exactly the ones that know why, so a new algorithm has to decide.
 */
import { describe, expect, it } from 'vitest';
import { algorithms } from '../src/algorithms/index.js';
import type { Algorithm } from '../src/algorithms/types.js';
import { defaultOptions, worksOnMask } from '../src/algorithms/types.js';
import type { Mask } from '../src/model/mask.js';
import { maskFromRows } from '../src/model/mask.js';
import { Maze } from '../src/model/maze.js';
import { replaySteps } from '../src/model/replay.js';
import type { Step } from '../src/model/steps.js';
import { Rng } from '../src/rng.js';
import { blobMask, holesOf, LETTER_A, LETTER_B, maskProblems, ringMask, spiralMask } from './mask-shapes.js';

const MASKS: [string, Mask][] = [
  ['a ring', ringMask(16, 7.5, 3)],
  ['the letter B', LETTER_B],
  ['the letter A', LETTER_A],
  ['a spiral', spiralMask(13)],
  ['a blob', blobMask(30, 20, 300, 'blob 1')],
  ['another blob', blobMask(40, 40, 700, 'blob 2')],
  ['a one-cell ring', maskFromRows(['...', '.X.', '...'])],
  ['a single cell', maskFromRows(['XX', 'X.'])],
];
const SEEDS = ['1', '2', 'forest', '123456789'];

/** Row by row (eller, sidewinder), a fixed bias (binary tree), rectangles (division): SPEC "Masks" lets them be refused. */
const WITHOUT_MASKS = ['eller', 'sidewinder', 'binary-tree', 'division'];

const onMask = algorithms.filter((a) => worksOnMask(a)) as Algorithm[];

function generate(algorithm: Algorithm, mask: Mask, seed: string, options = defaultOptions(algorithm), sink?: (step: Step) => void): Maze {
  return algorithm.generate({ width: mask.width, height: mask.height, mask }, options, new Rng(seed), undefined, sink);
}

/** The loops a maze should have: none, but a zones maze's doors past its tree of zones. */
function loopsOf(algorithm: Algorithm, maze: Maze, mask: Mask): number {
  if (algorithm.name !== 'zones') return 0;
  const zones = mask.count === 1 ? 1 : Math.min(mask.count, 6);
  return maze.doors!.length - zones + 1;
}

describe('masks in the registry', () => {
  it('leaves out exactly eller, sidewinder, binary-tree and division', () => {
    expect(algorithms.filter((a) => !worksOnMask(a)).map((a) => a.name).sort()).toEqual([...WITHOUT_MASKS].sort());
  });

  it('has a check that sees a loop, a cut, and an opening onto the outside', () => {
    const ring = maskFromRows(['...', '.X.', '...']);
    const maze = Maze.closed(3, 3);
    maze.wallOffOutside(ring);
    const path: [number, number][] = [[0, 0], [1, 0], [2, 0], [2, 1], [2, 2], [1, 2], [0, 2], [0, 1]];
    path.forEach(([x, y], i) => i > 0 && maze.carve(path[i - 1]![0], path[i - 1]![1], x, y));
    expect(maskProblems(maze, ring)).toEqual([]);
    maze.carve(0, 1, 0, 0);
    expect(maskProblems(maze, ring)).toEqual(['8 passages between 8 cells: 1 loops, not 0']);
    expect(maskProblems(maze, ring, 1)).toEqual([]);
    maze.setLeft(1, 0, true);
    maze.setLeft(1, 2, true);
    expect(maskProblems(maze, ring)).toEqual(['3 of the mask\'s 8 cells reached', '6 passages between 8 cells: -1 loops, not 0']);
    maze.setLeft(1, 0, false);
    maze.setLeft(1, 2, false);
    maze.setTop(1, 1, false);
    expect(maskProblems(maze, ring, 1)).toEqual(['the top wall of cell 1,1 is open and not between two cells of the mask', '9 of the mask\'s 8 cells reached']);
    maze.setTop(1, 1, true);
    maze.setLeft(2, 1, false);
    expect(maskProblems(maze, ring, 1)).toEqual([
      'outside cell 1,1 is not walled off',
      'the left wall of cell 2,1 is open and not between two cells of the mask',
      '9 of the mask\'s 8 cells reached',
    ]);
  });

  it('tests masks with holes, a corridor maze and blobs', () => {
    expect(holesOf(MASKS[0]![1])).toBe(1);
    expect(holesOf(LETTER_B)).toBe(2);
    expect(holesOf(LETTER_A)).toBe(1);
    expect(MASKS.map(([, mask]) => holesOf(mask)).reduce((a, b) => a + b)).toBeGreaterThanOrEqual(6);
  });
});

describe.each(onMask.map((a) => [a.name, a] as const))('%s on a mask', (_name, algorithm) => {
  it.each(MASKS)('makes a perfect maze over the cells of %s, the outside walled off', (_mask, mask) => {
    for (const seed of SEEDS) {
      const maze = generate(algorithm, mask, seed);
      expect(maze.width).toBe(mask.width);
      expect(maze.height).toBe(mask.height);
      expect(maskProblems(maze, mask, loopsOf(algorithm, maze, mask)), `seed ${seed}`).toEqual([]);
    }
  });

  it('tells steps that replay, from the starting grid with the mask, to the same walls', () => {
    for (const [name, mask] of MASKS) {
      const steps: Step[] = [{ type: 'grid', width: mask.width, height: mask.height, walls: algorithm.startsFrom, mask }];
      const maze = generate(algorithm, mask, 'steps', defaultOptions(algorithm), (step) => steps.push(step));
      expect(Buffer.from(replaySteps(steps).maze.walls).equals(Buffer.from(maze.walls)), name).toBe(true);
      // and the steps change nothing: the fast path makes the same maze
      expect(Buffer.from(generate(algorithm, mask, 'steps').walls).equals(Buffer.from(maze.walls)), name).toBe(true);
    }
  });
});

describe('trees on a mask with islands', () => {
  const trees = onMask.find((a) => a.name === 'trees')!;
  it.each([1, 2, 3])('has %i loops with as many islands, holes or not', (k) => {
    for (const [name, mask] of MASKS) {
      if (mask.count < 100) continue; // room for islands
      for (const seed of SEEDS) {
        const maze = generate(trees, mask, seed, { trunks: 'auto', islands: k });
        expect(maskProblems(maze, mask, k), `${name} seed ${seed}`).toEqual([]);
      }
    }
  });
});
