/**
 * A command's arguments read by yargs' own parser (yargs-parser) alone,
 * when all of them are well formed: the common run. Building a yargs
 * instance, its fifty option calls for gen and its validation cost about
 * a quarter of what a small `maze gen` adds to Node's own start (issue 29),
 * all of it spent finding nothing wrong.
 *
 * The command's builder is run on a recorder that keeps what yargs hands
 * its parser (yargs-factory.js `option`: keys, aliases, strings, booleans,
 * defaults, `requiresArg` as a count of NaN) and nothing of the help. The
 * parse is yargs-parser's, with the configuration run.ts gives yargs. Any
 * line yargs would refuse or read its own way declines (null): a parser
 * error, an option the command does not declare, `--`, too few or too many
 * positionals; run.ts then asks yargs, which says what is wrong in the
 * words it always has. So a line read here is read as yargs reads it,
 * which test/quick-parse.test.ts holds for every command: the table equals
 * yargs' own, and both read random command lines alike.
 */
import yargsParser from 'yargs-parser';
import type { Argv } from 'yargs';
import type { Args, Command } from './commands/types.js';

/** What yargs passes its parser for a command's options (its `getOptions()`, the parts a parse reads). */
export interface ParserTable {
  key: Record<string, boolean>;
  alias: Record<string, string[]>;
  string: string[];
  boolean: string[];
  narg: Record<string, number>;
  default: Record<string, unknown>;
}

interface OptionDeclaration {
  alias?: string | string[];
  type?: string;
  default?: unknown;
  requiresArg?: boolean;
}

/** The builder methods commands call, recorded as yargs records them for its parser (the rest is help text). */
class Recorder {
  readonly table: ParserTable = { key: {}, alias: {}, string: [], boolean: [], narg: {}, default: {} };

  option(key: string, declared: OptionDeclaration = {}): this {
    const table = this.table;
    table.key[key] = true;
    const aliases = declared.alias === undefined ? [] : ([] as string[]).concat(declared.alias);
    if (aliases.length > 0) table.alias[key] = [...(table.alias[key] ?? []), ...aliases];
    if ('default' in declared) table.default[key] = declared.default;
    if (declared.type === 'boolean' || declared.type === 'string') {
      // yargs marks a typed option's aliases as keys too
      table[declared.type].push(key, ...aliases);
      for (const alias of aliases) table.key[alias] = true;
    } else if (declared.type !== undefined) throw new Error(`quick-parse: an option of type ${declared.type} (${key}) is not recorded: teach the recorder`);
    if (declared.requiresArg && !table.narg[key]) table.narg[key] = NaN;
    return this;
  }

  group(): this {
    return this;
  }

  usage(): this {
    return this;
  }

  example(): this {
    return this;
  }

  epilog(): this {
    return this;
  }
}

/** How many positionals a command takes, at least and at most: a saved maze (FILE.json or -), optional or not, or none. */
export function positionalBounds(command: Command): [number, number] {
  return command.readsFile === 'optional' ? [0, 1] : command.readsFile ? [1, 1] : [0, 0];
}

const tables = new Map<Command, ParserTable>();

/** A command's parser table, from its builder (made once per command). */
export function parserTable(command: Command): ParserTable {
  let table = tables.get(command);
  if (!table) {
    const recorder = new Recorder();
    command.options(recorder as unknown as Argv);
    table = recorder.table;
    tables.set(command, table);
  }
  return table;
}

/** Every name an option answers to: its key, its aliases, and their camel-case forms (as yargs-parser adds them). */
function knownNames(table: ParserTable): Set<string> {
  const names = new Set<string>();
  for (const key of Object.keys(table.key)) {
    for (const name of [key, ...(table.alias[key] ?? [])]) {
      names.add(name);
      names.add(name.replace(/-+([^-])/g, (_m, c: string) => c.toUpperCase()));
    }
  }
  return names;
}

/**
 * The parsed arguments of `rest` (what follows the command's name), as
 * yargs would give them; null when yargs must read them (see above).
 */
export function quickParse(command: Command, rest: string[], configuration: Record<string, boolean>): Args | null {
  if (rest.includes('--')) return null;
  const table = parserTable(command);
  const parsed = yargsParser.detailed(rest, {
    ...table,
    // fresh copies: yargs-parser adds to the lists it is given
    alias: Object.fromEntries(Object.entries(table.alias).map(([k, v]) => [k, [...v]])),
    string: [...table.string],
    boolean: [...table.boolean],
    configuration: { 'parse-positional-numbers': false, ...configuration, 'populate--': true },
  });
  if (parsed.error) return null;
  const argv = parsed.argv as Args;
  const known = knownNames(table);
  for (const key of Object.keys(argv)) {
    if (key !== '_' && key !== '--' && !known.has(key)) return null;
  }
  const [least, most] = positionalBounds(command);
  if (argv._.length < least || argv._.length > most) return null;
  delete argv['--'];
  argv.$0 = 'maze';
  return argv;
}
