/**
 * Trees — growing trees from the border (seed 000, "Générateur de
 * labyrinthes arbres"). The maze starts as its border alone; walls are only
 * ever added.
 *
 * 1. Trunks (`--trunks N`, "Planter les troncs"): N border walls reaching a
 *    free interior corner; a side is drawn first (1 in 4), then a slot.
 * 2. Islands (`--islands N`, "Les îles"): N interior walls with both ends free.
 * 3. Growth ("Dessiner le labyrinthe", checkWall): a picked interior wall with
 *    exactly one end touching a wall is added in that wall's color; with both
 *    ends touching it is dropped for good; with neither it waits.
 * 4. Dynamic trunks (`--trunks auto`, "Améliorer les bords"): growth may also
 *    pick a border slot whose interior end is free, a trunk of a new color.
 *
 * Each tree's color is 32 + rand(224) a channel. A frontier array of the
 * walls a pick could add (stale ones dropped when picked) makes each pick
 * O(1) and the run O(cells); docs/trees.md says how, why the distribution
 * is the article's, and the choices the article leaves open.
 */
import { MazeError } from '../errors.js';
import { LEFT, Maze, MAX_CELLS, TOP } from '../model/maze.js';
import type { StepSink } from '../model/steps.js';
import { wallStep } from '../model/steps.js';
import { autoCountOption, integerOption } from '../options.js';
import type { Tick } from '../tick.js';
import { TICK_MASK } from '../tick.js';
import type { Rng } from '../rng.js';
import type { Size } from './types.js';
import { defineAlgorithm } from './types.js';

export interface TreesOptions {
  trunks: 'auto' | number;
  islands: number;
}

const trunks = autoCountOption('trunks planted on the border before growth, or auto: new trunks sprout from the border during growth', MAX_CELLS);

const islands = integerOption('trees grown from inside the maze, away from the border; each adds one loop', 0, 0, MAX_CELLS);

export default defineAlgorithm({
  name: 'trees',
  description: 'growing trees from the border (Générateur de labyrinthes arbres): walls added one by one, colored by tree',
  options: { trunks, islands },
  startsFrom: 'border',
  validate: checkRequest,
  generate: generateTrees,
});

/**
 * The whole run, steps 1 to 4; throws a MazeError for a request that
 * cannot be grown. Steps (`sink`): each tree's color, then each wall as it
 * is added, in its tree's color — the article's window, redrawn after
 * every wall.
 */
export function generateTrees(size: Size, options: TreesOptions, rng: Rng, tick?: Tick, sink?: StepSink): Maze {
  checkRequest(size, options);
  const grove = new Grove(size, rng, sink);
  if (options.trunks !== 'auto') plantTrunks(grove, options.trunks);
  placeIslands(grove, options.islands);
  if (options.trunks === 'auto') offerBorderSlots(grove);
  growTrees(grove, tick);
  return grove.maze;
}

/** Corner states; any other value is the palette index of the tree touching the corner. */
const FREE = 0;
const BORDER = 0xffff;
/** Palette entries trees may use: 1..65534 (0 is the border, 0xFFFF marks border corners). */
const TREE_COLORS = 0xfffe;

/** What a W × H grid offers trees. */
export function treeRoom(width: number, height: number): { corners: number; ring: number; interiorWalls: number } {
  const cx = Math.max(0, width - 1);
  const cy = Math.max(0, height - 1);
  return {
    /** Interior corners: 1 ≤ x ≤ W−1, 1 ≤ y ≤ H−1. */
    corners: cx * cy,
    /** Interior corners at the inner end of a border slot: each holds one trunk at most. */
    ring: cx * cy - Math.max(0, width - 3) * Math.max(0, height - 3),
    /** Walls between two interior corners (the article's chooseWall range). */
    interiorWalls: Math.max(0, width - 2) * cy + cx * Math.max(0, height - 2),
  };
}

