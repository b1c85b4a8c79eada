/**
 * JSON interchange, version 1 (SPEC "JSON interchange"): lossless, so that
 * `maze render saved.json` draws exactly what `maze gen` drew. The schema is
 * schema/maze.schema.json; `parseMaze` is its reader, with messages that say
 * which field is wrong and how.
 *
 * Rows are written one per line and streamed, so a 4000 × 4000 maze never
 * builds one giant string.
 */
import { MazeError } from '../errors.js';
import type { Door, Key, MazeInfo, Point } from '../model/maze.js';
import { findAlgorithm } from '../algorithms/index.js';
import { shownValue } from '../model/options.js';
import { END_MODES } from '../passages/ends.js';
import type { AnyMaze, Passages } from '../passages/view.js';
import { passagesOf } from '../passages/view.js';
import { formatColor, LEFT, MAX_CELLS, MAX_COLORS, Maze, parseColor, TOP } from '../model/maze.js';
import type { MazeRows, TileRow } from '../model/rows.js';
import { rowsOf } from '../model/rows.js';
import { GraphMaze, makeShape } from '../grid/graph-maze.js';
import { recordedCellCount, recordedLevels, recordedTopology, topologyRecord } from '../grid/topology-record.js';
import { MAX_LEVELS, TopologyShape, WRAPS } from '../grid/topology.js';
import type { GraphShapeName, Shape, ShapeName } from '../grid/shape.js';
import type { Mask } from '../model/mask.js';
import { maskOf } from '../model/mask.js';
import validateSchema from './schema-validator.js';
import type { SchemaError } from './schema-validator.js';
import type { Format } from './types.js';

/** A saved maze's first fields, one a line: the format, the grid (a shape's name, its size), what made it. */
function head(maze: { width: number; height: number; info: MazeInfo | null }, shape?: ShapeName): string {
  const fields: Record<string, unknown> = shape === undefined ? { format: 'maze', version: 1 } : { format: 'maze', version: 1, shape };
  fields.width = maze.width;
  fields.height = maze.height;
  if (maze.info) {
    fields.algorithm = maze.info.algorithm;
    fields.seed = maze.info.seed;
    fields.options = maze.info.options;
  }
  let out = '{\n';
  for (const [key, value] of Object.entries(fields)) out += `  ${JSON.stringify(key)}: ${JSON.stringify(value)},\n`;
  return out;
}

/** The fields every grid ends with, as far as the maze has them: "start", "end", "solution", and the solving "method" when not the shortest path's. */
function* ends(maze: Pick<AnyMaze, 'start' | 'end' | 'solution'> & { solving?: AnyMaze['solving'] }): Generator<string> {
  if (maze.start) yield `,\n  "start": ${JSON.stringify(maze.start)}`;
  if (maze.end) yield `,\n  "end": ${JSON.stringify(maze.end)}`;
  if (maze.solution) yield* cells('solution', maze.solution);
  if (maze.solving) yield `,\n  "method": ${JSON.stringify(maze.solving.method)}`;
}

/** A square maze's JSON, read row by row: the walls as rows of '0' and '1', their colors, doors and keys. */
function* renderRows(maze: MazeRows): Generator<string> {
  const { width, height } = maze;
  yield head(maze);
  if (maze.mask) {
    // the outline first (SPEC "Masks"): a row of '.' (a cell) and 'X' (outside) a line, as a mask file draws it
    yield* maskLines(maze.mask);
    yield ',\n';
  }

  // Each list is one pass over the rows: a streamed maze is generated once per list.
  // '0' and '1' bytes, read back as text; TextDecoder rather than Buffer, which a browser lacks
  const row = new Uint8Array(width + 1);
  const decoder = new TextDecoder();
  const wallRows = (count: number): Iterable<TileRow> => limited(maze.rows(), count);
  yield* lines('top', wallRows(height + 1), ({ walls, at }) => {
    for (let x = 0; x < width; x++) row[x] = walls[at + x]! & TOP ? 49 : 48;
    return JSON.stringify(decoder.decode(row.subarray(0, width)));
  });
  yield ',\n';
  yield* lines('left', wallRows(height), ({ walls, at }) => {
    for (let x = 0; x <= width; x++) row[x] = walls[at + x]! & LEFT ? 49 : 48;
    return JSON.stringify(decoder.decode(row.subarray(0, width + 1)));
  });

  yield `,\n  "palette": ${JSON.stringify(maze.palette.map(formatColor))}`;
  if (maze.colored) {
    yield ',\n';
    yield* lines('topColor', wallRows(height + 1), ({ topColor, at }) => `[${topColor!.subarray(at, at + width).join(',')}]`);
    yield ',\n';
    yield* lines('leftColor', wallRows(height), ({ leftColor, at }) => `[${leftColor!.subarray(at, at + width + 1).join(',')}]`);
  }
  yield* ends(maze);
  if (maze.doors) yield `,\n  "doors": ${JSON.stringify(maze.doors)}`;
  if (maze.keys) yield `,\n  "keys": ${JSON.stringify(maze.keys.map(({ x, y, door }) => (door >= 0 ? { x, y, door } : { x, y })))}`;
  yield '\n}\n';
}

/**
 * A maze on a hex, triangle or polar grid (SPEC "JSON interchange":
 * "non-square shapes add what they need"): the shape, then its passages,
 * one string a row (polar: a ring), one character a cell holding the
 * cell's open sides as bits, in the alphabet of PASSAGE_DIGITS (0 to 63).
 */
export function* graphJson(maze: GraphMaze): Generator<string> {
  const rows = shapeRows(maze.shape);
  const rowText = (digit: (cell: number) => string) => ([first, count]: [number, number]): string => {
    let text = '';
    for (let c = first; c < first + count; c++) text += digit(c);
    return `"${text}"`;
  };
  yield head(maze, maze.shapeName);
  const topology = maze.shape instanceof TopologyShape ? maze.shape : null;
  if (topology !== null) yield topologyHead(topology);
  // a topology's stairs are apart ("stairs"): "passages" holds the base grid's sides
  const sides = topology === null ? 0xff : (1 << topology.baseDegree) - 1;
  yield* lines('passages', rows, rowText((c) => PASSAGE_DIGITS[maze.passages[c]! & sides]!));
  if (topology !== null && topology.levels > 1) {
    yield ',\n';
    yield* lines('stairs', rows, rowText((c) => String((maze.passages[c]! >> topology.up) & 3)));
  }
  if (maze.mask) {
    // the cells the mask kept, as a mask file draws them: '.' in, 'X' out
    const { mask } = maze;
    yield ',\n';
    yield* lines('mask', rows, rowText((c) => (mask[c] === 1 ? '.' : 'X')));
  }
  yield* ends(maze);
  yield '\n}\n';
}

