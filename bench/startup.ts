/**
 * Start-up (issue 29 item 12): `maze gen --w 30 --h 20 -o m.json` against
 * `node -e 0`, side by side. The two commands take turns (after a few
 * warm-up runs of each), so that a busy moment of the machine lands on
 * both; the ratio is of the medians (of 60 runs each), and the range is
 * over groups of ten turns. Without --seed the run draws its seed and
 * prints it on stderr, as a user's first run does; `seeded` measures the
 * same run with --seed 1, which prints nothing, to tell what that line
 * costs. `hyperfine -N -w 5 -r 60 'node -e 0' 'node dist/cli.js gen --w 30
 * --h 20 -o /tmp/m.json'` measures the same thing, where hyperfine is
 * installed.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { median } from './reference.js';

const WARMUP = 5;
const RUNS = 60;
const GROUP = 10;

function timeOnce(args: string[]): number {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed: ${result.stderr.toString()}`);
  return elapsed;
}

export interface Startup {
  nodeMs: number;
  mazeMs: number;
  ratio: number;
  /** Ratios of the medians of each group of GROUP turns. */
  groupRatios: number[];
}

/** The command measured, after `node CLI`: with `seeded`, --seed 1 too. */
export function startupArgs(file: string, seeded = false): string[] {
  return ['gen', '--w', '30', '--h', '20', ...(seeded ? ['--seed', '1'] : []), '-o', file];
}

export function measureStartup(cli: string, dir: string, seeded = false): Startup {
  const node = ['-e', '0'];
  const maze = [cli, ...startupArgs(join(dir, 'm.json'), seeded)];
  for (let i = 0; i < WARMUP; i++) {
    timeOnce(node);
    timeOnce(maze);
  }
  const nodeMs: number[] = [];
  const mazeMs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    nodeMs.push(timeOnce(node));
    mazeMs.push(timeOnce(maze));
  }
  const groupRatios: number[] = [];
  for (let g = 0; g + GROUP <= RUNS; g += GROUP) {
    groupRatios.push(median(mazeMs.slice(g, g + GROUP)) / median(nodeMs.slice(g, g + GROUP)));
  }
  return { nodeMs: median(nodeMs), mazeMs: median(mazeMs), ratio: median(mazeMs) / median(nodeMs), groupRatios };
}
