/**
 * Tools of the row generators (eller, sidewinder, binary-tree): the row
 * buffers they carve in, and the whole maze built from their rows, so that
 * `generate` and streaming give the same walls for the same seed.
 */
import { LEFT, Maze, TOP } from '../model/maze.js';
import type { Tick } from '../tick.js';
import { TICK_MASK } from '../tick.js';
import type { Algorithm, Size } from './types.js';
import type { RegisteredAlgorithm } from './types.js';
import { defineAlgorithm } from './types.js';

/**
 * Three tile rows of W + 1 tiles used in turn: the row a writer still
 * looks at (the one above), the row being handed over, and the next one,
 * which a generator may have to carve at the same time (the south walls of
 * a cell row are the top walls of the next tile row).
 */
export class RowRing {
  private readonly rows: Uint8Array[];
  private turn = 0;

  constructor(private readonly width: number) {
    this.rows = [0, 1, 2].map(() => new Uint8Array(width + 1));
  }

  /** The next buffer with every wall of a tile row above row H active, as Maze.closed has it. */
  closed(): Uint8Array {
    const row = this.take();
    row.fill(TOP | LEFT, 0, this.width);
    row[this.width] = LEFT;
    return row;
  }

  /** The next buffer as tile row H: the bottom border only. */
  bottom(): Uint8Array {
    const row = this.take();
    row.fill(TOP, 0, this.width);
    row[this.width] = 0;
    return row;
  }

  private take(): Uint8Array {
    const row = this.rows[this.turn]!;
    this.turn = (this.turn + 1) % 3;
    return row;
  }
}

/** The whole maze of a row generator's rows (each copied in as it comes). */
export function mazeFromRows({ width, height }: Size, rows: Iterable<Uint8Array>, tick?: Tick): Maze {
  const maze = new Maze(width, height);
  const { walls, stride } = maze;
  let at = 0;
  let y = 0;
  for (const row of rows) {
    walls.set(row, at);
    at += stride;
    if (tick && (++y * width) % (TICK_MASK + 1) < width) tick(Math.min(y, height) * width);
  }
  if (at !== walls.length) throw new Error(`a row generator gave ${at / stride} rows for a maze of ${height}`);
  return maze;
}

/**
 * A row generator for the registry: it gives `rows`, and its `generate` is
 * always the whole maze of those rows, so the two cannot drift apart.
 */
export function defineRowAlgorithm<const N extends string, O extends object>(
  algorithm: Omit<Algorithm<O>, 'generate'> & Required<Pick<Algorithm<O>, 'rows'>> & { name: N },
): RegisteredAlgorithm<N, O> {
  return defineAlgorithm<N, O>({ ...algorithm, generate: (size, options, rng, tick, sink) => mazeFromRows(size, algorithm.rows(size, options, rng, sink), tick) });
}
