/**
 * POV-Ray 3.7 scene of a maze with a topology, in true 3D (SPEC
 * "Topologies": the POV-Ray scene). The maze's flat picture (grid/shape.ts
 * geometry of its base grid, in squares: a tile is 3, as every scene has
 * it) is laid on a surface:
 *
 * - flat: the plane, each level `LEVEL_GAP` squares above the one below,
 *   its floor see-through (but the first's) so that the camera sees every
 *   floor through the ones above;
 * - `--wrap y`: rolled around a cylinder along x (rows around it), `x`
 *   around one along z (columns around it), `xy` onto a torus (columns
 *   around its hole, rows around its tube); levels are shells further out.
 *
 * Every solid follows the surface: a wall is cut into pieces of at most a
 * square, each a box standing on the surface along its normal, with a post
 * (a short cylinder along the normal) at each joint, so the pieces meet
 * without a gap however the surface bends. A crossing is a bridge: a deck
 * over its cell along the bridge's axis with low rails where the tunnel
 * passes under, ramps down into the two cells it joins, and the tunnel's
 * walls under the deck. A stair is a flight of steps in its cell up to the
 * floor above. The solution is a raised strip through the cells' centres
 * that crosses over the bridges, runs under them through the tunnels and
 * climbs the flights. The camera frames the scene's bounding box from the
 * south, above.
 *
 * Sizes are in squares (walls 1 high, as the other scenes' `wallHeight`
 * 5 with `boxSize` 5), the whole scene then scaled by `boxSize`. A solver's
 * drawing besides its path is not drawn here.
 */
import type { GraphMaze } from '../grid/graph-maze.js';
import type { TopologyShape } from '../grid/topology.js';
import { SquareLattice } from '../grid/topology.js';
import { WHITE } from '../model/maze.js';
import { readableOn } from './contrast.js';
import { reproduceCommand } from './geometry.js';
import { END_COLOR, START_COLOR } from './marks.js';
import { comment, declare, fittedCamera, rgbSrgb, srgb, vector } from './pov-stage.js';
import { shapeCaption, wallSides } from './shape-picture.js';
import { plainWalls, srgbRgb, themeOf } from './theme.js';
import type { RenderOptions } from './types.js';

type V3 = [number, number, number];

/** Squares per tile. */
const SQUARES = 3;
const WALL_H = 1;
const WALL_T = 0.5;
const LEVEL_GAP = 2.4;
const DECK_H = 0.55;
const DECK_T = 0.12;
const RAIL_H = 0.35;
const PATH_W = 0.6;
const PATH_H = 0.15;
const PATH_LIFT = 0.05;
/** Steps a turn of a spiral flight, and the rise of a step in squares. */
const STEPS_A_TURN = 8;
const SPIRAL_RISE = 0.35;
/** Most length of a piece of wall or path on a curved surface, in squares. */
const PIECE = 1;

const num = (v: number): string => String(Math.round(v * 1000) / 1000 + 0);
const vec = ([x, y, z]: V3): string => `<${num(x)}, ${num(y)}, ${num(z)}>`;
const sub = (a: V3, b: V3): V3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: V3, b: V3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: V3, b: V3): V3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const unit = (a: V3): V3 => {
  const l = Math.hypot(...a);
  return [a[0] / l, a[1] / l, a[2] / l];
};

/** Where a point of the flat picture (x, y in squares) on a level, `h` squares above its floor, stands; and the floor's normal there. */
interface Surface {
  kind: 'flat' | 'cylinder' | 'torus';
  /** Squares from a level's floor to the next's. */
  gap: number;
  curved: boolean;
  at(x: number, y: number, level: number, h: number): V3;
  normal(x: number, y: number, level: number): V3;
  /** The floors, as POV-Ray objects (in squares). */
  floors(maze: GraphMaze, shape: TopologyShape): string[];
}

