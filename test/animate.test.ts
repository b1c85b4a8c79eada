/**
 * `maze gen --animate -o …`: the animated files, read by real clients —
 * ffprobe and ffmpeg decode every frame of the APNG and the GIF, pngjs the
 * APNG's default image, xmllint checks the SVG, headless Chromium plays it
 * and rsvg-convert draws the still one. Small mazes, few frames. Each
 * client's tests skip where it is missing, but not in CI (.ci/run installs
 * them).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { externalTool, runCli, spawnMazeAsync, tempDir } from './helpers.js';
import { CELL_COLORS } from '../src/animation/frames.js';

const ffmpeg = externalTool('ffmpeg', 'apt-get install ffmpeg', '-version');
const ffprobe = externalTool('ffprobe', 'apt-get install ffmpeg', '-version');
const xmllint = externalTool('xmllint', 'apt-get install libxml2-utils');
const chromium = externalTool('chromium', 'apt-get install chromium');
const rsvg = externalTool('rsvg-convert', 'apt-get install librsvg2-bin');

const MAZE = ['--w', '10', '--h', '6', '--seed', '4'];

/** The frames ffprobe counts by decoding the whole stream. */
function frameCount(file: string): number {
  const out = spawnSync('ffprobe', ['-v', 'error', '-count_frames', '-show_entries', 'stream=nb_read_frames', '-of', 'csv=p=0', file], { encoding: 'utf8' });
  expect(out.status, out.stderr).toBe(0);
  return Number(out.stdout.trim());
}

/** Every frame ffmpeg decodes, as PNG files in a fresh folder, in order. */
function decodeFrames(file: string): string[] {
  const dir = tempDir();
  const out = spawnSync('ffmpeg', ['-v', 'error', '-i', file, '-vsync', '0', '-pix_fmt', 'rgba', join(dir, 'f%04d.png')], { encoding: 'utf8' });
  expect(out.status, out.stderr).toBe(0);
  return readdirSync(dir).sort().map((f) => join(dir, f));
}

const pixels = (file: string): PNG => PNG.sync.read(readFileSync(file));

/** Pixels whose colors differ by more than `tolerance` (summed over R, G and B). */
function differing(a: PNG, b: PNG, tolerance = 0, map: (png: PNG, i: number) => number[] = (p, i) => [p.data[i]!, p.data[i + 1]!, p.data[i + 2]!]): number {
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  let n = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    const [x, y] = [map(a, i), map(b, i)];
    if (Math.abs(x[0]! - y[0]!) + Math.abs(x[1]! - y[1]!) + Math.abs(x[2]! - y[2]!) > tolerance) n++;
  }
  return n;
}

async function make(args: string[], name: string): Promise<string> {
  const dir = tempDir();
  const file = join(dir, name);
  const r = await spawnMazeAsync(['gen', ...args, '-o', file]);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return file;
}

describe.skipIf(ffmpeg.skip || ffprobe.skip)('APNG and GIF, through ffmpeg', () => {
  it('APNG: frames + 1 frames, all decoded; the default image and the last frame are the still PNG', async () => {
    ffmpeg.require();
    for (const extra of [['--algo', 'trees'], ['--algo', 'backtracker', '--solve'], ['--algo', 'zones', '--keys', '2', '--solve']]) {
      const [grow, still] = await Promise.all([make([...MAZE, ...extra, '--animate', '--frames', '7'], 'grow.png'), make([...MAZE, ...extra], 'still.png')]);
      expect(frameCount(grow)).toBe(8);
      const frames = decodeFrames(grow);
      expect(frames).toHaveLength(8);
      expect(differing(pixels(frames[7]!), pixels(still))).toBe(0);
      expect(differing(pixels(frames[0]!), pixels(still))).toBeGreaterThan(0); // the starting grid
      // a viewer without animation shows the default image: the finished maze
      expect(differing(pixels(grow), pixels(still))).toBe(0);
      const bytes = readFileSync(grow);
      for (const chunk of ['acTL', 'fcTL', 'fdAT']) expect(bytes.includes(Buffer.from(chunk))).toBe(true);
    }
  });

  it('GIF: frames + 1 frames; the last frame has the still maze\'s walls, and the timing is in centiseconds', async () => {
    ffmpeg.require();
    const [grow, still] = await Promise.all([make([...MAZE, '--animate', '--frames', '5', '--duration', '1'], 'grow.gif'), make(MAZE, 'still.png')]);
    expect(readFileSync(grow).subarray(0, 6).toString()).toBe('GIF89a');
    expect(frameCount(grow)).toBe(6);
    const frames = decodeFrames(grow);
    const background = (p: PNG, i: number): number[] => (p.data[i]! + p.data[i + 1]! + p.data[i + 2]! === 0 ? [0, 0, 0] : [255, 255, 255]);
    expect(differing(pixels(frames[5]!), pixels(still), 0, background)).toBe(0);
    expect(differing(pixels(frames[0]!), pixels(still), 0, background)).toBeGreaterThan(0);
    // 1 s over 5 frames: 20 cs each, then the held frame's 200
    const probe = spawnSync('ffprobe', ['-v', 'error', '-show_entries', 'frame=pkt_duration_time', '-of', 'csv=p=0', grow], { encoding: 'utf8' });
    expect(probe.stdout.trim().split('\n').map(Number)).toEqual([0.2, 0.2, 0.2, 0.2, 0.2, 2]);
  });
});

