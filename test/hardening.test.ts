/**
 * Hardening: one test per defect of the attack-and-misuse review (the
 * issue's numbered list), named after it. Each runs the reproduction and
 * checks the behavior SPEC "Errors and safety" asks for.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, lchownSync, mkdirSync, openSync, readdirSync, readFileSync, statSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_PIXELS } from '../src/cli/commands/args.js';
import { checkPixelBudget } from '../src/formats/render-options.js';
import { IoError } from '../src/errors.js';
import { MAX_DEPTH, MAX_INPUT_BYTES, MAX_KEYS, MAX_NODES, MAX_VALUES, parseMaze } from '../src/formats/json.js';
import png from '../src/formats/png.js';
import { DEFAULT_RENDER_OPTIONS } from '../src/formats/types.js';
import { OutputSession, pendingFiles, writeFileAtomically } from '../src/cli/output.js';
import { BIN, IN_CI, listFiles, ROOT, runCli, schemaErrors, spawnMaze, spawnMazeAsync, tempDir } from './helpers.js';

const IS_ROOT = process.getuid?.() === 0;
/**
 * Longer than any run here takes unless it hangs: these tests show a signal
 * ends the run rather than being waited out; how fast it does is a bench
 * row (npm run bench: interrupt latency), not a unit test's timing.
 */
const HANG = 10_000;
/** Far less than a 4000 × 4000 generation takes, and still ample for a signal on a loaded machine. */
const WELL_BEFORE_DONE = 3000;
const NOBODY = 65534;
const OLD = 'the old file\n';

/** One `maze: error:` line and nothing else on stderr. */
function oneErrorLine(stderr: string): void {
  expect(stderr).toMatch(/^maze: error: [^\n]+\n$/);
  expect(stderr).not.toMatch(/\n {4}at /);
}

/** Spawn the binary, send `signal` after `delay` ms, and time how long it takes to end. */
async function interrupt(args: string[], cwd: string, signal: NodeJS.Signals, delay: number): Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }> {
  const child = spawn(process.execPath, [BIN, ...args], { cwd, stdio: 'ignore' });
  await new Promise((wake) => setTimeout(wake, delay));
  const sent = Date.now();
  child.kill(signal);
  return new Promise((done) => child.on('close', (code, sig) => done({ code, signal: sig, ms: Date.now() - sent })));
}

/** Whether the run ended because of `signal`: by its default action, or by exit 128 + its number after cleaning up. */
function endedBy(result: { code: number | null; signal: NodeJS.Signals | null }, signal: 'SIGINT' | 'SIGTERM'): boolean {
  return result.signal === signal || result.code === 128 + (signal === 'SIGINT' ? 2 : 15);
}

