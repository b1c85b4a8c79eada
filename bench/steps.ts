/**
 * Issue 19's rows, for the first table of `npm run bench` (or alone with
 * `npm run bench -- steps`): telling steps costs plain generation nothing.
 *
 * - Before and after: the backtracker and Kruskal at 4000², as they were
 *   before steps (bench/before/, copies of the old files) and as the
 *   registry has them now, no sink given. Each generation is one fresh
 *   process; before and after take turns (interleaved), BENCH_STEPS_ROUNDS
 *   (default 10) each, and the medians are compared. The run's own noise
 *   is the spread of the "before" runs (half their interquartile range,
 *   over their median): a difference under it is no difference.
 * - With steps recorded: the same generation with its steps kept in a
 *   StepLog, as the animations keep them (median of 3); the ratio to plain.
 * - An animation's memory: a 300 × 300 trees maze growing into an APNG at
 *   --tile 4 --wall 1 (151 frames of 1201² pixels), its peak and its time.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findAlgorithm } from '../src/algorithms/index.js';
import type { Algorithm } from '../src/algorithms/types.js';
import { defaultOptions } from '../src/algorithms/types.js';
import { StepLog } from '../src/model/steps.js';
import { Rng } from '../src/rng.js';
import type { Row } from './bench.js';
import backtrackerBefore from './before/backtracker.js';
import kruskalBefore from './before/kruskal.js';
import { peakOf } from './memory.js';
import { median } from './reference.js';

const SELF = fileURLToPath(import.meta.url);
const SIDE = 4000;
const ROUNDS = Number(process.env.BENCH_STEPS_ROUNDS ?? 10);
const BEFORE: Record<string, Algorithm> = { backtracker: backtrackerBefore as unknown as Algorithm, kruskal: kruskalBefore as unknown as Algorithm };

type Variant = 'before' | 'after' | 'steps';

/** The child: one generation of `name` in one variant, printing ns per cell (and the steps told, for `steps`). */
export function stepsChild(variant: Variant, name: string, side: number, seed: string): void {
  const algorithm = variant === 'before' ? BEFORE[name]! : findAlgorithm(name)!;
  const options = defaultOptions(algorithm);
  const log = variant === 'steps' ? new StepLog() : null;
  if (log) log.push({ type: 'grid', width: side, height: side, walls: algorithm.startsFrom });
  const t0 = process.hrtime.bigint();
  algorithm.generate({ width: side, height: side }, options, new Rng(seed), undefined, log?.push);
  const ns = Number(process.hrtime.bigint() - t0) / (side * side);
  process.stdout.write(`${ns} ${log?.length ?? 0}\n`);
}

function runChild(variant: Variant, name: string, seed: string): { ns: number; steps: number } {
  const out = execFileSync(process.execPath, [SELF, '--steps-child', variant, name, String(SIDE), seed], { encoding: 'utf8', maxBuffer: 1 << 20 });
  const [ns, steps] = out.trim().split(/\s+/).map(Number);
  return { ns: ns!, steps: steps! };
}

/** Half the interquartile range over the median: the spread of a set of runs. */
function spread(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const q = (p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(p * (sorted.length - 1) + 0.5))]!;
  return (q(0.75) - q(0.25)) / 2 / median(values);
}

/** The APNG row: peak memory and time of one `maze gen --animate` run. */
export async function animationRows(dir: string): Promise<Row[]> {
  const args = ['gen', '--algo', 'trees', '--w', '300', '--h', '300', '--tile', '4', '--wall', '1', '--seed', '1', '--animate', '-o', join(dir, 'grow.png'), '--quiet'];
  const peak = await peakOf(args);
  return [{ what: '300 × 300 trees --tile 4 --wall 1 --animate to APNG (151 frames)', measured: `${peak.mb.toFixed(0)} MB peak, ${peak.seconds.toFixed(1)} s`, target: '< 300 MB' }];
}

export function stepsRows(): Row[] {
  const rows: Row[] = [];
  for (const name of ['backtracker', 'kruskal']) {
    const before: number[] = [];
    const after: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // alternate which goes first, so that neither always has the warmer machine
      const seed = String(round + 1);
      if (round % 2 === 0) {
        before.push(runChild('before', name, seed).ns);
        after.push(runChild('after', name, seed).ns);
      } else {
        after.push(runChild('after', name, seed).ns);
        before.push(runChild('before', name, seed).ns);
      }
    }
    const ratio = median(after) / median(before);
    const noise = Math.max(spread(before), spread(after));
    const verdict = Math.abs(ratio - 1) <= 0.03 ? 'within 3%' : Math.abs(ratio - 1) <= noise ? 'within the noise' : 'OVER';
    rows.push({
      what: `${name} ${SIDE}² generate, after steps vs before (no sink)`,
      measured: `${ratio.toFixed(3)}× (medians ${median(after).toFixed(1)} / ${median(before).toFixed(1)} ns per cell, ${ROUNDS} interleaved runs each; noise ±${(noise * 100).toFixed(1)}%): ${verdict}`,
      target: 'within 3% or the noise',
    });
    const recorded = [1, 2, 3].map((i) => runChild('steps', name, String(i)));
    rows.push({
      what: `${name} ${SIDE}² generate with its steps recorded (StepLog) vs plain`,
      measured: `${(median(recorded.map((r) => r.ns)) / median(after)).toFixed(1)}× (${median(recorded.map((r) => r.ns)).toFixed(0)} ns per cell, ${(recorded[0]!.steps / 1e6).toFixed(1)}M steps)`,
      target: 'reported',
    });
  }
  return rows;
}
