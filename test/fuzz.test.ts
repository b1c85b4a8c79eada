/**
 * Fuzzing (fast-check): random command lines, random or mutated JSON
 * inputs and malformed PNG masks, through run() in-process and through the built binary. Whatever
 * the input: exit code 0, 1 or 2; on failure exactly one `maze: error:`
 * line, nothing on stdout, no stack trace and no file or temporary file
 * left; on success no stack trace either, and any JSON written validates.
 * The library's edge too: maze objects with fields changed, deleted or
 * frozen, sparse lists, a polluted Object.prototype, and garbage replay
 * steps give a result or a MazeError, never another error.
 *
 * MAZE_FUZZ_RUNS sets the number of in-process runs of each property
 * (default 100; the binary runs a twentieth as many, at least 5):
 *   MAZE_FUZZ_RUNS=5000 npx vitest run test/fuzz.test.ts
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reproduceCommand } from '../src/formats/geometry.js';
import { farthestEnds, fitMask, generate, MazeError, render, replaySteps, solve, stats, steps } from '../src/lib/index.js';
import type { Maze, Step } from '../src/lib/index.js';
import { Maze as MazeClass } from '../src/model/maze.js';
import { listFiles, ROOT, runCli, schemaErrors, spawnMazeAsync, tempDir } from './helpers.js';
import type { CliResult } from './helpers.js';
import { chunk, diskRows, ihdr, pngOfChunks } from './png-chunks.js';

const RUNS = Math.max(1, Number(process.env.MAZE_FUZZ_RUNS ?? 100));
const BINARY_RUNS = Math.max(5, Math.round(RUNS / 20));
/** Each property's seed is printed when it fails, so a failure can be replayed with it. */
const SEED = Number(process.env.MAZE_FUZZ_SEED ?? Date.now() % 2 ** 31);

const INPUT = 'in.json';

/** Time allowed for a property: generous, the machine is shared. */
const IN_PROCESS_MS = 60_000 + RUNS * 500;
const BINARY_MS = 60_000 + BINARY_RUNS * 15_000;

/** A command line a process can be given: no NUL byte (execve cuts an argument there). */
const spawnable = (args: string[]): string[] => args.map((a) => a.replaceAll('\0', '0'));

/** Values an option may be given: small valid ones, edges, refused ones, and hostile text. Sizes stay small when accepted. */
const value = fc.oneof(
  fc.constantFrom('1', '2', '3', '5', '12', '30', '0', '-1', '+4', ' 7', '1.5', '1e3', '0x10', 'NaN', '', ' ', 'abc'),
  fc.constantFrom('100000001', '99999999999999999999', '1001', '1000001', '10000000000000', '1024', '1025', '4294967297'),
  fc.constantFrom('0,0', '1,1', '99,99', '-1,0', 'a,b', '#a03c5f', '#fff', 'red', 'auto', 'always', 'never', 'unicode', 'ascii'),
  fc.constantFrom('kruskal', 'trees', 'backtracker', 'zones', 'eller', 'wilson', 'prim', 'division', 'nope'),
  fc.constantFrom('png', 'svg', 'json', 'pov', 'ascii', 'txt', 'exe'),
  fc.constantFrom('m.txt', 'm.png', 'm.json', 'm.svg', 'm.pov', 'm', 'm.exe', '{n}.txt', '{seed}.json', 'sub/{n}.png', 'a/b/m.txt', '-', INPUT, '.', 'sub/'),
  fc.constantFrom('../../zz', 'a\nb', 'x\u0000y', '\u001b[31m', 'é', '{n}', '{seed}', '__proto__', 'constructor'),
  fc.string({ maxLength: 12 }),
);

const option = fc.constantFrom(
  '--w', '--h', '--width', '--height', '-a', '--algo', '--seed', '-s', '--count', '-n', '-o', '--output', '-f', '--format',
  '--tile', '--wall', '--fg', '--bg', '--path-color', '--style', '--color', '--solve', '--from', '--to', '--start',
  '--trunks', '--islands', '--zones', '--keys', '--json', '--quiet', '-q', '--max-pixels', '--help', '--version', '--jobs', '-j', '--first',
  '--_', '--toString', '--__proto__', '--constructor', '--to-string', '-_', '--', '--no-solve', '--w=3', '--h=2', '-w', '--unknown',
);