/** Chromium's screenshot of a file after `ms` of virtual time. */
function screenshot(file: string, width: number, height: number, ms: number): Promise<PNG> {
  const shot = join(tempDir(), 'shot.png');
  const flags = [
    '--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars', '--no-first-run', '--disable-background-networking', '--disable-component-update',
    `--user-data-dir=${tempDir()}`, `--window-size=${width},${height}`, `--virtual-time-budget=${ms}`, `--screenshot=${shot}`,
  ];
  return new Promise((done, fail) => {
    const child = spawn('chromium', [...flags, pathToFileURL(file).href], { stdio: 'ignore', timeout: 60_000 });
    child.on('error', fail);
    child.on('close', () => (existsSync(shot) ? done(pixels(shot)) : fail(new Error('chromium took no screenshot'))));
  });
}

describe.skipIf(xmllint.skip || chromium.skip || rsvg.skip)('animated SVG, in Chromium and librsvg', () => {
  it('is well-formed, plays (early and late differ), ends on the still SVG, and librsvg shows the finished maze', async () => {
    chromium.require();
    // 302 × 182 pixels: headless Chromium lays out a smaller window otherwise
    const args = [...MAZE, '--algo', 'trees', '--solve', '--tile', '30'];
    // 30 s of growth: a loaded machine that lets real time run past the virtual 50 ms still catches it growing
    const [grow, still] = await Promise.all([make([...args, '--animate', '--frames', '6', '--duration', '30'], 'grow.svg'), make(args, 'still.svg')]);
    const lint = spawnSync('xmllint', ['--noout', grow], { encoding: 'utf8' });
    expect(lint.status, lint.stderr).toBe(0);
    const rendered = join(tempDir(), 'still.png');
    expect(spawnSync('rsvg-convert', [still, '-o', rendered]).status).toBe(0);
    const stillPixels = pixels(rendered);
    const { width, height } = stillPixels;
    // the loop is 30 s of growth and 2 s held: just past 30 s leaves the most room for a slow screenshot
    // one at a time: two Chromiums at once may not keep to their virtual time
    const early = await screenshot(grow, width, height, 50);
    // On a loaded machine Chromium now and then shoots before the SVG's timeline has
    // started, whatever the budget (seen: the first frame at 30 s). A file that plays
    // shows its held frame within a few tries; one that never plays never does.
    let late = await screenshot(grow, width, height, 30_100);
    for (let tries = 1; tries < 4 && differing(early, late) === 0; tries++) late = await screenshot(grow, width, height, 30_100);
    expect(differing(early, late)).toBeGreaterThan(0);
    // crisp edges on whole pixels: the same pixels, up to anti-aliasing (≤ 0.5% of them off by more than 48)
    expect(differing(late, stillPixels, 48)).toBeLessThanOrEqual(width * height * 0.005);
    // a viewer that does not animate shows the finished maze
    const flat = join(tempDir(), 'grow.png');
    expect(spawnSync('rsvg-convert', [grow, '-o', flat]).status).toBe(0);
    expect(differing(pixels(flat), stillPixels, 48)).toBeLessThanOrEqual(width * height * 0.005);
  });
});

