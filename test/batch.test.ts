/**
 * Batches: --jobs splits a batch over worker threads (the built CLI, where
 * the worker script exists) with the same bytes for any number; --first
 * makes a slice of a larger batch; progress shows on a terminal only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { progressTiming } from '../src/cli/progress.js';
import { run } from '../src/cli/run.js';
import { listFiles, runCli, spawnMazeAsync, tempDir } from './helpers.js';

function contents(dir: string): Map<string, Buffer> {
  return new Map(listFiles(dir).map((f) => [f, readFileSync(join(dir, f))]));
}

describe('--jobs', () => {
  it('writes the same files with one worker and with two, in every format', async () => {
    const dir = tempDir();
    for (const ext of ['png', 'txt']) {
      const args = ['gen', '--count', '6', '--seed', 'jobs', '--algo', 'backtracker', '--w', '40', '--h', '30', '--solve'];
      const one = await spawnMazeAsync([...args, '--jobs', '1', '-o', `one/m-{n}.${ext}`], { cwd: dir });
      const two = await spawnMazeAsync([...args, '--jobs', '2', '-o', `two/m-{n}.${ext}`], { cwd: dir });
      expect(one).toMatchObject({ code: 0, stdout: '', stderr: '' });
      expect(two).toMatchObject({ code: 0, stdout: '', stderr: '' });
    }
    const one = contents(join(dir, 'one'));
    const two = contents(join(dir, 'two'));
    expect([...one.keys()]).toHaveLength(12);
    expect([...two.keys()]).toEqual([...one.keys()]);
    for (const [name, bytes] of one) expect(two.get(name)!.equals(bytes), name).toBe(true);
    // and the same as the in-process run, which makes them without workers
    const inProcess = tempDir();
    await runCli(['gen', '--count', '6', '--seed', 'jobs', '--algo', 'backtracker', '--w', '40', '--h', '30', '--solve', '-o', join(inProcess, 'm-{n}.png')]);
    for (const [name, bytes] of contents(inProcess)) expect(one.get(name)!.equals(bytes), name).toBe(true);
  }, 180_000); // child processes on a shared machine

  it('refuses a bad number of jobs in one line', async () => {
    const dir = tempDir();
    for (const [value, message] of [['0', /^maze: error: --jobs must be from 1 to 1024, got 0\n$/], ['two', /^maze: error: --jobs must be a whole number from 1 to 1024, got 'two'\n$/]] as const) {
      const result = await runCli(['gen', '--count', '2', '--jobs', value, '-o', join(dir, 'm-{n}.txt')]);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(message);
    }
    expect(listFiles(dir)).toEqual([]);
  });
});

describe('--first', () => {
  it('makes exactly the files of the slice, equal to those of the whole batch', async () => {
    for (const seed of ['41', 'forest']) {
      const dir = tempDir();
      const whole = await spawnMazeAsync(['gen', '--count', '10', '--seed', seed, '-o', 'all/m-{n}-{seed}.svg'], { cwd: dir });
      const slice = await spawnMazeAsync(['gen', '--count', '3', '--first', '4', '--seed', seed, '-o', 'part/m-{n}-{seed}.svg'], { cwd: dir });
      expect(whole).toMatchObject({ code: 0, stderr: '' });
      expect(slice).toMatchObject({ code: 0, stderr: '' });
      const all = contents(join(dir, 'all'));
      const part = contents(join(dir, 'part'));
      const names = seed === '41' ? ['m-4-44.svg', 'm-5-45.svg', 'm-6-46.svg'] : ['m-4-forest-4.svg', 'm-5-forest-5.svg', 'm-6-forest-6.svg'];
      expect([...part.keys()]).toEqual(names);
      for (const [name, bytes] of part) expect(all.get(name)!.equals(bytes), name).toBe(true);
    }
  }, 180_000); // child processes on a shared machine

  it('gives one maze of a batch alone: --count 1 --first K is file K, with its seed', async () => {
    const dir = tempDir();
    await runCli(['gen', '--count', '5', '--seed', 'w', '-o', join(dir, 'all-{n}.json')]);
    const one = await runCli(['gen', '--first', '5', '--seed', 'w', '-f', 'json']);
    expect(one.code).toBe(0);
    expect(JSON.parse(one.stdout).seed).toBe('w-5');
    expect(one.stdout).toBe(readFileSync(join(dir, 'all-5.json'), 'utf8'));
  });

  it('--count 1 is a batch of one, maze 1 with its seed (with a text seed it was the bare seed, unlike --first 1); a zero-padded number is a text seed', async () => {
    const dir = tempDir();
    for (const args of [['--count', '1'], ['--count', '1', '--first', '1'], ['--count', '3']]) {
      const run = await runCli(['gen', '--seed', 'oak', '--w', '4', '--h', '3', ...args, '-o', join(dir, args.join(''), '{seed}.json')]);
      expect(run.code).toBe(0);
      expect(readdirSync(join(dir, args.join(''))).sort()[0]).toBe('oak-1.json');
    }
    // 007 is text, as its maze alone is 007's: its batch is 007-1, 007-2 (it was 7, 8: other seeds than the one given)
    await runCli(['gen', '--seed', '007', '--count', '2', '--w', '4', '--h', '3', '-o', join(dir, 'z', '{seed}.json')]);
    expect(readdirSync(join(dir, 'z')).sort()).toEqual(['007-1.json', '007-2.json']);
    const alone = await runCli(['gen', '--seed', '007-2', '--w', '4', '--h', '3', '-f', 'json']);
    expect(readFileSync(join(dir, 'z', '007-2.json'), 'utf8')).toBe(alone.stdout);
  });

  it('refuses --first 0', async () => {
    const result = await runCli(['gen', '--first', '0', '-o', join(tempDir(), 'm-{n}.txt')]);
    expect(result).toMatchObject({ code: 2, stderr: 'maze: error: --first must be from 1 to 1000000000000, got 0\n' });
  });
});

describe('progress', () => {
  afterEach(() => {
    progressTiming.delayMs = 1000;
  });

  /** Run in-process with a stderr that claims (or not) to be a terminal. */
  async function runWith(args: string[], isTTY: boolean): Promise<{ code: number; stderr: string }> {
    const stderr = Object.assign(new PassThrough(), { isTTY });
    const err: Buffer[] = [];
    stderr.on('data', (c: Buffer) => err.push(c));
    const code = await run(args, { stdin: Readable.from([]), stdout: new PassThrough(), stderr });
    return { code, stderr: Buffer.concat(err).toString() };
  }

  it('draws a line on a terminal for a batch, erases it, and changes no file', async () => {
    progressTiming.delayMs = 0;
    const dir = tempDir();
    const args = ['gen', '--count', '4', '--seed', '3', '--w', '20', '--h', '10'];
    const shown = await runWith([...args, '-o', join(dir, 'tty', 'm-{n}.png')], true);
    expect(shown.code).toBe(0);
    expect(shown.stderr).toMatch(/^(\r\x1b\[Kmaze: \d+% \d\/4 mazes, [\d.]+\/s, (\d+ s|\?) left)+\r\x1b\[K$/);
    expect(shown.stderr).toContain('maze: 100% 4/4 mazes');
    const quiet = await runWith([...args, '-q', '-o', join(dir, 'quiet', 'm-{n}.png')], true);
    const piped = await runWith([...args, '-o', join(dir, 'pipe', 'm-{n}.png')], false);
    expect(quiet).toEqual({ code: 0, stderr: '' });
    expect(piped).toEqual({ code: 0, stderr: '' });
    const tty = contents(join(dir, 'tty'));
    expect(tty.size).toBe(4);
    for (const [name, bytes] of contents(join(dir, 'pipe'))) expect(tty.get(name)!.equals(bytes), name).toBe(true);
  });
});

