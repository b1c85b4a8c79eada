/**
 * Recursive division: walls are added, not carved.
 *
 * 1. Start from an empty grid with only its border: one chamber.
 * 2. Split a chamber at least 2 cells wide and 2 high with a straight wall
 *    across it at a random position, leaving one random gap: a vertical
 *    wall when the chamber is wider than high, a horizontal one when it is
 *    higher than wide, a coin flip when square.
 * 3. Split both halves the same way. A chamber 1 cell wide or high is an
 *    open corridor, a tree already, and is left alone.
 *
 * Texture: long straight walls and a visible rectangular, hierarchical
 * layout; the one gap in each dividing wall makes paths between the big
 * halves long and easy to read.
 *
 * Each split joins two trees through a single gap, so the result is
 * perfect. The chambers wait on an explicit stack, never the call stack:
 * the larger half is pushed first and the smaller one split first, so all
 * that is later pushed above an entry comes from a half at most half as
 * big as the chamber that pushed it; areas halve going up the stack, which
 * never holds more than about log2(cells) chambers of 2 × 2 cells or more.
 */
import { LEFT, Maze, TOP } from '../model/maze.js';
import type { StepSink } from '../model/steps.js';
import { wallStep } from '../model/steps.js';
import type { Tick } from '../tick.js';
import { TICK_MASK } from '../tick.js';
import type { Rng } from '../rng.js';
import { defineAlgorithm } from './types.js';

export default defineAlgorithm({
  name: 'division',
  description: 'recursive division: splits chambers with walls holding one gap; long straight walls, boxy layout',
  options: {},
  startsFrom: 'border',
  generate({ width, height }, _options, rng, tick, sink) {
    const maze = Maze.bordered(width, height);
    divideChambers(maze.walls, width, height, rng, tick, sink);
    return maze;
  },
});

/** Stack slots (x, y, width, height each); by the halving above, 64 is ample for any grid under 2^31 cells. */
const STACK_CHAMBERS = 64;

/** Steps (`sink`): each dividing wall raised, one segment at a time, in palette color 0. */
function divideChambers(walls: Uint8Array, width: number, height: number, rng: Rng, tick?: Tick, sink?: StepSink): void {
  const stride = width + 1;
  const stack = new Int32Array(STACK_CHAMBERS * 4);
  let done = 0;
  let nextTick = TICK_MASK;
  let top = push(stack, 0, 0, 0, width, height);
  while (top > 0) {
    top--;
    const cx = stack[top * 4]!;
    const cy = stack[top * 4 + 1]!;
    const cw = stack[top * 4 + 2]!;
    const ch = stack[top * 4 + 3]!;
    const vertical = cw > ch || (cw === ch && (rng.u32() & 1) === 0);
    let ax: number, ay: number, aw: number, ah: number; // the half before the wall
    let bx: number, by: number, bw: number, bh: number; // the half after it
    if (vertical) {
      // a wall on the left edge of column wx, rows cy … cy+ch−1, gap at row gy
      const wx = cx + 1 + rng.below(cw - 1);
      const gy = cy + rng.below(ch);
      for (let y = cy, t = cy * stride + wx; y < cy + ch; y++, t += stride) {
        if (y !== gy) {
          walls[t]! |= LEFT;
          sink?.(wallStep(stride, t, false, true));
        }
      }
      ax = cx; ay = cy; aw = wx - cx; ah = ch;
      bx = wx; by = cy; bw = cx + cw - wx; bh = ch;
    } else {
      // a wall on the top edge of row wy, columns cx … cx+cw−1, gap at column gx
      const wy = cy + 1 + rng.below(ch - 1);
      const gx = cx + rng.below(cw);
      const row = wy * stride;
      for (let x = cx; x < cx + cw; x++) {
        if (x !== gx) {
          walls[row + x]! |= TOP;
          sink?.(wallStep(stride, row + x, true, true));
        }
      }
      ax = cx; ay = cy; aw = cw; ah = wy - cy;
      bx = cx; by = wy; bw = cw; bh = cy + ch - wy;
    }
    // a chamber too narrow to split is finished: its cells are done
    done += (aw < 2 || ah < 2 ? aw * ah : 0) + (bw < 2 || bh < 2 ? bw * bh : 0);
    if (done > nextTick) {
      tick?.(done);
      nextTick = done + TICK_MASK;
    }
    // larger half first, so the smaller is split next and the stack stays logarithmic
    if (aw * ah >= bw * bh) {
      top = push(stack, top, ax, ay, aw, ah);
      top = push(stack, top, bx, by, bw, bh);
    } else {
      top = push(stack, top, bx, by, bw, bh);
      top = push(stack, top, ax, ay, aw, ah);
    }
  }
}

/** Push a chamber worth splitting (at least 2 × 2); returns the new stack size. */
function push(stack: Int32Array, top: number, x: number, y: number, w: number, h: number): number {
  if (w < 2 || h < 2) return top;
  stack[top * 4] = x;
  stack[top * 4 + 1] = y;
  stack[top * 4 + 2] = w;
  stack[top * 4 + 3] = h;
  return top + 1;
}
