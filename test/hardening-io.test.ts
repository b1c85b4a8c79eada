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
import { IoError } from '../src/errors.js';
import { writeFileAtomically } from '../src/output.js';
import { BIN, tempDir } from './helpers.js';

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
