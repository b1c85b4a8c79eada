/**
 * Batches over worker threads (`maze gen --count N --jobs J`): each worker
 * makes and renders whole mazes, from their seeds alone, and sends the bytes
 * back; this thread writes every file itself, atomically (src/cli/output.ts),
 * so that Ctrl-C leaves only whole files, and the files are the same bytes
 * for any number of workers. Mazes are handed out one at a time to the
 * first idle worker, so a slow maze holds up no one.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Chunk, RenderOptions } from '../formats/types.js';
import type { MazeErrorCode } from '../errors.js';
import { IoError, MazeError } from '../errors.js';
import type { OutputSession } from './output.js';
import { writeFileAtomically } from './output.js';
import type { MazeSpec } from '../lib/spec.js';

/** What a worker needs to make any maze of the batch (structured-cloned to it): the checked spec, as it is. */
export interface BatchJob {
  spec: MazeSpec;
  renderOptions: RenderOptions;
  format: string;
}

export interface BatchMaze {
  n: number;
  seed: string;
  path: string;
}

/** Worker → main. */
export type WorkerMessage =
  | { type: 'chunk'; bytes: Uint8Array }
  | { type: 'end' }
  /** `refusal`: a MazeError's, made again here (a one-line refusal, exit 2); else a bug, with its stack. */
  | { type: 'error'; message: string; stack?: string; refusal?: { code: MazeErrorCode; option: string | undefined } };

/** The bytes of one maze, as they arrive from its worker. */
class Channel implements AsyncIterable<Chunk> {
  private queue: Uint8Array[] = [];
  private ended = false;
  private failure: Error | null = null;
  private wake: (() => void) | null = null;

  push(bytes: Uint8Array): void {
    this.queue.push(bytes);
    this.wakeReader();
  }
  end(): void {
    this.ended = true;
    this.wakeReader();
  }
  fail(error: Error): void {
    this.failure = error;
    this.wakeReader();
  }
  private wakeReader(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
  async *[Symbol.asyncIterator](): AsyncIterator<Chunk> {
    for (;;) {
      if (this.failure) throw this.failure;
      const next = this.queue.shift();
      if (next) yield next;
      else if (this.ended) return;
      else await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }
}

/**
 * How many worker threads a batch of `count` mazes gets: what was asked
 * (else one a core), but never more than the cores, which are all the
 * threads can use, nor than the mazes. The files are the same for any
 * number, so the clamp is silent.
 */
export function workerCount(asked: number | null, count: number, cores: number): number {
  return Math.max(1, Math.min(asked ?? cores, cores, count));
}

/**
 * Make and write `mazes` over `workers` threads; `onWritten` after each file.
 * Returns false, having done nothing, where there is no worker script (the
 * CLI run from its TypeScript sources, as tests do): the caller then makes
 * the mazes itself. On the first failure every worker is stopped and every
 * file still being written dropped, so only whole files stay.
 */
export async function runBatch(
  job: BatchJob, mazes: BatchMaze[], workers: number, onWritten: () => void = () => undefined, session?: OutputSession,
): Promise<boolean> {
  const script = new URL('./batch-worker.mjs', import.meta.url);
  if (script.protocol !== 'file:' || !existsSync(fileURLToPath(script))) return false;
  const { Worker } = await import('node:worker_threads');
  type Thread = InstanceType<typeof Worker>;

  let next = 0;
  let failure: Error | null = null;
  const writes: Promise<void>[] = [];
  const open = new Set<Channel>();
  const pool: Thread[] = [];
  /** The maze each worker is making, to name it when the worker dies, and to drop its file. */
  const making = new Map<Thread, { maze: BatchMaze; channel: Channel }>();
  /** Per maze, whether its file is written: a failed write names the first that is not. */
  const written = new Uint8Array(mazes.length);
  let writeFailure: Error | null = null;

  const fail = (error: Error): void => {
    failure ??= error;
    for (const channel of open) channel.fail(failure);
    for (const worker of pool) void worker.terminate();
  };

  await new Promise<void>((allDone) => {
    let running = 0;
    // the next maze to a worker that is free, or its end when none is left
    const handOutNext = (worker: Thread): void => {
      if (failure || next >= mazes.length) {
        void worker.terminate();
        return;
      }
      const index = next++;
      const maze = mazes[index]!;
      const channel = new Channel();
      making.set(worker, { maze, channel });
      open.add(channel);
      writes.push(
        writeFileAtomically(maze.path, channel, { session }).then(
          () => {
            open.delete(channel);
            written[index] = 1;
            onWritten();
          },
          (error: unknown) => {
            open.delete(channel);
            const failed = error instanceof Error ? error : new Error(String(error));
            // the first failure, not one of the others' writes it stopped
            if (failure === null) writeFailure = failed;
            fail(failed);
          },
        ),
      );
      worker.removeAllListeners('message');
      worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'chunk') channel.push(message.bytes);
        else if (message.type === 'end') {
          making.delete(worker);
          channel.end();
          handOutNext(worker);
        } else {
          const error = message.refusal ? new MazeError(namedRefusal(maze, message.message), message.refusal) : new Error(message.message);
          if (message.stack) error.stack = message.stack;
          fail(error);
          handOutNext(worker);
        }
      });
      worker.postMessage({ seed: maze.seed });
    };
    for (let i = 0; i < workers; i++) {
      const worker = new Worker(script, { workerData: job });
      pool.push(worker);
      running++;
      worker.on('error', (error) => fail(workerFailure(error, making.get(worker)?.maze, workers)));
      // every way a worker ends (done, stopped, crashed) ends here, after any
      // 'error'; one gone in the middle of a maze must not leave its file waiting
      worker.on('exit', (code) => {
        const unfinished = making.get(worker);
        if (unfinished) fail(new Error(`a batch worker stopped (exit code ${code}) before finishing '${unfinished.maze.path}'`));
        if (--running === 0) allDone();
      });
      handOutNext(worker);
    }
  });
  await Promise.allSettled(writes);
  if (failure) throw failure === writeFailure ? withFirstUnwritten(failure, mazes[written.indexOf(0)]) : failure;
  return true;
}

/** A refusal of one of a batch's mazes, naming it by file and seed: "from this seed" is one of many in a batch (a sweep). */
export function namedRefusal(maze: Pick<BatchMaze, 'path' | 'seed'>, message: string): string {
  return `'${maze.path}' (seed ${maze.seed}): ${message}`;
}

/**
 * A failed write (a full disk) with the first maze left unwritten, when it
 * is not the one named: with --jobs 2 the other worker's maze, before it,
 * is dropped too, and a run resumed after the one named (--first) would
 * miss it.
 */
function withFirstUnwritten(failure: Error, first: BatchMaze | undefined): Error {
  if (!(failure instanceof IoError) || first === undefined || failure.message.includes(`'${first.path}'`)) return failure;
  return new IoError(`${failure.message}; the first maze not written is '${first.path}'`);
}

/**
 * A worker that died: out of memory is the user's to fix, in one line (the
 * heap a thread may use is Node's, --max-old-space-size); anything else is
 * a bug, and keeps its stack.
 */
function workerFailure(error: Error, maze: BatchMaze | undefined, workers: number): Error {
  if ((error as NodeJS.ErrnoException).code !== 'ERR_WORKER_OUT_OF_MEMORY') return error;
  const what = maze ? `making '${maze.path}'` : 'starting';
  return new IoError(`a batch worker ran out of memory ${what} (${workers} at work); try fewer --jobs, a smaller maze, or more memory for Node (--max-old-space-size)`);
}
