/**
 * Hardening, second round (issue 16), the output and batch items: one test
 * per item, named after it. Each runs the item's reproduction and checks
 * what SPEC "Errors and safety" asks for.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, closeSync, constants, mkdirSync, mkdtempSync, openSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { workerCount } from '../src/cli/batch.js';
import { IoError } from '../src/errors.js';
import { writeFileAtomically } from '../src/cli/output.js';
import { BIN, listFiles, ROOT, runCli, spawnMazeAsync, tempDir } from './helpers.js';

const IS_ROOT = process.getuid?.() === 0;
const SECRET = Array.from({ length: 40 }, (_, i) => `root-only line ${i + 1}\n`).join('');

/** One `maze: error:` line and nothing else on stderr. */
function oneErrorLine(stderr: string): void {
  expect(stderr).toMatch(/^maze: error: [^\n]+\n$/);
  expect(stderr).not.toMatch(/\n {4}at /);
}

const sleep = (ms: number): Promise<void> => new Promise((wake) => setTimeout(wake, ms));

interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

/** The built binary, with its own environment, to be waited on or signalled. */
function start(args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): { child: ReturnType<typeof spawn>; ended: Promise<Ended> } {
  const child = spawn(process.execPath, [BIN, ...args], { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
  const err: Buffer[] = [];
  child.stderr!.on('data', (c: Buffer) => err.push(c));
  const ended = new Promise<Ended>((done) => child.on('close', (code, signal) => done({ code, signal, stderr: Buffer.concat(err).toString('utf8') })));
  return { child, ended };
}

describe('item 1: a FIFO swapped for a symlink gets any file overwritten in place, as root', () => {
  it('refuses a link swapped in for the FIFO while it waits for a reader (our own link, a plain folder), writing nothing', async () => {
    const dir = tempDir();
    const fifo = join(dir, 'maze.txt');
    const victim = join(dir, 'secret.conf');
    writeFileSync(victim, SECRET, { mode: 0o600 });
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    // the check (a FIFO) is made when the write starts; it then waits for a reader
    const writing = writeFileAtomically(fifo, ['the maze\n']);
    await sleep(100);
    symlinkSync(victim, join(dir, '.x'));
    renameSync(join(dir, '.x'), fifo); // in one step, as mv -T does
    await expect(writing).rejects.toThrow(IoError);
    await expect(writing).rejects.toThrow(`cannot write '${fifo}': it was replaced by another file while this run waited to write it; nothing was written`);
    expect(readFileSync(victim, 'utf8')).toBe(SECRET);
  });

  it('refuses another FIFO swapped in for the one checked, even with a reader waiting on it', async () => {
    const dir = tempDir();
    const fifo = join(dir, 'maze.txt');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const writing = writeFileAtomically(fifo, ['the maze\n']);
    await sleep(100);
    const other = join(dir, '.other');
    expect(spawnSync('mkfifo', [other]).status).toBe(0);
    const reader = openSync(other, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      renameSync(other, fifo);
      await expect(writing).rejects.toThrow('it was replaced by another file');
    } finally {
      closeSync(reader);
    }
  });

  it("as root, refuses another user's link swapped in for the FIFO with the planted link's words (fs.protected_symlinks = 0)", async (ctx) => {
    if (!IS_ROOT) ctx.skip('needs root, to be fooled by another user (nobody)');
    if (spawnSync('su', ['nobody', '-s', '/bin/sh', '-c', 'true']).status !== 0) ctx.skip('cannot run a command as nobody (su)');
    const sysctl = '/proc/sys/fs/protected_symlinks';
    let saved: string;
    try {
      saved = readFileSync(sysctl, 'utf8');
      writeFileSync(sysctl, '0');
    } catch (error) {
      ctx.skip(`cannot set fs.protected_symlinks to 0 (${(error as Error).message})`);
    }
    // in the system's temp folder: the run's scratch folder is closed to nobody
    const root = mkdtempSync(join(tmpdir(), 'maze-swap-'));
    try {
      chmodSync(root, 0o755);
      const shared = join(root, 'shared');
      const victim = join(root, 'victim', 'secret.conf');
      mkdirSync(shared);
      chmodSync(shared, 0o1777);
      mkdirSync(join(root, 'victim'));
      writeFileSync(victim, SECRET, { mode: 0o600 });
      const fifo = join(shared, 'maze.txt');
      const asNobody = (script: string): number | null => spawnSync('su', ['nobody', '-s', '/bin/sh', '-c', script]).status;
      expect(asNobody(`mkfifo '${fifo}'`)).toBe(0);
      const run = start(['gen', '--seed', '1', '--w', '5', '--h', '3', '-o', fifo], root);
      await sleep(1000); // it waits for a reader
      expect(asNobody(`ln -s '${victim}' '${shared}/.x' && mv -T '${shared}/.x' '${fifo}'`)).toBe(0);
      const result = await run.ended;
      expect(result.code).toBe(2);
      oneErrorLine(result.stderr);
      expect(result.stderr).toContain(`cannot write '${fifo}': refusing to follow the symbolic link '${fifo}', owned by another user (uid 65534) in the shared folder '${shared}'`);
      expect(readFileSync(victim, 'utf8')).toBe(SECRET);
      expect(statSync(victim).mode & 0o777).toBe(0o600);
    } finally {
      rmSync(root, { recursive: true, force: true });
      writeFileSync(sysctl, saved!);
    }
  }, 30_000);
});

describe('item 5: Ctrl-C and SIGTERM wait 27–44 s in a large batch', () => {
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('maze gen --count 1000000 ends within a second or so of %s, leaving only whole files', async (signal, code) => {
    const dir = tempDir();
    const run = start(['gen', '--count', '1000000', '-o', 'out-{n}.png', '-q', '--seed', '508'], dir);
    await sleep(1500);
    const sent = Date.now();
    run.child.kill(signal);
    const result = await run.ended;
    const ms = Date.now() - sent;
    // its default action, or exit 128 + its number after removing a temporary file
    expect(result.signal === signal || result.code === code, JSON.stringify(result)).toBe(true);
    expect(ms).toBeLessThan(3000); // a hang was 27 s or more; the bound allows a loaded machine
    for (const name of listFiles(dir)) {
      expect(name).toMatch(/^out-\d+\.png$/);
      expect(readFileSync(join(dir, name)).subarray(-8, -4).toString('latin1'), name).toBe('IEND');
    }
  }, 30_000);

  it('still refuses, in a batch read folder by folder, a folder, a dangling link and a missing parent that is a file', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'out'));
    writeFileSync(join(dir, 'out', 'm-2.txt'), 'old\n');
    mkdirSync(join(dir, 'out', 'm-3.txt'));
    const folder = await runCli(['gen', '--count', '4', '--seed', '1', '-o', join(dir, 'out', 'm-{n}.txt')]);
    expect(folder.code).toBe(2);
    expect(folder.stderr).toBe(`maze: error: cannot write '${join(dir, 'out', 'm-3.txt')}': it is a folder\n`);
    rmSync(join(dir, 'out', 'm-3.txt'), { recursive: true });
    symlinkSync('nowhere', join(dir, 'out', 'm-4.txt'));
    const dangling = await runCli(['gen', '--count', '4', '--seed', '1', '-o', join(dir, 'out', 'm-{n}.txt')]);
    expect(dangling.code).toBe(2);
    expect(dangling.stderr).toContain("points to nothing ('nowhere')");
    writeFileSync(join(dir, 'file'), '');
    const underFile = await runCli(['gen', '--count', '2', '--seed', '1', '-o', join(dir, 'file', '{n}', 'm.txt')]);
    expect(underFile.code).toBe(2);
    expect(underFile.stderr).toContain('is not a folder');
    expect(listFiles(dir)).toEqual(['file', 'out/m-2.txt', 'out/m-4.txt']);
    expect(readFileSync(join(dir, 'out', 'm-2.txt'), 'utf8')).toBe('old\n');
    // and a batch into new nested folders is written whole
    expect((await runCli(['gen', '--count', '3', '--seed', '1', '-o', join(dir, 'new', '{n}', 'm.txt')])).code).toBe(0);
    expect(listFiles(join(dir, 'new'))).toEqual(['1/m.txt', '2/m.txt', '3/m.txt']);
  });
});

