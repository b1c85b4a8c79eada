/**
 * What a solving method leaves to draw (SPEC "Solvers"; model/maze.ts,
 * `Solving`), as every format draws it: the shaded cells first (filled,
 * sealed, seen by a search, Trémaux's once and twice, on a shortest path),
 * then a walker's walk as a thin line through the cell centres, then the
 * solution and the marks over them, as ever. The colors come from the
 * picture's own: each tone is the background blended toward the walls'
 * color (filled, sealed), the path's (once, on a shortest path) or a blue
 * (seen, twice, the walk), so every theme, light or dark, keeps them apart
 * and under the path.
 */
import type { Point, ShadeTone, Solving } from '../model/maze.js';

/** The tones in drawing order. */
export const SHADE_ORDER: readonly ShadeTone[] = ['sealed', 'filled', 'seen', 'twice', 'once', 'paths'];

/** The walk's and the searches' own hue, blended into the background. */
const BLUE = 0x3f7fe0;

/** rgb a share `t` of the way from a to b. */
function mix(a: number, b: number, t: number): number {
  let out = 0;
  for (const shift of [16, 8, 0]) {
    const va = (a >> shift) & 255;
    const vb = (b >> shift) & 255;
    out |= Math.round(va + (vb - va) * t) << shift;
  }
  return out;
}

export interface SolvingColors {
  shade: Record<ShadeTone, number>;
  walk: number;
}

/** The tones' and the walk's colors on `background`, from the walls' and the path's. */
export function solvingColors(background: number, wall: number, path: number): SolvingColors {
  return {
    shade: {
      filled: mix(background, wall, 0.3),
      sealed: mix(background, wall, 0.15),
      seen: mix(background, BLUE, 0.2),
      once: mix(background, path, 0.25),
      twice: mix(background, BLUE, 0.4),
      paths: mix(background, path, 0.35),
    },
    walk: mix(background, BLUE, 0.85),
  };
}

/** Every color a maze's solving draws, in drawing order (none without one). */
export function solvingRgbs(solving: Solving | null | undefined, colors: SolvingColors): number[] {
  if (!solving) return [];
  const out: number[] = [];
  for (const tone of SHADE_ORDER) if ((solving.shaded[tone]?.length ?? 0) > 0 && !out.includes(colors.shade[tone])) out.push(colors.shade[tone]);
  if (solving.walk && solving.walk.length > 0 && !out.includes(colors.walk)) out.push(colors.walk);
  return out;
}

/** The shaded cells, tone by tone in drawing order, with their colors. */
export function shadedCells(solving: Solving | null | undefined, colors: SolvingColors): { rgb: number; cells: Point[] }[] {
  if (!solving) return [];
  return SHADE_ORDER.filter((tone) => (solving.shaded[tone]?.length ?? 0) > 0).map((tone) => ({ rgb: colors.shade[tone], cells: solving.shaded[tone]! }));
}

/**
 * A walk as the pictures draw it: its steps each once, in the order first
 * taken, as lines of points, a line broken where the walk goes down a step
 * it took before (either way) and going on from the next new one. A walk
 * goes down its corridors again and again (a random mouse up to 2^24
 * moves, which drawn step by step ran the heap out); a line of one colour
 * with round ends and joins drawn twice is drawn once, so the picture is
 * the same. `cellOf` numbers a point below `cells` (at most 2^24, a solved
 * maze's bound, so a step's key is exact).
 */
export function walkOnce(walk: readonly Point[], cellOf: (point: Point) => number, cells: number): Point[][] {
  const lines: Point[][] = [];
  const taken = new Set<number>();
  let line: Point[] = [];
  let previous = walk.length > 0 ? cellOf(walk[0]!) : -1;
  if (walk.length === 1) lines.push([walk[0]!]);
  for (let i = 1; i < walk.length; i++) {
    const cell = cellOf(walk[i]!);
    const key = Math.min(previous, cell) * cells + Math.max(previous, cell);
    previous = cell;
    if (taken.has(key)) {
      if (line.length > 0) lines.push(line);
      line = [];
      continue;
    }
    taken.add(key);
    if (line.length === 0) line.push(walk[i - 1]!);
    line.push(walk[i]!);
  }
  if (line.length > 0) lines.push(line);
  return lines;
}
