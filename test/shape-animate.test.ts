/**
 * `maze gen --shape hex|triangle|polar --animate -o grow.gif | grow.svg`
 * (SPEC "Grid shapes": --animate works on every shape), read by real
 * clients: ffmpeg decodes every frame of the GIF, pngjs the still PNG,
 * xmllint checks the SVG and rsvg-convert draws it at a moment of its
 * loop, found by reading its SMIL timing as a player does. Each client's
 * tests skip where it is missing, but not in CI.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { run } from '../src/cli/run.js';
import { compareWithTolerance } from './fixtures.js';
import { externalTool, runCli, spawnMazeAsync, tempDir } from './helpers.js';

const ffmpeg = externalTool('ffmpeg', 'apt-get install ffmpeg', '-version');
const xmllint = externalTool('xmllint', 'apt-get install libxml2-utils');
const rsvg = externalTool('rsvg-convert', 'apt-get install librsvg2-bin');

const SHAPES = ['hex', 'triangle', 'polar'] as const;
const sizeOf = (shape: string): string[] => (shape === 'polar' ? ['--w', '4'] : ['--w', '7', '--h', '5']);
const FRAMES = 12;

async function make(args: string[], name: string): Promise<string> {
  const file = join(tempDir(), name);
  const r = await spawnMazeAsync(['gen', ...args, '-o', file]);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return file;
}

const pixels = (file: string): PNG => PNG.sync.read(readFileSync(file));

/** Pixels whose colors differ by more than `tolerance` (summed over R, G and B). */
function differing(a: PNG, b: PNG, tolerance = 0): number {
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  let n = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    if (Math.abs(a.data[i]! - b.data[i]!) + Math.abs(a.data[i + 1]! - b.data[i + 1]!) + Math.abs(a.data[i + 2]! - b.data[i + 2]!) > tolerance) n++;
  }
  return n;
}

/** Every frame ffmpeg decodes, as PNG files in a fresh folder, in order. */
function decodeFrames(file: string): string[] {
  const dir = tempDir();
  const out = spawnSync('ffmpeg', ['-v', 'error', '-i', file, '-vsync', '0', '-pix_fmt', 'rgba', join(dir, 'f%04d.png')], { encoding: 'utf8' });
  expect(out.status, out.stderr).toBe(0);
  return readdirSync(dir).sort().map((f) => join(dir, f));
}

/**
 * The animated SVG as it stands `fraction` of the way through its loop,
 * as a static SVG: each discrete <animate> of `display` replaced by the
 * value it holds then (the last key time at or before the moment).
 */
