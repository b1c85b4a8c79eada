/**
 * A mask (SPEC "Masks: mazes in any outline"): which cells of the W × H grid
 * are part of the maze. A cell outside the mask keeps all four walls active,
 * so the wall arrays still hold the maze; the border rule becomes "every wall
 * between the maze and the outside is active".
 *
 * Reading a mask file is the command line's (cli/commands/mask-file.ts); what
 * is here works on cells alone: rows of text, invert, scale, regions.
 */
import { MazeError } from '../errors.js';

export interface Mask {
  readonly width: number;
  readonly height: number;
  /** 1 for a cell in the maze, 0 for one outside; cell (x, y) at y·W + x. */
  readonly cells: Uint8Array;
  /** How many cells are in. */
  readonly count: number;
  /**
   * Its regions were joined (`maskRegions` join): on a hex or triangle
   * grid, whose own neighbours may part what four neighbours join, they
   * are joined again there rather than the largest kept.
   */
  readonly joined?: boolean;
  /**
   * What a hex, triangle or polar grid does with the parts its own
   * neighbours find (SPEC "Grid shapes": the square's rule): 'largest'
   * keeps the largest; absent refuses more than one (or joins them, when
   * `joined`).
   */
  readonly regions?: MaskRegionsMode;
}

/** A mask from its cells (1 in, 0 out), counting them. */
export function maskOf(width: number, height: number, cells: Uint8Array): Mask {
  if (cells.length !== width * height) throw new RangeError(`a ${width} × ${height} mask has ${width * height} cells, got ${cells.length}`);
  let count = 0;
  for (let i = 0; i < cells.length; i++) count += cells[i]! === 0 ? 0 : 1;
  return { width, height, cells, count };
}

/** A mask from rows of text, as a mask file draws it: `X` or `#` outside, any other character in; short rows padded with outside cells. */
export function maskFromRows(rows: readonly string[]): Mask {
  const { width, height } = rowsSize(rows);
  const cells = new Uint8Array(width * height);
  rows.forEach((row, y) => {
    let x = 0;
    // by code points, as a reader counts characters (an emoji is one cell)
    for (const ch of row) cells[y * width + x++] = ch === 'X' || ch === '#' ? 0 : 1;
  });
  return maskOf(width, height, cells);
}

/** The size rows of text draw: the longest row's characters (code points) by the rows, at least 1 × 1. */
export function rowsSize(rows: readonly string[]): { width: number; height: number } {
  let width = 1;
  for (const row of rows) {
    let n = 0;
    for (let i = 0; i < row.length; i++) {
      const c = row.charCodeAt(i);
      if (c < 0xdc00 || c > 0xdfff || i === 0 || row.charCodeAt(i - 1) < 0xd800 || row.charCodeAt(i - 1) > 0xdbff) n++;
    }
    if (n > width) width = n;
  }
  return { width, height: Math.max(1, rows.length) };
}

/**
 * A mask's cells nearest the top-left and the bottom-right corners (cell
 * (0, 0) and cell (W−1, H−1)) in straight-line distance, ties to the
 * smaller y, then x: a zones maze's entrance and exit, and `--ends
 * corners` on a mask. They differ when the mask has two cells or more: of
 * two neighbor cells, the one up or left is nearer the top-left, the other
 * nearer the bottom-right.
 */
export function maskEnds(mask: Mask): [[number, number], [number, number]] {
  const { width, height, cells } = mask;
  let entrance: [number, number] = [0, 0];
  let exit: [number, number] = [0, 0];
  let near = Infinity;
  let far = Infinity;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (cells[y * width + x] === 0) continue;
      const dTopLeft = x * x + y * y;
      const dBottomRight = (width - 1 - x) ** 2 + (height - 1 - y) ** 2;
      if (dTopLeft < near) {
        near = dTopLeft;
        entrance = [x, y];
      }
      if (dBottomRight < far) {
        far = dBottomRight;
        exit = [x, y];
      }
    }
  }
  return [entrance, exit];
}

