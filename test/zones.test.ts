/**
 * Zones (seed 003, keys and doors): every maze is solvable, proved by a
 * search over (cell, keys held) states; every locked door of the chain is
 * needed; doors are openings between two different zones; keys lie in the
 * grid; the options refuse what cannot be built. Perfectness and
 * determinism come from algorithms.test.ts, the JSON contract from
 * json.test.ts (both loop over the registry).
 */
import { describe, expect, it } from 'vitest';
import type { ZonesOptions } from '../src/algorithms/zones.js';
import zones, { generateZones } from '../src/algorithms/zones.js';
import { UsageError } from '../src/errors.js';
import { collect } from '../src/formats/index.js';
import json, { parseMaze } from '../src/formats/json.js';
import { DEFAULT_RENDER_OPTIONS } from '../src/formats/types.js';
import type { Maze } from '../src/model/maze.js';
import { Rng } from '../src/rng.js';
import { runCli, schemaErrors } from './helpers.js';

/** Wall id of a door: tile index · 2, + 1 for a top wall. */
function wallId(maze: Maze, x: number, y: number, side: 'top' | 'left'): number {
  return maze.tileIndex(x, y) * 2 + (side === 'top' ? 1 : 0);
}

/**
 * Whether the exit is reachable from the entrance by a player who needs
 * key k to pass a door locked with k and picks up a key by stepping on
 * its cell: breadth-first over (cell, keys held) states. `without` keys
 * are taken out of the maze first.
 */
function solvable(maze: Maze, without: ReadonlySet<number> = new Set()): boolean {
  const { width, height } = maze;
  const keys = maze.keys ?? [];
  const lockOf = new Map<number, number>();
  for (const d of maze.doors ?? []) if (d.key !== null) lockOf.set(wallId(maze, d.x, d.y, d.side), d.key);
  const keyAt = new Int32Array(width * height); // bit mask of the keys lying in each cell
  keys.forEach((k, i) => {
    if (!without.has(i)) keyAt[k.y * width + k.x]! |= 1 << i;
  });
  const masks = 1 << keys.length;
  const seen = new Uint8Array(width * height * masks);
  const queue: number[] = [];
  const push = (cell: number, held: number): void => {
    const mask = held | keyAt[cell]!;
    const state = cell * masks + mask;
    if (!seen[state]) {
      seen[state] = 1;
      queue.push(state);
    }
  };
  const [sx, sy] = maze.start ?? [0, 0];
  const [ex, ey] = maze.end ?? [width - 1, height - 1];
  push(sy * width + sx, 0);
  for (let head = 0; head < queue.length; head++) {
    const state = queue[head]!;
    const cell = Math.floor(state / masks);
    const held = state % masks;
    const x = cell % width;
    const y = (cell - x) / width;
    if (x === ex && y === ey) return true;
    const steps: [number, number, boolean, number][] = [
      [x + 1, y, x + 1 < width && !maze.hasLeft(x + 1, y), wallId(maze, x + 1, y, 'left')],
      [x - 1, y, x > 0 && !maze.hasLeft(x, y), wallId(maze, x, y, 'left')],
      [x, y + 1, y + 1 < height && !maze.hasTop(x, y + 1), wallId(maze, x, y + 1, 'top')],
      [x, y - 1, y > 0 && !maze.hasTop(x, y), wallId(maze, x, y, 'top')],
    ];
    for (const [nx, ny, open, wall] of steps) {
      if (!open) continue;
      const lock = lockOf.get(wall);
      if (lock !== undefined && !(held & (1 << lock))) continue;
      push(ny * width + nx, held);
    }
  }
  return false;
}

