/**
 * The library's functions, over a list of formats given by the entry that
 * exports them: `index.ts` (Node: every format) and `browser.ts` (the
 * formats a browser can run). Options are typed (an algorithm's own options
 * are its own, numbers are numbers) and checked at run time as well: a bad
 * value, a wrong type or a maze object that breaks the format's rules is a
 * MazeError naming the option, never a TypeError. `generate` makes the maze
 * `maze gen` makes for the same values (both build the same MazeSpec), and
 * `render` gives the bytes it writes.
 */
import { algorithms as registry } from '../algorithms/index.js';
import type { AlgorithmName, AlgorithmOptions } from '../algorithms/index.js';
import { checkMazeObject, graphJson, parseAnyMaze, parseMaze } from '../formats/json.js';
import { checkShapeDrawing } from '../formats/shape-picture.js';
import { GraphMaze, makeShape, shapeCellCount } from '../grid/graph-maze.js';
import type { GraphShapeName, ShapeName } from '../grid/shape.js';
import type { Crossing } from '../grid/topology.js';
import { MAX_LEVELS, SquareLattice, TopologyShape } from '../grid/topology.js';
import { SHAPE_NAMES } from '../grid/shape.js';
import type { AnyMaze } from '../passages/view.js';
import { listChoices, MazeError } from '../errors.js';
import { concatBytes } from '../formats/png-encoder.js';
import type { ThemeName } from '../formats/theme.js';
import type { Chunk, Format } from '../formats/types.js';
import type { Point, ShadeTone, Solving } from '../model/maze.js';
import { Maze, MAX_CELLS } from '../model/maze.js';
import type { EndMode } from '../passages/ends.js';
import type { Mask, MaskRegionsMode } from '../model/mask.js';
import { MASK_REGIONS, MAX_MASK_CELLS, shapeMask } from '../model/mask.js';
import { END_MODES, farthestEnds as longestEnds, moveOpenings } from '../passages/ends.js';
import { solveMaze } from '../passages/solve.js';
import type { MazeReport as MazeStats } from '../analysis/report.js';
import { mazeReport } from '../analysis/report.js';
import type { MazeAnalysis } from '../analysis/analyze.js';
import { analyzeMaze } from '../analysis/analyze.js';
import { mazeDifficulty } from '../analysis/difficulty.js';
import { checkBoolean, checkCell, checkChoice, checkInteger, shownValue } from '../model/options.js';
import { checkPixelBudget, checkSolveSize, formatNamed, maxCellsFrom, renderOptionsFrom } from '../formats/render-options.js';
import { FAB_NAMES } from '../formats/fabrication.js';
import { drawSeed } from '../rng.js';
import type { Step } from '../model/steps.js';
import type { SpecCommon } from './spec.js';
import { findSolver, redrawSolving, SOLVE_METHODS, solveForSpec, solveMazeWith } from '../solvers/index.js';
import type { Outcome, SolveMethod } from '../solvers/index.js';
import { passagesOf } from '../passages/view.js';
import { checkKnownNames, checkMaskValue, checkSeed, checkMazeSteps, countOfSpec, endpoints, otherShapeOf, makeAnyMaze, mazeSteps, optionsObject, registerMethodSolver, shapeMazeSteps, specFromOptions, topologyOf } from './spec.js';

export type { AlgorithmName, AlgorithmOptions } from '../algorithms/index.js';
export type { FormatName } from '../formats/index.js';
export type { ThemeName } from '../formats/theme.js';
export type { Point } from '../model/maze.js';
/**
 * A maze of any grid, as generate, parse and parseAny give it: one type,
 * whose `shape.name` says its grid (square, hex, triangle, polar); render,
 * solve, stats and farthestEnds take every one.
 */
export type { AnyMaze as Maze } from '../passages/view.js';
export type { GraphShapeName, ShapeName } from '../grid/shape.js';
export type { EndMode } from '../passages/ends.js';
export type { Mask, MaskRegionsMode } from '../model/mask.js';
export type { MazeReport as MazeStats } from '../analysis/report.js';
export type { MazeAnalysis } from '../analysis/analyze.js';
export type { Outcome as SolveOutcome, SolveMethod } from '../solvers/index.js';
export type { MazeSpec } from './spec.js';
export type { CellMark, CellStep, ClearStep, ColorStep, DoorStep, EndsStep, GridStep, HeadStep, KeyStep, PassageStep, PathStep, Side, Step, WallStep } from '../model/steps.js';
export { Replay, replaySteps } from '../grid/replay.js';
export type { MazeErrorCode } from '../errors.js';
export { MazeError, UsageError } from '../errors.js';

/** A mask as cells: `cells[y * width + x]` is 1 for a cell of the maze, 0 for one outside. */
export interface MaskCells {
  width: number;
  height: number;
  cells: Uint8Array | readonly number[];
}

/** A cell, [x, y] (0-based, from the top left). */
export type Cell = Point;

