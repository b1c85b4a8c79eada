/**
 * A maze's sides as lines and arcs, for every grid (SPEC "Fabrication
 * formats"; STYLE "One geometry walker for the pictures"): every side of a
 * cell of the maze, once, with whether it is a wall, the cells on either
 * side and its geometry in tiles (x right, y down, as grid/shape.ts): a
 * straight line, or an arc of a polar ring. Written once over the maze's
 * passages (passages/view.ts) and a small geometry per grid: the square's
 * sides from its cell's corners, a shape's from its `side` (a polar ring's
 * arcs from `sideArc`).
 *
 * A side is listed from the lower-numbered of its two cells, in cell order,
 * then the cell's slot order (north, east, south, west on the square). A
 * side is a wall when it is closed: an inner side between two cells of the
 * maze, or an outer one (off the grid, or out of the mask) but an opening.
 * That is what the pictures draw (the shape pictures ask `wallSides`), and
 * what the printed, cut and plotted formats make.
 */
import { GraphMaze } from '../grid/graph-maze.js';
import { PolarShape } from '../grid/polar.js';
import type { Maze } from '../model/maze.js';
import type { AnyMaze, Passages } from '../passages/view.js';
import { passagesOf } from '../passages/view.js';

/** A side's line in tiles: a segment, or an arc about (cx, cy) from angle a0 to a1 > a0 (radians, clockwise as y runs down). */
export type SideLine =
  | { kind: 'line'; x0: number; y0: number; x1: number; y1: number }
  | { kind: 'arc'; cx: number; cy: number; radius: number; a0: number; a1: number };

export interface MazeSide {
  /** The cell it is listed from (a cell number of passagesOf), and its slot there. */
  cell: number;
  slot: number;
  /** The cell of the maze across it, or −1 (off the grid, or out of the mask). */
  other: number;
  /** Closed: drawn, printed and cut. */
  wall: boolean;
  line: SideLine;
}

/** How a grid lays its cells out, in tiles: what the walker needs beside the passages. */
export interface GridLayout {
  /** The picture's size in tiles. */
  extent: { width: number; height: number };
  /** Slots a cell has at most. */
  slots: number;
  /** Whether the cell has a side in this slot (every slot does, but a polar grid's spare ones). */
  hasSide(cell: number, slot: number): boolean;
  line(cell: number, slot: number): SideLine;
  /** The cell's centre. */
  center(cell: number): [number, number];
  /** The cell a stored point (start, end, a solution's step) names, or −1. */
  cellOf(point: readonly [number, number]): number;
  /** A side between cells drawn apart (a wrapped edge): listed from both its cells. */
  seam?(cell: number, slot: number): boolean;
}

/** The layout of a maze's grid: the square's from its cells' corners, a shape's from the shape. */
export function gridLayout(maze: AnyMaze, view: Passages = passagesOf(maze)): GridLayout {
  return maze instanceof GraphMaze ? shapeLayout(maze) : squareLayout(maze, view);
}

function squareLayout(maze: Maze, view: Passages): GridLayout {
  // the sides of cell (x, y) in openSides' order: north, east, south, west
  const CORNERS = [
    [0, 0, 1, 0],
    [1, 0, 1, 1],
    [0, 1, 1, 1],
    [0, 0, 0, 1],
  ] as const;
  return {
    extent: { width: maze.width, height: maze.height },
    slots: 4,
    hasSide: () => true,
    line(cell, slot) {
      const [x, y] = view.pointOf(cell);
      const [a, b, c, d] = CORNERS[slot]!;
      return { kind: 'line', x0: x + a, y0: y + b, x1: x + c, y1: y + d };
    },
    center(cell) {
      const [x, y] = view.pointOf(cell);
      return [x + 0.5, y + 0.5];
    },
    cellOf: (point) => view.cellAt([point[0], point[1]]),
  };
}

function shapeLayout(maze: GraphMaze): GridLayout {
  const { shape } = maze;
  const polar = shape instanceof PolarShape ? shape : null;
  return {
    extent: shape.extent,
    slots: shape.maxDegree,
    hasSide: (cell, slot) => shape.hasSide(cell, slot),
    line(cell, slot) {
      const arc = polar?.sideArc(cell, slot) ?? null;
      if (arc !== null) return { kind: 'arc', ...arc };
      const points = shape.side(cell, slot);
      return { kind: 'line', x0: points[0]!, y0: points[1]!, x1: points[points.length - 2]!, y1: points[points.length - 1]! };
    },
    center: (cell) => shape.center(cell),
    cellOf: (point) => maze.cellAt([point[0], point[1]]),
    seam: shape.seam ? (cell, slot) => shape.seam!(cell, slot) : undefined,
  };
}

/** Every side of every cell of the maze, once (see the file's comment). */
export function* mazeSides(maze: AnyMaze, view: Passages = passagesOf(maze), layout: GridLayout = gridLayout(maze, view)): Generator<MazeSide> {
  const { slots } = layout;
  for (let c = 0; c < view.size; c++) {
    if (!view.isIn(c)) continue;
    const open = view.openSides(c);
    for (let s = 0; s < slots; s++) {
      if (!layout.hasSide(c, s)) continue;
      const n = view.across(c, s);
      const inside = n >= 0 && view.isIn(n);
      // an inner side once, from its lower-numbered cell
      if (inside && n < c && layout.seam?.(c, s) !== true) continue;
      yield { cell: c, slot: s, other: inside ? n : -1, wall: ((open >> s) & 1) === 0, line: layout.line(c, s) };
    }
  }
}

/**
 * The sides a shape's picture draws as walls, each as cell · maxDegree +
 * slot, in cell order: every closed side once (an inner one from its
 * lower-numbered cell), the outer ones but the openings.
 */
export function* wallSides(maze: GraphMaze): Generator<number> {
  const view = passagesOf(maze);
  // the side's line is not asked for: the picture draws the shape's own polyline
  const layout: GridLayout = { ...shapeLayout(maze), line: () => NO_LINE };
  const degree = maze.shape.maxDegree;
  for (const side of mazeSides(maze, view, layout)) if (side.wall) yield side.cell * degree + side.slot;
}

const NO_LINE: SideLine = { kind: 'line', x0: 0, y0: 0, x1: 0, y1: 0 };

/** A side's ends in tiles: where it starts and where it stops. */
export function lineEnds(line: SideLine): [number, number, number, number] {
  if (line.kind === 'line') return [line.x0, line.y0, line.x1, line.y1];
  const { cx, cy, radius, a0, a1 } = line;
  return [cx + radius * Math.cos(a0), cy + radius * Math.sin(a0), cx + radius * Math.cos(a1), cy + radius * Math.sin(a1)];
}

/** A side's length in tiles. */
export function lineLength(line: SideLine): number {
  return line.kind === 'line' ? Math.hypot(line.x1 - line.x0, line.y1 - line.y0) : line.radius * (line.a1 - line.a0);
}

/** The cells of the maze's solution, in order (none when it has none). */
export function solutionCells(maze: AnyMaze, layout: GridLayout): number[] {
  return (maze.solution ?? []).map((point) => layout.cellOf(point)).filter((c) => c >= 0);
}
