/**
 * Braiding (SPEC "Modifiers for every algorithm", as theseus and Daedalus
 * do it): remove a share of a maze's dead ends by opening one wall of each,
 * which adds loops.
 *
 * 1. List the dead ends (cells with exactly one opening), in row order, and
 *    shuffle them with the seeded PRNG.
 * 2. Take them in that order until the share is removed: a cell that is
 *    still a dead end opens one of its closed inner walls, chosen at random
 *    among the walls into another dead end when there is one (that removes
 *    two at once, theseus's rule), else among all of them.
 *
 * The outer border never opens. In a keys-and-doors maze (zones) a wall
 * opens only between two cells already joined with every locked door shut,
 * so that no key set reaches more than before: a new passage never walks
 * around a lock. A dead end whose closed walls all lead behind a lock stays.
 */
import type { Rng } from '../rng.js';
import type { AnyMaze } from './view.js';
import { passagesOf } from './view.js';
import type { StepSink } from '../model/steps.js';

/**
 * A maze as braiding sees it, whatever its grid: cells numbered 0 … count − 1
 * in row order, each cell's openings, the neighbours behind its closed
 * inner walls that may open (in the grid's fixed order), and opening one:
 * a maze's passages (view.ts) give it.
 */
export interface BraidView {
  count: number;
  /** How many passages leave the cell (0 for a cell outside a mask). */
  degree(cell: number): number;
  /** Into `out`: the neighbours behind a closed wall of the cell that may open (never the border, a mask's outside, a lock's other side). */
  closedInto(cell: number, out: number[]): void;
  open(cell: number, neighbor: number): void;
}

/** Braid any maze through its view (steps 1 and 2 above). */
export function braidView(view: BraidView, share: number, rng: Rng): void {
  if (!(share > 0)) return; // no draws at all: --braid 0 is the maze as it was
  const deadEnds: number[] = [];
  for (let c = 0; c < view.count; c++) if (view.degree(c) === 1) deadEnds.push(c);
  for (let i = deadEnds.length - 1; i > 0; i--) {
    const j = rng.below(i + 1);
    [deadEnds[i], deadEnds[j]] = [deadEnds[j]!, deadEnds[i]!];
  }
  const goal = Math.round(share * deadEnds.length);
  let removed = 0;
  const into: number[] = [];
  const intoDeadEnd: number[] = [];
  for (const c of deadEnds) {
    if (removed >= goal) break;
    if (view.degree(c) !== 1) continue;
    view.closedInto(c, into);
    intoDeadEnd.length = 0;
    for (const n of into) if (view.degree(n) === 1) intoDeadEnd.push(n);
    const pool = intoDeadEnd.length > 0 ? intoDeadEnd : into;
    if (pool.length === 0) continue;
    const n = pool[rng.below(pool.length)]!;
    const before = view.degree(n);
    view.open(c, n);
    removed += 1 + (before === 1 ? 1 : 0) - (before === 0 ? 1 : 0);
  }
}

/** Braid `maze` in place, whatever its grid; `sink`, when given, is told each wall a square maze opens. */
export function braid(maze: AnyMaze, share: number, rng: Rng, sink?: StepSink): void {
  if (!(share > 0)) return;
  const view = passagesOf(maze, sink);
  const out = new Int32Array(view.maxDegree);
  braidView(
    {
      count: view.size,
      degree: (c) => (view.isIn(c) ? view.links(c, out) : 0),
      closedInto: (c, into) => view.closedInto(c, into),
      open: (c, n) => view.open(c, n),
    },
    share,
    rng,
  );
}
