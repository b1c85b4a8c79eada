/**
 * A shaped maze's growth as frames (SPEC "Watching a maze grow", "Grid
 * shapes"), for every animated file to draw: the passages its algorithm
 * opened, in order, spread over the growth frames as the square maze's
 * steps are (frames.ts), the newest cell marked in the head's color; then
 * the finished maze (braided, with its ends, openings and solution) held.
 * With a solving method (`--solve M`), its own steps follow the growth.
 * The APNG and the GIF rasterize each frame's scene by the still
 * picture's rules (formats/shape-picture.ts); the SVG reads which walls
 * each frame shows.
 */
import type { GraphMaze } from '../grid/graph-maze.js';
import { startingMaze } from '../grid/topology-record.js';
import type { Discs, Scene } from '../formats/shape-picture.js';
import { shapeScene } from '../formats/shape-picture.js';
import type { RenderOptions } from '../formats/types.js';
import { HEAD_COLOR, stepsForFrame } from './frames.js';
import type { Point, ShadeTone } from '../model/maze.js';
import { isMove } from '../solvers/types.js';

/** A shaped maze and its growth, ready to be drawn as frames. */
export interface ShapeGrowth {
  maze: GraphMaze;
  /** The passages opened, in order: pairs of cells. */
  links: Int32Array;
  /** A solving method's own steps after the growth (`maze gen --solve M`): pairs of a step kind (solvers' STEP) and a cell. */
  solving?: Int32Array;
  frames: number;
  duration: number;
  tick?: () => void;
}

/** Steps shown in growth frame i, out of the passages and then the solver's steps: none in the first, all in the last. */
export function stepsShown(growth: ShapeGrowth, i: number): number {
  return stepsForFrame(i, growth.frames, (growth.links.length + (growth.solving?.length ?? 0)) / 2 + 1) - 1;
}

/** Passages open in growth frame i: none in the first, every one the algorithm opened by the time the solver starts. */
export function linksShown(growth: ShapeGrowth, i: number): number {
  return Math.min(growth.links.length / 2, stepsShown(growth, i));
}

/** The cell the algorithm reached last when `done` passages are open, or −1 in the bare grid and the finished maze (no head to show). */
export function headCell(growth: ShapeGrowth, done: number): number {
  return done > 0 && done < growth.links.length / 2 ? growth.links[2 * done - 1]! : -1;
}

/** The head's mark: a disc in its color, the size of the still picture's end mark. */
export function headDisc(maze: GraphMaze, cell: number, options: RenderOptions): Discs {
  const [x, y] = maze.shape.center(cell);
  const radius = Math.max(1, (maze.shape.room * options.tile - options.wall) * 0.3);
  return { kind: 'discs', rgb: HEAD_COLOR, discs: [x * options.tile + options.wall / 2, y * options.tile + options.wall / 2, radius] };
}

/** The colors of every frame, as a palette: the finished maze's, then the head's. */
export function shapeFramePalette(still: Scene): number[] {
  const palette = [...still.colors];
  if (!palette.includes(HEAD_COLOR)) palette.push(HEAD_COLOR);
  return palette;
}

/**
 * The scenes of the growth frames, one at a time: the partial maze with its
 * head marked; then, with a solving method, the finished maze with what the
 * solver has done so far (its walk, its shaded cells, its head), drawn as
 * the still picture draws its whole work.
 */
export function* growthScenes(growth: ShapeGrowth, options: RenderOptions): Generator<Scene> {
  const { maze, links } = growth;
  const partial = startingMaze(maze.shape, maze.mask);
  const solver = new SolverReplay(maze, growth.solving ?? new Int32Array(0));
  let done = 0;
  for (let i = 0; i < growth.frames; i++) {
    const shown = stepsShown(growth, i);
    const target = Math.min(shown, links.length / 2);
    for (; done < target; done++) partial.open(links[2 * done]!, links[2 * done + 1]!);
    const solving = shown > links.length / 2 && growth.solving !== undefined;
    const scene = solving ? shapeScene(solver.to(shown - links.length / 2), options) : shapeScene(partial, options);
    const head = solving ? solver.head : headCell(growth, done);
    if (head >= 0) {
      scene.layers.push(headDisc(maze, head, options));
      if (!scene.colors.includes(HEAD_COLOR)) scene.colors.push(HEAD_COLOR);
    }
    yield scene;
    growth.tick?.();
  }
}

/** Each solver step's tone in the drawing (model/maze.ts `ShadeTone`), or null for a walker's plain move. */
const STEP_TONES: readonly (ShadeTone | null)[] = [null, 'seen', 'filled', 'sealed', 'once', 'twice', 'paths'];

/**
 * A solver's steps replayed onto the finished maze: `to(count)` gives a
 * stand-in of it whose `solving` holds the work of the steps so far and
 * no solution until the last step: each cell in the tone of its last step
 * (Trémaux's last mark, as the still picture paints it), a walker's moves
 * as its walk, its last move as the head. With `fresh`, the stand-in holds
 * only the work since the previous call (the walk going on from its last
 * point): the animated SVG's frames, each drawn over the ones before.
 */
export class SolverReplay {
  head = -1;
  private done = 0;
  private tones: Map<number, ShadeTone> = new Map();
  private walk: Point[] = [];

  constructor(
    private readonly maze: GraphMaze,
    private readonly steps: Int32Array,
    private readonly fresh = false,
  ) {}

  /** Whether every step has been applied. */
  get finished(): boolean {
    return 2 * this.done >= this.steps.length;
  }

  to(count: number): GraphMaze {
    const { steps, maze } = this;
    for (; this.done < count && !this.finished; this.done++) {
      const kind = steps[2 * this.done]!;
      const cell = steps[2 * this.done + 1]!;
      const tone = STEP_TONES[kind] ?? null;
      if (tone !== null) {
        this.tones.delete(cell);
        this.tones.set(cell, tone);
      }
      if (isMove(kind)) {
        this.walk.push(maze.pointOf(cell));
        this.head = cell;
      }
    }
    if (this.finished) this.head = -1;
    const shaded: Partial<Record<ShadeTone, Point[]>> = {};
    for (const [cell, tone] of this.tones) (shaded[tone] ??= []).push(maze.pointOf(cell));
    const solving = { method: maze.solving?.method ?? '', found: maze.solving?.found ?? false, walk: this.walk.length > (this.fresh ? 1 : 0) ? [...this.walk] : null, shaded };
    if (this.fresh) {
      this.tones = new Map();
      this.walk = this.walk.slice(-1);
    }
    // the path comes with the last step, as in the square maze's steps
    return Object.assign(Object.create(Object.getPrototypeOf(maze) as object) as GraphMaze, maze, { solving, solution: this.finished && !this.fresh ? maze.solution : null, ...(this.fresh ? { start: null, end: null } : {}) });
  }
}
