/**
 * The one geometry walker of the pictures (STYLE rule 5): PNG, SVG and POV
 * all draw what this module says is where.
 *
 * Seed 000's `drawWall` and seed 001's 3 × 3 cells cut the picture the same
 * way: along each axis, a thin band for every corner line alternates with a
 * long band between two corners. Numbering those bands gives a lattice of
 * (2W+1) × (2H+1) squares: lattice column 2x is corner column x, column 2x+1
 * lies between corners x and x+1 (rows likewise). A lattice square is
 *
 * - (2x, 2y), a corner: PNG pixels [x·tile, x·tile+wall)², a POV pillar;
 * - (2x+1, 2y), the top wall of tile (x, y);
 * - (2x, 2y+1), the left wall of tile (x, y);
 * - (2x+1, 2y+1), the floor of cell (x, y), never drawn.
 *
 * Each square holds the palette index left on top, or NONE. A wall's own
 * band is drawn by that wall alone; only corners are contested. In seed 000
 * the loop visits tiles by rows and draws each tile's left wall, then its
 * top wall, and a vertical wall is `tile + wall` long, so corner (x, y) is
 * painted by the left wall of tile (x, y−1), then the left wall of tile
 * (x, y), then the top wall of tile (x, y): the last of those that is active
 * wins. The top wall of tile (x−1, y) stops where the corner begins and
 * never paints it: the PNG leaves a notch there, which the SVG must keep.
 * A POV pillar fills that notch (`pillars`), in the wall's color.
 *
 * `latticeRow` gives one lattice row (the PNG rasterizes it band by band);
 * `wallRuns` merges the squares into disjoint rectangles, one color each,
 * and `runsByColor` groups them by color (SVG paths, POV boxes).
 */
import { keyColor, LEFT, Maze, TOP } from '../model/maze.js';
import type { RenderOptions } from './types.js';

/**
 * What the pictures draw for a keys-and-doors maze (zones, seed 003's
 * "portes de couleur"): each locked door (decoys too) as a wall in its
 * key's color, key k being palette entry k + 1 (added when a hand-made
 * maze lacks it). A copy: the maze itself keeps its doors open. A maze
 * with no locked door is returned as it is, so its pictures do not change.
 */
export function withDoorsDrawn(maze: Maze): Maze {
  const locked = (maze.doors ?? []).filter((d) => d.key !== null);
  if (locked.length === 0) return maze;
  const copy = new Maze(maze.width, maze.height);
  copy.walls.set(maze.walls);
  copy.palette = [...maze.palette];
  const { top, left } = copy.ensureColors();
  if (maze.topColor) top.set(maze.topColor);
  if (maze.leftColor) left.set(maze.leftColor);
  const indexOf = new Map<number, number>();
  for (const door of locked) {
    const k = door.key!;
    let index = indexOf.get(k);
    if (index === undefined) {
      index = k + 1 < copy.palette.length ? k + 1 : copy.addColor(keyColor(k));
      indexOf.set(k, index);
    }
    const i = copy.tileIndex(door.x, door.y);
    if (door.side === 'top') {
      copy.setTop(door.x, door.y, true);
      top[i] = index;
    } else {
      copy.setLeft(door.x, door.y, true);
      left[i] = index;
    }
  }
  copy.info = maze.info;
  copy.start = maze.start;
  copy.end = maze.end;
  copy.solution = maze.solution;
  copy.doors = maze.doors;
  copy.keys = maze.keys;
  return copy;
}

/** No wall on this lattice square: background (PNG, SVG) or floor (POV). */
export const NONE = -1;

/** Lattice squares across or down, for a maze `cells` wide or high. */
export function latticeSize(cells: number): number {
  return 2 * cells + 1;
}

/**
 * Where lattice line k starts, when a corner band is `corner` long and a
 * whole cell `cell` long: PNG pixels with (tile, wall), POV squares with
 * (3, 1). Line 2·cells + 1 is the far edge of the picture.
 */
export function latticeEdge(k: number, cell: number, corner: number): number {
  return Math.floor(k / 2) * cell + (k % 2) * corner;
}

/** The picture's size in pixels (seed 000: SCREEN_WIDTH, SCREEN_HEIGHT). */
export function canvasSize(width: number, height: number, options: Pick<RenderOptions, 'tile' | 'wall'>): { width: number; height: number } {
  return { width: width * options.tile + options.wall, height: height * options.tile + options.wall };
}

