/**
 * Zones (seed 003, keys and doors), held to the invariants over
 * seeds 1–200 at 30 × 20 (defaults, and --zones 12 --keys 6) and over many
 * small sizes: exactly the keys asked for; solvable; every key needed;
 * key i reached with keys 0..i−1 and not before; one door for every pair
 * of neighbor zones and none elsewhere; and a stored solution that replays
 * as a legal walk of the shortest length, both measured by the slow
 * reference search of test/reference/keys.ts. Determinism comes from
 * algorithms.test.ts, the JSON contract from json.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ZonesOptions } from '../src/algorithms/zones.js';
import zones, { generateZones } from '../src/algorithms/zones.js';
import { cornerEnds } from '../src/passages/ends.js';
import { maskEnds } from '../src/model/mask.js';
import { UsageError } from '../src/errors.js';
import json, { parseMaze } from '../src/formats/json.js';
import { DEFAULT_RENDER_OPTIONS } from '../src/formats/types.js';
import type { Maze, Point } from '../src/model/maze.js';
import { LEFT, TOP } from '../src/model/maze.js';
import { solveMaze } from '../src/passages/solve.js';
import { mazeStats } from '../src/passages/stats.js';
import type { Mask } from '../src/model/mask.js';
import { maskFromRows } from '../src/model/mask.js';
import { replaySteps } from '../src/model/replay.js';
import type { Step } from '../src/model/steps.js';
import { Rng } from '../src/rng.js';
import { generated } from './fixtures.js';
import { collect, ROOT, runCli, schemaErrors } from './helpers.js';
import { blobMask, LETTER_A, LETTER_B, maskProblems, ringMask, spiralMask } from './mask-shapes.js';
import { searchWithKeys, walkError } from './reference/keys.js';

/** Wall id of a door: tile index · 2, + 1 for a top wall. */
function wallId(maze: Maze, x: number, y: number, side: 'top' | 'left'): number {
  return maze.tileIndex(x, y) * 2 + (side === 'top' ? 1 : 0);
}

/** Zone of each cell (y·W + x): components with every door closed. */
function zonesOf(maze: Maze): { zone: Int32Array; count: number } {
  const { width, height } = maze;
  const doorWalls = new Set((maze.doors ?? []).map((d) => wallId(maze, d.x, d.y, d.side)));
  const zone = new Int32Array(width * height).fill(-1);
  let count = 0;
  for (let s = 0; s < width * height; s++) {
    if (zone[s]! >= 0 || (maze.mask && maze.mask.cells[s] === 0)) continue; // outside a mask: no zone
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

/** Every invariant of one zones maze, against the reference search; `zones` and `keys` are the counts asked for. */
function expectLevel(maze: Maze, zones: number, keys: number, label: string): void {
  const { width, height } = maze;
  // on a mask, its cells nearest the top-left and the bottom-right corners
  const { start, end } = cornerEnds(maze);
  expect(maze.start, label).toEqual(start);
  expect(maze.end, label).toEqual(end);
  const found = maze.keys!;
  expect(found.length, `${label}: keys`).toBe(keys);
  for (const k of found) expect([k.x, k.y], `${label}: a key on the entrance or the exit`).not.toBeOneOf([start, end]);

  // Solvable, and the stored solution is a legal walk of the shortest length.
  solveMaze(maze, start, end);
  const all = searchWithKeys(maze, start, end);
  expect(all.distance, `${label}: solvable`).not.toBeNull();
  expect(walkError(maze, maze.solution!, start, end), label).toBeNull();
  expect(maze.solution!.length - 1, `${label}: shortest`).toBe(all.distance);

  // reach[j]: the cells reached with keys 0..j−1 only (the others taken away)
  const reach = found.map((_, j) => searchWithKeys(maze, start, end, new Set(found.map((_k, k) => k).filter((k) => k >= j))).reached);
  for (let i = 0; i < found.length; i++) {
    // every key needed
    expect(searchWithKeys(maze, start, end, new Set([i])).distance, `${label}: without key ${i}`).toBeNull();
    // key i reached with keys 0..i−1, and not with 0..i−2
    const cell = found[i]!.y * width + found[i]!.x;
    expect(reach[i]![cell], `${label}: key ${i} reached with the keys before it`).toBe(1);
    if (i > 0) expect(reach[i - 1]![cell], `${label}: key ${i} not before key ${i - 1}`).toBe(0);
  }

  // One door for every pair of neighbor zones, none elsewhere.
  const { zone, count } = zonesOf(maze);
  expect(count, `${label}: zones`).toBe(zones);
  const doorAt = new Set(maze.doors!.map((d) => wallId(maze, d.x, d.y, d.side)));
  expect(doorAt.size, `${label}: doors on distinct walls`).toBe(maze.doors!.length);
  const pairs = new Set<number>();
  const doorPairs: number[] = [];
  const wrong: string[] = []; // collected, not expected one by one: expect() is slow in a loop of 400 mazes
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (const [nx, ny, side, wx, wy] of [[x + 1, y, 'left', x + 1, y], [x, y + 1, 'top', x, y + 1]] as const) {
        if (nx >= width || ny >= height) continue;
        const a = zone[y * width + x]!;
        const b = zone[ny * width + nx]!;
        if (a < 0 || b < 0) continue; // a wall of a cell outside the mask
        const id = wallId(maze, wx, wy, side);
        const open = side === 'top' ? !maze.hasTop(wx, wy) : !maze.hasLeft(wx, wy);
        if (a === b) {
          if (doorAt.has(id)) wrong.push(`a door inside a zone at ${side} ${wx},${wy}`);
          continue;
        }
        pairs.add(Math.min(a, b) * count + Math.max(a, b));
        if (open !== doorAt.has(id)) wrong.push(`the wall ${side} ${wx},${wy} between two zones is ${open ? 'open' : 'closed'} and ${doorAt.has(id) ? '' : 'not '}a door`);
        if (doorAt.has(id)) doorPairs.push(Math.min(a, b) * count + Math.max(a, b));
      }
    }
  }
  expect(wrong, label).toEqual([]);
  expect(doorPairs.length, `${label}: every door between two zones`).toBe(maze.doors!.length);
  expect(new Set(doorPairs).size, `${label}: one door a pair`).toBe(doorPairs.length);
  expect(doorPairs.length, `${label}: a door for every pair`).toBe(pairs.size);
}

