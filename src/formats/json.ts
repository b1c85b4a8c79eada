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
import type { Door, Key, Point } from '../model/maze.js';
import { findAlgorithm } from '../algorithms/index.js';
import { shownValue } from '../model/options.js';
import { allowedOpenings, END_MODES } from '../passages/ends.js';
import { formatColor, LEFT, MAX_CELLS, MAX_COLORS, Maze, parseColor, stepDirection, TOP } from '../model/maze.js';
import type { MazeRows, TileRow } from '../model/rows.js';
import { rowsOf } from '../model/rows.js';
import { GraphMaze } from '../grid/graph-maze.js';
import { graphJson, readGraphDocument } from './shape-json.js';
import type { Mask } from '../model/mask.js';
import { maskOf, maskRowsText } from '../model/mask.js';
import validateSchema from './schema-validator.js';
import type { SchemaError } from './schema-validator.js';
import type { Format } from './types.js';

function* renderRows(maze: MazeRows): Generator<string> {
  const { width, height, info } = maze;
  const head: Record<string, unknown> = { format: 'maze', version: 1, width, height };
  if (info) {
    head.algorithm = info.algorithm;
    head.seed = info.seed;
    head.options = info.options;
  }
  let out = '{\n';
  for (const [key, value] of Object.entries(head)) out += `  ${JSON.stringify(key)}: ${JSON.stringify(value)},\n`;
  yield out;
  if (maze.mask) {
    // the outline first (SPEC "Masks"): a row of '.' (a cell) and 'X' (outside) a line, as a mask file draws it
    out = '  "mask": [';
    for (const [y, row] of maskRowsText(maze.mask).entries()) {
      out += `${y === 0 ? '\n    ' : ',\n    '}${JSON.stringify(row)}`;
      if (out.length >= 1 << 16) {
        yield out;
        out = '';
      }
    }
    yield `${out}\n  ],\n`;
  }

  // Each list is one pass over the rows: a streamed maze is generated once per list.
  // '0' and '1' bytes, read back as text; TextDecoder rather than Buffer, which a browser lacks
  const row = new Uint8Array(width + 1);
  const decoder = new TextDecoder();
  yield* rows('top', maze, height + 1, ({ walls, at }) => {
    for (let x = 0; x < width; x++) row[x] = walls[at + x]! & TOP ? 49 : 48;
    return JSON.stringify(decoder.decode(row.subarray(0, width)));
  });
  yield ',\n';
  yield* rows('left', maze, height, ({ walls, at }) => {
    for (let x = 0; x <= width; x++) row[x] = walls[at + x]! & LEFT ? 49 : 48;
    return JSON.stringify(decoder.decode(row.subarray(0, width + 1)));
  });

  yield `,\n  "palette": ${JSON.stringify(maze.palette.map(formatColor))}`;
  if (maze.colored) {
    yield ',\n';
    yield* rows('topColor', maze, height + 1, ({ topColor, at }) => `[${topColor!.subarray(at, at + width).join(',')}]`);
    yield ',\n';
    yield* rows('leftColor', maze, height, ({ leftColor, at }) => `[${leftColor!.subarray(at, at + width + 1).join(',')}]`);
  }
  if (maze.start) yield `,\n  "start": ${JSON.stringify(maze.start)}`;
  if (maze.end) yield `,\n  "end": ${JSON.stringify(maze.end)}`;
  if (maze.solution) yield* cells('solution', maze.solution);
  if (maze.doors) yield `,\n  "doors": ${JSON.stringify(maze.doors)}`;
  if (maze.keys) yield `,\n  "keys": ${JSON.stringify(maze.keys.map(({ x, y, door }) => (door >= 0 ? { x, y, door } : { x, y })))}`;
  yield '\n}\n';
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

/** `  "name": [\n    row,\n    row\n  ]` of the first `count` tile rows, yielded in pieces of about 64 KB. */
function* rows(name: string, maze: MazeRows, count: number, rowText: (row: TileRow) => string): Generator<string> {
  let out = `  ${JSON.stringify(name)}: [`;
  for (const row of maze.rows()) {
    if (row.y >= count) break;
    out += (row.y === 0 ? '\n    ' : ',\n    ') + rowText(row);
    if (out.length >= 1 << 16) {
      yield out;
      out = '';
    }
  }
  yield out + '\n  ]';
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
 * A cheap pass over the text before JSON.parse: nesting deeper than
 * MAX_DEPTH would overflow its recursion, and more than MAX_NODES lists and
 * objects its memory. Brackets inside strings do not count.
 */
function checkShape(text: string, fail: Fail): void {
  let depth = 0;
  let nodes = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
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
  if (maze instanceof GraphMaze) throw new MazeError(`${source}: a maze on a ${maze.shapeName} grid; this reads square mazes only`, { code: 'invalid-maze' });
  return maze;
}

/** Read a saved maze of any shape: a square Maze, or a GraphMaze for a document with "shape" (shape-json.ts). */
export function parseAnyMaze(text: string, source: string): Maze | GraphMaze {
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
  if (doc.shape !== undefined) {
    const graph = readGraphDocument(doc, fail);
    if (doc.algorithm !== undefined) {
      const options = (doc.options ?? {}) as Record<string, string | number>;
      checkRecordedOptions(doc.algorithm as string, options, graph.width, graph.height, fail);
      graph.info = { algorithm: doc.algorithm as string, seed: doc.seed as string, options };
    }
    return graph;
  }
  const width = doc.width as number;
  const height = doc.height as number;
  if (width * height > MAX_CELLS) fail(`${width} × ${height} is over the limit of ${MAX_CELLS} cells for a maze held whole in memory, which reading a saved maze needs (only maze gen streams larger mazes, row by row)`);

  const maze = new Maze(width, height);
  const { walls, stride } = maze;
  if (doc.mask !== undefined) maze.mask = readMask(doc.mask, width, height, fail);
  readRows(doc.top, 'top', height + 1, width, (x, y) => (walls[y * stride + x]! |= TOP), fail);
  readRows(doc.left, 'left', height, width + 1, (x, y) => (walls[y * stride + x]! |= LEFT), fail);

  maze.palette = (doc.palette as string[]).map((c) => parseColor(c)!);
  if (doc.topColor !== undefined || doc.leftColor !== undefined) {
    const { top, left } = maze.ensureColors();
    const colors = maze.palette.length;
    readColors(doc.topColor, 'topColor', height + 1, width, colors, (x, y, c) => (top[y * stride + x] = c), fail);
    readColors(doc.leftColor, 'leftColor', height, width + 1, colors, (x, y, c) => (left[y * stride + x] = c), fail);
  }

  if (doc.algorithm !== undefined) {
    const options = doc.options ?? {};
    checkRecordedOptions(doc.algorithm as string, options as Record<string, string | number>, width, height, fail);
    maze.info = {
      algorithm: doc.algorithm as string,
      seed: doc.seed as string,
      options: options as Record<string, string | number>,
    };
  }
  if (doc.start !== undefined) maze.start = readPoint(doc.start, '"start"', maze, fail);
  if (doc.end !== undefined) maze.end = readPoint(doc.end, '"end"', maze, fail);
  if (doc.solution !== undefined) {
    // checked in place, not copied: a solution may be millions of cells
    const solution = doc.solution as unknown[];
    for (let i = 0; i < solution.length; i++) readPoint(solution[i], `"solution" step ${i}`, maze, fail);
    maze.solution = solution as Point[];
  }
  if (doc.doors !== undefined) maze.doors = readDoors(doc.doors, maze, fail);
  if (doc.keys !== undefined) maze.keys = readKeys(doc.keys, maze, fail);
  checkMazeRules(maze, fail);
  return maze;
}

/** What neither the schema nor a type states, for a maze read or given: the border, the solution, doors and keys. */
function checkMazeRules(maze: Maze, fail: Fail): void {
  checkBorder(maze, fail);
  if (maze.mask) {
    for (const [name, cell] of [['start', maze.start], ['end', maze.end]] as const) {
      if (cell && !maze.isIn(cell[0], cell[1])) fail(`"${name}" ${JSON.stringify(cell)} is outside the "mask": it must be a cell of the maze`);
    }
    (maze.keys ?? []).forEach((k, i) => {
      if (!maze.isIn(k.x, k.y)) fail(`"keys" entry ${i} lies outside the "mask", at [${k.x},${k.y}]`);
    });
  }
  checkSolution(maze, fail);
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
    throw new MazeError(`${what}: ${message}`, { code: 'invalid-maze' });
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
  // a list given to the library may have holes (a sparse array), which forEach and every skip
  const dense = (list: unknown[], name: string): void => {
    for (let i = 0; i < list.length; i++) if (!(i in list)) fail(`${name} must be a list without holes, and entry ${i} is missing`);
  };
  const cell = (p: unknown, name: string): void => {
    if (!(Array.isArray(p) && p.length === 2 && 0 in p && 1 in p && p.every((v) => Number.isInteger(v) && v >= 0))) fail(`${name} must be a cell [x, y], got ${shown(p)}`);
    readPoint(p, name, maze, fail);
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
      cell([key.x, key.y], `"keys" entry ${i}`);
    });
    readKeys(keys, maze, fail);
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
  const info: unknown = maze.info;
  if (info !== null) {
    const { algorithm, seed, options } = (isObject(info) ? info : {}) as Record<string, unknown>;
    if (typeof algorithm !== 'string' || algorithm === '' || typeof seed !== 'string' || seed === '') fail(`"info" must hold an algorithm's name and a seed, got ${shown(info)}`);
    if (!isObject(options) || !Object.values(options).every((v) => typeof v === 'string' || typeof v === 'number')) fail(`"options" must be an object of strings and numbers, got ${shown(options)}`);
    checkRecordedOptions(algorithm as string, options as Record<string, string | number>, width, height, fail);
  }
  checkMazeRules(maze, fail);
  return maze;
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1;
}

type Fail = (what: string) => never;

/**
 * The border is closed but for the openings beside "start" and "end"
 * (`--openings`, on the side passages/ends.ts's openingSide gives): any other
 * gap in it is an error.
 */
function checkBorder(maze: Maze, fail: Fail): void {
  const { width, height } = maze;
  const openings = allowedOpenings(maze);
  const allowed = (x: number, y: number, side: 'top' | 'left'): boolean => openings.some((w) => w.x === x && w.y === y && w.side === side);
  if (maze.mask) {
    checkWalledOff(maze, allowed, fail);
    return;
  }
  const beside = 'only beside a "start" or "end" cell on the border (an entrance or exit)';
  for (const y of [0, height]) {
    for (let x = 0; x < width; x++) {
      if (!maze.hasTop(x, y) && !allowed(x, y, 'top')) fail(`the border is not closed: "top" row ${y} column ${x} is '0'; it may open ${beside}`);
    }
  }
  for (let y = 0; y < height; y++) {
    for (const x of [0, width]) {
      if (!maze.hasLeft(x, y) && !allowed(x, y, 'left')) fail(`the border is not closed: "left" row ${y} column ${x} is '0'; it may open ${beside}`);
    }
  }
}

/**
 * A masked maze's border rule (SPEC "Masks"): every wall with the outside
 * on a side (a cell out of the mask, or off the grid) is active, so that
 * the outside keeps all its walls, but for the openings beside "start" and
 * "end" on the mask's rim.
 */
function checkWalledOff(maze: Maze, allowed: (x: number, y: number, side: 'top' | 'left') => boolean, fail: Fail): void {
  const { width, height } = maze;
  const beside = 'only beside a "start" or "end" cell on the mask\'s rim (an entrance or exit)';
  for (let y = 0; y <= height; y++) {
    for (let x = 0; x <= width; x++) {
      if (x < width && !maze.hasTop(x, y) && !(maze.isIn(x, y - 1) && maze.isIn(x, y)) && !allowed(x, y, 'top')) {
        fail(`the outside of the "mask" is not walled off: "top" row ${y} column ${x} is '0', beside a cell outside; it may open ${beside}`);
      }
      if (y < height && !maze.hasLeft(x, y) && !(maze.isIn(x - 1, y) && maze.isIn(x, y)) && !allowed(x, y, 'left')) {
        fail(`the outside of the "mask" is not walled off: "left" row ${y} column ${x} is '0', beside a cell outside; it may open ${beside}`);
      }
    }
  }
}

/** "mask": H rows of W characters, '.' a cell of the maze and 'X' one outside; none when every cell is in. */
function readMask(rows: unknown, width: number, height: number, fail: Fail): Mask | null {
  const list = rows as string[];
  if (list.length !== height) fail(`"mask" must be a list of ${height} strings (one a row), got ${list.length}`);
  const cells = new Uint8Array(width * height);
  list.forEach((row, y) => {
    if (row.length !== width) fail(`"mask" row ${y} must be ${width} characters of '.' and 'X', got ${shown(row)}`);
    for (let x = 0; x < width; x++) cells[y * width + x] = row.charCodeAt(x) === 88 ? 0 : 1;
  });
  const mask = maskOf(width, height, cells);
  if (mask.count === 0) fail('"mask" has no cell in the maze: every character is \'X\'');
  return mask.count === width * height ? null : mask;
}

/** A wrong value as a message quotes it: its JSON, cut short (a whole row or list could be megabytes). */
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
      if (!modifier(value, width, height)) fail(`"options" ${shown(name)} has a value maze gen never records: ${shown(value)}`);
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

function shown(value: unknown): string {
  const text = value === undefined ? 'nothing' : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The schema validator's first complaint as one line naming the field:
 * `"palette" entry 3 must be a color like "#a03c5f", got "#fff"`.
 */
function schemaMessage(error: SchemaError | undefined, doc: unknown): string {
  if (!error) return 'not a maze: the schema refuses it';
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
    default: {
      let value: unknown = doc;
      for (const p of path) value = (value as Record<string, unknown>)[p];
      return `${where === '' ? 'the maze' : where} must be ${expectation(error)}, got ${shown(value)}`;
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

/** A cell the schema has checked ([x, y], whole numbers from 0), inside the grid. */
function readPoint(value: unknown, what: string, maze: Maze, fail: Fail): Point {
  const [x, y] = value as Point;
  if (x < maze.width && y < maze.height) return [x, y];
  return fail(`${what} must be a cell [x, y] inside the ${maze.width} × ${maze.height} grid, got ${shown(value)}`);
}

/**
 * A stored solution is a path pictures can draw: it runs from "start" to
 * "end" (when given), each step to a neighbor cell through an open wall.
 */
function checkSolution(maze: Maze, fail: Fail): void {
  const path = maze.solution ?? [];
  const first = path[0];
  const last = path[path.length - 1];
  if (!first || !last) return;
  const same = (a: Point, b: Point): boolean => a[0] === b[0] && a[1] === b[1];
  if (maze.start && !same(first, maze.start)) fail(`"solution" must begin at "start" ${JSON.stringify(maze.start)}, not at ${JSON.stringify(first)}`);
  if (maze.end && !same(last, maze.end)) fail(`"solution" must end at "end" ${JSON.stringify(maze.end)}, not at ${JSON.stringify(last)}`);
  for (let i = 1; i < path.length; i++) {
    const [ax, ay] = path[i - 1]!;
    const [bx, by] = path[i]!;
    const dir = stepDirection(path[i - 1]!, path[i]!);
    if (dir === -1 || !maze.canMove(ax, ay, dir)) {
      fail(`"solution" step ${i} goes from [${ax},${ay}] to [${bx},${by}]: each step must go to a neighbor cell through an open wall`);
    }
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
function readKeys(value: unknown, maze: Maze, fail: Fail): Key[] {
  const keys = value as { x: number; y: number; door?: number }[];
  if (keys.length > MAX_KEYS) fail(`"keys" holds ${keys.length} keys, over the limit of ${MAX_KEYS} (each key takes a palette color)`);
  return keys.map((k, i) => {
    const [x, y] = readPoint([k.x, k.y], `"keys" entry ${i}`, maze, fail);
    return { x, y, door: k.door ?? -1 };
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
