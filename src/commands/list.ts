/** `maze list`: the algorithms and formats, one line each, read from their registries. */
import { algorithms, DEFAULT_ALGORITHM } from '../algorithms/index.js';
import { formats } from '../formats/index.js';
import { writeToStream } from '../output.js';
import type { Command, Io } from './types.js';

export function listing(): string {
  const pad = Math.max(...algorithms.map((a) => a.name.length), ...formats.map((f) => f.name.length)) + 2;
  const lines = ['Algorithms (--algo):'];
  for (const a of algorithms) lines.push(`  ${a.name.padEnd(pad)}${a.description}${a.name === DEFAULT_ALGORITHM ? ' [default]' : ''}`);
  lines.push('', 'Formats (--format, or the -o extension):');
  for (const f of formats) lines.push(`  ${f.name.padEnd(pad)}${f.extensions.join(' ').padEnd(7)} ${f.description}`);
  return lines.join('\n') + '\n';
}

export const list: Command = {
  name: 'list',
  synopsis: 'list',
  summary: 'list the algorithms and formats',
  readsFile: false,
  options: (y) => y.usage('$0 list\n\nList the algorithms and formats.'),
  run: async (_args, io: Io) => writeToStream(io.stdout, [listing()]),
};
