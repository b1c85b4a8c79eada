/**
 * The maze spec (STYLE "One spec, then a straight pipeline"): what a maze
 * is asked for, as plain typed data. The command line makes one from its
 * flags (cli/commands/args.ts), the library from its caller's options
 * object (`specFromOptions`); either is checked once (`checkSpec`), and
 * batch workers and the page take it as it is. After that nothing parses
 * text: `makeMaze` reads generate → braid → ends → openings → solve.
 * Options are named here as the library names them (`width`); the command
 * line maps them to its flags in one table.
 */
import { algorithms, DEFAULT_ALGORITHM, findAlgorithm } from '../algorithms/index.js';
import type { AlgorithmName, AlgorithmOptions } from '../algorithms/index.js';
import type { Algorithm, Size } from '../algorithms/types.js';
import { worksOnMask } from '../algorithms/types.js';
import { didYouMean, listChoices, MazeError } from '../errors.js';
import type { Point } from '../model/maze.js';
import { Maze } from '../model/maze.js';
import { checkCountWork, countPerfectMazes } from '../analysis/count.js';
import { MAX_CELLS } from '../model/maze.js';
import type { Mask } from '../model/mask.js';
import { checkMaskCells, firstCell, inMask, maskFromRows, maskOf, MAX_MASK_CELLS, rowsSize } from '../model/mask.js';
import { braid } from '../passages/braid.js';
import type { EndMode } from '../passages/ends.js';
import { cornerEnds, END_MODES, endsSeed, openBorder, pickEnds } from '../passages/ends.js';
import type { MazeRows } from '../model/rows.js';
import { streamedRows } from '../model/rows.js';
import { solveMaze, spreadSearch } from '../passages/solve.js';
import type { GridStep, Step, StepSink } from '../model/steps.js';
import { clearStep, StepLog } from '../model/steps.js';
import { checkBoolean, checkCell, checkCellInGrid, checkChoice, checkInteger, recordValue, shownValue } from '../model/options.js';
import type { SolveMethod } from '../solvers/names.js';
import { isMove, stepMark } from '../solvers/types.js';
import { GraphGrid, GraphMaze, makeShape, shapeCellCount, shapeMaskCells, shapeSizeForMask } from '../grid/graph-maze.js';
import type { GraphSteps } from '../grid/graph-maze.js';
import { openSide } from '../grid/replay.js';
import type { GraphShapeName, ShapeName } from '../grid/shape.js';
import { SHAPE_NAMES } from '../grid/shape.js';
import type { AnyMaze } from '../passages/view.js';
import type { Shape } from '../grid/shape.js';
import type { TopologySpec, Wrap } from '../grid/topology.js';
import { MAX_LEVELS, SquareLattice, topologyShape, TopologyGrid, TopologyShape, WRAPS } from '../grid/topology.js';
import { startingMaze, topologyRecord } from '../grid/topology-record.js';
import type { Meter, Tick } from '../tick.js';
import { metered, SILENT_METER } from '../tick.js';
import { Rng } from '../rng.js';
import { checkSolveSize, MAX_SOLVE_CELLS } from '../formats/render-options.js';

export const DEFAULT_WIDTH = 30;
export const DEFAULT_HEIGHT = 20;
/** The algorithm of a maze on a non-square grid when none is asked for: the default (trees) draws squares only. */
export const DEFAULT_SHAPE_ALGORITHM = 'backtracker';

/** Tallest maze that streams: any height a number counts exactly. */
export const MAX_HEIGHT = Number.MAX_SAFE_INTEGER;

/** What every maze is asked for besides its algorithm's own options. */
export interface SpecCommon {
  width: number;
  height: number;
  /**
   * The cells that are part of the maze (SPEC "Masks"), fitted to width ×
   * height, in one region; null for every cell (a mask with every cell in
   * is none). Plain data, so that a batch worker gets it as it is.
   */
  mask: Mask | null;
  /** Which ends `ends` picks (`from` and `to` win), or null for none stored. */
  ends: EndMode | null;
  from: Point | null;
  to: Point | null;
  /** The share of dead ends removed, 0 to 1 (0: none, and no draws). */
  braid: number;
  /** Open the border beside the start and the end. */
  openings: boolean;
  /**
   * Find a path and store it: true for the shortest (breadth-first), or the
   * name of another solving method (SPEC "Solvers"), whose drawing is stored
   * with it. 'shortest' is true.
   */
  solve: boolean | SolveMethod;
  /**
   * The grid's shape (SPEC "Grid shapes"); absent or square: the seed's
   * square grid. Polar: `width` rings around a centre, `height` 1.
   */
  shape?: ShapeName;
  /** Topologies (SPEC "Topologies"): wrapped edges (square), levels (1: none), the crossings' share (0: none). */
  wrap?: Wrap | null;
  levels?: number;
  weave?: number;
  /**
   * A difficulty from 0 to 1 to make the maze to (SPEC "Analysis and
   * difficulty"): the algorithm (growing-tree's pick) and the ends are then
   * chosen by analysis/steer.ts, and the maze records them; absent: none.
   */
  difficulty?: number;
}

/** The words `difficulty` takes besides a number. */
export const DIFFICULTY_WORDS = Object.freeze({ easy: 0.25, medium: 0.5, hard: 0.75 });

/** `difficulty`: a number from 0 to 1 (the command line's text or a library number), or easy, medium, hard. */
export function checkDifficulty(value: unknown, name: string): number {
  const text = typeof value === 'string' ? value.trim().toLowerCase() : null;
  const v = text === null ? value : Object.hasOwn(DIFFICULTY_WORDS, text) ? DIFFICULTY_WORDS[text as 'easy'] : /^(0|1)?(\.\d+)?$/.test(text) && text !== '' ? Number(text) : NaN;
  if (typeof v !== 'number' || !(v >= 0 && v <= 1)) throw new MazeError((n) => `${n(name)} must be a number from 0 to 1 or easy, medium or hard, got ${shownValue(value)}`, { code: 'invalid-value', option: name });
  return v;
}

/** With a difficulty, the algorithm, its pick and the ends are its dials: any of them given is refused. */
export function checkDifficultyAlone(given: (name: string) => boolean): void {
  for (const name of ['algorithm', 'pick', 'ends', 'from', 'to']) {
    if (given(name)) {
      throw new MazeError((n) => `${n('difficulty')} chooses the algorithm and the ends itself: leave out ${n(name)}`, { code: 'impossible', option: name });
    }
  }
}

/** A maze asked for: one algorithm with its own options, typed, and what every maze takes. */
export type MazeSpec = { [N in AlgorithmName]: SpecCommon & { algorithm: N; options: AlgorithmOptions<N> } }[AlgorithmName];

/** A spec's algorithm options as the registry's erased algorithms take them. */
function ownOptions(spec: MazeSpec): Record<string, unknown> {
  return spec.options as Record<string, unknown>;
}

/**
 * The size an algorithm is given: its mask an own field, undefined when
 * none, so that an algorithm reading `size.mask` never finds one a page
 * put on Object.prototype.
 */
function sizeOf(spec: MazeSpec): Size {
  return { width: spec.width, height: spec.height, mask: spec.mask ?? undefined };
}

