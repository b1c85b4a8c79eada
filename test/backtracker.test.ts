/** The backtracker is a depth-first search from --start: a property only such a search has pins both. */
import { describe, expect, it } from 'vitest';
import { findAlgorithm } from '../src/algorithms/index.js';
import type { Point } from '../src/model/maze.js';
import { Maze } from '../src/model/maze.js';
import { Rng } from '../src/rng.js';
import { generated } from './fixtures.js';
import { isPerfect, openNeighbors } from './helpers.js';

/**
 * Whether the maze's tree, hung from `root`, is a depth-first search tree
 * of the grid: every wall left closed between two neighbor cells joins a
 * cell to one of its ancestors (a search from another cell, or one that is
 * not depth-first, leaves some closed wall between two branches).
 */
function isDepthFirstFrom(maze: Maze, [rx, ry]: Point): boolean {
  const { width, height } = maze;
  const parent = new Int32Array(width * height).fill(-1);
  const depth = new Int32Array(width * height).fill(-1);
  const root = ry * width + rx;
  depth[root] = 0;
  const queue = [root];
  for (let head = 0; head < queue.length; head++) {
    const c = queue[head]!;
    for (const n of openNeighbors(maze, c)) {
      if (depth[n] !== -1) continue;
      depth[n] = depth[c]! + 1;
      parent[n] = c;
      queue.push(n);
    }
  }
  const related = (a: number, b: number): boolean => {
    let [low, high] = depth[a]! > depth[b]! ? [a, b] : [b, a];
    while (depth[low]! > depth[high]!) low = parent[low]!;
    return low === high;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const c = y * width + x;
      if (x + 1 < width && maze.hasLeft(x + 1, y) && !related(c, c + 1)) return false;
      if (y + 1 < height && maze.hasTop(x, y + 1) && !related(c, c + width)) return false;
    }
  }
  return true;
}

describe('backtracker', () => {
  it.each(['0,0', '7,4', '14,9', '3,8'])('--start %s: a depth-first tree hung from that cell', (start) => {
    const [x, y] = start.split(',').map(Number) as Point;
    for (const seed of ['1', '2', 'forest']) {
      const maze = generated('backtracker', 15, 10, seed, { start });
      expect(isPerfect(maze)).toBe(true);
      expect(isDepthFirstFrom(maze, [x, y]), `seed ${seed}`).toBe(true);
    }
  });

  it('the check has teeth: hung from another cell, or for a maze not made depth-first, it fails', () => {
    const maze = generated('backtracker', 15, 10, '1', { start: '7,4' });
    expect(isDepthFirstFrom(maze, [0, 0])).toBe(false);
    expect(isDepthFirstFrom(generated('kruskal', 15, 10, '1'), [0, 0])).toBe(false);
  });
});

describe('the fast loop', () => {
  /** The textbook search: neighbors east, south, west, north; rng.below(k) among k > 1 of them. */
  function plainSearch(width: number, height: number, [sx, sy]: Point, rng: Rng): Maze {
    const maze = Maze.closed(width, height);
    const seen = new Uint8Array(width * height);
    const stack = [sy * width + sx];
    seen[stack[0]!] = 1;
    while (stack.length > 0) {
      const c = stack.at(-1)!;
      const x = c % width;
      const y = Math.floor(c / width);
      const options: [number, number][] = [];
      if (x + 1 < width && !seen[c + 1]) options.push([x + 1, y]);
      if (y + 1 < height && !seen[c + width]) options.push([x, y + 1]);
      if (x > 0 && !seen[c - 1]) options.push([x - 1, y]);
      if (y > 0 && !seen[c - width]) options.push([x, y - 1]);
      if (options.length === 0) {
        stack.pop();
        continue;
      }
      const [nx, ny] = options[options.length === 1 ? 0 : rng.below(options.length)]!;
      if (nx > x) maze.carveEast(x, y);
      else if (nx < x) maze.carveEast(nx, ny);
      else if (ny > y) maze.carveSouth(x, y);
      else maze.carveSouth(nx, ny);
      seen[ny * width + nx] = 1;
      stack.push(ny * width + nx);
    }
    return maze;
  }

  it('opens the walls the textbook search opens, from the same draws, and leaves the generator where it would', () => {
    const backtracker = findAlgorithm('backtracker')!;
    for (const [width, height, start, seed] of [[1, 1, [0, 0], 'a'], [1, 9, [0, 4], 'b'], [9, 1, [8, 0], 'c'], [13, 7, [0, 0], 'd'], [40, 31, [17, 30], 'e'], [64, 64, [63, 0], 'f']] as const) {
      const fast = new Rng(seed);
      const plain = new Rng(seed);
      const maze = backtracker.generate({ width, height }, { start: [...start] }, fast);
      const expected = plainSearch(width, height, [...start], plain);
      expect(Buffer.from(maze.walls).equals(Buffer.from(expected.walls)), `${width} × ${height} from ${start}`).toBe(true);
      expect(fast.u32()).toBe(plain.u32());
    }
  });
});
