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
 *   backtracker nor Prim gives, which is why it is the default;
 * - a blend, `newest=P` or `oldest=P` (P from 0 to 1, up to three
 *   decimals): newest (or oldest) with probability P, else random — a dial
 *   from Prim's texture (P = 0) to the backtracker's (newest=1) or the
 *   breadth-first one (oldest=1), which `--difficulty` turns. One draw
 *   of the rng a pick (below 1000), then the random pick's own.
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
import { listChoices, MazeError } from '../errors.js';
import { choiceOption, findChoice } from '../model/options.js';
import type { Tick } from '../tick.js';
import { TICK_MASK } from '../tick.js';
import type { Rng } from '../rng.js';
import { framedCells } from './frame.js';
import type { Grid } from '../grid/grid.js';
import { randomIn } from '../grid/grid.js';
import { defineAlgorithm } from './types.js';

export type Pick = 'newest' | 'random' | 'oldest' | 'mix' | `newest=${number}` | `oldest=${number}`;

const PICK_WORDS = ['newest', 'random', 'oldest', 'mix'] as const;
const words = choiceOption<Pick>('which active cell grows next', PICK_WORDS, 'mix');

/** A blend `newest=P` or `oldest=P`, P written with at most three decimals, as its canonical text; else null. */
function blendOf(raw: string): Pick | null {
  const m = /^\s*(newest|oldest)\s*=\s*(0(?:\.\d{1,3})?|1(?:\.0{1,3})?)\s*$/i.exec(raw);
  return m ? (`${m[1]!.toLowerCase()}=${Number(m[2])}` as Pick) : null;
}

const pick = {
  ...words,
  describe: `${words.describe}, or newest=P or oldest=P (that pick with probability P, else random)`,
  parse: (raw: string, name: string): Pick => blendOf(raw) ?? findChoice(raw, PICK_WORDS) ?? badPick(raw, name),
  check: (value: unknown, name: string): Pick => (typeof value === 'string' && (blendOf(value) ?? findChoice(value, PICK_WORDS) ?? badPick(value, name))) || words.check(value, name),
};

/** One refusal for a word and a blend alike, naming both forms (a word's listed the four words alone). */
function badPick(raw: string, name: string): never {
  throw new MazeError((n) => `${n(name)} must be ${listChoices(PICK_WORDS)}, or newest=P or oldest=P (P from 0 to 1, three decimals at most), got '${raw}'`, { code: 'invalid-value', option: name });
}

export default defineAlgorithm({
  name: 'growing-tree',
  description: 'growing tree: grows from an active cell chosen by its pick option (newest, random, oldest or mix, the default)',
  options: { pick },
  startsFrom: 'closed',
  carve: (grid, { pick }, rng, tick) => growGridTree(grid, pickCode(pick), rng, tick),
  generate({ width, height }, { pick }, rng, tick, sink) {
    const maze = Maze.closed(width, height);
    growTree(maze.walls, width, height, pickCode(pick), rng, tick, sink);
    return maze;
  },
});

const NEWEST = 0;
const RANDOM = 1;
const OLDEST = 2;
const MIX = 3;
/** A blend's code: BLEND + 1000 · newest share, or OLDEST_BLEND + that for oldest (the share in thousandths). */
const BLEND = 1000;
const OLDEST_BLEND = 3000;
const PICK_CODES: Record<(typeof PICK_WORDS)[number], number> = { newest: NEWEST, random: RANDOM, oldest: OLDEST, mix: MIX };

/** The code ActiveCells reads: a word's, or a blend's (BLEND or OLDEST_BLEND plus the share in thousandths). */
function pickCode(pick: Pick): number {
  const eq = pick.indexOf('=');
  if (eq < 0) return PICK_CODES[pick as (typeof PICK_WORDS)[number]];
  const share = Math.round(Number(pick.slice(eq + 1)) * 1000);
  return (pick.startsWith('newest') ? BLEND : OLDEST_BLEND) + share;
}

const UNVISITED = 0;
const VISITED = 1;
const GONE = -1;

/**
 * The active cells in activation order (see the top of this file): `pick`
 * gives the index of the one that grows next, as `--pick` says, drawing
 * from the rng exactly as the algorithm always has; `add` activates a
 * cell; `drop(i)` ends the one at index i. Both the square grid's loop and
 * the carve over any grid keep their cells here.
 */
