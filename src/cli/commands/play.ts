/**
 * `maze play [FILE.json] [gen options]`: the keys-and-doors game of seed
 * 003 in the terminal, over a saved maze or one generated exactly as
 * `maze gen` would with the same options and seed (a zones maze by
 * default). With no options at all, a start-up form asks for the size,
 * zones, keys, monsters and seed first. The game itself is in ../game/.
 *
 * Exit status: 0 for a win or `x`, 3 when a monster catches the player,
 * 130 after Ctrl-C; 2 for a usage error (not a terminal, among others).
 */
import type { ReadStream, WriteStream } from 'node:tty';
import type { Argv } from 'yargs';
import { algorithms } from '../../algorithms/index.js';
import { MazeError, UsageError } from '../../errors.js';
import { defaultMonsters, MAX_MONSTERS, MONSTER_DELAY } from '../../game/monsters.js';
import { startGame } from '../../game/rules.js';
import type { Terminal } from '../../terminal/game-screen.js';
import { GraphMaze } from '../../grid/graph-maze.js';
import { checkPlayable, startLevelsGame } from '../../game/levels.js';
import { TopologyShape } from '../../grid/topology.js';
import type { AnyMaze } from '../../passages/view.js';
import { parseChoice, parseInteger } from '../../model/options.js';
import { SHAPE_NAMES } from '../../grid/shape.js';
import { checkSeed, DEFAULT_HEIGHT, DEFAULT_SHAPE_ALGORITHM, DEFAULT_WIDTH, makeAnyMaze } from '../../lib/spec.js';
import { drawCliSeed } from '../seed.js';
import { algorithmOptions, endpointOptions, examples, flagOf, flagText, maskOptions, specFromArgs } from './args.js';
import type { LoadedMask } from './mask-file.js';
import { loadMask } from './mask-file.js';
import { readAnySavedMaze } from './input.js';
import type { Args, Command, Io } from './types.js';

export const PLAY_ALGORITHM = 'zones';
/** Exit statuses of a game, as `maze play --help` documents them. */
export { EXIT_CAUGHT, EXIT_INTERRUPTED } from './types.js';
import { EXIT_CAUGHT, EXIT_INTERRUPTED } from './types.js';
/** A game's width and height, in cells: the game's own bound (game/rules.ts), the page's too. */
export { MAX_GAME_SIDE } from '../../game/rules.js';
import { MAX_GAME_SIDE } from '../../game/rules.js';

/**
 * The form's fields as its messages name them: a count's value as so many
 * of its noun ("--keys 5" is "5 keys"), a field on its own by its name
 * ("--zones" is "the number of zones").
 */
const FORM_FIELDS: Readonly<Record<string, { name: string; one?: string; many?: string }>> = {
  w: { name: 'the width' },
  h: { name: 'the height' },
  zones: { name: 'the number of zones', one: 'zone', many: 'zones' },
  keys: { name: 'the number of keys', one: 'key', many: 'keys' },
  monsters: { name: 'the number of monsters', one: 'monster', many: 'monsters' },
  seed: { name: 'the seed' },
};

/** The options that make the maze; with none of them (and no file), the form comes first. */
const MAZE_FLAGS = ['algo', 'w', 'h', 'seed', 'braid', 'ends', 'from', 'to', 'mask', 'mask-invert', 'mask-regions', 'levels'];
const GAME_FLAGS = ['monsters', 'monster-delay'];