/** A topology's fields (SPEC "Topologies"), one a line: its wrapped edges, its levels, its crossings. */
function topologyHead(shape: TopologyShape): string {
  const { wrap, levels, crossings } = topologyRecord(shape);
  let out = '';
  if (wrap !== undefined) out += `  "wrap": "${wrap}",\n`;
  if (levels !== undefined) out += `  "levels": ${levels},\n`;
  if (crossings !== undefined) out += `  "crossings": ${JSON.stringify(crossings)},\n`;
  return out;
}

/** The first `count` of the rows. */
function* limited<T extends { y: number }>(rows: Iterable<T>, count: number): Generator<T> {
  for (const row of rows) {
    if (row.y >= count) return;
    yield row;
  }
}

/** `,\n  "name": [[x,y],…]` as JSON.stringify writes it, in pieces: a long solution is millions of cells. */
function* cells(name: string, points: readonly Point[]): Generator<string> {
  let out = `,\n  ${JSON.stringify(name)}: [`;
  for (let i = 0; i < points.length; i++) {
    const [x, y] = points[i]!;
    out += `${i === 0 ? '' : ','}[${x},${y}]`;
    if (out.length >= 1 << 16) {
      yield out;
      out = '';
    }
  }
  yield out + ']';
}

/** `  "name": [\n    row,\n    row\n  ]`, a row a line, yielded in pieces of about 64 KB. */
function* lines<T>(name: string, rows: Iterable<T>, rowText: (row: T) => string): Generator<string> {
  let out = `  ${JSON.stringify(name)}: [`;
  let first = true;
  for (const row of rows) {
    out += (first ? '\n    ' : ',\n    ') + rowText(row);
    first = false;
    if (out.length >= 1 << 16) {
      yield out;
      out = '';
    }
  }
  yield out + '\n  ]';
}

/**
 * A square maze's "mask", as `lines` writes rows of text, '.' and 'X'
 * needing no escape: made a piece of a row at a time, so that a mask row
 * of millions of cells is never one string (nor its quoted copy).
 */
function* maskLines(mask: Mask): Generator<string> {
  const PIECE = 1 << 16;
  const bytes = new Uint8Array(Math.min(mask.width, PIECE));
  const decoder = new TextDecoder();
  let out = '  "mask": [';
  for (let y = 0; y < mask.height; y++) {
    out += y === 0 ? '\n    "' : '",\n    "';
    for (let x0 = 0; x0 < mask.width; x0 += PIECE) {
      const n = Math.min(PIECE, mask.width - x0);
      for (let i = 0, at = y * mask.width + x0; i < n; i++, at++) bytes[i] = mask.cells[at] === 0 ? 0x58 : 0x2e;
      out += decoder.decode(bytes.subarray(0, n));
      if (out.length >= PIECE) {
        yield out;
        out = '';
      }
    }
  }
  yield `${out}"\n  ]`;
}

/** The digits of a shaped maze's "passages": a cell's open sides as bits, 0 to 63. */
export const PASSAGE_DIGITS = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_';

/** The rows of a shape's cells: [first cell, count] each (hex, triangle: H rows of W; polar: one a ring). */
export function shapeRows(shape: Shape): [number, number][] {
  const rows: [number, number][] = [];
  if (shape.name === 'polar') {
    for (let r = 0, first = 0; r <= shape.width; r++) {
      let n = 0;
      while (shape.cellAt(n, r) >= 0) n++;
      rows.push([first, n]);
      first += n;
    }
  } else {
    // a topology's levels stacked: its rows run on down through every level
    for (let y = 0; y < shape.cellCount / shape.width; y++) rows.push([y * shape.width, shape.width]);
  }
  return rows;
}

const json: Format & { readonly name: 'json' } = {
  name: 'json' as const,
  reads: [],
  description: 'the lossless interchange format (version 1, schema/maze.schema.json)',
  extensions: ['.json'],
  binary: false,
  render: (maze: Maze) => renderRows(rowsOf(maze)),
  renderRows,
  renderGraph: graphJson,
};

export default json;

/**
 * Most bytes a saved maze may have (file or standard input): 256 MiB holds
 * every maze up to 10 000 × 10 000 cells with its colors, and keeps reading
 * within about 2 GB of memory (README "Errors").
 */
export const MAX_INPUT_BYTES = 256 * 2 ** 20;

/** Deepest nesting of lists and objects a maze file may have (it needs 3): JSON.parse recurses. */
export const MAX_DEPTH = 32;

/**
 * Most lists and objects a maze file may hold: each costs JSON.parse about
 * 100 bytes (measured: `maze stats` on a 16 777 216-step solution peaked at
 * 1.7 GB, `maze render` to PNG at 3.8 GB), so 4 194 304 of them (a stored
 * solution of about 4 million steps) keep any command near 1 GB.
 */
export const MAX_NODES = 4 * 2 ** 20;

/**
 * Most values (told by the commas between them) a maze file's lists and
 * objects may hold: a stored solution's steps take two commas each
 * (between the two numbers, and after the pair), so 8 × MAX_NODES leaves
 * room for the longest solution besides the rows, colors, doors and keys.
 * A list of 133 million numbers (256 MiB of `0,`) took 3.9 GB to refuse
 * for what it lacked; it is now refused before JSON.parse builds it.
 */
export const MAX_VALUES = 8 * MAX_NODES;

/**
 * A cheap pass over the text before JSON.parse: nesting deeper than
 * MAX_DEPTH would overflow its recursion, and more than MAX_NODES lists and
 * objects, or MAX_VALUES values in them, its memory. Brackets inside
 * strings do not count. A control character but tab, line feed and
 * carriage return is in no JSON text, in a string or out: a file holding one is binary data (an STL's floats, a
 * picture), said as such before its stray brackets are counted.
 */
