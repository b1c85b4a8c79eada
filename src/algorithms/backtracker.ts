/**
 * Recursive backtracker (seeds 002 and 004): depth-first search.
 *
 * 1. Mark the start cell visited and push it.
 * 2. Look at the top of the stack: if it has unvisited neighbors, open the
 *    wall to a random one, mark it and push it; otherwise pop.
 * 3. Stop when the stack is empty.
 *
 * The stack lives in the cells (two bits each: the way back), never on the
 * call stack, so nothing overflows and a 5000 × 5000 maze needs 25 MB.
 */
import { LEFT, Maze, TOP } from '../model/maze.js';
import type { StepSink } from '../model/steps.js';
import { cellOption, checkCellInGrid } from '../model/options.js';
import type { Tick } from '../tick.js';
import { TICK_MASK } from '../tick.js';
import type { Rng } from '../rng.js';
import type { FrameGroups, Grid, GridFrame } from '../grid/grid.js';
import { frameClassCount, OUTSIDE, startCell } from '../grid/grid.js';
import { SquareGrid } from '../grid/square.js';
import type { Mask } from '../model/mask.js';
import { defineAlgorithm } from './types.js';

const start = cellOption('start cell x,y (0-based)', '0,0');

export default defineAlgorithm({
  name: 'backtracker',
  description: "recursive backtracker (Miklix's generator, the C++ tutorial): depth-first search; long winding corridors",
  options: { start },
  startsFrom: 'closed',
  // on a mask: the hot loop with the outside marked visited (speed within 1.2× of the rectangle's)
  onMask: true,
  carve: (grid, { start }, rng, tick) => searchGrid(grid, startCell(grid, start[0], start[1]), rng, tick),
  validate({ width, height }, { start }) {
    checkCellInGrid(start, 'start', width, height);
  },
  generate({ width, height, mask }, { start }, rng, tick, sink) {
    const [sx, sy] = start;
    if (mask) {
      // a start outside the mask (the default 0,0, say) moves to the mask's first cell
      const first = mask.cells[sy * width + sx] === 1 ? sy * width + sx : mask.cells.indexOf(1);
      if (sink) {
        const closed = Maze.closed(width, height);
        closed.wallOffOutside(mask);
        searchGrid(new SquareGrid(closed, mask, sink), first, rng);
        return closed;
      }
      const x = first % width;
      const maze = carveDepthFirst(width, height, ((first - x) / width) * (width + 1) + x, rng, tick, mask);
      maze.mask = mask;
      return maze;
    }
    // the hot loop below stays as it is: steps take a plain search of their own
    if (sink) return stepDepthFirst(width, height, sx, sy, rng, sink);
    return carveDepthFirst(width, height, sy * (width + 1) + sx, rng, tick);
  },
});

/** For each mask of unvisited neighbors (bit d for direction d: east, south, west, north): how many, and the i-th. */
const COUNT = new Uint8Array(16);
const NTH = new Uint8Array(64);
for (let mask = 0; mask < 16; mask++) {
  for (let d = 0; d < 4; d++) if (mask & (1 << d)) NTH[mask * 4 + COUNT[mask]!++] = d;
}

/** A cell's mark in the work array, beside its tile's TOP and LEFT bits. */
const VISITED = 4;
/** Bits 3–4 of a visited cell: the direction back to the cell it was entered from. */
const BACK_SHIFT = 3;

/**
 * The search works in one array, `framedCells`' layout (cell t at t + W + 1,
 * a frame of sentinels around), holding each tile's TOP and LEFT bits, the
 * VISITED mark and the way back together: reading a neighbor's mark and
 * opening a wall then touch the same bytes, which the search is bound by
 * (issue 11: within 1.5× of the C reference). The frame is marked visited,
 * so no neighbor needs a bounds test; its bottom row is tile row H, the
 * bottom border. At the end the marks are cleared and the array, less its
 * top row, becomes the maze's walls.
 *
 * The stack is in the cells too: a cell entered from its neighbor records
 * the direction back, and backing up follows it, so the search visits
 * exactly what a stack of cells would give (the stack's top is the current
 * cell, and below it the cell it was entered from) in 2 bits a cell rather
 * than an array of W·H integers.
 *
 * The hot loop draws exactly what `rng.below(k)` would, in the same order:
 * the unvisited neighbors are read into a 4-bit mask without branches, the
 * k-th choice comes from a table, the wall to open and the way back are
 * worked out from the direction without a branch, and sfc32 steps inline
 * in local variables rather than through the object's fields.
 */