/** Refuse what can never be grown, so that nothing waits forever (the article's loops would). */
export function checkRequest({ width, height }: Size, { trunks, islands }: TreesOptions): void {
  const grid = `${width} × ${height}`;
  const room = treeRoom(width, height);
  if (trunks === 0 && islands === 0) {
    throw new MazeError((n) => `${n('trunks')} 0 ${n('islands')} 0 leaves nothing to grow from; use ${n('trunks')} auto, or at least one trunk or island`, { code: 'impossible', option: 'trunks' });
  }
  if (trunks !== 'auto' && trunks > room.ring) {
    if (room.ring === 0) {
      throw new MazeError((n) => `${n('trunks')} ${trunks}: a ${grid} grid has no interior corner, so no trunk fits; use ${n('trunks')} auto (or a grid at least 2 × 2)`, { code: 'impossible', option: 'trunks' });
    }
    throw new MazeError((n) => `${n('trunks')} ${trunks} does not fit a ${grid} grid: at most ${room.ring} trunks, one per interior corner next to the border`, { code: 'impossible', option: 'trunks' });
  }
  if (islands > 0) {
    if (room.interiorWalls === 0) {
      throw new MazeError((n) => `${n('islands')} ${islands}: a ${grid} grid has no interior wall, so no island fits; islands need at least 3 × 2 or 2 × 3 cells`, { code: 'impossible', option: 'islands' });
    }
    const free = room.corners - (trunks === 'auto' ? 0 : trunks);
    const most = Math.floor(free / 2);
    if (islands > most) {
      throw new MazeError(
        (n) =>
          `${n('islands')} ${islands} does not fit a ${grid} grid${trunks === 'auto' ? '' : ` with ${trunks} trunks`}: ` +
          `each island takes two of the ${free} free interior corners, so at most ${most}`,
        { code: 'impossible', option: 'islands' },
      );
    }
  }
}

/** The grid being grown: the maze, and per corner whether and by which tree it is touched. */
class Grove {
  readonly maze: Maze;
  readonly rng: Rng;
  readonly width: number;
  readonly height: number;
  readonly stride: number;
  readonly top: Uint16Array;
  readonly left: Uint16Array;
  /** Per corner (tile index): FREE, BORDER or the palette index of its tree. */
  readonly corner: Uint16Array;
  /** Walls with at least one touching end, each pushed once; stale entries are dropped when picked. */
  readonly frontier: Int32Array;
  size = 0;
  trees = 0;

  constructor({ width, height }: Size, rng: Rng, readonly sink?: StepSink) {
    this.maze = Maze.bordered(width, height);
    this.rng = rng;
    this.width = width;
    this.height = height;
    const stride = (this.stride = width + 1);
    const colors = this.maze.ensureColors();
    this.top = colors.top;
    this.left = colors.left;
    const corner = (this.corner = new Uint16Array(stride * (height + 1)));
    corner.fill(BORDER, 0, stride);
    corner.fill(BORDER, height * stride);
    for (let y = 1; y < height; y++) {
      corner[y * stride] = BORDER;
      corner[y * stride + width] = BORDER;
    }
    // Each interior wall is pushed at most once, each slot at most once.
    const slots = width >= 2 && height >= 2 ? 2 * (width - 1) + 2 * (height - 1) : 0;
    this.frontier = new Int32Array(treeRoom(width, height).interiorWalls + slots);
  }

  /** A new tree's palette index; its color is drawn as in the article, 32 + rand(224) per channel. */
  newTree(): number {
    const n = this.trees++;
    if (n >= TREE_COLORS) return 1 + (n % TREE_COLORS);
    const r = 32 + this.rng.below(224);
    const g = 32 + this.rng.below(224);
    const b = 32 + this.rng.below(224);
    const rgb = (r << 16) | (g << 8) | b;
    const index = this.maze.addColor(rgb);
    this.sink?.({ type: 'color', index, rgb });
    return index;
  }