/** The registry's entry for a spec's algorithm. */
export function algorithmOf(spec: MazeSpec): Algorithm {
  return findAlgorithm(spec.algorithm)!;
}

/** No reason given: the maze is simply made whole (the library's generate). */
export const WHOLE = '';

/**
 * Check what no single value can tell: the size against the memory limit
 * (a maze over MAX_CELLS is refused, saying why it must be whole —
 * `whole`, such as "kruskal needs" — unless it streams, `whole` null), the
 * algorithm's own limits (more trunks than fit), the ends inside the grid.
 */
export function checkSpec(spec: MazeSpec, whole: string | null = WHOLE): void {
  const topology = topologyOf(spec);
  if (topology !== null) return checkTopologySpec(spec, topology);
  const shape = otherShapeOf(spec);
  if (shape !== null) return checkShapeSpec(spec, shape);
  const { width, height } = spec;
  if (width * height > MAX_CELLS && whole !== null) {
    throw new MazeError(
      (n) =>
        `${width} × ${height} is ${width * height} cells, over the limit of ${MAX_CELLS} for a maze held whole in memory${whole === WHOLE ? '' : `, which ${whole}`}; make ${n('width')} or ${n('height')} smaller`,
      { code: 'too-large', option: 'width' },
    );
  }
  const algorithm = algorithmOf(spec);
  const { mask } = spec;
  if (mask) {
    if (mask.width !== width || mask.height !== height) throw new RangeError(`a ${mask.width} × ${mask.height} mask on a ${width} × ${height} maze`);
    if (!worksOnMask(algorithm)) {
      const able = algorithms.filter(worksOnMask).map((a) => a.name);
      throw new MazeError(`${algorithm.name} cannot make a maze over a mask; these can: ${listChoices(able)}`, { code: 'impossible', option: 'algorithm' });
    }
  }
  algorithm.validate?.(sizeOf(spec), ownOptions(spec));
  if (spec.from) checkCellInMaze(spec.from, 'from', width, height, mask);
  if (spec.to) checkCellInMaze(spec.to, 'to', width, height, mask);
  if (algorithm.ownEnds) checkOwnEnds(spec, algorithm.name, true);
}

/**
 * Refuse --ends, --from and --to for mazes that keep their own entrance and
 * exit (zones): its locks are laid out from one to the other, so other ends
 * could skip a key or need one beyond reach. One message for a maze being
 * made and a saved one (`what` names it: the algorithm, or the saved maze's).
 */
export function checkOwnEnds(ends: { ends: EndMode | null; from: Point | null; to: Point | null }, what: string, made = false): void {
  const moved = ends.ends !== null ? 'ends' : ends.from !== null ? 'from' : ends.to !== null ? 'to' : null;
  if (moved === null) return;
  // a maze being made may be made by another algorithm, whose ends are the user's (maze play makes zones unless told)
  throw new MazeError((n) => `${n(moved)} does not apply to ${what}: its mazes keep their own entrance (top left) and exit (bottom right)${made ? `; another ${n('algorithm')} takes them` : ''}`, {
    code: 'impossible',
    option: moved,
  });
}

/** A saved maze with keys and doors: its ends are where its keys were laid out from (see `checkOwnEnds`). */
function checkSavedEnds(maze: Pick<Maze, 'keys' | 'doors'>, ends: { ends: EndMode | null; from: Point | null; to: Point | null }): void {
  if ((maze.keys?.length ?? 0) > 0 || (maze.doors?.length ?? 0) > 0) checkOwnEnds(ends, 'zones');
}

/** A spec's shape other than the square (hex, triangle, polar), or null for the square grid. */
export function otherShapeOf(spec: Pick<SpecCommon, 'shape'>): GraphShapeName | null {
  // its own field only: a page that added `shape` to Object.prototype leaves square specs square
  const shape = Object.hasOwn(spec, 'shape') ? spec.shape : undefined;
  return shape === undefined || shape === 'square' ? null : shape;
}

/** A spec's topology (own fields only), or null for a plain grid. */
export function topologyOf(spec: Pick<SpecCommon, 'wrap' | 'levels' | 'weave'>): TopologySpec | null {
  const own = <K extends 'wrap' | 'levels' | 'weave'>(key: K): SpecCommon[K] | undefined => (Object.hasOwn(spec, key) ? spec[key] : undefined);
  const topology = { wrap: own('wrap') ?? null, levels: own('levels') ?? 1, weave: own('weave') ?? 0 };
  return topology.wrap === null && topology.levels === 1 && topology.weave === 0 ? null : topology;
}

/** Whether a spec's maze is a graph of cells and passages (a shape's, or a topology's), not the seed's wall arrays. */
export function isGraphSpec(spec: MazeSpec): boolean {
  return otherShapeOf(spec) !== null || topologyOf(spec) !== null;
}

/** The base grid of a spec's topology: the square lattice (wrapped as asked) or its shape. */
function topologyBase(spec: MazeSpec, topology: TopologySpec): Shape {
  const shape = otherShapeOf(spec);
  if (shape !== null) return makeShape(shape, spec.width, spec.height);
  return new SquareLattice(spec.width, spec.height, topology.wrap === 'x' || topology.wrap === 'xy', topology.wrap === 'y' || topology.wrap === 'xy');
}

/** A spec's grid as a shape (its crossings drawn from `seed`), or null for the square's wall arrays. */
export function specShape(spec: MazeSpec, seed = ''): Shape | null {
  const topology = topologyOf(spec);
  if (topology === null) {
    const shape = otherShapeOf(spec);
    return shape === null ? null : makeShape(shape, spec.width, spec.height);
  }
  const base = topologyBase(spec, topology);
  const kept = baseMaskCells(spec, base);
  const mask = kept === null ? null : levelMask(kept, topology.levels);
  return topologyShape(base, topology, mask, seed);
}

/** How many cells a spec's graph has (a shape's, times its levels). */
export function specCellCount(spec: MazeSpec): number {
  const shape = otherShapeOf(spec);
  const base = shape === null ? spec.width * spec.height : shapeCellCount(shape, spec.width, spec.height);
  return base * (topologyOf(spec)?.levels ?? 1);
}

/** The cells a mask keeps on one level of a topology's base: the square's as fitted, a shape's as laid over its picture. */
function baseMaskCells(spec: MazeSpec, base: Shape): Uint8Array | null {
  if (!spec.mask) return null;
  return base instanceof SquareLattice ? spec.mask.cells : shapeMaskCells(base, spec.mask);
}

/** A level's mask repeated on every level. */
function levelMask(cells: Uint8Array, levels: number): Uint8Array {
  const all = new Uint8Array(cells.length * levels);
  for (let l = 0; l < levels; l++) all.set(cells, l * cells.length);
  return all;
}

