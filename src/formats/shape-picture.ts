/**
 * Pictures of mazes on non-square grids (SPEC "Grid shapes"): one walker
 * (STYLE "One geometry walker for the pictures") lays out what is drawn —
 * the background, the walls as thick lines, the solution through the cell
 * centres, the start and end marks as discs — in pixels, and each format
 * draws that scene: PNG by the rasterizer below into the streaming
 * encoder, SVG as paths, PDF as pdf-lib's paths.
 *
 * Layout: a point (x, y) in tiles (grid/shape.ts) is at pixel
 * (x·tile + wall/2, y·tile + wall/2), so that the outer walls, drawn
 * centred on the cells' edges, fit; the canvas is ⌈extent·tile + wall⌉
 * pixels a side. A wall is a line `wall` pixels thick with round ends
 * (joins between the straight pieces of an arc are round too): every
 * closed side, once, and the outer sides but the openings. The solution
 * is a line a third of a cell's free space thick, with round ends.
 *
 * The rasterizer paints a pixel when its centre is inside a shape (no
 * anti-aliasing), which is what librsvg paints fully or mostly; the
 * pixels the two pictures differ in lie on the shapes' edges (shape
 * tests compare them).
 */
import { MazeError } from '../errors.js';
import type { GraphMaze } from '../grid/graph-maze.js';
import { SquareLattice, TopologyShape } from '../grid/topology.js';
import { WHITE } from '../model/maze.js';
import type { Point } from '../model/maze.js';
import { shadedCells, solvingColors, walkOnce } from './solving.js';
import { readableOn } from './contrast.js';
import { END_COLOR, START_COLOR } from './marks.js';
import type { PngRow } from './png-encoder.js';
import { encodePng, FILTER_NONE, INDEXED, pngRowBytes } from './png-encoder.js';
import { inkOn, plainWalls, themeOf } from './theme.js';
import type { Theme, ThemeName } from './theme.js';
import type { Format, Output, RenderOptions } from './types.js';
import { checkPageCells, checkPixelBudget } from './render-options.js';
import { wallSides } from './wall-geometry.js';

/** Lines of one color and thickness: each a polyline of pixel coordinates. */
export interface Stroke {
  kind: 'stroke';
  /** What it draws: the PDF puts the path on its second page only. */
  role: 'walls' | 'path';
  rgb: number;
  width: number;
  /** Read once per drawing: a maze's walls are made as they are read (wallLines), not held. */
  lines: Iterable<Float64Array>;
}

/** Discs of one color: x, y, radius in pixels, three numbers each. */
export interface Discs {
  kind: 'discs';
  /** 'path': part of the solving (a solver's shaded cells), which the PDF puts on its second page only. */
  role?: 'path';
  rgb: number;
  discs: number[];
}

/** Filled polygons of one color (a distance map's cells): each its centre x, y, then its outline, star-shaped about the centre, in pixels. */
export interface Fills {
  kind: 'fills';
  rgb: number;
  /** Read once per drawing, as a stroke's lines are. */
  polygons: Iterable<Float64Array>;
}

export type Layer = Stroke | Discs | Fills;

export interface Scene {
  width: number;
  height: number;
  background: number;
  /** Drawn in order, over the background. */
  layers: Layer[];
  /** The colors drawn, the background first. */
  colors: number[];
  /** A distance map's ramp, nearest first, and the farthest distance: SVG and PDF draw it as a legend. */
  legend?: { ramp: number[]; farthest: number };
}

/** Largest canvas the rasterizer holds whole (a byte a pixel): 256 megapixels. */
export const MAX_SHAPE_PIXELS = 2 ** 28;

/** The canvas of a graph maze's picture, in pixels. */
export function shapeCanvas(maze: Pick<GraphMaze, 'shape'>, options: Pick<RenderOptions, 'tile' | 'wall'>): { width: number; height: number } {
  const { extent } = maze.shape;
  return { width: Math.ceil(extent.width * options.tile + options.wall), height: Math.ceil(extent.height * options.tile + options.wall) };
}

