/**
 * Issue 33, steps on topologies ("every algorithm that carves through the
 * grid, every solver, stats, braid, ends and steps work through it"):
 * `steps()` tells the growth of a maze with levels, a weave or a wrap. Its
 * grid step records the topology as the maze's JSON does (wrap, levels,
 * crossings), and both the tests' own replay and the library's Replay end
 * on the maze `generate` makes.
 */
import { describe, expect, it } from 'vitest';
import { algorithms } from '../src/algorithms/index.js';
import { generate, Replay, replaySteps, steps } from '../src/lib/api.js';
import type { Step } from '../src/lib/api.js';
import { render } from '../src/lib/index.js';
import { GraphMaze } from '../src/grid/graph-maze.js';
import { forcedPassages, TopologyShape } from '../src/grid/topology.js';
import { replaySteps as replaySquareSteps } from '../src/model/replay.js';
import { replay } from './step-replay.js';

const CARVERS = algorithms.filter((a) => a.carve !== undefined).map((a) => a.name);

type Options = Parameters<typeof generate>[0];

const TOPOLOGIES: [string, Record<string, unknown>][] = [
  ['3 levels', { levels: 3, width: 6, height: 4 }],
  ['hex levels', { shape: 'hex', levels: 2, width: 6, height: 5 }],
  ['a weave', { weave: 0.6, width: 9, height: 8 }],
  ['a hex weave', { shape: 'hex', weave: 0.6, width: 9, height: 8 }],
  ['a torus', { wrap: 'xy', width: 6, height: 5 }],
  ['a cylinder', { wrap: 'x', width: 6, height: 5 }],
  ['a woven torus on levels', { wrap: 'xy', weave: 0.5, levels: 2, width: 8, height: 7 }],
];

/** The maze's JSON, its made-by fields (which a replay does not know) left out. */
async function mazeJson(maze: unknown): Promise<string> {
  const text = new TextDecoder().decode(await render(maze as Parameters<typeof render>[0], 'json'));
  return text.replace(/^ {2}"(algorithm|seed|options)": .*\n/gm, '');
}