/** checkSpec for a topology: square (wrap, levels, weave) or hex (levels, weave), an algorithm that carves any grid, a size that fits. */
function checkTopologySpec(spec: MazeSpec, topology: TopologySpec): void {
  const shape = otherShapeOf(spec);
  const asked = topology.wrap !== null ? 'wrap' : topology.weave > 0 ? 'weave' : 'levels';
  if (shape !== null && (shape !== 'hex' || topology.wrap !== null)) {
    const what = topology.wrap !== null ? 'square grids' : 'square and hex grids';
    throw new MazeError((n) => `${n(asked)} works on ${what}, not on a ${shape} grid (${n('shape')} ${shape})`, { code: 'impossible', option: asked });
  }
  const algorithm = algorithmOf(spec);
  if (!algorithm.carve) {
    throw new MazeError((n) => `${algorithm.name} makes plain grids only; with ${n(asked)} use ${listChoices(shapeAlgorithms())}`, { code: 'impossible', option: 'algorithm' });
  }
  if (topology.wrap !== null) {
    for (const [axis, side, name] of [['x', spec.width, 'width'], ['y', spec.height, 'height']] as const) {
      if (topology.wrap.includes(axis) && side < 3) {
        throw new MazeError((n) => `a maze wrapped along ${axis} (${n('wrap')} ${topology.wrap}) must be at least 3 cells that way, so that no two cells meet twice; make ${n(name)} 3 or more`, { code: 'impossible', option: name });
      }
      if (topology.wrap.includes(axis) && topology.weave > 0 && side < 4) {
        throw new MazeError((n) => `a woven maze wrapped along ${axis} (${n('wrap')} ${topology.wrap}) must be at least 4 cells that way: 3 round, a tunnel's two ends would meet across the seam as well as under its bridge; make ${n(name)} 4 or more, or leave out ${n('weave')}`, { code: 'impossible', option: name });
      }
    }
  }
  if (topology.wrap === 'xy' && spec.openings && !spec.mask) {
    throw new MazeError((n) => `${n('openings')} opens the border beside an end, and a maze wrapped both ways (${n('wrap')} xy) has none; leave out ${n('openings')}, wrap one way, or give a ${n('mask')}`, { code: 'impossible', option: 'openings' });
  }
  const cells = specCellCount(spec);
  if (cells > MAX_CELLS) {
    throw new MazeError((n) => `that grid has ${cells} cells over its levels, over the limit of ${MAX_CELLS} for a maze held whole in memory; make ${n('width')}, ${n('height')} or ${n('levels')} smaller`, { code: 'too-large', option: 'width' });
  }
  algorithm.validate?.({ width: spec.width, height: spec.height, mask: undefined }, ownOptions(spec));
  const probe = new TopologyShape(topologyBase(spec, topology), topology.levels);
  const base = probe.base;
  const kept = baseMaskCells(spec, base);
  if (kept !== null && !kept.includes(1)) {
    throw new MazeError((n) => `no cell of the grid is on the ${n('mask')}'s cells; make the mask's shapes larger`, { code: 'impossible', option: 'mask' });
  }
  for (const [name, point] of [['from', spec.from], ['to', spec.to]] as const) {
    if (!point) continue;
    const c = probe.cellAt(point[0], point[1]);
    if (c < 0) throw notLevelsCell(name, point, spec.width, spec.height, topology.levels);
    if (kept !== null && kept[c % probe.perLevel] !== 1) throw outsideLevelsMask(name, point);
  }
}

/** An end off a topology's grid, its levels' rows counted on (`maze gen` and `maze solve` alike). */
function notLevelsCell(name: 'from' | 'to', point: Point, width: number, height: number, levels: number): MazeError {
  return new MazeError((n) => `${n(name)} ${point.join(',')} is not a cell of the grid (x from 0 to ${width - 1}, y from 0 to ${height * levels - 1}: level l's rows are l·${height} onwards)`, { code: 'invalid-value', option: name });
}

/** An end on a topology's grid but off its mask. */
function outsideLevelsMask(name: 'from' | 'to', point: Point): MazeError {
  return new MazeError((n) => `${n(name)} ${point.join(',')} is outside the mask: pick a cell of the maze`, { code: 'invalid-value', option: name });
}

/** A spec's topology fields, only those asked for (a plain spec stays as it always was). */
export function topologyFields(wrap: Wrap | null, levels: number | null, weave: number | null): Pick<SpecCommon, 'wrap' | 'levels' | 'weave'> {
  const fields: Pick<SpecCommon, 'wrap' | 'levels' | 'weave'> = {};
  if (wrap !== null) fields.wrap = wrap;
  if (levels !== null && levels > 1) fields.levels = levels;
  if (weave !== null && weave > 0) fields.weave = weave;
  return fields;
}

/** A library's or command line's wrap: x, y or xy. */
export function checkWrap(value: unknown, name: string): Wrap {
  return checkChoice(value, name, WRAPS);
}

/** Levels: a whole number from 1 to MAX_LEVELS. */
export function checkLevels(value: unknown, name: string): number {
  return checkInteger(value, name, 1, MAX_LEVELS);
}

/** The algorithms that work on every shape: those that carve through the grid interface. */
export function shapeAlgorithms(): string[] {
  return algorithms.filter((a) => a.carve !== undefined).map((a) => a.name);
}

/** checkSpec for a maze on a non-square grid: an algorithm that carves any grid, a size that fits, ends on its cells. */
function checkShapeSpec(spec: MazeSpec, shape: GraphShapeName): void {
  const algorithm = algorithmOf(spec);
  if (!algorithm.carve) {
    const working = shapeAlgorithms();
    throw new MazeError(
      (n) => `${algorithm.name} makes square mazes only; on a ${shape} grid (${n('shape')} ${shape}) use ${working.length > 0 ? listChoices(working) : 'square'}`,
      { code: 'impossible', option: 'shape' },
    );
  }
  if (shape === 'triangle' && spec.width === 1 && spec.height > 2) {
    // (0, 1) points down and (0, 2) up: they share only a corner, and so does every other pair down the column
    throw new MazeError((n) => `a triangle grid one cell wide falls apart into pairs of triangles; make ${n('width')} 2 or more, or ${n('height')} at most 2`, {
      code: 'impossible',
      option: 'width',
    });
  }
  const cells = shapeCellCount(shape, spec.width, spec.height);
  if (cells > MAX_CELLS) {
    throw new MazeError((n) => `a ${shape} grid of that size has ${cells} cells, over the limit of ${MAX_CELLS} for a maze held whole in memory; make ${n('width')}${shape === 'polar' ? '' : ` or ${n('height')}`} smaller`, {
      code: 'too-large',
      option: 'width',
    });
  }
  algorithm.validate?.({ width: spec.width, height: spec.height, mask: undefined }, ownOptions(spec));
  const kept = spec.mask ? shapeMaskCells(makeShape(shape, spec.width, spec.height), spec.mask) : null;
  if (kept !== null && !kept.includes(1)) {
    throw new MazeError((n) => `no cell of the ${shape} grid has its centre on the ${n('mask')}'s cells; make the mask's shapes larger`, { code: 'impossible', option: 'mask' });
  }
  if (spec.from || spec.to) {
    const grid = makeShape(shape, spec.width, spec.height);
    for (const [name, point] of [['from', spec.from], ['to', spec.to]] as const) {
      const c = point ? grid.cellAt(point[0], point[1]) : 0;
      if (point && c < 0) {
        throw new MazeError((n) => `${n(name)} ${point.join(',')} is not a cell of the ${shape} grid (${shapeCoordinates(shape, spec.width, spec.height)})`, { code: 'invalid-value', option: name });
      }
      if (point && kept !== null && kept[c] !== 1) {
        const [x, y] = grid.pointOf(kept.indexOf(1));
        throw new MazeError((n) => `${n(name)} ${point.join(',')} is outside the mask: pick a cell of the maze (such as ${x},${y})`, { code: 'invalid-value', option: name });
      }
    }
  }
}

