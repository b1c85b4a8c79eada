/**
 * A distance map (SPEC "Analysis and difficulty", `maze render
 * --distances`): every cell filled with the colour of its steps from the
 * start along the passages, under the walls, on any grid, as a scene of
 * shape-picture.ts that PNG, SVG and PDF draw (SVG and PDF with a legend).
 *
 * - The start is the maze's own, else its top-left corner cell (view.ts,
 *   `corners`); cells it does not reach are left the background's.
 * - The ramp: viridis' hues (purple, blue, teal, green, yellow; van der
 *   Walt and Smith's perceptually even map for matplotlib), in RAMP_STEPS
 *   bands of equal distance, each then lifted or darkened, keeping its hue,
 *   until the walls read on it at the theme's contrast ratio (contrast.ts):
 *   dark fills under the dark theme's white walls, pale ones under the
 *   light and print themes' black ones. Near the start is purple, the
 *   farthest cells yellow, in every theme.
 * - The walls are drawn in the theme's plain colour (a trees maze's
 *   colours would fight the ramp), as lines `wall` thick with round ends,
 *   over the fills; then the solution, when the maze has one, and the
 *   start and end marks as a shaped maze's picture draws them, and a
 *   keys-and-doors maze's keys and locked doors (lockLayers).
 *
 * A square maze is laid out as the shapes are: cell (x, y) the unit square
 * at (x, y) in tiles, so the canvas is the square picture's, W·tile + wall.
 */
import { MazeError } from '../errors.js';
import { distancesFrom } from '../analysis/analyze.js';
import { GraphMaze } from '../grid/graph-maze.js';
import type { Maze, Point } from '../model/maze.js';
import { WHITE } from '../model/maze.js';
import type { AnyMaze } from '../passages/view.js';
import { passagesOf } from '../passages/view.js';
import { readableOn } from './contrast.js';
import type { Layer, Scene } from './shape-picture.js';
import { endLayers, MAX_SHAPE_PIXELS, rereadable, wallLines } from './shape-picture.js';
import { markBox, mazeMarks } from './marks.js';
import { inkOn, plainWalls, themeOf } from './theme.js';
import type { ThemeName } from './theme.js';
import type { RenderOptions } from './types.js';

/** Bands of the ramp: few enough for a small palette, enough to read a gradient. */
export const RAMP_STEPS = 24;

/** A cell no band holds (unreached): past every band. */
const NO_BAND = 255;

/** viridis at 0, ¼, ½, ¾ and 1. */
const VIRIDIS = [0x440154, 0x3b528b, 0x21918c, 0x5ec962, 0xfde725];

/** The ramp's colour at t in [0, 1], before contrast. */
function viridis(t: number): number {
  const at = Math.min(VIRIDIS.length - 1.000001, Math.max(0, t) * (VIRIDIS.length - 1));
  const i = Math.floor(at);
  const f = at - i;
  const a = VIRIDIS[i]!;
  const b = VIRIDIS[i + 1]!;
  const mix = (shift: number): number => Math.round(((a >> shift) & 255) * (1 - f) + ((b >> shift) & 255) * f) << shift;
  return mix(16) | mix(8) | mix(0);
}

/** A cell's place in tiles, whatever its grid: its centre, its outline, its walls. */
interface Layout {
  extent: { width: number; height: number };
  room: number;
  center(cell: number): [number, number];
  /** The outline, a closed polygon in tiles, star-shaped about the centre. */
  outline(cell: number): Float64Array;
  /** The walls drawn, each a line in pixels, made as they are read. */
  walls(options: Pick<RenderOptions, 'tile' | 'wall'>): Iterable<Float64Array>;
}

function layoutOf(maze: AnyMaze): Layout {
  if (maze instanceof GraphMaze) {
    const { shape } = maze;
    return {
      extent: shape.extent,
      room: shape.room,
      center: (c) => shape.center(c),
      outline: (c) => shape.outline(c),
      walls: (options) => wallLines(maze, options),
    };
  }
  const view = passagesOf(maze);
  const at = (c: number): Point => view.pointOf(c);
  // north, east, south, west: each side's corners
  const SIDES = [[0, 0, 1, 0], [1, 0, 1, 1], [0, 1, 1, 1], [0, 0, 0, 1]] as const;
  return {
    extent: { width: maze.width, height: maze.height },
    room: 1,
    center: (c) => {
      const [x, y] = at(c);
      return [x + 0.5, y + 0.5];
    },
    outline: (c) => {
      const [x, y] = at(c);
      return Float64Array.of(x, y, x + 1, y, x + 1, y + 1, x, y + 1);
    },
    walls: ({ tile, wall }) =>
      rereadable(function* () {
        const place = (v: number): number => Math.round((v * tile + wall / 2) * 100) / 100;
        for (let c = 0; c < view.size; c++) {
          if (!view.isIn(c)) continue;
          const open = view.openSides(c);
          const [x, y] = at(c);
          for (let s = 0; s < 4; s++) {
            const n = view.across(c, s);
            const inner = n >= 0 && view.isIn(n);
            // an inner side once, from its lower-numbered cell; an outer side unless it is an opening
            if ((open >> s) & 1 || (inner && n < c)) continue;
            const [x0, y0, x1, y1] = SIDES[s]!;
            yield Float64Array.of(place(x + x0), place(y + y0), place(x + x1), place(y + y1));
          }
        }
      }),
  };
}