/** Whether cell (x, y) is part of a maze with this mask (null: every cell is). */
export function inMask(mask: Mask | null, x: number, y: number): boolean {
  return mask === null || mask.cells[y * mask.width + x] === 1;
}

/**
 * A mask file's text as rows (SPEC "Masks"): one line a row, ended by `\n`
 * or `\r\n`; a final line ending ends the last row rather than starting an
 * empty one, and a UTF-8 byte order mark is not a cell.
 */
export function maskTextRows(text: string): string[] {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const rows = text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  if (rows.length > 1 && rows[rows.length - 1] === '') rows.pop();
  return rows;
}

/** The mask with in and out swapped (`--mask-invert`), in a copy. */
export function invertMask(mask: Mask): Mask {
  return scaleMask(mask, mask.width, mask.height, true);
}

/**
 * The mask resized to width × height cells, nearest neighbour: each cell
 * takes the source cell under its centre, so a 512 × 512 logo becomes a
 * 60 × 40 maze and a mask at its own size is itself; inverted on the way
 * when asked, so that no inverted copy sits beside the scaled one. `reuse`:
 * at its own size, the mask's own cells are inverted in place.
 */
export function scaleMask(mask: Mask, width: number, height: number, invert = false, reuse = false): Mask {
  const flip = invert ? 1 : 0;
  if (width === mask.width && height === mask.height) {
    if (!invert) return mask;
    const cells = reuse ? mask.cells : new Uint8Array(mask.cells.length);
    for (let i = 0; i < cells.length; i++) cells[i] = mask.cells[i] === 0 ? 1 : 0;
    return { width, height, cells, count: cells.length - mask.count };
  }
  const cells = new Uint8Array(width * height);
  const columnOf = (x: number): number => Math.min(mask.width - 1, Math.floor(((x + 0.5) * mask.width) / width));
  // each cell's source column, worked out once for every row; a row of millions works it out as it goes (no table of 4 bytes a cell)
  const column = width <= 1 << 20 ? Int32Array.from({ length: width }, (_, x) => columnOf(x)) : null;
  for (let y = 0; y < height; y++) {
    const from = Math.min(mask.height - 1, Math.floor(((y + 0.5) * mask.height) / height)) * mask.width;
    for (let x = 0; x < width; x++) cells[y * width + x] = mask.cells[from + (column === null ? columnOf(x) : column[x]!)]! ^ flip;
  }
  return maskOf(width, height, cells);
}

/** Cells and their neighbours, as a mask's square grid or a shape answers them (grid/shape.ts Shape). */
export interface CellGraph {
  readonly cellCount: number;
  readonly maxDegree: number;
  /** Writes the cell's neighbours into `out`, returning how many. */
  neighbors(cell: number, out: Int32Array): number;
}

/** A width × height mask's cells, joined through their four neighbours (east, west, south, north). */
export function squareCells(width: number, height: number): CellGraph {
  const count = width * height;
  return {
    cellCount: count,
    maxDegree: 4,
    neighbors(c, out) {
      const x = c % width;
      let k = 0;
      if (x + 1 < width) out[k++] = c + 1;
      if (x > 0) out[k++] = c - 1;
      if (c + width < count) out[k++] = c + width;
      if (c >= width) out[k++] = c - width;
      return k;
    },
  };
}

/** A first-in first-out list of cells that grows as it needs: a flood's frontier, seldom more than a few rows of the grid. */
class CellQueue {
  private cells = new Int32Array(1024);
  private head = 0;
  length = 0;

  push(cell: number): void {
    if (this.length === this.cells.length) {
      const grown = new Int32Array(this.cells.length * 2);
      for (let i = 0; i < this.length; i++) grown[i] = this.cells[(this.head + i) & (this.cells.length - 1)]!;
      this.cells = grown;
      this.head = 0;
    }
    this.cells[(this.head + this.length++) & (this.cells.length - 1)] = cell;
  }

