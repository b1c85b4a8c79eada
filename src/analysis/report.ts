/**
 * What `maze stats` and the library's `stats` report: the counts of
 * passages/stats.ts (cells, dead ends, loops, the solution, the longest
 * path, keys and doors) and, after them, the analysis of analyze.ts.
 */
import type { Point } from '../model/maze.js';
import type { MazeStats } from '../passages/stats.js';
import { mazeStats, statsSteps } from '../passages/stats.js';
import type { AnyMaze } from '../passages/view.js';
import { passagesOf } from '../passages/view.js';
import type { Tick } from '../tick.js';
import type { MazeAnalysis } from './analyze.js';
import { analyzeMaze } from './analyze.js';
import { mazeDifficulty, scoreSteps } from './difficulty.js';

/** The analysis' own figures, beside the counts `MazeStats` already has (dead ends, the solution's length). */
export type AnalysisFigures = Omit<MazeAnalysis, 'deadEnds' | 'solutionLength'>;

/** Every figure of `maze stats --json`, in its order: the counts, the analysis, and the difficulty (difficulty.ts). */
export type MazeReport = MazeStats & AnalysisFigures & { difficulty: number };

/**
 * The report, `tick` told how far it is out of reportSteps': the counts'
 * searches (statsSteps), the analysis' passes over the grid, then the
 * difficulty's walks (difficultySteps), each from where the last ended.
 */
export function mazeReport(maze: AnyMaze, start: Point, end: Point, tick?: Tick): MazeReport {
  // the analysis passes over the places the view numbers (a mask's outside too, and the square's tiles)
  const analysed = statsSteps(maze) + passagesOf(maze).size;
  const from = (done: number): Tick | undefined => tick && ((d) => tick(done + d));
  const counts = mazeStats(maze, start, end, tick);
  const analysis = analyzeMaze(maze, start, end, from(statsSteps(maze)));
  const { deadEnds: _deadEnds, solutionLength: _solutionLength, ...figures } = analysis;
  return { ...counts, ...figures, difficulty: mazeDifficulty(maze, start, end, analysis, from(analysed)) };
}

/** The steps mazeReport tells its progress in: the counts' searches, then a score's (scoreSteps: the analysis, then the walks). */
export function reportSteps(maze: AnyMaze): number {
  return statsSteps(maze) + scoreSteps(maze);
}
