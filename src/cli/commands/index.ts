/** The command registry: `maze --help`, parsing and dispatch read it. Adding a command is one file and one line. */
import { book } from './book.js';
import { count } from './count.js';
import { gen } from './gen.js';
import { list } from './list.js';
import { play } from './play.js';
import { render } from './render.js';
import { solve } from './solve.js';
import { stats } from './stats.js';
import type { Command } from './types.js';

export const commands: readonly Command[] = Object.freeze([gen, render, solve, stats, count, list, play, book]);

export function findCommand(name: string | undefined): Command | undefined {
  return commands.find((c) => c.name === name);
}
