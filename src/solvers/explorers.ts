/**
 * The explorers (Walter Pullen, Think Labyrinth, "Maze solving
 * algorithms": "Random mouse", "Recursive backtracker", "Trémaux's
 * algorithm"; Daedalus solve.cpp, SolveMazeRecursive, SolveMazeTremaux).
 * Each walks the maze knowing only where it stands, its sides taken in the
 * grid's own slot order.
 *
 * - `random-mouse`: follows the passage it is in and, at a junction, takes
 *   one of the ways on at random, never straight back unless it stands in
 *   a dead end. Its random numbers come from the maze's seed (and the
 *   method's name), so a maze gives the same walk each time; it gives up
 *   after its bound of moves (the square of the cells, at least 100 000,
 *   at most 2^24).
 * - `backtracker`: depth-first: into the first side leading to a cell not
 *   yet visited, back one cell when there is none; the cells it stands on
 *   form the path.
 * - `tremaux`: Trémaux's marks on passages, as Daedalus draws them: from
 *   a cell it goes down an unmarked passage to a cell with no mark
 *   (marking the passage once; a passage to a marked cell is taken and at
 *   once walked back, so it is never entered), else back down the passage
 *   marked once (marking it twice). Never down a passage marked twice.
 *   Each move paints both its cells with the passage's mark, so the
 *   solution shows marked once and the ways walked back twice; the
 *   passages marked once are the path. Pullen draws the choice among
 *   unmarked passages at random; Daedalus, and this, take them in order.
 */
import { Rng } from '../rng.js';
import { TICK_MASK } from '../tick.js';
import { CellList } from './board.js';
import type { Run, Solver } from './types.js';
import { STEP } from './types.js';

export const randomMouse: Solver = {
  name: 'random-mouse',
  description: 'moves at random, never straight back unless forced: the walk (bounded, then it gives up)',
  solve(board, context): Run {
    const { start, end, degree, open, view } = board;
    const rng = new Rng(`${context.seed}:random-mouse`);
    const bound = context.bound ?? Math.min(2 ** 24, Math.max(100_000, countCells(board) ** 2));
    // a score wants the moves only: no walk of up to 2^24 cells kept
    const walk = context.countOnly ? null : new CellList();
    walk?.push(start);
    const ways = new Int32Array(degree);
    let c = start;
    let prev = -1;
    let moves = 0;
    const run = (outcome: Run['outcome']): Run => ({ outcome, path: null, walk: walk?.toArray() ?? null, moves });
    while (c !== end) {
      if (moves >= bound) return run('gave-up');
      let k = 0;
      for (let s = 0; s < degree; s++) {
        if (((open[c]! >> s) & 1) === 0) continue;
        const n = view.across(c, s);
        if (n !== prev) ways[k++] = n;
      }
      const next = k > 0 ? ways[rng.below(k)]! : prev;
      if (next < 0) return run('no-path');
      prev = c;
      c = next;
      walk?.push(c);
      if ((++moves & TICK_MASK) === 0) context.moved?.(moves);
    }
    return run('found');
  },
};

function countCells(board: { size: number; view: { isIn(c: number): boolean } }): number {
  let n = 0;
  for (let c = 0; c < board.size; c++) if (board.view.isIn(c)) n++;
  return n;
}

export const backtracker: Solver = {
  name: 'backtracker',
  description: 'depth-first search with a stack, walked: the walk and the path',
  solve(board): Run {
    const { start, end, degree, open, view, size } = board;
    const visited = new Uint8Array(size);
    const next = new Uint8Array(size); // the next side to try, per cell
    const stack = new CellList();
    const walk = new CellList();
    stack.push(start);
    walk.push(start);
    visited[start] = 1;
    while (stack.length > 0) {
      const c = stack.at(stack.length - 1);
      if (c === end) return { outcome: 'found', path: stack.toArray(), walk: walk.toArray() };
      let moved = false;
      while (next[c]! < degree) {
        const s = next[c]!++;
        if (((open[c]! >> s) & 1) === 0) continue;
        const n = view.across(c, s);
        if (visited[n]) continue;
        visited[n] = 1;
        stack.push(n);
        walk.push(n);
        moved = true;
        break;
      }
      if (moved) continue;
      stack.pop();
      if (stack.length > 0) walk.push(stack.at(stack.length - 1));
    }
    return { outcome: 'no-path', path: null, walk: walk.toArray() };
  },
};

export const tremaux: Solver = {
  name: 'tremaux',
  description: "marks passages once and twice (Trémaux): the walk, the marks, the path",
  solve(board): Run {
    const { start, end, degree, open, view, size } = board;
    const passage = new Uint8Array(size * degree); // marks per side: 0, 1 or 2
    const marks = new Uint8Array(size);
    const walk = new CellList();
    const steps = new CellList();
    const path = new CellList();
    walk.push(start);
    path.push(start);
    marks[start] = 1;
    steps.push(STEP.ONCE);
    steps.push(start);
    let c = start;
    while (c !== end) {
      let forward = -1;
      let back = -1;
      for (let s = 0; s < degree; s++) {
        if (((open[c]! >> s) & 1) === 0) continue;
        const mark = passage[c * degree + s]!;
        if (mark === 0 && marks[view.across(c, s)] === 0) {
          forward = s;
          break;
        }
        if (mark === 1 && back < 0) back = s;
      }
      const s = forward >= 0 ? forward : back;
      if (s < 0) return { outcome: 'no-path', path: null, walk: walk.toArray(), marks, steps: steps.toArray() };
      const mark = forward >= 0 ? 1 : 2;
      const n = view.across(c, s);
      passage[c * degree + s] = mark;
      passage[n * degree + board.slotTo(n, c)] = mark;
      marks[c] = mark;
      marks[n] = mark;
      if (mark === 1) path.push(n);
      else path.pop();
      steps.push(mark === 1 ? STEP.ONCE : STEP.TWICE);
      steps.push(n);
      walk.push(n);
      c = n;
    }
    return { outcome: 'found', path: path.toArray(), walk: walk.toArray(), marks, steps: steps.toArray() };
  },
};