describe('a refusal inside a batch worker', () => {
  it('is one line and exit 2, as with --jobs 1, worded with the flags, leaving no folder it made and only whole files', async () => {
    const dir = tempDir();
    for (const jobs of ['1', '2']) {
      const islands = await spawnMazeAsync(['gen', '--islands', '255', '--seed', '1', '--count', '6', '--jobs', jobs, '-o', `fail${jobs}/{n}.json`], { cwd: dir });
      expect(islands.code, `--jobs ${jobs}`).toBe(2);
      // the maze it stopped at named, file and seed
      expect(islands.stderr).toMatch(new RegExp(`^maze: error: 'fail${jobs}/\\d\\.json' \\(seed \\d\\): only \\d+ of the 255 islands fit on this 30 × 20 maze: the islands drawn left no free interior wall; ask for fewer\\n$`));
      expect(listFiles(dir).filter((f) => f.startsWith(`fail${jobs}`))).toEqual([]);
      const hard = await spawnMazeAsync(['gen', '--difficulty', 'hard', '--w', '3', '--h', '3', '--seed', '1', '--count', '4', '--jobs', jobs, '-o', `hard${jobs}/{n}.json`], { cwd: dir });
      expect([hard.code, hard.stderr.split('\n').length], `--jobs ${jobs}`).toEqual([2, 2]);
      expect(hard.stderr).toMatch(new RegExp(`^maze: error: 'hard${jobs}/\\d\\.json' \\(seed \\d\\): --difficulty 0.75 cannot be reached at 3 × 3`));
    }
  });
});
