/**
 * Braiding (SPEC "Modifiers for every algorithm", as theseus and Daedalus
 * do it): remove a share of a maze's dead ends by opening one wall of each,
 * which adds loops.
 *
 * 1. List the dead ends (cells with exactly one opening), in row order, and
 *    shuffle them with the seeded PRNG.
 * 2. Take them in that order until the share is removed: a cell that is
 *    still a dead end opens one of its closed inner walls, chosen at random
 *    among the walls into another dead end when there is one (that removes
 *    two at once, theseus's rule), else among all of them.
 *
 * The outer border never opens. In a keys-and-doors maze (zones) a wall
 * opens only between two cells already joined with every locked door shut,
 * so that no key set reaches more than before: a new passage never walks
 * around a lock. A dead end whose closed walls all lead behind a lock stays.
 */
import type { Rng } from '../rng.js';
import type { Direction, Maze } from './maze.js';
import { DX, DY, LEFT, TOP } from './maze.js';
import type { StepSink } from './steps.js';

/**
 * A maze as braiding sees it, whatever its grid: cells numbered 0 … count − 1
 * in row order, each cell's openings, the neighbours behind its closed
 * inner walls that may open (in the grid's fixed order), and opening one.
 * The square grid (braid) and the shapes (model/graph.ts) each give one.
 */
export interface BraidView {
  count: number;
  /** How many passages leave the cell (0 for a cell outside a mask). */
  degree(cell: number): number;
  /** Into `out`: the neighbours behind a closed wall of the cell that may open (never the border, a mask's outside, a lock's other side). */
  closedInto(cell: number, out: number[]): void;
  open(cell: number, neighbor: number): void;
}

/** Braid any maze through its view (steps 1 and 2 above). */
export function braidView(view: BraidView, share: number, rng: Rng): void {
  if (!(share > 0)) return; // no draws at all: --braid 0 is the maze as it was
  const deadEnds: number[] = [];
  for (let c = 0; c < view.count; c++) if (view.degree(c) === 1) deadEnds.push(c);
  for (let i = deadEnds.length - 1; i > 0; i--) {
    const j = rng.below(i + 1);
    [deadEnds[i], deadEnds[j]] = [deadEnds[j]!, deadEnds[i]!];
  }
  const goal = Math.round(share * deadEnds.length);
  let removed = 0;
  const into: number[] = [];
  const intoDeadEnd: number[] = [];
  for (const c of deadEnds) {
    if (removed >= goal) break;
    if (view.degree(c) !== 1) continue;
    view.closedInto(c, into);
    intoDeadEnd.length = 0;
    for (const n of into) if (view.degree(n) === 1) intoDeadEnd.push(n);
    const pool = intoDeadEnd.length > 0 ? intoDeadEnd : into;
    if (pool.length === 0) continue;
    const n = pool[rng.below(pool.length)]!;
    const before = view.degree(n);
    view.open(c, n);
    removed += 1 + (before === 1 ? 1 : 0) - (before === 0 ? 1 : 0);
  }
}

/** Braid `maze` in place; `sink`, when given, is told each wall opened. */
export function braid(maze: Maze, share: number, rng: Rng, sink?: StepSink): void {
  if (!(share > 0)) return;
  const { width } = maze;
  const region = doorRegions(maze);
  const degree = (x: number, y: number): number => {
    let n = 0;
    for (let d = 0; d < 4; d++) if (maze.canMove(x, y, d as Direction)) n++;
    return n;
  };
  braidView(
    {
      count: width * maze.height,
      degree: (c) => degree(c % width, Math.floor(c / width)),
      closedInto(c, out) {
        out.length = 0;
        const x = c % width;
        const y = (c - x) / width;
        for (let d = 0; d < 4; d++) {
          const nx = x + DX[d]!;
          const ny = y + DY[d]!;
          // never the border, nor a mask's outside
          if (!maze.isIn(nx, ny) || maze.canMove(x, y, d as Direction)) continue;
          if (region && region[ny * width + nx] !== region[c]) continue;
          out.push(ny * width + nx);
        }
      },
      open(c, n) {
        const x = c % width;
        const y = (c - x) / width;
        const nx = n % width;
        const ny = (n - nx) / width;
        maze.carve(x, y, nx, ny);
        if (!sink) return;
        if (ny === y) sink({ type: 'wall', x: Math.max(x, nx), y, side: 'left', active: false, color: 0 });
        else sink({ type: 'wall', x, y: Math.max(y, ny), side: 'top', active: false, color: 0 });
      },
    },
    share,
    rng,
  );
}

/**
 * Cells numbered by the part of the maze they reach with every locked door
 * shut, or null when the maze has no locked door.
 */
function doorRegions(maze: Maze): Int32Array | null {
  const locked = (maze.doors ?? []).filter((d) => d.key !== null);
  if (locked.length === 0) return null;
  const { width, height } = maze;
  const shut = maze.walls.slice();
  for (const door of locked) shut[maze.tileIndex(door.x, door.y)]! |= door.side === 'top' ? TOP : LEFT;
  const region = new Int32Array(width * height).fill(-1);
  const queue = new Int32Array(width * height);
  const stride = width + 1;
  let next = 0;
  for (let start = 0; start < width * height; start++) {
    if (region[start] !== -1) continue;
    region[start] = next;
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    while (head < tail) {
      const c = queue[head++]!;
      const x = c % width;
      const y = (c - x) / width;
      const t = y * stride + x;
      const open = [
        y > 0 && (shut[t]! & TOP) === 0 ? c - width : -1,
        x < width - 1 && (shut[t + 1]! & LEFT) === 0 ? c + 1 : -1,
        y < height - 1 && (shut[t + stride]! & TOP) === 0 ? c + width : -1,
        x > 0 && (shut[t]! & LEFT) === 0 ? c - 1 : -1,
      ];
      for (const n of open) {
        if (n >= 0 && region[n] === -1) {
          region[n] = next;
          queue[tail++] = n;
        }
      }
    }
    next++;
  }
  return region;
}