function surfaceOf(shape: TopologyShape): Surface {
  const base = shape.base;
  const U = base.extent.width * SQUARES;
  const V = base.extent.height * SQUARES;
  const wrapX = base instanceof SquareLattice && base.wrapX;
  const wrapY = base instanceof SquareLattice && base.wrapY;
  if (wrapX && wrapY) {
    const r = V / (2 * Math.PI);
    const R = Math.max(U / (2 * Math.PI), 2 * (r + shape.levels * LEVEL_GAP) + 1);
    const angles = (x: number, y: number): [number, number] => [(2 * Math.PI * x) / U, Math.PI / 2 - (2 * Math.PI * y) / V];
    return {
      kind: 'torus',
      gap: LEVEL_GAP,
      curved: true,
      at(x, y, level, h) {
        const [t, p] = angles(x, y);
        const tube = r + level * LEVEL_GAP + h;
        const rho = R + tube * Math.cos(p);
        return [rho * Math.cos(t), tube * Math.sin(p), rho * Math.sin(t)];
      },
      normal(x, y) {
        const [t, p] = angles(x, y);
        return [Math.cos(p) * Math.cos(t), Math.sin(p), Math.cos(p) * Math.sin(t)];
      },
      floors: () => shells(shape.levels, (g) => `torus { ${num(R)}, ${num(r + g)} }`, (g) => `torus { ${num(R)}, ${num(r + g - 0.15)} }`),
    };
  }
  if (wrapX || wrapY) {
    const around = wrapY ? V : U;
    const r = around / (2 * Math.PI);
    // wrap y: rows around an axis along x; wrap x: columns around an axis along z
    const angle = (x: number, y: number): number => (2 * Math.PI * (wrapY ? y : x)) / around;
    const axisStart = wrapY ? '<0, 0, 0>' : '<0, 0, 0>';
    const axisEnd = wrapY ? `<${num(U)}, 0, 0>` : `<0, 0, ${num(-V)}>`;
    return {
      kind: 'cylinder',
      gap: LEVEL_GAP,
      curved: true,
      at(x, y, level, h) {
        const a = angle(x, y);
        const rr = r + level * LEVEL_GAP + h;
        return wrapY ? [x, rr * Math.cos(a), -rr * Math.sin(a)] : [rr * Math.sin(a), rr * Math.cos(a), -y];
      },
      normal(x, y) {
        const a = angle(x, y);
        return wrapY ? [0, Math.cos(a), -Math.sin(a)] : [Math.sin(a), Math.cos(a), 0];
      },
      floors: () => shells(shape.levels, (g) => `cylinder { ${axisStart}, ${axisEnd}, ${num(r + g)} }`, (g) => `cylinder { ${axisStart}, ${axisEnd}, ${num(r + g - 0.15)} }`),
    };
  }
  // flat levels spread apart, half the maze's depth, so that the camera looks in between them
  const gap = Math.max(4, V * 0.45);
  return {
    kind: 'flat',
    gap,
    curved: false,
    at: (x, y, level, h) => [x, level * gap + h, -y],
    normal: () => [0, 1, 0],
    floors(maze) {
      const floors: string[] = [];
      for (let level = 0; level < shape.levels; level++) {
        const prisms: string[] = [];
        for (let c = level * shape.perLevel; c < (level + 1) * shape.perLevel; c++) {
          if (!maze.isIn(c)) continue;
          const outline = base.outline(c - level * shape.perLevel);
          const n = outline.length / 2;
          let points = '';
          for (let i = 0; i <= n; i++) points += `, <${num(outline[2 * (i % n)]! * SQUARES)}, ${num(-outline[2 * (i % n) + 1]! * SQUARES)}>`;
          prisms.push(`prism { linear_sweep linear_spline ${num(level * gap - 0.15)}, ${num(level * gap)}, ${n + 1}${points} }`);
        }
        floors.push(group(prisms, level === 0 ? 'texture { FloorTexture }' : 'texture { UpperFloorTexture }'));
      }
      return floors;
    },
  };
}

