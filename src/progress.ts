/**
 * A progress line on stderr for long work, redrawn in place at most five
 * times a second: "maze: 42% 420/1000 mazes, 35/s, 16 s left" for a batch;
 * for one large maze, a line per phase in turn, "maze: 8% 1310720/16000000
 * cells generated, 3.1M/s, 5 s left", then "… rows written" (tick.ts says
 * how the loops report). It shows only when stderr is a terminal and not
 * --quiet, and only once the phase has lasted a second (short runs print
 * nothing); it is erased when the phase ends, so it never mixes with what
 * is written.
 *
 * Our own ~40 lines rather than a library: the project's dependency rules
 * admit none for this, and a progress library (cli-progress, progress)
 * would add its own start-up to every run for what a carriage return does.
 */
import type { Writable } from 'node:stream';
import type { Meter, Progress } from './tick.js';
import { SILENT } from './tick.js';

/** When the line first shows, and how often it is redrawn (tests set delayMs to 0). */
export const progressTiming = { delayMs: 1000, everyMs: 200 };

/** The phases' lines of one job on `stderr`: shown on a terminal, not with --quiet. */
export function meter(stderr: Writable & { isTTY?: boolean }, quiet: boolean): Meter {
  return (total, unit) => progress(stderr, quiet, total, unit);
}

/** A progress line for `total` units (mazes, rows…) on `stderr`, or one that prints nothing. */
export function progress(stderr: Writable & { isTTY?: boolean }, quiet: boolean, total: number, unit: string, now: () => number = Date.now): Progress {
  if (quiet || stderr.isTTY !== true || total <= 0) return SILENT;
  const began = now();
  let started = began; // of this pass over the units
  let shown = false;
  let last = 0;
  let before = 0;
  return {
    update(done) {
      const t = now();
      if (done < before) started = t; // a new pass: rate it on its own
      before = done;
      if (t - began < progressTiming.delayMs || (t - last < progressTiming.everyMs && done < total)) return;
      last = t;
      shown = true;
      const elapsed = t - started;
      const rate = elapsed > 0 ? done / (elapsed / 1000) : 0;
      const left = rate > 0 ? (total - done) / rate : Infinity;
      stderr.write(`\r\x1b[Kmaze: ${Math.floor((100 * done) / total)}% ${Math.floor(done)}/${total} ${unit}, ${formatRate(rate)}/s, ${formatSeconds(left)} left`);
    },
    end() {
      if (shown) stderr.write('\r\x1b[K');
      shown = false;
    },
  };
}

function formatRate(rate: number): string {
  if (rate >= 1e6) return `${(rate / 1e6).toFixed(1)}M`;
  if (rate >= 1e4) return `${(rate / 1e3).toFixed(0)}k`;
  return rate >= 100 ? rate.toFixed(0) : rate.toFixed(1);
}

function formatSeconds(s: number): string {
  if (!Number.isFinite(s)) return '?';
  if (s < 60) return `${Math.ceil(s)} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
  return `${Math.floor(s / 3600)} h ${Math.round((s % 3600) / 60)} min`;
}