function playOptions(y: Argv): Argv {
  y = y
    .usage(
      '$0 play [FILE.json] [options]\n\nPlay a maze in the terminal: find the keys, open the doors, reach the exit, keep away from ' +
        'the monsters. Plays a saved maze, or generates one as maze gen does with the same options (a zones maze by default). With no options, a form asks for the maze first.\n\n' +
        'Keys: arrows or the numeric keypad (8 4 6 2) move, I lists your keys, x quits.',
    )
    .option('algo', { alias: 'a', type: 'string', requiresArg: true, describe: `algorithm: ${algorithms.map((a) => a.name).join(', ')}`, defaultDescription: PLAY_ALGORITHM })
    .option('w', { alias: 'width', requiresArg: true, describe: `width in cells, at most ${MAX_GAME_SIDE}`, defaultDescription: String(DEFAULT_WIDTH) })
    .option('h', { alias: 'height', requiresArg: true, describe: `height in cells, at most ${MAX_GAME_SIDE}`, defaultDescription: String(DEFAULT_HEIGHT) })
    .option('seed', { alias: 's', type: 'string', requiresArg: true, describe: 'seed, an integer or any text: the same seed gives the same maze as maze gen', defaultDescription: 'drawn, and printed on stderr' })
    .option('braid', { requiresArg: true, describe: 'share of dead ends to remove, 0 to 1, as maze gen --braid (loops to run round)', defaultDescription: '0' })
    .option('shape', { type: 'string', requiresArg: true, describe: 'square only: the game moves in four directions', defaultDescription: 'square' })
    .option('levels', { requiresArg: true, describe: 'floors joined by stairs, one on screen at a time: < climbs, > goes down (a backtracker maze by default)', defaultDescription: '1' })
    .option('monsters', { type: 'string', requiresArg: true, describe: `monsters, 0 to ${MAX_MONSTERS}, or auto: none under 50 cells, then one per 150 cells, at most 6`, defaultDescription: 'auto' })
    .option('monster-delay', { requiresArg: true, describe: 'milliseconds between two moves of the monsters; fast ones start farther off, 2 seconds away at least', defaultDescription: String(MONSTER_DELAY.default) })
    .option('quiet', { alias: 'q', type: 'boolean', describe: 'print nothing on standard error but errors' })
    // the mask's options keep their own group (maskOptions)
    .group([...MAZE_FLAGS.filter((flag) => !flag.startsWith('mask')), ...GAME_FLAGS], 'Game options:');
  return examples(algorithmOptions(endpointOptions(maskOptions(y), true, '; not with zones, the default, whose mazes keep their own')), [
    ['$0 play', 'the form, then a game'],
    ['$0 play --w 20 --h 10 --seed 7 --monsters 2', 'the same maze every time'],
    ['$0 play m.json', 'a maze saved with maze gen -o m.json'],
    ['$0 play --levels 2 --w 12 --h 8', 'two floors: < and > take the stairs'],
  ])
    .epilog(`Exit status: 0 when you escape or quit with x, ${EXIT_CAUGHT} when a monster catches you, ${EXIT_INTERRUPTED} after Ctrl-C, 2 for a usage error (such as no terminal).`);
}

/** A maze to make (or one read) and the game's own options, all checked. */
interface Plan {
  make: ((seed: string) => AnyMaze) | null;
  monsters: 'auto' | number;
  delay: number;
}

interface Setup {
  maze: AnyMaze;
  monsters: number;
  delay: number;
  /** The monsters' generator's seed: the maze's seed, so that a game replays. */
  seed: string;
}

function readMonsters(args: Args): 'auto' | number {
  const raw = flagText(args, 'monsters') ?? 'auto';
  if (raw.trim() === 'auto') return 'auto';
  return parseInteger(raw, 'monsters', 0, MAX_MONSTERS);
}

function readDelay(args: Args): number {
  return parseInteger(flagText(args, 'monster-delay') ?? String(MONSTER_DELAY.default), 'monster-delay', MONSTER_DELAY.min, MONSTER_DELAY.max);
}

/** A width or height that is no whole number within the game's bounds, said in the game's bounds (maze gen's would name its own, 100000000). */
function checkGameSides(args: Args): void {
  for (const [flag, name] of [['w', 'width'], ['h', 'height']] as const) {
    const raw = flagText(args, flag)?.trim();
    if (raw === undefined) continue;
    const side = raw === '' ? NaN : Number(raw);
    if (!Number.isInteger(side) || side < 1 || side > MAX_GAME_SIDE) {
      throw new MazeError((n) => `${n(name)} must be a whole number from 1 to ${MAX_GAME_SIDE} in a game, got '${raw}'`, { code: Number.isInteger(side) ? 'too-large' : 'invalid-value', option: name });
    }
  }
}

/** Check the options; the maze they ask for is made as `maze gen` makes it (zones by default). */
function readPlan(args: Args, generate: boolean, mask: LoadedMask | null = null): Plan {
  const monsters = readMonsters(args);
  const delay = readDelay(args);
  if (!generate) return { make: null, monsters, delay };
  checkGameSides(args);
  // the very spec maze gen reads, so that the same options and seed make the same maze
  // levels are carved through the grid: zones (the game's own) grows the plain square only (--levels 1, the default, is no levels)
  const levelsText = flagText(args, 'levels');
  const levels = levelsText !== undefined && Number(levelsText) !== 1;
  const spec = specFromArgs({ ...args, algo: flagText(args, 'algo') ?? (levels ? DEFAULT_SHAPE_ALGORITHM : PLAY_ALGORITHM) }, undefined, mask);
  // a mask sets the size: held to the game's bound as --w and --h are
  if (spec.width > MAX_GAME_SIDE || spec.height > MAX_GAME_SIDE) {
    throw new MazeError((n) => `a ${spec.width} × ${spec.height} maze is over the game's bound of ${MAX_GAME_SIDE} cells a side; give ${n('width')} and ${n('height')} to scale the mask down`, { code: 'too-large', option: 'width' });
  }
  return { make: (seed) => makeAnyMaze(spec, seed), monsters, delay };
}

