/**
 * A direct port of seed 000's C++ (the French article "Générateur de
 * labyrinthes arbres"), kept as the reference that src/algorithms/trees.ts
 * is measured against. Names, loops and retries are the article's:
 * STile, getTile, hasWallUp/Down/Left/Right, checkIntersection,
 * chooseTrunk, chooseIsland, checkWall, chooseWall (both the first version
 * and the one of "Améliorer les bords"), checkFinished.
 *
 * Only the randomness changes: `rand() % n` is `rng.below(n)` and
 * `rand() & 1` is `rng.u32() & 1`, from the project's Rng. MAZE_WIDTH and
 * MAZE_HEIGHT, NB_TRUNKS and NB_ISLANDS become arguments. It is quadratic
 * (checkFinished scans the grid on every pick) and needs W, H ≥ 3 (the
 * article's rand() % (MAZE_WIDTH − 2)): fine for 30 × 20, which is what the
 * article draws.
 */
import { LEFT, Maze, TOP } from '../../src/model/maze.js';
import type { Rng } from '../../src/rng.js';

interface STile {
  topIsActive: boolean;
  leftIsActive: boolean;
  topColor: number;
  leftColor: number;
  topVisited: boolean;
  leftVisited: boolean;
}

/** The color of the wall checkIntersection found (the article's `Color&` out-parameter). */
interface ColorRef {
  c: number;
}

const WHITE = 0xffffff;

export interface ArticleOptions {
  /** NB_TRUNKS for the first version; 'auto' runs "Améliorer les bords" (no trunks at the start). */
  trunks: number | 'auto';
  islands: number;
}

export class CMaze {
  readonly tiles: STile[][] = [];

  constructor(
    readonly MAZE_WIDTH: number,
    readonly MAZE_HEIGHT: number,
    private readonly rng: Rng,
    NB_TRUNKS: number,
    NB_ISLANDS: number,
  ) {
    // init the maze
    for (let x = 0; x <= MAZE_WIDTH; x++) {
      const column: STile[] = [];
      for (let y = 0; y <= MAZE_HEIGHT; y++) {
        column.push({ topIsActive: false, leftIsActive: false, topColor: 0, leftColor: 0, topVisited: false, leftVisited: false });
      }
      this.tiles.push(column);
    }

    // init left and right borders
    for (let y = 0; y < MAZE_HEIGHT; y++) {
      this.getTile(0, y).leftIsActive = true;
      this.getTile(0, y).leftColor = WHITE;
      this.getTile(MAZE_WIDTH, y).leftIsActive = true;
      this.getTile(MAZE_WIDTH, y).leftColor = WHITE;
    }

    // init top and bottom borders
    for (let x = 0; x < MAZE_WIDTH; x++) {
      this.getTile(x, 0).topIsActive = true;
      this.getTile(x, 0).topColor = WHITE;
      this.getTile(x, MAZE_HEIGHT).topIsActive = true;
      this.getTile(x, MAZE_HEIGHT).topColor = WHITE;
    }

    // init the trunks
    for (let i = 0; i < NB_TRUNKS; ++i) {
      const color = this.randomColor();
      const h = { isHorizontal: false };
      const tile = this.chooseTrunk(h);
      if (h.isHorizontal) {
        tile.topIsActive = true;
        tile.topColor = color;
      } else {
        tile.leftIsActive = true;
        tile.leftColor = color;
      }
    }

    // init the islands
    for (let i = 0; i < NB_ISLANDS; ++i) {
      const color = this.randomColor();
      const h = { isHorizontal: false };
      const tile = this.chooseIsland(h);
      if (h.isHorizontal) {
        tile.topIsActive = true;
        tile.topColor = color;
      } else {
        tile.leftIsActive = true;
        tile.leftColor = color;
      }
    }
  }

  /** Color(32 + rand() % 224, 32 + rand() % 224, 32 + rand() % 224) */
  randomColor(): number {
    const r = 32 + this.rng.below(224);
    const g = 32 + this.rng.below(224);
    const b = 32 + this.rng.below(224);
    return (r << 16) | (g << 8) | b;
  }

  getTile(x: number, y: number): STile {
    return this.tiles[x]![y]!;
  }

  hasWallUp(x: number, y: number, c: ColorRef): boolean {
    const t = this.getTile(x, y - 1);
    if (t.leftIsActive) c.c = t.leftColor;
    return t.leftIsActive;
  }

  hasWallDown(x: number, y: number, c: ColorRef): boolean {
    const t = this.getTile(x, y);
    if (t.leftIsActive) c.c = t.leftColor;
    return t.leftIsActive;
  }

  hasWallLeft(x: number, y: number, c: ColorRef): boolean {
    const t = this.getTile(x - 1, y);
    if (t.topIsActive) c.c = t.topColor;
    return t.topIsActive;
  }