describe('defect 1: a symlink at the output path redirects the write onto any file', () => {
  it("refuses another user's link in a sticky world-writable folder, naming it, and leaves the victim alone", async (ctx) => {
    if (!IS_ROOT) ctx.skip('needs root, to plant a link owned by another user');
    const dir = tempDir();
    const shared = join(dir, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o1777);
    const victim = join(dir, 'bashrc');
    writeFileSync(victim, OLD, { mode: 0o600 });
    const link = join(shared, 'maze.png');
    symlinkSync(victim, link);
    lchownSync(link, NOBODY, NOBODY);
    const result = await runCli(['gen', '--seed', '1', '-o', link]);
    expect(result.code).toBe(2);
    oneErrorLine(result.stderr);
    expect(result.stderr).toContain(`refusing to follow the symbolic link '${link}'`);
    expect(readFileSync(victim, 'utf8')).toBe(OLD);
    expect(statSync(victim).mode & 0o777).toBe(0o600);
    // the folder's owner's link, or our own, is followed as the kernel's rule allows
    lchownSync(link, 0, 0);
    expect((await runCli(['gen', '--seed', '1', '-o', link])).code).toBe(0);
    expect(readFileSync(victim).subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('refuses a dangling link and a link loop at -o rather than replacing them', async () => {
    const dir = tempDir();
    symlinkSync('nowhere.txt', join(dir, 'dangling.txt'));
    symlinkSync('b.txt', join(dir, 'a.txt'));
    symlinkSync('a.txt', join(dir, 'b.txt'));
    const dangling = await runCli(['gen', '--seed', '1', '-o', join(dir, 'dangling.txt')]);
    expect(dangling.code).toBe(2);
    expect(dangling.stderr).toContain("points to nothing ('nowhere.txt')");
    const loop = await runCli(['gen', '--seed', '1', '-o', join(dir, 'a.txt')]);
    expect(loop.code).toBe(2);
    expect(loop.stderr).toMatch(/loops/);
    expect(listFiles(dir)).toEqual(['a.txt', 'b.txt', 'dangling.txt']);
  });
});

describe('defect 2: a replaced file loses its permissions and owner', () => {
  it('keeps the mode of the file it replaces', async () => {
    const dir = tempDir();
    const file = join(dir, 'private.json');
    writeFileSync(file, OLD);
    chmodSync(file, 0o600);
    expect((await runCli(['gen', '--seed', '1', '-o', file])).code).toBe(0);
    expect(statSync(file).mode & 0o7777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toMatch(/"format": "maze"/);
  });

  it.runIf(IS_ROOT)('keeps the owner and group of the file it replaces (where the process may set them)', async () => {
    const dir = tempDir();
    const file = join(dir, 'theirs.json');
    writeFileSync(file, OLD, { mode: 0o640 });
    chmodSync(file, 0o640);
    chownSync(file, NOBODY, NOBODY);
    expect((await runCli(['gen', '--seed', '1', '-o', file])).code).toBe(0);
    const stats = statSync(file);
    expect([stats.uid, stats.gid, stats.mode & 0o7777]).toEqual([NOBODY, NOBODY, 0o640]);
  });
});

describe('defect 3: failed writes to stdout report success', () => {
  it.each([
    ['gen', '--seed', '1'],
    ['gen', '--seed', '1', '-f', 'png'],
    ['gen', '--seed', '1', '--w', '300', '--h', '300', '-f', 'json'],
    ['stats', 'fixtures/four-by-four.json'],
  ])('maze %s … > /dev/full exits 1 with one line', (...args) => {
    const result = spawnSync(process.execPath, [BIN, ...args], { stdio: ['ignore', openSyncFull(), 'pipe'], encoding: 'utf8', cwd: join(BIN, '..', '..') });
    expect(result.status).toBe(1);
    oneErrorLine(result.stderr);
    expect(result.stderr).toContain('cannot write to standard output: no space left on the device');
  });

  it('stays quiet, exit 0, when the reader closes the pipe early (| head -1)', () => {
    const result = spawnSync('bash', ['-c', `"${process.execPath}" "${BIN}" gen --w 500 --h 500 --seed 1 -f json | head -1; echo "status \${PIPESTATUS[0]}" >&2`], { encoding: 'utf8' });
    expect(result.stdout).toBe('{\n');
    expect(result.stderr).toBe('status 0\n');
  });
});

let full: number | undefined;
/** An fd on /dev/full (every write fails with ENOSPC), for a child's stdout. */
function openSyncFull(): number {
  return (full ??= openSync('/dev/full', 'w'));
}

describe('defect 4: list, help and version to /dev/full print a stack trace', () => {
  it.each([['list'], ['gen', '--help'], ['--version'], ['--help']])('maze %s > /dev/full exits 1 with one line', (...args) => {
    const result = spawnSync(process.execPath, [BIN, ...args], { stdio: ['ignore', openSyncFull(), 'pipe'], encoding: 'utf8' });
    expect(result.status).toBe(1);
    oneErrorLine(result.stderr);
  });
});

describe('defect 5: parser crashes on --_, --toString, --constructor, --hasOwnProperty, --__proto__', () => {
  it.each([
    [['--_'], '--_'],
    [['gen', '--_', '1'], '--_'],
    [['gen', '--_=x'], '--_'],
    [['gen', '--_'], '--_'],
    [['gen', 'x', '--toString'], '--toString'],
    [['gen', '--constructor'], '--constructor'],
    [['gen', '--hasOwnProperty'], '--hasOwnProperty'],
    [['gen', '--__proto__'], '--__proto__'],
    [['gen', '--to-string'], '--to-string'],
    [['render', 'm.json', '--valueOf', '1'], '--valueOf'],
  ])('maze %j is an unknown option, exit 2', async (args, name) => {
    const result = await runCli(args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(new RegExp(`^maze: error: unknown option ${name} \\(see maze [a-z ]*--help\\)\\n$`));
  });
});

describe('defect 5, found by the fuzz harness: a command after --', () => {
  it.each([[['--', '--w']], [['--', 'gen']]])('maze %j is a usage error, exit 2, one line', async (args) => {
    const result = await runCli(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^maze: error: a command is needed before any --: .+\n$/);
  });
});

describe('found by the fuzz harness: a prototype name after -- crashed yargs (its help and its conflict check)', () => {
  it.each([
    [['--help', '-n', '--', '--to-string'], 0, /^maze <command>/],
    [['render', '--help', '-x', '--', '--to-string'], 0, /^maze render FILE\.json/],
    [['gen', '-x', '--', '--to-string'], 2, /^$/],
    [['render', '-x', '--', 'a', '--__proto__'], 2, /^$/],
  ])('maze %j exits %i without a stack trace', (args, code, stdout) => {
    // the built binary: in a fresh process, as a user runs it (in-process runs hit fewer of yargs' paths)
    const result = spawnMaze(args);
    expect(result.code).toBe(code);
    expect(result.stdout).toMatch(stdout);
    if (code !== 0) oneErrorLine(result.stderr);
    else expect(result.stderr).toBe('');
  });

  it('a file named like a prototype option still reaches the command after --', async () => {
    const result = await runCli(['render', '--', '--to-string']);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toBe("maze: error: cannot read '--to-string': no such file or folder\n");
  });
});

describe('defect 9: hangs Ctrl-C cannot stop (FIFOs)', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)('maze gen -o fifo with no reader ends at %s, not when its work is done, leaving no file', async (signal) => {
    const dir = tempDir();
    expect(spawnSync('mkfifo', [join(dir, 'f.json')]).status).toBe(0);
    const result = await interrupt(['gen', '--seed', '1', '-o', 'f.json'], dir, signal, 700);
    expect(endedBy(result, signal)).toBe(true);
    expect(result.ms).toBeLessThan(HANG);
    expect(listFiles(dir)).toEqual(['f.json']);
  });

  it.each(['SIGINT', 'SIGTERM'] as const)('maze render fifo with no writer ends at %s, not when its work is done', async (signal) => {
    const dir = tempDir();
    expect(spawnSync('mkfifo', [join(dir, 'fifo.json')]).status).toBe(0);
    const result = await interrupt(['render', 'fifo.json', '-o', 'out.png'], dir, signal, 700);
    expect(endedBy(result, signal)).toBe(true);
    expect(result.ms).toBeLessThan(HANG);
    expect(listFiles(dir)).toEqual(['fifo.json']);
  });

  it('still writes to a FIFO whose reader comes later, and ends quietly when it leaves early', async () => {
    const dir = tempDir();
    const fifo = join(dir, 'late.txt');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const writer = spawnMazeAsync(['gen', '--w', '300', '--h', '300', '--seed', '2', '-o', fifo]);
    await new Promise((wake) => setTimeout(wake, 300));
    const reader = spawnSync('head', ['-c', '10', fifo], { encoding: 'utf8' });
    expect(reader.stdout).toBe('+---+---+-');
    expect(await writer).toMatchObject({ code: 0, stderr: '' });
  });
});

describe('defect 10: Ctrl-C is delayed during generation', () => {
  it.each(['kruskal', 'aldous-broder'])('%s 4000 × 4000 ends at SIGINT, not when its work is done, leaving no file', async (algo) => {
    const dir = tempDir();
    const result = await interrupt(['gen', '--algo', algo, '--w', '4000', '--h', '4000', '--seed', '1', '-o', 'big.txt'], dir, 'SIGINT', 800);
    expect(endedBy(result, 'SIGINT')).toBe(true);
    // the work takes several times this (kruskal about 8 s here, aldous-broder minutes): the signal ended it
    expect(result.ms).toBeLessThan(WELL_BEFORE_DONE);
    expect(listFiles(dir)).toEqual([]);
  });
});

describe('defect 11: legal names fail; a failed batch leaves its new folder', () => {
  it.each([234, 250, 255])('writes a file whose name is %i bytes', async (length) => {
    const dir = tempDir();
    const name = 'm'.repeat(length - 4) + '.txt';
    const result = await runCli(['gen', '--w', '2', '--h', '2', '--seed', '1', '-o', join(dir, name)]);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(listFiles(dir)).toEqual([name]);
  });

  it('writes a 255-byte name of multi-byte characters', async () => {
    const dir = tempDir();
    const name = 'é'.repeat(125) + '.txt'; // 254 bytes
    expect((await runCli(['gen', '--w', '2', '--h', '2', '--seed', '1', '-o', join(dir, name)])).code).toBe(0);
    expect(listFiles(dir)).toEqual([name]);
  });

  it('refuses up front, exit 2, a name over 255 bytes', async () => {
    const dir = tempDir();
    const result = await runCli(['gen', '--seed', '1', '-o', join(dir, 'm'.repeat(252) + '.txt')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/is longer than 255 bytes\n$/);
  });

  it('removes the folders a failed write created', async () => {
    const dir = tempDir();
    async function* failing(): AsyncGenerator<string> {
      yield 'half';
      throw Object.assign(new Error('ENOSPC'), { code: 'ENOSPC' });
    }
    const session = new OutputSession();
    await expect(writeFileAtomically(join(dir, 'sub', 'deep', 'm.txt'), failing(), { session })).rejects.toThrow(IoError);
    session.removeCreatedFolders();
    expect(readdirSync(dir)).toEqual([]);
    expect(pendingFiles.size).toBe(0);
  });
});

describe('defect 12: PNG bytes reach a terminal through device paths', () => {
  const script = spawnSync('script', ['--version']).status === 0;
  it.skipIf(!script && !IN_CI).each(['/dev/stdout', '/dev/tty', '/proc/self/fd/1'])('refuses -f png -o %s on a terminal', (path) => {
    expect(script, 'script (util-linux) runs the CLI on a pseudo-terminal').toBe(true);
    const result = spawnSync('script', ['-qec', `"${process.execPath}" "${BIN}" gen --seed 1 -f png -o ${path}; echo "status $?"`, '/dev/null'], { encoding: 'latin1' });
    expect(result.stdout).not.toContain('\x89PNG');
    expect(result.stdout.replace(/\r/g, '')).toBe(`maze: error: refusing to write PNG bytes to a terminal ('${path}'); write to a file or redirect standard output\nstatus 2\n`);
  });
});

describe('defect 13: multi-line error messages', () => {
  it.each([
    [['gen', '--w', '1\n2'], "got '1\\n2'"],
    [['gen', '-o', 'a\nb.exe'], "'a\\nb.exe'"],
    [['gen', '--seed', 'x\u0000\u001b[31m', '--w', 'q'], "got 'q'"],
  ])('maze %j: one line, control characters escaped', async (args, quoted) => {
    const result = await runCli(args);
    expect(result.code).toBe(2);
    oneErrorLine(result.stderr);
    expect(result.stderr).toContain(quoted);
  });

  it('quotes NUL bytes of a bad JSON input escaped', async () => {
    // raw NUL bytes are binary data, said so; NULs in a JSON string reach the message and are quoted escaped
    const raw = await runCli(['render', '-'], '\u0000'.repeat(1000));
    expect(raw.stderr).toBe('maze: error: standard input is binary data, not a saved maze: maze render reads a maze saved as JSON (maze gen -o maze.json)\n');
    const result = await runCli(['render', '-'], `{"format": "${'\\u0000'.repeat(100)}"}`);
    expect(result.code).toBe(2);
    oneErrorLine(result.stderr);
    expect(result.stderr).toContain('\\u0000');
    expect(result.stderr).not.toContain('\u0000');
  });

  it('prints no seed: line before an error when no --seed is given', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'taken'), '');
    for (const args of [['gen', '-o', join(dir, 'taken', 'm.txt')], ['gen', '--w', '0'], ['gen', '--fg', 'nope']]) {
      const result = spawnMaze(args);
      expect(result.code).toBe(2);
      oneErrorLine(result.stderr);
    }
    const full = spawnSync(process.execPath, [BIN, 'gen'], { stdio: ['ignore', openSyncFull(), 'pipe'], encoding: 'utf8' });
    expect(full.status).toBe(1);
    oneErrorLine(full.stderr);
  });
});

describe('defect 15: {seed} climbs out of the output folder', () => {
  it("turns '/', '\\\\' and '..' in a seed into '_' in the file name", async () => {
    const top = tempDir();
    const dir = join(top, 'a', 'b');
    mkdirSync(dir, { recursive: true });
    const result = spawnMaze(['gen', '--seed', '../../zz', '--count', '2', '-o', '{seed}.json'], { cwd: dir });
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(listFiles(top)).toEqual(['a/b/______zz-1.json', 'a/b/______zz-2.json']);
    // the file still records the seed itself
    expect(JSON.parse(readFileSync(join(dir, '______zz-1.json'), 'utf8')).seed).toBe('../../zz-1');
    const windows = spawnMaze(['gen', '--seed', '..\\x', '-o', '{seed}.txt', '--count', '1'], { cwd: dir });
    expect(windows.code).toBe(0);
    // a batch of one: maze 1's seed, ..\x-1
    expect(readdirSync(dir)).toContain('___x-1.txt');
  });
});

/** A small valid maze document to break one field of at a time (fixtures/four-by-four.json is 4 × 4). */
function fixture(): Record<string, unknown> {
  return JSON.parse(readFileSync(join(ROOT, 'fixtures', 'four-by-four.json'), 'utf8')) as Record<string, unknown>;
}

/** A 3 × 1 maze, all passages open, with one door and one key. */
function withDoor(door: Record<string, unknown>, key: Record<string, unknown>): string {
  return JSON.stringify({
    format: 'maze', version: 1, width: 3, height: 1,
    top: ['111', '111'], left: ['1001'], palette: ['#ffffff'],
    doors: [door], keys: [key],
  });
}

describe('defect 6: deeply nested JSON overflows the stack', () => {
  const deep = (n: number): string => '['.repeat(n) + ']'.repeat(n);
  it.each([
    ['the top level', `{"format":${deep(5000)}}`],
    ['options', JSON.stringify({ ...fixture(), options: 0 }).replace('"options":0', `"options":{"a":${deep(5000)}}`)],
    ['palette', JSON.stringify({ ...fixture(), palette: 0 }).replace('"palette":0', `"palette":${deep(5000)}`)],
    ['solution', JSON.stringify({ ...fixture(), solution: 0 }).replace('"solution":0', `"solution":${deep(5000)}`)],
    ['doors', JSON.stringify({ ...fixture(), doors: 0 }).replace('"doors":0', `"doors":[{"x":${deep(5000)}}]`)],
  ])('refuses nesting 5000 deep in %s, in every command', async (_where, text) => {
    for (const command of [['render', '-'], ['solve', '-'], ['stats', '-']]) {
      const result = await runCli(command, text);
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(`maze: error: standard input: lists and objects nest deeper than ${MAX_DEPTH} levels (a maze needs 3)\n`);
    }
  });

  it('still reads brackets inside strings as text', () => {
    const doc = { ...fixture(), algorithm: 'x', seed: '['.repeat(5000) };
    expect(parseMaze(JSON.stringify(doc), 'm.json').info?.seed).toBe('['.repeat(5000));
  });
});

describe('defect 7: more than 65,536 door keys crash rendering', () => {
  it('refuses more keys than palette colors, with the limit', async () => {
    const doc = JSON.parse(withDoor({ x: 1, y: 0, side: 'left', key: 0 }, { x: 0, y: 0, door: 0 })) as { keys: unknown[] };
    doc.keys = Array.from({ length: MAX_KEYS + 1 }, () => ({ x: 0, y: 0, door: 0 }));
    const dir = tempDir();
    const result = await runCli(['render', '-', '-o', join(dir, 'x.png')], JSON.stringify(doc));
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`maze: error: standard input: "keys" holds ${MAX_KEYS + 1} keys, over the limit of ${MAX_KEYS} (each key takes a palette color)\n`);
    expect(listFiles(dir)).toEqual([]);
  });
});

