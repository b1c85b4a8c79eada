/**
 * Issue 31 item 4: the analysis in `maze stats` and the library's
 * `analyze` (src/analysis/analyze.ts), on hand-made mazes whose figures
 * are counted by hand, and as properties over random mazes of every grid:
 * on a perfect maze every inner solution cell is a bottleneck, and on a
 * braided one a bottleneck is exactly a cell whose removal parts start
 * from end (checked by brute force).
 */
import { describe, expect, it } from 'vitest';
import { analyzeMaze } from '../src/analysis/analyze.js';
import { GraphMaze, makeShape } from '../src/grid/graph-maze.js';
import type { GraphShapeName } from '../src/grid/shape.js';
import { analyze, generate, stats } from '../src/lib/index.js';
import type { Point } from '../src/model/maze.js';
import { Maze } from '../src/model/maze.js';
import type { AnyMaze } from '../src/passages/view.js';
import { passagesOf } from '../src/passages/view.js';
import { runCli } from './helpers.js';

/** 3 × 3: the top row, a cross through the middle, and two tails. */
function handSquare(): Maze {
  const maze = Maze.closed(3, 3);
  for (const [ax, ay, bx, by] of [[0, 0, 1, 0], [1, 0, 2, 0], [1, 0, 1, 1], [1, 1, 0, 1], [1, 1, 2, 1], [1, 1, 1, 2], [1, 2, 0, 2], [2, 1, 2, 2]] as const) maze.carve(ax, ay, bx, by);
  return maze;
}

/** A shaped maze with the passages between the given cells (by coordinates) open. */
function handShape(name: GraphShapeName, width: number, height: number, links: [Point, Point][]): GraphMaze {
  const maze = new GraphMaze(makeShape(name, width, height));
  for (const [a, b] of links) maze.open(maze.cellAt(a), maze.cellAt(b));
  return maze;
}

/** Brute force: the cells but the ends whose removal leaves no path from start to end. */
function cutsByRemoval(maze: AnyMaze, start: Point, end: Point): number {
  const view = passagesOf(maze);
  const s = view.cellAt(start);
  const t = view.cellAt(end);
  const out = new Int32Array(view.maxDegree);
  const reaches = (removed: number): boolean => {
    const seen = new Uint8Array(view.size);
    const queue = [s];
    seen[s] = 1;
    if (removed >= 0) seen[removed] = 1;
    for (let i = 0; i < queue.length; i++) {
      const k = view.links(queue[i]!, out);
      for (let j = 0; j < k; j++) {
        const n = out[j]!;
        if (seen[n] === 0) {
          seen[n] = 1;
          queue.push(n);
        }
      }
    }
    return seen[t] === 1;
  };
  let cuts = 0;
  for (let c = 0; c < view.size; c++) if (view.isIn(c) && c !== s && c !== t && !reaches(c)) cuts++;
  return cuts;
}

