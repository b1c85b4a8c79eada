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
import { LEFT, TOP } from '../model/maze.js';
import { choiceOption } from '../model/options.js';
import type { StepSink } from '../model/steps.js';
import type { Rng } from '../rng.js';
import { defineRowAlgorithm, RowRing } from './row-algorithms.js';

type Bias = 'nw' | 'ne' | 'sw' | 'se';

const bias = choiceOption<Bias>('the two walls each cell chooses between', ['nw', 'ne', 'sw', 'se'], 'nw');

export default defineRowAlgorithm({
  name: 'binary-tree',
  description: 'binary tree: each cell opens north or west (its bias option); two open edge corridors, diagonal bias',
  options: { bias },
  startsFrom: 'closed',
  rows(size, { bias }, rng, sink) {
    return binaryTreeRows(size.width, size.height, bias[0] === 'n', bias[1] === 'w', rng, sink);
  },
});

/**
 * Tile rows 0 … H: a cell opens the top wall of its own tile (north) or of
 * the tile below it (south, in the next tile row), and the left wall of its
 * own tile (west) or of the tile to its right (east). Steps (`sink`): the
 * head visits each cell, and its wall opens.
 */
function* binaryTreeRows(width: number, height: number, north: boolean, west: boolean, rng: Rng, sink?: StepSink): Generator<Uint8Array> {
  const ring = new RowRing(width);
  // the edge row and column without the vertical (horizontal) choice
  const edgeRow = north ? 0 : height - 1;
  const edgeColumn = west ? 0 : width - 1;
  // offset from a cell's tile to the tile owning the left wall it opens
  const horizontal = west ? 0 : 1;
  let bits = 0;
  let bitsLeft = 0;
  let row = ring.closed();
  for (let y = 0; y < height; y++) {
    const below = y + 1 < height ? ring.closed() : ring.bottom();
    const vertical = north ? row : below;
    for (let x = 0; x < width; x++) {
      sink?.({ type: 'head', x, y });
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
      if (goVertical) vertical[x]! &= ~TOP;
      else row[x + horizontal]! &= ~LEFT;
      if (sink) {
        if (goVertical) sink({ type: 'wall', x, y: north ? y : y + 1, side: 'top', active: false, color: 0 });
        else sink({ type: 'wall', x: x + horizontal, y, side: 'left', active: false, color: 0 });
      }
    }
    yield row;
    row = below;
  }
  yield row;
}
