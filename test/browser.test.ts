/**
 * The demo page (demo/index.html) in a real browser: headless Chromium
 * (Debian chromium, installed by .ci/run) opens it from a file with a query
 * that fills the form and generates, and the DOM it leaves must hold the
 * SVG that `maze gen` draws for the same values (walls, colors, the
 * solution) and download links to that SVG and that JSON, byte for byte.
 * Without Chromium these tests skip, except in CI, where they fail.
 */
import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { externalTool, ROOT, spawnMazeAsync, tempDir } from './helpers.js';

const chromium = externalTool('chromium', 'apt-get install chromium');

/** The page's DOM once it has generated, as Chromium serializes it. */
function dumpDom(query: string): Promise<string> {
  const url = `${pathToFileURL(join(ROOT, 'demo', 'index.html')).href}?${query}`;
  const flags = [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', `--user-data-dir=${tempDir()}`,
    // lets the page's script and its promises finish before the dump
    '--virtual-time-budget=10000', '--dump-dom',
  ];
  return new Promise((done, fail) => {
    const child = spawn('chromium', [...flags, url], { stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    child.on('error', fail);
    child.on('close', (code) => {
      if (code === 0) done(Buffer.concat(out).toString('utf8'));
      else fail(new Error(`chromium exited ${code}: ${Buffer.concat(err).toString('utf8').slice(-2000)}`));
    });
  });
}

function attribute(html: string, id: string, name: string): string {
  const tag = new RegExp(`<[^>]*\\bid="${id}"[^>]*>`).exec(html)?.[0];
  if (tag === undefined) throw new Error(`no element #${id} in the page`);
  const value = new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];
  if (value === undefined) throw new Error(`#${id} has no ${name}`);
  return value.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&gt;', '>');
}

/** An SVG's drawing: its size and each shape's color and geometry, in order (the walls, then the solution). */
function drawing(svg: string): string[] {
  const size = /<svg[^>]*\bwidth="(\d+)" height="(\d+)"/.exec(svg);
  const shapes = [...svg.matchAll(/<(rect|path)\b[^>]*>/g)].map(([tag, name]) => {
    const value = (attr: string): string => new RegExp(`\\b${attr}="([^"]*)"`).exec(tag)?.[1] ?? '';
    return `${name} ${value('fill')} ${value('d')}`;
  });
  return [`${size?.[1]} × ${size?.[2]}`, ...shapes];
}

const dataText = (url: string): string => decodeURIComponent(url.replace(/^data:[^,]*,/, ''));

describe.skipIf(chromium.skip)('the demo page in headless Chromium', () => {
  it('draws the SVG maze gen draws for the same algorithm, size and seed, and offers it and its JSON for download', async () => {
    chromium.require();
    const cases = [
      { algorithm: 'trees', width: 16, height: 10, seed: 'web page', query: '' },
      { algorithm: 'backtracker', width: 21, height: 13, seed: '2', query: '&ends=1' },
      { algorithm: 'wilson', width: 14, height: 9, seed: '11', query: '&solution=1' },
    ];
    const pages = await Promise.all(
      cases.map((c) => dumpDom(`algorithm=${c.algorithm}&width=${c.width}&height=${c.height}&seed=${encodeURIComponent(c.seed)}${c.query}`)),
    );
    for (const [i, c] of cases.entries()) {
      const html = pages[i]!;
      const what = `${c.algorithm} ${c.seed}`;
      expect(attribute(html, 'status', 'data-done'), what).toBe('yes');
      expect(attribute(html, 'status', 'data-seed'), what).toBe(c.seed);
      const args = ['gen', '--algo', c.algorithm, '--w', String(c.width), '--h', String(c.height), '--seed', c.seed];
      const ends = attribute(html, 'status', 'data-ends');
      if (c.query === '') expect(ends, what).toBe('');
      else {
        args.push('--ends', 'farthest');
        if (c.query.includes('solution')) args.push('--solve');
      }
      const [svg, json] = await Promise.all([spawnMazeAsync([...args, '--format', 'svg']), spawnMazeAsync([...args, '--format', 'json'])]);
      expect(svg.code, svg.stderr).toBe(0);

      // the picture in the page: the same walls, colors and solution as maze gen's SVG
      const picture = /<div id="picture">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';
      const walls = drawing(picture).filter((shape) => shape.startsWith('path'));
      expect(walls.length, what).toBeGreaterThan(0);
      expect(walls.every((shape) => / M\d/.test(shape)), what).toBe(true);
      expect(drawing(picture), what).toEqual(drawing(svg.stdout));
      // the downloads: the very bytes maze gen writes
      expect(dataText(attribute(html, 'download-svg', 'href')), what).toBe(svg.stdout);
      expect(dataText(attribute(html, 'download-json', 'href')), what).toBe(json.stdout);

      if (c.query !== '') {
        // the suggested ends are the two ends of the longest path
        const stats = await spawnMazeAsync(['stats', '-', '--json', '--from', ends.split(' ')[0]!, '--to', ends.split(' ')[1]!], { input: json.stdout });
        const numbers = JSON.parse(stats.stdout) as { solutionLength: number; longestPath: number };
        expect(numbers.solutionLength, what).toBe(numbers.longestPath);
      }
    }
  });

  it("says what to change for a bad value, as the command line does, naming the field by the library's name", async () => {
    chromium.require();
    const html = await dumpDom('algorithm=kruskal&width=0&height=5&seed=1');
    expect(attribute(html, 'status', 'data-done')).toBe('error');
    const cli = await spawnMazeAsync(['gen', '--algo', 'kruskal', '--w', '0', '--h', '5']);
    const message = /<p id="status"[^>]*>([^<]*)<\/p>/.exec(html)?.[1];
    expect(message).toBe('width must be from 1 to 100000000, got 0');
    expect(`maze: error: ${message!.replace('width', '--w')}\n`).toBe(cli.stderr);
  });
});
