/**
 * The growth as an animated SVG: SMIL, no script, the same bytes every run.
 *
 * Two layers over the still SVG's background:
 * - the growth, shown while the growth frames last: each wall (seed 000's
 *   drawWall rectangle), marked cell, piece of the path and mark (start,
 *   end, keys, doors) is shown over the frames it is there in, grouped into
 *   one path per (first frame, last frame, color);
 * - the still picture (formats/svg.ts's paths, unchanged), shown in the
 *   held last frame.
 * Shown and hidden are `display` switched by discrete <animate> elements
 * that loop with the whole; the attributes themselves say hidden for the
 * growth and shown for the still picture, so a viewer that does not
 * animate (librsvg, thumbnails) shows the finished maze.
 */
import { MazeError } from '../errors.js';
import { formatColor, LEFT, TOP } from '../model/maze.js';
import { asRows, rowsOf } from '../model/rows.js';
import { markRectangles, mazeMarks } from '../formats/marks.js';
import { pathRectangles } from '../formats/path.js';
import { wallRgb } from '../formats/geometry.js';
import type { Layer, Stroke } from '../formats/shape-picture.js';
import { shapeCaption, shapeScene, shapeSize, sideLine, wallSides } from '../formats/shape-picture.js';
import { layerAttributes, layerData, shapeSvgHeader, shapeSvgLayers, svgHeader, svgPaths } from '../formats/svg.js';
import { startingMaze } from '../grid/topology-record.js';
import type { RenderOptions } from '../formats/types.js';
import type { Painting } from '../formats/theme.js';
import { paint, themeOf } from '../formats/theme.js';
import type { Replay } from '../model/replay.js';
import type { Growth } from './frames.js';
import { cellRectangles, growthFrames } from './frames.js';
import type { ShapeGrowth } from './shape-frames.js';
import { headCell, headDisc, linksShown, SolverReplay, stepsShown } from './shape-frames.js';
import { smilClock } from './smil.js';
import type { AnimatedFormat } from './types.js';

/** Rectangles shown over frames [from, to) in one color: "from,to,#rrggbb" → path data; one map for each kind, in drawing order. */
type Layers = Map<string, string[]>[];

/** The kinds of rectangles, drawn in this order: the path over the marked cells, the marks over the path (as the still PNG). */
const WALLS = 0;
const CELLS = 1;
const PATH = 2;
const MARKS = 3;

/** A rectangle as path data, corners at whole pixels. */
function rect(x0: number, y0: number, x1: number, y1: number): string {
  return `M${x0} ${y0}h${x1 - x0}v${y1 - y0}h-${x1 - x0}z`;
}

/**
 * Which walls and overlays each frame shows, as intervals of frames: a wall
 * (or a rectangle of the overlays, by its data and color) seen from frame a
 * until frame b goes into layer "a,b,color".
 */
