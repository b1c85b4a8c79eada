/**
 * How many perfect mazes a grid has (SPEC "Analysis and difficulty",
 * `maze count`): a perfect maze is a spanning tree of the grid's graph
 * (cells, and the sides between two cells of the maze), and Kirchhoff's
 * matrix-tree theorem counts them as any cofactor of the graph's
 * Laplacian L (degree on the diagonal, −1 for each pair of neighbours):
 * det(L less its last row and column).
 *
 * 1. The grid's possible passages are read through the passages of a
 *    maze with every wall up (view.ts, `closedInto`: the cells behind each
 *    closed side that may open), so a square grid, a mask, hex, triangle
 *    and polar are one code.
 * 2. The cells are numbered so that neighbours' numbers lie close: the
 *    grid's own order or a breadth-first order from its first corner
 *    (Cuthill–McKee), whichever has the narrower band b (the largest
 *    difference between two neighbours' numbers). L is then a band matrix.
 * 3. The determinant by Bareiss' fraction-free elimination in BigInt
 *    (Bareiss 1968): after step k each entry is a (k+1)-minor, and
 *    M[i][j] ← (M[k][k]·M[i][j] − M[i][k]·M[k][j]) / M[k−1][k−1] divides
 *    exactly. L's minors are positive (it is positive definite once a row
 *    and column are gone, for a connected grid), so no pivot is ever 0 and
 *    no row is swapped; the band then holds: row i stays zero outside
 *    [i − b, i + b]. A row below the band (i > k + b) only gets multiplied
 *    by M[k][k] / M[k−1][k−1] at each step; those factors telescope, so it
 *    is left alone and multiplied once, by the last pivot before it
 *    enters, when it does. About n · b · 2b products of numbers of up to
 *    about n / 2 digits: 10 × 10 in milliseconds, 30 × 30 in 1.5 s.
 */
import { MazeError } from '../errors.js';
import type { AnyMaze } from '../passages/view.js';
import { passagesOf } from '../passages/view.js';

/**
 * The most work `count` takes on, n² · b² (step 3: n · b · 2b products of
 * numbers whose length grows with n), chosen from a measurement on this
 * project's machine: 20 × 20 (2.6·10⁷) in 0.1 s, 30 × 30 (7.3·10⁸) in
 * 1.5 s, 40 × 40 (4.1·10⁹) in 12 s. The limit lets 30 × 30 through and
 * refuses 32 × 32, so no count takes more than a few seconds.
 */
export const MAX_COUNT_WORK = 1e9;

/** The cells and possible passages of the grid `maze` lies on, numbered for a narrow band. */
export interface BandedCells {
  /** Cells of the maze. */
  n: number;
  /** For each cell (new number), its neighbours' new numbers. */
  neighbours: Int32Array[];
  /** The band: the largest difference between two neighbours' numbers. */
  band: number;
}

export function bandedCells(maze: AnyMaze): BandedCells {
  const view = passagesOf(maze);
  const cells: number[] = [];
  for (let c = 0; c < view.size; c++) if (view.isIn(c)) cells.push(c);
  const around = new Map<number, number[]>();
  for (const c of cells) {
    const out: number[] = [];
    view.closedInto(c, out);
    around.set(c, out.slice());
  }
  const bandOf = (order: Int32Array): number => {
    let band = 0;
    for (const c of cells) for (const d of around.get(c)!) band = Math.max(band, Math.abs(order[c]! - order[d]!));
    return band;
  };
  const natural = new Int32Array(view.size).fill(-1);
  cells.forEach((c, i) => (natural[c] = i));
  // Cuthill–McKee: breadth-first from the first corner, over the possible passages
  const bfs = new Int32Array(view.size).fill(-1);
  let next = 0;
  for (const root of [view.corners()[0], ...cells]) {
    if (bfs[root] !== -1 || !view.isIn(root)) continue;
    const queue = [root];
    bfs[root] = next++;
    for (let i = 0; i < queue.length; i++) {
      for (const d of around.get(queue[i]!)!) {
        if (bfs[d] === -1) {
          bfs[d] = next++;
          queue.push(d);
        }
      }
    }
  }
  const naturalBand = bandOf(natural);
  const bfsBand = bandOf(bfs);
  const order = bfsBand < naturalBand ? bfs : natural;
  const neighbours: Int32Array[] = new Array<Int32Array>(cells.length);
  for (const c of cells) neighbours[order[c]!] = Int32Array.from(around.get(c)!, (d) => order[d]!);
  return { n: cells.length, neighbours, band: Math.min(naturalBand, bfsBand) };
}

