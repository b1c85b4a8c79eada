/**
 * Issues 28 and 29, the library's edge and the animation: each test is
 * named after the item it holds. Memory is checked under a cap in a child
 * process, never timed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { algorithms, farthestEnds, fitMask, generate, MazeError, Replay, render, replaySteps, solve, stats, steps } from '../src/lib/index.js';
import { Maze } from '../src/model/maze.js';
import { GraphMaze } from '../src/grid/graph-maze.js';
import type { Step } from '../src/lib/index.js';
import { MAX_STEPS, mazeSteps, recordGraphGrowth, recordSteps, specFromOptions } from '../src/lib/spec.js';
import svgFormat from '../src/animation/svg.js';
import { DEFAULT_RENDER_OPTIONS } from '../src/formats/types.js';
import { BIN, externalTool, IN_CI, ROOT, spawnMazeAsync, tempDir } from './helpers.js';
import { quote, sleep, TmuxServer, tmuxFound } from './tmux.js';

/** Run a shell command with the address space capped (ulimit -v, in KiB): Node itself needs some 800 MB of it. */
function underCap(kib: number, command: string): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync('bash', ['-c', `ulimit -v ${kib}; ${command}`], { cwd: ROOT, encoding: 'utf8', timeout: 300_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function mazeError(run: () => unknown): MazeError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(MazeError);
    return error as MazeError;
  }
  throw new Error('no error thrown');
}

describe('issue 28 item 2: the animation step log has a bound', () => {
  it('an animated file of a growth past the bound is refused naming it, within a memory cap (it once took 2.4 GB)', () => {
    const dir = tempDir();
    const out = join(dir, 'ab.gif');
    const run = underCap(1_500_000, `node '${BIN}' gen --algo aldous-broder --w 2000 --h 2000 --seed 1 --animate --frames 1 --tile 2 --wall 1 -o '${out}'`);
    expect(run.stderr).toBe(
      `maze: error: the growth of a 2000 × 2000 aldous-broder maze takes more steps than the limit of ${MAX_STEPS} an animation or steps() replays (they are kept, 8 bytes a step); make --w or --h smaller\n`,
    );
    expect(run.status).toBe(2);
    expect(existsSync(out)).toBe(false);
  });

  it('a size that cannot fit the bound is refused up front, by steps() at once', () => {
    const error = mazeError(() => steps({ algorithm: 'kruskal', width: 10_000, height: 10_000 }));
    expect(error.code).toBe('too-large');
    expect(error.option).toBe('width');
    expect(error.message).toContain(`at least 99980001 steps, over the limit of ${MAX_STEPS}`);
  });

  it('steps() yields its first step before the whole growth is kept (memory under a cap in a child)', () => {
    const script = `
      import { steps } from './dist/lib/index.js';
      let first = null;
      for (const step of steps({ algorithm: 'aldous-broder', width: 1000, height: 1000, seed: 1 })) { first = step; break; }
      console.log(JSON.stringify({ type: first.type, rss: process.resourceUsage().maxRSS }));
    `;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8', timeout: 300_000 });
    expect(run.stderr).toBe('');
    const told = JSON.parse(run.stdout) as { type: string; rss: number };
    expect(told.type).toBe('grid');
    // the whole log took 428 MB; the first run keeps 65 536 steps
    expect(told.rss).toBeLessThan(250_000);
  });

  it('the first steps and the rest, from two runs, are the steps of one', () => {
    const { spec } = specFromOptions({ algorithm: 'backtracker', width: 200, height: 200, solve: true });
    const { log, maze } = recordSteps(spec, '4');
    const whole = [...log.steps()];
    expect(whole.length).toBeGreaterThan(1 << 16);
    // and, last, what made the maze
    expect([...mazeSteps(spec, '4')]).toEqual([...whole, { type: 'made', ...maze.info }]);
  });
});

