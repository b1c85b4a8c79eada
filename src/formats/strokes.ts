/**
 * The walls as the fewest pen strokes (SPEC "Fabrication formats", the
 * plotter): a stroke draws walls end to end without lifting the pen, and
 * draws each wall once. Euler's classic bound says how few: a connected
 * part of the wall graph needs half as many strokes as it has corners
 * where an odd number of walls meet, or one stroke when it has none, and
 * that is met: pair the odd corners, join each pair by a pretend wall,
 * walk an Euler circuit of the part (every corner now even; Hierholzer's
 * walk), and cut the circuit at the pretend walls into that many trails.
 * The strokes are then ordered nearest first (the pen goes to the nearest
 * end of a stroke not yet drawn, drawing it from that end), so that the
 * pen travels little in the air.
 */
import type { WallJoints } from './wall-joints.js';

/** A stroke: the walls it draws, in order, each forwards (from → to) or backwards. */
export interface Stroke {
  walls: number[];
  forward: boolean[];
  /** The corner it starts at and the one it stops at. */
  from: number;
  to: number;
}

/** The fewest strokes: per connected part, half its odd corners, or one. */
export function fewestStrokes(graph: WallJoints): number {
  const { degree, part } = partsOf(graph);
  const odd = new Map<number, number>();
  for (let c = 0; c < degree.length; c++) {
    if (degree[c] === 0) continue;
    const p = part[c]!;
    odd.set(p, (odd.get(p) ?? 0) + (degree[c]! & 1));
  }
  let total = 0;
  for (const count of odd.values()) total += Math.max(1, count / 2);
  return total;
}

function partsOf(graph: WallJoints): { degree: Int32Array; part: Int32Array } {
  const corners = graph.corners.length / 2;
  const degree = new Int32Array(corners);
  const parent = Int32Array.from({ length: corners }, (_, i) => i);
  const find = (c: number): number => {
    while (parent[c] !== c) {
      parent[c] = parent[parent[c]!]!;
      c = parent[c]!;
    }
    return c;
  };
  for (const { from, to } of graph.walls) {
    degree[from]!++;
    degree[to]!++;
    parent[find(from)] = find(to);
  }
  const part = Int32Array.from({ length: corners }, (_, c) => find(c));
  return { degree, part };
}

/** The walls as the fewest strokes, in drawing order (see the file's comment). */
export function penStrokes(graph: WallJoints): Stroke[] {
  const { walls, corners } = graph;
  const cornerCount = corners.length / 2;
  const { degree, part } = partsOf(graph);
  // edges 0 … walls − 1 are the walls, the rest pretend walls between paired odd corners
  const edgeFrom = walls.map((w) => w.from);
  const edgeTo = walls.map((w) => w.to);
  const oddOf = new Map<number, number>();
  for (let c = 0; c < cornerCount; c++) {
    if ((degree[c]! & 1) === 0) continue;
    const waiting = oddOf.get(part[c]!);
    if (waiting === undefined) oddOf.set(part[c]!, c);
    else {
      edgeFrom.push(waiting);
      edgeTo.push(c);
      oddOf.delete(part[c]!);
    }
  }
  const edges = edgeFrom.length;
  const real = walls.length;
  const incident: number[][] = Array.from({ length: cornerCount }, () => []);
  for (let e = 0; e < edges; e++) {
    incident[edgeFrom[e]!]!.push(e);
    incident[edgeTo[e]!]!.push(e);
  }
  const used = new Uint8Array(edges);
  const next = new Int32Array(cornerCount);
  const strokes: Stroke[] = [];
  const visited = new Uint8Array(cornerCount);

  for (let startCorner = 0; startCorner < cornerCount; startCorner++) {
    if (visited[startCorner] || incident[startCorner]!.length === 0) continue;
    // Hierholzer's walk: the circuit as (corner, edge arrived by) from its end back to its start
    const circuit: [number, number][] = [];
    const stack: [number, number][] = [[startCorner, -1]];
    while (stack.length > 0) {
      const [v, arrived] = stack[stack.length - 1]!;
      visited[v] = 1;
      const list = incident[v]!;
      while (next[v]! < list.length && used[list[next[v]!]!]) next[v]!++;
      if (next[v]! < list.length) {
        const e = list[next[v]!]!;
        used[e] = 1;
        stack.push([edgeFrom[e] === v ? edgeTo[e]! : edgeFrom[e]!, e]);
      } else {
        stack.pop();
        circuit.push([v, arrived]);
      }
    }
    circuit.reverse();
    // steps: edge i of the circuit runs from circuit[i][0] to circuit[i + 1][0]
    const steps = circuit.slice(1).map(([v, e], i) => ({ from: circuit[i]![0], to: v, edge: e }));
    // start just after a pretend wall, if the part has any, then cut at each one
    const cut = steps.findIndex((s) => s.edge >= real);
    const order = cut < 0 ? steps : [...steps.slice(cut + 1), ...steps.slice(0, cut + 1)];
    let current: Stroke | null = null;
    for (const step of order) {
      if (step.edge >= real) {
        if (current !== null) strokes.push(current);
        current = null;
        continue;
      }
      current ??= { walls: [], forward: [], from: step.from, to: step.from };
      current.walls.push(step.edge);
      current.forward.push(walls[step.edge]!.from === step.from);
      current.to = step.to;
    }
    if (current !== null) strokes.push(current);
  }
  return nearestFirst(strokes, corners);
}