describe('maze gen --animate: checks and bytes', () => {
  it('the same arguments give the same bytes, in every animated format', async () => {
    for (const name of ['a.png', 'a.gif', 'a.svg']) {
      const args = [...MAZE, '--algo', 'wilson', '--solve', '--animate', '--frames', '4'];
      const [x, y] = await Promise.all([make(args, name), make(args, name)]);
      expect(readFileSync(x).equals(readFileSync(y))).toBe(true);
    }
  });

  it('refuses, in one line with exit 2 and no file, what it cannot animate', async () => {
    const dir = tempDir();
    const cases: [string[], RegExp][] = [
      [['--animate'], /standard output is not one/],
      [['--animate', '-o', join(dir, 'm.json')], /json is not an animated format/],
      [['--animate', '-o', join(dir, 'm.txt')], /ascii is not an animated format/],
      [['--animate', '-o', join(dir, 'm.pov')], /pov is not an animated format/],
      [['--animate', '-o', join(dir, 'm.pdf')], /pdf is not an animated format/],
      [['--animate', '-o', join(dir, 'm.xyz')], /cannot tell the format/],
      [['--frames', '10'], /--frames applies to --animate only/],
      [['--animate', '--count', '2', '-o', join(dir, 'm-{n}.png')], /--count does not go with --animate/],
      [['--animate', '--frames', '0', '-o', join(dir, 'm.png')], /frames/],
      [['--animate', '--duration', 'soon', '-o', join(dir, 'm.png')], /--duration must be a number of seconds/],
      [['--animate', '--w', '1000', '--h', '1000', '-o', join(dir, 'm.png')], /pixel/],
      // an element for every changing wall: over 250 000 cells an animated SVG is refused, naming the way out
      [['--animate', '--w', '600', '--h', '500', '-o', join(dir, 'm.svg')], /over the limit of 250000 for one; make the maze smaller, or animate to an APNG or a GIF/],
    ];
    for (const [args, message] of cases) {
      const r = await runCli(['gen', ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/^maze: error: [^\n]+\n$/);
      expect(r.stderr).toMatch(message);
    }
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('maze gen --animate -o - with --format (a sweep: refused as "give it with -o", while -o /dev/stdout wrote it)', () => {
  it('writes the animated file to standard output, the bytes -o FILE writes', async () => {
    const dir = tempDir();
    for (const format of ['gif', 'png', 'svg']) {
      const args = [...MAZE, '--animate', '--frames', '4', '-f', format];
      const piped = await runCli(['gen', ...args, '-o', '-']);
      expect(piped.code, piped.stderr).toBe(0);
      const file = join(dir, `a.${format}`);
      expect((await runCli(['gen', ...args, '-o', file])).code).toBe(0);
      expect(piped.stdoutBytes.equals(readFileSync(file)), format).toBe(true);
    }
    // without --format, standard output that is no terminal still says how
    expect((await runCli(['gen', ...MAZE, '--animate', '-o', '-'])).stderr).toMatch(/standard output is not one: .* \(or -o - with --format\)\n$/);
  });
});

describe('an -o name that says another format than --format', () => {
  it('is refused with --animate as without it, and a still format is not written under an animation-only ending', async () => {
    const dir = tempDir();
    const cases: [string[], string][] = [
      [['-o', 'x.gif', '--format', 'png'], "-o 'X' names a gif file, an animation (--animate), but --format is png: end the name in .png, or drop --format and add --animate"],
      [['-o', 'x.gif', '--format', 'json'], "-o 'X' names a gif file, an animation (--animate), but --format is json: end the name in .json, or drop --format and add --animate"],
      [['-o', 'x.png', '--format', 'svg', '--animate'], "-o 'X' names a png file, but --format is svg: end the name in .svg, or drop --format"],
      [['-o', 'x.svg', '--format', 'png', '--animate'], "-o 'X' names a svg file, but --format is png: end the name in .png, or drop --format"],
      [['-o', 'x.json', '--format', 'gif', '--animate'], "-o 'X' names a json file, but --format is gif: end the name in .gif, or drop --format"],
    ];
    for (const [flags, message] of cases) {
      const file = join(dir, flags[1]!);
      const r = await runCli(['gen', '--w', '5', '--h', '4', '--seed', '1', ...flags.map((f) => (f === flags[1] ? file : f))]);
      expect([r.code, r.stderr], flags.join(' ')).toEqual([2, `maze: error: ${message.replace('X', file)}\n`]);
      expect(existsSync(file)).toBe(false);
    }
    expect((await runCli(['gen', '--w', '5', '--h', '4', '-q', '--animate', '--format', 'png', '-o', join(dir, 'ok.png')])).code).toBe(0);
  });

  it("knows the animation-only endings without loading the animations: the animated formats' endings no still format has", async () => {
    const [{ ANIMATION_ONLY }, { animatedFormats }, { formats }] = await Promise.all([import('../src/cli/commands/target.js'), import('../src/animation/index.js'), import('../src/formats/index.js')]);
    const still = new Set(formats.flatMap((f) => f.extensions));
    expect([...ANIMATION_ONLY]).toEqual(animatedFormats.flatMap((f) => f.extensions).filter((e) => !still.has(e)));
  });
});

describe('a short --duration in a PNG or GIF animation', () => {
  /** Each frame's delay in a GIF, in hundredths: its graphic control extensions (21 F9 04, flags, delay). */
  const gifDelays = (bytes: Buffer): number[] => {
    const delays: number[] = [];
    for (let i = bytes.indexOf(Buffer.from([0x21, 0xf9, 0x04])); i >= 0; i = bytes.indexOf(Buffer.from([0x21, 0xf9, 0x04]), i + 1)) delays.push(bytes.readUInt16LE(i + 4));
    return delays;
  };

  it('has no frame under 2 hundredths of a second, which browsers play a tenth long: fewer frames by default, too many refused', async () => {
    const dir = tempDir();
    const file = join(dir, 'short.gif');
    expect((await runCli(['gen', '--algo', 'kruskal', '--w', '10', '--h', '8', '--seed', '3', '--animate', '--duration', '2', '-q', '-o', file])).code).toBe(0);
    const delays = gifDelays(readFileSync(file));
    expect(delays).toHaveLength(101);
    expect(Math.min(...delays)).toBe(2);
    expect(delays.slice(0, -1).reduce((a, b) => a + b, 0)).toBe(200);
    const refused = await runCli(['gen', '--w', '10', '--h', '8', '--animate', '--duration', '1', '--frames', '300', '-o', join(dir, 'many.png')]);
    expect([refused.code, refused.stderr]).toEqual([2, 'maze: error: --frames 300 over --duration 1 makes frames under 2 hundredths of a second, which browsers play a tenth long in an animated png: give --frames 50 or fewer, or a longer --duration\n']);
    expect((await runCli(['gen', '--w', '10', '--h', '8', '-q', '--animate', '--duration', '1', '--frames', '300', '-o', join(dir, 'many.svg')])).code).toBe(0);
  });
});

describe('the animated SVG in a theme (a sweep: its growth was drawn in the maze\'s raw colors, white on white in light and print)', () => {
  /** Each fill color of an SVG, with how many paths use it. */
  const fills = (svg: string): Set<string> => new Set([...svg.matchAll(/fill="(#[0-9a-f]{6})"/g)].map((m) => m[1]!));
  it.each([
    ['light', ['--algo', 'kruskal', '--w', '6', '--h', '5']],
    ['print', ['--algo', 'kruskal', '--w', '6', '--h', '5']],
    ['labyrinthe', ['--algo', 'kruskal', '--w', '6', '--h', '5']],
    ['dark', ['--algo', 'trees', '--w', '30', '--h', '20', '--solve']],
  ])('--theme %s: the growth draws the still picture\'s colors, walls and path', async (theme, args) => {
    const common = [...args, '--seed', '1', '--theme', theme, '-f', 'svg'];
    const still = (await runCli(['gen', ...common])).stdout;
    const animated = await runCli(['gen', ...common, '--animate', '--frames', '10', '-o', '-']);
    expect(animated.code, animated.stderr).toBe(0);
    // the growth's layer: everything before the finished picture's group
    const growth = animated.stdout.slice(0, animated.stdout.indexOf('<g', animated.stdout.indexOf('</g>')));
    // and the cells the growth works on (the working set, a search, the head), in the colors of every animation
    const allowed = new Set([...fills(still), ...CELL_COLORS.map((rgb) => `#${rgb.toString(16).padStart(6, '0')}`)]);
    const strays = [...fills(growth)].filter((rgb) => !allowed.has(rgb));
    expect(strays, `colors of the growth the still ${theme} picture never draws`).toEqual([]);
    expect(fills(growth).size).toBeGreaterThan(1);
  });
});

describe("the APNG's frame lengths (a sweep: 150 frames over 8 s lasted 53 ms each, 7.95 s in all)", () => {
  it('add up to --duration, and the held frame to 2 s more, to the millisecond', async () => {
    const file = join(tempDir(), 'a.png');
    expect((await runCli(['gen', '--w', '6', '--h', '4', '--seed', '1', '--animate', '-o', file])).code).toBe(0);
    const bytes = readFileSync(file);
    const delays: number[] = [];
    for (let at = 8; at < bytes.length; at += 12 + bytes.readUInt32BE(at)) {
      if (bytes.toString('latin1', at + 4, at + 8) === 'fcTL') delays.push(bytes.readUInt16BE(at + 28) / bytes.readUInt16BE(at + 30));
    }
    expect(delays).toHaveLength(151);
    expect(delays.slice(0, 150).reduce((a, b) => a + b, 0)).toBeCloseTo(8, 9);
    expect(delays[150]).toBe(2);
    expect(new Set(delays.slice(0, 150))).toEqual(new Set([0.053, 0.054]));
  });
});