/** What every `generate` call may take besides the algorithm's own options. */
export type CommonGenerateOptions = Partial<Omit<SpecCommon, 'ends' | 'from' | 'to' | 'mask' | 'shape' | 'difficulty'>> & {
  /**
   * Make the maze to a difficulty from 0 to 1, or `easy`, `medium`, `hard`
   * (0.25, 0.5, 0.75): the growing tree's pick and the ends are chosen for
   * it (analysis/steer.ts) and recorded; `algorithm`, `pick`, `ends`,
   * `from` and `to` are then refused. Perfect unless `braid` is given.
   */
  difficulty?: number | 'easy' | 'medium' | 'hard';
  /** The square grid (the default); the other shapes take `ShapeGenerateOptions`. */
  shape?: 'square';
  /**
   * The maze's outline (SPEC "Masks"): rows of text, `X` or `#` a cell
   * outside the maze and any other character one in it (short rows padded
   * with cells outside), or `{ width, height, cells }` with cells (y·width
   * + x) 1 in and 0 out. One character or cell a maze cell: `width` and
   * `height` default to its size, and must be its size when given. Its
   * cells must make one region (four neighbours). `fitMask` scales,
   * inverts or keeps the largest region of a mask first.
   */
  mask?: readonly string[] | MaskCells;
  /** An integer or any text: the same seed gives the same maze. Drawn at random when absent (the maze records it in `info.seed`). */
  seed?: number | string;
  /** With `solve: true`, most cells the maze may have (default 16 000 000, as `maze gen --solve`), as `solve`'s `maxCells`. */
  maxCells?: number;
  /** The ends stored with the maze: `corners`, `farthest` or `random`; `from` and `to` win. */
  ends?: EndMode;
  from?: Point;
  to?: Point;
};

/**
 * What `generate` takes: `maze gen`'s options by the library's names, the
 * algorithm's own typed by the algorithm (`trunks` for trees, `keys` for
 * zones): `{ algorithm: 'zones', width: 30, keys: 3 }`. Without `algorithm`,
 * the default, trees.
 */
export type GenerateOptions =
  | { [N in AlgorithmName]: CommonGenerateOptions & { algorithm: N } & Partial<AlgorithmOptions<N>> }[AlgorithmName]
  | (CommonGenerateOptions & { algorithm?: undefined } & Partial<AlgorithmOptions<'trees'>>);

/** The algorithms that carve any grid shape (their `carve`; test/shapes.test.ts holds this list to the registry). */
export type ShapeAlgorithmName = Extract<AlgorithmName, 'backtracker' | 'kruskal' | 'prim' | 'wilson' | 'aldous-broder' | 'hunt-and-kill' | 'growing-tree'>;

/** What every maze on a non-square grid takes: `shape`, and the common options (`width` rings for polar, and no `height`). */
export type ShapeCommonOptions = Omit<CommonGenerateOptions, 'shape'> & { shape: GraphShapeName };

/**
 * What `generate` takes for a maze on a non-square grid (SPEC "Grid
 * shapes"): `{ shape: 'hex', algorithm: 'wilson', width: 20, height: 15 }`.
 * Only the algorithms that carve any grid; the backtracker by default.
 */
export type ShapeGenerateOptions =
  | { [N in ShapeAlgorithmName]: ShapeCommonOptions & { algorithm: N } & Partial<AlgorithmOptions<N>> }[ShapeAlgorithmName]
  | (ShapeCommonOptions & { algorithm?: undefined } & Partial<AlgorithmOptions<'backtracker'>>);

/** Options of a raster or vector picture (png, svg). */
export interface PictureOptions {
  /** Cell size in pixels, 2 to 1000; default 20. */
  tile?: number;
  /** Wall thickness in pixels, 1 to 999 and less than `tile`; default 2. */
  wall?: number;
  /** Colors, `#rrggbb`: plain walls, the background, a drawn solution; fg and bg win over the theme. */
  fg?: string;
  bg?: string;
  pathColor?: string;
  /** The pictures' colors: `dark` (default), `light`, `print` or `labyrinthe` (the POV-Ray document's). */
  theme?: ThemeName;
  /** A distance map from the start: each cell filled by its steps from it, with a legend (SVG). */
  distances?: boolean;
}

/** Options of a PNG: a picture's, and its pixel budget. */
export interface PngOptions extends PictureOptions {
  /** Most pixels a picture may have (default 10 000 000 000, as `--max-pixels`). */
  maxPixels?: number;
}

/** Options of a printable PDF page. */
export interface PdfOptions {
  paper?: 'a4' | 'letter';
  /** The walls' share of a cell as a picture's (`wall` over `tile`; the page sets the size); default 2 of 20. */
  tile?: number;
  wall?: number;
  fg?: string;
  bg?: string;
  pathColor?: string;
  /** `print` (default): black walls, colors darkened for paper; or another theme. */
  theme?: ThemeName;
  /** A distance map from the start, with a legend under it. */
  distances?: boolean;
}

