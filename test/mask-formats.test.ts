/**
 * Masked mazes in every format and command (SPEC "Masks"), read by real
 * clients: the PNG decoded by pngjs equals seed 000's drawWall loop over
 * the walls a mask shows; the SVG drawn by librsvg equals the PNG; the PDF
 * drawn by pdftoppm leaves the outside blank; the POV scene renders in
 * POV-Ray with no warning and no floor outside; ASCII leaves blanks; JSON
 * round-trips byte for byte through `maze render`, and its reader refuses an
 * outside that is not walled off. Ends, openings, solve, stats, braid, the
 * game (in tmux), animations and batches keep to the mask's cells.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { fitMask, generate, parse, render, solve, stats } from '../src/lib/index.js';
import type { Maze } from '../src/model/maze.js';
import { Maze as MazeClass } from '../src/model/maze.js';
import { maskFromRows } from '../src/model/mask.js';
import { cornerEnds, openingSide, rimCells } from '../src/passages/ends.js';
import { pageLayout } from '../src/formats/pdf.js';
import { DEFAULT_RENDER_OPTIONS } from '../src/formats/types.js';
import { decodePng, firstDifference, recolored, seedLoop, seedLoopWithPath } from './fixtures.js';
import type { Rgba } from './fixtures.js';
import { externalTool, runCli, spawnMaze, tempDir } from './helpers.js';
import { TmuxServer, tmuxFound, quote } from './tmux.js';
import { BIN, IN_CI, ROOT } from './helpers.js';

const rsvg = externalTool('rsvg-convert', 'apt-get install librsvg2-bin');
const poppler = externalTool('pdftoppm', 'apt-get install poppler-utils', '-v');
const povray = externalTool('povray', 'apt-get install povray');

/** A ring with a hole and a notch: cells outside at the corners, in the middle and along an edge. */
const SHAPE = [
  'XXX......XXX',
  'XX........XX',
  'X....XX.....',
  '....XXXX....',
  '.....XX....X',
  'X.........XX',
  'XXX......XXX',
];

/** A copy of the maze with only the walls its pictures draw (an active wall beside a cell of the mask), and no mask: what seed 000's loop is run over. */
function shownWalls(maze: Maze): Maze {
  const copy = new MazeClass(maze.width, maze.height);
  copy.walls.set(maze.walls);
  copy.palette = maze.palette;
  copy.topColor = maze.topColor;
  copy.leftColor = maze.leftColor;
  copy.start = maze.start;
  copy.end = maze.end;
  copy.solution = maze.solution;
  copy.doors = maze.doors;
  copy.keys = maze.keys;
  for (let y = 0; y <= maze.height; y++) {
    for (let x = 0; x <= maze.width; x++) {
      if (x < maze.width && !maze.isIn(x, y - 1) && !maze.isIn(x, y)) copy.setTop(x, y, false);
      if (y < maze.height && !maze.isIn(x - 1, y) && !maze.isIn(x, y)) copy.setLeft(x, y, false);
    }
  }
  return copy;
}

function masked(options: Record<string, unknown> = {}): Maze {
  return generate({ algorithm: 'kruskal', mask: SHAPE, seed: 'mask', ...options } as never);
}

