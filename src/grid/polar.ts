/**
 * Polar grid: a centre cell and W rings around it (SPEC "Grid shapes";
 * Mazes for Programmers, chapter 7). Ring r runs from radius r to r + 1
 * tiles; the centre is ring 0, one cell. Each ring has as many cells as
 * the one inside it times the whole number nearest to (2πr / that count):
 * 1, 6, 12, 24, 24, 48, … so that cells keep about a tile's width. Cells
 * are numbered ring by ring, clockwise (y down) from east; cell x of ring
 * r is at (x, r). A ring cell's sides, in slot order: clockwise,
 * counter-clockwise, inward, outward (one or two cells). The centre's
 * slots are ring 1's cells, in order.
 */
import type { Point } from '../model/maze.js';
import type { Polyline, Shape } from './shape.js';
import { arcPoints, searchSlot, slotNeighbors } from './shape.js';

export const CW = 0;
export const CCW = 1;
export const INWARD = 2;
export const OUTWARD = 3;

/** How many cells each ring has, the centre's 1 first, for `rings` rings around it. */
export function ringCounts(rings: number): Int32Array {
  const counts = new Int32Array(rings + 1);
  counts[0] = 1;
  for (let r = 1; r <= rings; r++) {
    const previous = counts[r - 1]!;
    counts[r] = previous * Math.max(1, Math.round((2 * Math.PI * r) / previous));
  }
  return counts;
}

export class PolarShape implements Shape {
  readonly name = 'polar';
  readonly height = 1;
  readonly cellCount: number;
  /** a ring's thickness */
  readonly room = 1;
  readonly maxDegree: number;
  readonly extent: { width: number; height: number };
  readonly counts: Int32Array;
  /** The number of ring r's first cell; firsts[W + 1] is the cell count. */
  readonly firsts: Float64Array;
  /** Each cell's ring. */
  private readonly rings: Uint32Array;

  constructor(readonly width: number) {
    this.counts = ringCounts(width);
    this.firsts = new Float64Array(width + 2);
    for (let r = 0; r <= width; r++) this.firsts[r + 1] = this.firsts[r]! + this.counts[r]!;
    this.cellCount = this.firsts[width + 1]!;
    this.rings = new Uint32Array(this.cellCount);
    for (let r = 0; r <= width; r++) this.rings.fill(r, this.firsts[r], this.firsts[r + 1]);
    // a ring cell: clockwise, counter-clockwise, inward, and up to two outward; the centre: every cell of ring 1
    this.maxDegree = Math.max(this.counts[1] ?? 0, 5);
    this.extent = { width: 2 * (width + 1), height: 2 * (width + 1) };
  }

  /** How many cells of the next ring lie outside a cell of ring r (0 on the rim). */
  private outward(r: number): number {
    return r >= this.width ? 0 : this.counts[r + 1]! / this.counts[r]!;
  }

  neighbor(cell: number, slot: number): number {
    const r = this.rings[cell]!;
    if (r === 0) return slot < this.counts[1]! ? 1 + slot : -1;
    const n = this.counts[r]!;
    const first = this.firsts[r]!;
    const x = cell - first;
    switch (slot) {
      case CW:
        return first + ((x + 1) % n);
      case CCW:
        return first + ((x + n - 1) % n);
      case INWARD: {
        const ratio = n / this.counts[r - 1]!;
        return this.firsts[r - 1]! + Math.floor(x / ratio);
      }
      default: {
        const ratio = this.outward(r);
        const k = slot - OUTWARD;
        return k < ratio ? this.firsts[r + 1]! + x * ratio + k : -1;
      }
    }
  }

  neighbors(cell: number, out: Int32Array): number {
    return slotNeighbors(this, cell, out);
  }

  slotTo(a: number, b: number): number {
    return searchSlot(this, a, b);
  }

  backSlot(a: number, _slot: number, b: number): number {
    return searchSlot(this, b, a);
  }

  hasSide(cell: number, slot: number): boolean {
    const r = this.rings[cell]!;
    if (r === 0) return slot < this.counts[1]!;
    // the rim's outer arc is a side with no cell across
    if (slot === OUTWARD) return true;
    return slot < OUTWARD || slot - OUTWARD < this.outward(r);
  }

  cellAt(x: number, y: number): number {
    if (!Number.isInteger(x) || !Number.isInteger(y) || y < 0 || y > this.width || x < 0 || x >= this.counts[y]!) return -1;
    return this.firsts[y]! + x;
  }

  pointOf(cell: number): Point {
    const r = this.rings[cell]!;
    return [cell - this.firsts[r]!, r];
  }

  /** The angles the cell spans, clockwise from east (y down). */
  private angles(cell: number): [number, number] {
    const [x, r] = this.pointOf(cell);
    const step = (2 * Math.PI) / this.counts[r]!;
    return [x * step, (x + 1) * step];
  }

  center(cell: number): [number, number] {
    const c = this.width + 1;
    const [x, r] = this.pointOf(cell);
    if (r === 0) return [c, c];
    const [a0, a1] = this.angles(cell);
    const a = (a0 + a1) / 2;
    void x;
    return [c + (r + 0.5) * Math.cos(a), c + (r + 0.5) * Math.sin(a)];
  }

  side(cell: number, slot: number): Polyline {
    const c = this.width + 1;
    const r = this.rings[cell]!;
    if (r === 0) return this.side(1 + slot, INWARD);
    const arc = this.sideArc(cell, slot);
    if (arc !== null) return arcPoints(arc.cx, arc.cy, arc.radius, arc.a0, arc.a1);
    const [a0, a1] = this.angles(cell);
    const a = slot === CW ? a1 : a0;
    return Float64Array.of(c + r * Math.cos(a), c + r * Math.sin(a), c + (r + 1) * Math.cos(a), c + (r + 1) * Math.sin(a));
  }

  /**
   * The arc a side runs along (the inward side and the outward ones), in
   * tiles and radians from a0 to a1 > a0 (clockwise, y down), or null for a
   * straight side (clockwise and counter-clockwise): for the formats that
   * draw true arcs (DXF, SVG cut and plot lines).
   */
  sideArc(cell: number, slot: number): { cx: number; cy: number; radius: number; a0: number; a1: number } | null {
    const c = this.width + 1;
    const r = this.rings[cell]!;
    if (r === 0) return this.sideArc(1 + slot, INWARD);
    if (slot === CW || slot === CCW) return null;
    const [a0, a1] = this.angles(cell);
    if (slot === INWARD) return { cx: c, cy: c, radius: r, a0, a1 };
    const ratio = this.outward(r) || 1;
    const k = slot - OUTWARD;
    const step = (a1 - a0) / ratio;
    return { cx: c, cy: c, radius: r + 1, a0: a0 + k * step, a1: a0 + (k + 1) * step };
  }

  outline(cell: number): Polyline {
    const c = this.width + 1;
    const r = this.rings[cell]!;
    if (r === 0) return arcPoints(c, c, 1, 0, 2 * Math.PI).subarray(0, -2);
    const [a0, a1] = this.angles(cell);
    const outer = arcPoints(c, c, r + 1, a0, a1);
    const inner = arcPoints(c, c, r, a1, a0);
    const points = new Float64Array(outer.length + inner.length);
    points.set(outer);
    points.set(inner, outer.length);
    return points;
  }
}