/**
 * Refuse a picture the rasterizer cannot hold, before drawing: a graph
 * maze (a non-square shape, or the square with a weave, a wrap or levels)
 * is drawn whole in memory, not row by row as the square's wall arrays
 * are. `still`: a still picture, which svg and pdf draw at any size.
 */
export function checkShapePicture(maze: Pick<GraphMaze, 'shape'>, options: Pick<RenderOptions, 'tile' | 'wall'>, still = false): void {
  const { width, height } = shapeCanvas(maze, options);
  if (width * height > MAX_SHAPE_PIXELS) {
    const size = `${width} × ${height} pixels`;
    const over = (n: (name: string) => string): string =>
      maze.shape.name === 'square'
        ? `a square picture with a weave, wrap or levels of ${size} is over the limit of ${MAX_SHAPE_PIXELS} pixels for pictures drawn whole in memory (topologies and non-square shapes, a byte a pixel, so ${n('maxPixels')} does not raise it)`
        : `a ${maze.shape.name} picture of ${size} is over the limit of ${MAX_SHAPE_PIXELS} pixels for non-square shapes (drawn whole in memory, a byte a pixel, so ${n('maxPixels')} does not raise it)`;
    throw new MazeError((n) => `${over(n)}; make the maze or ${n('tile')} smaller${still ? ', or write it as svg or pdf' : ''}`, {
      code: 'too-large',
      option: 'tile',
    });
  }
}

/**
 * Refuse, before anything is drawn, a shaped picture in a raster format
 * (PNG) over the shapes' limit or the pixel budget (`maxPixels`), or a grid
 * the format cannot draw (Format.checkShape): gen, render, solve and the
 * library's render all ask here. JSON draws nothing.
 */
export function checkShapeDrawing(format: Format, maze: Pick<GraphMaze, 'shape'>, options: RenderOptions, maxPixels: number): void {
  format.checkShape?.(maze.shape.name, options, maze.shape instanceof TopologyShape);
  const cells = maze.shape.cellCount;
  if (format.topologyCells !== undefined && maze.shape instanceof TopologyShape && cells > format.topologyCells) {
    throw new MazeError(`a ${format.name} scene of a maze with a weave, a wrap or levels is ${cells} cells, over the ${format.topologyCells} it holds in true 3D (every wall, bridge and stair an object); make the maze smaller`, { code: 'too-large' });
  }
  // a cut or a stroke is flat: a tunnel under a bridge has no place in it (a printed solid has: solid.ts)
  if (format.checkCells && format.tunnels !== true && maze.shape instanceof TopologyShape && maze.shape.crossings.length > 0) refuseMadeWeave(format.name);
  // nor a stair: its floors would be cut apart with no way from one to the next (a printed one marks them: solid.ts)
  if (format.checkCells && format.tunnels !== true && maze.shape instanceof TopologyShape && maze.shape.levels > 1) {
    throw new MazeError((n) => `${format.name} makes a flat thing, with no mark for a stair between two floors: leave out ${n('levels')}, print the maze as stl or 3mf (a stair is a pit on both floors), or draw it as png, svg, pdf or pov`, { code: 'impossible', option: 'levels' });
  }
  // a made thing (STL, DXF, …) is no picture: its own limit is in cells
  if (format.checkCells) return format.checkCells(maze.shape.cellCount);
  // a page holds so many cells on every grid, as it does a square's (pdf.ts checkSize)
  if (format.pageCells !== undefined) checkPageCells(maze.shape.cellCount, format.pageCells, `a ${maze.shape.name} maze`);
  // only a raster holds its canvas: svg and pdf write the scene as vectors, as large as its walls whatever the tile
  if (format.graphPixels === undefined) return;
  checkShapePicture(maze, options, true);
  checkPixelBudget(format.graphPixels(maze, options), maze.shape.width, maze.shape.height, options.tile, maxPixels);
}

/** Round to a hundredth of a pixel, so that every format draws the very same numbers. */
function px(v: number): number {
  return Math.round(v * 100) / 100;
}

