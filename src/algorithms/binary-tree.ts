/**
 * Binary tree: every cell opens one of two walls, chosen by a coin.
 *
 * 1. `--bias` names the two directions, one vertical and one horizontal:
 *    nw (the default) means north or west, likewise ne, sw and se.
 * 2. Each cell flips a coin between its two walls; a cell on the edge the
 *    bias points at has only one of them, and the corner cell at the bias
 *    (the top-left for nw) opens nothing: it is the root every path leads
 *    to.
 *
 * Texture: the strongest bias of all: the two edges the bias points at are
 * open corridors (for nw, the whole top row and left column), and every
 * path toward that corner runs diagonally with no detour. No memory beyond
 * the walls, one random bit per cell.
 */
import { LEFT, Maze, TOP } from '../model/maze.js';
import { choiceOption } from '../options.js';
import type { Rng } from '../rng.js';
import { defineAlgorithm } from './types.js';

type Bias = 'nw' | 'ne' | 'sw' | 'se';

const bias = choiceOption<Bias>('the two walls each cell chooses between', ['nw', 'ne', 'sw', 'se'], 'nw');

export default defineAlgorithm({
  name: 'binary-tree',
  description: 'binary tree: each cell opens north or west (--bias); two open edge corridors, diagonal bias',
  options: { bias },
  generate({ width, height }, { bias }, rng) {
    const maze = Maze.closed(width, height);
    carveBinaryTree(maze.walls, width, height, bias[0] === 'n', bias[1] === 'w', rng);
    return maze;
  },
});

function carveBinaryTree(walls: Uint8Array, width: number, height: number, north: boolean, west: boolean, rng: Rng): void {
  const stride = width + 1;
  // the edge row and column without the vertical (horizontal) choice
  const edgeRow = north ? 0 : height - 1;
  const edgeColumn = west ? 0 : width - 1;
  // offsets from a cell's tile to the tile owning the wall it opens
  const vertical = north ? 0 : stride;
  const horizontal = west ? 0 : 1;
  let bits = 0;
  let bitsLeft = 0;
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    for (let x = 0; x < width; x++) {
      const t = row + x;
      let goVertical: boolean;
      if (y === edgeRow) {
        if (x === edgeColumn) continue;
        goVertical = false;
      } else if (x === edgeColumn) {
        goVertical = true;
      } else {
        if (bitsLeft === 0) {
          bits = rng.u32();
          bitsLeft = 32;
        }
        goVertical = (bits & 1) === 1;
        bits >>>= 1;
        bitsLeft--;
      }
      if (goVertical) walls[t + vertical]! &= ~TOP;
      else walls[t + horizontal]! &= ~LEFT;
    }
  }
}
