/**
 * Issue 31's row, in the first table of `npm run bench` (or alone with
 * `npm run bench -- solvers`): every solving method (src/solvers) on one
 * perfect 1000 × 1000 backtracker maze, corner to corner, each in a fresh
 * process (BENCH_SOLVER_ROUNDS, default 1, runs each), and its time's ratio
 * to `shortest` (breadth-first). The random mouse runs to its bound (2^24
 * moves) on a maze this size, and says so.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { findAlgorithm } from '../src/algorithms/index.js';
import { defaultOptions } from '../src/algorithms/types.js';
import { Rng } from '../src/rng.js';
import { passagesOf } from '../src/passages/view.js';
import { findSolver, SOLVE_METHODS, solveWith } from '../src/solvers/index.js';
import type { Row } from './bench.js';
import { median } from './reference.js';

const SELF = fileURLToPath(import.meta.url);
const SIDE = Number(process.env.BENCH_SOLVER_SIDE ?? 1000);
const ROUNDS = Number(process.env.BENCH_SOLVER_ROUNDS ?? 1);

/** The child: one method on the maze of seed 'solvers'; prints seconds and what it found. */
export function solverChild(method: string, side: number): void {
  const algorithm = findAlgorithm('backtracker')!;
  const maze = algorithm.generate({ width: side, height: side }, defaultOptions(algorithm), new Rng('solvers'));
  const view = passagesOf(maze);
  const [start, end] = view.corners();
  const t0 = process.hrtime.bigint();
  const r = solveWith(maze, start, end, findSolver(method)!, { seed: 'solvers' });
  console.log(JSON.stringify({ seconds: Number(process.hrtime.bigint() - t0) / 1e9, outcome: r.outcome }));
}

function once(method: string): { seconds: number; outcome: string } {
  const out = execFileSync(process.execPath, ['--max-old-space-size=4096', SELF, '--solver-child', method, String(SIDE)], { encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop()!) as { seconds: number; outcome: string };
}

export function solverRows(): Row[] {
  const times = new Map<string, { seconds: number; outcome: string }>();
  for (const method of SOLVE_METHODS) {
    const runs = Array.from({ length: ROUNDS }, () => once(method));
    times.set(method, { seconds: median(runs.map((r) => r.seconds)), outcome: runs[0]!.outcome });
  }
  const base = times.get('shortest')!.seconds;
  return SOLVE_METHODS.map((method) => {
    const { seconds, outcome } = times.get(method)!;
    return {
      what: `solve --method ${method}, ${SIDE}² backtracker`,
      measured: `${seconds.toFixed(3)} s, ${(seconds / base).toFixed(2)}× shortest${outcome === 'found' ? '' : ` (${outcome})`}`,
      target: 'reported, no target',
    };
  });
}

