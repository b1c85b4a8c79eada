/**
 * The POV-Ray 3.7 format (seed 001, "Modélisation"): what it writes and
 * accepts. The scene writers themselves (pov-scene.ts, pov-sdl.ts for
 * `--pov-maze sdl`, pov-shape.ts for the other grids) are loaded when a
 * scene is written, not with every run of the command line.
 */
import { UsageError } from '../errors.js';
import type { GraphMaze } from '../grid/graph-maze.js';
import type { Maze } from '../model/maze.js';
import type { MazeRows } from '../model/rows.js';
import { rowsOf } from '../model/rows.js';
import type { Format, RenderOptions } from './types.js';

/**
 * Most cells of a maze POV-Ray makes in its own language: its parser runs
 * the loops for about a second at 100 × 100 cells and four at 200 × 200
 * (measured, POV-Ray 3.7) before the render starts, every time the scene
 * is opened; far more would take minutes.
 */
export const MAX_SDL_CELLS = 40_000;

/** Refuse a maze too large for POV-Ray's parser to make, before anything is made. */
export function checkSdlSize(width: number, height: number): void {
  if (width * height > MAX_SDL_CELLS) {
    throw new UsageError(
      `--pov-maze sdl makes the maze in POV-Ray's own language, which is slow: at most ${MAX_SDL_CELLS} cells, and ${width} × ${height} is ${width * height}; make the maze smaller, or leave out --pov-maze sdl (the walls scene has no limit)`,
    );
  }
}

async function* renderRows(maze: MazeRows, options: RenderOptions): AsyncGenerator<string> {
  const scene = await import('./pov-scene.js');
  yield* scene.renderRows(maze, options);
}

async function* renderGraph(maze: GraphMaze, options: RenderOptions): AsyncGenerator<string> {
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
  render: (maze: Maze, options: RenderOptions) => renderRows(rowsOf(maze), options),
  renderRows,
  renderGraph,
};

export default pov;