export { wallSides };

/** Refuse a woven maze as cut lines or pen strokes (DXF, laser or plotter SVG): they are flat. */
export function refuseMadeWeave(format: string): never {
  throw new MazeError((n) => `${format} makes a flat thing, where a tunnel cannot pass under a bridge: leave out ${n('weave')}, print the woven maze as stl or 3mf, or draw it as png, svg, pdf or pov`, { code: 'impossible', option: 'weave' });
}

/** A side (cell · maxDegree + slot) as the picture draws it: its line in pixels, to the hundredth. */
export function sideLine(maze: Pick<GraphMaze, 'shape'>, side: number, options: Pick<RenderOptions, 'tile' | 'wall'>): Float64Array {
  const { shape } = maze;
  const slot = side % shape.maxDegree;
  const half = options.wall / 2;
  return shape.side((side - slot) / shape.maxDegree, slot).map((v) => px(v * options.tile + half));
}

/**
 * What `make` yields, made again at each reading: a scene's walls and
 * cells, which a polar maze of 2000 rings has 12 M of, held as arrays
 * took 5 GB.
 */
export function rereadable<T>(make: () => Generator<T>): Iterable<T> {
  return { [Symbol.iterator]: make };
}

/** A graph maze's walls as the pictures draw them, each made as it is read. */
export function wallLines(maze: GraphMaze, options: Pick<RenderOptions, 'tile' | 'wall'>): Iterable<Float64Array> {
  return rereadable(function* () {
    for (const side of wallSides(maze)) yield sideLine(maze, side, options);
  });
}

/** Whether a stroke has no line (one read). */
export function noLines(lines: Iterable<Float64Array>): boolean {
  return lines[Symbol.iterator]().next().done === true;
}

/** The scene of a graph maze in the theme's colors (`fallback`: the format's own theme). */
export function shapeScene(maze: GraphMaze, options: RenderOptions, fallback: ThemeName = 'dark'): Scene {
  const { shape } = maze;
  const { tile, wall } = options;
  const theme = themeOf(options, fallback);
  const background = options.bg ?? theme.background;
  const wallRgb = plainWalls(options, theme, background, WHITE).top;
  const half = wall / 2;
  const at = (line: Float64Array): Float64Array => line.map((v) => px(v * tile + half));

  const layers: Layer[] = [{ kind: 'stroke', role: 'walls', rgb: wallRgb, width: wall, lines: wallLines(maze, options) }];
  if (shape instanceof TopologyShape) {
    const marks = topologyMarks(maze, shape).map(at);
    if (marks.length > 0) layers.push({ kind: 'stroke', role: 'walls', rgb: wallRgb, width: Math.max(1, Math.floor(wall / 2)), lines: marks });
  }

  const free = Math.max(1, shape.room * tile - wall);
  const pathRgb = readableOn(options.pathColor, background, theme.ratio);
  const centres = (cells: readonly Point[]): Float64Array => {
    const points = new Float64Array(2 * cells.length);
    cells.forEach((point, i) => {
      const [x, y] = shape.center(maze.cellAt(point));
      points[2 * i] = x;
      points[2 * i + 1] = y;
    });
    return at(points);
  };
  if (maze.solving) {
    // a solver's shaded cells as discs in the cells, then its walk, under the solution (solving.ts)
    const colors = solvingColors(background, wallRgb, pathRgb);
    for (const { rgb, cells } of shadedCells(maze.solving, colors)) {
      const centre = centres(cells);
      const discs: number[] = [];
      for (let i = 0; i < centre.length; i += 2) discs.push(centre[i]!, centre[i + 1]!, px(free * 0.42));
      layers.push({ kind: 'discs', role: 'path', rgb, discs });
    }
    const walk = maze.solving.walk ?? [];
    // each step once (walkOnce); on a topology the walk breaks where it leaves the picture's plane, as the solution does (topologyPath)
    const pieces = walkOnce(walk, (point) => maze.cellAt(point), shape.cellCount);
    const walkLines = shape instanceof TopologyShape ? pieces.flatMap((piece) => topologyPath(shape, piece)).map(at) : pieces.map(centres);
    if (walk.length > 0) layers.push({ kind: 'stroke', role: 'path', rgb: colors.walk, width: Math.max(1, Math.floor(free / 6)), lines: walkLines });
  }

  // the solution and the end marks (endLayers, shared with the distance map)
  const centre = (point: number[] | null): [number, number] | null => {
    if (point === null) return null;
    const c = maze.cellAt(point as [number, number]);
    if (c < 0) return null;
    const [x, y] = at(Float64Array.from(shape.center(c)));
    return [x!, y!];
  };
  // a topology's path breaks where it leaves the picture's plane (a seam, a stair)
  const pathLines = shape instanceof TopologyShape && (maze.solution?.length ?? 0) > 0 ? topologyPath(shape, maze.solution!).map(at) : undefined;
  layers.push(...endLayers(maze.solution ?? [], maze.start, maze.end, centre, free, options, theme, background, pathLines));

  const colors = [background];
  for (const layer of layers) if (!colors.includes(layer.rgb)) colors.push(layer.rgb);
  return { ...shapeCanvas(maze, options), background, layers, colors };
}

