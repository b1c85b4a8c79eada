/**
 * Laser SVG (SPEC "Fabrication formats"): the DXF's cuts (cut-plan.ts) as
 * an SVG a laser cutter's program takes, in millimetres (the user unit is
 * one, the size says mm): one path a cut, hairline strokes (0.01 mm), no
 * fill, the walls black in the group `walls`, the board outline (with
 * --margin-mm) red in the group `board`. The cut lengths are said in a
 * comment.
 */
import type { AnyMaze } from '../passages/view.js';
import type { Board, CutPlan } from './cut-plan.js';
import { cutPlan, mmText } from './cut-plan.js';
import { checkFabSize, MAX_LINE_CELLS } from './fabrication.js';
import { madeCaption } from './stl.js';
import type { Format, RenderOptions } from './types.js';
import type { Cut } from './wall-joints.js';
import { commentText, xmlText } from './xml.js';

/** Hairline: what laser programs take as a cut, not an engraving. */
export const HAIRLINE_MM = 0.01;


/** A cut or the board as path data, y down. */
export function cutData(cut: Cut | Board): string {
  const m = mmText;
  switch (cut.kind) {
    case 'line':
      return `M${m(cut.x0)} ${m(cut.y0)}L${m(cut.x1)} ${m(cut.y1)}`;
    case 'arc': {
      // in pieces of at most 120°: a reader finds an arc's centre again from its rounded ends, which a chord near a
      // diameter places badly (a sweep: a half circle 0.09 mm off its ring; a third of one, within 1 µm)
      const { cx, cy, radius: r, a0, a1 } = cut;
      const pieces = Math.ceil((a1 - a0) / ((2 * Math.PI) / 3) - 1e-9);
      let d = `M${m(cx + r * Math.cos(a0))} ${m(cy + r * Math.sin(a0))}`;
      for (let i = 1; i <= pieces; i++) {
        const a = i === pieces ? a1 : a0 + ((a1 - a0) * i) / pieces;
        d += `A${m(r)} ${m(r)} 0 0 1 ${m(cx + r * Math.cos(a))} ${m(cy + r * Math.sin(a))}`;
      }
      return d;
    }
    case 'circle': {
      const { cx, cy, radius: r } = cut;
      return `M${m(cx + r)} ${m(cy)}A${m(r)} ${m(r)} 0 1 1 ${m(cx - r)} ${m(cy)}A${m(r)} ${m(r)} 0 1 1 ${m(cx + r)} ${m(cy)}Z`;
    }
    default:
      return `M${m(cut.x)} ${m(cut.y)}H${m(cut.x + cut.width)}V${m(cut.y + cut.height)}H${m(cut.x)}Z`;
  }
}

/** The document's frame: the maze, or the board around it. */
export function frameOf(plan: Pick<CutPlan, 'width' | 'height' | 'board'>, pad: number): { x: number; y: number; width: number; height: number } {
  const { board } = plan;
  if (board === null) return { x: -pad, y: -pad, width: plan.width + 2 * pad, height: plan.height + 2 * pad };
  if (board.kind === 'rect') return { x: board.x - pad, y: board.y - pad, width: board.width + 2 * pad, height: board.height + 2 * pad };
  return { x: board.cx - board.radius - pad, y: board.cy - board.radius - pad, width: 2 * (board.radius + pad), height: 2 * (board.radius + pad) };
}

export function laserSvgText(plan: CutPlan, caption: string): string {
  const frame = frameOf(plan, 1);
  const m = mmText;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<!-- maze laser cut lines, millimetres: ${commentText(caption)} -->`,
    `<!-- walls: ${plan.cuts.length} cuts in the group walls, ${m(plan.cutMm)} mm of cut, the walls' length (each cut once) -->`,
    plan.board === null ? '<!-- no board outline (margin-mm draws one) -->' : `<!-- board outline in the group board: ${m(plan.boardMm)} mm, ${m(plan.fab.marginMm!)} mm around the maze, kerf ${m(plan.fab.kerf)} mm -->`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${m(frame.width)}mm" height="${m(frame.height)}mm" viewBox="${m(frame.x)} ${m(frame.y)} ${m(frame.width)} ${m(frame.height)}">`,
    `<title>${xmlText(caption)}</title>`,
    `<g id="walls" fill="none" stroke="#000000" stroke-width="${HAIRLINE_MM}">`,
    ...plan.cuts.map((cut) => `<path d="${cutData(cut)}"/>`),
    '</g>',
  ];
  if (plan.board !== null) lines.push(`<g id="board" fill="none" stroke="#ff0000" stroke-width="${HAIRLINE_MM}">`, `<path d="${cutData(plan.board)}"/>`, '</g>');
  lines.push('</svg>', '');
  return lines.join('\n');
}

function* renderLaser(maze: AnyMaze, options: RenderOptions): Generator<string> {
  yield laserSvgText(cutPlan(maze, options, 'laser-svg'), madeCaption(maze));
}

const laserSvg: Format & { readonly name: 'laser-svg' } = {
  name: 'laser-svg' as const,
  description: 'SVG cut lines for a laser (asked for by name, written as an .svg file): the DXF\'s cuts as hairline paths in millimetres, walls black, the board outline red',
  extensions: [],
  fileType: 'svg',
  binary: false,
  reads: ['cellMm', 'marginMm', 'kerf'],
  solution: 'none',
  checkSize: (width, height) => checkFabSize('laser-svg', width * height, MAX_LINE_CELLS),
  checkCells: (cells) => checkFabSize('laser-svg', cells, MAX_LINE_CELLS),
  render: renderLaser,
  renderGraph: renderLaser,
};

export default laserSvg;
