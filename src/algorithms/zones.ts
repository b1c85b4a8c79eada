/**
 * Zones — keys and doors (seed 003, "La construction de niveaux aléatoires").
 *
 * 1. A closed maze. The entrance cell (0, 0) and the exit (W−1, H−1) are
 *    final zones (the seed's −1 and −2), and Z−2 more random cells too.
 * 2. Every wall between two cells, in random order, with the seed's
 *    priorities final (negative) > temporary (positive) > untouched (zero):
 *    a wall between a higher and a lower priority is opened and the lower
 *    zone joins the higher; untouched + untouched opens into a new temporary
 *    zone; two different temporary zones open and merge; a wall inside one
 *    zone, or between two final zones, stays. Zones are then trees, and
 *    every cell ends in one of the Z final zones (see `growZones`).
 * 3. Doors: one wall between two adjacent final zones is opened as a door
 *    (key null) — for the pairs of a spanning tree of the zone graph, grown
 *    depth first from the entrance's zone (see `linkZones` for why a tree).
 * 4. The key chain (seed 003, findKeyPath): along the zone path from the
 *    entrance to the exit, K of its doors are locked, keys 0..K−1 in path
 *    order, and key j lies in a random cell reachable with keys 0..j−1 only.
 * 5. Decoys: some doors off that path are locked with a key the player
 *    already holds on their side ("fausses portes de la même couleur qu'une
 *    clé en la possession du joueur"), so they never block.
 */
import { UsageError } from '../errors.js';
import type { Door, Key } from '../model/maze.js';
import { keyColor, LEFT, Maze, TOP } from '../model/maze.js';
import type { OptionSpec } from '../options.js';
import type { Rng } from '../rng.js';
import { findRoot, shuffledWalls } from './kruskal.js';
import type { Size } from './types.js';
import { defineAlgorithm } from './types.js';

/** A type, not an interface, so that it fits the registry's Record<string, unknown> options. */
export type ZonesOptions = {
  zones: 'auto' | number;
  keys: 'auto' | number;
};

/** Keys are drawn as the letters A–Z (ASCII), one each. */
export const MAX_KEYS = 26;
const MAX_ZONES = 1_000_000;
const AUTO_ZONES = 6;
const AUTO_KEYS = 3;

/** A count, or auto: what fits the grid (so that the defaults work at every size, 1 × 1 included). */
function countOption(describe: string, max: number): OptionSpec<'auto' | number> {
  return {
    describe,
    default: 'auto',
    parse(raw, flag) {
      const text = raw.trim();
      if (text.toLowerCase() === 'auto') return 'auto';
      const count = /^\+?\d+$/.test(text) ? Number(text) : NaN;
      if (!(count <= max)) throw new UsageError(`${flag} must be auto or a whole number from 0 to ${max}, got '${raw}'`);
      return count;
    },
  };
}

/** Zones for a grid: auto is 6 where they fit; a single cell has one zone, any other grid at least two (entrance, exit). */
function zonesFor(cells: number, zones: 'auto' | number): number {
  if (cells === 1) return 1;
  return Math.min(cells, Math.max(2, zones === 'auto' ? AUTO_ZONES : zones));
}

export default defineAlgorithm<ZonesOptions>({
  name: 'zones',
  description: 'keys and doors (seed 003): zones grown from seeded cells, a chain of locked doors from entrance to exit',
  options: {
    zones: countOption(`zones (areas joined by doors), entrance and exit zones included, or auto: ${AUTO_ZONES}, fewer on a tiny grid`, MAX_ZONES),
    keys: countOption(`locked doors on the way from entrance to exit, at most --zones − 1 and ${MAX_KEYS}, or auto: ${AUTO_KEYS} where they fit`, MAX_KEYS),
  },
  validate({ width, height }, { zones, keys }) {
    const cells = width * height;
    if (zones !== 'auto' && zones > cells) {
      throw new UsageError(`--zones ${zones} is more than the ${width} × ${height} grid's ${cells} cells; use --zones ${cells} or fewer`);
    }
    if (zones !== 'auto' && cells > 1 && zones < 2) {
      throw new UsageError(`--zones ${zones} leaves no zone for the exit; use --zones 2 or more (the entrance's and the exit's)`);
    }
    const zoneCount = zonesFor(cells, zones);
    if (keys !== 'auto' && keys > zoneCount - 1) {
      throw new UsageError(`--keys ${keys} needs at least ${keys + 1} zones (a locked door joins two); use --keys ${zoneCount - 1} or fewer, or more --zones`);
    }
  },
  generate(size, options, rng) {
    return generateZones(size, options, rng);
  },
});

