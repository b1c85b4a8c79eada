/**
 * A progress line on stderr for long work: "maze: 42% 420/1000 mazes,
 * 35/s, 16 s left", redrawn in place at most five times a second. It shows
 * only when stderr is a terminal and not --quiet, and only once the work
 * has lasted a second (short runs print nothing); it is erased when the
 * work ends, so it never mixes with what is written.
 *
 * Our own ~40 lines rather than a library: the project's dependency rules
 * admit none for this, and a progress library (cli-progress, progress)
 * would add its own start-up to every run for what a carriage return does.
 */
import type { Writable } from 'node:stream';

/** When the line first shows, and how often it is redrawn (tests set delayMs to 0). */
export const progressTiming = { delayMs: 1000, everyMs: 200 };

export interface Progress {
  /** `done` of the total so far. */
  update(done: number): void;
  /** Erase the line (if one was drawn). */
  end(): void;
}

const SILENT: Progress = { update: () => undefined, end: () => undefined };

/** A progress line for `total` units (mazes, rows…) on `stderr`, or one that prints nothing. */
export function progress(stderr: Writable & { isTTY?: boolean }, quiet: boolean, total: number, unit: string, now: () => number = Date.now): Progress {
  if (quiet || stderr.isTTY !== true || total <= 0) return SILENT;
  const started = now();
  let shown = false;
  let last = 0;
  return {
    update(done) {
      const t = now();
      const elapsed = t - started;
      if (elapsed < progressTiming.delayMs || (t - last < progressTiming.everyMs && done < total)) return;
      last = t;
      shown = true;
      const rate = done / (elapsed / 1000);
      const left = rate > 0 ? (total - done) / rate : Infinity;
      stderr.write(`\r\x1b[Kmaze: ${Math.floor((100 * done) / total)}% ${done}/${total} ${unit}, ${formatRate(rate)}/s, ${formatSeconds(left)} left`);
    },
    end() {
      if (shown) stderr.write('\r\x1b[K');
      shown = false;
    },
  };
}

function formatRate(rate: number): string {
  return rate >= 100 ? rate.toFixed(0) : rate.toFixed(1);
}

function formatSeconds(s: number): string {
  if (!Number.isFinite(s)) return '?';
  if (s < 60) return `${Math.ceil(s)} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
  return `${Math.floor(s / 3600)} h ${Math.round((s % 3600) / 60)} min`;
}