describe('defect 8: out of memory on accepted sizes', () => {
  it.each([
    [['--algo', 'kruskal', '--w', '100000000', '--h', '1', '-o', 'x.txt'], /over the limit of \d+ cells/],
    [['--w', '100000000', '--h', '1', '--solve', '-o', 'x.json'], /--solve finds paths in mazes of at most \d+ cells/],
    [['--w', '1', '--h', '100000000', '--solve'], /--solve finds paths in mazes of at most \d+ cells/],
  ])('maze gen %j is refused up front with the limit', async (args, message) => {
    const dir = tempDir();
    const result = spawnMaze(['gen', ...args], { cwd: dir, timeout: 10_000 });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    oneErrorLine(result.stderr);
    expect(listFiles(dir)).toEqual([]);
  });

  it('refuses a stored solution of more steps than a saved maze may hold lists (the 34 M-step one of the review ran out of memory)', () => {
    const head = JSON.stringify({ ...fixture(), solution: 0 }).replace('"solution":0', '"solution":[');
    const text = head + '[0,0],'.repeat(MAX_NODES) + '[0,0]]}';
    expect(() => parseMaze(text, 'big.json')).toThrow(`big.json: more than ${MAX_NODES} lists and objects, the most a saved maze may hold`);
  });

  it('refuses more values than a saved maze may hold before JSON.parse builds them (a sweep: 256 MiB of `0,` took 3.9 GB to refuse)', () => {
    const text = '{"format": "maze", "top": [' + '0,'.repeat(MAX_VALUES) + '0]}';
    expect(() => parseMaze(text, 'flat.json')).toThrow(`flat.json: more than ${MAX_VALUES} values in its lists and objects, the most a saved maze may hold`);
  });

  it('stops reading an endless standard input at the stated limit (cat /dev/zero | maze render -)', () => {
    const result = spawnSync('bash', ['-c', `cat /dev/zero | "${process.execPath}" "${BIN}" render -`], { encoding: 'utf8', timeout: 30_000 });
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`maze: error: standard input is larger than ${MAX_INPUT_BYTES} bytes (256 MiB), the most a saved maze may be\n`);
  });
});

