/**
 * Options, as the algorithms and the maze spec declare them: each has a
 * parser for the command line's text and a check for the library's typed
 * value, and both throw a MazeError that names the option by its library
 * name (`width`, `trunks`), which the command line words as its flag.
 */
import { didYouMean, listChoices, MazeError } from '../errors.js';
import type { Point } from './maze.js';

export interface OptionSpec<T> {
  describe: string;
  /** The default as a user would type it; shown in --help and used when absent. */
  default: string;
  /** The words it takes, when it is one of a fixed list (a page shows them as a menu). */
  choices?: readonly string[];
  /** The command line's text as a value, or a MazeError naming `name`. */
  parse(raw: string, name: string): T;
  /** A library caller's value (a number as a number, a cell as [x, y]), checked, or a MazeError naming `name`. */
  check(value: unknown, name: string): T;
}

/** A value as a message quotes it: text in quotes, the rest as JSON writes it, cut short. */
export function shownValue(value: unknown): string {
  let text: string;
  if (typeof value === 'string') text = `'${value}'`;
  else if (typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined) text = String(value);
  else if (typeof value === 'function') text = 'a function';
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = Object.prototype.toString.call(value);
    }
  }
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** An integer in [min, max] from text; rejects fractions, signs where min ≥ 0, and words. */
export function parseInteger(raw: string, name: string, min: number, max: number): number {
  const text = raw.trim();
  if (!/^[+-]?\d+$/.test(text)) {
    throw new MazeError((n) => `${n(name)} must be a whole number from ${min} to ${max}, got '${raw}'`, { code: 'invalid-value', option: name });
  }
  return checkRange(Number(text), name, min, max, text);
}

/** A library's integer in [min, max]. */
export function checkInteger(value: unknown, name: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new MazeError((n) => `${n(name)} must be a whole number from ${min} to ${max}, got ${shownValue(value)}`, { code: 'invalid-value', option: name });
  }
  return checkRange(value, name, min, max, String(value));
}

function checkRange(value: number, name: string, min: number, max: number, shown: string): number {
  if (value < min || value > max) {
    throw new MazeError((n) => `${n(name)} must be from ${min} to ${max}, got ${shown}`, { code: 'invalid-value', option: name });
  }
  return value;
}

export function integerOption(describe: string, fallback: number, min: number, max: number): OptionSpec<number> {
  return {
    describe,
    default: String(fallback),
    parse: (raw, name) => parseInteger(raw, name, min, max),
    check: (value, name) => checkInteger(value, name, min, max),
  };
}

/** `auto` or a whole number from 0 to max (trunks, zones, keys, decoys). */
export function autoCountOption(describe: string, max: number): OptionSpec<'auto' | number> {
  const refuse = (name: string, got: string): never => {
    throw new MazeError((n) => `${n(name)} must be auto or a whole number from 0 to ${max}, got ${got}`, { code: 'invalid-value', option: name });
  };
  return {
    describe,
    default: 'auto',
    parse(raw, name) {
      const text = raw.trim();
      if (text.toLowerCase() === 'auto') return 'auto';
      const count = /^\+?\d+$/.test(text) ? Number(text) : NaN;
      return count <= max ? count : refuse(name, `'${raw}'`);
    },
    check(value, name) {
      if (typeof value === 'string' && value.trim().toLowerCase() === 'auto') return 'auto';
      return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max ? value : refuse(name, shownValue(value));
    },
  };
}

/** A value recorded in JSON `options`: numbers and words as they are, a cell as `x,y`. */
export function recordValue(value: unknown): string | number {
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (isPoint(value)) return value.join(',');
  return String(value);
}

/** One of a fixed list of words, such as `--pick newest`; the message lists them all. */
export function choiceOption<const C extends string>(describe: string, choices: readonly C[], fallback: C): OptionSpec<C> {
  return {
    describe: `${describe}: ${choices.join(', ')}`,
    default: fallback,
    choices,
    parse: (raw, name) => parseChoice(raw, name, choices),
    check: (value, name) => checkChoice(value, name, choices),
  };
}

/**
 * One word of a fixed list. Every value the command line takes as a word
 * (algorithm, format, style, color, pick, paper, ends…) is matched the same
 * way: spaces around it and case ignored. An unknown word gets the list and
 * a "did you mean" when one is close.
 */
export function parseChoice<const C extends string>(raw: string, name: string, choices: readonly C[]): C {
  const found = findChoice(raw, choices);
  if (found === undefined) {
    throw new MazeError((n) => `${n(name)} must be ${listChoices(choices)}, got '${raw}'${didYouMean(raw, choices)}`, { code: 'invalid-value', option: name });
  }
  return found;
}

/** A library's word of a fixed list, matched as the command line's. */
export function checkChoice<const C extends string>(value: unknown, name: string, choices: readonly C[]): C {
  if (typeof value !== 'string') {
    throw new MazeError((n) => `${n(name)} must be ${listChoices(choices)}, got ${shownValue(value)}`, { code: 'invalid-value', option: name });
  }
  return parseChoice(value, name, choices);
}

/** The choice `raw` names, ignoring case and surrounding spaces, or undefined. */
export function findChoice<const C extends string>(raw: string, choices: readonly C[]): C | undefined {
  const word = raw.trim().toLowerCase();
  return choices.find((c) => c.toLowerCase() === word);
}

/** A cell as `x,y`, such as `0,0` (0-based; spaces around the numbers are fine): --start, --from, --to. */
export function parseCell(raw: string, name: string): Point {
  const m = /^\s*(\d+)\s*,\s*(\d+)\s*$/.exec(raw);
  if (!m) throw new MazeError((n) => `${n(name)} must be two whole numbers x,y such as 0,0, got '${raw}'`, { code: 'invalid-value', option: name });
  return [Number(m[1]), Number(m[2])];
}

export function isPoint(value: unknown): value is Point {
  return Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0);
}

/** A library's cell, [x, y] of whole numbers from 0. */
export function checkCell(value: unknown, name: string): Point {
  if (!isPoint(value)) {
    throw new MazeError((n) => `${n(name)} must be a cell [x, y] of whole numbers from 0, such as [0, 0], got ${shownValue(value)}`, { code: 'invalid-value', option: name });
  }
  return [value[0], value[1]];
}

export function cellOption(describe: string, fallback: string): OptionSpec<Point> {
  return { describe, default: fallback, parse: parseCell, check: checkCell };
}

/** Refuse a cell outside a width × height grid, naming the coordinates it may have. */
export function checkCellInGrid([x, y]: Point, name: string, width: number, height: number): void {
  if (x >= width || y >= height) {
    throw new MazeError((n) => `${n(name)} ${x},${y} is outside the ${width} × ${height} grid (x from 0 to ${width - 1}, y from 0 to ${height - 1})`, {
      code: 'invalid-value',
      option: name,
    });
  }
}

/** A library's switch: true or false, nothing else. */
export function checkBoolean(value: unknown, name: string): boolean {
  if (typeof value !== 'boolean') {
    throw new MazeError((n) => `${n(name)} must be true or false, got ${shownValue(value)}`, { code: 'invalid-value', option: name });
  }
  return value;
}
