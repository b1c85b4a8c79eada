/**
 * The wall followers (Walter Pullen, Think Labyrinth, "Maze solving
 * algorithms": "Wall follower", "Pledge algorithm", "Chain algorithm";
 * Daedalus solve.cpp, SolveMazeFollowWall, SolveMazePledge,
 * SolveMazeChain). Each is defined here over the grid's own sides, so that
 * it walks a hex, triangle or polar maze as it walks a square one:
 *
 * - "Turn left" is the next side clockwise from the one the walker came in
 *   through, by the direction each side faces from the cell's centre
 *   (board.ts, `byHand`): a left-hand walker tries its sides clockwise from
 *   the way back (left, ahead, right, back on the square), a right-hand one
 *   counter-clockwise. At the start it came in through the start's opening
 *   onto the outside (else the side facing away from the end).
 * - `wall-left`, `wall-right`: follow one wall until the end. An end inside
 *   an island (a loop of passages around walls not joined to the border)
 *   is never reached: the walker stops when it is back in a cell through
 *   the same side as before (it would walk the same loop forever) and says
 *   so.
 * - `pledge`: Pledge's algorithm with a left hand. The preferred direction
 *   is the one from the start's centre to the end's. Walking free, the
 *   walker goes through the side facing nearest that direction; when that
 *   side is a wall it takes hold of that wall with its left hand, turning
 *   right along it (as Daedalus does), and follows the wall, counting its turns as the angle
 *   between successive headings (from one cell's centre to the next's,
 *   clockwise positive, a turn back counted the way the hand turns). It
 *   leaves the wall when the count is back within 45° of none and the side
 *   facing the preferred direction is open. On the square and hex grids
 *   every turn is a multiple of 90° or 60° and one heading lies nearest
 *   the preferred direction, so "within 45°" is "none" as Pledge counts
 *   it; a triangle grid's straight ways zigzag, and a polar grid's
 *   headings turn by any angle: 45° is the room given there, and Pledge's
 *   guarantee does not hold (a sweep: it gave up on 5 of 45 perfect
 *   triangle mazes, 10 of 45 polar ones). On a plane of squares or
 *   hexagons Pledge gets out of any maze to its outside; it is not made to
 *   reach an end inside, and gives up after its bound.
 * - `chain`: a guide line of cells runs straight from the start to the end
 *   (each step to the neighbour, walls ignored, that goes on along the line
 *   and stays nearest it). The walker follows the line while its next cell
 *   is open; when a wall blocks it, two robots set out from there with a
 *   hand on that wall, one turning right along it with its left hand and
 *   one turning left with its right (as Daedalus sends them), a move each
 *   in turn, and the first to
 *   reach a cell of the line farther on leads the walker there along its
 *   own route. If both come back to where they set out, there is no way on.
 */
import type { Tick } from '../tick.js';
import { TICK_MASK } from '../tick.js';
import type { Board } from './board.js';
import { CellList, turnBetween } from './board.js';
import type { Run, Solver, SolverContext } from './types.js';

/** Most moves of a deterministic walker: the caller's, else 8 a side of every cell (at least 10 000), past any walk that does not repeat itself. */
function walkBound(board: Board, context: SolverContext): number {
  return context.bound ?? Math.max(10_000, 8 * board.size * board.degree);
}

/** A walker with a hand on the wall: where it is and the side it came in through. */
class Follower {
  entrySlot = -1;

  constructor(
    private readonly board: Board,
    public cell: number,
    public entry: number,
    readonly left: boolean,
  ) {}

  /** The side the hand takes next, −1 in a cell with no passage. */
  choose(): number {
    return this.board.byHand(this.cell, this.entry, this.left);
  }

  /** Move through side s. */
  move(s: number): number {
    const { board } = this;
    const n = board.across(this.cell, s);
    this.entrySlot = board.slotTo(n, this.cell);
    this.entry = board.sideAngle(n, this.entrySlot);
    this.cell = n;
    return n;
  }
}

