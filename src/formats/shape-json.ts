/**
 * JSON interchange for mazes on non-square grids (SPEC "JSON interchange":
 * "non-square shapes add what they need"): the shape, then its passages,
 * one string a row (polar: a ring), one character a cell holding the
 * cell's open sides as bits, in the alphabet 0-9 a-z A-Z - _ (0 to 63).
 * A square maze never comes here: it is written as it always was.
 * json.ts's reader hands a document with "shape" to `readGraphDocument`,
 * which checks what the schema cannot state.
 */
import { GraphMaze, makeShape, shapeCellCount } from '../grid/graph-maze.js';
import type { GraphShapeName } from '../grid/shape.js';
import type { Point } from '../model/maze.js';
import { MAX_CELLS } from '../model/maze.js';
import { outerSide } from '../passages/view.js';

export const PASSAGE_DIGITS = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_';

/** The rows of a shape's cells: [first cell, count] each (hex, triangle: H rows of W; polar: one a ring). */
export function shapeRows(maze: GraphMaze): [number, number][] {
  const { shape } = maze;
  const rows: [number, number][] = [];
  if (shape.name === 'polar') {
    for (let r = 0, first = 0; r <= shape.width; r++) {
      let n = 0;
      while (shape.cellAt(n, r) >= 0) n++;
      rows.push([first, n]);
      first += n;
    }
  } else {
    for (let y = 0; y < shape.height; y++) rows.push([y * shape.width, shape.width]);
  }
  return rows;
}

/** The JSON of a graph maze, in pieces. */
export function* graphJson(maze: GraphMaze): Generator<string> {
  const head: Record<string, unknown> = { format: 'maze', version: 1, shape: maze.shapeName, width: maze.width, height: maze.height };
  if (maze.info) {
    head.algorithm = maze.info.algorithm;
    head.seed = maze.info.seed;
    head.options = maze.info.options;
  }
  let out = '{\n';
  for (const [key, value] of Object.entries(head)) out += `  ${JSON.stringify(key)}: ${JSON.stringify(value)},\n`;
  out += '  "passages": [';
  shapeRows(maze).forEach(([first, count], i) => {
    let row = '';
    for (let c = first; c < first + count; c++) row += PASSAGE_DIGITS[maze.passages[c]!];
    out += `${i === 0 ? '\n    ' : ',\n    '}"${row}"`;
  });
  out += '\n  ]';
  if (maze.mask) {
    // the cells the mask kept, as a mask file draws them: '.' in, 'X' out
    out += ',\n  "mask": [';
    shapeRows(maze).forEach(([first, count], i) => {
      let row = '';
      for (let c = first; c < first + count; c++) row += maze.mask![c] === 1 ? '.' : 'X';
      out += `${i === 0 ? '\n    ' : ',\n    '}"${row}"`;
    });
    out += '\n  ]';
  }
  yield out;
  if (maze.start) yield `,\n  "start": ${JSON.stringify(maze.start)}`;
  if (maze.end) yield `,\n  "end": ${JSON.stringify(maze.end)}`;
  if (maze.solution) yield `,\n  "solution": [${maze.solution.map(([x, y]) => `[${x},${y}]`).join(',')}]`;
  yield '\n}\n';
}

type Fail = (what: string) => never;

/** How a shape's cells are named, for a message. */
function cellWords(maze: GraphMaze): string {
  return maze.shapeName === 'polar' ? `[x, ring] with ring from 0 to ${maze.width}` : `[x, y] with x below ${maze.width} and y below ${maze.height}`;
}

/**
 * A schema-valid document with "shape" as a graph maze: the size within
 * bounds, a row per row of the shape with a character per cell, bits only
 * on sides the cell has, each passage open on both cells, the outer wall
 * open only beside the start or the end, and the points (start, end,
 * solution steps, each through an open passage) on cells.
 */
