/**
 * The tests' own replay of a graph maze's steps (not the production
 * replayer): every side closed, then each passage step opens a side and
 * the neighbour's side back (a woven grid's crossings open from the
 * start); the ends and the path as told.
 */
import { expect } from 'vitest';
import type { GraphMaze } from '../src/grid/graph-maze.js';
import type { Step } from '../src/lib/api.js';
import { forcedPassages, TopologyShape } from '../src/grid/topology.js';

/** The test's replay: every side closed, then each passage step opens a side and the neighbour's side back; ends and path as told. */
export function replay(given: Step[], like: GraphMaze): { passages: Uint8Array; mask: Uint8Array | null; start: unknown; end: unknown; path: [number, number][] } {
  const { shape } = like;
  const grid = given[0]!;
  expect(grid.type).toBe('grid');
  const passages = new Uint8Array(shape.cellCount);
  let start: unknown = null;
  let end: unknown = null;
  const path: [number, number][] = [];
  const open = (cell: number, slot: number): void => {
    passages[cell]! |= 1 << slot;
    // the neighbour across this side, found by asking which of its sides leads back
    const across = shape.neighbor(cell, slot);
    if (across >= 0) {
      let back = -1;
      for (let s = 0; s < shape.maxDegree; s++) if (shape.neighbor(across, s) === cell) back = s;
      passages[across]! |= 1 << back;
    }
  };
  // a woven grid starts with its crossings' bridges and tunnels open
  if (shape instanceof TopologyShape) {
    for (const [a, b] of forcedPassages(shape)) {
      for (let s = 0; s < shape.maxDegree; s++) if (shape.neighbor(a, s) === b) open(a, s);
    }
  }
  for (const step of given.slice(1)) {
    if (step.type === 'passage') {
      const cell = shape.cellAt(step.x, step.y);
      expect(cell).toBeGreaterThanOrEqual(0);
      open(cell, step.slot);
    } else if (step.type === 'ends') {
      start = step.start;
      end = step.end;
    } else if (step.type === 'path') path.push([step.x, step.y]);
  }
  const mask = grid.type === 'grid' && grid.mask ? grid.mask.cells : null;
  return { passages, mask, start, end, path };
}