describe('defect 13: a UTF-8 byte order mark', () => {
  it('is accepted at the start of a JSON input', async () => {
    const text = readFileSync(join(ROOT, 'fixtures', 'four-by-four.json'), 'utf8');
    const plain = await runCli(['render', '-'], text);
    const marked = await runCli(['render', '-'], '\ufeff' + text);
    expect(marked).toMatchObject({ code: 0, stderr: '' });
    expect(marked.stdout).toBe(plain.stdout);
  });
});

describe('defect 14: the JSON reader accepts what its schema forbids', () => {
  // [what, text, message, whether the schema itself forbids it (else it is a rule the schema cannot state)]
  it.each([
    ['door key -5', withDoor({ x: 1, y: 0, side: 'left', key: -5 }, { x: 0, y: 0, door: 0 }), '"doors" entry 0 "key" must be at least 0, got -5', true],
    ['door key -1', withDoor({ x: 1, y: 0, side: 'left', key: -1 }, { x: 0, y: 0, door: 0 }), '"doors" entry 0 "key" must be at least 0, got -1', true],
    ['door key past the keys', withDoor({ x: 1, y: 0, side: 'left', key: 1 }, { x: 0, y: 0, door: 0 }), 'locked with key 1, but the maze has keys 0 to 0', false],
    ['key door -1', withDoor({ x: 1, y: 0, side: 'left', key: 0 }, { x: 0, y: 0, door: -1 }), '"keys" entry 0 "door" must be at least 0, got -1', true],
    ['key door 99', withDoor({ x: 1, y: 0, side: 'left', key: 0 }, { x: 0, y: 0, door: 99 }), '"door" 99', false],
    ['a door on a closed wall', withDoor({ x: 2, y: 0, side: 'left', key: 0 }, { x: 0, y: 0, door: 0 }).replace('"1001"', '"1011"'), 'on a closed wall', false],
    ['a door on the border', withDoor({ x: 0, y: 0, side: 'left', key: 0 }, { x: 0, y: 0, door: 0 }), 'on the border', false],
    ['a door with an extra field', withDoor({ x: 1, y: 0, side: 'left', key: 0, color: 1 }, { x: 0, y: 0, door: 0 }), '"doors" entry 0 has an unknown field "color"', true],
    ['a missing palette', JSON.stringify({ ...fixture(), palette: undefined }), '"palette" is missing', true],
    ['topColor without leftColor', JSON.stringify({ ...fixture(), topColor: [[0], [0]] }), '"topColor" needs "leftColor"', true],
    ['a top-level constructor', JSON.stringify(fixture()).replace('{', '{"constructor":{},'), 'unknown field "constructor"', true],
    ['a top-level __proto__', JSON.stringify(fixture()).replace('{', '{"__proto__":{"x":1},'), 'unknown field "__proto__"', true],
    ['an empty seed', JSON.stringify({ ...fixture(), algorithm: 'x', seed: '' }), '"seed" must be', true],
  ] as const)('refuses %s', async (_what, text, message, schemaForbids) => {
    expect(schemaErrors(text).length > 0).toBe(schemaForbids);
    const dir = tempDir();
    const result = await runCli(['render', '-', '-o', join(dir, 'out.json')], text);
    expect(result.code).toBe(2);
    oneErrorLine(result.stderr);
    expect(result.stderr).toContain(message);
    expect(listFiles(dir)).toEqual([]);
  });

  it('a door on an open inner wall, its key and a null key read, and write back as valid JSON', async () => {
    const text = withDoor({ x: 1, y: 0, side: 'left', key: 0 }, { x: 2, y: 0, door: 0 });
    const result = await runCli(['render', '-', '-f', 'json'], text);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(schemaErrors(result.stdout)).toEqual([]);
  });

  it('every fixture written back as JSON validates', async () => {
    for (const name of readdirSync(join(ROOT, 'fixtures')).filter((n) => n.endsWith('.json'))) {
      const result = await runCli(['render', join(ROOT, 'fixtures', name), '-f', 'json']);
      expect(result.code, name).toBe(0);
      expect(schemaErrors(result.stdout), name).toEqual([]);
    }
  });
});

