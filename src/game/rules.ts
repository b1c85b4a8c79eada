/**
 * The game's rules as plain state and functions (seed 003, "Le jeu"): the
 * player starts at the entrance and wins at the exit; walking onto a key
 * picks it up; a locked door lets the player through only with its key
 * (and then stays open); touching a monster loses. No terminal here, so
 * the rules test in-process.
 *
 * A door is a wall the maze stores as open, with a key index (see
 * model/maze.ts `Door`); a door whose key is null is a plain opening.
 * Walls are numbered by the model's `wallId`.
 */
import type { Direction, Maze, Point } from '../model/maze.js';
import { DX, DY, wallCrossed, wallId } from '../model/maze.js';
import { MazeError } from '../errors.js';
import { Rng } from '../rng.js';
import { cornerEnds } from '../passages/ends.js';
import type { Monster } from './monsters.js';
import { DEFAULT_MONSTER_DELAY, defaultMonsters, moveMonster, placeMonsters, safeDistance } from './monsters.js';

export type Outcome = 'playing' | 'won' | 'caught';

export interface Game {
  /** The floor the player is on: the maze itself, or with levels the current level's floor. */
  maze: Maze;
  /** A maze of levels (SPEC "Topologies"): each level's floor as a square maze, and its stairs; null for one floor. */
  readonly floors: readonly Maze[] | null;
  /** Per cell of every floor (level·W·H + y·W + x): bit 0 a stair up, bit 1 a stair down. */
  readonly stairs: Uint8Array | null;
  /** The player's level (0 without levels), and the exit's. */
  level: number;
  readonly exitLevel: number;
  /** The player's cell. */
  x: number;
  y: number;
  readonly start: Point;
  readonly exit: Point;
  /** Locked doors (key not null) by wall number (`wallId`), to their key. */
  readonly lockedDoors: Map<number, number>;
  /** Walls of locked doors the player has opened. */
  readonly opened: Set<number>;
  /** Keys lying in the maze, by tile index, to their key indices (a cell may hold more than one). */
  readonly keysLying: Map<number, number[]>;
  /** Keys held, in the order picked up. */
  readonly held: number[];
  monsters: Monster[];
  /** Monsters asked for; more than `monsters` holds when too few cells lie `safeSteps` from the start. */
  readonly monstersAsked: number;
  /** How far every monster started from the start, at least (monsters.ts safeDistance). */
  readonly safeSteps: number;
  /** Steps taken (bumps into walls and locked doors not counted). */
  moves: number;
  outcome: Outcome;
  /** Monsters' own randomness: a stream of its own, so that the maze stays `maze gen`'s. */
  readonly rng: Rng;
}

/** What one move did, for the message line. */
export type MoveEvent =
  | { kind: 'blocked' }
  | { kind: 'locked'; key: number }
  | { kind: 'moved'; opened: number | null; picked: number[] }
  | { kind: 'climbed'; level: number; levels: number }
  | { kind: 'over' };

export interface GameOptions {
  monsters: number;
  /** Milliseconds between two moves of the monsters: fast ones start farther off. */
  monsterDelay?: number;
}

/** A game's levels: the floors, their stairs, and the levels of the start and the exit (`start` and `exit` are then points on their floors). */
export interface GameLevels {
  floors: readonly Maze[];
  stairs: Uint8Array;
  start: Point;
  exit: Point;
  startLevel: number;
  exitLevel: number;
}

