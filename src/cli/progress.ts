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
import type { Meter, Progress } from '../tick.js';
import { SILENT } from '../tick.js';

/** When the line first shows, and how often it is redrawn (tests set delayMs to 0). */
export const progressTiming = { delayMs: 1000, everyMs: 200 };

/**
 * Where the lines go: a run's standard error, read only once a line is due
 * (process.stderr is made on first read, which loads Node's stream code:
 * milliseconds of a start that a short run need not pay).
 */
export interface ProgressOutput {
  readonly stderr: Writable & { isTTY?: boolean };
}

/** The phases' lines of one job on `out.stderr`: shown on a terminal, not with --quiet. */
export function meter(out: ProgressOutput, quiet: boolean): Meter {
  return (total, unit) => progress(out, quiet, total, unit);
}

/** Lines on screen now, erased by `eraseProgressLines` when a signal ends the run. */
const onScreen = new Set<Writable>();

/** Erase every progress line shown, so that Ctrl-C leaves no stale "maze: 42%…" before the prompt. */
export function eraseProgressLines(): void {
  for (const stderr of onScreen) stderr.write('\r\x1b[K');
  onScreen.clear();
}

const ENDING_SIGNALS = { SIGINT: 2, SIGTERM: 15, SIGHUP: 1 } as const;

/**
 * While a batch's line is shown, Ctrl-C and a kill erase it before the run
 * ends. Another listener (output.ts, while a temporary file exists) ends the
 * run itself after its cleanup; alone, this one ends it as the signal would
 * (128 + its number). Only for batches: between mazes, and while workers
 * make them, the main thread is free to run it at once, where a handler
 * during one long synchronous generation would hold Ctrl-C up.
 */
function eraseOnSignal(signal: keyof typeof ENDING_SIGNALS): void {
  eraseProgressLines();
  if (process.listenerCount(signal) > 1) return;
  process.exit(128 + ENDING_SIGNALS[signal]);
}

/**
 * A progress line for `total` units (mazes, rows…) on `out.stderr`, or one
 * that prints nothing. `erasedOnSignal`: a batch's, erased by Ctrl-C too.
 */
export function progress(
  out: ProgressOutput, quiet: boolean, total: number, unit: string, now: () => number = Date.now, erasedOnSignal = false,
): Progress {
  if (quiet || total <= 0) return SILENT;
  // read when the first line is due, a second in; null: not a terminal, no line
  let terminal: ProgressOutput['stderr'] | null | undefined;
  const onTerminal = (): ProgressOutput['stderr'] | null => (terminal ??= out.stderr.isTTY === true ? out.stderr : null);
  const signals = Object.keys(ENDING_SIGNALS) as (keyof typeof ENDING_SIGNALS)[];
  const watchSignals = (stderr: ProgressOutput['stderr'], on: boolean): void => {
    if (!erasedOnSignal || stderr !== process.stderr) return;
    for (const signal of signals) on ? process.on(signal, eraseOnSignal) : process.off(signal, eraseOnSignal);
  };
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
      const stderr = onTerminal();
      if (stderr === null) return;
      last = t;
      if (!shown) watchSignals(stderr, true);
      shown = true;
      onScreen.add(stderr);
      const elapsed = t - started;
      const rate = elapsed > 0 ? done / (elapsed / 1000) : 0;
      const left = rate > 0 ? (total - done) / rate : Infinity;
      stderr.write(`\r\x1b[Kmaze: ${Math.floor((100 * done) / total)}% ${Math.floor(done)}/${total} ${unit}, ${formatRate(rate)}/s, ${formatSeconds(left)} left`);
    },
    end() {
      if (shown && terminal) {
        terminal.write('\r\x1b[K');
        onScreen.delete(terminal);
        watchSignals(terminal, false);
      }
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
