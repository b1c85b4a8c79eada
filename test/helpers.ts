/** Shared test tools: maze invariants, and the CLI run in-process or as the built binary. */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { fileURLToPath } from 'node:url';
import type { Chunk, Output } from '../src/formats/types.js';
import type { Maze } from '../src/model/maze.js';
import { run } from '../src/cli/run.js';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const BIN = join(ROOT, 'dist', 'cli.js');

/** Every border wall is active. */
export function borderClosed(maze: Maze): boolean {
  for (let x = 0; x < maze.width; x++) if (!maze.hasTop(x, 0) || !maze.hasTop(x, maze.height)) return false;
  for (let y = 0; y < maze.height; y++) if (!maze.hasLeft(0, y) || !maze.hasLeft(maze.width, y)) return false;
  return true;
}

/** The cells that cell c opens onto, cells numbered y·W + x. */
export function openNeighbors(maze: Maze, c: number): number[] {
  const { width, height } = maze;
  const x = c % width;
  const y = (c - x) / width;
  const next: number[] = [];
  if (x + 1 < width && !maze.hasLeft(x + 1, y)) next.push(c + 1);
  if (x > 0 && !maze.hasLeft(x, y)) next.push(c - 1);
  if (y + 1 < height && !maze.hasTop(x, y + 1)) next.push(c + width);
  if (y > 0 && !maze.hasTop(x, y)) next.push(c - width);
  return next;
}

/** How many cells a walk from cell (0, 0) reaches through open walls. */
export function reachable(maze: Maze): number {
  const { width, height } = maze;
  const seen = new Uint8Array(width * height);
  const queue = new Int32Array(width * height);
  let head = 0;
  let tail = 0;
  queue[tail++] = 0;
  seen[0] = 1;
  while (head < tail) {
    const c = queue[head++]!;
    for (const n of openNeighbors(maze, c)) {
      if (!seen[n]) {
        seen[n] = 1;
        queue[tail++] = n;
      }
    }
  }
  return tail;
}

/** Perfect: closed border, all cells connected, and exactly W·H − 1 passages (so no loop). */
export function isPerfect(maze: Maze): boolean {
  const cells = maze.width * maze.height;
  return borderClosed(maze) && reachable(maze) === cells && maze.countPassages() === cells - 1;
}

let validator: ValidateFunction | undefined;

/**
 * schema/maze.schema.json compiled by ajv in strict mode (draft 2020-12),
 * less two ajv-only lints: union types (`["integer", "null"]`) and an open
 * tuple (`prefixItems` pins the first row of "top", `items` the rest) are
 * plain JSON Schema.
 */
export function mazeSchema(): ValidateFunction {
  if (!validator) {
    const schema = JSON.parse(readFileSync(join(ROOT, 'schema', 'maze.schema.json'), 'utf8')) as object;
    validator = new Ajv2020({ strict: true, allowUnionTypes: true, strictTuples: false, allErrors: true }).compile(schema);
  }
  return validator;
}

/** The schema's complaints about a JSON text, [] when it is valid. */
export function schemaErrors(text: string): string[] {
  const validate = mazeSchema();
  if (validate(JSON.parse(text))) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  stdoutBytes: Buffer;
}

/** Run the CLI in-process, as tests of a citty-style runner do. */
export async function runCli(args: string[], stdin = ''): Promise<CliResult> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  stdout.on('data', (c: Buffer) => out.push(c));
  stderr.on('data', (c: Buffer) => err.push(c));
  const code = await run(args, { stdin: Readable.from([Buffer.from(stdin)]), stdout, stderr });
  const stdoutBytes = Buffer.concat(out);
  return { code, stdout: stdoutBytes.toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), stdoutBytes };
}

/** Run the built binary (dist/cli.js) in a child process, with a time bound. */
export function spawnMaze(args: string[], options: { cwd?: string; input?: string | Buffer; timeout?: number } = {}): CliResult {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? ROOT,
    input: options.input ?? '',
    timeout: options.timeout ?? 30_000,
    maxBuffer: 1 << 30,
  });
  if (result.error) throw result.error;
  return {
    code: result.status ?? (result.signal ? 128 : -1),
    stdout: result.stdout.toString('utf8'),
    stderr: result.stderr.toString('utf8'),
    stdoutBytes: result.stdout,
  };
}

/**
 * The built binary, asynchronously, so that independent runs can go in
 * parallel with Promise.all (each node start costs about 100 ms).
 */
export function spawnMazeAsync(
  args: string[],
  options: { cwd?: string; input?: string | Buffer; timeout?: number } = {},
): Promise<CliResult & { signal: NodeJS.Signals | null }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: options.cwd ?? ROOT,
      timeout: options.timeout ?? 30_000,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    child.on('error', fail);
    child.stdin.on('error', () => undefined); // the CLI may exit before reading its input
    child.stdin.end(options.input ?? '');
    child.on('close', (status, signal) => {
      const stdoutBytes = Buffer.concat(out);
      done({
        code: status ?? 128,
        signal,
        stdout: stdoutBytes.toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        stdoutBytes,
      });
    });
  });
}

/** Every file under `dir`, hidden ones included, as sorted relative paths. */
export function listFiles(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((entry) => !entry.isDirectory())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();
}

/** Whether this run is CI's (the CI variable set, and not to false or 0). */
export const IN_CI = !['', '0', 'false'].includes((process.env.CI ?? '').toLowerCase());

export interface ExternalTool {
  /** Skip the tests that need it: it is missing, and this is not CI. */
  skip: boolean;
  /** Throw, naming the package, unless it is installed. */
  require(): void;
}

/**
 * A program some tests drive (rsvg-convert, povray). Where it is missing
 * those tests skip, saying so once; but CI installs it (.ci/run), so there
 * a missing program fails them instead of hiding them.
 */
export function externalTool(command: string, install: string, versionFlag = '--version'): ExternalTool {
  const found = spawnSync(command, [versionFlag]).status === 0;
  const missing = `${command} not found (${install})`;
  if (!found && !IN_CI) console.warn(`${missing}: the tests that run it are skipped`);
  return {
    skip: !found && !IN_CI,
    require() {
      if (!found) throw new Error(`${missing}; CI must have it, as .ci/run installs it`);
    },
  };
}

/** A fresh folder inside the run's scratch folder (test/global-setup.ts removes it at the end). */
export function tempDir(): string {
  return mkdtempSync(join(process.env.MAZE_TEST_TMP ?? tmpdir(), 'case-'));
}

/** All of a format's output in one buffer (tests, small outputs). */
export async function collect(output: Output): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of output as AsyncIterable<Chunk>) {
    parts.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  }
  return Buffer.concat(parts);
}