/** Options of the text drawing. */
export interface AsciiOptions {
  style?: 'ascii' | 'unicode' | 'compact';
  /** The trees' colors as ANSI escapes (`--color always`); default false. */
  color?: boolean;
  fg?: string;
  pathColor?: string;
}

/** Options of the POV-Ray scene. */
export interface PovOptions {
  fg?: string;
  bg?: string;
  pathColor?: string;
  theme?: ThemeName;
}

/** Options of a printed model (STL, 3MF), in millimetres. */
export interface PrintOptions {
  /** A cell's pitch, centre to centre; default 10. */
  cellMm?: number;
  /** The walls' thickness, at most a quarter cell; default 1.2. */
  wallMm?: number;
  /** The walls' height above the plate; default 8. */
  heightMm?: number;
  /** The plate's thickness; default 2. */
  baseMm?: number;
}

/** Options of cut lines (DXF, laser SVG), in millimetres. */
export interface CutOptions {
  /** A cell's pitch, centre to centre; default 10. */
  cellMm?: number;
  /** A board outline this far around the maze, on its own layer; default none. */
  marginMm?: number;
  /** The laser's kerf: the board outline is cut half of it outside (needs marginMm); default 0. */
  kerf?: number;
}

/** Options of pen strokes (plotter SVG), in millimetres. */
export interface PlotOptions {
  /** A cell's pitch, centre to centre; default 10. */
  cellMm?: number;
}

/** Each format's render options. */
export interface RenderOptionsByFormat {
  ascii: AsciiOptions;
  json: Record<string, never>;
  png: PngOptions;
  svg: PictureOptions;
  pov: PovOptions;
  pdf: PdfOptions;
  stl: PrintOptions;
  '3mf': PrintOptions;
  dxf: CutOptions;
  'laser-svg': CutOptions;
  'plot-svg': PlotOptions;
}

/** Any format's render options (the union of them all). */
export type RenderOptions = AsciiOptions & PngOptions & PdfOptions & PrintOptions & CutOptions;

/** Where a solution runs, or the stats measure it: default the maze's own ends, else the corners. */
export interface EndsOptions {
  /** `corners`, `farthest` or `random`; `from` and `to` win. */
  ends?: EndMode;
  from?: Point;
  to?: Point;
  /** Most cells a maze to solve may have (default 16 000 000, as the command line). */
  maxCells?: number;
}

/** An algorithm as `maze list` shows it, with its own options and their defaults as typed. */
export interface AlgorithmInfo {
  name: AlgorithmName;
  description: string;
  /** Each own option: what it does, its default as typed, and the words it takes when it is one of a list (`bias`, `pick`). */
  options: Readonly<Record<string, { describe: string; default: string; choices?: readonly string[] }>>;
}

/** A format as `maze list` shows it. */
export interface FormatInfo {
  name: string;
  description: string;
  extensions: readonly string[];
  /** Bytes, not text. */
  binary: boolean;
}

export const algorithms: readonly AlgorithmInfo[] = /* @__PURE__ */ Object.freeze(
  registry.map((a) => ({
    name: a.name,
    description: a.description,
    options: Object.fromEntries(
      Object.entries(a.options).map(([name, spec]) => [name, { describe: spec.describe, default: spec.default, ...(spec.choices ? { choices: spec.choices } : {}) }]),
    ),
  })),
);

export function formatList(formats: readonly Format[]): readonly FormatInfo[] {
  return Object.freeze(formats.map(({ name, description, extensions, binary }) => ({ name, description, extensions, binary })));
}

/**
 * A new maze: the one `maze gen` makes for the same options and seed.
 * The square overload is said again last: TypeScript reports a call that
 * fits none against the last overload, so a square maze's mistake
 * (`width: '30'`) is named as itself, not as "'trees' is not a shape
 * algorithm"; said first too, so that an untyped argument gives a Maze.
 */
export function generate(options?: GenerateOptions): Maze;
export function generate(options: ShapeGenerateOptions): GraphMaze;
export function generate(options?: GenerateOptions): Maze;
export function generate(options: GenerateOptions | ShapeGenerateOptions = {}): AnyMaze {
  const { spec, seed } = specFromOptions(options);
  return makeAnyMaze(spec, seed ?? drawSeed());
}

/**
 * A maze on a non-square grid given to the library, checked by the JSON
 * reader's rules (SPEC "Library": the library trusts nothing it is given).
 * Its shape is never taken as given: it is rebuilt from the name and size
 * it records (a changed or hand-made shape object could loop for ever in
 * a drawing), and the maze on it is written and read back, so that what
 * render, solve and stats go on is what a saved file would hold: the maze
 * returned is the one read back.
 */
