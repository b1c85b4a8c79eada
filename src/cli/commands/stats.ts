/** `maze stats FILE.json`: dead ends, junctions, loops and path lengths, as a table or JSON. */
import type { Argv } from 'yargs';
import { mazeReport, reportSteps } from '../../analysis/report.js';
import { meter } from '../progress.js';
import { metered } from '../../tick.js';
import { writeToStream } from '../output.js';
import { statsJson, statsTable } from '../stats-table.js';
import { endpoints } from '../../lib/spec.js';
import { checkSavedSolvable, endpointOptions, endsFromArgs, examples } from './args.js';
import { readAnySavedMaze } from './input.js';
import type { Args, Command, Io } from './types.js';

function statsOptions(y: Argv): Argv {
  y = endpointOptions(
    y.usage('$0 stats FILE.json [options]\n\nDead ends, junctions, loops, solution length and longest path of a maze saved as JSON (FILE may be - for standard input).'),
    true,
  )
    .option('json', { type: 'boolean', describe: 'print one JSON object for scripts instead of the table' })
    .option('quiet', { alias: 'q', type: 'boolean', describe: 'print nothing on standard error but errors (no progress line)' });
  return examples(y, [
    ['$0 stats m.json', 'a table'],
    ['$0 stats m.json --json | jq .deadEnds', 'one number'],
  ]);
}

async function printStats(args: Args, io: Io): Promise<void> {
  const maze = await readAnySavedMaze(args, io);
  // its paths are searched as solve's are: held to the same bound (a 10000 × 10000 file ran on past 2 GB)
  checkSavedSolvable(maze, 'maze stats');
  const { start, end } = endpoints(maze, endsFromArgs(args));
  const stats = metered(meter(io, args.quiet === true), reportSteps(maze), 'steps', (tick) => mazeReport(maze, start, end, tick));
  await writeToStream(io.stdout, [args.json === true ? statsJson(stats) : statsTable(stats)]);
}

export const stats: Command = {
  name: 'stats',
  synopsis: 'stats FILE.json',
  summary: 'dead ends, junctions, loops and path lengths of a saved maze',
  readsFile: true,
  options: statsOptions,
  run: printStats,
};
