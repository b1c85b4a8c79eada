/**
 * SVG: the PNG's picture as vectors. Same canvas, same pixels: a background
 * rectangle, then one path per wall color made of the geometry walker's
 * rectangles at whole-pixel coordinates, with crispEdges, so that a renderer
 * such as librsvg paints exactly the pixels of seed 000's loop. The runs are
 * disjoint and already split where the PNG's drawing order puts another
 * color on top, so the order of the paths does not matter.
 *
 * A solution comes next, one more path of path.ts's rectangles in
 * `--path-color`: the PNG's pixels again. Its rectangles overlap at the
 * turns; drawn in the same direction, they fill their union (nonzero rule).
 * The marks (marks.ts: locked doors, keys, start, end) come last, one path
 * per run of marks of one color in drawing order, so that the later is on
 * top as in the PNG.
 */
import type { Maze } from '../model/maze.js';
import { formatColor } from '../model/maze.js';
import type { MazeRows } from '../model/rows.js';
import { rowsOf } from '../model/rows.js';
import { canvasSize, latticeEdge, mazeCaption, reproduceCommand, RUN, runsByRgb, wallRgb } from './geometry.js';
import { markRectangles, mazeMarks } from './marks.js';
import { pathRectangles, walkRectangles } from './path.js';
import { shadedCells, solvingColors } from './solving.js';
import { inkOn, paint, themeOf } from './theme.js';
import { GraphMaze } from '../grid/graph-maze.js';
import type { AnyMaze } from '../passages/view.js';
import { distanceScene } from './distance-picture.js';
import type { Layer, Scene } from './shape-picture.js';
import { discData, lineData, noLines, shapeCaption, shapeScene, shapeSize } from './shape-picture.js';
import type { Format, RenderOptions } from './types.js';
import { xmlText } from './xml.js';

/** Path data is yielded in pieces of about this many characters. */
const PIECE = 1 << 16;

function* renderRows(maze: MazeRows, options: RenderOptions): Generator<string> {
  yield svgHeader(maze, options);
  yield* svgPaths(maze, options);
  yield '</svg>\n';
}

/** The document up to the picture: the XML declaration, the svg element's start, title, description and the background (the theme's, or --bg). */
export function svgHeader(maze: MazeRows, options: RenderOptions): string {
  const { tile, wall } = options;
  const theme = themeOf(options, 'dark');
  const background = options.bg ?? theme.background;
  const { width, height } = canvasSize(maze.width, maze.height, options);
  const caption = mazeCaption(maze);
  const title = caption ?? `maze, ${maze.width} × ${maze.height} cells`;
  const desc = `${maze.width} × ${maze.height} cells drawn at ${tile} pixels a cell, walls ${wall} pixels thick (the growing-trees article's drawWall)` +
    (maze.info ? `; ${reproduceCommand(maze)} reproduces it` : '');
  return '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">\n` +
    `<title>${escapeXml(title)}</title>\n` +
    `<desc>${escapeXml(desc)}</desc>\n` +
    `<rect width="${width}" height="${height}" fill="${formatColor(background)}" shape-rendering="crispEdges"/>\n`;
}

