/**
 * trees on a mask (SPEC "Masks": the article's border is the mask's
 * outline): perfect over the mask's cells with a loop per island asked
 * for, every hole joined once, every free corner grown; steps that replay;
 * impossible requests counted on the outline; and the rectangle's texture
 * (dead ends, corridors, junctions within a few points).
 */
import { describe, expect, it } from 'vitest';
import type { TreesOptions } from '../src/algorithms/trees.js';
import { checkRequest, generateTrees, outlineCorners, outlineRoom } from '../src/algorithms/trees.js';
import { MazeError } from '../src/errors.js';
import type { Mask } from '../src/model/mask.js';
import { maskFromRows } from '../src/model/mask.js';
import type { Maze } from '../src/model/maze.js';
import { replaySteps } from '../src/model/replay.js';
import { mazeStats } from '../src/passages/stats.js';
import type { Step } from '../src/model/steps.js';
import { Rng } from '../src/rng.js';
import { blobMask, diskMask, holesOf, LETTER_A, LETTER_B, maskProblems, ringMask, spiralMask } from './mask-shapes.js';

function grow(mask: Mask, options: TreesOptions, seed: string, sink?: (step: Step) => void): Maze {
  return generateTrees({ width: mask.width, height: mask.height, mask }, options, new Rng(seed), undefined, sink);
}

/** Whether a request fits, as validate says. */
function fits(mask: Mask, options: TreesOptions): boolean {
  try {
    checkRequest({ width: mask.width, height: mask.height, mask }, options);
    return true;
  } catch (error) {
    if (error instanceof MazeError) return false;
    throw error;
  }
}

const MASKS: [string, Mask][] = [
  ['a ring', ringMask(16, 7.5, 3)],
  ['the letter A', LETTER_A],
  ['the letter B', LETTER_B],
  ['a spiral', spiralMask(13)],
  ['a blob', blobMask(30, 20, 300, 'b1')],
  ['another blob', blobMask(24, 24, 330, 'b7')],
  ['a disk', diskMask(8)],
  ['a one-cell ring', maskFromRows(['...', '.X.', '...'])],
  ['a single cell', maskFromRows(['X.X'])],
];

const OPTIONS: TreesOptions[] = [
  { trunks: 'auto', islands: 0 },
  { trunks: 'auto', islands: 1 },
  { trunks: 'auto', islands: 3 },
  { trunks: 6, islands: 0 },
  { trunks: 9, islands: 2 },
  { trunks: 0, islands: 1 },
];
const SEEDS = ['1', '2', '3', 'forest', 'outline'];

describe('trees on a mask: the outline is the border', () => {
  it('the masks hold what the tests need: holes, a corridor maze, areas cut apart', () => {
    expect(holesOf(MASKS[0]![1])).toBe(1);
    expect(holesOf(LETTER_B)).toBe(2);
    expect(holesOf(LETTER_A)).toBe(1);
    expect(outlineRoom(spiralMask(13)).corners).toBe(0);
    expect(outlineRoom(LETTER_A).areas).toBeGreaterThan(1);
  });

  const cases = MASKS.flatMap(([name, mask]) => OPTIONS.filter((o) => fits(mask, o)).map((o) => [name, o, mask] as const));

  it.each(cases)('on %s, %o: perfect over the mask, a loop per island, every free corner grown', (_name, options, mask) => {
    const free = outlineCorners(mask);
    for (const seed of SEEDS) {
      let maze: Maze;
      try {
        maze = grow(mask, options, seed);
      } catch (error) {
        // islands are drawn at random: near the bound a draw may not fit them all, and says so
        if (error instanceof MazeError && /islands fit/.test(error.message)) continue;
        throw error;
      }
      expect(maskProblems(maze, mask, options.islands), `seed ${seed}`).toEqual([]);
      const untouched: number[] = [];
      for (let t = 0; t < free.length; t++) {
        const x = t % maze.stride;
        const y = (t - x) / maze.stride;
        if (free[t] === 0 && !maze.cornerTouched(x, y)) untouched.push(t);
      }
      expect(untouched, `seed ${seed}: free corners no tree reached`).toEqual([]);
      // with fixed trunks, a color for each trunk and each island (joins reuse a tree's color)
      if (options.trunks !== 'auto') expect(maze.palette.length - 1, `seed ${seed}`).toBe(options.trunks + options.islands);
    }
  });

  it('joins each hole by one wall, never two outlines at once: a one-cell ring gets exactly one wall', () => {
    const ring = maskFromRows(['...', '.X.', '...']);
    for (const seed of SEEDS) {
      const maze = grow(ring, { trunks: 'auto', islands: 0 }, seed);
      expect(maze.countPassages()).toBe(7);
      expect(maskProblems(maze, ring)).toEqual([]);
    }
  });

  it('gives the same maze for the same seed, another for another', () => {
    const a = grow(LETTER_B, { trunks: 'auto', islands: 1 }, '7');
    const b = grow(LETTER_B, { trunks: 'auto', islands: 1 }, '7');
    const c = grow(LETTER_B, { trunks: 'auto', islands: 1 }, '8');
    expect(Buffer.from(a.walls).equals(Buffer.from(b.walls))).toBe(true);
    expect(Buffer.from(a.walls).equals(Buffer.from(c.walls))).toBe(false);
  });

  it("tells steps that replay from the outlined grid to the same walls and colors", () => {
    for (const [name, mask] of MASKS) {
      for (const options of [{ trunks: 'auto', islands: 1 }, { trunks: 9, islands: 0 }] as TreesOptions[]) {
        if (!fits(mask, options)) continue;
        const steps: Step[] = [{ type: 'grid', width: mask.width, height: mask.height, walls: 'border', mask }];
        const maze = grow(mask, options, 'steps', (step) => steps.push(step));
        const replayed = replaySteps(steps).maze;
        const label = `${name} ${JSON.stringify(options)}`;
        expect(Buffer.from(replayed.walls).equals(Buffer.from(maze.walls)), label).toBe(true);
        expect(replayed.palette, label).toEqual(maze.palette);
        for (let t = 0; t < maze.walls.length; t++) {
          if (maze.walls[t]! & 1) expect(replayed.topColorAt(t % maze.stride, Math.floor(t / maze.stride)), label).toBe(maze.topColor![t]);
          if (maze.walls[t]! & 2) expect(replayed.leftColorAt(t % maze.stride, Math.floor(t / maze.stride)), label).toBe(maze.leftColor![t]);
        }
        // the steps alone, without the fast path, give the maze the fast path gives
        const fast = grow(mask, options, 'steps');
        expect(Buffer.from(fast.walls).equals(Buffer.from(maze.walls)), label).toBe(true);
      }
    }
  });
});