  shift(): number {
    const cell = this.cells[this.head]!;
    this.head = (this.head + 1) & (this.cells.length - 1);
    this.length--;
    return cell;
  }
}

/** Floods the region of `start` through the cells whose value is `from`, setting them to `to`: its size. Breadth first, no recursion. */
function flood(cells: Uint8Array, graph: CellGraph, start: number, from: number, to: number, queue = new CellQueue(), out = new Int32Array(graph.maxDegree)): number {
  cells[start] = to;
  queue.push(start);
  let size = 0;
  while (queue.length > 0) {
    const c = queue.shift();
    size++;
    const k = graph.neighbors(c, out);
    for (let i = 0; i < k; i++) {
      const n = out[i]!;
      if (cells[n] === from) {
        cells[n] = to;
        queue.push(n);
      }
    }
  }
  return size;
}

/** A mask's regions, counted: how many, where the second begins, and which is the largest. */
export interface MaskRegions {
  count: number;
  /** The first cell (in cell order) of the second region, −1 when there is none. */
  second: number;
  /** The first cell of the largest region (the first of the largest on a tie), −1 when there is no cell. */
  largest: number;
  /** Cells in the largest region. */
  largestSize: number;
}

/**
 * The regions of cells (1 in, 0 out) joined through the graph's
 * neighbours, by one flood each. Each flood marks its cells 2 and the last
 * pass puts 1 back, so that nothing beside the cells' own byte is held: a
 * mask of 100 000 000 cells needs no label array of 400 MB.
 */
export function cellRegions(cells: Uint8Array, graph: CellGraph): MaskRegions {
  let count = 0;
  let second = -1;
  let largest = -1;
  let largestSize = 0;
  const queue = new CellQueue();
  const out = new Int32Array(graph.maxDegree);
  for (let c = 0; c < graph.cellCount; c++) {
    if (cells[c] !== 1) continue;
    const size = flood(cells, graph, c, 1, 2, queue, out);
    if (count === 1) second = c;
    if (size > largestSize) {
      largest = c;
      largestSize = size;
    }
    count++;
  }
  for (let c = 0; c < graph.cellCount; c++) if (cells[c] === 2) cells[c] = 1;
  return { count, second, largest, largestSize };
}

/** The mask's regions through four neighbours. */
export function maskRegions(mask: Mask): MaskRegions {
  return cellRegions(mask.cells, squareCells(mask.width, mask.height));
}

/** Keeps only the region of cell `first` (its cells stay 1, every other becomes 0), in place. */
export function keepRegion(cells: Uint8Array, graph: CellGraph, first: number): void {
  flood(cells, graph, first, 1, 2);
  for (let c = 0; c < graph.cellCount; c++) cells[c] = cells[c] === 2 ? 1 : 0;
}

/** Only the largest region of the mask (the first of the largest on a tie), in a copy. */
export function largestRegion(mask: Mask, regions = maskRegions(mask)): Mask {
  if (regions.count <= 1) return mask;
  const cells = mask.cells.slice();
  keepRegion(cells, squareCells(mask.width, mask.height), regions.largest);
  return { width: mask.width, height: mask.height, cells, count: regions.largestSize };
}

/** Most cells a mask may have for `maskRegions` join: a label (4 bytes) and a distance (1 byte) a cell while it joins. */
export const MAX_JOIN_CELLS = 25_000_000;

/**
 * Joins the regions of cells (1 in, 0 out) into one, in place, by turning
 * the fewest outside cells in that it can (SPEC "Masks", `maskRegions`
 * join): runs of outside cells between the nearest cells of two regions,
 * the nearest pair first, until one region is left (Kruskal's tree over
 * the regions, each joined to its nearest). One breadth-first flood from
 * every region at once labels each outside cell with its nearest region;
 * where two labels meet, the regions are that far apart, and the floods
 * meet in order of that distance, so the first meeting of two groups not
 * yet joined is their nearest pair. A run is then walked back from the
 * meeting to each region, keeping its direction while it can (straight
 * runs). Returns how many regions there were and how many cells it added.
 */