describe('zones: the invariants over seeds 1–200 at 30 × 20', () => {
  it.each<[string, Record<string, string>, number, number]>([
    ['the defaults', {}, 6, 3],
    ['--zones 12 --keys 6', { zones: '12', keys: '6' }, 12, 6],
  ])('%s', (_name, options, zones, keys) => {
    let decoys = 0;
    let withDecoys = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const maze = generated('zones', 30, 20, String(seed), options);
      expectLevel(maze, zones, keys, `seed ${seed}`);
      const counted = mazeStats(maze, [0, 0], [29, 19]).decoys;
      decoys += counted;
      if (counted > 0) withDecoys++;
    }
    // --decoys auto: most keyed mazes get at least one
    expect(withDecoys).toBeGreaterThan(120); // measured: 160 of the defaults' 200, 136 with --zones 12 --keys 6
    expect(decoys).toBeGreaterThan(160);
  });
});

/**
 * The decoys as a player finds them, the oracle: a breadth-first search over
 * (cell, keys held), a key taken in its cell or left there (either state
 * goes on); a locked door is a decoy when no state beside it lacks its key
 * (the README's "no cell beside which is reached without their key").
 */
function decoysByPlay(maze: Maze, start: Point): number {
  const { width, height } = maze;
  const keyAt = new Map((maze.keys ?? []).map((k, i) => [k.y * width + k.x, i]));
  const lockOf = (a: number, b: number): number | null => {
    const [ax, ay, bx, by] = [a % width, Math.floor(a / width), b % width, Math.floor(b / width)];
    const door = (maze.doors ?? []).find((d) => (d.side === 'top' ? d.x === ax && ax === bx && Math.max(ay, by) === d.y : d.y === ay && ay === by && Math.max(ax, bx) === d.x));
    return door?.key ?? null;
  };
  const open = (x: number, y: number, dx: number, dy: number): boolean => {
    if (dx === 1) return (maze.walls[maze.tileIndex(x + 1, y)]! & LEFT) === 0;
    if (dx === -1) return (maze.walls[maze.tileIndex(x, y)]! & LEFT) === 0;
    if (dy === 1) return (maze.walls[maze.tileIndex(x, y + 1)]! & TOP) === 0;
    return (maze.walls[maze.tileIndex(x, y)]! & TOP) === 0;
  };
  const seen = new Set<string>();
  const beside = new Map<number, number[]>(); // cell: the key sets held there
  const queue: [number, number][] = [[start[1] * width + start[0], 0]];
  while (queue.length > 0) {
    const [c, reached] = queue.shift()!;
    if (seen.has(`${c} ${reached}`)) continue;
    seen.add(`${c} ${reached}`);
    beside.set(c, [...(beside.get(c) ?? []), reached]);
    const [x, y] = [c % width, Math.floor(c / width)];
    for (const held of keyAt.has(c) ? [reached, reached | (1 << keyAt.get(c)!)] : [reached]) {
      for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) {
        if (x + dx < 0 || y + dy < 0 || x + dx >= width || y + dy >= height || !open(x, y, dx, dy)) continue;
        const n = c + dy * width + dx;
        const lock = lockOf(c, n);
        if (lock === null || ((held >> lock) & 1) === 1) queue.push([n, held]);
      }
    }
  }
  let decoys = 0;
  for (const d of maze.doors ?? []) {
    if (d.key === null) continue;
    const sides = [d.y * width + d.x, d.side === 'top' ? (d.y - 1) * width + d.x : d.y * width + d.x - 1];
    if (!sides.some((c) => (beside.get(c) ?? []).some((held) => ((held >> d.key!) & 1) === 0))) decoys++;
  }
  return decoys;
}

