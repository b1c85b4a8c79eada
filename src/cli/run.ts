/**
 * The command line's runner: the chosen command's own options are read by
 * yargs' parser alone for a well-formed line (quick-parse.ts), by yargs
 * for help and for a line to refuse; then the command (in `commands/`)
 * checks every value and does the work. `run` takes the argument list and returns an exit code, so tests
 * call it in-process.
 */
import { writeSync } from 'node:fs';
import type yargsModule from 'yargs';
import { commands, findCommand } from './commands/index.js';
import type { Args, Command, Io } from './commands/types.js';
import { closestChoice, didYouMean, IoError, listChoices, MazeError, oneLine, UsageError } from '../errors.js';
import { flagOf } from './commands/args.js';
import { OutputSession, writeToStream } from './output.js';
import { parserTable, positionalBounds, quickParse } from './quick-parse.js';

export type { Io } from './commands/types.js';

declare const __VERSION__: string | undefined;
const VERSION = typeof __VERSION__ === 'string' ? __VERSION__ : 'dev';

const COMMAND_NAMES = commands.map((c) => c.name);

/**
 * Run one command line; the exit status. Runs may go on at once in one
 * process: each has its own output session, and cleans up only its own.
 */
export async function run(args: string[], given: Io = process): Promise<number> {
  const session = OutputSession.start();
  // process.stdin, stdout and stderr are each made when first read (Node's
  // stream code: milliseconds of a start), so a run reads only those it uses;
  // a line on the process's stderr before its stream is read (the seed line
  // of a small gen) is written as it is, as the stream would write it at once
  let stderrRead = given !== process;
  const io: Io = {
    get stdin() {
      return given.stdin;
    },
    get stdout() {
      return given.stdout;
    },
    get stderr() {
      stderrRead = true;
      return given.stderr;
    },
    stderrLine: (text) => {
      if (stderrRead || !wroteOnStderr(text)) io.stderr.write(text);
    },
    session,
  };
  try {
    const parsed = await parse(args, () => helpWidth(io.stdout));
    if (typeof parsed === 'string') {
      await writeToStream(io.stdout, [parsed.endsWith('\n') ? parsed : parsed + '\n']);
      return 0;
    }
    // `maze -- gen`: yargs takes anything after -- as a positional, not as the command
    const command = findCommand(String(parsed._[0]));
    if (!command) throw new UsageError(`a command is needed before any --: ${listChoices(COMMAND_NAMES)} (see maze --help)`);
    return (await command.run(parsed, io)) ?? 0;
  } catch (error) {
    session.removeCreatedFolders();
    if (error instanceof MazeError || error instanceof IoError) {
      io.stderr.on('error', () => undefined); // stderr itself unwritable: the exit code still tells
      // the library's messages name its options; the command line says its flags
      const message = error instanceof MazeError ? error.wordedFor(flagOf) : error.message;
      io.stderr.write(`maze: error: ${oneLine(message)}\n`);
      return error.exitCode;
    }
    throw error;
  } finally {
    session.close();
  }
}

/**
 * Write a short line on the process's stderr at once, without its stream;
 * false when it would have to wait (a pipe opened without blocking and
 * full), for the stream to do. An unwritable stderr (closed, a broken pipe)
 * loses the line, as the stream would.
 */
function wroteOnStderr(text: string): boolean {
  try {
    writeSync(2, text);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'EAGAIN';
  }
  return true;
}

/** The help's width: a terminal's own, at most 100 columns; 80 in a pipe or a file. */
function helpWidth(stdout: Io['stdout']): number {
  const columns = stdout.isTTY === true ? stdout.columns : undefined;
  return typeof columns === 'number' && columns > 0 ? Math.min(100, columns) : 80;
}

/**
 * A switch given a value (`--quiet=yes`, `--openings=1`): yargs reads any
 * value but `true` as off, so the switch was silently not thrown. Refused,
 * saying to give it alone; `=true` and `=false` are yargs' own and kept.
 */
function refuseSwitchValues(command: Command, rest: string[]): void {
  const table = parserTable(command);
  const switches = new Set(['help', ...table.boolean.flatMap((key) => [key, ...(table.alias[key] ?? [])])]);
  for (const arg of rest) {
    if (arg === '--') return;
    const match = /^--?([^=]+)=(.*)$/s.exec(arg);
    if (match === null || !switches.has(match[1]!) || /^(true|false)$/i.test(match[2]!)) continue;
    const flag = match[1]!.length === 1 ? `-${match[1]}` : `--${match[1]}`;
    throw new UsageError(`${flag} is a switch and takes no value, got '${match[2]}': give ${flag} alone to turn it on`);
  }
}

