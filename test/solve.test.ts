/**
 * The solver and the stats, against references written the slow, obvious
 * way: a breadth-first search over `canMove` with plain arrays for
 * distances, the unique path of a perfect maze by walking its tree, and
 * all-pairs distances for the longest path of small mazes.
 */
import { describe, expect, it } from 'vitest';
import { UsageError } from '../src/errors.js';
import { parseMaze } from '../src/formats/json.js';
import type { Direction, Point } from '../src/model/maze.js';
import { DX, DY, Maze } from '../src/model/maze.js';
import { shortestPath, solveMaze, toPoints } from '../src/passages/solve.js';
import { mazeStats } from '../src/passages/stats.js';
import { coloredWalls, generated } from './fixtures.js';
import { isPerfect } from './helpers.js';

const DIRECTIONS: Direction[] = [0, 1, 2, 3];

/** Steps from `from` to every cell (−1: unreachable), by a plain BFS over canMove. */
function distances(maze: Maze, [fx, fy]: Point): number[][] {
  const dist = Array.from({ length: maze.height }, () => new Array<number>(maze.width).fill(-1));
  dist[fy]![fx] = 0;
  let frontier: Point[] = [[fx, fy]];
  for (let d = 1; frontier.length > 0; d++) {
    const next: Point[] = [];
    for (const [x, y] of frontier) {
      for (const dir of DIRECTIONS) {
        if (!maze.canMove(x, y, dir)) continue;
        const [nx, ny] = [x + DX[dir], y + DY[dir]];
        if (dist[ny]![nx] !== -1) continue;
        dist[ny]![nx] = d;
        next.push([nx, ny]);
      }
    }
    frontier = next;
  }
  return dist;
}

/** Every step of `path` goes to a neighbor through an open wall. */
function expectWalkable(maze: Maze, path: Point[]): void {
  for (let i = 1; i < path.length; i++) {
    const [ax, ay] = path[i - 1]!;
    const [bx, by] = path[i]!;
    const dir = DIRECTIONS.find((d) => ax + DX[d] === bx && ay + DY[d] === by);
    expect(dir, `step ${i} from ${ax},${ay} to ${bx},${by} is to a neighbor`).toBeDefined();
    expect(maze.canMove(ax, ay, dir!), `step ${i} from ${ax},${ay} to ${bx},${by} through an open wall`).toBe(true);
  }
}

/** The unique path between two cells of a perfect maze: walk the tree from `from`, then back up from `to`. */
function treePath(maze: Maze, from: Point, to: Point): Point[] {
  const key = ([x, y]: Point): number => y * maze.width + x;
  const parent = new Map<number, Point | null>([[key(from), null]]);
  const stack: Point[] = [from];
  while (stack.length > 0) {
    const [x, y] = stack.pop()!;
    for (const dir of DIRECTIONS) {
      if (!maze.canMove(x, y, dir)) continue;
      const next: Point = [x + DX[dir], y + DY[dir]];
      if (parent.has(key(next))) continue;
      parent.set(key(next), [x, y]);
      stack.push(next);
    }
  }
  const path: Point[] = [];
  for (let at: Point | null | undefined = to; at; at = parent.get(key(at))) path.push(at);
  return path.reverse();
}

function randomCell(maze: Maze, n: number): Point {
  return [(n * 7919) % maze.width, (n * 104729) % maze.height];
}