describe('maze stats counts the decoys a player meets (user sweep: with several keys it counted too few)', () => {
  it('as many as a search over (cell, keys held) finds, and --decoys N adds N of them', () => {
    for (let seed = 1; seed <= 8; seed++) {
      const counts = [0, 4].map((decoys) => {
        const maze = generated('zones', 30, 20, String(seed), { zones: '12', keys: '5', decoys: String(decoys) });
        const stats = mazeStats(maze, [0, 0], [29, 19]);
        expect(stats.decoys, `seed ${seed} --decoys ${decoys}`).toBe(decoysByPlay(maze, [0, 0]));
        return stats;
      });
      expect(counts[1]!.lockedDoors - counts[0]!.lockedDoors, `seed ${seed}`).toBe(4);
      expect(counts[1]!.decoys - counts[0]!.decoys, `seed ${seed}`).toBe(4);
    }
  });
});

const SIZES: [number, number][] = [[1, 1], [1, 7], [7, 1], [2, 2], [3, 3], [8, 6], [12, 9], [25, 4]];
const OPTIONS: ZonesOptions[] = [
  { zones: 6, keys: 3, decoys: 'auto' }, { zones: 2, keys: 1, decoys: 'auto' }, { zones: 12, keys: 5, decoys: 2 },
  { zones: 4, keys: 0, decoys: 'auto' }, { zones: 30, keys: 6, decoys: 0 }, { zones: 'auto', keys: 'auto', decoys: 'auto' },
];