/** The scene of a distance map (the file's comment); `fallback`: the format's own theme. */
export function distanceScene(maze: AnyMaze, options: RenderOptions, fallback: ThemeName = 'dark'): Scene {
  const layout = layoutOf(maze);
  const { tile, wall } = options;
  const width = Math.ceil(layout.extent.width * tile + wall);
  const height = Math.ceil(layout.extent.height * tile + wall);
  if (width * height > MAX_SHAPE_PIXELS) {
    throw new MazeError((n) => `a distance map of ${width} × ${height} pixels is over the limit of ${MAX_SHAPE_PIXELS} pixels (drawn whole in memory, a byte a pixel); make the maze or ${n('tile')} smaller`, { code: 'too-large', option: 'tile' });
  }
  const theme = themeOf(options, fallback);
  const background = options.bg ?? theme.background;
  const wallRgb = plainWalls(options, theme, background, WHITE).top;
  const ramp = Array.from({ length: RAMP_STEPS }, (_, i) => readableOn(viridis(i / (RAMP_STEPS - 1)), wallRgb, theme.ratio));

  const view = passagesOf(maze);
  const start = maze.start ?? view.pointOf(view.corners()[0]);
  const { distances, farthest } = distancesFrom(view, view.cellAt(start));
  const half = wall / 2;
  const place = (v: number): number => Math.round((v * tile + half) * 100) / 100;
  // each cell's band of the ramp (NO_BAND: unreached); its polygon is made as a drawing reads its band's
  const bands = new Uint8Array(view.size).fill(NO_BAND);
  const counts = new Int32Array(RAMP_STEPS);
  for (let c = 0; c < view.size; c++) {
    const d = distances[c]!;
    if (d < 0) continue;
    const band = farthest === 0 ? 0 : Math.min(RAMP_STEPS - 1, Math.floor((d * RAMP_STEPS) / (farthest + 1)));
    bands[c] = band;
    counts[band]!++;
  }
  const polygons = (band: number): Iterable<Float64Array> =>
    rereadable(function* () {
      for (let c = 0; c < view.size; c++) {
        if (bands[c] !== band) continue;
        const [cx, cy] = layout.center(c);
        const outline = layout.outline(c);
        const polygon = new Float64Array(outline.length + 2);
        polygon[0] = place(cx);
        polygon[1] = place(cy);
        for (let i = 0; i < outline.length; i++) polygon[i + 2] = place(outline[i]!);
        yield polygon;
      }
    });
  const layers: Layer[] = [];
  for (let i = 0; i < RAMP_STEPS; i++) if (counts[i]! > 0) layers.push({ kind: 'fills', rgb: ramp[i]!, polygons: polygons(i) });
  layers.push({ kind: 'stroke', role: 'walls', rgb: wallRgb, width: wall, lines: layout.walls(options) });
  const centre = (point: number[] | null): [number, number] | null => {
    if (point === null) return null;
    const c = view.cellAt([point[0]!, point[1]!]);
    if (c < 0 || !view.isIn(c)) return null;
    const [x, y] = layout.center(c);
    return [place(x), place(y)];
  };
  layers.push(...endLayers(maze.solution ?? [], maze.start, maze.end, centre, Math.max(1, layout.room * tile - wall), options, theme, background));
  // over the solution, as the other pictures draw their marks
  if (!(maze instanceof GraphMaze)) layers.push(...lockLayers(maze, options, place, (rgb) => readableOn(rgb, background, theme.ratio), inkOn(background)));
  const colors = [background];
  for (const layer of layers) if (!colors.includes(layer.rgb)) colors.push(layer.rgb);
  return { width, height, background, layers, colors, legend: { ramp, farthest } };
}

/**
 * A keys-and-doors maze's locks over its distance map, as its pictures
 * draw them (marks.ts): each locked door a bar across its wall in its
 * key's colour, as wide as the wall and the mark's margin either side;
 * each key a disc in its colour, ringed in ink over the ramp. Doors pass
 * no distance (its cells behind them are the background's), so a door
 * drawn as no wall would read as an open way.
 */
function lockLayers(maze: Maze, options: Pick<RenderOptions, 'tile' | 'wall'>, place: (v: number) => number, readable: (rgb: number) => number, ink: number): Layer[] {
  const { margin, size } = markBox(options);
  const layers: Layer[] = [];
  for (const mark of mazeMarks(maze)) {
    const rgb = readable(mark.rgb);
    if (mark.kind === 'door') {
      const line = mark.side === 'top' ? Float64Array.of(place(mark.x), place(mark.y), place(mark.x + 1), place(mark.y)) : Float64Array.of(place(mark.x), place(mark.y), place(mark.x), place(mark.y + 1));
      layers.push({ kind: 'stroke', role: 'walls', rgb, width: options.wall + 2 * margin, lines: [line] });
    } else if (mark.kind === 'key') {
      const [x, y, r] = [place(mark.x + 0.5), place(mark.y + 0.5), Math.max(1, size / 2)];
      layers.push({ kind: 'discs', rgb: ink, discs: [x, y, r + 1] }, { kind: 'discs', rgb, discs: [x, y, r] });
    }
  }
  return layers;
}