export function newGame(maze: Maze, options: GameOptions, rng: Rng, levels: GameLevels | null = null): Game {
  // the corners, or on a mask the cells nearest them
  const corners = cornerEnds(maze);
  const start: Point = levels?.start ?? maze.start ?? corners.start;
  const exit: Point = levels?.exit ?? maze.end ?? corners.end;
  const lockedDoors = new Map<number, number>();
  for (const d of maze.doors ?? []) {
    if (d.key !== null) lockedDoors.set(wallId(maze.stride, d.x, d.y, d.side), d.key);
  }
  const keysLying = new Map<number, number[]>();
  (maze.keys ?? []).forEach((k, i) => {
    const t = maze.tileIndex(k.x, k.y);
    keysLying.set(t, [...(keysLying.get(t) ?? []), i]);
  });
  const game: Game = {
    maze: levels === null ? maze : levels.floors[levels.startLevel]!,
    floors: levels?.floors ?? null,
    stairs: levels?.stairs ?? null,
    level: levels?.startLevel ?? 0,
    exitLevel: levels?.exitLevel ?? 0,
    x: start[0],
    y: start[1],
    start,
    exit,
    lockedDoors,
    opened: new Set(),
    keysLying,
    held: [],
    monsters: [],
    monstersAsked: Math.max(0, options.monsters),
    safeSteps: safeDistance(maze.width, maze.height, options.monsterDelay ?? DEFAULT_MONSTER_DELAY),
    moves: 0,
    outcome: 'playing',
    rng,
  };
  // a key on the entrance (a hand-made maze may put one there; zones never does) is picked up at once
  pickUp(game);
  // with levels, the monsters keep to the start's floor: they take no stairs
  const monsterLevels = levels === null ? null : { floors: levels.floors, stairs: levels.stairs, level: levels.startLevel, exitLevel: levels.exitLevel };
  game.monsters = placeMonsters(game, options.monsters, game.safeSteps, monsterLevels).map((m) => (levels === null ? m : { ...m, level: game.level }));
  // an entrance that is the exit (a 1 × 1 maze, --from and --to the same cell) is won before a move
  settle(game);
  return game;
}

/**
 * A game as `maze play` starts one, in the terminal and in the page alike:
 * `monsters` of them ('auto': defaultMonsters), placed and moved by a
 * generator seeded from the maze's seed (a stream of its own, so that the
 * maze stays `maze gen`'s), so that the same seed gives the same game.
 */
/**
 * A game's width and height, in cells, for `maze play` and the page alike:
 * a maze more than a few hundred cells a side is no game to play (a screen
 * shows about 20 × 11 of them), and the maze is made before the game
 * starts, in seconds at this size and in minutes at 10 000.
 */
export const MAX_GAME_SIDE = 500;

/** A maze over the game's bound is refused, naming its size. */
export function checkGameSize(width: number, height: number): void {
  if (width > MAX_GAME_SIDE || height > MAX_GAME_SIDE) {
    throw new MazeError((n) => `a ${width} × ${height} maze is over the game's bound of ${MAX_GAME_SIDE} cells a side; give ${n('width')} and ${n('height')} of at most ${MAX_GAME_SIDE}`, { code: 'too-large', option: 'width' });
  }
}

export function startGame(maze: Maze, monsters: 'auto' | number, seed: string, monsterDelay: number = DEFAULT_MONSTER_DELAY, levels: GameLevels | null = null): Game {
  checkGameSize(maze.width, maze.height);
  const count = monsters === 'auto' ? defaultMonsters(maze.width, maze.height, maze.mask?.count) : monsters;
  return newGame(maze, { monsters: count, monsterDelay }, new Rng(`${seed}/monsters`), levels);
}

/** Pick up the keys lying on the player's cell; returns them. */
function pickUp(game: Game): number[] {
  const t = game.maze.tileIndex(game.x, game.y);
  const keys = game.keysLying.get(t);
  if (keys === undefined) return [];
  game.keysLying.delete(t);
  game.held.push(...keys);
  return keys;
}

/** Whether the player may cross that wall now: open, and not a locked door whose key is not held. */
export function lockOf(game: Game, x: number, y: number, dir: Direction): number | null {
  const wall = wallCrossed(game.maze.stride, x, y, dir);
  const key = game.lockedDoors.get(wall);
  if (key === undefined || game.opened.has(wall) || game.held.includes(key)) return null;
  return key;
}

/** One step of the player: blocked by walls and locked doors; picks up keys; ends the game at the exit or on a monster. */
export function movePlayer(game: Game, dir: Direction): MoveEvent {
  if (game.outcome !== 'playing') return { kind: 'over' };
  const { maze } = game;
  if (!maze.canMove(game.x, game.y, dir)) return { kind: 'blocked' };
  const lock = lockOf(game, game.x, game.y, dir);
  if (lock !== null) return { kind: 'locked', key: lock };
  const wall = wallCrossed(maze.stride, game.x, game.y, dir);
  const opened = game.lockedDoors.has(wall) && !game.opened.has(wall) ? game.lockedDoors.get(wall)! : null;
  if (opened !== null) game.opened.add(wall);
  game.x += DX[dir];
  game.y += DY[dir];
  game.moves++;
  const picked = pickUp(game);
  settle(game);
  return { kind: 'moved', opened, picked };
}

