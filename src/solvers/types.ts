/**
 * What a solver is and what it returns (SPEC "Solvers"): one result type for
 * every method, so that drawing, animating and reporting read any of them
 * alike. Cells are the maze's cell numbers (passages/view.ts).
 */
import type { Tick } from '../tick.js';
import type { Board } from './board.js';

/** How a run ended: it reached the end, or stopped short and why. */
export type Outcome =
  | 'found'
  /** No passage joins the start to the end (a searcher or filler proved it). */
  | 'no-path'
  /** The walker came back to a state it had been in: it would walk that loop forever. */
  | 'repeated'
  /** The walker reached its bound of moves (random mouse, Pledge). */
  | 'gave-up';

/** A cell's tone in a drawing, as `SolveResult.tones` holds it. */
export const TONE = /* @__PURE__ */ Object.freeze({
  NONE: 0,
  /** Filled by a filler (dead ends, cul-de-sacs, blind alleys, collisions). */
  FILLED: 1,
  /** Sealed off behind a blind alley's stem, or a cul-de-sac's loop: not a way, left unfilled. */
  SEALED: 2,
  /** Looked at by a search (A*'s expanded cells, breadth-first's reached ones). */
  SEEN: 3,
  /** Trémaux: the last mark left in the cell was once. */
  ONCE: 4,
  /** Trémaux: the last mark left in the cell was twice (walked back). */
  TWICE: 5,
  /** On one of the shortest paths (shortest-all, collision). */
  PATHS: 6,
});

/** One step of a solver's own work, for animation: a cell and what happened to it. */
export const STEP = /* @__PURE__ */ Object.freeze({
  /** The walker moved into the cell. */
  WALK: 0,
  /** A search reached the cell. */
  SEE: 1,
  /** A filler filled the cell. */
  FILL: 2,
  /** A filler sealed the cell off. */
  SEAL: 3,
  /** Trémaux moved into the cell marking the passage once. */
  ONCE: 4,
  /** Trémaux moved into the cell marking the passage twice. */
  TWICE: 5,
  /** The cell is on one of the shortest paths. */
  ON_PATHS: 6,
});

/** Whether a step moves the walker (its head goes there). */
export function isMove(kind: number): boolean {
  return kind === STEP.WALK || kind === STEP.ONCE || kind === STEP.TWICE;
}

/** A step's cell mark in a growing maze's steps (model/steps.ts): sealed, searched, walked back or on the shortest paths as the search; walked, marked once or filled as the working set. */
export function stepMark(kind: number): 'search' | 'active' {
  return kind === STEP.SEE || kind === STEP.SEAL || kind === STEP.TWICE || kind === STEP.ON_PATHS ? 'search' : 'active';
}

export interface SolveResult {
  method: string;
  found: boolean;
  outcome: Outcome;
  /** The solution, start to end, when found: a walker's walk with its loops cut out. */
  path: Int32Array | null;
  /** A walker's moves in order, the start first (wall followers, Pledge, chain, random mouse, backtracker, Trémaux). */
  walk: Int32Array | null;
  /** Trémaux's marks per cell: 0 unvisited, 1 or 2 the last mark the cell was given (Daedalus paints a cell so). */
  marks: Uint8Array | null;
  /** Per cell, how the drawing shades it (TONE). */
  tones: Uint8Array | null;
  /** The method's own steps, two numbers each: the kind (STEP) and the cell, in order. */
  steps: Int32Array;
  /** Moves walked (a walker), cells reached (a search) or filled (a filler). */
  stepCount: number;
  /** Distinct cells the method looked at. */
  visited: number;
  /** Most times the walk entered one cell (1 for a method that does not walk). */
  mostVisits: number;
}

/** A method's raw answer, before the common figures are worked out (`finish` in index.ts). */
export interface Run {
  outcome: Outcome;
  path: Int32Array | null;
  walk?: Int32Array | null;
  marks?: Uint8Array | null;
  tones?: Uint8Array | null;
  /** Kind and cell pairs; for a walker with none given, its walk is its steps. */
  steps?: Int32Array;
  /** Cells looked at, when not the walk's. */
  visited?: number;
  /** The most times the path enters one cell, when it may enter one more than once and there is no walk (a walk that fetches keys). */
  mostVisits?: number;
  /** The walk's moves, from a walker asked for them only (SolverContext.countOnly). */
  moves?: number;
}

/** What a method gets besides the board. */
export interface SolverContext {
  /** The seed random methods draw from (the maze's own, with the method's name). */
  seed: string;
  /** Most moves a walker may make before giving up, when the caller sets it; else each walker's own. */
  bound: number | undefined;
  /** Told now and then how many cells a breadth-first search has reached (`shortest`). */
  tick?: Tick;
  /** Told now and then how many moves a walker has made (the random mouse, the wall followers): a score's progress (analysis/difficulty.ts). */
  moved?: Tick;
  /** Only the number of moves is wanted (a score: analysis/difficulty.ts): a walker may leave its walk out and give `moves`. */
  countOnly?: boolean;
}

export interface Solver {
  name: string;
  description: string;
  /** The family and the definition it follows, for `maze list`. */
  solve(board: Board, context: SolverContext): Run;
}