describe('analysis in maze stats (issue 31 item 4)', () => {
  it('counts a hand-made square maze as by hand', () => {
    expect(analyzeMaze(handSquare(), [0, 0], [2, 2])).toEqual({
      turns: 2, straightCells: 0, straightaways: 0, longestStraightaway: 0,
      junctionsByDegree: { 3: 1, 4: 1 },
      deadEnds: 5, deadEndCells: 7, meanDeadEnd: 1.4, longestDeadEnd: 2,
      solutionLength: 5, elitism: 0.5556, decisionPoints: 2, solutionTurns: 3, falsePathCells: 4, bottlenecks: 3,
    });
  });

  it('a straight corridor goes straight on every grid, a bend turns', () => {
    const straight = (m: AnyMaze): [number, number] => {
      const a = analyzeMaze(m, [0, 0], [0, 0]);
      return [a.straightCells, a.turns];
    };
    // square: a row of three, then an L
    const row = Maze.closed(3, 1);
    row.carveEast(0, 0);
    row.carveEast(1, 0);
    expect(straight(row)).toEqual([1, 0]);
    const bend = Maze.closed(2, 2);
    bend.carve(0, 0, 1, 0);
    bend.carve(1, 0, 1, 1);
    expect(straight(bend)).toEqual([0, 1]);
    // hex: a column of three (north, south faces opposite); a bend of 60°
    expect(straight(handShape('hex', 1, 3, [[[0, 0], [0, 1]], [[0, 1], [0, 2]]]))).toEqual([1, 0]);
    expect(straight(handShape('hex', 2, 2, [[[0, 0], [0, 1]], [[0, 1], [1, 1]]]))).toEqual([0, 1]);
    // triangle: along the row goes straight; through the flat side turns
    expect(straight(handShape('triangle', 3, 1, [[[0, 0], [1, 0]], [[1, 0], [2, 0]]]))).toEqual([1, 0]);
    expect(straight(handShape('triangle', 2, 2, [[[1, 0], [0, 0]], [[0, 0], [0, 1]]]))).toEqual([0, 1]);
    // polar: out along a radius goes straight, from the ring onto the radius turns
    const polar = makeShape('polar', 3, 1);
    const centre = 0;
    const ring1 = polar.neighbor(centre, 0) >= 0 ? polar.pointOf(polar.neighbor(centre, 0)) : null;
    expect(ring1).not.toBeNull();
    const out = new Int32Array(polar.maxDegree);
    const c1 = polar.cellAt(...ring1!);
    const outward = [...out.subarray(0, polar.neighbors(c1, out))].filter((n) => polar.pointOf(n)[1] === 2);
    const along = [...out.subarray(0, polar.neighbors(c1, out))].filter((n) => polar.pointOf(n)[1] === 1);
    const radial = handShape('polar', 3, 1, [[polar.pointOf(centre), ring1!], [ring1!, polar.pointOf(outward[0]!)]]);
    expect(straight(radial)).toEqual([1, 0]);
    const corner = handShape('polar', 3, 1, [[polar.pointOf(along[0]!), ring1!], [ring1!, polar.pointOf(outward[0]!)]]);
    expect(straight(corner)).toEqual([0, 1]);
  });

  it('bottlenecks on a braided maze: the cells every path goes through', () => {
    // a loop on the left, a corridor out of it on the right: (1,1) and (2,1) cut, the loop's cells do not
    const maze = Maze.closed(3, 2);
    for (const [ax, ay, bx, by] of [[0, 0, 1, 0], [0, 0, 0, 1], [1, 0, 1, 1], [0, 1, 1, 1], [1, 1, 2, 1], [2, 1, 2, 0]] as const) maze.carve(ax, ay, bx, by);
    expect(analyzeMaze(maze, [0, 0], [2, 0]).bottlenecks).toBe(2);
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      for (const options of [{ width: 9, height: 7 }, { shape: 'hex', width: 7, height: 6 }, { shape: 'triangle', width: 9, height: 6 }, { shape: 'polar', width: 4 }] as const) {
        const m = generate({ ...options, algorithm: 'kruskal', seed, braid: 0.4 } as never) as AnyMaze;
        const s = stats(m);
        expect(s.bottlenecks, `${JSON.stringify(options)} ${seed}`).toBe(cutsByRemoval(m, s.start, s.end));
      }
    }
  });

  it('on perfect mazes of every grid: every inner solution cell a bottleneck, elitism and false paths add up', () => {
    for (const options of [{ width: 20, height: 12 }, { shape: 'hex', width: 12, height: 9 }, { shape: 'triangle', width: 14, height: 8 }, { shape: 'polar', width: 6 }, { width: 12, height: 8, mask: ['..XX........', '............', '....XXXX....', '............', '............', 'X..........X', '............', '......XX....'] }] as const) {
      for (const algorithm of ['backtracker', 'prim', 'kruskal'] as const) {
        const m = generate({ ...options, algorithm, seed: 9 } as never) as AnyMaze;
        const s = stats(m);
        const what = `${algorithm} ${JSON.stringify(options).slice(0, 40)}`;
        expect(s.perfect, what).toBe(true);
        expect(s.bottlenecks, what).toBe(s.solutionLength! - 2);
        expect(s.falsePathCells! + s.solutionLength!, what).toBe(s.cells);
        expect(s.elitism, what).toBeCloseTo(s.solutionLength! / s.cells, 4);
        expect(Object.values(s.junctionsByDegree).reduce((a, b) => a + b, 0), what).toBe(s.junctions);
        expect(s.turns + s.straightCells, what).toBe(s.corridors);
        expect(s.deadEndCells, what).toBeGreaterThanOrEqual(s.deadEnds);
        expect(analyze(m)).toMatchObject({ deadEnds: s.deadEnds, solutionLength: s.solutionLength, bottlenecks: s.bottlenecks });
      }
    }
  });

  it("a corridor with no junction, a dead end at both ends, counts its cells once in the dead ends' cells (a 1 × 10 maze had 20), and is each end's corridor", () => {
    for (const [width, height] of [[1, 10], [7, 1], [1, 2]] as const) {
      const s = stats(generate({ width, height, seed: 1 }) as AnyMaze);
      expect(s.deadEnds).toBe(2);
      expect(s.deadEndCells).toBe(width * height);
      expect(s.deadEndCells).toBeLessThanOrEqual(s.cells);
      expect([s.meanDeadEnd, s.longestDeadEnd]).toEqual([width * height, width * height]);
    }
  });

  it('maze stats prints the analysis in its table and its JSON', async () => {
    const json = JSON.stringify(JSON.parse(await (await import('../src/lib/index.js')).render(handSquare(), 'json').then((b) => Buffer.from(b).toString())));
    const table = await runCli(['stats', '-'], json);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^junctions by degree +3: 1, 4: 1 +passages: cells$/m);
    expect(table.stdout).toMatch(/^elitism +55\.6 % +solution cells over all cells$/m);
    expect(table.stdout).toMatch(/^bottlenecks +3 +cells every path from start to end goes through/m);
    const doc = JSON.parse((await runCli(['stats', '-', '--json'], json)).stdout) as Record<string, unknown>;
    expect(doc).toMatchObject({ decisionPoints: 2, elitism: 0.5556, deadEndCells: 7, junctionsByDegree: { 3: 1, 4: 1 } });
  });
});

