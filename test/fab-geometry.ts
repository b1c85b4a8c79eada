/**
 * The fabrication tests' own reading of a maze (issue 35), apart from
 * src/formats: its sides straight from the model (the square's wall
 * arrays, a shape's `side` polylines and `isOpen`), the unique walls'
 * length, the fewest pen strokes by Euler's count, and the printed
 * solid's volume from closed forms: a strip of width w along a side loses
 * (w/2)²/tan(g/2) at each of its four corners, g the gap between it and
 * the next side there; a corner of three or more sides adds the polygon of
 * its mitre points (at (w/2)/sin(g/2) along each gap's bisector); a floor
 * is its cell less (w/2) times its perimeter plus (w/2)²·cot(g/2) at each
 * corner.
 */
import { GraphMaze } from '../src/grid/graph-maze.js';
import type { Maze } from '../src/model/maze.js';
import type { AnyMaze } from '../src/passages/view.js';

export interface TestSide {
  /** Its line in tiles, x0, y0, x1, y1, … */
  points: number[];
  wall: boolean;
  /** The cells on its sides, −1 outside. */
  cells: [number, number];
}

export function sidesOf(maze: AnyMaze): TestSide[] {
  const sides: TestSide[] = [];
  if (maze instanceof GraphMaze) {
    const { shape } = maze;
    for (let c = 0; c < shape.cellCount; c++) {
      if (!maze.isIn(c)) continue;
      for (let s = 0; s < shape.maxDegree; s++) {
        if (!shape.hasSide(c, s)) continue;
        const n = shape.neighbor(c, s);
        const inside = n >= 0 && maze.isIn(n);
        if (inside && n < c) continue;
        sides.push({ points: [...shape.side(c, s)], wall: !maze.isOpen(c, s), cells: [c, inside ? n : -1] });
      }
    }
    return sides;
  }
  const m = maze as Maze;
  const inCell = (x: number, y: number): number => (m.isIn(x, y) ? y * m.width + x : -1);
  for (let y = 0; y <= m.height; y++) {
    for (let x = 0; x <= m.width; x++) {
      if (x < m.width) {
        const a = inCell(x, y - 1);
        const b = inCell(x, y);
        if (a >= 0 || b >= 0) sides.push({ points: [x, y, x + 1, y], wall: m.hasTop(x, y), cells: [a, b] });
      }
      if (y < m.height) {
        const a = inCell(x - 1, y);
        const b = inCell(x, y);
        if (a >= 0 || b >= 0) sides.push({ points: [x, y, x, y + 1], wall: m.hasLeft(x, y), cells: [a, b] });
      }
    }
  }
  return sides;
}

function polylineLength(points: number[]): number {
  let length = 0;
  for (let i = 2; i < points.length; i += 2) length += Math.hypot(points[i]! - points[i - 2]!, points[i + 1]! - points[i - 1]!);
  return length;
}

/** The walls' length, in tiles. */
export function wallLength(maze: AnyMaze): number {
  return sidesOf(maze)
    .filter((s) => s.wall)
    .reduce((sum, s) => sum + polylineLength(s.points), 0);
}

const key = (x: number, y: number): string => `${Math.round(x * 1e6)},${Math.round(y * 1e6)}`;

/** Euler's fewest strokes over the walls: per connected part, half its odd corners, or one. */
export function eulerStrokes(maze: AnyMaze): number {
  const parent = new Map<string, string>();
  const degree = new Map<string, number>();
  const find = (k: string): string => {
    while (parent.get(k) !== k) k = parent.get(k)!;
    return k;
  };
  for (const side of sidesOf(maze)) {
    if (!side.wall) continue;
    const p = side.points;
    const a = key(p[0]!, p[1]!);
    const b = key(p[p.length - 2]!, p[p.length - 1]!);
    for (const k of [a, b]) {
      if (!parent.has(k)) parent.set(k, k);
      degree.set(k, (degree.get(k) ?? 0) + 1);
    }
    parent.set(find(a), find(b));
  }
  const odd = new Map<string, number>();
  for (const [k, d] of degree) odd.set(find(k), (odd.get(find(k)) ?? 0) + (d & 1));
  let total = 0;
  for (const count of odd.values()) total += Math.max(1, count / 2);
  return total;
}

function cellOutline(maze: AnyMaze, cell: number): number[] {
  if (maze instanceof GraphMaze) return [...maze.shape.outline(cell)];
  const m = maze as Maze;
  const x = cell % m.width;
  const y = (cell - x) / m.width;
  return [x, y, x + 1, y, x + 1, y + 1, x, y + 1];
}