/** The first floor a solid body, each floor above a thin see-through shell around it. */
function shells(levels: number, outer: (gap: number) => string, inner: (gap: number) => string): string[] {
  const out = [`object { ${outer(0)} texture { FloorTexture } }`];
  for (let l = 1; l < levels; l++) out.push(`difference { ${outer(l * LEVEL_GAP)} ${inner(l * LEVEL_GAP)} texture { UpperFloorTexture } }`);
  return out;
}

/** Objects as one (a union of several; POV-Ray warns about a union of one), with `tail` (a texture). */
function group(objects: string[], tail: string): string {
  if (objects.length === 0) return '';
  if (objects.length === 1) return `object { ${objects[0]} ${tail} }`;
  return `union {\n  ${objects.join('\n  ')}\n  ${tail}\n}`;
}

/** The scene being built: its objects by kind, and its bounding box. */
class Builder {
  readonly min: V3 = [Infinity, Infinity, Infinity];
  readonly max: V3 = [-Infinity, -Infinity, -Infinity];

  constructor(readonly surface: Surface) {}

  private grow(p: V3): void {
    for (let i = 0; i < 3; i++) {
      this.min[i] = Math.min(this.min[i]!, p[i]!);
      this.max[i] = Math.max(this.max[i]!, p[i]!);
    }
  }

  /** A box whose bottom centre line runs from a to b, `half` either side, `thick` up along `up` (made square to the line). */
  beam(a: V3, b: V3, up: V3, half: number, thick: number): string | null {
    const d = sub(b, a);
    const length = Math.hypot(...d);
    if (length < 1e-6) return null;
    const ex = unit(d);
    const ey = unit(sub(up, ex.map((v) => v * dot(up, ex)) as V3));
    const ez = cross(ex, ey);
    this.grow(a);
    this.grow(b);
    this.grow([b[0] + ey[0] * thick, b[1] + ey[1] * thick, b[2] + ey[2] * thick]);
    return `box { <0, 0, ${num(-half)}>, <${num(length)}, ${num(thick)}, ${num(half)}> matrix <${[...ex, ...ey, ...ez, ...a].map(num).join(', ')}> }`;
  }

  /** A post: a short cylinder along the normal at a flat point, from height h0 to h1. */
  post(x: number, y: number, level: number, h0: number, h1: number, radius: number): string {
    const a = this.surface.at(x, y, level, h0);
    const b = this.surface.at(x, y, level, h1);
    this.grow(b);
    return `cylinder { ${vec(a)}, ${vec(b)}, ${num(radius)} }`;
  }

  /**
   * A band along the flat segment (x0, y0) → (x1, y1) on a level, from
   * height h0 to h1 at its start and g0 to g1 at its end (a ramp rises),
   * cut into pieces on a curved surface.
   */
  *band(x0: number, y0: number, x1: number, y1: number, level: number, h0: number, g0: number, thick: number, half: number): Generator<string> {
    const pieces = this.surface.curved ? Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0) / PIECE)) : 1;
    for (let i = 0; i < pieces; i++) {
      const [t0, t1] = [i / pieces, (i + 1) / pieces];
      const [ax, ay, bx, by] = [x0 + (x1 - x0) * t0, y0 + (y1 - y0) * t0, x0 + (x1 - x0) * t1, y0 + (y1 - y0) * t1];
      const a = this.surface.at(ax, ay, level, h0 + (g0 - h0) * t0);
      const b = this.surface.at(bx, by, level, h0 + (g0 - h0) * t1);
      const beam = this.beam(a, b, this.surface.normal((ax + bx) / 2, (ay + by) / 2, level), half, thick);
      if (beam !== null) yield beam;
    }
  }
}

/** A cell's centre in squares, on the base grid. */
function centre(shape: TopologyShape, cell: number): [number, number] {
  const [x, y] = shape.base.center(cell % shape.perLevel);
  return [x * SQUARES, y * SQUARES];
}

