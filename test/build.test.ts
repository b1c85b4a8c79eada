/**
 * The build never takes dist/ away (issue 17: `npx maze` in a checkout made
 * npm prepare the folder, which deleted and rebuilt dist/ under a running
 * test): it swaps its files in one rename each, and npm's `prepare` builds
 * nothing when dist/ was built from the sources as they are. Run on a copy
 * of what the build reads, so that the dist/ the other tests use stays put.
 */
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Script } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, tempDir } from './helpers.js';

const INPUTS = ['src', 'scripts', 'bench', 'schema', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.types.json'];
/** Files that a running `maze`, the library or a page load (not the code cache: without it a run compiles as usual). */
const WATCHED = ['cli.js', 'cli-main.cjs', 'pdf-lib.cjs', 'package.json', 'lib/index.js', 'browser/maze.js', 'types/lib/index.d.ts'];

let copy = '';
const inode = (file: string): number => statSync(join(copy, 'dist', file)).ino;

function prepareSync(): void {
  const result = spawnSync(process.execPath, ['scripts/prepare.mjs'], { cwd: copy, encoding: 'utf8', timeout: 120_000 });
  expect(result.status, result.stderr).toBe(0);
}

beforeAll(() => {
  copy = tempDir();
  for (const name of INPUTS) cpSync(join(ROOT, name), join(copy, name), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
  const first = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: copy, encoding: 'utf8', timeout: 120_000 });
  expect(first.status, first.stderr).toBe(0);
}, 180_000);

describe('dist/ while it is rebuilt', () => {
  it('prepare leaves a current dist/ alone', () => {
    const before = [inode('cli.js'), inode('lib/index.js')];
    prepareSync();
    expect([inode('cli.js'), inode('lib/index.js')]).toEqual(before);
  });

  it('a rebuild (prepare after a source changed) keeps every file of dist/ in place the whole time', async () => {
    appendFileSync(join(copy, 'src', 'cli', 'main.ts'), '\n// changed, so that dist/ is not current\n');
    writeFileSync(join(copy, 'dist', 'chunk-FROMANOLDBUILD.mjs'), '');
    const before = inode('cli.js');

    const child = spawn(process.execPath, ['scripts/prepare.mjs'], { cwd: copy, stdio: ['ignore', 'ignore', 'pipe'] });
    const stderr: Buffer[] = [];
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    let done = false;
    const exit = new Promise<number | null>((resolve) => child.on('close', (code) => {
      done = true;
      resolve(code);
    }));
    const missing = new Set<string>();
    let polls = 0;
    while (!done) {
      for (const file of WATCHED) if (!existsSync(join(copy, 'dist', file))) missing.add(file);
      polls++;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect(await exit, Buffer.concat(stderr).toString()).toBe(0);
    expect([...missing]).toEqual([]);
    expect(polls).toBeGreaterThan(50); // it did watch the build, not just its end

    // rebuilt indeed, a file the new build does not make is gone, and so is the build's own folder
    expect(inode('cli.js')).not.toBe(before);
    expect(existsSync(join(copy, 'dist', 'chunk-FROMANOLDBUILD.mjs'))).toBe(false);
    expect(readdirSync(copy).filter((name) => name.startsWith('dist.tmp-'))).toEqual([]);
    // the CLI runs, and V8 takes the new code cache (start-up)
    const version = spawnSync(process.execPath, [join(copy, 'dist', 'cli.js'), '--version'], { encoding: 'utf8' });
    expect(version.stdout.trim()).toBe((JSON.parse(readFileSync(join(copy, 'package.json'), 'utf8')) as { version: string }).version);
    const main = join(copy, 'dist', 'cli-main.cjs');
    // the script is the module's function, compiled as it is (scripts/cli-loader.cjs)
    expect(new Script(readFileSync(main, 'latin1'), { filename: main, cachedData: readFileSync(`${main}.cache`) }).cachedDataRejected).toBe(false);

    // and it is current again
    const after = inode('cli.js');
    prepareSync();
    expect(inode('cli.js')).toBe(after);
  });
});
