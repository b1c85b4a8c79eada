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
import { LEFT, TOP } from '../model/maze.js';
import type { Rng } from '../rng.js';
import { defineRowAlgorithm, RowRing } from './rows.js';

export default defineRowAlgorithm({
  name: 'sidewinder',
  description: 'sidewinder: row runs, each opening north once; top row is one corridor, strong vertical bias',
  options: {},
  rows(size, _options, rng) {
    return sidewinderRows(size.width, size.height, rng);
  },
});

/** Tile rows 0 … H: a cell row's runs open walls of its own tile row only (left walls, and a top wall each). */
function* sidewinderRows(width: number, height: number, rng: Rng): Generator<Uint8Array> {
  const ring = new RowRing(width);
  const first = ring.closed();
  for (let x = 1; x < width; x++) first[x]! &= ~LEFT;
  yield first;
  let bits = 0;
  let bitsLeft = 0;
  for (let y = 1; y < height; y++) {
    const row = ring.closed();
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
          row[x + 1]! &= ~LEFT;
          continue;
        }
      }
      const run = x - runStart + 1;
      row[runStart + (run === 1 ? 0 : rng.below(run))]! &= ~TOP;
      runStart = x + 1;
    }
    yield row;
  }
  yield ring.bottom();
}