describe('pictures of a masked maze', () => {
  it('PNG: seed 000\'s drawWall loop over the walls the mask shows, pixel for pixel, the outside background', async () => {
    const cases = [[masked(), 20, 2], [recolored(masked({ algorithm: 'backtracker' }), 5), 9, 4], [masked({ ends: 'farthest', openings: true }), 12, 3], [masked({ algorithm: 'trees' }), 10, 3], [masked({ algorithm: 'zones', solve: true }), 16, 2]] as const;
    for (const [maze, tile, wall] of cases) {
      const png = decodePng(await render(maze, 'png', { tile, wall }));
      const port = maze.solution
        ? seedLoopWithPath(shownWalls(maze), tile, wall, null, null, DEFAULT_RENDER_OPTIONS.pathColor)
        : seedLoop(shownWalls(maze), tile, wall, null, null);
      expect(firstDifference(png, port), maze.info?.algorithm).toBeNull();
    }
    const solved = masked({ solve: true, ends: 'random', openings: true });
    const png = decodePng(await render(solved, 'png', { tile: 14, wall: 2 }));
    expect(firstDifference(png, seedLoopWithPath(shownWalls(solved), 14, 2, null, null, DEFAULT_RENDER_OPTIONS.pathColor))).toBeNull();
    // the top-left cell is outside: its square is background through and through
    const plain = decodePng(await render(masked(), 'png', { tile: 20, wall: 2 }));
    const bg = Array.from(plain.data.subarray(0, 4));
    for (let y = 0; y < 20; y++) for (let x = 0; x < 20; x++) expect(Array.from(plain.data.subarray((y * plain.width + x) * 4, (y * plain.width + x) * 4 + 4))).toEqual(bg);
  });

  it.skipIf(rsvg.skip)('SVG drawn by librsvg equals the PNG', async () => {
    rsvg.require();
    const dir = tempDir();
    for (const [i, maze] of [masked(), masked({ solve: true, ends: 'farthest', openings: true }), recolored(masked(), 4), masked({ algorithm: 'trees', islands: 1 }), masked({ algorithm: 'zones' })].entries()) {
      writeFileSync(join(dir, `${i}.svg`), await render(maze, 'svg', { tile: 10, wall: 3 }));
      execFileSync('rsvg-convert', ['-o', join(dir, `${i}.png`), join(dir, `${i}.svg`)]);
      expect(firstDifference(decodePng(readFileSync(join(dir, `${i}.png`))), decodePng(await render(maze, 'png', { tile: 10, wall: 3 }))), `maze ${i}`).toBeNull();
    }
  });

  it.skipIf(poppler.skip)('PDF drawn by pdftoppm: walls where the maze is, blank paper outside', async () => {
    poppler.require();
    const dir = tempDir();
    const maze = masked();
    writeFileSync(join(dir, 'm.pdf'), await render(maze, 'pdf'));
    const dpi = 72;
    execFileSync('pdftoppm', ['-png', '-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', join(dir, 'm.pdf'), join(dir, 'p')]);
    const page = decodePng(readFileSync(join(dir, 'p.png')));
    const layout = pageLayout(maze.width, maze.height, { ...DEFAULT_RENDER_OPTIONS, paper: 'a4' });
    const dark = (x0: number, y0: number, x1: number, y1: number): number => {
      let n = 0;
      for (let y = Math.floor(y0); y < y1; y++) for (let x = Math.floor(x0); x < x1; x++) if (page.data[(y * page.width + x) * 4]! < 128) n++;
      return n;
    };
    // a cell's square on the page (pixels at 72 dpi are points), with its walls' bands
    const square = (x: number, y: number): [number, number, number, number] => {
      const left = layout.left + x * layout.cell;
      const top = layout.pageHeight - layout.top + y * layout.cell;
      // inside its wall bands, with a pixel to spare for anti-aliasing
      return [left + layout.wall + 1, top + layout.wall + 1, left + layout.cell - 1, top + layout.cell - 1];
    };
    // the top-left corner cell and the middle of the hole are outside: blank; no wall runs through them
    expect(dark(...square(0, 0))).toBe(0);
    expect(dark(...square(5, 3))).toBe(0);
    // the wall between two outside cells (0, 0) and (1, 0) is not drawn, the ring's outer wall above (3, 0) is
    const band = (x: number, y: number): [number, number, number, number] => {
      const left = layout.left + x * layout.cell;
      const top = layout.pageHeight - layout.top + y * layout.cell;
      return [left - 1, top + layout.wall + 1, left + layout.wall + 1, top + layout.cell - 1];
    };
    expect(dark(...band(1, 0))).toBe(0);
    expect(dark(...band(3, 0))).toBeGreaterThan(0);
  });

  it.skipIf(povray.skip)('POV: renders with no warning, a floor under the mask\'s cells only and no plane', async () => {
    povray.require();
    const dir = tempDir();
    const maze = masked({ algorithm: 'trees', solve: true, ends: 'corners' });
    const scene = Buffer.from(await render(maze, 'pov')).toString('utf8');
    expect(scene).not.toMatch(/^plane \{/m);
    expect(scene).toContain("// The floor: under the mask's cells only.");
    writeFileSync(join(dir, 'maze.pov'), scene);
    const run = spawnSync('povray', ['+Imaze.pov', '+Omaze.png', '+W320', '+H240', '-D', '+FN', '-GS', '-GR'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout + run.stderr).not.toMatch(/warning/i);
    const picture = decodePng(readFileSync(join(dir, 'maze.png')));
    // the sky shows through where there is no floor: the picture's top-left corner is the theme's sky
    const [r, g, b] = picture.data.subarray(0, 3);
    expect(Math.max(r!, g!, b!)).toBeLessThan(60);
  });

  it('ASCII: blanks outside, walls around the cells', async () => {
    const text = Buffer.from(await render(masked(), 'ascii')).toString('utf8').split('\n');
    // cells 0–2 of the first row are outside: 12 blank columns, then the corner of cell 3
    expect(text[0]!.startsWith(' '.repeat(12) + '+---')).toBe(true);
    expect(text[0]!.trimEnd().endsWith('---+')).toBe(true);
    // the hole (cells 5 and 6 of row 3, 4–7 of row 3 …): no wall inside it, blanks
    const row3 = text[2 * 3 + 1]!;
    expect(row3.slice(4 * 5 + 1, 4 * 7)).toBe('       ');
    const unicode = Buffer.from(await render(masked(), 'ascii', { style: 'unicode' })).toString('utf8').split('\n');
    expect(unicode[0]!.startsWith(' '.repeat(12) + '┌')).toBe(true);
  });
});

describe('JSON of a masked maze', () => {
  it('maze render of the saved maze equals maze gen, byte for byte, in every format', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'shape.txt'), SHAPE.join('\n'));
    const args = ['--mask', join(dir, 'shape.txt'), '--algo', 'wilson', '--seed', '4', '--solve', '--ends', 'random', '--openings', '--braid', '0.3'];
    expect((await runCli(['gen', ...args, '-o', join(dir, 'm.json')])).code).toBe(0);
    for (const ext of ['txt', 'png', 'svg', 'pov', 'pdf', 'json']) {
      const direct = await runCli(['gen', ...args, '-o', join(dir, `gen.${ext}`)]);
      const again = await runCli(['render', join(dir, 'm.json'), '-o', join(dir, `render.${ext}`)]);
      expect(direct.stderr + again.stderr, ext).toBe('');
      expect(readFileSync(join(dir, `render.${ext}`)), ext).toEqual(readFileSync(join(dir, `gen.${ext}`)));
    }
    const doc = JSON.parse(readFileSync(join(dir, 'm.json'), 'utf8'));
    expect(doc.mask).toEqual(SHAPE.map((row) => row.padEnd(12, 'X')));
  });

  it('a maze without a mask is written exactly as before: no "mask" field', async () => {
    expect(Buffer.from(await render(generate({ algorithm: 'kruskal', width: 5, height: 4, seed: 1 }), 'json')).toString()).not.toContain('"mask"');
  });

  it('the reader refuses an outside not walled off, a mask that disagrees with the size, no cell, and ends outside', async () => {
    const good = JSON.parse(Buffer.from(await render(masked({ solve: true }), 'json')).toString());
    const refused = (change: (doc: Record<string, unknown>) => void): string => {
      const doc = structuredClone(good);
      change(doc);
      try {
        parse(JSON.stringify(doc), 'm.json');
      } catch (error) {
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(refused(() => undefined)).toBe('accepted');
    // the wall between outside cells (0, 0) and (1, 0)
    expect(refused((d) => ((d.left as string[])[0] = `10${(d.left as string[])[0]!.slice(2)}`))).toBe(
      `m.json: the outside of the "mask" is not walled off: "left" row 0 column 1 is '0', beside a cell outside; it may open only beside a "start" or "end" cell on the mask's rim (an entrance or exit)`,
    );
    // the wall between cell (3, 0) of the maze and the outside (2, 0)
    expect(refused((d) => ((d.left as string[])[0] = `${(d.left as string[])[0]!.slice(0, 3)}0${(d.left as string[])[0]!.slice(4)}`))).toMatch(/"left" row 0 column 3 is '0', beside a cell outside/);
    expect(refused((d) => ((d.mask as string[])[0] = 'XXX'))).toBe(`m.json: "mask" row 0 must be 12 characters of '.' and 'X', got "XXX"`);
    expect(refused((d) => (d.mask = (d.mask as string[]).slice(1)))).toBe('m.json: "mask" must be a list of 7 strings (one a row), got 6');
    expect(refused((d) => (d.mask = (d.mask as string[]).map((r) => r.replaceAll('.', 'X'))))).toMatch(/"mask" has no cell in the maze/);
    expect(refused((d) => ((d.mask as string[])[0] = 'XXX..o...XXX'))).toMatch(/"mask" row 0 must be only '\.' \(a cell of the maze\) and 'X' \(outside\) characters/);
    expect(refused((d) => {
      delete d.solution;
      d.start = [0, 0];
    })).toBe('m.json: "start" [0,0] is outside the "mask": it must be a cell of the maze');
    expect(refused((d) => {
      delete d.solution;
      d.end = [5, 3];
    })).toBe('m.json: "end" [5,3] is outside the "mask": it must be a cell of the maze');
  });
});

describe('ends, solve, stats and braid keep to the mask', () => {
  it('corners: the mask cells nearest the top-left and bottom-right corners, ties to the smaller y then x', () => {
    // (2, 1) and (1, 2) are as near (0, 0), nearer than (3, 0): the smaller y wins; (10, 4) and (9, 5) likewise
    expect(cornerEnds({ width: 12, height: 7, mask: maskFromRows(SHAPE) })).toEqual({ start: [2, 1], end: [10, 4] });
    // (1, 0) and (0, 1) are as near (0, 0), (2, 1) and (1, 2) as near (2, 2): the smaller y wins
    expect(cornerEnds({ width: 3, height: 3, mask: maskFromRows(['X..', '...', '..X']) })).toEqual({ start: [1, 0], end: [2, 1] });
    const maze = masked({ ends: 'corners', solve: true });
    expect([maze.start, maze.end]).toEqual([[2, 1], [10, 4]]);
  });

  it('random: two distinct cells of the rim; farthest: the longest path within the mask', () => {
    const rim = rimCells({ width: 12, height: 7, mask: maskFromRows(SHAPE) });
    expect(rim).toContainEqual([4, 2]); // beside the hole
    expect(rim).not.toContainEqual([2, 3]);
    for (const seed of ['a', 'b', 'c', 'd']) {
      const maze = masked({ ends: 'random', seed });
      expect(rim).toContainEqual(maze.start);
      expect(rim).toContainEqual(maze.end);
      expect(maze.start).not.toEqual(maze.end);
    }
    const far = masked({ ends: 'farthest' });
    const s = stats(far);
    expect([far.start, far.end]).toEqual([s.longestFrom, s.longestTo]);
    expect(far.isIn(...far.start!) && far.isIn(...far.end!)).toBe(true);
  });

  it('openings open the wall between an end and the outside, and nothing walks out through it', () => {
    const maze = masked({ ends: 'random', seed: 'b', openings: true, solve: true });
    for (const cell of [maze.start!, maze.end!]) {
      const side = openingSide(maze, cell)!;
      expect(side.side === 'top' ? maze.hasTop(side.x, side.y) : maze.hasLeft(side.x, side.y)).toBe(false);
    }
    const s = stats(maze);
    expect(s.perfect).toBe(true);
    expect(maze.solution!.every(([x, y]) => maze.isIn(x, y))).toBe(true);
  });

  it('stats count the mask\'s cells: a perfect maze over them; braid 1 leaves no dead end and opens no wall to the outside', () => {
    const maze = masked({ algorithm: 'backtracker' });
    const cells = maskFromRows(SHAPE).count;
    expect(stats(maze)).toMatchObject({ cells, passages: cells - 1, components: 1, loops: 0, perfect: true, closed: 0 });
    const braided = masked({ algorithm: 'backtracker', braid: 1 });
    const s = stats(braided);
    expect(s.deadEnds).toBe(0);
    expect(s.cells).toBe(cells);
    for (let y = 0; y <= braided.height; y++) {
      for (let x = 0; x <= braided.width; x++) {
        if (x < braided.width && !(braided.isIn(x, y - 1) && braided.isIn(x, y))) expect(braided.hasTop(x, y), `top ${x},${y}`).toBe(true);
        if (y < braided.height && !(braided.isIn(x - 1, y) && braided.isIn(x, y))) expect(braided.hasLeft(x, y), `left ${x},${y}`).toBe(true);
      }
    }
    expect(() => solve(maze, { from: [0, 0] })).toThrow('from 0,0 is outside the mask: pick a cell of the maze (such as 3,0)');
  });

  it('maze solve and maze stats on a saved masked maze', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'm.json'), await render(masked(), 'json'));
    const solved = await runCli(['solve', join(dir, 'm.json'), '-f', 'json']);
    expect(solved.code).toBe(0);
    const maze = parse(solved.stdout);
    expect([maze.solution![0], maze.solution!.at(-1)]).toEqual([[2, 1], [10, 4]]);
    const table = await runCli(['stats', join(dir, 'm.json'), '--json']);
    expect(JSON.parse(table.stdout)).toMatchObject({ cells: maskFromRows(SHAPE).count, perfect: true });
    const outside = await runCli(['solve', join(dir, 'm.json'), '--to', '5,3']);
    expect(outside.stderr).toBe('maze: error: --to 5,3 is outside the mask: pick a cell of the maze (such as 3,0)\n');
    expect(outside.code).toBe(2);
  });
});

