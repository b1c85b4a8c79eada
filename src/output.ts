/**
 * Where output goes: a file written atomically (a temporary file in the same
 * folder, then rename), or standard output. A failure or Ctrl-C never leaves
 * a half-written file and never destroys an existing one.
 */
import { randomBytes } from 'node:crypto';
import { accessSync, constants, mkdirSync, rmSync, statSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { IoError, UsageError } from './errors.js';
import type { Chunk, Output } from './formats/types.js';

/** Temporary files being written, removed by the CLI's signal handler. */
export const pendingFiles = new Set<string>();

/**
 * Refuse up front a path that cannot be written: its nearest existing
 * ancestor must be a writable folder. Folders still missing are created by
 * `writeFileAtomically`, as `mkdir -p` would.
 */
export function checkWritable(path: string): void {
  let dir = dirname(resolve(path));
  for (;;) {
    let isDir: boolean;
    try {
      isDir = statSync(dir).isDirectory();
    } catch {
      const parent = dirname(dir);
      if (parent === dir) break;
      dir = parent;
      continue;
    }
    if (!isDir) throw new UsageError(`cannot write '${path}': '${dir}' is not a folder`);
    try {
      accessSync(dir, constants.W_OK);
    } catch {
      throw new UsageError(`cannot write '${path}': the folder '${dir}' is not writable`);
    }
    break;
  }
  try {
    if (statSync(path).isDirectory()) throw new UsageError(`cannot write '${path}': it is a folder`);
  } catch (error) {
    if (error instanceof UsageError) throw error;
  }
}

function toBuffer(chunk: Chunk): Uint8Array {
  return typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
}

export async function writeFileAtomically(path: string, output: Output): Promise<void> {
  const dir = dirname(resolve(path));
  const temp = join(dir, `.${basename(path)}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new IoError(`cannot create the folder '${dir}': ${describe(error)}`);
  }
  let file;
  try {
    file = await open(temp, 'wx', 0o666);
  } catch (error) {
    throw new IoError(`cannot write '${path}': ${describe(error)}`);
  }
  pendingFiles.add(temp);
  try {
    for await (const chunk of output as AsyncIterable<Chunk>) await file.write(toBuffer(chunk));
    await file.close();
    await rename(temp, path);
  } catch (error) {
    await file.close().catch(() => undefined);
    await rm(temp, { force: true });
    if (error instanceof UsageError || error instanceof IoError) throw error;
    if (isSystemError(error)) throw new IoError(`cannot write '${path}': ${describe(error)}`);
    throw error;
  } finally {
    pendingFiles.delete(temp);
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
    };
    return reasons[error.code ?? ''] ?? error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