/** The middle of a cell's side in squares, on the base grid. */
function sideMiddle(shape: TopologyShape, cell: number, slot: number): [number, number] {
  const line = shape.base.side(cell % shape.perLevel, slot);
  const last = line.length - 2;
  return [((line[0]! + line[last]!) / 2) * SQUARES, ((line[1]! + line[last + 1]!) / 2) * SQUARES];
}

/** A side's two ends in squares, on the base grid. */
function sideEnds(shape: TopologyShape, cell: number, slot: number): [number, number, number, number] {
  const line = shape.base.side(cell % shape.perLevel, slot);
  const last = line.length - 2;
  return [line[0]! * SQUARES, line[1]! * SQUARES, line[last]! * SQUARES, line[last + 1]! * SQUARES];
}

/** The walls: every side the picture draws (a wrapped edge once), but a crossing's sides, which its bridge draws. */
function walls(maze: GraphMaze, shape: TopologyShape, build: Builder): string[] {
  const out: string[] = [];
  const posts = new Set<string>();
  const degree = shape.maxDegree;
  const axes = shape.baseDegree / 2;
  for (const side of wallSides(maze)) {
    const slot = side % degree;
    const cell = (side - slot) / degree;
    if (shape.seam(cell, slot) && shape.neighbor(cell, slot) >= 0 && shape.neighbor(cell, slot) < cell) continue;
    if (shape.under[cell] === slot % axes) continue;
    const level = shape.levelOf(cell);
    const [x0, y0, x1, y1] = sideEnds(shape, cell, slot);
    out.push(...build.band(x0, y0, x1, y1, level, 0, 0, WALL_H, WALL_T / 2));
    const pieces = build.surface.curved ? Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0) / PIECE)) : 1;
    for (let i = 0; i <= pieces; i++) {
      const [x, y] = [x0 + ((x1 - x0) * i) / pieces, y0 + ((y1 - y0) * i) / pieces];
      const key = `${level} ${num(x)} ${num(y)}`;
      if (posts.has(key)) continue;
      posts.add(key);
      out.push(build.post(x, y, level, 0, WALL_H, WALL_T / 2));
    }
  }
  return out;
}

/** The bridges: for each crossing, the tunnel's walls under a deck along the bridge, rails where the tunnel passes, ramps down to the cells it joins. */
function bridges(shape: TopologyShape, build: Builder): { decks: string[]; rails: string[] } {
  const decks: string[] = [];
  const rails: string[] = [];
  const axes = shape.baseDegree / 2;
  for (const { cell, over, under } of shape.crossings) {
    const level = shape.levelOf(cell);
    const [cx, cy] = centre(shape, cell);
    const width = shape.base.room * SQUARES - WALL_T;
    for (const slot of [over, over + axes]) {
      // the tunnel's wall under the deck, along the side the bridge leaves by
      const [x0, y0, x1, y1] = sideEnds(shape, cell, slot);
      rails.push(...build.band(x0, y0, x1, y1, level, 0, 0, DECK_H, WALL_T / 2));
      // the deck from the middle to this side, and the ramp down to the cell beyond
      const [mx, my] = sideMiddle(shape, cell, slot);
      decks.push(...build.band(cx, cy, mx, my, level, DECK_H, DECK_H, DECK_T, width / 2));
      const [nx, ny] = centre(shape, shape.neighbor(cell, slot));
      const wraps = shape.seam(cell, slot);
      // across a wrapped edge the cell beyond is drawn on the far side: its centre as seen from here
      const [tx, ty] = wraps ? [mx + (mx - cx), my + (my - cy)] : [nx, ny];
      decks.push(...build.band(mx, my, tx, ty, level, DECK_H, 0, DECK_T, (width / 2) * 0.8));
    }
    for (const slot of [under, under + axes]) {
      const [x0, y0, x1, y1] = sideEnds(shape, cell, slot);
      rails.push(...build.band(x0, y0, x1, y1, level, DECK_H, DECK_H, RAIL_H + DECK_T, WALL_T / 4));
    }
  }
  return { decks, rails };
}