describe('shortestPath', () => {
  const perfect: [string, Maze][] = [
    ['kruskal 23 × 17', generated('kruskal', 23, 17, 'k')],
    ['backtracker 31 × 9', generated('backtracker', 31, 9, 'b')],
    ['wilson 12 × 12', generated('wilson', 12, 12, 'w')],
    ['trees 20 × 14', generated('trees', 20, 14, 't')],
    ['binary-tree 1 × 9', generated('binary-tree', 1, 9, 'line')],
  ];

  it.each(perfect)('follows the unique path of a perfect maze: %s', (_name, maze) => {
    expect(isPerfect(maze)).toBe(true);
    for (let n = 0; n < 12; n++) {
      const from = randomCell(maze, n);
      const to = randomCell(maze, n + 5);
      const path = shortestPath(maze, from, to);
      expect(path).not.toBeNull();
      expect(toPoints(maze, path!)).toEqual(treePath(maze, from, to));
    }
  });

  const loopy: [string, Maze][] = [
    ['trees with 4 islands', generated('trees', 24, 16, 'isl', { islands: '4' })],
    ['an open room', new Maze(6, 5)],
    ['walls at random, in several parts', coloredWalls(15, 11, 2, 'parts', 0.45)],
  ];

  it.each(loopy)('is as short as a breadth-first search says, through open walls only: %s', (_name, maze) => {
    let found = 0;
    for (let n = 0; n < 30; n++) {
      const from = randomCell(maze, n);
      const to = randomCell(maze, 3 * n + 1);
      const dist = distances(maze, from)[to[1]]![to[0]]!;
      const path = shortestPath(maze, from, to);
      if (dist === -1) {
        expect(path).toBeNull();
        continue;
      }
      found++;
      const points = toPoints(maze, path!);
      expect(points.length).toBe(dist + 1);
      expect(points[0]).toEqual(from);
      expect(points[points.length - 1]).toEqual(to);
      expectWalkable(maze, points);
    }
    expect(found).toBeGreaterThan(5);
  });

  it('gives the one cell of a path from a cell to itself, and of a 1 × 1 maze', () => {
    expect(toPoints(generated('kruskal', 1, 1), shortestPath(generated('kruskal', 1, 1), [0, 0], [0, 0])!)).toEqual([[0, 0]]);
    const maze = generated('kruskal', 5, 5);
    expect(toPoints(maze, shortestPath(maze, [2, 3], [2, 3])!)).toEqual([[2, 3]]);
  });

  it('solveMaze stores start, end and the path, and names both cells when they do not connect', () => {
    const maze = generated('prim', 8, 6);
    solveMaze(maze, [7, 0], [0, 5]);
    expect(maze.start).toEqual([7, 0]);
    expect(maze.end).toEqual([0, 5]);
    expect(maze.solution![0]).toEqual([7, 0]);
    expect(maze.solution!.at(-1)).toEqual([0, 5]);

    const cut = Maze.closed(3, 2);
    cut.carveEast(0, 0);
    expect(() => solveMaze(cut, [0, 0], [2, 1])).toThrow(UsageError);
    expect(() => solveMaze(cut, [0, 0], [2, 1])).toThrow(/^no path from 0,0 to 2,1: walls cut them apart/);
    expect(cut.solution).toBeNull();
  });

  it('solves a maze whose path is a million cells long with no recursion', () => {
    // a path as long as the maze, far past any call stack (no wall-clock bound: speed is npm run bench's)
    const maze = serpentine(1000, 1000);
    const path = shortestPath(maze, [0, 0], [0, 999])!;
    expect(path.length).toBe(1_000_000);
    expectWalkable(maze, toPoints(maze, path.subarray(0, 2000)));
    expectWalkable(maze, toPoints(maze, path.subarray(path.length - 2000)));
  });
});

/** Every row a corridor, each joined to the next at alternate ends: one path through every cell, (0, 0) to the last row's far end. */
function serpentine(width: number, height: number): Maze {
  const maze = Maze.closed(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x + 1 < width; x++) maze.carveEast(x, y);
    if (y + 1 < height) maze.carveSouth(y % 2 === 0 ? width - 1 : 0, y);
  }
  return maze;
}

/** The longest shortest path between two cells, by a BFS from every cell: small mazes only. */
function diameter(maze: Maze): number {
  let best = 0;
  for (let y = 0; y < maze.height; y++) {
    for (let x = 0; x < maze.width; x++) {
      for (const row of distances(maze, [x, y])) best = Math.max(best, ...row);
    }
  }
  return best;
}

const HAND_3X3 = parseMaze(JSON.stringify({
  format: 'maze', version: 1, width: 3, height: 3,
  // +---+---+---+
  // |           |
  // +---+   +   +
  // |   |   |   |
  // +   +---+   +
  // |           |
  // +---+---+---+
  top: ['111', '100', '010', '111'],
  left: ['1001', '1111', '1001'],
  palette: ['#ffffff'],
}), 'hand 3 × 3');

const ROOM_AND_CELLS = parseMaze(JSON.stringify({
  format: 'maze', version: 1, width: 3, height: 2,
  // +---+---+---+
  // |       |   |
  // +   +   +---+
  // |       |   |
  // +---+---+---+
  top: ['111', '001', '111'],
  left: ['1011', '1011'],
  palette: ['#ffffff'],
}), 'room and two closed cells');

