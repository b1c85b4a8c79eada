/**
 * What `maze stats` and the library's `stats` report: the counts of
 * passages/stats.ts (cells, dead ends, loops, the solution, the longest
 * path, keys and doors) and, after them, the analysis of analyze.ts.
 */
import type { Point } from '../model/maze.js';
import type { MazeStats } from '../passages/stats.js';
import { mazeStats } from '../passages/stats.js';
import type { AnyMaze } from '../passages/view.js';
import type { Tick } from '../tick.js';
import type { MazeAnalysis } from './analyze.js';
import { analyzeMaze } from './analyze.js';
import { mazeDifficulty } from './difficulty.js';

/** The analysis' own figures, beside the counts `MazeStats` already has (dead ends, the solution's length). */
export type AnalysisFigures = Omit<MazeAnalysis, 'deadEnds' | 'solutionLength'>;

/** Every figure of `maze stats --json`, in its order: the counts, the analysis, and the difficulty (difficulty.ts). */
export type MazeReport = MazeStats & AnalysisFigures & { difficulty: number };

export function mazeReport(maze: AnyMaze, start: Point, end: Point, tick?: Tick): MazeReport {
  const counts = mazeStats(maze, start, end, tick);
  const analysis = analyzeMaze(maze, start, end);
  const { deadEnds: _deadEnds, solutionLength: _solutionLength, ...figures } = analysis;
  return { ...counts, ...figures, difficulty: mazeDifficulty(maze, start, end, analysis) };
}
