/**
 * The maze model, stored the seed's way (seed 000, "Représentation du
 * labyrinthe"): a (W+1) × (H+1) array of tiles, each owning at most two
 * walls, its top (corner (x,y) to (x+1,y), for x < W) and its left (corner
 * (x,y) to (x,y+1), for y < H). No wall is stored twice; the extra row and
 * column hold the bottom and right border.
 *
 * Flags live in one Uint8Array (bit TOP, bit LEFT per tile) and colors in
 * two Uint16Arrays of palette indices, allocated only when a maze has more
 * than one color, so that tens of millions of cells fit in memory.
 */

import type { Mask } from './mask.js';

export const TOP = 1;
export const LEFT = 2;

/** Palette index 0 is the plain wall color (white, `--fg` in pictures). */
export const WHITE = 0xffffff;

/** Most palette entries a maze can hold: colors are stored as Uint16 indices. */
export const MAX_COLORS = 65536;

/** Cell count above which a maze is refused up front (memory and array limits). */
export const MAX_CELLS = 100_000_000;

export type Point = [number, number];

/** What a generated maze remembers of how it was made (JSON, SVG and POV record it). */
export interface MazeInfo {
  algorithm: string;
  seed: string;
  options: Record<string, string | number>;
}

/** How a drawing shades a cell a solving method left behind (SPEC "Solvers"). */
export type ShadeTone = 'filled' | 'sealed' | 'seen' | 'once' | 'twice' | 'paths';

/**
 * What a solving method other than the plain shortest path leaves to draw
 * (SPEC "Solvers"): its name, whether it reached the end, a walker's walk,
 * and the cells it shaded, by tone (filled, sealed off, seen by a search,
 * Trémaux's once and twice, on one of the shortest paths). The path it
 * found is the maze's `solution`, as ever.
 */
export interface Solving {
  method: string;
  found: boolean;
  /** How the run ended, when it ran here (solvers/types.ts Outcome; a saved file does not keep it): what a note says when it did not reach the end. */
  outcome?: 'found' | 'no-path' | 'repeated' | 'gave-up';
  walk: Point[] | null;
  shaded: Partial<Record<ShadeTone, Point[]>>;
}

/** A locked door on a wall, opened by the key of the same index (zones, seed 003). */
export interface Door {
  x: number;
  y: number;
  side: 'top' | 'left';
  key: number | null;
}

export interface Key {
  x: number;
  y: number;
  door: number;
}

/**
 * The color of key i and its doors (zones, seed 003: "portes de couleur"):
 * hues a golden angle apart from yellow, so that neighbors in the chain
 * differ most and key 0 is not taken for the path's default red.
 * A zones maze stores it as palette entry i + 1; a hand-made one may not.
 */
export function keyColor(i: number): number {
  const hue = (60 + i * 137.508) % 360;
  const c = 0.8 * 0.9; // chroma of lightness 0.55, saturation 0.8 (HSL)
  const h = hue / 60;
  const x = c * (1 - Math.abs((h % 2) - 1));
  const [r, g, b] = h < 1 ? [c, x, 0] : h < 2 ? [x, c, 0] : h < 3 ? [0, c, x] : h < 4 ? [0, x, c] : h < 5 ? [x, 0, c] : [c, 0, x];
  const m = 0.55 - c / 2;
  const byte = (v: number): number => Math.round((v + m) * 255);
  return ((byte(r) << 16) | (byte(g) << 8) | byte(b)) >>> 0;
}

/** Key i's color in this maze: its palette entry i + 1 when a zones maze stored one, else keyColor(i). */
export function keyRgb(maze: Pick<Maze, 'palette'>, i: number): number {
  return maze.palette[i + 1] ?? keyColor(i);
}

/** The square grid, as a maze's `shape` names it. */
export interface SquareShapeInfo {
  readonly name: 'square';
  readonly width: number;
  readonly height: number;
}

export class Maze {
  readonly width: number;
  readonly height: number;
  /** Tiles per row: width + 1. Tile (x, y) is at y * stride + x. */
  readonly stride: number;
  /** TOP and LEFT bits per tile. */
  readonly walls: Uint8Array;
  /** Palette index of each tile's top and left wall; null while every wall is color 0. */
  topColor: Uint16Array | null = null;
  leftColor: Uint16Array | null = null;
  /** RGB colors as 0xRRGGBB; entry 0 is the plain wall color. */
  palette: number[] = [WHITE];

  info: MazeInfo | null = null;
  start: Point | null = null;
  end: Point | null = null;
  solution: Point[] | null = null;
  /** What a solving method besides the shortest path left to draw, or null. */
  solving: Solving | null = null;
  doors: Door[] | null = null;
  keys: Key[] | null = null;
  /**
   * Which cells are part of the maze (model/mask.ts), or null for all of
   * them. Every wall of a cell outside is active.
   */
  mask: Mask | null = null;