/**
 * Option names yargs would read into the parsed object's own machinery (`_`,
 * `__proto__`, `toString`, `constructor`…), crashing it: refused as unknown
 * before it sees them. yargs also reads `--to-string` as `toString`.
 */
function refuseReservedOptions(args: string[]): void {
  for (const arg of args) {
    if (arg === '--') return;
    if (!arg.startsWith('-') || arg === '-') continue;
    const name = arg.replace(/^-+/, '').split('=')[0]!;
    const names = arg.startsWith('--') ? [name, name.replace(/-+([^-])/g, (_m, c: string) => c.toUpperCase())] : [...name];
    for (const n of names) {
      if (n === '_' || n === '__proto__' || n === 'prototype' || n in Object.prototype) {
        const shown = arg.startsWith('--') ? `--${name}` : `-${n}`;
        throw new UsageError(`unknown option ${shown} (see maze${args[0] && findCommand(args[0]) ? ` ${args[0]}` : ''} --help)`);
      }
    }
  }
}

// values stay the text typed ('parse-numbers' off): the commands check them, and an option that takes a number is untyped so that --help shows its default as one
const PARSER_CONFIGURATION = { 'dot-notation': false, 'boolean-negation': false, 'duplicate-arguments-array': false, 'parse-numbers': false, 'parse-positional-numbers': false };

/**
 * The yargs messages `rewordYargs` turns into maze's own, given stable
 * wording through yargs' locale hook (updateStrings), so that what is
 * matched is ours, not yargs' English: should an update rename a message,
 * its English comes through unchanged and the test that pins every
 * rewritten message fails. Keys are yargs' (and yargs-parser's) message
 * templates; plural ones take { one, other }.
 */
const YARGS_WORDING = {
  'Not enough arguments following: %s': 'maze:needs-value %s',
  'Unknown argument: %s': { one: 'maze:unknown %s', other: 'maze:unknown %s' },
  'Not enough non-option arguments: got %s, need at least %s': { one: 'maze:too-few %s %s', other: 'maze:too-few %s %s' },
  'Too many non-option arguments: got %s, maximum of %s': { one: 'maze:too-many %s %s', other: 'maze:too-many %s %s' },
};

/**
 * A line asking for a command's help the way other tools take it: `maze
 * help gen`, `maze --help gen` and `maze -h gen` as `maze gen --help` (the
 * first printed yargs' empty help of the command's name, the last was an
 * unknown command); `maze help` as `maze --help`.
 */
function helpLine(args: string[]): string[] {
  if (!['help', '--help', '-h'].includes(args[0] ?? '')) return args;
  if (args.length === 2 && findCommand(args[1])) return [args[1]!, '--help'];
  return args[0] === 'help' && args.length === 1 ? ['--help'] : args;
}

/**
 * Parse with yargs; a string result is text to print (--help, --version).
 * A subcommand gets a parser of its own rather than a yargs `.command()`
 * builder: yargs formats the whole help text of a command it runs, which
 * would cost a fast start most of its budget.
 */
