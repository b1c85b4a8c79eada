/**
 * Issue 20's row, for the first table of `npm run bench` (or alone with
 * `npm run bench -- masks`): a maze on a mask costs what the rectangle
 * costs. The backtracker and Kruskal at 4000², on the whole rectangle and
 * on a disk mask (the inscribed circle, π/4 of the cells), each generation
 * one fresh process, the two taking turns, BENCH_MASK_ROUNDS (default 5)
 * each. Compared per cell of the maze (the disk's cells for the masked
 * one), which is the fair figure; the whole runs' times are shown too.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { findAlgorithm } from '../src/algorithms/index.js';
import { defaultOptions } from '../src/algorithms/types.js';
import type { Mask } from '../src/model/mask.js';
import { maskOf } from '../src/model/mask.js';
import { Rng } from '../src/rng.js';
import type { Row } from './bench.js';
import { median } from './reference.js';

const SELF = fileURLToPath(import.meta.url);
const SIDE = 4000;
const ROUNDS = Number(process.env.BENCH_MASK_ROUNDS ?? 5);

/** The disk inscribed in a side × side grid: a cell is in when its centre is within the circle. */
export function diskMask(side: number): Mask {
  const cells = new Uint8Array(side * side);
  const r = side / 2;
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const dx = x + 0.5 - r;
      const dy = y + 0.5 - r;
      cells[y * side + x] = dx * dx + dy * dy <= r * r ? 1 : 0;
    }
  }
  return maskOf(side, side, cells);
}

/** The child: one generation, printing its seconds and the maze's cells. */
export function maskChild(name: string, masked: boolean, seed: string): void {
  const algorithm = findAlgorithm(name)!;
  const mask = masked ? diskMask(SIDE) : undefined;
  const t0 = process.hrtime.bigint();
  algorithm.generate({ width: SIDE, height: SIDE, mask }, defaultOptions(algorithm), new Rng(seed));
  const s = Number(process.hrtime.bigint() - t0) / 1e9;
  process.stdout.write(`${s} ${mask ? mask.count : SIDE * SIDE}\n`);
}

function runChild(name: string, masked: boolean, seed: string): { s: number; cells: number } {
  const out = execFileSync(process.execPath, [SELF, '--mask-child', name, masked ? 'disk' : 'none', seed], { encoding: 'utf8' });
  const [s, cells] = out.trim().split(/\s+/).map(Number);
  return { s: s!, cells: cells! };
}

export function maskRows(): Row[] {
  return ['backtracker', 'kruskal'].map((name) => {
    const plain: { s: number; cells: number }[] = [];
    const disk: { s: number; cells: number }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const seed = String(round + 1);
      // alternate which goes first, so that neither always has the warmer machine
      if (round % 2 === 0) {
        plain.push(runChild(name, false, seed));
        disk.push(runChild(name, true, seed));
      } else {
        disk.push(runChild(name, true, seed));
        plain.push(runChild(name, false, seed));
      }
    }
    const nsPlain = median(plain.map((r) => (r.s * 1e9) / r.cells));
    const nsDisk = median(disk.map((r) => (r.s * 1e9) / r.cells));
    return {
      what: `${name} ${SIDE}² on a disk mask vs the whole rectangle, per maze cell`,
      measured: `${(nsDisk / nsPlain).toFixed(2)}× (${nsDisk.toFixed(1)} / ${nsPlain.toFixed(1)} ns per cell; whole runs ${median(disk.map((r) => r.s)).toFixed(2)} / ${median(plain.map((r) => r.s)).toFixed(2)} s; ${ROUNDS} interleaved runs each)`,
      target: '≤ 1.2×',
    };
  });
}
