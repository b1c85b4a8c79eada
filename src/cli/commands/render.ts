/** `maze render FILE.json`: draw a saved maze in any format. */
import type { Argv } from 'yargs';
import { GraphMaze } from '../../grid/graph-maze.js';
import { redrawSolving } from '../../solvers/index.js';
import { metered } from '../../tick.js';
import { meter } from '../progress.js';
import { examples, OUTPUT_GROUP, outputOptions } from './args.js';
import { openSaved } from './input.js';
import { writeMaze } from './target.js';
import type { Args, Command, Io } from './types.js';

function renderOptions(y: Argv): Argv {
  y = outputOptions(y.usage('$0 render FILE.json [options]\n\nDraw a maze saved as JSON in any format (FILE may be - for standard input).')).option('distances', {
    type: 'boolean',
    describe: 'a distance map: each cell colored by its steps from the start, purple near to yellow far (png, svg, pdf; a legend in svg and pdf)',
  });
  return examples(y.group([...OUTPUT_GROUP, 'distances'], 'Output options:'), [
    ['$0 render m.json -o m.png', 'a picture of a saved maze'],
    ['$0 render m.json --distances -o d.svg', 'its distance map'],
  ]);
}

async function renderSaved(args: Args, io: Io): Promise<void> {
  const { maze, target, renderOptions } = await openSaved(args, io);
  const phases = meter(io, args.quiet === true);
  // a method's walk, marks and filled cells, which the file does not keep, drawn as when it was solved
  if (maze.solving) metered(phases, maze instanceof GraphMaze ? maze.cellCount : maze.width * maze.height, 'cells searched', (tick) => redrawSolving(maze, tick));
  await writeMaze(maze, target, renderOptions, io, phases);
}

export const render: Command = {
  name: 'render',
  synopsis: 'render FILE.json',
  summary: 'draw a saved JSON maze in any format',
  readsFile: true,
  options: renderOptions,
  run: renderSaved,
};
