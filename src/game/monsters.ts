/**
 * Monsters (seed 003, "La gestion des monstres"): each has a behavior drawn
 * at random and remembers its last heading; the game moves them all on a
 * timer, and one that touches the player wins. Three behaviors:
 *
 * - walker: goes on along the corridor, choosing at random at a junction,
 *   turning back only at a dead end;
 * - follower: keeps its left hand on the wall (turn left if it can, else
 *   straight on, else right, else back), so it tours its part of the maze;
 * - hunter: closes in on the player along the shortest way when the player
 *   is within HUNT_RANGE steps of it, and walks like a walker otherwise.
 *
 * Monsters never cross a locked door (they hold no keys), opened or not:
 * a door is a refuge. Every draw comes from the game's seeded generator.
 */
import { MazeError } from '../errors.js';
import type { Direction, Maze, Point } from '../model/maze.js';
import { DX, DY, wallCrossed } from '../model/maze.js';
import { checkInteger, shownValue } from '../model/options.js';
import type { Rng } from '../rng.js';

export const BEHAVIORS = ['walker', 'follower', 'hunter'] as const;
export type Behavior = (typeof BEHAVIORS)[number];

export interface Monster {
  x: number;
  y: number;
  /** Its floor in a maze of levels (absent: the only one). */
  level?: number;
  behavior: Behavior;
  heading: Direction;
}

/**
 * What monsters see of the game: the maze and its locked doors, where the
 * player is, the entrance and exit they are placed away from, and the
 * game's random stream. The game's state is such a world; monsters need no
 * more of it.
 */
export interface MonsterWorld {
  readonly maze: Maze;
  /** Locked doors by wall number (`wallId`). */
  readonly lockedDoors: ReadonlyMap<number, number>;
  readonly x: number;
  readonly y: number;
  readonly start: Point;
  readonly exit: Point;
  readonly rng: Rng;
}

/** A maze of levels, for placing monsters (rules.ts Game): its floors, their stairs per cell of every floor (bit 0 up, bit 1 down), the start's level and the exit's. */
export interface MonsterLevels {
  readonly floors: readonly Maze[];
  readonly stairs: Uint8Array;
  readonly level: number;
  readonly exitLevel: number;
}

/** How far (in steps) a hunter smells the player. */
export const HUNT_RANGE = 8;

/** Milliseconds between two moves of the monsters, unless asked otherwise. */
export const DEFAULT_MONSTER_DELAY = 500;

/** The least time a monster needs to reach the entrance, whatever its speed: the player's moment to look around. */
export const SAFE_MS = 2000;

/**
 * How far (in steps along the corridors) every monster starts from the
 * entrance: a third of the maze's half-perimeter, from 2 to 10 steps, and
 * never fewer than the moves a monster makes in SAFE_MS (`delay`
 * milliseconds apart): fast monsters start farther off, so that none
 * catches a player who has not moved yet.
 */
export function safeDistance(width: number, height: number, delay = DEFAULT_MONSTER_DELAY): number {
  return Math.max(2, Math.min(10, Math.floor((width + height) / 3)), Math.ceil(SAFE_MS / delay));
}

/** The default number of monsters: none on a tiny maze, then one per 150 cells (a mask's own, when it has one), at most 6. */
export function defaultMonsters(width: number, height: number, cells = width * height): number {
  if (cells < 50) return 0;
  return Math.min(6, Math.max(1, Math.floor(cells / 150)));
}

/** Most monsters a game takes (`maze play --monsters`, the page's field). */
export const MAX_MONSTERS = 1000;
/** Milliseconds between two moves of the monsters: the default, and the bounds (`--monster-delay`, the page's `monsterDelay`). */
export const MONSTER_DELAY = { default: DEFAULT_MONSTER_DELAY, min: 10, max: 60_000 } as const;

/** A page's monster count: 'auto' (defaultMonsters) or a whole number up to MAX_MONSTERS; a MazeError naming `name` else. */
export function checkMonsterCount(value: unknown, name = 'monsters'): 'auto' | number {
  if (typeof value === 'string' && value.trim().toLowerCase() === 'auto') return 'auto';
  if (typeof value !== 'number') {
    throw new MazeError((n) => `${n(name)} must be auto or a whole number from 0 to ${MAX_MONSTERS}, got ${shownValue(value)}`, { code: 'invalid-value', option: name });
  }
  return checkInteger(value, name, 0, MAX_MONSTERS);
}

