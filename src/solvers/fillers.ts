/**
 * The fillers (Walter Pullen, Think Labyrinth, "Maze solving algorithms":
 * "Dead end filler", "Cul-de-sac filler", "Blind alley sealer", "Blind
 * alley filler"; Daedalus solve.cpp, SolveMazeFillDeadEnds,
 * DoMarkCulDeSacs / SolveMazeFillCulDeSacs, DoMarkBlindAlleys,
 * SolveMazeFillBlindAlleys). They look at the whole maze at once, as a
 * person with the plan does, and never walk it.
 *
 * - `dead-end-fill`: each dead end (a cell with one passage, not the start
 *   or the end) is filled, and the passage behind it back to the first
 *   junction, cells taken in cell order; a junction left with one passage
 *   is a dead end in turn. On a perfect maze only the solution remains; on
 *   a braided one the loops stay too.
 * - `cul-de-sac-fill`: a cul-de-sac (noose) is a loop of corridor cells
 *   that leaves a junction and comes back to it. Each one found is walled
 *   where it leaves the junction, which makes it one long dead end; then
 *   the dead ends are filled, and both repeat while anything is filled.
 *   The loops' cells are drawn as sealed, the rest as filled.
 * - `blind-alley-seal`, `blind-alley-fill`: a blind alley is any part of
 *   the maze reached through one passage only (its stem) that holds neither
 *   the start nor the end. Daedalus finds them as the passages whose two
 *   walls belong to the same connected wall; over the maze's graph that is
 *   a bridge, found here by Tarjan's depth-first search from the start, the
 *   side of it away from the start holding no end. The sealer fills only
 *   the stem (the corridor from the bridge to the alley's first junction
 *   or its end) and leaves what is behind it sealed off, unreachable and
 *   unfilled; the filler fills the whole alley.
 */
import type { Board } from './board.js';
import { CellList, countIn, distances, pathDown, stepsOf } from './board.js';
import type { Run, Solver } from './types.js';
import { STEP, TONE } from './types.js';

/**
 * Fill every dead end of `open` (a working copy of the board's passages)
 * and the passages behind it back to the first junction, giving filled
 * cells `tone` and listing them in `order`; cells already toned are gone.
 * Returns how many it filled.
 */
export function fillDeadEnds(board: Board, open: Uint8Array, tones: Uint8Array, order: CellList, tone: number): number {
  const { size, degree, view, start, end } = board;
  const dead = (c: number): boolean => c >= 0 && c !== start && c !== end && tones[c] === TONE.NONE && view.isIn(c) && board.degreeOf(c, open) <= 1;
  let filled = 0;
  for (let c = 0; c < size; c++) {
    // fill backwards from the dead end until a junction
    for (let x = c; dead(x); ) {
      tones[x] = tone;
      order.push(x);
      filled++;
      let next = -1;
      for (let s = 0; s < degree; s++) {
        if (((open[x]! >> s) & 1) === 0) continue;
        next = view.across(x, s);
        open[x]! &= ~(1 << s);
        open[next]! &= ~(1 << board.slotTo(next, x));
      }
      x = next;
    }
  }
  return filled;
}

/** A filler's result: the path through what remains, the tones, its steps. */
function filledRun(board: Board, open: Uint8Array, tones: Uint8Array, steps: Int32Array): Run {
  const dist = distances(board, board.start, open);
  const path = pathDown(board, dist, board.end, open);
  return { outcome: path ? 'found' : 'no-path', path, tones, steps, visited: countIn(board) };
}

export const deadEndFill: Solver = {
  name: 'dead-end-fill',
  description: 'fills dead ends until only the solution(s) remain: the filled cells, the path',
  solve(board): Run {
    const open = board.open.slice();
    const tones = new Uint8Array(board.size);
    const order = new CellList();
    fillDeadEnds(board, open, tones, order, TONE.FILLED);
    return filledRun(board, open, tones, stepsOf(STEP.FILL, order.toArray()));
  },
};

