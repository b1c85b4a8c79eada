/**
 * A batch worker thread (see batch.ts): makes the maze of each seed it is
 * sent, renders it, and posts the bytes back in pieces of about a megabyte.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { BatchJob, WorkerMessage } from './batch.js';
import { makeAnyMaze, registerMethodSolver } from '../lib/spec.js';
import { enableDifficulty } from '../lib/difficulty.js';
import { solveForSpec } from '../solvers/index.js';
import { findFormat, renderMaze } from '../formats/index.js';
import type { Chunk } from '../formats/types.js';
import { MazeError } from '../errors.js';
import { flagOf } from './commands/args.js';

// a batch of maze gen --solve M solves by its method here too
registerMethodSolver(solveForSpec);
enableDifficulty();

const PIECE = 1 << 20;
const job = workerData as BatchJob;
const format = findFormat(job.format)!;
const port = parentPort!;

function post(message: WorkerMessage): void {
  port.postMessage(message);
}

async function make(seed: string): Promise<void> {
  // a maze on another grid (SPEC "Grid shapes") is drawn by the format's renderGraph
  const output = renderMaze(format, makeAnyMaze(job.spec, seed), job.renderOptions);
  let pieces: Uint8Array[] = [];
  let size = 0;
  const flush = (): void => {
    if (size === 0) return;
    post({ type: 'chunk', bytes: pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces, size) });
    pieces = [];
    size = 0;
  };
  for await (const chunk of output as AsyncIterable<Chunk>) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    pieces.push(bytes);
    size += bytes.byteLength;
    if (size >= PIECE) flush();
  }
  flush();
  post({ type: 'end' });
}

port.on('message', (message: { seed: string }) => {
  make(message.seed).catch((error: unknown) => {
    // a refusal (islands that do not fit, a difficulty out of reach) goes back as one, worded with the command line's flags
    if (error instanceof MazeError) post({ type: 'error', message: error.wordedFor(flagOf), refusal: { code: error.code, option: error.option } });
    else post({ type: 'error', message: error instanceof Error ? error.message : String(error), stack: error instanceof Error ? error.stack : undefined });
  });
});