/** A page's delay between two moves of the monsters, in milliseconds. */
export function checkMonsterDelay(value: unknown, name = 'monsterDelay'): number {
  return checkInteger(value, name, MONSTER_DELAY.min, MONSTER_DELAY.max);
}

/** Whether a monster may step from (x, y) in direction dir: an open wall that is no locked door. */
export function monsterCanMove(game: MonsterWorld, x: number, y: number, dir: Direction): boolean {
  return game.maze.canMove(x, y, dir) && !game.lockedDoors.has(wallCrossed(game.maze.stride, x, y, dir));
}

/**
 * Steps from (sx, sy) to every cell within `limit` steps, over the walls a
 * monster may cross (-1 beyond); cells numbered y·W + x. Bounded, so that a
 * hunter on a huge maze looks only around itself.
 */
function distances(game: MonsterWorld, sx: number, sy: number, limit: number): Map<number, number> {
  const { width } = game.maze;
  const dist = new Map<number, number>([[sy * width + sx, 0]]);
  let frontier = [sy * width + sx];
  for (let d = 1; d <= limit && frontier.length > 0; d++) {
    const next: number[] = [];
    for (const c of frontier) {
      const x = c % width;
      const y = (c - x) / width;
      for (let dir = 0 as Direction; dir < 4; dir++) {
        if (!monsterCanMove(game, x, y, dir)) continue;
        const n = (y + DY[dir]) * width + x + DX[dir];
        if (dist.has(n)) continue;
        dist.set(n, d);
        next.push(n);
      }
    }
    frontier = next;
  }
  return dist;
}

/**
 * Up to `count` monsters on distinct cells at least `safe` steps from the
 * start (counted through any open wall, doors included) and off the exit,
 * each in a part of the maze where it can let the player by (roamingCells),
 * each with a behavior and heading drawn from the game's generator; fewer
 * when fewer cells are such (the game says so). A behavior list cycled
 * from a random offset gives every behavior a turn as soon as there are
 * three monsters. With `levels`, on the start's floor, the steps counted
 * over every floor and stair.
 */
export function placeMonsters(game: MonsterWorld, count: number, safe = safeDistance(game.maze.width, game.maze.height), levels: MonsterLevels | null = null): Monster[] {
  if (count <= 0) return [];
  const { maze } = game;
  const { width, height } = maze;
  const area = width * height;
  // steps from the entrance through every open wall, over the whole maze (with
  // levels, every floor and its stairs: a cell of the start's floor may be
  // near it only by another floor): the cells far enough on the start's floor
  // are listed, so that none is missed however few
  const floors = levels?.floors ?? [maze];
  const home = levels?.level ?? 0;
  const steps = new Int32Array(area * floors.length).fill(-1);
  const start = home * area + game.start[1] * width + game.start[0];
  const exit = (levels?.exitLevel ?? 0) * area + game.exit[1] * width + game.exit[0];
  steps[start] = 0;
  const queue = new Int32Array(area * floors.length);
  let length = 1;
  queue[0] = start;
  const far: number[] = [];
  const reach = (from: number, n: number): void => {
    if (steps[n] !== -1) return;
    steps[n] = steps[from]! + 1;
    queue[length++] = n;
  };
  for (let head = 0; head < length; head++) {
    const s = queue[head]!;
    const level = Math.floor(s / area);
    const c = s - level * area;
    const x = c % width;
    const y = (c - x) / width;
    if (steps[s]! >= safe && s !== exit && level === home) far.push(c);
    for (let dir = 0 as Direction; dir < 4; dir++) if (floors[level]!.canMove(x, y, dir)) reach(s, s + DY[dir] * width + DX[dir]);
    // a stair up (bit 0) or down (bit 1)
    if (levels !== null && (levels.stairs[s]! & 1) !== 0) reach(s, s + area);
    if (levels !== null && (levels.stairs[s]! & 2) !== 0) reach(s, s - area);
  }
  const room = roamingCells(floors[home]!, game.lockedDoors);
  for (let i = far.length - 1; i >= 0; i--) if (room[far[i]!] === 0) far.splice(i, 1);
  const monsters: Monster[] = [];
  const offset = game.rng.below(BEHAVIORS.length);
  // a partial Fisher–Yates over the far cells: `count` distinct ones, or all of them
  for (let i = 0; i < Math.min(count, far.length); i++) {
    const j = i + game.rng.below(far.length - i);
    [far[i], far[j]] = [far[j]!, far[i]!];
    const c = far[i]!;
    const x = c % width;
    monsters.push({ x, y: (c - x) / width, behavior: BEHAVIORS[(offset + i) % BEHAVIORS.length]!, heading: game.rng.below(4) as Direction });
  }
  return monsters;
}