function carveDepthFirst(width: number, height: number, first: number, rng: Rng, tick?: Tick, mask?: Mask): Maze {
  const stride = width + 1;
  const work = new Uint8Array(stride * (height + 2));
  work.fill(VISITED, 0, stride);
  work.fill(TOP | LEFT, stride, stride * (height + 1));
  for (let v = 2 * stride - 1; v < stride * (height + 1); v += stride) work[v] = LEFT | VISITED;
  work.fill(TOP | VISITED, stride * (height + 1), stride * (height + 2) - 1);
  work[stride * (height + 2) - 1] = VISITED;
  // a mask's outside cells are visited from the start: never entered, their walls never opened
  if (mask) for (let c = 0; c < width * height; c++) if (mask.cells[c] === 0) work[c + Math.floor(c / width) + stride]! |= VISITED;

  // per direction (east, south, west, north): the step to the neighbor; the
  // way back from it is the opposite direction, (d + 2) & 3
  const step = Int32Array.of(1, stride, -1, -stride);

  // `| 0`: the words int32 from the start (Rng.state)
  const state = rng.state();
  let a = state[0] | 0;
  let b = state[1] | 0;
  let c = state[2] | 0;
  let d = state[3] | 0;
  const root = first + stride;
  let v = root;
  let carved = 1;
  work[v]! |= VISITED;
  for (;;) {
    const mask = ((~work[v + 1]! & VISITED) >> 2) | ((~work[v + stride]! & VISITED) >> 1) | (~work[v - 1]! & VISITED) | ((~work[v - stride]! & VISITED) << 1);
    if (mask === 0) {
      if (v === root) break;
      v += step[(work[v]! >> BACK_SHIFT) & 3]!; // back up one cell
      continue;
    }
    const k = COUNT[mask]!;
    let i = 0;
    if (k > 1) {
      // rng.below(k), inline: sfc32's step (Rng.u32), then Lemire's multiply-high
      // ⌊out·k / 2^32⌋ in 16-bit halves, exactly (no float on the path to the next cell)
      const t0 = (a + b) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (c << 21) | (c >>> 11);
      d = (d + 1) | 0;
      const out = (t0 + d) | 0;
      c = (c + out) | 0;
      i = ((out >>> 16) * k + (((out & 0xffff) * k) >>> 16)) >>> 16;
    }
    const dir = NTH[(mask << 2) + i]!;
    const s = step[dir]!;
    const w = v + (s & ((dir >> 1) - 1)); // east and south: the neighbor's wall; west and north: this cell's
    work[w] = work[w]! & ~(LEFT >> (dir & 1));
    v += s;
    work[v]! |= VISITED | (((dir + 2) & 3) << BACK_SHIFT);
    if ((++carved & TICK_MASK) === 0) tick?.(carved);
  }
  rng.setState([a, b, c, d]);
  // clear the marks four bytes at a time (the buffer starts aligned), then the last few
  const words = new Uint32Array(work.buffer, 0, work.length >> 2);
  for (let w = 0; w < words.length; w++) words[w]! &= 0x01010101 * (TOP | LEFT);
  for (let v = words.length << 2; v < work.length; v++) work[v]! &= TOP | LEFT;
  return new Maze(width, height, work.subarray(stride));
}

/**
 * The same search, telling its steps: the head moving on (a wall opened,
 * the cell pushed, marked active) and backing up (the cell popped, no
 * longer marked). Plain code over a stack of cells: it draws exactly what
 * carveDepthFirst draws (rng.below(k) among the unvisited neighbors in the
 * order east, south, west, north, no draw for a single one), so it opens
 * the same walls; test/steps.test.ts replays them against generate.
 */
