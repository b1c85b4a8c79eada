/**
 * Option parsing shared by the algorithms and the command line: each parser
 * takes the raw text yargs hands over and throws a UsageError that names the
 * bad value and the valid range.
 */
import { didYouMean, listChoices, UsageError } from './errors.js';
import type { Point } from './model/maze.js';

export interface OptionSpec<T> {
  describe: string;
  /** The default as a user would type it; shown in --help and used when absent. */
  default: string;
  /** Turn the raw text into a value, or throw a UsageError. */
  parse(raw: string, flag: string): T;
}

/** An integer in [min, max]; rejects fractions, signs where min ≥ 0, and text. */
export function parseInteger(raw: string, flag: string, min: number, max: number): number {
  const text = raw.trim();
  if (!/^[+-]?\d+$/.test(text)) {
    throw new UsageError(`${flag} must be a whole number from ${min} to ${max}, got '${raw}'`);
  }
  const value = Number(text);
  if (value < min || value > max) {
    throw new UsageError(`${flag} must be from ${min} to ${max}, got ${text}`);
  }
  return value;
}

export function integerOption(describe: string, fallback: number, min: number, max: number): OptionSpec<number> {
  return {
    describe,
    default: String(fallback),
    parse: (raw, flag) => parseInteger(raw, flag, min, max),
  };
}

/** A value recorded in JSON `options`: numbers stay numbers, words as matched (`Newest` is `newest`), the rest as typed. */
export function recordValue(value: unknown, raw: string): string | number {
  return typeof value === 'number' || typeof value === 'string' ? value : raw;
}

/** One of a fixed list of words, such as `--pick newest`; the message lists them all. */
export function choiceOption<const C extends string>(describe: string, choices: readonly C[], fallback: C): OptionSpec<C> {
  return {
    describe: `${describe}: ${choices.join(', ')}`,
    default: fallback,
    parse: (raw, flag) => parseChoice(raw, flag, choices),
  };
}

/**
 * One word of a fixed list. Every value the command line takes as a word
 * (algorithm, format, style, color, pick, paper, ends…) is matched the same
 * way: spaces around it and case ignored. An unknown word gets the list and
 * a "did you mean" when one is close.
 */
export function parseChoice<const C extends string>(raw: string, flag: string, choices: readonly C[]): C {
  const found = findChoice(raw, choices);
  if (found === undefined) throw new UsageError(`${flag} must be ${listChoices(choices)}, got '${raw}'${didYouMean(raw, choices)}`);
  return found;
}

/** The choice `raw` names, ignoring case and surrounding spaces, or undefined. */
export function findChoice<const C extends string>(raw: string, choices: readonly C[]): C | undefined {
  const word = raw.trim().toLowerCase();
  return choices.find((c) => c.toLowerCase() === word);
}

/** A cell as `x,y`, such as `0,0` (0-based; spaces around the numbers are fine): --start, --from, --to. */
export function parseCell(raw: string, flag: string): Point {
  const m = /^\s*(\d+)\s*,\s*(\d+)\s*$/.exec(raw);
  if (!m) throw new UsageError(`${flag} must be two whole numbers x,y such as 0,0, got '${raw}'`);
  return [Number(m[1]), Number(m[2])];
}

/** Refuse a cell outside a width × height grid, naming the coordinates it may have. */
export function checkCellInGrid([x, y]: Point, flag: string, width: number, height: number): void {
  if (x >= width || y >= height) {
    throw new UsageError(`${flag} ${x},${y} is outside the ${width} × ${height} grid (x from 0 to ${width - 1}, y from 0 to ${height - 1})`);
  }
}
