/**
 * Every pair of neighbors of a grid once, in a uniformly random order: the
 * walls Kruskal takes on any shape or mask. An edge is the code c·D + i for
 * the i-th neighbor (grid order) of cell c, listed from the smaller cell,
 * D the grid's maxDegree.
 */
import type { Rng } from '../rng.js';
import type { FrameGroups, Grid, GridFrame } from './grid.js';
import { cellSpan, frameClassCount, OUTSIDE } from './grid.js';
import { bucketPlan, IN_CACHE_EDGES as IN_CACHE, shuffleBuckets } from './walls.js';


/** Every edge's code, cells in order, each cell's neighbors in the grid's order: counted, then listed. */
function listEdges(grid: Grid): Int32Array {
  const degree = grid.maxDegree;
  const around = new Int32Array(degree);
  let list: Int32Array | null = null;
  for (let pass = 0; pass < 2; pass++) {
    let n = 0;
    for (let c = 0; c < grid.cellCount; c++) {
      if (!grid.isIn(c)) continue;
      const k = grid.neighbors(c, around);
      for (let i = 0; i < k; i++) {
        if (around[i]! <= c) continue;
        if (list !== null) list[n] = c * degree + i;
        n++;
      }
    }
    list ??= new Int32Array(n);
  }
  return list!;
}

/** Every pair of neighbors of the grid once, in a uniformly random order, each as the code c·D + i (see above). */
export function shuffledEdges(grid: Grid, rng: Rng): Int32Array {
  return shuffleEdges(listEdges(grid), rng);
}

/**
 * A frame's edges (grid.ts, GridFrame), as the carve over a frame lists
 * them: from each cell to each neighbour at a larger place (a positive
 * offset: places keep the cells' order), as the code place·2^shift + i,
 * i the side's kind: its offset, the cell's side's bit and the
 * neighbour's side's bit, the same for every class that has such a side
 * (a square's east side, say), so that a code tells its neighbour and the
 * bits to set with no look-up of its cell's class. `forward` gives, per
 * class and slot, the kind of a side to a larger place, or −1.
 */
export interface FrameEdges {
  readonly shift: number;
  readonly offsets: Int32Array;
  readonly bits: Uint8Array;
  readonly backBits: Uint8Array;
  readonly degree: number;
  readonly forward: Int32Array;
}

export function frameEdges(frame: GridFrame, degree: number): FrameEdges {
  const forward = new Int32Array(frameClassCount(frame, degree) * degree).fill(-1);
  const kinds = edgeKinds();
  for (let i = 0; i < forward.length; i++) if (frame.offsets[i]! > 0) forward[i] = kinds.of(frame.offsets[i]!, i % degree, frame.backs[i]!);
  return { ...kinds.tables(), degree, forward };
}

/** The kinds of sides as FrameEdges numbers them, in the order first met: `of` a side's offset, slot and slot back; `tables` theirs. */
function edgeKinds(): { of(offset: number, slot: number, back: number): number; tables(): Pick<FrameEdges, 'shift' | 'offsets' | 'bits' | 'backBits'> } {
  const known = new Map<number, number>();
  const offsets: number[] = [];
  const slots: number[] = [];
  const backs: number[] = [];
  return {
    of(offset, slot, back) {
      const key = offset * 64 + slot * 8 + back;
      let kind = known.get(key);
      if (kind === undefined) {
        known.set(key, (kind = offsets.length));
        offsets.push(offset);
        slots.push(slot);
        backs.push(back);
      }
      return kind;
    },
    tables: () => ({
      shift: Math.ceil(Math.log2(Math.max(1, offsets.length))),
      offsets: Int32Array.from(offsets),
      bits: Uint8Array.from(slots, (slot) => 1 << slot),
      backBits: Uint8Array.from(backs, (back) => 1 << back),
    }),
  };
}

/**
 * A frame's groups' edges (grid.ts, FrameGroups) as FrameEdges codes: a
 * side's kind is told by the node's kind, the slot and the kind of the
 * place across (its offset to that place's node, the slot's bit, the bit
 * of that node's slot back); `forward` gives it per node's kind·8 + slot,
 * times 16, plus the kind across (the offset's sign is tested as listed:
 * the node across depends on the place's kind).
 */
export function groupEdges(groups: FrameGroups): FrameEdges {
  const { degrees, offsets, toHeadPlace, sides, entered } = groups;
  const count = degrees.length;
  const forward = new Int32Array(count * 8 * 16).fill(-1);
  const kinds = edgeKinds();
  for (let k = 0; k < count; k++) {
    for (let at = k << 3; at < (k << 3) + degrees[k]!; at++) {
      for (let across = 0; across < count; across++) {
        // entered at a place of that kind across that side: the node's slot back, plus one (0: never entered so)
        const enter = entered[(across << 3) + sides[at]!]!;
        if (enter !== 0) forward[(at << 4) + across] = kinds.of(offsets[at]! + toHeadPlace[across]!, at & 7, (enter & 7) - 1);
      }
    }
  }
  return { ...kinds.tables(), degree: 8, forward };
}

/**
 * The groups' edges (groupEdges) in the order listFrameEdges gives the
 * same grid's frame by its classes: places in order, each node's sides to
 * a node at a larger place in slot order, into room for `room` of them.
 */
export function listGroupEdges(edges: FrameEdges, groups: FrameGroups, work: Uint8Array, room: number): Int32Array {
  const list = new Int32Array(room);
  const n = listGroupSides(work, groups.kinds, groups.degrees, groups.offsets, groups.toHeadPlace, edges.forward, edges.shift, list);
  return list.subarray(0, n);
}