function stepDepthFirst(width: number, height: number, sx: number, sy: number, rng: Rng, sink: StepSink): Maze {
  const maze = Maze.closed(width, height);
  const visited = new Uint8Array(width * height);
  const stack = new Int32Array(width * height);
  const choices = new Int32Array(4);
  const dx = [1, 0, -1, 0];
  const dy = [0, 1, 0, -1];
  let depth = 0;
  stack[depth++] = sy * width + sx;
  visited[sy * width + sx] = 1;
  sink({ type: 'cell', x: sx, y: sy, mark: 'active' });
  sink({ type: 'head', x: sx, y: sy });
  while (depth > 0) {
    const c = stack[depth - 1]!;
    const x = c % width;
    const y = (c - x) / width;
    let k = 0;
    for (let d = 0; d < 4; d++) {
      const nx = x + dx[d]!;
      const ny = y + dy[d]!;
      if (nx >= 0 && ny >= 0 && nx < width && ny < height && !visited[ny * width + nx]) choices[k++] = d;
    }
    if (k === 0) {
      depth--;
      sink({ type: 'cell', x, y, mark: 'none' });
      if (depth > 0) {
        const p = stack[depth - 1]!;
        sink({ type: 'head', x: p % width, y: Math.floor(p / width) });
      }
      continue;
    }
    const d = choices[k === 1 ? 0 : rng.below(k)]!;
    const nx = x + dx[d]!;
    const ny = y + dy[d]!;
    maze.carve(x, y, nx, ny);
    sink(d === 0 ? { type: 'wall', x: nx, y, side: 'left', active: false, color: 0 }
      : d === 1 ? { type: 'wall', x, y: ny, side: 'top', active: false, color: 0 }
      : d === 2 ? { type: 'wall', x, y, side: 'left', active: false, color: 0 }
      : { type: 'wall', x, y, side: 'top', active: false, color: 0 });
    visited[ny * width + nx] = 1;
    stack[depth++] = ny * width + nx;
    sink({ type: 'cell', x: nx, y: ny, mark: 'active' });
    sink({ type: 'head', x: nx, y: ny });
  }
  return maze;
}

/**
 * The same search over any grid (grid/grid.ts: every shape, every mask), as
 * stepDepthFirst does it: a stack of cells, a draw among the unvisited
 * neighbors in the grid's order only when there are several. On the plain
 * square grid (neighbors east, south, west, north) it carves exactly what
 * carveDepthFirst carves (test/grid.test.ts holds it to that).
 */
function searchGrid(grid: Grid, first: number, rng: Rng, tick?: Tick): void {
  if (grid.groups) {
    const state = rng.state();
    searchGroups(grid.groups, grid.groups.placeOf(first), first, state, tick);
    rng.setState(state);
    return;
  }
  if (grid.frame) return searchFrame(grid.frame, grid.maxDegree, first, rng, tick);
  const visited = new Uint8Array(grid.cellCount);
  const stack = new Int32Array(grid.inCount);
  const around = new Int32Array(grid.maxDegree);
  const choices = new Int32Array(grid.maxDegree);
  let depth = 0;
  stack[depth++] = first;
  visited[first] = 1;
  grid.mark(first, 'active');
  grid.head(first);
  let carved = 1;
  while (depth > 0) {
    const c = stack[depth - 1]!;
    const n = grid.neighbors(c, around);
    let k = 0;
    for (let i = 0; i < n; i++) if (visited[around[i]!] === 0) choices[k++] = around[i]!;
    if (k === 0) {
      depth--;
      grid.mark(c, 'none');
      if (depth > 0) grid.head(stack[depth - 1]!);
      continue;
    }
    const next = choices[k === 1 ? 0 : rng.below(k)]!;
    grid.link(c, next);
    visited[next] = 1;
    stack[depth++] = next;
    grid.mark(next, 'active');
    grid.head(next);
    if ((++carved & TICK_MASK) === 0) tick?.(carved);
  }
}

/** For each set of up to 8 slots (bit s: slot s): how many, and the i-th (SLOT_NTH[set·8 + i]). */
const SLOT_COUNT = new Uint8Array(256);
const SLOT_NTH = new Uint8Array(256 * 8);
for (let set = 0; set < 256; set++) {
  for (let s = 0; s < 8; s++) if (set & (1 << s)) SLOT_NTH[set * 8 + SLOT_COUNT[set]!++] = s;
}

/**
 * searchGrid over a grid's frame (grid.ts, GridFrame), as carveDepthFirst
 * works the square grid's: one byte per place holds the visited mark
 * (OUTSIDE, which the border and a mask's outside carry from the start)
 * and the way back (the slot to the cell it was entered from, plus one),
 * so a neighbour is a fixed offset away and never needs a bounds test, and
 * the stack is in the cells. The unvisited neighbours are read into a set
 * of slots without a branch, the k-th taken from a table, and sfc32 steps
 * inline. Each step forward opens its passage in the maze as it goes
 * (the frame's steps and backs), the cell kept beside the place, rather than in a
 * pass over the ways back afterwards (a pass a third as long as the
 * search). The slots come in the grid's neighbour order, so it draws what
 * searchGrid draws and carves the same maze.
 */
