/**
 * Batches and progress, for the first table: a `--count` batch with one
 * worker against the default (every core), taking turns, with the files
 * compared byte for byte; and what a 1000-maze batch shows on stderr when
 * it is a terminal (through script(1), which gives the child a pty) and in
 * a pipe.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { median } from './reference.js';

const ROUNDS = 2;

function timeCli(cli: string, args: string[]): number {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`maze ${args.join(' ')} failed: ${result.stderr}`);
  return Number(process.hrtime.bigint() - start) / 1e9;
}

function sameFiles(a: string, b: string): boolean {
  const names = readdirSync(a).sort();
  if (names.join() !== readdirSync(b).sort().join()) return false;
  return names.every((n) => readFileSync(join(a, n)).equals(readFileSync(join(b, n))));
}

export interface BatchRow {
  what: string;
  measured: string;
  target: string;
}

const NO_TERMINAL = 'n/a (no script(1) for a terminal)';
/** Where each redraw of a progress line starts. */
const LINE = '\r\x1b[Kmaze: ';

/** What a maze command writes when run on a terminal (a pty from script(1)), or null without one. */
function onTerminal(cli: string, args: string[]): string | null {
  const quote = (s: string): string => `'${s.replaceAll("'", "'\\''")}'`;
  const tty = spawnSync('script', ['-qec', [process.execPath, cli, ...args].map(quote).join(' '), '/dev/null'], { encoding: 'utf8' });
  return tty.status === 0 ? tty.stdout : null;
}

export function batchRows(cli: string, dir: string): BatchRow[] {
  const cores = availableParallelism();
  const batch = (jobs: string, out: string): string[] => ['gen', '--count', '200', '--w', '100', '--h', '100', '--seed', '1', '-q', '--jobs', jobs, '-o', join(dir, out, 'm-{n}.png')];
  const one: number[] = [];
  const all: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    one.push(timeCli(cli, batch('1', `jobs1-${round}`)));
    all.push(timeCli(cli, batch(String(cores), `jobsN-${round}`)));
  }
  const same = sameFiles(join(dir, 'jobs1-0'), join(dir, 'jobsN-0'));

  // progress: a 1000-maze batch on a pty (long enough to show: over a second), then in a pipe
  const args = ['gen', '--count', '1000', '--w', '100', '--h', '100', '--seed', '1', '-o', join(dir, 'progress', 'm-{n}.json')];
  let shown = NO_TERMINAL;
  const tty = onTerminal(cli, args);
  if (tty !== null) {
    const updates = tty.split(LINE).length - 1;
    const last = /(\d+)% \d+\/1000 mazes, ([\d.]+)\/s/.exec(tty.split(LINE).at(-1) ?? '');
    shown = updates > 0 ? `on a terminal: ${updates} updates, the last ${last?.[1] ?? '?'}% at ${last?.[2] ?? '?'} mazes/s` : 'on a terminal: none (the batch took under a second)';
  }
  const piped = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });
  const inPipe = piped.stderr === '' ? 'in a pipe: nothing' : `in a pipe: ${JSON.stringify(piped.stderr.slice(0, 40))}`;

  // progress of one large maze: its phases, each line drawn over and then erased
  const single = ['gen', '--algo', 'kruskal', '--w', '3000', '--h', '3000', '--seed', '1', '--solve', '--tile', '2', '--wall', '1', '-o', join(dir, 'one.png')];
  let phases = NO_TERMINAL;
  const big = onTerminal(cli, single);
  if (big !== null) {
    const lines = big.split(LINE).slice(1);
    const seen = [...new Set(lines.map((l) => /% \d+\/\d+ ([a-z ]+),/.exec(l)?.[1]).filter((u) => u !== undefined))];
    phases = `${lines.length} updates: ${seen.map((u) => `"${u}"`).join(', ') || 'none'}; ${big.endsWith('\r\x1b[K') ? 'erased at the end' : 'NOT erased'}`;
  }
  return [
    {
      what: 'a 1000-maze batch (100 × 100 JSON), stderr',
      measured: `${shown}; ${inPipe}`,
      target: 'progress when stderr is a terminal',
    },
    {
      what: 'one 3000² kruskal maze, `--solve`, to PNG, stderr a terminal',
      measured: phases,
      target: 'progress when stderr is a terminal',
    },
    {
      what: `\`--count 200\` batch of 100² PNGs on ${cores} cores, --jobs 1 vs --jobs ${cores}`,
      measured: `${(median(one) / median(all)).toFixed(2)}× faster (${median(one).toFixed(1)} s / ${median(all).toFixed(1)} s, ${ROUNDS} turns); files ${same ? 'byte-identical' : 'DIFFERENT'}`,
      target: `all cores (up to ${cores}×), same bytes`,
    },
  ];
}
