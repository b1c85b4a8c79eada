/**
 * Eller: one row at a time, with set labels, in O(width) memory.
 *
 * 1. Each cell of the first row is a set of its own.
 * 2. Walk the row: between two neighbors of different sets, open the wall
 *    at random (a coin flip) and merge their sets.
 * 3. Walk the row again: each cell opens its south wall unless a coin says
 *    no and its set still has another member that will; a cell that stays
 *    closed below starts the next row as a set of its own. So every set
 *    goes on downward at least once and nothing is walled off.
 * 4. Repeat on each next row; on the last row, open the wall between every
 *    two neighbors of different sets, which joins everything.
 *
 * Texture: even, with a faint horizontal grain (runs along rows); fast and
 * streaming, since only the current row's sets are kept.
 *
 * Sets are circular doubly linked lists of the row's cells (`right`,
 * `left`), kept in left-to-right order. Sets within a row never interleave
 * (the maze above the row is planar), so x and x + 1 share a set exactly
 * when right[x] = x + 1; merging is one O(1) splice, and leaving a set
 * (step 3) one O(1) unlink — no relabeling.
 */
import { LEFT, TOP } from '../model/maze.js';
import type { StepSink } from '../model/steps.js';
import type { Rng } from '../rng.js';
import { defineRowAlgorithm, RowRing } from './row-algorithms.js';

export default defineRowAlgorithm({
  name: 'eller',
  description: 'Eller: row by row with set labels, O(width) memory; even texture with a slight horizontal grain',
  options: {},
  startsFrom: 'closed',
  rows(size, _options, rng, sink) {
    return ellerRows(size.width, size.height, rng, sink);
  },
});

/**
 * Tile rows 0 … H: row y gets its left walls from cell row y's merges, and
 * row y + 1 its top walls from the cells going down. Steps (`sink`): the
 * head walks the row in each pass, and each wall opens as it is chosen.
 */
function* ellerRows(width: number, height: number, rng: Rng, sink?: StepSink): Generator<Uint8Array> {
  const ring = new RowRing(width);
  const right = new Int32Array(width);
  const left = new Int32Array(width);
  for (let x = 0; x < width; x++) right[x] = left[x] = x;
  let bits = 0;
  let bitsLeft = 0;
  let row = ring.closed();
  for (let y = 0; y < height; y++) {
    const last = y === height - 1;
    for (let x = 0; x + 1 < width; x++) {
      sink?.({ type: 'head', x, y });
      if (right[x] === x + 1) continue; // same set already: a wall here closes a loop
      if (!last) {
        if (bitsLeft === 0) {
          bits = rng.u32();
          bitsLeft = 32;
        }
        const keepWall = (bits & 1) === 0;
        bits >>>= 1;
        bitsLeft--;
        if (keepWall) continue;
      }
      // splice the set of x + 1 in right after x: x → x+1 … (its set) … → old right[x]
      const after = right[x]!;
      const before = left[x + 1]!;
      right[x] = x + 1;
      left[x + 1] = x;
      right[before] = after;
      left[after] = before;
      row[x + 1]! &= ~LEFT;
      sink?.({ type: 'wall', x: x + 1, y, side: 'left', active: false, color: 0 });
    }
    if (last) break;
    const below = ring.closed();
    for (let x = 0; x < width; x++) {
      sink?.({ type: 'head', x, y });
      if (right[x] !== x) {
        if (bitsLeft === 0) {
          bits = rng.u32();
          bitsLeft = 32;
        }
        const stayClosed = (bits & 1) === 0;
        bits >>>= 1;
        bitsLeft--;
        if (stayClosed) {
          const r = right[x]!;
          const l = left[x]!;
          right[l] = r;
          left[r] = l;
          right[x] = left[x] = x;
          continue;
        }
      }
      below[x]! &= ~TOP;
      sink?.({ type: 'wall', x, y: y + 1, side: 'top', active: false, color: 0 });
    }
    yield row;
    row = below;
  }
  yield row;
  yield ring.bottom();
}
