/**
 * A maze as a printable solid (SPEC "Fabrication formats"): a plate under
 * the maze's cells and the walls standing on it, one closed 2-manifold
 * mesh, for every grid and mask. STL and 3MF write it.
 *
 * The solid is a height field over a tiling of the plate, built from the
 * maze's sides (wall-geometry.ts) with no polygon clipping: the sides make
 * a planar graph (an arc in straight pieces); at each corner of that graph
 * the lines half a wall either side of its sides meet in mitre points, one
 * in each gap between two sides. Those points cut the plate into
 *
 * - a strip along every side, half a wall either side of it (a wall's
 *   footprint when the side is closed, floor when open),
 * - a small polygon around every corner where three or more sides meet,
 * - a floor in every cell, the cell inset by half a wall,
 *
 * which share their corners exactly (every point is made once, on a
 * lattice of whole micrometres, and every piece lists the same points), so
 * the plate has no T-junction. Each piece stands at its own height: a wall
 * and a corner it touches at the wall's top, a floor at the plate's top;
 * with a solution, its cells and the sides around them a little higher
 * (the path, raised), and the ends' floors sunk into the plate (the marks);
 * with levels, a stair's cell sunk half as deep on both floors it joins.
 * The mesh is the pieces' tops, the plate's bottom, and a vertical face
 * along every piece edge between two heights, split at every height level
 * so that vertical edges meet only at shared points. Outer sides' strips
 * reach half a wall beyond the cells, so the plate ends at the outer
 * walls' outer faces (and under an opening).
 *
 * That no four faces meet at an edge holds because a corner's height is the
 * highest of its sides', and an open side next to a cell of the path is as
 * high as the path: around every point, the pieces above any level are
 * one run (they never alternate with the pieces below it).
 *
 * A weave's crossing is a bridge over a tunnel, in true 3D: its floor and
 * its tunnel's two sides (the mouths) are hollow from the floor to half
 * the walls' height, the tunnel, and solid above it, the floor up to the
 * bridge's deck (two thirds up) and the mouths, the bridge's rails, up to
 * the walls' tops; the bridge's two sides stand at the deck's height. So a
 * piece is a column with at most one hollow in it, and each crossing adds
 * one handle to the solid (its genus). Around any point the hollows are
 * the floor's and the mouths', never two apart with a solid corner
 * between them, so the run rule above still holds at every height.
 */
import { forLibrary, MazeError } from '../errors.js';
import { GraphMaze } from '../grid/graph-maze.js';
import { TopologyShape } from '../grid/topology.js';
import { Maze } from '../model/maze.js';
import type { AnyMaze, Passages } from '../passages/view.js';
import { passagesOf } from '../passages/view.js';
import type { FabOptions } from './types.js';
import type { GridLayout, MazeSide, SideLine } from './wall-geometry.js';
import { gridLayout, mazeSides, solutionCells } from './wall-geometry.js';

/** Micrometres in a millimetre: the lattice every point lies on. */
export const UM = 1000;

/** The widest model, in millimetres: below 4096 mm a 32-bit float (STL's) still tells every micrometre apart. */
export const MAX_MODEL_MM = 4000;

/** A triangle mesh in micrometres: x, y, z a vertex, three vertex numbers a triangle (counter-clockwise seen from outside). */
export interface Solid {
  vertices: Float64Array;
  triangles: Uint32Array;
  /** The size of its box, in micrometres. */
  size: [number, number, number];
}

/** How high the path stands above the floor, and how deep the ends sink into the plate, in millimetres. */
export function reliefOf(fab: FabOptions): { raise: number; sink: number } {
  return { raise: Math.min(2, fab.heightMm / 3), sink: fab.baseMm / 2 };
}

/** The longest straight piece of an arc, in millimetres (README: "arcs in pieces no longer than about 2 mm"), on every ring alike. */
export const ARC_PIECE_MM = 2;