export const culDeSacFill: Solver = {
  name: 'cul-de-sac-fill',
  description: 'walls off loops hanging from one junction (cul-de-sacs), then fills dead ends, until none is left',
  solve(board): Run {
    const { size, degree, view, start, end } = board;
    const open = board.open.slice();
    const tones = new Uint8Array(size);
    const looped = new Uint8Array(size);
    const order = new CellList();
    const corridor = (c: number): boolean => c !== start && c !== end && board.degreeOf(c, open) === 2;
    do {
      for (let j = 0; j < size; j++) {
        if (tones[j] !== TONE.NONE || !view.isIn(j) || board.degreeOf(j, open) < 3) continue;
        for (let i = 0; i < degree; i++) {
          if (((open[j]! >> i) & 1) === 0) continue;
          // follow the corridor and see whether it comes back
          const cells: number[] = [];
          let prev = j;
          let x = view.across(j, i);
          while (x !== j && corridor(x) && cells.length <= size) {
            cells.push(x);
            let next = -1;
            for (let s = 0; s < degree; s++) {
              const n = (open[x]! >> s) & 1 ? view.across(x, s) : -1;
              if (n >= 0 && n !== prev) next = n;
            }
            // a two-cell loop has both sides to the same cell
            if (next < 0) next = prev;
            prev = x;
            x = next;
          }
          if (x !== j || cells.length === 0) continue;
          // wall it where it leaves the junction: a long dead end
          const first = view.across(j, i);
          open[j]! &= ~(1 << i);
          open[first]! &= ~(1 << board.slotTo(first, j));
          for (const c of cells) looped[c] = 1;
          break;
        }
      }
    } while (fillDeadEnds(board, open, tones, order, TONE.FILLED) > 0);
    const steps = new CellList();
    for (let k = 0; k < order.length; k++) {
      const c = order.at(k);
      if (looped[c]) tones[c] = TONE.SEALED;
      steps.push(looped[c] ? STEP.SEAL : STEP.FILL);
      steps.push(c);
    }
    return filledRun(board, open, tones, steps.toArray());
  },
};

/**
 * The blind alleys: for each, its stem's first cell (the side of a bridge
 * away from the start), and every cell in one. Tarjan's bridges, by an
 * iterative depth-first search from the start; the side of a bridge away
 * from the start is the subtree below it, a run of discovery times.
 */
export function blindAlleys(board: Board): { roots: number[]; inAlley: Uint8Array; byDisc: Int32Array; disc: Int32Array; below: Int32Array } {
  const { size, degree, view, start, end, open } = board;
  const disc = new Int32Array(size).fill(-1);
  const low = new Int32Array(size);
  const below = new Int32Array(size); // cells in the subtree, itself included
  const parent = new Int32Array(size).fill(-1);
  const byDisc = new Int32Array(size);
  const stack = new Int32Array(size);
  const slot = new Int32Array(size);
  let time = 0;
  let sp = 0;
  disc[start] = low[start] = time;
  byDisc[time++] = start;
  stack[sp++] = start;
  const bridges: number[] = [];
  while (sp > 0) {
    const c = stack[sp - 1]!;
    const s = slot[c]!;
    if (s < degree) {
      slot[c] = s + 1;
      if (((open[c]! >> s) & 1) === 0) continue;
      const n = view.across(c, s);
      if (disc[n] === -1) {
        parent[n] = c;
        disc[n] = low[n] = time;
        byDisc[time++] = n;
        stack[sp++] = n;
      } else if (n !== parent[c]) {
        low[c] = Math.min(low[c]!, disc[n]!);
      }
      continue;
    }
    sp--;
    below[c]! += 1;
    const p = parent[c]!;
    if (p < 0) continue;
    low[p] = Math.min(low[p]!, low[c]!);
    below[p]! += below[c]!;
    if (low[c]! > disc[p]!) bridges.push(c);
  }
  const holdsEnd = (v: number): boolean => disc[end]! >= disc[v]! && disc[end]! < disc[v]! + below[v]!;
  const roots = bridges.filter((v) => !holdsEnd(v)).sort((a, b) => disc[a]! - disc[b]!);
  // the outermost alleys: a root inside another's run of times is part of it
  const inAlley = new Uint8Array(size);
  const outer: number[] = [];
  let until = -1;
  for (const v of roots) {
    if (disc[v]! < until) continue;
    outer.push(v);
    until = disc[v]! + below[v]!;
    for (let t = disc[v]!; t < until; t++) inAlley[byDisc[t]!] = 1;
  }
  return { roots: outer, inAlley, byDisc, disc, below };
}