  /** Wall w is 2·tile + (0 for the tile's top, 1 for its left). */
  addWall(w: number, color: number): void {
    const t = w >>> 1;
    if (w & 1) {
      this.maze.walls[t]! |= LEFT;
      this.left[t] = color;
    } else {
      this.maze.walls[t]! |= TOP;
      this.top[t] = color;
    }
    this.sink?.(wallStep(this.stride, t, (w & 1) === 0, true, color));
  }

  /** Corner c has just become touched: the walls from it to free corners can now grow. */
  expand(c: number): void {
    const { corner, frontier, stride } = this;
    if (corner[c + 1] === FREE) frontier[this.size++] = c << 1;
    if (corner[c - 1] === FREE) frontier[this.size++] = (c - 1) << 1;
    if (corner[c + stride] === FREE) frontier[this.size++] = (c << 1) | 1;
    if (corner[c - stride] === FREE) frontier[this.size++] = ((c - stride) << 1) | 1;
  }

  /** The end of wall w that is not on the border (w is a border slot). */
  innerEnd(w: number): number {
    const a = w >>> 1;
    return this.corner[a] === BORDER ? (w & 1 ? a + this.stride : a + 1) : a;
  }

  /**
   * The border slots of one side, in the article's chooseTrunk order:
   * 0 left (top of tile (0,y)), 1 right (top of (W−1,y)), 2 top (left of
   * (x,0)), 3 bottom (left of (x,H−1)). None unless W, H ≥ 2: on a grid one
   * cell wide both ends of such a wall are on the border.
   */
  slots(side: number): Int32Array {
    const { width, height, stride } = this;
    if (width < 2 || height < 2) return new Int32Array(0);
    const along = side < 2 ? height - 1 : width - 1;
    const list = new Int32Array(along);
    for (let k = 1; k <= along; k++) {
      list[k - 1] =
        side === 0 ? (k * stride) << 1
        : side === 1 ? (k * stride + width - 1) << 1
        : side === 2 ? (k << 1) | 1
        : (((height - 1) * stride + k) << 1) | 1;
    }
    return list;
  }
}

/**
 * Seed 000, "Planter les troncs" and "Tester les collisions": a side drawn
 * 1 in 4, a slot on it, kept if its interior end is free. Drawing among the
 * free slots with weights 1/(side length) gives those odds in one draw:
 * left and right slots weigh W−1, top and bottom ones H−1. Slots whose end
 * was taken by an earlier trunk are dropped when drawn.
 */
function plantTrunks(grove: Grove, count: number): void {
  const { width, height, rng, corner } = grove;
  const lists = [0, 1, 2, 3].map((side) => grove.slots(side));
  const left = lists.map((list) => list.length);
  const weight = [width - 1, width - 1, height - 1, height - 1];
  for (let planted = 0; planted < count; ) {
    let total = 0;
    for (let s = 0; s < 4; s++) total += left[s]! * weight[s]!;
    // checkRequest allows at most one trunk per ring corner, so a free slot remains
    if (total === 0) throw new Error(`trees: no free border slot for trunk ${planted + 1} of ${count}`);
    let r = rng.below(total);
    let side = 0;
    while (r >= left[side]! * weight[side]!) r -= left[side]! * weight[side++]!;
    const list = lists[side]!;
    const k = Math.floor(r / weight[side]!);
    const w = list[k]!;
    list[k] = list[--left[side]!]!;
    const inner = grove.innerEnd(w);
    if (corner[inner] !== FREE) continue;
    const color = grove.newTree();
    grove.addWall(w, color);
    corner[inner] = color;
    grove.expand(inner);
    planted++;
  }
}

/**
 * Seed 000, "Les îles" (chooseIsland): an interior wall with both ends free,
 * in a color of its own. Drawn uniformly from a list of the interior walls
 * free at the start (the article's retry loop, up to its even split between
 * horizontal and vertical picks); walls that an earlier island touched are
 * dropped when drawn, and an empty list means no further island fits.
 */