/**
 * An arc in the fewest equal straight pieces no longer than ARC_PIECE_MM
 * (within 20 µm of the arc from a radius of 25 mm), but none shorter than
 * 1.5 walls, so that the mitres at a piece's two ends never cross: a side
 * too short for both keeps the second, in as many pieces as it allows.
 */
function arcSteps(lengthMm: number, fab: FabOptions): number {
  const most = Math.floor(lengthMm / (1.5 * fab.wallMm));
  return Math.max(1, Math.min(Math.ceil(lengthMm / ARC_PIECE_MM), most));
}

/** The side's line as points in tiles: its two ends, or an arc's pieces. */
export function sidePoints(line: SideLine, fab: FabOptions): number[] {
  if (line.kind === 'line') return [line.x0, line.y0, line.x1, line.y1];
  const { cx, cy, radius, a0, a1 } = line;
  const n = arcSteps(radius * (a1 - a0) * fab.cellMm, fab);
  const points: number[] = [];
  for (let i = 0; i <= n; i++) {
    const a = a0 + ((a1 - a0) * i) / n;
    points.push(cx + radius * Math.cos(a), cy + radius * Math.sin(a));
  }
  return points;
}

function cross(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
}

/** The maze's solid (see the file's comment). */
export function buildSolid(maze: AnyMaze, fab: FabOptions): Solid {
  // keys and locked doors (zones): no mark of the solid's says which door a key opens, and it would print every door open
  if (maze instanceof Maze && maze.doors?.some((door) => door.key !== null)) {
    throw new MazeError((n) => `a printed maze has no mark for a key or a locked door, so a maze of keys and doors would print with every door open: draw it as png, svg, pdf or pov${forLibrary(n) ? '' : ', or play it with maze play'}`, { code: 'impossible', option: 'algorithm' });
  }
  const view = passagesOf(maze);
  const layout = gridLayout(maze, view);
  const pitch = fab.cellMm * UM;
  const half = (fab.wallMm * UM) / 2;
  const extentY = layout.extent.height;
  const side = Math.max(layout.extent.width, extentY) * fab.cellMm;
  if (side > MAX_MODEL_MM) {
    throw new MazeError((n) => `a printed model ${Math.round(side)} mm across is over the ${MAX_MODEL_MM} mm an STL or 3MF holds to the micrometre; make the maze or ${n('cellMm')} smaller`, {
      code: 'too-large',
      option: 'cellMm',
    });
  }

  // the graph: corners on the micrometre lattice (y turned up), sides cut into straight edges
  const nodeOf = new Map<number, number>();
  const nodeX: number[] = [];
  const nodeY: number[] = [];
  const node = (x: number, y: number): number => {
    const X = Math.round(x * pitch);
    const Y = Math.round((extentY - y) * pitch);
    // exact below 2^53: X, Y below 2^26 µm (67 m)
    const key = X * 2 ** 26 + Y;
    let id = nodeOf.get(key);
    if (id === undefined) {
      id = nodeX.length;
      nodeOf.set(key, id);
      nodeX.push(X);
      nodeY.push(Y);
    }
    return id;
  };
  const edgeFrom: number[] = [];
  const edgeTo: number[] = [];
  const edgeWall: boolean[] = [];
  const edgeCells: number[] = [];
  // per edge, with a weave: the crossing whose bridge or tunnel side it is (else −1), and which
  const edgeCrossing: number[] = [];
  const edgeRole: number[] = [];
  const addSide = (side: CrossingSide): void => {
    const points = sidePoints(side.line, fab);
    let previous = node(points[0]!, points[1]!);
    for (let i = 2; i < points.length; i += 2) {
      const next = node(points[i]!, points[i + 1]!);
      if (next === previous) continue;
      edgeFrom.push(previous);
      edgeTo.push(next);
      edgeWall.push(side.wall);
      edgeCells.push(side.cell, side.other);
      edgeCrossing.push(side.crossing);
      edgeRole.push(side.role);
      previous = next;
    }
  };
  const weave = maze instanceof GraphMaze && maze.shape instanceof TopologyShape && maze.shape.crossingCells.length > 0 ? maze.shape : null;
  for (const side of mazeSides(maze, view, layout)) if (weave === null || !byCrossing(weave, side)) addSide({ ...side, crossing: -1, role: PLAIN });
  if (weave !== null) for (const side of crossingSides(weave, view, layout)) addSide(side);
  const edges = edgeFrom.length;
  const nodes = nodeX.length;

  // each corner's half-edges (2e: from → to, 2e + 1 back) counter-clockwise
  const headOf = (h: number): number => ((h & 1) === 0 ? edgeTo[h >> 1]! : edgeFrom[h >> 1]!);
  const tailOf = (h: number): number => ((h & 1) === 0 ? edgeFrom[h >> 1]! : edgeTo[h >> 1]!);
  const outgoing: number[][] = Array.from({ length: nodes }, () => []);
  for (let h = 0; h < 2 * edges; h++) outgoing[tailOf(h)]!.push(h);
  const angle = new Float64Array(2 * edges);
  for (let h = 0; h < 2 * edges; h++) angle[h] = Math.atan2(nodeY[headOf(h)]! - nodeY[tailOf(h)]!, nodeX[headOf(h)]! - nodeX[tailOf(h)]!);
  const position = new Int32Array(2 * edges);
  const gapBase = new Int32Array(nodes + 1);
  for (let v = 0; v < nodes; v++) {
    const out = outgoing[v]!;
    out.sort((a, b) => angle[a]! - angle[b]!);
    out.forEach((h, i) => (position[h] = i));
    gapBase[v + 1] = gapBase[v]! + out.length;
  }

  // a mitre point in every gap: gap i of corner v lies counter-clockwise from its half-edge i to i + 1
  const points = gapBase[nodes]!;
  const px = new Float64Array(points);
  const py = new Float64Array(points);
  for (let v = 0; v < nodes; v++) {
    const out = outgoing[v]!;
    const degree = out.length;
    for (let i = 0; i < degree; i++) {
      const a = angle[out[i]!]!;
      const b = angle[out[(i + 1) % degree]!]!;
      // normals toward the gap: a turned left, b turned right
      const n1x = -Math.sin(a);
      const n1y = Math.cos(a);
      const n2x = Math.sin(b);
      const n2y = -Math.cos(b);
      const scale = half / (1 + n1x * n2x + n1y * n2y);
      px[gapBase[v]! + i] = Math.round(nodeX[v]! + scale * (n1x + n2x));
      py[gapBase[v]! + i] = Math.round(nodeY[v]! + scale * (n1y + n2y));
    }
  }
  const leftGap = (h: number): number => gapBase[tailOf(h)]! + position[h]!;
  const rightGap = (h: number): number => {
    const v = tailOf(h);
    const degree = outgoing[v]!.length;
    return gapBase[v]! + ((position[h]! + degree - 1) % degree);
  };

  // heights, in micrometres
  const { raise, sink } = reliefOf(fab);
  const base = Math.round(fab.baseMm * UM);
  const top = base + Math.round(fab.heightMm * UM);
  const raised = base + Math.round(raise * UM);
  const sunk = base - Math.round(sink * UM);
  const path = solutionCells(maze, layout);
  const onPath = new Set(path);
  const ends = new Set([maze.start, maze.end].flatMap((point) => (point === null ? [] : [layout.cellOf(point)])).filter((c) => c >= 0));
  // a stair (levels: the plates laid side by side are the floors): its cell's floor a pit half as deep as an end's, on both floors it joins
  const levels = maze instanceof GraphMaze && maze.shape instanceof TopologyShape && maze.shape.levels > 1 ? maze.shape : null;
  const pit = base - Math.round((sink / 2) * UM);
  const stair = (cell: number): boolean => levels !== null && ((view.openSides(cell) >> levels.up) & 3) !== 0;
  const edgeHeight = (e: number): number => {
    if (edgeWall[e]) return top;
    return onPath.has(edgeCells[2 * e]!) || onPath.has(edgeCells[2 * e + 1]!) ? raised : base;
  };
  // a crossing: the tunnel's ceiling half way up the walls, the deck two thirds up; the path raises the tunnel's floor, and the deck by no more than half the rail above it
  const ceiling = base + Math.round((fab.heightMm * UM) / 2);
  const deck = base + Math.round((2 * fab.heightMm * UM) / 3);
  const deckRaised = deck + Math.min(raised - base, Math.round((top - deck) / 2));
  const underPath = new Set<number>();
  if (weave !== null) {
    for (let i = 1; i < path.length; i++) {
      const x = tunnelBetween(weave, path[i - 1]!, path[i]!);
      if (x >= 0) underPath.add(x);
    }
  }
  const deckOf = (x: number): number => (onPath.has(x) ? deckRaised : deck);
  const tunnelFloorOf = (x: number): number => (underPath.has(x) ? raised : base);
  // a piece's solid spans from z = 0 up: a column, or a crossing's, hollow where its tunnel passes
  const stripSpans = (e: number): number[] => {
    const x = edgeCrossing[e]!;
    if (x < 0) return [0, edgeHeight(e)];
    return edgeRole[e] === BRIDGE ? [0, deckOf(x)] : [0, tunnelFloorOf(x), ceiling, top];
  };

  const pieces: number[][] = [];
  const spans: number[][] = [];
  // the strips
  for (let e = 0; e < edges; e++) {
    const h = 2 * e;
    pieces.push([rightGap(h), leftGap(h + 1), rightGap(h + 1), leftGap(h)]);
    spans.push(stripSpans(e));
  }
  // the corners where three or more sides meet
  for (let v = 0; v < nodes; v++) {
    const out = outgoing[v]!;
    if (out.length < 3) continue;
    pieces.push(out.map((_, i) => gapBase[v]! + i));
    spans.push([0, Math.max(...out.map((h) => stripSpans(h >> 1).at(-1)!))]);
  }
  // the floors: each face of the graph that is a cell, by its sides' common cell and its turn
  const seen = new Uint8Array(2 * edges);
  for (let start = 0; start < 2 * edges; start++) {
    if (seen[start]) continue;
    const corners: number[] = [];
    let a = edgeCells[2 * (start >> 1)]!;
    let b = edgeCells[2 * (start >> 1) + 1]!;
    let area = 0;
    let h = start;
    do {
      seen[h] = 1;
      const e = h >> 1;
      const c0 = edgeCells[2 * e]!;
      const c1 = edgeCells[2 * e + 1]!;
      if (a !== c0 && a !== c1) a = -2;
      if (b !== c0 && b !== c1) b = -2;
      const v = headOf(h);
      const u = tailOf(h);
      area += nodeX[u]! * nodeY[v]! - nodeX[v]! * nodeY[u]!;
      // on around the face, keeping it on the left: the next side clockwise from the way back
      const back = h ^ 1;
      const out = outgoing[v]!;
      const next = out[(position[back]! + out.length - 1) % out.length]!;
      corners.push(leftGap(next));
      h = next;
    } while (h !== start);
    const cell = a >= 0 ? a : b >= 0 ? b : -1;
    if (cell < 0 || area <= 0) continue;
    pieces.push(corners);
    const floor = ends.has(cell) ? sunk : stair(cell) ? pit : onPath.has(cell) ? raised : base;
    spans.push(weave === null || weave.over[cell]! < 0 ? [0, floor] : [0, ends.has(cell) ? sunk : tunnelFloorOf(cell), ceiling, deckOf(cell)]);
  }

  // a face is split at every level between its ends: a crossing's only where there is one
  const heights = weave === null ? [0, sunk, base, raised, top] : [0, sunk, base, raised, ceiling, deck, deckRaised, top];
  if (levels !== null) heights.splice(2, 0, pit);
  return meshOf(pieces, spans, px, py, heights);
}