export function joinRegions(cells: Uint8Array, graph: CellGraph): { regions: number; added: number } {
  const n = graph.cellCount;
  const out = new Int32Array(graph.maxDegree);
  const label = new Int32Array(n).fill(-1);
  let regions = 0;
  const queue = new CellQueue();
  for (let c = 0; c < n; c++) {
    if (cells[c] !== 1 || label[c] !== -1) continue;
    label[c] = regions;
    queue.push(c);
    while (queue.length > 0) {
      const d = queue.shift();
      const k = graph.neighbors(d, out);
      for (let i = 0; i < k; i++) {
        const e = out[i]!;
        if (cells[e] === 1 && label[e] === -1) {
          label[e] = regions;
          queue.push(e);
        }
      }
    }
    regions++;
  }
  if (regions <= 1) return { regions, added: 0 };

  // each reached cell's distance from its region, modulo 3: neighbours' distances differ by at most one, so that tells before from after
  const level = new Uint8Array(n);
  const parent = new Int32Array(regions);
  for (let r = 0; r < regions; r++) parent[r] = r;
  const root = (r: number): number => {
    while (parent[r] !== r) r = parent[r] = parent[parent[r]!]!;
    return r;
  };
  // the meetings that join two groups, as pairs of neighbour cells
  const meetings = new CellList();
  const meet = (a: number, b: number): void => {
    const ra = root(label[a]!);
    const rb = root(label[b]!);
    if (ra === rb) return;
    parent[ra] = rb;
    meetings.push(a);
    meetings.push(b);
  };
  let frontier: Int32Array | null = null; // null: the regions' own cells, at distance 0
  for (let distance = 0; meetings.length / 2 < regions - 1; distance++) {
    const here = distance % 3;
    const before = (distance + 2) % 3;
    const after = (distance + 1) % 3;
    const size = frontier === null ? n : frontier.length;
    const cellAt = (i: number): number => (frontier === null ? i : frontier[i]!);
    const inFrontier = (c: number): boolean => frontier !== null || cells[c] === 1;
    // meetings 2d − 1 cells apart: a cell here beside one of another group a step nearer its region
    if (frontier !== null) {
      for (let i = 0; i < size; i++) {
        const c = cellAt(i);
        const k = graph.neighbors(c, out);
        for (let j = 0; j < k; j++) {
          const e = out[j]!;
          if (label[e] !== -1 && level[e] === before) meet(c, e);
        }
      }
    }
    // meetings 2d apart (two cells here), and the next ring of outside cells
    const next = new CellList();
    for (let i = 0; i < size; i++) {
      const c = cellAt(i);
      if (!inFrontier(c)) continue;
      const k = graph.neighbors(c, out);
      for (let j = 0; j < k; j++) {
        const e = out[j]!;
        if (label[e] === -1) {
          label[e] = label[c]!;
          level[e] = after;
          next.push(e);
        } else if (level[e] === here && (frontier === null ? cells[e] === 1 : cells[e] === 0)) {
          meet(c, e);
        }
      }
    }
    frontier = next.cells();
    if (frontier.length === 0 && meetings.length / 2 < regions - 1) throw new RangeError('regions that no outside cell reaches');
  }

  let added = 0;
  const walkBack = (from: number): void => {
    let c = from;
    let step = 0;
    while (cells[c] !== 1) {
      cells[c] = 1;
      added++;
      const nearer = (level[c]! + 2) % 3;
      const k = graph.neighbors(c, out);
      let pick = -1;
      for (let j = 0; j < k; j++) {
        const e = out[j]!;
        if (label[e] !== label[c] || level[e] !== nearer) continue;
        if (pick === -1 || e - c === step) pick = e;
      }
      if (pick === -1) throw new RangeError(`cell ${c} has no neighbour nearer its region`);
      step = pick - c;
      c = pick;
    }
  };
  const pairs = meetings.cells();
  for (let i = 0; i < pairs.length; i++) walkBack(pairs[i]!);
  return { regions, added };
}

