/**
 * Where output goes: a file written atomically (a temporary file in the same
 * folder, then rename), or standard output. A failure or Ctrl-C never leaves
 * a half-written file and never destroys an existing one.
 */
import { close, closeSync, mkdirSync, open, openSync, realpathSync, rmSync, statSync, write } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { IoError, UsageError } from './errors.js';
import type { Chunk, Output } from './formats/types.js';

const writeBytes = promisify(write);
const closeFile = promisify(close);
const openFile = promisify(open);

/** Temporary files being written, removed by the CLI's signal handler. */
export const pendingFiles = new Set<string>();

/**
 * Refuse up front every path that cannot be written, before any work: the
 * nearest existing ancestor must be a folder in which a file can really be
 * created (a probe file, removed at once: permission bits say nothing to
 * root, nor about /proc or a read-only mount). Folders still missing are
 * created by `writeFileAtomically`, as `mkdir -p` would.
 */
export function checkWritable(paths: Iterable<string>): void {
  const probed = new Set<string>();
  for (const path of paths) {
    const existing = statOrNull(path);
    if (existing?.isDirectory()) throw new UsageError(`cannot write '${path}': it is a folder`);
    if (existing && !existing.isFile()) continue; // a device or a pipe, written in place
    let dir = dirname(resolve(path));
    for (;;) {
      const stats = statOrNull(dir);
      if (stats) {
        if (!stats.isDirectory()) throw new UsageError(`cannot write '${path}': '${dir}' is not a folder`);
        break;
      }
      const parent = dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
    if (probed.has(dir)) continue;
    probed.add(dir);
    const probe = tempName(dir, 'probe');
    try {
      closeSync(openSync(probe, 'wx', 0o600));
    } catch (error) {
      throw new UsageError(`cannot write '${path}': no file can be created in '${dir}' (${describe(error)})`);
    }
    rmSync(probe, { force: true });
  }
}

function statOrNull(path: string): ReturnType<typeof statSync> | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

let tempCount = 0;

function tempName(dir: string, name: string): string {
  // pid, clock and a counter make the name unique ('wx' refuses a clash anyway);
  // node:crypto would cost every run a few milliseconds of start-up
  return join(dir, `.${name}.tmp-${process.pid}-${Date.now().toString(36)}-${(tempCount++).toString(36)}`);
}

function toBuffer(chunk: Chunk): Uint8Array {
  return typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
}

/** Write every byte: a write may take fewer than it was given. */
async function writeAll(fd: number, output: Output): Promise<void> {
  for await (const chunk of output as AsyncIterable<Chunk>) {
    const bytes = toBuffer(chunk);
    let done = 0;
    while (done < bytes.byteLength) done += (await writeBytes(fd, bytes, done, bytes.byteLength - done)).bytesWritten;
  }
}

/**
 * Write `output` to `path` through a temporary file in the same folder, then
 * rename it over `path`. A symbolic link is followed, so that the link stays
 * a link. A device or a pipe (/dev/null, a FIFO, /dev/stdout on a pipe)
 * cannot be replaced, so it is written in place.
 */
export async function writeFileAtomically(path: string, output: Output): Promise<void> {
  const existing = statOrNull(path);
  if (existing && !existing.isFile() && !existing.isDirectory()) return writeInPlace(path, output);
  const target = existing ? realpathSync(path) : resolve(path);
  const dir = dirname(target);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new IoError(`cannot create the folder '${dir}': ${describe(error)}`);
  }
  // Registered before it exists and created synchronously, so that a signal
  // handler, which runs only between awaits, always knows of it.
  const temp = tempName(dir, basename(target));
  pendingFiles.add(temp);
  let fd: number;
  try {
    fd = openSync(temp, 'wx', 0o666);
  } catch (error) {
    pendingFiles.delete(temp);
    throw new IoError(`cannot write '${path}': ${describe(error)}`);
  }
  try {
    await writeAll(fd, output);
    await closeFile(fd);
    fd = -1;
    await rename(temp, target);
  } catch (error) {
    if (fd >= 0) await closeFile(fd).catch(() => undefined);
    await rm(temp, { force: true });
    if (error instanceof UsageError || error instanceof IoError) throw error;
    if (isSystemError(error)) throw new IoError(`cannot write '${path}': ${describe(error)}`);
    throw error;
  } finally {
    pendingFiles.delete(temp);
  }
}

async function writeInPlace(path: string, output: Output): Promise<void> {
  let fd: number;
  try {
    // not openSync: a FIFO blocks here until its reader comes, and Ctrl-C must still work
    fd = await openFile(path, 'w');
  } catch (error) {
    throw new IoError(`cannot write '${path}': ${describe(error)}`);
  }
  try {
    await writeAll(fd, output);
  } catch (error) {
    if (isSystemError(error)) throw new IoError(`cannot write '${path}': ${describe(error)}`);
    throw error;
  } finally {
    await closeFile(fd).catch(() => undefined);
  }
}

/** Remove every temporary file still being written (on a signal, synchronously). */
export function removePendingFiles(): void {
  for (const file of pendingFiles) rmSync(file, { force: true });
  pendingFiles.clear();
}

/** Write to a stream, waiting whenever it asks us to; a closed pipe ends the output quietly. */
export async function writeToStream(stream: Writable, output: Output): Promise<void> {
  let closed = false;
  const onError = (error: NodeJS.ErrnoException): void => {
    if (error.code === 'EPIPE') closed = true;
  };
  stream.on('error', onError);
  try {
    for await (const chunk of output as AsyncIterable<Chunk>) {
      if (closed) return;
      if (!stream.write(chunk)) {
        await new Promise<void>((done) => {
          const finish = (): void => {
            stream.off('drain', finish);
            stream.off('error', finish);
            stream.off('close', finish);
            done();
          };
          stream.on('drain', finish);
          stream.on('error', finish);
          stream.on('close', finish);
        });
      }
    }
  } finally {
    stream.off('error', onError);
  }
}

function isSystemError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string';
}

export function describe(error: unknown): string {
  if (isSystemError(error)) {
    const reasons: Record<string, string> = {
      ENOENT: 'no such file or folder',
      EACCES: 'permission denied',
      EPERM: 'operation not permitted',
      EISDIR: 'it is a folder',
      ENOTDIR: 'a part of the path is not a folder',
      ENOSPC: 'no space left on the device',
      EROFS: 'read-only file system',
      EEXIST: 'the file exists',
      EIO: 'input/output error',
    };
    return reasons[error.code ?? ''] ?? error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
