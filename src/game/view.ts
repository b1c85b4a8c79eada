/**
 * The view (seed 003, "La gestion des écrans du jeu"): the maze drawn in the
 * ASCII art's geometry (`+---+`, `|   |`: a cell is 4 columns by 2 lines,
 * plus one closing column and line), cut to a window of whole cells that
 * scrolls to keep the player in sight.
 *
 * The anti-cheat rule: the window is never larger than the terminal was
 * when the game started, so enlarging it shows no more of the maze, while
 * shrinking it adapts at once. The last line of the terminal is the
 * message line, so the maze has the terminal's height less one.
 */
import { wallId } from '../model/maze.js';
import type { Game } from './rules.js';
import { keyLetter, stairsHere } from './rules.js';

/** Where the maze is cut: the first cell shown and how many cells across and down. */
export interface Window {
  x0: number;
  y0: number;
  cols: number;
  rows: number;
}

/** Characters per cell across and lines per cell down, as in the ASCII art. */
export const CELL_COLUMNS = 4;
export const CELL_LINES = 2;

/** Cells kept between the player and the window's edge, when the window is big enough. */
const MARGIN = 3;

/**
 * The cells that fit in `columns` × `lines` characters of screen (the
 * terminal's size capped by its size at the start, message line excluded):
 * the whole maze when it fits, else as many whole cells as fit, at least 1.
 */
export function windowSize(width: number, height: number, columns: number, lines: number): { cols: number; rows: number } {
  return {
    cols: Math.max(1, Math.min(width, Math.floor((columns - 1) / CELL_COLUMNS))),
    rows: Math.max(1, Math.min(height, Math.floor((lines - 1) / CELL_LINES))),
  };
}

/** One axis of the scroll: move the window's first cell as little as keeps `p` MARGIN cells from either edge (less in a small window). */
function scrollAxis(first: number, size: number, p: number, total: number): number {
  const margin = Math.min(MARGIN, Math.floor((size - 1) / 2));
  let f = first;
  if (p < f + margin) f = p - margin;
  if (p > f + size - 1 - margin) f = p - (size - 1 - margin);
  return Math.max(0, Math.min(total - size, f));
}

/** The most cells across and down the page shows of a game (a terminal of about 80 × 24 shows 19 × 11). */
export const PAGE_WINDOW = { cols: 15, rows: 9 } as const;

/**
 * The page's window (SPEC "The web page": a window around the player,
 * never the whole maze while playing): PAGE_WINDOW at most, and where the
 * maze would fit whole, about half of it each way. The page has no
 * terminal whose size the anti-cheat rule could keep, so its window is
 * fixed, whatever the size of the browser's.
 */
export function pageWindowSize(width: number, height: number): { cols: number; rows: number } {
  const cols = Math.min(width, PAGE_WINDOW.cols);
  const rows = Math.min(height, PAGE_WINDOW.rows);
  if (cols < width || rows < height) return { cols, rows };
  return { cols: Math.ceil(width / 2), rows: Math.ceil(height / 2) };
}

/** The window after a move or a resize: the same as before where the player is still well inside it. */
export function scrollWindow(previous: Window | null, game: Game, cols: number, rows: number): Window {
  const { width, height } = game.maze;
  return {
    x0: scrollAxis(previous?.x0 ?? 0, cols, game.x, width),
    y0: scrollAxis(previous?.y0 ?? 0, rows, game.y, height),
    cols,
    rows,
  };
}

/** What a character of the picture is, for its color. */
export const Ink = {
  Plain: 0,
  Wall: 1,
  Player: 2,
  Monster: 3,
  Exit: 4,
  /** Key k and its doors are Ink.Key + k (up to 200). */
  Key: 16,
} as const;

/** A picture: lines of characters with one ink per character. */
export interface Picture {
  text: string[];
  ink: Uint8Array[];
}

/**
 * Draw the window: walls, the player `@`, monsters `M`, keys lying as
 * their lowercase letter, locked doors not yet opened as their uppercase
 * letter, the exit as `>` (as the ASCII art marks the start and end); a
 * stair or a key under the player or a monster shows beside it (`@<`,
 * `Ma`). Lines are (rows·2 + 1) long by (cols·4 + 1).
 */
