/**
 * The command line, end to end. Every bad command line runs twice: as the
 * built binary (dist/cli.js, in parallel) for the exit code, the single
 * `maze: error:` line, the absence of a stack trace and of any file
 * written, and in-process through `run`, which must say exactly the same.
 * The good paths spawn the binary where the process matters (stdout, seeds
 * on stderr, --version) and run in-process where many runs are needed.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { algorithms } from '../src/algorithms/index.js';
import { listChoices } from '../src/errors.js';
import { formats } from '../src/formats/index.js';
import { listFiles, ROOT, runCli, schemaErrors, spawnMaze, spawnMazeAsync, tempDir } from './helpers.js';
import type { CliResult } from './helpers.js';

const USAGE = 2;
const IO = 1;
const FIXTURE = readFileSync(join(ROOT, 'fixtures', 'three-by-two.json'), 'utf8');

/** A 3 × 2 maze whose only passage joins (0,0) and (1,0): nothing reaches (2,1). */
const CUT = JSON.stringify({ format: 'maze', version: 1, width: 3, height: 2, top: ['111', '111', '111'], left: ['1011', '1111'], palette: ['#ffffff'] });

/** The 3 × 2 fixture with one field changed: valid JSON, but not a valid maze. */
function broken(edit: (doc: Record<string, unknown>) => void): string {
  const doc = JSON.parse(FIXTURE) as Record<string, unknown>;
  edit(doc);
  return JSON.stringify(doc);
}

interface BadLine {
  /** The arguments, given the folder the command runs in. */
  args: (dir: string) => string[];
  code: number;
  message: RegExp;
  /** Files to make first: name → content, or null for a folder. */
  files?: Record<string, string | null>;
  stdin?: string;
}