function inPolygon(points: number[], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = points.length - 2; i < points.length; j = i, i += 2) {
    const xi = points[i]!;
    const yi = points[i + 1]!;
    const xj = points[j]!;
    const yj = points[j + 1]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function area(points: number[]): number {
  let a = 0;
  for (let i = 0, j = points.length - 2; i < points.length; j = i, i += 2) a += points[j]! * points[i + 1]! - points[i]! * points[j + 1]!;
  return Math.abs(a) / 2;
}

/** The printed solid's volume in mm³ (no path, no marks): the plate's area times its thickness, plus the walls' footprint times their height. */
export function expectedVolume(maze: AnyMaze, fab: { cellMm: number; wallMm: number; heightMm: number; baseMm: number }): { plate: number; walls: number; volume: number } {
  const k = fab.cellMm;
  const half = fab.wallMm / 2 / k;
  const w = 2 * half;
  const sides = sidesOf(maze);
  // segments and their corners, in tiles
  const segments: { a: string; b: string; wall: boolean; cells: [number, number]; length: number }[] = [];
  const at = new Map<string, { x: number; y: number; out: { angle: number; seg: number; end: 0 | 1 }[] }>();
  const corner = (x: number, y: number): string => {
    const k2 = key(x, y);
    if (!at.has(k2)) at.set(k2, { x, y, out: [] });
    return k2;
  };
  for (const side of sides) {
    const p = side.points;
    for (let i = 2; i < p.length; i += 2) {
      const [x0, y0, x1, y1] = [p[i - 2]!, p[i - 1]!, p[i]!, p[i + 1]!];
      const seg = segments.length;
      const a = corner(x0, y0);
      const b = corner(x1, y1);
      segments.push({ a, b, wall: side.wall, cells: side.cells, length: Math.hypot(x1 - x0, y1 - y0) });
      at.get(a)!.out.push({ angle: Math.atan2(y1 - y0, x1 - x0), seg, end: 0 });
      at.get(b)!.out.push({ angle: Math.atan2(y0 - y1, x0 - x1), seg, end: 1 });
    }
  }
  const loss = new Float64Array(segments.length);
  let nodes = 0;
  let wallNodes = 0;
  let floorCorners = 0;
  for (const { x, y, out } of at.values()) {
    out.sort((p, q) => p.angle - q.angle);
    const d = out.length;
    const gaps = out.map((o, i) => {
      const next = out[(i + 1) % d]!;
      let g = next.angle - o.angle;
      if (g <= 0) g += 2 * Math.PI;
      return g;
    });
    out.forEach((o, i) => {
      // this side's two corners here: the gaps either side of it
      loss[o.seg]! += (half * half) / Math.tan(gaps[i]! / 2) + (half * half) / Math.tan(gaps[(i + d - 1) % d]! / 2);
    });
    if (d >= 3) {
      let polygon = 0;
      for (let i = 0; i < d; i++) {
        const j = (i + 1) % d;
        const ri = half / Math.sin(gaps[i]! / 2);
        const rj = half / Math.sin(gaps[j]! / 2);
        const bi = out[i]!.angle + gaps[i]! / 2;
        const bj = out[j]!.angle + gaps[j]! / 2;
        polygon += 0.5 * ri * rj * Math.sin(bj - bi);
      }
      nodes += polygon;
      if (out.some((o) => segments[o.seg]!.wall)) wallNodes += polygon;
    }
    // the corners of floors: gaps that lie inside a cell
    gaps.forEach((g, i) => {
      const bisector = out[i]!.angle + g / 2;
      const px = x + 1e-4 * Math.cos(bisector);
      const py = y + 1e-4 * Math.sin(bisector);
      const cells = new Set(out.flatMap((o) => segments[o.seg]!.cells).filter((c) => c >= 0));
      if ([...cells].some((c) => inPolygon(cellOutline(maze, c), px, py))) floorCorners += (half * half) / Math.tan(g / 2);
    });
  }
  let strips = 0;
  let wallStrips = 0;
  let perimeters = 0;
  segments.forEach((s, i) => {
    const strip = w * s.length - loss[i]!;
    strips += strip;
    if (s.wall) wallStrips += strip;
    perimeters += s.length * s.cells.filter((c) => c >= 0).length;
  });
  let cells = 0;
  const all = maze instanceof GraphMaze ? maze.shape.cellCount : (maze as Maze).width * (maze as Maze).height;
  for (let c = 0; c < all; c++) {
    const inside = maze instanceof GraphMaze ? maze.isIn(c) : (maze as Maze).isIn(c % (maze as Maze).width, Math.floor(c / (maze as Maze).width));
    if (inside) cells += area(cellOutline(maze, c));
  }
  const plateTiles = strips + nodes + cells - half * perimeters + floorCorners;
  const wallTiles = wallStrips + wallNodes;
  const plate = plateTiles * k * k;
  const walls = wallTiles * k * k;
  return { plate, walls, volume: plate * fab.baseMm + walls * fab.heightMm };
}