describe('defect 16: unclear refusals of huge input', () => {
  it('refuses a file over the limit by its size, before reading it', async () => {
    const dir = tempDir();
    const file = join(dir, 'huge.json');
    writeFileSync(file, '');
    truncateSync(file, 600 * 2 ** 20); // sparse: no 600 MB written
    const result = await runCli(['render', file]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`maze: error: '${file}' is larger than ${MAX_INPUT_BYTES} bytes (256 MiB), the most a saved maze may be\n`);
  });

  it('refuses /dev/zero as a file at the limit', async () => {
    const result = await runCli(['stats', '/dev/zero']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`maze: error: '/dev/zero' is larger than ${MAX_INPUT_BYTES} bytes (256 MiB), the most a saved maze may be\n`);
  });

  it('gives a name too long the exit code of a missing file (2)', async () => {
    const missing = await runCli(['render', 'no-such.json']);
    const tooLong = await runCli(['render', 'x'.repeat(300) + '.json']);
    expect([missing.code, tooLong.code]).toEqual([2, 2]);
    expect(tooLong.stderr).toMatch(/^maze: error: cannot read 'x+\.json': the name is too long\n$/);
  });
});

describe('defect 17: no limit on picture size', () => {
  it('refuses a PNG over the pixel budget, stating it, and takes --max-pixels to raise it', async () => {
    const refused = await runCli(['gen', '--w', '10000', '--h', '10000', '--tile', '1000', '-o', 'x.png']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      `maze: error: a 10000 × 10000 maze at --tile 1000 is ${10_000_002 ** 2} pixels, over the budget of ${MAX_PIXELS} pixels; make the maze or --tile smaller, or raise --max-pixels\n`,
    );
    const small = await runCli(['gen', '--w', '3', '--h', '3', '--seed', '1', '-f', 'png', '--max-pixels', '100']);
    expect(small.code).toBe(2);
    expect(small.stderr).toContain('over the budget of 100 pixels');
    const raised = await runCli(['gen', '--w', '3', '--h', '3', '--seed', '1', '-f', 'png', '--max-pixels', '3844']);
    expect(raised.code).toBe(0);
  });

  it('fits a 4000 × 4000 maze at the default tile, and refuses 5000 × 5000 up front, naming the budget', () => {
    // the PNG format's own pixel count against the budget check the CLI and the library both make
    expect(png.pixels!(4000, 4000, DEFAULT_RENDER_OPTIONS)).toBe(80_002 ** 2);
    expect(() => checkPixelBudget(png.pixels!(4000, 4000, DEFAULT_RENDER_OPTIONS), 4000, 4000, 20, MAX_PIXELS)).not.toThrow();
    expect(() => checkPixelBudget(png.pixels!(5000, 5000, DEFAULT_RENDER_OPTIONS), 5000, 5000, 20, MAX_PIXELS)).toThrow(
      'a 5000 × 5000 maze at tile 20 is 10000400004 pixels, over the budget of 10000000000 pixels',
    );
  });
});