/** A hand on the wall from start to end, its walk kept unless only its moves are wanted (`countOnly`). */
function followWall(board: Board, left: boolean, bound: number, countOnly = false, moved?: Tick): Run {
  const { start, end, degree, size } = board;
  const walk = countOnly ? null : new CellList();
  walk?.push(start);
  let moves = 0;
  const run = (outcome: Run['outcome']): Run => ({ outcome, path: null, walk: walk?.toArray() ?? null, moves });
  if (start === end) return { ...run('found'), path: Int32Array.of(start) };
  const seen = new Uint8Array(size * (degree + 1));
  const walker = new Follower(board, start, board.startEntry(), left);
  for (;;) {
    const key = walker.cell * (degree + 1) + walker.entrySlot + 1;
    if (seen[key]) return run('repeated');
    seen[key] = 1;
    const s = walker.choose();
    if (s < 0) return run('no-path');
    const next = walker.move(s);
    walk?.push(next);
    if ((++moves & TICK_MASK) === 0) moved?.(moves);
    if (walker.cell === end) return run('found');
    if (moves >= bound) return run('gave-up');
  }
}

export const wallLeft: Solver = {
  name: 'wall-left',
  description: 'keeps its left hand on the wall: the walk',
  solve: (board, context) => followWall(board, true, walkBound(board, context), context.countOnly, context.moved),
};

export const wallRight: Solver = {
  name: 'wall-right',
  description: 'keeps its right hand on the wall: the walk',
  solve: (board, context) => followWall(board, false, walkBound(board, context), context.countOnly, context.moved),
};

/** The side of c facing nearest the angle, open or not. */
function facing(board: Board, c: number, angle: number): number {
  let best = -1;
  let bestOff = Infinity;
  for (let s = 0; s < board.degree; s++) {
    if (!board.hasSide(c, s)) continue;
    const off = Math.abs(turnBetween(angle, board.sideAngle(c, s)));
    if (off < bestOff - 1e-9) {
      bestOff = off;
      best = s;
    }
  }
  return best;
}

const LEAVE = Math.PI / 4;

export const pledge: Solver = {
  name: 'pledge',
  description: 'a wall follower counting its turns, leaving the wall toward a preferred direction: the walk',
  solve(board, context: SolverContext): Run {
    const { start, end } = board;
    const walk = new CellList();
    walk.push(start);
    if (start === end) return { outcome: 'found', path: Int32Array.of(start), walk: walk.toArray() };
    const prefer = board.heading(start, end);
    const walker = new Follower(board, start, board.startEntry(), true);
    let free = true;
    let turned = 0;
    let heading = prefer;
    const bound = walkBound(board, context);
    while (walk.length <= bound) {
      const c = walker.cell;
      const ahead = facing(board, c, prefer);
      const open = ahead >= 0 && ((board.open[c]! >> ahead) & 1) === 1;
      if (!free && Math.abs(turned) < LEAVE && open) free = true;
      let s: number;
      if (free && open) {
        s = ahead;
      } else {
        if (free) {
          // a wall ahead: the hand takes hold of it, and the walker turns right along it (the first side clockwise after it)
          free = false;
          turned = 0;
          heading = prefer;
          if (ahead >= 0) walker.entry = board.sideAngle(c, ahead);
        }
        s = walker.choose();
        if (s < 0) return { outcome: 'no-path', path: null, walk: walk.toArray() };
        const next = board.stepHeading(c, s);
        let turn = turnBetween(heading, next);
        // a turn back is counted the way the hand turns: a left hand turns right around a dead end
        if (Math.abs(turn) > Math.PI - 1e-9) turn = Math.PI;
        turned += turn;
        heading = next;
      }
      walk.push(walker.move(s));
      if (walker.cell === end) return { outcome: 'found', path: null, walk: walk.toArray() };
    }
    return { outcome: 'gave-up', path: null, walk: walk.toArray() };
  },
};

/**
 * Chain's guide line: cells from the start to the end, each the neighbour
 * (walls ignored, in the maze or not) that goes on along the straight line
 * between their centres and stays nearest it.
 */
