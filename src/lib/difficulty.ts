/**
 * Mazes made to a difficulty (SPEC "Analysis and difficulty"): a spec with
 * `difficulty` is made as the growing tree's maze from the seed at the
 * setting whose score is nearest (analysis/steer.ts), with that setting
 * recorded, so that the maze's made-by line names it. Registered with
 * lib/spec.ts by the command line, its batch workers and the library's
 * `enableDifficulty`, so that what only generates never bundles the
 * solvers the score walks.
 */
import type { Setting } from '../analysis/steer.js';
import { steerByScore } from '../analysis/steer.js';
import type { AnyMaze } from '../passages/view.js';
import type { Meter } from '../tick.js';
import type { MazeSpec } from './spec.js';
import { makeAnyMaze, registerDifficulty, specCellCount } from './spec.js';
import { MazeError } from '../errors.js';
import { MAX_SOLVE_CELLS } from '../formats/render-options.js';

function madeToDifficulty(spec: MazeSpec, target: number, seed: string, meter: Meter): AnyMaze {
  // each candidate is solved and walked to be scored, within the solver's memory: refused before the first is made
  const cells = specCellCount(spec);
  if (cells > MAX_SOLVE_CELLS) {
    throw new MazeError((n) => `${n('difficulty')} scores mazes of at most ${MAX_SOLVE_CELLS} cells (each candidate is solved and walked, in memory), and this one has ${cells}; make the maze smaller`, { code: 'too-large', option: 'difficulty' });
  }
  const { difficulty: _asked, ...plain } = spec;
  const make = (setting: Setting): AnyMaze => makeAnyMaze({ ...plain, algorithm: 'growing-tree', options: { pick: setting.pick }, ends: setting.ends } as MazeSpec, seed, meter);
  return steerByScore(target, make, spec, meter);
}

/**
 * Let `generate` make mazes to a `difficulty` (`generate({ difficulty:
 * 'hard' })`): call it once before. The score walks the solvers' random
 * mouse and wall followers, which a program that only generates leaves
 * out of its bundle; asking here keeps them in.
 */
export function enableDifficulty(): void {
  registerDifficulty(madeToDifficulty);
}
