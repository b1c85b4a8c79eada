/** Reading a file the user names (or standard input), whole, within a limit: saved mazes (input.ts) and masks (mask-file.ts). */
import { closeSync, constants, fstatSync, open, read } from 'node:fs';
import { promisify } from 'node:util';
import { UsageError } from '../../errors.js';

const readBytes = promisify(read);
const openFile = promisify(open);

/**
 * A file read whole, or refused (`tooLarge`) when larger than `limit`
 * bytes: by its size up front, and as it is read (a pipe, a device). A
 * folder is an EISDIR error. A FIFO with no writer blocks in open or read,
 * in the thread pool: no signal handler is installed meanwhile, so Ctrl-C's
 * default action still ends the run at once. Saved mazes and masks are
 * read through it.
 */
export async function readFileCapped(file: string, limit: number, tooLarge: (file: string) => Error): Promise<Buffer> {
  const fd = await openFile(file, constants.O_RDONLY);
  try {
    const stats = fstatSync(fd);
    if (stats.isDirectory()) throw Object.assign(new Error('EISDIR'), { code: 'EISDIR' });
    if (stats.isFile() && stats.size > limit) throw tooLarge(file);
    const parts: Buffer[] = [];
    let total = 0;
    for (;;) {
      const buffer = Buffer.allocUnsafe(stats.isFile() ? Math.max(1, Math.min(stats.size + 1, 1 << 24)) : 1 << 16);
      const got = (await readBytes(fd, buffer, 0, buffer.length, null)).bytesRead;
      if (got === 0) break;
      total += got;
      if (total > limit) throw tooLarge(file);
      parts.push(buffer.subarray(0, got));
    }
    return Buffer.concat(parts, total);
  } finally {
    closeSync(fd);
  }
}

/** A stream (standard input) read whole, or refused (`tooLarge`) as soon as it passes `limit` bytes. */
export async function readStreamCapped(stream: AsyncIterable<unknown>, limit: number, tooLarge: () => Error): Promise<Buffer> {
  // a folder given as standard input (`< /tmp`) reads as nothing in Node: said as a folder named is
  if ((stream as { fd?: unknown }).fd === 0 && fstatSync(0).isDirectory()) throw new UsageError('cannot read standard input: it is a folder');
  const parts: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    total += bytes.length;
    if (total > limit) throw tooLarge();
    parts.push(bytes);
  }
  return Buffer.concat(parts, total);
}