describe('trees on a mask: impossible requests, counted on the outline', () => {
  const refused = (mask: Mask, options: TreesOptions): string => {
    try {
      checkRequest({ width: mask.width, height: mask.height, mask }, options);
    } catch (error) {
      if (error instanceof MazeError) {
        expect(error.message).not.toContain('\n');
        return error.message;
      }
      throw error;
    }
    return '';
  };

  it('counts the outline slots and the free corners', () => {
    // counted by hand: free corners along the strokes' middles, each next to the outline; the right-hand
    // bowls' free corners are cut off from the rest where the strokes meet at a corner
    expect(outlineRoom(LETTER_B)).toEqual({ corners: 29, ring: 29, slots: 64, interiorWalls: 26, areas: 3 });
    expect(refused(LETTER_B, { trunks: 29, islands: 0 })).toBe('');
    expect(refused(LETTER_B, { trunks: 30, islands: 0 })).toMatch(/^trunks 30 does not fit the mask's 61 cells: at most 29 trunks, one per interior corner next to the border$/);
    expect(refused(spiralMask(13), { trunks: 'auto', islands: 1 })).toMatch(/^islands 1: the mask's 97 cells have no interior wall, so no island fits; use islands 0$/);
    const disk = diskMask(8);
    const most = Math.floor(outlineRoom(disk).corners / 2);
    expect(refused(disk, { trunks: 'auto', islands: most })).toBe('');
    expect(refused(disk, { trunks: 'auto', islands: most + 1 })).toMatch(new RegExp(`each island takes two of the \\d+ free interior corners, so at most ${most}, or fewer as a seed's islands fall$`));
  });

  it('refuses trunks on a mask with no free corner, and too few trunks for its areas', () => {
    expect(refused(spiralMask(13), { trunks: 1, islands: 0 })).toMatch(/^trunks 1: the mask's 97 cells have no interior corner, so no trunk fits; use trunks auto$/);
    const areas = outlineRoom(LETTER_A).areas;
    expect(refused(LETTER_A, { trunks: areas - 1, islands: 0 })).toMatch(new RegExp(`cut its inside into ${areas} areas, and each needs a trunk of its own; use trunks ${areas} or more, or trunks auto$`));
    expect(refused(LETTER_A, { trunks: areas, islands: 0 })).toBe('');
    expect(refused(LETTER_A, { trunks: 0, islands: 1 })).toMatch(/areas/);
    expect(refused(diskMask(8), { trunks: 0, islands: 1 })).toBe('');
    expect(refused(diskMask(8), { trunks: 0, islands: 0 })).toMatch(/nothing to grow/);
  });

  it('grows nothing on a spiral with auto, which is a maze already', () => {
    const spiral = spiralMask(13);
    const maze = grow(spiral, { trunks: 'auto', islands: 0 }, '1');
    expect(maze.palette).toEqual([0xffffff]);
    expect(maskProblems(maze, spiral)).toEqual([]);
  });
});

describe("trees on a mask: the rectangle's texture", () => {
  /** Shares of the maze's cells that are dead ends, corridors and junctions, in percent, averaged over seeds. */
  function texture(mask: Mask | undefined, width: number, height: number, options: TreesOptions): number[] {
    const sum = [0, 0, 0];
    const seeds = ['1', '2', '3'];
    for (const seed of seeds) {
      const maze = generateTrees({ width, height, mask }, options, new Rng(seed));
      const stats = mazeStats(maze, [0, 0], [0, 0]);
      const cells = mask ? mask.count : width * height;
      [stats.deadEnds, stats.corridors, stats.junctions].forEach((n, i) => (sum[i]! += (100 * n) / cells / seeds.length));
    }
    return sum;
  }

  // about 1 800 cells each: a disk, a blob with ragged edges and holes, a ring, and the square
  const shapes: [string, Mask][] = [
    ['a disk', diskMask(24)],
    ['a blob', blobMask(70, 70, 1800, 'texture')],
    ['a ring', ringMask(55, 27, 12)],
  ];

  it.each([{ trunks: 'auto', islands: 0 }, { trunks: 12, islands: 0 }] as TreesOptions[])('%o: dead ends, corridors and junctions within 3 points of the square', (options) => {
    const square = texture(undefined, 42, 42, options);
    for (const [name, mask] of shapes) {
      const shape = texture(mask, mask.width, mask.height, options);
      for (let i = 0; i < 3; i++) expect(Math.abs(shape[i]! - square[i]!), `${name}: ${shape.map((v) => v.toFixed(1)).join(' ')} against ${square.map((v) => v.toFixed(1)).join(' ')}`).toBeLessThan(3);
    }
  });
});