function checkGraphMazeObject(value: GraphMaze, what: string): GraphMaze {
  const fail = (why: string): never => {
    throw new MazeError(`${what}: ${why}`, { code: 'invalid-maze', option: 'maze' });
  };
  const shape: unknown = value.shape;
  if (typeof shape !== 'object' || shape === null) return fail(`its shape must be the hex, triangle or polar grid generate() or parseAny() gave it, got ${shownValue(shape)}`);
  const { name, width, height } = shape as Record<string, unknown>;
  const topology = shape instanceof TopologyShape ? shape : null;
  if (name !== 'hex' && name !== 'triangle' && name !== 'polar' && !(name === 'square' && topology !== null)) return fail(`its shape's name must be hex, triangle or polar, got ${shownValue(name)}`);
  const whole = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 1 && v <= MAX_CELLS;
  if (!whole(width) || !whole(height) || (name === 'polar' && height !== 1)) {
    return fail(`its ${name} shape's width and height must be whole numbers from 1${name === 'polar' ? ' (a polar grid\'s height is 1)' : ''}, got ${shownValue(width)} and ${shownValue(height)}`);
  }
  const levels: unknown = topology?.levels ?? 1;
  if (typeof levels !== 'number' || !Number.isInteger(levels) || levels < 1 || levels > MAX_LEVELS) return fail(`its levels must be a whole number from 1 to ${MAX_LEVELS}, got ${shownValue(levels)}`);
  const cells = (name === 'square' ? width * height : shapeCellCount(name, width, height)) * levels;
  if (cells > MAX_CELLS) return fail(`its ${name} shape has ${cells} cells, over the limit of ${MAX_CELLS}`);
  const passages: unknown = value.passages;
  const passagesWrong = (count: number): string => `its passages must be ${count} bytes, one a cell of its ${name} grid`;
  // before the grid is built: a size its passages cannot fill costs nothing (the count is exact but for polar, where it bounds)
  if (!(passages instanceof Uint8Array) || passages.length > cells || (name !== 'polar' && passages.length !== cells)) return fail(passagesWrong(cells));
  const rebuilt = topology === null ? makeShape(name as GraphShapeName, width, height) : rebuildTopology(topology, width, height, levels, fail);
  if (passages.length !== rebuilt.cellCount) return fail(passagesWrong(rebuilt.cellCount));
  const maze = new GraphMaze(rebuilt, passages);
  const { mask, info, start, end, solution } = value as unknown as Record<string, unknown>;
  if (mask !== null && !(mask instanceof Uint8Array && mask.length === rebuilt.cellCount)) return fail(`its mask must be null or ${rebuilt.cellCount} bytes, one a cell`);
  if (info !== null && (typeof info !== 'object' || Array.isArray(info))) return fail(`its info must be null or what generate() recorded, got ${shownValue(info)}`);
  for (const [name, list] of [['solution', solution], ['start', start], ['end', end]] as const) {
    if (list !== null && !Array.isArray(list)) return fail(`its ${name} must be null or a list, got ${shownValue(list)}`);
  }
  // written as pairs before the reader sees them: each step a pair here (the reader checks the cells)
  const steps = (solution ?? []) as unknown[];
  for (let i = 0; i < steps.length; i++) {
    if (!Array.isArray(steps[i]) || (steps[i] as unknown[]).length !== 2) return fail(`its solution step ${i} must be a cell [x, y], got ${shownValue(steps[i])}`);
  }
  Object.assign(maze, { mask, info, start, end, solution });
  // what render, solve and stats go on is what the reader read back: every field as a saved file holds it
  let text: string;
  try {
    text = [...graphJson(maze)].join('');
  } catch {
    // a BigInt, a cycle: nothing a saved file can hold
    return fail('its start, end, solution and info must hold numbers, text and lists, as generate() and parseAny() give them');
  }
  const read = parseAnyMaze(text, what);
  if (!(read instanceof GraphMaze)) return fail('not a maze on a hex, triangle or polar grid');
  read.solving = checkSolving((value as { solving?: unknown }).solving, read, what);
  return read;
}

/**
 * A topology's grid rebuilt from what its shape records, each value
 * checked for its type and range (the reader, given the maze written out,
 * checks the crossings' places): its base (square, wrapped or not, or
 * hex), levels and crossings.
 */