/** One tick of the monsters' clock: each moves once, by its behavior; one that reaches the player catches them. */
export function moveMonsters(game: Game): void {
  if (game.outcome !== 'playing') return;
  for (const monster of game.monsters) {
    if (game.floors === null) moveMonster(game, monster);
    else {
      // a monster walks its own floor, and sees the player only there
      const here = (monster.level ?? 0) === game.level;
      moveMonster({ ...game, maze: game.floors[monster.level ?? 0]!, x: here ? game.x : -1, y: here ? game.y : -1 }, monster);
    }
    if (catches(game, monster)) break;
  }
  settle(game);
}

/** Whether a monster is on the player's cell (and level). */
function catches(game: Game, monster: Monster): boolean {
  return monster.x === game.x && monster.y === game.y && (monster.level ?? 0) === game.level;
}

/** The game's end, after anything moved: a monster on the player's cell catches them, even at the exit. */
function settle(game: Game): void {
  if (game.monsters.some((m) => catches(game, m))) game.outcome = 'caught';
  else if (game.x === game.exit[0] && game.y === game.exit[1] && game.level === game.exitLevel) game.outcome = 'won';
}

/** The stairs of the player's cell: bit 0 up, bit 1 down (0 without levels). */
export function stairsHere(game: Game, x = game.x, y = game.y, level = game.level): number {
  if (game.stairs === null) return 0;
  const { width, height } = game.maze;
  return game.stairs[(level * height + y) * width + x]!;
}

/** Take the stairs up or down from the player's cell (`<` and `>`): blocked where there are none. */
export function climb(game: Game, up: boolean): MoveEvent {
  if (game.outcome !== 'playing') return { kind: 'over' };
  if ((stairsHere(game) & (up ? 1 : 2)) === 0 || game.floors === null) return { kind: 'blocked' };
  game.level += up ? 1 : -1;
  game.maze = game.floors[game.level]!;
  game.moves++;
  settle(game);
  return { kind: 'climbed', level: game.level, levels: game.floors.length };
}

/** The letter of key k: a–z for keys, A–Z for their doors, `?` past the alphabet (as the ASCII art draws them). */
export function keyLetter(k: number, upper: boolean): string {
  if (k >= 26) return '?';
  return String.fromCharCode((upper ? 65 : 97) + k);
}

/** The message-line text for a move, or null when it says nothing. */
export function describeMove(event: MoveEvent): string | null {
  switch (event.kind) {
    case 'locked':
      return `Door ${keyLetter(event.key, true)} is locked: it needs key ${keyLetter(event.key, false)}.`;
    case 'climbed':
      return `You take the stairs to floor ${event.level + 1} of ${event.levels}.`;
    case 'moved':
      if (event.picked.length === 1) return `You pick up key ${keyLetter(event.picked[0]!, false)}: it opens door ${keyLetter(event.picked[0]!, true)}.`;
      if (event.picked.length > 1) return `You pick up keys ${event.picked.map((k) => keyLetter(k, false)).join(', ')}: they open doors ${event.picked.map((k) => keyLetter(k, true)).join(', ')}.`;
      if (event.opened !== null) return `Key ${keyLetter(event.opened, false)} opens door ${keyLetter(event.opened, true)}.`;
      return null;
    default:
      return null;
  }
}

/** The message line at the start when fewer monsters could be placed than asked for, else null. */
export function describeMonsters(game: Game): string | null {
  const placed = game.monsters.length;
  if (placed >= game.monstersAsked) return null;
  const of = `${placed} of ${game.monstersAsked} monster${game.monstersAsked === 1 ? '' : 's'}`;
  return `${of}: no other cell is ${game.safeSteps} steps from the start with room to pass.`;
}

/** The inventory line: the keys held, in the order picked up. */
export function describeInventory(game: Game): string {
  if (game.held.length === 0) return 'Keys: none yet.';
  return `Keys: ${game.held.map((k) => keyLetter(k, false)).join(' ')} (${game.held.length}).`;
}

/** Minutes and seconds, 1:05. */
export function formatDuration(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** What leaving with x says, on the terminal as on the page. */
export function describeLeave(game: Game): string {
  return `You left the game after ${game.moves} move${game.moves === 1 ? '' : 's'}.`;
}

export function describeEnd(game: Game, ms: number): string {
  const moves = `${game.moves} move${game.moves === 1 ? '' : 's'}`;
  if (game.outcome === 'won') return `You escaped in ${moves} and ${formatDuration(ms)}!`;
  return `A monster caught you after ${moves} and ${formatDuration(ms)}.`;
}