/** A side as the solid takes it: a crossing's (weave) with its part in the crossing, any other's crossing −1. */
interface CrossingSide extends Pick<MazeSide, 'cell' | 'other' | 'wall' | 'line'> {
  crossing: number;
  role: typeof PLAIN | typeof BRIDGE | typeof MOUTH;
}

/** A side's part in a crossing: none, the bridge's (up to the deck), the tunnel's mouth (hollow under its rail). */
const PLAIN = 0;
const BRIDGE = 1;
const MOUTH = 2;

/** Whether mazeSides' side is a crossing's, or a tunnel's that it draws from the tunnel's end (crossingSides lists them all instead). */
function byCrossing(shape: TopologyShape, side: MazeSide): boolean {
  return shape.over[side.cell]! >= 0 || (side.other >= 0 && shape.over[side.other]! >= 0) || shape.tunnel(side.cell, side.slot);
}

/**
 * Every crossing's sides, from the crossing, with the cell across on the
 * plain grid: its bridge's two, its tunnel's two mouths (open: the tunnel
 * is forced), and on a hex grid the third axis's two, walls; a side across
 * a wrapped edge once more from the cell across, on the other border, as
 * that cell's plain side (the bridge and the rail stand at the crossing).
 */
function* crossingSides(shape: TopologyShape, view: Passages, layout: GridLayout): Generator<CrossingSide> {
  for (const x of shape.crossingCells) {
    const open = view.openSides(x);
    for (let s = 0; s < shape.baseDegree; s++) {
      const axis = shape.axisOf(s);
      const role = axis === shape.over[x] ? BRIDGE : axis === shape.under[x] ? MOUTH : PLAIN;
      const other = shape.plain(x, s);
      const wall = role === PLAIN || (role === BRIDGE && ((open >> s) & 1) === 0);
      const crossing = role === PLAIN ? -1 : x;
      yield { cell: x, other, wall, line: layout.line(x, s), crossing, role };
      // across a wrapped edge, the other border's side is the cell across's own: open there as any wrapped passage, with no rail
      if (layout.seam?.(x, s) === true) yield { cell: other, other: x, wall, line: layout.line(other, shape.backSlot(x, s, other)), crossing: -1, role: PLAIN };
    }
  }
}