describe('item 9: a batch worker out of memory prints a Node stack trace', () => {
  it('says so in one line, exit 1, and leaves only whole files', async () => {
    const dir = tempDir();
    const env = { ...process.env, NODE_OPTIONS: '--max-old-space-size=40' };
    const run = start(['gen', '--algo', 'backtracker', '--w', '3000', '--h', '3000', '--solve', '--count', '4', '--jobs', '2', '-o', 'w/m-{n}.json'], dir, env);
    const result = await run.ended;
    expect(result.code).toBe(1);
    // the drawn seed is printed once a first maze is whole, which may happen before a worker runs out
    expect(result.stderr).toMatch(/^(seed: \d+\n)?maze: error: a batch worker ran out of memory making 'w\/m-\d\.json' \(2 at work\); try fewer --jobs, a smaller maze, or more memory for Node \(--max-old-space-size\)\n$/);
    for (const name of listFiles(dir)) {
      expect(name).toMatch(/^w\/m-\d\.json$/);
      expect(() => JSON.parse(readFileSync(join(dir, name), 'utf8')) as unknown, name).not.toThrow();
    }
  }, 60_000);
});

describe('item 10: --jobs 1024 starts 1024 threads', () => {
  it('clamps the worker count to the cores and to the batch', () => {
    expect(workerCount(1024, 3, 2)).toBe(2);
    expect(workerCount(1024, 1000, 2)).toBe(2);
    expect(workerCount(1024, 3, 64)).toBe(3);
    expect(workerCount(null, 1000, 8)).toBe(8);
    expect(workerCount(null, 3, 8)).toBe(3);
    expect(workerCount(1, 50, 8)).toBe(1);
    expect(workerCount(4, 50, 8)).toBe(4);
    expect(workerCount(null, 1, 1)).toBe(1);
  });

  it('writes the same files with --jobs 1024 --count 3 as with --jobs 1', async () => {
    const dir = tempDir();
    const args = ['gen', '--count', '3', '--seed', 'clamp', '--w', '12', '--h', '8'];
    const [many, one] = await Promise.all([
      spawnMazeAsync([...args, '--jobs', '1024', '-o', 'many/m-{n}.png'], { cwd: dir }),
      spawnMazeAsync([...args, '--jobs', '1', '-o', 'one/m-{n}.png'], { cwd: dir }),
    ]);
    expect(many).toMatchObject({ code: 0, stderr: '' });
    expect(one).toMatchObject({ code: 0, stderr: '' });
    expect(listFiles(join(dir, 'many'))).toEqual(['m-1.png', 'm-2.png', 'm-3.png']);
    for (const name of listFiles(join(dir, 'one'))) {
      expect(readFileSync(join(dir, 'many', name)).equals(readFileSync(join(dir, 'one', name))), name).toBe(true);
    }
  }, 60_000);
});