/** Zone of each cell (y·W + x): components with every door closed. */
function zonesOf(maze: Maze): { zone: Int32Array; count: number } {
  const { width, height } = maze;
  const doorWalls = new Set((maze.doors ?? []).map((d) => wallId(maze, d.x, d.y, d.side)));
  const zone = new Int32Array(width * height).fill(-1);
  let count = 0;
  for (let s = 0; s < width * height; s++) {
    if (zone[s]! >= 0) continue;
    zone[s] = count;
    const stack = [s];
    while (stack.length > 0) {
      const c = stack.pop()!;
      const x = c % width;
      const y = (c - x) / width;
      const next: [number, boolean, number][] = [
        [c + 1, x + 1 < width && !maze.hasLeft(x + 1, y), wallId(maze, x + 1, y, 'left')],
        [c - 1, x > 0 && !maze.hasLeft(x, y), wallId(maze, x, y, 'left')],
        [c + width, y + 1 < height && !maze.hasTop(x, y + 1), wallId(maze, x, y + 1, 'top')],
        [c - width, y > 0 && !maze.hasTop(x, y), wallId(maze, x, y, 'top')],
      ];
      for (const [n, open, wall] of next) {
        if (open && !doorWalls.has(wall) && zone[n]! < 0) {
          zone[n] = count;
          stack.push(n);
        }
      }
    }
    count++;
  }
  return { zone, count };
}

const SIZES: [number, number][] = [[1, 1], [1, 7], [7, 1], [2, 2], [3, 3], [8, 6], [12, 9], [25, 4]];
const OPTIONS: ZonesOptions[] = [
  { zones: 6, keys: 3 }, { zones: 2, keys: 1 }, { zones: 12, keys: 5 }, { zones: 4, keys: 0 }, { zones: 30, keys: 6 }, { zones: 'auto', keys: 'auto' },
];

