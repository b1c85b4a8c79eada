/**
 * Issue 18: what a new user trips on, each item checked the way that user
 * would meet it, with the real clients (pngjs, rsvg-convert, pdftoppm,
 * povray, tmux). The external tools skip where they are missing, except
 * in CI, where they fail.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../src/formats/contrast.js';
import { pageLayout } from '../src/formats/pdf.js';
import { THEMES } from '../src/formats/theme.js';
import { DEFAULT_RENDER_OPTIONS } from '../src/formats/types.js';
import { parseMaze } from '../src/formats/json.js';
import fc from 'fast-check';
import { movePlayer, newGame } from '../src/game/rules.js';
import { drawForm, newForm } from '../src/game/form.js';
import { formMessage } from '../src/cli/commands/play.js';
import ascii from '../src/formats/ascii.js';
import type { Direction, Maze, Point } from '../src/model/maze.js';
import { keyRgb, wallCrossed } from '../src/model/maze.js';
import { Rng } from '../src/rng.js';
import { UsageError } from '../src/errors.js';
import { generate, render } from '../src/lib/index.js';
import type { Rgba } from './fixtures.js';
import { decodePng } from './fixtures.js';
import { collect, externalTool, runCli, tempDir } from './helpers.js';

const poppler = externalTool('pdftoppm', 'apt-get install poppler-utils', '-v');
const rsvg = externalTool('rsvg-convert', 'apt-get install librsvg2-bin');
const povray = externalTool('povray', 'apt-get install povray');

/** maze gen with these arguments into a file of that name, checked to succeed; the file's path. */
async function gen(args: string[], name: string): Promise<string> {
  const file = join(tempDir(), name);
  const result = await runCli(['gen', ...args, '-o', file]);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return file;
}

/** A maze's ASCII art, whole. */
async function renderAscii(maze: Maze): Promise<string> {
  return (await collect(ascii.render(maze, DEFAULT_RENDER_OPTIONS))).toString('utf8');
}

function rgbAt(p: Rgba, i: number): number {
  return (p.data[4 * i]! << 16) | (p.data[4 * i + 1]! << 8) | p.data[4 * i + 2]!;
}

/** The distinct colors of a picture. */
function colorsOf(p: Rgba): Set<number> {
  const colors = new Set<number>();
  for (let i = 0; i < p.width * p.height; i++) colors.add(rgbAt(p, i));
  return colors;
}

/** Hue in degrees of 0xRRGGBB, or null for a gray. */
function hue(rgb: number): number | null {
  const [r, g, b] = [(rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255];
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d === 0) return null;
  const h = max === r ? ((g - b) / d + 6) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return h * 60;
}

/** Angle between two hues, 0 to 180. */
function hueGap(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return Math.min(d, 360 - d);
}

