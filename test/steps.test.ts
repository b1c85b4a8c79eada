/**
 * Steps (SPEC "Watching a maze grow"): every algorithm's steps, replayed
 * from the starting grid, give exactly the maze makeMaze gives — walls,
 * colors, palette, ends, doors, keys and solution — with the modifiers
 * too. The replay here is written again from the step types alone, not
 * taken from src/model/replay.ts, so that a bug shared by the production
 * replayer and the steps cannot hide; the production replayer is then held
 * to the same maze, byte for byte in JSON.
 */
import { describe, expect, it } from 'vitest';
import { algorithms } from '../src/algorithms/index.js';
import json from '../src/formats/json.js';
import { DEFAULT_RENDER_OPTIONS } from '../src/formats/types.js';
import type { Door, Key, Maze, Point } from '../src/model/maze.js';
import { replaySteps } from '../src/model/replay.js';
import type { Step } from '../src/model/steps.js';
import { StepLog } from '../src/model/steps.js';
import { makeMaze, mazeSteps, specFromOptions } from '../src/lib/spec.js';
import { collect } from './helpers.js';

/** What the steps leave, kept the plain way: a flag and a color per wall, by "x,y,side". */
interface Replayed {
  width: number;
  height: number;
  walls: Map<string, { active: boolean; color: number }>;
  palette: number[];
  start: Point | null;
  end: Point | null;
  doors: Door[];
  keys: Key[];
  solution: Point[];
  marked: Set<string>;
  head: Point | null;
}

function replayHere(steps: Iterable<Step>): Replayed {
  let r: Replayed | null = null;
  for (const step of steps) {
    if (step.type === 'grid') {
      const walls = new Map<string, { active: boolean; color: number }>();
      const { width: w, height: h } = step;
      for (let y = 0; y <= h; y++) {
        for (let x = 0; x <= w; x++) {
          if (x < w) walls.set(`${x},${y},top`, { active: step.walls === 'closed' || y === 0 || y === h, color: 0 });
          if (y < h) walls.set(`${x},${y},left`, { active: step.walls === 'closed' || x === 0 || x === w, color: 0 });
        }
      }
      r = { width: w, height: h, walls, palette: [0xffffff], start: null, end: null, doors: [], keys: [], solution: [], marked: new Set(), head: null };
      continue;
    }
    if (!r) throw new Error(`a ${step.type} step before the grid`);
    switch (step.type) {
      case 'color':
        expect(step.index).toBeLessThanOrEqual(r.palette.length);
        r.palette[step.index] = step.rgb;
        break;
      case 'wall': {
        const key = `${step.x},${step.y},${step.side}`;
        const wall = r.walls.get(key);
        if (!wall) throw new Error(`no wall ${key} on a ${r.width} × ${r.height} grid`);
        expect(step.color).toBeLessThan(r.palette.length); // announced before use
        wall.active = step.active;
        if (step.active) wall.color = step.color;
        break;
      }
      case 'cell':
        expect(step.x >= 0 && step.x < r.width && step.y >= 0 && step.y < r.height).toBe(true);
        if (step.mark === 'none') r.marked.delete(`${step.x},${step.y}`);
        else r.marked.add(`${step.x},${step.y}`);
        break;
      case 'head':
        expect(step.x >= 0 && step.x < r.width && step.y >= 0 && step.y < r.height).toBe(true);
        r.head = [step.x, step.y];
        break;
      case 'clear':
        r.marked.clear();
        r.head = null;
        break;
      case 'ends':
        r.start = step.start;
        r.end = step.end;
        break;
      case 'door':
        r.doors.push({ x: step.x, y: step.y, side: step.side, key: step.key });
        break;
      case 'key':
        r.keys.push({ x: step.x, y: step.y, door: step.door });
        break;
      case 'path':
        r.solution.push([step.x, step.y]);
        break;
    }
  }
  if (!r) throw new Error('no steps');
  return r;
}

function expectSameMaze(r: Replayed, maze: Maze): void {
  expect([r.width, r.height]).toEqual([maze.width, maze.height]);
  let differ = 0;
  for (let y = 0; y <= maze.height; y++) {
    for (let x = 0; x <= maze.width; x++) {
      if (x < maze.width) {
        const w = r.walls.get(`${x},${y},top`)!;
        if (w.active !== maze.hasTop(x, y) || w.color !== maze.topColorAt(x, y)) differ++;
      }
      if (y < maze.height) {
        const w = r.walls.get(`${x},${y},left`)!;
        if (w.active !== maze.hasLeft(x, y) || w.color !== maze.leftColorAt(x, y)) differ++;
      }
    }
  }
  expect(differ).toBe(0);
  expect(r.palette).toEqual(maze.palette);
  expect(r.start).toEqual(maze.start);
  expect(r.end).toEqual(maze.end);
  expect(r.doors).toEqual(maze.doors ?? []);
  expect(r.keys).toEqual(maze.keys ?? []);
  expect(r.solution).toEqual(maze.solution ?? []);
  // the last state is the still maze: nothing marked, no head
  expect(r.marked.size).toBe(0);
  expect(r.head).toBeNull();
}

const SIZES: [number, number][] = [[1, 1], [2, 3], [6, 4], [13, 9]];
const SEEDS = ['1', '7', 'steps'];

