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
import type { StepSink } from '../model/steps.js';
import type { Rng } from '../rng.js';
import { defineRowAlgorithm, RowRing } from './row-algorithms.js';

export default defineRowAlgorithm({
  name: 'sidewinder',
  description: 'sidewinder: row runs, each opening north once; top row is one corridor, strong vertical bias',
  options: {},
  startsFrom: 'closed',
  rows(size, _options, rng, sink) {
    return sidewinderRows(size.width, size.height, rng, sink);
  },
});

/**
 * Tile rows 0 … H: a cell row's runs open walls of its own tile row only
 * (left walls, and a top wall each). Steps (`sink`): the head walks each
 * row; the run is marked active until it closes, opening north.
 */
function* sidewinderRows(width: number, height: number, rng: Rng, sink?: StepSink): Generator<Uint8Array> {
  const ring = new RowRing(width);
  const first = ring.closed();
  for (let x = 1; x < width; x++) {
    first[x]! &= ~LEFT;
    sink?.({ type: 'head', x, y: 0 });
    sink?.({ type: 'wall', x, y: 0, side: 'left', active: false, color: 0 });
  }
  yield first;
  let bits = 0;
  let bitsLeft = 0;
  for (let y = 1; y < height; y++) {
    const row = ring.closed();
    let runStart = 0;
    for (let x = 0; x < width; x++) {
      sink?.({ type: 'head', x, y });
      sink?.({ type: 'cell', x, y, mark: 'active' });
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
          sink?.({ type: 'wall', x: x + 1, y, side: 'left', active: false, color: 0 });
          continue;
        }
      }
      const run = x - runStart + 1;
      const north = runStart + (run === 1 ? 0 : rng.below(run));
      row[north]! &= ~TOP;
      if (sink) {
        sink({ type: 'wall', x: north, y, side: 'top', active: false, color: 0 });
        for (let r = runStart; r <= x; r++) sink({ type: 'cell', x: r, y, mark: 'none' });
      }
      runStart = x + 1;
    }
    yield row;
  }
  yield ring.bottom();
}
