/**
 * Plotter SVG (SPEC "Fabrication formats"): the walls for a pen plotter
 * with one pen, as the fewest strokes that draw each wall once
 * (strokes.ts: per connected part of the walls, half its odd corners, or
 * one), each stroke one path, in the order that keeps the pen's travel in
 * the air short; millimetres, wall colours ignored. A comment says how
 * many strokes, that this is the fewest, and how far the pen travels up.
 */
import type { AnyMaze } from '../passages/view.js';
import { cellsOf, mmText } from './cut-plan.js';
import { checkFabSize, fabOf, MAX_LINE_CELLS } from './fabrication.js';
import { madeCaption } from './stl.js';
import { fewestStrokes, penStrokes } from './strokes.js';
import type { Format, RenderOptions } from './types.js';
import { wallJoints } from './wall-joints.js';
import { commentText, xmlText } from './xml.js';

/** The pen's line width, in millimetres: a fine plotter pen's. */
export const PEN_MM = 0.3;

export function plotSvgText(maze: AnyMaze, options: RenderOptions): string {
  checkFabSize('plot-svg', cellsOf(maze), MAX_LINE_CELLS);
  const { cellMm: k } = fabOf(options);
  const graph = wallJoints(maze);
  const { corners, walls } = graph;
  const strokes = penStrokes(graph);
  const m = (v: number): string => mmText(v * k);
  let travel = 0;
  let drawn = 0;
  let x: number | null = null;
  let y = 0;
  const paths: string[] = [];
  for (const stroke of strokes) {
    const sx = corners[2 * stroke.from]!;
    const sy = corners[2 * stroke.from + 1]!;
    if (x !== null) travel += Math.hypot(sx - x, sy - y) * k;
    let d = `M${m(sx)} ${m(sy)}`;
    stroke.walls.forEach((w, i) => {
      const { line, from, to } = walls[w]!;
      const forward = stroke.forward[i]!;
      const end = forward ? to : from;
      const ex = m(corners[2 * end]!);
      const ey = m(corners[2 * end + 1]!);
      if (line.kind === 'line') {
        d += `L${ex} ${ey}`;
        drawn += Math.hypot(line.x1 - line.x0, line.y1 - line.y0) * k;
      } else {
        // clockwise on the page from a0 to a1: sweep 1 forwards, 0 backwards
        d += `A${m(line.radius)} ${m(line.radius)} 0 ${line.a1 - line.a0 > Math.PI ? 1 : 0} ${forward ? 1 : 0} ${ex} ${ey}`;
        drawn += line.radius * (line.a1 - line.a0) * k;
      }
    });
    paths.push(`<path d="${d}"/>`);
    x = corners[2 * stroke.to]!;
    y = corners[2 * stroke.to + 1]!;
  }
  const fewest = fewestStrokes(graph);
  const width = graph.layout.extent.width * k;
  const height = graph.layout.extent.height * k;
  const pad = 1;
  const caption = madeCaption(maze);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<!-- maze pen plot, millimetres, one pen: ${commentText(caption)} -->`,
    `<!-- ${strokes.length} stroke${strokes.length === 1 ? '' : 's'}, the fewest that draw each wall once (Euler: per connected part of the walls, half its odd corners, or one: ${fewest}); ${mmText(drawn)} mm drawn, ${mmText(travel)} mm of pen-up travel between strokes -->`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${mmText(width + 2 * pad)}mm" height="${mmText(height + 2 * pad)}mm" viewBox="${-pad} ${-pad} ${mmText(width + 2 * pad)} ${mmText(height + 2 * pad)}">`,
    `<title>${xmlText(caption)}</title>`,
    `<g id="strokes" fill="none" stroke="#000000" stroke-width="${PEN_MM}" stroke-linecap="round" stroke-linejoin="round">`,
    ...paths,
    '</g>',
    '</svg>',
    '',
  ].join('\n');
}

function* renderPlot(maze: AnyMaze, options: RenderOptions): Generator<string> {
  yield plotSvgText(maze, options);
}

const plotSvg: Format & { readonly name: 'plot-svg' } = {
  name: 'plot-svg' as const,
  description: 'SVG for a pen plotter (asked for by name, written as an .svg file): the walls as the fewest strokes that draw each once, ordered to keep pen-up travel short, in millimetres (its cell size)',
  extensions: [],
  fileType: 'svg',
  binary: false,
  reads: ['cellMm'],
  solution: 'none',
  checkSize: (width, height) => checkFabSize('plot-svg', width * height, MAX_LINE_CELLS),
  checkCells: (cells) => checkFabSize('plot-svg', cells, MAX_LINE_CELLS),
  render: renderPlot,
  renderGraph: renderPlot,
};

export default plotSvg;
