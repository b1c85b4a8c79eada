/**
 * Paths through a maze: the shortest path between two cells, over the
 * breadth-first search of search.ts (the square's own, over its wall
 * arrays; any grid's, over the passages view).
 *
 * Keys and doors (zones, seed 003): a locked door is an open wall that a
 * player crosses only holding its key, and a key is picked up by stepping
 * on its cell. `shortestWalk` then searches (cell, keys held) states
 * breadth first (`keyedWalk`): the shortest walk from start to end that
 * never crosses a door before holding its key; it may pass a cell twice
 * (fetching a key and coming back). Without a locked door it is the plain
 * search above.
 */
import { MazeError } from '../errors.js';
import { GraphMaze } from '../grid/graph-maze.js';
import type { Tick } from '../tick.js';
import { TICK_MASK } from '../tick.js';
import type { Maze, Point } from '../model/maze.js';
import { EAST, LEFT, NORTH, SOUTH, TOP, WEST } from '../model/maze.js';
import type { AnyMaze } from './view.js';
import { searchMarks, SOURCE } from '../model/search.js';
import { cellPath, passagesOf } from './view.js';

/**
 * The cells of a shortest path from `start` to `end`, both included, as
 * tile numbers y·(W+1) + x; null when no path joins them.
 */
export function shortestPath(maze: Maze, start: Point, end: Point, tick?: Tick): Int32Array | null {
  const view = passagesOf(maze);
  return cellPath(view, view.cellAt(start), view.cellAt(end), tick);
}

/** Tile numbers as the model's [x, y] points. */
export function toPoints(maze: Maze, tiles: Int32Array): Point[] {
  const { stride } = maze;
  const points: Point[] = new Array<Point>(tiles.length);
  for (let i = 0; i < tiles.length; i++) {
    const t = tiles[i]!;
    points[i] = [t % stride, Math.floor(t / stride)];
  }
  return points;
}

/** The default endpoints: the top-left and the bottom-right cell. */
export function defaultEnds(maze: Maze): { start: Point; end: Point } {
  return { start: [0, 0], end: [maze.width - 1, maze.height - 1] };
}

/**
 * Store the shortest walk from `start` to `end` in the maze (start, end and
 * solution), whatever its grid, or refuse with a MazeError when the two
 * cells do not connect (a hand-made maze may be in several parts, or lock
 * its keys away). `tick` is told the cells searched (a plain search; a
 * keyed one says nothing).
 */
export function solveMaze(maze: AnyMaze, start: Point, end: Point, tick?: Tick): void {
  const view = passagesOf(maze);
  const path = maze instanceof GraphMaze ? cellPath(view, view.cellAt(start), view.cellAt(end), tick) : shortestWalk(maze, start, end, tick);
  if (!path) {
    const why = !(maze instanceof GraphMaze) && locksOf(maze)
      ? 'walls and locked doors keep them apart, whatever keys a player picks up on the way'
      : 'walls cut them apart (stats counts the parts)';
    throw new MazeError((n) => `no path from ${start[0]},${start[1]} to ${end[0]},${end[1]}: ${why}; pick other cells with ${n('from')} and ${n('to')}`, { code: 'no-path' });
  }
  maze.start = start;
  maze.end = end;
  maze.solution = Array.from(path, (c) => view.pointOf(c));
}

/**
 * The cells of the shortest walk from `start` to `end` as tile numbers,
 * both ends included, or null when there is none: through locked doors
 * only holding their keys (`keyedWalk`) when the maze has any, else the
 * plain shortest path. This is what `--solve`, `maze solve`, `maze stats`
 * and the game use.
 */
export function shortestWalk(maze: Maze, start: Point, end: Point, tick?: Tick): Int32Array | null {
  const locks = locksOf(maze);
  return locks ? keyedWalk(maze, locks, start, end) : shortestPath(maze, start, end, tick);
}

/** Most keys a search tells apart: key sets are 31-bit masks. */
export const MAX_SEARCH_KEYS = 31;

/**
 * The keyed search's budget, in states: each set of keys it meets costs one
 * state a cell (its marks, one byte each). A maze `maze gen` makes meets one
 * set per key plus one (keys come in order), so 64 sets a cell always fit
 * it; a small maze gets at least KEYED_MIN_STATES (a few tenths of a
 * second), and none more than KEYED_MAX_STATES (a gigabyte of marks). Past
 * it the search is refused: a crafted maze whose keys can be picked up in
 * any order has 2^keys sets to search.
 */
export const KEYED_SETS_PER_CELL = 64;
export const KEYED_MIN_STATES = 2 ** 22;
export const KEYED_MAX_STATES = 2 ** 30;