function searchFrame(frame: GridFrame, degree: number, first: number, rng: Rng, tick?: Tick): void {
  const tables = searchTables(frame, degree);
  const work = frame.blank();
  const state = rng.state();
  const p = frame.placeOf(first);
  if ((frame.classes ?? null) === null && frame.classMask === 0 && degree === 6) searchUniform(work, tables, frame.passages, p, first, state, tick);
  else searchLoop(work, frame.classes ?? null, frame.classMask, tables, frame.passages, p, first, degree, state, tick);
  rng.setState(state);
}

/** A frame's tables as searchLoop reads them, eight slots a class (grid.ts, GridFrame). */
interface SearchTables {
  /** The neighbour's place less the cell's; past the degree 0, the cell itself, always visited. */
  offsets: Int32Array;
  /** A cell's byte when entered across the slot: visited, and the way back (its own slot to the cell it came from, plus one). */
  entered: Uint8Array;
  /** The passage across the slot: the cell's side's bit, and the bit of the side back of the cell entered. */
  mySide: Uint8Array;
  acrossSide: Uint8Array;
  /** The cell entered, less the cell's own. */
  step: Int32Array;
}

/** searchFrame's tables (a function apart, so that the search's loop is the only one its function has to be optimized for). */
function searchTables(frame: GridFrame, degree: number): SearchTables {
  const size = frameClassCount(frame, degree) * 8;
  const t: SearchTables = { offsets: new Int32Array(size), entered: new Uint8Array(size), mySide: new Uint8Array(size), acrossSide: new Uint8Array(size), step: new Int32Array(size) };
  for (let i = 0; i < frame.offsets.length; i++) {
    const at = ((i / degree) | 0) * 8 + (i % degree);
    t.offsets[at] = frame.offsets[i]!;
    t.entered[at] = OUTSIDE | (frame.backs[i]! + 1);
    t.mySide[at] = 1 << i % degree;
    t.acrossSide[at] = 1 << frame.backs[i]!;
    t.step[at] = frame.steps[i]!;
  }
  return t;
}

/**
 * The step of searchLoop's first tick (then every 2^16): early, so that
 * the loop has met its call (with a place for what it learns of it, which
 * V8 makes only after the loop's first few dozen rounds) before it is
 * optimized, and the optimized loop is not thrown out at its first tick.
 */
const FIRST_TICK = 0x100;

/** searchFrame's search from place `p`, cell `cell`, sfc32's state in `state` (read, then written back). */
function searchLoop(work: Uint8Array, classes: Uint8Array | null, classMask: number, tables: SearchTables, passages: Uint8Array, p: number, cell: number, degree: number, state: [number, number, number, number], tick?: Tick): void {
  const { offsets, entered, mySide, acrossSide, step } = tables;
  // the slots read: four, six or eight, as the degree needs (a test the branch predictor always gets right)
  const five = degree > 4;
  const seven = degree > 6;
  const full = seven ? 0xff : five ? 0x3f : 0xf;
  let a = state[0] | 0;
  let b = state[1] | 0;
  let c = state[2] | 0;
  let d = state[3] | 0;
  work[p] = OUTSIDE;
  let carved = 1;
  for (;;) {
    const row = (classes === null ? p & classMask : classes[p]!) << 3;
    let seen = (work[p + offsets[row]!]! >> 7) | ((work[p + offsets[row + 1]!]! >> 7) << 1) | ((work[p + offsets[row + 2]!]! >> 7) << 2) | ((work[p + offsets[row + 3]!]! >> 7) << 3);
    if (five) seen |= ((work[p + offsets[row + 4]!]! >> 7) << 4) | ((work[p + offsets[row + 5]!]! >> 7) << 5);
    if (seven) seen |= ((work[p + offsets[row + 6]!]! >> 7) << 6) | ((work[p + offsets[row + 7]!]! >> 7) << 7);
    const set = seen ^ full;
    if (set === 0) {
      const back = work[p]! & 7;
      if (back === 0) break; // the first cell
      p += offsets[row + back - 1]!; // back up one cell
      cell += step[row + back - 1]!;
      continue;
    }
    const k = SLOT_COUNT[set]!;
    let i = 0;
    if (k > 1) {
      // rng.below(k), inline as in carveDepthFirst
      const t0 = (a + b) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (c << 21) | (c >>> 11);
      d = (d + 1) | 0;
      const out = (t0 + d) | 0;
      c = (c + out) | 0;
      i = ((out >>> 16) * k + (((out & 0xffff) * k) >>> 16)) >>> 16;
    }
    const at = row + SLOT_NTH[(set << 3) + i]!;
    p += offsets[at]!;
    work[p] = entered[at]!;
    // the cell's own side and the side back of the cell it enters
    passages[cell]! |= mySide[at]!;
    cell += step[at]!;
    passages[cell]! |= acrossSide[at]!;
    if ((carved & TICK_MASK) === FIRST_TICK) tick?.(carved);
    carved++;
  }
  state[0] = a;
  state[1] = b;
  state[2] = c;
  state[3] = d;
}