export function readGraphDocument(doc: Record<string, unknown>, fail: Fail): GraphMaze {
  const name = doc.shape as GraphShapeName;
  const width = doc.width as number;
  const height = doc.height as number;
  if (name === 'polar' && height !== 1) fail(`a polar maze is "width" rings around a centre: its "height" must be 1, got ${height}`);
  const cells = shapeCellCount(name, width, height);
  if (cells > MAX_CELLS) fail(`a ${name} grid of ${width} × ${height} has ${cells} cells, over the limit of ${MAX_CELLS} for a maze held whole in memory`);
  const maze = new GraphMaze(makeShape(name, width, height));
  const { shape } = maze;
  const rows = shapeRows(maze);
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
  if (doc.mask !== undefined) {
    const rowsText = doc.mask as string[];
    if (rowsText.length !== rows.length) fail(`"mask" must have ${rows.length} rows, as "passages" has, got ${rowsText.length}`);
    const cells = new Uint8Array(maze.cellCount);
    rows.forEach(([first, count], r) => {
      const row = rowsText[r]!;
      if (row.length !== count) fail(`"mask" row ${r} must have ${count} characters (one a cell), got ${row.length}`);
      for (let i = 0; i < count; i++) cells[first + i] = row[i] === '.' ? 1 : 0;
    });
    if (!cells.includes(1)) fail('"mask" has no cell of the maze');
    maze.mask = cells;
    for (let c = 0; c < maze.cellCount; c++) {
      if (cells[c] === 0 && maze.passages[c] !== 0) {
        const [x, y] = maze.pointOf(c);
        fail(`cell [${x},${y}] is outside the "mask" but opens a side; every side of a cell outside stays closed`);
      }
    }
  }
  const point = (value: unknown, what: string): Point => {
    const [x, y] = value as Point;
    const c = shape.cellAt(x, y);
    if (c < 0) fail(`${what} ${JSON.stringify(value)} is not a cell of the ${name} grid (${cellWords(maze)})`);
    if (!maze.isIn(c)) fail(`${what} ${JSON.stringify(value)} is outside the "mask"`);
    return [x, y];
  };
  if (doc.start !== undefined) maze.start = point(doc.start, '"start"');
  if (doc.end !== undefined) maze.end = point(doc.end, '"end"');
  const ends = new Set([maze.start, maze.end].filter((p) => p !== null).map((p) => maze.cellAt(p!)));
  for (let c = 0; c < maze.cellCount; c++) {
    for (let s = 0; s < shape.maxDegree; s++) {
      // a side of a cell outside the mask is open nowhere (checked above); the outer wall of a cell in, only at an end
      if (!maze.isOpen(c, s)) continue;
      const n = shape.neighbor(c, s);
      const [x, y] = maze.pointOf(c);
      if (n >= 0 && maze.isIn(n)) {
        if (!maze.isOpen(n, shape.maxDegree > 0 ? slotBack(maze, n, c) : 0)) fail(`"passages": cell [${x},${y}] opens side ${s} but the cell across keeps its side closed; a passage is open on both cells`);
      } else if (!ends.has(c) || outerSide(maze, c) !== s) {
        fail(`the outer wall is not closed: cell [${x},${y}] opens side ${s}; it may open only beside a "start" or "end" cell on the rim (an entrance or exit)`);
      }
    }
  }
  if (doc.solution !== undefined) {
    const solution = (doc.solution as unknown[]).map((p, i) => point(p, `"solution" step ${i}`));
    const same = (a: Point, b: Point): boolean => a[0] === b[0] && a[1] === b[1];
    if (solution.length > 0) {
      if (maze.start && !same(solution[0]!, maze.start)) fail(`"solution" must begin at "start" ${JSON.stringify(maze.start)}, not at ${JSON.stringify(solution[0])}`);
      if (maze.end && !same(solution[solution.length - 1]!, maze.end)) fail(`"solution" must end at "end" ${JSON.stringify(maze.end)}, not at ${JSON.stringify(solution[solution.length - 1])}`);
    }
    for (let i = 1; i < solution.length; i++) {
      const a = maze.cellAt(solution[i - 1]!);
      const b = maze.cellAt(solution[i]!);
      const s = slotBack(maze, a, b);
      if (s < 0 || !maze.isOpen(a, s)) fail(`"solution" step ${i} goes from ${JSON.stringify(solution[i - 1])} to ${JSON.stringify(solution[i])}: each step must go to a neighbour cell through an open passage`);
    }
    maze.solution = solution;
  }
  return maze;
}

/** The slot of b among a's sides, or −1. */
function slotBack(maze: GraphMaze, a: number, b: number): number {
  for (let s = 0; s < maze.shape.maxDegree; s++) if (maze.shape.neighbor(a, s) === b) return s;
  return -1;
}
