/** `maze list`: the algorithms, formats and solving methods, one line each, read from their registries. */
import { algorithms, DEFAULT_ALGORITHM } from '../../algorithms/index.js';
import { formats } from '../../formats/index.js';
import { solvers } from '../../solvers/index.js';
import { writeToStream } from '../output.js';
import type { Command, Io } from './types.js';

/**
 * The listing, one line each; given a width (a terminal's), each line is
 * wrapped between words to it, its continuation indented under the
 * description, as --help wraps. In a pipe every entry stays one line, so
 * that `maze list | awk` reads a name per line.
 */
export function listing(width: number | null = null): string {
  const pad = Math.max(...algorithms.map((a) => a.name.length), ...formats.map((f) => f.name.length), ...solvers.map((m) => m.name.length)) + 2;
  const lines = ['Algorithms (--algo):'];
  const entry = (name: string, text: string): string[] => wrapEntry(`  ${name.padEnd(pad)}`, text, width);
  for (const a of algorithms) lines.push(...entry(a.name, `${a.description}${a.name === DEFAULT_ALGORITHM ? ' [default]' : ''}`));
  lines.push('', 'Formats (--format, or the -o extension):');
  for (const f of formats) lines.push(...entry(f.name, `${(f.extensions.join(' ') || (f.fileType ? `.${f.fileType}` : '')).padEnd(7)} ${f.description}`));
  lines.push('', 'Solving methods (--solve, --method):');
  for (const m of solvers) lines.push(...entry(m.name, `${m.description}${m.name === 'shortest' ? ' [default]' : ''}`));
  return lines.join('\n') + '\n';
}

/** `head` then `text`, broken between words to fit `width` columns, the rest indented under the text. */
function wrapEntry(head: string, text: string, width: number | null): string[] {
  const room = width === null ? Infinity : Math.max(20, width - head.length);
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > room) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  lines.push(line);
  return lines.map((l, i) => (i === 0 ? head : ' '.repeat(head.length)) + l);
}

export const list: Command = {
  name: 'list',
  synopsis: 'list',
  summary: 'list the algorithms, formats and solving methods',
  readsFile: false,
  options: (y) => y.usage('$0 list\n\nList the algorithms, formats and solving methods.'),
  run: async (_args, io: Io) => writeToStream(io.stdout, [listing(io.stdout.isTTY === true ? io.stdout.columns || 80 : null)]),
};