function setUp(plan: Plan, maze: AnyMaze, seed: string): Setup {
  // with levels the monsters keep to the first floor: counted by its cells
  const cells = maze instanceof GraphMaze ? Math.round(maze.inCount / (maze.shape instanceof TopologyShape ? maze.shape.levels : 1)) : maze.mask?.count;
  return { maze, monsters: plan.monsters === 'auto' ? defaultMonsters(maze.width, maze.height, cells) : plan.monsters, delay: plan.delay, seed };
}

/** The form's values as the command line's options. */
function formPlan(values: Record<string, string>): Plan {
  if (values.seed !== undefined) checkSeed(values.seed);
  return readPlan({ _: ['play'], ...values }, true);
}

/**
 * A usage error as the form shows it, a sentence about its fields rather
 * than the command line's flags: "--zones 1 leaves no zone for the exit;
 * use --zones 2 or more" reads "1 zone leaves no zone for the exit; use 2
 * zones or more.", "--w must be from 1 to 500" reads "The width must be
 * from 1 to 500.". The messages name a flag in just these two ways.
 */
export function formMessage(message: string): string {
  const fields = Object.keys(FORM_FIELDS).join('|');
  const counted = message.replace(new RegExp(`--(${fields}) (\\d+)\\b`, 'g'), (_, flag: string, n: string) => {
    const { name, one, many } = FORM_FIELDS[flag]!;
    return one === undefined ? `${name} ${n}` : `${n} ${n === '1' ? one : many}`;
  });
  const named = counted.replace(new RegExp(`--(${fields})\\b`, 'g'), (_, flag: string) => FORM_FIELDS[flag]!.name);
  const sentence = named.charAt(0).toUpperCase() + named.slice(1);
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

/**
 * Make the form's maze with the terminal given back (line mode, the normal
 * screen, every signal at its default action): at the form's bound it takes
 * seconds, and Ctrl-C must end them at once, which it cannot as a key read
 * in raw mode once the work is over. A line says what is going on while it
 * lasts, and is wiped before the game takes the screen again.
 */
function makeInLineMode(terminal: Terminal, what: string, make: () => AnyMaze): AnyMaze {
  terminal.leave();
  // one line, cut to the terminal, so that the wipe below takes all of it
  terminal.session.write(`maze play: making ${what}… (Ctrl-C stops)`.slice(0, Math.max(0, terminal.size().columns - 1)));
  try {
    return make();
  } finally {
    terminal.session.write('\r\x1b[K');
    terminal.enter();
  }
}

async function playMaze(args: Args, io: Io): Promise<number> {
  const file = flagText(args, 'file');
  const given = flagText(args, 'seed');
  if (given !== undefined) checkSeed(given);
  const typed = [...MAZE_FLAGS, ...GAME_FLAGS, ...algorithms.flatMap((a) => Object.keys(a.options))].filter((f) => args[f] !== undefined);
  const shapeText = flagText(args, 'shape');
  const shape = shapeText === undefined ? 'square' : parseChoice(shapeText, 'shape', SHAPE_NAMES);
  if (shape !== 'square') {
    throw new UsageError(`maze play plays square mazes only (its moves are up, down, left and right), not --shape ${shape}; draw a ${shape} maze with maze gen --shape ${shape} -o maze.png`);
  }
  if (file === '-') throw new UsageError('maze play reads the keyboard from standard input, so it cannot read the maze there: save the maze to a file');
  if (flagText(args, 'mask') === '-') throw new UsageError('maze play reads the keyboard from standard input, so it cannot read the mask there: save the mask to a file');
  const mazeFlag = typed.find((f) => !GAME_FLAGS.includes(f) && f !== 'seed');
  if (file !== undefined && mazeFlag) throw new UsageError(`--${mazeFlag} makes a new maze, so it does not go with a saved one ('${file}')`);
  const useForm = file === undefined && typed.length === 0;
  // every option is checked before the terminal is
  const plan = readPlan(args, file === undefined, file === undefined ? await loadMask(flagText(args, 'mask'), io.stdin, (note) => args.quiet !== true && io.stderr.write(`${note}\n`)) : null);
  const stdin = io.stdin as Partial<ReadStream>;
  if (stdin.isTTY !== true || io.stdout.isTTY !== true || typeof stdin.setRawMode !== 'function') {
    throw new UsageError('maze play needs a terminal: run it with standard input and output on a terminal, not a pipe or a file');
  }
  let setup: Setup | null = null;
  if (file !== undefined) {
    const maze = await readAnySavedMaze(args, io);
    if (maze instanceof GraphMaze) checkPlayable(maze);
    // before the terminal is taken, in the file's words (its size is not an option to give)
    if (maze.width > MAX_GAME_SIDE || maze.height > MAX_GAME_SIDE) {
      throw new MazeError(`'${file}' holds a ${maze.width} × ${maze.height} maze, over the game's bound of ${MAX_GAME_SIDE} cells a side: play a maze of at most ${MAX_GAME_SIDE} × ${MAX_GAME_SIDE}`, { code: 'too-large' });
    }
    setup = setUp(plan, maze, given ?? maze.info?.seed ?? drawCliSeed());
  } else if (!useForm) {
    const seed = given ?? drawCliSeed();
    if (given === undefined && !args.quiet) io.stderr.write(`seed: ${seed}\n`);
    setup = setUp(plan, plan.make!(seed), seed);
  }

  // the game's terminal side (its form, view and keys) and chalk are loaded
  // here, on first use, not with every run of the command line (the rules
  // above bound the options, and stay)
  const [{ Chalk, supportsColor }, { formValues, newForm }, { playSession, runForm }, { Terminal }, { TerminalSession }] = await Promise.all([
    import('chalk'),
    import('../../game/form.js'),
    import('../../terminal/game-session.js'),
    import('../../terminal/game-screen.js'),
    import('../../terminal/session.js'),
  ]);
  const noColor = (process.env.NO_COLOR ?? '') !== '' || process.env.TERM === 'dumb';
  const chalk = new Chalk({ level: noColor ? 0 : supportsColor ? supportsColor.level : 1 });
  const terminal = new Terminal(new TerminalSession(io.stdin as ReadStream, io.stdout as WriteStream));
  let summary: string | null = null;
  let status = 0;
  terminal.enter();
  try {
    if (useForm) {
      const form = newForm([
        { name: 'w', label: 'Width', value: String(DEFAULT_WIDTH) },
        { name: 'h', label: 'Height', value: String(DEFAULT_HEIGHT) },
        { name: 'zones', label: 'Zones', value: 'auto' },
        { name: 'keys', label: 'Keys', value: 'auto' },
        { name: 'monsters', label: 'Monsters', value: 'auto' },
        { name: 'seed', label: 'Seed', value: drawCliSeed() },
      ], `Width and height: 1 to ${MAX_GAME_SIDE} cells.`);
      // the values are checked in the form; a maze that turns out not to fit them (too many keys) is refused there too
      while (setup === null) {
        const action = await runForm(terminal, form, (values) => {
          try {
            formPlan(values);
            return null;
          } catch (error) {
            if (error instanceof MazeError) return formMessage(error.wordedFor(flagOf));
            throw error;
          }
        });
        if (action === 'interrupt') return EXIT_INTERRUPTED;
        if (action === 'leave') return 0;
        const values = formValues(form);
        const chosen = formPlan(values);
        try {
          setup = setUp(chosen, makeInLineMode(terminal, `a ${values.w} × ${values.h} maze`, () => chosen.make!(values.seed!)), values.seed!);
        } catch (error) {
          if (!(error instanceof MazeError)) throw error;
          form.error = formMessage(error.wordedFor(flagOf));
        }
      }
    }
    const { maze, monsters, delay, seed } = setup!;
    const game = maze instanceof GraphMaze ? startLevelsGame(maze, monsters, seed, delay) : startGame(maze, monsters, seed, delay);
    const result = await playSession(terminal, game, { monsterDelay: delay, chalk });
    summary = result.summary;
    status = result.ending === 'caught' ? EXIT_CAUGHT : result.ending === 'interrupted' ? EXIT_INTERRUPTED : 0;
  } finally {
    terminal.leave();
  }
  if (summary !== null) io.stdout.write(`${summary}\n`);
  return status;
}

export const play: Command = {
  name: 'play',
  synopsis: 'play [FILE.json]',
  summary: 'play a maze in the terminal: keys, doors and monsters',
  readsFile: 'optional',
  // standard input is the keyboard
  fileWords: 'one saved maze, FILE.json',
  options: playOptions,
  run: playMaze,
};