async function parse(given: string[], width: () => number, wrap?: number, quick = true): Promise<Args | string> {
  const args = helpLine(given);
  refuseReservedOptions(args);
  const command = findCommand(args[0]);
  let rest = command ? args.slice(1) : args;
  // -h is help in a command that has no height (render, solve, stats, list): they said "unknown option --h"
  const split = rest.indexOf('--');
  if (command && !('h' in parserTable(command).key)) rest = rest.map((arg, i) => (arg === '-h' && (split < 0 || i < split) ? '--help' : arg));
  if (command) refuseSwitchValues(command, rest);
  // --help asked for (before any --): yargs' help option; else none, whose set-up is a part of a millisecond of every run
  const helpAsked = !command || (split < 0 ? rest : rest.slice(0, split)).some((arg) => arg === '--help' || arg.startsWith('--help='));
  // a well-formed line needs no yargs instance: yargs' own parser reads it (quick-parse.ts)
  if (command && !helpAsked && quick) {
    const argv = quickParse(command, rest, PARSER_CONFIGURATION);
    if (argv) return commandArgs(argv, command);
  }
  const yargs = await loadYargs();
  // updateStrings is typed for plain strings; y18n takes { one, other } for plural messages too
  let parser = yargs().scriptName('maze').detectLocale(false).updateStrings(YARGS_WORDING as unknown as Record<string, string>);
  if (command) {
    parser = command.options(parser).version(false);
    parser = parser.demandCommand(...positionalBounds(command));
  } else {
    parser = parser.usage('$0 <command> [options]\n\nA maze generator: trees, kruskal, backtracker and more, to text, JSON and pictures.');
    for (const c of commands) parser = parser.command(c.synopsis, c.summary);
    // -h and -v mean help and version here only: inside gen, -h is the height
    parser = parser.demandCommand(1, 1).version(VERSION).alias('v', 'version').help().alias('h', 'help');
  }
  parser = parser
    .strict()
    .help(helpAsked)
    .parserConfiguration(PARSER_CONFIGURATION)
    .wrap(wrap ?? 80)
    .exitProcess(false);

  const shield = shieldPositionals(rest);
  rest = shield.args;
  let output = '';
  let argv: Args;
  try {
    argv = (await parser
      .fail((message, error) => {
        throw error ?? new UsageError(rewordYargs(yargs, message, args));
      })
      .parseAsync(rest, {}, (_error, _argv, text) => {
        output = text;
      })) as Args;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    if (error instanceof Error && error.name === 'YError') throw new UsageError(rewordYargs(yargs, error.message, args));
    throw error;
  }
  // the help's width asks for standard output (see run): only once there is help to print, which is made again at that width
  if (output) return wrap === undefined ? parse(args, width, width(), quick) : output;
  argv._ = argv._.map(shield.restore);
  return commandArgs(argv, command);
}

/** The parsed arguments as a command reads them: `_` its name, `file` its saved maze. */
function commandArgs(argv: Args, command: Command | undefined): Args {
  if (command?.readsFile) argv.file = argv._[0];
  argv._ = [command?.name ?? ''];
  return argv;
}

type Yargs = typeof yargsModule;

/** yargs, loaded when a line needs it (help, the command list, a line to refuse): its set-up is a part of every start otherwise. */
async function loadYargs(): Promise<Yargs> {
  return (await import('yargs')).default;
}

/** A command line's parsed arguments (or text to print), read by yargs itself when `quick` is false: the tests compare the two readings. */
export function parseArguments(args: string[], quick: boolean): Promise<Args | string> {
  return parse(args, () => 80, undefined, quick);
}

/**
 * What follows `--` is positional, but yargs still camel-cases it into its
 * alias tables, where `-- --to-string` reaches Object.prototype.toString and
 * crashes it: yargs gets stand-ins, and `restore` gives the arguments back.
 */
function shieldPositionals(args: string[]): { args: string[]; restore: (arg: string | number) => string | number } {
  const split = args.indexOf('--');
  if (split < 0) return { args, restore: (arg) => arg };
  const after = args.slice(split + 1);
  const standIn = 'maze:positional:';
  return {
    args: [...args.slice(0, split + 1), ...after.map((_arg, i) => `${standIn}${i}`)],
    restore: (arg) => (typeof arg === 'string' && arg.startsWith(standIn) ? after[Number(arg.slice(standIn.length))]! : arg),
  };
}

