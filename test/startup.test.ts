/**
 * Start-up (issue 29 item 12): a small `maze gen` runs only what it needs.
 * The game's terminal side, the animation, the POV scene writer and chalk
 * are in the one CLI script as modules run on first use (esbuild's lazy
 * wrappers, reached by import()), so that there is one MazeError and one
 * output session whatever loads them; and a run makes no standard stream
 * and loads no Node module it does not use. The time itself is measured
 * by the bench (bench/startup.ts), not here. yargs itself is a file apart
 * (dist/yargs.cjs), loaded for help and for lines to refuse: a well-formed
 * line is read by its parser alone (src/cli/quick-parse.ts).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { animatedFormats } from '../src/animation/index.js';
import { ANIMATED_EXTENSIONS } from '../src/cli/commands/animate.js';
import { BIN, ROOT, spawnMaze, tempDir } from './helpers.js';

/** Modules a small gen must not run, by their path in the bundle. */
const LAZY = [
  'src/terminal/game-session.ts', 'src/terminal/game-screen.ts', 'src/game/view.ts', 'src/game/form.ts', 'src/game/controls.ts', 'src/game/keys.ts',
  'src/animation/index.ts', 'src/animation/apng.ts', 'src/animation/gif.ts', 'src/animation/svg.ts', 'src/animation/frames.ts', 'src/terminal/live.ts', 'src/animation/smil.ts', 'src/animation/shape-frames.ts', 'src/model/replay.ts',
  'src/terminal/session.ts',
  'src/formats/pov-scene.ts', 'src/formats/pov-sdl.ts', 'src/formats/pov-shape.ts', 'src/formats/pov-stage.ts',
  'node_modules/chalk/source/index.js', 'node_modules/chalk/source/vendor/supports-color/index.js',
];

/**
 * Which of the bundle's lazily run modules a run of the CLI ran. Read with
 * V8's coverage from a readable build of the script, where each such module
 * is a function named by its path (`"src/terminal/game-session.ts"() { … }`): called
 * once if the module ran, never if not.
 */