/** The states `keyedWalk` may visit in a maze of `tiles` tiles a set (see KEYED_SETS_PER_CELL). */
export function keyedBudget(tiles: number): number {
  return Math.min(KEYED_MAX_STATES, Math.max(KEYED_MIN_STATES, KEYED_SETS_PER_CELL * tiles));
}

/** A maze's locked doors and keys, as the searches read them. */
export interface Locks {
  /** 1 + the key that opens each tile's top wall and left wall, 0 for none. */
  top: Uint8Array;
  left: Uint8Array;
  /** Keys lying in each cell (tile number), as bit masks; only cells with keys that open a door (a key that opens none changes no walk). */
  keysAt: Map<number, number>;
  keyCount: number;
}

/**
 * The locks of a maze (doors with a key), or null when no door is locked.
 * A door naming no key of the maze never opens. Refuses (MazeError) more
 * than MAX_SEARCH_KEYS keys.
 */
export function locksOf(maze: Maze): Locks | null {
  const doors = maze.doors ?? [];
  if (!doors.some((d) => d.key !== null)) return null;
  const keys = maze.keys ?? [];
  if (keys.length > MAX_SEARCH_KEYS) {
    throw new MazeError(`this maze has ${keys.length} keys; the solver handles at most ${MAX_SEARCH_KEYS}`, { code: 'too-large' });
  }
  const top = new Uint8Array(maze.walls.length);
  const left = new Uint8Array(maze.walls.length);
  let opening = 0; // the keys that open some door
  for (const d of doors) {
    if (d.key === null) continue;
    // a key the maze does not have is a lock no key opens: bit 31 is never held
    const lock = d.key < keys.length ? d.key + 1 : 32;
    if (lock <= 31) opening |= 1 << d.key;
    if (d.side === 'top') top[maze.tileIndex(d.x, d.y)] = lock;
    else left[maze.tileIndex(d.x, d.y)] = lock;
  }
  const keysAt = new Map<number, number>();
  keys.forEach((k, i) => {
    if ((opening & (1 << i)) === 0) return;
    const t = maze.tileIndex(k.x, k.y);
    keysAt.set(t, (keysAt.get(t) ?? 0) | (1 << i));
  });
  return { top, left, keysAt, keyCount: keys.length };
}

/**
 * The cells a player reaches from `start` without key `without`, picking
 * up every other key on the way: a locked door opens once its key is held,
 * and the cells that waited at it go on; the left-out key is left where it
 * lies. So a door of that key beside no cell so reached cannot be reached
 * without taking it: a decoy. (Holding every other key from the start
 * would pass doors whose keys lie behind it.) Marks as `searchMarks`
 * gives them, non-zero where reached (the frame column included).
 */
export function reachWithout(maze: Maze, locks: Locks, start: Point, without: number): Uint8Array {
  const { stride, walls } = maze;
  const { top, left, keysAt } = locks;
  const from = searchMarks(maze);
  const limit = from.length;
  const queue = new Int32Array(maze.width * maze.height);
  // per key, the cells beyond its doors that a step met while it was not held
  const waiting: number[][] = Array.from({ length: 31 }, () => []);
  let held = 0;
  let tail = 0;
  const reach = (n: number): void => {
    from[n] = 1;
    queue[tail++] = n;
  };
  const step = (n: number, lock: number): void => {
    if (from[n] !== 0) return;
    if (lock === 0 || (lock <= 31 && ((held >>> (lock - 1)) & 1) === 1)) reach(n);
    else if (lock <= 31) waiting[lock - 1]!.push(n); // lock 32: no key opens it
  };
  const source = start[1] * stride + start[0];
  reach(source);
  from[source] = SOURCE;
  for (let head = 0; head < tail; head++) {
    const t = queue[head]!;
    // a key taken here: the cells beyond its doors go on
    const found = (keysAt.get(t) ?? 0) & ~held & ~(1 << without);
    if (found !== 0) {
      held |= found;
      for (let k = 0; k < 31; k++) if ((found >>> k) & 1) for (const n of waiting[k]!.splice(0)) step(n, 0);
    }
    if (t >= stride && (walls[t]! & TOP) === 0) step(t - stride, top[t]!);
    if ((walls[t + 1]! & LEFT) === 0) step(t + 1, left[t + 1]!);
    if (t + stride < limit && (walls[t + stride]! & TOP) === 0) step(t + stride, top[t + stride]!);
    if (t > 0 && (walls[t]! & LEFT) === 0) step(t - 1, left[t]!);
  }
  return from;
}

