/**
 * A topology as a maze records it (SPEC "Topologies"): the JSON's "wrap",
 * "levels" and "crossings", which a `grid` step carries too (model/steps.ts),
 * so that the JSON reader and a replay of steps make the same grid again,
 * checked the same way: each crossing where a weave could have put it (its
 * cell and all its neighbours on the grid, no two touching, its axes two
 * of the grid's).
 */
import { shownValue } from '../model/options.js';
import type { ShapeName } from '../model/shape-names.js';
import { GraphMaze, makeShape, shapeCellCount } from './graph-maze.js';
import type { Shape } from './shape.js';
import type { Crossing, Wrap } from './topology.js';
import { forcedPassages, MAX_LEVELS, SquareLattice, TopologyShape, WRAPS } from './topology.js';

/** The recorded fields, as given (checked by `recordedTopology`). */
export interface TopologyRecord {
  wrap?: unknown;
  levels?: unknown;
  crossings?: unknown;
}

/** The fields of a topology's grid as a record: those it has (a wrap, more than one level, crossings). */
export function topologyRecord(shape: TopologyShape): { wrap?: Wrap; levels?: number; crossings?: [number, number, number, number][] } {
  const record: { wrap?: Wrap; levels?: number; crossings?: [number, number, number, number][] } = {};
  const { base } = shape;
  if (base instanceof SquareLattice && (base.wrapX || base.wrapY)) record.wrap = `${base.wrapX ? 'x' : ''}${base.wrapY ? 'y' : ''}` as Wrap;
  if (shape.levels > 1) record.levels = shape.levels;
  if (shape.crossings.length > 0) record.crossings = shape.crossings.map(({ cell, over, under }) => [...shape.pointOf(cell), over, under] as [number, number, number, number]);
  return record;
}

/** The levels a record asks for (absent: 1), checked. */
export function recordedLevels(record: TopologyRecord, fail: (why: string) => never): number {
  const { levels } = record;
  if (levels === undefined) return 1;
  if (typeof levels !== 'number' || !Number.isInteger(levels) || levels < 2 || levels > MAX_LEVELS) fail(`"levels" must be a whole number from 2 to ${MAX_LEVELS}, got ${shownValue(levels)}`);
  return levels;
}

/** How many cells a topology's grid of `name` has, one level width × height, without making it. */
export function recordedCellCount(name: ShapeName, width: number, height: number, record: TopologyRecord, fail: (why: string) => never): number {
  return (name === 'square' ? width * height : shapeCellCount(name, width, height)) * recordedLevels(record, fail);
}

/** A topology's grid from its record: a square one (wrapped or not) or a hex one, its levels and its crossings; `fail` says what is wrong. */
export function recordedTopology(name: ShapeName, width: number, height: number, record: TopologyRecord, fail: (why: string) => never): TopologyShape {
  if (name !== 'square' && name !== 'hex') return fail(`"levels", "crossings" and "wrap" are for square and hex grids, not ${name}`);
  const given = record.wrap ?? '';
  if (given !== '' && !(WRAPS as readonly unknown[]).includes(given)) fail(`"wrap" must be ${WRAPS.join(', ')}, got ${shownValue(given)}`);
  const wrap = given as Wrap | '';
  if (wrap !== '' && name !== 'square') fail(`"wrap" is for square grids, not ${name}`);
  if ((wrap.includes('x') && width < 3) || (wrap.includes('y') && height < 3)) fail(`a wrapped way must be at least 3 cells long: "wrap" ${wrap} on ${width} × ${height}`);
  const base = name === 'square' ? new SquareLattice(width, height, wrap.includes('x'), wrap.includes('y')) : makeShape('hex', width, height);
  const plain = new TopologyShape(base, recordedLevels(record, fail));
  const list = record.crossings ?? [];
  if (!Array.isArray(list)) return fail(`"crossings" must be a list of [x, y, over, under], got ${shownValue(list)}`);
  if (list.length > 0 && ((wrap.includes('x') && width < 4) || (wrap.includes('y') && height < 4))) fail(`"crossings" on a way wrapped 3 cells round: a tunnel's two ends would meet across the seam as well as under its bridge ("wrap" ${wrap} on ${width} × ${height})`);
  const crossings: Crossing[] = [];
  const used = new Uint8Array(plain.cellCount);
  const axes = base.maxDegree / 2;
  for (const [i, item] of list.entries()) {
    if (!Array.isArray(item) || item.length !== 4 || !item.every((v) => Number.isSafeInteger(v) && v >= 0)) fail(`"crossings" item ${i} must be [x, y, over, under], four whole numbers, got ${shownValue(item)}`);
    const [x, y, over, under] = item as [number, number, number, number];
    const cell = plain.cellAt(x, y);
    if (cell < 0) fail(`"crossings" item ${i}: [${x},${y}] is not a cell of the grid`);
    if (over >= axes || under >= axes || over === under) fail(`"crossings" item ${i}: its axes must be two different ones of 0 to ${axes - 1}, got ${over} and ${under}`);
    const around: number[] = [];
    for (let s = 0; s < base.maxDegree; s++) around.push(plain.neighbor(cell, s));
    if (around.includes(-1)) fail(`"crossings" item ${i}: [${x},${y}] is on the rim (a crossing has a cell on every side)`);
    if (used[cell] === 1 || around.some((n) => used[n] === 1)) fail(`"crossings" item ${i}: [${x},${y}] touches another crossing`);
    used[cell] = 1;
    for (const n of around) used[n] = 1;
    crossings.push({ cell, over, under });
  }
  return new TopologyShape(base, plain.levels, crossings);
}

/**
 * The grid a growth starts from: every side closed (and the mask's
 * outside) but a woven grid's crossings, whose bridges and tunnels every
 * maze on it has (a crossing is never a dead end). Every replay of a
 * growth starts here (steps(), the animated files, the live view), so
 * that each frame is a maze the pictures draw, and the steps are the
 * algorithm's carving alone: a TopologyGrid tells no forced passage.
 */
export function startingMaze(shape: Shape, mask: Uint8Array | null): GraphMaze {
  const maze = new GraphMaze(shape);
  maze.mask = mask;
  if (shape instanceof TopologyShape) for (const [a, b] of forcedPassages(shape)) maze.open(a, b);
  return maze;
}
