/**
 * Mazes made to a difficulty (SPEC "Analysis and difficulty", `maze gen
 * --difficulty D`): generation steered, not drawn at random and sorted.
 *
 * The dial is the growing tree's pick (algorithms/growing-tree.ts): x from
 * 0 to 2, where x < 1 picks the oldest active cell with probability 1 − x
 * and else a random one (breadth-first's long straight dead ends: the
 * easiest), x = 1 a random one (Prim's texture), and x > 1 the newest with
 * probability x − 1 (up to the backtracker's long winding corridors: the
 * hardest). The ends are the other dial: the grid's corners below
 * FARTHEST_FROM, the two ends of the longest path from there on (a longer
 * solution); on a torus always the farthest, its corners being neighbours
 * across both seams (a solution of a few cells, whatever the texture). With `--braid` the share given is kept: its loops lower every
 * candidate alike.
 *
 * 1. A first x from PRIOR: the mean difficulty of each setting over seeds
 *    at 100 × 100 (measured: README "Difficulty"), read backwards.
 * 2. Make the maze of that setting from the seed, score it (difficulty.ts).
 *    Within CLOSE of D: done. Else move x by the error over the prior's
 *    slope there (a Newton step on the prior, scaled by 0.8), to a setting
 *    not tried yet, and again; at most CANDIDATES mazes. The nearest wins.
 * 3. When the nearest misses D by more than the tolerance, up to
 *    AT_EXTREME mazes at the extreme on D's side (x = 0 at the corners, or
 *    x = 2 at the farthest ends, then a little inside), and the other
 *    extreme once: a D outside all they reach, by more than the tolerance,
 *    is refused with that range.
 *
 * Every candidate is the maze `maze gen --algo growing-tree --pick … --ends
 * …` makes from the same seed, so the maze chosen records that setting and
 * its made-by line makes it again, byte for byte.
 */
import { MazeError } from '../errors.js';
import type { AnyMaze } from '../passages/view.js';
import type { Meter } from '../tick.js';
import { metered, SILENT_METER } from '../tick.js';
import { scoreMaze, scoreSteps } from './difficulty.js';

/** What a candidate is made with. */
export interface Setting {
  /** The growing tree's pick: `oldest=P` or `newest=P`. */
  pick: string;
  ends: 'corners' | 'farthest';
}

/** How near D a maze must score: within 0.05 (SPEC). */
export const TOLERANCE = 0.05;
/** Near enough to stop looking. */
const CLOSE = 0.025;
/** Most candidate mazes before the extremes. */
export const CANDIDATES = 8;
/** More mazes at the extreme nearest D when the first ones missed, before a refusal. */
const AT_EXTREME = 4;
/** From this difficulty on, the farthest ends. */
const FARTHEST_FROM = 0.62;

/** Mean difficulty over seeds at 100 × 100 of x at each end setting (x, mean). */
const PRIOR: Record<Setting['ends'], [number, number][]> = {
  corners: [[0, 0.145], [0.5, 0.23], [1, 0.25], [1.25, 0.375], [1.5, 0.47], [1.75, 0.57], [2, 0.81]],
  farthest: [[1, 0.45], [1.5, 0.67], [2, 0.94]],
};

/** The pick of dial position x, to the thousandth. */
export function pickOf(x: number): string {
  const share = (v: number): number => Math.round(Math.min(1, Math.max(0, v)) * 1000) / 1000;
  return x < 1 ? `oldest=${share(1 - x)}` : `newest=${share(x - 1)}`;
}

/** The prior's x for a difficulty, and its slope dx/dD there. */
function priorX(ends: Setting['ends'], d: number): { x: number; slope: number } {
  const table = PRIOR[ends];
  for (let i = 0; i + 1 < table.length; i++) {
    const [x0, d0] = table[i]!;
    const [x1, d1] = table[i + 1]!;
    if (d <= d1 || i + 2 === table.length) {
      const slope = (x1 - x0) / Math.max(0.01, d1 - d0);
      return { x: Math.min(2, Math.max(0, x0 + (d - d0) * slope)), slope };
    }
  }
  return { x: 1, slope: 4 };
}

