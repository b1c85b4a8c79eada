/** `maze count --w W --h H [--shape S] [--mask F]`: how many perfect mazes a grid has, exactly (analysis/count.ts). */
import type { Argv } from 'yargs';
import { countOfSpec, DEFAULT_HEIGHT, DEFAULT_WIDTH } from '../../lib/spec.js';
import { SHAPE_NAMES } from '../../grid/shape.js';
import { writeToStream } from '../output.js';
import { examples, flagText, maskOptions, numberOption, specFromArgs } from './args.js';
import { loadMask } from './mask-file.js';
import type { Args, Command, Io } from './types.js';

function countOptions(y: Argv): Argv {
  y = maskOptions(
    y
      .usage('$0 count [options]\n\nThe exact number of perfect mazes (spanning trees) of a grid, by Kirchhoff\'s matrix-tree theorem.\nGrids up to about 30 × 30 cells (a few seconds); larger ones are refused.')
      .option('w', { alias: 'width', ...numberOption("width in cells (polar: rings; with --mask: the mask's, scaled when given)", DEFAULT_WIDTH) })
      .option('h', { alias: 'height', ...numberOption("height in cells (with --mask: the mask's, or its aspect kept from --w)", DEFAULT_HEIGHT) })
      .option('shape', { type: 'string', requiresArg: true, describe: `grid shape: ${SHAPE_NAMES.join(', ')}`, defaultDescription: 'square' }),
  );
  return examples(y, [
    ['$0 count --w 4 --h 4', '100352'],
    ['$0 count --shape hex --w 5 --h 5', 'on a hex grid'],
  ]);
}

async function printCount(args: Args, io: Io): Promise<void> {
  const maskFile = flagText(args, 'mask');
  const mask = maskFile === undefined ? null : await loadMask(maskFile, io.stdin, (note) => io.stderr.write(`${note}\n`));
  const spec = specFromArgs(args, () => null, mask);
  await writeToStream(io.stdout, [`${countOfSpec(spec)}\n`]);
}

export const count: Command = {
  name: 'count',
  synopsis: 'count',
  summary: 'how many perfect mazes a grid has, exactly',
  readsFile: false,
  options: countOptions,
  run: printCount,
};
