/**
 * trees against a direct port of seed 000's own loop (test/reference/trees-article.ts):
 * the frontier in src/algorithms/trees.ts must draw mazes from the same
 * distribution as the article's retry loop.
 *
 * The tolerance. For each statistic we compare the mean over the port's
 * mazes with the mean over ours, each sample drawn from its own seeds. The
 * standard error of the difference of two independent means is
 * sqrt(s₁²/n₁ + s₂²/n₂), with s the sample standard deviations; with 100
 * mazes or more the means are close to normal (central limit theorem), so
 * a difference beyond 4 standard errors happens by chance with probability
 * about 6·10⁻⁵ per statistic. The seeds are fixed, so the test is
 * deterministic; the bound says that passing means something: a bias of
 * half a percentage point of dead ends (about 4 standard errors here) or of
 * two trunks would fail it.
 */
import { describe, expect, it } from 'vitest';
import type { TreesOptions } from '../src/algorithms/trees.js';
import { generateTrees } from '../src/algorithms/trees.js';
import type { Maze } from '../src/model/maze.js';
import { Rng } from '../src/rng.js';
import { isPerfect } from './helpers.js';
import { articleTrees } from './reference/trees-article.js';

const WIDTH = 30;
const HEIGHT = 20;
/** The port is quadratic (about 20 ms a maze); ours is cheap, so it gets more seeds and a smaller error. */
const REFERENCE_SEEDS = 100;
const OUR_SEEDS = 400;
const STANDARD_ERRORS = 4;

/** Share of cells with exactly one way out. */
function deadEndShare(maze: Maze): number {
  let dead = 0;
  for (let y = 0; y < maze.height; y++) {
    for (let x = 0; x < maze.width; x++) {
      const walls = +maze.hasTop(x, y) + +maze.hasTop(x, y + 1) + +maze.hasLeft(x, y) + +maze.hasLeft(x + 1, y);
      if (walls === 3) dead++;
    }
  }
  return dead / (maze.width * maze.height);
}

/** Active border slots on the left and right sides, and on the top and bottom. */
function trunksBySide(maze: Maze): { sides: number; ends: number } {
  const { width, height } = maze;
  let sides = 0;
  let ends = 0;
  for (let y = 1; y < height; y++) sides += +maze.hasTop(0, y) + +maze.hasTop(width - 1, y);
  for (let x = 1; x < width; x++) ends += +maze.hasLeft(x, 0) + +maze.hasLeft(x, height - 1);
  return { sides, ends };
}

const trunkCount = (maze: Maze): number => {
  const { sides, ends } = trunksBySide(maze);
  return sides + ends;
};

/** Share of the trunks on the left and right sides: the article draws the side first, 1 in 4. */
const sideShare = (maze: Maze): number => {
  const { sides, ends } = trunksBySide(maze);
  return sides / (sides + ends);
};

interface Sample {
  mean: number;
  variance: number;
  n: number;
}

function sample(values: number[]): Sample {
  const n = values.length;
  const mean = values.reduce((s, v) => s + v, 0) / n;
  const variance = values.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1);
  return { mean, variance, n };
}

function expectSameMean(statistic: string, reference: number[], ours: number[]): void {
  const a = sample(reference);
  const b = sample(ours);
  const standardError = Math.sqrt(a.variance / a.n + b.variance / b.n);
  const difference = Math.abs(a.mean - b.mean);
  const report = `${statistic}: article ${a.mean.toFixed(4)} (n=${a.n}), trees ${b.mean.toFixed(4)} (n=${b.n}), difference ${difference.toFixed(4)}, standard error ${standardError.toFixed(4)}`;
  expect(difference, report).toBeLessThanOrEqual(STANDARD_ERRORS * standardError);
}

const CASES: [string, TreesOptions, [string, (m: Maze) => number][]][] = [
  ['--trunks auto', { trunks: 'auto', islands: 0 }, [['dead-end share', deadEndShare], ['trunk count', trunkCount]]],
  ['--trunks 5', { trunks: 5, islands: 0 }, [['dead-end share', deadEndShare], ['share of trunks on the left and right', sideShare]]],
];

describe('trees agrees with the article on 30 × 20', () => {
  it.each(CASES)('%s', (_name, options, statistics) => {
    const reference = Array.from({ length: REFERENCE_SEEDS }, (_, i) => articleTrees(WIDTH, HEIGHT, options, new Rng(`article-${i}`)));
    const ours = Array.from({ length: OUR_SEEDS }, (_, i) => generateTrees({ width: WIDTH, height: HEIGHT }, options, new Rng(`trees-${i}`)));
    // the port itself follows the article's rules: perfect mazes
    expect(reference.every(isPerfect)).toBe(true);
    for (const [statistic, measure] of statistics) expectSameMean(statistic, reference.map(measure), ours.map(measure));
  });
});
