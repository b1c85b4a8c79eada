/**
 * Sidewinder: runs along each row, each run opening north once.
 *
 * 1. The top row is one open corridor.
 * 2. On every other row, walk west to east growing a run of cells: at each
 *    cell a coin flip either opens the wall east (the run goes on) or closes
 *    the run; the last cell of a row always closes it.
 * 3. A closed run opens the north wall of one of its cells, chosen at
 *    random, and the next run starts at the next cell.
 *
 * Texture: a long corridor along the top, short horizontal runs below, and
 * a north-leaning bias: the way up is always easy (no dead end points
 * north, a path to the top row never turns down).
 */
import { LEFT, Maze, TOP } from '../model/maze.js';
import type { Rng } from '../rng.js';
import { defineAlgorithm } from './types.js';

export default defineAlgorithm({
  name: 'sidewinder',
  description: 'sidewinder: row runs, each opening north once; top row is one corridor, strong vertical bias',
  options: {},
  generate({ width, height }, _options, rng) {
    const maze = Maze.closed(width, height);
    carveRuns(maze.walls, width, height, rng);
    return maze;
  },
});

function carveRuns(walls: Uint8Array, width: number, height: number, rng: Rng): void {
  const stride = width + 1;
  for (let x = 1; x < width; x++) walls[x]! &= ~LEFT;
  let bits = 0;
  let bitsLeft = 0;
  for (let y = 1; y < height; y++) {
    const row = y * stride;
    let runStart = 0;
    for (let x = 0; x < width; x++) {
      if (x + 1 < width) {
        if (bitsLeft === 0) {
          bits = rng.u32();
          bitsLeft = 32;
        }
        const goOn = (bits & 1) === 1;
        bits >>>= 1;
        bitsLeft--;
        if (goOn) {
          walls[row + x + 1]! &= ~LEFT;
          continue;
        }
      }
      const run = x - runStart + 1;
      walls[row + runStart + (run === 1 ? 0 : rng.below(run))]! &= ~TOP;
      runStart = x + 1;
    }
  }
}