/** The work a count takes: n² · b² (step 3, and the numbers' length). */
export function countWork(graph: Pick<BandedCells, 'n' | 'band'>): number {
  return (graph.n * Math.max(1, graph.band)) ** 2;
}

/** The number of spanning trees of the graph: Kirchhoff's cofactor by banded Bareiss elimination (steps 2–3); 0 for a graph in parts. */
export function spanningTreeCount(graph: BandedCells): bigint {
  const size = graph.n - 1; // the last row and column gone
  if (size <= 0) return 1n;
  const b = Math.max(1, graph.band);
  const width = 2 * b + 1;
  // row i holds columns i − b … i + b at offsets 0 … 2b
  const rows: bigint[][] = [];
  for (let i = 0; i < size; i++) {
    const row = new Array<bigint>(width).fill(0n);
    const around = graph.neighbours[i]!;
    row[b] = BigInt(around.length);
    for (const j of around) if (j < size) row[j - i + b] = -1n;
    rows.push(row);
  }
  const at = (i: number, j: number): bigint => rows[i]![j - i + b]!;
  let previous = 1n;
  for (let k = 0; k < size; k++) {
    const pivot = at(k, k);
    if (pivot === 0n) return 0n; // a grid in parts: no spanning tree
    if (k === size - 1) return pivot;
    const last = Math.min(size - 1, k + b);
    for (let i = k + 1; i <= last; i++) {
      const row = rows[i]!;
      // a row entering the band: the factors it missed, M[k−1][k−1] (they telescope from 1)
      if (i === k + b && k > 0) for (let o = 0; o < width; o++) row[o]! *= previous;
      const factor = row[k - i + b]!;
      const top = rows[k]!;
      const end = Math.min(size - 1, i + b);
      for (let j = k + 1; j <= end; j++) {
        const kj = j - k <= b ? top[j - k + b]! : 0n;
        const o = j - i + b;
        row[o] = (pivot * row[o]! - factor * kj) / previous;
      }
      row[k - i + b] = 0n;
    }
    previous = pivot;
  }
  return previous;
}

/** Refuse a count over MAX_COUNT_WORK, in one line naming the size (a polar grid's by its rings alone: it has no height). */
export function checkCountWork(graph: Pick<BandedCells, 'n' | 'band'>, what: string, polar = false): void {
  const work = countWork(graph);
  if (work > MAX_COUNT_WORK) {
    // as many digits as tell the two apart (32 × 31: 1.01e+9 over 1.00e+9, not 1.0e+9 over 1.0e+9)
    let digits = 1;
    while (digits < 6 && work.toExponential(digits) === MAX_COUNT_WORK.toExponential(digits)) digits++;
    throw new MazeError(
      (n) => `counting the perfect mazes of ${what} would take too long: ${graph.n} cells make ${graph.band > 1 ? '' : 'at least '}${work.toExponential(digits)} steps of elimination, over the limit of ${MAX_COUNT_WORK.toExponential(digits)} (a 31 × 31 square grid is about the largest, 1.5 s for 30 × 30); make ${polar ? n('width') : `${n('width')} or ${n('height')}`} smaller`,
      { code: 'too-large', option: 'width' },
    );
  }
}

/** The perfect mazes of the grid `maze` lies on (its walls unread: every side between two of its cells may open), refused over the work limit. */
export function countPerfectMazes(maze: AnyMaze, what: string): bigint {
  const graph = bandedCells(maze);
  checkCountWork(graph, what, 'shapeName' in maze && maze.shapeName === 'polar');
  return spanningTreeCount(graph);
}