describe('item 11: a closed stdout exits 0 and drops the output', () => {
  /** The built binary through sh, with its standard output redirected as `redirect` says. */
  const viaShell = (args: string, redirect: string): { status: number | null; stderr: string } => {
    const result = spawnSync('sh', ['-c', `"${process.execPath}" "${BIN}" ${args} ${redirect}`], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return { status: result.status, stderr: result.stderr };
  };

  // and standard output by a name (a user sweep: it wrote into the /dev/null Node puts in its place, exit 0)
  it.each(['gen --seed 1 --w 5 --h 3', 'list', 'stats fixtures/four-by-four.json', 'gen --seed 1 --w 5 --h 3 -o /dev/stdout', 'gen --seed 1 --w 5 --h 3 -o /dev/fd/1', 'render fixtures/four-by-four.json -o /proc/self/fd/1 -f json'])('maze %s >&- fails in one line, exit 1', (args) => {
    const result = viaShell(args, '>&-');
    expect(result.status).toBe(1);
    oneErrorLine(result.stderr);
    expect(result.stderr).toBe('maze: error: cannot write to standard output: it is closed (>&-); redirect it to a file, or to /dev/null to discard the output\n');
  });

  it('stays a quiet success with > /dev/null, and writes a file with -o while stdout is closed', () => {
    expect(viaShell('gen --seed 1 --w 5 --h 3', '> /dev/null')).toEqual({ status: 0, stderr: '' });
    expect(viaShell('gen --seed 1 --w 5 --h 3', '>> /dev/null')).toEqual({ status: 0, stderr: '' });
    const dir = tempDir();
    expect(viaShell(`gen --seed 1 --w 5 --h 3 -o '${join(dir, 'm.txt')}'`, '>&-')).toEqual({ status: 0, stderr: '' });
    expect(listFiles(dir)).toEqual(['m.txt']);
  });
});

describe('a file one may not write is not replaced (user sweep: a read-only file, and another user\'s, were renamed over, exit 0)', () => {
  it('maze gen -o onto a read-only file is refused in one line, exit 2, the file as it was; a new file beside it is written', (ctx) => {
    // as root, the run is nobody's: it must be able to read the built CLI where this checkout lies
    if (IS_ROOT && spawnSync('su', ['nobody', '-s', '/bin/sh', '-c', `test -r '${BIN}'`]).status !== 0) ctx.skip(`user nobody cannot read ${BIN} in this checkout`);
    const dir = mkdtempSync(join(tmpdir(), 'maze-ro-'));
    try {
      chmodSync(dir, 0o777);
      // as root access(2) lets every write through: the run is another user's, as the sweep's was
      const run = (script: string): { status: number | null; stdout: string; stderr: string } => {
        const result = IS_ROOT ? spawnSync('su', ['nobody', '-s', '/bin/sh', '-c', script], { encoding: 'utf8' }) : spawnSync('/bin/sh', ['-c', script], { encoding: 'utf8' });
        return { status: result.status, stdout: result.stdout, stderr: result.stderr };
      };
      const made = run(`cd '${dir}' && echo keep > ro.txt && chmod 444 ro.txt && '${process.execPath}' '${BIN}' gen --w 3 --h 2 --seed 1 -o ro.txt`);
      expect(made.status).toBe(2);
      expect(made.stderr).toBe("maze: error: cannot write 'ro.txt': permission denied (the file is not writable by you); change its mode, or write elsewhere\n");
      expect(readFileSync(join(dir, 'ro.txt'), 'utf8')).toBe('keep\n');
      expect(run(`cd '${dir}' && '${process.execPath}' '${BIN}' gen --w 3 --h 2 --seed 1 -q -o new.txt`).status).toBe(0);
      expect(listFiles(dir).sort()).toEqual(['new.txt', 'ro.txt']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('an output named by its descriptor is written through it, as a shell redirection is (user sweep)', () => {
  /** bash -c `script` in a fresh folder, with no descriptor beyond the three standard ones; `maze` the built binary. */
  const bash = (script: string, dir: string): { status: number | null; stdout: string; stderr: string } => {
    const result = spawnSync('bash', ['--norc', '-c', `maze() { "${process.execPath}" "${BIN}" "$@"; }; ${script}`], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  };
  const MAZE = '+---+---+---+\n|   |       |\n+   +---+   +\n|           |\n+---+---+---+\n';

  it('-o /dev/stdout, /dev/fd/1 and /dev/fd/3 append to what the shell opened: the file is not replaced, what came before and after stays', () => {
    const dir = tempDir();
    for (const name of ['/dev/stdout', '/dev/fd/1', '/proc/self/fd/1']) {
      // it replaced log.txt with a new file: 'first' lost, and 'after' written to the old one, deleted
      const run = bash(`echo first > log.txt; ino=$(stat -c %i log.txt); { maze gen --seed 1 --w 3 --h 2 -q -f ascii -o ${name}; echo after; } >> log.txt; test "$ino" = "$(stat -c %i log.txt)" && cat log.txt`, dir);
      expect(run, name).toEqual({ status: 0, stdout: `first\n${MAZE}after\n`, stderr: '' });
    }
    expect(bash('echo first > f.txt; maze gen --seed 1 --w 3 --h 2 -q -o /dev/fd/3 3>>f.txt && cat f.txt', dir)).toEqual({ status: 0, stdout: `first\n${MAZE}`, stderr: '' });
    // a name that says no format takes ascii, as standard output does (SPEC "Output formats"), when it leads to a file too
    expect(bash('maze gen --seed 1 --w 3 --h 2 -q -o /dev/stdout > out.txt && cat out.txt', dir)).toEqual({ status: 0, stdout: MAZE, stderr: '' });
    // a pipe to another process (its reading end is not ours)
    expect(bash('maze gen --seed 1 --w 3 --h 2 -q -o /dev/fd/4 4> >(sed "s/^/> /"); wait', dir).stdout).toBe(MAZE.replace(/^(?=.)/gm, '> '));
  });

  it('a descriptor the shell did not open (Node\'s own: it hung, did nothing or crashed) or opened for reading is refused in one line, exit 2', () => {
    const dir = tempDir();
    for (const n of [3, 4, 5, 6, 7, 8, 9, 11, 12]) {
      const run = bash(`maze gen --seed 1 --w 3 --h 2 -q -o /dev/fd/${n}`, dir);
      expect(run.status, `fd ${n}`).toBe(2);
      oneErrorLine(run.stderr);
      expect(run.stderr, `fd ${n}`).toMatch(new RegExp(`^maze: error: cannot write '/dev/fd/${n}': descriptor ${n} is (not open \\(give it to maze from the shell, as ${n}>file\\)|open for reading only)\\n$`));
      expect(run.stdout).toBe('');
    }
    expect(bash('maze gen --seed 1 --w 3 --h 2 -q -o /dev/fd/0 < /dev/null', dir).stderr).toBe("maze: error: cannot write '/dev/fd/0': descriptor 0 is open for reading only\n");
    expect(listFiles(dir)).toEqual([]);
  });
});

describe('a batch on a full disk names the first maze it did not write (user sweep: with --jobs 2 it named m-9 while m-8 was missing too)', () => {
  it('the message names the first missing file, as the failure or as the first not written; every file there is whole', (ctx) => {
    const dir = tempDir();
    const disk = join(dir, 'disk');
    mkdirSync(disk);
    // eight inodes: the folder and seven files, temporary ones among them
    if (spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=2m,nr_inodes=8', 'tmpfs', disk]).status !== 0) ctx.skip('cannot mount a small tmpfs here (not root, or no mount in this container)');
    try {
      for (let round = 0; round < 3; round++) {
        for (const name of listFiles(disk)) rmSync(join(disk, name));
        const run = spawnSync(process.execPath, [BIN, 'gen', '--seed', '1', '--w', '10', '--h', '10', '--count', '20', '--jobs', '2', '-q', '-o', join(disk, 'm-{n}.txt')], { encoding: 'utf8' });
        expect(run.status).toBe(1);
        oneErrorLine(run.stderr);
        const files = listFiles(disk);
        const firstMissing = Array.from({ length: 20 }, (_, i) => `m-${i + 1}.txt`).find((name) => !files.includes(name))!;
        const named = /; the first maze not written is '([^']+)'\n$/.exec(run.stderr)?.[1] ?? /^maze: error: cannot write '([^']+)'/.exec(run.stderr)?.[1];
        expect(named, run.stderr).toBe(join(disk, firstMissing));
        for (const name of files) expect(readFileSync(join(disk, name), 'utf8'), name).toMatch(/\+---\+\n$/);
      }
    } finally {
      spawnSync('umount', [disk]);
    }
  });
});
