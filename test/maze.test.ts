/**
 * The model's small helpers (STYLE rule 3): the fast algorithms write the
 * wall bytes directly, while tests, references and hand-made mazes use
 * these, so each one is checked here against the seed-000 layout (tile
 * (x, y) owns its top and its left wall).
 */
import { describe, expect, it } from 'vitest';
import type { Direction } from '../src/model/maze.js';
import { DX, DY, EAST, formatColor, LEFT, MAX_COLORS, Maze, NORTH, parseColor, SOUTH, stepDirection, TOP, WEST } from '../src/model/maze.js';

/** The active walls as `top x,y` and `left x,y`, sorted. */
function activeWalls(maze: Maze): string[] {
  const out: string[] = [];
  for (let y = 0; y <= maze.height; y++) {
    for (let x = 0; x <= maze.width; x++) {
      if (maze.hasTop(x, y)) out.push(`top ${x},${y}`);
      if (maze.hasLeft(x, y)) out.push(`left ${x},${y}`);
    }
  }
  return out.sort();
}

describe('Maze', () => {
  it('starts closed (carving) or with its border only (wall adding), never with a wall outside the grid', () => {
    const closed = Maze.closed(2, 1);
    expect(activeWalls(closed)).toEqual(['left 0,0', 'left 1,0', 'left 2,0', 'top 0,0', 'top 0,1', 'top 1,0', 'top 1,1']);
    const bordered = Maze.bordered(2, 2);
    expect(activeWalls(bordered)).toEqual(['left 0,0', 'left 0,1', 'left 2,0', 'left 2,1', 'top 0,0', 'top 0,2', 'top 1,0', 'top 1,2']);
    expect(activeWalls(new Maze(3, 2))).toEqual([]);
    expect(() => new Maze(0, 3)).toThrow(RangeError);
    expect(() => new Maze(2.5, 3)).toThrow(RangeError);
  });

  it('numbers tiles row by row, W + 1 to a row', () => {
    const maze = new Maze(4, 3);
    expect(maze.stride).toBe(5);
    expect(maze.tileIndex(0, 0)).toBe(0);
    expect(maze.tileIndex(4, 0)).toBe(4);
    expect(maze.tileIndex(1, 2)).toBe(11);
    maze.setTop(1, 2, true);
    expect(maze.walls[11]).toBe(TOP);
    maze.setLeft(1, 2, true);
    expect(maze.walls[11]).toBe(TOP | LEFT);
    maze.setTop(1, 2, false);
    expect(maze.walls[11]).toBe(LEFT);
  });

  it('carve opens exactly the wall between two neighbors, given in either order', () => {
    const cases: [[number, number], [number, number], string][] = [
      [[1, 1], [2, 1], 'left 2,1'],
      [[2, 1], [1, 1], 'left 2,1'],
      [[1, 1], [1, 2], 'top 1,2'],
      [[1, 2], [1, 1], 'top 1,2'],
    ];
    for (const [[ax, ay], [bx, by], opened] of cases) {
      const maze = Maze.closed(3, 3);
      const before = activeWalls(maze);
      maze.carve(ax, ay, bx, by);
      expect(before.filter((w) => !activeWalls(maze).includes(w)), `carve ${ax},${ay} ${bx},${by}`).toEqual([opened]);
    }
    const maze = Maze.closed(3, 3);
    maze.carveEast(0, 2);
    maze.carveSouth(2, 0);
    expect([maze.hasLeft(1, 2), maze.hasTop(2, 1)]).toEqual([false, false]);
  });

  it('canMove says whether a step crosses an open wall and stays on the grid', () => {
    const maze = Maze.closed(3, 3);
    const all: Direction[] = [NORTH, EAST, SOUTH, WEST];
    const moves = (x: number, y: number): Direction[] => all.filter((d) => maze.canMove(x, y, d));
    expect(moves(1, 1)).toEqual([]);
    for (const d of all) maze.carve(1, 1, 1 + DX[d], 1 + DY[d]);
    expect(moves(1, 1)).toEqual(all);
    expect(moves(1, 0)).toEqual([SOUTH]);
    expect(moves(2, 1)).toEqual([WEST]);
    expect(moves(1, 2)).toEqual([NORTH]);
    expect(moves(0, 1)).toEqual([EAST]);
    // no walls at all: the grid's edge still stops a step
    const open = new Maze(2, 2);
    expect(all.filter((d) => open.canMove(0, 0, d))).toEqual([EAST, SOUTH]);
    expect(all.filter((d) => open.canMove(1, 1, d))).toEqual([NORTH, WEST]);
  });

  it('stepDirection names the step to each of the four neighbors, and no other', () => {
    for (const d of [NORTH, EAST, SOUTH, WEST]) expect(stepDirection([5, 5], [5 + DX[d], 5 + DY[d]])).toBe(d);
    for (const b of [[5, 5], [6, 6], [7, 5], [5, 3], [4, 6]] as const) expect(stepDirection([5, 5], b), `to ${b}`).toBe(-1);
  });

  it('counts passages: open walls between two cells, never the border', () => {
    const maze = Maze.closed(3, 2);
    expect(maze.countPassages()).toBe(0);
    maze.carve(0, 0, 1, 0);
    maze.carve(2, 0, 2, 1);
    expect(maze.countPassages()).toBe(2);
    expect(new Maze(3, 2).countPassages()).toBe(7); // (W−1)·H + W·(H−1)
  });

  it('cornerTouched: a wall ends at the corner from above, below, the left or the right (seed 000 checkIntersection)', () => {
    const maze = Maze.bordered(4, 4);
    const touched = (): string[] => {
      const out: string[] = [];
      for (let y = 1; y < 4; y++) for (let x = 1; x < 4; x++) if (maze.cornerTouched(x, y)) out.push(`${x},${y}`);
      return out;
    };
    expect(maze.cornerTouched(0, 0) && maze.cornerTouched(4, 4) && maze.cornerTouched(4, 2) && maze.cornerTouched(2, 4)).toBe(true);
    expect(touched()).toEqual([]);
    maze.setTop(1, 1, true); // from corner (1,1) right to (2,1)
    expect(touched()).toEqual(['1,1', '2,1']);
    maze.setLeft(3, 2, true); // from corner (3,2) down to (3,3)
    expect(touched()).toEqual(['1,1', '2,1', '3,2', '3,3']);
  });

  it('keeps colors as palette indices, 0 (plain) until a wall is given another', () => {
    const maze = Maze.closed(2, 2);
    expect([maze.topColorAt(1, 1), maze.leftColorAt(1, 1), maze.topColor]).toEqual([0, 0, null]);
    const { top, left } = maze.ensureColors();
    const red = maze.addColor(0xff0000);
    expect(red).toBe(1);
    top[maze.tileIndex(1, 1)] = red;
    left[maze.tileIndex(0, 1)] = red;
    expect([maze.topColorAt(1, 1), maze.leftColorAt(0, 1), maze.leftColorAt(1, 1)]).toEqual([1, 1, 0]);
    expect(maze.ensureColors().top).toBe(top); // allocated once
    while (maze.palette.length < MAX_COLORS) maze.addColor(0x123456);
    expect(() => maze.addColor(0x654321)).toThrow(RangeError);
  });
});

describe('colors', () => {
  it('parses #rrggbb, rrggbb and #rgb, and nothing else', () => {
    expect(parseColor('#a03c5f')).toBe(0xa03c5f);
    expect(parseColor('A03C5F')).toBe(0xa03c5f);
    expect(parseColor('#abc')).toBe(0xaabbcc);
    for (const bad of ['red', '#12345', '#1234567', '', '#ggg', ' #abc']) expect(parseColor(bad), bad).toBeNull();
  });

  it('formats 0xRRGGBB as #rrggbb, zeros kept', () => {
    expect(formatColor(0x0a0b0c)).toBe('#0a0b0c');
    expect(formatColor(0)).toBe('#000000');
    expect(formatColor(0xffffff)).toBe('#ffffff');
  });
});