/** The angle of step i of a spiral flight, and its height above the lower floor: a turn every STEPS_A_TURN steps. */
function spiralStep(i: number, steps: number, gap: number): { angle: number; h: number } {
  return { angle: (2 * Math.PI * i) / STEPS_A_TURN, h: (gap * (i + 1)) / steps };
}

/** Most steps a flight has: the floors of a large maze stand far apart (half its depth), and a step a SPIRAL_RISE made its scene grow as the cube of its side. */
const MAX_FLIGHT = 64;

/** How many steps a flight has: one every SPIRAL_RISE squares up, at most MAX_FLIGHT. */
function flightSteps(gap: number): number {
  return Math.min(MAX_FLIGHT, Math.max(STEPS_A_TURN, Math.ceil(gap / SPIRAL_RISE)));
}

/** The stairs: a spiral flight of steps round a pole in each cell with a stair up, from its floor to the floor above. */
function stairs(maze: GraphMaze, shape: TopologyShape, build: Builder): string[] {
  const out: string[] = [];
  if (shape.levels < 2) return out;
  const gap = build.surface.gap;
  const steps = flightSteps(gap);
  const reach = shape.base.room * SQUARES * 0.38;
  for (let c = 0; c < shape.cellCount; c++) {
    if (!maze.isIn(c) || !maze.isOpen(c, shape.up)) continue;
    const level = shape.levelOf(c);
    const [cx, cy] = centre(shape, c);
    out.push(build.post(cx, cy, level, 0, gap, 0.15));
    for (let i = 0; i < steps; i++) {
      const { angle, h } = spiralStep(i, steps, gap);
      out.push(...build.band(cx, cy, cx + reach * Math.cos(angle), cy + reach * Math.sin(angle), level, h - 0.08, h - 0.08, 0.08, 0.3));
    }
  }
  return out;
}

/**
 * The solution's strip, as flat points with their level and height above
 * the floor: through the centres, over a bridge at its deck's height,
 * under it through the tunnel, up or down a flight of steps, across a
 * wrapped edge by its side's middle.
 */
function pathPoints(maze: GraphMaze, shape: TopologyShape, gap: number): { x: number; y: number; level: number; h: number; jump: boolean }[] {
  const points: { x: number; y: number; level: number; h: number; jump: boolean }[] = [];
  const axes = shape.baseDegree / 2;
  const height = (c: number): number => (shape.over[c]! >= 0 ? DECK_H + DECK_T : 0);
  let previous = -1;
  for (const point of maze.solution ?? []) {
    const c = shape.cellAt(point[0], point[1]);
    if (c < 0) continue;
    const [x, y] = centre(shape, c);
    if (previous >= 0) {
      const slot = shape.slotTo(previous, c);
      const [px, py] = centre(shape, previous);
      const level = shape.levelOf(previous);
      if (slot >= shape.baseDegree) {
        // a flight: round the spiral from the foot to the top (or down it), over the steps
        const up = slot === shape.up;
        const steps = flightSteps(gap);
        const reach = shape.base.room * SQUARES * 0.26;
        const spiral: { x: number; y: number; level: number; h: number; jump: boolean }[] = [];
        for (let i = 0; i < steps; i++) {
          const { angle, h } = spiralStep(i, steps, gap);
          spiral.push({ x: px + reach * Math.cos(angle), y: py + reach * Math.sin(angle), level: up ? level : level - 1, h, jump: false });
        }
        points.push(...(up ? spiral : spiral.reverse()));
      } else if (shape.tunnel(previous, slot)) {
        // under the bridge: through the crossing's cell, at the floor
        const between = level * shape.perLevel + shape.base.neighbor(previous % shape.perLevel, slot);
        const back = (slot + axes) % shape.baseDegree;
        if (shape.seam(previous, slot)) {
          points.push({ ...at(sideMiddle(shape, previous, slot)), level, h: 0, jump: false });
          points.push({ ...at(sideMiddle(shape, between, back)), level, h: 0, jump: true });
        }
        points.push({ ...at(centre(shape, between)), level, h: 0, jump: false });
        if (shape.seam(between, slot)) {
          points.push({ ...at(sideMiddle(shape, between, slot)), level, h: 0, jump: false });
          points.push({ ...at(sideMiddle(shape, c, back)), level, h: 0, jump: true });
        }
      } else {
        // onto or off a bridge: up or down its ramp to the side's middle; across a wrapped edge by the side's middle
        const [mx, my] = sideMiddle(shape, previous, slot);
        const h = Math.max(height(previous), height(c));
        if (shape.seam(previous, slot)) {
          points.push({ x: mx, y: my, level, h, jump: false });
          const [bx, by] = sideMiddle(shape, c, shape.backSlot(previous, slot, c));
          points.push({ x: bx, y: by, level, h, jump: true });
        } else if (h > 0) points.push({ x: mx, y: my, level, h, jump: false });
      }
    }
    points.push({ x, y, level: shape.levelOf(c), h: height(c), jump: false });
    previous = c;
  }
  return points;
}

