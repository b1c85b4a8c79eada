/**
 * Interrupt latency (SPEC "Errors and safety": Ctrl-C and SIGTERM stop the
 * run within a second, whatever it is doing): the time from the signal to
 * the process's end, for a long generation and for a write waiting on a
 * FIFO with no reader. The unit tests only check that the signal, not the
 * end of the work, ended the run; the figure is measured here.
 */
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { median } from './reference.js';
import type { Row } from './bench.js';

const ROUNDS = 5;

async function latency(cli: string, args: string[], cwd: string, signal: NodeJS.Signals, after: number): Promise<number> {
  const child = spawn(process.execPath, [cli, ...args], { cwd, stdio: 'ignore' });
  await new Promise((wake) => setTimeout(wake, after));
  const sent = process.hrtime.bigint();
  child.kill(signal);
  await new Promise((done) => child.on('close', done));
  return Number(process.hrtime.bigint() - sent) / 1e6;
}

export async function interruptRows(cli: string, dir: string): Promise<Row[]> {
  const rows: Row[] = [];
  const cases: [string, string[], () => void][] = [
    ['kruskal 4000² generation', ['gen', '--algo', 'kruskal', '--w', '4000', '--h', '4000', '--seed', '1', '-o', join(dir, 'big.txt')], () => undefined],
    ['a write waiting on a FIFO with no reader', ['gen', '--seed', '1', '-o', join(dir, 'fifo.txt')], () => spawnSync('mkfifo', [join(dir, 'fifo.txt')])],
  ];
  for (const [what, args, setUp] of cases) {
    setUp();
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      const ms: number[] = [];
      for (let i = 0; i < ROUNDS; i++) ms.push(await latency(cli, args, dir, signal, 800));
      rows.push({ what: `${signal} during ${what}: signal to exit`, measured: `${median(ms).toFixed(0)} ms (${Math.min(...ms).toFixed(0)}–${Math.max(...ms).toFixed(0)} over ${ROUNDS})`, target: '< 1000 ms' });
    }
  }
  return rows;
}