describe('zones at small sizes', () => {
  it('keeps every invariant, with exactly the keys asked for, or refuses up front', () => {
    let levels = 0;
    for (const [width, height] of SIZES) {
      for (const options of OPTIONS) {
        const cells = width * height;
        if (options.zones !== 'auto' && options.zones > cells) continue; // refused by validate, below
        const zoneCount = cells === 1 ? 1 : Math.min(cells, Math.max(2, options.zones === 'auto' ? 6 : options.zones));
        // a key never lies on the entrance nor the exit: auto fits the cells left
        const keys = options.keys === 'auto' ? Math.min(3, zoneCount - 1, Math.max(0, cells - 2)) : options.keys;
        if (keys > zoneCount - 1 || (keys > 0 && keys > cells - 2)) continue; // refused by validate, below
        for (let seed = 0; seed < 4; seed++) {
          const maze = generateZones({ width, height }, options, new Rng(`z${seed}`));
          expectLevel(maze, zoneCount, keys, `${width}×${height} ${JSON.stringify(options)} seed z${seed}`);
          if (typeof options.decoys === 'number') expect(mazeStats(maze, [0, 0], [width - 1, height - 1]).decoys).toBeLessThanOrEqual(options.decoys);
          levels++;
        }
      }
    }
    expect(levels).toBeGreaterThan(120);
  });

  it('--decoys 0 gives none, and --decoys N at most N', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const none = generated('zones', 30, 20, String(seed), { zones: '12', keys: '4', decoys: '0' });
      expect(mazeStats(none, [0, 0], [29, 19]).decoys).toBe(0);
      const two = generated('zones', 30, 20, String(seed), { zones: '12', keys: '4', decoys: '2' });
      expect(mazeStats(two, [0, 0], [29, 19]).decoys).toBeLessThanOrEqual(2);
    }
  });

  it('gives each key its own palette color, and round-trips through JSON under the schema', async () => {
    const maze = generateZones({ width: 10, height: 8 }, { zones: 8, keys: 3, decoys: 'auto' }, new Rng('round'));
    maze.info = { algorithm: 'zones', seed: 'round', options: { zones: 8, keys: 3 } };
    expect(maze.palette.length).toBe(1 + maze.keys!.length);
    expect(new Set(maze.palette).size).toBe(maze.palette.length);
    const text = (await collect(json.render(maze, DEFAULT_RENDER_OPTIONS))).toString('utf8');
    expect(schemaErrors(text)).toEqual([]);
    const back = parseMaze(text, 'zones.json');
    expect(back.doors).toEqual(maze.doors);
    expect(back.keys).toEqual(maze.keys);
    expect(searchWithKeys(back, [0, 0], [9, 7]).distance).not.toBeNull();
  });

  it('reads files of the door-tree zones that came before: refused clearly when their solution walks through a locked door, else loaded and solved', () => {
    const text = readFileSync(join(ROOT, 'test', 'data', 'zones-8x6-door-tree.json'), 'utf8');
    expect(() => parseMaze(text, 'old.json')).toThrow(
      /^old\.json: "solution" step 3 goes from \[1,1\] to \[1,2\] through a door locked with key 0 before picking that key up$/,
    );
    const doc = JSON.parse(text) as Record<string, unknown>;
    delete doc.solution;
    const old = parseMaze(JSON.stringify(doc), 'old.json');
    expect(old.keys!.map((k) => k.door)).toEqual([0, 1, 2]);
    solveMaze(old, [0, 0], [7, 5]);
    expect(walkError(old, old.solution!, [0, 0], [7, 5])).toBeNull();
    expect(old.solution!.length - 1).toBe(searchWithKeys(old, [0, 0], [7, 5]).distance);
  });

  it.each<[number, number, ZonesOptions, RegExp]>([
    [2, 2, { zones: 6, keys: 3, decoys: 'auto' }, /^zones 6 is more than the 2 × 2 grid's 4 cells; use zones 4 or fewer$/],
    [5, 5, { zones: 1, keys: 0, decoys: 'auto' }, /^zones 1 leaves no zone for the exit; use zones 2 or more/],
    [5, 5, { zones: 4, keys: 4, decoys: 'auto' }, /^keys 4 would need at least 5 zones .*use keys 3 or fewer, or raise zones$/],
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
    // the entrance and the exit, marked apart from the letters, with or without a solution
    const lines = good.stdout.split('\n');
    expect(good.stdout.match(/[@>]/g)).toEqual(['@', '>']);
    expect(lines[1]!.slice(0, 4)).toBe('| @ ');
    expect(lines[15]!.slice(-4)).toBe(' > |');
    const solved = await runCli(['gen', '--algo', 'zones', '--w', '12', '--h', '8', '--seed', '4', '--keys', '3', '-q', '--solve']);
    expect(solved.stdout.match(/[@>]/g)).toEqual(['@', '>']);
    expect(solved.stdout.replace(/\*/g, ' ')).toBe(good.stdout); // the walk only fills spaces: letters and marks stay
  });

  it('accepts the edge requests it can build', () => {
    const d = { decoys: 'auto' } as const;
    expect(() => zones.validate!({ width: 1, height: 1 }, { zones: 1, keys: 0, ...d })).not.toThrow();
    expect(() => zones.validate!({ width: 2, height: 2 }, { zones: 4, keys: 2, ...d })).not.toThrow();
    expect(() => zones.validate!({ width: 1, height: 1 }, { zones: 'auto', keys: 'auto', ...d })).not.toThrow();
    expect(() => zones.validate!({ width: 3, height: 1 }, { zones: 'auto', keys: 1, ...d })).not.toThrow();
    // issue 18 item 11: no cell for a key but the entrance and the exit
    expect(() => zones.validate!({ width: 2, height: 2 }, { zones: 4, keys: 3, ...d })).toThrow(/^keys 3 would need 3 cells besides the entrance and the exit/);
    expect(() => zones.validate!({ width: 2, height: 1 }, { zones: 'auto', keys: 1, ...d })).toThrow(/^keys 1 would need 1 cell besides the entrance and the exit \(no key lies on either\), and the 2 × 1 grid has none; use keys 0, or a larger grid$/);
    expect(() => zones.validate!({ width: 2, height: 1 }, { zones: 'auto', keys: 2, ...d })).toThrow(/^keys 2 would need at least 3 zones/);
  });
});