  /**
   * Its grid (SPEC "One maze, every grid"): the square one, W × H. A maze
   * on another grid has its shape here too (grid/graph-maze.ts), so
   * `maze.shape.name` tells any maze's grid.
   */
  get shape(): SquareShapeInfo {
    return { name: 'square', width: this.width, height: this.height };
  }

  /** `walls`, when given, is the maze's own: (W + 1) × (H + 1) tiles, as an algorithm laid them out. */
  constructor(width: number, height: number, walls?: Uint8Array) {
    if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
      throw new RangeError(`maze size must be positive integers, got ${width} × ${height}`);
    }
    this.width = width;
    this.height = height;
    this.stride = width + 1;
    const tiles = (width + 1) * (height + 1);
    if (walls !== undefined && walls.length !== tiles) throw new RangeError(`a ${width} × ${height} maze has ${tiles} tiles, got ${walls.length}`);
    this.walls = walls ?? new Uint8Array(tiles);
  }

  /** Every wall active: the starting point of carving algorithms. */
  static closed(width: number, height: number): Maze {
    const maze = new Maze(width, height);
    const { walls, stride } = maze;
    // one memset, then the extra column (left walls only) and row (top walls only)
    walls.fill(TOP | LEFT, 0, height * stride);
    for (let y = 0; y < height; y++) walls[y * stride + width] = LEFT;
    walls.fill(TOP, height * stride, height * stride + width);
    return maze;
  }

  /** Only the outer border active: the starting point of wall-adding algorithms (trees). */
  static bordered(width: number, height: number): Maze {
    const maze = new Maze(width, height);
    const { walls, stride } = maze;
    for (let x = 0; x < width; x++) {
      walls[x]! |= TOP;
      walls[height * stride + x]! |= TOP;
    }
    for (let y = 0; y < height; y++) {
      walls[y * stride]! |= LEFT;
      walls[y * stride + width]! |= LEFT;
    }
    return maze;
  }

  /** The trees' starting grid on a mask: the border and every wall of the cells outside it. */
  static outlined(mask: Mask): Maze {
    const maze = Maze.bordered(mask.width, mask.height);
    maze.wallOffOutside(mask);
    return maze;
  }

  /** Take the mask: raise every wall of each cell outside it (the border is up already). */
  wallOffOutside(mask: Mask): void {
    const { walls, stride, width, height } = this;
    const cells = mask.cells;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        if (cells[y * width + x] !== 0) continue;
        const t = y * stride + x;
        walls[t]! |= TOP | LEFT;
        walls[t + 1]! |= LEFT;
        walls[t + stride]! |= TOP;
      }
    }
    this.mask = mask;
  }

  tileIndex(x: number, y: number): number {
    return y * this.stride + x;
  }

  hasTop(x: number, y: number): boolean {
    return (this.walls[y * this.stride + x]! & TOP) !== 0;
  }

  hasLeft(x: number, y: number): boolean {
    return (this.walls[y * this.stride + x]! & LEFT) !== 0;
  }

  setTop(x: number, y: number, active: boolean): void {
    const i = y * this.stride + x;
    this.walls[i] = active ? this.walls[i]! | TOP : this.walls[i]! & ~TOP;
  }

  setLeft(x: number, y: number, active: boolean): void {
    const i = y * this.stride + x;
    this.walls[i] = active ? this.walls[i]! | LEFT : this.walls[i]! & ~LEFT;
  }

  /** Open the wall between cell (x, y) and the cell to its right. */
  carveEast(x: number, y: number): void {
    this.walls[y * this.stride + x + 1]! &= ~LEFT;
  }

  /** Open the wall between cell (x, y) and the cell below it. */
  carveSouth(x: number, y: number): void {
    this.walls[(y + 1) * this.stride + x]! &= ~TOP;
  }

  /** Open the wall between two orthogonally adjacent cells. */
  carve(ax: number, ay: number, bx: number, by: number): void {
    if (ay === by) this.carveEast(Math.min(ax, bx), ay);
    else this.carveSouth(ax, Math.min(ay, by));
  }

  /**
   * Whether a player can step from cell (x, y) one cell in direction `dir`.
   * With a mask, only from a cell of the maze to another: an opening to the
   * outside (`--openings`) is an entrance, not a way out.
   */
  canMove(x: number, y: number, dir: Direction): boolean {
    const i = y * this.stride + x;
    let open: boolean;
    switch (dir) {
      case NORTH: open = y > 0 && (this.walls[i]! & TOP) === 0; break;
      case SOUTH: open = y < this.height - 1 && (this.walls[i + this.stride]! & TOP) === 0; break;
      case WEST: open = x > 0 && (this.walls[i]! & LEFT) === 0; break;
      default: open = x < this.width - 1 && (this.walls[i + 1]! & LEFT) === 0;
    }
    if (!open || this.mask === null) return open;
    const cells = this.mask.cells;
    const c = y * this.width + x;
    return cells[c] !== 0 && cells[c + (dir === NORTH ? -this.width : dir === SOUTH ? this.width : dir === WEST ? -1 : 1)] !== 0;
  }

  /** Whether cell (x, y) is part of the maze: on the grid and in its mask, when it has one. */
  isIn(x: number, y: number): boolean {
    return x >= 0 && y >= 0 && x < this.width && y < this.height && (this.mask === null || this.mask.cells[y * this.width + x] !== 0);
  }

  /** Cells in the maze: the mask's, else W × H. */
  get cellCount(): number {
    return this.mask === null ? this.width * this.height : this.mask.count;
  }

  /** Whether any active wall ends at corner (x, y), 0 ≤ x ≤ W, 0 ≤ y ≤ H (seed 000, checkIntersection). */
  cornerTouched(x: number, y: number): boolean {
    const { walls, stride } = this;
    const i = y * stride + x;
    return (
      (y > 0 && (walls[i - stride]! & LEFT) !== 0) || // wall going up
      (walls[i]! & (LEFT | TOP)) !== 0 || // down, right
      (x > 0 && (walls[i - 1]! & TOP) !== 0) // left
    );
  }

  /** Give every wall its own palette index, starting at 0; needed before coloring walls. */
  ensureColors(): { top: Uint16Array; left: Uint16Array } {
    const n = this.walls.length;
    this.topColor ??= new Uint16Array(n);
    this.leftColor ??= new Uint16Array(n);
    return { top: this.topColor, left: this.leftColor };
  }

  /** Add a color to the palette and return its index. */
  addColor(rgb: number): number {
    if (this.palette.length >= MAX_COLORS) {
      throw new RangeError(`a maze holds at most ${MAX_COLORS} colors`);
    }
    this.palette.push(rgb);
    return this.palette.length - 1;
  }

  topColorAt(x: number, y: number): number {
    return this.topColor ? this.topColor[y * this.stride + x]! : 0;
  }

  leftColorAt(x: number, y: number): number {
    return this.leftColor ? this.leftColor[y * this.stride + x]! : 0;
  }

  /** Number of open walls between cells (passages). */
  countPassages(): number {
    const { walls, stride, width, height } = this;
    let open = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = y * stride + x;
        if (x > 0 && (walls[i]! & LEFT) === 0) open++;
        if (y > 0 && (walls[i]! & TOP) === 0) open++;
      }
    }
    return open;
  }
}