/**
 * The solution, through the cells' centres (pixels, by `centre`; or as
 * `lines`, already in pixels, where it breaks), a third of a cell's free
 * space thick, and the start and end marks: the start a
 * ring of the mark's color, the end a full disc, both outlined in ink.
 */
export function endLayers(
  solution: readonly (readonly number[])[], start: number[] | null, end: number[] | null, centre: (point: number[] | null) => [number, number] | null,
  free: number, options: Pick<RenderOptions, 'pathColor'>, theme: Theme, background: number, lines?: Float64Array[],
): Layer[] {
  const layers: Layer[] = [];
  const pathRgb = readableOn(options.pathColor, background, theme.ratio);
  if (solution.length > 0) {
    const points = new Float64Array(2 * solution.length);
    solution.forEach((point, i) => {
      const [x, y] = centre(point as number[]) ?? [0, 0];
      points[2 * i] = x;
      points[2 * i + 1] = y;
    });
    layers.push({ kind: 'stroke', role: 'path', rgb: pathRgb, width: Math.max(1, Math.floor(free / 3)), lines: lines ?? [points] });
  }
  const ink = inkOn(background);
  const radius = Math.max(1, free * 0.3);
  const frame = Math.max(1, Math.floor(radius / 3));
  const marks: [number[] | null, number, boolean][] = [
    [start, readableOn(START_COLOR, background, theme.ratio), false],
    [end, readableOn(END_COLOR, background, theme.ratio), true],
  ];
  for (const [point, rgb, full] of marks) {
    const at = centre(point);
    if (at === null) continue;
    const [x, y] = at;
    layers.push({ kind: 'discs', rgb: ink, discs: [x, y, px(radius + 1)] });
    layers.push({ kind: 'discs', rgb, discs: [x, y, px(radius)] });
    if (!full && radius - frame >= 1) layers.push({ kind: 'discs', rgb: background, discs: [x, y, px(radius - frame)] });
  }
  return layers;
}

/**
 * A topology's solution as lines in tiles (SPEC "Topologies"): through the
 * cells' centres, broken where a step leaves the picture's plane — across
 * a wrapped edge (to the edge, then on from the other edge) or up or down
 * a stair (from one level's cell to the other's, drawn apart).
 */
function topologyPath(shape: TopologyShape, solution: readonly Point[]): Float64Array[] {
  const lines: Float64Array[] = [];
  let points: number[] = [];
  let previous = -1;
  for (const point of solution) {
    const c = shape.cellAt(point[0], point[1]);
    if (c < 0) continue;
    const slot = previous < 0 ? -1 : shape.slotTo(previous, c);
    if (slot >= 0 && shape.seam(previous, slot)) {
      if (shape.hasSide(previous, slot)) points.push(...sideMiddle(shape, previous, slot));
      lines.push(Float64Array.from(points));
      points = shape.hasSide(previous, slot) ? [...sideMiddle(shape, c, shape.backSlot(previous, slot, c))] : [];
    }
    points.push(...shape.center(c));
    previous = c;
  }
  lines.push(Float64Array.from(points));
  return lines.filter((line) => line.length >= 2);
}