const at = ([x, y]: [number, number]): { x: number; y: number } => ({ x, y });

function pathObjects(maze: GraphMaze, shape: TopologyShape, build: Builder): string[] {
  const out: string[] = [];
  const points = pathPoints(maze, shape, build.surface.gap);
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!;
    out.push(build.post(p.x, p.y, p.level, p.h + PATH_LIFT, p.h + PATH_LIFT + PATH_H, PATH_W / 2));
    const q = points[i + 1];
    if (q === undefined || q.jump) continue;
    if (q.level !== p.level) continue;
    out.push(...build.band(p.x, p.y, q.x, q.y, p.level, p.h + PATH_LIFT, q.h + PATH_LIFT, PATH_H, PATH_W / 2));
  }
  return out;
}

/** The start (a green pad) and the end (a blue cone), standing on their cells' floors. */
function marks(maze: GraphMaze, shape: TopologyShape, build: Builder, floor: number, ratio: number): string {
  let out = '';
  for (const [point, kind] of [
    [maze.start, 'start'],
    [maze.end, 'end'],
  ] as const) {
    if (point === null) continue;
    const c = shape.cellAt(point[0], point[1]);
    if (c < 0) continue;
    const [x, y] = centre(shape, c);
    const level = shape.levelOf(c);
    const lift = shape.over[c]! >= 0 ? DECK_H + DECK_T : 0;
    const rgb = readableOn(kind === 'start' ? START_COLOR : END_COLOR, floor, ratio);
    const texture = `texture { pigment { color srgb ${srgb(rgb)} } finish { MarkFinish } }`;
    const a = build.surface.at(x, y, level, lift);
    if (kind === 'start') out += `object { ${build.post(x, y, level, lift, lift + 0.3, 0.8)} ${texture} }\n`;
    else out += `cone { ${vec(a)}, 0.7, ${vec(build.surface.at(x, y, level, lift + 2))}, 0 ${texture} }\n`;
  }
  return out === '' ? '' : `\n// Marks: the start (a green pad), the end (a blue cone).\n${out}`;
}

