/**
 * Difficulty (SPEC "Analysis and difficulty"): one number from 0 to 1 for
 * how hard a maze is to solve between its ends, from published measures,
 * each made a number from 0 to 1 (a "term"), then weighed:
 *
 * | term | measure | source | weight |
 * |---|---|---|---|
 * | length | the solution's cells over the straight way's (2√cells): elitism × √cells / 2; 1 − e^(−(that − 1)/3) | elitism: Pullen, *Think Labyrinth*, "Maze analysis"; McClendon's path length | 0.35 |
 * | turns | the share of the solution's cells where it turns | Pullen ("a solution with many turns is harder to follow"); McClendon's turn count | 0.15 |
 * | decisions | decision points on the solution per √cells; 1 − e^(−that) | McClendon's decision points | 0.10 |
 * | false paths | the cells of dead-end corridors over all cells, over 0.6 (at most 1) | McClendon's false-path length; Pullen's dead ends | 0.10 |
 * | random mouse | the random mouse's moves, start to end and end to start (seed `difficulty`, bound 4 × cells each), over twice the bound | Pullen's random mouse, as the solvers walk it | 0.15 |
 * | wall follower | the fewer of the left- and right-hand walkers' moves, over the cells (at most 1) | Pullen's wall follower, as the solvers walk it | 0.15 |
 *
 * The weighted sum is then stretched so that the mazes of the algorithms
 * span the scale: difficulty = (sum − 0.35) / 0.5, held within 0 and 1.
 * With that, at 100 × 100 a Prim maze scores 0.32 on average, Kruskal's
 * 0.56 and the backtracker's 0.88 (README "Difficulty" has the table).
 *
 * The random mouse draws from a fixed seed, so the same maze always scores
 * the same; it runs both ways, so does the wall follower (the fewer hand's
 * moves from start to end are those from end to start with the other hand
 * on a perfect maze), and every other term reads the maze alike from either
 * end: swapping the ends barely moves the score. No solution (the end not
 * reached): difficulty 1.
 */
import type { Point } from '../model/maze.js';
import type { AnyMaze } from '../passages/view.js';
import { passagesOf } from '../passages/view.js';
import type { Tick } from '../tick.js';
import { randomMouse as mouse } from '../solvers/explorers.js';
import { Board } from '../solvers/board.js';
import { movesOn } from '../solvers/index.js';
import { wallLeft, wallRight } from '../solvers/wall-followers.js';
import type { MazeAnalysis } from './analyze.js';
import { analyzeMaze } from './analyze.js';

/** The terms, each from 0 to 1, and the difficulty they make. */
export interface DifficultyTerms {
  length: number;
  turns: number;
  decisions: number;
  falsePaths: number;
  randomMouse: number;
  wallFollower: number;
  difficulty: number;
}

export const WEIGHTS = Object.freeze({ length: 0.35, turns: 0.15, decisions: 0.1, falsePaths: 0.1, randomMouse: 0.15, wallFollower: 0.15 });
/** The weighted sum's stretch: (sum − FLOOR) / SPAN. */
export const FLOOR = 0.35;
export const SPAN = 0.5;
/** The random mouse's bound of moves, in cells. */
export const MOUSE_BOUND = 4;
export const MOUSE_SEED = 'difficulty';

/**
 * The most moves a score walks on a maze of `cells` cells, for a progress
 * line: the random mouse both ways (MOUSE_BOUND · cells each), then a
 * hand on the wall each way (2 · cells each: a wall follower takes each
 * passage of a perfect maze at most twice; a braided maze's walk is held
 * to that share of the line).
 */
export function difficultySteps(cells: number): number {
  return 2 * MOUSE_BOUND * cells + 4 * cells;
}

/**
 * The difficulty of a maze between two cells, with its terms; `analysis`
 * when the caller has it already; `tick` told the moves walked so far, out
 * of difficultySteps' (each walk's share in turn, its moves held to it).
 */
export function difficultyTerms(maze: AnyMaze, start: Point, end: Point, analysis: MazeAnalysis = analyzeMaze(maze, start, end), tick?: Tick): DifficultyTerms {
  const view = passagesOf(maze);
  let cells = 0;
  for (let c = 0; c < view.size; c++) if (view.isIn(c)) cells++;
  const length = analysis.solutionLength;
  if (length === null) return { length: 1, turns: 1, decisions: 1, falsePaths: 1, randomMouse: 1, wallFollower: 1, difficulty: 1 };
  const side = Math.sqrt(cells);
  const s = view.cellAt(start);
  const t = view.cellAt(end);
  const bound = MOUSE_BOUND * cells;
  // the passages read once, walked both ways
  const board = new Board(maze, s, t);
  // each walk's moves on the progress line, from the start of its share
  const share = (from: number, most: number): Tick | undefined => tick && ((done) => tick(from + Math.min(done, most)));
  const walls = 2 * bound;
  const moves = (on: Board, from: number): number => Math.min(bound, movesOn(on, mouse, { seed: MOUSE_SEED, bound, moved: share(from, bound) }));
  // the mouse first, then the hands, as the progress line's shares run
  const mouseMoves = s === t ? 0 : moves(board, 0) + moves(board.withEnds(t, s), bound);
  const walker = Math.min(movesOn(board, wallLeft, { seed: '', moved: share(walls, 2 * cells) }), movesOn(board, wallRight, { seed: '', moved: share(walls + 2 * cells, 2 * cells) }));
  const terms = {
    length: 1 - Math.exp(-Math.max(0, length / (2 * side) - 1) / 3),
    turns: length > 2 ? analysis.solutionTurns! / (length - 2) : 0,
    decisions: 1 - Math.exp(-analysis.decisionPoints! / side),
    falsePaths: Math.min(1, analysis.deadEndCells / cells / 0.6),
    randomMouse: mouseMoves / (2 * bound),
    wallFollower: Math.min(1, walker / cells),
  };
  let sum = 0;
  for (const [name, weight] of Object.entries(WEIGHTS)) sum += weight * terms[name as keyof typeof WEIGHTS];
  const difficulty = Math.min(1, Math.max(0, (sum - FLOOR) / SPAN));
  const round = (v: number): number => Math.round(v * 10_000) / 10_000;
  return {
    length: round(terms.length),
    turns: round(terms.turns),
    decisions: round(terms.decisions),
    falsePaths: round(terms.falsePaths),
    randomMouse: round(terms.randomMouse),
    wallFollower: round(terms.wallFollower),
    difficulty: round(difficulty),
  };
}

/** The steps scoreMaze tells its progress in: the analysis' passes over the maze's places, then the walks (difficultySteps). */
export function scoreSteps(maze: AnyMaze): number {
  const size = passagesOf(maze).size;
  return size + difficultySteps(size);
}

/** mazeDifficulty with its analysis made here, `tick` told of both in turn, out of scoreSteps'. */
export function scoreMaze(maze: AnyMaze, start: Point, end: Point, tick?: Tick): number {
  const size = passagesOf(maze).size;
  const analysis = analyzeMaze(maze, start, end, tick);
  return mazeDifficulty(maze, start, end, analysis, tick && ((done) => tick(size + done)));
}

/** The difficulty of a maze between two cells, from 0 to 1. */
export function mazeDifficulty(maze: AnyMaze, start: Point, end: Point, analysis?: MazeAnalysis, tick?: Tick): number {
  return difficultyTerms(maze, start, end, analysis, tick).difficulty;
}