/** The picture in the theme's colors (theme.ts): the walls, one path per color, then the solution and the marks. */
export function* svgPaths(given: MazeRows, options: RenderOptions): Generator<string> {
  const { tile, wall } = options;
  const theme = themeOf(options, 'dark');
  const painting = paint(given, options, theme, options.bg ?? theme.background);
  const maze = painting.rows;

  // One path per distinct RGB; palette entries of one color share it.
  for (const [rgb, batches] of runsByRgb(maze, { pillars: false }, null)) {
    yield `<path fill="${formatColor(rgb)}" shape-rendering="crispEdges" d="`;
    let piece = '';
    for (const runs of batches) {
      for (let i = 0; i < runs.length; i += RUN) {
        const x = latticeEdge(runs[i]!, tile, wall);
        const y = latticeEdge(runs[i + 1]!, tile, wall);
        const w = latticeEdge(runs[i + 2]!, tile, wall) - x;
        const h = latticeEdge(runs[i + 3]!, tile, wall) - y;
        piece += `M${x} ${y}h${w}v${h}h-${w}z`;
        if (piece.length >= PIECE) {
          yield piece;
          piece = '';
        }
      }
    }
    yield piece + '"/>\n';
  }

  // a solver's drawing (solving.ts): its shaded cells' open squares, then its walk, under the solution
  const { solving } = given;
  if (solving) {
    const colors = solvingColors(painting.background, wallRgb(maze, 0, null), painting.path);
    // in pieces, as the walls are: a random mouse's walk of 2^24 moves, as one string, ran the heap out
    const rects = function* (cls: string, rgb: number, boxes: ArrayLike<number>): Generator<string> {
      let d = `<path class="${cls}" fill="${formatColor(rgb)}" shape-rendering="crispEdges" d="`;
      for (let i = 0; i < boxes.length; i += 4) {
        d += `M${boxes[i]} ${boxes[i + 1]}h${boxes[i + 2]! - boxes[i]!}v${boxes[i + 3]! - boxes[i + 1]!}h-${boxes[i + 2]! - boxes[i]!}z`;
        if (d.length >= PIECE) {
          yield d;
          d = '';
        }
      }
      yield `${d}"/>\n`;
    };
    for (const { rgb, cells } of shadedCells(solving, colors)) {
      yield* rects('shaded', rgb, cells.flatMap(([x, y]) => [x * tile + wall, y * tile + wall, (x + 1) * tile, (y + 1) * tile]));
    }
    // each run once (distinctRuns), as the PNG draws it: the same picture
    if (solving.walk && solving.walk.length > 0) yield* rects('walk', colors.walk, walkRectangles(solving.walk, maze.width, maze.height, options));
  }

  const path = pathRectangles(maze, options);
  if (path.length > 0) {
    yield `<path class="solution" fill="${formatColor(painting.path)}" shape-rendering="crispEdges" d="`;
    let piece = '';
    for (let i = 0; i < path.length; i += 4) {
      const [x0, y0, x1, y1] = [path[i]!, path[i + 1]!, path[i + 2]!, path[i + 3]!];
      piece += `M${x0} ${y0}h${x1 - x0}v${y1 - y0}h-${x1 - x0}z`;
      if (piece.length >= PIECE) {
        yield piece;
        piece = '';
      }
    }
    yield piece + '"/>\n';
  }

  const marks = markRectangles(maze, options, mazeMarks(maze, painting));
  for (let i = 0; i < marks.length; ) {
    const rgb = marks[i + 4]!;
    let piece = `<path class="marks" fill="${formatColor(rgb)}" shape-rendering="crispEdges" d="`;
    for (; i < marks.length && marks[i + 4] === rgb; i += 5) {
      const [x0, y0, x1, y1] = [marks[i]!, marks[i + 1]!, marks[i + 2]!, marks[i + 3]!];
      piece += `M${x0} ${y0}h${x1 - x0}v${y1 - y0}h-${x1 - x0}z`;
      if (piece.length >= PIECE) {
        yield piece;
        piece = '';
      }
    }
    yield piece + '"/>\n';
  }
}