class ActiveCells {
  readonly cells: Int32Array;
  /** cells[head] and cells[tail − 1] are never tombstones. */
  private head = 0;
  private tail = 0;
  live = 0;
  private bits = 0;
  private bitsLeft = 0;

  constructor(capacity: number, private readonly mode: number, private readonly rng: Rng) {
    this.cells = new Int32Array(capacity); // each cell is activated once
  }

  add(c: number): void {
    this.cells[this.tail++] = c;
    this.live++;
  }

  pick(): number {
    const { mode, rng, cells } = this;
    if (mode === NEWEST) return this.tail - 1;
    if (mode === OLDEST) return this.head;
    if (mode === RANDOM) return rng.below(this.tail); // packed: no tombstones, head = 0
    if (mode >= BLEND) {
      // a blend: that pick with probability share/1000
      const oldest = mode >= OLDEST_BLEND;
      if (rng.below(1000) < mode - (oldest ? OLDEST_BLEND : BLEND)) return oldest ? this.head : this.tail - 1;
    } else {
      if (this.bitsLeft === 0) {
        this.bits = rng.u32();
        this.bitsLeft = 32;
      }
      const newest = (this.bits & 1) === 0;
      this.bits >>>= 1;
      this.bitsLeft--;
      if (newest) return this.tail - 1;
    }
    if (this.live * 4 < (this.tail - this.head) * 3) {
      // compact: keep the active cells in order, at the front
      let w = 0;
      for (let r = this.head; r < this.tail; r++) {
        const c = cells[r]!;
        if (c !== GONE) cells[w++] = c;
      }
      this.head = 0;
      this.tail = w;
    }
    let i: number;
    do i = this.head + rng.below(this.tail - this.head);
    while (cells[i] === GONE);
    return i;
  }

  drop(i: number): void {
    const cells = this.cells;
    this.live--;
    if (this.mode === RANDOM) {
      // order means nothing to uniform picks: fill the hole with the last cell
      cells[i] = cells[--this.tail]!;
      return;
    }
    cells[i] = GONE;
    while (this.tail > this.head && cells[this.tail - 1] === GONE) this.tail--;
    while (this.head < this.tail && cells[this.head] === GONE) this.head++;
  }
}

/**
 * Cells are framed indices v (tile index + W + 1, see framedCells). Steps
 * (`sink`): active cells are marked; the cell picked is the head.
 */
function growTree(walls: Uint8Array, width: number, height: number, mode: number, rng: Rng, tick?: Tick, sink?: StepSink): void {
  const stride = width + 1;
  const state = framedCells(width, height, VISITED);
  const active = new ActiveCells(width * height, mode, rng);
  const choices = new Int32Array(4);
  const first = rng.below(width * height);
  const v0 = (Math.floor(first / width) + 1) * stride + (first % width);
  state[v0] = VISITED;
  active.add(v0);
  sink?.(cellStep(stride, v0 - stride, 'active'));
  let grown = 1;
  while (active.live > 0) {
    const i = active.pick();
    const v = active.cells[i]!;
    sink?.(headStep(stride, v - stride));
    let k = 0;
    if (state[v + 1] === UNVISITED) choices[k++] = v + 1;
    if (state[v + stride] === UNVISITED) choices[k++] = v + stride;
    if (state[v - 1] === UNVISITED) choices[k++] = v - 1;
    if (state[v - stride] === UNVISITED) choices[k++] = v - stride;
    if (k === 0) {
      active.drop(i);
      sink?.(cellStep(stride, v - stride, 'none'));
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
    active.add(n);
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
  const active = new ActiveCells(grid.inCount, mode, rng);
  const around = new Int32Array(grid.maxDegree);
  const choices = new Int32Array(grid.maxDegree);
  const first = randomIn(grid, rng);
  state[first] = VISITED;
  active.add(first);
  grid.mark(first, 'active');
  let grown = 1;
  while (active.live > 0) {
    const i = active.pick();
    const v = active.cells[i]!;
    grid.head(v);
    const n = grid.neighbors(v, around);
    let k = 0;
    for (let j = 0; j < n; j++) if (state[around[j]!] === UNVISITED) choices[k++] = around[j]!;
    if (k === 0) {
      active.drop(i);
      grid.mark(v, 'none');
      continue;
    }
    const c = choices[k === 1 ? 0 : rng.below(k)]!;
    grid.link(v, c);
    grid.mark(c, 'active');
    state[c] = VISITED;
    active.add(c);
    if ((++grown & TICK_MASK) === 0) tick?.(grown);
  }
}
