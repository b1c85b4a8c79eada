/**
 * Growing tree: the general form of which the backtracker and Prim are
 * special cases; `--pick` says which active cell grows next.
 *
 * 1. Mark a random cell visited; it is the only active cell.
 * 2. Pick an active cell (below); if it has unvisited neighbors, open the
 *    wall to a random one, mark it and make it active (the newest);
 *    otherwise it stops being active.
 * 3. Stop when no cell is active.
 *
 * `--pick`:
 * - newest: the most recently activated cell, i.e. depth-first search (the
 *   backtracker's texture: long winding corridors, few dead ends);
 * - random: a uniformly random active cell (Prim-like: short branches,
 *   many dead ends);
 * - oldest: the least recently activated cell (breadth-first: straight
 *   corridors radiating from the start, long dead ends);
 * - mix, the default: newest with probability 1/2, else random — long
 *   corridors with frequent side branches, a texture neither the
 *   backtracker nor Prim gives, which is why it is the default.
 *
 * The active cells sit in activation order in one Int32Array; a cell that
 * stops being active is replaced by a tombstone (−1), so "newest" and
 * "oldest" stay exact. Tombstones at either end are trimmed at once; for
 * mix, a random pick redraws on a tombstone, and the list is compacted
 * when tombstones are over a quarter of it, so each pick costs O(1) on
 * average. With random alone, order is irrelevant and the list stays
 * packed: a removal moves the last cell into the hole.
 */
import { LEFT, Maze, TOP } from '../model/maze.js';
import type { StepSink } from '../model/steps.js';
import { cellStep, headStep, wallStep } from '../model/steps.js';
import { choiceOption } from '../options.js';
import type { Tick } from '../tick.js';
import { TICK_MASK } from '../tick.js';
import type { Rng } from '../rng.js';
import { framedCells } from './frame.js';
import type { Grid } from '../grid/grid.js';
import { randomIn } from '../grid/grid.js';
import { defineAlgorithm } from './types.js';

export type Pick = 'newest' | 'random' | 'oldest' | 'mix';

const pick = choiceOption<Pick>('which active cell grows next', ['newest', 'random', 'oldest', 'mix'], 'mix');

export default defineAlgorithm({
  name: 'growing-tree',
  description: 'growing tree: grows from an active cell chosen by --pick (newest, random, oldest or mix, the default)',
  options: { pick },
  startsFrom: 'closed',
  carve: (grid, { pick }, rng, tick) => growGridTree(grid, PICK_CODES[pick], rng, tick),
  generate({ width, height }, { pick }, rng, tick, sink) {
    const maze = Maze.closed(width, height);
    growTree(maze.walls, width, height, PICK_CODES[pick], rng, tick, sink);
    return maze;
  },
});

const NEWEST = 0;
const RANDOM = 1;
const OLDEST = 2;
const MIX = 3;
const PICK_CODES: Record<Pick, number> = { newest: NEWEST, random: RANDOM, oldest: OLDEST, mix: MIX };

const UNVISITED = 0;
const VISITED = 1;
const GONE = -1;

/**
 * Cells are framed indices v (tile index + W + 1, see framedCells). Steps
 * (`sink`): active cells are marked; the cell picked is the head.
 */
