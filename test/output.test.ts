/**
 * Where output goes: files are written atomically (a failure or Ctrl-C never
 * leaves a half-written file nor destroys an old one), a device or a pipe is
 * written in place, a closed stdout pipe ends quietly, and binary bytes are
 * refused on a terminal.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, symlinkSync, watch, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { IoError } from '../src/errors.js';
import { formats } from '../src/formats/index.js';
import { checkWritable, OutputSession, pendingFiles, writeFileAtomically } from '../src/cli/output.js';
import { run } from '../src/cli/run.js';
import { BIN, listFiles, runCli, spawnMazeAsync, tempDir } from './helpers.js';

const OLD = 'the old maze, which must survive\n';

describe('atomic writes', () => {
  it('replaces a file whole and leaves no temporary file', async () => {
    const dir = tempDir();
    const file = join(dir, 'm.txt');
    writeFileSync(file, OLD);
    await writeFileAtomically(file, ['new ', Buffer.from('bytes')]);
    expect(readFileSync(file, 'utf8')).toBe('new bytes');
    expect(listFiles(dir)).toEqual(['m.txt']);
    expect(pendingFiles.size).toBe(0);
  });

  it('keeps the old file when the output fails halfway, and says why in one line', async () => {
    const dir = tempDir();
    const file = join(dir, 'm.txt');
    writeFileSync(file, OLD);
    async function* failing(): AsyncGenerator<string> {
      yield 'half a maze';
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    }
    const failure = writeFileAtomically(file, failing());
    await expect(failure).rejects.toThrow(IoError);
    await expect(failure).rejects.toThrow(`cannot write '${file}': no space left on the device`);
    expect(readFileSync(file, 'utf8')).toBe(OLD);
    expect(listFiles(dir)).toEqual(['m.txt']);
    expect(pendingFiles.size).toBe(0);
  });

  it('writes nothing of a batch when a later file of it cannot be written', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, '1.txt'), OLD);
    const blocked = join(dir, '3.txt');
    spawnSync('mkdir', [blocked]);
    const { code, stderr } = await runCli(['gen', '--count', '3', '--seed', '5', '-o', join(dir, '{n}.txt')]);
    expect(code).toBe(2);
    expect(stderr).toBe(`maze: error: cannot write '${blocked}': it is a folder\n`);
    expect(readFileSync(join(dir, '1.txt'), 'utf8')).toBe(OLD);
    expect(listFiles(dir)).toEqual(['1.txt']);
  });

  it('keeps the old file when a later command fails', async () => {
    const dir = tempDir();
    const file = join(dir, 'm.json');
    writeFileSync(file, OLD);
    expect((await runCli(['gen', '--fg', 'nope', '-o', file])).code).toBe(2);
    expect((await runCli(['render', join(dir, 'missing.json'), '-o', file])).code).toBe(2);
    expect(readFileSync(file, 'utf8')).toBe(OLD);
    expect(listFiles(dir)).toEqual(['m.json']);
  });

  it('probes the folder without leaving the probe behind', async () => {
    const dir = tempDir();
    await checkWritable([join(dir, 'a.txt'), join(dir, 'b.txt'), join(dir, 'new', 'deep', 'c.txt')]);
    expect(listFiles(dir)).toEqual([]);
  });

  it('writes through a symbolic link, which stays a link', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'real.txt'), OLD);
    symlinkSync('real.txt', join(dir, 'link.txt'));
    expect((await runCli(['gen', '--w', '2', '--h', '1', '--seed', '1', '-o', join(dir, 'link.txt')])).code).toBe(0);
    expect(lstatSync(join(dir, 'link.txt')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(dir, 'link.txt'))).toBe('real.txt');
    expect(readFileSync(join(dir, 'real.txt'), 'utf8')).toMatch(/^\+---\+---\+\n/);
    expect(listFiles(dir)).toEqual(['link.txt', 'real.txt']);
  });

  it.runIf(process.platform !== 'win32')('writes a named pipe in place, not by renaming over it', async () => {
    const dir = tempDir();
    const fifo = join(dir, 'pipe.txt');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const reader = spawn('cat', [fifo]);
    const read: Buffer[] = [];
    reader.stdout.on('data', (c: Buffer) => read.push(c));
    const closed = new Promise((done) => reader.on('close', done));
    const result = await spawnMazeAsync(['gen', '--w', '4', '--h', '3', '--seed', '9', '-o', fifo], { timeout: 10_000 });
    // a maze that never opened the pipe leaves cat waiting: end it
    const timer = setTimeout(() => reader.kill(), 2000);
    await closed;
    clearTimeout(timer);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(Buffer.concat(read).toString('utf8')).toBe((await runCli(['gen', '--w', '4', '--h', '3', '--seed', '9'])).stdout);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
    expect(listFiles(dir)).toEqual(['pipe.txt']);
  });
});

/**
 * Ctrl-C while the file is being written. Generation is synchronous, so the
 * signal handler runs at the first await of the write; the test sends
 * SIGINT the moment the temporary file appears, which is mid-write.
 */
