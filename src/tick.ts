/**
 * How a long loop (a generator, a search, a writer's rows) tells a
 * progress line how far it is, without knowing of terminals: progress.ts
 * draws the line. Nothing here touches Node, so the library and the
 * browser bundle carry it as it is.
 */

/**
 * Told, now and then, how much of a long job is done: `done` units of the
 * total its progress line was made for. Loops call it once every 2^16
 * steps (TICK_MASK), so that it costs nothing next to the work.
 */
export type Tick = (done: number) => void;

/** Steps between two ticks of a long loop, less one: a loop ticks when (step & TICK_MASK) === 0. */
export const TICK_MASK = 0xffff;

/**
 * Milliseconds a loop of writes or rows goes on between two turns of the
 * event loop, at most: a signal's handler (Ctrl-C, SIGTERM) and a file's
 * write callbacks run only in a turn (output.ts, deflate.ts).
 */
export const TURN_EVERY_MS = 5;

/** A progress line: told how far the work is, erased at the end. */
export interface Progress {
  /** `done` of the total so far; less than before means the work went over its units again (a writer's second pass). */
  update(done: number): void;
  /** Erase the line (if one was drawn). */
  end(): void;
}

/** A line that prints nothing. */
export const SILENT: Progress = { update: () => undefined, end: () => undefined };

/** Makes the progress line of one phase of a job (generating, then writing), each shown and erased in turn. */
export type Meter = (total: number, unit: string) => Progress;

/** A meter whose lines print nothing (the library, batches' own mazes). */
export const SILENT_METER: Meter = () => SILENT;

/** Do one phase of a job with its own progress line, erased when it ends (or fails). */
export function metered<T>(meter: Meter, total: number, unit: string, work: (tick: Tick) => T): T {
  const line = meter(total, unit);
  try {
    return work(line.update);
  } finally {
    line.end();
  }
}
