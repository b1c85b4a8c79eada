/**
 * The per-cell scratch array that walking algorithms share: one byte per
 * cell, laid out like the wall tiles shifted down one row, so cell (x, y) is
 * at (y + 1)·(W+1) + x = its tile index + (W+1).
 *
 * The bytes around the cells form a frame of sentinels: the row above, the
 * row below, and the extra column x = W, which sits between the last cell
 * of one row and the first cell of the next. A neighbor at ±1 or ±(W+1) is
 * then always inside the array, and reading the sentinel value there says
 * "off the grid" with no bounds test.
 */
export function framedCells(width: number, height: number, sentinel: number): Uint8Array {
  const stride = width + 1;
  const cells = new Uint8Array(stride * (height + 2));
  cells.fill(sentinel, 0, stride);
  cells.fill(sentinel, stride * (height + 1));
  for (let y = 1; y <= height; y++) cells[y * stride + width] = sentinel;
  return cells;
}
