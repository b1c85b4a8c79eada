/** `maze solve FILE.json`: find a path through a saved maze (the shortest, or by a method of SPEC "Solvers") and write it drawn, or report the method's figures. */
import type { Argv } from 'yargs';
import { UsageError } from '../../errors.js';
import { moveOpenings } from '../../passages/ends.js';
import { solveMaze } from '../../passages/solve.js';
import { passagesOf } from '../../passages/view.js';
import { findSolver, knowsDoorsOf, SOLVE_METHODS, solveFigures, solvers, solveMazeWith, solveWith } from '../../solvers/index.js';
import type { SolveResult } from '../../solvers/index.js';
import { meter } from '../progress.js';
import { metered } from '../../tick.js';
import { endpoints } from '../../lib/spec.js';
import { GraphMaze } from '../../grid/graph-maze.js';
import { parseChoice } from '../../model/options.js';
import { namedDescriptor, writeToStream } from '../output.js';
import { raceTable, reportJson, reportTable, SKIPPED_FOR_DOORS, unreachedNote } from '../solve-report.js';
import type { Skipped } from '../solve-report.js';
import { checkSavedSolvable, endpointOptions, endsFromArgs, examples, flagText, OUTPUT_GROUP, outputOptions } from './args.js';
import { openSaved, readAnySavedMaze } from './input.js';
import { writeMaze } from './target.js';
import type { Args, Command, Io } from './types.js';

function solveOptions(y: Argv): Argv {
  y = outputOptions(
    endpointOptions(
      y.usage('$0 solve FILE.json [options]\n\nFind a path through a maze saved as JSON (the shortest, or by --method), then write the maze with the path drawn (and stored, in JSON) in any format (FILE may be - for standard input).'),
      true,
    ),
  )
    .option('method', { type: 'string', requiresArg: true, describe: `how to solve it: ${SOLVE_METHODS.join(', ')}; all (with --report) runs every one`, defaultDescription: 'shortest' })
    .option('report', { type: 'boolean', describe: "print the method's figures (steps, cells visited, path length, found, most visits of one cell) as a table; the picture goes to -o" })
    .option('json', { type: 'boolean', describe: 'with --report: print them as JSON' });
  return examples(y.group(['ends', 'from', 'to', 'method', 'report', 'json'], 'Solution options:').group(OUTPUT_GROUP, 'Output options:'), [
    ['$0 solve m.json', 'print the maze with its solution'],
    ['$0 solve m.json --from 3,0 --to 0,9 -o solved.json', 'another solution'],
    ['$0 solve m.json --method dead-end-fill -o f.png', 'dead ends filled'],
    ['$0 solve m.json --method wall-left --report', 'its figures'],
    ['$0 solve m.json --method all --report', 'every method side by side'],
  ]);
}

/** With --report and no picture (-o), a picture's option would do nothing: refused, naming it. */
function checkNoPictureOptions(args: Args, all: boolean): void {
  const given = OUTPUT_GROUP.find((flag) => flag !== 'o' && flagText(args, flag) !== undefined);
  if (given === undefined) return;
  if (all) throw new UsageError(`--${given} applies to a picture, and --method all --report prints the figures alone: leave out --${given} (pick one method for a picture)`);
  throw new UsageError(`--${given} applies to the picture -o writes, and --report without -o prints the figures alone: add -o FILE, or leave out --${given}`);
}

async function solveSaved(args: Args, io: Io): Promise<void> {
  const methodText = flagText(args, 'method');
  const report = args.report === true;
  if (args.json === true && !report) throw new UsageError('--json applies with --report (the figures as JSON), not without it');
  // the figures and the picture on one stream would be neither
  const output = flagText(args, 'o');
  if (report && output !== undefined && (output === '-' || namedDescriptor(output) === 1)) {
    throw new UsageError(`--report prints the figures on standard output, and -o ${output} would write the picture there too: give the picture a file, or leave out -o`);
  }
  if (report && !toFile(args)) checkNoPictureOptions(args, methodText?.trim().toLowerCase() === 'all');
  if (methodText !== undefined && methodText.trim().toLowerCase() === 'all') return raceSaved(args, io, report);
  const method = findSolver(parseChoice(methodText ?? 'shortest', 'method', SOLVE_METHODS))!;
  // the picture goes to -o; with --report and no -o, only the figures
  const drawn = !report || toFile(args);
  const { maze, target, renderOptions } = drawn ? await openSaved(args, io) : { maze: await readAnySavedMaze(args, io), target: null, renderOptions: null };
  checkSavedSolvable(maze, 'maze solve');
  const { start, end } = endpoints(maze, endsFromArgs(args));
  const phases = meter(io, args.quiet === true);
  const cells = maze instanceof GraphMaze ? maze.cellCount : maze.width * maze.height;
  const old = { start: maze.start, end: maze.end };
  let result: SolveResult | null = null;
  // the shortest path without figures is found as it always was, and a method's drawing saved with the maze is no longer its solution's
  if (method.name === 'shortest' && !report) {
    maze.solving = null;
    metered(phases, cells, 'cells searched', (tick) => solveMaze(maze, start, end, tick));
  }
  // figures alone: nothing to store for a picture
  else if (!drawn) result = metered(phases, cells, 'cells searched', (tick) => solveFigures(maze, start, end, method, { tick }));
  else result = metered(phases, cells, 'cells searched', (tick) => solveMazeWith(maze, start, end, method, { tick }));
  // with --report too: the table says it, and the note says it where a script reads errors (SPEC "Solvers")
  const note = result && args.quiet !== true ? unreachedNote(method.name, result.outcome, target !== null) : null;
  if (note) io.stderr.write(note);
  if (drawn) moveOpenings(maze, old);
  if (target && renderOptions) await writeMaze(maze, target, renderOptions, io, phases);
  if (report && result) await writeToStream(io.stdout, [args.json === true ? reportJson(result) : reportTable(result)]);
}

/** `--method all --report`: every method on the same maze and ends, their figures side by side. */
async function raceSaved(args: Args, io: Io, report: boolean): Promise<void> {
  if (!report) throw new UsageError('--method all runs every method to compare their figures: add --report (it draws no picture; pick one method for -o)');
  if (toFile(args)) throw new UsageError('--method all --report prints the figures and draws no picture: pick one method for -o');
  const maze = await readAnySavedMaze(args, io);
  checkSavedSolvable(maze, 'maze solve');
  const { start, end } = endpoints(maze, endsFromArgs(args));
  const view = passagesOf(maze);
  // on a maze with locked doors only the methods that know them run; each other one's row says so
  const results = solvers.map((method): SolveResult | Skipped => (knowsDoorsOf(maze, method) ? solveWith(maze, view.cellAt(start), view.cellAt(end), method) : { method: method.name, skipped: SKIPPED_FOR_DOORS }));
  await writeToStream(io.stdout, [args.json === true ? reportJson(results) : raceTable(results)]);
}

/** Whether -o names a file (its default, -, is standard output). */
function toFile(args: Args): boolean {
  return (flagText(args, 'o') ?? '-') !== '-';
}

export const solve: Command = {
  name: 'solve',
  synopsis: 'solve FILE.json',
  summary: 'draw a saved maze with a path through it (the shortest, or by --method), or report the figures',
  readsFile: true,
  options: solveOptions,
  run: solveSaved,
};