/** How a shape's cells are numbered, for a message. */
function shapeCoordinates(shape: ShapeName, width: number, height: number): string {
  if (shape === 'polar') return `x along ring y, y from 0 (the centre) to ${width}`;
  return `x from 0 to ${width - 1}, y from 0 to ${height - 1}`;
}

/**
 * The maze of a spec on a non-square grid for one seed: the algorithm
 * carves the shape's graph, then braid, ends, openings and solution, in
 * buildMaze's order and with its draws.
 */
export function makeGraphMaze(spec: MazeSpec, seed: string, meter: Meter = SILENT_METER, told?: GraphSteps): GraphMaze {
  const algorithm = algorithmOf(spec);
  const rng = new Rng(seed);
  const shape = specShape(spec, seed)!;
  // a weave on one square level starts with its forced passages open, copied from its shape
  const opened = shape instanceof TopologyShape ? shape.startingPassages() : null;
  const maze = new GraphMaze(shape, opened ?? undefined);
  if (spec.mask) maze.mask = shape instanceof TopologyShape ? levelMask(baseMaskCells(spec, shape.base)!, shape.levels) : shapeMaskCells(shape, spec.mask);
  if (maze.mask !== null && !maze.mask.includes(0)) maze.mask = null;
  const grid = shape instanceof TopologyShape && shape.crossingCells.length > 0 ? new TopologyGrid(maze, told, opened !== null) : new GraphGrid(maze, told);
  metered(meter, maze.cellCount, 'cells generated', (tick) => algorithm.carve!(grid, ownOptions(spec), rng, tick));
  finishMaze(maze, spec, seed, rng, meter, maze.cellCount, undefined, told?.solved && ((steps) => told.solved!(steps)));
  return maze;
}

/** The maze of a spec on any grid for one seed: the square's own pipeline (its walls, colors and fast paths) or a shape's. */
export function makeAnyMaze(spec: MazeSpec, seed: string, meter: Meter = SILENT_METER): AnyMaze {
  if (spec.difficulty !== undefined) {
    if (difficultyMaker === null) throw new MazeError('difficulty needs enableDifficulty() called once first', { code: 'impossible', option: 'difficulty' });
    return difficultyMaker(spec, spec.difficulty, seed, meter);
  }
  return isGraphSpec(spec) ? makeGraphMaze(spec, seed, meter) : makeMaze(spec, seed, meter);
}

/**
 * How a spec with a difficulty is made (lib/difficulty.ts, which scores
 * candidates by walking the solvers' random mouse and wall followers):
 * given by the command line, its batch workers and the library's
 * enableDifficulty, as the method solver is, so that a page that only
 * generates never bundles the solvers.
 */
export type DifficultyMaker = (spec: MazeSpec, target: number, seed: string, meter: Meter) => AnyMaze;
let difficultyMaker: DifficultyMaker | null = null;

/** Let specs be made to a difficulty. */
export function registerDifficulty(maker: DifficultyMaker): void {
  difficultyMaker = maker;
}

/** A graph maze and the passages its algorithm opened, in order (pairs of cells), and a solving method's steps after: its growth, for an animation. */
export function recordGraphGrowth(spec: MazeSpec, seed: string, meter: Meter = SILENT_METER): { maze: GraphMaze; links: Int32Array; solving?: Int32Array } {
  let links = new Int32Array(1024);
  let n = 0;
  let solving: Int32Array | undefined;
  const told: GraphSteps = {
    link(a, b) {
      if (n + 2 > links.length) {
        const grown = new Int32Array(links.length * 2);
        grown.set(links);
        links = grown;
      }
      links[n++] = a;
      links[n++] = b;
    },
    mark: () => undefined,
    head: () => undefined,
    solved: (steps) => (solving = steps),
  };
  const maze = makeGraphMaze(spec, seed, meter, told);
  return { maze, links: links.subarray(0, n), ...(solving === undefined ? {} : { solving }) };
}

/** Refuse a cell off the grid or outside the mask, naming a cell that is in. */
export function checkCellInMaze(cell: Point, name: string, width: number, height: number, mask: Mask | null): void {
  checkCellInGrid(cell, name, width, height);
  if (!inMask(mask, cell[0], cell[1])) {
    const [x, y] = firstCell(mask);
    throw new MazeError((n) => `${n(name)} ${cell[0]},${cell[1]} is outside the mask: pick a cell of the maze (such as ${x},${y})`, { code: 'invalid-value', option: name });
  }
}

/**
 * What a maze records in JSON "options": its algorithm's own options, and
 * what `maze gen` needs besides to make it again — braid when it changes
 * something, the end mode, `from` and `to` only when openings make them
 * part of the walls (the JSON stores the ends themselves as start and end).
 */
export function recordOf(spec: MazeSpec): Record<string, string | number> {
  const record: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(spec.options)) record[name] = recordValue(value);
  const topology = topologyOf(spec);
  if (topology?.wrap) record.wrap = topology.wrap;
  if (topology && topology.levels > 1) record.levels = topology.levels;
  if (topology && topology.weave > 0) record.weave = topology.weave;
  if (spec.braid > 0) record.braid = spec.braid;
  if (spec.ends !== null) record.ends = spec.ends;
  // the ends given, with openings or not: the made-by command draws the maze's marks where they were
  if (spec.from) record.from = spec.from.join(',');
  if (spec.to) record.to = spec.to.join(',');
  if (spec.openings) record.openings = 'yes';
  return record;
}

/**
 * Openings asked for where both ends are inside the maze open nothing: the
 * maze records none (its caption and its command line say no openings).
 */
function recordNoOpening(maze: { info: { algorithm: string; seed: string; options: Record<string, string | number> } | null }, spec: MazeSpec): void {
  if (maze.info) maze.info = { ...maze.info, options: recordOf({ ...spec, openings: false }) };
}

/** Whether `--openings` was recorded for a saved maze: its farthest ends are then on the rim, as gen picked them. */
function recordsOpenings(maze: { info: { options: Record<string, string | number> } | null }): boolean {
  return maze.info?.options.openings === 'yes';
}

/** The rows of a streaming spec's maze for one seed (its algorithm's `rows`): the walls `makeMaze` would give. */
export function streamedMaze(spec: MazeSpec, seed: string): MazeRows {
  const algorithm = algorithmOf(spec);
  const size = sizeOf(spec);
  const info = { algorithm: algorithm.name, seed, options: recordOf(spec) };
  return streamedRows(size.width, size.height, info, () => algorithm.rows!(size, ownOptions(spec), new Rng(seed)));
}

/**
 * The maze of a spec for one seed: the same spec and seed give the same
 * maze. `meter` shows the long phases (generating, solving) as they go.
 */
export function makeMaze(spec: MazeSpec, seed: string, meter: Meter = SILENT_METER): Maze {
  return buildMaze(spec, seed, meter);
}