function rebuildTopology(given: TopologyShape, width: number, height: number, levels: number, fail: (why: string) => never): TopologyShape {
  const base: unknown = given.base;
  const square = given.name === 'square';
  const wrapX: unknown = square ? (base as { wrapX?: unknown } | null)?.wrapX : false;
  const wrapY: unknown = square ? (base as { wrapY?: unknown } | null)?.wrapY : false;
  if (typeof wrapX !== 'boolean' || typeof wrapY !== 'boolean') return fail(`its square grid's wrap must be two booleans, got ${shownValue(wrapX)} and ${shownValue(wrapY)}`);
  if ((wrapX && width < 3) || (wrapY && height < 3)) return fail('a wrapped way must be at least 3 cells long');
  const rebuiltBase = square ? new SquareLattice(width, height, wrapX, wrapY) : makeShape('hex', width, height);
  const cells = rebuiltBase.cellCount * levels;
  const crossings: unknown = given.crossings;
  if (!Array.isArray(crossings) || crossings.length > cells) return fail('its crossings must be a list of at most one a cell');
  const checked: Crossing[] = [];
  for (const item of crossings as unknown[]) {
    const { cell, over, under } = (item ?? {}) as Record<string, unknown>;
    const whole = (v: unknown, below: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < below;
    if (!whole(cell, cells) || !whole(over, 3) || !whole(under, 3)) return fail(`its crossing ${shownValue(item)} must be { cell, over, under }, a cell of the grid and two axes`);
    checked.push({ cell, over, under });
  }
  return new TopologyShape(rebuiltBase, levels, checked);
}

/**
 * A square maze given to the library, checked by the JSON reader's rules
 * (checkMazeObject), as a new Maze of the fields it read: the walls and
 * color arrays shared (only read, but for solve's openings moved to new
 * ends), the rest its own, so that an own field the caller added (a `cellCount` or an `isIn` over the class's) is never
 * what the work goes on, and a frozen maze is never written.
 */
function checkedMaze(given: unknown, what: string): Maze {
  const checked = checkMazeObject(given, what);
  const copy = new Maze(checked.width, checked.height, checked.walls);
  const { topColor, leftColor, palette, mask, info, start, end, solution, doors, keys } = checked;
  Object.assign(copy, { topColor, leftColor, palette, mask, info, start, end, solution, doors, keys });
  copy.solving = checkSolving((given as { solving?: unknown }).solving, copy, what);
  return copy;
}

/**
 * A solver's drawing given with a maze (what `solve` with a method stored):
 * null or absent, or its method (a name of the list), whether it found the
 * end, its walk and its shaded cells, every cell one of the maze's; a copy.
 */
function checkSolving(value: unknown, maze: AnyMaze, what: string): Solving | null {
  if (value === undefined || value === null) return null;
  const fail = (why: string): never => {
    throw new MazeError(`${what}: its solving ${why}`, { code: 'invalid-maze', option: 'maze' });
  };
  if (typeof value !== 'object' || Array.isArray(value)) return fail(`must be null or what solve() stored, got ${shownValue(value)}`);
  const { method, found, walk, shaded } = value as Record<string, unknown>;
  if (typeof method !== 'string' || !(SOLVE_METHODS as readonly string[]).includes(method)) return fail(`method must be one of ${SOLVE_METHODS.join(', ')}, got ${shownValue(method)}`);
  if (typeof found !== 'boolean') return fail(`found must be true or false, got ${shownValue(found)}`);
  const view = passagesOf(maze);
  const cells = (list: unknown, name: string): Point[] => {
    if (!Array.isArray(list)) return fail(`${name} must be a list of cells, got ${shownValue(list)}`);
    return list.map((p: unknown, i) => {
      if (!Array.isArray(p) || p.length !== 2 || !p.every((v) => Number.isSafeInteger(v)) || !view.isIn(view.cellAt(p as Point))) return fail(`${name} entry ${i} must be a cell [x, y] of the maze, got ${shownValue(p)}`);
      return [p[0], p[1]] as Point;
    });
  };
  const tones: Partial<Record<ShadeTone, Point[]>> = {};
  if (shaded !== undefined) {
    if (typeof shaded !== 'object' || shaded === null || Array.isArray(shaded)) return fail(`shaded must be an object of cell lists, got ${shownValue(shaded)}`);
    for (const [tone, list] of Object.entries(shaded)) {
      if (!['filled', 'sealed', 'seen', 'once', 'twice', 'paths'].includes(tone)) return fail(`shaded has no tone ${shownValue(tone)}`);
      tones[tone as ShadeTone] = cells(list, `shaded.${tone}`);
    }
  }
  return { method, found, walk: walk === null || walk === undefined ? null : cells(walk, 'walk'), shaded: tones };
}

/**
 * Store a path found on `worked` (a checked stand-in) in the maze the
 * caller gave, where it may be written: a frozen maze keeps what it had,
 * and the path is only returned (solve's result is the path, not a maze).
 */
function storePath(given: AnyMaze, worked: AnyMaze): void {
  if (given === worked) return;
  for (const key of ['start', 'end', 'solution', 'solving'] as const) Reflect.set(given, key, worked[key]);
}

/** `solve` in steps(): true (the shortest path), or a solving method's name, whose steps follow the growth (kept out of generate's bundle). */
function checkStepsSolve(value: unknown, name: string): boolean | SolveMethod {
  if (typeof value !== 'string') return checkBoolean(value, name);
  return checkChoice(value, name, SOLVE_METHODS);
}

/**
 * How the maze `generate` makes for the same options grows, step by step
 * (SPEC "Watching a maze grow"): plain objects, the starting grid first,
 * then the algorithm's walls opened or added (and colors, and the cells it
 * works on), then braiding, the ends, the openings, and with `solve` the
 * search spreading from the start and the path. Replayed in order
 * (`replaySteps`, or a `Replay` one step at a time), they end on that maze.
 * The options are checked at once; each iteration makes the steps again,
 * the same ones (with no `seed`, one is drawn now, for every iteration).
 */
export function steps(options: GenerateOptions | (Omit<GenerateOptions, 'solve'> & { solve?: boolean | SolveMethod }) = {}): Iterable<Step> {
  const { spec, seed } = specFromOptions(options, true, checkStepsSolve);
  // a method's steps (solve: 'tremaux') are the solvers' to tell
  if (typeof spec.solve === 'string') registerMethodSolver(solveForSpec);
  const drawn = seed ?? drawSeed();
  // a shaped grid's steps (and a topology's) open its cells' sides (passage steps) from a grid with every side closed
  if (otherShapeOf(spec) !== null || topologyOf(spec) !== null) return { [Symbol.iterator]: () => shapeMazeSteps(spec, drawn)[Symbol.iterator]() };
  checkMazeSteps(spec);
  return { [Symbol.iterator]: () => mazeSteps(spec, drawn) };
}

const RENDER_NAMES = ['tile', 'wall', 'style', 'fg', 'bg', 'theme', 'pathColor', 'color', 'paper', 'maxPixels', 'distances', ...FAB_NAMES];

/** A distance map asked of a format that does not draw one, refused as the command line refuses it. */
function checkDistances(formats: readonly Format[], format: Format, drawing: { distances?: boolean }): void {
  if (drawing.distances !== true || format.reads.includes('distances')) return;
  const able = formats.filter((f) => f.reads.includes('distances')).map((f) => f.name);
  throw new MazeError(`distances applies to ${listChoices(able)}, not to ${format.name}`, { code: 'unknown-option', option: 'distances' });
}

function renderPlan(formats: readonly Format[], given: unknown, formatName: unknown, options: unknown): { format: Format; chunks: Iterable<Chunk> | AsyncIterable<Chunk> } {
  // the maze checked first (its message before the options'), then the format and its options, alike on every grid
  const shaped = given instanceof GraphMaze ? checkGraphMazeObject(given, 'render') : null;
  const square = shaped === null ? checkedMaze(given, 'render') : null;
  const format = formatNamed(formatName, formats);
  const values = optionsObject(options, 'render');
  checkKnownNames(values, RENDER_NAMES, 'render');
  const { options: drawing, maxPixels } = renderOptionsFrom(values);
  checkDistances(formats, format, drawing);
  if (square === null) {
    if (!format.renderGraph) {
      const able = formats.filter((f) => f.renderGraph).map((f) => f.name);
      throw new MazeError(`the ${format.name} format draws square mazes only; render the ${shaped!.shapeName} maze as ${able.join(', ')}`, { code: 'impossible', option: 'format' });
    }
    checkShapeDrawing(format, shaped!, drawing, maxPixels);
  } else {
    format.checkSize?.(square.width, square.height, drawing);
    checkPixelBudget(format.pixels?.(square.width, square.height, drawing), square.width, square.height, drawing.tile, maxPixels);
  }
  // a saved maze solved by a method holds its name only: the method walks again on the copy, as maze render does
  redrawSolving(shaped ?? square!);
  return { format, chunks: square === null ? format.renderGraph!(shaped!, drawing) : format.render(square, drawing) };
}

/** The output of `format` in pieces, as they are made: a big picture never has to be held whole. */
export async function* renderChunksWith(formats: readonly Format[], maze: AnyMaze, formatName: string, options?: unknown): AsyncGenerator<Uint8Array> {
  const { chunks } = renderPlan(formats, maze, formatName, options);
  const encoder = new TextEncoder();
  for await (const chunk of chunks) yield typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
}

/** The whole output of `format`, the bytes `maze gen` would write. */
export async function renderWith(formats: readonly Format[], maze: AnyMaze, formatName: string, options?: unknown): Promise<Uint8Array> {
  // checked before the first await, so that a bad value rejects at once
  const { chunks } = renderPlan(formats, maze, formatName, options);
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
  return concatBytes(parts);
}

/** A maze of any grid given to the library, checked by the JSON reader's rules: a stand-in the work goes on. */
/** A maze of either model given to the library, checked as the JSON reader checks a file (a copy: the caller's is left alone). */
export function checkedAnyMaze(given: unknown, what: string): AnyMaze {
  return given instanceof GraphMaze ? checkGraphMazeObject(given, what) : checkedMaze(given, what);
}

/** The maze and the cells a path runs between, checked: `what` names the caller in messages. */
function pathEnds(given: unknown, options: unknown, what: string, more: readonly string[] = []): { maze: AnyMaze; start: Point; end: Point } {
  const maze = checkedAnyMaze(given, what);
  const values = optionsObject(options, what);
  checkKnownNames(values, ['ends', 'from', 'to', 'maxCells', ...more], what);
  // a shaped maze's cells counted as one row: the same limit on the cells
  if (maze instanceof GraphMaze) checkSolveSize(maze.cellCount, 1, maxCellsFrom(values), what);
  else checkSolveSize(maze.width, maze.height, maxCellsFrom(values), what);
  const optional = <T>(name: string, check: (value: unknown, name: string) => T): T | null => (values[name] === undefined ? null : check(values[name], name));
  const ends = { ends: optional('ends', (v, n) => checkChoice(v, n, END_MODES)), from: optional('from', checkCell), to: optional('to', checkCell) };
  return { maze, ...endpoints(maze, ends) };
}

/**
 * The shortest path from `from` to `to` (default: the maze's own ends, else
 * the corners), as `maze solve` finds it; like `maze solve` it is stored in
 * the maze (start, end, solution), so that `render` draws it. A frozen maze
 * is left as it is: the path is only returned.
 */
export function solve(maze: AnyMaze, options?: EndsOptions): Point[];
/**
 * Solve with a method of SPEC "Solvers" (`shortest`, `tremaux`,
 * `dead-end-fill`, …): the path it found (null when it did not reach the
 * end: a wall follower around an island, a random mouse past its bound),
 * a walker's walk, and its figures. Like `maze solve --method`, it stores
 * the path and what the method leaves to draw in the maze, so that
 * `render` draws them; a frozen maze is left as it is.
 */
export function solve(maze: AnyMaze, options: SolveOptions & { method: SolveMethod }): SolveReport;
export function solve(maze: AnyMaze, options: SolveOptions = {}): Point[] | SolveReport {
  // solved on the checked copy, then stored where the maze given may be written
  const { maze: worked, start, end } = pathEnds(maze, options, 'solve', ['method', 'seed']);
  // own properties only, as every option is read (an inherited `method` made solve return a report)
  const values = optionsObject(options, 'solve');
  const old = { start: worked.start, end: worked.end };
  // a frozen maze is not written: nor are its openings moved
  const store = (): void => {
    if (Object.isFrozen(maze)) return;
    moveOpenings(worked, old);
    // a shaped maze's passages were read into a copy (a square one's walls are shared): its openings, moved, go back
    if (maze instanceof GraphMaze && worked !== maze) maze.passages.set((worked as GraphMaze).passages);
    storePath(maze, worked);
  };
  if (values.method === undefined) {
    if (values.seed !== undefined) throw new MazeError('seed applies with method (the random mouse draws from it), not without it', { code: 'impossible', option: 'seed' });
    worked.solving = null;
    solveMaze(worked, start, end);
    store();
    // a copy: the path stored in the maze is its own, and a change to the one returned cannot break it (a sweep)
    return worked.solution!.map(([x, y]) => [x, y]);
  }
  const method = findSolver(checkChoice(values.method, 'method', SOLVE_METHODS))!;
  const seed = values.seed === undefined ? undefined : checkSeed(values.seed);
  const result = solveMazeWith(worked, start, end, method, { seed });
  store();
  const view = passagesOf(worked);
  const points = (cells: Int32Array | null): Point[] | null => (cells ? Array.from(cells, (c) => view.pointOf(c)) : null);
  return {
    method: method.name as SolveMethod,
    found: result.found,
    outcome: result.outcome,
    path: points(result.path),
    walk: points(result.walk),
    steps: result.stepCount,
    visited: result.visited,
    pathLength: result.path ? result.path.length : null,
    mostVisits: result.mostVisits,
  };
}

/** What `solve` takes: where the path runs, and with `method` the seed a random method draws from (default the maze's own). */
export interface SolveOptions extends EndsOptions {
  method?: SolveMethod;
  seed?: string | number;
}

/** What `solve` with a method gives: as `maze solve --method M --report --json` prints, with the path and walk as cells. */
export interface SolveReport {
  method: SolveMethod;
  found: boolean;
  /** found, or why not: no-path, repeated (a walker back where it had been), gave-up (past its bound). */
  outcome: Outcome;
  path: Point[] | null;
  walk: Point[] | null;
  /** Moves walked (a walker), or the cells the method worked on. */
  steps: number;
  visited: number;
  pathLength: number | null;
  mostVisits: number;
}

/** What `maze stats --json` prints: dead ends, junctions, loops, solution length, longest path, and the analysis (`analyze`). */
export function stats(maze: AnyMaze, options: EndsOptions = {}): MazeStats {
  const { maze: checked, start, end } = pathEnds(maze, options, 'stats');
  return mazeReport(checked, start, end);
}

/**
 * How a maze is built (SPEC "Analysis and difficulty"): turns and
 * straightaways, junctions by degree, dead ends and their lengths, and
 * between its ends (as `solve` picks them) elitism, decision points, the
 * false paths and the bottlenecks, and the difficulty from 0 to 1
 * (analysis/difficulty.ts); every grid.
 */
export function analyze(maze: AnyMaze, options: EndsOptions = {}): MazeAnalysis & { difficulty: number } {
  const { maze: checked, start, end } = pathEnds(maze, options, 'analyze');
  const analysis = analyzeMaze(checked, start, end);
  return { ...analysis, difficulty: mazeDifficulty(checked, start, end, analysis) };
}

/** The grid `count` counts the perfect mazes of: `generate`'s size, shape and mask. */
export interface CountOptions {
  /** Columns (polar: rings); default 30. */
  width?: number;
  /** Rows (not polar); default 20. */
  height?: number;
  shape?: ShapeName;
  mask?: readonly string[] | MaskCells;
}

/**
 * How many perfect mazes the grid has (`maze count`): its spanning trees,
 * exactly, by Kirchhoff's matrix-tree theorem (analysis/count.ts). A grid
 * whose count would take more than a few seconds is refused
 * (`too-large`); a 30 × 30 square takes about 1.5 s.
 */
export function count(options: CountOptions = {}): bigint {
  const values = optionsObject(options, 'count');
  checkKnownNames(values, ['width', 'height', 'shape', 'mask'], 'count');
  return countOfSpec(specFromOptions(values).spec);
}

/** How `fitMask` fits a mask: the size (one side given, the other keeps its aspect), invert, regions. */
export interface FitMaskOptions {
  width?: number;
  height?: number;
  /** Swap the cells in and out. */
  maskInvert?: boolean;
  /** Cells in several regions: `one` (default) refuses them, `largest` keeps the largest. */
  maskRegions?: MaskRegionsMode;
  /**
   * The grid the mask goes over: on hex, triangle and polar grids it is laid
   * over the picture at its own size (`generate` chooses the size that keeps
   * its aspect), inverted, and that grid's own neighbours count its regions
   * when the maze is made, as `maze gen --shape … --mask` does.
   */
  shape?: ShapeName;
}

/**
 * A mask fitted as `maze gen --mask` fits a mask file (`--w`, `--h`,
 * `--mask-invert`, `--mask-regions`): scaled by nearest neighbour at each
 * cell's centre, inverted, its largest region kept; for `generate`'s `mask`.
 * Apart from `generate`, so that a page that makes no masks does not carry it.
 */
export function fitMask(mask: readonly string[] | MaskCells, options: FitMaskOptions = {}): Mask {
  const values = optionsObject(options, 'fitMask');
  checkKnownNames(values, ['width', 'height', 'maskInvert', 'maskRegions', 'shape'], 'fitMask');
  const optional = <T>(name: string, check: (value: unknown, name: string) => T): T | null => (values[name] === undefined ? null : check(values[name], name));
  const width = optional('width', (v, n) => checkInteger(v, n, 1, MAX_MASK_CELLS));
  const height = optional('height', (v, n) => checkInteger(v, n, 1, MAX_MASK_CELLS));
  const onShape = (optional('shape', (v, n) => checkChoice(v, n, SHAPE_NAMES)) ?? 'square') !== 'square';
  const raw = checkMaskValue(mask, 'mask');
  return shapeMask(raw, {
    // over another grid the mask keeps its own size: the size is the maze's (generate's width and height)
    width: onShape ? raw.width : width,
    height: onShape ? raw.height : height,
    invert: optional('maskInvert', checkBoolean) ?? false,
    regions: optional('maskRegions', (v, n) => checkChoice(v, n, MASK_REGIONS)) ?? 'one',
    source: 'the mask',
    onShape,
  });
}

/** A maze saved as JSON (`maze gen -o m.json`), checked as `maze render` checks it. */
export function parse(jsonText: string, source = 'input'): Maze {
  return atFault(() => parseMaze(jsonText, typeof source === 'string' ? source : 'input'));
}

/** Read a saved maze of any grid (a file with "shape" names its grid). */
export function parseAny(jsonText: string, source = 'input'): AnyMaze {
  return atFault(() => parseAnyMaze(jsonText, typeof source === 'string' ? source : 'input'));
}

/** A refusal of the text given to parse names `maze` as the option at fault, as the README says, when it names none (a sweep). */
function atFault<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof MazeError) || error.option !== undefined) throw error;
    throw new MazeError((n) => error.wordedFor(n), { code: error.code, option: 'maze' });
  }
}

/**
 * The start and end the web generator of Miklix's page suggests (seed 002):
 * the two ends of the longest path, found by a double sweep (a search from
 * the top-left cell ends on a farthest cell, a second search from there on
 * the other end), exact on a perfect maze. It only names them: set them as
 * the maze's ends with `solve(maze, farthestEnds(maze))`.
 */
export function farthestEnds(maze: AnyMaze): { from: Point; to: Point } {
  // the double sweep of `--ends farthest` and of `maze stats`' longest path
  const { start, end } = longestEnds(checkedAnyMaze(maze, 'farthestEnds'));
  return { from: start, to: end };
}
