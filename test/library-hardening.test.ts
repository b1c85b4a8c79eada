/**
 * Issues 28 and 29, the library's edge and the animation: each test is
 * named after the item it holds. Memory is checked under a cap in a child
 * process, never timed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MazeError, steps } from '../src/api.js';
import { MAX_STEPS, mazeSteps, recordSteps, specFromOptions } from '../src/spec.js';
import { BIN, ROOT, tempDir } from './helpers.js';

/** Run a shell command with the address space capped (ulimit -v, in KiB): Node itself needs some 800 MB of it. */
function underCap(kib: number, command: string): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync('bash', ['-c', `ulimit -v ${kib}; ${command}`], { cwd: ROOT, encoding: 'utf8', timeout: 300_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function mazeError(run: () => unknown): MazeError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(MazeError);
    return error as MazeError;
  }
  throw new Error('no error thrown');
}

describe('issue 28 item 2: the animation step log has a bound', () => {
  it('an animated file of a growth past the bound is refused naming it, within a memory cap (it once took 2.4 GB)', () => {
    const dir = tempDir();
    const out = join(dir, 'ab.gif');
    const run = underCap(1_500_000, `node '${BIN}' gen --algo aldous-broder --w 2000 --h 2000 --seed 1 --animate --frames 1 --tile 2 --wall 1 -o '${out}'`);
    expect(run.stderr).toBe(
      `maze: error: the growth of a 2000 × 2000 aldous-broder maze takes more steps than the limit of ${MAX_STEPS} an animation or steps() replays (they are kept, 8 bytes a step); make --w or --h smaller\n`,
    );
    expect(run.status).toBe(2);
    expect(existsSync(out)).toBe(false);
  });

  it('a size that cannot fit the bound is refused up front, by steps() at once', () => {
    const error = mazeError(() => steps({ algorithm: 'kruskal', width: 10_000, height: 10_000 }));
    expect(error.code).toBe('too-large');
    expect(error.option).toBe('width');
    expect(error.message).toContain(`at least 99980001 steps, over the limit of ${MAX_STEPS}`);
  });

  it('steps() yields its first step before the whole growth is kept (memory under a cap in a child)', () => {
    const script = `
      import { steps } from './dist/lib/index.js';
      let first = null;
      for (const step of steps({ algorithm: 'aldous-broder', width: 1000, height: 1000, seed: 1 })) { first = step; break; }
      console.log(JSON.stringify({ type: first.type, rss: process.resourceUsage().maxRSS }));
    `;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8', timeout: 300_000 });
    expect(run.stderr).toBe('');
    const told = JSON.parse(run.stdout) as { type: string; rss: number };
    expect(told.type).toBe('grid');
    // the whole log took 428 MB; the first run keeps 65 536 steps
    expect(told.rss).toBeLessThan(250_000);
  });

  it('the first steps and the rest, from two runs, are the steps of one', () => {
    const { spec } = specFromOptions({ algorithm: 'backtracker', width: 200, height: 200, solve: true });
    const whole = [...recordSteps(spec, '4').log.steps()];
    expect(whole.length).toBeGreaterThan(1 << 16);
    expect([...mazeSteps(spec, '4')]).toEqual(whole);
  });
});