/**
 * The whole run. Numbers the CLI's validate would refuse are clamped here
 * for direct callers: zones to [2, cells] (1 on a single cell). Keys are
 * clamped to the doors on the zone path, which may be fewer than asked
 * (the seed's findKeyPath, too, settles for the longest path it finds).
 */
export function generateZones({ width, height }: Size, options: ZonesOptions, rng: Rng): Maze {
  const zoneCount = zonesFor(width * height, options.zones);
  const wanted = options.keys === 'auto' ? Math.min(AUTO_KEYS, zoneCount - 1) : options.keys;
  const maze = Maze.closed(width, height);
  const stride = width + 1;
  const entrance = 0;
  const exit = (height - 1) * stride + width - 1;
  maze.start = [0, 0];
  maze.end = [width - 1, height - 1];

  const edges = shuffledWalls(width, height, rng);
  const zoneOf = growZones(maze, edges, seedCells(width, height, zoneCount, rng));
  const tree = linkZones(edges, zoneOf, zoneCount, stride, zoneOf[entrance]!);
  const doors: Door[] = [];
  const doorOfPair = new Int32Array(tree.pairs.length).fill(-1);
  for (const p of tree.order) {
    if (p < 0) continue;
    doorOfPair[p] = doors.length;
    doors.push(openDoor(maze, tree.pairWall[p]!));
  }

  // seed 003, findKeyPath: the zone path entrance → exit; in the tree it is unique.
  const path: number[] = [];
  for (let z = zoneOf[exit]!; tree.parentPair[z]! >= 0; ) {
    const p = tree.parentPair[z]!;
    path.push(p);
    z = tree.pairA[p] === z ? tree.pairB[p]! : tree.pairA[p]!;
  }
  path.reverse();
  const locked = Math.min(wanted, path.length);
  const lockedAt = chooseSorted(path.length, locked, rng);
  const lockOfPair = new Int32Array(tree.pairs.length).fill(-1);
  for (let j = 0; j < locked; j++) lockOfPair[path[lockedAt[j]!]!] = j;
  const onPath = new Uint8Array(tree.pairs.length);
  for (const p of path) onPath[p] = 1;

  // Stage of a zone: how many locked path doors lie between it and the
  // entrance, i.e. the keys a player standing there has had to use.
  const stage = new Int32Array(zoneCount);
  for (const p of tree.order) {
    if (p < 0) continue;
    const child = tree.childOf[p]!;
    const parent = tree.pairA[p] === child ? tree.pairB[p]! : tree.pairA[p]!;
    stage[child] = stage[parent]! + (lockOfPair[p]! >= 0 ? 1 : 0);
  }

  const keys = placeKeys(maze, zoneOf, stage, locked, rng);
  for (let j = 0; j < locked; j++) {
    const door = doors[doorOfPair[path[lockedAt[j]!]!]!]!;
    door.key = j;
    keys[j]!.door = doorOfPair[path[lockedAt[j]!]!]!;
    maze.addColor(keyColor(j));
  }
  // Decoys (seed 003): a door off the path whose zones are at stage s ≥ 1
  // may take any key 0..s−1, all of which a player there holds. One door
  // in three, so that most side doors stay plain openings.
  for (const p of tree.order) {
    if (p < 0 || onPath[p]) continue;
    const s = stage[tree.childOf[p]!]!;
    if (s >= 1 && rng.below(3) === 0) doors[doorOfPair[p]!]!.key = rng.below(s);
  }
  maze.doors = doors;
  maze.keys = keys;
  return maze;
}

/** Tile indices of the final zones' first cells: entrance, exit, then Z−2 distinct random cells. */
function seedCells(width: number, height: number, zoneCount: number, rng: Rng): Int32Array {
  const stride = width + 1;
  const cells = width * height;
  const seeds = new Int32Array(zoneCount);
  seeds[0] = 0;
  if (zoneCount === 1) return seeds;
  seeds[1] = (height - 1) * stride + width - 1;
  // Partial Fisher–Yates over the cells other than the corners (numbered
  // y·W + x, corners first swapped out of the way), kept sparse in a Map so
  // that 5 zones on a huge grid cost nothing.
  const swapped = new Map<number, number>();
  const at = (i: number): number => swapped.get(i) ?? i;
  const last = cells - 1;
  for (let n = 2; n < zoneCount; n++) {
    // cells 1..last−1 remain, minus those already taken: range [n−1, last−1]
    const i = n - 1 + rng.below(last - n + 1);
    const cell = at(i);
    swapped.set(i, at(n - 1));
    const x = cell % width;
    seeds[n] = ((cell - x) / width) * stride + x;
  }
  return seeds;
}