/** The maze nearest difficulty `target` the dial reaches from the seed, its setting and its score; or a MazeError naming the range. */
export function steerToDifficulty(
  target: number,
  make: (setting: Setting) => AnyMaze,
  score: (maze: AnyMaze) => number,
  where: string,
  torus = false,
): { maze: AnyMaze; setting: Setting; difficulty: number } {
  const farthestOnly = torus;
  const ends: Setting['ends'] = farthestOnly || target >= FARTHEST_FROM ? 'farthest' : 'corners';
  // on a torus, the dial's settings known to score below D and above it: a step is kept between them
  let [below, above] = [0, 2];
  const tried = new Set<string>();
  let best: { maze: AnyMaze; setting: Setting; difficulty: number } | null = null;
  const attempt = (setting: Setting): number => {
    tried.add(`${setting.pick} ${setting.ends}`);
    const maze = make(setting);
    const difficulty = score(maze);
    if (best === null || Math.abs(difficulty - target) < Math.abs(best.difficulty - target)) best = { maze, setting, difficulty };
    return difficulty;
  };
  let { x } = priorX(ends, target);
  for (let k = 0; k < CANDIDATES; k++) {
    // a setting not tried: a thousandth further on when the step lands on one
    let pick = pickOf(x);
    for (let nudge = 1; tried.has(`${pick} ${ends}`); nudge++) pick = pickOf(x + (x > 1.9 ? -1 : 1) * 0.003 * nudge);
    const d = attempt({ pick, ends });
    if (Math.abs(d - target) <= CLOSE) break;
    const { slope } = priorX(ends, d);
    const step = Math.min(2, Math.max(0, x + 0.8 * slope * (target - d)));
    if (!torus) {
      x = step;
      continue;
    }
    // its score climbs from a quarter to all of 1 over the last half of the dial, far steeper than the prior's: halve the bracket when the step leaves it
    if (d < target) below = Math.max(below, x);
    else above = Math.min(above, x);
    x = step > below && step < above ? step : (below + above) / 2;
  }
  const found = best!;
  if (Math.abs(found.difficulty - target) <= TOLERANCE) return found;
  // the extreme nearest D, and a few mazes beside it (each a fresh maze from the seed)
  const high = target > found.difficulty;
  const scores: number[] = [];
  for (let k = 0; k < AT_EXTREME && Math.abs(best!.difficulty - target) > TOLERANCE; k++) {
    const x = high ? 2 - 0.02 * k : 0.02 * k;
    scores.push(attempt({ pick: pickOf(x), ends: farthestOnly || high ? 'farthest' : 'corners' }));
  }
  const final = best! as { maze: AnyMaze; setting: Setting; difficulty: number };
  if (Math.abs(final.difficulty - target) <= TOLERANCE) return final;
  const other = attempt({ pick: pickOf(high ? 0 : 2), ends: farthestOnly || !high ? 'farthest' : 'corners' });
  const [from, to] = [Math.min(other, final.difficulty, ...scores), Math.max(other, final.difficulty, ...scores)];
  if (target < from - TOLERANCE || target > to + TOLERANCE) {
    throw new MazeError(
      (n) => `${n('difficulty')} ${target} cannot be reached ${where}: its mazes score from ${from.toFixed(2)} to ${to.toFixed(2)} (give a difficulty in that range, or another size)`,
      { code: 'impossible', option: 'difficulty' },
    );
  }
  return final;
}

/** The grid a maze is made on, as a refusal names it. */
export interface GridWords {
  width: number;
  height: number;
  shape?: string;
  mask: unknown;
  /** `xy`: a torus, whose corners are neighbours across both seams, so its ends are always the farthest. */
  wrap?: string | null;
}

/**
 * The maze nearest difficulty `target`, each candidate scored between the
 * ends it stores (its setting's), each score a phase of `meter`'s (`steps
 * scored`): what lib/spec.ts is given to make a spec's maze to a
 * difficulty.
 */
export function steerByScore(target: number, make: (setting: Setting) => AnyMaze, grid: GridWords, meter: Meter = SILENT_METER): AnyMaze {
  const { width, height, shape, mask } = grid;
  const size = shape === 'polar' ? `${width} rings` : `${width} × ${height}`;
  const where = `${shape === undefined || shape === 'square' ? `at ${size}` : `on a ${shape} grid of ${size}`}${mask ? ' under this mask' : ''} from this seed`;
  const score = (maze: AnyMaze): number => metered(meter, scoreSteps(maze), 'steps scored', (tick) => scoreMaze(maze, maze.start!, maze.end!, tick));
  return steerToDifficulty(target, make, score, where, grid.wrap === 'xy').maze;
}
