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
 * On a mask (SPEC "Masks"), the article's border is the mask's outline:
 * every wall between the maze and the outside. A corner is on it when one
 * of its four cells is outside, free when all four are in, so trunks grow
 * from the outline, islands and growth stay strictly inside, and steps 1–4
 * run unchanged over those corners (`outlineCorners`). Two more steps keep
 * the maze perfect where the rectangle needs none:
 * 5. With `--trunks N`, corridors one cell wide may cut the inside into
 *    areas no growth crosses; each area gets one trunk first (`areasOf`).
 * 6. A hole's outline is a border of its own that growth never joins to
 *    the rest (a wall only reaches an untouched corner), which would leave
 *    a loop around every hole: one wall, drawn at random among those that
 *    could, joins each hole to the rest (`joinHoles`). Islands asked for
 *    stay loops, as on the rectangle.
 *
 * Each tree's color is 32 + rand(224) a channel. A frontier array of the
 * walls a pick could add (stale ones dropped when picked) makes each pick
 * O(1) and the run O(cells); docs/trees.md says how, why the distribution
 * is the article's, and the choices the article leaves open.
 */
import type { Wording } from '../errors.js';
import { MazeError } from '../errors.js';
import type { Mask } from '../model/mask.js';
import { LEFT, Maze, MAX_CELLS, TOP } from '../model/maze.js';
import type { StepSink } from '../model/steps.js';
import { wallStep } from '../model/steps.js';
import { autoCountOption, integerOption } from '../model/options.js';
import { findRoot } from '../grid/walls.js';
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
  onMask: true,
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
  // a mask's corners are read once, for the check and for the growth
  const ground = size.mask ? groundOf(size.mask, options.trunks !== 'auto') : null;
  if (ground) checkRoom(ground.room, size.mask!, options);
  else checkRequest(size, options);
  const grove = new Grove(size, rng, sink, ground);
  if (options.trunks !== 'auto') {
    if (size.mask) plantTrunksOnOutline(grove, options.trunks);
    else plantTrunks(grove, options.trunks);
  }
  placeIslands(grove, options.islands);
  if (options.trunks === 'auto') offerBorderSlots(grove);
  growTrees(grove, tick);
  if (size.mask) joinHoles(grove);
  return grove.maze;
}

/** Corner states; any other value is the palette index of the tree touching the corner. */
const FREE = 0;
const BORDER = 0xffff;
/** Palette entries trees may use: 1..65534 (0 is the border, 0xFFFF marks border corners). */
const TREE_COLORS = 0xfffe;

/** What a grid, or a mask, offers trees. */
export interface TreeRoom {
  /** Free interior corners: 1 ≤ x ≤ W−1, 1 ≤ y ≤ H−1; on a mask, those with four cells of the maze around them. */
  corners: number;
  /** Free corners at the inner end of a border (outline) slot: each holds one trunk at most. */
  ring: number;
  /** Walls between two free corners (the article's chooseWall range). */
  interiorWalls: number;
  /** Border (outline) slots: walls from the border to a free corner, trunks' places. */
  slots: number;
  /** Areas of free corners joined by interior walls, which growth spreads across: one on a grid 2 × 2 or more, none on a corridor. */
  areas: number;
}

/** What a W × H grid offers trees. */
export function treeRoom(width: number, height: number): TreeRoom {
  const cx = Math.max(0, width - 1);
  const cy = Math.max(0, height - 1);
  return {
    corners: cx * cy,
    ring: cx * cy - Math.max(0, width - 3) * Math.max(0, height - 3),
    interiorWalls: Math.max(0, width - 2) * cy + cx * Math.max(0, height - 2),
    slots: cx > 0 && cy > 0 ? 2 * cx + 2 * cy : 0,
    areas: cx * cy > 0 ? 1 : 0,
  };
}

/**
 * The corners of a mask's grid as trees see them: FREE where the four
 * cells around are in the maze, BORDER elsewhere — on the outline, which
 * plays the article's border, or out of the maze. A wall with one FREE end
 * is then always between two cells of the maze, so growth never leaves it.
 */
