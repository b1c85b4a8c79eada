// dist/ as build.mjs replaces it and prepare.mjs checks it. npm runs
// `prepare` whenever it installs this folder as a package (`npx maze` in a
// checkout, `npm link`, `npm install -g <folder>`), and then something may
// well be running from dist/: a test run, the `maze` a link points to. So a
// build never deletes dist/ first; it writes a folder of its own and moves
// its files in one rename each (swapIn), and prepare builds nothing at all
// when dist/ was built from the sources as they are (isCurrent).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { shippedManifest } from './pack-manifest.mjs';

/** The build's record of what it was made from, in dist/ (not packed: dist/meta). */
export const STAMP = 'meta/build-inputs.json';

/** What a build reads: the sources, the build scripts, the bench, the schema, the package's and the compiler's settings. */
const INPUT_FOLDERS = ['src', 'scripts', 'bench', 'schema'];
const INPUT_FILES = ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.types.json'];

/** The files under a folder, as paths relative to it, sorted; [] when there is no folder. */
export function listFiles(folder) {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(folder.length + 1))
    .sort();
}

/**
 * A digest of everything a build reads, and of the Node that runs it (the
 * code cache in dist/ is for one version of V8) and NO_MINIFY.
 */
export function buildInputs(root) {
  const hash = createHash('sha256').update(`${process.version}\0${process.env.NO_MINIFY ? 'unminified' : ''}\0`);
  const files = [
    ...INPUT_FILES.filter((file) => existsSync(join(root, file))),
    ...INPUT_FOLDERS.flatMap((folder) => listFiles(join(root, folder)).map((file) => join(folder, file))),
  ];
  for (const file of files) {
    // package.json without its scripts, as `npm pack` strips it before its `prepare` (scripts/pack-manifest.mjs): the build reads no script
    const content = file === 'package.json' ? shippedManifest(readFileSync(join(root, file), 'utf8')) : readFileSync(join(root, file));
    hash.update(`${file}\0`).update(content).update('\0');
  }
  return hash.digest('hex');
}

/** dist/ is whole and was built from the inputs as they are now. */
export function isCurrent(root) {
  const dist = join(root, 'dist');
  try {
    const stamp = JSON.parse(readFileSync(join(dist, STAMP), 'utf8'));
    return stamp.inputs === buildInputs(root) && stamp.files.every((file) => existsSync(join(dist, file)));
  } catch {
    return false; // no stamp (never built, or built by an older build.mjs): build
  }
}

/**
 * Move the files of `from` into `to`, each in one rename over the old one:
 * no file of `to` is ever missing. New files come first (the chunks the
 * others import), then the files the new build no longer has go. The files
 * of `to` named in `removeFirst` go before anything moves: the stamp, so
 * that a swap cut short is never taken for a current dist/, and the code
 * cache, which must never meet a script it was not made from (V8 checks
 * only the source's length).
 */
export function swapIn(from, to, removeFirst = []) {
  if (!existsSync(to)) {
    renameSync(from, to);
    return;
  }
  for (const file of removeFirst) rmSync(join(to, file), { force: true });
  const files = listFiles(from);
  const before = new Set(listFiles(to));
  for (const file of [...files.filter((f) => !before.has(f)), ...files.filter((f) => before.has(f))]) {
    mkdirSync(dirname(join(to, file)), { recursive: true });
    renameSync(join(from, file), join(to, file));
  }
  const now = new Set(files);
  for (const file of before) if (!now.has(file)) rmSync(join(to, file), { force: true });
  removeEmptyFolders(to);
  rmSync(from, { recursive: true, force: true });
}

function removeEmptyFolders(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const inner = join(folder, entry.name);
    removeEmptyFolders(inner);
    if (readdirSync(inner).length === 0) rmdirSync(inner);
  }
}

/** The build folders (dist.tmp-<pid>) of builds that were killed, whose process is gone. */
export function removeAbandoned(root) {
  for (const name of readdirSync(root)) {
    const pid = Number(/^dist\.tmp-(\d+)$/.exec(name)?.[1]);
    if (!pid || pid === process.pid || isRunning(pid)) continue;
    rmSync(join(root, name), { recursive: true, force: true });
  }
}

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}