export interface GeometryOptions {
  /** Fill the corner where only a wall from the left ends (POV pillars); the PNG leaves it empty. */
  pillars: boolean;
}

/**
 * Palette indices of lattice row `ly` (0 ≤ ly ≤ 2H) into `out`, which holds
 * 2W+1 entries; NONE where nothing is drawn.
 */
export function latticeRow(maze: Maze, ly: number, out: Int32Array, options: GeometryOptions): void {
  const { width, stride, walls, topColor, leftColor } = maze;
  out.fill(NONE);
  const y = ly >> 1;
  const row = y * stride;
  if (ly & 1) {
    // Between corner rows y and y+1: only left walls, the rest is cell floor.
    for (let x = 0; x <= width; x++) {
      if (walls[row + x]! & LEFT) out[2 * x] = leftColor ? leftColor[row + x]! : 0;
    }
    return;
  }
  // Walls stored where the model says none exists (a top at x = W, a left
  // at y = H) are ignored: seed 000 never activates them.
  for (let x = 0; x < width; x++) {
    if (walls[row + x]! & TOP) out[2 * x + 1] = topColor ? topColor[row + x]! : 0;
  }
  for (let x = 0; x <= width; x++) {
    out[2 * x] = cornerColor(maze, x, y, options.pillars, walls, topColor, leftColor);
  }
}

/**
 * What seed 000's drawing order leaves on corner (x, y), see the module
 * comment; with `pillars`, also the notch where only a wall from the left
 * ends (POV pillars, ASCII corners).
 */
export function cornerColor(
  maze: Maze, x: number, y: number, pillars: boolean,
  walls: Uint8Array, topColor: Uint16Array | null, leftColor: Uint16Array | null,
): number {
  const { width, height, stride } = maze;
  const i = y * stride + x;
  if (x < width && walls[i]! & TOP) return topColor ? topColor[i]! : 0;
  if (y < height && walls[i]! & LEFT) return leftColor ? leftColor[i]! : 0;
  if (y > 0 && walls[i - stride]! & LEFT) return leftColor ? leftColor[i - stride]! : 0;
  if (pillars && x > 0 && walls[i - 1]! & TOP) return topColor ? topColor[i - 1]! : 0;
  return NONE;
}

/** A rectangle of lattice squares [x0, x1) × [y0, y1), all of palette index `color`. */
interface Run {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  color: number;
}

/**
 * The walls as disjoint rectangles, each of one color, covering exactly the
 * drawn lattice squares. Corner rows are cut into maximal runs of one color;
 * a corner with no wall of its color beside it in its row instead joins the
 * vertical run of its column, and vertical runs merge down the columns.
 * Runs come out in a fixed order (by where they end, rows top to bottom).
 */
function* wallRuns(maze: Maze, options: GeometryOptions): Generator<Run> {
  const across = latticeSize(maze.width);
  const down = latticeSize(maze.height);
  const row = new Int32Array(across);
  // Per corner column: the color and first row of the vertical run open there.
  const openColor = new Int32Array(maze.width + 1).fill(NONE);
  const openStart = new Int32Array(maze.width + 1);

  for (let ly = 0; ly < down; ly++) {
    latticeRow(maze, ly, row, options);
    if ((ly & 1) === 0) {
      let k = 0;
      while (k < across) {
        const color = row[k]!;
        let end = k + 1;
        while (end < across && row[end] === color) end++;
        if (color !== NONE && !(end - k === 1 && (k & 1) === 0)) {
          yield { x0: k, x1: end, y0: ly, y1: ly + 1, color };
          for (let j = k + (k & 1); j < end; j += 2) row[j] = NONE; // these corners are taken
        }
        k = end;
      }
    }
    for (let x = 0; x <= maze.width; x++) {
      const color = row[2 * x]!;
      const open = openColor[x]!;
      if (color === open && color !== NONE) continue;
      if (open !== NONE) yield { x0: 2 * x, x1: 2 * x + 1, y0: openStart[x]!, y1: ly, color: open };
      openColor[x] = color;
      openStart[x] = ly;
    }
  }
  for (let x = 0; x <= maze.width; x++) {
    const open = openColor[x]!;
    if (open !== NONE) yield { x0: 2 * x, x1: 2 * x + 1, y0: openStart[x]!, y1: down, color: open };
  }
}