/** A list of cells that grows as it needs (a flood's next ring). */
class CellList {
  private list = new Int32Array(1024);
  length = 0;

  push(cell: number): void {
    if (this.length === this.list.length) {
      const grown = new Int32Array(this.list.length * 2);
      grown.set(this.list);
      this.list = grown;
    }
    this.list[this.length++] = cell;
  }

  cells(): Int32Array {
    return this.list.subarray(0, this.length);
  }
}

/**
 * The mask as JSON records it: one string a row, `.` a cell of the maze
 * and `X` one outside (a mask file as it is read). Each row is decoded
 * whole from its bytes: a row grown a character at a time is a chain of
 * one string object per character (some 40 bytes a cell, 4 GB at the
 * cell limit) until something flattens it.
 */
export function maskRowsText(mask: Mask): string[] {
  const rows: string[] = [];
  const bytes = new Uint8Array(mask.width);
  const decoder = new TextDecoder();
  for (let y = 0; y < mask.height; y++) {
    for (let x = 0; x < mask.width; x++) bytes[x] = mask.cells[y * mask.width + x] === 0 ? 0x58 : 0x2e;
    rows.push(decoder.decode(bytes));
  }
  return rows;
}

/** Whether cell (x, y) of a width × height grid is outside the maze: off the grid, or out of the mask. */
export function isOutside(mask: Mask | null, width: number, height: number, x: number, y: number): boolean {
  return x < 0 || y < 0 || x >= width || y >= height || (mask !== null && mask.cells[y * width + x] === 0);
}

/** The first cell of the mask in row order, as [x, y] (a grid with no mask: the top-left cell). */
export function firstCell(mask: Mask | null): [number, number] {
  if (mask === null) return [0, 0];
  const i = mask.cells.indexOf(1);
  return [i % mask.width, Math.floor(i / mask.width)];
}

/** `maskRegions` values: refuse a mask in several parts (the default), keep its largest, or join them all. */
export const MASK_REGIONS = ['one', 'largest', 'join'] as const;
export type MaskRegionsMode = (typeof MASK_REGIONS)[number];

/** How a mask is fitted to a maze: the size asked (null: the mask's own, or its aspect kept from the other side), invert, regions. */
export interface MaskShaping {
  width: number | null;
  height: number | null;
  invert: boolean;
  regions: MaskRegionsMode;
  /** The mask in messages: "mask 'logo.png'", "the mask". */
  source: string;
  /** Told what `largest` dropped or `join` added, in a line ("mask 'word.png': kept 1 of 4 regions, 312 of 1101 cells"). */
  tell?: (note: string) => void;
  /**
   * The mask goes over a hex, triangle or polar grid, whose own neighbours
   * count its regions (grid/graph-maze.ts, shapeMaskCells): the square's
   * four are not asked here, and `regions` is recorded for the grid.
   */
  onShape?: boolean;
}

/**
 * A mask fitted to a maze (SPEC "Masks"): inverted when asked, scaled to
 * the size asked (one side given, the other keeps the mask's aspect), its
 * cells in one region (or its largest kept, or its regions joined, said
 * through `tell`). Every cell may be in: the spec takes such a mask as
 * none. Refusals are MazeErrors naming the option at fault. The command
 * line's `--mask` and the library's `fitMask`. The raw mask's cells are
 * taken over (inverted in place at its own size): its callers read them
 * fresh and drop them, so that no second copy sits beside them.
 */
