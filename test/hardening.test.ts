/**
 * Hardening: one test per defect of the attack-and-misuse review (the
 * issue's numbered list), named after it. Each runs the reproduction and
 * checks the behavior SPEC "Errors and safety" asks for.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, lchownSync, mkdirSync, openSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IoError } from '../src/errors.js';
import { pendingFiles, removeCreatedFolders, writeFileAtomically } from '../src/output.js';
import { BIN, IN_CI, listFiles, runCli, spawnMaze, spawnMazeAsync, tempDir } from './helpers.js';

const IS_ROOT = process.getuid?.() === 0;
const NOBODY = 65534;
const OLD = 'the old file\n';

/** One `maze: error:` line and nothing else on stderr. */
function oneErrorLine(stderr: string): void {
  expect(stderr).toMatch(/^maze: error: [^\n]+\n$/);
  expect(stderr).not.toMatch(/\n {4}at /);
}

/** Spawn the binary, send `signal` after `delay` ms, and time how long it takes to end. */
async function interrupt(args: string[], cwd: string, signal: NodeJS.Signals, delay: number): Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }> {
  const child = spawn(process.execPath, [BIN, ...args], { cwd, stdio: 'ignore' });
  await new Promise((wake) => setTimeout(wake, delay));
  const sent = Date.now();
  child.kill(signal);
  return new Promise((done) => child.on('close', (code, sig) => done({ code, signal: sig, ms: Date.now() - sent })));
}

/** Whether the run ended because of `signal`: by its default action, or by exit 128 + its number after cleaning up. */
function endedBy(result: { code: number | null; signal: NodeJS.Signals | null }, signal: 'SIGINT' | 'SIGTERM'): boolean {
  return result.signal === signal || result.code === 128 + (signal === 'SIGINT' ? 2 : 15);
}

describe('defect 1: a symlink at the output path redirects the write onto any file', () => {
  it.runIf(IS_ROOT)("refuses another user's link in a sticky world-writable folder, naming it, and leaves the victim alone", async () => {
    const dir = tempDir();
    const shared = join(dir, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o1777);
    const victim = join(dir, 'bashrc');
    writeFileSync(victim, OLD, { mode: 0o600 });
    const link = join(shared, 'maze.png');
    symlinkSync(victim, link);
    lchownSync(link, NOBODY, NOBODY);
    const result = await runCli(['gen', '--seed', '1', '-o', link]);
    expect(result.code).toBe(2);
    oneErrorLine(result.stderr);
    expect(result.stderr).toContain(`refusing to follow the symbolic link '${link}'`);
    expect(readFileSync(victim, 'utf8')).toBe(OLD);
    expect(statSync(victim).mode & 0o777).toBe(0o600);
    // the folder's owner's link, or our own, is followed as the kernel's rule allows
    lchownSync(link, 0, 0);
    expect((await runCli(['gen', '--seed', '1', '-o', link])).code).toBe(0);
    expect(readFileSync(victim).subarray(1, 4).toString('latin1')).toBe('PNG');
  });
  it.skipIf(IS_ROOT)('(needs root to plant a link owned by another user: skipped)', () => undefined);

  it('refuses a dangling link and a link loop at -o rather than replacing them', async () => {
    const dir = tempDir();
    symlinkSync('nowhere.txt', join(dir, 'dangling.txt'));
    symlinkSync('b.txt', join(dir, 'a.txt'));
    symlinkSync('a.txt', join(dir, 'b.txt'));
    const dangling = await runCli(['gen', '--seed', '1', '-o', join(dir, 'dangling.txt')]);
    expect(dangling.code).toBe(2);
    expect(dangling.stderr).toContain("points to nothing ('nowhere.txt')");
    const loop = await runCli(['gen', '--seed', '1', '-o', join(dir, 'a.txt')]);
    expect(loop.code).toBe(2);
    expect(loop.stderr).toMatch(/loops/);
    expect(listFiles(dir)).toEqual(['a.txt', 'b.txt', 'dangling.txt']);
  });
});