/**
 * The pipeline of `makeMaze`, telling `sink` (when given) every step
 * (model/steps.ts): the starting grid, the algorithm's growth, then a
 * `clear`, the walls braiding opens, the ends, the openings, and with a
 * solution the search spreading from the start and the path, then a last
 * `clear`. Replayed, they end on the maze returned. Without a sink every
 * step is skipped, and the maze is the same.
 */
function buildMaze(spec: MazeSpec, seed: string, meter: Meter, sink?: StepSink): Maze {
  const algorithm = algorithmOf(spec);
  const size = sizeOf(spec);
  const rng = new Rng(seed);
  const cells = size.width * size.height;
  sink?.(spec.mask ? { type: 'grid', width: size.width, height: size.height, walls: algorithm.startsFrom, mask: spec.mask } : { type: 'grid', width: size.width, height: size.height, walls: algorithm.startsFrom });
  const maze = metered(meter, cells, 'cells generated', (tick) => algorithm.generate(size, ownOptions(spec), rng, tick, sink));
  // the outside walled off and the mask kept, whatever the algorithm did (it walls them off itself on a mask)
  if (spec.mask && maze.mask === null) maze.wallOffOutside(spec.mask);
  sink?.(clearStep());
  finishMaze(maze, spec, seed, rng, meter, cells, sink);
  return maze;
}

/**
 * After the algorithm, on any grid (written once over its passages):
 * braid, then the ends (farthest is measured on the braided maze), then the
 * openings beside them, then the solution. `sink`, given for a square
 * maze's steps, is told each change, and the search spreading to the path.
 */
function finishMaze(maze: AnyMaze, spec: MazeSpec, seed: string, rng: Rng, meter: Meter, cells: number, sink?: StepSink, solved?: (steps: Int32Array) => void): void {
  maze.info = { algorithm: algorithmOf(spec).name, seed, options: recordOf(spec) };
  braid(maze, spec.braid, rng, sink);
  // the corners, found when an end needs them (a scan of every cell: a fixed cost a plain maze need not pay)
  let found: { start: Point; end: Point } | null = null;
  const corners = { get start(): Point { return (found ??= cornerEnds(maze)).start; }, get end(): Point { return (found ??= cornerEnds(maze)).end; } };
  const picked = spec.ends === null ? null : pickEnds(maze, spec.ends, new Rng(endsSeed(seed)), spec.openings);
  // an algorithm with its own ends (zones) has set them already
  maze.start = spec.from ?? picked?.start ?? maze.start;
  maze.end = spec.to ?? picked?.end ?? maze.end;
  // either end given makes both defined: --from alone runs to the last corner cell, --to alone from the first
  if (spec.openings || spec.from || spec.to) {
    maze.start ??= corners.start;
    maze.end ??= corners.end;
  }
  if (sink && (maze.start || maze.end)) sink({ type: 'ends', start: maze.start, end: maze.end });
  if (spec.openings && openBorder(maze, sink) === 0) recordNoOpening(maze, spec);
  if (!spec.solve) return;
  const stored = [maze.start, maze.end];
  if (spec.solve !== true) {
    const method = spec.solve;
    if (methodSolver === null) throw new MazeError(`solve: the method ${method} is run by solve(maze, { method }), after generate`, { code: 'invalid-value', option: 'solve' });
    const solver = methodSolver;
    const steps = metered(meter, cells, 'cells searched', (tick) => solver(maze, maze.start ?? corners.start, maze.end ?? corners.end, method, tick, sink));
    solved?.(steps);
    return;
  }
  metered(meter, cells, 'cells searched', (tick) => solveMaze(maze, maze.start ?? corners.start, maze.end ?? corners.end, tick));
  if (sink && !(maze instanceof GraphMaze)) {
    // a solution stores its ends: the corners, when none were
    if (maze.start !== stored[0] || maze.end !== stored[1]) sink({ type: 'ends', start: maze.start, end: maze.end });
    spreadSearch(maze, maze.start!, maze.end!, (x, y) => sink({ type: 'cell', x, y, mark: 'search' }));
    for (const [x, y] of maze.solution!) sink({ type: 'path', x, y });
    sink(clearStep());
  }
}

/**
 * How a maze is solved by a method other than the shortest path: the
 * solvers' `solveForSpec`, given by the command line, which alone asks
 * for one (`maze gen --solve M`), so that a page or a library that only
 * generates never bundles the solvers. The library solves by a method
 * with `solve(maze, { method })`.
 */
export type MethodSolver = (maze: AnyMaze, start: Point, end: Point, method: SolveMethod, tick: Tick | undefined, sink: StepSink | undefined) => Int32Array;
let methodSolver: MethodSolver | null = null;

/** Let specs solve by a method (the command line, its batch workers). */
export function registerMethodSolver(solver: MethodSolver): void {
  methodSolver = solver;
}

/** Whether a spec's steps can stream row by row (its algorithm's `rows`, and nothing that reads the whole maze). */
function stepsStream(spec: MazeSpec): boolean {
  return algorithmOf(spec).rows !== undefined && spec.mask === null && !spec.solve && !spec.openings && spec.braid === 0 && spec.ends === null && spec.from === null && spec.to === null;
}

/**
 * Most steps a growth may take when its steps are kept to be replayed (the
 * animated files, the live view, the library's `steps` past its first
 * ones): a StepLog keeps 8 bytes a step, so 2^25 steps are 256 MiB. A maze
 * grows in at least about a step a cell, but a random walk (Aldous-Broder,
 * Wilson's) in many more: a 500 × 500 Aldous-Broder maze takes 22 million.
 */
export const MAX_STEPS = 2 ** 25;

/** Steps `steps` tells from a first, short run, so that the first come at once, before the whole growth is kept. */
const FIRST_STEPS = 1 << 16;

/** Refuse a growth over MAX_STEPS; `atLeast`: up front, from the size alone (about a step a cell). */
function tooManySteps(spec: MazeSpec, atLeast: boolean): never {
  const { width, height } = spec;
  throw new MazeError(
    (n) =>
      `the growth of a ${width} × ${height} ${spec.algorithm} maze takes ${atLeast ? `at least ${(width - 1) * (height - 1)} steps, over` : 'more steps than'} the limit of ${MAX_STEPS} an animation or steps() replays (they are kept, 8 bytes a step); make ${n('width')} or ${n('height')} smaller`,
    { code: 'too-large', option: 'width' },
  );
}

/** Thrown by a sink to stop a run once it has the steps it wanted. */
const ENOUGH = Symbol('enough steps');

/**
 * The steps of the maze `makeMaze` makes for a spec and seed (see
 * buildMaze), as plain objects. A row algorithm's come as its rows are
 * made, in O(width) memory, at any height (SPEC "Scale"). Any other's
 * first FIRST_STEPS come from a run stopped there, so that they come at
 * once; the rest from a second run kept in numbers (StepLog, at most
 * MAX_STEPS), read out as objects.
 */