export function drawWindow(game: Game, w: Window): Picture {
  const { maze } = game;
  const width = w.cols * CELL_COLUMNS + 1;
  const text: string[] = [];
  const ink: Uint8Array[] = [];
  const line = new Array<string>(width);
  let colors = new Uint8Array(width);
  const put = (i: number, ch: string, k: number): void => {
    line[i] = ch;
    colors[i] = k;
  };
  const finish = (): void => {
    text.push(line.join(''));
    ink.push(colors);
    colors = new Uint8Array(width);
  };
  const lockedShut = (wall: number): number | undefined => (game.opened.has(wall) ? undefined : game.lockedDoors.get(wall));
  const things = new Map<number, [string, number]>();
  for (const [t, [k]] of game.keysLying) if (k !== undefined) things.set(t, [keyLetter(k, false), Ink.Key + Math.min(k, 200)]);
  if (game.floors !== null) {
    // a maze of levels: this floor's stairs, < up and > down (= both), and the exit on its own floor as E
    for (let y = w.y0; y < Math.min(maze.height, w.y0 + w.rows); y++) {
      for (let x = w.x0; x < Math.min(maze.width, w.x0 + w.cols); x++) {
        const stairs = stairsHere(game, x, y);
        if (stairs !== 0) things.set(maze.tileIndex(x, y), [stairs === 3 ? '=' : stairs === 1 ? '<' : '>', Ink.Wall]);
      }
    }
    if (game.level === game.exitLevel) things.set(maze.tileIndex(game.exit[0], game.exit[1]), ['E', Ink.Exit]);
  } else things.set(maze.tileIndex(game.exit[0], game.exit[1]), ['>', Ink.Exit]);
  // the player and the monsters stand on a cell's middle; what lies there (a stair, a key) shows beside them, not hidden
  const under = new Map<number, [string, number]>();
  const stand = (t: number, thing: [string, number]): void => {
    const lying = things.get(t);
    if (lying !== undefined && lying[0] !== '@' && lying[0] !== 'M') under.set(t, lying);
    things.set(t, thing);
  };
  stand(maze.tileIndex(game.x, game.y), ['@', Ink.Player]);
  for (const m of game.monsters) if ((m.level ?? 0) === game.level) stand(maze.tileIndex(m.x, m.y), ['M', Ink.Monster]);

  // a mask's outside is blank (SPEC "Masks"): a wall shows when a cell of the maze is beside it
  const hasTop = (x: number, y: number): boolean => maze.hasTop(x, y) && (maze.mask === null || maze.isIn(x, y - 1) || maze.isIn(x, y));
  const hasLeft = (x: number, y: number): boolean => maze.hasLeft(x, y) && (maze.mask === null || maze.isIn(x - 1, y) || maze.isIn(x, y));
  for (let j = 0; j <= w.rows; j++) {
    const y = w.y0 + j;
    // the corner line above row y
    for (let i = 0; i <= w.cols; i++) {
      const x = w.x0 + i;
      const c = i * CELL_COLUMNS;
      const corner =
        (y > 0 && hasLeft(x, y - 1)) || (x < maze.width && hasTop(x, y)) || (y < maze.height && hasLeft(x, y)) || (x > 0 && hasTop(x - 1, y));
      put(c, corner ? '+' : ' ', Ink.Wall);
      if (i === w.cols) break;
      const door = lockedShut(wallId(maze.stride, x, y, 'top'));
      if (hasTop(x, y)) for (let k = 1; k < CELL_COLUMNS; k++) put(c + k, '-', Ink.Wall);
      else for (let k = 1; k < CELL_COLUMNS; k++) put(c + k, ' ', Ink.Plain);
      if (door !== undefined) put(c + 2, keyLetter(door, true), Ink.Key + Math.min(door, 200));
    }
    finish();
    if (j === w.rows) break;
    // the cells of row y
    for (let i = 0; i <= w.cols; i++) {
      const x = w.x0 + i;
      const c = i * CELL_COLUMNS;
      const door = lockedShut(wallId(maze.stride, x, y, 'left'));
      if (door !== undefined) put(c, keyLetter(door, true), Ink.Key + Math.min(door, 200));
      else put(c, hasLeft(x, y) ? '|' : ' ', Ink.Wall);
      if (i === w.cols) break;
      put(c + 1, ' ', Ink.Plain);
      const t = maze.tileIndex(x, y);
      const thing = things.get(t);
      if (thing) put(c + 2, thing[0], thing[1]);
      else put(c + 2, ' ', Ink.Plain);
      const below = under.get(t);
      if (below) put(c + 3, below[0], below[1]);
      else put(c + 3, ' ', Ink.Plain);
    }
    finish();
  }
  return { text, ink };
}

/** A picture's lines with their colors, one run of an ink at a time. */
export function styledLines(picture: Picture, style: (ink: number, text: string) => string): string[] {
  return picture.text.map((line, r) => {
    const ink = picture.ink[r]!;
    let out = '';
    let start = 0;
    for (let i = 1; i <= line.length; i++) {
      if (i < line.length && ink[i] === ink[start]) continue;
      const run = line.slice(start, i);
      out += run.trim() === '' ? run : style(ink[start]!, run);
      start = i;
    }
    return out;
  });
}
