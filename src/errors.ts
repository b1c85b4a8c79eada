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