describe('issue 28 item 8: replaySteps and Replay check their steps', () => {
  it('a grid over the cell limit is a MazeError, nothing allocated', () => {
    const error = mazeError(() => replaySteps([{ type: 'grid', width: 30_000, height: 30_000, walls: 'closed' }]));
    expect(error.code).toBe('invalid-maze');
    expect(error.option).toBe('steps');
    expect(error.message).toBe('step 0: a grid must be a width and height whole from 1, at most 100000000 cells, got 30000 × 30000');
  });

  it('garbage steps are MazeErrors naming the step, never RangeErrors or TypeErrors', () => {
    const grid = { type: 'grid', width: 3, height: 2, walls: 'closed' } as const;
    const garbage: unknown[] = [
      null, 7, 'wall', {}, { type: 'nope' },
      { type: 'wall', x: 9, y: 0, side: 'top', active: false, color: 0 },
      { type: 'wall', x: 0, y: 0, side: 'up', active: false, color: 0 },
      { type: 'wall', x: 0, y: 0, side: 'top', active: 'no', color: 0 },
      { type: 'wall', x: 0, y: 0, side: 'top', active: true, color: 5 },
      { type: 'wall', x: 0.5, y: 0, side: 'left', active: true, color: 0 },
      { type: 'cell', x: -1, y: 0, mark: 'active' },
      { type: 'cell', x: 0, y: 0, mark: 'toString' },
      { type: 'head', x: 3, y: 0 },
      { type: 'color', index: 5, rgb: 0 },
      { type: 'color', index: 1, rgb: 0x1000000 },
      { type: 'ends', start: [0, 0], end: [7, 7] },
      { type: 'ends', start: 'a', end: null },
      { type: 'door', x: 0, y: 0, side: 'left', key: -1 },
      { type: 'key', x: 0, y: 0, door: NaN },
      { type: 'path', x: 0, y: 2 },
      { type: 'grid', width: 2, height: 2, walls: 'closed', mask: { width: 2, height: 2, cells: [1, 1, 1, 1] } },
      { type: 'grid', width: 2, height: 2, walls: 'open' },
    ];
    for (const step of garbage) {
      const replay = new Replay();
      replay.apply(grid);
      const error = mazeError(() => replay.apply(step as Step));
      expect(error.message).toMatch(/^step 1: /);
      expect(replay.applied).toBe(1);
    }
    expect(mazeError(() => replaySteps(null as unknown as Step[])).code).toBe('invalid-value');
  });

  it('issue 30: shaped garbage steps are MazeErrors naming the step, and the replay is unchanged after one', () => {
    const hex = { type: 'grid', shape: 'hex', width: 3, height: 2, walls: 'closed' } as const;
    const polar = { type: 'grid', shape: 'polar', width: 2, height: 1, walls: 'closed' } as const;
    const garbage: [Step, unknown, RegExp][] = [
      // a shaped grid step that is no grid
      [hex, { type: 'grid', shape: 'circle', width: 3, height: 3, walls: 'closed' }, /a grid's shape must be 'square', 'hex', 'triangle', 'polar', got 'circle'/],
      [hex, { type: 'grid', shape: 'hex', width: 30_000, height: 30_000, walls: 'closed' }, /at most 100000000 cells/],
      [hex, { type: 'grid', shape: 'polar', width: 9_000, height: 1, walls: 'closed' }, /polar grid of 9000 rings has \d+ cells, over the limit of 100000000/],
      [hex, { type: 'grid', shape: 'polar', width: 3, height: 2, walls: 'closed' }, /its height must be 1/],
      [hex, { type: 'grid', shape: 'hex', width: 0, height: 2, walls: 'closed' }, /a grid must be a width and height whole from 1/],
      [hex, { type: 'grid', shape: 'hex', width: 3, height: 2, walls: 'border' }, /a hex grid's walls must be 'closed'/],
      [hex, { type: 'grid', shape: 'hex', width: 2, height: 2, walls: 'closed', mask: { width: 3, height: 2, cells: new Uint8Array(6) } }, /mask must be \{ width, height, cells \} of its size, 2 × 2/],
      [hex, { type: 'grid', shape: 'hex', width: 2, height: 2, walls: 'closed', mask: { width: 2, height: 2, cells: new Uint8Array([1, 1, 1, 2]) } }, /mask cells must be 0 or 1/],
      // passages: a cell off the grid, a slot past the cell's sides
      [hex, { type: 'passage', x: 3, y: 0, slot: 1 }, /a passage must be a cell of this hex grid of 3 × 2, got 3,0/],
      [hex, { type: 'passage', x: 0, y: -1, slot: 1 }, /a passage must be a cell/],
      [hex, { type: 'passage', x: 0.5, y: 0, slot: 1 }, /a passage must be a cell/],
      [hex, { type: 'passage', x: 0, y: 0, slot: 6 }, /a passage's slot must be a side of cell 0,0, from 0 to 5, got 6/],
      [hex, { type: 'passage', x: 0, y: 0, slot: '1' }, /a passage's slot must be a side/],
      [polar, { type: 'passage', x: 5, y: 0, slot: 0 }, /a cell of this polar grid of 2 rings, got 5,0/],
      [polar, { type: 'passage', x: 0, y: 0, slot: 8 }, /a passage's slot must be a side of cell 0,0, from 0 to \d, got 8/],
      [{ type: 'grid', shape: 'triangle', width: 3, height: 2, walls: 'closed' }, { type: 'passage', x: 0, y: 0, slot: 3 }, /from 0 to 2, got 3/],
      // a step of the other kind of grid
      [{ type: 'grid', width: 3, height: 2, walls: 'closed' }, { type: 'passage', x: 0, y: 0, slot: 1 }, /a passage step opens a side of a hex, triangle or polar grid's cell; this grid is square/],
      [hex, { type: 'wall', x: 0, y: 0, side: 'top', active: false, color: 0 }, /a wall step raises or opens a square grid's walls; this grid is not square/],
      [hex, { type: 'color', index: 1, rgb: 0 }, /this grid is not square/],
      [hex, { type: 'door', x: 0, y: 0, side: 'left', key: null }, /this grid is not square/],
      [hex, { type: 'key', x: 0, y: 0, door: 0 }, /this grid is not square/],
      // marks, head, ends and path off the shaped grid
      [hex, { type: 'cell', x: 0, y: 2, mark: 'active' }, /a cell must be a cell of this hex grid of 3 × 2/],
      [hex, { type: 'head', x: -1, y: 0 }, /the head must be a cell/],
      [hex, { type: 'ends', start: [0, 0], end: [3, 0] }, /the end must be a cell/],
      [polar, { type: 'path', x: 0, y: 3 }, /the path must be a cell of this polar grid/],
      [{ type: 'grid', width: 3, height: 2, walls: 'closed' }, { type: 'path', x: 3, y: 0 }, /the path must be a cell of this 3 × 2 grid/],
    ];
    for (const [grid, step, message] of garbage) {
      const replay = new Replay();
      replay.apply(grid);
      const before = replay.maze;
      const passages = before instanceof GraphMaze ? before.passages.slice() : null;
      const error = mazeError(() => replay.apply(step as Step));
      expect(error.message).toMatch(/^step 1: /);
      expect(error.message).toMatch(message);
      expect(error.code).toBe('invalid-maze');
      expect(error.option).toBe('steps');
      expect(replay.applied).toBe(1);
      expect(replay.maze).toBe(before);
      if (passages) expect((replay.maze as GraphMaze).passages).toEqual(passages);
      expect(replay.maze.start).toBeNull();
      expect(replay.maze.solution ?? null).toBeNull();
    }
  });

  it('a good replay is unchanged: the steps of every kind still end on the maze', () => {
    const { spec } = specFromOptions({ algorithm: 'zones', width: 12, height: 8, solve: true, openings: true });
    const replay = replaySteps(mazeSteps(spec, '3'));
    expect(replay.maze.solution?.length).toBeGreaterThan(1);
  });
});

describe('issue 28 item 7: library TypeErrors', () => {
  it('sparse mask rows are a MazeError in generate, fitMask and steps', () => {
    // eslint-disable-next-line no-sparse-arrays
    const sparse = [, '...'] as unknown as string[];
    for (const call of [() => generate({ mask: sparse }), () => fitMask(sparse), () => steps({ mask: sparse })]) {
      const error = mazeError(call);
      expect(error.option).toBe('mask');
      expect(error.message).toMatch(/row 0 is missing \(a hole in the list\), not text$/);
    }
  });

  it("a shaped maze's shape is rebuilt from its name and size: a changed shape is a MazeError, a fake one cannot loop", async () => {
    const nulled = generate({ shape: 'hex', width: 5, height: 4, seed: 1 });
    (nulled as { shape: unknown }).shape = null;
    expect(mazeError(() => stats(nulled)).code).toBe('invalid-maze');
    // and the option at fault is the maze (it named none)
    expect(mazeError(() => stats(nulled)).option).toBe('maze');
    expect(mazeError(() => solve(null as never)).option).toBe('maze');
    const polar = generate({ shape: 'polar', width: 4, seed: 1 });
    const real = polar.shape;
    // a fake polar shape: its own name and size, and methods that would never end a drawing
    (polar as { shape: unknown }).shape = { name: 'polar', width: 4, height: 1, cellCount: real.cellCount, center: () => [NaN, NaN], neighbors: () => Infinity };
    const svg = Buffer.from(await render(polar, 'svg')).toString();
    (polar as { shape: unknown }).shape = real;
    expect(svg).toBe(Buffer.from(await render(polar, 'svg')).toString());
    (polar as { shape: unknown }).shape = { name: 'polar', width: 1e12, height: 1 };
    expect(mazeError(() => stats(polar)).message).toMatch(/^stats: its polar shape/);
  });

  it('a BigInt, a symbol or a cycle in a maze\'s fields is a MazeError, on every grid (a sweep: TypeError "Do not know how to serialize a BigInt")', async () => {
    const spoil: Record<string, (maze: Record<string, unknown>) => void> = {
      'a BigInt start': (m) => (m.start = [0n, 0]),
      'a BigInt solution': (m) => (m.solution = 5n),
      'a BigInt seed': (m) => (m.info = { ...(m.info as object), seed: 1n }),
      'a BigInt option': (m) => (m.info = { ...(m.info as object), options: { trunks: 1n } }),
      'a symbol start': (m) => (m.start = Symbol('start')),
      'a cycle in the options': (m) => {
        const options: Record<string, unknown> = {};
        options.self = options;
        m.info = { ...(m.info as object), options };
      },
    };
    for (const shape of ['square', 'hex'] as const) {
      for (const [what, change] of Object.entries(spoil)) {
        const maze = generate({ shape, width: 6, height: 4, seed: 1 } as never) as ReturnType<typeof generate>;
        change(maze as unknown as Record<string, unknown>);
        for (const call of [() => stats(maze), () => solve(maze)]) expect(mazeError(call).code, `${shape}: ${what}`).toBe('invalid-maze');
        await expect(render(maze, 'svg'), `${shape}: ${what}`).rejects.toBeInstanceOf(MazeError);
      }
    }
  });

  it('solve on a frozen maze returns the path and leaves the maze as it was', () => {
    for (const maze of [generate({ width: 6, height: 4, seed: 1 }), generate({ shape: 'hex', width: 5, height: 4, seed: 1 })]) {
      const path = solve(Object.freeze(maze));
      expect(path.length).toBeGreaterThan(1);
      expect(maze.solution).toBe(null);
    }
    const open = generate({ width: 6, height: 4, seed: 1 });
    expect(solve(open)).toEqual(open.solution);
  });
});

describe('issue 28 item 9: options are read as own properties only', () => {
  it('a polluted Object.prototype.shape does not turn generate() into a polar maze', () => {
    const proto = Object.prototype as Record<string, unknown>;
    proto.shape = 'polar';
    proto.solve = true;
    try {
      const maze = generate({ width: 5, height: 4, seed: 1 });
      expect(maze).toBeInstanceOf(Maze);
      expect(maze.solution).toBe(null);
      expect([...steps({ width: 3, height: 2, seed: 1 })][0]).toMatchObject({ type: 'grid', width: 3 });
    } finally {
      delete proto.shape;
      delete proto.solve;
    }
  });
});

describe('issue 29 item 8: library words', () => {
  it('farthestEnds, solve and stats work on every maze generate makes', () => {
    for (const shape of ['square', 'hex', 'triangle', 'polar'] as const) {
      const maze = shape === 'square' ? generate({ width: 6, height: 5, seed: 2 }) : generate({ shape, width: 5, ...(shape === 'polar' ? {} : { height: 4 }), seed: 2 });
      const ends = farthestEnds(maze);
      expect(solve(maze, ends).length).toBeGreaterThan(1);
      expect(stats(maze).perfect).toBe(true);
    }
  });

  it("'kruskall' lists all thirteen algorithms", () => {
    const names = algorithms.map((a) => a.name);
    expect(names).toHaveLength(13);
    const error = mazeError(() => generate({ algorithm: 'kruskall' as 'kruskal' }));
    for (const name of names) expect(error.message).toContain(name);
  });

  it("generate's solve has the command line's limit, raised by maxCells as solve's is", () => {
    const error = mazeError(() => generate({ algorithm: 'binary-tree', width: 5000, height: 5000, solve: true }));
    expect(error.code).toBe('too-large');
    expect(error.option).toBe('maxCells');
    expect(error.message).toBe('solve finds paths in mazes of at most 16000000 cells (memory), and 5000 × 5000 is 25000000; make the maze smaller or raise maxCells');
    expect(mazeError(() => generate({ shape: 'hex', width: 5000, height: 4000, solve: true })).option).toBe('maxCells');
    expect(mazeError(() => generate({ width: 5, maxCells: 10 })).message).toMatch(/^maxCells applies with solve: true/);
    expect(generate({ width: 5, height: 4, solve: true, maxCells: 20, seed: 1 }).solution).not.toBe(null);
  });

  it("the overloads are ordered so that generate({ algorithm: 'trees', width: '30' }) is reported against width (type-level)", () => {
    // TypeScript 7 has no compiler API: tsc on a probe file, in a project that extends the repository's settings
    const dir = tempDir();
    const source = `import { generate } from '${ROOT}src/lib/index.js';\ngenerate({ algorithm: 'trees', width: '30' });\nexport const g = generate({ shape: 'hex', width: 3, height: 2 }).shape;\nexport const m = generate({} as never).walls;\n`;
    writeFileSync(join(dir, 'probe.mts'), source);
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ extends: join(ROOT, 'tsconfig.json'), compilerOptions: { typeRoots: [join(ROOT, 'node_modules/@types')] }, include: [], files: ['probe.mts'] }));
    const run = spawnSync(join(ROOT, 'node_modules/.bin/tsc'), ['-p', dir, '--pretty', 'false'], { encoding: 'utf8' });
    expect(run.stdout.trim().split('\n').map((line) => line.replace(/^\S*probe\.mts/, 'probe.mts'))).toEqual([
      'probe.mts(2,32): error TS2769: No overload matches this call.',
      '  The last overload gave the following error.',
      "    Type 'string' is not assignable to type 'number'.",
    ]);
  });
});

const ffmpeg = externalTool('ffmpeg', 'apt-get install ffmpeg', '-version');

/** Every frame ffmpeg decodes, as RGBA pixels, in order. */
function decodeFrames(file: string): PNG[] {
  const dir = tempDir();
  const out = spawnSync('ffmpeg', ['-v', 'error', '-i', file, '-vsync', '0', '-pix_fmt', 'rgba', join(dir, 'f%04d.png')], { encoding: 'utf8' });
  expect(out.status, out.stderr).toBe(0);
  return readdirSync(dir).sort().map((f) => PNG.sync.read(readFileSync(join(dir, f))));
}

function colorCount(png: PNG): number {
  const seen = new Set<number>();
  for (let i = 0; i < png.data.length; i += 4) seen.add((png.data[i]! << 16) | (png.data[i + 1]! << 8) | png.data[i + 2]!);
  return seen.size;
}

function differingPixels(a: PNG, b: PNG): number {
  let n = 0;
  for (let i = 0; i < a.data.length; i += 4) if (a.data[i] !== b.data[i] || a.data[i + 1] !== b.data[i + 1] || a.data[i + 2] !== b.data[i + 2]) n++;
  return n;
}

describe.skipIf(ffmpeg.skip)('issue 29 item 4: GIF claims', () => {
  it('every GIF frame that needs at most 256 colors has the exact colors of the APNG frame, in a maze of over 256 colors', async () => {
    ffmpeg.require();
    const dir = tempDir();
    const args = ['gen', '--algo', 'trees', '--w', '200', '--h', '150', '--seed', '1', '--tile', '4', '--wall', '1', '--animate', '--frames', '40'];
    const [gif, apng] = await Promise.all([spawnMazeAsync([...args, '-o', join(dir, 'g.gif')]), spawnMazeAsync([...args, '-o', join(dir, 'g.png')])]);
    expect([gif.stderr, apng.stderr]).toEqual(['', '']);
    const gifFrames = decodeFrames(join(dir, 'g.gif'));
    const apngFrames = decodeFrames(join(dir, 'g.png'));
    expect(gifFrames).toHaveLength(41);
    const counts = apngFrames.map(colorCount);
    // the finished maze draws more than 256 colors (the 386), its early frames fewer
    expect(counts[40]).toBeGreaterThan(256);
    expect(counts.filter((c) => c <= 256).length, String(counts)).toBeGreaterThanOrEqual(2);
    counts.forEach((count, i) => {
      if (count <= 256) expect(differingPixels(gifFrames[i]!, apngFrames[i]!), `frame ${i}, ${count} colors`).toBe(0);
      else expect(colorCount(gifFrames[i]!)).toBeLessThanOrEqual(256);
    });
  });

  it('the growth frames\' delays add up to --duration, the rounding spread, and the held frame keeps its 2 s', async () => {
    ffmpeg.require();
    const file = join(tempDir(), 'd.gif');
    const run = await spawnMazeAsync(['gen', '--w', '6', '--h', '4', '--seed', '1', '--tile', '4', '--wall', '1', '--animate', '-o', file]);
    expect(run.stderr).toBe('');
    const probe = spawnSync('ffprobe', ['-v', 'error', '-show_entries', 'frame=pkt_duration', '-of', 'csv=p=0', file], { encoding: 'utf8' });
    const delays = probe.stdout.trim().split('\n').map(Number);
    expect(delays).toHaveLength(151);
    // 150 frames over 8 s: 5 and 6 hundredths, 800 in all (once 150 × 5 = 7.5 s)
    expect(delays.slice(0, 150).reduce((a, b) => a + b, 0)).toBe(800);
    expect(new Set(delays.slice(0, 150))).toEqual(new Set([5, 6]));
    expect(delays[150]).toBe(200);
  });
});

describe('issue 28 item 9: small ones', () => {
  it('--fps with an animated file, and --pov-maze with --animate, are refused as options that do nothing', async () => {
    const dir = tempDir();
    for (const [flags, message] of [
      [['--fps', 'NaN'], '--fps applies to the live view, not to gif: a file\'s frames last --duration / --frames each'],
      [['--fps', '30'], '--fps applies to the live view, not to gif: a file\'s frames last --duration / --frames each'],
      [['--pov-maze', 'sdl'], '--pov-maze sdl writes a POV-Ray scene, not an animated gif: use -o FILE.pov or --format pov, without --animate'],
    ] as const) {
      const run = await spawnMazeAsync(['gen', '--w', '4', '--h', '3', '--animate', ...flags, '-o', join(dir, 'a.gif')]);
      expect(run.stderr).toBe(`maze: error: ${message}\n`);
      expect(run.code).toBe(2);
    }
    expect(readdirSync(dir)).toEqual([]);
  });

  it('the animated SVG replays every frame before its first piece, so the temporary file (and its signal handler) comes after the long part', () => {
    for (const shaped of [false, true]) {
      let ticks = 0;
      const tick = (): void => void ticks++;
      const pieces = shaped
        ? svgFormat.animateGraph({ ...recordGraphGrowth(specFromOptions({ shape: 'hex', width: 6, height: 5 }).spec, '1'), frames: 9, duration: 1, tick }, DEFAULT_RENDER_OPTIONS)
        : svgFormat.animate({ ...recordSteps(specFromOptions({ width: 6, height: 5 }).spec, '1'), frames: 9, duration: 1, tick }, DEFAULT_RENDER_OPTIONS);
      const iterator = (pieces as Iterable<string>)[Symbol.iterator]();
      expect(String(iterator.next().value)).toMatch(/^<\?xml|^<svg/);
      expect(ticks).toBe(9);
    }
  });

  it('row algorithms\' steps stream at any height: steps() takes 10 × 20 000 000 (past the 10⁸ cells of a whole maze)', () => {
    let n = 0;
    for (const step of steps({ algorithm: 'eller', width: 10, height: 20_000_000, seed: 1 })) {
      if (++n === 1) expect(step).toMatchObject({ type: 'grid', height: 20_000_000 });
      if (n > 500) break;
    }
    expect(n).toBe(501);
    expect(mazeError(() => steps({ algorithm: 'kruskal', width: 10, height: 20_000_000 })).code).toBe('too-large');
  });

  it('a shaped picture over 2^28 pixels is refused saying --max-pixels does not raise it', async () => {
    const run = await spawnMazeAsync(['gen', '--shape', 'hex', '--w', '3000', '--h', '3000', '--max-pixels', '99999999999', '-o', join(tempDir(), 'h.png')]);
    expect(run.stderr).toMatch(/over the limit of 268435456 pixels for non-square shapes \(drawn whole in memory, a byte a pixel, so --max-pixels does not raise it\)/);
    expect(run.code).toBe(2);
  });
});

/** Poll `test` until it holds, for at most 10 s. */
async function until(test: () => boolean, what: string): Promise<void> {
  const end = Date.now() + 10_000;
  while (!test()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

describe.skipIf(!tmuxFound && !IN_CI)('issue 28 item 9: the live view after an outside SIGSTOP and SIGCONT', () => {
  it('goes on drawing when continued in the background of a shell, not stopped again until fg', async () => {
    const server = new TmuxServer('sigcont');
    let pid = 0;
    try {
      server.tmux('-f', '/dev/null', 'new-session', '-d', '-x', '100', '-y', '40', '-c', ROOT, 'env', 'PS1=$ ', 'bash', '--norc', '--noprofile', '-i');
      await server.until((screen) => screen.includes('$'), 'the prompt');
      // a seed no other test uses, to find the process by
      server.keys([process.execPath, BIN, 'gen', '--animate', '--w', '20', '--h', '10', '--seed', '28090917', '--duration', '60'].map(quote).join(' '), 'Enter');
      await server.until((screen) => screen.includes('growing…'), 'the growth');
      const found = spawnSync('pgrep', ['-f', '--', 'cli.js gen --animate .* 28090917'], { encoding: 'utf8' }).stdout.trim().split('\n');
      expect(found).toHaveLength(1);
      pid = Number(found[0]);
      // never 0 or NaN: process.kill(0) would stop this test's own process group
      expect(Number.isInteger(pid) && pid > 1).toBe(true);
      const state = (): string => readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '')[0]!;
      process.kill(pid, 'SIGSTOP');
      await until(() => state() === 'T', 'the stop');
      const stopped = server.screen();
      process.kill(pid, 'SIGCONT');
      // drawing again: a later moment of the growth, with the job running (once it stopped again at SIGTTOU)
      await server.until((screen) => screen.includes('growing…') && screen !== stopped && state() !== 'T', 'the growth going on', 20_000);
      await sleep(300);
      expect(state()).not.toBe('T');
    } finally {
      if (pid > 1) process.kill(pid, 'SIGKILL');
      server.kill();
    }
  });
});

describe("the page's game checks what it is given, as the library does (user sweep: a million monsters placed 39 978, a NaN delay and a null maze went through)", () => {
  it('a MazeError naming the option for bad monsters, delay, seed or maze; good values start the game as before', async () => {
    const { game } = await import('../src/lib/browser.js');
    const maze = generate({ algorithm: 'kruskal', width: 40, height: 30, seed: 1 });
    const refusals: [unknown[], string, RegExp][] = [
      [[maze, 1e6, '1'], 'monsters', /^monsters must be from 0 to 1000, got 1000000$/],
      [[maze, Infinity, '1'], 'monsters', /whole number from 0 to 1000/],
      [[maze, 'lots', '1'], 'monsters', /^monsters must be auto or a whole number from 0 to 1000, got 'lots'$/],
      [[maze, 2.5, '1'], 'monsters', /whole number/],
      [[maze, 3, '1', -5], 'monsterDelay', /^monsterDelay must be from 10 to 60000, got -5$/],
      [[maze, 3, '1', Number.NaN], 'monsterDelay', /got NaN/],
      [[maze, 3, ''], 'seed', /seed must be a safe integer or non-blank text/],
    ];
    for (const [args, option, message] of refusals) {
      for (const start of [game.startGame, game.startAnyGame] as ((...a: unknown[]) => unknown)[]) {
        const error = (() => {
          try {
            start(...args);
          } catch (e) {
            return e;
          }
          return null;
        })();
        expect(error, `${option} ${String(args[1])}`).toBeInstanceOf(MazeError);
        expect((error as MazeError).option).toBe(option);
        expect((error as MazeError).message).toMatch(message);
      }
    }
    expect(() => game.startAnyGame(null as never, 'auto', '1')).toThrow(MazeError);
    // good values: the game maze play starts, monsters and all
    const { startGame } = await import('../src/game/rules.js');
    const mine = game.startGame(maze, 4, '1', 300);
    const theirs = startGame(maze, 4, '1', 300);
    expect(mine.monsters).toEqual(theirs.monsters);
    expect([mine.x, mine.y, mine.exit]).toEqual([theirs.x, theirs.y, theirs.exit]);
  });
});

describe('a sweep of the library (2026-11-27)', () => {
  it('solve returns a path of its own: changing it leaves the maze drawable (it was the array the maze stores)', async () => {
    const maze = generate({ width: 5, height: 4, seed: 1 });
    const path = solve(maze);
    path.reverse();
    path[0]![0] = 99;
    expect(maze.solution![0]).toEqual([0, 0]);
    await expect(render(maze, 'svg')).resolves.toBeInstanceOf(Uint8Array);
  });

  it('reads no option from Object.prototype when none is given (an inherited tile broke every PNG, an inherited method made solve return a report)', async () => {
    const maze = generate({ width: 5, height: 4, seed: 1 });
    const plain = await render(maze, 'png');
    const proto = Object.prototype as Record<string, unknown>;
    try {
      proto.tile = 1;
      proto.method = 'tremaux';
      expect(Buffer.from(await render(maze, 'png')).equals(Buffer.from(plain))).toBe(true);
      expect(Array.isArray(solve(maze))).toBe(true);
    } finally {
      delete proto.tile;
      delete proto.method;
    }
  });

  it('parse names parseAny for a maze it does not read, and a weave as what it is ("a maze on a square grid; this reads square mazes only")', async () => {
    const { parse } = await import('../src/lib/index.js');
    const weave = new TextDecoder().decode(await render(generate({ width: 6, height: 5, weave: 0.5, seed: 1 }), 'json'));
    expect(() => parse(weave)).toThrow(/a maze on a square grid with a weave, wrap or levels; this reads plain square mazes only \(parseAny reads every grid\)$/);
  });

  it("parse and parseAny name `maze` as the option at fault for every text they refuse (it was undefined)", async () => {
    const { parse, parseAny } = await import('../src/lib/index.js');
    for (const read of [parse, parseAny]) {
      for (const text of ['', 'null', '{}', '\u0000{}', '{"width": 2}', 5 as never]) {
        let error: unknown;
        try {
          read(text);
        } catch (e) {
          error = e;
        }
        expect(error, String(text)).toBeInstanceOf(MazeError);
        expect((error as MazeError).option, String(text)).toBe('maze');
      }
    }
  });

  it('speaks no command its user has not got: a zones maze as STL is refused without "play it with maze play", which the command line keeps', async () => {
    const zones = generate({ algorithm: 'zones', width: 8, height: 6, seed: 1 });
    const error = (await render(zones, 'stl').catch((e: unknown) => e)) as MazeError;
    expect(error).toBeInstanceOf(MazeError);
    expect(error.message).toMatch(/draw it as png, svg, pdf or pov$/);
    expect(error.wordedFor((name) => `--${name}`)).toMatch(/, or play it with maze play$/);
  });

  it("book refuses a symbol, an object or a BigInt as a shape or a section in a MazeError, not a TypeError", async () => {
    const { book } = await import('../src/lib/book.js');
    for (const options of [{ count: 1, shape: Symbol('s') }, { count: 1, shape: [Symbol('s')] }, { sections: [10n] }]) {
      const error = await book(options as never).catch((e: unknown) => e);
      expect(error, String(Object.keys(options))).toBeInstanceOf(MazeError);
    }
  });
});
