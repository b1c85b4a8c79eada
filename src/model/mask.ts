/**
 * A mask (SPEC "Masks: mazes in any outline"): which cells of the W × H grid
 * are part of the maze. A cell outside the mask keeps all four walls active,
 * so the wall arrays still hold the maze; the border rule becomes "every wall
 * between the maze and the outside is active".
 */
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
  const width = Math.max(1, ...rows.map((row) => [...row].length));
  const height = Math.max(1, rows.length);
  const cells = new Uint8Array(width * height);
  rows.forEach((row, y) => {
    [...row].forEach((ch, x) => {
      cells[y * width + x] = ch === 'X' || ch === '#' ? 0 : 1;
    });
  });
  return maskOf(width, height, cells);
}

/** Whether cell (x, y) is part of a maze with this mask (null: every cell is). */
export function inMask(mask: Mask | null, x: number, y: number): boolean {
  return mask === null || mask.cells[y * mask.width + x] === 1;
}
