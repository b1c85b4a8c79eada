/** A bad command line or input the user can fix: one line, exit 2. */
export class UsageError extends Error {
  readonly exitCode = 2;
}

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