/** The middle of a cell's side, in tiles. */
function sideMiddle(shape: TopologyShape, cell: number, slot: number): [number, number] {
  const line = shape.side(cell, slot);
  const last = line.length - 2;
  return [(line[0]! + line[last]!) / 2, (line[1]! + line[last + 1]!) / 2];
}

/**
 * A topology's marks, as lines in tiles: a stair up as a chevron pointing
 * up in the upper half of its cell, a stair down pointing down in the
 * lower half; a wrapped edge's open side (a crossing's tunnel side too) as
 * a chevron inside it pointing out across the edge, where the way goes on
 * from the other edge.
 */
export function topologyMarks(maze: GraphMaze, shape: TopologyShape): Float64Array[] {
  const marks: Float64Array[] = [];
  const size = shape.room * 0.18;
  for (let c = 0; c < shape.cellCount; c++) {
    if (!maze.isIn(c)) continue;
    const [cx, cy] = shape.center(c);
    if (shape.levels > 1) {
      if (maze.isOpen(c, shape.up)) marks.push(Float64Array.of(cx - size, cy - size * 0.4, cx, cy - size * 1.4, cx + size, cy - size * 0.4));
      if (maze.isOpen(c, shape.up + 1)) marks.push(Float64Array.of(cx - size, cy + size * 0.4, cx, cy + size * 1.4, cx + size, cy + size * 0.4));
    }
    for (let s = 0; s < shape.baseDegree; s++) {
      // a crossing's tunnel side is no side of its own, yet the tunnel goes on across the edge
      const tunnel = shape.over[c]! >= 0 && shape.axisOf(s) === shape.under[c];
      if (!(maze.isOpen(c, s) || tunnel) || !shape.seam(c, s)) continue;
      const [mx, my] = sideMiddle(shape, c, s);
      // pointing out: from a little inside the side to the side
      const [dx, dy] = [mx - cx, my - cy];
      const length = Math.hypot(dx, dy);
      const [ux, uy] = [dx / length, dy / length];
      // a tunnel's, smaller: inside the notch its bridge's rail makes in the side
      const k = tunnel ? size * 0.55 : size;
      const [tx, ty] = [mx - ux * k * 0.6, my - uy * k * 0.6];
      marks.push(Float64Array.of(tx - ux * k - uy * k, ty - uy * k + ux * k, tx, ty, tx - ux * k + uy * k, ty - uy * k - ux * k));
    }
  }
  return marks;
}

/** Paint the pixels whose centres lie in the convex polygon of the first `n` of `xs`, `ys` with `value`. */
function fillConvex(pixels: Uint8Array, width: number, height: number, xs: Float64Array, ys: Float64Array, n: number, value: number): void {
  let low = ys[0]!;
  let high = low;
  for (let i = 1; i < n; i++) {
    low = Math.min(low, ys[i]!);
    high = Math.max(high, ys[i]!);
  }
  const top = Math.max(0, Math.ceil(low - 0.5));
  const bottom = Math.min(height - 1, Math.floor(high - 0.5));
  for (let j = top; j <= bottom; j++) {
    const y = j + 0.5;
    let left = Infinity;
    let right = -Infinity;
    for (let i = 0; i < n; i++) {
      const x0 = xs[i]!;
      const y0 = ys[i]!;
      const x1 = xs[(i + 1) % n]!;
      const y1 = ys[(i + 1) % n]!;
      if ((y0 <= y && y < y1) || (y1 <= y && y < y0)) {
        const x = x0 + ((y - y0) * (x1 - x0)) / (y1 - y0);
        left = Math.min(left, x);
        right = Math.max(right, x);
      }
    }
    if (left > right) continue;
    // pixel i is in when its centre i + 0.5 is in [left, right)
    const from = Math.max(0, Math.ceil(left - 0.5));
    const to = Math.min(width - 1, Math.ceil(right - 0.5) - 1);
    // a loop, not fill(): most spans are a few pixels, shorter than the call
    for (let k = j * width + from, end = j * width + to; k <= end; k++) pixels[k] = value;
  }
}

