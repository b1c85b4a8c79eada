/**
 * The core for a browser page: generation and every format a page can
 * write (ASCII, JSON, SVG, PNG and PDF), with the library's functions. It
 * imports no Node module: where a format needs one, the browser bundles
 * take the module's browser twin (scripts/build.mjs): PNG deflates with
 * the browser's CompressionStream (deflate.browser.ts), and PDF loads
 * pdf-lib's own bundle, dist/browser/pdf-lib.global.js, with a script tag
 * the first time one is asked for (load-pdf-lib.browser.ts). POV-Ray only
 * makes sense as a file, and stays out. `game` is the keys-and-doors game
 * of `maze play` for a page.
 */
import type { Maze } from './api.js';
import { checkedAnyMaze, formatList, renderWith } from './api.js';
import { checkSeed } from './spec.js';
import type { AnyMaze } from '../passages/view.js';
import { Maze as SquareMaze } from '../model/maze.js';
import { MazeError } from '../errors.js';
import type { RenderOptionsByFormat } from './api.js';
import ascii from '../formats/ascii.js';
import json from '../formats/json.js';
import pdf from '../formats/pdf.js';
import png from '../formats/png.js';
import svg from '../formats/svg.js';
import { GAME_HELP, gameHelp, keyFromDom, pressKey } from '../game/controls.js';
import { checkPlayable, startAnyGame as startAnyGameOf } from '../game/levels.js';
import { checkMonsterCount, checkMonsterDelay, defaultMonsters, MONSTER_DELAY } from '../game/monsters.js';
import { checkGameSize, describeEnd, describeLeave, describeMonsters, formatDuration, MAX_GAME_SIDE, moveMonsters, startGame as startGameOf } from '../game/rules.js';
import type { Game } from '../game/rules.js';
import { drawWindow, Ink, pageWindowSize, scrollWindow, styledLines } from '../game/view.js';
import { keyRgb } from '../model/maze.js';

export { SOLVE_METHODS as solveMethods } from '../solvers/names.js';
export { enableDifficulty } from './difficulty.js';
export { algorithms, analyze, count, farthestEnds, fitMask, generate, MazeError, parse, parseAny, Replay, replaySteps, solve, stats, steps, UsageError } from './api.js';
// the page checks a PNG mask's bytes as maze gen does, before the browser decodes them
export { checkPngMask, isPng } from '../model/mask-png.js';
export type { PngHeader } from '../model/mask-png.js';
export type { KeyEffect } from '../game/controls.js';
export type { KeyPress } from '../game/keys.js';
export type { Game, Outcome } from '../game/rules.js';
export type { Picture, Window } from '../game/view.js';
export type {
  AlgorithmInfo, AlgorithmName, AlgorithmOptions, AsciiOptions, Cell, CommonGenerateOptions, EndMode, EndsOptions, FormatInfo, FormatName,
  FitMaskOptions, GenerateOptions, GraphShapeName, Mask, MaskCells, MaskRegionsMode, Maze, MazeErrorCode, MazeSpec, MazeStats, MazeAnalysis, CountOptions, PdfOptions, PictureOptions, PngOptions, Point, PovOptions, RenderOptions, RenderOptionsByFormat,
  ShapeAlgorithmName, ShapeGenerateOptions, ShapeName, SolveMethod, SolveOptions, SolveOutcome, SolveReport,
  CellMark, CellStep, ClearStep, ColorStep, DoorStep, EndsStep, GridStep, HeadStep, KeyStep, PassageStep, PathStep, Side, Step, WallStep,
} from './api.js';

const registry = [ascii, json, svg, png, pdf];

/** The formats a page can write. */
export type BrowserFormatName = (typeof registry)[number]['name'];

/** The formats a browser gets: ascii, json, svg, png, pdf. */
// pure: a bundler drops it, and with it every format, from a page that only generates
export const formats = /* @__PURE__ */ formatList(registry);

/**
 * The bytes `maze gen` writes for this format and these options; for PNG
 * the same pixels (the browser's deflate is not node's zlib, so the
 * compressed bytes may differ), for PDF the same bytes once pdf-lib's
 * bundle has loaded beside this one.
 */
export function render<F extends BrowserFormatName>(maze: Maze, format: F, options?: RenderOptionsByFormat[F]): Promise<Uint8Array> {
  return renderWith(registry, maze, format, options);
}

/**
 * A game's start as a page or a script gives it, checked as the library
 * checks what it is given (SPEC "Library": it trusts nothing): the maze as
 * the JSON reader checks one, the monsters 'auto' or 0 to 1000, the seed
 * text or an integer, the delay within the game's bounds; a MazeError
 * naming the option, never a TypeError, a thousand-fold horde or a NaN.
 */
function checkedGame(maze: unknown, monsters: unknown, seed: unknown, monsterDelay: unknown): [AnyMaze, 'auto' | number, string, number | undefined] {
  return [checkedAnyMaze(maze, 'game'), checkMonsterCount(monsters), checkSeed(seed), monsterDelay === undefined ? undefined : checkMonsterDelay(monsterDelay)];
}

/** startGame (rules.ts) on a square maze, its values checked (checkedGame). */
function startGame(maze: SquareMaze, monsters: 'auto' | number, seed: string, monsterDelay?: number): Game {
  const [checked, count, s, delay] = checkedGame(maze, monsters, seed, monsterDelay);
  if (!(checked instanceof SquareMaze)) throw new MazeError('game.startGame plays a square maze: startAnyGame plays a maze of levels too', { code: 'invalid-maze', option: 'maze' });
  return startGameOf(checked, count, s, delay);
}

/** startAnyGame (levels.ts), its values checked (checkedGame). */
function startAnyGame(maze: AnyMaze, monsters: 'auto' | number, seed: string, monsterDelay?: number): Game {
  const [checked, count, s, delay] = checkedGame(maze, monsters, seed, monsterDelay);
  return startAnyGameOf(checked, count, s, delay);
}

/**
 * The keys-and-doors game of `maze play`, for a page: the very rules,
 * monsters and view of the terminal game (src/game/), of which the page is
 * another screen. `startGame` places the monsters as `maze play` does for
 * the same maze and seed; `startAnyGame` starts on a parsed maze of either
 * model, a maze of levels one floor at a time (stairs taken with `<` and
 * `>`), and `checkPlayable` refuses what the game cannot walk (another
 * grid, a weave, a wrap), naming the option; `keyFromDom` and `pressKey`
 * play a KeyboardEvent's key as the terminal plays a key; `moveMonsters` is
 * one tick of the monsters' clock (every `monsterDelay` ms);
 * `pageWindowSize`, `scrollWindow`, `drawWindow` and `styledLines` draw the
 * window around the player in the terminal's characters, with an ink for
 * each (`Ink`, `keyRgb` for a key's color); `describeEnd` words a win or a
 * loss, `describeLeave` a game left, `describeMonsters` fewer monsters
 * placed than asked; `gameHelp`
 * says the keys (and the floor, with levels).
 */
// pure: a bundler drops it, and the game with it, from a page that does not play
export const game = /* @__PURE__ */ Object.freeze({
  startGame, startAnyGame, checkPlayable, pressKey, keyFromDom, moveMonsters, describeEnd, describeLeave, describeMonsters, formatDuration, GAME_HELP, gameHelp,
  pageWindowSize, scrollWindow, drawWindow, styledLines, Ink, keyRgb,
  defaultMonsters, checkMonsterCount, checkMonsterDelay, MONSTER_DELAY, MAX_GAME_SIDE, checkGameSize,
});
