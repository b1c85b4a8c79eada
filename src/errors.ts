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