describe('steps() on topologies (issue 33)', () => {
  it.each(TOPOLOGIES.flatMap(([what, topology]) => CARVERS.map((algorithm) => [what, algorithm, topology] as const)))('%s by %s: the steps replay to the generated maze', async (_what, algorithm, topology) => {
    // a torus has no border to open (refused)
    const options = { ...topology, algorithm, seed: 5, braid: 0.2, ends: 'farthest', openings: topology.wrap !== 'xy', solve: true } as unknown as Options;
    const maze = generate(options) as unknown as GraphMaze;
    expect(maze).toBeInstanceOf(GraphMaze);
    const told = [...steps(options as Parameters<typeof steps>[0])];
    // the grid step records the topology as the JSON does
    const json = JSON.parse(await mazeJson(maze)) as Record<string, unknown>;
    const grid = told[0]!;
    expect(grid).toEqual({ type: 'grid', ...(json.shape === 'square' ? {} : { shape: json.shape }), width: json.width, height: json.height, walls: 'closed', ...Object.fromEntries(['wrap', 'levels', 'crossings'].filter((k) => json[k] !== undefined).map((k) => [k, json[k]])) });
    // the tests' own replay, over the maze's shape
    const replayed = replay(told, maze);
    expect(Buffer.from(replayed.passages).equals(Buffer.from(maze.passages))).toBe(true);
    expect(replayed.start).toEqual(maze.start);
    expect(replayed.end).toEqual(maze.end);
    expect(replayed.path).toEqual(maze.solution);
    // and the library's, which makes the grid from the step alone
    expect(await mazeJson(replaySteps(told).maze)).toBe(await mazeJson(maze));
  });

  it("a crossing's bridge and tunnel are the starting grid's: no passage step opens them", () => {
    const options = { weave: 1, width: 12, height: 10, seed: 4, algorithm: 'kruskal' } as unknown as Options;
    const shape = (generate(options) as unknown as GraphMaze).shape as TopologyShape;
    expect(shape.crossings.length).toBeGreaterThan(3);
    const forced = new Set(forcedPassages(shape).flatMap(([a, b]) => [`${a}-${b}`, `${b}-${a}`]));
    const told = [...steps(options as Parameters<typeof steps>[0])];
    for (const step of told) {
      if (step.type !== 'passage') continue;
      const cell = shape.cellAt(step.x, step.y);
      expect(forced.has(`${cell}-${shape.neighbor(cell, step.slot)}`), JSON.stringify(step)).toBe(false);
    }
    // and the library's replay has them open at the grid step already
    const replay = new Replay();
    replay.apply(told[0]!);
    const start = replay.maze as GraphMaze;
    for (const [a, b] of forcedPassages(shape)) expect([a, b, start.isOpen(a, shape.slotTo(a, b))]).toEqual([a, b, true]);
  });

  it('a masked maze of levels: the grid step carries every level\'s cells, level after level', async () => {
    const mask = ['XX......', '........', '......XX', '........'];
    const options = { levels: 2, mask, algorithm: 'wilson', seed: 3 } as unknown as Options;
    const maze = generate(options) as unknown as GraphMaze;
    const told = [...steps(options as Parameters<typeof steps>[0])];
    const grid = told[0] as Extract<Step, { type: 'grid' }>;
    expect([grid.mask!.width, grid.mask!.height]).toEqual([8, 8]);
    expect(Buffer.from(grid.mask!.cells).equals(Buffer.from(maze.mask!))).toBe(true);
    expect(await mazeJson(replaySteps(told).maze)).toBe(await mazeJson(maze));
  });

  it('a grid step with a topology is checked as the JSON reader checks one, each refusal one line naming the step', () => {
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ levels: 99 }, /^step 0: "levels" must be a whole number from 2 to 64, got 99$/],
      [{ levels: 1.5 }, /^step 0: "levels" must be a whole number from 2 to 64, got 1\.5$/],
      [{ wrap: 'z' }, /^step 0: "wrap" must be x, y, xy, got 'z'$/],
      [{ wrap: 'x', width: 2 }, /^step 0: a wrapped way must be at least 3 cells long: "wrap" x on 2 × 4$/],
      [{ shape: 'hex', wrap: 'x' }, /^step 0: "wrap" is for square grids, not hex$/],
      [{ shape: 'triangle', levels: 2 }, /^step 0: "levels", "crossings" and "wrap" are for square and hex grids, not triangle$/],
      [{ crossings: [[0, 1, 0, 1]] }, /^step 0: "crossings" item 0: \[0,1\] is on the rim/],
      [{ crossings: [[1, 1, 0, 1], [2, 2, 0, 1]] }, /^step 0: "crossings" item 1: \[2,2\] touches another crossing$/],
      [{ crossings: [[1, 1, 0, 0]] }, /^step 0: "crossings" item 0: its axes must be two different ones of 0 to 1, got 0 and 0$/],
      [{ crossings: 'x' }, /^step 0: "crossings" must be a list of \[x, y, over, under\], got 'x'$/],
      [{ levels: 64, width: 2000, height: 2000 }, /^step 0: a square grid of 2000 × 2000 × 64 levels has 256000000 cells, over the limit/],
    ];
    for (const [fields, message] of bad) {
      const step = { type: 'grid', width: 5, height: 4, walls: 'closed', ...fields } as unknown as Step;
      expect(() => replaySteps([step]), JSON.stringify(fields)).toThrow(message);
    }
    // a stair is a side a passage step may open, where a level is above
    const up = replaySteps([{ type: 'grid', width: 2, height: 1, walls: 'closed', levels: 2 } as unknown as Step, { type: 'passage', x: 0, y: 0, slot: 4 }]);
    expect([...(up.maze as GraphMaze).passages]).toEqual([16, 0, 32, 0]);
    expect(() => replaySteps([{ type: 'grid', width: 2, height: 1, walls: 'closed', levels: 2 } as unknown as Step, { type: 'passage', x: 0, y: 1, slot: 4 }])).toThrow(/^step 1: a passage's slot must be a side of cell 0,1/);
  });

  it("the model's square replayer (the animations', the terminal's) says it holds no topology, rather than drawing a square maze", () => {
    const told = steps({ levels: 2, width: 3, height: 3, seed: 1 } as unknown as Parameters<typeof steps>[0]);
    expect(() => replaySquareSteps(told)).toThrow(/^step 0: the steps of a square grid with levels, a weave or a wrap open passages between its cells; this replay holds square mazes \(walls\)/);
  });
});