/** `from` code of a state entered from another set of keys (or the start), see `keyedWalk`. */
const ENTRY = 7;

/** A state of the keyed search entered by picking up keys: where from. */
interface Entry {
  dist: number;
  tile: number;
  /** The tile stepped from, and the keys held there; −1 for the start. */
  prev: number;
  prevKeys: number;
}

/**
 * Breadth-first search over (cell, keys held) states. Keys are only ever
 * added, and a set of keys is numerically larger than its subsets, so the
 * sets are searched one at a time in increasing order: within one set the
 * search is the plain one over the walls and the doors that set opens;
 * stepping onto a cell with a key not yet held is an entry into a larger
 * set, at its distance. Each set's search takes its entries in order of
 * distance, each when the search reaches that depth (so every set is an
 * exact breadth-first search with several sources), and stops once it is
 * as deep as the best walk to the end found so far. One byte a cell for
 * each set of keys met (a zones maze meets one per key, plus one).
 * `seen`, when given, is handed the search's marks, a byte a tile for each
 * set of keys met (non-zero where it looked, the frame column included).
 */
export function keyedWalk(maze: Maze, locks: Locks, start: Point, end: Point, seen?: { marks?: Map<number, Uint8Array> }): Int32Array | null {
  const { stride, walls } = maze;
  const { top, left, keysAt } = locks;
  const limit = stride * maze.height;
  const source = start[1] * stride + start[0];
  const target = end[1] * stride + end[0];
  const queue = new Int32Array(maze.width * maze.height);
  const marks = new Map<number, Uint8Array>();
  const entered = new Map<number, Map<number, Entry>>();
  const pending = new Map<number, Entry[]>();
  const order = new SetQueue(); // the sets in `pending`, smallest first
  const firstKeys = keysAt.get(source) ?? 0;
  pending.set(firstKeys, [{ dist: 0, tile: source, prev: -1, prevKeys: 0 }]);
  order.push(firstKeys);
  let best = Infinity;
  let bestKeys = -1;
  const step = [-stride, 1, stride, -1];
  const budget = keyedBudget(limit);
  let states = 0;

  while (order.size > 0) {
    const held = order.pop();
    const entries = pending.get(held)!.sort((a, b) => a.dist - b.dist);
    pending.delete(held);
    if (entries[0]!.dist >= best) continue;
    states += limit;
    if (states > budget) {
      throw new MazeError(
        `too many keys to search: this maze's ${locks.keyCount} keys can be picked up in so many orders that finding its shortest walk would take over ${budget} search states (the most a maze of ${maze.width} × ${maze.height} cells gets); a maze made by maze gen never needs that many`,
        { code: 'too-large' },
      );
    }
    const from = searchMarks(maze);
    const enteredHere = new Map<number, Entry>();
    marks.set(held, from);
    entered.set(held, enteredHere);
    // Doors this set of keys opens: lock 0 (none) always, lock k+1 when key k is held.
    const opens = (lock: number): boolean => lock === 0 || (lock <= 31 && ((held >>> (lock - 1)) & 1) === 1);
    let head = 0;
    let tail = 0;
    let layerEnd = 0;
    let depth = -1;
    let e = 0;
    const visit = (n: number, code: number, dist: number, t: number): void => {
      const more = keysAt.get(n);
      if (more !== undefined && (more & ~held) !== 0) {
        const next = held | more;
        const list = pending.get(next);
        const entry = { dist, tile: n, prev: t, prevKeys: held };
        if (list) {
          list.push(entry);
        } else {
          pending.set(next, [entry]);
          order.push(next);
        }
        return;
      }
      from[n] = code;
      queue[tail++] = n;
      if (n === target && dist < best) {
        best = dist;
        bestKeys = held;
      }
    };
    for (;;) {
      if (head === layerEnd) {
        if (head === tail) {
          if (e >= entries.length) break;
          depth = entries[e]!.dist;
        } else {
          depth++;
        }
        if (depth >= best) break;
        for (; e < entries.length && entries[e]!.dist <= depth; e++) {
          const entry = entries[e]!;
          if (from[entry.tile] !== 0) continue;
          enteredHere.set(entry.tile, entry);
          from[entry.tile] = ENTRY;
          queue[tail++] = entry.tile;
          if (entry.tile === target && depth < best) {
            best = depth;
            bestKeys = held;
          }
        }
        layerEnd = tail;
        if (head === tail) continue;
      }
      const t = queue[head++]!;
      const d = depth + 1;
      if (t >= stride && (walls[t]! & TOP) === 0 && from[t - stride] === 0 && opens(top[t]!)) visit(t - stride, NORTH + 1, d, t);
      if ((walls[t + 1]! & LEFT) === 0 && from[t + 1] === 0 && opens(left[t + 1]!)) visit(t + 1, EAST + 1, d, t);
      if (t + stride < limit && (walls[t + stride]! & TOP) === 0 && from[t + stride] === 0 && opens(top[t + stride]!)) visit(t + stride, SOUTH + 1, d, t);
      if (t > 0 && (walls[t]! & LEFT) === 0 && from[t - 1] === 0 && opens(left[t]!)) visit(t - 1, WEST + 1, d, t);
    }
  }
  if (seen) seen.marks = marks;
  if (bestKeys < 0) return null;

  const walk = new Int32Array(best + 1);
  let t = target;
  let held = bestKeys;
  for (let i = best; i >= 0; i--) {
    walk[i] = t;
    const code = marks.get(held)![t]!;
    if (code === ENTRY) {
      const entry = entered.get(held)!.get(t)!;
      t = entry.prev;
      held = entry.prevKeys;
    } else {
      t -= step[code - 1]!;
    }
  }
  return walk;
}