function checkShape(text: string, fail: Fail): void {
  let depth = 0;
  let nodes = 0;
  let values = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 32 && c !== 9 && c !== 10 && c !== 13) fail('not a saved maze: binary data, not JSON text (a saved maze is the json format\'s text)');
    if (inString) {
      if (c === 92) i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) {
      inString = true;
    } else if (c === 91 || c === 123) {
      if (++depth > MAX_DEPTH) fail(`lists and objects nest deeper than ${MAX_DEPTH} levels (a maze needs 3)`);
      if (++nodes > MAX_NODES) fail(`more than ${MAX_NODES} lists and objects, the most a saved maze may hold`);
    } else if (c === 93 || c === 125) {
      depth--;
    } else if (c === 44 && ++values > MAX_VALUES) {
      fail(`more than ${MAX_VALUES} values in its lists and objects, the most a saved maze may hold`);
    }
  }
}

/**
 * Read a maze saved as JSON. Every way the file can be wrong gets a
 * UsageError naming the field; `source` names the file in messages. What
 * schema/maze.schema.json forbids is refused by the schema's own validator
 * (compiled from it at build time); what it cannot express (row lengths,
 * indices into other lists, doors on open walls, the closed border) is
 * checked here, so that every maze read writes back as valid JSON.
 */
export function parseMaze(text: string, source: string): Maze {
  const maze = parseAnyMaze(text, source);
  if (maze instanceof GraphMaze) throw new MazeError(`${source}: a maze on a ${maze.shapeName === 'square' ? 'square grid with a weave, wrap or levels' : `${maze.shapeName} grid`}; this reads plain square mazes only (parseAny reads every grid)`, { code: 'invalid-maze', option: 'maze' });
  return maze;
}

/**
 * Read a saved maze of any grid: a square Maze, or a GraphMaze for a
 * document with "shape". What is stored differs (the square's wall rows,
 * colors, doors and keys; a shape's passage bits) and is read per grid;
 * what is about passages (the cells the ends and the solution stand on,
 * the solution a walk through open passages, the outside walled off) is
 * checked once, over the passages view.
 */
export function parseAnyMaze(text: string, source: string): AnyMaze {
  const fail = (what: string): never => {
    throw new MazeError(`${source}: ${what}`, { code: 'invalid-maze' });
  };
  if (typeof text !== 'string') return fail(`a saved maze is JSON text, got ${shownValue(text)}`);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1); // a UTF-8 byte order mark
  checkShape(text, fail);
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    fail(`not valid JSON (${(error as Error).message})`);
  }
  if (!isObject(doc)) return fail('not a maze: the top level must be a JSON object');
  if (doc.format !== 'maze') fail(`not a maze file: "format" must be "maze", got ${shown(doc.format)}`);
  if (doc.version !== 1) fail(`"version" ${JSON.stringify(doc.version)} is not supported (this maze reads version 1)`);
  if (!validateSchema(doc)) fail(schemaMessage(validateSchema.errors?.[0], doc));
  // From here on the document has the schema's shape: only what it cannot state is checked.
  const maze = doc.shape === undefined ? readSquare(doc, fail) : readShaped(doc, fail);
  const view = passagesOf(maze);
  if (doc.algorithm !== undefined) {
    const options = (doc.options ?? {}) as Record<string, string | number>;
    checkRecordedOptions(doc.algorithm as string, options, maze.width, maze instanceof GraphMaze && maze.shape instanceof TopologyShape ? maze.height * maze.shape.levels : maze.height, fail);
    maze.info = { algorithm: doc.algorithm as string, seed: doc.seed as string, options };
  }
  if (doc.start !== undefined) maze.start = readCell(doc.start, '"start"', maze, view, fail);
  if (doc.end !== undefined) maze.end = readCell(doc.end, '"end"', maze, view, fail);
  if (doc.solution !== undefined) {
    // checked in place, not copied: a solution may be millions of cells
    const solution = doc.solution as unknown[];
    for (let i = 0; i < solution.length; i++) readCell(solution[i], `"solution" step ${i}`, maze, view, fail);
    maze.solution = solution as Point[];
  }
  // the method that found it (the schema names them): what it drew besides is not stored
  if (doc.method !== undefined) maze.solving = { method: doc.method as string, found: maze.solution !== null, walk: null, shaded: {} };
  if (maze instanceof Maze) {
    if (doc.doors !== undefined) maze.doors = readDoors(doc.doors, maze, fail);
    if (doc.keys !== undefined) maze.keys = readKeys(doc.keys, maze, view, fail);
  }
  checkMazeRules(maze, view, fail);
  return maze;
}

/** A square maze's storage: its size, mask, wall rows, palette and wall colors. */
function readSquare(doc: Record<string, unknown>, fail: Fail): Maze {
  const width = doc.width as number;
  const height = doc.height as number;
  checkCellCount(`${width} × ${height}`, width * height, fail);
  const maze = new Maze(width, height);
  const { walls, stride } = maze;
  if (doc.mask !== undefined) {
    const mask = maskOf(width, height, readMask(doc.mask, gridRows(width, height), fail));
    // a mask of every cell is none
    maze.mask = mask.count === width * height ? null : mask;
  }
  readRows(doc.top, 'top', height + 1, width, (x, y) => (walls[y * stride + x]! |= TOP), fail);
  readRows(doc.left, 'left', height, width + 1, (x, y) => (walls[y * stride + x]! |= LEFT), fail);

  maze.palette = (doc.palette as string[]).map((c) => parseColor(c)!);
  if (doc.topColor !== undefined || doc.leftColor !== undefined) {
    const { top, left } = maze.ensureColors();
    const colors = maze.palette.length;
    readColors(doc.topColor, 'topColor', height + 1, width, colors, (x, y, c) => (top[y * stride + x] = c), fail);
    readColors(doc.leftColor, 'leftColor', height, width + 1, colors, (x, y, c) => (left[y * stride + x] = c), fail);
  }
  return maze;
}

/**
 * A shaped maze's storage: its shape and size, its passage bits (a row per
 * row of the shape, a character per cell, bits only on sides the cell has,
 * each passage between two cells of the maze open on both, as a square's
 * shared wall is by its nature), and its mask.
 */