export type Direction = 0 | 1 | 2 | 3;
export const NORTH: Direction = 0;
export const EAST: Direction = 1;
export const SOUTH: Direction = 2;
export const WEST: Direction = 3;
export const DX = [0, 1, 0, -1] as const;
export const DY = [-1, 0, 1, 0] as const;

/**
 * One number for each wall of the tile array, tile index · 2, + 1 for the
 * tile's top wall: doors, the game's locks and the ASCII marks are looked up
 * by it. `stride` is the maze's (W + 1).
 */
export function wallId(stride: number, x: number, y: number, side: 'top' | 'left'): number {
  return (y * stride + x) * 2 + (side === 'top' ? 1 : 0);
}

/** The number (`wallId`) of the wall a step from cell (x, y) in direction dir crosses. */
export function wallCrossed(stride: number, x: number, y: number, dir: Direction): number {
  switch (dir) {
    case NORTH: return wallId(stride, x, y, 'top');
    case SOUTH: return wallId(stride, x, y + 1, 'top');
    case WEST: return wallId(stride, x, y, 'left');
    default: return wallId(stride, x + 1, y, 'left');
  }
}

/** The direction of a step from cell a to cell b, or −1 when b is not one of a's four neighbors. */
export function stepDirection(a: readonly [number, number], b: readonly [number, number]): Direction | -1 {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  if (dx === 0 && dy === -1) return NORTH;
  if (dx === 1 && dy === 0) return EAST;
  if (dx === 0 && dy === 1) return SOUTH;
  if (dx === -1 && dy === 0) return WEST;
  return -1;
}

export function formatColor(rgb: number): string {
  return '#' + rgb.toString(16).padStart(6, '0');
}

export function parseColor(text: string): number | null {
  const m = /^#?([0-9a-fA-F]{6}|[0-9a-fA-F]{3})$/.exec(text);
  if (!m) return null;
  let hex = m[1]!;
  if (hex.length === 3) hex = hex[0]! + hex[0]! + hex[1]! + hex[1]! + hex[2]! + hex[2]!;
  return parseInt(hex, 16);
}