/**
 * The runs of `wallRuns` grouped by palette index, in palette order, each
 * group four integers a run (x0, y0, x1, y1): compact enough for a
 * 1000 × 1000 maze's million runs, where objects or strings would not be.
 */
export function runsByColor(maze: Maze, options: GeometryOptions): Map<number, Int32Array> {
  const groups = new Map<number, { data: Int32Array; length: number }>();
  for (const run of wallRuns(maze, options)) {
    let group = groups.get(run.color);
    if (!group) {
      group = { data: new Int32Array(64), length: 0 };
      groups.set(run.color, group);
    }
    if (group.length + 4 > group.data.length) {
      const bigger = new Int32Array(group.data.length * 2);
      bigger.set(group.data);
      group.data = bigger;
    }
    const { data } = group;
    data[group.length++] = run.x0;
    data[group.length++] = run.y0;
    data[group.length++] = run.x1;
    data[group.length++] = run.y1;
  }
  const sorted = [...groups.keys()].sort((a, b) => a - b);
  return new Map(sorted.map((color) => [color, groups.get(color)!.data.subarray(0, groups.get(color)!.length)]));
}

/**
 * Groups of runs by the RGB they are drawn in, in palette order: palette
 * entries of one color (or entry 0 under `--fg`) share one SVG path or POV
 * texture.
 */
export function byRgb(maze: Maze, groups: Map<number, Int32Array>, fg: number | null): Map<number, Int32Array[]> {
  const out = new Map<number, Int32Array[]>();
  for (const [color, runs] of groups) {
    const rgb = wallRgb(maze, color, fg);
    const list = out.get(rgb);
    if (list) list.push(runs);
    else out.set(rgb, [runs]);
  }
  return out;
}

/** Palette indices of the walls that are drawn (every active wall shows its own band). */
export function usedColors(maze: Maze): number[] {
  const { width, height, stride, walls, topColor, leftColor } = maze;
  if (!topColor || !leftColor) return hasAnyWall(maze) ? [0] : [];
  const seen = new Uint8Array(maze.palette.length);
  for (let y = 0; y <= height; y++) {
    const row = y * stride;
    for (let x = 0; x <= width; x++) {
      const bits = walls[row + x]!;
      if (x < width && bits & TOP) seen[topColor[row + x]!] = 1;
      if (y < height && bits & LEFT) seen[leftColor[row + x]!] = 1;
    }
  }
  const used: number[] = [];
  seen.forEach((s, i) => {
    if (s) used.push(i);
  });
  return used;
}

function hasAnyWall(maze: Maze): boolean {
  const { width, height } = maze;
  for (let y = 0; y <= height; y++) {
    for (let x = 0; x <= width; x++) {
      if ((x < width && maze.hasTop(x, y)) || (y < height && maze.hasLeft(x, y))) return true;
    }
  }
  return false;
}

/** The RGB a palette index is drawn in: entry 0 is `--fg` when given (plain walls). */
export function wallRgb(maze: Maze, index: number, fg: number | null): number {
  return index === 0 && fg !== null ? fg : (maze.palette[index] ?? 0);
}

/**
 * The command line that makes this maze again (size, seed and the
 * algorithm's own options), or null for a maze with no recorded origin.
 */
export function reproduceCommand(maze: Maze): string | null {
  if (!maze.info) return null;
  const quote = (value: string | number): string => {
    const text = String(value);
    return /^[\w.,:+@%/-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;
  };
  const { algorithm, seed, options } = maze.info;
  const flags = Object.entries(options).map(([k, v]) => ` --${k} ${quote(v)}`).join('');
  return `maze gen --algo ${quote(algorithm)} --w ${maze.width} --h ${maze.height} --seed ${quote(seed)}${flags}`;
}

/** "maze kruskal, seed 1, 30 × 20 cells" for a picture's metadata, or null for a hand-made maze. */
export function mazeCaption(maze: Maze): string | null {
  if (!maze.info) return null;
  const options = Object.entries(maze.info.options).map(([k, v]) => `, ${k} ${v}`).join('');
  return `maze ${maze.info.algorithm}, seed ${maze.info.seed}${options}, ${maze.width} × ${maze.height} cells`;
}