export function* mazeSteps(spec: MazeSpec, seed: string): Generator<Step> {
  if (stepsStream(spec)) {
    const algorithm = algorithmOf(spec);
    const size = sizeOf(spec);
    yield { type: 'grid', width: size.width, height: size.height, walls: algorithm.startsFrom };
    const pending: Step[] = [];
    for (const row of algorithm.rows!(size, ownOptions(spec), new Rng(seed), (step) => pending.push(step))) {
      void row;
      yield* pending;
      pending.length = 0;
    }
    yield* pending;
    yield clearStep();
    // the record generate keeps of a streamed maze (streamedRows')
    yield { type: 'made', algorithm: algorithm.name, seed, options: recordOf(spec) };
    return;
  }
  checkStepCount(spec);
  const first = new StepLog();
  let whole: Maze | null = null;
  try {
    whole = buildMaze(spec, seed, SILENT_METER, (step) => {
      if (first.length === FIRST_STEPS) throw ENOUGH;
      first.push(step);
    });
  } catch (error) {
    if (error !== ENOUGH) throw error;
  }
  yield* first.steps();
  if (whole !== null) return yield madeStep(whole);
  const { log, maze } = recordSteps(spec, seed);
  yield* log.steps(FIRST_STEPS);
  yield madeStep(maze);
}

/** The last step of a growth: the maze's record of what made it (`info`, set by finishMaze). */
function madeStep(maze: AnyMaze): Step {
  return { type: 'made', ...maze.info! };
}

/** Refuse up front a growth that cannot fit in MAX_STEPS: a W × H maze opens or adds at least (W − 1)(H − 1) walls. */
function checkStepCount(spec: MazeSpec): void {
  if (spec.mask === null && (spec.width - 1) * (spec.height - 1) > MAX_STEPS) tooManySteps(spec, true);
}

/** Refuse up front the steps `mazeSteps` would have to keep past MAX_STEPS (steps that stream are never kept). */
export function checkMazeSteps(spec: MazeSpec): void {
  if (!stepsStream(spec)) checkStepCount(spec);
}

/**
 * The maze of a spec and seed, and its steps kept in a StepLog (the
 * animations replay them at their own pace), at most MAX_STEPS of them:
 * the step past that stops the run with a MazeError, so memory stays
 * bounded whatever the algorithm's walk.
 */
export function recordSteps(spec: MazeSpec, seed: string, meter: Meter = SILENT_METER): { maze: Maze; log: StepLog } {
  checkStepCount(spec);
  const log = new StepLog(MAX_STEPS, () => tooManySteps(spec, false));
  const maze = buildMaze(spec, seed, meter, log.push);
  return { maze, log };
}

/**
 * Where a path runs in a maze of any grid: `from` and `to` (cells of the
 * maze), else what `ends` picks (random from the maze's own seed), else
 * the ends the maze stores, else its corners.
 */
export function endpoints(maze: AnyMaze, ends: { ends: EndMode | null; from: Point | null; to: Point | null }): { start: Point; end: Point } {
  if (maze instanceof GraphMaze) {
    for (const [name, point] of [['from', ends.from], ['to', ends.to]] as const) {
      if (point && maze.shape instanceof TopologyShape) {
        // as maze gen says it: the levels' rows, or the mask
        if (maze.cellAt(point) < 0) throw notLevelsCell(name, point, maze.width, maze.height, maze.shape.levels);
        if (!maze.isIn(maze.cellAt(point))) throw outsideLevelsMask(name, point);
      }
      if (point && (maze.cellAt(point) < 0 || !maze.isIn(maze.cellAt(point)))) {
        throw new MazeError((n) => `${n(name)} ${point.join(',')} is not a cell of the ${maze.shapeName} grid (${shapeCoordinates(maze.shapeName, maze.width, maze.height)})`, { code: 'invalid-value', option: name });
      }
    }
  } else {
    checkSavedEnds(maze, ends);
    if (ends.from) checkCellInMaze(ends.from, 'from', maze.width, maze.height, maze.mask);
    if (ends.to) checkCellInMaze(ends.to, 'to', maze.width, maze.height, maze.mask);
  }
  const picked = ends.ends === null ? null : pickEnds(maze, ends.ends, new Rng(endsSeed(maze.info?.seed)), recordsOpenings(maze));
  const corners = cornerEnds(maze);
  return {
    start: ends.from ?? picked?.start ?? maze.start ?? corners.start,
    end: ends.to ?? picked?.end ?? maze.end ?? corners.end,
  };
}

/** The names `generate` takes besides the algorithms' own. */
export const SPEC_OPTIONS = ['algorithm', 'width', 'height', 'mask', 'seed', 'ends', 'from', 'to', 'braid', 'openings', 'solve', 'shape', 'difficulty', 'wrap', 'levels', 'weave'] as const;

/**
 * A spec set on a shape: non-square shapes are written into it (a square
 * spec stays as it always was); a polar grid's size is its rings alone, so
 * a height given with it is refused, and its height is 1.
 */
export function withShape<S extends MazeSpec>(spec: S, shape: ShapeName, heightGiven: boolean): S {
  if (shape === 'square') return spec;
  if (shape === 'polar' && heightGiven) {
    throw new MazeError((n) => `a polar maze is ${n('width')} rings around a centre cell: ${n('height')} does not apply to it`, { code: 'impossible', option: 'height' });
  }
  return { ...spec, shape, height: shape === 'polar' ? 1 : spec.height };
}

/** Every algorithm's own option names, with the algorithms that take each. */
export function algorithmOptionOwners(): Map<string, Algorithm[]> {
  const owners = new Map<string, Algorithm[]>();
  for (const algorithm of algorithms) {
    for (const name of Object.keys(algorithm.options)) owners.set(name, [...(owners.get(name) ?? []), algorithm]);
  }
  return owners;
}

/** Refuse an option of another algorithm, naming the ones that take it. */
export function checkOwnOptions(algorithm: Algorithm, given: (name: string) => boolean): void {
  refuseOthersOptions(algorithmOptionOwners(), algorithm, given);
}

/**
 * Refuse an option given to what does not take it (another algorithm's, a
 * format's that is not written): '--paper applies to pdf, not to png'.
 * `owners` maps each option to the things that take it.
 */
export function refuseOthersOptions<T extends { name: string }>(owners: ReadonlyMap<string, readonly T[]>, chosen: T, given: (name: string) => boolean): void {
  for (const [name, takers] of owners) {
    if (!takers.includes(chosen) && given(name)) {
      throw new MazeError((n) => `${n(name)} applies to ${listChoices(takers.map((a) => a.name))}, not to ${chosen.name}`, { code: 'unknown-option', option: name });
    }
  }
}

/** The algorithm a name means, or a MazeError listing them. */
export function algorithmNamed(name: string): Algorithm {
  const algorithm = findAlgorithm(name);
  if (!algorithm) {
    const names = algorithms.map((a) => a.name);
    throw new MazeError(`unknown algorithm '${name}'; the algorithms are ${listChoices(names)}${didYouMean(name, names)}`, { code: 'invalid-value', option: 'algorithm' });
  }
  return algorithm;
}

/** An object given to the library, or a MazeError saying what was given instead. */
export function optionsObject(value: unknown, what: string): Record<string, unknown> {
  // no prototype, given or not: a page that added `tile` to Object.prototype does not draw every picture so (a sweep)
  if (value === undefined) return Object.create(null) as Record<string, unknown>;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new MazeError(`${what} takes an object of options, got ${shownValue(value)}`, { code: 'invalid-value' });
  }
  // own properties only, each read once: a page that added `shape` to Object.prototype does not turn every maze polar
  return Object.assign(Object.create(null) as Record<string, unknown>, value);
}