/** The crossing whose tunnel joins cells a and b (its two ends), or −1. */
function tunnelBetween(shape: TopologyShape, a: number, b: number): number {
  for (let s = 0; s < shape.baseDegree; s++) {
    const x = shape.plain(a, s);
    if (x >= 0 && shape.under[x] === shape.axisOf(s) && shape.plain(x, s) === b) return x;
  }
  return -1;
}

/**
 * The mesh of pieces standing on the plane z = 0, each piece a
 * counter-clockwise polygon of shared points, solid over its spans (from
 * z = 0 to its height, or with a hollow between: bottom, top, bottom, top):
 * their tops and bottoms, and the vertical faces where a piece is solid
 * and its neighbour (or the outside) is not, split at every level.
 */
function meshOf(pieces: number[][], spanList: number[][], px: Float64Array, py: Float64Array, levelList: number[]): Solid {
  const levels = [...new Set(levelList)].sort((a, b) => a - b);
  const levelOf = new Map(levels.map((z, i) => [z, i]));
  const L = levels.length;
  const points = px.length;
  const used = new Int32Array(points * L).fill(-1);
  const vertices: number[] = [];
  const triangles: number[] = [];
  const vertex = (p: number, level: number): number => {
    const k = p * L + level;
    let index = used[k]!;
    if (index < 0) {
      index = vertices.length / 3;
      used[k] = index;
      vertices.push(px[p]!, py[p]!, levels[level]!);
    }
    return index;
  };

  // which piece lies left of each directed edge between two points
  const owner = new Map<number, number>();
  pieces.forEach((piece, i) => {
    for (let k = 0; k < piece.length; k++) owner.set(piece[k]! * points + piece[(k + 1) % piece.length]!, i);
  });

  // each piece's spans as levels; solid(i, l): whether piece i is solid between levels l and l + 1
  const spans = spanList.map((span) => span.map((z) => levelOf.get(z)!));
  const solid = (i: number, l: number): boolean => {
    const span = spans[i]!;
    for (let k = 0; k < span.length; k += 2) if (span[k]! <= l && l < span[k + 1]!) return true;
    return false;
  };
  const flat = pieces.map((piece) => triangulate(piece, px, py));
  const face = (tris: number[], level: number, up: boolean): void => {
    for (let t = 0; t < tris.length; t += 3) {
      const [a, b] = up ? [tris[t + 1]!, tris[t + 2]!] : [tris[t + 2]!, tris[t + 1]!];
      triangles.push(vertex(tris[t]!, level), vertex(a, level), vertex(b, level));
    }
  };
  // the bottom first: its facets' normals (0, 0, −1) tell admesh the STL is binary
  flat.forEach((tris) => face(tris, 0, false));
  flat.forEach((tris, i) => {
    const span = spans[i]!;
    for (let k = 0; k < span.length; k += 2) {
      if (k > 0) face(tris, span[k]!, false); // a tunnel's ceiling
      face(tris, span[k + 1]!, true);
    }
  });
  pieces.forEach((piece, i) => {
    const high = spans[i]!.at(-1)!;
    for (let k = 0; k < piece.length; k++) {
      const p = piece[k]!;
      const q = piece[(k + 1) % piece.length]!;
      const across = owner.get(q * points + p);
      // the face outward, to the right of p → q, where this piece is solid and its neighbour is not
      for (let l = 0; l < high; l++) {
        if (!solid(i, l) || (across !== undefined && solid(across, l))) continue;
        triangles.push(vertex(p, l), vertex(q, l), vertex(q, l + 1));
        triangles.push(vertex(p, l), vertex(q, l + 1), vertex(p, l + 1));
      }
    }
  });

  // moved to x, y ≥ 0: the outer walls reach half a wall beyond the grid
  let minX = Infinity;
  let minY = Infinity;
  for (let i = 0; i < vertices.length; i += 3) {
    minX = Math.min(minX, vertices[i]!);
    minY = Math.min(minY, vertices[i + 1]!);
  }
  let maxX = 0;
  let maxY = 0;
  for (let i = 0; i < vertices.length; i += 3) {
    vertices[i] = vertices[i]! - minX;
    vertices[i + 1] = vertices[i + 1]! - minY;
    maxX = Math.max(maxX, vertices[i]!);
    maxY = Math.max(maxY, vertices[i + 1]!);
  }
  return { vertices: Float64Array.from(vertices), triangles: Uint32Array.from(triangles), size: [maxX, maxY, levels[L - 1]!] };
}