function growTree(walls: Uint8Array, width: number, height: number, mode: number, rng: Rng, tick?: Tick, sink?: StepSink): void {
  const stride = width + 1;
  const state = framedCells(width, height, VISITED);
  const active = new Int32Array(width * height); // each cell is activated once
  const choices = new Int32Array(4);
  const first = rng.below(width * height);
  const v0 = (Math.floor(first / width) + 1) * stride + (first % width);
  state[v0] = VISITED;
  active[0] = v0;
  sink?.(cellStep(stride, v0 - stride, 'active'));
  let head = 0; // active[head] and active[tail − 1] are never tombstones
  let tail = 1;
  let live = 1;
  let grown = 1;
  let bits = 0;
  let bitsLeft = 0;
  while (live > 0) {
    let i: number;
    if (mode === NEWEST) i = tail - 1;
    else if (mode === OLDEST) i = head;
    else if (mode === RANDOM) i = rng.below(tail); // packed: no tombstones, head = 0
    else {
      if (bitsLeft === 0) {
        bits = rng.u32();
        bitsLeft = 32;
      }
      const newest = (bits & 1) === 0;
      bits >>>= 1;
      bitsLeft--;
      if (newest) i = tail - 1;
      else {
        if (live * 4 < (tail - head) * 3) {
          // compact: keep the active cells in order, at the front
          let w = 0;
          for (let r = head; r < tail; r++) {
            const c = active[r]!;
            if (c !== GONE) active[w++] = c;
          }
          head = 0;
          tail = w;
        }
        do i = head + rng.below(tail - head);
        while (active[i] === GONE);
      }
    }
    const v = active[i]!;
    sink?.(headStep(stride, v - stride));
    let k = 0;
    if (state[v + 1] === UNVISITED) choices[k++] = v + 1;
    if (state[v + stride] === UNVISITED) choices[k++] = v + stride;
    if (state[v - 1] === UNVISITED) choices[k++] = v - 1;
    if (state[v - stride] === UNVISITED) choices[k++] = v - stride;
    if (k === 0) {
      live--;
      sink?.(cellStep(stride, v - stride, 'none'));
      if (mode === RANDOM) {
        // order means nothing to uniform picks: fill the hole with the last cell
        active[i] = active[--tail]!;
        continue;
      }
      active[i] = GONE;
      while (tail > head && active[tail - 1] === GONE) tail--;
      while (head < tail && active[head] === GONE) head++;
      continue;
    }
    const n = choices[k === 1 ? 0 : rng.below(k)]!;
    if (n === v + 1) walls[n - stride]! &= ~LEFT;
    else if (n === v - 1) walls[v - stride]! &= ~LEFT;
    else if (n > v) walls[n - stride]! &= ~TOP;
    else walls[v - stride]! &= ~TOP;
    if (sink) {
      sink(wallStep(stride, (n > v ? n : v) - stride, n !== v + 1 && n !== v - 1, false));
      sink(cellStep(stride, n - stride, 'active'));
    }
    state[n] = VISITED;
    active[tail++] = n;
    live++;
    if ((++grown & TICK_MASK) === 0) tick?.(grown);
  }
}

/**
 * The same growth over any grid (grid/grid.ts: every shape, every mask),
 * with the same active list and draws: on the plain square grid it grows
 * the very maze growTree grows (test/grid.test.ts holds it to that).
 */
function growGridTree(grid: Grid, mode: number, rng: Rng, tick?: Tick): void {
  const state = new Uint8Array(grid.cellCount);
  const active = new Int32Array(grid.inCount);
  const around = new Int32Array(grid.maxDegree);
  const choices = new Int32Array(grid.maxDegree);
  const first = randomIn(grid, rng);
  state[first] = VISITED;
  active[0] = first;
  grid.mark(first, 'active');
  let head = 0;
  let tail = 1;
  let live = 1;
  let grown = 1;
  let bits = 0;
  let bitsLeft = 0;
  while (live > 0) {
    let i: number;
    if (mode === NEWEST) i = tail - 1;
    else if (mode === OLDEST) i = head;
    else if (mode === RANDOM) i = rng.below(tail);
    else {
      if (bitsLeft === 0) {
        bits = rng.u32();
        bitsLeft = 32;
      }
      const newest = (bits & 1) === 0;
      bits >>>= 1;
      bitsLeft--;
      if (newest) i = tail - 1;
      else {
        if (live * 4 < (tail - head) * 3) {
          let w = 0;
          for (let r = head; r < tail; r++) {
            const c = active[r]!;
            if (c !== GONE) active[w++] = c;
          }
          head = 0;
          tail = w;
        }
        do i = head + rng.below(tail - head);
        while (active[i] === GONE);
      }
    }
    const v = active[i]!;
    grid.head(v);
    const n = grid.neighbors(v, around);
    let k = 0;
    for (let j = 0; j < n; j++) if (state[around[j]!] === UNVISITED) choices[k++] = around[j]!;
    if (k === 0) {
      live--;
      grid.mark(v, 'none');
      if (mode === RANDOM) {
        active[i] = active[--tail]!;
        continue;
      }
      active[i] = GONE;
      while (tail > head && active[tail - 1] === GONE) tail--;
      while (head < tail && active[head] === GONE) head++;
      continue;
    }
    const c = choices[k === 1 ? 0 : rng.below(k)]!;
    grid.link(v, c);
    grid.mark(c, 'active');
    state[c] = VISITED;
    active[tail++] = c;
    live++;
    if ((++grown & TICK_MASK) === 0) tick?.(grown);
  }
}