describe('animations and batches of a masked maze', () => {
  it.skipIf(rsvg.skip)('an animated SVG shows the still maze where nothing animates; an APNG\'s default image is the still PNG', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'shape.txt'), SHAPE.join('\n'));
    const args = ['--mask', join(dir, 'shape.txt'), '--algo', 'prim', '--seed', '2', '--tile', '10', '--wall', '2'];
    for (const ext of ['svg', 'png']) {
      const made = await runCli(['gen', ...args, '--animate', '--frames', '5', '-o', join(dir, `grow.${ext}`)]);
      expect(made.stderr, ext).toBe('');
    }
    expect((await runCli(['gen', ...args, '-o', join(dir, 'still.png')])).code).toBe(0);
    const still = decodePng(readFileSync(join(dir, 'still.png')));
    execFileSync('rsvg-convert', ['-o', join(dir, 'grow-svg.png'), join(dir, 'grow.svg')]);
    expect(firstDifference(decodePng(readFileSync(join(dir, 'grow-svg.png'))), still)).toBeNull();
    expect(firstDifference(decodePng(readFileSync(join(dir, 'grow.png'))), still)).toBeNull();
  });

  it('a batch split across workers writes the same files as single runs, each with the mask', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'shape.txt'), SHAPE.join('\n'));
    const batch = spawnMaze(['gen', '--mask', join(dir, 'shape.txt'), '--algo', 'hunt-and-kill', '--seed', '10', '--count', '3', '--jobs', '2', '-o', join(dir, 'b-{n}.json')]);
    expect(batch.stderr).toBe('');
    for (let n = 1; n <= 3; n++) {
      const one = spawnMaze(['gen', '--mask', join(dir, 'shape.txt'), '--algo', 'hunt-and-kill', '--seed', String(10 + n - 1), '-f', 'json']);
      const saved = readFileSync(join(dir, `b-${n}.json`), 'utf8');
      expect(saved).toBe(one.stdout);
      expect(JSON.parse(saved).mask).toBeDefined();
    }
  });
});

