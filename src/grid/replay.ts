/**
 * The library's replay of a maze's steps for every grid (SPEC "Watching a
 * maze grow", "Grid shapes"): model/replay.ts replays them and checks each
 * step, and this file gives it the hex, triangle and polar grids, which the
 * model, below the grids, cannot make, and the topologies (their wrap,
 * levels and crossings, read as the JSON reader reads them). A shaped
 * `grid` step makes the graph maze with every side closed (and its mask), and each `passage` step opens
 * a side and the neighbour's side back, as shapeMazeSteps (lib/spec.ts)
 * tells them.
 */
import { Replay as ModelReplay, replayInto } from '../model/replay.js';
import type { ShapedGrid, ShapedGrids } from '../model/replay.js';
import type { Step } from '../model/steps.js';
import { GraphMaze, makeShape, shapeCellCount } from './graph-maze.js';
import type { GraphShapeName } from './shape.js';
import { TopologyShape } from './topology.js';
import { recordedCellCount, recordedTopology, startingMaze } from './topology-record.js';

/** The shaped grids, as the model's replay asks for them. */
const SHAPED_GRIDS: ShapedGrids<GraphMaze> = {
  cellCount: (name, width, height, topology, fail) => (topology === null ? shapeCellCount(name as GraphShapeName, width, height) : recordedCellCount(name, width, height, topology, fail)),
  make(name, width, height, mask, topology, fail): ShapedGrid<GraphMaze> {
    const shape = topology === null ? makeShape(name as GraphShapeName, width, height) : recordedTopology(name, width, height, topology, fail);
    const maze = startingMaze(shape, mask);
    return {
      maze,
      cellCount: shape.cellCount,
      maxDegree: shape.maxDegree,
      cellAt: (x, y) => shape.cellAt(x, y),
      // a topology's stairs too: a cell's up or down, where a level is above or below
      hasSide: (cell, slot) => shape.hasSide(cell, slot) || (shape instanceof TopologyShape && slot >= shape.up && shape.neighbor(cell, slot) >= 0),
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
