/**
 * A maze of levels as the game plays it (SPEC "Topologies": `maze play
 * --levels N`, one floor on screen at a time): each level's floor as a
 * square maze of its own (its passages within the level; the seed's wall
 * arrays, which the game, its view and its monsters walk), and the stairs
 * between them, a cell's up and down. Square grids with no wrapped edge
 * and no crossing: the game moves up, down, left and right on a plane.
 */
import { MazeError } from '../errors.js';
import { GraphMaze } from '../grid/graph-maze.js';
import { SquareLattice, TopologyShape } from '../grid/topology.js';
import { maskOf } from '../model/mask.js';
import { Maze } from '../model/maze.js';
import type { Point } from '../model/maze.js';
import { cornerEnds } from '../passages/ends.js';
import type { AnyMaze } from '../passages/view.js';
import type { Game, GameLevels } from './rules.js';
import { startGame } from './rules.js';

/** Refuse a maze the game cannot walk: only square levels, with no wrapped edge nor crossing. */
export function checkPlayable(maze: GraphMaze): TopologyShape {
  const shape = maze.shape;
  if (!(shape instanceof TopologyShape) || !(shape.base instanceof SquareLattice)) {
    throw new MazeError(`maze play plays square mazes only (its moves are up, down, left and right), not a ${shape.name} maze`, { code: 'impossible', option: 'shape' });
  }
  if (shape.base.wrapX || shape.base.wrapY || shape.crossings.length > 0) {
    throw new MazeError((n) => `maze play plays square mazes on a plane, with ${n('levels')} but no ${n(shape.crossings.length > 0 ? 'weave' : 'wrap')}`, { code: 'impossible', option: shape.crossings.length > 0 ? 'weave' : 'wrap' });
  }
  return shape;
}

/** A maze of levels as the game's floors, stairs, and the start's and exit's levels, with the start and exit as points on their floors. */
export function gameLevels(maze: GraphMaze): GameLevels {
  const shape = checkPlayable(maze);
  const { width, height, levels, perLevel } = shape;
  const floors: Maze[] = [];
  const stairs = new Uint8Array(shape.cellCount);
  for (let l = 0; l < levels; l++) {
    const floor = Maze.closed(width, height);
    for (let i = 0; i < perLevel; i++) {
      const c = l * perLevel + i;
      const [x, y] = [i % width, Math.floor(i / width)];
      // east and south within the level: each passage once
      if (maze.isOpen(c, 1) && x + 1 < width) floor.carve(x, y, x + 1, y);
      if (maze.isOpen(c, 2) && y + 1 < height) floor.carve(x, y, x, y + 1);
      if (levels > 1) stairs[c] = (maze.isOpen(c, shape.up) ? 1 : 0) | (maze.isOpen(c, shape.up + 1) ? 2 : 0);
    }
    if (maze.mask !== null) floor.wallOffOutside(maskOf(width, height, maze.mask.subarray(l * perLevel, (l + 1) * perLevel)));
    floors.push(floor);
  }
  const corners = cornerEnds(maze);
  const [start, exit] = [maze.start ?? corners.start, maze.end ?? corners.end];
  const on = ([x, y]: Point): [Point, number] => [[x, y % height], Math.floor(y / height)];
  const [startPoint, startLevel] = on(start);
  const [exitPoint, exitLevel] = on(exit);
  return { floors, stairs, startLevel, exitLevel, start: startPoint, exit: exitPoint };
}

/** A game over a maze of levels (as startGame): the player on the start's floor, the monsters there too (they take no stairs). */
export function startLevelsGame(maze: GraphMaze, monsters: 'auto' | number, seed: string, monsterDelay?: number): Game {
  const levels = gameLevels(maze);
  return startGame(levels.floors[levels.startLevel]!, monsters, seed, monsterDelay, levels);
}

/**
 * A game over a maze as read or made, whichever its model (the page's
 * game, which parses the maze's JSON): a square maze as startGame, a maze
 * of levels as startLevelsGame; another grid, a weave or a wrap is refused
 * (checkPlayable), naming the option.
 */
export function startAnyGame(maze: AnyMaze, monsters: 'auto' | number, seed: string, monsterDelay?: number): Game {
  return maze instanceof GraphMaze ? startLevelsGame(maze, monsters, seed, monsterDelay) : startGame(maze, monsters, seed, monsterDelay);
}