/** yargs' messages, made one line that says what to change. */
function rewordYargs(yargs: Yargs, message: string | null | undefined, args: string[]): string {
  const text = (message ?? 'bad command line').replace(/\s+/g, ' ').trim();
  const first = args.find((a) => !a.startsWith('-'));
  const firstCommand = findCommand(first);
  if (first !== undefined && !firstCommand && args.indexOf(first) === 0) {
    return `unknown command '${first}'; the commands are ${listChoices(COMMAND_NAMES)}${didYouMean(first, COMMAND_NAMES)} (see maze --help)`;
  }
  if (/^maze:too-few /.test(text) && (args[0] === undefined || args[0].startsWith('-'))) {
    return `a command is needed: ${listChoices(COMMAND_NAMES)} (see maze --help)`;
  }
  if (/^maze:too-few /.test(text) && firstCommand?.readsFile) {
    return `${first} needs a saved maze: maze ${first} FILE.json (or - for standard input)`;
  }
  let m = /^maze:needs-value (\S+)/.exec(text);
  if (m?.[1] === 'h' && args.includes('-h')) {
    // a new user's -h for help: inside a command -h is the height
    return `-h needs a value: in maze ${first ?? ''} -h is the height (--h 20); --help shows the help`.replace('  ', ' ');
  }
  if (m) {
    // a value that starts with - (-o -x.png) reads as an option: the flag as typed, then =, takes it
    const at = args.findIndex((a) => a.replace(/^-+/, '') === m![1]);
    // past a `--`, which ends the options, as in -o -- -x.png
    const next = at < 0 ? undefined : args[at + 1] === '--' ? args[at + 2] : args[at + 1];
    // not when it is an option (-o -q: the name left out)
    const value = next !== undefined && next.startsWith('-') && next !== '-' && !(firstCommand && optionNames(yargs, firstCommand.options).includes(next.replace(/^-+/, '').split('=')[0]!));
    const hint = value ? `; '${next}' reads as an option: give it as ${args[at]}=${next}` : '';
    return `${flagName(m[1]!)} needs a value${hint}`;
  }
  m = /^maze:unknown (.+)$/.exec(text);
  if (m) {
    const words = m[1]!.split(', ');
    const typed = (w: string): string | undefined => args.find((a) => a.startsWith('-') && a.replace(/^-+/, '').split('=')[0] === w);
    const option = words.find((w) => typed(w) !== undefined);
    if (option) {
      const known = firstCommand ? optionNames(yargs, firstCommand.options) : ['help', 'version'];
      // the same name in other letters (--W for --w) first; a one- or two-letter slip is too short to guess from
      const sameName = known.find((k) => k.toLowerCase() === option.toLowerCase());
      const close = sameName ?? (option.length < 3 ? undefined : closestChoice(option, known.filter((k) => k.length > 1)));
      const hint = close === undefined ? '' : `; did you mean ${flagName(close, true)}?`;
      // named as typed: --W, not -W
      const shown = typed(option)!.startsWith('--') ? `--${option}` : flagName(option);
      return `unknown option ${shown}${hint} (see maze ${first ?? ''} --help)`.replace('  ', ' ');
    }
    return `unexpected argument '${words[0]}' (see maze --help)`;
  }
  if (/^maze:too-many /.test(text) && firstCommand) {
    const takes = firstCommand.readsFile ? 1 : 0;
    const extra = positionals(yargs, firstCommand.options, args.slice(1))[takes];
    const what = takes === 1 ? (firstCommand.fileWords ?? 'one saved maze, FILE.json or -') : 'options only';
    return `${extra === undefined ? 'too many arguments' : `unexpected argument '${extra}'`}: maze ${first} takes ${what} (see maze ${first} --help)`;
  }
  return text;
}

/** A command's long option names (to suggest one for a typo). */
function optionNames(yargs: Yargs, options: (typeof commands)[number]['options']): string[] {
  // getOptions is yargs' own (untyped in @types/yargs): every option's name, aliases included
  const parser = options(yargs()).help(false).version(false) as unknown as { getOptions(): { key: Record<string, unknown>; alias: Record<string, string[]> } };
  const { key, alias } = parser.getOptions();
  // an alias given as an option's own name is not a key of its own (--width, --height, --count's -n)
  return [...new Set([...Object.keys(key), ...Object.values(alias).flat()])];
}

/** The arguments that are not options nor their values, as yargs reads them (only to name a stray one). */
function positionals(yargs: Yargs, options: (typeof commands)[number]['options'], rest: string[]): string[] {
  const parser = options(yargs()).parserConfiguration(PARSER_CONFIGURATION).help(false).version(false).exitProcess(false);
  // `-_` after an option that takes no value sets `_` itself (the fuzz harness's `maze list -w -- -_ " "`)
  const shield = shieldPositionals(rest);
  const found: unknown = (parser.parseSync(shield.args) as Args)._;
  return Array.isArray(found) ? found.map((arg) => String(shield.restore(arg as string | number))) : [];
}

/** How an option is written: `-o` for a one-letter one but --w and --h (and any, `long`, as a suggestion: --w for -W). */
function flagName(name: string, long = false): string {
  return name.length === 1 && name !== 'w' && name !== 'h' && !long ? `-${name}` : `--${name}`;
}
