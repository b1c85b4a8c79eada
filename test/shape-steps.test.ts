/**
 * Issue 30 item 2, steps for every shape: `steps()` on hex, triangle and
 * polar grids tells the growth, and the test's own replay of it (not the
 * production replayer) ends on the maze `generate` makes: the same
 * passages, mask, ends and path.
 */
import { describe, expect, it } from 'vitest';
import { algorithms } from '../src/algorithms/index.js';
import { generate, replaySteps, steps } from '../src/lib/api.js';
import { render } from '../src/lib/index.js';
import { GraphMaze } from '../src/grid/graph-maze.js';
import { replay } from './step-replay.js';
import { replaySteps as replaySquareSteps } from '../src/model/replay.js';
import type { GraphShapeName } from '../src/grid/shape.js';

const CARVERS = algorithms.filter((a) => a.carve !== undefined).map((a) => a.name);

describe('steps() on every shape (issue 30 item 2)', () => {
  it.each((['hex', 'triangle', 'polar'] as GraphShapeName[]).flatMap((shape) => CARVERS.map((algorithm) => [shape, algorithm] as const)))('a %s maze by %s: the steps replay to the generated maze', (shape, algorithm) => {
    const options = { shape, algorithm, width: shape === 'polar' ? 5 : 9, ...(shape === 'polar' ? {} : { height: 6 }), seed: 11, braid: 0.3, ends: 'farthest', openings: true, solve: true } as unknown as Parameters<typeof generate>[0];
    const maze = generate(options) as unknown as GraphMaze;
    const told = [...steps(options as Parameters<typeof steps>[0])];
    expect(told.filter((s) => s.type === 'grid')).toEqual([{ type: 'grid', shape, width: maze.width, height: maze.height, walls: 'closed' }]);
    const replayed = replay(told, maze);
    expect(Buffer.from(replayed.passages).equals(Buffer.from(maze.passages))).toBe(true);
    expect(replayed.start).toEqual(maze.start);
    expect(replayed.end).toEqual(maze.end);
    expect(replayed.path).toEqual(maze.solution);
    // the same again: an iterable makes the same steps each time
    expect([...steps(options as Parameters<typeof steps>[0])]).toEqual(told);
  });

  it('a masked hex maze: the grid step carries the cells in the maze, and no passage touches the others', () => {
    const disc = Array.from({ length: 9 }, (_, y) => Array.from({ length: 9 }, (_, x) => ((x - 4) ** 2 + (y - 4) ** 2 <= 16 ? '.' : 'X')).join(''));
    const options = { shape: 'hex', algorithm: 'wilson', mask: disc, seed: 2 } as unknown as Parameters<typeof generate>[0];
    const maze = generate(options) as unknown as GraphMaze;
    const told = [...steps(options as Parameters<typeof steps>[0])];
    const replayed = replay(told, maze);
    expect(replayed.mask).not.toBeNull();
    expect(Buffer.from(replayed.mask!).equals(Buffer.from(maze.mask!))).toBe(true);
    expect(Buffer.from(replayed.passages).equals(Buffer.from(maze.passages))).toBe(true);
  });

  it('the model\'s square replayer (the animations\', the terminal\'s) says it does not hold a shaped grid, rather than drawing a square one', () => {
    const told = steps({ shape: 'hex', algorithm: 'kruskal', width: 3, height: 3, seed: 1 } as unknown as Parameters<typeof steps>[0]);
    expect(() => replaySquareSteps(told)).toThrow(/step 0: a 'hex' grid's steps open passages between its cells; this replay holds square mazes/);
  });
});

/** A disc of '.' in a 9 × 9 square of 'X': a hex grid's mask. */
const DISC = Array.from({ length: 9 }, (_, y) => Array.from({ length: 9 }, (_, x) => ((x - 4) ** 2 + (y - 4) ** 2 <= 16 ? '.' : 'X')).join(''));

describe('issue 30, one replay: the library\'s Replay replays every grid', () => {
  const cases: [string, Record<string, unknown>][] = [
    ['hex', { shape: 'hex', algorithm: 'backtracker', width: 9, height: 6, seed: 4, braid: 0.3, ends: 'farthest', openings: true, solve: true }],
    ['triangle', { shape: 'triangle', algorithm: 'wilson', width: 10, height: 5, seed: 5, solve: true }],
    ['polar', { shape: 'polar', algorithm: 'prim', width: 6, seed: 6, openings: true, solve: true }],
    ['masked hex', { shape: 'hex', algorithm: 'wilson', mask: DISC, seed: 2, ends: 'farthest', openings: true, solve: true }],
    ['masked polar', { shape: 'polar', algorithm: 'kruskal', mask: DISC, width: 5, seed: 3, solve: true }],
  ];
  it.each(cases)('replaySteps(steps(%s)) ends on the generated maze, byte for byte in JSON', async (_, options) => {
    const maze = generate(options as Parameters<typeof generate>[0]) as unknown as GraphMaze;
    const replay = replaySteps(steps(options as Parameters<typeof steps>[0]));
    expect(replay.maze).toBeInstanceOf(GraphMaze);
    expect(replay.head).toBeNull();
    expect(replay.marks.every((m) => m === 0)).toBe(true);
    replay.maze.info = maze.info; // the caption (seed, algorithm) is no step
    const [a, b] = await Promise.all([render(replay.maze, 'json'), render(maze, 'json')]);
    expect(Buffer.from(a).toString()).toBe(Buffer.from(b).toString());
  });

  it('a Replay one step at a time marks cells by their number on the shape, and a square grid step after a shaped one makes a square maze again', () => {
    const options = { shape: 'polar', algorithm: 'backtracker', width: 3, seed: 1 } as unknown as Parameters<typeof steps>[0];
    const all = [...steps(options)];
    const replay = replaySteps(all.slice(0, all.findIndex((s) => s.type === 'head') + 1));
    const head = replay.head!;
    const maze = replay.maze as GraphMaze;
    expect(maze.shape.cellAt(head[0], head[1])).toBeGreaterThanOrEqual(0);
    expect(replay.marks.length).toBe(maze.cellCount);
    replay.apply({ type: 'grid', width: 2, height: 2, walls: 'closed' });
    expect(replay.maze).not.toBeInstanceOf(GraphMaze);
    expect(replay.marks.length).toBe(4);
  });
});