describe('defect 2: a replaced file loses its permissions and owner', () => {
  it('keeps the mode of the file it replaces', async () => {
    const dir = tempDir();
    const file = join(dir, 'private.json');
    writeFileSync(file, OLD);
    chmodSync(file, 0o600);
    expect((await runCli(['gen', '--seed', '1', '-o', file])).code).toBe(0);
    expect(statSync(file).mode & 0o7777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toMatch(/"format": "maze"/);
  });

  it.runIf(IS_ROOT)('keeps the owner and group of the file it replaces (where the process may set them)', async () => {
    const dir = tempDir();
    const file = join(dir, 'theirs.json');
    writeFileSync(file, OLD, { mode: 0o640 });
    chmodSync(file, 0o640);
    chownSync(file, NOBODY, NOBODY);
    expect((await runCli(['gen', '--seed', '1', '-o', file])).code).toBe(0);
    const stats = statSync(file);
    expect([stats.uid, stats.gid, stats.mode & 0o7777]).toEqual([NOBODY, NOBODY, 0o640]);
  });
});

describe('defect 3: failed writes to stdout report success', () => {
  it.each([
    ['gen', '--seed', '1'],
    ['gen', '--seed', '1', '-f', 'png'],
    ['gen', '--seed', '1', '--w', '300', '--h', '300', '-f', 'json'],
    ['stats', 'fixtures/four-by-four.json'],
  ])('maze %s … > /dev/full exits 1 with one line', (...args) => {
    const result = spawnSync(process.execPath, [BIN, ...args], { stdio: ['ignore', openSyncFull(), 'pipe'], encoding: 'utf8', cwd: join(BIN, '..', '..') });
    expect(result.status).toBe(1);
    oneErrorLine(result.stderr);
    expect(result.stderr).toContain('cannot write to standard output: no space left on the device');
  });

  it('stays quiet, exit 0, when the reader closes the pipe early (| head -1)', () => {
    const result = spawnSync('bash', ['-c', `"${process.execPath}" "${BIN}" gen --w 500 --h 500 --seed 1 -f json | head -1; echo "status \${PIPESTATUS[0]}" >&2`], { encoding: 'utf8' });
    expect(result.stdout).toBe('{\n');
    expect(result.stderr).toBe('status 0\n');
  });
});

let full: number | undefined;
/** An fd on /dev/full (every write fails with ENOSPC), for a child's stdout. */
function openSyncFull(): number {
  return (full ??= openSync('/dev/full', 'w'));
}

describe('defect 4: list, help and version to /dev/full print a stack trace', () => {
  it.each([['list'], ['gen', '--help'], ['--version'], ['--help']])('maze %s > /dev/full exits 1 with one line', (...args) => {
    const result = spawnSync(process.execPath, [BIN, ...args], { stdio: ['ignore', openSyncFull(), 'pipe'], encoding: 'utf8' });
    expect(result.status).toBe(1);
    oneErrorLine(result.stderr);
  });
});

describe('defect 5: parser crashes on --_, --toString, --constructor, --hasOwnProperty, --__proto__', () => {
  it.each([
    [['--_'], '--_'],
    [['gen', '--_', '1'], '--_'],
    [['gen', '--_=x'], '--_'],
    [['gen', '--_'], '--_'],
    [['gen', 'x', '--toString'], '--toString'],
    [['gen', '--constructor'], '--constructor'],
    [['gen', '--hasOwnProperty'], '--hasOwnProperty'],
    [['gen', '--__proto__'], '--__proto__'],
    [['gen', '--to-string'], '--to-string'],
    [['render', 'm.json', '--valueOf', '1'], '--valueOf'],
  ])('maze %j is an unknown option, exit 2', async (args, name) => {
    const result = await runCli(args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(new RegExp(`^maze: error: unknown option ${name} \\(see maze [a-z ]*--help\\)\\n$`));
  });
});

describe('defect 9: hangs Ctrl-C cannot stop (FIFOs)', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)('maze gen -o fifo with no reader ends within a second of %s, leaving no file', async (signal) => {
    const dir = tempDir();
    expect(spawnSync('mkfifo', [join(dir, 'f.json')]).status).toBe(0);
    const result = await interrupt(['gen', '--seed', '1', '-o', 'f.json'], dir, signal, 700);
    expect(endedBy(result, signal)).toBe(true);
    expect(result.ms).toBeLessThan(1000);
    expect(listFiles(dir)).toEqual(['f.json']);
  });

  it.each(['SIGINT', 'SIGTERM'] as const)('maze render fifo with no writer ends within a second of %s', async (signal) => {
    const dir = tempDir();
    expect(spawnSync('mkfifo', [join(dir, 'fifo.json')]).status).toBe(0);
    const result = await interrupt(['render', 'fifo.json', '-o', 'out.png'], dir, signal, 700);
    expect(endedBy(result, signal)).toBe(true);
    expect(result.ms).toBeLessThan(1000);
    expect(listFiles(dir)).toEqual(['fifo.json']);
  });

  it('still writes to a FIFO whose reader comes later, and ends quietly when it leaves early', async () => {
    const dir = tempDir();
    const fifo = join(dir, 'late.txt');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const writer = spawnMazeAsync(['gen', '--w', '300', '--h', '300', '--seed', '2', '-o', fifo]);
    await new Promise((wake) => setTimeout(wake, 300));
    const reader = spawnSync('head', ['-c', '10', fifo], { encoding: 'utf8' });
    expect(reader.stdout).toBe('+---+---+-');
    expect(await writer).toMatchObject({ code: 0, stderr: '' });
  });
});

describe('defect 10: Ctrl-C is delayed during generation', () => {
  it.each(['kruskal', 'aldous-broder'])('%s 3000 × 3000 ends within a second of SIGINT, leaving no file', async (algo) => {
    const dir = tempDir();
    const result = await interrupt(['gen', '--algo', algo, '--w', '3000', '--h', '3000', '--seed', '1', '-o', 'big.txt'], dir, 'SIGINT', 800);
    expect(endedBy(result, 'SIGINT')).toBe(true);
    expect(result.ms).toBeLessThan(1000);
    expect(listFiles(dir)).toEqual([]);
  });
});

