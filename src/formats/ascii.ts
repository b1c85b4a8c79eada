/**
 * ASCII art: `+---+` / `|   |`, or with `--style unicode` box drawing whose
 * junctions follow the walls that meet at each corner (┌ ┬ ┐ ├ ┼ ┤ └ ┴ ┘,
 * ─ │, and the half lines ╴╵╶╷ where a wall ends).
 *
 * Each cell is three characters wide and one line high; row y of cells sits
 * between corner lines y and y+1. With `color`, every wall is written in its
 * palette color (trees), a corner in the color the PNG leaves on top there.
 */
import type { Maze } from '../model/maze.js';
import { LEFT, TOP } from '../model/maze.js';
import type { Format, RenderOptions } from './types.js';

const UP = 1;
const RIGHT = 2;
const DOWN = 4;
const LEFTWARD = 8;

/** Box-drawing character for each combination of walls meeting at a corner. */
const JUNCTIONS = [
  ' ', '╵', '╶', '└', '╷', '│', '┌', '├', '╴', '┘', '─', '┴', '┐', '┤', '┬', '┼',
];

interface Glyphs {
  horizontal: string;
  open: string;
  vertical: string;
  corner(mask: number): string;
}

const STYLES: Record<RenderOptions['style'], Glyphs> = {
  ascii: { horizontal: '---', open: '   ', vertical: '|', corner: (mask) => (mask === 0 ? ' ' : '+') },
  unicode: { horizontal: '───', open: '   ', vertical: '│', corner: (mask) => JUNCTIONS[mask]! },
};

/** Collects one line as runs of text of the same palette color. */
class Line {
  text = '';
  private runs: { text: string; color: number }[] = [];
  private runText = '';
  private runColor = -1;

  constructor(private readonly paint: ((text: string, color: number) => string) | null) {}

  add(text: string, color: number): void {
    if (!this.paint) {
      this.text += text;
      return;
    }
    if (color !== this.runColor && this.runText !== '') this.flush();
    this.runColor = color;
    this.runText += text;
  }

  private flush(): void {
    this.runs.push({ text: this.runText, color: this.runColor });
    this.runText = '';
  }

  finish(): string {
    if (!this.paint) return this.text + '\n';
    if (this.runText !== '') this.flush();
    const paint = this.paint;
    return this.runs.map((r) => (r.text.trim() === '' ? r.text : paint(r.text, r.color))).join('') + '\n';
  }
}

/** Palette index of the wall the PNG draws last over corner (x, y), or -1. */
function cornerColor(maze: Maze, x: number, y: number, mask: number): number {
  if (mask & RIGHT) return maze.topColorAt(x, y);
  if (mask & DOWN) return maze.leftColorAt(x, y);
  if (mask & UP) return maze.leftColorAt(x, y - 1);
  if (mask & LEFTWARD) return maze.topColorAt(x - 1, y);
  return -1;
}

async function* render(maze: Maze, options: RenderOptions): AsyncGenerator<string> {
  const glyphs = STYLES[options.style];
  const paint = options.color > 0 ? await painter(maze, options) : null;
  const { walls, stride, width, height } = maze;
  let chunk = '';
  for (let y = 0; y <= height; y++) {
    const corners = new Line(paint);
    for (let x = 0; x <= width; x++) {
      const i = y * stride + x;
      const mask =
        (y > 0 && walls[i - stride]! & LEFT ? UP : 0) |
        (walls[i]! & TOP ? RIGHT : 0) |
        (walls[i]! & LEFT ? DOWN : 0) |
        (x > 0 && walls[i - 1]! & TOP ? LEFTWARD : 0);
      corners.add(glyphs.corner(mask), cornerColor(maze, x, y, mask));
      if (x < width) {
        const top = (walls[i]! & TOP) !== 0;
        corners.add(top ? glyphs.horizontal : glyphs.open, top ? maze.topColorAt(x, y) : -1);
      }
    }
    chunk += corners.finish();
    if (y < height) {
      const cells = new Line(paint);
      for (let x = 0; x <= width; x++) {
        const left = (walls[y * stride + x]! & LEFT) !== 0;
        cells.add(left ? glyphs.vertical : ' ', left ? maze.leftColorAt(x, y) : -1);
        if (x < width) cells.add(glyphs.open, -1);
      }
      chunk += cells.finish();
    }
    if (chunk.length >= 1 << 16) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk !== '') yield chunk;
}

/** ANSI colors through chalk, at the level the CLI chose. */
async function painter(maze: Maze, options: RenderOptions): Promise<(text: string, color: number) => string> {
  const { Chalk } = await import('chalk');
  const chalk = new Chalk({ level: options.color });
  const styles = maze.palette.map((rgb, index) => {
    const c = index === 0 && options.fg !== null ? options.fg : rgb;
    return chalk.rgb((c >> 16) & 255, (c >> 8) & 255, c & 255);
  });
  return (text, color) => (color < 0 ? text : styles[color]!(text));
}

const ascii: Format = {
  name: 'ascii',
  description: "text art, '+---+' or box drawing with --style unicode; colored on a terminal",
  extensions: ['.txt'],
  binary: false,
  render,
};

export default ascii;