describe('maze play on a mask, in tmux', () => {
  const servers: TmuxServer[] = [];
  afterEach(() => {
    for (const s of servers.splice(0)) s.kill();
  });

  it.skipIf(!tmuxFound && !IN_CI)('draws the outside blank and starts on the mask\'s corner cell', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'shape.txt'), SHAPE.join('\n'));
    const server = new TmuxServer('mask-play');
    servers.push(server);
    const command = [process.execPath, BIN, 'play', '--mask', join(dir, 'shape.txt'), '--algo', 'kruskal', '--seed', '1', '--monsters', '0'].map(quote).join(' ');
    server.tmux('-f', '/dev/null', 'new-session', '-d', '-x', '80', '-y', '24', '-c', ROOT, 'sh', '-c', `${command}; exec sleep 60`);
    const screen = await server.until((s) => s.includes('@'), 'the game');
    const lines = screen.split('\n');
    // the first three cells of the top row are outside: blank; the corner of cell (3, 0) comes next
    const top = lines.findIndex((l) => l.includes('+---'));
    expect(lines[top]!.indexOf('+'), screen).toBe(4 * 3);
    expect(lines[top + 1]!.slice(0, 12), screen).toBe(' '.repeat(12));
    // the start is cell (2, 1), the mask's nearest to the top-left corner
    expect(lines[top + 3]!.indexOf('@'), screen).toBe(4 * 2 + 2);
    server.keys('x');
    await server.until((s) => !s.includes('@'), 'the game to end');
  });
});

