/**
 * The web page (demo/index.html) in a real browser: Debian's chromium
 * driven through its DevTools protocol by playwright-core (no browser of
 * its own: `executablePath`). The page is opened from its file with a
 * link's query and must generate at once; its downloads must be `maze
 * gen`'s files for the same options (bytes; a PNG's pixels, its deflate
 * being the browser's), its errors the library's, next to their fields;
 * its game must be `maze play`'s (the view drawn by the same code, won by
 * walking the key-aware solution with key presses, lost to a monster),
 * its growth, played from the library's steps, must end on the still SVG, and
 * no request may leave file://. One browser serves every test; each page
 * load costs about a second. Without chromium these tests skip, except in
 * CI, where they fail.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { chromium as playwright } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameHelp, keyFromDom, pressKey } from '../src/game/controls.js';
import { startAnyGame } from '../src/game/levels.js';
import { describeLeave, describeMonsters, startGame } from '../src/game/rules.js';
import { drawWindow, pageWindowSize, scrollWindow } from '../src/game/view.js';
import type { Window } from '../src/game/view.js';
import { parseAnyMaze, parseMaze } from '../src/formats/json.js';
import type { Point } from '../src/model/maze.js';
import { deflateSync } from 'node:zlib';
import { externalTool, ROOT, spawnMazeAsync } from './helpers.js';
import { findFormat } from '../src/formats/index.js';
import { FORMAT_OPTIONS } from '../src/formats/types.js';
import { chunk, ihdr, pngOfChunks } from './png-chunks.js';

const chromium = externalTool('chromium', 'apt-get install chromium');
/** The chromium found on the PATH, as externalTool ran it (playwright-core brings no browser of its own). */
const executablePath = (process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'chromium')).find((file) => existsSync(file)) ?? 'chromium';
const PAGE = pathToFileURL(join(ROOT, 'demo', 'index.html')).href;

let browser: Browser | null = null;
/** Every request any page made, for the last test: none may leave file:// (a download is a blob: of the page's own). */
const requests: string[] = [];

beforeAll(async () => {
  if (chromium.skip) return;
  chromium.require();
  browser = await playwright.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'], timeout: 60_000 });
}, 90_000);

afterAll(async () => {
  await browser?.close();
});

/** The page opened from its file with `query`, once it has generated (or refused). */
async function open(query: string): Promise<Page> {
  const context = await browser!.newContext({ acceptDownloads: true, viewport: { width: 1100, height: 800 } });
  const page = await context.newPage();
  page.on('request', (request) => requests.push(request.url()));
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${PAGE}?${query}`);
  await page.waitForSelector('#status[data-done]', { timeout: 30_000 });
  expect(errors).toEqual([]);
  return page;
}

async function close(page: Page): Promise<void> {
  await page.context().close();
}

/** `maze gen`'s arguments for a link's query: the library's names, through the command line's one table of flags. */
function cliArgs(query: string, format?: string): string[] {
  const flags: Record<string, string> = { algorithm: 'algo', width: 'w', height: 'h', pathColor: 'path-color' };
  const args = ['gen'];
  // the page draws every format with its options; the command line refuses one its format does not read
  const reads: readonly string[] = format === undefined ? FORMAT_OPTIONS : findFormat(format)!.reads;
  for (const [name, value] of new URLSearchParams(query)) {
    if (['monsters', 'monsterDelay', 'play'].includes(name)) continue;
    if ((FORMAT_OPTIONS as readonly string[]).includes(name) && !reads.includes(name)) continue;
    if (value === 'true') args.push(`--${name}`);
    else args.push(`--${flags[name] ?? name}`, value);
  }
  return args;
}

/** A download link's file, as the browser saves it when the link is followed. */
async function download(page: Page, format: string): Promise<{ name: string; bytes: Buffer }> {
  const [saved] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.click(`#download-${format}`)]);
  const path = await saved.path();
  return { name: saved.suggestedFilename(), bytes: readFileSync(path) };
}

const pixels = (bytes: Buffer): { width: number; height: number; data: Buffer } => PNG.sync.read(bytes);

/** An SVG's drawing: its size and each shape's color and geometry, in order (the walls, the solution, the marks). */
function drawing(svg: string): string[] {
  const size = /<svg[^>]*\bwidth="(\d+)" height="(\d+)"/.exec(svg);
  const shapes = [...svg.matchAll(/<(rect|path)\b[^>]*>/g)].map(([tag, name]) => {
    const value = (attr: string): string => new RegExp(`\\b${attr}="([^"]*)"`).exec(tag)?.[1] ?? '';
    return `${name} ${value('fill')} ${value('d')}`;
  });
  return [`${size?.[1]} × ${size?.[2]}`, ...shapes];
}

/** The area an SVG's paths of this color (any) cover, each a run of rectangles `M x y h w v h …`: the growth's overlay is rects, not paths. */
function wallArea(svg: string, fill = ''): number {
  let area = 0;
  for (const [tag, d] of svg.matchAll(/<path\b[^>]*\bd="([^"]*)"/g)) {
    if (fill && !tag.includes(`fill="${fill}"`)) continue;
    for (const [, w, h] of d!.matchAll(/h(-?\d+)v(-?\d+)/g)) area += Math.abs(Number(w) * Number(h));
  }
  return area;
}

/** The arrow key that moves from one cell to the next. */
function arrow(from: Point, to: Point): string {
  if (to[0] > from[0]) return 'ArrowRight';
  if (to[0] < from[0]) return 'ArrowLeft';
  return to[1] > from[1] ? 'ArrowDown' : 'ArrowUp';
}

