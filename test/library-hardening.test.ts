/**
 * Issues 28 and 29, the library's edge and the animation: each test is
 * named after the item it holds. Memory is checked under a cap in a child
 * process, never timed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MazeError, Replay, replaySteps, steps } from '../src/api.js';
import type { Step } from '../src/api.js';
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

describe('issue 28 item 8: replaySteps and Replay check their steps', () => {
  it('a grid over the cell limit is a MazeError, nothing allocated', () => {
    const error = mazeError(() => replaySteps([{ type: 'grid', width: 30_000, height: 30_000, walls: 'closed' }]));
    expect(error.code).toBe('invalid-maze');
    expect(error.option).toBe('steps');
    expect(error.message).toBe('step 0: a grid must be a width and height whole from 1, at most 100000000 cells, got 30000 × 30000');
  });

  it('garbage steps are MazeErrors naming the step, never RangeErrors or TypeErrors', () => {
    const grid = { type: 'grid', width: 3, height: 2, walls: 'closed' } as const;
    const garbage: unknown[] = [
      null, 7, 'wall', {}, { type: 'nope' },
      { type: 'wall', x: 9, y: 0, side: 'top', active: false, color: 0 },
      { type: 'wall', x: 0, y: 0, side: 'up', active: false, color: 0 },
      { type: 'wall', x: 0, y: 0, side: 'top', active: 'no', color: 0 },
      { type: 'wall', x: 0, y: 0, side: 'top', active: true, color: 5 },
      { type: 'wall', x: 0.5, y: 0, side: 'left', active: true, color: 0 },
      { type: 'cell', x: -1, y: 0, mark: 'active' },
      { type: 'cell', x: 0, y: 0, mark: 'toString' },
      { type: 'head', x: 3, y: 0 },
      { type: 'color', index: 5, rgb: 0 },
      { type: 'color', index: 1, rgb: 0x1000000 },
      { type: 'ends', start: [0, 0], end: [7, 7] },
      { type: 'ends', start: 'a', end: null },
      { type: 'door', x: 0, y: 0, side: 'left', key: -1 },
      { type: 'key', x: 0, y: 0, door: NaN },
      { type: 'path', x: 0, y: 2 },
      { type: 'grid', width: 2, height: 2, walls: 'closed', mask: { width: 2, height: 2, cells: [1, 1, 1, 1] } },
      { type: 'grid', width: 2, height: 2, walls: 'open' },
    ];
    for (const step of garbage) {
      const replay = new Replay();
      replay.apply(grid);
      const error = mazeError(() => replay.apply(step as Step));
      expect(error.message).toMatch(/^step 1: /);
      expect(replay.applied).toBe(1);
    }
    expect(mazeError(() => replaySteps(null as unknown as Step[])).code).toBe('invalid-value');
  });

  it('a good replay is unchanged: the steps of every kind still end on the maze', () => {
    const { spec } = specFromOptions({ algorithm: 'zones', width: 12, height: 8, solve: true, openings: true });
    const replay = replaySteps(mazeSteps(spec, '3'));
    expect(replay.maze.solution?.length).toBeGreaterThan(1);
  });
});
