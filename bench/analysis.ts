/**
 * Issue 31 item 5's and issue 32's rows, in the first table of `npm run
 * bench` (or alone with `npm run bench -- analysis`): `maze count` at
 * 10 × 10 and 20 × 20 (Kirchhoff by Bareiss in BigInt, analysis/count.ts),
 * each in a fresh process, the median of BENCH_ANALYSIS_ROUNDS (default 3);
 * and `--difficulty 0.8` at 100 × 100 (analysis/steer.ts: a few growing
 * trees, each scored) against a plain generation of the same size, the
 * same seeds, taking turns in fresh processes.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { count, enableDifficulty, generate } from '../src/lib/index.js';
import type { Row } from './bench.js';
import { median } from './reference.js';

const SELF = fileURLToPath(import.meta.url);
const ROUNDS = Number(process.env.BENCH_ANALYSIS_ROUNDS ?? 3);

/** The child: one count of a side × side square; prints seconds and the count's digits. */
export function countChild(side: number): void {
  const t0 = process.hrtime.bigint();
  const n = count({ width: side, height: side });
  console.log(JSON.stringify({ seconds: Number(process.hrtime.bigint() - t0) / 1e9, digits: String(n).length }));
}

/** The child: one 100 × 100 maze, plain or at difficulty 0.8; prints seconds. */
export function difficultyChild(kind: 'plain' | 'difficulty', seed: number): void {
  enableDifficulty();
  const t0 = process.hrtime.bigint();
  generate(kind === 'plain' ? { width: 100, height: 100, seed } : { width: 100, height: 100, seed, difficulty: 0.8 });
  console.log(JSON.stringify({ seconds: Number(process.hrtime.bigint() - t0) / 1e9 }));
}

function timed(kind: 'plain' | 'difficulty', seed: number): number {
  const out = execFileSync(process.execPath, [SELF, '--difficulty-child', kind, String(seed)], { encoding: 'utf8' });
  return (JSON.parse(out.trim().split('\n').pop()!) as { seconds: number }).seconds;
}

function once(side: number): { seconds: number; digits: number } {
  const out = execFileSync(process.execPath, [SELF, '--count-child', String(side)], { encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop()!) as { seconds: number; digits: number };
}

export function analysisRows(): Row[] {
  const plain: number[] = [];
  const steered: number[] = [];
  for (let seed = 1; seed <= 5 * ROUNDS; seed++) {
    plain.push(timed('plain', seed));
    steered.push(timed('difficulty', seed));
  }
  const [p, d] = [median(plain), median(steered)];
  const row: Row = {
    what: 'gen --difficulty 0.8, 100 × 100, vs plain gen (trees)',
    measured: `${(d * 1000).toFixed(0)} ms vs ${(p * 1000).toFixed(0)} ms (median of ${plain.length} seeds), slowest ${(Math.max(...steered) * 1000).toFixed(0)} ms`,
    target: 'under 0.5 s',
  };
  return [row, ...[10, 20].map((side) => {
    const runs = Array.from({ length: ROUNDS }, () => once(side));
    return {
      what: `maze count, ${side} × ${side} (Kirchhoff, Bareiss in BigInt)`,
      measured: `${(median(runs.map((r) => r.seconds)) * 1000).toFixed(1)} ms, ${runs[0]!.digits} digits`,
      target: side === 10 ? 'well within 1 s' : '(a 30 × 30 takes about 1.5 s)',
    };
  })];
}
