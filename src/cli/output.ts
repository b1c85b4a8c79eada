/**
 * Where output goes: a file written atomically (a temporary file in the same
 * folder, then rename), or standard output. A failure or Ctrl-C never leaves
 * a half-written file and never destroys an existing one; a failed write is
 * an error, never a silent success.
 */
import { accessSync, closeSync, constants, fchmodSync, fchownSync, fstatSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, readlinkSync, renameSync, rm, rmdirSync, rmSync, statSync, unlinkSync, writeSync } from 'node:fs';
import type { Stats } from 'node:fs';
import { close, open } from 'node:fs';
import { TURN_EVERY_MS } from '../tick.js';
import { createRequire } from 'node:module';
import { basename, dirname, isAbsolute, resolve, sep } from 'node:path';
import type { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { IoError, UsageError } from '../errors.js';
import { eraseProgressLines } from './progress.js';
import type { Chunk, Output } from '../formats/types.js';

const closeFile = promisify(close);
const openFile = promisify(open);
// node:fs's own, not node:fs/promises, which is one more module to load at every start
const removeFile = promisify(rm);

/** node:tty's isatty, loaded when a device is written: it brings Node's stream and socket code, milliseconds of every start. */
function isatty(fd: number): boolean {
  return (createRequire(import.meta.url)('node:tty') as typeof import('node:tty')).isatty(fd);
}

/** Longest file name (one path component) and path Linux takes, in bytes. */
export const NAME_MAX = 255;
export const PATH_MAX = 4095;

/** Temporary files being written, removed on Ctrl-C or a kill (see `onSignal`). */
export const pendingFiles = new Set<string>();

/**
 * One run's output state: the folders it created (mkdir -p), removed again
 * if a failure leaves them empty. Each run has its own, so that runs in one
 * process, one after another or at once, clean up only what they made.
 * (Temporary files are tracked for the whole process, `pendingFiles`: a
 * signal ends every run at once.)
 */
export class OutputSession {
  /** The sessions of runs going on, whose folders a signal removes too. */
  private static readonly open = new Set<OutputSession>();
  private readonly created: string[] = [];

  /** A session for a run: open until `close`, so that a signal cleans up after it. */
  static start(): OutputSession {
    const session = new OutputSession();
    OutputSession.open.add(session);
    return session;
  }

  /** The run is over: nothing of it for a signal to clean. */
  close(): void {
    OutputSession.open.delete(this);
  }

  /** Ctrl-C or a kill: every open run's empty new folders go. */
  static removeAllCreatedFolders(): void {
    for (const session of OutputSession.open) session.removeCreatedFolders();
  }

  /** Remember a folder this run made. */
  madeFolder(dir: string): void {
    this.created.push(dir);
  }

  /** After a failure: remove the folders this run created that are still empty, deepest first. */
  removeCreatedFolders(): void {
    const created = this.created.sort((a, b) => a.length - b.length);
    while (created.length > 0) {
      try {
        rmdirSync(created.pop()!);
      } catch {
        // not empty (files 1..k of a batch stay), or gone
      }
    }
  }
}

/** What a write needs to know of its output: binary bytes are refused on a terminal. */
export interface WriteOptions {
  /** The run writing, which remembers the folders it creates; none: they are not remembered. */
  session?: OutputSession;
  /** The format's name when its bytes are binary (PNG), so that a terminal refuses them. */
  binary?: string;
  /**
   * checkWritable: false skips the probe file, for output made in an
   * instant, where failing at the write instead costs nothing (the write
   * refuses a folder that takes no file in the probe's words); a probe is a
   * millisecond of a small run's start.
   */
  probe?: boolean;
}

/**
 * Refuse up front every path that cannot be written, before any work: a
 * planted symbolic link (`resolveOutputPath`), a name too long, a folder, and
 * a folder in which no file can really be created (a probe file, removed at
 * once: permission bits say nothing to root, nor about /proc or a read-only
 * mount). Folders still missing are created by `writeFileAtomically`, as
 * `mkdir -p` would.
 *
 * A batch's paths mostly share a folder: it is read once (`listFolder`),
 * and a name that is new there or a plain file needs no call of its own;
 * only the others are resolved one by one. Ctrl-C keeps its default action
 * for the whole loop but the instant a probe exists, so that a million
 * paths never hold it back.
 */
export async function checkWritable(paths: Iterable<string>, options: WriteOptions = {}): Promise<void> {
  const folders = new Map<string, FolderListing | null>();
  const probed = new Set<string>();
  // one path: its own checks cost less than reading its folder, which may hold thousands of names
  const single = Array.isArray(paths) && paths.length === 1;
  try {
    for (const path of paths) {
      checkName(path);
      const known = single ? null : knownFolder(path, folders);
      const dir = known ?? checkTarget(path, options);
      if (dir === null || probed.has(dir) || options.probe === false) continue;
      probed.add(dir);
      probeFolder(dir, path);
      await releaseSignals();
    }
  } finally {
    await releaseSignals();
  }
}

/** A folder of output paths, read once: where a probe for it goes, and which of its names are plain files. */
interface FolderListing {
  /** The folder's real path; or, while it is missing, its nearest existing parent, where mkdir -p starts. */
  probeIn: string;
  /** Every name in the folder: true for a plain file, false for anything else (a link, a folder, a device, a type the file system does not tell). */
  plainFile: Map<string, boolean>;
}

/**
 * The existing folder a file of `path` would be created in, when its name
 * there needs no check of its own (new, or a plain file); else null, and
 * `checkTarget` looks at it.
 */
function knownFolder(path: string, folders: Map<string, FolderListing | null>): string | null {
  const name = basename(path);
  if (path.endsWith('/') || name === '.' || name === '..') return null;
  const listing = folderOf(dirname(path), folders);
  return listing && listing.plainFile.get(name) !== false ? listing.probeIn : null;
}

function folderOf(dir: string, folders: Map<string, FolderListing | null>): FolderListing | null {
  let listing = folders.get(dir);
  if (listing === undefined) {
    listing = listFolder(dir, folders);
    folders.set(dir, listing);
  }
  return listing;
}

/** `dir` read, or null where each path in it must be checked on its own (unreadable, not a folder, a link refused on the way). */
function listFolder(dir: string, folders: Map<string, FolderListing | null>): FolderListing | null {
  const parent = dirname(dir);
  const name = basename(dir);
  const simple = parent !== dir && name !== '.' && name !== '..';
  // a folder its parent's listing does not hold is new: no call needed ('out/{n}/m.png')
  const above = simple ? folders.get(parent) : undefined;
  if (above && !above.plainFile.has(name)) return { probeIn: above.probeIn, plainFile: new Map() };
  try {
    const { target, throughMagicLink } = resolveOutput(dir);
    if (throughMagicLink) return null;
    const stats = lstatOrNull(target);
    if (stats?.isDirectory()) {
      const plainFile = new Map<string, boolean>();
      for (const entry of readdirSync(target, { withFileTypes: true })) plainFile.set(entry.name, entry.isFile());
      return { probeIn: target, plainFile };
    }
    if (stats || !simple) return null;
    const missingParent = folderOf(parent, folders);
    return missingParent && { probeIn: missingParent.probeIn, plainFile: new Map() };
  } catch {
    return null;
  }
}

/**
 * One path resolved and checked on its own: the existing folder a file of it
 * would be created in (its own, or the nearest existing parent, as mkdir -p
 * starts there), or null for a device or a pipe, written in place.
 */
function checkTarget(path: string, options: WriteOptions): string | null {
  const descriptor = namedDescriptor(path);
  if (descriptor !== null) {
    checkDescriptor(path, descriptor, options);
    return null;
  }
  const { target, throughMagicLink } = resolveOutput(path);
  const existing = statOrNull(target);
  if (existing?.isDirectory()) throw new UsageError(`cannot write '${path}': it is a folder`);
  if (existing && !existing.isFile()) {
    // a terminal takes no binary bytes
    if (options.binary && existing.isCharacterDevice() && deviceIsTerminal(target, throughMagicLink)) throw terminalRefusal(path, options.binary);
    return null;
  }
  let dir = dirname(target);
  for (;;) {
    const stats = statOrNull(dir);
    if (stats) {
      if (!stats.isDirectory()) throw new UsageError(`cannot write '${path}': '${dir}' is not a folder`);
      return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) return dir;
    dir = parent;
  }
}

/** Whether this process may write the file at `path` (access(2)'s W_OK: its mode, owner and group; root may write any). */
function mayWrite(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** Create and remove a file in `dir`: the only sure test that one can be. */
function probeFolder(dir: string, path: string): void {
  const probe = tempName(dir, 'probe');
  trackTemp(probe); // a kill between its creation and removal must not leave it
  try {
    closeSync(openSync(probe, 'wx', 0o600));
  } catch (error) {
    throw cannotCreateIn(path, dir, error);
  } finally {
    // unlink, not rmSync, whose first call loads Node's rimraf (a millisecond of every start)
    try {
      unlinkSync(probe);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    untrackTemp(probe);
  }
}

/** A folder that takes no new file (read-only, /proc, no permission): a usage error, said as the probe says it, whoever finds it. */
function cannotCreateIn(path: string, dir: string, error: unknown): UsageError {
  return new UsageError(`cannot write '${path}': no file can be created in '${dir}' (${systemErrorText(error)})`);
}

/** Any legal name works; a longer one is refused up front rather than failing half-way. */
function checkName(path: string): void {
  if (path.includes('\0')) throw new UsageError(`cannot write '${path}': a file name cannot hold a NUL character`);
  if (Buffer.byteLength(path) > PATH_MAX) throw new UsageError(`cannot write '${path.slice(0, 40)}...': the path is longer than ${PATH_MAX} bytes`);
  for (const part of path.split(sep)) {
    if (Buffer.byteLength(part) > NAME_MAX) throw new UsageError(`cannot write '${path}': the name '${part.slice(0, 40)}...' is longer than ${NAME_MAX} bytes`);
  }
}

function deviceIsTerminal(path: string, follow: boolean): boolean {
  let fd = -1;
  try {
    fd = openSync(path, constants.O_WRONLY | constants.O_NOCTTY | constants.O_NONBLOCK | (follow ? 0 : constants.O_NOFOLLOW));
    return isatty(fd);
  } catch {
    return false;
  } finally {
    if (fd >= 0) closeSync(fd);
  }
}

function terminalRefusal(path: string, format: string): UsageError {
  return new UsageError(`refusing to write ${format.toUpperCase()} bytes to a terminal ('${path}'); write to a file or redirect standard output`);
}

// throwIfNoEntry: a thrown ENOENT costs five times the lstat itself, and a
// batch checks a million missing names
function statOrNull(path: string): Stats | null {
  try {
    return statSync(path, { throwIfNoEntry: false }) ?? null;
  } catch {
    return null;
  }
}

function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path, { throwIfNoEntry: false }) ?? null;
  } catch {
    return null;
  }
}