describe('issue 18 item 1: every wall reads on the background it is drawn on (--theme)', () => {
  const TREES = ['--algo', 'trees', '--seed', '2024'];

  it('keeps the article\'s colors in the JSON, dark ones included', async () => {
    const json = await runCli(['gen', ...TREES, '-f', 'json']);
    const palette = (JSON.parse(json.stdout) as { palette: string[] }).palette.map((c) => parseInt(c.slice(1), 16));
    // the article's draw: 32 + rand(224) a channel, some of them near black
    expect(palette.slice(1).every((c) => [16, 8, 0].every((s) => ((c >> s) & 255) >= 32))).toBe(true);
    expect(palette.some((c) => contrastRatio(c, 0x000000) < 3), 'a color too dark for black, as the issue found').toBe(true);
  });

  it('PNG, default theme dark: every wall color at least 3:1 on black, each in its tree\'s hue', async () => {
    const json = await runCli(['gen', ...TREES, '-f', 'json']);
    const palette = (JSON.parse(json.stdout) as { palette: string[] }).palette.map((c) => parseInt(c.slice(1), 16));
    const picture = decodePng(readFileSync(await gen(TREES, 'dark.png')));
    const drawn = [...colorsOf(picture)].filter((c) => c !== 0x000000);
    expect(drawn.length).toBeGreaterThan(10);
    for (const c of drawn) {
      expect(contrastRatio(c, 0x000000), c.toString(16)).toBeGreaterThanOrEqual(3);
      const h = hue(c);
      if (h !== null) expect(palette.some((p) => hue(p) !== null && hueGap(hue(p)!, h) < 4), `${c.toString(16)} keeps a tree's hue`).toBe(true);
    }
  });

  it('PNG, light theme: dark walls on white, every one at least 3:1; the same maze, only the colors change', async () => {
    const dark = decodePng(readFileSync(await gen(TREES, 'dark.png')));
    const light = decodePng(readFileSync(await gen([...TREES, '--theme', 'light'], 'light.png')));
    expect(rgbAt(light, light.width * 5 + 5)).toBe(0xffffff);
    for (const c of colorsOf(light)) if (c !== 0xffffff) expect(contrastRatio(c, 0xffffff), c.toString(16)).toBeGreaterThanOrEqual(3);
    // wall where there was a wall, background where there was background
    let moved = 0;
    for (let i = 0; i < dark.width * dark.height; i++) if ((rgbAt(light, i) === 0xffffff) !== (rgbAt(dark, i) === 0x000000)) moved++;
    expect(moved, 'pixels that changed from wall to background or back').toBe(0);
  });

  it.skipIf(rsvg.skip)('SVG: drawn by librsvg, every wall reads on its background too', async () => {
    rsvg.require();
    const svg = await gen(TREES, 'dark.svg');
    const out = `${svg}.png`;
    execFileSync('rsvg-convert', ['-o', out, svg]);
    const picture = decodePng(readFileSync(out));
    for (const c of colorsOf(picture)) if (c !== 0x000000) expect(contrastRatio(c, 0x000000), c.toString(16)).toBeGreaterThanOrEqual(3);
  });

  it.skipIf(poppler.skip)('PDF, theme print by default: on white paper, every wall at least 4.5:1 (drawn without anti-aliasing)', async () => {
    poppler.require();
    const pdf = await gen(TREES, 'trees.pdf');
    execFileSync('pdftoppm', ['-png', '-r', '72', '-aa', 'no', '-aaVector', 'no', '-singlefile', pdf, `${pdf}-page`]);
    const page = decodePng(readFileSync(`${pdf}-page.png`));
    const walls = [...colorsOf(page)].filter((c) => c !== 0xffffff);
    expect(walls.length).toBeGreaterThan(5);
    for (const c of walls) expect(contrastRatio(c, 0xffffff), c.toString(16)).toBeGreaterThanOrEqual(4.4); // the PDF's colors are 3 decimals
  });

  it('--fg and --bg win over the theme, drawn as given', async () => {
    const picture = decodePng(readFileSync(await gen(['--algo', 'kruskal', '--seed', '1', '--theme', 'light', '--fg', '#ffcc00', '--bg', '#102030'], 'fgbg.png')));
    expect(rgbAt(picture, 0)).toBe(0xffcc00); // the border's corner
    expect(rgbAt(picture, picture.width * 5 + 5)).toBe(0x102030);
  });

  it('keys and doors read in every theme: light, print, dark, and on the document\'s gray', async () => {
    const args = ['--algo', 'zones', '--seed', '1', '--zones', '12', '--keys', '8'];
    const maze = parseMaze((await runCli(['gen', ...args, '-f', 'json'])).stdout, 'json');
    expect(maze.keys!.some((_, k) => contrastRatio(keyRgb(maze, k), 0xffffff) < 3), 'a key color too light for white').toBe(true);
    for (const theme of ['dark', 'light', 'print', 'labyrinthe'] as const) {
      const picture = decodePng(readFileSync(await gen([...args, '--theme', theme], `${theme}.png`)));
      const background = THEMES[theme].background;
      for (const c of colorsOf(picture)) {
        if (c !== background) expect(contrastRatio(c, background), `${theme}: ${c.toString(16)}`).toBeGreaterThanOrEqual(THEMES[theme].ratio);
      }
    }
  });

  it('the library takes theme as render takes fg and bg', async () => {
    const maze = generate({ algorithm: 'trees', seed: 2024, width: 8, height: 6 });
    const light = decodePng(await render(maze, 'png', { theme: 'light' }));
    expect(rgbAt(light, light.width * 5 + 5)).toBe(0xffffff);
    await expect(render(maze, 'png', { theme: 'neon' } as never)).rejects.toThrow(/^theme must be dark, light, print or labyrinthe/);
  });

  it('refuses an unknown theme, listing them', async () => {
    const result = await runCli(['gen', '--theme', 'neon']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe("maze: error: --theme must be dark, light, print or labyrinthe, got 'neon'\n");
  });
});

describe.skipIf(poppler.skip)('issue 18 item 2: PDF doors and keys print, in gray too, paired by their letters', () => {
  it('maze gen --algo zones --seed 1 -o z.pdf: thick outlined bars as in the PNG, a and A beside them (pdftoppm -gray -r 100)', async () => {
    poppler.require();
    const args = ['--algo', 'zones', '--seed', '1'];
    const pdf = await gen(args, 'z.pdf');
    const maze = parseMaze((await runCli(['gen', ...args, '-f', 'json'])).stdout, 'json');
    const layout = pageLayout(maze.width, maze.height, DEFAULT_RENDER_OPTIONS);
    const { cell, wall, left, top } = layout;
    const free = cell - wall;
    const locked = maze.doors!.filter((d) => d.key !== null);
    expect(locked.length).toBeGreaterThan(3);

    // in gray, as a black-and-white printer sees it: a bar is the PNG's, wall + 2m thick, filled
    execFileSync('pdftoppm', ['-gray', '-png', '-r', '100', '-singlefile', pdf, `${pdf}-gray`]);
    const page = decodePng(readFileSync(`${pdf}-gray.png`));
    const dpi = 100 / 72;
    const gray = (x: number, y: number): number => page.data[4 * (Math.round(y * dpi) * page.width + Math.round(x * dpi))]!;
    const barMiddle = (d: (typeof locked)[number]): [number, number] =>
      d.side === 'top' ? [left + d.x * cell + wall + free / 2, top - d.y * cell - wall / 2] : [left + d.x * cell + wall / 2, top - d.y * cell - wall - free / 2];
    const m = (free * 3) / 20; // the PNG's m = ⌊18 / 6⌋ = 3 of a 20-pixel tile, in points
    for (const door of locked) {
      const [x, y] = barMiddle(door);
      const across = (m + wall / 2) * 0.6; // well inside the bar, on either side of the wall's line
      const inside = door.side === 'top' ? [gray(x, layout.pageHeight - y - across), gray(x, layout.pageHeight - y + across)] : [gray(x - across, layout.pageHeight - y), gray(x + across, layout.pageHeight - y)];
      for (const g of inside) expect(g, `door ${JSON.stringify(door)}: filled across its bar`).toBeLessThan(200);
    }

    // the letters, where they belong: a in key a's box, A beside each of its doors
    const words = [...execFileSync('pdftotext', ['-bbox', pdf, '-'], { encoding: 'utf8' }).matchAll(/xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(\w)<\/word>/g)]
      .map((w) => ({ text: w[5]!, x: (Number(w[1]) + Number(w[3])) / 2, y: layout.pageHeight - (Number(w[2]) + Number(w[4])) / 2 }));
    const near = (text: string, [x, y]: [number, number], within: number): boolean => words.some((w) => w.text === text && Math.hypot(w.x - x, w.y - y) < within);
    for (const [k, key] of maze.keys!.entries()) {
      const middle: [number, number] = [left + key.x * cell + (cell + wall) / 2, top - key.y * cell - (cell + wall) / 2];
      expect(near(String.fromCharCode(97 + k), middle, free / 4), `key ${k}'s letter in its box`).toBe(true);
    }
    for (const door of locked) expect(near(String.fromCharCode(65 + door.key!), barMiddle(door), cell * 0.75), `door ${JSON.stringify(door)}'s letter beside it`).toBe(true);
    expect(words.filter((w) => /^[A-Z]$/.test(w.text)).length).toBe(locked.length);
  });
});

describe('issue 18 item 11: no key hides the entrance or the exit, and no door opens without its key', () => {
  it('the issue\'s 4 × 4 maze shows @ at the entrance and no key on it or on the exit', async () => {
    const args = ['--algo', 'zones', '--w', '4', '--h', '4', '--zones', '6', '--keys', '5', '--seed', '1009696238'];
    const made = await runCli(['gen', ...args]);
    if (made.code === 0) {
      const lines = made.stdout.split('\n');
      expect(lines[1]!.slice(1, 4)).toBe(' @ ');
      expect(lines[7]!.slice(13, 16)).toBe(' > ');
      const maze = parseMaze((await runCli(['gen', ...args, '-f', 'json'])).stdout, 'json');
      for (const k of maze.keys!) expect([k.x, k.y]).not.toBeOneOf([[0, 0], [3, 3]]);
    } else {
      expect(made.stderr).toMatch(/^maze: error: --keys 5 [^\n]*\n$/);
    }
  });

  it('refuses, in one line, keys that would need the entrance or the exit: maze gen --w 2 --h 1 --keys 1', async () => {
    const result = await runCli(['gen', '--algo', 'zones', '--w', '2', '--h', '1', '--keys', '1']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('maze: error: --keys 1 would need 1 cell besides the entrance and the exit (no key lies on either), and the 2 × 1 grid has none; use --keys 0, or a larger grid\n');
    // auto fits what there is: no key, no door, nothing hidden
    const auto = parseMaze((await runCli(['gen', '--algo', 'zones', '--w', '2', '--h', '1', '--seed', '1', '-f', 'json'])).stdout, 'json');
    expect(auto.keys).toEqual([]);
  });

  it('over many seeds and small sizes (fast-check): keys off both ends, @ and > drawn, and a walk never crosses a locked door without its key', async () => {
    const counts = ['auto', 0, 1, 2, 3, 4, 6, 9] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 }), fc.constantFrom(...counts), fc.constantFrom(...counts.slice(0, 6)), fc.string({ maxLength: 6 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 120 }),
        async (width, height, zones, keys, seed, walk) => {
          let maze: Maze;
          try {
            maze = generate({ algorithm: 'zones', width, height, zones, keys, seed: `k${seed}` });
          } catch (error) {
            // refused up front, in one line that says what fits
            expect(error).toBeInstanceOf(UsageError);
            expect((error as Error).message).toMatch(/^(zones|keys) [^\n]+ use [^\n]+$/);
            return;
          }
          const exit: Point = [width - 1, height - 1];
          for (const k of maze.keys!) expect([k.x, k.y]).not.toBeOneOf([[0, 0], exit]);
          if (width * height > 1) {
            const art = await renderAscii(maze);
            expect(art).toContain('@');
            expect(art).toContain('>');
          }
          const game = newGame(maze, { monsters: 0 }, new Rng('walk'));
          for (const dir of walk as Direction[]) {
            const held = [...game.held];
            const door = game.lockedDoors.get(wallCrossed(maze.stride, game.x, game.y, dir));
            const event = movePlayer(game, dir);
            if (event.kind === 'moved' && door !== undefined) expect(held, 'a locked door crossed without its key').toContain(door);
            if (event.kind === 'locked') expect(held).not.toContain(event.key);
            if (game.outcome !== 'playing') break;
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe("issue 18 item 13: the play form words its messages for the form, and wraps them", () => {
  it('names the fields, not the flags, in sentences', () => {
    expect(formMessage("--zones 1 leaves no zone for the exit; use --zones 2 or more (the entrance's and the exit's)")).toBe(
      "1 zone leaves no zone for the exit; use 2 zones or more (the entrance's and the exit's).",
    );
    expect(formMessage('--keys 5 would need at least 6 zones (each key opens the way into a zone of its own); use --keys 4 or fewer, or raise --zones')).toBe(
      '5 keys would need at least 6 zones (each key opens the way into a zone of its own); use 4 keys or fewer, or raise the number of zones.',
    );
    expect(formMessage("--w must be a whole number from 1 to 500 in a game, got '10000'")).toBe("The width must be a whole number from 1 to 500 in a game, got '10000'.");
    expect(formMessage("--seed must be a safe integer or non-blank text, such as --seed 7, got ''")).toBe("The seed must be a safe integer or non-blank text, such as the seed 7, got ''.");
    expect(formMessage("--monsters must be a whole number from 0 to 1000, got 'many'")).toBe("The number of monsters must be a whole number from 0 to 1000, got 'many'.");
  });

  it('wraps the error under the fields at the terminal width, losing nothing', () => {
    const form = newForm([{ name: 'zones', label: 'Zones', value: '1' }]);
    form.error = "1 zone leaves no zone for the exit; use 2 zones or more (the entrance's and the exit's).";
    for (const columns of [80, 40, 24]) {
      const { lines } = drawForm(form, columns);
      for (const line of lines) expect(line.length).toBeLessThan(columns);
      const start = lines.findIndex((l) => l.includes('1 zone'));
      expect(lines.slice(start).map((l) => l.trim()).join(' ')).toBe(form.error);
    }
  });
});

describe("issue 18 item 16: the POV-Ray document's colors, --theme labyrinthe", () => {
  it('PNG: blue walls across, brown walls down, on a gray floor', async () => {
    const { top, left } = THEMES.labyrinthe.byDirection!;
    const picture = decodePng(readFileSync(await gen(['--algo', 'trees', '--seed', '2024', '--theme', 'labyrinthe', '--tile', '10', '--wall', '2'], 'doc.png')));
    expect(rgbAt(picture, picture.width * 5 + 5)).toBe(THEMES.labyrinthe.background);
    // the top border is a wall across, the left border a wall down
    expect(rgbAt(picture, 5)).toBe(top);
    expect(rgbAt(picture, picture.width * 5)).toBe(left);
    expect(colorsOf(picture)).toEqual(new Set([THEMES.labyrinthe.background, top, left]));
    for (const c of [top, left]) expect(contrastRatio(c, THEMES.labyrinthe.background)).toBeGreaterThanOrEqual(3);
  });

  it('POV: the walls\' textures by direction and the gray floor in the scene, rendered blue and brown by povray with no warning', async () => {
    const scene = (await runCli(['gen', '--algo', 'kruskal', '--seed', '1', '--w', '6', '--h', '4', '--theme', 'labyrinthe', '-f', 'pov'])).stdout;
    expect(scene).toContain('pigment { color srgb <0.69, 0.69, 0.69> }');
    expect(scene).toMatch(/srgb <0\.169, 0\.298, 0\.769>/); // blue, #2b4cc4
    expect(scene).toMatch(/srgb <0\.545, 0\.271, 0\.075>/); // brown, #8b4513
    if (povray.skip) return;
    povray.require();
    const dir = tempDir();
    writeFileSync(join(dir, 'doc.pov'), scene);
    const log = spawnSync('povray', ['+Idoc.pov', '+Odoc.png', '+W160', '+H120', '-D', '+FN', '-GS', '-GR'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
    expect((log.stdout + log.stderr).split('\n').filter((l) => /warning|error/i.test(l) && !/Stream to console/.test(l))).toEqual([]);
    const picture = decodePng(readFileSync(join(dir, 'doc.png')));
    let blue = 0;
    let brown = 0;
    for (const c of colorsOf(picture)) {
      const [r, g, b] = [(c >> 16) & 255, (c >> 8) & 255, c & 255];
      if (b > r + 60 && b > g + 40) blue++;
      if (r > b + 60 && r > g + 20) brown++;
    }
    expect(blue, 'shades of blue: walls across').toBeGreaterThan(5);
    expect(brown, 'shades of brown: walls down').toBeGreaterThan(5);
  });
});


