/**
 * Text art of a square maze with a topology (SPEC "Topologies": ASCII as
 * theseus draws it). Each cell draws its own walls as theseus's unicode
 * sprites do, a little roomier: four columns and three lines a cell, its
 * middle two characters free for the path (`*`, `@` the start, `>` the
 * end, `#` the cell a growth works on in the live view) and a stair (`^` up, `v` down, `x` both; unicode ↑ ↓ ↕):
 *
 *     ┌──┐┌──────┐
 *     │@ ││ *  ^ │
 *     │  └┘  ┌───┘
 *
 * A crossing draws its bridge as a corridor whose rails meet the tunnel's
 * walls (theseus's ┤ ├ beside a bridge running north–south, ┴ ┬ above and
 * below one running east–west); the tunnel's cells open toward it. A
 * wrapped edge is open where its passage is. Levels stand side by side,
 * each under its name. `--style ascii` draws the box characters as + - |.
 * Hex grids with a topology are drawn as pictures only (ascii.ts refuses).
 */
import { MazeError } from '../errors.js';
import type { GraphMaze } from '../grid/graph-maze.js';
import type { TopologyShape } from '../grid/topology.js';
import type { RenderOptions } from './types.js';

const CELL_W = 4;
const CELL_H = 3;
const LEVEL_GAP = 2;

/** A box character drawn as plain text. */
const PLAIN: Record<string, string> = { '─': '-', '│': '|', '↑': '^', '↓': 'v', '↕': 'x', '•': '*' };
// PLAIN's keys (─│↑↓↕•) and the box corners (┌┐└┘├┤┬┴┼), written as escapes: esbuild keeps a regular
// expression literal's characters as they are, and the CLI's script must stay ASCII (scripts/build.mjs)
const PLAIN_MARKS = /[\u2500\u2502\u2191\u2193\u2195\u2022]/g;
const CORNERS = /[\u250c\u2510\u2514\u2518\u251c\u2524\u252c\u2534\u253c]/g;

/** Refuse what text does not draw of a topology: a hex one, the compact style. */
export function checkTopologyText(shape: Pick<TopologyShape, 'name'>, { style }: Pick<RenderOptions, 'style'>): void {
  if (shape.name !== 'square') {
    // the formats that draw it, crossings too (dxf, laser-svg and plot-svg draw levels, not a weave: refuseMadeWeave)
    throw new MazeError(`a ${shape.name} maze with levels or crossings is not drawn as text; write it as png, svg, pdf, json, pov, stl or 3mf`, { code: 'impossible', option: 'format' });
  }
  if (style === 'compact') throw new MazeError((n) => `the compact style draws plain square mazes; draw this one with ${n('style')} ascii or unicode`, { code: 'impossible', option: 'style' });
}

/** The text's size in characters, for a square maze with a topology (its levels side by side, each under its name). */
export function topologyTextSize(shape: Pick<TopologyShape, 'width' | 'height' | 'levels'>): { columns: number; lines: number } {
  const { width, height, levels } = shape;
  return { columns: levels * width * CELL_W + (levels - 1) * LEVEL_GAP, lines: (levels > 1 ? 1 : 0) + height * CELL_H };
}

/** The text of a square maze with a topology; `head`, when a cell, marked as the cell a growth works on (the live view). */
export function topologyText(maze: GraphMaze, options: RenderOptions, head = -1): string {
  const shape = maze.shape as TopologyShape;
  checkTopologyText(shape, options);
  const unicode = options.style === 'unicode';
  const { width, height, levels } = shape;
  const levelWidth = width * CELL_W;
  const { columns, lines } = topologyTextSize(shape);
  const titled = levels > 1 ? 1 : 0;
  const canvas: string[] = new Array<string>(columns * lines).fill(' ');
  const put = (col: number, line: number, char: string): void => {
    canvas[line * columns + col] = char;
  };
  if (titled) {
    for (let l = 0; l < levels; l++) {
      const title = `level ${l + 1}`;
      for (let i = 0; i < title.length && i < levelWidth; i++) put(l * (levelWidth + LEVEL_GAP) + i, 0, title[i]!);
    }
  }
  const at = (cell: number): [number, number] => {
    const l = shape.levelOf(cell);
    const [x, y] = shape.pointOf(cell);
    return [l * (levelWidth + LEVEL_GAP) + x * CELL_W, titled + (y - l * height) * CELL_H];
  };
  for (let c = 0; c < shape.cellCount; c++) {
    if (!maze.isIn(c)) continue;
    const [cx, cy] = at(c);
    const open = (s: number): boolean => maze.isOpen(c, s);
    const [n, e, s, w] = [open(0), open(1), open(2), open(3)];
    const corner = (a: boolean, b: boolean, both: string, onlyA: string, onlyB: string, none: string): string => (a && b ? both : a ? onlyA : b ? onlyB : none);
    const top = [corner(n, w, '┘', '│', '─', '┌'), n ? ' ' : '─', n ? ' ' : '─', corner(n, e, '└', '│', '─', '┐')];
    const bottom = [corner(s, w, '┐', '│', '─', '└'), s ? ' ' : '─', s ? ' ' : '─', corner(s, e, '┌', '│', '─', '┘')];
    const under = shape.under[c]!;
    // the tunnel beside the bridge: its walls meet the rails
    if (under === 1) {
      top[0] = bottom[0] = '┤';
      top[3] = bottom[3] = '├';
    } else if (under === 0) {
      top[0] = top[3] = '┴';
      bottom[0] = bottom[3] = '┬';
    }
    for (let i = 0; i < CELL_W; i++) {
      put(cx + i, cy, top[i]!);
      put(cx + i, cy + 2, bottom[i]!);
    }
    put(cx, cy + 1, w ? ' ' : '│');
    put(cx + 3, cy + 1, e ? ' ' : '│');
    if (levels > 1) {
      const up = maze.isOpen(c, shape.up);
      const down = maze.isOpen(c, shape.up + 1);
      if (up || down) put(cx + 2, cy + 1, up && down ? '↕' : up ? '↑' : '↓');
    }
  }
  const mark = (point: readonly number[] | null, char: string): void => {
    if (point === null) return;
    const c = shape.cellAt(point[0]!, point[1]!);
    if (c < 0) return;
    const [cx, cy] = at(c);
    put(cx + 1, cy + 1, char);
  };
  for (const point of maze.solution ?? []) mark(point, '•');
  mark(maze.start, '@');
  mark(maze.end, '>');
  if (head >= 0) mark(shape.pointOf(head), unicode ? '█' : '#');
  let text = '';
  for (let line = 0; line < lines; line++) {
    let row = canvas.slice(line * columns, (line + 1) * columns).join('').trimEnd();
    if (!unicode) row = row.replace(PLAIN_MARKS, (ch) => PLAIN[ch]!).replace(CORNERS, '+');
    text += `${row}\n`;
  }
  return text;
}