  hasWallRight(x: number, y: number, c: ColorRef): boolean {
    const t = this.getTile(x, y);
    if (t.topIsActive) c.c = t.topColor;
    return t.topIsActive;
  }

  checkIntersection(x: number, y: number, c: ColorRef = { c: 0 }): boolean {
    if (this.hasWallUp(x, y, c)) return true;
    if (this.hasWallDown(x, y, c)) return true;
    if (this.hasWallLeft(x, y, c)) return true;
    if (this.hasWallRight(x, y, c)) return true;
    return false;
  }

  // choose a random place to put a trunk
  chooseTrunk(h: { isHorizontal: boolean }): STile {
    const { MAZE_WIDTH, MAZE_HEIGHT, rng } = this;
    let x: number;
    let y: number;
    while (true) {
      const dir = rng.below(4);
      if (dir === 0) {
        h.isHorizontal = true;
        x = 0;
        y = 1 + rng.below(MAZE_HEIGHT - 1);
        if (!this.checkIntersection(x + 1, y)) break;
      } else if (dir === 1) {
        h.isHorizontal = true;
        x = MAZE_WIDTH - 1;
        y = 1 + rng.below(MAZE_HEIGHT - 1);
        if (!this.checkIntersection(x, y)) break;
      } else if (dir === 2) {
        h.isHorizontal = false;
        x = 1 + rng.below(MAZE_WIDTH - 1);
        y = 0;
        if (!this.checkIntersection(x, y + 1)) break;
      } else {
        h.isHorizontal = false;
        x = 1 + rng.below(MAZE_WIDTH - 1);
        y = MAZE_HEIGHT - 1;
        if (!this.checkIntersection(x, y)) break;
      }
    }
    return this.getTile(x, y);
  }

  // choose a random place to put an island
  chooseIsland(h: { isHorizontal: boolean }): STile {
    const { MAZE_WIDTH, MAZE_HEIGHT, rng } = this;
    let x: number;
    let y: number;
    const c: ColorRef = { c: 0 };
    while (true) {
      h.isHorizontal = rng.u32() & 1 ? false : true;
      if (h.isHorizontal) {
        x = 1 + rng.below(MAZE_WIDTH - 2);
        y = 1 + rng.below(MAZE_HEIGHT - 1);
        if (!this.checkIntersection(x, y, c) && !this.checkIntersection(x + 1, y, c)) break;
      } else {
        x = 1 + rng.below(MAZE_WIDTH - 1);
        y = 1 + rng.below(MAZE_HEIGHT - 2);
        if (!this.checkIntersection(x, y, c) && !this.checkIntersection(x, y + 1, c)) break;
      }
    }
    return this.getTile(x, y);
  }
}

/** The article's main.cpp: the maze and the functions around its main loop. */
export class ArticleTrees {
  readonly maze: CMaze;

  constructor(width: number, height: number, private readonly rng: Rng, private readonly options: ArticleOptions) {
    this.maze = new CMaze(width, height, rng, options.trunks === 'auto' ? 0 : options.trunks, options.islands);
  }

  /** The main loop: one chooseWall() per frame until the drawing is finished. */
  run(): Maze {
    while (!this.checkFinished()) {
      if (this.options.trunks === 'auto') this.chooseWallDynamic();
      else this.chooseWall();
    }
    return this.toMaze();
  }

  checkWall(x: number, y: number, isHorizontal: boolean, color: ColorRef): boolean {
    const { maze } = this;
    const c1: ColorRef = { c: 0 };
    const c2: ColorRef = { c: 0 };
    const inter1 = maze.checkIntersection(x, y, c1);
    const inter2 = isHorizontal ? maze.checkIntersection(x + 1, y, c2) : maze.checkIntersection(x, y + 1, c2);

    if (inter1 && !inter2) {
      if (isHorizontal) maze.getTile(x, y).topVisited = true;
      else maze.getTile(x, y).leftVisited = true;
      color.c = c1.c;
      return false;
    } else if (!inter1 && inter2) {
      if (isHorizontal) maze.getTile(x, y).topVisited = true;
      else maze.getTile(x, y).leftVisited = true;
      color.c = c2.c;
      return false;
    } else if (inter1 && inter2) {
      if (isHorizontal) maze.getTile(x, y).topVisited = true;
      else maze.getTile(x, y).leftVisited = true;
    }
    return true;
  }