function readShaped(doc: Record<string, unknown>, fail: Fail): GraphMaze {
  const name = doc.shape as ShapeName;
  const width = doc.width as number;
  const height = doc.height as number;
  if (name === 'polar' && height !== 1) fail(`a polar maze is "width" rings around a centre: its "height" must be 1, got ${height}`);
  const levels = recordedLevels(doc, fail);
  checkCellCount(name === 'polar' ? `a polar grid of ${width} rings` : `a ${name} grid of ${width} × ${height}${levels > 1 ? ` × ${levels} levels` : ''}`, recordedCellCount(name, width, height, doc, fail), fail);
  const topology = name === 'square' || doc.levels !== undefined || doc.crossings !== undefined || doc.wrap !== undefined;
  const maze = new GraphMaze(topology ? recordedTopology(name, width, height, doc, fail) : makeShape(name as GraphShapeName, width, height));
  const { shape } = maze;
  const rows = shapeRows(shape);
  const passages = doc.passages as string[];
  if (passages.length !== rows.length) fail(`"passages" must have ${rows.length} rows for a ${name} grid of that size (${name === 'polar' ? 'the centre, then a row a ring' : 'one a row'}), got ${passages.length}`);
  rows.forEach(([first, count], r) => {
    const row = passages[r]!;
    if (row.length !== count) fail(`"passages" row ${r} must have ${count} characters (one a cell), got ${row.length}`);
    for (let i = 0; i < count; i++) {
      const bits = PASSAGE_DIGITS.indexOf(row[i]!);
      const c = first + i;
      for (let s = 0; s < 6; s++) {
        if ((bits >> s) & 1 && (s >= shape.maxDegree || !shape.hasSide(c, s))) fail(`"passages" row ${r} column ${i} opens side ${s}, which a cell there does not have`);
      }
      maze.passages[c] = bits;
    }
  });
  if (shape instanceof TopologyShape) readStairs(doc, maze, shape, rows, fail);
  if (doc.mask !== undefined) {
    maze.mask = readMask(doc.mask, rows, fail);
  }
  if (shape instanceof TopologyShape) checkCrossingPassages(maze, shape, fail);
  for (let c = 0; c < maze.cellCount; c++) {
    if (!maze.isIn(c)) continue;
    for (let s = 0; s < shape.maxDegree; s++) {
      const n = maze.isOpen(c, s) ? shape.neighbor(c, s) : -1;
      if (n >= 0 && maze.isIn(n) && !maze.isOpen(n, shape.backSlot(c, s, n))) {
        const [x, y] = maze.pointOf(c);
        fail(`"passages": cell [${x},${y}] opens side ${s} but the cell across keeps its side closed; a passage is open on both cells`);
      }
    }
  }
  return maze;
}

/** A topology's stairs: "stairs" with levels (a character a cell: bit 0 up, bit 1 down), none without. */
function readStairs(doc: Record<string, unknown>, maze: GraphMaze, shape: TopologyShape, rows: [number, number][], fail: Fail): void {
  const stairs = doc.stairs as string[] | undefined;
  if (shape.levels === 1) {
    if (stairs !== undefined) fail('"stairs" belongs to a maze with "levels"');
    return;
  }
  if (stairs === undefined) return fail('a maze with "levels" stores its "stairs"');
  if (stairs.length !== rows.length) fail(`"stairs" must have ${rows.length} rows, as "passages" has, got ${stairs.length}`);
  rows.forEach(([first, count], r) => {
    const row = stairs[r]!;
    if (row.length !== count) fail(`"stairs" row ${r} must have ${count} characters (one a cell), got ${row.length}`);
    for (let i = 0; i < count; i++) {
      const bits = Number(row[i]);
      const c = first + i;
      if (((bits & 1) !== 0 && shape.neighbor(c, shape.up) < 0) || ((bits & 2) !== 0 && shape.neighbor(c, shape.up + 1) < 0)) fail(`"stairs" row ${r} column ${i} has a stair with no cell to reach (the top or bottom level, or a crossing)`);
      maze.passages[c]! |= bits << shape.up;
    }
  });
}

/** A crossing's cell opens its bridge and nothing else, and its tunnel is open: never a turn nor a dead end. */
function checkCrossingPassages(maze: GraphMaze, shape: TopologyShape, fail: Fail): void {
  const axes = shape.baseDegree / 2;
  for (const { cell, over } of shape.crossings) {
    const [x, y] = shape.pointOf(cell);
    if (maze.passages[cell] !== ((1 << over) | (1 << (over + axes)))) fail(`"passages": the crossing at [${x},${y}] must open both sides of its bridge (axis ${over}) and no other`);
    if (maze.mask !== null && maze.mask[cell] !== 1) fail(`"crossings": [${x},${y}] is outside the mask`);
  }
  for (let c = 0; c < maze.cellCount; c++) {
    for (let s = 0; s < shape.baseDegree; s++) {
      if (shape.tunnel(c, s) && !maze.isOpen(c, s)) {
        const [x, y] = shape.pointOf(c);
        fail(`"passages": cell [${x},${y}] keeps closed its side ${s}, a tunnel under a crossing, which is always open`);
      }
    }
  }
}

/** The cell limit of a maze read whole: `size` names the grid, `cells` counts them. */
function checkCellCount(size: string, cells: number, fail: Fail): void {
  if (cells > MAX_CELLS) fail(`${size} is ${cells} cells, over the limit of ${MAX_CELLS} for a maze held whole in memory, which reading a saved maze needs (larger mazes are streamed only as they are made, row by row)`);
}

/** A square grid's rows of cells, as shapeRows gives a shape's: [first cell, count] each. */
function gridRows(width: number, height: number): [number, number][] {
  return Array.from({ length: height }, (_, y) => [y * width, width]);
}

/**
 * "mask": a string a row of the grid's cells, a character a cell, '.' a
 * cell of the maze and 'X' one outside, as the cells' storage numbers
 * them (1 in, 0 out).
 */
function readMask(value: unknown, rows: readonly [number, number][], fail: Fail): Uint8Array {
  const list = value as string[];
  if (list.length !== rows.length) fail(`"mask" must be a list of ${rows.length} strings (one a row), got ${list.length}`);
  const last = rows[rows.length - 1]!;
  const cells = new Uint8Array(last[0] + last[1]);
  rows.forEach(([first, count], r) => {
    const row = list[r]!;
    if (row.length !== count) fail(`"mask" row ${r} must be ${count} characters of '.' and 'X', got ${shown(row)}`);
    for (let i = 0; i < count; i++) cells[first + i] = row.charCodeAt(i) === 88 ? 0 : 1;
  });
  if (!cells.includes(1)) fail('"mask" has no cell in the maze: every character is \'X\'');
  return cells;
}

/**
 * What neither the schema nor a type states, for a maze read or given: the
 * outside walled off and the solution a walk, for every grid; a square
 * maze's keys in the mask, and its doors and keys.
 */