describe('maze play on a mask, its default zones maze, in tmux', () => {
  const servers: TmuxServer[] = [];
  afterEach(() => {
    for (const s of servers.splice(0)) s.kill();
  });

  it.skipIf(!tmuxFound && !IN_CI)('keys and doors within the mask: the player on its top-left corner cell, the exit on its bottom-right one', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'shape.txt'), SHAPE.join('\n'));
    const server = new TmuxServer('mask-zones');
    servers.push(server);
    const command = [process.execPath, BIN, 'play', '--mask', join(dir, 'shape.txt'), '--seed', '2', '--monsters', '0'].map(quote).join(' ');
    server.tmux('-f', '/dev/null', 'new-session', '-d', '-x', '80', '-y', '24', '-c', ROOT, 'sh', '-c', `${command}; exec sleep 60`);
    const lines = (await server.until((s) => s.includes('@') && s.includes('>'), 'the game')).split('\n');
    const top = lines.findIndex((l) => l.includes('+---'));
    expect(lines[top + 3]!.indexOf('@')).toBe(4 * 2 + 2);
    expect(lines[top + 9]!.indexOf('>')).toBe(4 * 10 + 2);
    server.keys('x');
    await server.until((s) => !s.includes('@'), 'the game to end');
  });
});

describe('property: any mask in one region', () => {
  it('loads, makes a perfect maze over its cells with an algorithm that takes masks, and round-trips through JSON', async () => {
    const cellsArb = fc.integer({ min: 1, max: 9 }).chain((w) => fc.integer({ min: 1, max: 7 }).chain((h) => fc.array(fc.boolean(), { minLength: w * h, maxLength: w * h }).map((bits) => ({ w, h, bits }))));
    await fc.assert(
      fc.asyncProperty(cellsArb, fc.constantFrom('kruskal', 'backtracker', 'prim', 'wilson', 'aldous-broder', 'hunt-and-kill', 'growing-tree'), fc.string({ maxLength: 4 }), async ({ w, h, bits }, algorithm, seed) => {
        const rows = Array.from({ length: h }, (_, y) => bits.slice(y * w, y * w + w).map((b) => (b ? '.' : 'X')).join(''));
        if (!bits.some(Boolean)) return;
        const maze = generate({ algorithm, mask: fitMask(rows, { maskRegions: 'largest' }), seed: `p${seed}` } as never);
        const s = stats(maze);
        expect(s.perfect).toBe(true);
        expect(s.cells).toBe(maze.mask ? maze.mask.count : w * h);
        const json = Buffer.from(await render(maze, 'json')).toString();
        const back = parse(json);
        expect(Buffer.from(await render(back, 'json')).toString()).toBe(json);
        expect(Buffer.from(await render(back, 'png', { tile: 4, wall: 1 }))).toEqual(Buffer.from(await render(maze, 'png', { tile: 4, wall: 1 })));
      }),
      { numRuns: 60 },
    );
  });
});