/** Refuse a name `known` does not hold, with a "did you mean". */
export function checkKnownNames(given: Record<string, unknown>, known: readonly string[], what: string): void {
  for (const name of Object.keys(given)) {
    if (given[name] === undefined || known.includes(name)) continue;
    throw new MazeError(`unknown ${what} option '${name}'${didYouMean(name, known)}; the options are ${listChoices(known)}`, { code: 'unknown-option', option: name });
  }
}

/** The library's `generate` options as a checked spec, and the seed (null: draw one). */
export function specFromOptions(given: unknown, forSteps = false, checkSolve: (value: unknown, name: string) => boolean | SolveMethod = checkBoolean): { spec: MazeSpec; seed: string | null } {
  const options = optionsObject(given, 'generate');
  const known = [...SPEC_OPTIONS, 'maxCells', ...algorithmOptionOwners().keys()];
  checkKnownNames(options, known, 'generate');
  const optional = <T>(name: string, check: (value: unknown, name: string) => T): T | null => (options[name] === undefined ? null : check(options[name], name));
  const shape = optional('shape', (v, n) => checkChoice(v, n, SHAPE_NAMES)) ?? 'square';
  const difficulty = optional('difficulty', checkDifficulty);
  if (difficulty !== null) {
    checkDifficultyAlone((name) => options[name] !== undefined);
    options.algorithm = 'growing-tree';
  }
  const topology = topologyFields(optional('wrap', checkWrap), optional('levels', checkLevels), optional('weave', checkShare));
  const plain = shape === 'square' && Object.keys(topology).length === 0;
  const algorithm = options.algorithm === undefined ? findAlgorithm(plain ? DEFAULT_ALGORITHM : DEFAULT_SHAPE_ALGORITHM)! : algorithmNamed(typeof options.algorithm === 'string' ? options.algorithm : shownValue(options.algorithm));
  checkOwnOptions(algorithm, (name) => options[name] !== undefined);
  const own: Record<string, unknown> = {};
  for (const [name, option] of Object.entries(algorithm.options)) {
    own[name] = options[name] === undefined ? option.parse(option.default, name) : option.check(options[name], name);
  }
  const size = libraryMaskSize(
    shape,
    optional('mask', checkMaskValue),
    optional('width', (v, n) => checkInteger(v, n, 1, MAX_CELLS)),
    optional('height', (v, n) => checkInteger(v, n, 1, MAX_HEIGHT)),
  );
  const spec = {
    algorithm: algorithm.name,
    options: own,
    ...size,
    ends: optional('ends', (v, n) => checkChoice(v, n, END_MODES)),
    from: optional('from', checkCell),
    to: optional('to', checkCell),
    braid: optional('braid', checkShare) ?? 0,
    openings: optional('openings', checkBoolean) ?? false,
    // steps() also shows a solving method's own steps (SPEC "Solvers", its checkSolve); generate's maze is solved by a method with solve()
    solve: optional('solve', checkSolve) ?? false,
    ...(difficulty === null ? {} : { difficulty }),
    ...topology,
  } as MazeSpec;
  const shaped = withShape(spec, shape, options.height !== undefined);
  // steps that stream (a row algorithm's) hold one row: any height (SPEC "Scale")
  checkSpec(shaped, forSteps && stepsStream(shaped) ? null : WHOLE);
  // the command line's solve limit (--solve), raised as solve() raises it
  const maxCells = optional('maxCells', (v, n) => checkInteger(v, n, 1, MAX_CELLS));
  if (maxCells !== null && !shaped.solve) {
    throw new MazeError('maxCells applies with solve: true (the most cells a solution is searched in), not without it', { code: 'impossible', option: 'maxCells' });
  }
  if (shaped.solve) {
    const cells = isGraphSpec(shaped) ? [specCellCount(shaped), 1] as const : [shaped.width, shaped.height] as const;
    checkSolveSize(cells[0], cells[1], maxCells ?? MAX_SOLVE_CELLS, 'solve');
  }
  return { spec: shaped, seed: optional('seed', checkSeed) };
}

/**
 * The library's size and mask: width and height default to the mask's,
 * and must be its size when given (`fitMask` scales a mask first); its
 * cells in one region; a mask with every cell in is none.
 */
function libraryMaskSize(shape: ShapeName, mask: Mask | null, width: number | null, height: number | null): { width: number; height: number; mask: Mask | null } {
  if (mask === null) return { width: width ?? DEFAULT_WIDTH, height: height ?? DEFAULT_HEIGHT, mask: null };
  if (shape !== 'square') {
    // laid over the picture (SPEC "Grid shapes"): any size of mask, the maze's size keeping its aspect when not given; the grid's neighbours count its regions
    if (mask.count === 0) checkMaskCells(mask, 'the mask', () => '');
    return { ...shapeSizeForMask(shape, mask.width, mask.height, width, shape === 'polar' ? null : height), mask: wholeAsNone(mask) };
  }
  if ((width ?? mask.width) !== mask.width || (height ?? mask.height) !== mask.height) {
    throw new MazeError(
      (n) => `the mask is ${mask.width} × ${mask.height} cells, not ${n('width')} ${width ?? mask.width} × ${n('height')} ${height ?? mask.height}: scale it with fitMask(mask, { width, height }) first, or leave the size out`,
      { code: 'impossible', option: 'mask' },
    );
  }
  checkMaskCells(mask, 'the mask', () => "join them with fitMask(mask, { maskRegions: 'join' }), or keep the largest with fitMask(mask, { maskRegions: 'largest' })");
  return { width: mask.width, height: mask.height, mask: wholeAsNone(mask) };
}

/** A mask with every cell in is no mask: the plain rectangle, byte for byte. */
export function wholeAsNone(mask: Mask): Mask | null {
  return mask.count === mask.width * mask.height ? null : mask;
}

/**
 * A library's mask: its rows as text (`X` or `#` outside, any other
 * character in; short rows padded with cells outside), or an object
 * `{ width, height, cells }` whose cells (y·width + x) are 1 in, 0 out.
 */