describe('zones', () => {
  it('makes solvable mazes whose every chain key is needed, at many sizes and seeds', () => {
    let chains = 0;
    let decoys = 0;
    for (const [width, height] of SIZES) {
      for (const options of OPTIONS) {
        for (let seed = 0; seed < 6; seed++) {
          const maze = generateZones({ width, height }, options, new Rng(`z${seed}`));
          const label = `${width}×${height} ${JSON.stringify(options)} seed z${seed}`;
          const keys = maze.keys!;
          const doors = maze.doors!;
          expect(maze.start, label).toEqual([0, 0]);
          expect(maze.end, label).toEqual([width - 1, height - 1]);
          expect(solvable(maze), label).toBe(true);
          expect(keys.length, label).toBeLessThanOrEqual(options.keys === 'auto' ? 3 : options.keys);
          for (const [i, key] of keys.entries()) {
            expect(key.x >= 0 && key.x < width && key.y >= 0 && key.y < height, label).toBe(true);
            expect(doors[key.door]!.key, label).toBe(i);
            // the doors form a tree of zones, so each chain door is on every way out
            expect(solvable(maze, new Set([i])), `${label}: without key ${i}`).toBe(false);
          }
          if (keys.length > 0) chains++;
          decoys += doors.filter((d, i) => d.key !== null && keys[d.key]!.door !== i).length;

          const { zone, count } = zonesOf(maze);
          expect(count, label).toBe(width * height === 1 ? 1 : Math.min(width * height, Math.max(2, options.zones === 'auto' ? 6 : options.zones)));
          expect(doors.length, label).toBe(count - 1);
          for (const d of doors) {
            // a door is an opening, between two zones
            expect(d.side === 'top' ? maze.hasTop(d.x, d.y) : maze.hasLeft(d.x, d.y), label).toBe(false);
            const [ax, ay, bx, by] = d.side === 'top' ? [d.x, d.y - 1, d.x, d.y] : [d.x - 1, d.y, d.x, d.y];
            expect(ax >= 0 && ay >= 0 && bx < width && by < height, label).toBe(true);
            expect(zone[ay * width + ax], label).not.toBe(zone[by * width + bx]);
          }
        }
      }
    }
    expect(chains).toBeGreaterThan(100);
    expect(decoys).toBeGreaterThan(20);
  });

  it('locks as many doors as asked when the zone path is long enough', () => {
    let full = 0;
    for (let seed = 0; seed < 20; seed++) {
      const maze = generateZones({ width: 20, height: 15 }, { zones: 12, keys: 4 }, new Rng(String(seed)));
      if (maze.keys!.length === 4) full++;
    }
    // the depth-first zone tree makes long entrance-to-exit paths
    expect(full).toBeGreaterThanOrEqual(15);
  });

  it('gives each key its own palette color, and round-trips through JSON under the schema', async () => {
    const maze = generateZones({ width: 10, height: 8 }, { zones: 8, keys: 3 }, new Rng('round'));
    maze.info = { algorithm: 'zones', seed: 'round', options: { zones: 8, keys: 3 } };
    expect(maze.palette.length).toBe(1 + maze.keys!.length);
    expect(new Set(maze.palette).size).toBe(maze.palette.length);
    const text = (await collect(json.render(maze, DEFAULT_RENDER_OPTIONS))).toString('utf8');
    expect(schemaErrors(text)).toEqual([]);
    const back = parseMaze(text, 'zones.json');
    expect(back.doors).toEqual(maze.doors);
    expect(back.keys).toEqual(maze.keys);
    expect(solvable(back)).toBe(true);
  });

  it.each<[number, number, ZonesOptions, RegExp]>([
    [2, 2, { zones: 6, keys: 3 }, /^--zones 6 is more than the 2 × 2 grid's 4 cells; use --zones 4 or fewer$/],
    [5, 5, { zones: 1, keys: 0 }, /^--zones 1 leaves no zone for the exit; use --zones 2 or more/],
    [5, 5, { zones: 4, keys: 4 }, /^--keys 4 needs at least 5 zones .*use --keys 3 or fewer, or more --zones$/],
  ])('refuses %i × %i with %j', (width, height, options, message) => {
    expect(() => zones.validate!({ width, height }, options)).toThrow(UsageError);
    expect(() => zones.validate!({ width, height }, options)).toThrow(message);
  });

  it('the CLI refuses in one line with exit 2, and draws doors and keys as letters', async () => {
    const bad = await runCli(['gen', '--algo', 'zones', '--w', '3', '--h', '3', '--zones', '12']);
    expect(bad).toMatchObject({ code: 2, stdout: '' });
    expect(bad.stderr).toBe("maze: error: --zones 12 is more than the 3 × 3 grid's 9 cells; use --zones 9 or fewer\n");
    const good = await runCli(['gen', '--algo', 'zones', '--w', '12', '--h', '8', '--seed', '4', '--keys', '3', '-q']);
    expect(good.code).toBe(0);
    for (const letter of ['A', 'B', 'C', 'a', 'b', 'c']) expect(good.stdout).toContain(letter);
  });

  it('accepts the edge requests it can build', () => {
    expect(() => zones.validate!({ width: 1, height: 1 }, { zones: 1, keys: 0 })).not.toThrow();
    expect(() => zones.validate!({ width: 2, height: 2 }, { zones: 4, keys: 3 })).not.toThrow();
    expect(() => zones.validate!({ width: 1, height: 1 }, { zones: 'auto', keys: 'auto' })).not.toThrow();
    expect(() => zones.validate!({ width: 2, height: 1 }, { zones: 'auto', keys: 1 })).not.toThrow();
    expect(() => zones.validate!({ width: 2, height: 1 }, { zones: 'auto', keys: 2 })).toThrow(/^--keys 2 needs at least 3 zones/);
  });

  it('--braid 1 never walks around a lock: still solvable, and every key still needed', async () => {
    for (const seed of ['1', '2', '3']) {
      const { code, stdout } = await runCli(['gen', '--algo', 'zones', '--seed', seed, '--braid', '1', '-f', 'json']);
      expect(code).toBe(0);
      const maze = parseMaze(stdout, 'braided');
      expect(solvable(maze), seed).toBe(true);
      for (let i = 0; i < maze.keys!.length; i++) expect(solvable(maze, new Set([i])), `seed ${seed}, without key ${i}`).toBe(false);
    }
  });
});
