/** Test tools for `maze play`: the way out of a game, found with the game's own rules. */
import type { Direction, Maze } from '../src/model/maze.js';
import { newGame, movePlayer } from '../src/game/rules.js';
import type { Game } from '../src/game/rules.js';
import { Rng } from '../src/rng.js';

/** A game with no monsters on `maze`, after these moves. */
export function replay(maze: Maze, moves: readonly Direction[]): Game {
  const game = newGame(maze, { monsters: 0 }, new Rng('replay'));
  for (const dir of moves) movePlayer(game, dir);
  return game;
}

/**
 * The shortest list of moves from the entrance to the exit, by breadth-first
 * search over (cell, keys held) states, each expanded by replaying its moves
 * through movePlayer: the game's rules decide what a step may do. Null when
 * the exit cannot be reached. Meant for small mazes.
 */
export function escapeRoute(maze: Maze): Direction[] | null {
  const stateOf = (g: Game): string => `${g.x},${g.y}:${[...g.held].sort((a, b) => a - b).join(',')}`;
  const first = replay(maze, []);
  const seen = new Set([stateOf(first)]);
  let frontier: Direction[][] = [[]];
  while (frontier.length > 0) {
    const next: Direction[][] = [];
    for (const moves of frontier) {
      for (const dir of [0, 1, 2, 3] as Direction[]) {
        const game = replay(maze, moves);
        const event = movePlayer(game, dir);
        if (event.kind !== 'moved') continue;
        const route = [...moves, dir];
        if (game.outcome === 'won') return route;
        const state = stateOf(game);
        if (seen.has(state)) continue;
        seen.add(state);
        next.push(route);
      }
    }
    frontier = next;
  }
  return null;
}