describe('steps replay to the maze generate makes', () => {
  for (const algorithm of algorithms) {
    it(algorithm.name, () => {
      for (const [width, height] of SIZES) {
        for (const seed of SEEDS) {
          const { spec } = specFromOptions({ algorithm: algorithm.name, width, height });
          const steps = [...mazeSteps(spec, seed)];
          expect(steps[0]).toEqual({ type: 'grid', width, height, walls: algorithm.startsFrom });
          expectSameMaze(replayHere(steps), makeMaze(spec, seed));
        }
      }
    });
  }

  const modifiers: [string, Record<string, unknown>][] = [
    ['braid', { braid: 0.6 }],
    ['openings and farthest ends', { openings: true, ends: 'farthest' }],
    ['random ends, from and to', { ends: 'random', to: [1, 2] }],
    ['solve', { solve: true }],
    ['solve, braid and openings', { solve: true, braid: 1, openings: true }],
  ];
  for (const [what, extra] of modifiers) {
    it(`with ${what}, every algorithm`, () => {
      for (const algorithm of algorithms) {
        if (algorithm.ownEnds && ('ends' in extra || 'to' in extra)) continue;
        for (const [width, height] of [[5, 4], [11, 7]] as const) {
          const { spec } = specFromOptions({ algorithm: algorithm.name, width, height, ...extra });
          expectSameMaze(replayHere(mazeSteps(spec, 'm')), makeMaze(spec, 'm'));
        }
      }
    });
  }

  it('zones: doors, keys and decoys, and the keyed search', () => {
    for (const seed of SEEDS) {
      for (const extra of [{}, { solve: true }, { solve: true, braid: 0.5 }]) {
        const { spec } = specFromOptions({ algorithm: 'zones', width: 16, height: 10, keys: 3, zones: 8, ...extra });
        const maze = makeMaze(spec, seed);
        expect(maze.doors!.some((d) => d.key !== null)).toBe(true);
        expectSameMaze(replayHere(mazeSteps(spec, seed)), maze);
      }
    }
  });

  it('trees: a color is announced before its first wall, and walls are only ever added', () => {
    const { spec } = specFromOptions({ algorithm: 'trees', width: 20, height: 12, islands: 2 });
    const steps = [...mazeSteps(spec, '3')];
    expect(steps.filter((s) => s.type === 'color').length).toBe(makeMaze(spec, '3').palette.length - 1);
    expect(steps.every((s) => s.type !== 'wall' || s.active)).toBe(true);
  });

  it('the production replayer ends on the same maze, byte for byte in JSON', async () => {
    for (const algorithm of algorithms) {
      const { spec } = specFromOptions({ algorithm: algorithm.name, width: 9, height: 6, solve: true });
      const maze = makeMaze(spec, '5');
      const replay = replaySteps(mazeSteps(spec, '5'));
      expect(replay.head).toBeNull();
      expect(replay.marks.every((m) => m === 0)).toBe(true);
      const [a, b] = await Promise.all([collect(json.render(replay.maze, DEFAULT_RENDER_OPTIONS)), collect(json.render(maze, DEFAULT_RENDER_OPTIONS))]);
      expect(a.toString()).toBe(b.toString());
    }
  });

  it("the library's replaySteps(steps(options)) writes generate(options)'s bytes in every format, what made it included (SPEC: byte for byte; its record of the algorithm, seed and options was missing)", async () => {
    const lib = await import('../src/lib/index.js');
    const cases: Record<string, unknown>[] = [
      { algorithm: 'trees', width: 8, height: 5, seed: 3 },
      { algorithm: 'kruskal', width: 8, height: 5, seed: 3, solve: true, ends: 'farthest', openings: true },
      { algorithm: 'eller', width: 8, height: 5, seed: 3 },
      { algorithm: 'zones', width: 10, height: 8, seed: 3, solve: true },
      { shape: 'hex', width: 6, height: 5, seed: 3, solve: true },
      { width: 6, height: 5, seed: 3, weave: 0.5, levels: 2, solve: true },
    ];
    for (const options of cases) {
      const made = lib.generate(options as never);
      const replayed = lib.replaySteps(lib.steps(options as never)).maze;
      expect(replayed.info, JSON.stringify(options)).toEqual(made.info);
      for (const format of ['json', 'png', 'svg', 'pov', 'pdf'] as const) {
        const [a, b] = await Promise.all([lib.render(replayed as never, format), lib.render(made, format)]);
        expect(Buffer.from(a).equals(Buffer.from(b)), `${format} ${JSON.stringify(options)}`).toBe(true);
      }
    }
    // a made step is checked as the others are
    expect(() => lib.replaySteps([{ type: 'grid', width: 2, height: 2, walls: 'border' }, { type: 'made', algorithm: 'kruskal', seed: 1, options: {} } as never])).toThrow(/step 1: a made step's algorithm and seed must be text/);
  });

  it('row algorithms stream their steps: the first row is told before the last is made', () => {
    for (const name of ['eller', 'sidewinder', 'binary-tree']) {
      // a height no whole maze may have: only streaming reaches its first rows
      const { spec } = specFromOptions({ algorithm: name, width: 4, height: 10 });
      let n = 0;
      for (const step of mazeSteps({ ...spec, height: 1_000_000_000 }, '1')) {
        if (++n > 200) break;
        expect(step.type === 'grid' || ('y' in step && step.y < 100)).toBe(true);
      }
      expect(n).toBe(201);
    }
  });

  it('a StepLog gives back the steps it was given', () => {
    const { spec } = specFromOptions({ algorithm: 'zones', width: 12, height: 8, solve: true });
    const steps = [...mazeSteps(spec, '2')];
    const log = new StepLog();
    for (const step of steps) log.push(step);
    expect(log.length).toBe(steps.length);
    expect([...log.steps()]).toEqual(steps);
    expect([...log.steps(5, 9)]).toEqual(steps.slice(5, 9));
  });
});