/** As many symbolic links as Linux follows in one path (MAXSYMLINKS) before ELOOP. */
const MAX_LINKS = 40;

/** Where an output path leads (see `resolveOutput`). */
interface ResolvedOutput {
  /** The real path, with no symbolic link left in it; or the path itself when it ends in a /proc magic link. */
  target: string;
  /** A /proc magic link (/dev/stdout on a pipe) only the kernel can follow: the target is opened through it. */
  throughMagicLink: boolean;
}

/**
 * The real file `path` names, following symbolic links the way the kernel
 * does with fs.protected_symlinks=1, whatever the machine's setting: a link
 * in a sticky folder writable by all (/tmp) is followed only when it belongs
 * to us or to the folder's owner, so that another user's planted link never
 * redirects the write. A dangling link or a loop is refused rather than
 * replaced. Missing folders at the end of the path are kept as they are
 * (`mkdir -p` creates them). A /proc magic link (/dev/stdout on a pipe) ends
 * the walk: the path itself is then opened in place.
 */
export function resolveOutputPath(path: string): string {
  return resolveOutput(path).target;
}

function resolveOutput(path: string): ResolvedOutput {
  const absolute = isAbsolute(path) ? path : `${process.cwd()}/${path}`;
  let parts = absolute.split('/').filter((p) => p !== '' && p !== '.');
  let dir = '/';
  let links = 0;
  while (parts.length > 0) {
    const part = parts.shift()!;
    if (part === '..') {
      dir = dirname(dir);
      continue;
    }
    const next = dir === '/' ? `/${part}` : `${dir}/${part}`;
    const stats = lstatOrNull(next);
    if (!stats) return { target: resolve(next, ...parts), throughMagicLink: false };
    if (!stats.isSymbolicLink()) {
      dir = next;
      continue;
    }
    if (++links > MAX_LINKS) throw new UsageError(`cannot write '${path}': its symbolic links loop ('${next}')`);
    checkProtectedLink(path, next, stats, dir);
    try {
      statSync(next);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ELOOP') throw new UsageError(`cannot write '${path}': the symbolic link '${next}' loops`);
      if (code === 'ENOENT') throw new UsageError(`cannot write '${path}': the symbolic link '${next}' points to nothing ('${readlinkSync(next)}'); remove it or give another name`);
    }
    const destination = readlinkSync(next);
    if (!destination.startsWith('/') && /^[\w-]+:/.test(destination)) return { target: path, throughMagicLink: true }; // pipe:[…], socket:[…]
    const rest = destination.split('/').filter((p) => p !== '' && p !== '.');
    if (destination.startsWith('/')) dir = '/';
    parts = [...rest, ...parts];
  }
  return { target: dir, throughMagicLink: false };
}

