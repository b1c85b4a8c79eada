/** `maze solve FILE.json`: find the shortest path through a saved maze and write it drawn. */
import type { Argv } from 'yargs';
import { solveMaze } from '../../passages/solve.js';
import { meter } from '../progress.js';
import { metered } from '../../tick.js';
import { endpoints } from '../../lib/spec.js';
import { GraphMaze } from '../../grid/graph-maze.js';
import { checkSolvable, endpointOptions, endsFromArgs, examples, OUTPUT_GROUP, outputOptions } from './args.js';
import { openSaved } from './input.js';
import { writeMaze } from './target.js';
import type { Args, Command, Io } from './types.js';

function solveOptions(y: Argv): Argv {
  y = outputOptions(
    endpointOptions(
      y.usage('$0 solve FILE.json [options]\n\nFind the shortest path through a maze saved as JSON, then write the maze with the path\ndrawn (and stored, in JSON) in any format (FILE may be - for standard input).'),
      true,
    ),
  );
  return examples(y.group(['from', 'to'], 'Solution options:').group(OUTPUT_GROUP, 'Output options:'), [
    ['$0 solve m.json', 'print the maze with its solution'],
    ['$0 solve m.json --from 3,0 --to 0,9 -o solved.json', 'another solution'],
  ]);
}

async function solveSaved(args: Args, io: Io): Promise<void> {
  const { maze, target, renderOptions } = await openSaved(args, io);
  // a shaped maze's cells counted as one row: the same limit on the cells
  if (maze instanceof GraphMaze) checkSolvable(maze.cellCount, 1, 'maze solve');
  else checkSolvable(maze.width, maze.height, 'maze solve');
  const { start, end } = endpoints(maze, endsFromArgs(args));
  const phases = meter(io, args.quiet === true);
  metered(phases, maze instanceof GraphMaze ? maze.cellCount : maze.width * maze.height, 'cells searched', (tick) => solveMaze(maze, start, end, tick));
  await writeMaze(maze, target, renderOptions, io, phases);
}

export const solve: Command = {
  name: 'solve',
  synopsis: 'solve <file>',
  summary: 'draw a saved maze with its shortest path, in any format',
  readsFile: true,
  options: solveOptions,
  run: solveSaved,
};
