/**
 * The library's replay of a maze's steps for every grid (SPEC "Watching a
 * maze grow", "Grid shapes"): model/replay.ts replays them and checks each
 * step, and this file gives it the hex, triangle and polar grids, which the
 * model, below the grids, cannot make. A shaped `grid` step makes the graph
 * maze with every side closed (and its mask), and each `passage` step opens
 * a side and the neighbour's side back, as shapeMazeSteps (lib/spec.ts)
 * tells them.
 */
import { Replay as ModelReplay, replayInto } from '../model/replay.js';
import type { ShapedGrid, ShapedGrids } from '../model/replay.js';
import type { Step } from '../model/steps.js';
import { GraphMaze, makeShape, shapeCellCount } from './graph-maze.js';

/** The shaped grids, as the model's replay asks for them. */
const SHAPED_GRIDS: ShapedGrids<GraphMaze> = {
  cellCount: shapeCellCount,
  make(name, width, height, mask): ShapedGrid<GraphMaze> {
    const shape = makeShape(name, width, height);
    const maze = new GraphMaze(shape);
    maze.mask = mask;
    return {
      maze,
      cellCount: shape.cellCount,
      maxDegree: shape.maxDegree,
      cellAt: (x, y) => shape.cellAt(x, y),
      hasSide: (cell, slot) => shape.hasSide(cell, slot),
      open: (cell, slot) => openSide(maze, cell, slot),
    };
  },
};

/**
 * Open side `slot` of `cell`, and the neighbour's side back when the
 * neighbour is in the maze: a side with no cell across, or with a cell
 * outside the mask, is an opening in the outer wall, and a cell outside
 * keeps every side closed (as the maze makeGraphMaze makes does).
 */
export function openSide(maze: GraphMaze, cell: number, slot: number): void {
  const { shape } = maze;
  const n = shape.neighbor(cell, slot);
  maze.passages[cell]! |= 1 << slot;
  if (n >= 0 && maze.isIn(n)) maze.passages[n]! |= 1 << shape.backSlot(cell, slot, n);
}

/** A replay of any grid's steps: `maze` is the square Maze or, after a shaped grid step, the GraphMaze. */
export class Replay extends ModelReplay<GraphMaze> {
  constructor() {
    super(SHAPED_GRIDS);
  }
}

/** The maze a list of steps ends on, on any grid; a step that is no step is a MazeError. */
export function replaySteps(steps: Iterable<Step>): Replay {
  return replayInto(new Replay(), steps) as Replay;
}