describe('defect 11: legal names fail; a failed batch leaves its new folder', () => {
  it.each([234, 250, 255])('writes a file whose name is %i bytes', async (length) => {
    const dir = tempDir();
    const name = 'm'.repeat(length - 4) + '.txt';
    const result = await runCli(['gen', '--w', '2', '--h', '2', '--seed', '1', '-o', join(dir, name)]);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(listFiles(dir)).toEqual([name]);
  });

  it('writes a 255-byte name of multi-byte characters', async () => {
    const dir = tempDir();
    const name = 'é'.repeat(125) + '.txt'; // 254 bytes
    expect((await runCli(['gen', '--w', '2', '--h', '2', '--seed', '1', '-o', join(dir, name)])).code).toBe(0);
    expect(listFiles(dir)).toEqual([name]);
  });

  it('refuses up front, exit 2, a name over 255 bytes', async () => {
    const dir = tempDir();
    const result = await runCli(['gen', '--seed', '1', '-o', join(dir, 'm'.repeat(252) + '.txt')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/is longer than 255 bytes\n$/);
  });

  it('removes the folders a failed write created', async () => {
    const dir = tempDir();
    async function* failing(): AsyncGenerator<string> {
      yield 'half';
      throw Object.assign(new Error('ENOSPC'), { code: 'ENOSPC' });
    }
    await expect(writeFileAtomically(join(dir, 'sub', 'deep', 'm.txt'), failing())).rejects.toThrow(IoError);
    removeCreatedFolders();
    expect(readdirSync(dir)).toEqual([]);
    expect(pendingFiles.size).toBe(0);
  });
});

describe('defect 12: PNG bytes reach a terminal through device paths', () => {
  const script = spawnSync('script', ['--version']).status === 0;
  it.skipIf(!script && !IN_CI).each(['/dev/stdout', '/dev/tty', '/proc/self/fd/1'])('refuses -f png -o %s on a terminal', (path) => {
    expect(script, 'script (util-linux) runs the CLI on a pseudo-terminal').toBe(true);
    const result = spawnSync('script', ['-qec', `"${process.execPath}" "${BIN}" gen --seed 1 -f png -o ${path}; echo "status $?"`, '/dev/null'], { encoding: 'latin1' });
    expect(result.stdout).not.toContain('\x89PNG');
    expect(result.stdout.replace(/\r/g, '')).toBe(`maze: error: refusing to write PNG bytes to a terminal ('${path}'); write to a file or redirect standard output\nstatus 2\n`);
  });
});

describe('defect 13: multi-line error messages', () => {
  it.each([
    [['gen', '--w', '1\n2'], "got '1\\n2'"],
    [['gen', '-o', 'a\nb.exe'], "'a\\nb.exe'"],
    [['gen', '--seed', 'x\u0000\u001b[31m', '--w', 'q'], "got 'q'"],
  ])('maze %j: one line, control characters escaped', async (args, quoted) => {
    const result = await runCli(args);
    expect(result.code).toBe(2);
    oneErrorLine(result.stderr);
    expect(result.stderr).toContain(quoted);
  });

  it('quotes NUL bytes of a bad JSON input escaped', async () => {
    const result = await runCli(['render', '-'], '\u0000'.repeat(1000));
    expect(result.code).toBe(2);
    oneErrorLine(result.stderr);
    expect(result.stderr).toContain('\\u0000');
    expect(result.stderr).not.toContain('\u0000');
  });

  it('prints no seed: line before an error when no --seed is given', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'taken'), '');
    for (const args of [['gen', '-o', join(dir, 'taken', 'm.txt')], ['gen', '--w', '0'], ['gen', '--fg', 'nope']]) {
      const result = spawnMaze(args);
      expect(result.code).toBe(2);
      oneErrorLine(result.stderr);
    }
    const full = spawnSync(process.execPath, [BIN, 'gen'], { stdio: ['ignore', openSyncFull(), 'pipe'], encoding: 'utf8' });
    expect(full.status).toBe(1);
    oneErrorLine(full.stderr);
  });
});

describe('defect 15: {seed} climbs out of the output folder', () => {
  it("turns '/', '\\\\' and '..' in a seed into '_' in the file name", async () => {
    const top = tempDir();
    const dir = join(top, 'a', 'b');
    mkdirSync(dir, { recursive: true });
    const result = spawnMaze(['gen', '--seed', '../../zz', '--count', '2', '-o', '{seed}.json'], { cwd: dir });
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(listFiles(top)).toEqual(['a/b/______zz-1.json', 'a/b/______zz-2.json']);
    // the file still records the seed itself
    expect(JSON.parse(readFileSync(join(dir, '______zz-1.json'), 'utf8')).seed).toBe('../../zz-1');
    const windows = spawnMaze(['gen', '--seed', '..\\x', '-o', '{seed}.txt', '--count', '1'], { cwd: dir });
    expect(windows.code).toBe(0);
    expect(readdirSync(dir)).toContain('___x.txt');
  });
});