function collectLayers(growth: Growth, options: RenderOptions): Layers {
  const { tile, wall } = options;
  const layers: Layers = [new Map(), new Map(), new Map(), new Map()];
  /** Overlay keys start with their kind's digit, then the rectangle's data. */
  const add = (from: number, to: number, rgb: number, d: string, kind = WALLS): void => {
    const key = `${from},${to},${formatColor(rgb)}`;
    const list = layers[kind]!.get(key);
    if (list) list.push(d);
    else layers[kind]!.set(key, [d]);
  };
  const addOverlay = (from: number, to: number, rgb: number, key: string): void => add(from, to, rgb, key.slice(1), Number(key[0]));
  const { width, height } = growth.maze;
  const stride = width + 1;
  const tiles = stride * (height + 1);
  const theme = themeOf(options, 'dark');
  const background = options.bg ?? theme.background;
  const finished = paint(asRows(growth.maze), options, theme, background);
  // per wall (2 · tile + 1 for a top wall): the RGB shown since `since`, −1 for none
  const shown = new Int32Array(2 * tiles).fill(-1);
  const since = new Int32Array(2 * tiles);
  const wallRect = (w: number): string => {
    const t = w >> 1;
    const x = t % stride;
    const y = (t - x) / stride;
    return w & 1 ? rect(x * tile, y * tile, x * tile + tile, y * tile + wall) : rect(x * tile, y * tile, x * tile + wall, y * tile + tile + wall);
  };
  let overlays = new Map<string, { rgb: number; since: number }>();
  const frameOverlays = (replay: Replay, painted: Painting): Map<string, number> => {
    const now = new Map<string, number>();
    const cells = cellRectangles(replay, options, (rgb) => rgb);
    for (let i = 0; i < cells.length; i += 5) now.set(`${CELLS}${rect(cells[i]!, cells[i + 1]!, cells[i + 2]!, cells[i + 3]!)}`, cells[i + 4]!);
    // the path in the finished picture's color (given way to another among walls near red, as the still one)
    const path = pathRectangles(replay.maze, options);
    for (let i = 0; i < path.length; i += 4) now.set(`${PATH}${rect(path[i]!, path[i + 1]!, path[i + 2]!, path[i + 3]!)}`, finished.path);
    const marks = markRectangles(replay.maze, options, mazeMarks(replay.maze, painted));
    for (let i = 0; i < marks.length; i += 5) now.set(`${MARKS}${rect(marks[i]!, marks[i + 1]!, marks[i + 2]!, marks[i + 3]!)}`, marks[i + 4]!);
    return now;
  };
  let frame = 0;
  for (const replay of growthFrames(growth)) {
    // each frame painted as the still picture is (the theme's colors, made readable on the background; a mask's outside
    // blank), as the APNG's frames are: the walls read from the painted rows
    const painted = paint(asRows(replay.maze), options, theme, background);
    const rows = painted.rows;
    for (const row of rows.rows()) {
      const { y, walls, topColor, leftColor, at } = row;
      for (let x = 0; x <= width; x++) {
        const bits = walls[at + x]!;
        const t = y * stride + x;
        for (const top of [true, false]) {
          const w = 2 * t + (top ? 1 : 0);
          const has = top ? x < width && (bits & TOP) !== 0 : y < height && (bits & LEFT) !== 0;
          const rgb = has ? wallRgb(rows, (top ? topColor : leftColor)?.[at + x] ?? 0, null) : -1;
          if (rgb === shown[w]) continue;
          if (shown[w]! >= 0) add(since[w]!, frame, shown[w]!, wallRect(w));
          shown[w] = rgb;
          since[w] = frame;
        }
      }
    }
    const now = frameOverlays(replay, painted);
    const next = new Map<string, { rgb: number; since: number }>();
    for (const [d, rgb] of now) {
      const before = overlays.get(d);
      if (before && before.rgb === rgb) next.set(d, before);
      else next.set(d, { rgb, since: frame });
    }
    for (const [d, before] of overlays) {
      if (next.get(d) !== before) addOverlay(before.since, frame, before.rgb, d);
    }
    overlays = next;
    frame++;
  }
  for (let w = 0; w < shown.length; w++) if (shown[w]! >= 0) add(since[w]!, frame, shown[w]!, wallRect(w));
  for (const [d, { rgb, since: from }] of overlays) addOverlay(from, frame, rgb, d);
  return layers;
}

/**
 * The long part (replaying every frame) is done before the first piece is
 * given: the temporary file, and the signal handler that removes it, come
 * after it, so a Ctrl-C during it ends the run at once (output.ts), where
 * a handler would wait for the replay to finish.
 */
function* animate(growth: Growth, options: RenderOptions): Generator<string> {
  const rows = rowsOf(growth.maze);
  const clock = smilClock(growth);
  const layers = collectLayers(growth, options);
  yield svgHeader(rows, options);
  // the growth: not displayed but by the animation
  yield clock.growthStart;
  for (const [key, rects] of layers.flatMap((kind) => [...kind])) {
    const [from, to, color] = key.split(',') as [string, string, string];
    yield clock.path(`fill="${color}" shape-rendering="crispEdges"`, rects.join(''), Number(from), Number(to));
  }
  yield '</g>\n';
  // the still picture, in the held frame and wherever nothing animates
  yield clock.stillStart;
  yield* svgPaths(rows, options);
  yield '</g>\n</svg>\n';
}

/**
 * A shaped maze's growth (shape-frames.ts) over the still shaped SVG: in
 * the growth group, every wall of the bare grid, grouped into one path per
 * frame its passage opens in (the walls no passage opens during the growth
 * in one untimed path), then the head's disc in each frame that has one;
 * in the still group, the still SVG's layers unchanged.
 */