const token = fc.oneof({ weight: 3, arbitrary: option }, { weight: 3, arbitrary: value });

const commandLine = fc
  .tuple(fc.constantFrom('gen', 'gen', 'gen', 'render', 'solve', 'stats', 'list', '--help', '--version', 'nope', ''), fc.array(token, { maxLength: 7 }))
  .map(([command, rest]) => {
    // a reader gets the saved maze or standard input first, most of the time
    const reads = command === 'render' || command === 'solve' || command === 'stats';
    return [...(command === '' ? [] : [command]), ...(reads && rest.length % 3 !== 0 ? [rest.length % 2 ? INPUT : '-'] : []), ...rest];
  });

/** A batch over worker threads (only the binary has them): counts, --jobs and --first, sane and not. */
const batchLine = fc
  .tuple(
    fc.constantFrom('1', '2', '3', '7'),
    fc.constantFrom('1', '2', '3', '1024', '1025', '0', '-1', '2.5', 'abc', '99999999999999999999'),
    fc.option(fc.constantFrom('1', '5', '999999999999', '1000000000001', '0', 'x'), { nil: undefined }),
    fc.constantFrom('b/{n}.txt', 'b/{seed}.json', '{n}/m.png', 'b/m.svg'),
  )
  .map(([count, jobs, first, output]) => ['gen', '--count', count, '--jobs', jobs, ...(first === undefined ? [] : ['--first', first]), '--w', '4', '--h', '3', '-o', output]);

const fixtures = readdirSync(join(ROOT, 'fixtures'))
  .filter((n) => n.endsWith('.json'))
  .map((n) => readFileSync(join(ROOT, 'fixtures', n), 'utf8'));

/** A JSON value to plant somewhere: anything, a deep nest, a huge number, a negative index. */
const planted = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(-1, -5, 0, 1, 99, 65536, 1e9, 1.5, null, '', '0', [], {}, [[0, 0]], ['#ffffff'], ['1'], { x: 1, y: 0, side: 'left', key: 0 }),
  fc.constant(JSON.parse('['.repeat(50) + ']'.repeat(50)) as unknown),
);

/** What "options" may hold: the names maze records, hostile names (shell, prototype keys), any value. */
const recordedOptions = fc.dictionary(
  fc.oneof(
    fc.constantFrom('trunks', 'islands', 'zones', 'keys', 'decoys', 'pick', 'start', 'braid', 'ends', 'from', 'to', 'openings'),
    fc.constantFrom('keys 1; touch PWNED; echo', '$(touch PWNED)', '`touch PWNED`', "a'b", '-x', 'KEYS', '__proto__', 'constructor'),
    fc.string({ maxLength: 8 }),
  ),
  fc.oneof(fc.string({ maxLength: 8 }), fc.integer({ min: -5, max: 100 }), fc.constantFrom('auto', 'yes', 'farthest', '1,1', 0.5, 1)),
  { maxKeys: 4 },
);

/** Keys and doors laid out anywhere on a small maze: crafted key layouts for the key-aware search. */
const keyLayout = fc.tuple(
  fc.array(fc.record({ x: fc.nat(7), y: fc.nat(7) }), { maxLength: 24 }),
  fc.array(fc.record({ x: fc.nat(7), y: fc.nat(7), side: fc.constantFrom('top', 'left'), key: fc.oneof(fc.constant(null), fc.nat(25)) }), { maxLength: 24 }),
);

const FIELDS = ['format', 'version', 'width', 'height', 'algorithm', 'seed', 'options', 'top', 'left', 'palette', 'topColor', 'leftColor', 'start', 'end', 'solution', 'doors', 'keys', '__proto__', 'constructor', 'extra'];