function checkMazeRules(maze: AnyMaze, view: Passages, fail: Fail): void {
  checkWalledOff(maze, view, fail);
  if (maze instanceof Maze && maze.mask) {
    (maze.keys ?? []).forEach((k, i) => {
      if (!maze.isIn(k.x, k.y)) fail(`"keys" entry ${i} lies outside the "mask", at [${k.x},${k.y}]`);
    });
  }
  checkSolution(maze, view, fail);
  if (!(maze instanceof Maze)) return;
  const keyCount = maze.keys?.length ?? 0;
  (maze.doors ?? []).forEach((d, i) => {
    if (d.key !== null && d.key >= keyCount) fail(`"doors" entry ${i} is locked with key ${d.key}, but the maze has ${keyCount === 0 ? 'no keys' : `keys 0 to ${keyCount - 1}`}`);
  });
  checkKeysOnTheWay(maze, fail);
  checkDoorsAndKeys(maze, fail);
}

/**
 * A maze object given to the library (render, solve, stats), checked by the
 * JSON reader's rules, so that a hand-made or altered object never puts
 * script into an SVG (a palette entry that is no color) or NaN into a
 * picture. It must be a Maze (from generate or parse); its fields are read
 * as the reader reads a file's, and named the same way.
 */
export function checkMazeObject(value: unknown, what: string): Maze {
  const fail = (message: string): never => {
    throw new MazeError(`${what}: ${message}`, { code: 'invalid-maze', option: 'maze' });
  };
  if (!(value instanceof Maze)) return fail(`not a maze (one made by generate() or parse()), got ${shownValue(value)}`);
  const maze = value;
  const { width, height, stride, walls } = maze;
  if (!isCount(width) || !isCount(height) || stride !== width + 1) return fail(`"width" and "height" must be whole numbers of at least 1, got ${shown(width)} and ${shown(height)}`);
  if (width * height > MAX_CELLS) fail(`${width} × ${height} is over the limit of ${MAX_CELLS} cells`);
  if (!(walls instanceof Uint8Array) || walls.length !== stride * (height + 1)) fail(`its walls must be ${stride * (height + 1)} tiles`);
  for (let t = 0; t < walls.length; t++) if (walls[t]! > (TOP | LEFT)) fail(`tile ${t % stride},${Math.floor(t / stride)} holds wall bits ${walls[t]}`);
  const palette: unknown = maze.palette;
  if (!Array.isArray(palette) || palette.length < 1 || palette.length > MAX_COLORS) fail(`"palette" must be a list of 1 to ${MAX_COLORS} colors`);
  for (let i = 0; i < (palette as unknown[]).length; i++) if (!(i in (palette as unknown[]))) fail(`"palette" entry ${i} is missing (a hole in the list)`);
  (palette as unknown[]).forEach((c, i) => {
    if (!(typeof c === 'number' && Number.isInteger(c) && c >= 0 && c <= 0xffffff)) fail(`"palette" entry ${i} must be a color 0xRRGGBB, got ${shown(c)}`);
  });
  const top: unknown = maze.topColor;
  const left: unknown = maze.leftColor;
  if ((top === null) !== (left === null)) fail('"topColor" and "leftColor" go together');
  for (const [name, colors] of [['topColor', top], ['leftColor', left]] as const) {
    if (colors === null) continue;
    if (!(colors instanceof Uint16Array) || colors.length !== walls.length) return fail(`"${name}" must be ${walls.length} palette indices`);
    for (let t = 0; t < colors.length; t++) if (colors[t]! >= (palette as unknown[]).length) fail(`"${name}" of tile ${t % stride},${Math.floor(t / stride)} is ${colors[t]}, past the palette`);
  }
  const mask: unknown = maze.mask;
  if (mask !== null) {
    const m = (isObject(mask) ? mask : {}) as Record<string, unknown>;
    const cells = m.cells;
    const ok = m.width === width && m.height === height && cells instanceof Uint8Array && cells.length === width * height && cells.every((c) => c <= 1);
    if (!ok) fail(`"mask" must be { width, height, cells, count } of the maze's size, cells 0 or 1, got ${shownValue(mask)}`);
    const counted = maskOf(width, height, cells as Uint8Array).count;
    if (counted !== m.count || counted === 0) fail(`"mask" must count its ${counted} cells and hold one at least, got a count of ${shown(m.count)}`);
  }
  // a list given to the library may have holes (a sparse array), which forEach and every skip
  const dense = (list: unknown[], name: string): void => {
    for (let i = 0; i < list.length; i++) if (!(i in list)) fail(`${name} must be a list without holes, and entry ${i} is missing`);
  };
  const view = passagesOf(maze);
  // a cell of the grid; of the maze (in its mask) but for a key, which checkMazeRules places
  const cell = (p: unknown, name: string, inMaze = true): void => {
    if (!(Array.isArray(p) && p.length === 2 && 0 in p && 1 in p && p.every((v) => Number.isInteger(v) && v >= 0))) fail(`${name} must be a cell [x, y], got ${shown(p)}`);
    if (inMaze) readCell(p, name, maze, view, fail);
    else gridCell(p, name, maze, view, fail);
  };
  if (maze.start !== null) cell(maze.start, '"start"');
  if (maze.end !== null) cell(maze.end, '"end"');
  const solution: unknown = maze.solution;
  if (solution !== null) {
    if (!Array.isArray(solution)) fail(`"solution" must be a list of cells, got ${shown(solution)}`);
    dense(solution as unknown[], '"solution"');
    (solution as unknown[]).forEach((p, i) => cell(p, `"solution" step ${i}`));
  }
  const doors: unknown = maze.doors;
  if (doors !== null) {
    if (!Array.isArray(doors)) fail(`"doors" must be a list, got ${shown(doors)}`);
    dense(doors as unknown[], '"doors"');
    (doors as unknown[]).forEach((d, i) => {
      const door = d as Record<string, unknown>;
      const ok = isObject(d) && Number.isInteger(door.x) && Number.isInteger(door.y) && (door.side === 'top' || door.side === 'left') &&
        (door.key === null || (Number.isInteger(door.key) && (door.key as number) >= 0)) && (door.x as number) >= 0 && (door.y as number) >= 0;
      if (!ok) fail(`"doors" entry ${i} must be {"x", "y", "side": "top"|"left", "key": index or null}, got ${shown(d)}`);
    });
    readDoors(doors, maze, fail);
  }
  const keys: unknown = maze.keys;
  if (keys !== null) {
    if (!Array.isArray(keys)) fail(`"keys" must be a list, got ${shown(keys)}`);
    dense(keys as unknown[], '"keys"');
    (keys as unknown[]).forEach((k, i) => {
      const key = k as Record<string, unknown>;
      if (!(isObject(k) && Number.isInteger(key.door))) fail(`"keys" entry ${i} must be {"x", "y", "door"}, got ${shown(k)}`);
      cell([key.x, key.y], `"keys" entry ${i}`, false);
    });
    readKeys(keys, maze, view, fail);
  }
  const info: unknown = maze.info;
  if (info !== null) {
    const { algorithm, seed, options } = (isObject(info) ? info : {}) as Record<string, unknown>;
    if (typeof algorithm !== 'string' || algorithm === '' || typeof seed !== 'string' || seed === '') fail(`"info" must hold an algorithm's name and a seed, got ${shown(info)}`);
    if (!isObject(options) || !Object.values(options).every((v) => typeof v === 'string' || typeof v === 'number')) fail(`"options" must be an object of strings and numbers, got ${shown(options)}`);
    checkRecordedOptions(algorithm as string, options as Record<string, string | number>, width, height, fail);
  }
  checkMazeRules(maze, view, fail);
  return maze;
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1;
}