  checkFinished(): boolean {
    const { maze } = this;
    const { MAZE_WIDTH, MAZE_HEIGHT } = maze;
    let nbVisits = 0;
    for (let x = 0; x < MAZE_WIDTH; x++) {
      for (let y = 0; y < MAZE_HEIGHT; y++) {
        if (maze.getTile(x, y).topVisited) nbVisits++;
        if (maze.getTile(x, y).leftVisited) nbVisits++;
      }
    }
    return nbVisits === (MAZE_WIDTH - 1) * (MAZE_HEIGHT - 2) + (MAZE_WIDTH - 2) * (MAZE_HEIGHT - 1);
  }

  // choose a random wall inside maze (first version, fixed trunks)
  chooseWall(): void {
    const { maze, rng } = this;
    const { MAZE_WIDTH, MAZE_HEIGHT } = maze;
    const c: ColorRef = { c: 0 };
    while (true) {
      if (this.checkFinished()) break;
      const isHorizontal = rng.u32() & 1 ? false : true;
      if (isHorizontal) {
        const x = 1 + rng.below(MAZE_WIDTH - 2);
        const y = 1 + rng.below(MAZE_HEIGHT - 1);
        if (!this.checkWall(x, y, isHorizontal, c)) {
          maze.getTile(x, y).topIsActive = true;
          maze.getTile(x, y).topColor = c.c;
          break;
        }
      } else {
        const x = 1 + rng.below(MAZE_WIDTH - 1);
        const y = 1 + rng.below(MAZE_HEIGHT - 2);
        if (!this.checkWall(x, y, isHorizontal, c)) {
          maze.getTile(x, y).leftIsActive = true;
          maze.getTile(x, y).leftColor = c.c;
          break;
        }
      }
    }
  }

  // "Améliorer les bords": border slots may be picked too, and become trunks
  chooseWallDynamic(): void {
    const { maze, rng } = this;
    const { MAZE_WIDTH, MAZE_HEIGHT } = maze;
    const c: ColorRef = { c: 0 };
    while (true) {
      if (this.checkFinished()) break;
      const isHorizontal = rng.u32() & 1 ? false : true;
      if (isHorizontal) {
        const x = rng.below(MAZE_WIDTH);
        const y = 1 + rng.below(MAZE_HEIGHT - 1);
        if (x === 0) {
          if (!maze.checkIntersection(1, y, c)) {
            maze.getTile(x, y).topIsActive = true;
            maze.getTile(x, y).topColor = maze.randomColor();
            break;
          }
        } else if (x === MAZE_WIDTH - 1) {
          if (!maze.checkIntersection(x, y, c)) {
            maze.getTile(x, y).topIsActive = true;
            maze.getTile(x, y).topColor = maze.randomColor();
            break;
          }
        } else if (!this.checkWall(x, y, isHorizontal, c)) {
          maze.getTile(x, y).topIsActive = true;
          maze.getTile(x, y).topColor = c.c;
          break;
        }
      } else {
        const x = 1 + rng.below(MAZE_WIDTH - 1);
        const y = rng.below(MAZE_HEIGHT);
        if (y === 0) {
          if (!maze.checkIntersection(x, 1, c)) {
            maze.getTile(x, y).leftIsActive = true;
            maze.getTile(x, y).leftColor = maze.randomColor();
            break;
          }
        } else if (y === MAZE_HEIGHT - 1) {
          if (!maze.checkIntersection(x, y, c)) {
            maze.getTile(x, y).leftIsActive = true;
            maze.getTile(x, y).leftColor = maze.randomColor();
            break;
          }
        } else if (!this.checkWall(x, y, isHorizontal, c)) {
          maze.getTile(x, y).leftIsActive = true;
          maze.getTile(x, y).leftColor = c.c;
          break;
        }
      }
    }
  }

  /** The article's tiles as the project's model, colors gathered into a palette (white first). */
  toMaze(): Maze {
    const { MAZE_WIDTH: width, MAZE_HEIGHT: height } = this.maze;
    const out = new Maze(width, height);
    const { top, left } = out.ensureColors();
    const index = new Map<number, number>([[WHITE, 0]]);
    const paletteIndex = (rgb: number): number => {
      let i = index.get(rgb);
      if (i === undefined) {
        i = out.addColor(rgb);
        index.set(rgb, i);
      }
      return i;
    };
    for (let y = 0; y <= height; y++) {
      for (let x = 0; x <= width; x++) {
        const t = this.maze.getTile(x, y);
        const i = out.tileIndex(x, y);
        if (t.topIsActive && x < width) {
          out.walls[i]! |= TOP;
          top[i] = paletteIndex(t.topColor);
        }
        if (t.leftIsActive && y < height) {
          out.walls[i]! |= LEFT;
          left[i] = paletteIndex(t.leftColor);
        }
      }
    }
    return out;
  }
}

/** Generate one maze the article's way. */
export function articleTrees(width: number, height: number, options: ArticleOptions, rng: Rng): Maze {
  return new ArticleTrees(width, height, rng, options).run();
}