describe("maze stats and maze solve past the path search's 16 M cells (user sweep: stats ran a 10000 × 10000 file on past 2 GB; solve said to raise --max-cells, which the command line has not)", () => {
  it('both refuse a saved 4001 × 4000 maze in one line, naming no option the command line lacks', async () => {
    const dir = tempDir();
    const file = join(dir, 'huge.json');
    const [w, h] = [4001, 4000];
    const rows = (count: number, row: string): string => Array.from({ length: count }, () => `"${row}"`).join(',');
    writeFileSync(file, `{"format":"maze","version":1,"width":${w},"height":${h},"top":["${'1'.repeat(w)}",${rows(h - 1, '0'.repeat(w))},"${'1'.repeat(w)}"],"left":[${rows(h, `1${'0'.repeat(w - 1)}1`)}],"palette":["#ffffff"]}`);
    for (const command of ['stats', 'solve']) {
      const run = await spawnMazeAsync([command, file, ...(command === 'solve' ? ['-o', join(dir, 'x.json')] : [])]);
      expect(run.code, command).toBe(2);
      expect(run.stderr).toMatch(new RegExp(`^maze: error: maze ${command} finds paths in mazes of at most 16000000 cells \\(memory\\), and .*16004000; make the maze smaller\\n$`));
    }
  }, 60_000);
});