function modulesRun(dist: string, args: string[], cwd: string): Map<string, boolean> {
  const coverage = join(tempDir(), 'coverage');
  const result = spawnSync(process.execPath, [join(dist, 'cli.js'), ...args], { cwd, encoding: 'utf8', env: { ...process.env, NODE_V8_COVERAGE: coverage } });
  expect(result.status, result.stderr).toBe(0);
  const run = new Map<string, boolean>();
  for (const file of readdirSync(coverage)) {
    const report = JSON.parse(readFileSync(join(coverage, file), 'utf8')) as { result: { url: string; functions: { functionName: string; ranges: { count: number }[] }[] }[] };
    for (const script of report.result.filter((s) => s.url.endsWith('/cli-main.cjs'))) {
      for (const fn of script.functions) {
        // a package by its path from node_modules/ (the copy's node_modules is a link, which the build resolves)
        const name = fn.functionName.replace(/^.*?\/(node_modules\/)/, '$1');
        if (/^(src|node_modules)\//.test(name)) run.set(name, fn.ranges[0]!.count > 0);
      }
    }
  }
  return run;
}

describe('start-up: what a small maze gen runs', () => {
  let readable = '';
  let work = '';

  beforeAll(() => {
    // a readable (unminified) build of the sources as they are, on a copy, so that dist/ stays put
    const copy = tempDir();
    for (const name of ['src', 'scripts', 'bench', 'schema', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.types.json']) {
      cpSync(join(ROOT, name), join(copy, name), { recursive: true });
    }
    symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
    const built = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: copy, encoding: 'utf8', timeout: 180_000, env: { ...process.env, NO_MINIFY: '1' } });
    expect(built.status, built.stderr).toBe(0);
    readable = join(copy, 'dist');
    work = tempDir();
  }, 240_000);

  it('runs none of the game, the animation, the POV scene writer and chalk, which run when first used', () => {
    const small = modulesRun(readable, ['gen', '--w', '3', '--h', '2', '--seed', '1', '-o', 'm.json'], work);
    for (const name of LAZY) expect([name, small.get(name)]).toEqual([name, false]);
    // the same marks see them run where they are used
    const animated = modulesRun(readable, ['gen', '--w', '3', '--h', '2', '--seed', '1', '--animate', '-o', 'grow.svg'], work);
    for (const name of ['src/animation/index.ts', 'src/animation/svg.ts', 'src/model/replay.ts']) expect([name, animated.get(name)]).toEqual([name, true]);
    const scene = modulesRun(readable, ['gen', '--w', '3', '--h', '2', '--seed', '1', '-o', 'm.pov'], work);
    expect(scene.get('src/formats/pov-scene.ts')).toBe(true);
    expect(scene.get('src/terminal/game-session.ts')).toBe(false);
  });

  it('holds yargs apart, in dist/yargs.cjs for the lines its parser alone does not read (help, a line to refuse), and the parser in the script', () => {
    const script = readFileSync(join(readable, 'cli-main.cjs'), 'utf8');
    // each module's path in a comment (the copy's node_modules is a link: a path to it)
    expect(script).not.toMatch(/^\/\/ \S*node_modules\/yargs\/build\/lib\/yargs-factory\.js$/m);
    expect(script).toMatch(/^\/\/ \S*node_modules\/yargs-parser\/build\/lib\/yargs-parser\.js$/m);
    expect(readFileSync(join(readable, 'yargs.cjs'), 'utf8')).toMatch(/^\/\/ \S*node_modules\/yargs\/build\/lib\/yargs-factory\.js$/m);
    const help = spawnSync(process.execPath, [join(readable, 'cli.js'), 'gen', '--help'], { cwd: work, encoding: 'utf8' });
    expect(help.stdout).toMatch(/^maze gen \[options\]/);
    const refused = spawnSync(process.execPath, [join(readable, 'cli.js'), 'gen', '--bogus'], { cwd: work, encoding: 'utf8' });
    expect([refused.status, refused.stderr]).toEqual([2, 'maze: error: unknown option --bogus (see maze gen --help)\n']);
  });

  it('makes no standard stream, starts no thread pool, and loads no Node module that node -e 0 does not, but the few it uses', () => {
    // the built-in modules a process loaded, written as it exits (a preload: the script itself stays as it ships)
    let stderr = '';
    let threads = '';
    const loaded = (args: string[]): string[] => {
      const list = join(tempDir(), 'modules.json');
      const preload = join(tempDir(), 'list-modules.cjs');
      const status = "require('node:fs').readFileSync('/proc/self/status', 'utf8').match(/^Threads:\\s*(\\d+)/m)[1]";
      writeFileSync(preload, `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(list)}, JSON.stringify({ modules: process.moduleLoadList, threads: ${status} })));\n`);
      const result = spawnSync(process.execPath, ['--require', preload, ...args], { cwd: work, encoding: 'utf8' });
      expect(result.status, result.stderr).toBe(0);
      stderr = result.stderr;
      const found = JSON.parse(readFileSync(list, 'utf8')) as { modules: string[]; threads: string };
      threads = found.threads;
      return found.modules;
    };
    const node = new Set(loaded(['-e', '0']));
    const nodeThreads = threads;
    const extra = loaded([BIN, 'gen', '--w', '30', '--h', '20', '--seed', '1', '-o', 'm.json']).filter((name) => !node.has(name));
    // and writes its file without starting libuv's thread pool (four threads)
    expect(threads).toBe(nodeThreads);
    // Node's streams (stdin, stdout, stderr, node:tty, node:fs/promises), node:assert and fs.rmSync's rimraf cost a start milliseconds
    const unused = ['stream', 'tty', 'net', 'assert', 'os', 'internal/fs/promises', 'internal/fs/rimraf', 'worker_threads', 'zlib', 'crypto'];
    for (const module of unused.map((name) => `NativeModule ${name}`)) {
      expect(extra).not.toContain(module);
    }
    // without --seed, the seed is drawn from the kernel's source (not Node's Web Crypto, which loads the streams and
    // cost a tenth of the start-up) and printed on stderr, here a pipe, without making its socket
    const unseeded = loaded([BIN, 'gen', '--w', '30', '--h', '20', '-o', 'm.json']).filter((name) => !node.has(name));
    expect(stderr).toMatch(/^seed: \d+\n$/);
    for (const module of unused.map((name) => `NativeModule ${name}`)) expect(unseeded).not.toContain(module);
  });
});

describe('start-up: the lazily loaded parts share the one MazeError', () => {
  // an error from a module loaded on first use is the MazeError run() knows: one line, exit 2, no stack trace
  it.each([
    ['the animated SVG', ['gen', '--w', '600', '--h', '500', '--animate', '-o', 'grow.svg'], /^maze: error: an animated SVG holds an element for every wall that changes, and a 600 × 500 maze is 300000 cells/],
    ['the animated GIF', ['gen', '--w', '4000', '--h', '2', '--animate', '-o', 'grow.gif'], /^maze: error: a 4000 × 2 maze at --tile 20 is \d+ × \d+ pixels, over GIF's limit/],
    ['maze play', ['play', '--w', '10', '--h', '10', '--monsters', '5000'], /^maze: error: --monsters must be/],
    ['the POV scene', ['gen', '--w', '5', '--h', '4', '--pov-maze', 'bogus', '-o', 'm.pov'], /^maze: error: --pov-maze must be/],
    ['the POV-Ray-made scene', ['gen', '--w', '300', '--h', '300', '--pov-maze', 'sdl', '-o', 'm.pov'], /^maze: error: --pov-maze sdl makes the maze in POV-Ray's own language/],
  ])('%s', (_what, args, message) => {
    const cwd = tempDir();
    const result = spawnMaze(args, { cwd });
    expect(result.stderr).toMatch(message);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.code).toBe(2);
    expect(readdirSync(cwd)).toEqual([]);
  });

  it("--help names the animated formats' extensions as their registry has them", () => {
    expect(ANIMATED_EXTENSIONS).toEqual(animatedFormats.flatMap((f) => f.extensions));
  });
});