export function shapeMask(raw: Mask, shaping: MaskShaping): Mask {
  const { source, regions } = shaping;
  const aspect = (side: number, from: number, to: number): number => Math.max(1, Math.round((side * to) / from));
  const width = shaping.width ?? (shaping.height === null ? raw.width : aspect(shaping.height, raw.height, raw.width));
  const height = shaping.height ?? (shaping.width === null ? raw.height : aspect(width, raw.width, raw.height));
  if (width * height > MAX_MASK_CELLS) {
    throw new MazeError((n) => `${source} scaled to ${width} × ${height} is ${width * height} cells, over the limit of ${MAX_MASK_CELLS}; make ${n('width')} or ${n('height')} smaller`, {
      code: 'too-large',
      option: 'width',
    });
  }
  if (regions === 'join' && width * height > MAX_JOIN_CELLS) {
    throw new MazeError(
      (n) => `${n('maskRegions')} join takes a mask of at most ${MAX_JOIN_CELLS} cells, and ${source} at ${width} × ${height} is ${width * height}; make ${n('width')} or ${n('height')} smaller`,
      { code: 'too-large', option: 'maskRegions' },
    );
  }
  const mask = scaleMask(raw, width, height, shaping.invert, true);
  const scaled = width !== raw.width || height !== raw.height ? `, scaled to ${width} × ${height},` : '';
  const wayOut = (n: (name: string) => string): string => `join them with ${n('maskRegions')} join, or keep the largest with ${n('maskRegions')} largest`;
  if (shaping.onShape === true) {
    checkMaskHasCells(mask, `${source}${scaled}`, shaping.invert);
    return regions === 'one' ? mask : regions === 'join' ? { ...mask, joined: true } : { ...mask, regions };
  }
  if (regions === 'one' || mask.count === 0) {
    checkMaskCells(mask, `${source}${scaled}`, wayOut, shaping.invert);
    return mask;
  }
  const graph = squareCells(width, height);
  if (regions === 'largest') {
    const found = cellRegions(mask.cells, graph);
    if (found.count <= 1) return mask;
    keepRegion(mask.cells, graph, found.largest);
    shaping.tell?.(`${source}: kept 1 of ${found.count} regions, ${found.largestSize} of ${mask.count} cells`);
    return { width, height, cells: mask.cells, count: found.largestSize, regions };
  }
  const { regions: count, added } = joinRegions(mask.cells, graph);
  if (count > 1) shaping.tell?.(`${source}: joined its ${count} regions into one, adding ${added} cell${added === 1 ? '' : 's'}`);
  return { width, height, cells: mask.cells, count: mask.count + added, joined: true };
}

/**
 * Refuse a mask with no cell, or with cells in several regions (four
 * neighbours): how many, and where the second begins. `wayOut` says how
 * to join them or keep the largest, in the caller's words; `inverted` whether the mask
 * was inverted already.
 */
export function checkMaskCells(mask: Mask, source: string, wayOut: (n: (name: string) => string) => string, inverted = false): void {
  checkMaskHasCells(mask, source, inverted);
  const regions = maskRegions(mask);
  if (regions.count > 1) {
    const { second } = regions;
    throw new MazeError(
      (n) =>
        `${source} has ${regions.count} separate regions of cells (joined through their four neighbours), not one; the second begins at cell ${second % mask.width},${Math.floor(second / mask.width)}: ${wayOut(n)}`,
      { code: 'invalid-value', option: 'mask' },
    );
  }
}

/** Refuse a mask with no cell in the maze. */
function checkMaskHasCells(mask: Mask, source: string, inverted: boolean): void {
  if (mask.count === 0) {
    throw new MazeError(
      (n) => `${source} has no cell in the maze: every cell is outside it${inverted ? ` (with ${n('maskInvert')})` : `; ${n('maskInvert')} swaps in and out`}`,
      { code: 'invalid-value', option: 'mask' },
    );
  }
}

/** Most cells a mask may have, as read or scaled: the most a maze may have. */
export const MAX_MASK_CELLS = 100_000_000;
