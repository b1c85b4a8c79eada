/**
 * The README's example commands run as written, and print what the README
 * shows (issue 18 item 8). Every `maze …` line of a ```sh or ``` block runs,
 * in order, in one scratch folder (later lines read what earlier ones
 * wrote), through a `maze` on the PATH that is the built binary; a line
 * written `$ maze …` is followed by the output it must print. The long or
 * interactive ones are listed below with the reason they are not run here;
 * a picture's command runs once, in the pictures' test, which holds what
 * it makes to docs/.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { BIN, ROOT, externalTool, tempDir } from './helpers.js';
// @ts-expect-error a plain script of the repository, shared with the command that remakes the pictures
import { makePicture, pictureCommands, pixelsSha256, scratchFolder, sha256 } from '../scripts/readme-pictures.mjs';

interface Picture {
  name: string;
  command: string | null;
  output: string;
  povray?: boolean;
  pdftoppm?: boolean;
  screenshot?: boolean;
  problem?: string;
}

/** Example lines not run, each with why. */
const NOT_RUN: [RegExp, string][] = [
  [/^npm /, 'the set-up commands: the test run itself is their proof'],
  [/^maze play\b/, 'the game needs a terminal and a player: test/play.test.ts plays it in tmux'],
  [/--w 4000 --h 4000/, 'a 16-million-cell picture takes tens of seconds: npm run bench measures it'],
  [/--h 1000000\b/, 'a million rows: npm run bench measures the tallest maze'],
  [/--h 1000000000\b/, 'a billion rows cut by head: npm run bench times it'],
  [/--count 1000\b/, 'a thousand PNGs: test/batch.test.ts runs smaller batches'],
  [/SLURM|JOB_COMPLETION|parallel /, 'a scheduler recipe: needs Slurm, Kubernetes or GNU parallel'],
];

interface Example {
  command: string;
  /** What the README shows it printing, or null when it shows nothing. */
  output: string | null;
  line: number;
}