export function outlineCorners(mask: Mask): Uint16Array {
  const { width, height, cells } = mask;
  const stride = width + 1;
  const corner = new Uint16Array(stride * (height + 1)).fill(BORDER);
  for (let y = 1; y < height; y++) {
    for (let i = y * width + 1, c = y * stride + 1, end = c + width - 1; c < end; i++, c++) {
      if (cells[i] !== 0 && cells[i - 1] !== 0 && cells[i - width] !== 0 && cells[i - width - 1] !== 0) corner[c] = FREE;
    }
  }
  return corner;
}

/** A mask as trees see it: its corners (`outlineCorners`), their areas (`areasOf`), what they offer, and how many holes it has. */
interface Ground {
  corner: Uint16Array;
  /** Each corner's area, when searched (`groundOf`). */
  area: Int32Array | null;
  room: TreeRoom;
  /** Regions of cells outside the mask (8-neighbours) enclosed by it: outlines of their own (step 6). */
  holes: number;
}

/** What a mask offers trees, counted over its corners (`outlineCorners`). */
export function outlineRoom(mask: Mask): TreeRoom {
  return groundOf(mask).room;
}

/** `withAreas` false (trunks auto, which reach every area by themselves): areas are not searched, and counted 0. */
function groundOf(mask: Mask, withAreas = true): Ground {
  const { width, height, cells } = mask;
  const corner = outlineCorners(mask);
  const { area, count: areas } = withAreas ? areasOf(corner, width, height) : { area: null, count: 0 };
  const room = roomOf(corner, width, height, areas);
  // Euler's formula for the cells (4-neighbours) and what lies outside them (8-neighbours):
  // components − holes = cells − neighbor pairs + 2 × 2 blocks of cells (the free corners)
  let pairs = 0;
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i++) {
      if (cells[i] === 0) continue;
      if (x + 1 < width && cells[i + 1] !== 0) pairs++;
      if (y + 1 < height && cells[i + width] !== 0) pairs++;
    }
  }
  // one component: the pipeline refuses a mask in pieces
  const holes = Math.max(0, 1 - (mask.count - pairs + room.corners));
  return { corner, area, room, holes };
}

/** What a W × H grid of corner states offers trees, with its free corners in `areas` areas. */
function roomOf(corner: Uint16Array, width: number, height: number, areas: number): TreeRoom {
  const stride = width + 1;
  let corners = 0;
  let ring = 0;
  let slots = 0;
  let interiorWalls = 0;
  for (let y = 1; y < height; y++) {
    for (let c = y * stride + 1, end = c + width - 1; c < end; c++) {
      if (corner[c] !== FREE) continue;
      corners++;
      // a free corner's four neighbors exist; each one on the outline is a slot's other end
      const outline = +(corner[c + 1] === BORDER) + +(corner[c - 1] === BORDER) + +(corner[c + stride] === BORDER) + +(corner[c - stride] === BORDER);
      if (outline > 0) ring++;
      slots += outline;
      interiorWalls += +(corner[c + 1] === FREE) + +(corner[c + stride] === FREE);
    }
  }
  return { corners, ring, slots, interiorWalls, areas };
}

/**
 * The areas of free corners that interior walls join (a corner's area, −1
 * for none): growth spreads over an area from any touched corner in it,
 * never from one area to another. A rectangle has one; a mask has one for
 * every part of its inside that corridors one cell wide (no free corner
 * across) cut off from the rest.
 */
function areasOf(corner: Uint16Array, width: number, height: number): { area: Int32Array; count: number } {
  const stride = width + 1;
  const area = new Int32Array(corner.length).fill(-1);
  // each free corner is pushed once
  const stack = new Int32Array(corner.length);
  let count = 0;
  for (let y = 1; y < height; y++) {
    for (let s = y * stride + 1, end = s + width - 1; s < end; s++) {
      if (corner[s] !== FREE || area[s] !== -1) continue;
      area[s] = count;
      let top = 0;
      stack[top++] = s;
      while (top > 0) {
        const c = stack[--top]!;
        // a free corner's four neighbors exist
        for (let k = 0; k < 4; k++) {
          const n = k === 0 ? c + 1 : k === 1 ? c - 1 : k === 2 ? c + stride : c - stride;
          if (corner[n] === FREE && area[n] === -1) {
            area[n] = count;
            stack[top++] = n;
          }
        }
      }
      count++;
    }
  }
  return { area, count };
}