describe.skipIf(chromium.skip)('the web page in headless Chromium', () => {
  it("generates from a link at once, and its PNG, SVG, PDF and JSON are maze gen's for the same options", async () => {
    const links = [
      'algorithm=zones&width=18&height=12&seed=7&keys=3&solve=true&tile=11&wall=3',
      'algorithm=backtracker&width=21&height=13&seed=web%20page&start=3,4&braid=0.3&ends=farthest&solve=true&openings=true&fg=%23224488&bg=%23ffffff&pathColor=%2300aa00',
      'algorithm=trees&width=16&height=10&seed=2&trunks=4&islands=2&paper=letter',
    ];
    const pages = await Promise.all(links.map(open));
    for (const [i, link] of links.entries()) {
      const page = pages[i]!;
      expect(await page.getAttribute('#status', 'data-done'), link).toBe('yes');
      // the address is the link: the page keeps its state there, under the same names
      const sorted = (query: string): string[] => [...new URLSearchParams(query)].map(([name, value]) => `${name}=${value}`).sort();
      expect(sorted(new URL(page.url()).search), link).toEqual(sorted(link));
      const seed = new URLSearchParams(link).get('seed')!.replace(/[^\w.-]+/g, '_');
      for (const format of ['svg', 'json', 'pdf', 'png']) {
        const [file, cli] = await Promise.all([download(page, format), spawnMazeAsync([...cliArgs(link, format), '--format', format])]);
        expect(cli.code, cli.stderr).toBe(0);
        expect(file.name, link).toBe(`maze-${seed}.${format}`);
        if (format === 'png') {
          const [a, b] = [pixels(file.bytes), pixels(cli.stdoutBytes)];
          expect([a.width, a.height], link).toEqual([b.width, b.height]);
          expect(a.data.equals(b.data), `${link}: PNG pixels`).toBe(true);
        } else {
          expect(file.bytes.equals(cli.stdoutBytes), `${link}: ${format}`).toBe(true);
        }
        // the picture on the page is the SVG downloaded
        if (format === 'svg') expect(drawing(await page.innerHTML('#picture')), link).toEqual(drawing(file.bytes.toString('utf8')));
      }
      await close(page);
    }
  });

  it("solves by a method from its menu (issue 31): the SVG and JSON are maze gen --solve M's, the status says the method's figures, the command says --solve M", async () => {
    const link = 'algorithm=backtracker&width=16&height=10&seed=5&solve=true&method=tremaux';
    const page = await open(link);
    expect(await page.getAttribute('#status', 'data-done')).toBe('yes');
    expect(await page.textContent('#status')).toMatch(/tremaux: \d+ steps, \d+ cells visited/);
    expect(await page.textContent('#command')).toContain('--solve tremaux');
    const cli = ['gen', '--algo', 'backtracker', '--w', '16', '--h', '10', '--seed', '5', '--solve', 'tremaux'];
    // the PNG and the PDF too, made from the maze read back from its JSON: the method's drawing is made again (they drew the path alone)
    for (const format of ['svg', 'json', 'png', 'pdf']) {
      const [file, made] = await Promise.all([download(page, format), spawnMazeAsync([...cli, '--format', format])]);
      expect(made.code, made.stderr).toBe(0);
      if (format === 'png') expect(pixels(file.bytes).data.equals(pixels(made.stdoutBytes).data), format).toBe(true);
      else expect(file.bytes.equals(made.stdoutBytes), format).toBe(true);
    }
    // the menu is the library's list, and waits for the solution's toggle
    const methods = await page.$$eval('#method option', (options) => options.map((o) => (o as unknown as { value: string }).value));
    expect(methods).toContain('dead-end-fill');
    await page.uncheck('#solve');
    expect(await page.isDisabled('#method')).toBe(true);
    await close(page);
  });

  it("makes a maze to a difficulty from its slider (issue 32 item 4): maze gen --difficulty's SVG, its score on screen, the link and the command keep it", async () => {
    const link = 'difficulty=0.7&width=30&height=20&seed=4';
    const page = await open(link);
    expect(await page.getAttribute('#status', 'data-done')).toBe('yes');
    const score = Number(await page.getAttribute('#status', 'data-difficulty'));
    expect(Math.abs(score - 0.7)).toBeLessThanOrEqual(0.1); // 30 × 20's tolerance (README)
    expect(await page.textContent('#status')).toMatch(/difficulty 0\.\d\d/);
    expect(await page.textContent('#command')).toContain('--difficulty 0.7');
    expect(await page.isDisabled('#algorithm')).toBe(true);
    const [file, made] = await Promise.all([download(page, 'svg'), spawnMazeAsync(['gen', '--difficulty', '0.7', '--w', '30', '--h', '20', '--seed', '4', '--format', 'svg'])]);
    expect(made.code, made.stderr).toBe(0);
    expect(file.bytes.equals(made.stdoutBytes)).toBe(true);
    expect(new URL(page.url()).searchParams.get('difficulty')).toBe('0.7');
    // the score of a maze made without a difficulty shows too
    await page.uncheck('#by-difficulty');
    await page.selectOption('#algorithm', 'kruskal');
    await page.waitForFunction("document.querySelector('#status').textContent.startsWith('kruskal')", undefined, { timeout: 30_000 });
    expect(await page.textContent('#status')).toMatch(/difficulty 0\.\d\d/);
    // and a keys-and-doors maze's (it had none), as maze stats gives it
    await page.selectOption('#algorithm', 'zones');
    await page.waitForFunction("document.querySelector('#status').textContent.startsWith('zones')", undefined, { timeout: 30_000 });
    const zones = await spawnMazeAsync(['gen', '--algo', 'zones', '--w', '30', '--h', '20', '--seed', '4', '-f', 'json']);
    const { analyze } = await import('../src/lib/index.js');
    expect(await page.textContent('#status')).toContain(`difficulty ${analyze(parseMaze(zones.stdout, 'zones')).difficulty.toFixed(2)}`);
    await close(page);
  });

  it('says what to change for a bad value: the library\'s message, next to the field it names', async () => {
    const cases = [
      { link: 'algorithm=kruskal&width=0&height=5&seed=1', field: 'width', cli: ['--algo', 'kruskal', '--w', '0', '--h', '5'] },
      { link: 'algorithm=kruskal&width=5&height=5&seed=1&tile=10&wall=12', field: 'wall', cli: ['--algo', 'kruskal', '--tile', '10', '--wall', '12'] },
      { link: 'algorithm=binary-tree&width=5&height=5&seed=1&bias=up', field: 'bias', cli: ['--algo', 'binary-tree', '--bias', 'up'] },
      // the suggested start and end is `ends: 'farthest'`, which a zones maze refuses (its entrance and exit are its own): said by the toggle
      { link: 'algorithm=zones&width=9&height=6&seed=1&ends=farthest', field: 'suggest', cli: ['--algo', 'zones', '--ends', 'farthest'] },
    ];
    const pages = await Promise.all(cases.map((c) => open(c.link)));
    for (const [i, c] of cases.entries()) {
      const page = pages[i]!;
      expect(await page.getAttribute('#status', 'data-done'), c.link).toBe('error');
      const message = (await page.textContent(`#error-${c.field}`))!;
      expect(await page.getAttribute(`#${c.field}`, 'aria-invalid'), c.link).toBe('true');
      expect(await page.getAttribute(`#${c.field}`, 'aria-describedby'), c.link).toContain(`error-${c.field}`);
      const cli = await spawnMazeAsync(['gen', ...c.cli]);
      expect(cli.code, c.link).toBe(2);
      // the command line's message, with its flags where the page says the library's names
      const worded = message.replace(/\b(width|tile|wall|bias|ends|algorithm)\b/g, (name) => (name === 'width' ? '--w' : name === 'algorithm' ? '--algo' : `--${name}`));
      expect(`maze: error: ${worded}\n`, c.link).toBe(cli.stderr);
      expect(await page.isHidden('#result'), c.link).toBe(true);
      await close(page);
    }
  });

  it('a link made in the page opens the same maze, with the same state, at once', async () => {
    const page = await open('');
    await page.selectOption('#algorithm', 'growing-tree');
    await page.selectOption('#pick', 'newest');
    await page.fill('#width', '25');
    await page.fill('#height', '15');
    await page.fill('#seed', 'shared link');
    await page.check('#suggest');
    await page.check('#solve');
    await page.waitForFunction("document.querySelector('#status').textContent.includes('solution')");
    await page.click('#generate');
    await page.waitForFunction("document.querySelector('#status').textContent.includes('shared link')");
    const link = (await page.getAttribute('#share', 'href'))!;
    expect(new URLSearchParams(link.slice(1)).toString()).toBe('algorithm=growing-tree&width=25&height=15&seed=shared+link&pick=newest&ends=farthest&solve=true');
    const again = await open(link.slice(1));
    expect(await again.textContent('#status')).toBe(await page.textContent('#status'));
    expect(await again.innerHTML('#picture')).toBe(await page.innerHTML('#picture'));
    expect(await again.inputValue('#pick')).toBe('newest');
    expect(await again.isChecked('#suggest')).toBe(true);
    await Promise.all([close(page), close(again)]);
  });

  it("the link follows the game's settings as they are typed, with no new maze (they made none)", async () => {
    const page = await open('algorithm=kruskal&width=12&height=8&seed=3');
    await page.fill('#monsters', '7');
    await page.fill('#monsterDelay', '300');
    const params = (href: string): Record<string, string> => Object.fromEntries(new URLSearchParams(href.slice(href.indexOf('?'))));
    const expected = { algorithm: 'kruskal', width: '12', height: '8', seed: '3', monsters: '7', monsterDelay: '300' };
    expect(params((await page.getAttribute('#share', 'href'))!)).toEqual(expected);
    expect(params(new URL(page.url()).search)).toEqual(expected);
    expect(await page.textContent('#play-command')).toBe('maze play --algo kruskal --w 12 --h 8 --seed 3 --monsters 7 --monster-delay 300');
    await close(page);
  });

  it('plays a keys-and-doors game to a win, walking the key-aware solution with the arrows and the keypad', async () => {
    const link = 'algorithm=zones&width=16&height=10&seed=win&keys=3&monsters=0';
    const page = await open(link);
    const json = await spawnMazeAsync([...cliArgs(link, 'json'), '--solve', '--format', 'json']);
    const solution = parseMaze(json.stdout, 'maze gen').solution!;
    await page.click('#play');
    expect(await page.evaluate('document.activeElement.id')).toBe('game');
    // typing x in a field is typing: the game's keys act only while it has the focus
    await page.click('#seed');
    await page.keyboard.type('x');
    expect(await page.getAttribute('#game', 'data-outcome')).toBe('playing');
    await page.fill('#seed', 'win');
    await page.focus('#game');
    const scrollY = (): Promise<number> => page.evaluate('window.scrollY');
    const scrolled = await scrollY();
    for (const [i, cell] of solution.slice(1).entries()) {
      // the arrows move the player, not the page (the last step ends the game, and the maze shows again above it)
      if (i === solution.length - 2) expect(await scrollY()).toBe(scrolled);
      const key = arrow(solution[i]!, cell);
      // every third step on the keypad (NumLock: its digits)
      const pad: Record<string, string> = { ArrowUp: 'Numpad8', ArrowDown: 'Numpad2', ArrowLeft: 'Numpad4', ArrowRight: 'Numpad6' };
      await page.keyboard.press(i % 3 === 2 ? pad[key]! : key);
      if (i === 0) await page.keyboard.press('i');
    }
    expect(await page.getAttribute('#game', 'data-outcome')).toBe('won');
    expect(await page.textContent('#game-end')).toMatch(new RegExp(`^You escaped in ${solution.length - 1} moves and \\d+:\\d\\d!$`));
    expect(await page.getAttribute('#game-end', 'aria-live')).toBe('assertive');
    // the whole maze again, now that the game is over
    expect(await page.isVisible('#picture')).toBe(true);
    await close(page);
  });

  it("shows only a window around the player, drawn by maze play's own view, and the monsters where maze play puts them", async () => {
    const link = 'algorithm=zones&width=30&height=20&seed=7&monsterDelay=60000';
    const page = await open(link);
    await page.click('#play');
    // the maze maze play makes for these options, and the game it starts on it
    const json = await spawnMazeAsync([...cliArgs(link, 'json'), '--format', 'json']);
    // with the link's monster delay, which sets how far they start (the page placed them for the default, nearer than maze play)
    const game = startGame(parseMaze(json.stdout, 'maze gen'), 'auto', '7', 60_000);
    expect(game.monsters.length).toBeGreaterThan(0);
    const size = pageWindowSize(30, 20);
    let window: Window | null = null;
    const expected = (): string => {
      window = scrollWindow(window, game, size.cols, size.rows);
      return drawWindow(game, window).text.join('\n');
    };
    expect(await page.textContent('#game-view')).toBe(expected());
    expect(await page.isHidden('#result')).toBe(true); // not the whole maze while playing
    const lines = (await page.textContent('#game-view'))!.split('\n');
    expect(lines).toHaveLength(size.rows * 2 + 1);
    expect(size.cols < 30 && size.rows < 20).toBe(true);
    // a few moves on the on-screen buttons, and the view follows, as the terminal's does
    const { movePlayer } = await import('../src/game/rules.js');
    const { EAST, SOUTH } = await import('../src/model/maze.js');
    for (const [button, dir] of [['Down', SOUTH], ['Right', EAST], ['Down', SOUTH], ['Down', SOUTH]] as const) {
      await page.click(`#game button[aria-label="${button}"]`);
      movePlayer(game, dir);
      expect(await page.textContent('#game-view')).toBe(expected());
      expect(await page.getAttribute('#game', 'data-player')).toBe(`${game.x},${game.y}`);
    }
    expect(await page.textContent('#game-moves')).toBe(`Moves: ${game.moves}`);
    await page.click('#game button:text("Quit (x)")');
    expect(await page.getAttribute('#game', 'data-outcome')).toBe('quit');
    // in maze play's words (its own sentence said "1 moves")
    expect(await page.textContent('#game-end')).toBe(describeLeave(game));
    await close(page);
  });

  it('loses to a monster: it moves on its own, on a timer, and the loss is said in words', async () => {
    // monsters 50 ms apart start 40 steps off (2 seconds); the first seed whose monsters catch a player who never moves within 6 s, by the game's own rules
    const { generate } = await import('../src/lib/index.js');
    const { moveMonsters } = await import('../src/game/rules.js');
    let seed = '';
    for (let i = 0; seed === ''; i++) {
      const game = startGame(generate({ algorithm: 'backtracker', width: 12, height: 8, seed: `catch-${i}` }), 8, `catch-${i}`, 50);
      for (let tick = 1; tick <= 120 && game.monsters.length > 0 && seed === ''; tick++) {
        moveMonsters(game);
        if (game.outcome === 'caught') seed = `catch-${i}`;
      }
    }
    const page = await open(`algorithm=backtracker&width=12&height=8&seed=${seed}&monsters=8&monsterDelay=50`);
    await page.click('#play');
    await page.waitForSelector('#game[data-outcome="caught"]', { timeout: 20_000 });
    expect(await page.textContent('#game-end')).toMatch(/^A monster caught you after 0 moves and \d+:\d\d\.$/);
    await close(page);
  });

  it("issue 33 item 7: plays a maze of levels one floor at a time, < and > (keys and buttons) taking the stairs to the exit, by maze play's rules and view, and shows maze play --levels", async () => {
    const page = await open('width=6&height=4&seed=climb&monsters=0');
    // the form's levels field: the graph algorithms' default then (maze gen's and maze play's), the maze made again
    await page.fill('#levels', '3');
    await page.waitForFunction("document.querySelector('#status').textContent.includes('3 floors')");
    expect(await page.inputValue('#algorithm')).toBe('backtracker');
    const sorted = (query: string): string[] => [...new URLSearchParams(query)].map(([name, value]) => `${name}=${value}`).sort();
    expect(sorted(new URL(page.url()).search)).toEqual(sorted('algorithm=backtracker&width=6&height=4&levels=3&seed=climb&monsters=0'));
    expect(await page.textContent('#command')).toBe('maze gen --algo backtracker --w 6 --h 4 --levels 3 --seed climb');
    const command = (await page.textContent('#play-command'))!;
    expect(command).toBe('maze play --algo backtracker --w 6 --h 4 --levels 3 --seed climb --monsters 0');
    // maze play takes these options (it stops only for want of a terminal), and maze gen makes the page's maze from them
    const args = command.split(' ').slice(2);
    const mazeArgs = args.slice(0, args.indexOf('--monsters'));
    const [played, made, solved, file] = await Promise.all([
      spawnMazeAsync(['play', ...args]),
      spawnMazeAsync(['gen', ...mazeArgs, '-f', 'json']),
      spawnMazeAsync(['gen', ...mazeArgs, '--solve', '-f', 'json']),
      download(page, 'json'),
    ]);
    expect(played.stderr).toMatch(/^maze: error: maze play needs a terminal/);
    expect(file.bytes.equals(made.stdoutBytes)).toBe(true);
    const solution = (JSON.parse(solved.stdout) as { solution: Point[] }).solution;
    // a step within a floor is an arrow, one to the floor above or below (4 rows a floor) < or >
    const keys = solution.slice(1).map(([x, y], i) => {
      const [px, py] = solution[i]!;
      return x === px && Math.abs(y - py) === 4 ? (y > py ? '<' : '>') : arrow([px, py], [x, y]);
    });
    expect(keys.includes('<') && keys.includes('>')).toBe(true);

    // the same game here, by the terminal's rules and view, to compare the page's window with
    const game = startAnyGame(parseAnyMaze(made.stdout, 'maze gen'), 0, 'climb');
    const size = pageWindowSize(6, 4);
    let window: Window | null = null;
    const expected = (): string => {
      window = scrollWindow(window, game, size.cols, size.rows);
      return drawWindow(game, window).text.join('\n');
    };
    // (the click also ends the field's edit: its change remakes the same maze first)
    await page.click('#play');
    await page.waitForSelector('#game[data-outcome="playing"]');
    expect(await page.textContent('#game-floor')).toBe('Floor 1 of 3');
    expect(await page.textContent('#game-message')).toBe('floor 1 of 3 · < up · > down · x quits · I keys · arrows or keypad move');
    expect(await page.isVisible('#game-stairs')).toBe(true);
    const first = (await page.textContent('#game-view'))!;
    expect(first).toBe(expected());
    expect(first).toMatch(/[<=]/); // the stairs up on the first floor
    expect(first).not.toContain('E'); // the exit is on the last floor
    let stairs = 0;
    for (const key of keys) {
      if (key === '<' || key === '>') {
        const level = game.level;
        // the stairs by the keyboard and by the on-screen buttons, in turn
        if (stairs++ % 2 === 0) await page.keyboard.press(key);
        else await page.click(`#game button[aria-label="${key === '<' ? 'Stairs up' : 'Stairs down'}"]`);
        pressKey(game, keyFromDom(key));
        expect(game.level).toBe(level + (key === '<' ? 1 : -1));
        if (game.outcome === 'playing') {
          expect(await page.textContent('#game-floor')).toBe(`Floor ${game.level + 1} of 3`);
          expect(await page.getAttribute('#game', 'data-level')).toBe(String(game.level));
          expect(await page.textContent('#game-message')).toBe(`You take the stairs to floor ${game.level + 1} of 3.`);
          expect(await page.textContent('#game-view')).toBe(expected());
        }
      } else {
        await page.keyboard.press(key);
        pressKey(game, keyFromDom(key));
        if (game.outcome === 'playing') expect(await page.textContent('#game-view')).toBe(expected());
      }
    }
    expect(game.outcome).toBe('won');
    expect(await page.getAttribute('#game', 'data-outcome')).toBe('won');
    expect(await page.textContent('#game-end')).toMatch(new RegExp(`^You escaped in ${keys.length} moves and \\d+:\\d\\d!$`));
    await close(page);
  });

  it("issue 33 item 7: on levels, the monsters where maze play puts them (on the start's floor), fewer than asked said as maze play says it, and the limited window, maze play's own", async () => {
    // 24 × 16: both monsters placed ('auto'), the window smaller than the floor; 4 × 3 with 12 asked: too few cells far enough from the start, over both floors and the stairs
    for (const [seed, width, height, monsters] of [['2', 24, 16, 'auto'], ['haunted', 4, 3, 12]] as const) {
      const link = `algorithm=kruskal&width=${width}&height=${height}&levels=2&seed=${seed}&monsterDelay=60000${monsters === 'auto' ? '' : `&monsters=${monsters}`}`;
      const page = await open(link);
      await page.click('#play');
      await page.waitForSelector('#game[data-outcome="playing"]');
      const json = await spawnMazeAsync([...cliArgs(link, 'json'), '--format', 'json']);
      const game = startAnyGame(parseAnyMaze(json.stdout, 'maze gen'), monsters, seed, 60_000);
      expect(game.floors, link).toHaveLength(2);
      if (monsters === 'auto') expect([game.monstersAsked, game.monsters.length], link).toEqual([2, 2]);
      else expect(game.monsters.length > 0 && game.monsters.length < monsters, link).toBe(true);
      expect(game.monsters.every((m) => m.level === game.level), link).toBe(true);
      expect(await page.textContent('#game-message'), link).toBe(describeMonsters(game) ?? gameHelp(game));
      const size = pageWindowSize(width, height);
      if (width === 24) expect(size.cols < 24 && size.rows < 16).toBe(true);
      const view = drawWindow(game, scrollWindow(null, game, size.cols, size.rows)).text.join('\n');
      expect(await page.textContent('#game-view'), link).toBe(view);
      expect(await page.textContent('#play-command'), link).toBe(`maze play --algo kruskal --w ${width} --h ${height} --levels 2 --seed ${seed}${monsters === 'auto' ? '' : ` --monsters ${monsters}`} --monster-delay 60000`);
      await close(page);
    }
  });

  it('issue 33 item 7: Play refuses a maze of levels with a weave or a wrap, saying why (the game\'s own check), and its growth plays', async () => {
    const cases: [string, string][] = [
      ['algorithm=backtracker&width=6&height=4&levels=2&weave=0.5&seed=1', 'The game plays square mazes on a plane, with levels but no weave: make weave 0 to play.'],
      ['width=6&height=4&levels=2&wrap=x&seed=1', 'The game plays square mazes on a plane, with levels but no wrap: choose no wrap to play.'],
    ];
    for (const [link, why] of cases) {
      // play=true asks for the game at once: it is not started
      const page = await open(`${link}&play=true`);
      expect(await page.getAttribute('#status', 'data-done'), link).toBe('yes');
      expect(await page.inputValue('#algorithm'), link).toBe('backtracker');
      expect(await page.isDisabled('#play'), link).toBe(true);
      expect(await page.textContent('#play-off'), link).toBe(why);
      expect(await page.textContent('#game-end'), link).toBe(why);
      expect(await page.isHidden('#game'), link).toBe(true);
      expect(await page.isHidden('#play-command-line'), link).toBe(true);
      // its growth plays (the library's steps tell a topology's)
      expect(await page.isDisabled('#grow-play'), link).toBe(false);
      expect(await page.isVisible('#growth-off'), link).toBe(false);
      // the maze itself is maze gen's, with the command the page shows
      const command = (await page.textContent('#command'))!;
      expect(command, link).toMatch(/^maze gen --algo backtracker --w 6 --h 4 --levels 2 (--weave 0\.5|--wrap x) --seed 1$/);
      const [file, cli] = await Promise.all([download(page, 'json'), spawnMazeAsync([...command.split(' ').slice(1), '--format', 'json'])]);
      expect(file.bytes.equals(cli.stdoutBytes), link).toBe(true);
      await close(page);
    }
  });

  it("plays the maze's growth from the library's steps: pause stops it, the keyboard drives it, and its last frame is the still SVG, maze gen's", async () => {
    // a carver (every wall up first: more walls mid-way) with its ends and solution, and trees (walls added: fewer mid-way)
    const links = ['algorithm=backtracker&width=14&height=9&seed=grow&ends=farthest&solve=true&tile=12', 'algorithm=trees&width=16&height=10&seed=2&trunks=3'];
    const [carver, trees] = await Promise.all(links.map(open));
    const step = async (page: Page): Promise<number> => Number(await page.getAttribute('#grow-count', 'data-step'));
    const finished = (page: Page): Promise<unknown> => page.waitForSelector('#grow-play[aria-pressed="false"]', { timeout: 20_000 });
    for (const [i, page] of [carver!, trees!].entries()) {
      const still = await page.innerHTML('#picture');
      const cli = await spawnMazeAsync([...cliArgs(links[i]!, 'svg'), '--format', 'svg']);
      expect(drawing(still), links[i]).toEqual(drawing(cli.stdout));
      await page.selectOption('#grow-speed', '2s');
      if (page === carver) {
        // from the keyboard alone: Enter plays and pauses, Tab goes on to Step, the speed and the scrubber
        await page.focus('#grow-play');
        await page.keyboard.press('Enter');
        await page.waitForFunction("Number(document.querySelector('#grow-count').dataset.step) > 20");
        await page.keyboard.press('Enter');
      } else {
        await page.click('#grow-play');
        await page.waitForFunction("Number(document.querySelector('#grow-count').dataset.step) > 20");
        await page.click('#grow-play');
      }
      const paused = await step(page);
      await page.waitForTimeout(300);
      expect(await step(page), links[i]).toBe(paused);
      expect(await page.getAttribute('#grow-play', 'aria-pressed')).toBe('false');
      const total = Number(await page.getAttribute('#grow-at', 'max'));
      expect(paused).toBeLessThan(total);
      expect(await page.textContent('#grow-count')).toBe(`step ${paused} of ${total}`);
      // mid-way: another picture, with the working cells over it
      const mid = await page.innerHTML('#picture');
      expect(mid).not.toBe(still);
      if (page === carver) {
        expect(wallArea(mid, '#ffffff')).toBeGreaterThan(wallArea(still, '#ffffff')); // the walls, not the solution
        expect(await page.locator('#growth-marks rect').count()).toBeGreaterThan(0);
        await page.keyboard.press('Tab');
        expect(await page.evaluate('document.activeElement.id')).toBe('grow-step');
        await page.keyboard.press('Enter');
        await page.waitForFunction(`document.querySelector('#grow-count').dataset.step === '${paused + 1}'`);
        await page.keyboard.press('Tab');
        expect(await page.evaluate('document.activeElement.id')).toBe('grow-speed');
        await page.keyboard.press('Tab');
        expect(await page.evaluate('document.activeElement.id')).toBe('grow-at');
        await page.keyboard.press('Home'); // the first grid: every wall up
        await page.waitForFunction("document.querySelector('#grow-count').dataset.step === '1'");
        expect(wallArea(await page.innerHTML('#picture'), '#ffffff')).toBeGreaterThan(wallArea(mid, '#ffffff'));
        await page.keyboard.press('End');
        await page.waitForFunction(`document.querySelector('#grow-count').dataset.step === '${total}'`);
      } else {
        expect(wallArea(mid)).toBeLessThan(wallArea(still));
        await page.click('#grow-play');
        await finished(page);
      }
      // the last frame: the replay's finished maze drawn as the page draws the still one, overlay gone
      expect(await step(page)).toBe(total);
      expect(await page.textContent('#grow-count')).toBe(`step ${total} of ${total}: the finished maze`);
      expect(await page.innerHTML('#picture'), links[i]).toBe(still);
      for (const id of ['grow-speed', 'grow-at']) expect(await page.evaluate(`document.querySelector('#${id}').labels.length`)).toBe(1);
      await close(page);
    }
  });

  it.each([
    'shape=hex&algorithm=backtracker&width=10&height=7&seed=g&ends=farthest&solve=true',
    'shape=polar&algorithm=wilson&width=5&seed=p',
    'shape=triangle&algorithm=prim&width=10&height=6&seed=t',
    // and a topology's (issue 33): levels, a weave, a torus
    'algorithm=backtracker&width=6&height=4&levels=3&seed=l&solve=true',
    'algorithm=backtracker&width=9&height=8&weave=0.6&seed=w',
    'algorithm=prim&width=7&height=6&wrap=xy&seed=t',
  ])(
    "plays a shaped maze's growth from the library's steps (issue 30 item 2, issue 33): Play, Step and the scrubber, its last frame the still picture (%s)",
    async (link) => {
      const page = await open(link);
      const still = await page.innerHTML('#picture');
      const step = async (): Promise<number> => Number(await page.getAttribute('#grow-count', 'data-step'));
      await page.selectOption('#grow-speed', '2s');
      await page.click('#grow-play');
      await page.waitForFunction("Number(document.querySelector('#grow-count').dataset.step) > 5");
      await page.click('#grow-play');
      const paused = await step();
      const total = Number(await page.getAttribute('#grow-at', 'max'));
      expect(paused).toBeLessThan(total);
      const mid = await page.innerHTML('#picture');
      expect(mid).not.toBe(still);
      // a shaped picture strokes each wall's line (M … L …) in its first path: every side closed at first, so no fewer lines mid-way
      // (the marks after it, a stair's or the path's, come as the maze grows)
      const lines = (svg: string): number => (/<path fill="none"[^>]* d="([^"]*)"/.exec(svg)?.[1]?.match(/M[\d.]+ [\d.]+L/g) ?? []).length;
      expect(lines(mid)).toBeGreaterThanOrEqual(lines(still));
      expect(await page.locator('#growth-marks circle').count()).toBeGreaterThan(0); // the head (and the working cells) over it
      await page.click('#grow-step');
      await page.waitForFunction(`document.querySelector('#grow-count').dataset.step === '${paused + 1}'`);
      await page.focus('#grow-at');
      await page.keyboard.press('Home'); // the bare grid
      await page.waitForFunction("document.querySelector('#grow-count').dataset.step === '1'");
      const bare = lines(await page.innerHTML('#picture'));
      expect(bare).toBeGreaterThanOrEqual(lines(mid));
      expect(bare).toBeGreaterThan(lines(still));
      await page.keyboard.press('End');
      await page.waitForFunction(`document.querySelector('#grow-count').dataset.step === '${total}'`);
      expect(await page.innerHTML('#picture'), link).toBe(still);
      await close(page);
    },
  );

  it("replays every grid's growth with the library's Replay (issue 30, one model): the bundle's replaySteps ends on the maze, and the page keeps no replayer of its own", async () => {
    const page = await open('shape=hex&algorithm=kruskal&width=6&height=4&seed=r');
    const same = await page.evaluate(`(async () => {
      const results = [];
      for (const options of [{ shape: 'hex', width: 6, height: 4, seed: 'r', solve: true }, { shape: 'polar', width: 4, seed: 'r', openings: true }, { shape: 'triangle', width: 7, height: 4, seed: 'r', ends: 'farthest' }, { levels: 2, weave: 0.5, wrap: 'xy', width: 7, height: 6, seed: 'r', solve: true }]) {
        const maze = Maze.generate(options);
        const replay = Maze.replaySteps(Maze.steps(options));
        replay.maze.info = maze.info;
        const [a, b] = await Promise.all([Maze.render(replay.maze, 'json'), Maze.render(maze, 'json')]);
        results.push(new TextDecoder().decode(a) === new TextDecoder().decode(b));
      }
      return results;
    })()`);
    expect(same).toEqual([true, true, true, true]);
    // the page's growth opens no passage itself: the library's Replay does, for every shape
    const source = readFileSync(join(ROOT, 'demo', 'page.js'), 'utf8');
    expect(source).not.toMatch(/passages\[[^\]]*\]\s*\|=/);
    expect(source).toMatch(/new Maze\.Replay\(\)/);
    await close(page);
  });

  // how long it takes is the machine's (a timed test fails on a busy one): here, that it is drawn and says its time
  it('draws a 200 × 200 maze and says how long it took', async () => {
    const page = await open('algorithm=trees&width=200&height=200&seed=1');
    expect(await page.getAttribute('#status', 'data-done')).toBe('yes');
    expect(Number(await page.getAttribute('#status', 'data-ms'))).toBeGreaterThan(0);
    expect(await page.locator('#picture svg').count()).toBe(1);
    await close(page);
  });

  it("draws grid shapes from a link: a hex maze's SVG and JSON are maze gen's bytes, its PNG maze gen's pixels; a polar one has no height", async () => {
    const links = ['shape=hex&width=12&height=9&seed=3&algorithm=kruskal', 'algorithm=wilson&shape=triangle&width=9&height=6&seed=t&solve=true', 'algorithm=prim&shape=polar&width=6&seed=4'];
    const pages = await Promise.all(links.map(open));
    for (const [i, link] of links.entries()) {
      const page = pages[i]!;
      expect(await page.getAttribute('#status', 'data-done'), link).toBe('yes');
      const sorted = (query: string): string[] => [...new URLSearchParams(query)].map(([name, value]) => `${name}=${value}`).sort();
      expect(sorted(new URL(page.url()).search), link).toEqual(sorted(link));
      for (const format of ['svg', 'json', 'png']) {
        const [file, cli] = await Promise.all([download(page, format), spawnMazeAsync([...cliArgs(link, format), '--format', format])]);
        expect(cli.code, cli.stderr).toBe(0);
        if (format === 'png') {
          const [a, b] = [pixels(file.bytes), pixels(cli.stdoutBytes)];
          expect([a.width, a.height], link).toEqual([b.width, b.height]);
          expect(a.data.equals(b.data), `${link}: PNG pixels`).toBe(true);
        } else {
          expect(file.bytes.equals(cli.stdoutBytes), `${link}: ${format}`).toBe(true);
        }
        if (format === 'svg') expect(drawing(await page.innerHTML('#picture')), link).toEqual(drawing(file.bytes.toString('utf8')));
      }
      // the command shown is the one just run
      expect((await page.textContent('#command'))!.split(' ').sort(), link).toEqual(['maze', ...cliArgs(link)].sort());
      // the game is square-only for now: its control says so, rather than fail; the growth plays every grid
      expect(await page.isDisabled('#play'), link).toBe(true);
      expect(await page.textContent('#play-off'), link).toBe('The game plays square mazes: choose the square grid to play.');
      expect(await page.isDisabled('#grow-play'), link).toBe(false);
      expect(await page.isVisible('#growth-off'), link).toBe(false);
      expect(await page.isDisabled('#height'), link).toBe(link.includes('polar'));
      await close(page);
    }
  });

  it('follows maze gen on shapes: the backtracker when no algorithm is named, no height for polar, and the refusal of a square-only algorithm by the field', async () => {
    // a polar link with a height (an old one, or typed): the height is left out, said so, and the default algorithm is the shapes' (backtracker)
    const polar = await open('shape=polar&width=5&height=7&seed=1');
    expect(await polar.getAttribute('#status', 'data-done')).toBe('yes');
    expect(await polar.inputValue('#algorithm')).toBe('backtracker');
    expect(await polar.isDisabled('#height')).toBe(true);
    expect(await polar.isVisible('#height-about')).toBe(true);
    expect(await polar.textContent('#status')).toContain('left out of the link: height (a polar maze has none: its size is its rings)');
    expect(new URLSearchParams(new URL(polar.url()).search).has('height')).toBe(false);
    const cli = await spawnMazeAsync(['gen', '--shape', 'polar', '--w', '5', '--seed', '1', '--format', 'svg']);
    expect((await download(polar, 'svg')).bytes.equals(cli.stdoutBytes)).toBe(true);
    await close(polar);

    // in the form: choosing a shape takes the shapes' default algorithm instead of the page's (zones), and back; polar turns the height off
    const page = await open('');
    expect(await page.inputValue('#algorithm')).toBe('zones');
    await page.selectOption('#shape', 'polar');
    expect(await page.inputValue('#algorithm')).toBe('backtracker');
    expect(await page.isDisabled('#height')).toBe(true);
    expect(await page.isDisabled('#play')).toBe(true);
    await page.selectOption('#shape', 'hex');
    expect(await page.isDisabled('#height')).toBe(false);
    await page.selectOption('#shape', 'square');
    expect(await page.inputValue('#algorithm')).toBe('zones');
    expect(await page.isDisabled('#play')).toBe(false);
    // an algorithm picked stays picked: on hex, the library refuses it by the shape field, in maze gen's words
    await page.selectOption('#algorithm', 'eller');
    await page.selectOption('#shape', 'hex');
    expect(await page.inputValue('#algorithm')).toBe('eller');
    await page.fill('#width', '5');
    await page.fill('#height', '5');
    await page.click('#generate');
    await page.waitForSelector('#status[data-done="error"]');
    const message = (await page.textContent('#error-shape'))!;
    expect(await page.getAttribute('#shape', 'aria-invalid')).toBe('true');
    expect(await page.isHidden('#result')).toBe(true);
    const refused = await spawnMazeAsync(['gen', '--shape', 'hex', '--algo', 'eller', '--w', '5', '--h', '5']);
    expect(refused.code).toBe(2);
    expect(`maze: error: ${message.replace('(shape hex)', '(--shape hex)')}\n`).toBe(refused.stderr);
    await close(page);
  });

  it("makes a maze in the outline of an uploaded PNG or text file: maze gen --mask's, scaled, inverted, its largest region kept, on hex too", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'maze-page-mask-'));
    try {
      // a ring 26 × 18 (one region; inverted: the outside and the hole, two), with pixels on its rim at the rule's edges:
      // gray 127 and 128 (luma), alpha 127 and 128, each next to the ring, so joined to it when in
      const ring = new PNG({ width: 26, height: 18 });
      const set = (x: number, y: number, [r, g, b, a]: number[]): void => void ring.data.set([r!, g!, b!, a!], (y * 26 + x) * 4);
      for (let y = 0; y < 18; y++) {
        for (let x = 0; x < 26; x++) {
          const d = ((x - 12.5) / 11) ** 2 + ((y - 8.5) / 7.5) ** 2;
          set(x, y, d <= 1 && d >= 0.2 ? [240, 250, 255, 255] : [0, 0, 40, 255]);
        }
      }
      set(12, 1, [127, 127, 127, 255]);
      set(13, 1, [128, 128, 128, 255]);
      set(12, 16, [255, 255, 255, 127]);
      set(13, 16, [255, 255, 255, 128]);
      set(11, 16, [200, 100, 60, 200]); // luma 0.299·200 + 0.587·100 + 0.114·60 = 125.3: out
      set(14, 16, [60, 200, 100, 130]); // 146.7, alpha 130: in
      const png = join(dir, 'ring.png');
      writeFileSync(png, PNG.sync.write(ring));
      const text = join(dir, 'plus.txt');
      writeFileSync(text, '\ufeffXX..XX\r\nXX..XX\r\n.......\r\n.......\nXX..X\nXX..XX\n');

      const page = await open('algorithm=kruskal&width=30&height=20&seed=5');
      const made = async (): Promise<void> => {
        await page.waitForFunction('document.querySelector("#status").dataset.done !== "busy"');
      };
      const same = async (args: string[], what: string): Promise<void> => {
        expect(await page.getAttribute('#status', 'data-done'), what).toBe('yes');
        const [file, cli] = await Promise.all([download(page, 'svg'), spawnMazeAsync(['gen', '--algo', 'kruskal', '--seed', '5', ...args, '--format', 'svg'])]);
        expect(cli.code, cli.stderr).toBe(0);
        expect(file.bytes.equals(cli.stdoutBytes), what).toBe(true);
      };
      const busy = (): Promise<unknown> => page.evaluate('document.querySelector("#status").dataset.done = "busy"');

      // uploaded: the size fields take the mask's size, one pixel a cell
      await busy();
      await page.setInputFiles('#mask', png);
      await made();
      expect([await page.inputValue('#width'), await page.inputValue('#height')]).toEqual(['26', '18']);
      await same(['--mask', png], 'the PNG at its size');
      expect(await page.textContent('#status')).toContain('in the outline of ring.png');
      expect(await page.textContent('#command')).toBe('maze gen --algo kruskal --w 26 --h 18 --mask ring.png --seed 5');
      // the link cannot hold the file, and says so beside it
      expect(await page.isVisible('#share-about')).toBe(true);
      expect(await page.getAttribute('#share', 'href')).not.toContain('mask');

      // scaled to the size asked
      await page.fill('#width', '20');
      await page.fill('#height', '12');
      await busy();
      await page.click('#generate');
      await made();
      await same(['--mask', png, '--w', '20', '--h', '12'], 'the PNG scaled');

      // inverted: two regions, refused by the mask field; the largest kept when asked
      await busy();
      await page.check('#maskInvert');
      await made();
      expect(await page.getAttribute('#status', 'data-done')).toBe('error');
      expect(await page.textContent('#error-mask')).toMatch(/^the mask, scaled to 20 × 12, has 2 separate regions of cells .*join them with maskRegions join, or keep the largest with maskRegions largest$/);
      await busy();
      await page.selectOption('#maskRegions', 'largest');
      await made();
      await same(['--mask', png, '--w', '20', '--h', '12', '--mask-invert', '--mask-regions', 'largest'], 'the PNG inverted, its largest region');
      await busy();
      await page.selectOption('#maskRegions', 'join');
      await made();
      await same(['--mask', png, '--w', '20', '--h', '12', '--mask-invert', '--mask-regions', 'join'], 'the PNG inverted, its regions joined');

      // on a hex grid: the mask pixel under each cell's centre
      await busy();
      await page.uncheck('#maskInvert');
      await made();
      await busy();
      await page.selectOption('#maskRegions', 'one');
      await made();
      await page.selectOption('#shape', 'hex');
      await busy();
      await page.click('#generate');
      await made();
      await same(['--mask', png, '--w', '20', '--h', '12', '--shape', 'hex'], 'the PNG on a hex grid');
      await page.selectOption('#shape', 'square');

      // a text mask: its rows as maze gen reads them (a byte order mark, \r\n, a short row padded outside)
      await busy();
      await page.setInputFiles('#mask', text);
      await made();
      expect([await page.inputValue('#width'), await page.inputValue('#height')]).toEqual(['7', '6']);
      await same(['--mask', text], 'the text mask');

      // any pixels, translucent ones too, decoded to maze gen's cells: noise at the rule's edges (its largest region, the rest being many)
      const noise = new PNG({ width: 40, height: 30 });
      let state = 7;
      const next = (): number => (state = (state * 1103515245 + 12345) % 2 ** 31) >> 16;
      for (let i = 0; i < noise.data.length; i += 4) noise.data.set([next() % 256, next() % 256, next() % 256, 96 + (next() % 160)], i);
      const noisy = join(dir, 'noise.png');
      writeFileSync(noisy, PNG.sync.write(noise));
      await busy();
      await page.selectOption('#maskRegions', 'largest');
      await made();
      await busy();
      await page.setInputFiles('#mask', noisy);
      await made();
      // read back from WebGL as decoded: a 2D canvas premultiplies alpha, rounding translucent colors (asked first: a run
      // under load once made another maze here, and whether the decoder fell back is what tells why)
      expect(await page.getAttribute('#mask', 'data-decoder')).toBe('webgl');
      // its cells as maze gen's rule reads them (alpha ≥ 128 and luma ≥ 128), then its maze: a failure says which differed
      const ruled = Array.from({ length: 40 * 30 }, (_, i) => {
        const [r, g, b, a] = noise.data.subarray(4 * i, 4 * i + 4);
        return a! >= 128 && 299 * r! + 587 * g! + 114 * b! >= 128_000 ? 1 : 0;
      }).join('');
      const read = (await page.getAttribute('#mask', 'data-cells')) ?? '';
      const wrong = [...ruled].flatMap((cell, i) => (read[i] === cell ? [] : [`cell ${i % 40},${Math.floor(i / 40)} (RGBA ${[...noise.data.subarray(4 * i, 4 * i + 4)].join(' ')}): read ${read[i]}, not ${cell}`]));
      expect(wrong.length === 0 && read.length === ruled.length, `the page decoded noise.png into other cells than maze gen's: ${read.length} read, ${wrong.length} differ: ${wrong.slice(0, 3).join('; ')}`).toBe(true);
      await same(['--mask', noisy, '--mask-regions', 'largest'], `a translucent noise (the page's command: ${await page.textContent('#command')})`);
      await busy();
      await page.selectOption('#maskRegions', 'one');
      await made();

      // no mask again: the form's size, the plain rectangle
      await busy();
      await page.click('#mask-clear');
      await made();
      expect(await page.isHidden('#share-about')).toBe(true);
      await same(['--w', '40', '--h', '30'], 'no mask');
      await close(page);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a link whose maze takes a minute leaves the page free, and Stop stops it (issue 28 item 5: the page freezes for one to two minutes)', async () => {
    const context = await browser!.newContext({ viewport: { width: 1100, height: 800 } });
    const page = await context.newPage();
    page.on('request', (request) => requests.push(request.url()));
    await page.goto(`${PAGE}?algorithm=zones&width=1000&height=1000&zones=1000000&keys=26&solve=true&seed=1`);
    // the maze is being made (Stop shows after a moment), and meanwhile the page draws frames and answers
    await page.waitForSelector('#stop:not([hidden])', { timeout: 10_000 });
    const frames = await page.evaluate('new Promise((resolve) => { let n = 0; const frame = () => (++n === 10 ? resolve(n) : requestAnimationFrame(frame)); requestAnimationFrame(frame); })');
    expect(frames).toBe(10);
    expect(await page.textContent('#status')).toMatch(/^Making the maze…/);
    expect(await page.getAttribute('#status', 'data-done')).toBeNull();
    await page.click('#stop');
    await page.waitForSelector('#status[data-done="stopped"]', { timeout: 5_000 });
    expect(await page.textContent('#status')).toMatch(/^Stopped: no maze was made/);
    expect(await page.isHidden('#stop')).toBe(true);
    // the page goes on: a maze asked for next is made
    await page.fill('#zones', '8');
    await page.fill('#keys', '3');
    await page.fill('#width', '20');
    await page.fill('#height', '12');
    await page.click('#generate');
    await page.waitForSelector('#status[data-done="yes"]', { timeout: 10_000 });
    expect(await page.textContent('#status')).toMatch(/^zones, 20 × 12, seed 1 /);
    await context.close();
  });

  it('Generate in view at 1280 × 1000, a changed field remakes the maze, the maze first on a narrow window, and Play keeps maze play\'s bound (issue 29 item 9)', async () => {
    const context = await browser!.newContext({ viewport: { width: 1280, height: 1000 } });
    const page = await context.newPage();
    await page.goto(`${PAGE}?algorithm=kruskal&width=30&height=20&seed=3`);
    await page.waitForSelector('#status[data-done]');
    const button = (await page.locator('#generate').boundingBox())!;
    expect(button.y + button.height).toBeLessThanOrEqual(1000);
    // a field changed is a maze made, with no Generate pressed
    await page.fill('#width', '24');
    await page.waitForFunction("document.querySelector('#status').textContent.startsWith('kruskal, 24 × 20')", null, { timeout: 10_000 });
    expect(await page.getAttribute('#share', 'href')).toContain('width=24');
    // maze play's bound (500 a side), from the library: the page does not offer a game maze play refuses
    await page.fill('#width', '600');
    await page.waitForFunction("document.querySelector('#status').textContent.startsWith('kruskal, 600 × 20')", null, { timeout: 10_000 });
    expect(await page.isDisabled('#play')).toBe(true);
    expect(await page.textContent('#play-off')).toBe('The game plays mazes of at most 500 × 500 cells, as maze play does; this one is 600 × 20.');
    const cli = await spawnMazeAsync(['play', '--w', '600', '--h', '20', '--seed', '3']);
    expect(cli.code).toBe(2);
    expect(cli.stderr).toMatch(/500/);
    // a narrow window: the maze, then the form
    await page.setViewportSize({ width: 420, height: 900 });
    const picture = (await page.locator('#picture').boundingBox())!;
    const form = (await page.locator('#form').boundingBox())!;
    expect(picture.y).toBeLessThan(form.y);
    expect(picture.y).toBeLessThan(900);
    await context.close();
  });

  it("issue 28 items 4 and 6: refuses a short, damaged or trailing PNG mask in maze gen's words, and takes a text mask of 200 000 lines", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'maze-page-'));
    try {
      const rows = Buffer.alloc(30 * 41, 255);
      for (let y = 0; y < 30; y++) rows[y * 41] = 0;
      const gray = (idat: Buffer, ...after: Buffer[]): Buffer => pngOfChunks(ihdr(40, 30, 8, 0), chunk('IDAT', idat), chunk('IEND'), ...after);
      const files: [string, Buffer][] = [
        ['short.png', gray(deflateSync(rows.subarray(0, 100)))],
        ['trailing.png', gray(deflateSync(rows), Buffer.from('after'))],
        ['noise.png', gray(Buffer.from('not compressed data'))],
        ['double.png', pngOfChunks(ihdr(10, 10), ihdr(8000, 8000, 16, 6), chunk('IDAT', deflateSync(Buffer.alloc(10))), chunk('IEND'))],
      ];
      const page = await open('algorithm=kruskal&width=30&height=20&seed=5');
      const made = (): Promise<unknown> => page.waitForFunction('document.querySelector("#status").dataset.done !== "busy"');
      const busy = (): Promise<unknown> => page.evaluate('document.querySelector("#status").dataset.done = "busy"');
      for (const [name, bytes] of files) {
        writeFileSync(join(dir, name), bytes);
        const cli = await spawnMazeAsync(['gen', '--mask', name, '--seed', '5'], { cwd: dir });
        expect(cli.code, name).toBe(2);
        await busy();
        await page.setInputFiles('#mask', join(dir, name));
        await made();
        expect(await page.getAttribute('#status', 'data-done'), name).toBe('error');
        expect(`maze: error: ${await page.textContent('#error-mask')}\n`, name).toBe(cli.stderr);
      }
      // 200 000 lines: no spread of them all into one call
      const tall = join(dir, 'tall.txt');
      writeFileSync(tall, '..\n'.repeat(200_000));
      await busy();
      await page.setInputFiles('#mask', tall);
      await made();
      expect(await page.textContent('#status')).not.toContain('call stack');
      expect(await page.getAttribute('#status', 'data-done')).toBe('yes');
      expect(await page.textContent('#mask-about')).toContain('tall.txt: 2 × 200000 characters');
      await close(page);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('asked nothing of the network: every request stayed in file:// (downloads are blob: URLs of the page)', () => {
    expect(requests.length).toBeGreaterThan(10);
    expect(requests.filter((url) => !url.startsWith('file://') && !url.startsWith('blob:file://') && !url.startsWith('blob:null/'))).toEqual([]);
    // the PDF's library came from beside the bundle, and only when a PDF was asked for
    expect(requests.filter((url) => url.endsWith('/dist/browser/pdf-lib.global.js')).length).toBe(4); // once a page that made a PDF: four of them
  });
});
