import type { Maze } from '../model/maze.js';
import type { OptionSpec } from '../options.js';
import type { Tick } from '../tick.js';
import type { Rng } from '../rng.js';

/** The grid size every generator is given, in cells. */
export interface Size {
  width: number;
  height: number;
}

/**
 * One maze generator. `options` maps each of its own flags (without the
 * dashes) to a spec; the CLI registers them, parses them, checks them against
 * the size with `validate`, and passes the parsed values to `generate`.
 */
export interface Algorithm<O extends object = Record<string, unknown>> {
  name: string;
  description: string;
  options: { [K in keyof O]: OptionSpec<O[K]> };
  /** Reject impossible requests (too many trunks, a start outside the grid) before any work. */
  validate?(size: Size, options: O): void;
  /**
   * Its mazes come with their own start and end (zones: the entrance and
   * exit its keys and doors are laid out between), so `ends` cannot move them.
   */
  ownEnds?: boolean;
  /** The maze; `tick`, when given, is told now and then how many of the W × H cells are done (a progress line's figure). */
  generate(size: Size, options: O, rng: Rng, tick?: Tick): Maze;
  /**
   * A row generator (SPEC "Scale": eller, sidewinder, binary-tree) also
   * yields the tile rows 0 … H (model/rows.ts) of the maze `generate` makes
   * with the same rng, one at a time in O(width) memory, so that its height
   * has no limit: W + 1 tiles of TOP and LEFT bits a row, each valid while
   * the next one is made. Its `generate` is built on this (rows.ts's
   * defineRowAlgorithm), so both give the same walls.
   */
  rows?(size: Size, options: O, rng: Rng): Iterable<Uint8Array>;
}

/** Type-check an algorithm against its own options, then erase them for the registry. */
export function defineAlgorithm<O extends object>(algorithm: Algorithm<O>): Algorithm {
  return algorithm as unknown as Algorithm;
}

/** An algorithm's options at their defaults, parsed as the CLI parses them. */
export function defaultOptions(algorithm: Algorithm): Record<string, unknown> {
  return Object.fromEntries(Object.entries(algorithm.options).map(([flag, spec]) => [flag, spec.parse(spec.default, `--${flag}`)]));
}
