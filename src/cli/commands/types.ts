/**
 * What every command is: its name, its one-line summary for `maze --help`,
 * the yargs options it owns, and the function that carries it out. The
 * runner (`../run.ts`) parses with the command's own builder and dispatches.
 */
import type { Readable, Writable } from 'node:stream';
import type { Argv } from 'yargs';
import type { OutputSession } from '../output.js';

/** Exit statuses besides 0, 1 (a failed write) and 2 (a usage error): a monster caught the player; Ctrl-C (128 + SIGINT). */
export const EXIT_CAUGHT = 3;
export const EXIT_INTERRUPTED = 130;

/** The streams a command reads and writes; tests pass their own. */
export interface Io {
  stdin: Readable;
  stdout: Writable & { isTTY?: boolean; columns?: number };
  stderr: Writable;
  /**
   * Write a short line on stderr (the seed line), as stderr.write does;
   * run() writes one on the process's own stderr without making its stream
   * while nothing else has read it (see run.ts). Absent: stderr.write.
   */
  stderrLine?(text: string): void;
  /** This run's output state (the folders it creates); run() gives each run its own. */
  session?: OutputSession;
}

/** Parsed arguments: yargs' record, with `_` the command name and `file` a reader's input. */
export type Args = Record<string, unknown> & { _: (string | number)[] };

export interface Command {
  name: string;
  /** `maze --help`'s line, with the positional it takes: 'render <file>'. */
  synopsis: string;
  summary: string;
  /** Reads a saved maze: exactly one positional, FILE.json or - ('optional': at most one). */
  readsFile: boolean | 'optional';
  /** What that positional is, as the refusal of a second one says it (default: one saved maze, FILE.json or -). */
  fileWords?: string;
  options(y: Argv): Argv;
  /** Carries the command out; a number is its exit status (0 when it returns nothing). */
  run(args: Args, io: Io): Promise<void | number>;
}
