/**
 * The slow, obvious search over keys and doors, kept apart from
 * src/model/solve.ts so that the solver is measured against it: a
 * breadth-first search over (cell, keys held) states, one state at a time,
 * over `canMove` and a door lookup by wall. A player picks a key up by
 * stepping on its cell (or starting there) and crosses a locked door only
 * holding its key.
 */
import type { Direction, Maze, Point } from '../../src/model/maze.js';
import { DX, DY } from '../../src/model/maze.js';

const DIRECTIONS: Direction[] = [0, 1, 2, 3];

/** The wall between cell (x, y) and its neighbor in direction `dir`, as "top x y" or "left x y". */
export function wallBetween(x: number, y: number, dir: Direction): string {
  switch (dir) {
    case 0: return `top ${x} ${y}`;
    case 1: return `left ${x + 1} ${y}`;
    case 2: return `top ${x} ${y + 1}`;
    default: return `left ${x} ${y}`;
  }
}

/** Key index of each locked door, by wall. */
export function locksByWall(maze: Maze): Map<string, number> {
  const locks = new Map<string, number>();
  for (const d of maze.doors ?? []) if (d.key !== null) locks.set(`${d.side} ${d.x} ${d.y}`, d.key);
  return locks;
}

export interface KeySearch {
  /** Steps of the shortest walk from start to end, or null when there is none. */
  distance: number | null;
  /** Cells reached holding any keys, 1 at y·W + x. */
  reached: Uint8Array;
}

/**
 * Breadth-first over (cell, keys held), a state numbered cell · 2^K + the
 * bit mask of the keys held. `without` keys are taken out of the maze
 * first (a player never finds them).
 */
export function searchWithKeys(maze: Maze, start: Point, end: Point, without: ReadonlySet<number> = new Set()): KeySearch {
  const { width, height } = maze;
  const locks = locksByWall(maze);
  const keyCount = (maze.keys ?? []).length;
  const keysIn = new Array<number>(width * height).fill(0);
  (maze.keys ?? []).forEach((k, i) => {
    if (!without.has(i)) keysIn[k.y * width + k.x] = keysIn[k.y * width + k.x]! | (1 << i);
  });
  // the lock of each cell's four sides, looked up once: -1 for none
  const lockOf = Array.from({ length: width * height }, (_, c) =>
    DIRECTIONS.map((dir) => locks.get(wallBetween(c % width, Math.floor(c / width), dir)) ?? -1));
  void height;
  const masks = 2 ** keyCount;
  const seen = new Uint8Array(width * height * masks);
  const reached = new Uint8Array(width * height);
  const first = start[1] * width + start[0];
  let frontier = [first * masks + keysIn[first]!];
  seen[frontier[0]!] = 1;
  let distance: number | null = null;
  for (let steps = 0; frontier.length > 0; steps++) {
    const next: number[] = [];
    for (const state of frontier) {
      const cell = Math.floor(state / masks);
      const held = state % masks;
      reached[cell] = 1;
      const x = cell % width;
      const y = (cell - x) / width;
      if (distance === null && x === end[0] && y === end[1]) distance = steps;
      for (const dir of DIRECTIONS) {
        if (!maze.canMove(x, y, dir)) continue;
        const lock = lockOf[cell]![dir]!;
        if (lock >= 0 && (held & (1 << lock)) === 0) continue;
        const to = (y + DY[dir]) * width + x + DX[dir];
        const id = to * masks + (held | keysIn[to]!);
        if (seen[id]) continue;
        seen[id] = 1;
        next.push(id);
      }
    }
    frontier = next;
  }
  return { distance, reached };
}

/**
 * Whether `walk` is a legal walk from start to end: each step to a
 * neighbor through an open wall, never through a locked door before the
 * walk has stepped on its key's cell. null when legal, else what is wrong.
 */
export function walkError(maze: Maze, walk: readonly Point[], start: Point, end: Point): string | null {
  const locks = locksByWall(maze);
  const keys = maze.keys ?? [];
  const held = new Set<number>();
  const pickUp = ([x, y]: Point): void => keys.forEach((k, i) => {
    if (k.x === x && k.y === y) held.add(i);
  });
  const first = walk[0];
  const last = walk[walk.length - 1];
  if (!first || first[0] !== start[0] || first[1] !== start[1]) return `starts at ${JSON.stringify(first)}, not ${JSON.stringify(start)}`;
  if (!last || last[0] !== end[0] || last[1] !== end[1]) return `ends at ${JSON.stringify(last)}, not ${JSON.stringify(end)}`;
  pickUp(first);
  for (let i = 1; i < walk.length; i++) {
    const [ax, ay] = walk[i - 1]!;
    const [bx, by] = walk[i]!;
    const dir = DIRECTIONS.find((d) => ax + DX[d] === bx && ay + DY[d] === by);
    if (dir === undefined || !maze.canMove(ax, ay, dir)) return `step ${i} from ${ax},${ay} to ${bx},${by} is not through an open wall`;
    const lock = locks.get(wallBetween(ax, ay, dir));
    if (lock !== undefined && !held.has(lock)) return `step ${i} from ${ax},${ay} to ${bx},${by} crosses door ${lock} without its key`;
    pickUp(walk[i]!);
  }
  return null;
}
