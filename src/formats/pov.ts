/**
 * The POV-Ray 3.7 format (seed 001, "Modélisation"): what it writes and
 * accepts. The scene writers themselves (pov-scene.ts, pov-sdl.ts for
 * `--pov-maze sdl`, pov-shape.ts for the other grids) are loaded when a
 * scene is written, not with every run of the command line.
 */
import type { GraphMaze } from '../grid/graph-maze.js';
import { TopologyShape } from '../grid/topology.js';
import type { Maze } from '../model/maze.js';
import type { MazeRows } from '../model/rows.js';
import { rowsOf } from '../model/rows.js';
import type { Format, RenderOptions } from './types.js';
import { checkSdlSize } from './pov-limits.js';

async function* renderRows(maze: MazeRows, options: RenderOptions): AsyncGenerator<string> {
  const scene = await import('./pov-scene.js');
  yield* scene.renderRows(maze, options);
}

async function* renderGraph(maze: GraphMaze, options: RenderOptions): AsyncGenerator<string> {
  if (maze.shape instanceof TopologyShape) {
    // a topology in true 3D: levels stacked, wrapped grids rolled, bridges over tunnels
    const scene = await import('./pov-topology.js');
    yield* scene.topologyPov(maze, options);
    return;
  }
  const scene = await import('./pov-shape.js');
  yield* scene.shapePov(maze, options);
}

const pov: Format & { readonly name: 'pov' } = {
  name: 'pov' as const,
  reads: ['fg', 'bg', 'theme', 'pathColor', 'povMaze'],
  description: "POV-Ray 3.7 scene of 3 × 3-square cells (Labyrinthe – première partie); renders with no edits",
  extensions: ['.pov'],
  binary: false,
  checkSize: (width, height, options) => {
    if (options.povMaze === 'sdl') checkSdlSize(width, height);
  },
  // a larger scene in true 3D took gigabytes, then ran out of memory (the flat square's streams, whatever its size)
  topologyCells: 100_000,
  render: (maze: Maze, options: RenderOptions) => renderRows(rowsOf(maze), options),
  renderRows,
  renderGraph,
};

export default pov;