async function interruptWhileWriting(dir: string): Promise<{ code: number | null; signal: NodeJS.Signals | null; sawTemp: string }> {
  return new Promise((done, fail) => {
    let sawTemp = '';
    const child = spawn(process.execPath, [BIN, 'gen', '--algo', 'backtracker', '--w', '3000', '--h', '3000', '--seed', '1', '-o', 'big.json'], {
      cwd: dir,
      stdio: 'ignore',
    });
    const watcher = watch(dir, (_event, name) => {
      if (!sawTemp && typeof name === 'string' && /^\.big\.json\.tmp-/.test(name)) {
        sawTemp = name;
        child.kill('SIGINT');
      }
    });
    child.on('error', fail);
    child.on('close', (code, signal) => {
      watcher.close();
      done({ code, signal, sawTemp });
    });
  });
}

describe('Ctrl-C', () => {
  it('mid-write exits non-zero, removes the temporary file and keeps the old big.json', async () => {
    const dir = tempDir();
    const big = join(dir, 'big.json');
    writeFileSync(big, OLD);
    // The write lasts a fraction of a second; if a loaded machine lets the
    // process finish before the signal lands, try again (at most 3 times).
    let outcome = await interruptWhileWriting(dir);
    for (let attempt = 1; attempt < 3 && outcome.code === 0; attempt++) {
      writeFileSync(big, OLD);
      outcome = await interruptWhileWriting(dir);
    }
    expect(outcome.sawTemp).toMatch(/^\.big\.json\.tmp-\d+-[0-9a-z]+-[0-9a-z]+$/);
    expect(outcome.code).toBe(130);
    expect(listFiles(dir)).toEqual(['big.json']);
    expect(readFileSync(big, 'utf8')).toBe(OLD);
  });
});

