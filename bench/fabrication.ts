/**
 * Issue 35's rows, in the first table of `npm run bench` (or alone with
 * `npm run bench -- fabrication`): the printed model (STL) of a 100 × 100
 * square maze and of a 50-ring polar maze, as `maze gen -o FILE.stl` makes
 * it, each in a fresh process: the wall time of the whole command, the
 * file's size and its facets. No target was set: the rows say what a
 * maker waits for and gets.
 */
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { Row } from './bench.js';
import { median } from './reference.js';

const ROUNDS = Number(process.env.BENCH_FAB_ROUNDS ?? 3);

export function fabricationRows(cli: string, dir: string): Row[] {
  const cases: [string, string[]][] = [
    ['STL of a 100 × 100 square maze', ['--w', '100', '--h', '100']],
    ['STL of a 50-ring polar maze', ['--shape', 'polar', '--w', '50']],
  ];
  return cases.map(([what, args]) => {
    const file = join(dir, 'bench.stl');
    const seconds: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const t0 = process.hrtime.bigint();
      execFileSync(process.execPath, [cli, 'gen', '--seed', String(i + 1), ...args, '-o', file]);
      seconds.push(Number(process.hrtime.bigint() - t0) / 1e9);
    }
    const bytes = statSync(file).size;
    const facets = (bytes - 84) / 50;
    return { what, measured: `${median(seconds).toFixed(2)} s, ${(bytes / 2 ** 20).toFixed(1)} MiB, ${facets} facets`, target: '(time and size)' };
  });
}