/** Text safe in XML 1.0: markup escaped, and characters XML forbids (controls, lone surrogates) replaced. */
export function escapeXml(text: string): string {
  return xmlText(text).replace(/["']/g, (c) => (c === '"' ? '&quot;' : '&apos;'));
}

/** The SVG of a graph maze: the same scene, walls and solution as stroked paths with round ends, marks as discs. */
export function* shapeSvg(maze: GraphMaze, options: RenderOptions): Generator<string> {
  const scene = shapeScene(maze, options);
  const made = reproduceCommand(maze);
  yield shapeSvgHeader(scene, shapeCaption(maze), `${shapeSize(maze.shape)} drawn at ${options.tile} pixels a tile` + (made === null ? '' : `; ${made} reproduces it`));
  yield* shapeSvgLayers(scene);
  yield '</svg>\n';
}

/** A graph maze's document up to its picture: the XML declaration, the svg element's start, the title and the background. */
export function shapeSvgHeader(scene: Scene, title: string, desc?: string): string {
  const { width, height } = scene;
  return '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">\n` +
    `<title>${escapeXml(title)}</title>\n` +
    (desc === undefined ? '' : `<desc>${escapeXml(desc)}</desc>\n`) +
    `<rect width="${width}" height="${height}" fill="${formatColor(scene.background)}"/>\n`;
}

/** The scene's layers, one path each in drawing order (a stroke with no lines left out). */
export function* shapeSvgLayers(scene: Scene): Generator<string> {
  for (const layer of scene.layers) {
    if (layer.kind === 'stroke' && noLines(layer.lines)) continue;
    yield `<path ${layerAttributes(layer)} d="`;
    yield* layerData(layer);
    yield '"/>\n';
  }
}

/** How a layer is painted: discs filled; lines stroked, with round ends and joins. */
export function layerAttributes(layer: Layer): string {
  if (layer.kind === 'discs') return `fill="${formatColor(layer.rgb)}"`;
  // edge to edge with no hairline between neighbours
  if (layer.kind === 'fills') return `fill="${formatColor(layer.rgb)}" shape-rendering="crispEdges"`;
  return `fill="none" stroke="${formatColor(layer.rgb)}" stroke-width="${layer.width}" stroke-linecap="round" stroke-linejoin="round"`;
}

/** A layer's path data, in pieces of about PIECE characters. */
export function* layerData(layer: Layer): Generator<string> {
  if (layer.kind === 'discs') {
    let d = '';
    for (let i = 0; i < layer.discs.length; i += 3) d += discData(layer.discs[i]!, layer.discs[i + 1]!, layer.discs[i + 2]!);
    yield d;
    return;
  }
  let piece = '';
  if (layer.kind === 'fills') {
    // the outline, after the centre's two numbers
    for (const p of layer.polygons) {
      piece += `${lineData(p.subarray(2))}Z`;
      if (piece.length >= PIECE) {
        yield piece;
        piece = '';
      }
    }
    yield piece;
    return;
  }
  for (const line of layer.lines) {
    piece += lineData(line);
    if (piece.length >= PIECE) {
      yield piece;
      piece = '';
    }
  }
  yield piece;
}

/** A legend's height under the picture, in pixels: a bar of the ramp and its two ends' distances. */
export const LEGEND_HEIGHT = 34;

/** A distance map (distance-picture.ts) as SVG: its scene, and under it the legend. */
export function* distanceSvg(maze: AnyMaze, options: RenderOptions): Generator<string> {
  const scene = distanceScene(maze, options);
  const legend = scene.legend!;
  yield shapeSvgHeader({ ...scene, height: scene.height + LEGEND_HEIGHT }, `${maze instanceof GraphMaze ? shapeCaption(maze) : mazeCaption(maze) ?? `maze, ${maze.width} × ${maze.height} cells`}: distances from the start`);
  yield* shapeSvgLayers(scene);
  const ink = formatColor(inkOn(scene.background));
  const pad = 4;
  const step = (scene.width - 2 * pad) / legend.ramp.length;
  const top = scene.height + 4;
  yield '<g class="legend">\n';
  let bar = '';
  legend.ramp.forEach((rgb, i) => {
    const x = Math.round((pad + i * step) * 100) / 100;
    const w = Math.round(((pad + (i + 1) * step) - x) * 100) / 100;
    bar += `<rect x="${x}" y="${top}" width="${w}" height="10" fill="${formatColor(rgb)}" shape-rendering="crispEdges"/>\n`;
  });
  yield bar;
  const text = `font-family="sans-serif" font-size="11" fill="${ink}"`;
  yield `<text x="${pad}" y="${top + 24}" ${text}>0</text>\n`;
  yield `<text x="${scene.width / 2}" y="${top + 24}" text-anchor="middle" ${text}>steps from the start</text>\n`;
  yield `<text x="${scene.width - pad}" y="${top + 24}" text-anchor="end" ${text}>${legend.farthest}</text>\n`;
  yield '</g>\n</svg>\n';
}

const svg: Format & { readonly name: 'svg' } = {
  name: 'svg' as const,
  reads: ['tile', 'wall', 'fg', 'bg', 'theme', 'pathColor', 'distances'],
  description: 'the PNG picture as vectors: merged wall runs, one path per color',
  extensions: ['.svg'],
  binary: false,
  render: (maze: Maze, options: RenderOptions) => (options.distances ? distanceSvg(maze, options) : renderRows(rowsOf(maze), options)),
  renderRows,
  renderGraph: (maze: GraphMaze, options: RenderOptions) => (options.distances ? distanceSvg(maze, options) : shapeSvg(maze, options)),
};

export default svg;
