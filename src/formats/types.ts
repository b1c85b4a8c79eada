import type { GraphMaze } from '../grid/graph-maze.js';
import type { ShapeName } from '../grid/shape.js';
import type { Maze } from '../model/maze.js';
import type { MazeRows } from '../model/rows.js';

/** How a picture or text is drawn; every format reads the fields it knows. */
/** The pictures' color themes (theme.ts draws them). */
export const THEME_NAMES = ['dark', 'light', 'print', 'labyrinthe'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

export interface RenderOptions {
  /** Cell size in pixels (PNG, SVG; seed 000 TILE_SIZE). */
  tile: number;
  /** Wall thickness in pixels, 1 ≤ wall < tile (seed 000 WALL_WIDTH). */
  wall: number;
  /** Color of palette entry 0 walls (0xRRGGBB), drawn as given, or null for the theme's. */
  fg: number | null;
  /** Background color (0xRRGGBB), drawn as given, or null for the theme's. */
  bg: number | null;
  /** The pictures' colors (theme.ts), or null for the format's own (Format.theme). */
  theme: ThemeName | null;
  /** Color of the drawn solution (0xRRGGBB), in every format. */
  pathColor: number;
  /** ASCII art style. */
  style: 'ascii' | 'unicode' | 'compact';
  /** PDF: the paper size. */
  paper: 'a4' | 'letter';
  /** POV: the maze as wall boxes (`walls`, absent) or made by POV-Ray itself from its size and seed (`sdl`, pov-sdl.ts). */
  povMaze?: 'walls' | 'sdl';
  /** ASCII: ANSI color level (chalk's): 0 none, 1 basic 16, 2 256 colors, 3 truecolor. */
  color: 0 | 1 | 2 | 3;
  /** PNG, SVG, PDF: a distance map from the start instead of the plain picture (distance-picture.ts). */
  distances?: boolean;
  /** The made things (fabrication.ts), in millimetres: absent for their defaults. */
  fab?: Partial<FabOptions>;
}

/** How a maze is printed, cut or plotted (STL, 3MF, DXF, laser and plotter SVG), in millimetres. */
export interface FabOptions {
  /** A cell's pitch, centre to centre (a tile). */
  cellMm: number;
  /** A printed wall's thickness. */
  wallMm: number;
  /** A printed wall's height above the plate. */
  heightMm: number;
  /** The printed plate's thickness. */
  baseMm: number;
  /** A cut board's margin around the maze, or null for no board outline. */
  marginMm: number | null;
  /** The laser's kerf: the board outline is cut half of it outside. */
  kerf: number;
}

export const DEFAULT_RENDER_OPTIONS: RenderOptions = {
  tile: 20,
  wall: 2,
  fg: null,
  bg: null,
  theme: null,
  pathColor: 0xff3030,
  style: 'ascii',
  paper: 'a4',
  color: 0,
};

/**
 * The options of the pictures and text that some formats read and others do
 * not (library names: `pathColor`, `maxPixels`): each format lists those it
 * reads (`Format.reads`), and one given for a format that does not read it
 * is refused, as an option of another algorithm is.
 */
export const FORMAT_OPTIONS = ['style', 'color', 'tile', 'wall', 'paper', 'fg', 'bg', 'theme', 'pathColor', 'maxPixels', 'povMaze', 'distances', 'cellMm', 'wallMm', 'heightMm', 'baseMm', 'marginMm', 'kerf'] as const;
export type FormatOption = (typeof FORMAT_OPTIONS)[number];

/** Output comes as chunks, so a large picture never has to be held whole. */
export type Chunk = string | Uint8Array;
export type Output = Iterable<Chunk> | AsyncIterable<Chunk>;

/**
 * One serializer. It is pure: it takes a maze and options and yields text or
 * bytes; only the CLI touches files. A format that needs a heavy library
 * imports it inside `render`, so start-up stays fast.
 */
export interface Format {
  name: string;
  description: string;
  /** File name endings that select this format, with the dot: ['.txt']. */
  extensions: readonly string[];
  /** The kind of file it writes when another format names it (laser-svg and plot-svg write `svg` files: -o m.svg --format plot-svg). */
  fileType?: string;
  /** Bytes that must not go to a terminal. */
  binary: boolean;
  /** The options of FORMAT_OPTIONS this format's output depends on. */
  reads: readonly FormatOption[];
  /**
   * What of a solution it shows: absent, all a method draws (its walk,
   * marks, filled cells and path); `path`, the path alone (a printed
   * model's raised cells); `none`, nothing (cut lines and pen strokes are
   * the walls alone). A solution asked of it that it would not show is
   * refused (cli/commands/target.ts, checkSolutionShown).
   */
  solution?: 'path' | 'none';
  /** The theme a picture format draws in when none is asked for (theme.ts); dark when absent. */
  theme?: ThemeName;
  /** Refuse (UsageError) a W × H maze this format cannot write, before the maze is made. */
  checkSize?(width: number, height: number, options: RenderOptions): void;
  /** Refuse (MazeError) a maze of this many cells on any grid, before it is made: a made thing held whole (STL, DXF, …). */
  checkCells?(cells: number): void;
  /** A made thing (checkCells) with room for a weave's tunnel under its bridge: a printed solid (solid.ts). Cut lines and pen strokes are flat, and refuse a weave. */
  tunnels?: true;
  /** Most cells one printed page draws (PDF), on every grid: past it a cell would be under a point wide. */
  pageCells?: number;
  /** Most cells of a maze with a weave, a wrap or levels it writes: POV-Ray's scene in true 3D, every wall, bridge and stair an object held whole. */
  topologyCells?: number;
  /** A raster format's pixel count for a W × H maze, held to the pixel budget (--max-pixels). */
  pixels?(width: number, height: number, options: RenderOptions): number;
  render(maze: Maze, options: RenderOptions): Output;
  /**
   * The same writer reading the maze row by row (model/rows.ts), so that a
   * streamed maze of any height is written in O(width) memory; `render` is
   * this on the whole maze's rows. Absent for a format that needs the
   * whole maze at once.
   */
  renderRows?(maze: MazeRows, options: RenderOptions): Output;
  /**
   * A maze on a non-square grid (SPEC "Grid shapes"); absent for a format
   * that draws square mazes only, which refuses the others.
   */
  renderGraph?(maze: GraphMaze, options: RenderOptions): Output;
  /** Refuse (MazeError) a maze on this grid drawn so, before the maze is made: what renderGraph cannot draw (ASCII: a polar grid). */
  checkShape?(shape: ShapeName, options: RenderOptions, topology?: boolean): void;
  /** A raster format's pixel count for a maze on a non-square grid, held to the pixel budget as `pixels` is. */
  graphPixels?(maze: Pick<GraphMaze, 'shape'>, options: RenderOptions): number;
}
