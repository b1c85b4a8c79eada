/**
 * Batches over worker threads (`maze gen --count N --jobs J`): each worker
 * makes and renders whole mazes, from their seeds alone, and sends the bytes
 * back; this thread writes every file itself, atomically (src/output.ts),
 * so that Ctrl-C leaves only whole files, and the files are the same bytes
 * for any number of workers. Mazes are handed out one at a time to the
 * first idle worker, so a slow maze holds up no one.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Chunk, RenderOptions } from './formats/types.js';
import { writeFileAtomically } from './output.js';
import type { MazeSpec } from './spec.js';

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
export type WorkerMessage = { type: 'chunk'; bytes: Uint8Array } | { type: 'end' } | { type: 'error'; message: string; stack?: string };

/** The bytes of one maze, as they arrive from its worker. */
class Channel implements AsyncIterable<Chunk> {
  private queue: Uint8Array[] = [];
  private ended = false;
  private failure: Error | null = null;
  private wake: (() => void) | null = null;

  push(bytes: Uint8Array): void {
    this.queue.push(bytes);
    this.poke();
  }
  end(): void {
    this.ended = true;
    this.poke();
  }
  fail(error: Error): void {
    this.failure = error;
    this.poke();
  }
  private poke(): void {
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
 * Make and write `mazes` over `workers` threads; `onWritten` after each file.
 * Returns false, having done nothing, where there is no worker script (the
 * CLI run from its TypeScript sources, as tests do): the caller then makes
 * the mazes itself.
 */
export async function runBatch(job: BatchJob, mazes: BatchMaze[], workers: number, onWritten: () => void = () => undefined): Promise<boolean> {
  const script = new URL('./batch-worker.mjs', import.meta.url);
  if (script.protocol !== 'file:' || !existsSync(fileURLToPath(script))) return false;
  const { Worker } = await import('node:worker_threads');

  let next = 0;
  let failure: Error | null = null;
  const writes: Promise<void>[] = [];
  const open = new Set<Channel>();
  const pool: InstanceType<typeof Worker>[] = [];

  const fail = (error: Error): void => {
    failure ??= error;
    for (const channel of open) channel.fail(failure);
  };

  await new Promise<void>((allDone) => {
    let running = 0;
    const give = (worker: InstanceType<typeof Worker>): void => {
      if (failure || next >= mazes.length) {
        void worker.terminate();
        if (--running === 0) allDone();
        return;
      }
      const maze = mazes[next++]!;
      const channel = new Channel();
      open.add(channel);
      writes.push(
        writeFileAtomically(maze.path, channel).then(
          () => {
            open.delete(channel);
            onWritten();
          },
          (error: unknown) => {
            open.delete(channel);
            fail(error instanceof Error ? error : new Error(String(error)));
          },
        ),
      );
      worker.removeAllListeners('message');
      worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'chunk') channel.push(message.bytes);
        else if (message.type === 'end') {
          channel.end();
          give(worker);
        } else {
          const error = new Error(message.message);
          if (message.stack) error.stack = message.stack;
          fail(error);
          give(worker);
        }
      });
      worker.postMessage({ seed: maze.seed });
    };
    for (let i = 0; i < workers; i++) {
      const worker = new Worker(script, { workerData: job });
      pool.push(worker);
      running++;
      worker.on('error', (error) => {
        fail(error);
        if (--running === 0) allDone();
      });
      give(worker);
    }
  });
  await Promise.allSettled(writes);
  await Promise.all(pool.map((w) => w.terminate()));
  if (failure) throw failure;
  return true;
}