/**
 * A simple counter-clockwise polygon (a few dozen points at most) in
 * triangles of its own points, by clipping ears: an ear is a strictly
 * convex corner whose triangle holds no other point, not even on its edge,
 * so that no triangle is flat and no point lies on another's side.
 */
function triangulate(polygon: number[], px: Float64Array, py: Float64Array): number[] {
  const out: number[] = [];
  const ring = [...polygon];
  const turn = (a: number, b: number, c: number): number => cross(px[a]!, py[a]!, px[b]!, py[b]!, px[c]!, py[c]!);
  while (ring.length > 3) {
    const n = ring.length;
    let clipped = false;
    for (let i = 0; i < n && !clipped; i++) {
      const a = ring[(i + n - 1) % n]!;
      const b = ring[i]!;
      const c = ring[(i + 1) % n]!;
      if (turn(a, b, c) <= 0) continue;
      let empty = true;
      for (const p of ring) {
        if (p === a || p === b || p === c) continue;
        if (turn(a, b, p) >= 0 && turn(b, c, p) >= 0 && turn(c, a, p) >= 0) {
          empty = false;
          break;
        }
      }
      if (!empty) continue;
      out.push(a, b, c);
      ring.splice(i, 1);
      clipped = true;
    }
    if (!clipped) throw new Error(`a piece of the solid with ${n} corners has no ear`);
  }
  if (turn(ring[0]!, ring[1]!, ring[2]!) <= 0) throw new Error('a flat or inverted piece of the solid');
  out.push(ring[0]!, ring[1]!, ring[2]!);
  return out;
}
