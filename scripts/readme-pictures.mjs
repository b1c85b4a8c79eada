// The README's pictures and the commands that make them. Every picture of
// docs/ the README shows is made by a command the README prints: a code span
// or a shell line that writes it (`-o docs/NAME.png`, `-o NAME.png`,
// povray's `+ONAME.png`, or pdftoppm's `-singlefile BOOK.pdf docs/NAME`, a
// page of `maze book`) and names its seed, as a reproducible picture must. The page's screenshots are Chromium's and are
// made by scripts/page-screenshots.mjs instead.
//
// Run as a script, it makes them all again into docs/ (povray is needed for
// the POV-Ray pictures), and writes docs/renders.json: for each picture
// POV-Ray renders, the SHA-256 of its scene and of the picture's pixels, so that the
// README's test can hold the renders to their scenes without rendering each
// again: node scripts/readme-pictures.mjs
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync, chmodSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';

/** Pictures made by the page's screenshot script, not by a maze command. */
export const SCREENSHOTS = ['page.png', 'page-game.png'];

/**
 * Each picture of docs/ the README shows, with the one command that makes it,
 * written to run in a folder that has the masks of docs/ and a `maze` on the
 * PATH, and leaving the picture at `docs/NAME` or `NAME` there (`output`).
 * A command naming no picture is not listed; a picture with no command, or
 * with two, is listed with `command` null and `problem` saying why.
 */
export function pictureCommands(readme) {
  const names = [...new Set([...readme.matchAll(/(?:!\[[^\]]*\]\(|<img src=")docs\/([\w.-]+\.png)/g)].map((m) => m[1]))];
  // code spans and shell lines: the places a README shows a command
  const commands = [...readme.matchAll(/`([^`\n]*\bmaze (?:gen|book) [^`\n]*)`/g)].map((m) => m[1]);
  let block = null;
  for (const line of readme.split('\n')) {
    if (line.startsWith('```')) block = block === null ? line.slice(3) : null;
    else if ((block === 'sh' || block === '') && /^maze (gen|book) /.test(line)) commands.push(line.replace(/\s+#.*$/, ''));
  }
  return names.map((name) => {
    if (SCREENSHOTS.includes(name)) return { name, command: null, screenshot: true };
    const escaped = name.replace(/[.]/g, '\\.');
    // pdftoppm -singlefile FILE.pdf NAME writes NAME.png (a book's page)
    const page = `-singlefile \\S+ (?:docs/)?${escaped.replace(/\\\.png$/, '')}`;
    const writes = new RegExp(`(?:(?:-o (?:docs/)?|\\+O)${escaped}|${page})(?:\\s|$)`);
    const found = [...new Set(commands.filter((c) => writes.test(c) && /--seed /.test(c)))];
    if (found.length !== 1) return { name, command: null, problem: found.length === 0 ? 'no command in the README makes it' : `${found.length} commands make it` };
    const command = found[0];
    const inDocs = new RegExp(`-o docs/${escaped}|\\+Odocs/${escaped}|-singlefile \\S+ docs/`).test(command);
    return { name, command, output: inDocs ? `docs/${name}` : name, povray: /\bpovray\b/.test(command), pdftoppm: /\bpdftoppm\b/.test(command) };
  });
}

/**
 * A scratch folder to run the commands in: a `maze` on its PATH (the built
 * CLI given), and docs/ holding copies of the repository's mask files, so
 * that a command writing into docs/ never touches the repository's.
 */
export function scratchFolder(root, cli) {
  const dir = mkdtempSync(join(tmpdir(), 'maze-pictures-'));
  mkdirSync(join(dir, 'bin'));
  mkdirSync(join(dir, 'docs'));
  writeFileSync(join(dir, 'bin', 'maze'), `#!/bin/sh\nexec '${process.execPath}' '${cli}' "$@"\n`);
  chmodSync(join(dir, 'bin', 'maze'), 0o755);
  for (const mask of ['mask-word.txt', 'mask-heart.png']) writeFileSync(join(dir, 'docs', mask), readFileSync(join(root, 'docs', mask)));
  // the script that turns the coaster's STL into a POV-Ray scene
  mkdirSync(join(dir, 'scripts'));
  writeFileSync(join(dir, 'scripts', 'stl-pov.mjs'), readFileSync(join(root, 'scripts', 'stl-pov.mjs')));
  return dir;
}

/** Per scratch folder, the first steps (before ` && `) of the commands run in it. */
const firstSteps = new Map();

/**
 * Runs one picture's command in the scratch folder; returns the path of
 * what it made. A command whose first step an earlier picture's ran in the
 * same folder (the book, of which three pages are shown) runs the rest only.
 * With `sceneOnly`, a POV-Ray picture's command stops before its last step,
 * `povray +ISCENE …`, and the path returned is the scene's.
 */
export function makePicture(dir, picture, sceneOnly = false) {
  let [first, ...rest] = picture.command.split(' && ');
  let output = picture.output;
  if (sceneOnly && picture.povray) {
    const povray = rest.pop();
    output = /^povray .*\+I(\S+)/.exec(povray)?.[1];
    if (output === undefined) throw new Error(`${picture.command}: its last step is not povray +ISCENE`);
  }
  const ran = firstSteps.get(dir) ?? new Set();
  firstSteps.set(dir, ran);
  const command = rest.length > 0 && ran.has(first) ? rest.join(' && ') : [first, ...rest].join(' && ');
  const result = spawnSync('sh', ['-c', command], { cwd: dir, encoding: 'utf8', env: { ...process.env, PATH: `${join(dir, 'bin')}:${process.env.PATH ?? ''}` }, timeout: 120_000 });
  if (result.status !== 0) throw new Error(`${picture.command}: exit ${result.status}\n${result.stderr}`);
  ran.add(first);
  return join(dir, output);
}

/** A file's SHA-256, in hex. */
export function sha256(file) {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

/** The SHA-256 of a PNG's size and pixels (RGBA), in hex: povray writes the time of the render in its file. */
export function pixelsSha256(file) {
  const png = PNG.sync.read(readFileSync(file));
  return createHash('sha256').update(`${png.width}x${png.height}\n`).update(png.data).digest('hex');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { stdio: 'inherit' });
  const dir = scratchFolder(root, join(root, 'dist', 'cli.js'));
  const renders = {};
  try {
    for (const picture of pictureCommands(readFileSync(join(root, 'README.md'), 'utf8'))) {
      if (picture.screenshot) continue;
      if (picture.command === null) throw new Error(`docs/${picture.name}: ${picture.problem}`);
      const made = makePicture(dir, picture);
      if (picture.povray) renders[picture.name] = { scene: sha256(makePicture(dir, picture, true)), pixels: pixelsSha256(made) };
      renameSync(made, join(root, 'docs', picture.name));
      console.log(`docs/${picture.name}: ${picture.command}`);
    }
    writeFileSync(join(root, 'docs', 'renders.json'), `${JSON.stringify(renders, null, 2)}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
