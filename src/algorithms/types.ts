import type { Mask } from '../model/mask.js';
import { Maze } from '../model/maze.js';
import type { Grid } from '../grid/grid.js';
import { SquareGrid } from '../grid/square.js';
import type { OptionSpec } from '../model/options.js';
import type { Tick } from '../tick.js';
import type { Rng } from '../rng.js';
import type { StepSink } from '../model/steps.js';

/** The grid size every generator is given, in cells. */
export interface Size {
  width: number;
  height: number;
  /**
   * The cells that are part of the maze (SPEC "Masks"), when not all of
   * them: only an algorithm with `onMask` is given one, and its maze walls
   * off every cell outside and sets `maze.mask`.
   */
  mask?: Mask;
}

/**
 * One maze generator. `options` maps each of its own options (the library's
 * names, the command line's flags without the dashes) to a spec; the CLI
 * registers them, parses them, checks them against the size with
 * `validate`, and passes the parsed values to `generate`.
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
  /**
   * The grid its steps start from (model/steps.ts): every wall up for a
   * carver, only the border for a wall adder (trees, division).
   */
  startsFrom: 'closed' | 'border';
  /**
   * It makes a perfect maze over a mask's cells (`size.mask`) in its own
   * `generate` (trees, zones). An algorithm with `carve` needs no more: on
   * a mask its `generate` carves through the grid (defineAlgorithm). One
   * with neither is refused on a mask, naming the ones that can.
   */
  onMask?: boolean;
  /**
   * The algorithm over any grid (grid/grid.ts): every shape, every mask,
   * one code. Starts from every passage closed, links cells until the
   * maze's cells are one tree. `tick` is told how many cells are done.
   */
  carve?(grid: Grid, options: O, rng: Rng, tick?: Tick): void;
  /**
   * The maze; `tick`, when given, is told now and then how many of the W × H
   * cells are done (a progress line's figure). `sink`, when given, is told
   * every step of the growth (walls, colors, the cells worked on) as it
   * happens, the grid step excepted (the pipeline gives it, from
   * `startsFrom`); without it generation takes its fast path, unchanged.
   * The same rng gives the same maze either way.
   */
  generate(size: Size, options: O, rng: Rng, tick?: Tick, sink?: StepSink): Maze;
  /**
   * A row generator (SPEC "Scale": eller, sidewinder, binary-tree) also
   * yields the tile rows 0 … H (model/rows.ts) of the maze `generate` makes
   * with the same rng, one at a time in O(width) memory, so that its height
   * has no limit: W + 1 tiles of TOP and LEFT bits a row, each valid while
   * the next one is made. Its `generate` is built on this (row-algorithms.ts's
   * defineRowAlgorithm), so both give the same walls.
   */
  rows?(size: Size, options: O, rng: Rng, sink?: StepSink): Iterable<Uint8Array>;
}

/**
 * An algorithm in the registry: its options erased, so that the registry is
 * one list, but its name and its options' types kept as types, so that the
 * library can say which options each algorithm takes (`AlgorithmOptions`).
 */
export type RegisteredAlgorithm<N extends string = string, O extends object = Record<string, unknown>> = Algorithm & {
  readonly name: N;
  /** Never set: the options' types, for the library's types only. */
  readonly optionTypes?: O;
};

/** Type-check an algorithm against its own options, then erase them for the registry (keeping its name and options as types). */
export function defineAlgorithm<const N extends string, O extends object>(algorithm: Algorithm<O> & { name: N }): RegisteredAlgorithm<N, O> {
  const { carve, generate } = algorithm;
  if (carve && !algorithm.onMask) {
    // on a mask, a carver walks the square grid of the mask's cells
    algorithm = {
      ...algorithm,
      onMask: true,
      generate(size, options, rng, tick, sink) {
        if (!size.mask) return generate(size, options, rng, tick, sink);
        const maze = Maze.closed(size.width, size.height);
        maze.wallOffOutside(size.mask);
        carve(new SquareGrid(maze, size.mask, sink), options, rng, tick);
        return maze;
      },
    };
  }
  return algorithm as unknown as RegisteredAlgorithm<N, O>;
}

/** Whether an algorithm makes mazes over a mask's cells. */
export function worksOnMask(algorithm: Algorithm): boolean {
  return algorithm.onMask === true;
}

/** An algorithm's options at their defaults, parsed as the CLI parses them. */
export function defaultOptions(algorithm: Algorithm): Record<string, unknown> {
  return Object.fromEntries(Object.entries(algorithm.options).map(([name, spec]) => [name, spec.parse(spec.default, name)]));
}