export function guideLine(board: Board): number[] {
  const { start, end, degree } = board;
  const [sx, sy] = board.centre(start);
  const [ex, ey] = board.centre(end);
  const length = Math.hypot(ex - sx, ey - sy);
  const ux = length > 0 ? (ex - sx) / length : 0;
  const uy = length > 0 ? (ey - sy) / length : 0;
  const along = (c: number): number => {
    const [x, y] = board.centre(c);
    return (x - sx) * ux + (y - sy) * uy;
  };
  const off = (c: number): number => {
    const [x, y] = board.centre(c);
    return Math.abs((x - sx) * uy - (y - sy) * ux);
  };
  const line = [start];
  const seen = new Set<number>([start]);
  for (let c = start; c !== end && line.length <= board.size; ) {
    let best = -1;
    for (let s = 0; s < degree; s++) {
      const n = board.across(c, s);
      if (n < 0 || seen.has(n)) continue;
      if (n === end) {
        best = n;
        break;
      }
      if (along(n) <= along(c) + 1e-9) continue;
      if (best < 0 || off(n) < off(best) - 1e-9 || (Math.abs(off(n) - off(best)) <= 1e-9 && along(n) > along(best))) best = n;
    }
    if (best < 0) break;
    line.push(best);
    seen.add(best);
    c = best;
  }
  return line[line.length - 1] === end ? line : finishLine(board, line, seen);
}

/**
 * A guide line that met no neighbour going on along it (a weave's crossing
 * lets it on only along its bridge), carried on to the end by the fewest
 * cells, walls still ignored, through none it has already: as it was when
 * no way is left.
 */
function finishLine(board: Board, line: number[], seen: Set<number>): number[] {
  const from = new Int32Array(board.size).fill(-1);
  const last = line[line.length - 1]!;
  from[last] = last;
  const queue = [last];
  for (let head = 0; head < queue.length && from[board.end]! < 0; head++) {
    const c = queue[head]!;
    for (let s = 0; s < board.degree; s++) {
      const n = board.across(c, s);
      if (n < 0 || from[n]! >= 0 || seen.has(n)) continue;
      from[n] = c;
      queue.push(n);
    }
  }
  if (from[board.end]! < 0) return line;
  const rest: number[] = [];
  for (let c = board.end; c !== last; c = from[c]!) rest.push(c);
  return line.concat(rest.reverse());
}

export const chain: Solver = {
  name: 'chain',
  description: 'follows a straight guide line from start to end, sending a left and a right wall follower around each wall: the walk',
  solve(board, context): Run {
    const { start, end, size, degree } = board;
    const bound = walkBound(board, context);
    const line = guideLine(board);
    const place = new Map<number, number>();
    line.forEach((c, i) => place.set(c, i));
    const walk = new CellList();
    walk.push(start);
    let at = 0; // the walker's place on the line
    while (line[at] !== end) {
      const c = line[at]!;
      const next = line[at + 1];
      const s = next === undefined ? -1 : board.slotTo(c, next);
      if (s >= 0 && ((board.open[c]! >> s) & 1) === 1) {
        walk.push(next!);
        at++;
        continue;
      }
      // two robots, each with a hand on the wall that blocks the line (Daedalus turns them right and left of it)
      const hold = s >= 0 ? board.sideAngle(c, s) : board.heading(c, end);
      const robots = [new Follower(board, c, hold, true), new Follower(board, c, hold, false)];
      const routes = [new CellList(), new CellList()];
      const firstMove = [-1, -1];
      const alive = [true, true];
      const seen = [new Uint8Array(size * (degree + 1)), new Uint8Array(size * (degree + 1))];
      let winner = -1;
      let moves = 0;
      while (winner < 0 && (alive[0] || alive[1])) {
        for (let i = 0; i < 2 && winner < 0; i++) {
          if (!alive[i]) continue;
          const robot = robots[i]!;
          const key = robot.cell * (degree + 1) + robot.entrySlot + 1;
          const side = robot.choose();
          // back where it set out, about to go the same way: no way on for this hand
          if (side < 0 || seen[i]![key] || (robot.cell === c && side === firstMove[i])) {
            alive[i] = false;
            continue;
          }
          seen[i]![key] = 1;
          if (firstMove[i] === -1) firstMove[i] = side;
          routes[i]!.push(robot.move(side));
          const p = place.get(robot.cell);
          if (p !== undefined && p > at) winner = i;
          if (++moves > bound) return { outcome: 'gave-up', path: null, walk: walk.toArray() };
        }
      }
      if (winner < 0) return { outcome: 'repeated', path: null, walk: walk.toArray() };
      const route = routes[winner]!;
      for (let k = 0; k < route.length; k++) walk.push(route.at(k));
      at = place.get(robots[winner]!.cell)!;
      if (walk.length > bound) return { outcome: 'gave-up', path: null, walk: walk.toArray() };
    }
    return { outcome: 'found', path: null, walk: walk.toArray() };
  },
};