/** A blind alley's stem from its first cell: the corridor up to its first junction or its dead end. */
function stemOf(board: Board, root: number, bridgeFrom: number): number[] {
  const { degree, view, open } = board;
  const stem = [root];
  let prev = bridgeFrom;
  let x = root;
  while (board.degreeOf(x) === 2) {
    let next = -1;
    for (let s = 0; s < degree; s++) {
      const n = (open[x]! >> s) & 1 ? view.across(x, s) : -1;
      if (n >= 0 && n !== prev) next = n;
    }
    if (next < 0) break;
    prev = x;
    x = next;
    stem.push(x);
  }
  return stem;
}

/** The cell that reaches a blind alley's root through its stem's bridge: the one of its neighbours discovered before it, outside the alley. */
function bridgeFromOf(board: Board, root: number, inAlley: Uint8Array): number {
  const { degree, view, open } = board;
  for (let s = 0; s < degree; s++) {
    const n = (open[root]! >> s) & 1 ? view.across(root, s) : -1;
    if (n >= 0 && !inAlley[n]) return n;
  }
  return -1;
}

function blindAlleyRun(board: Board, fill: boolean): Run {
  const { size, degree, view, start, end } = board;
  if (distances(board, start)[end]! < 0) return { outcome: 'no-path', path: null, steps: new Int32Array(0), visited: countIn(board) };
  const { roots, inAlley } = blindAlleys(board);
  const tones = new Uint8Array(size);
  const open = board.open.slice();
  const steps = new CellList();
  for (const root of roots) {
    const from = bridgeFromOf(board, root, inAlley);
    // close the stem's bridge, then fill the stem (sealer) or the whole alley, nearest the stem first (filler)
    open[from]! &= ~(1 << board.slotTo(from, root));
    open[root]! &= ~(1 << board.slotTo(root, from));
    const stem = fill ? [] : stemOf(board, root, from);
    for (const c of stem) {
      tones[c] = TONE.FILLED;
      steps.push(STEP.FILL);
      steps.push(c);
    }
    const queue = [root];
    const seen = new Set<number>([root]);
    for (let head = 0; head < queue.length; head++) {
      const c = queue[head]!;
      if (tones[c] === TONE.NONE) {
        tones[c] = fill ? TONE.FILLED : TONE.SEALED;
        steps.push(fill ? STEP.FILL : STEP.SEAL);
        steps.push(c);
      }
      for (let s = 0; s < degree; s++) {
        const n = (board.open[c]! >> s) & 1 ? view.across(c, s) : -1;
        if (n >= 0 && inAlley[n] && !seen.has(n)) {
          seen.add(n);
          queue.push(n);
        }
      }
    }
  }
  return filledRun(board, open, tones, steps.toArray());
}

export const blindAlleySeal: Solver = {
  name: 'blind-alley-seal',
  description: 'fills the stem of every blind alley, loops included, sealing off what lies behind it',
  solve: (board) => blindAlleyRun(board, false),
};

export const blindAlleyFill: Solver = {
  name: 'blind-alley-fill',
  description: 'fills every blind alley, its stem and all behind it, loops included',
  solve: (board) => blindAlleyRun(board, true),
};