/** The scene of a maze with a topology (see the file's comment). */
export function* topologyPov(maze: GraphMaze, options: RenderOptions): Generator<string> {
  const shape = maze.shape as TopologyShape;
  const theme = themeOf(options, 'dark');
  const floor = options.bg === null ? theme.floor : rgbSrgb(options.bg);
  const floorRgb = srgbRgb(floor);
  const wallRgb = plainWalls(options, theme, floorRgb, WHITE).top;
  const pathRgb = readableOn(options.pathColor, floorRgb, theme.ratio);
  const surface = surfaceOf(shape);
  const build = new Builder(surface);
  const wallObjects = walls(maze, shape, build);
  const { decks, rails } = bridges(shape, build);
  const flights = stairs(maze, shape, build);
  const path = (maze.solution?.length ?? 0) > 0 ? pathObjects(maze, shape, build) : [];
  const markText = marks(maze, shape, build, floorRgb, theme.ratio);
  const floors = surface.floors(maze, shape);
  const elevation = surface.kind === 'torus' ? 55 : surface.kind === 'cylinder' ? 30 : shape.levels > 1 ? 28 : 60;
  const what = [shape.levels > 1 ? `${shape.levels} levels` : '', surface.kind === 'flat' ? '' : `on a ${surface.kind}`, shape.crossings.length > 0 ? `${shape.crossings.length} bridges` : ''].filter((s) => s !== '').join(', ');
  const made = reproduceCommand(maze);
  yield `// ${comment(shapeCaption(maze))}
${made === null ? '' : `// Made by: ${comment(made)} -o maze.pov\n`}// Render with: povray +W1200 +H900 +A maze.pov
// In true 3D (${what}): every size below is in squares (a cell is 3), the whole scaled by boxSize.
#version 3.7;
global_settings { assumed_gamma 1.0 }

// ---------------------------------------------------------------- edit these
${declare('boxSize', 5, 'a cell is 3 of these across')}
${declare('cameraElevation', elevation, 'degrees above the horizon, looking north')}
${declare('cameraAngle', 40, 'horizontal field of view, degrees')}
#declare WallTexture = texture { pigment { color srgb ${srgb(wallRgb)} } finish { diffuse 0.75 specular 0.15 roughness 0.05 } }
#declare FloorTexture = texture { pigment { color srgb ${vector(floor)} } finish { diffuse 0.9 } }
#declare UpperFloorTexture = texture { pigment { color srgb ${vector(floor)} transmit 0.6 } finish { diffuse 0.9 } }
#declare BridgeTexture = texture { pigment { color srgb ${srgb(wallRgb)} } finish { diffuse 0.6 specular 0.3 roughness 0.03 } }
#declare StairTexture = texture { pigment { color srgb <0.78, 0.62, 0.42> } finish { diffuse 0.8 } }
#declare PathTexture = texture { pigment { color srgb ${srgb(pathRgb)} } finish { emission 0.3 diffuse 0.7 } }
#declare MarkFinish = finish { emission 0.35 diffuse 0.65 specular 0.3 roughness 0.02 }
#declare SkyColor = srgb ${vector(theme.sky)};
// ----------------------------------------------------------------------------

background { color SkyColor }

// The camera stands back along its line of sight until all eight corners
// of the scene's bounding box fit the picture, whatever its aspect ratio.
#declare BoxMin = ${vec(build.min)} * boxSize;
#declare BoxMax = ${vec([build.max[0], Math.max(build.max[1], WALL_H), build.max[2]])} * boxSize;
#declare Center = (BoxMin + BoxMax) / 2;
${fittedCamera('<(mod(Corner, 2) = 1 ? BoxMax.x : BoxMin.x), (mod(div(Corner, 2), 2) = 1 ? BoxMax.y : BoxMin.y), (div(Corner, 4) = 1 ? BoxMax.z : BoxMin.z)> - Center', '#declare Size = vlength(BoxMax - BoxMin);\n')}

light_source { Center + <-0.4 * Size, 1.2 * Size, -0.7 * Size> color rgb 1 }
light_source { CameraLocation color rgb 0.3 shadowless }

union {
// The floors.
${floors.join('\n')}
// The walls: pieces standing on the floor along its normal, a post at each joint.
${group(wallObjects, 'texture { WallTexture }')}
${decks.length > 0 ? `// The bridges: decks and their ramps, the tunnels' walls under them and their rails.\n${group(decks, 'texture { BridgeTexture }')}\n${group(rails, 'texture { WallTexture }')}\n` : ''}${flights.length > 0 ? `// The stairs: a flight of steps up to the floor above.\n${group(flights, 'texture { StairTexture }')}\n` : ''}${path.length > 0 ? `// The solution: a raised strip over the bridges, through the tunnels, up the stairs.\n${group(path, 'texture { PathTexture }')}\n` : ''}${markText}  scale boxSize
}
`;
}