/**
 * Step 2, the seed's priority rules, with the labels in a union–find (the
 * seed relabels cells one by one). `kind` at a root is 0 for an untouched
 * cell, 1 for a temporary zone, −(f+1) for final zone f; a lower priority
 * root is hung under the higher one, so a final root keeps its label.
 *
 * Every cell ends final, as the seed says: were a cell c not final at the
 * end, a wall joins its non-final part of the grid to a final cell d (the
 * grid is connected and the entrance is final); when that wall was taken,
 * c was not final (finality is never lost), so either d was final and
 * absorbed c, or d was not and the wall joined them, and d's later
 * absorption took c along. The check below only guards this proof.
 */
function growZones(maze: Maze, edges: Int32Array, seeds: Int32Array): Int32Array {
  const { walls, stride } = maze;
  const parent = new Int32Array(walls.length).fill(-1);
  const kind = new Int32Array(walls.length);
  for (let f = 0; f < seeds.length; f++) kind[seeds[f]!] = -(f + 1);
  const priority = (k: number): number => (k < 0 ? 2 : k > 0 ? 1 : 0);
  for (let i = 0; i < edges.length; i++) {
    const e = edges[i]!;
    const a = e >> 1;
    const b = (e & 1) === 0 ? a + 1 : a + stride;
    const ra = findRoot(parent, a);
    const rb = findRoot(parent, b);
    if (ra === rb) continue; // same zone: the wall stays, zones stay trees
    const ka = kind[ra]!;
    const kb = kind[rb]!;
    if (ka < 0 && kb < 0) continue; // two final zones never merge: a door candidate
    const pa = priority(ka);
    const pb = priority(kb);
    if (pa > pb) parent[rb] = ra;
    else if (pb > pa) parent[ra] = rb;
    else {
      parent[rb] = ra; // untouched + untouched, or two temporary zones: one temporary zone
      kind[ra] = 1;
    }
    if ((e & 1) === 0) walls[b]! &= ~LEFT;
    else walls[b]! &= ~TOP;
  }
  const zoneOf = new Int32Array(walls.length).fill(-1);
  for (let y = 0; y < maze.height; y++) {
    for (let t = y * stride, end = t + maze.width; t < end; t++) {
      const k = kind[findRoot(parent, t)]!;
      if (k >= 0) throw new Error(`zones: cell ${t % stride},${y} ended in no final zone`);
      zoneOf[t] = -k - 1;
    }
  }
  return zoneOf;
}

interface ZoneTree {
  /** Adjacent zone pairs (a < b), with the random wall chosen as their door. */
  pairs: number[];
  pairA: Int32Array;
  pairB: Int32Array;
  pairWall: Int32Array;
  /** Pair linking each zone to its parent in the tree, −1 at the root. */
  parentPair: Int32Array;
  /** The zone each tree pair leads into, away from the root. */
  childOf: Int32Array;
  /** Tree pairs in discovery order (parent before child); −1 for the root. */
  order: Int32Array;
}

/**
 * Step 3. The seed opens a door for every pair of adjacent zones and then
 * needs findKeyPath to search for a long path among the loops that makes.
 * Here the doors form a spanning tree of the zone graph instead: the maze,
 * doors counted as passages, stays perfect, every locked door on the path
 * is then truly needed, and growing the tree depth first from the
 * entrance's zone (iteratively) gives long entrance-to-exit paths, what
 * findKeyPath's longest-first search was after, with no exponential search.
 * The wall of each pair is the first of the shuffled walls between them.
 */
