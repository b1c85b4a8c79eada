/**
 * The walls as a graph (SPEC "Fabrication formats"): the maze's closed
 * sides (wall-geometry.ts) between the corners they join, for the cut
 * lines (each wall once, collinear runs merged: `cutLines`) and the pen
 * strokes (strokes.ts). Corners are matched on a lattice of a millionth of
 * a tile, so the same corner reached from two cells (whose trigonometry
 * may differ in the last bit) is one.
 */
import type { AnyMaze } from '../passages/view.js';
import type { GridLayout, SideLine } from './wall-geometry.js';
import { gridLayout, lineEnds, lineLength, mazeSides } from './wall-geometry.js';

export interface WallJoints {
  /** The corners, in tiles: x, y a corner. */
  corners: number[];
  /** Each wall: its line, and the corners it runs from and to (an arc from a0 to a1). */
  walls: { line: SideLine; from: number; to: number }[];
  layout: GridLayout;
}

const SNAP = 1e6;

export function wallJoints(maze: AnyMaze): WallJoints {
  const layout = gridLayout(maze);
  const corners: number[] = [];
  const ids = new Map<string, number>();
  const corner = (x: number, y: number): number => {
    const key = `${Math.round(x * SNAP)},${Math.round(y * SNAP)}`;
    let id = ids.get(key);
    if (id === undefined) {
      id = corners.length / 2;
      ids.set(key, id);
      corners.push(x, y);
    }
    return id;
  };
  const walls: WallJoints['walls'] = [];
  for (const side of mazeSides(maze, undefined, layout)) {
    if (!side.wall) continue;
    const [x0, y0, x1, y1] = lineEnds(side.line);
    walls.push({ line: side.line, from: corner(x0, y0), to: corner(x1, y1) });
  }
  return { corners, walls, layout };
}

/** A cut: a straight line, an arc (from a0 to a1 > a0, clockwise as y runs down) or a whole circle, in tiles. */
export type Cut = SideLine | { kind: 'circle'; cx: number; cy: number; radius: number };

export function cutLength(cut: Cut): number {
  return cut.kind === 'circle' ? 2 * Math.PI * cut.radius : lineLength(cut);
}

/**
 * The walls as the fewest cuts that follow them: walls that go on straight
 * through a corner (or along the same circle) are one cut, at a T or an X
 * joint too (the line that runs through is one cut, the one that stops
 * there another), and a ring closed all round is a circle. No stretch of
 * wall is in two cuts.
 */
export function cutLines(graph: WallJoints): Cut[] {
  const { walls, corners } = graph;
  const n = walls.length;
  // at each corner, each wall's way out of it
  const atCorner = new Map<number, number[]>();
  const ends = (w: number): [number, number] => [walls[w]!.from, walls[w]!.to];
  walls.forEach((_, w) => {
    for (const [k, c] of ends(w).entries()) {
      let list = atCorner.get(c);
      if (list === undefined) atCorner.set(c, (list = []));
      list.push(2 * w + k);
    }
  });
  // the wall end (2w: its start, 2w + 1: its end) that goes on from each wall end, or −1
  const partner = new Int32Array(2 * n).fill(-1);
  const direction = (end: number): [number, number] => {
    const { line } = walls[end >> 1]!;
    const atStart = (end & 1) === 0;
    if (line.kind === 'line') {
      const dx = line.x1 - line.x0;
      const dy = line.y1 - line.y0;
      const length = Math.hypot(dx, dy);
      return atStart ? [dx / length, dy / length] : [-dx / length, -dy / length];
    }
    // an arc's tangent, leaving the corner
    const a = atStart ? line.a0 : line.a1;
    return atStart ? [-Math.sin(a), Math.cos(a)] : [Math.sin(a), -Math.cos(a)];
  };
  const sameCarrier = (p: number, q: number): boolean => {
    const a = walls[p >> 1]!.line;
    const b = walls[q >> 1]!.line;
    if (a.kind !== b.kind) return false;
    if (a.kind === 'arc' && b.kind === 'arc') return Math.abs(a.cx - b.cx) < 1e-9 && Math.abs(a.cy - b.cy) < 1e-9 && Math.abs(a.radius - b.radius) < 1e-9 && (p & 1) !== (q & 1);
    return true;
  };
  for (const list of atCorner.values()) {
    for (const p of list) {
      if (partner[p] !== -1) continue;
      const [px, py] = direction(p);
      for (const q of list) {
        if (q === p || partner[q] !== -1 || !sameCarrier(p, q)) continue;
        const [qx, qy] = direction(q);
        if (px * qx + py * qy < -1 + 1e-9) {
          partner[p] = q;
          partner[q] = p;
          break;
        }
      }
    }
  }

  const cuts: Cut[] = [];
  const done = new Uint8Array(n);
  // a run: from a wall end with no partner, walk on through partners
  const run = (first: number): number[] => {
    const order: number[] = [];
    let end = first;
    for (;;) {
      const w = end >> 1;
      done[w] = 1;
      order.push(end);
      const out = end ^ 1;
      const next = partner[out]!;
      if (next === -1 || done[next >> 1]) return order;
      end = next;
    }
  };
  const merged = (order: number[], closed: boolean): Cut => {
    const first = walls[order[0]! >> 1]!.line;
    if (first.kind === 'arc') {
      const sweep = order.reduce((sum, end) => {
        const line = walls[end >> 1]!.line as Extract<SideLine, { kind: 'arc' }>;
        return sum + (line.a1 - line.a0);
      }, 0);
      if (closed) return { kind: 'circle', cx: first.cx, cy: first.cy, radius: first.radius };
      // walked forward from a start (a0) or backward from an end (a1)
      const head = walls[order[0]! >> 1]!.line as Extract<SideLine, { kind: 'arc' }>;
      const tail = walls[order[order.length - 1]! >> 1]!.line as Extract<SideLine, { kind: 'arc' }>;
      return (order[0]! & 1) === 0 ? { ...first, a0: head.a0, a1: head.a0 + sweep } : { ...first, a0: tail.a0, a1: tail.a0 + sweep };
    }
    const start = order[0]!;
    const stop = order[order.length - 1]! ^ 1;
    const at = (end: number): number => ((end & 1) === 0 ? walls[end >> 1]!.from : walls[end >> 1]!.to);
    const a = at(start);
    const b = at(stop);
    return { kind: 'line', x0: corners[2 * a]!, y0: corners[2 * a + 1]!, x1: corners[2 * b]!, y1: corners[2 * b + 1]! };
  };
  for (let end = 0; end < 2 * n; end++) {
    if (done[end >> 1] || partner[end] !== -1) continue;
    cuts.push(merged(run(end), false));
  }
  // what is left goes on at both ends all round: a closed ring
  for (let w = 0; w < n; w++) if (!done[w]) cuts.push(merged(run(2 * w), true));
  return cuts;
}