/** The kernel's protected_symlinks rule for one link found in `dir`. */
function checkProtectedLink(path: string, link: string, stats: Stats, dir: string): void {
  const folder = lstatOrNull(dir);
  if (!folder) return;
  const sharedFolder = (folder.mode & 0o1000) !== 0 && (folder.mode & 0o002) !== 0;
  if (!sharedFolder) return;
  const me = process.geteuid?.() ?? -1;
  if (stats.uid === me || stats.uid === folder.uid) return;
  throw new UsageError(
    `cannot write '${path}': refusing to follow the symbolic link '${link}', owned by another user (uid ${stats.uid}) in the shared folder '${dir}'`,
  );
}

let tempCount = 0;

/**
 * A temporary name beside the target: `.name.tmp-pid-clock-counter`. The pid,
 * clock and counter make it unique ('wx' refuses a clash anyway); node:crypto
 * would cost every run a few milliseconds of start-up. The name part is cut
 * short so that the whole stays within NAME_MAX bytes, as the target does.
 */
function tempName(dir: string, name: string): string {
  const suffix = `.tmp-${process.pid}-${Date.now().toString(36)}-${(tempCount++).toString(36)}`;
  let kept = '';
  let bytes = 1 + Buffer.byteLength(suffix);
  for (const char of name) {
    bytes += Buffer.byteLength(char);
    if (bytes > NAME_MAX) break;
    kept += char;
  }
  return `${dir === '/' ? '' : dir}/.${kept}${suffix}`;
}