/**
 * searchLoop over a frame of six sides whose places are all of class 0 and
 * whose passages open their two cells' own sides (levels on the square
 * grid: north, east, south, west, up, down): the class's neighbour offsets
 * held in locals, not read from its row at every step. A loop of its own
 * rather than a test in searchLoop's: with the test, the square levels'
 * search ran no quicker (cold, 1000 × 333 × 3: this loop 0.8× searchLoop's
 * time, the test 1.0×).
 */
function searchUniform(work: Uint8Array, tables: SearchTables, passages: Uint8Array, p: number, cell: number, state: [number, number, number, number], tick?: Tick): void {
  const { offsets, entered, mySide, acrossSide, step } = tables;
  const north = offsets[0]!;
  const east = offsets[1]!;
  const south = offsets[2]!;
  const west = offsets[3]!;
  const up = offsets[4]!;
  const down = offsets[5]!;
  let a = state[0] | 0;
  let b = state[1] | 0;
  let c = state[2] | 0;
  let d = state[3] | 0;
  work[p] = OUTSIDE;
  let carved = 1;
  for (;;) {
    const seen = (work[p + north]! >> 7) | ((work[p + east]! >> 7) << 1) | ((work[p + south]! >> 7) << 2) | ((work[p + west]! >> 7) << 3) | ((work[p + up]! >> 7) << 4) | ((work[p + down]! >> 7) << 5);
    const set = seen ^ 0x3f;
    if (set === 0) {
      const back = work[p]! & 7;
      if (back === 0) break; // the first cell
      p += offsets[back - 1]!; // back up one cell
      cell += step[back - 1]!;
      continue;
    }
    const k = SLOT_COUNT[set]!;
    let i = 0;
    if (k > 1) {
      // rng.below(k), inline as in carveDepthFirst
      const t0 = (a + b) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (c << 21) | (c >>> 11);
      d = (d + 1) | 0;
      const out = (t0 + d) | 0;
      c = (c + out) | 0;
      i = ((out >>> 16) * k + (((out & 0xffff) * k) >>> 16)) >>> 16;
    }
    const at = SLOT_NTH[(set << 3) + i]!;
    p += offsets[at]!;
    work[p] = entered[at]!;
    passages[cell]! |= mySide[at]!;
    cell += step[at]!;
    passages[cell]! |= acrossSide[at]!;
    if ((carved & TICK_MASK) === FIRST_TICK) tick?.(carved);
    carved++;
  }
  state[0] = a;
  state[1] = b;
  state[2] = c;
  state[3] = d;
}

/**
 * searchLoop over a frame's groups of places (grid.ts, FrameGroups: a
 * weave's crossings), from the head at place `p`, cell `cell`: a node's
 * class is its head's kind's, each side's place across is read for the
 * visited mark, and a step across it enters the node that place belongs
 * to, marking its partner place (a group's other end, which other nodes'
 * sides reach) visited too. The way back, in the head's byte, is a slot of
 * the head's class, whose place across is turned to its head the same
 * way. No place needs a class of its own: the weave's classes, worked out
 * over every place, took as long as this search. The groups' tables are
 * read from two arrays (groupTables), four numbers a slot and a kind,
 * rather than the nine FrameGroups keeps them in: with fewer arrays the
 * loop keeps more in registers, and its optimized code comes sooner (the
 * 1000² weave 0.92× the pipeline's time, cold, over 24 paired runs). Each
 * place's kind is read from its own byte (kindsBlank: the kind in the low
 * four bits, the way back in the next three, the visited mark on top), so
 * the search reads two arrays of a byte a place or a cell, not three
 * (0.975× the time at 1000², 0.95× at 1450²).
 */
