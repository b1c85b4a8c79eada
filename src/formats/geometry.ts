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
 * The walker reads the maze row by row (model/rows.ts) and holds O(width):
 * `latticeRows` gives the lattice rows top to bottom (the PNG rasterizes
 * them band by band); `wallRuns` merges the squares into disjoint
 * rectangles, one color each, as it goes; and `runsByRgb` groups them by
 * the color they are drawn in (SVG paths, POV boxes), in bounded memory.
 * So a whole maze and a streamed one are drawn by the same rules.
 */
import { keyColor, LEFT, Maze, TOP } from '../model/maze.js';
import type { MazeRows, TileRow } from '../model/rows.js';
import type { Mask } from '../model/mask.js';
import { asRows, rowsOf } from '../model/rows.js';
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
  copy.mask = maze.mask;
  return copy;
}

/** The rows with locked doors drawn as walls (withDoorsDrawn), for the pictures. */
export function drawDoors(src: MazeRows): MazeRows {
  if (!src.whole) return src;
  const drawn = withDoorsDrawn(src.whole);
  return drawn === src.whole ? src : rowsOf(drawn);
}

/**
 * The walls a picture draws of a masked maze (SPEC "Masks"): an active wall
 * with a cell of the maze on at least one side. The walls between two
 * cells outside, and the outside's border, stay in the model (every wall
 * of a cell outside is up) but are not drawn, so that the outside is the
 * background (PNG, SVG, PDF), blanks (ASCII), no wall (POV). Rows with
 * no mask are given back as they are. Two reused buffers of W + 1 tiles,
 * so that a row stays valid while the next is read.
 */