function* animateGraph(growth: ShapeGrowth, options: RenderOptions): Generator<string> {
  const { maze, links, frames } = growth;
  const { shape } = maze;
  const still = shapeScene(maze, options);
  const clock = smilClock(growth);
  // the frame each wall goes in: frames for a wall still there at the growth's end
  const bare = startingMaze(shape, maze.mask);
  const goes = new Int32Array(maze.cellCount * shape.maxDegree).fill(frames);
  const heads: number[] = [];
  let done = 0;
  for (let i = 0; i < frames; i++) {
    for (const target = linksShown(growth, i); done < target; done++) {
      const a = Math.min(links[2 * done]!, links[2 * done + 1]!);
      const b = Math.max(links[2 * done]!, links[2 * done + 1]!);
      goes[a * shape.maxDegree + shape.slotTo(a, b)] = i;
    }
    heads.push(headCell(growth, done));
    growth.tick?.();
  }
  const byFrame = new Map<number, Float64Array[]>();
  for (const side of wallSides(bare)) {
    const frame = goes[side]!;
    const lines = byFrame.get(frame);
    if (lines) lines.push(sideLine(maze, side, options));
    else byFrame.set(frame, [sideLine(maze, side, options)]);
  }
  const walls = still.layers[0] as Stroke;
  // the long part done (see animate): now the file
  yield shapeSvgHeader(still, shapeCaption(maze));
  yield clock.growthStart;
  for (const frame of [...byFrame.keys()].sort((x, y) => x - y)) {
    const layer: Stroke = { ...walls, lines: byFrame.get(frame)! };
    yield clock.path(layerAttributes(layer), [...layerData(layer)].join(''), 0, frame);
  }
  // a solving method's own steps after the growth: each frame's new marks and walk, shown from that frame on
  for (const [frame, layers, head] of solverFrames(growth, options)) {
    for (const layer of layers) yield clock.path(layerAttributes(layer), [...layerData(layer)].join(''), frame, frames);
    if (head >= 0) heads[frame] = head;
  }
  for (let i = 0; i < frames; i++) {
    if (heads[i]! < 0) continue;
    const disc = headDisc(maze, heads[i]!, options);
    yield clock.path(layerAttributes(disc), [...layerData(disc)].join(''), i, i + 1);
  }
  yield '</g>\n';
  yield clock.stillStart;
  yield* shapeSvgLayers(still);
  yield '</g>\n</svg>\n';
}

/**
 * A solving method's frames (`--solve M`, shape-frames.ts): for each growth
 * frame past the passages, the cells its steps shaded in that frame (each
 * in the tone of its last step then) and its walk on from the frame
 * before, drawn as the still picture draws a solver's work (the path-role
 * layers of the shaped scene of a stand-in holding just those), and the
 * head, where the walker is at the frame's end; a cell shaded again later
 * is drawn over, as the APNG's frames paint it.
 */
function* solverFrames(growth: ShapeGrowth, options: RenderOptions): Generator<[number, Layer[], number]> {
  const { maze, links, frames } = growth;
  const steps = growth.solving;
  if (!steps || steps.length === 0) return;
  const passages = links.length / 2;
  const replay = new SolverReplay(maze, steps, true);
  let done = 0;
  for (let i = 0; i < frames; i++) {
    const target = Math.max(0, stepsShown(growth, i) - passages);
    if (target <= done) continue;
    done = target;
    const layers = shapeScene(replay.to(target), options).layers.filter((layer) => layer.kind !== 'fills' && layer.role === 'path');
    // the last frame holds the finished maze, its path and marks: no head there
    yield [i, layers, replay.head];
  }
}

/**
 * Most cells an animated SVG takes: it holds an element for every wall that
 * changes and every cell marked on the way (about 300 bytes each, and its
 * timeline in memory while it is written), so 250 000 cells (500 × 500) make
 * a file of some tens of megabytes, which a browser still plays.
 */
export const MAX_SVG_ANIMATION_CELLS = 250_000;

/** Refuse an animated SVG of more than MAX_SVG_ANIMATION_CELLS cells; `what` names the maze ("a 600 × 500 maze"). */
function checkSvgAnimationCells(cells: number, what: string): void {
  if (cells > MAX_SVG_ANIMATION_CELLS) {
    throw new MazeError(
      `an animated SVG holds an element for every wall that changes, and ${what} is ${cells} cells, over the limit of ${MAX_SVG_ANIMATION_CELLS} for one; make the maze smaller, or animate to an APNG or a GIF (-o grow.png)`,
      { code: 'too-large', option: 'width' },
    );
  }
}

const svg: AnimatedFormat = {
  name: 'svg',
  description: 'an animated SVG (SMIL, no script); viewers that do not animate show the finished maze',
  extensions: ['.svg'],
  binary: false,
  checkSize: (width, height) => checkSvgAnimationCells(width * height, `a ${width} × ${height} maze`),
  checkShapeSize: (grid) => checkSvgAnimationCells(grid.shape.cellCount, `a ${shapeSize(grid.shape)}`),
  animate,
  animateGraph,
};

export default svg;