/**
 * The cells (y·W + x: 1, else 0) of the parts of `maze` a monster can roam
 * (the cells it reaches through open walls that are no locked door) that
 * hold a junction, a cell with three ways on or more. A monster shut in a
 * part with none (a single cell between doors, a corridor) stands on or
 * walks along the only way through it, and a player can never pass it: a
 * way to the exit through such a part would be closed for good (a sweep:
 * the README's own 60 × 40 game with seed 72). In a part with a junction
 * it steps aside into another branch now and then, and a player, quicker
 * than any monster, gets by.
 */
export function roamingCells(maze: Maze, lockedDoors: ReadonlyMap<number, number>): Uint8Array {
  const { width, height, stride } = maze;
  const room = new Uint8Array(width * height);
  const seen = new Uint8Array(width * height);
  const part: number[] = [];
  for (let first = 0; first < width * height; first++) {
    if (seen[first] === 1) continue;
    seen[first] = 1;
    part.length = 0;
    part.push(first);
    let junction = false;
    for (let head = 0; head < part.length; head++) {
      const c = part[head]!;
      const x = c % width;
      const y = (c - x) / width;
      let ways = 0;
      for (let dir = 0 as Direction; dir < 4; dir++) {
        if (!maze.canMove(x, y, dir) || lockedDoors.has(wallCrossed(stride, x, y, dir))) continue;
        ways++;
        const n = c + DY[dir] * width + DX[dir];
        if (seen[n] === 1) continue;
        seen[n] = 1;
        part.push(n);
      }
      if (ways >= 3) junction = true;
    }
    if (junction) for (const c of part) room[c] = 1;
  }
  return room;
}

/** One step of one monster, by its behavior; it stays put when walled in. */
export function moveMonster(game: MonsterWorld, monster: Monster): void {
  const dir = chooseDirection(game, monster);
  if (dir === null) return;
  monster.x += DX[dir];
  monster.y += DY[dir];
  monster.heading = dir;
}

function chooseDirection(game: MonsterWorld, monster: Monster): Direction | null {
  switch (monster.behavior) {
    case 'follower': {
      const h = monster.heading;
      for (const turn of [3, 0, 1, 2]) {
        const dir = ((h + turn) % 4) as Direction;
        if (monsterCanMove(game, monster.x, monster.y, dir)) return dir;
      }
      return null;
    }
    case 'hunter': {
      const toward = huntDirection(game, monster);
      return toward ?? wander(game, monster);
    }
    default:
      return wander(game, monster);
  }
}

/** A random way on, not back the way it came unless that is the only way. */
function wander(game: MonsterWorld, monster: Monster): Direction | null {
  const open: Direction[] = [];
  for (let dir = 0 as Direction; dir < 4; dir++) if (monsterCanMove(game, monster.x, monster.y, dir)) open.push(dir);
  if (open.length === 0) return null;
  const back = ((monster.heading + 2) % 4) as Direction;
  const ahead = open.length > 1 ? open.filter((d) => d !== back) : open;
  return ahead[game.rng.below(ahead.length)]!;
}

/** The first step of a shortest way to the player, when the player is within HUNT_RANGE steps. */
function huntDirection(game: MonsterWorld, monster: Monster): Direction | null {
  const { width } = game.maze;
  // search from the player: a neighbor of the monster one step closer is the way
  const dist = distances(game, game.x, game.y, HUNT_RANGE);
  const here = dist.get(monster.y * width + monster.x);
  if (here === undefined) return null;
  for (let dir = 0 as Direction; dir < 4; dir++) {
    if (!monsterCanMove(game, monster.x, monster.y, dir)) continue;
    if (dist.get((monster.y + DY[dir]) * width + monster.x + DX[dir]) === here - 1) return dir;
  }
  return null;
}