/** A saved maze, mutated: a field set, removed or replaced, the text cut, bytes inserted, a BOM, a deep nest. */
const savedMaze = fc
  .tuple(
    fc.constantFrom(...fixtures),
    fc.array(
      fc.oneof(
        fc.record({ kind: fc.constant('set' as const), field: fc.constantFrom(...FIELDS), value: planted }),
        fc.record({ kind: fc.constant('delete' as const), field: fc.constantFrom(...FIELDS) }),
        fc.record({ kind: fc.constant('set' as const), field: fc.constant('options'), value: recordedOptions }),
        keyLayout.map(([keys, doors]) => ({ kind: 'locks' as const, keys, doors })),
      ),
      { maxLength: 3 },
    ),
    fc.oneof(
      fc.constant({ kind: 'none' as const }),
      fc.record({ kind: fc.constant('cut' as const), at: fc.nat() }),
      fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: fc.string({ maxLength: 4, unit: 'binary' }) }),
      fc.record({ kind: fc.constant('flip' as const), at: fc.nat() }),
      fc.constant({ kind: 'bom' as const }),
      fc.record({ kind: fc.constant('nest' as const), depth: fc.integer({ min: 1, max: 20_000 }) }),
    ),
  )
  .map(([text, edits, damage]) => {
    const doc = JSON.parse(text) as Record<string, unknown>;
    for (const edit of edits) {
      if (edit.kind === 'delete') delete doc[edit.field];
      else if (edit.kind === 'locks') Object.assign(doc, { keys: edit.keys, doors: edit.doors });
      else Object.defineProperty(doc, edit.field, { value: edit.value, enumerable: true, writable: true, configurable: true });
    }
    let out = JSON.stringify(doc);
    switch (damage.kind) {
      case 'cut':
        return out.slice(0, damage.at % (out.length + 1));
      case 'insert': {
        const at = damage.at % (out.length + 1);
        return out.slice(0, at) + damage.text + out.slice(at);
      }
      case 'flip': {
        const at = damage.at % out.length;
        return out.slice(0, at) + String.fromCharCode(out.charCodeAt(at) ^ 1) + out.slice(at + 1);
      }
      case 'bom':
        return '\ufeff' + out;
      case 'nest':
        out = out.replace('"palette":', `"palette":${'['.repeat(damage.depth)}${']'.repeat(damage.depth)},"p":`);
        return out;
      default:
        return out;
    }
  });

const readCommand = fc.tuple(
  fc.constantFrom('render', 'solve', 'stats'),
  fc.constantFrom([], ['-f', 'json'], ['-f', 'ascii'], ['-f', 'svg'], ['-f', 'pov'], ['-f', 'png'], ['-o', 'out.json'], ['-o', 'out.png'], ['--json'], ['--from', '1,1']),
  fc.boolean(),
);

/** The promises every run keeps, whatever it was given. */
function checkOutcome(result: CliResult, dir: string, before: string[]): void {
  const context = `stderr: ${JSON.stringify(result.stderr)}`;
  expect([0, 1, 2], context).toContain(result.code);
  expect(result.stderr, context).not.toMatch(/\n\s+at |node:internal/);
  const files = listFiles(dir);
  expect(files.filter((f) => /\.tmp-/.test(f)), 'temporary files').toEqual([]);
  if (result.code === 0) {
    expect(result.stderr, context).toMatch(/^(seed: [^\n]*\n)?$/);
    return;
  }
  expect(result.stderr, context).toMatch(/^maze: error: [^\n]+\n$/);
  expect(result.stdoutBytes.length, `stdout on failure: ${context}`).toBe(0);
  expect(files, `files left by a failed run: ${context}`).toEqual(before);
}

/** Successful JSON on stdout, or a JSON file written, validates against the schema. */
function checkJson(result: CliResult, dir: string, args: readonly string[]): void {
  if (result.code !== 0) return;
  const toJson = args.includes('json') && !args.includes('-o') && !args.includes('--output') && args[0] !== 'stats';
  if (toJson && result.stdout.startsWith('{')) expect(schemaErrors(result.stdout)).toEqual([]);
  for (const file of listFiles(dir).filter((f) => f.endsWith('.json') && f !== INPUT)) {
    expect(schemaErrors(readFileSync(join(dir, file), 'utf8')), file).toEqual([]);
  }
}

/** A fresh folder holding one valid saved maze, and the run made inside it. */
async function inProcess(args: string[], input: string, stdin: string): Promise<{ result: CliResult; dir: string; before: string[] }> {
  const dir = tempDir();
  writeFileSync(join(dir, INPUT), input);
  const before = listFiles(dir);
  const cwd = process.cwd();
  process.chdir(dir);
  try {
    return { result: await runCli(args, stdin), dir, before };
  } finally {
    process.chdir(cwd);
  }
}

