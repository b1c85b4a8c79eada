/**
 * The solver registry (SPEC "Solvers"): `--method` choices, the help text
 * and `maze solve --method all` read this list; a method is one entry in a
 * family's file. `solveWith` runs one on any maze, through the one maze
 * model, and works out the figures every method reports alike.
 */
import { MazeError } from '../errors.js';
import { GraphMaze } from '../grid/graph-maze.js';
import type { Point, ShadeTone } from '../model/maze.js';
import { locksOf, solveMaze } from '../passages/solve.js';
import type { Tick } from '../tick.js';
import type { AnyMaze } from '../passages/view.js';
import { passagesOf } from '../passages/view.js';
import { Board } from './board.js';
import { backtracker, randomMouse, tremaux } from './explorers.js';
import { blindAlleyFill, blindAlleySeal, culDeSacFill, deadEndFill } from './fillers.js';
import { astar, collision, shortest, shortestAll } from './shortest.js';
import type { Run, SolveResult, Solver } from './types.js';
import { isMove, STEP, stepMark, TONE } from './types.js';
import { chain, pledge, wallLeft, wallRight } from './wall-followers.js';
import type { StepSink } from '../model/steps.js';
import { clearStep } from '../model/steps.js';
import { Maze } from '../model/maze.js';

export type { Outcome, SolveResult, Solver } from './types.js';
export { STEP, TONE } from './types.js';

export const solvers = /* @__PURE__ */ Object.freeze([
  shortest,
  shortestAll,
  astar,
  randomMouse,
  wallLeft,
  wallRight,
  pledge,
  chain,
  backtracker,
  tremaux,
  deadEndFill,
  culDeSacFill,
  blindAlleySeal,
  blindAlleyFill,
  collision,
] as const);

export { SOLVE_METHODS } from './names.js';
export type { SolveMethod } from './names.js';

/** The method a name means, case and surrounding spaces ignored. */
export function findSolver(name: string): Solver | undefined {
  const word = name.trim().toLowerCase();
  return solvers.find((s) => s.name === word);
}

export interface SolveWithOptions {
  /** The seed random methods draw from; default the maze's own. */
  seed?: string;
  /** Most moves a walker makes before giving up; default 8 moves a side of every cell (at least 10 000) for the wall followers, Pledge and chain, and for the random mouse the square of the cells (at least 100 000, at most 2^24). */
  bound?: number;
  tick?: Tick;
}

/** Run `method` from cell `start` to cell `end` (the maze's cell numbers, passages/view.ts). */
export function solveWith(maze: AnyMaze, start: number, end: number, method: Solver, options: SolveWithOptions = {}): SolveResult {
  const board = new Board(maze, start, end);
  const run = method.solve(board, { seed: options.seed ?? maze.info?.seed ?? '', bound: options.bound, tick: options.tick });
  return finish(board, method.name, run);
}

/**
 * How many moves `method` makes on `board` (a board made once, for a score
 * that walks several methods and both ways: analysis/difficulty.ts),
 * solveWith's stepCount without its other figures.
 */
export function movesOn(board: Board, method: Solver, options: { seed: string; bound?: number; moved?: Tick }): number {
  const run = method.solve(board, { seed: options.seed, bound: options.bound, countOnly: true, moved: options.moved });
  return run.moves ?? (run.walk ? run.walk.length - 1 : (run.steps?.length ?? 0) / 2);
}

/** The figures every method reports, from its run: the path (a walk with its loops cut out), cells visited, most visits. */
function finish(board: Board, method: string, run: Run): SolveResult {
  const walk = run.walk ?? null;
  const found = run.outcome === 'found';
  let path = run.path;
  if (found && !path && walk) path = eraseLoops(walk, board.size);
  let visited = run.visited ?? 0;
  let mostVisits = run.mostVisits ?? (visited > 0 ? 1 : 0);
  if (walk) {
    const counts = new Uint32Array(board.size);
    visited = 0;
    mostVisits = 0;
    for (let i = 0; i < walk.length; i++) {
      const c = walk[i]!;
      if (counts[c]!++ === 0) visited++;
      if (counts[c]! > mostVisits) mostVisits = counts[c]!;
    }
  }
  let steps = run.steps;
  if (!steps && walk) {
    steps = new Int32Array(2 * walk.length);
    for (let i = 0; i < walk.length; i++) {
      steps[2 * i] = STEP.WALK;
      steps[2 * i + 1] = walk[i]!;
    }
  }
  steps ??= new Int32Array(0);
  let tones = run.tones ?? null;
  if (run.marks) {
    tones = new Uint8Array(board.size);
    for (let c = 0; c < board.size; c++) if (run.marks[c]) tones[c] = run.marks[c] === 1 ? TONE.ONCE : TONE.TWICE;
  }
  return {
    method,
    found,
    outcome: run.outcome,
    path: found ? path : null,
    walk,
    marks: run.marks ?? null,
    tones,
    steps,
    stepCount: walk ? walk.length - 1 : steps.length / 2,
    visited,
    mostVisits,
  };
}

/** A walk with its loops cut out (each return to a cell drops what was walked since): the path it found. */
export function eraseLoops(walk: Int32Array, size: number): Int32Array {
  const at = new Int32Array(size).fill(-1);
  const path = new Int32Array(walk.length);
  let n = 0;
  for (let i = 0; i < walk.length; i++) {
    const c = walk[i]!;
    const seen = at[c]!;
    if (seen >= 0) {
      for (let k = seen + 1; k < n; k++) at[path[k]!] = -1;
      n = seen + 1;
      continue;
    }
    at[c] = n;
    path[n++] = c;
  }
  return path.slice(0, n);
}