export function checkMaskValue(value: unknown, name: string): Mask {
  const refuse = (why: string): never => {
    throw new MazeError((n) => `${n(name)} must be rows of text (X or # outside) or { width, height, cells } with cells of 0 and 1; ${why}`, { code: 'invalid-value', option: name });
  };
  if (Array.isArray(value)) {
    if (value.length === 0) refuse('it has no rows');
    if (value.length > MAX_MASK_CELLS) refuse(`it has over ${MAX_MASK_CELLS} cells`);
    // every index, holes too (every() skips the holes of a sparse array)
    const rows: string[] = [];
    for (let i = 0; i < value.length; i++) {
      const row: unknown = value[i];
      if (typeof row !== 'string') refuse(`row ${i} is ${i in value ? shownValue(row) : 'missing (a hole in the list)'}, not text`);
      rows.push(row as string);
    }
    if (rows.every((row) => row === '')) refuse('its rows are empty');
    const { width, height } = rowsSize(rows);
    if (width * height > MAX_MASK_CELLS) refuse(`it has over ${MAX_MASK_CELLS} cells`);
    return maskFromRows(rows);
  }
  if (typeof value !== 'object' || value === null) return refuse(`got ${shownValue(value)}`);
  // own properties only: a polluted Object.prototype lends no cells
  const own = (key: string): unknown => (Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined);
  const width = own('width');
  const height = own('height');
  const cells = own('cells');
  const joined = own('joined');
  const isSide = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1;
  if (!isSide(width) || !isSide(height)) return refuse(`its width and height must be whole numbers from 1, got ${shownValue(width)} and ${shownValue(height)}`);
  if (width * height > MAX_MASK_CELLS) return refuse(`it has over ${MAX_MASK_CELLS} cells`);
  if (!(cells instanceof Uint8Array || Array.isArray(cells)) || cells.length !== width * height) return refuse(`its cells must be a list of ${width * height} (width × height)`);
  const copy = new Uint8Array(width * height);
  for (let i = 0; i < copy.length; i++) {
    const c: unknown = cells[i];
    if (c !== 0 && c !== 1) return refuse(`cell ${i} is ${shownValue(c)}`);
    copy[i] = c;
  }
  // fitMask's mask with its regions joined, or its largest kept: the same again on a hex, triangle or polar grid (grid/graph-maze.ts shapeMaskCells)
  if (joined === true) return { ...maskOf(width, height, copy), joined };
  return own('regions') === 'largest' ? { ...maskOf(width, height, copy), regions: 'largest' } : maskOf(width, height, copy);
}

/** A library's braid share, a number from 0 to 1. */
export function checkShare(value: unknown, name: string): number {
  if (typeof value !== 'number' || !(value >= 0 && value <= 1)) {
    throw new MazeError((n) => `${n(name)} must be a share from 0 to 1 (such as 0.5), got ${shownValue(value)}`, { code: 'invalid-value', option: name });
  }
  return value;
}

/** A seed: an integer, or any text that is not blank. */
export function checkSeed(value: unknown, name = 'seed'): string {
  if ((typeof value === 'number' && Number.isSafeInteger(value)) || (typeof value === 'string' && value.trim() !== '')) return String(value);
  throw new MazeError((n) => `${n(name)} must be a safe integer or non-blank text, such as ${n(name)} 7, got ${shownValue(value)}`, { code: 'invalid-value', option: name });
}

/**
 * A shaped maze's growth as steps (SPEC "Watching a maze grow", "Grid
 * shapes"): the grid with every side closed, the passages its algorithm
 * opens with its marks and head, in order; then the passages braiding and
 * the openings added (read off the finished maze), its ends and its path.
 * Replayed, they end on the maze makeGraphMaze makes for the same seed.
 */
export function shapeMazeSteps(spec: MazeSpec, seed: string): Step[] {
  const shape = otherShapeOf(spec);
  if (specCellCount(spec) > MAX_STEPS) tooManySteps(spec, true);
  const steps: Step[] = [];
  let maze: GraphMaze | null = null;
  const point = (cell: number): Point => maze!.shape.pointOf(cell);
  const opened = (a: number, b: number): void => {
    const [x, y] = point(a);
    steps.push({ type: 'passage', x, y, slot: maze!.shape.slotTo(a, b) });
  };
  const told: GraphSteps = {
    link: (a, b) => {
      if (steps.length >= MAX_STEPS) tooManySteps(spec, false);
      opened(a, b);
    },
    mark: (cell, mark) => {
      const [x, y] = point(cell);
      steps.push({ type: 'cell', x, y, mark });
    },
    head: (cell) => {
      const [x, y] = point(cell);
      steps.push({ type: 'head', x, y });
    },
    solved: (work) => {
      solverSteps = work;
    },
  };
  let solverSteps: Int32Array | null = null;
  // the grid step goes first: the maze (and its mask) exists once makeGraphMaze starts carving; a
  // topology's grid (its crossings drawn from the seed) is the one makeGraphMaze makes, and the step records it
  const grid: GridStep = { type: 'grid', ...(shape === null ? {} : { shape }), width: spec.width, height: spec.height, walls: 'closed' };
  const gridShape = specShape(spec, seed)!;
  if (gridShape instanceof TopologyShape) Object.assign(grid, topologyRecord(gridShape));
  steps.push(grid);
  maze = new GraphMaze(gridShape);
  const made = makeGraphMaze(spec, seed, SILENT_METER, told);
  maze = made;
  if (made.mask) {
    const rows = shape === 'polar' ? 1 : made.cellCount / spec.width;
    grid.mask = maskOf(made.cellCount / rows, rows, made.mask.slice());
  }
  steps.push(clearStep());
  // what followed the carving (braid, openings): the sides open in the maze that the steps have not opened
  const replayed = startingMaze(made.shape, made.mask);
  for (const step of steps) if (step.type === 'passage') openSide(replayed, made.shape.cellAt(step.x, step.y), step.slot);
  for (let c = 0; c < made.cellCount; c++) {
    const more = made.passages[c]! & ~replayed.passages[c]!;
    for (let s = 0; s < made.shape.maxDegree; s++) {
      if (((more >> s) & 1) === 0) continue;
      const [x, y] = point(c);
      steps.push({ type: 'passage', x, y, slot: s });
      openSide(replayed, c, s);
    }
  }
  if (made.start !== null || made.end !== null) steps.push({ type: 'ends', start: made.start, end: made.end });
  // a solving method's own steps, as the square maze's (solvers' solveForSpec): its head, its marks, then the path
  const work = solverSteps as Int32Array | null;
  for (let i = 0; work !== null && i < work.length; i += 2) {
    const [x, y] = point(work[i + 1]!);
    if (isMove(work[i]!)) steps.push({ type: 'head', x, y });
    steps.push({ type: 'cell', x, y, mark: stepMark(work[i]!) });
  }
  for (const [x, y] of made.solution ?? []) steps.push({ type: 'path', x, y });
  if (work !== null) steps.push(clearStep());
  steps.push(madeStep(made));
  return steps;
}

/** The count of a spec's grid (its size, shape and mask; the rest unread): `count`, and `maze count`. */
export function countOfSpec(spec: MazeSpec): bigint {
  const shape = otherShapeOf(spec);
  const size = shape === 'polar' ? `${spec.width} rings` : `${spec.width} × ${spec.height}`;
  // refused before the grid is built: a band of at least 1 makes the work at least cells² (a shape's mask is counted on it first)
  const cells = shape === null ? (spec.mask?.count ?? spec.width * spec.height) : shapeCellCount(shape, spec.width, spec.height);
  if (!(shape !== null && spec.mask && cells <= 4_000_000)) checkCountWork({ n: cells, band: 1 }, shape === null ? `a ${size} grid` : `a ${shape} grid of ${size}`, shape === 'polar');
  if (shape === null) {
    const grid = Maze.closed(spec.width, spec.height);
    grid.mask = spec.mask;
    return countPerfectMazes(grid, `a ${spec.width} × ${spec.height} grid${spec.mask ? ' under its mask' : ''}`);
  }
  const grid = new GraphMaze(makeShape(shape, spec.width, spec.height));
  if (spec.mask) grid.mask = shapeMaskCells(grid.shape, spec.mask);
  return countPerfectMazes(grid, `a ${shape} grid of ${size}${spec.mask ? ' under its mask' : ''}`);
}