/** Refuse what can never be grown, so that nothing waits forever (the article's loops would). */
export function checkRequest({ width, height, mask }: Size, options: TreesOptions): void {
  if (mask) checkRoom(groundOf(mask, options.trunks !== 'auto').room, mask, options);
  else checkRoom(treeRoom(width, height), `a ${width} × ${height} grid`, options);
}

/**
 * checkRequest's limits on what a grid (`place` names it) or a mask
 * offers. On a mask an interior corner is a free one, four cells of the
 * maze around it, and the border is its outline.
 */
function checkRoom(room: TreeRoom, place: string | Mask, { trunks, islands }: TreesOptions): void {
  const masked = typeof place !== 'string';
  const where = masked ? `the mask's ${place.count} cells` : place;
  const has = masked ? 'have' : 'has';
  const refuse = (option: string, wording: Wording): never => {
    throw new MazeError(wording, { code: 'impossible', option });
  };
  if (trunks === 0 && islands === 0) {
    refuse('trunks', (n) => `${n('trunks')} 0 ${n('islands')} 0 leaves nothing to grow from; use ${n('trunks')} auto, or at least one trunk or island`);
  }
  if (trunks !== 'auto' && trunks > room.ring) {
    if (room.ring === 0) refuse('trunks', (n) => `${n('trunks')} ${trunks}: ${where} ${has} no interior corner, so no trunk fits; use ${n('trunks')} auto${masked ? '' : ' (or a grid at least 2 × 2)'}`);
    refuse('trunks', (n) => `${n('trunks')} ${trunks} does not fit ${where}: at most ${room.ring} trunk${room.ring === 1 ? "" : "s"}, one per interior corner next to the border`);
  }
  // a mask only has several areas; a lone one may grow from islands alone
  if (trunks !== 'auto' && trunks < room.areas && !(trunks === 0 && room.areas === 1)) {
    refuse('trunks', (n) => `${n('trunks')} ${trunks} cannot reach all of the mask: corridors one cell wide cut its inside into ${room.areas} areas, and each needs a trunk of its own; use ${n('trunks')} ${room.areas} or more, or ${n('trunks')} auto`);
  }
  if (islands > 0) {
    if (room.interiorWalls === 0) {
      refuse('islands', (n) => `${n('islands')} ${islands}: ${where} ${has} no interior wall, so no island fits; ${masked ? `use ${n('islands')} 0` : 'islands need at least 3 × 2 or 2 × 3 cells'}`);
    }
    const free = room.corners - (trunks === 'auto' ? 0 : trunks);
    const most = Math.floor(free / 2);
    if (islands > most) {
      refuse(
        'islands',
        (n) => `${n('islands')} ${islands} does not fit ${where}${trunks === 'auto' ? '' : ` with ${trunks} trunks`}: each island takes two of the ${free} free interior corners, so at most ${most}, or fewer as a seed's islands fall`,
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
  /** The maze's cells when not all of the grid's (steps 5 and 6), else null. */
  readonly mask: Mask | null;
  /** What the grid or the mask offers (treeRoom, outlineRoom). */
  readonly room: TreeRoom;
  /** One corner of each island: joining the holes leaves the islands' loops (step 6). */
  readonly islands: number[] = [];
  /** On a mask, its corners' areas and holes (steps 5 and 6). */
  readonly ground: Ground | null;
  size = 0;
  trees = 0;

  constructor({ width, height, mask }: Size, rng: Rng, readonly sink?: StepSink, ground: Ground | null = null) {
    if (mask && (mask.width !== width || mask.height !== height)) throw new RangeError(`a ${mask.width} × ${mask.height} mask on a ${width} × ${height} grid`);
    this.mask = mask ?? null;
    this.ground = mask ? (ground ?? groundOf(mask)) : null;
    this.maze = mask ? Maze.outlined(mask) : Maze.bordered(width, height);
    this.rng = rng;
    this.width = width;
    this.height = height;
    const stride = (this.stride = width + 1);
    const colors = this.maze.ensureColors();
    this.top = colors.top;
    this.left = colors.left;
    if (this.ground) {
      this.corner = this.ground.corner;
      this.room = this.ground.room;
    } else {
      const corner = (this.corner = new Uint16Array(stride * (height + 1)));
      corner.fill(BORDER, 0, stride);
      corner.fill(BORDER, height * stride);
      for (let y = 1; y < height; y++) {
        corner[y * stride] = BORDER;
        corner[y * stride + width] = BORDER;
      }
      this.room = treeRoom(width, height);
    }
    // Each interior wall is pushed at most once, each slot at most once.
    this.frontier = new Int32Array(this.room.interiorWalls + this.room.slots);
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

  /** On a mask, its outline slots in the order of their inner ends' tiles: walls from the outline to a free corner. */
  outlineSlots(): Int32Array {
    const { width, height, stride, corner } = this;
    const list = new Int32Array(this.room.slots);
    let n = 0;
    for (let y = 1; y < height; y++) {
      for (let c = y * stride + 1, end = c + width - 1; c < end; c++) {
        if (corner[c] !== FREE) continue;
        if (corner[c + 1] === BORDER) list[n++] = c << 1;
        if (corner[c - 1] === BORDER) list[n++] = (c - 1) << 1;
        if (corner[c + stride] === BORDER) list[n++] = (c << 1) | 1;
        if (corner[c - stride] === BORDER) list[n++] = ((c - stride) << 1) | 1;
      }
    }
    return list;
  }

  /** Plant a trunk on slot w unless its inner end is taken; whether it was planted. */
  plant(w: number): boolean {
    const inner = this.innerEnd(w);
    if (this.corner[inner] !== FREE) return false;
    const color = this.newTree();
    this.addWall(w, color);
    this.corner[inner] = color;
    this.expand(inner);
    return true;
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
  const { width, height, rng } = grove;
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
    if (grove.plant(w)) planted++;
  }
}

/**
 * Step 1 on a mask: no sides, so slots of the whole outline are drawn
 * uniformly, each kept if its inner end is free. Until every area
 * (`areasOf`) has a trunk, only a slot into an area without one is kept
 * (the others go back for later), since growth never crosses from one
 * area to another and an area without a tree would stay open;
 * checkRequest asks for enough trunks.
 */
function plantTrunksOnOutline(grove: Grove, count: number): void {
  const { rng } = grove;
  const list = grove.outlineSlots();
  const area = grove.ground!.area!;
  const reached = new Uint8Array(grove.room.areas);
  let bare = grove.room.areas;
  let planted = 0;
  for (let n = list.length; planted < count; ) {
    // every area has a slot, and checkRequest allows at most one trunk per ring corner, so a free slot remains
    if (n === 0) throw new Error(`trees: no free outline slot for trunk ${planted + 1} of ${count}`);
    const i = rng.below(n);
    const w = list[i]!;
    // drawn slots gather at the end, to be drawn again once every area has a trunk
    list[i] = list[--n]!;
    list[n] = w;
    const a = area[grove.innerEnd(w)]!;
    if ((bare > 0 && reached[a] === 1) || !grove.plant(w)) continue;
    planted++;
    if (bare > 0 && reached[a] === 0) {
      reached[a] = 1;
      if (--bare === 0) n = list.length;
    }
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
  const free = new Int32Array(grove.room.interiorWalls);
  let n = 0;
  for (let y = 1; y < height; y++) {
    for (let c = y * stride + 1, end = c + width - 1; c < end; c++) {
      // a free corner's neighbors exist, and those on the border or the outline are not free
      if (corner[c] !== FREE) continue;
      if (corner[c + 1] === FREE) free[n++] = c << 1;
      if (corner[c + stride] === FREE) free[n++] = (c << 1) | 1;
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
    grove.islands.push(a);
    placed++;
  }
}

/** "Améliorer les bords": every border (outline) slot whose interior end is free may become a trunk. */
function offerBorderSlots(grove: Grove): void {
  const sides = grove.mask ? [grove.outlineSlots()] : [0, 1, 2, 3].map((side) => grove.slots(side));
  for (const slots of sides) {
    for (const w of slots) {
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
  const perCorner = (grove.mask ? grove.mask.count : grove.width * grove.height) / Math.max(1, grove.room.corners);
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

/**
 * Step 6, on a mask: one wall joins each hole's outline to the rest.
 * Growth only ever reaches an untouched corner, so the walls grown from a
 * hole's outline never meet those of the outer one, and a loop of
 * passages would circle every hole. The walls now fall into groups
 * (corners joined by walls): the outer outline's, each island's, each
 * hole's. The walls still open between two groups are drawn at random,
 * Kruskal's way, and one is raised when it joins a hole's group to
 * another group, never two groups that each hold the outer outline or an
 * island: every island asked for keeps its loop, as on the rectangle, and
 * each hole is joined exactly once. The article's "a wall may touch only
 * one tree" gives way here, once a hole: nothing else closes its loop.
 * The wall takes the color of a tree it touches, the hole's side first,
 * or the outline's white between two outlines (across a corridor).
 */
function joinHoles(grove: Grove): void {
  if (grove.ground!.holes === 0) return;
  const { maze, corner, rng, stride, width, height } = grove;
  const walls = maze.walls;
  // Groups: corners joined by active walls, labelled by a search over each.
  // A bit is never set for a wall that does not exist (a top at x = W, a
  // left at y = H), so the four ways out of a corner need no bounds.
  const group = new Int32Array(corner.length).fill(-1);
  const stack = new Int32Array(corner.length);
  let groups = 0;
  for (let s = 0; s < corner.length; s++) {
    if (group[s] !== -1 || corner[s] === FREE) continue;
    group[s] = groups;
    let top = 0;
    stack[top++] = s;
    while (top > 0) {
      const c = stack[--top]!;
      const bits = walls[c]!;
      if ((bits & TOP) !== 0 && group[c + 1] === -1) {
        group[c + 1] = groups;
        stack[top++] = c + 1;
      }
      if ((bits & LEFT) !== 0 && group[c + stride] === -1) {
        group[c + stride] = groups;
        stack[top++] = c + stride;
      }
      if (c > 0 && (walls[c - 1]! & TOP) !== 0 && group[c - 1] === -1) {
        group[c - 1] = groups;
        stack[top++] = c - 1;
      }
      if (c >= stride && (walls[c - stride]! & LEFT) !== 0 && group[c - stride] === -1) {
        group[c - stride] = groups;
        stack[top++] = c - stride;
      }
    }
    groups++;
  }
  // held: the group holds the outer outline (corner 0,0) or an island; the others are holes
  const held = new Uint8Array(groups);
  held[group[0]!] = 1;
  for (const c of grove.islands) held[group[c]!] = 1;
  let holes = 0;
  for (let g = 0; g < groups; g++) holes += 1 - held[g]!;
  // the groups as they join: a union–find over them, roots holding −size (grid/walls.ts findRoot)
  const parent = new Int32Array(groups).fill(-1);
  const open: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0, t = y * stride; x < width; x++, t++) {
      if (y > 0 && (walls[t]! & TOP) === 0 && group[t] !== group[t + 1]) open.push(t << 1);
      if (x > 0 && (walls[t]! & LEFT) === 0 && group[t] !== group[t + stride]) open.push((t << 1) | 1);
    }
  }
  for (let n = open.length; holes > 0; ) {
    // every hole's group borders another across an open wall: the maze's cells are connected
    if (n === 0) throw new Error(`trees: ${holes} holes of the mask left unjoined`);
    const i = rng.below(n);
    const w = open[i]!;
    open[i] = open[--n]!;
    const a = w >>> 1;
    const b = w & 1 ? a + stride : a + 1;
    let ra = findRoot(parent, group[a]!);
    let rb = findRoot(parent, group[b]!);
    if (ra === rb || (held[ra] === 1 && held[rb] === 1)) continue;
    const [hole, other] = held[ra] === 1 ? [b, a] : [a, b];
    const tree = (c: number): boolean => corner[c] !== BORDER && corner[c] !== FREE;
    grove.addWall(w, tree(hole) ? corner[hole]! : tree(other) ? corner[other]! : 0);
    const joined = held[ra]! | held[rb]!;
    if (parent[ra]! > parent[rb]!) [ra, rb] = [rb, ra];
    parent[ra]! += parent[rb]!;
    parent[rb] = ra;
    held[ra] = joined;
    holes--;
  }
}