function toBuffer(chunk: Chunk): Uint8Array {
  return typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
}

/**
 * Write every byte: a write may take fewer than it was given. Written here,
 * not in libuv's thread pool, whose four threads a small run would start
 * for its one write (milliseconds of a start); a turn of the event loop
 * every few milliseconds lets a signal's handler run (see trackTemp), as
 * waiting for the pool did.
 */
async function writeAll(fd: number, chunks: AsyncIterator<Chunk> | Iterator<Chunk>, first: IteratorResult<Chunk>): Promise<void> {
  // Date.now, not performance.now: the global performance is made when first read (Node's perf_hooks, a part of a millisecond of a start)
  let turned = Date.now();
  for (let next = first; !next.done; next = await chunks.next()) {
    const bytes = toBuffer(next.value);
    let done = 0;
    while (done < bytes.byteLength) {
      try {
        done += writeSync(fd, bytes, done, bytes.byteLength - done);
      } catch (error) {
        // a pipe opened without blocking (see openInPlace) that is full: wait for its reader
        if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
        await new Promise((wake) => setTimeout(wake, 5));
      }
    }
    // a turn every few milliseconds is as prompt for a signal as one a chunk, and a small file's rows take none
    if (Date.now() - turned >= TURN_EVERY_MS) {
      await nextLoopTurn();
      turned = Date.now();
    }
  }
}

function iterate(output: Output): AsyncIterator<Chunk> | Iterator<Chunk> {
  return Symbol.asyncIterator in output ? output[Symbol.asyncIterator]() : output[Symbol.iterator]();
}