function linkZones(edges: Int32Array, zoneOf: Int32Array, zoneCount: number, stride: number, root: number): ZoneTree {
  const pairIndex = new Map<number, number>();
  const pairs: number[] = [];
  const a: number[] = [];
  const b: number[] = [];
  const wall: number[] = [];
  for (let i = 0; i < edges.length; i++) {
    const e = edges[i]!;
    const t = e >> 1;
    const za = zoneOf[t]!;
    const zb = zoneOf[(e & 1) === 0 ? t + 1 : t + stride]!;
    if (za === zb) continue;
    const lo = Math.min(za, zb);
    const hi = Math.max(za, zb);
    const id = lo * zoneCount + hi;
    if (pairIndex.has(id)) continue;
    pairIndex.set(id, pairs.length);
    pairs.push(id);
    a.push(lo);
    b.push(hi);
    wall.push(e);
  }
  // Adjacency lists (CSR), in the shuffled walls' order.
  const start = new Int32Array(zoneCount + 1);
  for (let p = 0; p < pairs.length; p++) {
    start[a[p]! + 1]!++;
    start[b[p]! + 1]!++;
  }
  for (let z = 0; z < zoneCount; z++) start[z + 1]! += start[z]!;
  const fill = start.slice(0, zoneCount);
  const adjacent = new Int32Array(pairs.length * 2);
  for (let p = 0; p < pairs.length; p++) {
    adjacent[fill[a[p]!]!++] = p;
    adjacent[fill[b[p]!]!++] = p;
  }
  const parentPair = new Int32Array(zoneCount).fill(-1);
  const childOf = new Int32Array(pairs.length).fill(-1);
  const order = new Int32Array(zoneCount);
  const next = start.slice(0, zoneCount);
  const seen = new Uint8Array(zoneCount);
  const stack = new Int32Array(zoneCount);
  let depth = 0;
  let found = 0;
  stack[depth++] = root;
  seen[root] = 1;
  order[found++] = -1;
  while (depth > 0) {
    const z = stack[depth - 1]!;
    if (next[z]! === start[z + 1]!) {
      depth--;
      continue;
    }
    const p = adjacent[next[z]!++]!;
    const other = a[p] === z ? b[p]! : a[p]!;
    if (seen[other]) continue;
    seen[other] = 1;
    parentPair[other] = p;
    childOf[p] = other;
    order[found++] = p;
    stack[depth++] = other;
  }
  return {
    pairs,
    pairA: Int32Array.from(a),
    pairB: Int32Array.from(b),
    pairWall: Int32Array.from(wall),
    parentPair,
    childOf,
    order: order.subarray(0, found),
  };
}

/** Open the wall of edge code e (2t: east of tile t, 2t+1: south of it) and describe it as an unlocked door. */
function openDoor(maze: Maze, e: number): Door {
  const t = e >> 1;
  const x = t % maze.stride;
  const y = (t - x) / maze.stride;
  if ((e & 1) === 0) {
    maze.setLeft(x + 1, y, false);
    return { x: x + 1, y, side: 'left', key: null };
  }
  maze.setTop(x, y + 1, false);
  return { x, y: y + 1, side: 'top', key: null };
}

/** k distinct numbers of 0..n−1, ascending. */
function chooseSorted(n: number, k: number, rng: Rng): number[] {
  const all = Array.from({ length: n }, (_, i) => i);
  for (let i = 0; i < k; i++) {
    const j = i + rng.below(n - i);
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return all.slice(0, k).sort((x, y) => x - y);
}

/**
 * Key j in a uniformly random cell of stage j (between locked doors j−1 and
 * j, side zones included): reachable with keys 0..j−1, and not past door j.
 * The entrance cell is avoided unless it is the stage's only cell. One scan
 * counts, one more finds the drawn cells.
 */
function placeKeys(maze: Maze, zoneOf: Int32Array, stage: Int32Array, count: number, rng: Rng): Key[] {
  const { width, height, stride } = maze;
  const sizes = new Float64Array(count);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const s = stage[zoneOf[y * stride + x]!]!;
      if (s < count && (x | y) !== 0) sizes[s]!++;
    }
  }
  const keys: Key[] = [];
  const rank = new Float64Array(count);
  for (let j = 0; j < count; j++) {
    rank[j] = sizes[j]! > 0 ? rng.below(sizes[j]!) : -1;
    keys.push({ x: 0, y: 0, door: -1 }); // the entrance, when its stage has no other cell
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const s = stage[zoneOf[y * stride + x]!]!;
      if (s >= count || (x | y) === 0) continue;
      if (rank[s] === 0) keys[s] = { x, y, door: -1 };
      rank[s]!--;
    }
  }
  return keys;
}