const algorithmNames = listChoices(algorithms.map((a) => a.name));
const formatNames = listChoices(formats.map((f) => f.name));
const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const BAD: Record<string, BadLine> = {
  'a zero width': { args: () => ['gen', '--w', '0', '-o', 'm.txt'], code: USAGE, message: /^--w must be from 1 to 100000000, got 0$/ },
  'a negative height': { args: () => ['gen', '--h', '-5', '-o', 'm.txt'], code: USAGE, message: /^--h must be from 1 to 9007199254740991, got -5$/ },
  'a fractional width': { args: () => ['gen', '--w', '2.5', '-o', 'm.txt'], code: USAGE, message: /^--w must be a whole number from 1 to 100000000, got '2\.5'$/ },
  'a width in words': { args: () => ['gen', '--w', 'ten', '-o', 'm.txt'], code: USAGE, message: /^--w must be a whole number .* got 'ten'$/ },
  'a height in exponent notation': { args: () => ['gen', '--h', '1e3'], code: USAGE, message: /^--h must be a whole number .* got '1e3'$/ },
  'an empty width': { args: () => ['gen', '--w=', '-o', 'm.txt'], code: USAGE, message: /^--w must be a whole number .* got ''$/ },
  'an absurd size': { args: () => ['gen', '--w', '100000', '--h', '100000', '-o', 'm.json'], code: USAGE, message: /^100000 × 100000 is 10000000000 cells, over the limit of 100000000 for a maze held whole in memory, which trees needs \(only eller, sidewinder or binary-tree can stream row by row, at any height\); make --w or --h smaller$/ },
  'a width over the cell limit': { args: () => ['gen', '--w', '100000001', '--h', '1'], code: USAGE, message: /^--w must be from 1 to 100000000, got 100000001$/ },
  'an unknown algorithm': { args: () => ['gen', '--algo', 'prims', '-o', 'm.txt'], code: USAGE, message: new RegExp(`^unknown algorithm 'prims'; the algorithms are ${algorithmNames}; did you mean 'prim'\\?$`) },
  'a mistyped algorithm': { args: () => ['gen', '--algo', 'kruskall'], code: USAGE, message: /^unknown algorithm 'kruskall'; the algorithms are .*; did you mean 'kruskal'\?$/ },
  'an unknown format': { args: () => ['gen', '--format', 'gif', '-o', 'm.gif'], code: USAGE, message: new RegExp(`^unknown format 'gif'; the formats are ${formatNames}$`) },
  'an unknown option': { args: () => ['gen', '--colour', 'red', '-o', 'm.txt'], code: USAGE, message: /^unknown option --colour; did you mean --color\? \(see maze gen --help\)$/ },
  'an unknown command': { args: () => ['generate', '--w', '3'], code: USAGE, message: /^unknown command 'generate'; the commands are gen, render, solve, stats, count, list, play or book \(see maze --help\)$/ },
  'no command at all': { args: () => [], code: USAGE, message: /^a command is needed: gen, render, solve, stats, count, list, play or book \(see maze --help\)$/ },
  'an option but no command': { args: () => ['--w', '3'], code: USAGE, message: /^a command is needed: gen, render, solve, stats, count, list, play or book/ },
  'a stray argument': { args: () => ['gen', 'big', '-o', 'm.txt'], code: USAGE, message: /^unexpected argument 'big': maze gen takes options only \(see maze gen --help\)$/ },
  '--w at the end': { args: () => ['gen', '-o', 'm.txt', '--w'], code: USAGE, message: /^--w needs a value$/ },
  '--w followed by another option': { args: () => ['gen', '--w', '--h', '3', '-o', 'm.txt'], code: USAGE, message: /^--w needs a value$/ },
  '--seed with nothing': { args: () => ['gen', '-o', 'm.txt', '--seed'], code: USAGE, message: /^--seed needs a value$/ },
  'an empty --seed': { args: () => ['gen', '--seed', '', '-o', 'm.txt'], code: USAGE, message: /^--seed must be a safe integer or non-blank text, such as --seed 7, got ''$/ },
  '-o with nothing': { args: () => ['gen', '-o'], code: USAGE, message: /^-o needs a value$/ },
  'an unknown extension': { args: () => ['gen', '-o', 'x.foo'], code: USAGE, message: /^cannot tell the format of 'x\.foo': end it in .*\.txt.*, or give --format$/ },
  '--count 3 without a template': { args: () => ['gen', '--count', '3'], code: USAGE, message: /^--count 3 needs an -o name with \{n\} or \{seed\} in it, such as -o 'maze-\{n\}\.txt'$/ },
  '--count 3 with a plain file name': { args: () => ['gen', '--count', '3', '-o', 'm.json'], code: USAGE, message: /^--count 3 needs an -o name with \{n\} or \{seed\} in it, such as -o 'maze-\{n\}\.json'$/ },
  '--count 0': { args: () => ['gen', '--count', '0', '-o', 'm-{n}.txt'], code: USAGE, message: /^--count must be from 1 to 1000000, got 0$/ },
  'a batch with a bad option after it': { args: () => ['gen', '--count', '3', '-o', 'm-{n}.png', '--tile', '5', '--wall', '5'], code: USAGE, message: /^--wall 5 must be less than --tile 5$/ },
  'a nonexistent file to render': { args: () => ['render', 'missing.json', '-o', 'm.txt'], code: USAGE, message: /^cannot read 'missing\.json': no such file or folder$/ },
  'a folder to render': { args: () => ['render', 'saved', '-o', 'm.txt'], files: { saved: null }, code: USAGE, message: /^cannot read 'saved': it is a folder$/ },
  'a file to render under a file': { args: () => ['render', 'plain/m.json'], files: { plain: 'x' }, code: USAGE, message: /^cannot read 'plain\/m\.json': a part of the path is not a folder$/ },
  'malformed JSON': { args: () => ['render', 'm.json', '-o', 'm.txt'], files: { 'm.json': '{"format": "maze",' }, code: USAGE, message: /^m\.json: not valid JSON \(.+\)$/ },
  'malformed JSON on standard input': { args: () => ['render', '-', '-o', 'm.txt'], stdin: 'not json', code: USAGE, message: /^standard input: not valid JSON/ },
  'JSON that is not a maze': { args: () => ['render', 'm.json'], files: { 'm.json': '[1, 2]' }, code: USAGE, message: /^m\.json: not a maze: the top level must be a JSON object$/ },
  'a maze of another version': { args: () => ['render', 'm.json'], files: { 'm.json': broken((d) => (d.version = 2)) }, code: USAGE, message: /^m\.json: "version" 2 is not supported \(this maze reads version 1\)$/ },
  'a wrong row count': { args: () => ['render', 'm.json', '-o', 'm.txt'], files: { 'm.json': broken((d) => (d.top = ['111', '111'])) }, code: USAGE, message: /^m\.json: "top" must be a list of 3 strings, got 2$/ },
  'bad wall characters': { args: () => ['render', 'm.json'], files: { 'm.json': broken((d) => (d.left = ['10x1', '1011'])) }, code: USAGE, message: /^m\.json: "left" row 0 must be only '0' and '1' characters \(at least 2\), got "10x1"$/ },
  'an open border': { args: () => ['render', 'm.json', '-o', 'm.txt'], files: { 'm.json': broken((d) => (d.left = ['1001', '1010'])) }, code: USAGE, message: /^m\.json: the border is not closed: "left" row 1 column 3 is '0'; it may open only beside a "start" or "end" cell on the border \(an entrance or exit\)$/ },
  'a palette index out of range': {
    args: () => ['render', 'm.json', '-o', 'm.txt'],
    files: { 'm.json': broken((d) => Object.assign(d, { topColor: [[0, 0, 0], [0, 3, 0], [0, 0, 0]], leftColor: [[0, 0, 0, 0], [0, 0, 0, 0]] })) },
    code: USAGE,
    message: /^m\.json: "topColor" row 1 column 1 must be a palette index from 0 to 0, got 3$/,
  },
  'a bad palette color': { args: () => ['render', 'm.json'], files: { 'm.json': broken((d) => (d.palette = ['white'])) }, code: USAGE, message: /^m\.json: "palette" entry 0 must be a color like "#a03c5f", got "white"$/ },
  'a start point outside the grid': { args: () => ['render', 'm.json', '-o', 'm.txt'], files: { 'm.json': broken((d) => (d.start = [3, 0])) }, code: USAGE, message: /^m\.json: "start" must be a cell \[x, y\] inside the 3 × 2 grid, got \[3,0\]$/ },
  'two files to render': { args: () => ['render', 'a.json', 'b.json'], code: USAGE, message: /^unexpected argument 'b\.json': maze render takes one saved maze, FILE\.json or - \(see maze render --help\)$/ },
  // a book file, not a saved maze; and play, whose standard input is the keyboard, takes no -
  'two book files': { args: () => ['book', 'a.json', 'b.json'], code: USAGE, message: /^unexpected argument 'b\.json': maze book takes one book file, FILE\.json or - \(see maze book --help\)$/ },
  'two mazes to play': { args: () => ['play', 'a.json', 'b.json'], code: USAGE, message: /^unexpected argument 'b\.json': maze play takes one saved maze, FILE\.json \(see maze play --help\)$/ },
  'render with no saved maze': { args: () => ['render'], code: USAGE, message: /^render needs a saved maze: maze render FILE\.json \(or - for standard input\)$/ },
  'a stray argument after a value': { args: () => ['stats', '-', '--from', '1,1', 'extra'], code: USAGE, message: /^unexpected argument 'extra': maze stats takes one saved maze/ },
  'render without a file': { args: () => ['render', '-o', 'm.txt'], code: USAGE, message: /^render needs a saved maze: maze render FILE\.json \(or - for standard input\)$/ },
  'an output under a regular file': { args: () => ['gen', '-o', 'plain/m.json'], files: { plain: 'x' }, code: USAGE, message: /^cannot write 'plain\/m\.json': '.*\/plain' is not a folder$/ },
  'a batch under a regular file': { args: () => ['gen', '--count', '2', '-o', 'plain/{n}/m.json'], files: { plain: 'x' }, code: USAGE, message: /is not a folder$/ },
  'an output in /proc': { args: () => ['gen', '-o', '/proc/maze.json'], code: USAGE, message: /^cannot write '\/proc\/maze\.json': no file can be created in '\/proc' \(.+\)$/ },
  'an output that is a folder': { args: () => ['gen', '-o', 'out.json'], files: { 'out.json': null }, code: USAGE, message: /^cannot write 'out\.json': it is a folder$/ },
  'a render to an unwritable path': { args: () => ['render', 'm.json', '-o', 'plain/x.txt'], files: { 'm.json': FIXTURE, plain: 'x' }, code: USAGE, message: /is not a folder$/ },
  '--tile 5 --wall 5': { args: () => ['gen', '--tile', '5', '--wall', '5', '-o', 'm.png'], code: USAGE, message: /^--wall 5 must be less than --tile 5$/ },
  'a bad --fg': { args: () => ['gen', '--fg', 'red', '-o', 'm.txt'], code: USAGE, message: /^--fg must be a color like #a03c5f, got 'red'$/ },
  'a bad --bg': { args: () => ['gen', '--bg', '#12345', '-o', 'm.png'], code: USAGE, message: /^--bg must be a color like #a03c5f, got '#12345'$/ },
  'an unknown --style': { args: () => ['gen', '--style', 'fancy', '-o', 'm.txt'], code: USAGE, message: /^--style must be ascii, unicode or compact, got 'fancy'$/ },
  'an unknown --color': { args: () => ['gen', '--color', 'sometimes'], code: USAGE, message: /^--color must be auto, always or never, got 'sometimes'$/ },
  '--start outside the grid for backtracker': {
    args: () => ['gen', '--algo', 'backtracker', '--w', '30', '--h', '20', '--start', '30,0', '-o', 'm.txt'],
    code: USAGE,
    message: /^--start 30,0 is outside the 30 × 20 grid \(x from 0 to 29, y from 0 to 19\)$/,
  },
  '--start that is not x,y': { args: () => ['gen', '--algo', 'backtracker', '--start', 'a,b'], code: USAGE, message: /^--start must be two whole numbers x,y such as 0,0, got 'a,b'$/ },
  '--start given to kruskal': { args: () => ['gen', '--algo', 'kruskal', '--start', '1,1', '-o', 'm.txt'], code: USAGE, message: /^--start applies to backtracker, not to kruskal$/ },
  '--start 0,0 given to kruskal': { args: () => ['gen', '--algo', 'kruskal', '--start', '0,0', '-o', 'm.txt'], code: USAGE, message: /^--start applies to backtracker, not to kruskal$/ },
  '--from that is not x,y': { args: () => ['gen', '--solve', '--from', '1;2', '-o', 'm.txt'], code: USAGE, message: /^--from must be two whole numbers x,y such as 0,0, got '1;2'$/ },
  'an empty --to': { args: () => ['gen', '--solve', '--to=', '-o', 'm.txt'], code: USAGE, message: /^--to must be two whole numbers x,y such as 0,0, got ''$/ },
  '--to outside the grid': { args: () => ['gen', '--w', '5', '--h', '4', '--solve', '--to', '5,3', '-o', 'm.png'], code: USAGE, message: /^--to 5,3 is outside the 5 × 4 grid \(x from 0 to 4, y from 0 to 3\)$/ },
  '--from outside a saved maze': { args: () => ['solve', 'm.json', '--from', '0,2', '-o', 'out.png'], files: { 'm.json': FIXTURE }, code: USAGE, message: /^--from 0,2 is outside the 3 × 2 grid \(x from 0 to 2, y from 0 to 1\)$/ },
  'an end walled off from the start': { args: () => ['solve', 'cut.json', '-o', 'out.svg'], files: { 'cut.json': CUT }, code: USAGE, message: /^no path from 0,0 to 2,1: walls cut them apart \(stats counts the parts\); pick other cells with --from and --to$/ },
  'solve without a file': { args: () => ['solve', '-o', 'm.txt'], code: USAGE, message: /^solve needs a saved maze: maze solve FILE\.json \(or - for standard input\)$/ },
  'a stored solution through a wall': {
    args: () => ['render', 'm.json', '-o', 'm.png'],
    files: { 'm.json': broken((d) => Object.assign(d, { solution: [[1, 0], [1, 1]] })) },
    code: USAGE,
    message: /^m\.json: "solution" step 1 goes from \[1,0\] to \[1,1\]: each step must go to a neighbor cell through an open wall$/,
  },
  'stats without a file': { args: () => ['stats'], code: USAGE, message: /^stats needs a saved maze: maze stats FILE\.json \(or - for standard input\)$/ },
  'stats of a missing file': { args: () => ['stats', 'nope.json', '--json'], code: USAGE, message: /^cannot read 'nope\.json': no such file or folder$/ },
  'stats with an output option': { args: () => ['stats', 'm.json', '-o', 'x.txt'], files: { 'm.json': FIXTURE }, code: USAGE, message: /^unknown option -o \(see maze stats --help\)$/ },
  'stats with --to outside the grid': { args: () => ['stats', '-', '--to', '9,9'], stdin: FIXTURE, code: USAGE, message: /^--to 9,9 is outside the 3 × 2 grid/ },
  'a bad --path-color': { args: () => ['gen', '--solve', '--path-color', 'red', '-o', 'm.png'], code: USAGE, message: /^--path-color must be a color like #a03c5f, got 'red'$/ },
  ...(process.platform === 'linux'
    ? { 'a file that fails to read (EIO)': { args: () => ['render', '/proc/self/mem', '-o', 'm.txt'], code: IO, message: /^cannot read '\/proc\/self\/mem': input\/output error$/ } }
    : {}),
};

interface Outcome {
  dir: string;
  before: string[];
  spawned: CliResult;
  inProcess: CliResult;
}

const outcomes = new Map<string, Outcome>();

function prepare(files: Record<string, string | null> = {}): string {
  const dir = tempDir();
  for (const [name, content] of Object.entries(files)) {
    if (content === null) mkdirSync(join(dir, name));
    else writeFileSync(join(dir, name), content);
  }
  return dir;
}

describe('bad command lines', () => {
  beforeAll(async () => {
    // A few binaries at a time: dozens at once starve each other of the
    // machine's cores and hit the spawn timeout on a loaded machine.
    const pending = Object.entries(BAD);
    const spawnNext = async (): Promise<void> => {
      for (let next = pending.shift(); next !== undefined; next = pending.shift()) {
        const [name, bad] = next;
        const dir = prepare(bad.files);
        const before = listFiles(dir);
        const spawned = await spawnMazeAsync(bad.args(dir), { cwd: dir, input: bad.stdin ?? '' });
        outcomes.set(name, { dir, before, spawned, inProcess: spawned });
      }
    };
    await Promise.all(Array.from({ length: 4 }, spawnNext));
    // In-process runs resolve relative paths against process.cwd(): run each
    // in its own folder, one at a time.
    const cwd = process.cwd();
    try {
      for (const [name, bad] of Object.entries(BAD)) {
        const outcome = outcomes.get(name)!;
        process.chdir(outcome.dir);
        outcome.inProcess = await runCli(bad.args(outcome.dir), bad.stdin ?? '');
      }
    } finally {
      process.chdir(cwd);
    }
  });

  it('covers at least 25 distinct mistakes', () => {
    expect(Object.keys(BAD).length).toBeGreaterThanOrEqual(25);
  });

  it.each(Object.keys(BAD))('%s', (name) => {
    const bad = BAD[name]!;
    const { dir, before, spawned, inProcess } = outcomes.get(name)!;
    const lines = spawned.stderr.split('\n');
    expect(lines, `stderr: ${spawned.stderr}`).toHaveLength(2); // one line, then the final newline
    expect(lines[1]).toBe('');
    expect(lines[0]).toMatch(/^maze: error: /);
    expect(lines[0]!.slice('maze: error: '.length)).toMatch(bad.message);
    expect(spawned.stderr).not.toMatch(/\n\s+at |Error:|node:internal/);
    expect(spawned.code).toBe(bad.code);
    expect(spawned.stdout).toBe('');
    expect(listFiles(dir), 'no file written, no temporary file left').toEqual(before);
    expect({ code: inProcess.code, stderr: inProcess.stderr, stdout: inProcess.stdout }).toEqual({
      code: spawned.code,
      stderr: spawned.stderr,
      stdout: '',
    });
  });
});

describe('maze gen', () => {
  it('maze gen --algo kruskal --w 30 --h 20 prints 41 lines of width 121, and the seed on stderr', async () => {
    const { code, stdout, stderr } = await spawnMazeAsync(['gen', '--algo', 'kruskal', '--w', '30', '--h', '20']);
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(41);
    for (const line of lines) expect(line).toHaveLength(121);
    expect(lines[0]).toBe('+---'.repeat(30) + '+');
    expect(stderr).toMatch(/^seed: \d+\n$/);
  });

  it('prints a seed that reproduces the maze, and --quiet hides it', async () => {
    const drawn = await spawnMazeAsync(['gen', '--w', '12', '--h', '7']);
    const seed = /^seed: (\d+)\n$/.exec(drawn.stderr)?.[1];
    expect(seed).toBeDefined();
    const [again, quiet, other] = await Promise.all([
      spawnMazeAsync(['gen', '--w', '12', '--h', '7', '--seed', seed!]),
      spawnMazeAsync(['gen', '--w', '12', '--h', '7', '--quiet']),
      spawnMazeAsync(['gen', '--w', '12', '--h', '7', '--seed', String(Number(seed) + 1)]),
    ]);
    expect(again).toMatchObject({ code: 0, stderr: '', stdout: drawn.stdout });
    expect(other.stdout).not.toBe(drawn.stdout);
    expect(quiet).toMatchObject({ code: 0, stderr: '' });
    expect(quiet.stdout).toMatch(/^\+---/);
  });

  it('takes the short and long names the README lists: -a, --width, --height, -s, -n, -f, -q', async () => {
    const dir = tempDir();
    const long = await runCli(['gen', '--algo', 'kruskal', '--w', '7', '--h', '5', '--seed', '3', '--format', 'json']);
    const short = await runCli(['gen', '-a', 'kruskal', '--width', '7', '--height', '5', '-s', '3', '-f', 'json']);
    expect(long).toMatchObject({ code: 0, stderr: '' });
    expect(short.stdout).toBe(long.stdout);
    const batch = await runCli(['gen', '-n', '2', '-q', '-a', 'prim', '--w', '4', '--h', '3', '--output', join(dir, '{n}.txt')]);
    expect(batch).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(listFiles(dir)).toEqual(['1.txt', '2.txt']);
  });

  it('gives identical bytes for the same command twice, in every format', async () => {
    for (const format of formats) {
      const args = ['gen', '--algo', 'backtracker', '--w', '15', '--h', '9', '--seed', 'twice', '-f', format.name];
      if (format.binary) continue; // to a file below
      const [a, b] = await Promise.all([spawnMazeAsync(args), spawnMazeAsync(args)]);
      expect(a.code).toBe(0);
      expect(a.stdoutBytes.length).toBeGreaterThan(0);
      expect(a.stdoutBytes.equals(b.stdoutBytes)).toBe(true);
    }
    const dir = tempDir();
    for (const format of formats.filter((f) => f.binary)) {
      const out = (n: number): string => join(dir, `${n}${format.extensions[0]}`);
      for (const n of [1, 2]) expect((await runCli(['gen', '--seed', 'twice', '-o', out(n)])).code).toBe(0);
      expect(readFileSync(out(1)).equals(readFileSync(out(2)))).toBe(true);
    }
  });

  it('renders a saved maze exactly as gen printed it, from a file and from standard input', async () => {
    const dir = tempDir();
    const gen = ['gen', '--algo', 'backtracker', '--w', '30', '--h', '20', '--seed', '7'];
    expect(await spawnMazeAsync([...gen, '-o', 'm.json'], { cwd: dir })).toMatchObject({ code: 0, stdout: '', stderr: '' });
    const saved = readFileSync(join(dir, 'm.json'), 'utf8');
    expect(schemaErrors(saved)).toEqual([]);
    expect(JSON.parse(saved)).toMatchObject({ algorithm: 'backtracker', seed: '7', options: { start: '0,0' } });
    const [direct, fromFile, fromStdin, unicodeDirect, unicodeSaved] = await Promise.all([
      spawnMazeAsync(gen),
      spawnMazeAsync(['render', 'm.json'], { cwd: dir }),
      spawnMazeAsync(['render', '-'], { cwd: dir, input: saved }),
      spawnMazeAsync([...gen, '--style', 'unicode']),
      spawnMazeAsync(['render', 'm.json', '--style', 'unicode'], { cwd: dir }),
    ]);
    expect(direct.stdout).toMatch(/^\+---/);
    expect(fromFile).toMatchObject({ code: 0, stderr: '', stdout: direct.stdout });
    expect(fromStdin).toMatchObject({ code: 0, stderr: '', stdout: direct.stdout });
    expect(unicodeDirect.stdout).toMatch(/^┌───/);
    expect(unicodeSaved.stdout).toBe(unicodeDirect.stdout);
  });

  it('writes a batch of 100 with seeds 1..100, each reproducible alone', async () => {
    const dir = tempDir();
    const batch = await spawnMazeAsync(['gen', '--count', '100', '--seed', '1', '-o', 'out/m-{n}.json'], { cwd: dir });
    expect(batch).toMatchObject({ code: 0, stdout: '', stderr: '' });
    const files = listFiles(dir);
    expect(files).toHaveLength(100);
    for (let n = 1; n <= 100; n++) {
      const text = readFileSync(join(dir, 'out', `m-${n}.json`), 'utf8');
      const doc = JSON.parse(text) as { seed: string };
      expect(doc.seed).toBe(String(n));
      if (n <= 3 || n === 100) expect(schemaErrors(text)).toEqual([]);
      const alone = await runCli(['gen', '--seed', doc.seed, '-f', 'json']);
      expect(alone.stdout, `maze ${n}`).toBe(text);
    }
  });

  it('numbers a string seed S as S-1, S-2, … and fills {seed} in the name', async () => {
    const dir = tempDir();
    const words = await spawnMazeAsync(['gen', '--count', '3', '--seed', 'forest', '-o', 'w/{seed}.json'], { cwd: dir });
    expect(words).toMatchObject({ code: 0, stderr: '' });
    expect(listFiles(dir)).toEqual(['w/forest-1.json', 'w/forest-2.json', 'w/forest-3.json']);
    for (const n of [1, 2, 3]) {
      const text = readFileSync(join(dir, 'w', `forest-${n}.json`), 'utf8');
      expect(JSON.parse(text).seed).toBe(`forest-${n}`);
      expect((await runCli(['gen', '--seed', `forest-${n}`, '-f', 'json'])).stdout).toBe(text);
    }
    const numbers = await runCli(['gen', '--count', '2', '--seed', '41', '-o', join(dir, 'n', 'x-{seed}-{n}.txt')]);
    expect(numbers.code).toBe(0);
    expect(listFiles(join(dir, 'n'))).toEqual(['x-41-1.txt', 'x-42-2.txt']);
    expect(readFileSync(join(dir, 'n', 'x-42-2.txt'), 'utf8')).toBe((await runCli(['gen', '--seed', '42'])).stdout);
  });

  it('draws one seed for a batch without --seed and prints it once', async () => {
    const dir = tempDir();
    const { code, stderr } = await runCli(['gen', '--count', '3', '-o', join(dir, '{n}.json')]);
    expect(code).toBe(0);
    const seed = /^seed: (\d+)\n$/.exec(stderr)?.[1];
    expect(seed).toBeDefined();
    const recorded = [1, 2, 3].map((n) => (JSON.parse(readFileSync(join(dir, `${n}.json`), 'utf8')) as { seed: string }).seed);
    expect(recorded).toEqual([0, 1, 2].map((i) => String(BigInt(seed!) + BigInt(i))));
  });
});

describe('help, list and version', () => {
  it('maze --help lists the commands and its options', async () => {
    const { code, stdout, stderr } = await spawnMazeAsync(['--help']);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    for (const text of ['maze gen', 'maze render FILE.json', 'maze list', '--version', '--help']) expect(stdout).toContain(text);
  });

  it('maze gen --help lists every option with its default', async () => {
    const { code, stdout, stderr } = await runCli(['gen', '--help']);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const expected: [string, string | null][] = [
      ['--algo', algorithms[0]!.name],
      ['--width', '30'],
      ['--height', '20'],
      ['--seed', 'drawn, and printed on stderr'],
      ['--count', '1'],
      ['--output', 'standard output'],
      ['--format', 'from the -o extension, else ascii'],
      ['--style', 'ascii; on a terminal, the widest that fits'],
      ['--color', 'auto'],
      ['--tile', '20'],
      ['--wall', '2'],
      ['--fg', "the theme's"],
      ['--bg', "the theme's"],
      ['--theme', 'dark; pdf: print'],
      ['--quiet', null],
      ['--help', null],
    ];
    for (const algorithm of algorithms) {
      for (const [flag, spec] of Object.entries(algorithm.options)) expected.push([`--${flag}`, spec.default]);
    }
    // yargs wraps long lines: join each option's text up to the next option
    const flat = stdout.replace(/\s+/g, ' ');
    for (const [flag, fallback] of expected) {
      const at = flat.search(new RegExp(`${escape(flag)}\\b`));
      expect(at, `${flag} in gen --help`).toBeGreaterThanOrEqual(0);
      if (fallback !== null) expect(flat.slice(at, at + 220), flag).toContain(`[default: ${fallback}]`);
    }
    for (const a of algorithms) expect(stdout).toContain(a.name);
    for (const f of formats) expect(stdout).toContain(f.name);
  });

  it('maze render --help and maze list --help work', async () => {
    const render = await runCli(['render', '--help']);
    expect(render.code).toBe(0);
    expect(render.stdout).toMatch(/maze render FILE\.json/);
    expect(render.stdout).toContain('--output');
    expect((await runCli(['list', '--help'])).stdout).toMatch(/maze list/);
  });

  it('maze list lists every registered algorithm and format', async () => {
    const { code, stdout, stderr } = await spawnMazeAsync(['list']);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const lines = stdout.split('\n');
    for (const a of algorithms) expect(lines.some((l) => l.includes(a.name) && l.includes(a.description)), a.name).toBe(true);
    for (const f of formats) {
      expect(lines.some((l) => l.includes(f.name) && f.extensions.every((e) => l.includes(e)) && l.includes(f.description)), f.name).toBe(true);
    }
  });

  it('maze --version prints the package version', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(spawnMaze(['--version'])).toMatchObject({ code: 0, stdout: `${pkg.version}\n`, stderr: '' });
  });
});