/** The drawing's tone of each TONE value (0: none). */
const SHADES: readonly (ShadeTone | undefined)[] = [undefined, 'filled', 'sealed', 'seen', 'once', 'twice', 'paths'];

/**
 * Solve the maze from `start` to `end` with `method` and store what it
 * found where the pictures and JSON read it: the ends, the path as the
 * solution, and (for every method but `shortest`, whose maze stays as
 * `--solve` has always left it, byte for byte) what it leaves to draw.
 * `shortest` refuses a maze where no path joins the ends (MazeError
 * 'no-path', as ever); another method reports it in its result. Only
 * `shortest` knows keys and doors: another method on a maze with locked
 * doors is refused.
 */
export function solveMazeWith(maze: AnyMaze, start: Point, end: Point, method: Solver, options: SolveWithOptions = {}): SolveResult {
  const view = passagesOf(maze);
  if (method.name === 'shortest') {
    // a method's drawing stored before is no longer the maze's solution's
    maze.solving = null;
    solveMaze(maze, start, end, options.tick);
    const result = solveWith(maze, view.cellAt(start), view.cellAt(end), method, options);
    return result;
  }
  const result = solveFigures(maze, start, end, method, options);
  const toPoints = (cells: ArrayLike<number>): Point[] => Array.from(cells, (c) => view.pointOf(c));
  const shaded: Partial<Record<ShadeTone, Point[]>> = {};
  if (result.tones) {
    for (let c = 0; c < result.tones.length; c++) {
      const tone = SHADES[result.tones[c]!];
      if (tone) (shaded[tone] ??= []).push(view.pointOf(c));
    }
  }
  maze.start = start;
  maze.end = end;
  maze.solution = result.path ? toPoints(result.path) : null;
  maze.solving = { method: method.name, found: result.found, outcome: result.outcome, walk: result.walk ? toPoints(result.walk) : null, shaded };
  return result;
}

/**
 * What `method` finds from `start` to `end`, with nothing stored in the
 * maze (`maze solve --report` with no picture: a random mouse's walk of
 * 16 M moves held as cells, not as points, which took a gigabyte more).
 * Another method than `shortest` on a maze with locked doors is refused.
 */
export function solveFigures(maze: AnyMaze, start: Point, end: Point, method: Solver, options: SolveWithOptions = {}): SolveResult {
  if (!knowsDoorsOf(maze, method)) {
    throw new MazeError((n) => `${n('method')} ${method.name} does not know keys and doors; only shortest finds a way through locked doors`, { code: 'impossible', option: 'method' });
  }
  const view = passagesOf(maze);
  return solveWith(maze, view.cellAt(start), view.cellAt(end), method, options);
}

/** Whether `method` may run on `maze`: any method on a maze with no locked door; on one with them, only `shortest`, the one that knows keys and doors. */
export function knowsDoorsOf(maze: AnyMaze, method: Solver): boolean {
  return method.name === 'shortest' || maze instanceof GraphMaze || locksOf(maze) === null;
}

/**
 * A saved maze's solver drawing, made again (SPEC "JSON interchange":
 * rendering from JSON equals rendering directly). The file keeps the ends,
 * the path and the method, not the walk, the marks or the filled cells;
 * every method is deterministic (the random mouse draws from the maze's
 * own seed, which the file keeps too), so running it again between the
 * stored ends draws what it drew. Kept only when the run finds the stored
 * path: a file whose path was found otherwise (the library's solve with
 * another seed, a hand edit) is drawn with its path alone, as before.
 */
export function redrawSolving(maze: AnyMaze, tick?: Tick): void {
  const { solving, start, end, solution } = maze;
  if (!solving || solving.walk !== null || Object.keys(solving.shaded).length > 0 || !start || !end) return;
  const method = findSolver(solving.method);
  if (!method || method.name === 'shortest' || !knowsDoorsOf(maze, method)) return;
  solveMazeWith(maze, start, end, method, { tick });
  const same = (a: readonly Point[] | null, b: readonly Point[] | null): boolean => (a === null || b === null ? a === b : a.length === b.length && a.every((p, i) => p[0] === b[i]![0] && p[1] === b[i]![1]));
  if (same(maze.solution, solution)) return;
  maze.solution = solution;
  maze.solving = solving;
}

/**
 * `maze gen --solve M` (lib/spec.ts calls it through `registerMethodSolver`,
 * so that what only generates never loads the solvers): solve the finished
 * maze by `method`, and tell a square maze's growth the solver's own steps
 * (SPEC "Solvers": its walker, its marks, its filled cells) after it: a
 * walker's moves as its head with a trail of marked cells (Trémaux's
 * walked back, a search's, sealed or on the shortest paths as the search
 * mark; walked, marked once or filled as the working set), then its path;
 * the last frame is the finished maze with the solver's whole drawing.
 */
export function solveForSpec(maze: AnyMaze, start: Point, end: Point, method: string, tick: Tick | undefined, sink: StepSink | undefined): Int32Array {
  const stored = [maze.start, maze.end];
  const result = solveMazeWith(maze, start, end, findSolver(method)!, { tick });
  if (!sink || !(maze instanceof Maze)) return result.steps;
  if (maze.start !== stored[0] || maze.end !== stored[1]) sink({ type: 'ends', start: maze.start, end: maze.end });
  const { steps } = result;
  const stride = maze.stride;
  for (let i = 0; i < steps.length; i += 2) {
    const kind = steps[i]!;
    const cell = steps[i + 1]!;
    const x = cell % stride;
    const y = (cell - x) / stride;
    if (isMove(kind)) sink({ type: 'head', x, y });
    sink({ type: 'cell', x, y, mark: stepMark(kind) });
  }
  for (const [x, y] of maze.solution ?? []) sink({ type: 'path', x, y });
  sink(clearStep());
  return steps;
}