/** Paint the pixels whose centres lie in the disc. */
function fillDisc(pixels: Uint8Array, width: number, height: number, cx: number, cy: number, r: number, value: number): void {
  const top = Math.max(0, Math.ceil(cy - r - 0.5));
  const bottom = Math.min(height - 1, Math.floor(cy + r - 0.5));
  for (let j = top; j <= bottom; j++) {
    const dy = j + 0.5 - cy;
    const dx = Math.sqrt(Math.max(0, r * r - dy * dy));
    const from = Math.max(0, Math.ceil(cx - dx - 0.5));
    const to = Math.min(width - 1, Math.floor(cx + dx - 0.5));
    // a loop, not fill(): most spans are a few pixels, shorter than the call
    for (let k = j * width + from, end = j * width + to; k <= end; k++) pixels[k] = value;
  }
}

/** The scene as one byte a pixel: the index of its color in `scene.colors`. */
export function rasterizeScene(scene: Scene): Uint8Array {
  const { width, height } = scene;
  const pixels = new Uint8Array(width * height);
  // a triangle's or a rectangle's corners, refilled for each (no arrays made per piece: a polar maze of 2000 rings has 12 M walls)
  const xs = new Float64Array(4);
  const ys = new Float64Array(4);
  for (const layer of scene.layers) {
    const value = scene.colors.indexOf(layer.rgb);
    if (layer.kind === 'fills') {
      // a fan of triangles from the centre: exact for a polygon star-shaped about it (a polar cell's concave inner arc too)
      for (const p of layer.polygons) {
        const n = (p.length - 2) / 2;
        for (let i = 0; i < n; i++) {
          const j = (i + 1) % n;
          xs[0] = p[0]!;
          xs[1] = p[2 + 2 * i]!;
          xs[2] = p[2 + 2 * j]!;
          ys[0] = p[1]!;
          ys[1] = p[3 + 2 * i]!;
          ys[2] = p[3 + 2 * j]!;
          fillConvex(pixels, width, height, xs, ys, 3, value);
        }
      }
      continue;
    }
    if (layer.kind === 'discs') {
      for (let i = 0; i < layer.discs.length; i += 3) fillDisc(pixels, width, height, layer.discs[i]!, layer.discs[i + 1]!, layer.discs[i + 2]!, value);
      continue;
    }
    const r = layer.width / 2;
    for (const line of layer.lines) {
      // each piece a rectangle r either side of it, each point a disc of radius r: round ends and joins
      for (let i = 0; i + 3 < line.length; i += 2) {
        const x0 = line[i]!;
        const y0 = line[i + 1]!;
        const x1 = line[i + 2]!;
        const y1 = line[i + 3]!;
        const length = Math.hypot(x1 - x0, y1 - y0);
        if (length === 0) continue;
        const nx = (-(y1 - y0) / length) * r;
        const ny = ((x1 - x0) / length) * r;
        xs[0] = x0 + nx;
        xs[1] = x1 + nx;
        xs[2] = x1 - nx;
        xs[3] = x0 - nx;
        ys[0] = y0 + ny;
        ys[1] = y1 + ny;
        ys[2] = y1 - ny;
        ys[3] = y0 - ny;
        fillConvex(pixels, width, height, xs, ys, 4, value);
      }
      for (let i = 0; i + 1 < line.length; i += 2) fillDisc(pixels, width, height, line[i]!, line[i + 1]!, r, value);
    }
  }
  return pixels;
}

/** A palette's PNG bit depth: the fewest bits that index it. */
export function paletteDepth(colors: number): 1 | 2 | 4 | 8 {
  return colors <= 2 ? 1 : colors <= 4 ? 2 : colors <= 16 ? 4 : 8;
}