/** The `maze` command lines of the README's shell blocks, with the output shown after `$ ` lines. */
function examples(readme: string): Example[] {
  const lines = readme.split('\n');
  const found: Example[] = [];
  let block: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith('```')) {
      block = block === null ? line.slice(3) : null;
      continue;
    }
    if (block === null || !(block === 'sh' || block === '')) continue;
    if (line.startsWith('$ maze ')) {
      const output: string[] = [];
      while (i + 1 < lines.length && !lines[i + 1]!.startsWith('```') && !lines[i + 1]!.startsWith('$ ')) output.push(lines[++i]!);
      found.push({ command: line.slice(2), output: output.join('\n') + '\n', line: i + 1 });
    } else if (/^(maze|npm|seq) /.test(line)) {
      found.push({ command: line.replace(/\s+#.*$/, ''), output: null, line: i + 1 });
    }
  }
  return found;
}

describe("the README's examples", () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const all = examples(readme);

  it('are found: the main command, the tour, batches, statistics, keys and doors', () => {
    expect(all.length).toBeGreaterThan(15);
    expect(all.map((e) => e.command)).toContain('maze gen --algo trees --w 30 --h 20 -o out.png');
  });

  it("run as written and print what the README shows (the long and interactive ones are listed, with why, and not run; the pictures' commands run in the pictures' test)", () => {
    const dir = tempDir();
    const bin = join(dir, 'bin');
    spawnSync('mkdir', [bin]);
    writeFileSync(join(bin, 'maze'), `#!/bin/sh\nexec '${process.execPath}' '${BIN}' "$@"\n`);
    chmodSync(join(bin, 'maze'), 0o755);
    // the mask examples read the mask files the repository ships in docs/
    symlinkSync(join(ROOT, 'docs'), join(dir, 'docs'));
    const skipped: string[] = [];
    // a picture's command runs in the pictures' test below, its output held to docs/ byte for byte: not twice
    const pictured = new Set((pictureCommands(readme) as Picture[]).map((p) => p.command));
    let pictures = 0;
    for (const example of all) {
      if (example.output === null && pictured.has(example.command)) {
        pictures++;
        continue;
      }
      const reason = NOT_RUN.find(([pattern]) => pattern.test(example.command))?.[1];
      if (reason) {
        skipped.push(`${example.command}: ${reason}`);
        continue;
      }
      const result = spawnSync('sh', ['-c', example.command], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}` },
        timeout: 30_000,
      });
      const where = `README line ${example.line}: ${example.command}\n${result.stderr}`;
      expect(result.status, where).toBe(0);
      if (example.output !== null) expect(result.stdout, where).toBe(example.output);
    }
    // each reason holds: every pattern still matches a line, so the list never goes stale
    for (const [pattern] of NOT_RUN) expect(all.some((e) => pattern.test(e.command)), String(pattern)).toBe(true);
    expect(skipped.length).toBeGreaterThan(0);
    expect(pictures).toBeGreaterThan(5);
  }, 120_000);
});

/**
 * Every picture of docs/ the README shows is reproduced by the command the
 * README shows beside it (issue 29 item 10): byte for byte for the pictures
 * maze writes; pixel for pixel for the POV-Ray one, whose PNG carries
 * povray's own chunks. The page's screenshots are Chromium's, made by
 * scripts/page-screenshots.mjs.
 */
describe("the README's pictures", () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const pictures = pictureCommands(readme) as Picture[];

  it('each has exactly one command in the README that makes it, or is a screenshot of the page', () => {
    expect(pictures.map((p) => p.name)).toEqual(expect.arrayContaining(['maze.png', 'maze-pov.png', 'grow.png', 'maze-mask.png', 'shape-hex.png', 'page.png']));
    for (const picture of pictures) expect(picture.screenshot || picture.command !== null, `docs/${picture.name}: ${picture.problem}`).toBe(true);
    const screenshots = readFileSync(join(ROOT, 'scripts', 'page-screenshots.mjs'), 'utf8');
    for (const picture of pictures.filter((p) => p.screenshot)) expect(screenshots).toContain(`'${picture.name}'`);
  });

  const povray = externalTool('povray', 'apt-get install povray');
  const poppler = externalTool('pdftoppm', 'apt-get install poppler-utils', '-v');
  // One POV-Ray picture is rendered again, pixel for pixel; the others are
  // held to their scenes by docs/renders.json, which the script that makes
  // the pictures writes (each render takes seconds: the suite's time)
  const RENDERED = 'maze-pov.png';
  const renders = JSON.parse(readFileSync(join(ROOT, 'docs', 'renders.json'), 'utf8')) as Record<string, { scene: string; pixels: string }>;
  it('are what those commands make', (context) => {
    const dir = scratchFolder(ROOT, BIN);
    const checked: string[] = [];
    for (const picture of pictures) {
      if (picture.screenshot) continue;
      if (picture.povray && picture.name !== RENDERED) {
        const recorded = renders[picture.name];
        expect(recorded, `docs/renders.json has no docs/${picture.name}: run node scripts/readme-pictures.mjs`).toBeDefined();
        expect(sha256(makePicture(dir, picture, true)), `the scene of '${picture.command}' is not the one docs/${picture.name} was rendered from: run node scripts/readme-pictures.mjs`).toBe(recorded!.scene);
        expect(pixelsSha256(join(ROOT, 'docs', picture.name)), `docs/${picture.name} is not the render docs/renders.json records`).toBe(recorded!.pixels);
        checked.push(picture.name);
        continue;
      }
      const tool = picture.povray ? povray : picture.pdftoppm ? poppler : null;
      if (tool?.skip) continue;
      tool?.require();
      const made = readFileSync(makePicture(dir, picture));
      const shipped = readFileSync(join(ROOT, 'docs', picture.name));
      // povray's and pdftoppm's PNGs carry their own chunks: pixel for pixel
      if (tool !== null) {
        const [a, b] = [PNG.sync.read(made), PNG.sync.read(shipped)];
        expect([a.width, a.height], picture.name).toEqual([b.width, b.height]);
        expect(a.data.equals(b.data), `docs/${picture.name} is not what '${picture.command}' renders`).toBe(true);
        if (picture.povray) expect(pixelsSha256(join(ROOT, 'docs', picture.name)), `docs/renders.json's record of docs/${picture.name}`).toBe(renders[picture.name]?.pixels);
      } else {
        expect(made.equals(shipped), `docs/${picture.name} is not what '${picture.command}' makes: run node scripts/readme-pictures.mjs`).toBe(true);
      }
      checked.push(picture.name);
    }
    // the record names the POV-Ray pictures the README shows, no other
    expect(Object.keys(renders).sort()).toEqual(pictures.filter((p) => p.povray).map((p) => p.name).sort());
    if (checked.length < pictures.filter((p) => !p.screenshot).length) context.skip('povray or pdftoppm is not installed: the POV-Ray picture or the book pages were not checked');
  }, 180_000);
});
