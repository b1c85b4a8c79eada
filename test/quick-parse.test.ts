/**
 * Start-up (issue 29 item 12): a well-formed command line is read by
 * yargs' own parser alone (src/cli/quick-parse.ts), with no yargs
 * instance. It must read every line as yargs does: the table it gives the
 * parser is the one yargs gives it, for every command, and on random
 * command lines (fast-check) the two readings agree, parsed arguments or
 * the error's words.
 */
import fc from 'fast-check';
import yargs from 'yargs';
import { describe, expect, it } from 'vitest';
import { commands } from '../src/cli/commands/index.js';
import { parserTable, quickParse } from '../src/cli/quick-parse.js';
import { parseArguments } from '../src/cli/run.js';

/** yargs' own table for a command's options, as run.ts builds its parser. */
function yargsTable(command: (typeof commands)[number]): Record<string, unknown> {
  const parser = command.options(yargs()).version(false).help(false) as unknown as { getOptions(): Record<string, unknown> };
  const options = parser.getOptions();
  return { key: options.key, alias: options.alias, string: options.string, boolean: options.boolean, narg: options.narg, default: options.default };
}

/** A reading, as something to compare: the parsed arguments, the text printed, or the error's class and words. */
async function reading(args: string[], quick: boolean): Promise<unknown> {
  try {
    return { parsed: await parseArguments(args, quick) };
  } catch (error) {
    return { error: error instanceof Error ? `${error.constructor.name}: ${error.message}` : String(error) };
  }
}

describe('quick parse: the table is yargs\' own', () => {
  it.each(commands.map((c) => [c.name, c] as const))('%s', (_name, command) => {
    const table = yargsTable(command);
    expect(parserTable(command)).toEqual(table);
  });
});

describe('quick parse: command lines read as yargs reads them', () => {
  const configuration = { 'dot-notation': false, 'boolean-negation': false, 'duplicate-arguments-array': false, 'parse-numbers': false, 'parse-positional-numbers': false };

  it('reads a plain gen line itself, and leaves a line with an unknown option, --, a missing value or a stray argument to yargs', () => {
    const gen = commands.find((c) => c.name === 'gen')!;
    expect(quickParse(gen, ['--w', '30', '--h', '20', '-o', 'm.json'], configuration)).toMatchObject({ w: '30', width: '30', h: '20', o: 'm.json', output: 'm.json' });
    for (const line of [['--bogus'], ['--w', '3', '--', 'x'], ['--w'], ['stray'], ['--W', '3'], ['--no-quiet']]) {
      expect([line, quickParse(gen, line, configuration)]).toEqual([line, null]);
    }
    const render = commands.find((c) => c.name === 'render')!;
    expect(quickParse(render, [], configuration)).toBeNull();
    expect(quickParse(render, ['m.json'], configuration)?._).toEqual(['m.json']);
    expect(quickParse(render, ['a.json', 'b.json'], configuration)).toBeNull();
  });

  it.each(commands.map((c) => [c.name, c] as const))('%s: random lines', async (name, command) => {
    const table = parserTable(command);
    const names = Object.keys(table.key).flatMap((key) => [key, ...(table.alias[key] ?? [])]);
    // list declares no option: its lines are of the others' flags
    if (names.length === 0) names.push('quiet', 'w');
    const flag = fc.oneof(
      fc.constantFrom(...names).map((n) => (n.length === 1 ? `-${n}` : `--${n}`)),
      fc.constantFrom(...names).map((n) => `--${n}`),
      fc.constantFrom(...names).map((n) => `--${n.replace(/-+([^-])/g, (_m, c: string) => c.toUpperCase())}`),
      fc.constantFrom('--bogus', '-Z', '--no-quiet', '--W', '--solve-method', '-qo', '-w3', '--help', '-h', '--version'),
    );
    const value = fc.constantFrom('30', '-1', '-5x', 'x', '', 'a b', '-', 'true', 'false', 'm.json', 'out.png', '{n}.json', '0.5');
    const word = fc.oneof(
      flag,
      value,
      fc.tuple(flag, value).map(([f, v]) => (f.startsWith('--') ? `${f}=${v}` : `${f}${v}`)),
      fc.constant('--'),
    );
    // and lines mostly well formed: known flags with values, and a reader's file
    const known = fc.constantFrom(...names).map((n) => (n.length === 1 ? `-${n}` : `--${n}`));
    const formed = fc
      .tuple(fc.array(fc.tuple(known, value), { maxLength: 4 }), fc.constantFrom([], ['m.json'], ['-']), fc.array(word, { maxLength: 1 }))
      .map(([pairs, file, odd]) => [...pairs.flat(), ...file, ...odd]);
    let quick = 0;
    await fc.assert(
      fc.asyncProperty(fc.oneof(formed, fc.array(word, { maxLength: 7 })), async (rest) => {
        const args = [name, ...rest];
        if (quickParse(command, rest, configuration)) quick++;
        expect(await reading(args, true)).toEqual(await reading(args, false));
      }),
      { numRuns: 150, seed: 29 },
    );
    // lines the quick parser read itself, not only ones it left to yargs
    expect(quick).toBeGreaterThanOrEqual(15);
  });
});