describe('standard output', () => {
  it('ends quietly when the reader closes the pipe (maze gen | head -1)', () => {
    const result = spawnSync(
      'bash',
      ['-c', `"${process.execPath}" "${BIN}" gen --w 2000 --h 2000 --seed 1 | head -1; echo "status \${PIPESTATUS[0]}" >&2`],
      { encoding: 'utf8', timeout: 30_000 },
    );
    expect(result.stdout).toBe('+---'.repeat(2000) + '+\n');
    expect(result.stderr).toBe('status 0\n');
  });

  it('ends quietly when the pipe closes after the first chunk', async () => {
    const child = spawn(process.execPath, [BIN, 'gen', '--w', '1500', '--h', '1500', '--seed', '1', '-f', 'json']);
    const err: Buffer[] = [];
    child.stderr.on('data', (c: Buffer) => err.push(c));
    let first = '';
    child.stdout.once('data', (c: Buffer) => {
      first = c.toString('utf8');
      child.stdout.destroy();
    });
    const code = await new Promise((done) => child.on('close', done));
    expect(first).toMatch(/^\{\n {2}"format": "maze"/);
    expect(Buffer.concat(err).toString('utf8')).toBe('');
    expect(code).toBe(0);
  });

  /** `run` with a stdout that says it is a terminal. */
  async function toTerminal(args: string[]): Promise<{ code: number; stdout: Buffer; stderr: string }> {
    const stdout = Object.assign(new PassThrough(), { isTTY: true });
    const stderr = new PassThrough();
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    stdout.on('data', (c: Buffer) => out.push(c));
    stderr.on('data', (c: Buffer) => err.push(c));
    const code = await run(args, { stdin: Readable.from([]), stdout, stderr });
    return { code, stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString('utf8') };
  }

  const binary = formats.filter((f) => f.binary);
  it('has binary formats to refuse (else the loop below tests nothing)', () => {
    expect(binary.map((f) => f.name)).toContain('png');
  });
  it.each(binary.map((f) => [f.name, f] as const))('refuses %s bytes on a terminal, and writes them to a pipe or a file', async (_name, format) => {
    const refused = await toTerminal(['gen', '--seed', '1', '-f', format.name]);
    expect(refused.code).toBe(2);
    expect(refused.stdout.length).toBe(0);
    expect(refused.stderr).toBe(
      `maze: error: refusing to write ${format.name.toUpperCase()} bytes to a terminal; use -o FILE${format.extensions[0] ?? ''} or redirect standard output\n`,
    );
    const piped = await runCli(['gen', '--seed', '1', '-f', format.name]);
    expect(piped.code).toBe(0);
    expect(piped.stdoutBytes.length).toBeGreaterThan(0);
  });

  it('writes text to a terminal, in color unless told not to', async () => {
    const colored = await toTerminal(['gen', '--w', '3', '--h', '2', '--seed', '1', '--quiet']);
    expect(colored.code).toBe(0);
    expect(colored.stdout.toString('utf8')).toContain('\x1b[');
    const plain = await toTerminal(['gen', '--w', '3', '--h', '2', '--seed', '1', '--quiet', '--color', 'never']);
    expect(plain.stdout.toString('utf8')).toBe((await runCli(['gen', '--w', '3', '--h', '2', '--seed', '1'])).stdout);
    expect(colored.stdout.toString('utf8').replace(/\x1b\[[0-9;]*m/g, '')).toBe(plain.stdout.toString('utf8'));
  });

  it.each([
    ['NO_COLOR', '1'],
    ['TERM', 'dumb'],
  ])('writes no color to a terminal under %s=%s, unless --color always', async (name, value) => {
    const saved = process.env[name];
    process.env[name] = value;
    try {
      const args = ['gen', '--w', '3', '--h', '2', '--seed', '1', '--quiet'];
      const auto = await toTerminal(args);
      expect(auto.code).toBe(0);
      expect(auto.stdout.toString('utf8')).toBe((await runCli(args)).stdout);
      expect((await toTerminal([...args, '--color', 'always'])).stdout.toString('utf8')).toContain('\x1b[');
    } finally {
      if (saved === undefined) delete process.env[name];
      else process.env[name] = saved;
    }
  });
});

describe('run() is re-entrant (issue 17 item 8)', () => {
  it('two sessions writing at once each remove only the folders they made', async () => {
    const dir = tempDir();
    const mine = new OutputSession();
    const theirs = new OutputSession();
    async function* failing(): AsyncGenerator<string> {
      yield 'half';
      await new Promise((wake) => setTimeout(wake, 20));
      throw Object.assign(new Error('ENOSPC'), { code: 'ENOSPC' });
    }
    async function* slow(): AsyncGenerator<string> {
      yield 'whole';
      await new Promise((wake) => setTimeout(wake, 40));
      yield ' maze\n';
    }
    const failed = writeFileAtomically(join(dir, 'a', 'deep', 'm.txt'), failing(), { session: mine });
    const kept = writeFileAtomically(join(dir, 'b', 'deep', 'm.txt'), slow(), { session: theirs });
    await expect(failed).rejects.toThrow(IoError);
    mine.removeCreatedFolders();
    await kept;
    // an empty folder of the other run, made at the same time, stays: it is not this run's to remove
    mkdirSync(join(dir, 'b', 'empty'));
    theirs.madeFolder(join(dir, 'b', 'empty'));
    mine.removeCreatedFolders();
    expect(readdirSync(dir)).toEqual(['b']);
    expect(readFileSync(join(dir, 'b', 'deep', 'm.txt'), 'utf8')).toBe('whole maze\n');
    expect(readdirSync(join(dir, 'b'))).toEqual(['deep', 'empty']);
  });

  it('ten runs at once in one process, some failing, each write or clean up their own', async () => {
    const dir = tempDir();
    const runs = Array.from({ length: 10 }, (_, i) => {
      const folder = join(dir, `run-${i}`, 'nested');
      // every third run fails: more keys than its grid has zones for
      const args = i % 3 === 2
        ? ['gen', '--algo', 'zones', '--w', '3', '--h', '3', '--keys', '9', '-o', join(folder, 'm.json')]
        : ['gen', '--algo', 'kruskal', '--w', '8', '--h', '5', '--seed', String(i), '--count', '3', '-o', join(folder, 'm-{n}.json'), '-q'];
      return runCli(args);
    });
    const results = await Promise.all(runs);
    for (const [i, result] of results.entries()) {
      if (i % 3 === 2) {
        expect(result.code, result.stderr).toBe(2);
        expect(existsSync(join(dir, `run-${i}`))).toBe(false);
        continue;
      }
      expect(result, result.stderr).toMatchObject({ code: 0, stderr: '' });
      const files = readdirSync(join(dir, `run-${i}`, 'nested')).sort();
      expect(files).toEqual(['m-1.json', 'm-2.json', 'm-3.json']);
      const alone = await runCli(['gen', '--algo', 'kruskal', '--w', '8', '--h', '5', '--seed', String(i + 1), '-f', 'json']);
      expect(readFileSync(join(dir, `run-${i}`, 'nested', 'm-2.json'), 'utf8')).toBe(alone.stdout);
    }
    expect(pendingFiles.size).toBe(0);
  });
});