const SAMPLE = fixtures[0]!;

describe('fuzz: random command lines', () => {
  it(`keeps every promise in-process (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(commandLine, async (args) => {
        const { result, dir, before } = await inProcess(args, SAMPLE, SAMPLE);
        checkOutcome(result, dir, before);
        checkJson(result, dir, args);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  }, IN_PROCESS_MS);

  it(`keeps every promise through the binary (${BINARY_RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(commandLine, async (args) => {
        const dir = tempDir();
        writeFileSync(join(dir, INPUT), SAMPLE);
        const before = listFiles(dir);
        const result = await spawnMazeAsync(spawnable(args), { cwd: dir, input: SAMPLE, timeout: 60_000 });
        expect(result.signal, `${JSON.stringify(args)} was killed`).toBe(null);
        checkOutcome(result, dir, before);
      }),
      { numRuns: BINARY_RUNS, seed: SEED },
    );
  }, BINARY_MS);
});

describe('fuzz: batches over worker threads', () => {
  it(`keeps every promise, and writes exactly --count files (${BINARY_RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(batchLine, async (args) => {
        const dir = tempDir();
        const result = await spawnMazeAsync(args, { cwd: dir, timeout: 60_000 });
        expect(result.signal, `${JSON.stringify(args)} was killed`).toBe(null);
        checkOutcome(result, dir, []);
        if (result.code === 0) expect(listFiles(dir)).toHaveLength(Number(args[2]));
      }),
      { numRuns: BINARY_RUNS, seed: SEED },
    );
  }, BINARY_MS);
});

describe('fuzz: random and mutated saved mazes', () => {
  it(`keeps every promise in-process, and every JSON written validates (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(savedMaze, readCommand, async (text, [command, extra, fromFile]) => {
        const args = [command, fromFile ? INPUT : '-', ...extra];
        const { result, dir, before } = await inProcess(args, text, text);
        checkOutcome(result, dir, before);
        checkJson(result, dir, args);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  }, IN_PROCESS_MS);

  it(`refuses random JSON values cleanly (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 4 }), async (doc) => {
        const { result, dir, before } = await inProcess(['render', '-'], '', JSON.stringify(doc) ?? '');
        expect(result.code).toBe(2);
        checkOutcome(result, dir, before);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  }, IN_PROCESS_MS);

  it(`keeps every promise through the binary (${BINARY_RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(savedMaze, readCommand, async (text, [command, extra]) => {
        const dir = tempDir();
        const before = listFiles(dir);
        const args = [command, '-', ...extra];
        const result = await spawnMazeAsync(args, { cwd: dir, input: text, timeout: 60_000 });
        expect(result.signal).toBe(null);
        checkOutcome(result, dir, before);
        checkJson(result, dir, args);
      }),
      { numRuns: BINARY_RUNS, seed: SEED },
    );
  }, BINARY_MS);
});

/** A small well-formed PNG mask (a disk), as chunks, and ways to break it: chunk order, CRCs, truncation, a second header, stray bytes. */
const PNG_CHUNKS = [ihdr(12, 9), chunk('IDAT', deflateSync(diskRows(12, 9))), chunk('IEND')];
const brokenPng = fc
  .tuple(
    fc.constantFrom('swap', 'crc', 'truncate', 'second-ihdr', 'flip', 'trailing', 'split', 'drop', 'short-data', 'long-data'),
    fc.nat(),
    fc.nat(),
    fc.integer({ min: 1, max: 70_000 }),
    fc.integer({ min: 1, max: 70_000 }),
  )
  .map(([how, a, b, width, height]) => {
    const chunks = [...PNG_CHUNKS];
    const i = a % chunks.length;
    const j = b % chunks.length;
    switch (how) {
      case 'swap':
        [chunks[i], chunks[j]] = [chunks[j]!, chunks[i]!];
        return pngOfChunks(...chunks);
      case 'crc': {
        const damaged = Buffer.from(chunks[i]!);
        damaged[damaged.length - 1 - (b % 4)]! ^= 1 + (a % 255);
        chunks[i] = damaged;
        return pngOfChunks(...chunks);
      }
      case 'truncate': {
        const whole = pngOfChunks(...chunks);
        return whole.subarray(0, a % whole.length);
      }
      case 'second-ihdr':
        chunks.splice(1 + (a % 2), 0, ihdr(width, height, [8, 16][b % 2], [0, 2, 4, 6][a % 4]));
        return pngOfChunks(...chunks);
      case 'flip': {
        const whole = Buffer.from(pngOfChunks(...chunks));
        whole[8 + (a % (whole.length - 8))]! ^= 1 << b % 8;
        return whole;
      }
      case 'trailing':
        return Buffer.concat([pngOfChunks(...chunks), Buffer.alloc(1 + (a % 20), b % 256)]);
      case 'split': {
        const data = deflateSync(diskRows(12, 9));
        const at = a % data.length;
        return pngOfChunks(chunks[0]!, chunk('IDAT', data.subarray(0, at)), chunk('tEXt', Buffer.from('k\0v')), chunk('IDAT', data.subarray(at)), chunks[2]!);
      }
      case 'drop':
        chunks.splice(i, 1);
        return pngOfChunks(...chunks);
      case 'short-data':
        return pngOfChunks(chunks[0]!, chunk('IDAT', deflateSync(diskRows(12, 9).subarray(0, a % (9 * 49)))), chunks[2]!);
      default:
        return pngOfChunks(chunks[0]!, chunk('IDAT', deflateSync(Buffer.concat([diskRows(12, 9), Buffer.alloc(1 + (a % 100))]))), chunks[2]!);
    }
  });

describe('fuzz: malformed PNG masks', () => {
  it(`keep every promise, and every refusal is the checker's, never pngjs's (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(brokenPng, fc.boolean(), async (bytes, invert) => {
        const dir = tempDir();
        writeFileSync(join(dir, 'm.png'), bytes);
        const before = listFiles(dir);
        const cwd = process.cwd();
        process.chdir(dir);
        let result: CliResult;
        try {
          result = await runCli(['gen', '--mask', 'm.png', ...(invert ? ['--mask-invert'] : []), '--mask-regions', 'largest', '--seed', '1', '-o', 'out.json']);
        } finally {
          process.chdir(cwd);
        }
        checkOutcome({ ...result, stderr: result.stderr.replace(/^mask 'm\.png': kept [^\n]*\n/, '') }, dir, before);
        if (result.code !== 0) {
          expect(result.stderr).toMatch(/^maze: error: mask 'm\.png' /);
          expect(result.stderr).not.toMatch(/cannot be decoded|should not go down|unrecognised content|invalid|unexpected/i);
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
  }, IN_PROCESS_MS);
});

describe('fuzz: the "made by" line', () => {
  it(`pasted into a shell, runs nothing and gives back exactly the recorded words (${RUNS} runs)`, () => {
    const word = fc.string({ minLength: 1, maxLength: 10, unit: fc.oneof(fc.constantFrom(';', '$', '(', ')', '`', "'", '"', '\\', '|', '&', '>', '<', '*', '?', '~', '#', ' ', '\n', '!', '{', '}'), fc.string({ minLength: 1, maxLength: 1, unit: 'grapheme' })) })
      .filter((w) => !w.includes('\0'));
    fc.assert(
      fc.property(word, word, fc.dictionary(word, fc.oneof(word, fc.integer()), { maxKeys: 3 }), (algorithm, seed, options) => {
        const dir = tempDir();
        const line = reproduceCommand({ width: 3, height: 2, info: { algorithm, seed, options } })!;
        // one line: a word with a control character is in $'…' quotes, which bash reads (POSIX sh only since 2024); the rest in any POSIX shell
        expect(line).not.toMatch(/[\u0000-\u001f\u007f]/);
        const shell = spawnSync(line.includes("$'") ? 'bash' : 'sh', ['-c', `maze() { printf '%s\\0' "$@"; }; ${line}`], { cwd: dir, encoding: 'utf8' });
        expect(shell.status, line).toBe(0);
        expect(readdirSync(dir), line).toEqual([]);
        const flags = Object.entries(options).flatMap(([k, v]) => (k === 'openings' && v === 'yes' ? [`--${k}`] : [`--${k}`, String(v)]));
        expect(shell.stdout.split('\0').slice(0, -1)).toEqual(['gen', '--algo', algorithm, '--w', '3', '--h', '2', '--seed', seed, ...flags]);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  }, IN_PROCESS_MS);
});

/** A library call's outcome: a value, or a MazeError; anything else (a TypeError, a RangeError) fails the property. */
async function libraryOutcome(call: () => unknown): Promise<void> {
  try {
    await call();
  } catch (error) {
    if (!(error instanceof MazeError)) throw error;
  }
}

const hostileValue = fc.oneof(
  planted,
  fc.constantFrom(NaN, Infinity, -0, 2 ** 31, 1e12, true, undefined, 'polar', 'hex', new Uint8Array(3), new Uint16Array(4), new Uint8Array(0), Object.freeze([0, 0])),
  fc.constantFrom({ name: 'polar', width: 3, height: 1 }, { name: 'polar', width: 1e9, height: 1 }, { name: 'hex', width: 2, height: 2, cellCount: 4 }, { name: 'square' }),
  // eslint-disable-next-line no-sparse-arrays
  fc.constant([, [0, 0]] as unknown),
);

const DELETE = Symbol('delete');

const MAZE_FIELDS = ['width', 'height', 'stride', 'walls', 'palette', 'topColor', 'leftColor', 'start', 'end', 'solution', 'doors', 'keys', 'info', 'mask', 'shape', 'passages', 'cellCount', '__proto__'];

/** A maze generate made, then mutated: fields set to hostile values or deleted, frozen, or all three. */
const hostileMaze = fc.tuple(
  fc.constantFrom('square', 'zones', 'hex', 'triangle', 'polar'),
  fc.array(fc.oneof(fc.record({ field: fc.constantFrom(...MAZE_FIELDS), value: hostileValue }), fc.record({ field: fc.constantFrom(...MAZE_FIELDS), value: fc.constant(DELETE) })), { maxLength: 3 }),
  fc.boolean(),
);


/** A step, well-formed or not: every type, small and huge coordinates, wrong types. */
const garbageStep = fc.oneof(
  fc.record({
    type: fc.constantFrom('grid', 'color', 'wall', 'passage', 'cell', 'head', 'clear', 'ends', 'door', 'key', 'path', 'nope', 'toString'),
    // issue 30: the library's replay holds every grid, so shaped grid steps and passages are garbage it meets too
    shape: fc.constantFrom(undefined, 'square', 'hex', 'triangle', 'polar', 'circle', 'constructor'),
    slot: fc.oneof(fc.integer({ min: -1, max: 8 }), fc.constantFrom(0.5, NaN, '1')),
    width: fc.oneof(fc.integer({ min: -1, max: 6 }), fc.constantFrom(30_000, 1e9, NaN, '3')),
    height: fc.oneof(fc.integer({ min: -1, max: 6 }), fc.constantFrom(30_000, NaN)),
    walls: fc.constantFrom('closed', 'border', 'open', undefined),
    x: fc.oneof(fc.integer({ min: -2, max: 8 }), fc.constantFrom(0.5, NaN, '1', null)),
    y: fc.oneof(fc.integer({ min: -2, max: 8 }), fc.constantFrom(1e9, undefined)),
    side: fc.constantFrom('top', 'left', 'down', undefined),
    active: fc.constantFrom(true, false, 1, undefined),
    color: fc.oneof(fc.integer({ min: -1, max: 4 }), fc.constant(70_000)),
    index: fc.integer({ min: -1, max: 5 }),
    rgb: fc.oneof(fc.integer({ min: -1, max: 0xffffff }), fc.constant(2 ** 24)),
    mark: fc.constantFrom('none', 'active', 'search', 'constructor', 3),
    start: fc.oneof(fc.constant(null), fc.tuple(fc.integer({ min: -1, max: 6 }), fc.integer({ min: -1, max: 6 })), fc.constant('a')),
    end: fc.oneof(fc.constant(null), fc.tuple(fc.integer({ min: -1, max: 6 }), fc.integer({ min: -1, max: 6 }))),
    key: fc.oneof(fc.constant(null), fc.integer({ min: -1, max: 70_000 })),
    door: fc.oneof(fc.integer({ min: -1, max: 5 }), fc.constant(NaN)),
    mask: fc.oneof(fc.constant(undefined), fc.constant({ width: 2, height: 2, cells: new Uint8Array([1, 0, 1, 7]) }), fc.constant(null)),
  }, { requiredKeys: ['type'] }),
  fc.constantFrom(null, 7, 'wall', [], Object.create(null) as unknown),
);

/** Library options with hostile shapes: sparse mask rows, wrong types, names from Object.prototype. */
const hostileOptions = fc.record({
  width: fc.oneof(fc.integer({ min: 1, max: 6 }), hostileValue),
  height: fc.oneof(fc.integer({ min: 1, max: 5 }), hostileValue),
  mask: fc.oneof(fc.constant(undefined), hostileValue, fc.constant(['.X', '..']), fc.constant(Object.assign(['..'], { 3: '..' }))),
  solve: fc.oneof(fc.boolean(), hostileValue),
  shape: fc.oneof(fc.constant(undefined), fc.constantFrom('hex', 'polar', 'square'), hostileValue),
  seed: fc.constantFrom(1, 'x', undefined),
}, { requiredKeys: [] });

describe('fuzz: hostile library objects and garbage replay steps', () => {
  it(`render, solve, stats and farthestEnds on mutated, frozen mazes give a result or a MazeError (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(hostileMaze, fc.constantFrom('render-ascii', 'render-json', 'render-svg', 'render-png', 'solve', 'stats', 'farthestEnds'), async ([kind, edits, frozen], call) => {
        const maze = (kind === 'square' ? generate({ width: 4, height: 3, seed: 1 }) : kind === 'zones' ? generate({ algorithm: 'zones', width: 6, height: 4, seed: 1 }) : generate({ shape: kind, width: 3, ...(kind === 'polar' ? {} : { height: 3 }), seed: 1 })) as unknown as Record<string | symbol, unknown>;
        for (const { field, value } of edits) {
          if (value === DELETE) delete maze[field];
          else Object.defineProperty(maze, field, { value, enumerable: true, writable: true, configurable: true });
        }
        if (frozen) Object.freeze(maze);
        const given = maze as unknown as Maze;
        await libraryOutcome(() => {
          if (call === 'solve') return solve(given);
          if (call === 'stats') return stats(given);
          if (call === 'farthestEnds') return farthestEnds(given);
          return render(given, call.slice('render-'.length) as 'svg', { tile: 4, wall: 1 } as never);
        });
      }),
      { numRuns: RUNS, seed: SEED },
    );
  }, IN_PROCESS_MS);

  it(`replaySteps on garbage steps replays them or throws a MazeError (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(garbageStep, { maxLength: 12 }), fc.boolean(), async (list, gridFirst) => {
        const steps = (gridFirst ? [{ type: 'grid', width: 4, height: 3, walls: 'closed', ...(list.length % 2 === 1 ? { shape: 'hex' } : {}) }, ...list] : list) as Step[];
        await libraryOutcome(() => replaySteps(steps));
      }),
      { numRuns: RUNS, seed: SEED },
    );
  }, IN_PROCESS_MS);

  it(`generate, steps and fitMask on hostile options, with Object.prototype polluted, give a maze or a MazeError (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(hostileOptions, fc.option(fc.constantFrom('shape', 'solve', 'mask', 'width', 'algorithm', 'cells'), { nil: undefined }), fc.constantFrom('generate', 'steps', 'fitMask'), async (options, polluted, call) => {
        const proto = Object.prototype as Record<string, unknown>;
        if (polluted) proto[polluted] = polluted === 'shape' ? 'polar' : polluted === 'algorithm' ? 'trees' : polluted === 'cells' ? [1] : 9;
        try {
          await libraryOutcome(() => {
            if (call === 'fitMask') return fitMask(options.mask as string[], { width: options.width } as never);
            if (call === 'steps') return [...steps(options as never)].length;
            const maze = generate(options as never);
            // a polluted shape never turns a square request polar
            if (polluted === 'shape' && options.shape === undefined) expect(maze).toBeInstanceOf(MazeClass);
            return maze;
          });
        } finally {
          if (polluted) delete proto[polluted];
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
  }, IN_PROCESS_MS);
});