describe('mazeStats', () => {
  it('counts a 3 × 3 hand-made maze as by hand', () => {
    // openings: (0,0) 1, (1,0) 3, (2,0) 2 / (0,1) 1, (1,1) 1, (2,1) 2 / (0,2) 2, (1,2) 2, (2,2) 2
    expect(mazeStats(HAND_3X3, [0, 0], [2, 2])).toEqual({
      width: 3, height: 3, cells: 9, passages: 8,
      deadEnds: 3, corridors: 5, junctions: 1, closed: 0,
      components: 1, loops: 0, perfect: true,
      start: [0, 0], end: [2, 2],
      solutionLength: 5, // (0,0) (1,0) (2,0) (2,1) (2,2)
      longestPath: 8, // (0,1) (0,2) (1,2) (2,2) (2,1) (2,0) (1,0) (0,0)
      longestFrom: [0, 1], longestTo: [0, 0],
      keys: 0, doors: 0, lockedDoors: 0, decoys: 0,
    });
  });

  it('counts a room with a loop and two closed cells: three parts, no solution', () => {
    expect(mazeStats(ROOM_AND_CELLS, [0, 0], [2, 1])).toEqual({
      width: 3, height: 2, cells: 6, passages: 4,
      deadEnds: 0, corridors: 4, junctions: 0, closed: 2,
      components: 3, loops: 1, perfect: false,
      start: [0, 0], end: [2, 1],
      solutionLength: null,
      longestPath: 3,
      longestFrom: [1, 1], longestTo: [0, 0],
      keys: 0, doors: 0, lockedDoors: 0, decoys: 0,
    });
  });

  it('counts k loops in a trees maze with k islands, and none in perfect mazes', () => {
    for (const k of [0, 1, 3, 6]) {
      const stats = mazeStats(generated('trees', 30, 20, `k${k}`, { islands: String(k) }), [0, 0], [29, 19]);
      expect({ loops: stats.loops, components: stats.components, passages: stats.passages }).toEqual({ loops: k, components: 1, passages: 600 - 1 + k });
    }
    for (const name of ['kruskal', 'backtracker', 'eller', 'division']) {
      const stats = mazeStats(generated(name, 17, 13), [0, 0], [16, 12]);
      expect({ loops: stats.loops, components: stats.components, perfect: stats.perfect }).toEqual({ loops: 0, components: 1, perfect: true });
    }
  });

  it('adds up: every cell has 0 to 4 openings, and the openings are twice the passages', () => {
    for (const maze of [generated('kruskal', 19, 7), generated('trees', 15, 15, 'x', { islands: '3' }), coloredWalls(14, 9, 1, 'sum', 0.5), new Maze(4, 3)]) {
      const s = mazeStats(maze, [0, 0], [maze.width - 1, maze.height - 1]);
      expect(s.deadEnds + s.corridors + s.junctions + s.closed).toBe(s.cells);
      let openings = 0;
      for (let y = 0; y < maze.height; y++) {
        for (let x = 0; x < maze.width; x++) for (const dir of DIRECTIONS) openings += Number(maze.canMove(x, y, dir));
      }
      expect(openings).toBe(2 * s.passages);
    }
  });

  it('finds the exact longest path of perfect mazes, and a lower bound of the diameter with loops', () => {
    for (const [name, seed] of [['kruskal', 'a'], ['backtracker', 'b'], ['prim', 'c'], ['sidewinder', 'd'], ['trees', 'e']] as const) {
      const maze = generated(name, 11, 8, seed);
      expect(mazeStats(maze, [0, 0], [10, 7]).longestPath, name).toBe(diameter(maze) + 1);
    }
    for (const seed of ['f', 'g', 'h']) {
      const maze = generated('trees', 11, 8, seed, { islands: '3' });
      const { longestPath, solutionLength } = mazeStats(maze, [0, 0], [10, 7]);
      expect(longestPath).toBeLessThanOrEqual(diameter(maze) + 1);
      expect(solutionLength).toBe(distances(maze, [0, 0])[7]![10]! + 1);
    }
  });

  it('measures a maze whose path is a million cells long without recursion', () => {
    const maze = serpentine(1000, 1000);
    const stats = mazeStats(maze, [0, 0], [0, 999]);
    expect(stats).toMatchObject({ cells: 1_000_000, passages: 999_999, components: 1, loops: 0, perfect: true, deadEnds: 2, solutionLength: 1_000_000, longestPath: 1_000_000 });
  });
});
