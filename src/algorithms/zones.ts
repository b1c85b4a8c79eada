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
 * 3. Doors (the seed's doorsTab): one door for every pair of adjacent
 *    zones, on a random wall of their shared boundary (the first of the
 *    shuffled walls between them). The zone graph has loops, as in the seed.
 * 4. The route (the seed's findKeyPath, longest first): the longest simple
 *    route of zones from the entrance's zone to the exit's that a bounded
 *    search finds (`longestRoute`).
 * 5. Stages: the route is cut into K+1 stretches; stage i is the zones a
 *    player reaches with keys 0..i−1, and the zones off the route join the
 *    highest stage among their neighbors (`stagesOf`). A door between
 *    stages a < b is locked with key b−1: with loops in the zone graph a
 *    lock only matters when it closes every way out of the region reached
 *    before it (a cut), so one key may lock several doors. Key i lies in a
 *    random cell of stage i. So: solvable, every key needed (without key
 *    i nothing past stage i is reached, the exit included), keys taken in
 *    order. Of CUT_TRIALS random cuts, the one leaving the most doors
 *    inside one stage past the first lock (room for decoys) is kept; the
 *    first lock leaves more than the entrance cell before it, so that no
 *    key lies on the entrance (nor on the exit, past every lock).
 *    When the route has fewer than K doors, the growth is drawn
 *    again (same seed, same result); after a few tries the zones off the
 *    route may be stages of their own (`connectedOrder`).
 * 6. Decoys ("fausses portes de la même couleur qu'une clé en la possession
 *    du joueur"): a door between two zones of one stage i ≥ 1 may take any
 *    key 0..i−1, all of which a player there holds, so it never blocks.
 *
 * On a mask (SPEC "Masks") the zones grow within it: only the walls
 * between two of its cells are shuffled, the other cells stay walled off,
 * and the entrance and the exit are the mask's cells nearest the top-left
 * and the bottom-right corners (`maskEnds`). The rest reads the same: the
 * proof that every cell ends in a final zone needs only a connected grid.
 */
import { MazeError } from '../errors.js';
import type { Mask } from '../model/mask.js';
import { cornerEnds } from '../passages/ends.js';
import type { Door, Key, Point } from '../model/maze.js';
import { keyColor, LEFT, Maze, TOP } from '../model/maze.js';
import type { StepSink } from '../model/steps.js';
import { wallStep } from '../model/steps.js';
import { autoCountOption } from '../model/options.js';
import type { Tick } from '../tick.js';
import { TICK_MASK } from '../tick.js';
import type { Rng } from '../rng.js';
import { findRoot, IN_CACHE_EDGES, shuffledWalls } from '../grid/walls.js';
import type { Size } from './types.js';
import { defineAlgorithm } from './types.js';

/** A type, not an interface, so that it fits the registry's Record<string, unknown> options. */
export type ZonesOptions = {
  zones: 'auto' | number;
  keys: 'auto' | number;
  decoys: 'auto' | number;
};

/** Keys are drawn as the letters A–Z (ASCII), one each. */
export const MAX_KEYS = 26;
const MAX_ZONES = 1_000_000;
const MAX_DECOYS = 1_000_000;
const AUTO_ZONES = 6;
const AUTO_KEYS = 3;
/** Growths tried with the keys along the route alone, then with the zones off it as stages too. */
const ROUTE_ATTEMPTS = 4;
const ATTEMPTS = 16;
/** Steps of the longest-route search (seed 003 tries every length, longest first; bounded here). */
const ROUTE_BUDGET = 50_000;
/** Random cuts of the route tried, keeping the one with the most room for decoys. */
const CUT_TRIALS = 24;

/** A count, or auto: what fits the grid (so that the defaults work at every size, 1 × 1 included). */

/** Zones for a grid: auto is 6 where they fit; a single cell has one zone, any other grid at least two (entrance, exit). */
function zonesFor(cells: number, zones: 'auto' | number): number {
  if (cells === 1) return 1;
  return Math.min(cells, Math.max(2, zones === 'auto' ? AUTO_ZONES : zones));
}

export default defineAlgorithm({
  name: 'zones',
  ownEnds: true,
  startsFrom: 'closed',
  description: 'keys and doors (the levels of an ncurses student game): zones grown from seeded cells, a door between every two neighbors, keys that lock the way out',
  options: {
    zones: autoCountOption(`zones (areas joined by doors), entrance and exit zones included, or auto: ${AUTO_ZONES}, fewer on a tiny grid`, MAX_ZONES),
    keys: autoCountOption(`keys, each needed on the way from entrance to exit (exactly this many), at most --zones − 1 and ${MAX_KEYS}, or auto: ${AUTO_KEYS} where they fit`, MAX_KEYS),
    decoys: autoCountOption('decoy doors, colored with a key the player already holds there (at most this many: they need two neighbouring zones behind one lock), or auto: about half of those that fit', MAX_DECOYS),
  },
  onMask: true,
  validate({ width, height, mask }, { zones, keys }) {
    const cells = mask ? mask.count : width * height;
    const grid = mask ? 'mask' : `${width} × ${height} grid`;
    if (zones !== 'auto' && zones > cells) {
      throw new MazeError((n) => `${n('zones')} ${zones} is more than the ${grid}'s ${cells} cells; use ${n('zones')} ${cells} or fewer`, { code: 'impossible', option: 'zones' });
    }
    if (zones !== 'auto' && cells > 1 && zones < 2) {
      throw new MazeError((n) => `${n('zones')} ${zones} leaves no zone for the exit; use ${n('zones')} 2 or more (the entrance's and the exit's)`, { code: 'impossible', option: 'zones' });
    }
    const zoneCount = zonesFor(cells, zones);
    if (keys !== 'auto' && keys > zoneCount - 1) {
      throw new MazeError(
        (n) => `${n('keys')} ${keys} would need at least ${keys + 1} zones (each key opens the way into a zone of its own); use ${n('keys')} ${zoneCount - 1} or fewer, or raise ${n('zones')}`,
        { code: 'impossible', option: 'keys' },
      );
    }
    // a key never lies on the entrance (it would hide the player) nor on the exit
    if (keys !== 'auto' && keys > 0 && keys > cells - 2) {
      const room = Math.max(0, cells - 2);
      throw new MazeError(
        (n) =>
          `${n('keys')} ${keys} would need ${keys} cell${keys === 1 ? '' : 's'} besides the entrance and the exit (no key lies on either), and the ${grid} has ${room === 0 ? 'none' : room}; ` +
          `use ${room === 0 ? `${n('keys')} 0` : `${n('keys')} ${room} or fewer`}, or a larger grid`,
        { code: 'impossible', option: 'keys' },
      );
    }
  },
  generate(size, options, rng, tick, sink) {
    return generateZones(size, options, rng, tick, sink);
  },
});

/** One growth of the zones, with its doors' zone graph and the stages its keys would make. */
interface Level {
  maze: Maze;
  zoneOf: Int32Array;
  graph: ZoneGraph;
  /** Stage of each zone: the keys a player there has had to use. */
  stage: Int32Array;
  /** Keys this growth fits, up to the number wanted. */
  keys: number;
  /** The walls its zones opened, in order (tile index · 2, + 1 for a top wall), when steps are told; else null. */
  opened: number[] | null;
}

/**
 * The whole run. Numbers the CLI's validate would refuse are clamped here
 * for direct callers: zones to [2, cells] (1 on a single cell), keys to
 * zones − 1. `--keys K` gets exactly K keys or a MazeError saying what
 * fits; auto settles for what fits. Steps (`sink`): the zones' walls
 * opening, of the growth kept only (the others are drawn and dropped),
 * then the doors opening, the keys' colors, the doors and the keys.
 */
export function generateZones({ width, height, mask }: Size, options: ZonesOptions, rng: Rng, tick?: Tick, sink?: StepSink): Maze {
  const zoneCount = zonesFor(mask ? mask.count : width * height, options.zones);
  const wanted = Math.min(zoneCount - 1, options.keys === 'auto' ? AUTO_KEYS : options.keys);
  const ground: Ground = { width, height, mask: mask ?? null, ends: cornerPair({ width, height, mask: mask ?? null }) };
  let best: Level | null = null;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const level = growLevel(ground, zoneCount, wanted, attempt >= ROUTE_ATTEMPTS - 1, rng, tick, sink !== undefined);
    if (!best || level.keys > best.keys) best = level;
    if (level.keys === wanted) break;
  }
  if (best!.keys < wanted && options.keys !== 'auto') {
    const fit = best!.keys;
    throw new MazeError(
      (n) =>
        `${n('keys')} ${wanted} cannot all fit the ${mask ? 'mask' : `${width} × ${height} grid`}'s ${zoneCount} zones (the exit's zone walls some off); ` +
        `${fit} fit: use ${n('keys')} ${fit} or fewer, or change ${n('zones')}`,
      { code: 'impossible', option: 'keys' },
    );
  }
  if (sink) for (const w of best!.opened!) sink(wallStep(width + 1, w >> 1, (w & 1) === 1, false));
  return finishLevel(best!, options.decoys, rng, sink);
}

/** Where the zones grow: the grid, the mask's cells (null: all of them), the entrance and the exit. */
interface Ground {
  width: number;
  height: number;
  mask: Mask | null;
  ends: [Point, Point];
}

/** On a mask, the entrance and the exit: its cells nearest the corners (model/mask.ts, as `--ends corners` takes them). */

/** Steps 1–5 up to the stages: a closed maze with its zones grown and their doors opened. */
function growLevel(ground: Ground, zoneCount: number, wanted: number, offRoute: boolean, rng: Rng, tick?: Tick, record = false): Level {
  const { width, height, mask, ends } = ground;
  const maze = Maze.closed(width, height);
  if (mask) maze.wallOffOutside(mask);
  const stride = width + 1;
  maze.start = [...ends[0]];
  maze.end = [...ends[1]];
  const edges = shuffledWalls(width, height, rng, IN_CACHE_EDGES, undefined, mask ?? undefined);
  const opened = record ? [] : null;
  const seeds = seedCells(ground, zoneCount, rng);
  const zoneOf = growZones(maze, edges, seeds, tick, opened);
  const graph = zoneGraph(edges, zoneOf, zoneCount, stride);
  const stage = new Int32Array(zoneCount);
  if (zoneCount === 1 || wanted === 0) return { maze, zoneOf, graph, stage, keys: 0, opened };
  const entrance = 0; // seedCells: the entrance's zone is final zone 0, the exit's zone 1
  const exit = 1;
  // Key 0 lies in stage 0 but never on the entrance, where it would hide
  // the player: when the entrance's zone is that one cell, the first lock
  // comes after the next zone at the earliest.
  let entranceCells = 0;
  for (let y = 0; y < height && entranceCells < 2; y++) for (let t = y * stride, end = t + width; t < end; t++) if (zoneOf[t] === entrance) entranceCells++;
  const firstCut = entranceCells === 1 ? 1 : 0;
  const route = longestRoute(graph, entrance, exit);
  // The zones before the exit, each prefix connected: the route, or with
  // `offRoute` (when the route is too short) every zone reached before the exit.
  let order = route.subarray(0, route.length - 1);
  if (order.length - firstCut < wanted && offRoute) order = connectedOrder(graph, order, exit);
  const keys = Math.max(0, Math.min(wanted, order.length - firstCut));
  // Of a few random cuts, the one leaving the most room for decoys.
  const trial = new Int32Array(zoneCount);
  let room = -Infinity;
  for (let i = 0; i < CUT_TRIALS && room < graph.pairA.length; i++) {
    stagesOf(graph, order, exit, keys, firstCut, trial, rng);
    const r = decoyRoom(graph, trial);
    if (r > room) {
      room = r;
      stage.set(trial);
    }
  }
  return { maze, zoneOf, graph, stage, keys, opened };
}

/** Steps 5–6 on the growth kept: doors opened and locked, keys placed, decoys colored. */
function finishLevel(level: Level, decoys: 'auto' | number, rng: Rng, sink?: StepSink): Maze {
  const { maze, zoneOf, graph, stage, keys: keyCount } = level;
  const { pairA, pairB, pairWall } = graph;
  const doors: Door[] = [];
  const candidates: number[] = [];
  for (let p = 0; p < pairA.length; p++) {
    const a = stage[pairA[p]!]!;
    const b = stage[pairB[p]!]!;
    const door = openDoor(maze, pairWall[p]!);
    sink?.({ type: 'wall', x: door.x, y: door.y, side: door.side, active: false, color: 0 });
    if (a !== b) door.key = Math.max(a, b) - 1;
    else if (a >= 1) candidates.push(p);
    doors.push(door);
  }
  const keys = placeKeys(maze, zoneOf, stage, keyCount, rng);
  for (let k = 0; k < keyCount; k++) {
    const index = maze.addColor(keyColor(k));
    sink?.({ type: 'color', index, rgb: keyColor(k) });
  }
  doors.forEach((door, i) => {
    if (door.key !== null && keys[door.key]!.door < 0) keys[door.key]!.door = i;
  });
  const decoyCount = Math.min(candidates.length, decoys === 'auto' ? Math.ceil(candidates.length / 2) : decoys);
  for (const c of chooseSorted(candidates.length, decoyCount, rng)) {
    const p = candidates[c]!;
    doors[p]!.key = rng.below(stage[pairA[p]!]!);
  }
  maze.doors = doors;
  maze.keys = keys;
  if (sink) {
    for (const d of doors) sink({ type: 'door', ...d });
    for (const k of keys) sink({ type: 'key', ...k });
  }
  return maze;
}

/**
 * Tile indices of the final zones' first cells: entrance, exit, then Z−2
 * distinct random cells, of the rectangle's cells between its corners
 * (numbered y·W + x, 1 to W·H − 2) or of a mask's cells but its entrance
 * and exit (listed by tile).
 */
function seedCells({ width, height, mask, ends: [entrance, exit] }: Ground, zoneCount: number, rng: Rng): Int32Array {
  const stride = width + 1;
  const seeds = new Int32Array(zoneCount);
  seeds[0] = entrance[1] * stride + entrance[0];
  if (zoneCount === 1) return seeds;
  seeds[1] = exit[1] * stride + exit[0];
  let others: Int32Array | null = null;
  if (mask && zoneCount > 2) {
    others = new Int32Array(mask.count - 2);
    let n = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0, t = y * stride; x < width; x++, t++) {
        if (mask.cells[y * width + x] !== 0 && t !== seeds[0] && t !== seeds[1]) others[n++] = t;
      }
    }
  }
  // Partial Fisher–Yates over the candidates 0..count−1, kept sparse in a
  // Map so that 5 zones on a huge grid cost nothing.
  const swapped = new Map<number, number>();
  const at = (k: number): number => swapped.get(k) ?? k;
  const count = others ? others.length : width * height - 2;
  for (let n = 2; n < zoneCount; n++) {
    // candidates n−2..count−1 remain
    const k = n - 2 + rng.below(count - n + 2);
    const pick = at(k);
    swapped.set(k, at(n - 2));
    if (others) {
      seeds[n] = others[pick]!;
    } else {
      const cell = pick + 1;
      const x = cell % width;
      seeds[n] = ((cell - x) / width) * stride + x;
    }
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
function growZones(maze: Maze, edges: Int32Array, seeds: Int32Array, tick?: Tick, opened: number[] | null = null): Int32Array {
  const { walls, stride } = maze;
  const parent = new Int32Array(walls.length).fill(-1);
  const kind = new Int32Array(walls.length);
  for (let f = 0; f < seeds.length; f++) kind[seeds[f]!] = -(f + 1);
  const priority = (k: number): number => (k < 0 ? 2 : k > 0 ? 1 : 0);
  const perEdge = (maze.mask ? maze.mask.count : maze.width * maze.height) / edges.length; // a progress line counts cells
  for (let i = 0; i < edges.length; i++) {
    if ((i & TICK_MASK) === 0) tick?.(i * perEdge);
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
    opened?.push(b * 2 + (e & 1));
  }
  const zoneOf = new Int32Array(walls.length).fill(-1);
  const mask = maze.mask;
  for (let y = 0; y < maze.height; y++) {
    for (let t = y * stride, end = t + maze.width; t < end; t++) {
      if (mask && mask.cells[t - y] === 0) continue; // outside the mask: no zone (tile y·(W+1) + x is cell y·W + x)
      const k = kind[findRoot(parent, t)]!;
      if (k >= 0) throw new Error(`zones: cell ${t % stride},${y} ended in no final zone`);
      zoneOf[t] = -k - 1;
    }
  }
  return zoneOf;
}

/** Adjacent zone pairs (a < b) and the wall of their door, with each zone's pairs (CSR). */
interface ZoneGraph {
  pairA: Int32Array;
  pairB: Int32Array;
  /** Edge code of the door's wall: 2t east of tile t, 2t+1 south of it. */
  pairWall: Int32Array;
  /** Pairs of zone z: adjacent[start[z] .. start[z+1]). */
  start: Int32Array;
  adjacent: Int32Array;
}

/**
 * Step 3, the seed's doorsTab: every pair of adjacent zones, with the first
 * of the shuffled walls between them, a uniformly random one, as its door.
 */
function zoneGraph(edges: Int32Array, zoneOf: Int32Array, zoneCount: number, stride: number): ZoneGraph {
  const pairIndex = new Map<number, number>();
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
    pairIndex.set(id, a.length);
    a.push(lo);
    b.push(hi);
    wall.push(e);
  }
  // Adjacency lists (CSR), in the shuffled walls' order.
  const start = new Int32Array(zoneCount + 1);
  for (let p = 0; p < a.length; p++) {
    start[a[p]! + 1]!++;
    start[b[p]! + 1]!++;
  }
  for (let z = 0; z < zoneCount; z++) start[z + 1]! += start[z]!;
  const fill = start.slice(0, zoneCount);
  const adjacent = new Int32Array(a.length * 2);
  for (let p = 0; p < a.length; p++) {
    adjacent[fill[a[p]!]!++] = p;
    adjacent[fill[b[p]!]!++] = p;
  }
  return { pairA: Int32Array.from(a), pairB: Int32Array.from(b), pairWall: Int32Array.from(wall), start, adjacent };
}

function otherZone(graph: ZoneGraph, p: number, z: number): number {
  return graph.pairA[p] === z ? graph.pairB[p]! : graph.pairA[p]!;
}

/**
 * Step 4, the seed's findKeyPath, longest first: the zones of the longest
 * simple route from `from` to `to` found. A depth-first tree's route (never
 * short, found in O(zones + pairs)) is improved by a search of every simple
 * route, depth first, stopped after ROUTE_BUDGET steps or at a route
 * through every zone: exhaustive on the usual few dozen zones.
 */
function longestRoute(graph: ZoneGraph, from: number, to: number): Int32Array {
  const { start, adjacent } = graph;
  const zoneCount = start.length - 1;
  const stack = new Int32Array(zoneCount);
  const next = new Int32Array(zoneCount);
  const onRoute = new Uint8Array(zoneCount);
  let best = new Int32Array(0);
  for (const exhaustive of [false, true]) {
    onRoute.fill(0);
    let depth = 0;
    let budget = exhaustive ? ROUTE_BUDGET : Infinity;
    stack[depth++] = from;
    next[from] = start[from]!;
    onRoute[from] = 1;
    while (depth > 0 && budget-- > 0 && best.length < zoneCount) {
      const z = stack[depth - 1]!;
      if (z === to || next[z]! === start[z + 1]!) {
        if (z === to && depth > best.length) best = stack.slice(0, depth);
        if (!exhaustive && z === to) break;
        depth--;
        if (exhaustive) onRoute[z] = 0; // the tree walk keeps its marks: each zone once
        continue;
      }
      const other = otherZone(graph, adjacent[next[z]!++]!, z);
      if (onRoute[other]) continue;
      onRoute[other] = 1;
      next[other] = start[other]!;
      stack[depth++] = other;
    }
  }
  return best;
}

/**
 * The route's zones before the exit, then every other zone a player
 * reaches without passing the exit's zone, breadth first: each prefix
 * connected, so any cut of it into stretches gives stages.
 */
function connectedOrder(graph: ZoneGraph, route: Int32Array, exit: number): Int32Array {
  const { start, adjacent } = graph;
  const zoneCount = start.length - 1;
  const order = new Int32Array(zoneCount);
  const seen = new Uint8Array(zoneCount);
  seen[exit] = 1;
  let length = 0;
  for (const z of route) {
    order[length++] = z;
    seen[z] = 1;
  }
  for (let head = 0; head < length; head++) {
    const z = order[head]!;
    for (let i = start[z]!; i < start[z + 1]!; i++) {
      const other = otherZone(graph, adjacent[i]!, z);
      if (seen[other]) continue;
      seen[other] = 1;
      order[length++] = other;
    }
  }
  return order.subarray(0, length);
}

/**
 * Step 5: `order` (the zones before the exit, each prefix connected) and
 * then the exit cut into keys + 1 stretches at random (the first at least
 * firstCut + 1 zones long), stretch i being
 * stage i; every other zone, reached breadth first from those, takes the
 * highest stage among its neighbors already staged, so each stage's zones
 * and those below it stay connected.
 */
function stagesOf(graph: ZoneGraph, order: Int32Array, exit: number, keys: number, firstCut: number, stage: Int32Array, rng: Rng): void {
  const { start, adjacent } = graph;
  const zoneCount = start.length - 1;
  const staged = new Uint8Array(zoneCount);
  // `keys` of the gaps after each zone of the order, from gap `firstCut` on, end a stage.
  const cuts = chooseSorted(order.length - firstCut, keys, rng).map((c) => c + firstCut);
  const queue = new Int32Array(zoneCount);
  let length = 0;
  let s = 0;
  for (let i = 0, c = 0; i < order.length; i++) {
    stage[order[i]!] = s;
    staged[order[i]!] = 1;
    queue[length++] = order[i]!;
    if (c < cuts.length && cuts[c] === i) {
      s++;
      c++;
    }
  }
  stage[exit] = keys;
  staged[exit] = 1;
  queue[length++] = exit;
  for (let head = 0; head < length; head++) {
    const z = queue[head]!;
    for (let i = start[z]!; i < start[z + 1]!; i++) {
      const other = otherZone(graph, adjacent[i]!, z);
      if (staged[other]) continue;
      staged[other] = 1;
      let highest = 0;
      for (let j = start[other]!; j < start[other + 1]!; j++) {
        const n = otherZone(graph, adjacent[j]!, other);
        if (staged[n] && n !== other) highest = Math.max(highest, stage[n]!);
      }
      stage[other] = highest;
      queue[length++] = other;
    }
  }
}

/** Doors that may be decoys: between two zones of one stage past the first lock. */
function decoyRoom(graph: ZoneGraph, stage: Int32Array): number {
  let room = 0;
  for (let p = 0; p < graph.pairA.length; p++) {
    const s = stage[graph.pairA[p]!]!;
    if (s >= 1 && s === stage[graph.pairB[p]!]) room++;
  }
  return room;
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
 * Key j in a uniformly random cell of stage j: reachable with keys 0..j−1,
 * and not before. Never on the entrance (stage 0 always has another cell,
 * see growLevel) nor on the exit (which is in stage K, past every key).
 * One scan counts, one more finds the drawn cells.
 */
function placeKeys(maze: Maze, zoneOf: Int32Array, stage: Int32Array, count: number, rng: Rng): Key[] {
  const { width, height, stride } = maze;
  // the entrance's tile (cell (0, 0) but on a mask); cells outside a mask have no zone
  const entrance = maze.start![1] * stride + maze.start![0];
  const sizes = new Float64Array(count);
  for (let y = 0; y < height; y++) {
    for (let x = 0, t = y * stride; x < width; x++, t++) {
      if (zoneOf[t]! < 0) continue;
      const s = stage[zoneOf[t]!]!;
      if (s < count && t !== entrance) sizes[s]!++;
    }
  }
  const keys: Key[] = [];
  const rank = new Float64Array(count);
  for (let j = 0; j < count; j++) {
    if (sizes[j] === 0) throw new Error(`zones: stage ${j} has no cell for its key but the entrance`);
    rank[j] = rng.below(sizes[j]!);
    keys.push({ x: -1, y: -1, door: -1 });
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0, t = y * stride; x < width; x++, t++) {
      if (zoneOf[t]! < 0) continue;
      const s = stage[zoneOf[t]!]!;
      if (s >= count || t === entrance) continue;
      if (rank[s] === 0) keys[s] = { x, y, door: -1 };
      rank[s]!--;
    }
  }
  return keys;
}

/** The entrance and the exit: the corner cells (of the mask, when there is one), as `--ends corners` takes them. */
function cornerPair(size: { width: number; height: number; mask: Mask | null }): [Point, Point] {
  const { start, end } = cornerEnds(size);
  return [start, end];
}