/** Create `dir` and its missing parents, remembering which ones this run made. */
function makeFolder(dir: string, path: string, session: OutputSession | undefined): void {
  try {
    const first = mkdirSync(dir, { recursive: true });
    if (first === undefined || session === undefined) return;
    for (let d = dir; ; d = dirname(d)) {
      session.madeFolder(d);
      if (d === first || dirname(d) === d) break;
    }
  } catch (error) {
    throw new IoError(`cannot write '${path}': cannot create the folder '${dir}' (${systemErrorText(error)})`);
  }
}

/**
 * Write `output` to `path` through a temporary file in the same folder, then
 * rename it over `path`; the new file keeps the old one's mode, and its
 * owner and group where the process may set them. A symbolic link is
 * followed (under the protected-symlink rule), so that the link stays a
 * link. A device or a pipe (/dev/null, a FIFO) cannot be replaced, so it is
 * written in place; a descriptor by name (/dev/stdout, /dev/fd/3:
 * namedDescriptor) is written through, whatever it leads to.
 */
export async function writeFileAtomically(path: string, output: Output, options: WriteOptions = {}): Promise<void> {
  checkName(path);
  const descriptor = namedDescriptor(path);
  if (descriptor !== null) return writeToDescriptor(path, descriptor, output, options);
  const { target, throughMagicLink } = resolveOutput(path);
  // lstat where no link is left to follow: one planted since the walk is refused, not followed
  const existing = throughMagicLink ? statOrNull(target) : lstatOrNull(target);
  if (existing?.isSymbolicLink()) throw refuseReplaced(path);
  if (existing && !existing.isFile() && !existing.isDirectory()) return writeInPlace({ path, target, checked: existing, follow: throughMagicLink }, output, options);
  // a file one may not write (read-only, another user's) is not replaced behind its back by a rename in its folder: the shell's > refuses it too
  if (existing?.isFile() && !mayWrite(target)) throw new UsageError(`cannot write '${path}': permission denied (the file is not writable by you); change its mode, or write elsewhere`);
  const chunks = iterate(output);
  // The first chunk is made before the temporary file exists: a long
  // computation up front is then interrupted by a plain Ctrl-C, nothing to clean.
  const first = await chunks.next();
  const dir = dirname(target);
  makeFolder(dir, path, options.session);
  // Registered before it exists and created synchronously, so that a signal
  // handler, which runs only between awaits, always knows of it.
  const temp = tempName(dir, basename(target));
  trackTemp(temp);
  let fd: number;
  try {
    fd = openSync(temp, 'wx', existing ? 0o600 : 0o666);
  } catch (error) {
    untrackTemp(temp);
    // what a probe would have found, when none was made (WriteOptions.probe)
    if (['EACCES', 'EPERM', 'EROFS', 'ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '')) throw cannotCreateIn(path, dir, error);
    throw new IoError(`cannot write '${path}': ${systemErrorText(error)}`);
  }
  try {
    if (existing) keepOwnerAndMode(fd, existing);
    await writeAll(fd, chunks, first);
    closeSync(fd);
    fd = -1;
    renameSync(temp, target);
  } catch (error) {
    if (fd >= 0) await closeFile(fd).catch(() => undefined);
    await removeFile(temp, { force: true });
    if (error instanceof UsageError || error instanceof IoError) throw error;
    if (isSystemError(error)) throw new IoError(`cannot write '${path}': ${systemErrorText(error)}`);
    throw error;
  } finally {
    untrackTemp(temp);
    await releaseSignals();
  }
}

/** The replaced file's owner, group (where permitted: only root gives a file away) and mode. */
function keepOwnerAndMode(fd: number, old: Stats): void {
  const mine = fstatSync(fd);
  if (mine.uid !== old.uid || mine.gid !== old.gid) {
    try {
      fchownSync(fd, old.uid, old.gid);
    } catch {
      try {
        fchownSync(fd, mine.uid, old.gid); // a group we belong to
      } catch {
        // EPERM: the new file stays ours
      }
    }
  }
  // after chown, which clears set-id bits
  fchmodSync(fd, old.mode & 0o7777);
}

/** How long a write waits between tries to open a FIFO that has no reader yet. */
const FIFO_RETRY_MS = 20;

/** A device or a pipe to write in place, as it was when checked. */
interface InPlace {
  /** As the user gave it, for messages. */
  path: string;
  target: string;
  /** What the check found there: every open must reach this same file. */
  checked: Stats;
  /** Whether the target is opened through a /proc magic link; else a link at its end is refused (O_NOFOLLOW). */
  follow: boolean;
}

async function writeInPlace(place: InPlace, output: Output, options: WriteOptions): Promise<void> {
  const { path } = place;
  if (place.checked.isSocket()) return writeToOwnSocket(place, output);
  const fd = await openInPlace(place);
  try {
    if (options.binary && isatty(fd)) throw terminalRefusal(path, options.binary);
    await writeThrough(path, fd, output);
  } finally {
    await closeFile(fd).catch(() => undefined);
  }
}

/** `output` written to an open descriptor (a device, a pipe), named `path` in messages; a reader that closes early ends it quietly. */
async function writeThrough(path: string, fd: number, output: Output): Promise<void> {
  try {
    const chunks = iterate(output);
    await writeAll(fd, chunks, await chunks.next());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EPIPE') return; // the reader had enough, as with | head
    if (isSystemError(error)) throw new IoError(`cannot write '${path}': ${systemErrorText(error)}`);
    throw error;
  }
}

/**
 * A socket cannot be opened by name (open(2) says ENXIO, which a FIFO also
 * says until its reader comes): `-o /dev/stdout` when standard output is a
 * socket, as a Node parent's pipes are. When it is our own standard output
 * or error, the bytes go there, through its stream; any other is refused.
 */
async function writeToOwnSocket(place: InPlace, output: Output): Promise<void> {
  for (const [fd, stream, name] of [[1, process.stdout, 'standard output'], [2, process.stderr, 'standard error']] as const) {
    let stats: Stats | null = null;
    try {
      stats = fstatSync(fd);
    } catch {
      continue;
    }
    if (sameFile(stats, place.checked)) return writeToStream(stream, output, name);
  }
  throw new IoError(`cannot write '${place.path}': it is a socket, which only this process's standard output or error can be written to by name`);
}

/**
 * Open a device or a pipe for writing without ever blocking in open(2): a
 * FIFO with no reader blocks there, in a thread Ctrl-C cannot end, so it is
 * opened non-blocking (ENXIO until a reader comes) and tried again. Each try
 * is checked again, since whoever owns the folder may swap the FIFO for a
 * link to any file meanwhile: a link at the end is not followed
 * (O_NOFOLLOW), and the file opened must be the one checked (its device,
 * inode and type), else it is closed unwritten.
 */
async function openInPlace(place: InPlace): Promise<number> {
  const flags = constants.O_WRONLY | constants.O_NOCTTY | constants.O_NONBLOCK | (place.follow ? 0 : constants.O_NOFOLLOW);
  for (;;) {
    let fd: number;
    try {
      fd = await openFile(place.target, flags);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ELOOP' && !place.follow) throw refuseReplaced(place.path);
      if (code !== 'ENXIO') throw new IoError(`cannot write '${place.path}': ${systemErrorText(error)}`);
      await new Promise((wake) => setTimeout(wake, FIFO_RETRY_MS));
      continue;
    }
    if (sameFile(fstatSync(fd), place.checked)) return fd;
    closeSync(fd);
    throw refuseReplaced(place.path);
  }
}

function sameFile(a: Stats, b: Stats): boolean {
  return a.dev === b.dev && a.ino === b.ino && (a.mode & constants.S_IFMT) === (b.mode & constants.S_IFMT);
}

/**
 * The output path no longer names the file checked: the refusal of a planted
 * link when that is what now stands there (the same words, whenever it came),
 * else the plain fact.
 */
function refuseReplaced(path: string): Error {
  try {
    resolveOutput(path);
  } catch (error) {
    if (error instanceof UsageError) return error;
  }
  return new IoError(`cannot write '${path}': it was replaced by another file while this run waited to write it; nothing was written`);
}

const SIGNALS = { SIGINT: 2, SIGTERM: 15, SIGHUP: 1 } as const;

/**
 * While a temporary file exists, Ctrl-C or a kill removes it, then ends the
 * run (exit 128 + signal number). At any other time no handler is installed:
 * the signal's default action ends the process at once, even in the middle
 * of a long synchronous generation or a blocked read, where a JavaScript
 * handler could not run.
 */
function onSignal(signal: keyof typeof SIGNALS): void {
  eraseProgressLines();
  removePendingFiles();
  OutputSession.removeAllCreatedFolders();
  process.exit(128 + SIGNALS[signal]);
}

let handling = false;

function trackTemp(temp: string): void {
  if (!handling) for (const signal of Object.keys(SIGNALS) as (keyof typeof SIGNALS)[]) process.on(signal, onSignal);
  handling = true;
  pendingFiles.add(temp);
}

function untrackTemp(temp: string): void {
  pendingFiles.delete(temp);
}

/** One turn of the event loop, in which a queued signal's handler runs. */
const nextLoopTurn = (): Promise<void> => new Promise((done) => setImmediate(done));

/**
 * Once no temporary file is left, hand the signals back to their default
 * action. Not at once: a signal that came while a file existed is queued in
 * the event loop, and removing the handler first would lose it. Two turns of
 * the loop, each polling, deliver it to `onSignal` first.
 */
async function releaseSignals(): Promise<void> {
  if (!handling || pendingFiles.size > 0) return;
  await nextLoopTurn();
  await nextLoopTurn();
  if (!handling || pendingFiles.size > 0) return;
  for (const signal of Object.keys(SIGNALS) as (keyof typeof SIGNALS)[]) process.off(signal, onSignal);
  handling = false;
}

/** Remove every temporary file still being written (on a signal, synchronously). */
export function removePendingFiles(): void {
  for (const file of pendingFiles) rmSync(file, { force: true });
  pendingFiles.clear();
}

/** Streams that already carry our error listener (a late 'error' event must not crash the run). */
const guarded = new WeakSet<Writable>();

/**
 * Write to a stream, waiting whenever it asks us to, and for the last write
 * to land: a failed write (disk full, /dev/full) is an IoError, while a
 * reader that closes the pipe early (`| head`) ends the output quietly.
 */
export async function writeToStream(stream: Writable, output: Output, name = 'standard output'): Promise<void> {
  if (stream === process.stdout && standardOutputClosed()) throw closedStandardOutput();
  let failure: NodeJS.ErrnoException | null = null;
  if (!guarded.has(stream)) {
    guarded.add(stream);
    stream.on('error', () => undefined); // reported through the write callbacks below
  }
  let landed: Promise<void> = Promise.resolve();
  let turned = Date.now();
  for await (const chunk of output as AsyncIterable<Chunk>) {
    if (failure) break;
    let ready = true;
    landed = new Promise<void>((done) => {
      ready = stream.write(chunk, (error) => {
        if (error) failure ??= error;
        done();
      });
    });
    if (!ready) await landed;
    // a file (standard output redirected to one) is written at once, ready every time: its callbacks, each holding its chunk,
    // run only when the event loop turns, which a stream of rows never awaits; so it turns every few milliseconds (a tall maze ran out of memory)
    else if (Date.now() - turned >= TURN_EVERY_MS) {
      await nextLoopTurn();
      turned = Date.now();
    }
  }
  await landed;
  const error = failure as NodeJS.ErrnoException | null;
  if (error && error.code !== 'EPIPE' && error.code !== 'ERR_STREAM_DESTROYED') {
    throw new IoError(`cannot write to ${name}: ${systemErrorText(error)}`);
  }
}

/**
 * The descriptor an output path names, as a shell's redirection reads it:
 * /dev/stdout (1), /dev/stderr (2), /dev/fd/N and /proc/self/fd/N; null for
 * any other path. Written through the descriptor itself, as `>&N` would:
 * opened again by name, the file it leads to was replaced, and what the
 * shell had written to it, or would write after (`{ maze …; echo; } >>
 * log`), was lost.
 */
export function namedDescriptor(path: string): number | null {
  const m = /^\/(?:dev\/(stdout|stderr)|dev\/fd\/(\d{1,9})|proc\/self\/fd\/(\d{1,9}))$/.exec(path);
  if (m === null) return null;
  return m[1] === 'stdout' ? 1 : m[1] === 'stderr' ? 2 : Number(m[2] ?? m[3]);
}

/**
 * Refuse a descriptor the shell did not give us: not open, one of Node's
 * own (writing to its event loop's descriptors or its signal pipes hung,
 * did nothing or crashed), or open for reading only; and binary bytes to
 * a terminal. Node's own are told apart on Linux by what they are
 * (/proc/self/fd): an anonymous inode (epoll, eventfd), or a pipe whose
 * reading end is ours too (the shell's `3> >(cat)` leaves it to `cat`);
 * the flags do not tell, as Node makes every descriptor it inherits
 * close-on-exec. Elsewhere only whether it is open.
 */
function checkDescriptor(path: string, fd: number, options: WriteOptions): void {
  if (fd === 1 && standardOutputClosed()) throw closedStandardOutput();
  const notOpen = new UsageError(`cannot write '${path}': descriptor ${fd} is not open (give it to maze from the shell, as ${fd}>file)`);
  const link = (n: number | string): string | null => {
    try {
      return readlinkSync(`/proc/self/fd/${n}`);
    } catch {
      return null;
    }
  };
  // open for reading only (open(2)'s access mode in its flags, in octal)
  const readOnly = (n: number | string): boolean => {
    try {
      return (parseInt(/^flags:\s*([0-7]+)$/m.exec(readFileSync(`/proc/self/fdinfo/${n}`, 'utf8'))?.[1] ?? '1', 8) & ACCESS_MODE) === constants.O_RDONLY;
    } catch {
      return false;
    }
  };
  const what = statOrNull('/proc/self/fd') === null ? undefined : link(fd);
  if (what === undefined) {
    try {
      fstatSync(fd);
    } catch {
      throw notOpen;
    }
  } else {
    if (what === null || what.startsWith('anon_inode:')) throw notOpen;
    if (fd > 2 && what.startsWith('pipe:') && readdirSync('/proc/self/fd').some((n) => n !== String(fd) && link(n) === what && readOnly(n))) throw notOpen;
    if (fd > 2 && what.startsWith('socket:')) throw new UsageError(`cannot write '${path}': descriptor ${fd} is a socket, which only standard output or error can be written to by name`);
    if (readOnly(fd)) throw new UsageError(`cannot write '${path}': descriptor ${fd} is open for reading only`);
  }
  if (options.binary && isatty(fd)) throw terminalRefusal(path, options.binary);
}

/** Write `output` through descriptor `fd` (namedDescriptor), left open: standard output and error through their streams. */
async function writeToDescriptor(path: string, fd: number, output: Output, options: WriteOptions): Promise<void> {
  checkDescriptor(path, fd, options);
  if (fd === 1) return writeToStream(process.stdout, output);
  if (fd === 2) return writeToStream(process.stderr, output, 'standard error');
  return writeThrough(path, fd, output);
}

function closedStandardOutput(): IoError {
  return new IoError('cannot write to standard output: it is closed (>&-); redirect it to a file, or to /dev/null to discard the output');
}

/** The access mode bits of open(2)'s flags (O_ACCMODE, which node:fs does not export). */
const ACCESS_MODE = 0o3;

let stdoutClosed: boolean | undefined;

/**
 * Whether standard output was closed when the run began (`maze gen >&-`).
 * Node then opens /dev/null read-write in its place, and the output would
 * vanish in silence; a shell's `> /dev/null` opens it write-only, which
 * /proc/self/fdinfo tells apart (Linux only: elsewhere, never closed).
 */
function standardOutputClosed(): boolean {
  if (stdoutClosed === undefined) {
    try {
      const flags = /^flags:\s*([0-7]+)$/m.exec(readFileSync('/proc/self/fdinfo/1', 'utf8'))?.[1];
      stdoutClosed = readlinkSync('/proc/self/fd/1') === '/dev/null' && flags !== undefined && (parseInt(flags, 8) & ACCESS_MODE) === constants.O_RDWR;
    } catch {
      stdoutClosed = false;
    }
  }
  return stdoutClosed;
}

function isSystemError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string';
}

/** A failed system call in the user's words: 'no space left on the device', not ENOSPC. */
export function systemErrorText(error: unknown): string {
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
      ENAMETOOLONG: 'the name is too long',
      ELOOP: 'too many symbolic links',
      EFBIG: 'the file is too large',
      EDQUOT: 'disk quota exceeded',
      ENXIO: 'no such device or address',
    };
    return reasons[error.code ?? ''] ?? error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