function placeIslands(grove: Grove, count: number): void {
  if (count === 0) return;
  const { width, height, stride, corner, rng } = grove;
  const free = new Int32Array(treeRoom(width, height).interiorWalls);
  let n = 0;
  for (let y = 1; y < height; y++) {
    for (let x = 1; x < width; x++) {
      const c = y * stride + x;
      if (corner[c] !== FREE) continue;
      if (x < width - 1 && corner[c + 1] === FREE) free[n++] = c << 1;
      if (y < height - 1 && corner[c + stride] === FREE) free[n++] = (c << 1) | 1;
    }
  }
  for (let placed = 0; placed < count; ) {
    if (n === 0) {
      throw new MazeError(
        `only ${placed} of the ${count} islands fit on this ${width} × ${height} maze: the islands drawn left no free interior wall; ask for fewer`,
        { code: 'impossible', option: 'islands' },
      );
    }
    const i = rng.below(n);
    const w = free[i]!;
    free[i] = free[--n]!;
    const a = w >>> 1;
    const b = w & 1 ? a + stride : a + 1;
    if (corner[a] !== FREE || corner[b] !== FREE) continue;
    const color = grove.newTree();
    grove.addWall(w, color);
    corner[a] = color;
    corner[b] = color;
    grove.expand(a);
    grove.expand(b);
    placed++;
  }
}

/** "Améliorer les bords": every border slot whose interior end is free may become a trunk. */
function offerBorderSlots(grove: Grove): void {
  for (let side = 0; side < 4; side++) {
    for (const w of grove.slots(side)) {
      if (grove.corner[grove.innerEnd(w)] === FREE) grove.frontier[grove.size++] = w;
    }
  }
}

/**
 * Seed 000, chooseWall and checkWall, with the frontier in place of the
 * retry loop: a wall with exactly one touching end is added in the color of
 * that end's tree (a new tree when that end is on the border), a wall with
 * both ends touching is dropped. Locals only in the loop.
 */
function growTrees(grove: Grove, tick?: Tick): void {
  const { rng, corner, frontier, stride, top, left, sink } = grove;
  const walls = grove.maze.walls;
  // a progress line's cells: each wall added touches one more of the interior corners
  const perCorner = (grove.width * grove.height) / Math.max(1, treeRoom(grove.width, grove.height).corners);
  let added = 0;
  let size = grove.size;
  while (size > 0) {
    const i = rng.below(size);
    const w = frontier[i]!;
    frontier[i] = frontier[--size]!;
    const a = w >>> 1;
    const vertical = w & 1;
    const b = vertical ? a + stride : a + 1;
    const ta = corner[a]!;
    const tb = corner[b]!;
    let far: number;
    let color: number;
    if (ta === FREE) {
      far = a;
      color = tb;
    } else if (tb === FREE) {
      far = b;
      color = ta;
    } else {
      // seed 000: both ends touch, it would join two trees
      continue;
    }
    if (color === BORDER) color = grove.newTree();
    if (vertical) {
      walls[a]! |= LEFT;
      left[a] = color;
    } else {
      walls[a]! |= TOP;
      top[a] = color;
    }
    corner[far] = color;
    sink?.(wallStep(stride, a, vertical === 0, true, color));
    if ((++added & TICK_MASK) === 0) tick?.(added * perCorner);
    // far is interior (border corners are never FREE), so its four neighbors exist
    if (corner[far + 1] === FREE) frontier[size++] = far << 1;
    if (corner[far - 1] === FREE) frontier[size++] = (far - 1) << 1;
    if (corner[far + stride] === FREE) frontier[size++] = (far << 1) | 1;
    if (corner[far - stride] === FREE) frontier[size++] = ((far - stride) << 1) | 1;
  }
  grove.size = 0;
}