function svgAt(text: string, fraction: number): string {
  const valueAt = (values: string, times: string): string => {
    const v = values.split(';');
    const t = times.split(';').map(Number);
    let i = 0;
    while (i + 1 < t.length && t[i + 1]! <= fraction) i++;
    return v[i]!;
  };
  return text
    .replace(/<g( display="none")?>\n<animate attributeName="display" values="([^"]+)" keyTimes="([^"]+)"[^>]*\/>/g, (_, _d, values, times) => `<g display="${valueAt(values, times)}">`)
    .replace(/ display="none"( d="[^"]*")><animate attributeName="display" values="([^"]+)" keyTimes="([^"]+)"[^>]*\/><\/path>/g, (_, d, values, times) => ` display="${valueAt(values, times)}"${d}/>`);
}

/** An SVG text drawn by librsvg. */
function drawSvg(text: string): PNG {
  const dir = tempDir();
  writeFileSync(join(dir, 'in.svg'), text);
  const r = spawnSync('rsvg-convert', ['-o', join(dir, 'out.png'), join(dir, 'in.svg')], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return pixels(join(dir, 'out.png'));
}

describe.skipIf(ffmpeg.skip)('GIF of a shaped maze, through ffmpeg', () => {
  it.each(SHAPES)('%s: frames + 1 frames; the last is the still PNG pixel for pixel, the first the bare grid, a middle one the APNG\'s', async (shape) => {
    ffmpeg.require();
    const args = ['--shape', shape, ...sizeOf(shape), '--solve', '--seed', '3'];
    const [grow, apng, still] = await Promise.all([
      make([...args, '--animate', '--frames', String(FRAMES), '--duration', '1.2'], 'grow.gif'),
      make([...args, '--animate', '--frames', String(FRAMES), '--duration', '1.2'], 'grow.png'),
      make(args, 'still.png'),
    ]);
    expect(readFileSync(grow).subarray(0, 6).toString()).toBe('GIF89a');
    const frames = decodeFrames(grow);
    expect(frames).toHaveLength(FRAMES + 1);
    // few colors, kept exact: no quantizing
    expect(differing(pixels(frames[FRAMES]!), pixels(still))).toBe(0);
    expect(differing(pixels(frames[0]!), pixels(still))).toBeGreaterThan(0);
    // the same frames as the APNG's, drawn by the same rasterizer
    const apngFrames = decodeFrames(apng);
    for (const k of [0, FRAMES / 2, FRAMES]) expect(differing(pixels(frames[k]!), pixels(apngFrames[k]!)), `frame ${k}`).toBe(0);
    // 1.2 s over 12 frames: 10 cs each, then the held frame's 200
    const probe = spawnSync('ffprobe', ['-v', 'error', '-show_entries', 'frame=pkt_duration_time', '-of', 'csv=p=0', grow], { encoding: 'utf8' });
    expect(probe.stdout.trim().split('\n').map(Number)).toEqual([...Array(FRAMES).fill(0.1), 2]);
  });
});

describe.skipIf(xmllint.skip || rsvg.skip)('animated SVG of a shaped maze, through xmllint and librsvg', () => {
  it.each(SHAPES)('%s: well-formed; a wall path for each frame a passage opens in, a head for each middle frame; its end is the still SVG, its middle the APNG\'s frame', async (shape) => {
    rsvg.require();
    const args = ['--shape', shape, ...sizeOf(shape), '--solve', '--seed', '3'];
    const [grow, apng, still] = await Promise.all([
      make([...args, '--animate', '--frames', String(FRAMES), '--duration', '1'], 'grow.svg'),
      make([...args, '--animate', '--frames', String(FRAMES), '--duration', '1'], 'grow.png'),
      make(args, 'still.svg'),
    ]);
    const lint = spawnSync('xmllint', ['--noout', grow], { encoding: 'utf8' });
    expect(lint.status, lint.stderr).toBe(0);
    const text = readFileSync(grow, 'utf8');
    // every maze here has over FRAMES cells, so each frame after the first opens a passage: walls go in frames 1 … FRAMES − 1,
    // the head shows in frames 1 … FRAMES − 2; and the two groups switch
    expect(text.split('<animate ').length - 1).toBe(2 + (FRAMES - 1) + (FRAMES - 2));
    const stillText = readFileSync(still, 'utf8');
    const stillPicture = drawSvg(stillText);
    // the end of the loop (and a viewer that does not animate): the still SVG, the same librsvg pixels
    expect(differing(drawSvg(svgAt(text, 0.999)), stillPicture)).toBe(0);
    expect(differing(drawSvg(text), stillPicture)).toBe(0);
    // its picture is the still SVG's elements, unchanged
    const still0 = stillText.slice(stillText.indexOf('<path'), stillText.indexOf('</svg>'));
    expect(text).toContain(`<g>\n<animate attributeName="display" values="none;inline"`);
    expect(text.slice(text.lastIndexOf('<g>')).includes(still0)).toBe(true);
    // frame 6 of 12 (1 s of growth in a 3 s loop): the APNG's frame 6, within librsvg's anti-aliasing on the lines' edges
    const middle = drawSvg(svgAt(text, (6.5 / FRAMES) / 3));
    // (shape-formats.test.ts's rule: a pixel may differ only on an edge of the APNG's picture, and under 25 % of them at this tile)
    const frame = pixels(decodeFrames(apng)[6]!);
    const { share, offEdge } = compareWithTolerance(frame, middle);
    expect(offEdge).toBe(0);
    expect(share).toBeLessThan(0.25);
    // and it is not the finished maze: the SVG plays
    expect(differing(middle, stillPicture, 64)).toBeGreaterThan(0);
  });
});

describe('maze gen --shape … --animate: bytes and refusals', () => {
  it.each(SHAPES)('%s: the same arguments give the same bytes, GIF and SVG', async (shape) => {
    for (const name of ['a.gif', 'a.svg']) {
      const args = ['--shape', shape, ...sizeOf(shape), '--algo', 'wilson', '--solve', '--seed', '8', '--animate', '--frames', '5'];
      const [x, y] = await Promise.all([make(args, name), make(args, name)]);
      expect(readFileSync(x).equals(readFileSync(y))).toBe(true);
    }
  });

  it('refuses, in one line with exit 2 and no file, what it cannot animate', async () => {
    const dir = tempDir();
    const cases: [string[], RegExp][] = [
      // an element for every wall that changes: the square's cell limit
      [['--shape', 'hex', '--w', '600', '--h', '500', '--animate', '-o', join(dir, 'm.svg')], /a hex grid of 600 × 500 cells is 300000 cells, over the limit of 250000 for one; make the maze smaller, or animate to an APNG or a GIF \(-o grow.png\)/],
      [['--shape', 'polar', '--w', '300', '--animate', '-o', join(dir, 'm.svg')], /a polar grid of 300 rings is \d+ cells, over the limit of 250000/],
      [['--shape', 'triangle', '--w', '40', '--h', '30', '--animate', '--max-pixels', '100000', '-o', join(dir, 'm.gif')], /animated in 150 frames is \d+ pixels in all \(every frame counts\), over the budget of 100000 pixels/],
      [['--shape', 'hex', '--animate'], /standard output is not one/],
    ];
    for (const [args, message] of cases) {
      const r = await runCli(['gen', ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/^maze: error: [^\n]+\n$/);
      expect(r.stderr).toMatch(message);
    }
    expect(readdirSync(dir)).toEqual([]);
  });

  it.each(['polar'])('%s on a terminal: refused in one line, exit 2, pointing to a file (the live view is text, which draws hex and triangle grids)', async (shape) => {
    const stdout = Object.assign(new PassThrough(), { isTTY: true, columns: 200, rows: 60 });
    const chunks: Buffer[] = [];
    stdout.on('data', (c: Buffer) => chunks.push(c));
    const stderr = new PassThrough();
    const err: Buffer[] = [];
    stderr.on('data', (c: Buffer) => err.push(c));
    const code = await run(['gen', '--shape', shape, ...sizeOf(shape), '--animate'], { stdin: Readable.from([]), stdout, stderr });
    expect(code).toBe(2);
    const text = Buffer.concat(err).toString();
    expect(text).toMatch(/^maze: error: [^\n]+\n$/);
    expect(text).toMatch(new RegExp(`--animate on a terminal draws text, which does not draw a polar maze: write the ${shape} maze growing to a file, such as -o grow.png`));
    expect(Buffer.concat(chunks).length).toBe(0); // nothing drawn on the terminal either
  });
});
