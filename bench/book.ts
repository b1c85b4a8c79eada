/**
 * Issue 34's row, in the first table of `npm run bench` (or alone with
 * `npm run bench -- book`): `maze book -n 100` of 30 × 20 mazes with their
 * answers, the whole command in a fresh process (start-up, generation,
 * solving, layout, fonts and the PDF's deflate), BENCH_BOOK_ROUNDS
 * (default 3) times; the median time and the file's size. Targets: under
 * 10 s on this 2-core machine, under 10 MB.
 */
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { Row } from './bench.js';
import { median } from './reference.js';

const ROUNDS = Number(process.env.BENCH_BOOK_ROUNDS ?? 3);

export function bookRows(cli: string, dir: string): Row[] {
  const file = join(dir, 'book.pdf');
  const seconds: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t0 = process.hrtime.bigint();
    const run = spawnSync(process.execPath, [cli, 'book', '-n', '100', '--w', '30', '--h', '20', '--seed', String(i + 1), '-q', '-o', file]);
    if (run.status !== 0) throw new Error(`maze book failed: ${run.stderr.toString()}`);
    seconds.push(Number(process.hrtime.bigint() - t0) / 1e9);
  }
  const mb = statSync(file).size / 2 ** 20;
  return [{ what: '`maze book -n 100` (30 × 20 mazes, with answers)', measured: `${median(seconds).toFixed(2)} s, ${mb.toFixed(2)} MB`, target: '< 10 s, < 10 MB' }];
}