type Fail = (what: string) => never;

/**
 * The outside walled off, for every grid over its passages view: a side
 * open onto the outside (off the grid, or a cell out of the mask) is the
 * opening beside "start" or "end" on the rim (`--openings`, on the side
 * the view's `outerSide` gives), and a cell outside opens nothing else.
 */
function checkWalledOff(maze: AnyMaze, view: Passages, fail: Fail): void {
  const ends = [maze.start, maze.end].map((p) => (p === null ? -1 : view.cellAt(p)));
  const opening = (cell: number, side: number): boolean => ends.includes(cell) && view.outerSide(cell) === side;
  const fault = (cell: number, side: number): never => fail(maze.mask
    ? `the outside of the "mask" is not walled off: ${wallWords(maze, view, cell, side)}, beside a cell outside; it may open only beside a "start" or "end" cell on the mask's rim (an entrance or exit)`
    : `the border is not closed: ${wallWords(maze, view, cell, side)}; it may open only beside a "start" or "end" cell on the border (an entrance or exit)`);
  for (const c of view.rim()) {
    const open = view.openSides(c);
    for (let s = 0; s < view.maxDegree; s++) {
      if (((open >> s) & 1) === 0) continue;
      const n = view.across(c, s);
      if ((n < 0 || !view.isIn(n)) && !opening(c, s)) fault(c, s);
    }
  }
  if (!maze.mask) return;
  // the cells outside: open only where the wall is a cell's opening seen from outside (a square's walls are shared)
  for (let c = 0; c < view.size; c++) {
    const open = view.isIn(c) ? 0 : view.openSides(c);
    for (let s = 0; open !== 0 && s < view.maxDegree; s++) {
      if (((open >> s) & 1) === 0) continue;
      const n = view.across(c, s);
      const back = n >= 0 && view.isIn(n) ? sideTo(view, n, c) : -1;
      if (back < 0 || !opening(n, back) || ((view.openSides(n) >> back) & 1) === 0) fault(c, s);
    }
  }
}

/** The side of `cell` that `to` lies across, or −1. */
function sideTo(view: Passages, cell: number, to: number): number {
  for (let s = 0; s < view.maxDegree; s++) if (view.across(cell, s) === to) return s;
  return -1;
}

/** An open side of a cell as a message names it: a square's wall as its row in "top" or "left", a shape's cell and side. */
function wallWords(maze: AnyMaze, view: Passages, cell: number, side: number): string {
  const [x, y] = view.pointOf(cell);
  if (maze instanceof GraphMaze) return `cell [${x},${y}] opens side ${side}`;
  const [row, column] = side === 0 ? [y, x] : side === 1 ? [y, x + 1] : side === 2 ? [y + 1, x] : [y, x];
  return `"${side % 2 === 0 ? 'top' : 'left'}" row ${row} column ${column} is '0'`;
}

/** How a grid's cells are named, for a message. */
function cellWords(maze: AnyMaze): string {
  if (!(maze instanceof GraphMaze)) return `[x, y] inside the ${maze.width} × ${maze.height} grid`;
  if (maze.shapeName === 'polar') return `[x, ring] inside the polar grid of ${maze.width} rings (ring 0 the centre)`;
  return `[x, y] inside the ${maze.width} × ${maze.height} ${maze.shapeName} grid`;
}

/**
 * The modifiers `maze gen` records in "options" besides the algorithm's own
 * (request.ts), each with the reader of the value it records.
 */
const RECORDED_MODIFIERS: Record<string, (value: string | number, width: number, height: number) => boolean> = {
  braid: (v) => typeof v === 'number' && v > 0 && v <= 1,
  ends: (v) => typeof v === 'string' && (END_MODES as readonly string[]).includes(v),
  from: (v, width, height) => isCellText(v, width, height),
  to: (v, width, height) => isCellText(v, width, height),
  openings: (v) => v === 'yes',
  wrap: (v) => typeof v === 'string' && (WRAPS as readonly string[]).includes(v),
  levels: (v) => typeof v === 'number' && Number.isInteger(v) && v >= 2 && v <= MAX_LEVELS,
  weave: (v) => typeof v === 'number' && v > 0 && v <= 1,
};

/** An option name as a flag is spelled (`trunks`, `keys`): anything else was never written by maze. */
const OPTION_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/**
 * "options" is printed back as a command line (the "made by" line of SVG,
 * POV and PDF), so only what `maze gen` records is read: for an algorithm
 * maze knows, its own options with values its parser takes, plus the
 * modifiers above; for a maze of another origin ("hand"), names spelled as
 * flags are.
 */
function checkRecordedOptions(algorithmName: string, options: Record<string, string | number>, width: number, height: number, fail: Fail): void {
  const algorithm = findAlgorithm(algorithmName);
  for (const [name, value] of Object.entries(options)) {
    const modifier = Object.hasOwn(RECORDED_MODIFIERS, name) ? RECORDED_MODIFIERS[name] : undefined;
    if (modifier) {
      if (!modifier(value, width, height)) fail(`"options" ${shown(name)} has a value no maze records: ${shown(value)}`);
      continue;
    }
    if (!algorithm) {
      if (!OPTION_NAME.test(name)) fail(`"options" has a name that is not an option's: ${shown(name)}`);
      continue;
    }
    const spec = Object.hasOwn(algorithm.options, name) ? algorithm.options[name] : undefined;
    if (!spec) {
      const known = [...Object.keys(algorithm.options), ...Object.keys(RECORDED_MODIFIERS)];
      fail(`"options" has ${shown(name)}, which is not an option of ${algorithm.name}; its options are ${known.join(', ')}`);
    }
    try {
      spec.parse(String(value), name);
    } catch (error) {
      fail(`"options" ${shown(name)}: ${(error as Error).message}`);
    }
  }
}