/**
 * A scene's pixel rows for the encoder, each with its filter byte (None),
 * identical neighbours given once with their repeat count; `palette` is
 * the PNG's (a scene's colors, or more when frames share one).
 */
export function* sceneRows(scene: Scene, palette: readonly number[]): Generator<PngRow> {
  const pixels = rasterizeScene(scene);
  const { width, height } = scene;
  const bitDepth = paletteDepth(palette.length);
  const rowBytes = pngRowBytes(width, INDEXED, bitDepth);
  const index = scene.colors.map((rgb) => palette.indexOf(rgb));
  const perByte = 8 / bitDepth;
  let previous: Uint8Array | null = null;
  let repeat = 0;
  for (let j = 0; j < height; j++) {
    const row = new Uint8Array(1 + rowBytes);
    row[0] = FILTER_NONE;
    for (let i = 0; i < width; i++) {
      const v = index[pixels[j * width + i]!]!;
      row[1 + Math.floor(i / perByte)]! |= v << (8 - bitDepth * (1 + (i % perByte)));
    }
    if (previous !== null && sameBytes(previous, row)) {
      repeat++;
      continue;
    }
    if (previous !== null) yield [previous, repeat];
    previous = row;
    repeat = 1;
  }
  if (previous !== null) yield [previous, repeat];
}

/** The PNG of a graph maze: its scene rasterized, in a palette of the colors drawn. */
export function shapePng(maze: GraphMaze, options: RenderOptions): Output {
  checkShapePicture(maze, options);
  return scenePng(shapeScene(maze, options));
}

/** Any scene as a PNG, in a palette of its colors. */
export function scenePng(scene: Scene): Output {
  const { width, height, colors } = scene;
  return encodePng({ width, height, colorType: INDEXED, bitDepth: paletteDepth(colors.length) }, colors, sceneRows(scene, colors));
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A polyline as SVG path data: M x y L x y … */
export function lineData(line: Float64Array): string {
  let d = `M${line[0]} ${line[1]}`;
  for (let i = 2; i + 1 < line.length; i += 2) d += `L${line[i]} ${line[i + 1]}`;
  return d;
}

/** A disc as SVG path data: two half arcs. */
export function discData(x: number, y: number, r: number): string {
  return `M${px(x - r)} ${y}a${r} ${r} 0 1 0 ${px(2 * r)} 0a${r} ${r} 0 1 0 ${px(-2 * r)} 0z`;
}


/** A topology in words, after its grid's: " on 3 levels, wrapped x, 12 crossings"; "" for a plain grid. */
function topologyWords(shape: GraphMaze['shape']): string {
  if (!(shape instanceof TopologyShape)) return '';
  const { base } = shape;
  const wrap = base instanceof SquareLattice ? `${base.wrapX ? 'x' : ''}${base.wrapY ? 'y' : ''}` : '';
  const crossings = shape.crossingCells.length;
  return `${shape.levels > 1 ? ` on ${shape.levels} levels` : ''}${wrap === '' ? '' : `, wrapped ${wrap}`}${crossings > 0 ? `, ${crossings} crossing${crossings === 1 ? '' : 's'}` : ''}`;
}

/** A grid in words, for captions and refusals: "hex grid of 20 × 15 cells", "polar grid of 6 rings". */
export function shapeSize(shape: Pick<GraphMaze['shape'], 'name' | 'width' | 'height'>): string {
  const size = shape.name === 'polar' ? `${shape.width} rings` : `${shape.width} × ${shape.height} cells`;
  return `${shape.name} grid of ${size}`;
}

/** A graph maze's caption: its algorithm, shape, size, levels, wrap and crossings, and seed. */
export function shapeCaption(maze: GraphMaze): string {
  const grid = shapeSize(maze.shape) + topologyWords(maze.shape);
  return maze.info ? `${maze.info.algorithm} maze, ${grid}, seed ${maze.info.seed}` : `maze, ${grid}`;
}
