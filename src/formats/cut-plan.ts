/**
 * What a laser or a CNC cuts (SPEC "Fabrication formats"): the walls'
 * centre lines, each cut once (wall-joints.ts, `cutLines`), in millimetres
 * with y down, and with `marginMm` a board outline that far around the
 * maze (a rectangle; a circle round a polar maze), grown by half the kerf
 * so that the board comes out at its size. DXF and the laser SVG write it.
 */
import { GraphMaze } from '../grid/graph-maze.js';
import type { AnyMaze } from '../passages/view.js';
import { checkFabSize, fabOf, MAX_LINE_CELLS } from './fabrication.js';
import type { FabOptions, RenderOptions } from './types.js';
import type { Cut } from './wall-joints.js';
import { cutLength, cutLines, wallJoints } from './wall-joints.js';

export type Board = { kind: 'rect'; x: number; y: number; width: number; height: number } | { kind: 'circle'; cx: number; cy: number; radius: number };

export interface CutPlan {
  fab: FabOptions;
  /** The walls' cuts, in millimetres, y down. */
  cuts: Cut[];
  /** Their length: the walls' length. */
  cutMm: number;
  /** The maze's size in millimetres. */
  width: number;
  height: number;
  board: Board | null;
  boardMm: number;
}

/** The cells a maze has, for the made things' limits. */
export function cellsOf(maze: AnyMaze): number {
  return maze instanceof GraphMaze ? maze.shape.cellCount : maze.width * maze.height;
}

/** A cut scaled from tiles to millimetres. */
function scaled(cut: Cut, k: number): Cut {
  switch (cut.kind) {
    case 'line':
      return { kind: 'line', x0: cut.x0 * k, y0: cut.y0 * k, x1: cut.x1 * k, y1: cut.y1 * k };
    case 'arc':
      return { ...cut, cx: cut.cx * k, cy: cut.cy * k, radius: cut.radius * k };
    default:
      return { kind: 'circle', cx: cut.cx * k, cy: cut.cy * k, radius: cut.radius * k };
  }
}

export function cutPlan(maze: AnyMaze, options: RenderOptions, format: string): CutPlan {
  checkFabSize(format, cellsOf(maze), MAX_LINE_CELLS);
  const fab = fabOf(options);
  const graph = wallJoints(maze);
  const k = fab.cellMm;
  const cuts = cutLines(graph).map((cut) => scaled(cut, k));
  const cutMm = cuts.reduce((sum, cut) => sum + cutLength(cut), 0);
  const width = graph.layout.extent.width * k;
  const height = graph.layout.extent.height * k;
  let board: Board | null = null;
  let boardMm = 0;
  if (fab.marginMm !== null) {
    const grow = fab.marginMm + fab.kerf / 2;
    if (maze instanceof GraphMaze && maze.shape.name === 'polar') {
      board = { kind: 'circle', cx: width / 2, cy: height / 2, radius: width / 2 + grow };
      boardMm = 2 * Math.PI * board.radius;
    } else {
      board = { kind: 'rect', x: -grow, y: -grow, width: width + 2 * grow, height: height + 2 * grow };
      boardMm = 2 * (board.width + board.height);
    }
  }
  return { fab, cuts, cutMm, width, height, board, boardMm };
}

/** A length in millimetres as the files write it: to the micrometre, no trailing zeros. */
export function mmText(value: number): string {
  const rounded = Math.round(value * 1000) / 1000;
  return String(Object.is(rounded, -0) ? 0 : rounded);
}