export function visibleRows(src: MazeRows): MazeRows {
  const { mask, width, height } = src;
  if (mask === null) return src;
  const cells = mask.cells;
  const inside = (x: number, y: number): boolean => x >= 0 && y >= 0 && x < width && y < height && cells[y * width + x] !== 0;
  return {
    ...src,
    *rows(): Generator<TileRow> {
      const buffers = [new Uint8Array(width + 1), new Uint8Array(width + 1)];
      let n = 0;
      for (const row of src.rows()) {
        const out = buffers[n++ & 1]!;
        const { y, walls, at } = row;
        for (let x = 0; x <= width; x++) {
          let bits = walls[at + x]!;
          if (bits & TOP && !inside(x, y - 1) && !inside(x, y)) bits &= ~TOP;
          if (bits & LEFT && !inside(x - 1, y) && !inside(x, y)) bits &= ~LEFT;
          out[x] = bits;
        }
        yield { y, walls: out, topColor: row.topColor ? row.topColor.subarray(at, at + width + 1) : null, leftColor: row.leftColor ? row.leftColor.subarray(at, at + width + 1) : null, at: 0 };
      }
    },
  };
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
 * 2W+1 entries; NONE where nothing is drawn. `row` is tile row ⌊ly / 2⌋ and
 * `above` the tile row before it (null on top); `last` says that `row` is
 * tile row H.
 */
export function latticeRow(
  width: number, ly: number, row: TileRow, above: TileRow | null, last: boolean, out: Int32Array, options: GeometryOptions,
): void {
  const { walls, topColor, leftColor, at } = row;
  out.fill(NONE);
  if (ly & 1) {
    // Between corner rows y and y+1: only left walls, the rest is cell floor.
    for (let x = 0; x <= width; x++) {
      if (walls[at + x]! & LEFT) out[2 * x] = leftColor ? leftColor[at + x]! : 0;
    }
    return;
  }
  // Walls stored where the model says none exists (a top at x = W, a left
  // at y = H) are ignored: seed 000 never activates them.
  for (let x = 0; x < width; x++) {
    if (walls[at + x]! & TOP) out[2 * x + 1] = topColor ? topColor[at + x]! : 0;
  }
  for (let x = 0; x <= width; x++) {
    out[2 * x] = cornerColor(width, x, row, above, last, options.pillars);
  }
}

/**
 * The lattice rows 0 … 2H of a maze, top to bottom, each in the same
 * buffer: a row is valid until the next one is asked for.
 */
export function* latticeRows(src: MazeRows, options: GeometryOptions): Generator<Int32Array> {
  const { width, height } = src;
  const out = new Int32Array(latticeSize(width));
  let above: TileRow | null = null;
  for (const row of src.rows()) {
    const last = row.y === height;
    latticeRow(width, 2 * row.y, row, above, last, out, options);
    yield out;
    if (last) return;
    latticeRow(width, 2 * row.y + 1, row, above, last, out, options);
    yield out;
    above = row;
  }
}

/**
 * What seed 000's drawing order leaves on corner (x, y) of tile row `row`
 * (`above` being the row before it, null on top, and `last` saying that
 * `row` is tile row H), see the module comment; with `pillars`, also the
 * notch where only a wall from the left ends (POV pillars, ASCII corners).
 */
export function cornerColor(width: number, x: number, row: TileRow, above: TileRow | null, last: boolean, pillars: boolean): number {
  const { walls, topColor, leftColor } = row;
  const i = row.at + x;
  if (x < width && walls[i]! & TOP) return topColor ? topColor[i]! : 0;
  if (!last && walls[i]! & LEFT) return leftColor ? leftColor[i]! : 0;
  if (above) {
    const j = above.at + x;
    if (above.walls[j]! & LEFT) return above.leftColor ? above.leftColor[j]! : 0;
  }
  if (pillars && x > 0 && walls[i - 1]! & TOP) return topColor ? topColor[i - 1]! : 0;
  return NONE;
}

/** Integers per run in a batch of runs: x0, y0, x1, y1 (lattice squares [x0, x1) × [y0, y1)) and the palette index. */
export const RUN = 5;
/** Runs a batch collects before it is handed on. */
const BATCH_RUNS = 4096;

/**
 * The walls as disjoint rectangles, each of one color, covering exactly the
 * drawn lattice squares. Corner rows are cut into maximal runs of one color;
 * a corner with no wall of its color beside it in its row instead joins the
 * vertical run of its column, and vertical runs merge down the columns.
 * Runs come out in a fixed order (by where they end, rows top to bottom),
 * RUN integers each, in batches of one reused buffer (valid until the next
 * batch): the walker holds O(width), whatever the height.
 */
export function* wallRuns(src: MazeRows, options: GeometryOptions): Generator<Float64Array> {
  const { width, height } = src;
  const across = latticeSize(width);
  const down = latticeSize(height);
  // Per corner column: the color and first row of the vertical run open there.
  const openColor = new Int32Array(width + 1).fill(NONE);
  const openStart = new Float64Array(width + 1);
  // one lattice row ends at most `across` horizontal runs and W + 1 vertical ones
  const batch = new Float64Array(RUN * (BATCH_RUNS + across + width + 1));
  let n = 0;
  const push = (x0: number, y0: number, x1: number, y1: number, color: number): void => {
    batch[n] = x0;
    batch[n + 1] = y0;
    batch[n + 2] = x1;
    batch[n + 3] = y1;
    batch[n + 4] = color;
    n += RUN;
  };
  let ly = 0;
  for (const row of latticeRows(src, options)) {
    if ((ly & 1) === 0) {
      let k = 0;
      while (k < across) {
        const color = row[k]!;
        let end = k + 1;
        while (end < across && row[end] === color) end++;
        if (color !== NONE && !(end - k === 1 && (k & 1) === 0)) {
          push(k, ly, end, ly + 1, color);
          for (let j = k + (k & 1); j < end; j += 2) row[j] = NONE; // these corners are taken
        }
        k = end;
      }
    }
    for (let x = 0; x <= width; x++) {
      const color = row[2 * x]!;
      const open = openColor[x]!;
      if (color === open && color !== NONE) continue;
      if (open !== NONE) push(2 * x, openStart[x]!, 2 * x + 1, ly, open);
      openColor[x] = color;
      openStart[x] = ly;
    }
    ly++;
    if (n >= RUN * BATCH_RUNS) {
      yield batch.subarray(0, n);
      n = 0;
    }
  }
  for (let x = 0; x <= width; x++) {
    const open = openColor[x]!;
    if (open !== NONE) push(2 * x, openStart[x]!, 2 * x + 1, down, open);
  }
  if (n > 0) yield batch.subarray(0, n);
}

/** Most runs held at once when walls of several colors are grouped (RUN numbers each: 80 MB). */
const GROUP_BUDGET = 1 << 21;

/**
 * The runs of `wallRuns` grouped by the RGB they are drawn in (palette
 * entries of one color, or entry 0 under `--fg`, share one SVG path or POV
 * texture): groups in the order of their first palette index, and in a
 * group the runs of each palette index in turn, each in the walker's order.
 * Each group's runs come as batches of RUN integers a run, valid until the
 * next batch.
 *
 * A maze of one color streams in one pass. With more, a first pass counts
 * the runs of each palette index, and later passes collect the runs of as
 * many consecutive indices as fit `budget` runs (an index with more streams
 * alone), so the memory stays bounded whatever the maze's size.
 */
export function* runsByRgb(src: MazeRows, options: GeometryOptions, fg: number | null, budget = GROUP_BUDGET): Generator<[number, Iterable<Float64Array>]> {
  if (!src.colored) {
    if (usedColors(src).length > 0) yield [wallRgb(src, 0, fg), wallRuns(src, options)];
    return;
  }
  const counts = new Float64Array(src.palette.length);
  for (const batch of wallRuns(src, options)) {
    for (let i = 4; i < batch.length; i += RUN) counts[batch[i]!]!++;
  }
  // Indices in the order they are written: by group, then by index.
  const groups = new Map<number, number[]>();
  counts.forEach((count, index) => {
    if (count === 0) return;
    const rgb = wallRgb(src, index, fg);
    const list = groups.get(rgb);
    if (list) list.push(index);
    else groups.set(rgb, [index]);
  });
  // Cut that order into passes: consecutive indices whose runs fit the budget together.
  const passOf = new Map<number, number[]>();
  let pass: number[] = [];
  let held = 0;
  for (const index of [...groups.values()].flat()) {
    if (pass.length > 0 && held + counts[index]! > budget) {
      pass = [];
      held = 0;
    }
    pass.push(index);
    held += counts[index]!;
    passOf.set(index, pass);
  }
  let loaded: number[] | null = null;
  let buffers = new Map<number, Float64Array>();
  const runsOf = function* (index: number): Generator<Float64Array> {
    const mine = passOf.get(index)!;
    if (mine.length === 1) {
      // alone in its pass: filtered straight from the walker
      const out = new Float64Array(RUN * BATCH_RUNS);
      let n = 0;
      for (const batch of wallRuns(src, options)) {
        for (let i = 0; i < batch.length; i += RUN) {
          if (batch[i + 4] !== index) continue;
          out.set(batch.subarray(i, i + RUN), n);
          n += RUN;
          if (n === out.length) {
            yield out;
            n = 0;
          }
        }
      }
      if (n > 0) yield out.subarray(0, n);
      return;
    }
    if (loaded !== mine) {
      buffers = new Map(mine.map((k) => [k, new Float64Array(RUN * counts[k]!)]));
      const fill = new Map(mine.map((k) => [k, 0]));
      for (const batch of wallRuns(src, options)) {
        for (let i = 0; i < batch.length; i += RUN) {
          const color = batch[i + 4]!;
          const buffer = buffers.get(color);
          if (!buffer) continue;
          const at = fill.get(color)!;
          buffer.set(batch.subarray(i, i + RUN), at);
          fill.set(color, at + RUN);
        }
      }
      loaded = mine;
    }
    yield buffers.get(index)!;
  };
  for (const [rgb, indices] of groups) {
    yield [rgb, (function* () {
      for (const index of indices) yield* runsOf(index);
    })()];
  }
}

/** Palette indices of the walls that are drawn (every active wall shows its own band). */
export function usedColors(source: Maze | MazeRows): number[] {
  const src = asRows(source);
  const { width, height } = src;
  if (!src.colored) return hasAnyWall(src) ? [0] : [];
  const seen = new Uint8Array(src.palette.length);
  for (const { y, walls, topColor, leftColor, at } of src.rows()) {
    for (let x = 0; x <= width; x++) {
      const bits = walls[at + x]!;
      if (x < width && bits & TOP) seen[topColor![at + x]!] = 1;
      if (y < height && bits & LEFT) seen[leftColor![at + x]!] = 1;
    }
  }
  const used: number[] = [];
  seen.forEach((s, i) => {
    if (s) used.push(i);
  });
  return used;
}

/** Whether any wall is drawn; reads only as far as the first (the top border, as a rule). */
function hasAnyWall(src: MazeRows): boolean {
  const { width, height } = src;
  for (const { y, walls, at } of src.rows()) {
    for (let x = 0; x <= width; x++) {
      const bits = walls[at + x]!;
      if ((x < width && bits & TOP) || (y < height && bits & LEFT)) return true;
    }
  }
  return false;
}

/** The RGB a palette index is drawn in: entry 0 is `--fg` when given (plain walls). */
export function wallRgb(maze: Pick<Maze, 'palette'>, index: number, fg: number | null): number {
  return index === 0 && fg !== null ? fg : (maze.palette[index] ?? 0);
}

/**
 * The command line that makes this maze again (size, seed and the
 * algorithm's own options), or null for a maze with no recorded origin.
 * It is meant to be pasted into a shell, so every word is quoted that is
 * not plainly safe, option names too: a saved maze may have been written by
 * anyone.
 */
export function reproduceCommand(maze: Pick<Maze, 'info' | 'width' | 'height'> & { mask?: Mask | Uint8Array | null; shape?: { name: string } }): string | null {
  if (!maze.info) return null;
  const { algorithm, seed, options } = maze.info;
  // a switch is recorded as 'yes' (JSON options are text and numbers) and typed bare
  const flags = Object.entries(options).map(([k, v]) => (k === 'openings' && v === 'yes' ? ` ${shellWord(`--${k}`)}` : ` ${shellWord(`--${k}`)} ${shellWord(v)}`));
  // a masked maze's mask is its JSON's "mask" rows, a mask file as they are (jq -r '.mask[]' m.json > mask.txt)
  const mask = maze.mask ? ' --mask mask.txt' : '';
  // another grid is named; a polar grid's size is its rings alone (a weave's, a wrap's and levels' options are recorded)
  const shape = maze.shape?.name ?? 'square';
  const size = shape === 'polar' ? ` --shape polar --w ${maze.width}` : `${shape === 'square' ? '' : ` --shape ${shape}`} --w ${maze.width} --h ${maze.height}`;
  return `maze gen --algo ${shellWord(algorithm)}${size}${mask} --seed ${shellWord(seed)}${flags.join('')}`;
}

/**
 * One word for a shell: as it is when nothing in it is special, else in
 * single quotes; a word with a control character (a seed with a newline)
 * in bash's $'…' quotes (bash, zsh and ksh read them), its control
 * characters escaped, so that the line stays one line and reproduces the
 * word exactly.
 */
export function shellWord(value: string | number): string {
  const text = String(value);
  if (/^[\w.,:+@%/-]+$/.test(text)) return text;
  if (!/[\u0000-\u001f\u007f]/.test(text)) return `'${text.replaceAll("'", "'\\''")}'`;
  const escaped = text.replace(/[\u0000-\u001f\u007f\\']/g, (c) => (c === '\n' ? '\\n' : c === '\t' ? '\\t' : c === '\\' || c === "'" ? `\\${c}` : `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`));
  return `$'${escaped}'`;
}

/** "maze kruskal, seed 1, 30 × 20 cells" for a picture's metadata, or null for a hand-made maze. */
export function mazeCaption(maze: Pick<Maze, 'info' | 'width' | 'height'>): string | null {
  if (!maze.info) return null;
  const options = Object.entries(maze.info.options).map(([k, v]) => `, ${k} ${v}`).join('');
  return `maze ${maze.info.algorithm}, seed ${maze.info.seed}${options}, ${maze.width} × ${maze.height} cells`;
}