describe('zones on a mask: the zones grow within it', () => {
  const masks: [string, Mask][] = [
    ['a ring', ringMask(16, 7.5, 3)],
    ['the letter B', LETTER_B],
    ['the letter A', LETTER_A],
    ['a spiral', spiralMask(13)],
    ['a blob', blobMask(30, 20, 300, 'b1')],
    ['a one-cell ring', maskFromRows(['...', '.X.', '...'])],
    ['two cells', maskFromRows(['XX', '.X', '..'])],
  ];
  const options: ZonesOptions[] = [
    { zones: 'auto', keys: 'auto', decoys: 'auto' },
    { zones: 12, keys: 6, decoys: 'auto' },
    { zones: 4, keys: 1, decoys: 0 },
  ];

  it.each(masks)('keeps every invariant on %s: entrance and exit nearest the corners, keys in order, each needed, one door a pair', (_name, mask) => {
    let levels = 0;
    for (const o of options) {
      for (const seed of ['1', '2', '3', '4', '5', '6']) {
        const size = { width: mask.width, height: mask.height, mask };
        const label = `${JSON.stringify(o)} seed ${seed}`;
        try {
          zones.validate!(size, o);
        } catch (error) {
          if (error instanceof UsageError) continue; // too many zones or keys for a small mask
          throw error;
        }
        let maze: Maze;
        try {
          maze = generateZones(size, o, new Rng(seed));
        } catch (error) {
          // --keys K that this growth's zones cannot hold is refused, saying what fits
          if (error instanceof UsageError && /cannot all fit the mask's/.test(error.message)) continue;
          throw error;
        }
        const zoneCount = mask.count === 1 ? 1 : Math.min(mask.count, o.zones === 'auto' ? 6 : o.zones);
        const keys = o.keys === 'auto' ? maze.keys!.length : o.keys;
        if (o.keys === 'auto') expect(keys, label).toBe(Math.min(3, zoneCount - 1, Math.max(0, mask.count - 2)));
        expectLevel(maze, zoneCount, keys, label);
        // the outside walled off, every cell reached with the doors open, each zone a tree:
        // passages = cells − zones + doors, so doors − zones + 1 loops
        expect(maskProblems(maze, mask, maze.doors!.length - zoneCount + 1), label).toEqual([]);
        levels++;
      }
    }
    // auto always fits; the larger requests mostly do on all but the smallest masks (on a spiral, a path, 12 zones may not hold 6 keys)
    expect(levels).toBeGreaterThanOrEqual(mask.count > 60 ? 14 : 6);
  });

  it('takes the mask cells nearest the corners as entrance and exit, ties to the smaller y, then x', () => {
    expect(maskEnds(LETTER_B)).toEqual([[1, 1], [8, 9]]);
    expect(maskEnds(maskFromRows(['X..', '...', '..X']))).toEqual([[1, 0], [2, 1]]);
    expect(maskEnds(maskFromRows(['XX.', 'X..', '...']))).toEqual([[1, 1], [2, 2]]);
    expect(maskEnds(maskFromRows(['X.X', '...', 'X.X']))).toEqual([[1, 0], [2, 1]]);
  });

  it('counts the mask\'s cells, not the grid\'s, in its refusals', () => {
    const d = { decoys: 'auto' as const };
    const size = { width: LETTER_B.width, height: LETTER_B.height, mask: LETTER_B };
    expect(() => zones.validate!(size, { zones: 62, keys: 'auto', ...d })).toThrow(/^zones 62 is more than the mask's 61 cells; use zones 61 or fewer$/);
    expect(() => zones.validate!(size, { zones: 61, keys: 'auto', ...d })).not.toThrow();
    const pair = maskFromRows(['X.', '.X', '..']);
    expect(() => zones.validate!({ width: 2, height: 3, mask: maskFromRows(['X.', 'X.', 'XX']) }, { zones: 'auto', keys: 1, ...d })).toThrow(
      /^keys 1 would need 1 cell besides the entrance and the exit \(no key lies on either\), and the mask has none; use keys 0, or a larger grid$/,
    );
    expect(() => zones.validate!({ width: 2, height: 3, mask: pair }, { zones: 'auto', keys: 1, ...d })).not.toThrow();
  });

  it('tells steps that replay from the closed grid with the mask to the same maze', () => {
    for (const [name, mask] of masks) {
      const steps: Step[] = [{ type: 'grid', width: mask.width, height: mask.height, walls: 'closed', mask }];
      const maze = generateZones({ width: mask.width, height: mask.height, mask }, { zones: 'auto', keys: 'auto', decoys: 'auto' }, new Rng('steps'), undefined, (step) => steps.push(step));
      const replayed = replaySteps(steps).maze;
      expect(Buffer.from(replayed.walls).equals(Buffer.from(maze.walls)), name).toBe(true);
      expect(replayed.doors ?? [], name).toEqual(maze.doors);
      expect(replayed.keys ?? [], name).toEqual(maze.keys);
      expect(replayed.palette, name).toEqual(maze.palette);
    }
  });
});

describe('the keyed solver', () => {
  /**
   * Mazes with loops (trees with islands, braided by hand) and random
   * locks: doors on random open walls, keys in random cells, some keys
   * useless, some behind their own doors, several on one cell.
   */
  function randomLocks(seed: number): Maze {
    const rng = new Rng(`locks${seed}`);
    const maze = generated('trees', 9 + (seed % 5), 7, `l${seed}`, { islands: String(seed % 4) });
    const { width, height } = maze;
    for (let i = 0; i < 12; i++) {
      const x = 1 + rng.below(width - 1);
      const y = rng.below(height);
      maze.setLeft(x, y, false); // open a few walls: more loops
    }
    const keyCount = 1 + rng.below(5);
    maze.keys = Array.from({ length: keyCount }, () => ({ x: rng.below(width), y: rng.below(height), door: -1 }));
    maze.doors = [];
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        if (x > 0 && !maze.hasLeft(x, y) && rng.below(10) === 0) maze.doors.push({ x, y, side: 'left', key: rng.below(keyCount) });
        if (y > 0 && !maze.hasTop(x, y) && rng.below(10) === 0) maze.doors.push({ x, y, side: 'top', key: rng.below(keyCount) });
      }
    }
    return maze;
  }

  it('finds the reference search\'s shortest walk, a legal one, or none when it finds none', () => {
    let solved = 0;
    for (let seed = 0; seed < 150; seed++) {
      const maze = randomLocks(seed);
      const end: Point = [maze.width - 1, maze.height - 1];
      const reference = searchWithKeys(maze, [0, 0], end).distance;
      if (reference === null) {
        expect(() => solveMaze(maze, [0, 0], end), `seed ${seed}`).toThrow(/no path from 0,0 to .*locked doors/);
        continue;
      }
      solveMaze(maze, [0, 0], end);
      expect(walkError(maze, maze.solution!, [0, 0], end), `seed ${seed}`).toBeNull();
      expect(maze.solution!.length - 1, `seed ${seed}`).toBe(reference);
      expect(mazeStats(maze, [0, 0], end).solutionLength, `seed ${seed}`).toBe(reference + 1);
      solved++;
    }
    expect(solved).toBeGreaterThan(50);
  });

  it('--braid 1 never walks around a lock: still solvable, and every key still needed', async () => {
    for (const seed of ['1', '2', '3']) {
      const { code, stdout } = await runCli(['gen', '--algo', 'zones', '--seed', seed, '--braid', '1', '-f', 'json']);
      expect(code).toBe(0);
      const maze = parseMaze(stdout, 'braided');
      const end: Point = [maze.width - 1, maze.height - 1];
      expect(searchWithKeys(maze, [0, 0], end).distance, seed).not.toBeNull();
      for (let i = 0; i < maze.keys!.length; i++) expect(searchWithKeys(maze, [0, 0], end, new Set([i])).distance, `seed ${seed}, without key ${i}`).toBeNull();
    }
  });
});