/** listGroupEdges' loop, into `list`; how many. */
function listGroupSides(work: Uint8Array, kinds: Uint8Array, degrees: Uint8Array, offsets: Int32Array, toHeadPlace: Int32Array, forward: Int32Array, shift: number, list: Int32Array): number {
  let n = 0;
  for (let p = 0; p < work.length; p++) {
    if (work[p]! >= OUTSIDE) continue;
    const k = kinds[p]!;
    for (let at = k << 3, end = at + degrees[k]!; at < end; at++) {
      const q = p + offsets[at]!;
      if (work[q]! >= OUTSIDE) continue;
      const across = kinds[q]!;
      if (q + toHeadPlace[across]! > p) list[n++] = (p << shift) + forward[(at << 4) + across]!;
    }
  }
  return n;
}

/**
 * The frame's edges in the order listEdges gives the same grid's (cells in
 * order, neighbours in the grid's order), as FrameEdges codes; `work` is
 * the frame's blank bytes (OUTSIDE: no cell of the maze), `cells` how many
 * cells the maze has. One pass, into room for each cell's sides to larger
 * places (those across which no cell lies left over at the end).
 */
export function listFrameEdges(edges: FrameEdges, frame: GridFrame, work: Uint8Array, cells: number): Int32Array {
  const { shift, offsets, degree, forward } = edges;
  const { classMask } = frame;
  const classes = frame.classes ?? null;
  // per class, its sides to larger places' kinds, in slot order: from[k] to from[k + 1] in `kinds`
  const count = forward.length / degree;
  const from = new Int32Array(count + 1);
  const kinds = new Int32Array(forward.length);
  let most = 0;
  for (let k = 0, n = 0; k < count; k++) {
    for (let s = 0; s < degree; s++) if (forward[k * degree + s]! >= 0) kinds[n++] = forward[k * degree + s]!;
    from[k + 1] = n;
    most = Math.max(most, n - from[k]!);
  }
  // room: each cell's sides to larger places, no more than the most any class has
  const list = new Int32Array(cells * most);
  if (classes === null && classMask === 0 && from[1] === 3) {
    const n = listUniformSides(work, kinds[0]!, kinds[1]!, kinds[2]!, offsets, shift, list);
    return list.subarray(0, n);
  }
  const n = listFrameSides(work, classes, classMask, from, kinds, offsets, shift, list);
  return list.subarray(0, n);
}

/**
 * listFrameSides over a frame whose places are all of class 0 with three
 * sides to larger places (levels on the square grid: east, south, up),
 * its kinds and their offsets held in locals rather than read from the
 * class's row for each side: the list in half the time (1000 × 333 × 3,
 * warm: 4 ms against 8.5; in kruskal's first run, with the list's pages
 * new, 11 ms against 16.5), as searchUniform is to searchLoop.
 */
function listUniformSides(work: Uint8Array, k0: number, k1: number, k2: number, offsets: Int32Array, shift: number, list: Int32Array): number {
  const o0 = offsets[k0]!;
  const o1 = offsets[k1]!;
  const o2 = offsets[k2]!;
  let n = 0;
  // from the first cell to the last, not through the border before and after them
  const [first, end] = cellSpan(work);
  for (let p = first; p < end; p++) {
    if (work[p]! >= OUTSIDE) continue;
    const code = p << shift;
    if (work[p + o0]! < OUTSIDE) list[n++] = code + k0;
    if (work[p + o1]! < OUTSIDE) list[n++] = code + k1;
    if (work[p + o2]! < OUTSIDE) list[n++] = code + k2;
  }
  return n;
}

/** listFrameEdges' list, into `list`: each cell's sides to larger places with a cell across, in place and slot order; how many. */
function listFrameSides(work: Uint8Array, classes: Uint8Array | null, classMask: number, from: Int32Array, kinds: Int32Array, offsets: Int32Array, shift: number, list: Int32Array): number {
  let n = 0;
  for (let p = 0; p < work.length; p++) {
    if (work[p]! >= OUTSIDE) continue;
    const k = classes === null ? p & classMask : classes[p]!;
    for (let i = from[k]!, end = from[k + 1]!; i < end; i++) {
      const kind = kinds[i]!;
      if (work[p + offsets[kind]!]! < OUTSIDE) list[n++] = (p << shift) + kind;
    }
  }
  return n;
}

/**
 * Edges listed in order, shuffled as walls.ts shuffles the square grid's
 * walls, with the same draws for the same count: a small list inside-out
 * Fisher–Yates, in place; a large one dropped into random buckets first
 * (two passes over the same draws: count, then place), each bucket then
 * Fisher–Yates shuffled in the cache. Either way every order is equally
 * likely.
 */
export function shuffleEdges(list: Int32Array, rng: Rng): Int32Array {
  const count = list.length;
  if (count <= IN_CACHE) {
    for (let n = 0; n < count; n++) {
      const code = list[n]!;
      const j = rng.below(n + 1);
      list[n] = list[j]!;
      list[j] = code;
    }
    return list;
  }
  const edges = new Int32Array(count);
  const { next, shift, replay, starts } = bucketPlan(count, rng);
  for (let i = 0; i < count; i++) edges[next[replay.u32() >>> shift]!++] = list[i]!;
  shuffleBuckets(edges, starts, rng);
  return edges;
}