/** The strokes ordered so that the pen goes to the nearest end not yet drawn, from the picture's top-left corner; a stroke is turned round to start at that end. */
function nearestFirst(strokes: Stroke[], corners: number[]): Stroke[] {
  if (strokes.length === 0) return strokes;
  // a bucket grid of the strokes' ends, a tile a bucket
  let maxX = 0;
  let maxY = 0;
  for (let i = 0; i < corners.length; i += 2) {
    maxX = Math.max(maxX, corners[i]!);
    maxY = Math.max(maxY, corners[i + 1]!);
  }
  const columns = Math.ceil(maxX) + 1;
  const rows = Math.ceil(maxY) + 1;
  const buckets = new Map<number, number[]>();
  const bucketOf = (x: number, y: number): [number, number] => [Math.min(columns - 1, Math.max(0, Math.floor(x))), Math.min(rows - 1, Math.max(0, Math.floor(y)))];
  strokes.forEach((stroke, i) => {
    for (const [k, c] of [stroke.from, stroke.to].entries()) {
      const [bx, by] = bucketOf(corners[2 * c]!, corners[2 * c + 1]!);
      const key = by * columns + bx;
      let list = buckets.get(key);
      if (list === undefined) buckets.set(key, (list = []));
      list.push(2 * i + k);
    }
  });
  const taken = new Uint8Array(strokes.length);
  const ordered: Stroke[] = [];
  let x = 0;
  let y = 0;
  while (ordered.length < strokes.length) {
    const [cx, cy] = bucketOf(x, y);
    let best = -1;
    let bestDistance = Infinity;
    // rings of buckets outward, until no nearer end can be in the next ring
    for (let r = 0; ; r++) {
      if (best >= 0 && (r - 1) ** 2 > bestDistance) break;
      if (r > columns + rows) break;
      for (let by = cy - r; by <= cy + r; by++) {
        if (by < 0 || by >= rows) continue;
        const step = by === cy - r || by === cy + r ? 1 : 2 * r;
        for (let bx = cx - r; bx <= cx + r; bx += Math.max(1, step)) {
          if (bx < 0 || bx >= columns) continue;
          const list = buckets.get(by * columns + bx);
          if (list === undefined) continue;
          for (const end of list) {
            if (taken[end >> 1]) continue;
            const stroke = strokes[end >> 1]!;
            const c = (end & 1) === 0 ? stroke.from : stroke.to;
            const d = (corners[2 * c]! - x) ** 2 + (corners[2 * c + 1]! - y) ** 2;
            if (d < bestDistance || (d === bestDistance && end < best)) {
              best = end;
              bestDistance = d;
            }
          }
        }
      }
    }
    const stroke = strokes[best >> 1]!;
    taken[best >> 1] = 1;
    const drawn = (best & 1) === 0 ? stroke : reversed(stroke);
    ordered.push(drawn);
    x = corners[2 * drawn.to]!;
    y = corners[2 * drawn.to + 1]!;
  }
  return ordered;
}

function reversed(stroke: Stroke): Stroke {
  return { walls: [...stroke.walls].reverse(), forward: [...stroke.forward].reverse().map((f) => !f), from: stroke.to, to: stroke.from };
}