describe('turns at a stair and at the polar centre, and random ends on a torus (a sweep of the figures against a brute force)', () => {
  const figures = async (doc: object): Promise<Record<string, number>> => {
    const run = await runCli(['stats', '-', '--json'], JSON.stringify(doc));
    expect(run.code, run.stderr).toBe(0);
    return JSON.parse(run.stdout) as Record<string, number>;
  };
  const turnsOf = (f: Record<string, number>): number[] => [f.turns!, f.straightCells!, f.straightaways!, f.solutionTurns!];

  it('a maze of levels and its mirror image turn alike: a stair and a way on the floor turn (a stair counted as the west side: 0 turns one way, 2 the other)', async () => {
    const east = await figures({ format: 'maze', version: 1, shape: 'square', width: 2, height: 1, levels: 2, passages: ['28', '28'], stairs: ['10', '20'] });
    const west = await figures({ format: 'maze', version: 1, shape: 'square', width: 2, height: 1, levels: 2, passages: ['28', '28'], stairs: ['01', '02'] });
    expect(turnsOf(east)).toEqual([2, 0, 0, 1]);
    expect(turnsOf(west)).toEqual(turnsOf(east));
  });

  it('the polar centre goes straight between two opposite cells of the first ring', async () => {
    const through = await figures({ format: 'maze', version: 1, shape: 'polar', width: 1, height: 1, passages: ['9', '400400'], start: [0, 1], end: [3, 1] });
    expect(turnsOf(through)).toEqual([0, 1, 1, 0]);
  });

  it('--ends random on a torus, which has no rim, picks two of its cells (it stored [null, null], which no command read back)', async () => {
    for (const [options, flags] of [[{}, []], [{ levels: 2 }, ['--levels', '2']], [{ weave: 0.5 }, ['--weave', '0.5']]] as const) {
      const maze = generate({ width: 6, height: 5, wrap: 'xy', ends: 'random', seed: 3, solve: true, ...options });
      for (const [x, y] of [maze.start!, maze.end!]) expect(Number.isInteger(x) && Number.isInteger(y), JSON.stringify(options)).toBe(true);
      expect(maze.start).not.toEqual(maze.end);
      // the command line's file reads back
      const read = await runCli(['stats', '-'], (await runCli(['gen', '--wrap', 'xy', '--w', '6', '--h', '5', ...flags, '--ends', 'random', '--seed', '3', '--solve', '-f', 'json'])).stdout);
      expect(read.code, `${flags.join(' ')}: ${read.stderr}`).toBe(0);
      expect(stats(maze).solutionLength).toBe(maze.solution!.length);
    }
  });
});
