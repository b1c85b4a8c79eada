/** What went wrong, for a caller that acts on it rather than reading the message. */
export type MazeErrorCode =
  /** An option or argument that is not one (a misspelled name, an option of another algorithm). */
  | 'unknown-option'
  /** A value of the wrong type or outside its range, or a word not in its list. */
  | 'invalid-value'
  /** Values that are each fine but cannot go together (more keys than zones, --wall over --tile). */
  | 'impossible'
  /** Over a stated limit (cells, pixels, a solve's size, the key search): raise it where an option says how. */
  | 'too-large'
  /** A saved maze, or a maze object, that breaks the format's rules. */
  | 'invalid-maze'
  /** No path joins the two cells. */
  | 'no-path'
  /** Anything else the user can fix: a command line, a path. */
  | 'usage';

/**
 * Names an option in a message: the library passes its own names through
 * (`width`), the command line turns them into its flags (`--w`).
 */
export type OptionNamer = (option: string) => string;

const LIBRARY_NAMES: OptionNamer = (option) => option;

/**
 * Whether a message is worded for the library (its own names), not the
 * command line (its flags): a hint may then name a call rather than a
 * command the library's user has not got (`maze stats`).
 */
export function forLibrary(name: OptionNamer): boolean {
  return name === LIBRARY_NAMES;
}

/**
 * A message with the options it mentions left as names to fill in, so that
 * the library and the command line each word it their own way.
 */
export type Wording = (name: OptionNamer) => string;

/**
 * The error of anything the user can fix: a bad option, an impossible
 * request, a broken saved maze. `code` says what kind, `option` the
 * library's name of the option at fault (`width`), when one is. The message
 * names options as the library does; `wordedFor` words it again with other
 * names (the command line's flags). The command line prints it as one
 * line, exit 2.
 */
export class MazeError extends Error {
  readonly exitCode = 2;
  readonly code: MazeErrorCode;
  readonly option: string | undefined;
  private readonly wording: Wording | undefined;

  constructor(message: string | Wording, details: { code?: MazeErrorCode; option?: string } = {}) {
    super(typeof message === 'string' ? message : message(LIBRARY_NAMES));
    this.name = 'MazeError';
    this.code = details.code ?? 'usage';
    this.option = details.option;
    this.wording = typeof message === 'string' ? undefined : message;
  }

  /** The message with its options named by `name` (a message given as plain text stays as it is). */
  wordedFor(name: OptionNamer): string {
    return this.wording ? this.wording(name) : this.message;
  }
}

/**
 * The name the library had for MazeError (version 0.1), kept so that
 * `error instanceof UsageError` still catches every error it throws.
 */
export { MazeError as UsageError };

/** A failure of the system around us (a file that cannot be read or written): exit 1. */
export class IoError extends Error {
  readonly exitCode = 1;
}

/** "a, b or c", for messages that list the valid choices. */
export function listChoices(choices: readonly string[]): string {
  if (choices.length <= 1) return choices.join('');
  return `${choices.slice(0, -1).join(', ')} or ${choices[choices.length - 1]}`;
}

/**
 * A message made one line for `maze: error:`: control characters (a newline
 * typed into a value, a NUL byte quoted from a bad file, an escape sequence)
 * are written the way JSON writes them, \n, \t, \u0000.
 */
export function oneLine(message: string): string {
  return message.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => {
    const named: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f' };
    return named[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/**
 * The choice closest to a mistyped word, when one is close enough to be
 * what was meant: at most a third of its letters edited (at least one), or
 * the word is the start of exactly one choice. Case never counts.
 */
export function closestChoice(word: string, choices: readonly string[]): string | undefined {
  const typed = word.trim().toLowerCase();
  if (typed === '') return undefined;
  const starts = choices.filter((c) => c.toLowerCase().startsWith(typed));
  if (starts.length === 1) return starts[0];
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const choice of choices) {
    const d = editDistance(typed, choice.toLowerCase());
    if (d < bestDistance) {
      best = choice;
      bestDistance = d;
    }
  }
  return bestDistance <= Math.max(1, Math.floor(typed.length / 3)) ? best : undefined;
}

/** "; did you mean 'kruskal'?" when a choice is close (see closestChoice), else nothing. */
export function didYouMean(word: string, choices: readonly string[]): string {
  const close = closestChoice(word, choices);
  return close === undefined ? '' : `; did you mean '${close}'?`;
}

/** Levenshtein distance, with a swap of two neighbors counting as one edit. */
function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push([i]);
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        rows[0]!.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]!.push(d);
    }
  }
  return rows[a.length]![b.length]!;
}