/** `x,y`, a cell of the grid, as --from and --to are recorded. */
function isCellText(value: string | number, width: number, height: number): boolean {
  const match = typeof value === 'string' ? /^(\d{1,9}),(\d{1,9})$/.exec(value) : null;
  return match !== null && Number(match[1]) < width && Number(match[2]) < height;
}

/** A wrong value as a message quotes it: its JSON, cut short (a whole row or list could be megabytes). */
function shown(value: unknown): string {
  let text: string;
  if (value === undefined) text = 'nothing';
  else if (typeof value === 'bigint') text = `${value}n`;
  else {
    // a value no JSON holds (a symbol, a cycle, lists nested past the stack) is named by its kind
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = Array.isArray(value) ? 'a list' : 'an object';
    }
  }
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The schema validator's first complaint as one line naming the field:
 * `"palette" entry 3 must be a color like "#a03c5f", got "#fff"`.
 */
export function schemaMessage(error: SchemaError | undefined, doc: unknown, whole = 'the maze'): string {
  if (!error) return whole === 'the maze' ? 'not a maze: the schema refuses it' : `the schema refuses ${whole}`;
  const path = error.instancePath.split('/').slice(1).map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~'));
  const where = fieldName(path);
  const { params } = error;
  switch (error.keyword) {
    case 'required':
      return `${fieldName([...path, String(params.missingProperty)])} is missing`;
    case 'additionalProperties':
      return `${where === '' ? '' : `${where} has an `}unknown field ${shown(params.additionalProperty)}`;
    case 'dependentRequired':
      return `"${String(params.property)}" needs "${String(params.missingProperty)}" too`;
    case 'false schema':
      // a field of the other kind of maze: the schema's if "shape" then passages, else walls
      return isObject(doc) && typeof doc.shape === 'string'
        ? `${where} has no place in a maze with a "shape", which keeps its passages in "passages" (no walls, colours, keys or doors): leave ${where} out`
        : `${where} has no place in a maze with no "shape", which keeps its walls in "top" and "left": leave ${where} out, or give the maze's "shape"`;
    default: {
      let value: unknown = doc;
      for (const p of path) value = (value as Record<string, unknown>)[p];
      return `${where === '' ? whole : where} must be ${expectation(error)}, got ${shown(value)}`;
    }
  }
}

/** A JSON pointer's parts in the reader's words: `"topColor" row 1 column 2`, `"doors" entry 0 "key"`, `"solution" step 5`. */
function fieldName(path: readonly string[]): string {
  const [field, ...rest] = path;
  if (field === undefined) return '';
  const rows = ['top', 'left', 'topColor', 'leftColor', 'mask'].includes(field);
  // where a cell [x, y] sits in the path: "start" and "end" are one, "solution" a list of them
  const cellAt = field === 'start' || field === 'end' ? 0 : field === 'solution' ? 1 : -1;
  let name = `"${field}"`;
  rest.forEach((part, i) => {
    if (!/^\d+$/.test(part)) name += ` "${part}"`;
    else if (i === cellAt) name += part === '0' ? ' x' : part === '1' ? ' y' : ` [${part}]`;
    else if (rows) name += i === 0 ? ` row ${part}` : ` column ${part}`;
    else if (field === 'solution') name += ` step ${part}`;
    else name += i === 0 ? ` entry ${part}` : ` [${part}]`;
  });
  return name;
}

/** What the schema's patterns mean, in words. */
const PATTERN_WORDS: Record<string, string> = {
  '^#[0-9a-fA-F]{6}$': 'a color like "#a03c5f"',
  '^[01]+$': "only '0' and '1' characters",
  '^[.X]+$': "only '.' (a cell of the maze) and 'X' (outside) characters",
  '^[01][01]*[01]$': "only '0' and '1' characters (at least 2)",
  '^1*(01*){0,2}$': "'1' characters with at most two '0' (the openings beside start and end)",
};

const TYPE_WORDS: Record<string, string> = { integer: 'a whole number', number: 'a number', string: 'text', array: 'a list', object: 'an object', null: 'null', boolean: 'true or false' };