/** A binary min-heap of key sets (bit masks), so that the next set to search is found in O(log n), not by a scan. */
class SetQueue {
  private readonly heap: number[] = [];

  get size(): number {
    return this.heap.length;
  }

  push(set: number): void {
    const heap = this.heap;
    let i = heap.push(set) - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (heap[parent]! <= set) break;
      heap[i] = heap[parent]!;
      i = parent;
    }
    heap[i] = set;
  }

  pop(): number {
    const heap = this.heap;
    const top = heap[0]!;
    const last = heap.pop()!;
    const n = heap.length;
    if (n === 0) return top;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      if (child + 1 < n && heap[child + 1]! < heap[child]!) child++;
      if (heap[child]! >= last) break;
      heap[i] = heap[child]!;
      i = child;
    }
    heap[i] = last;
    return top;
  }
}

/**
 * The search as a viewer sees it spread (`--solve --animate`): the cells a
 * breadth-first search from `start` reaches, each told once (`visit`), in
 * the order it first reaches them, until it reaches `end`. Over (cell, keys
 * held) states when the maze has locked doors, as `keyedWalk`, so that it
 * spreads through a door only once its key is held. One byte a cell for
 * each set of keys met, like keyedWalk; it tells, it stores nothing.
 */
export function spreadSearch(maze: Maze, start: Point, end: Point, visit: (x: number, y: number) => void): void {
  const { stride, walls, width, height } = maze;
  const locks = locksOf(maze);
  const limit = stride * height;
  const target = end[1] * stride + end[0];
  const told = new Uint8Array(limit);
  const reached = new Map<number, Uint8Array>();
  const cells: number[] = [];
  const sets: number[] = [];
  const opens = (held: number, lock: number): boolean => lock === 0 || (lock <= 31 && ((held >>> (lock - 1)) & 1) === 1);
  /** Reach cell t holding `held` (and the keys lying there); whether that is the end. */
  const outside = maze.mask?.cells;
  const reach = (t: number, held: number): boolean => {
    if (outside && outside[t - Math.floor(t / stride)] === 0) return false; // tile t is cell t − y
    const keys = held | (locks?.keysAt.get(t) ?? 0);
    let seen = reached.get(keys);
    if (!seen) reached.set(keys, (seen = new Uint8Array(limit)));
    if (seen[t]) return false;
    seen[t] = 1;
    cells.push(t);
    sets.push(keys);
    if (!told[t]) {
      told[t] = 1;
      const x = t % stride;
      visit(x, (t - x) / stride);
    }
    return t === target;
  };
  if (reach(start[1] * stride + start[0], 0)) return;
  for (let head = 0; head < cells.length; head++) {
    const t = cells[head]!;
    const held = sets[head]!;
    const x = t % stride;
    const y = (t - x) / stride;
    const topLock = locks ? locks.top : null;
    const leftLock = locks ? locks.left : null;
    if (y > 0 && (walls[t]! & TOP) === 0 && opens(held, topLock?.[t] ?? 0) && reach(t - stride, held)) return;
    if (x + 1 < width && (walls[t + 1]! & LEFT) === 0 && opens(held, leftLock?.[t + 1] ?? 0) && reach(t + 1, held)) return;
    if (y + 1 < height && (walls[t + stride]! & TOP) === 0 && opens(held, topLock?.[t + stride] ?? 0) && reach(t + stride, held)) return;
    if (x > 0 && (walls[t]! & LEFT) === 0 && opens(held, leftLock?.[t] ?? 0) && reach(t - 1, held)) return;
  }
}
