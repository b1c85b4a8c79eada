/**
 * A mask (SPEC "Masks: mazes in any outline"): which cells of the W × H grid
 * are part of the maze. A cell outside the mask keeps all four walls active,
 * so the wall arrays still hold the maze; the border rule becomes "every wall
 * between the maze and the outside is active".
 *
 * Reading a mask file is the command line's (commands/mask-file.ts); what
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

/** The mask with in and out swapped (`--mask-invert`). */
export function invertMask(mask: Mask): Mask {
  const cells = new Uint8Array(mask.cells.length);
  for (let i = 0; i < cells.length; i++) cells[i] = mask.cells[i] === 0 ? 1 : 0;
  return maskOf(mask.width, mask.height, cells);
}

/**
 * The mask resized to width × height cells, nearest neighbour: each cell
 * takes the source cell under its centre, so a 512 × 512 logo becomes a
 * 60 × 40 maze and a mask at its own size is itself.
 */
export function scaleMask(mask: Mask, width: number, height: number): Mask {
  if (width === mask.width && height === mask.height) return mask;
  const cells = new Uint8Array(width * height);
  const column = new Int32Array(width);
  for (let x = 0; x < width; x++) column[x] = Math.min(mask.width - 1, Math.floor(((x + 0.5) * mask.width) / width));
  for (let y = 0; y < height; y++) {
    const from = Math.min(mask.height - 1, Math.floor(((y + 0.5) * mask.height) / height)) * mask.width;
    for (let x = 0; x < width; x++) cells[y * width + x] = mask.cells[from + column[x]!]!;
  }
  return maskOf(width, height, cells);
}

/** The cells of a mask in 4-neighbour regions: each cell's region (−1 outside), numbered by their first cell in row order. */
export interface MaskRegions {
  count: number;
  /** Region of each cell, −1 for a cell outside. */
  region: Int32Array;
  /** Cells in each region. */
  sizes: number[];
  /** The first cell (y·W + x) of each region, in row order. */
  first: number[];
}

/** The mask's regions: cells joined through their four neighbours, by one flood fill each (no recursion). */
export function maskRegions(mask: Mask): MaskRegions {
  const { width, height, cells } = mask;
  const region = new Int32Array(cells.length).fill(-1);
  const stack = new Int32Array(cells.length);
  const sizes: number[] = [];
  const first: number[] = [];
  for (let start = 0; start < cells.length; start++) {
    if (cells[start] === 0 || region[start] !== -1) continue;
    const id = sizes.length;
    let size = 0;
    let top = 0;
    stack[top++] = start;
    region[start] = id;
    while (top > 0) {
      const c = stack[--top]!;
      size++;
      const x = c % width;
      const visit = (n: number): void => {
        if (cells[n] !== 0 && region[n] === -1) {
          region[n] = id;
          stack[top++] = n;
        }
      };
      if (x + 1 < width) visit(c + 1);
      if (x > 0) visit(c - 1);
      if (c + width < width * height) visit(c + width);
      if (c >= width) visit(c - width);
    }
    sizes.push(size);
    first.push(start);
  }
  return { count: sizes.length, region, sizes, first };
}

/** Only the largest region of the mask (the first of the largest on a tie). */
export function largestRegion(mask: Mask, regions = maskRegions(mask)): Mask {
  if (regions.count <= 1) return mask;
  let best = 0;
  regions.sizes.forEach((size, i) => {
    if (size > regions.sizes[best]!) best = i;
  });
  const cells = new Uint8Array(mask.cells.length);
  for (let i = 0; i < cells.length; i++) cells[i] = regions.region[i] === best ? 1 : 0;
  return maskOf(mask.width, mask.height, cells);
}

/** The mask as JSON records it: one string a row, `.` a cell of the maze and `X` one outside (a mask file as it is read). */
export function maskRowsText(mask: Mask): string[] {
  const rows: string[] = [];
  for (let y = 0; y < mask.height; y++) {
    let row = '';
    for (let x = 0; x < mask.width; x++) row += mask.cells[y * mask.width + x] === 0 ? 'X' : '.';
    rows.push(row);
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

/** `maskRegions` values: refuse a mask in several parts (the default), or keep its largest. */
export const MASK_REGIONS = ['one', 'largest'] as const;
export type MaskRegionsMode = (typeof MASK_REGIONS)[number];

/** How a mask is fitted to a maze: the size asked (null: the mask's own, or its aspect kept from the other side), invert, regions. */
export interface MaskShaping {
  width: number | null;
  height: number | null;
  invert: boolean;
  regions: MaskRegionsMode;
  /** The mask in messages: "'logo.png'", "the mask". */
  source: string;
}

/**
 * A mask fitted to a maze (SPEC "Masks"): inverted when asked, scaled to
 * the size asked (one side given, the other keeps the mask's aspect), its
 * cells in one region (or its largest kept). Every cell may be in: the
 * spec takes such a mask as none. Refusals are MazeErrors naming the
 * option at fault. The command line's `--mask` and the library's `fitMask`.
 */
export function shapeMask(raw: Mask, shaping: MaskShaping): Mask {
  const { source } = shaping;
  const aspect = (side: number, from: number, to: number): number => Math.max(1, Math.round((side * to) / from));
  const width = shaping.width ?? (shaping.height === null ? raw.width : aspect(shaping.height, raw.height, raw.width));
  const height = shaping.height ?? (shaping.width === null ? raw.height : aspect(width, raw.width, raw.height));
  if (width * height > MAX_MASK_CELLS) {
    throw new MazeError((n) => `${source} scaled to ${width} × ${height} is ${width * height} cells, over the limit of ${MAX_MASK_CELLS}; make ${n('width')} or ${n('height')} smaller`, {
      code: 'too-large',
      option: 'width',
    });
  }
  const mask = scaleMask(shaping.invert ? invertMask(raw) : raw, width, height);
  const scaled = width !== raw.width || height !== raw.height ? `, scaled to ${width} × ${height},` : '';
  const wayOut = (n: (name: string) => string): string => `keep the largest with ${n('maskRegions')} largest`;
  if (shaping.regions === 'largest' && mask.count > 0) return largestRegion(mask);
  checkMaskCells(mask, `${source}${scaled}`, wayOut, shaping.invert);
  return mask;
}

/**
 * Refuse a mask with no cell, or with cells in several regions (four
 * neighbours): how many, and where the second begins. `wayOut` says how
 * to keep the largest, in the caller's words; `inverted` whether the mask
 * was inverted already.
 */
export function checkMaskCells(mask: Mask, source: string, wayOut: (n: (name: string) => string) => string, inverted = false): void {
  if (mask.count === 0) {
    throw new MazeError(
      (n) => `${source} has no cell in the maze: every cell is outside it${inverted ? ` (with ${n('maskInvert')})` : `; ${n('maskInvert')} swaps in and out`}`,
      { code: 'invalid-value', option: 'mask' },
    );
  }
  const regions = maskRegions(mask);
  if (regions.count > 1) {
    const second = regions.first[1]!;
    throw new MazeError(
      (n) =>
        `${source} has ${regions.count} separate regions of cells (joined through their four neighbours), not one; the second begins at cell ${second % mask.width},${Math.floor(second / mask.width)}: join them, or ${wayOut(n)}`,
      { code: 'invalid-value', option: 'mask' },
    );
  }
}

/** Most cells a mask may have, as read or scaled: the most a maze may have. */
export const MAX_MASK_CELLS = 100_000_000;
