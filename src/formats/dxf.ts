/**
 * DXF (AutoCAD R12 ASCII, the drawing exchange every laser and CNC
 * program reads; SPEC "Fabrication formats"): the walls' centre lines as
 * LINE, ARC and CIRCLE entities on the layer WALLS, each stretch of wall
 * cut once (cut-plan.ts), in millimetres ($INSUNITS 4) with y up as CAD
 * has it; with --margin-mm the board outline on its own layer BOARD. The
 * cut lengths are said in 999 comments at the top.
 */
import type { AnyMaze } from '../passages/view.js';
import type { Board, CutPlan } from './cut-plan.js';
import { cutPlan, mmText } from './cut-plan.js';
import { checkFabSize, MAX_LINE_CELLS } from './fabrication.js';
import { madeCaption } from './stl.js';
import type { Format, RenderOptions } from './types.js';
import type { Cut } from './wall-joints.js';

/** Group code and value pairs, one a line each. */
function pairs(...items: (string | number)[]): string {
  let text = '';
  for (let i = 0; i < items.length; i += 2) text += `${items[i]}\n${items[i + 1]}\n`;
  return text;
}

/**
 * An angle in degrees from [0, 360), to the millionth: at the thousandth an
 * arc's end missed the line it meets by up to 18 µm on a 2 m ring (a
 * sweep), where every point is written to the micrometre.
 */
function degrees(radians: number): string {
  let d = (radians * 180) / Math.PI;
  d = ((d % 360) + 360) % 360;
  const shown = Math.round(d * 1e6) / 1e6;
  return String(shown === 360 ? 0 : shown);
}

function entity(cut: Cut | Board, layer: string, flip: (y: number) => number): string {
  switch (cut.kind) {
    case 'line':
      return pairs(0, 'LINE', 8, layer, 10, mmText(cut.x0), 20, mmText(flip(cut.y0)), 30, 0, 11, mmText(cut.x1), 21, mmText(flip(cut.y1)), 31, 0);
    case 'arc':
      // y turned up: the arc from a0 to a1 clockwise on the page runs counter-clockwise from −a1 to −a0
      return pairs(0, 'ARC', 8, layer, 10, mmText(cut.cx), 20, mmText(flip(cut.cy)), 30, 0, 40, mmText(cut.radius), 50, degrees(-cut.a1), 51, degrees(-cut.a0));
    case 'circle':
      return pairs(0, 'CIRCLE', 8, layer, 10, mmText(cut.cx), 20, mmText(flip(cut.cy)), 30, 0, 40, mmText(cut.radius));
    default: {
      const x0 = cut.x;
      const x1 = cut.x + cut.width;
      const y0 = flip(cut.y + cut.height);
      const y1 = flip(cut.y);
      return [
        [x0, y0, x1, y0],
        [x1, y0, x1, y1],
        [x1, y1, x0, y1],
        [x0, y1, x0, y0],
      ]
        .map(([a, b, c, d]) => pairs(0, 'LINE', 8, layer, 10, mmText(a!), 20, mmText(b!), 30, 0, 11, mmText(c!), 21, mmText(d!), 31, 0))
        .join('');
    }
  }
}

export function dxfText(plan: CutPlan, caption: string): string {
  const flip = (y: number): number => plan.height - y;
  const comments = [
    `maze DXF, millimetres: ${caption}`,
    `walls: ${plan.cuts.length} cuts on layer WALLS, ${mmText(plan.cutMm)} mm of cut, the walls' length (each cut once)`,
    plan.board === null ? 'no board outline (--margin-mm draws one)' : `board outline on layer BOARD: ${mmText(plan.boardMm)} mm, ${mmText(plan.fab.marginMm!)} mm around the maze, kerf ${mmText(plan.fab.kerf)} mm`,
  ];
  let text = comments.map((line) => pairs(999, line.replaceAll('×', 'x').replace(/[^\x20-\x7e]/g, '?'))).join('');
  text += pairs(0, 'SECTION', 2, 'HEADER', 9, '$ACADVER', 1, 'AC1009', 9, '$INSUNITS', 70, 4, 9, '$MEASUREMENT', 70, 1);
  // the drawing's extents, the board's outline included (y turned up)
  const { board } = plan;
  const [minX, minY, maxX, maxY] = board === null ? [0, 0, plan.width, plan.height]
    : board.kind === 'rect' ? [board.x, flip(board.y + board.height), board.x + board.width, flip(board.y)]
    : [board.cx - board.radius, flip(board.cy) - board.radius, board.cx + board.radius, flip(board.cy) + board.radius];
  text += pairs(9, '$EXTMIN', 10, mmText(minX), 20, mmText(minY), 30, 0, 9, '$EXTMAX', 10, mmText(maxX), 20, mmText(maxY), 30, 0, 0, 'ENDSEC');
  text += pairs(0, 'SECTION', 2, 'TABLES');
  text += pairs(0, 'TABLE', 2, 'LTYPE', 70, 1, 0, 'LTYPE', 2, 'CONTINUOUS', 70, 0, 3, 'Solid line', 72, 65, 73, 0, 40, 0, 0, 'ENDTAB');
  const layers: [string, number][] = [
    ['0', 7],
    ['WALLS', 7],
    ...(plan.board === null ? [] : [['BOARD', 1] as [string, number]]),
  ];
  text += pairs(0, 'TABLE', 2, 'LAYER', 70, layers.length);
  for (const [name, color] of layers) text += pairs(0, 'LAYER', 2, name, 70, 0, 62, color, 6, 'CONTINUOUS');
  text += pairs(0, 'ENDTAB', 0, 'ENDSEC');
  text += pairs(0, 'SECTION', 2, 'ENTITIES');
  for (const cut of plan.cuts) text += entity(cut, 'WALLS', flip);
  if (plan.board !== null) text += entity(plan.board, 'BOARD', flip);
  text += pairs(0, 'ENDSEC', 0, 'EOF');
  return text;
}

function* renderDxf(maze: AnyMaze, options: RenderOptions): Generator<string> {
  yield dxfText(cutPlan(maze, options, 'dxf'), madeCaption(maze));
}

const dxf: Format & { readonly name: 'dxf' } = {
  name: 'dxf' as const,
  description: 'DXF cut lines for a laser or a CNC: each wall\'s centre line cut once, in millimetres (its cell size; a margin adds a board outline, the kerf offsets it)',
  extensions: ['.dxf'],
  binary: false,
  reads: ['cellMm', 'marginMm', 'kerf'],
  solution: 'none',
  checkSize: (width, height) => checkFabSize('dxf', width * height, MAX_LINE_CELLS),
  checkCells: (cells) => checkFabSize('dxf', cells, MAX_LINE_CELLS),
  render: renderDxf,
  renderGraph: renderDxf,
};

export default dxf;