function searchGroups(groups: FrameGroups, p: number, cell: number, state: [number, number, number, number], tick?: Tick): void {
  const { passages } = groups;
  const { slots, heads, entered } = groupTables(groups);
  // each place's kind in its low four bits, the way back above them, the visited mark the top bit
  const work = groups.kindsBlank();
  let a = state[0] | 0;
  let b = state[1] | 0;
  let c = state[2] | 0;
  let d = state[3] | 0;
  work[p + heads[((work[p]! & 15) << 2) + 2]!]! |= OUTSIDE;
  work[p]! |= OUTSIDE;
  let carved = 1;
  for (;;) {
    const here = work[p]!;
    const row = (here & 15) << 5;
    // a node's six slots (a cell alone's last two at offset 0: itself, visited)
    const seen = (work[p + slots[row]!]! >> 7) | ((work[p + slots[row + 4]!]! >> 7) << 1) | ((work[p + slots[row + 8]!]! >> 7) << 2) | ((work[p + slots[row + 12]!]! >> 7) << 3) | ((work[p + slots[row + 16]!]! >> 7) << 4) | ((work[p + slots[row + 20]!]! >> 7) << 5);
    const set = seen ^ 0x3f;
    if (set === 0) {
      const back = (here >> 4) & 7;
      if (back === 0) break; // the first cell
      // back up one node: the place across the way back, then its head
      const at = row + ((back - 1) << 2);
      const q = p + slots[at]!;
      const kind = (work[q]! & 15) << 2;
      p = q + heads[kind]!;
      cell += slots[at + 2]! + heads[kind + 1]!;
      continue;
    }
    const k = SLOT_COUNT[set]!;
    let i = 0;
    if (k > 1) {
      // rng.below(k), inline as in carveDepthFirst
      const t0 = (a + b) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (c << 21) | (c >>> 11);
      d = (d + 1) | 0;
      const out = (t0 + d) | 0;
      c = (c + out) | 0;
      i = ((out >>> 16) * k + (((out & 0xffff) * k) >>> 16)) >>> 16;
    }
    const at = row + (SLOT_NTH[(set << 3) + i]! << 2);
    const q = p + slots[at]!;
    const kind = work[q]! & 15;
    const k4 = kind << 2;
    p = q + heads[k4]!;
    const bits = slots[at + 3]!;
    work[p + heads[k4 + 2]!]! |= OUTSIDE;
    work[p] = (work[p]! & 15) | entered[(kind << 3) + (bits & 7)]!;
    passages[cell + slots[at + 1]!]! |= (bits >> 8) & 0xff;
    const beyond = cell + slots[at + 2]!;
    passages[beyond]! |= bits >>> 16;
    cell = beyond + heads[k4 + 1]!;
    if ((carved & TICK_MASK) === FIRST_TICK) tick?.(carved);
    carved++;
  }
  state[0] = a;
  state[1] = b;
  state[2] = c;
  state[3] = d;
}

/** searchGroups' tables, four numbers a slot (offset, mine, across, and sides | mySide << 8 | acrossSide << 16) and a kind (toHeadPlace, toHeadCell, partner). */
function groupTables(groups: FrameGroups): { slots: Int32Array; heads: Int32Array; entered: Uint8Array } {
  const { offsets, sides, mine, mySide, across, acrossSide, toHeadPlace, toHeadCell, partner } = groups;
  // the way back above a place's kind: OUTSIDE and the slot back plus one, shifted
  const entered = groups.entered.map((e) => (e & OUTSIDE) | ((e & 7) << 4));
  const slots = new Int32Array(offsets.length * 4);
  for (let at = 0; at < offsets.length; at++) {
    slots[4 * at] = offsets[at]!;
    slots[4 * at + 1] = mine[at]!;
    slots[4 * at + 2] = across[at]!;
    slots[4 * at + 3] = sides[at]! | (mySide[at]! << 8) | (acrossSide[at]! << 16);
  }
  const heads = new Int32Array(toHeadPlace.length * 4);
  for (let k = 0; k < toHeadPlace.length; k++) {
    heads[4 * k] = toHeadPlace[k]!;
    heads[4 * k + 1] = toHeadCell[k]!;
    heads[4 * k + 2] = partner[k]!;
  }
  return { slots, heads, entered };
}