/** What a failed keyword asks for. */
function expectation({ keyword, params }: SchemaError): string {
  switch (keyword) {
    case 'type':
      return String(params.type).split(',').map((t) => TYPE_WORDS[t] ?? t).join(' or ');
    case 'const':
      return JSON.stringify(params.allowedValue);
    case 'enum':
      return `one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'minimum':
    case 'maximum':
      return `${keyword === 'minimum' ? 'at least' : 'at most'} ${String(params.limit)}`;
    case 'minLength':
    case 'maxLength':
      return `${keyword === 'minLength' ? 'at least' : 'at most'} ${String(params.limit)} character${params.limit === 1 ? '' : 's'}`;
    case 'minItems':
    case 'maxItems':
      return `a list of ${keyword === 'minItems' ? 'at least' : 'at most'} ${String(params.limit)} item${params.limit === 1 ? '' : 's'}`;
    case 'pattern':
      return PATTERN_WORDS[String(params.pattern)] ?? `text matching /${String(params.pattern)}/`;
    default:
      return `valid (schema keyword "${keyword}")`;
  }
}

function readRows(rows: unknown, name: string, count: number, length: number, set: (x: number, y: number) => void, fail: Fail): void {
  if ((rows as unknown[]).length !== count) fail(`"${name}" must be a list of ${count} strings, got ${(rows as unknown[]).length}`);
  (rows as string[]).forEach((row, y) => {
    if (row.length !== length) {
      fail(`"${name}" row ${y} must be ${length} characters of '0' and '1', got ${shown(row)}`);
    }
    for (let x = 0; x < length; x++) if (row.charCodeAt(x) === 49) set(x, y);
  });
}

function readColors(
  rows: unknown, name: string, count: number, length: number, colors: number,
  set: (x: number, y: number, color: number) => void, fail: Fail,
): void {
  if ((rows as unknown[]).length !== count) fail(`"${name}" must be a list of ${count} rows of palette indices, got ${(rows as unknown[]).length}`);
  (rows as number[][]).forEach((row, y) => {
    if (row.length !== length) fail(`"${name}" row ${y} must hold ${length} palette indices, got ${row.length}`);
    row.forEach((c, x) => {
      if (c >= colors) fail(`"${name}" row ${y} column ${x} must be a palette index from 0 to ${colors - 1}, got ${shown(c)}`);
      set(x, y, c);
    });
  });
}

/** A point the schema has checked ([x, y], whole numbers from 0) that is a cell of the grid: its number in the view. */
function gridCell(value: unknown, what: string, maze: AnyMaze, view: Passages, fail: Fail): number {
  const cell = view.cellAt(value as Point);
  if (cell < 0) fail(`${what} must be a cell ${cellWords(maze)}, got ${shown(value)}`);
  return cell;
}

/** A point the schema has checked that is a cell of the maze: on the grid and in its mask. */
function readCell(value: unknown, what: string, maze: AnyMaze, view: Passages, fail: Fail): Point {
  if (!view.isIn(gridCell(value, what, maze, view, fail))) fail(`${what} ${JSON.stringify(value)} is outside the "mask": it must be a cell of the maze`);
  return value as Point;
}

/**
 * A stored solution is a path pictures can draw: it runs from "start" to
 * "end" (when given), each step to a neighbor cell through an open
 * passage. Its steps are cells of the maze (readCell).
 */
function checkSolution(maze: AnyMaze, view: Passages, fail: Fail): void {
  const path = maze.solution ?? [];
  const first = path[0];
  const last = path[path.length - 1];
  if (!first || !last) return;
  const same = (a: Point, b: Point): boolean => a[0] === b[0] && a[1] === b[1];
  if (maze.start && !same(first, maze.start)) fail(`"solution" must begin at "start" ${JSON.stringify(maze.start)}, not at ${JSON.stringify(first)}`);
  if (maze.end && !same(last, maze.end)) fail(`"solution" must end at "end" ${JSON.stringify(maze.end)}, not at ${JSON.stringify(last)}`);
  const links = new Int32Array(view.maxDegree);
  let a = view.cellAt(first);
  for (let i = 1; i < path.length; i++) {
    const b = view.cellAt(path[i]!);
    const k = view.links(a, links);
    let through = false;
    for (let j = 0; j < k && !through; j++) through = links[j] === b;
    if (!through) fail(`"solution" step ${i} goes from ${JSON.stringify(path[i - 1])} to ${JSON.stringify(path[i])}: each step must go to a neighbor cell through an open wall`);
    a = b;
  }
}

/**
 * A stored solution in a maze with locked doors never crosses one before
 * stepping on its key's cell (keys are picked up by walking onto them).
 */
function checkKeysOnTheWay(maze: Maze, fail: Fail): void {
  const path = maze.solution ?? [];
  const locked = new Map<string, number>();
  for (const d of maze.doors ?? []) if (d.key !== null) locked.set(`${d.side} ${d.x} ${d.y}`, d.key);
  if (locked.size === 0 || path.length === 0) return;
  const keys = maze.keys ?? [];
  const held = new Set<number>();
  const pickUp = ([x, y]: Point): void => keys.forEach((k, i) => {
    if (k.x === x && k.y === y) held.add(i);
  });
  pickUp(path[0]!);
  for (let i = 1; i < path.length; i++) {
    const [ax, ay] = path[i - 1]!;
    const [bx, by] = path[i]!;
    const wall = ax === bx ? `top ${ax} ${Math.max(ay, by)}` : `left ${Math.max(ax, bx)} ${ay}`;
    const key = locked.get(wall);
    if (key !== undefined && !held.has(key)) {
      fail(`"solution" step ${i} goes from [${ax},${ay}] to [${bx},${by}] through a door locked with key ${key} before picking that key up`);
    }
    pickUp(path[i]!);
  }
}

/**
 * Most keys a maze may hold: key i is drawn in palette entry i + 1, and a
 * palette holds MAX_COLORS entries.
 */
export const MAX_KEYS = MAX_COLORS - 1;

/** Doors the schema has checked the shape of, on the grid. */
function readDoors(value: unknown, maze: Maze, fail: Fail): Door[] {
  return (value as Door[]).map((d, i) => {
    if (d.x > maze.width || d.y > maze.height) {
      return fail(`"doors" entry ${i} must be {"x", "y", "side": "top"|"left", "key": index or null} on the grid, got ${shown(d)}`);
    }
    return { x: d.x, y: d.y, side: d.side, key: d.key };
  });
}

/** Keys the schema has checked the shape of, in the grid. */
function readKeys(value: unknown, maze: Maze, view: Passages, fail: Fail): Key[] {
  const keys = value as { x: number; y: number; door?: number }[];
  if (keys.length > MAX_KEYS) fail(`"keys" holds ${keys.length} keys, over the limit of ${MAX_KEYS} (each key takes a palette color)`);
  return keys.map((k, i) => {
    gridCell([k.x, k.y], `"keys" entry ${i}`, maze, view, fail);
    return { x: k.x, y: k.y, door: k.door ?? -1 };
  });
}

/**
 * What the schema cannot say of doors and keys: a door's key and a key's
 * door (when given; -1 when not) are indices into the other list, and a door is an opening between
 * two cells (an inner wall that is open), never a wall or the border.
 */
function checkDoorsAndKeys(maze: Maze, fail: Fail): void {
  const doors = maze.doors ?? [];
  const keys = maze.keys ?? [];
  doors.forEach((d, i) => {
    if (d.key !== null && (d.key < 0 || d.key >= keys.length)) {
      fail(`"doors" entry ${i} has "key" ${d.key}: it must be null or an index into "keys", 0 to ${keys.length - 1}`);
    }
    const inner = d.side === 'top' ? d.x < maze.width && d.y >= 1 && d.y < maze.height : d.y < maze.height && d.x >= 1 && d.x < maze.width;
    if (!inner) fail(`"doors" entry ${i} is on the border or off the grid: a door joins two cells`);
    if (d.side === 'top' ? maze.hasTop(d.x, d.y) : maze.hasLeft(d.x, d.y)) {
      fail(`"doors" entry ${i} is on a closed wall (${d.side} of tile ${d.x},${d.y}): a door is an opening, its wall '0'`);
    }
  });
  keys.forEach((k, i) => {
    if (k.door !== -1 && k.door >= doors.length) {
      fail(`"keys" entry ${i} has "door" ${k.door}: it must be an index into "doors", 0 to ${doors.length - 1}`);
    }
  });
}
