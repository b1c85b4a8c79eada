/**
 * Masks for the tests (SPEC "Masks"): a ring, letters with holes, a spiral
 * one cell wide, a disk, random blobs; and what a maze over a mask's cells
 * must be: the outside walled off, the cells joined, loops counted.
 */
import type { Mask } from '../src/model/mask.js';
import { maskFromRows, maskOf } from '../src/model/mask.js';
import type { Maze } from '../src/model/maze.js';
import { Rng } from '../src/rng.js';

/** Cells within `outer` of the centre and not within `inner` (a disk when inner is 0). */
export function ringMask(size: number, outer: number, inner: number): Mask {
  const cells = new Uint8Array(size * size);
  const mid = (size - 1) / 2;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const r = Math.hypot(x - mid, y - mid);
      cells[y * size + x] = r <= outer && r >= inner ? 1 : 0;
    }
  }
  return maskOf(size, size, cells);
}

/** A disk of radius r, as wide as it can be in a (2r + 1)-cell square. */
export function diskMask(r: number): Mask {
  return ringMask(2 * r + 1, r + 0.3, 0);
}

/** The letter B, strokes two cells wide, two holes. */
export const LETTER_B = maskFromRows([
  'XXXXXXXXXXX',
  'X.......XXX',
  'X........XX',
  'X..XXXX..XX',
  'X..XXXX..XX',
  'X.......XXX',
  'X........XX',
  'X..XXXX..XX',
  'X..XXXX..XX',
  'X........XX',
  'X.......XXX',
  'XXXXXXXXXXX',
]);

/** The letter A, strokes two cells wide, one hole, a one-cell hole in the crossbar's corner too. */
export const LETTER_A = maskFromRows([
  'XXXX....XXXX',
  'XXX......XXX',
  'XX...XX...XX',
  'XX..XXXX..XX',
  'X...XXXX...X',
  'X..........X',
  '...........X',
  '...X.XXXX...',
  '..XXXXXXXX..',
  '..XXXXXXXX..',
]);

/** A square spiral one cell wide, its arms one cell apart: a maze already, with no corner free. */
export function spiralMask(size: number): Mask {
  const cells = new Uint8Array(size * size);
  let x = 0;
  let y = 0;
  cells[0] = 1;
  const dirs = [[1, 0], [0, 1], [-1, 0], [0, -1]] as const;
  let length = size - 1;
  for (let turn = 0; length > 0; turn++) {
    const [dx, dy] = dirs[turn % 4]!;
    for (let i = 0; i < length; i++) {
      x += dx;
      y += dy;
      cells[y * size + x] = 1;
    }
    // the first three arms are full length, then each pair two shorter
    if (turn >= 2 && turn % 2 === 0) length -= 2;
  }
  return maskOf(size, size, cells);
}

/** A connected blob of about `count` cells grown from the centre by random accretion; it may enclose holes. */
export function blobMask(width: number, height: number, count: number, seed: string): Mask {
  const rng = new Rng(seed);
  const cells = new Uint8Array(width * height);
  const edge: number[] = [];
  const add = (c: number): void => {
    cells[c] = 1;
    const x = c % width;
    const y = (c - x) / width;
    if (x > 0) edge.push(c - 1);
    if (x + 1 < width) edge.push(c + 1);
    if (y > 0) edge.push(c - width);
    if (y + 1 < height) edge.push(c + width);
  };
  add(Math.floor(height / 2) * width + Math.floor(width / 2));
  for (let n = 1; n < count && edge.length > 0; ) {
    const i = rng.below(edge.length);
    const c = edge[i]!;
    edge[i] = edge[edge.length - 1]!;
    edge.pop();
    if (cells[c]) continue;
    add(c);
    n++;
  }
  return maskOf(width, height, cells);
}

/** The mask as rows of text (`#` outside), for messages. */
export function maskRows(mask: Mask): string {
  const rows: string[] = [];
  for (let y = 0; y < mask.height; y++) {
    let row = '';
    for (let x = 0; x < mask.width; x++) row += mask.cells[y * mask.width + x] ? '.' : '#';
    rows.push(row);
  }
  return rows.join('\n');
}

/** Outside-cell holes of a mask: regions of outside cells (4-neighbours) that do not reach the grid's edge. */
export function holesOf(mask: Mask): number {
  const { width, height, cells } = mask;
  const seen = new Uint8Array(width * height);
  let holes = 0;
  for (let s = 0; s < cells.length; s++) {
    if (cells[s] || seen[s]) continue;
    let edge = false;
    const stack = [s];
    seen[s] = 1;
    while (stack.length > 0) {
      const c = stack.pop()!;
      const x = c % width;
      const y = (c - x) / width;
      if (x === 0 || y === 0 || x === width - 1 || y === height - 1) edge = true;
      // 8-neighbours: outside cells meeting at a corner are one outside for a maze's walls
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const n = ny * width + nx;
          if (!cells[n] && !seen[n]) {
            seen[n] = 1;
            stack.push(n);
          }
        }
      }
    }
    if (!edge) holes++;
  }
  return holes;
}

/** What is wrong with a maze over a mask's cells, [] when nothing: walls, connection, and the loops it should have. */
export function maskProblems(maze: Maze, mask: Mask, loops = 0): string[] {
  const { width, height } = maze;
  const problems: string[] = [];
  if (maze.mask !== mask) problems.push('maze.mask is not the mask');
  const inside = (x: number, y: number): boolean => x >= 0 && y >= 0 && x < width && y < height && mask.cells[y * width + x] === 1;
  let passages = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const here = inside(x, y);
      // the wall to the left of (x, y), and the one above it
      for (const [side, other, open] of [['left', inside(x - 1, y), !maze.hasLeft(x, y)], ['top', inside(x, y - 1), !maze.hasTop(x, y)]] as const) {
        if (here && other) passages += open ? 1 : 0;
        else if (open) problems.push(`the ${side} wall of cell ${x},${y} is open and not between two cells of the mask`);
      }
      if (!here && (!maze.hasLeft(x + 1, y) || !maze.hasTop(x, y + 1))) problems.push(`outside cell ${x},${y} is not walled off`);
    }
  }
  for (let x = 0; x < width; x++) if (!maze.hasTop(x, height)) problems.push(`border open below ${x},${height - 1}`);
  for (let y = 0; y < height; y++) if (!maze.hasLeft(width, y)) problems.push(`border open right of ${width - 1},${y}`);
  // connected over the mask's cells
  let first = -1;
  for (let c = 0; c < mask.cells.length && first < 0; c++) if (mask.cells[c]) first = c;
  const seen = new Uint8Array(width * height);
  const stack = [first];
  seen[first] = 1;
  let reached = 0;
  while (stack.length > 0) {
    const c = stack.pop()!;
    reached++;
    const x = c % width;
    const y = (c - x) / width;
    const next: [number, boolean][] = [
      [c + 1, x + 1 < width && !maze.hasLeft(x + 1, y)],
      [c - 1, x > 0 && !maze.hasLeft(x, y)],
      [c + width, y + 1 < height && !maze.hasTop(x, y + 1)],
      [c - width, y > 0 && !maze.hasTop(x, y)],
    ];
    for (const [n, open] of next) {
      if (open && !seen[n]) {
        seen[n] = 1;
        stack.push(n);
      }
    }
  }
  if (reached !== mask.count) problems.push(`${reached} of the mask's ${mask.count} cells reached`);
  if (passages !== mask.count - 1 + loops) problems.push(`${passages} passages between ${mask.count} cells: ${passages - mask.count + 1} loops, not ${loops}`);
  return problems;
}
