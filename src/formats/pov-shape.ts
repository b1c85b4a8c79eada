/**
 * POV-Ray 3.7 scene of a maze on a hex, triangle or polar grid (SPEC "Grid
 * shapes": each wall a box along its side, the floor under the maze's
 * cells only, the ends and the path marked). The stage is the square
 * scene's (pov-stage.ts: sky, the camera that frames the whole maze, the
 * lights), framing the shape's picture instead of a lattice of squares.
 *
 * Geometry is the pictures' (grid/shape.ts, shape-picture.ts's
 * `wallSides`): a tile is 3 squares of `boxSize`, as a square cell is, so
 * that a point (x, y) in tiles stands at (3x, −3y) squares, maze y along
 * −z. Each wall drawn in the picture is a box `wallThickness` squares thick
 * along each straight piece of its side (an arc a few pieces), with a
 * round post at every corner, so that walls meeting at any angle join
 * without a gap. The floor is a thin prism under each cell of the maze.
 */
import type { GraphMaze } from '../grid/graph-maze.js';
import { WHITE } from '../model/maze.js';
import { readableOn } from './contrast.js';
import { reproduceCommand } from './geometry.js';
import { END_COLOR, START_COLOR } from './marks.js';
import { comment, declare, FLOOR_PLANE, markDeclarations, pathDeclarations, rgbSrgb, srgb, STAGE, vector } from './pov-stage.js';
import { shapeCaption, wallSides } from './shape-picture.js';
import { plainWalls, srgbRgb, themeOf } from './theme.js';
import type { RenderOptions } from './types.js';
import { solvingObjects } from './pov-solving.js';
import { solvingColors } from './solving.js';

/** Squares per tile: a square cell's 3. */
const SQUARES = 3;
/** Text is yielded in pieces of about this many characters. */
const PIECE = 1 << 16;
/** An arc is drawn as straight pieces of at most about this many tiles. */
const ARC_PIECE = 0.5;
/** Squares a side of the picture past which the start and end marks grow with the maze (the square scene's 16 cells). */
const MARKS_FIT = 16 * SQUARES;

/** A number in squares to three decimals, as the scene writes it. */
function num(v: number): number {
  return Math.round(v * 1000) / 1000 + 0;
}

/** A side's polyline in tiles as the points its boxes join, in squares: an arc's many points thinned to pieces of about ARC_PIECE. */
function wallPoints(line: Float64Array): number[] {
  const n = line.length / 2;
  let step = 1;
  if (n > 2) {
    const piece = Math.hypot(line[2]! - line[0]!, line[3]! - line[1]!);
    step = Math.max(1, Math.floor(ARC_PIECE / Math.max(piece, 1e-9)));
  }
  const points: number[] = [];
  for (let i = 0; i < n; i += step) points.push(line[2 * i]! * SQUARES, line[2 * i + 1]! * SQUARES);
  if ((n - 1) % step !== 0) points.push(line[2 * n - 2]! * SQUARES, line[2 * n - 1]! * SQUARES);
  return points;
}

/** A box of half-thickness `half` (a name in the scene) along (x0, y0) → (x1, y1) in squares, from height 0 to `top`; maze y along −z. */
function pieceBox(x0: number, y0: number, x1: number, y1: number, half: string, top: string): string {
  const length = Math.hypot(x1 - x0, y1 - y0);
  // POV-Ray's rotate about y turns +x towards −z for a positive angle; the piece runs along (dx, −dy) in x, z
  const angle = (Math.atan2(y1 - y0, x1 - x0) * 180) / Math.PI;
  return `box { <0, 0, -${half}>, <${num(length)}, ${top}, ${half}> rotate <0, ${num(angle)}, 0> translate <${num(x0)}, 0, ${num(-y0)}> }`;
}

/** A round post of radius `half` at (x, y) in squares, from height 0 to `top`. */
function post(x: number, y: number, half: string, top: string): string {
  return `cylinder { <${num(x)}, 0, ${num(-y)}>, <${num(x)}, ${top}, ${num(-y)}>, ${half} }`;
}

/** Objects into one union (POV-Ray warns about a union of one: a lone object stands alone), in pieces, with `tail` (scale, texture) closing it. */
function* union(objects: Iterable<string>, tail: string): Generator<string> {
  let first: string | null = null;
  let count = 0;
  let piece = '';
  for (const object of objects) {
    if (++count === 1) {
      first = object;
      continue;
    }
    if (count === 2) piece = `union {\n  ${first}\n`;
    piece += `  ${object}\n`;
    if (piece.length >= PIECE) {
      yield piece;
      piece = '';
    }
  }
  if (count === 0) return;
  if (count === 1) yield `object { ${first} ${tail} }\n`;
  else yield `${piece}  ${tail}\n}\n`;
}

/** The walls: a box along each straight piece of every side the picture draws, a post at every corner. */
function* wallObjects(maze: GraphMaze): Generator<string> {
  const { shape } = maze;
  const posts = new Set<string>();
  for (const side of wallSides(maze)) {
    const slot = side % shape.maxDegree;
    const points = wallPoints(shape.side((side - slot) / shape.maxDegree, slot));
    for (let i = 0; i + 3 < points.length; i += 2) yield pieceBox(points[i]!, points[i + 1]!, points[i + 2]!, points[i + 3]!, 'WallHalf', '1');
    for (let i = 0; i + 1 < points.length; i += 2) {
      const key = `${num(points[i]!)} ${num(points[i + 1]!)}`;
      if (posts.has(key)) continue;
      posts.add(key);
      yield post(points[i]!, points[i + 1]!, 'WallHalf', '1');
    }
  }
}

/** The floor: a thin prism under each cell of the maze, its outline in squares. */
function* floorObjects(maze: GraphMaze): Generator<string> {
  const { shape } = maze;
  for (let c = 0; c < maze.cellCount; c++) {
    if (!maze.isIn(c)) continue;
    const outline = shape.outline(c);
    const n = outline.length / 2;
    let points = '';
    for (let i = 0; i <= n; i++) points += `, <${num(outline[2 * (i % n)]! * SQUARES)}, ${num(-outline[2 * (i % n) + 1]! * SQUARES)}>`;
    yield `prism { linear_sweep linear_spline -0.2, 0, ${n + 1}${points} }`;
  }
}

/** The solution: a low strip through the cell centres, a box along each step, a round post at each turn. */
function* pathObjects(maze: GraphMaze): Generator<string> {
  const { shape } = maze;
  const solution = maze.solution ?? [];
  const centers = solution.map((point) => shape.center(maze.cellAt(point)).map((v) => v * SQUARES) as [number, number]);
  for (let i = 0; i + 1 < centers.length; i++) {
    const [x0, y0] = centers[i]!;
    const [x1, y1] = centers[i + 1]!;
    yield pieceBox(x0, y0, x1, y1, 'PathHalf', 'pathHeight');
  }
  for (const [x, y] of centers) yield post(x, y, 'PathHalf', 'pathHeight');
}

/** The start (a green pad) and the end (a blue cone) at their cells' centres, grown with the maze as the square scene's. */
function markObjects(maze: GraphMaze, floor: number, ratio: number): string {
  const { shape } = maze;
  const scale = Math.max(1, (Math.max(shape.extent.width, shape.extent.height) * SQUARES) / MARKS_FIT);
  const grown = (size: string): string => (scale === 1 ? size : `${size} * ${+scale.toFixed(3)}`);
  let out = '';
  for (const [point, kind] of [
    [maze.start, 'start'],
    [maze.end, 'end'],
  ] as const) {
    if (point === null) continue;
    const c = maze.cellAt(point);
    if (c < 0) continue;
    const [x, y] = shape.center(c).map((v) => num(v * SQUARES)) as [number, number];
    const at = (height: string): string => `<${x} * boxSize, ${height}, ${-y} * boxSize>`;
    const rgb = readableOn(kind === 'start' ? START_COLOR : END_COLOR, floor, ratio);
    const texture = `texture { pigment { color srgb ${srgb(rgb)} } finish { MarkFinish } }`;
    if (kind === 'start') {
      const top = scale === 1 ? '0.15 * boxSize' : `${grown('beaconHeight')} * boxSize`;
      out += `cylinder { ${at('0')}, ${at(top)}, ${grown('padRadius')} * boxSize ${texture} }\n`;
    } else out += `cone { ${at('0')}, ${grown('0.7')} * boxSize, ${at(`${grown('beaconHeight')} * boxSize`)}, 0 ${texture} }\n`;
  }
  return out === '' ? '' : `\n// Marks: the start (a green pad), the end (a blue cone).\n${out}`;
}

/** The stage framing the shape's picture, its size in squares, with no floor plane (the cells have their floor). */
function shapeStage(width: number, height: number): string {
  const stage = STAGE.replace('#declare mazeX = (3 * xDim + 1) * boxSize;', `#declare mazeX = ${num(width)} * boxSize; // the picture's width in squares`)
    .replace('#declare mazeZ = (3 * zDim + 1) * boxSize;', `#declare mazeZ = ${num(height)} * boxSize; // its depth`)
    .replace(FLOOR_PLANE, "// No floor plane: the maze's cells have their floor below, the outside none.");
  return stage;
}

/** The scene of a graph maze. */
export function* shapePov(maze: GraphMaze, options: RenderOptions): Generator<string> {
  const { shape } = maze;
  const theme = themeOf(options, 'dark');
  const floor = options.bg === null ? theme.floor : rgbSrgb(options.bg);
  const floorRgb = srgbRgb(floor);
  const wallRgb = plainWalls(options, theme, floorRgb, WHITE).top;
  const pathRgb = readableOn(options.pathColor, floorRgb, theme.ratio);
  const solved = (maze.solution?.length ?? 0) > 0;
  const marked = maze.start !== null || maze.end !== null;
  const width = shape.extent.width * SQUARES;
  const height = shape.extent.height * SQUARES;
  // a wall a fifth of a cell's room thick: the square's third is too thick for a triangle's narrow corners
  const thickness = num(shape.room * SQUARES * 0.2);
  const size = shape.name === 'polar' ? [declare('xDim', shape.width, 'rings around the centre cell of the walls below')] : [declare('xDim', shape.width, 'cells across (x) of the walls below'), declare('zDim', shape.height, 'cells deep (-z) of the walls below')];
  const made = reproduceCommand(maze);
  yield `// ${comment(shapeCaption(maze))}
${made === null ? '' : `// Made by: ${comment(made)} -o maze.pov\n`}// Render with: povray +W1200 +H900 +A maze.pov
// A tile of the ${shape.name} grid (a cell's width) is 3 squares of boxSize, as a square maze's cell is;
// each wall is a box along its side with a round post at each corner, the floor a thin prism under each cell.
// Maze x runs along x, maze y along -z.
#version 3.7;
global_settings { assumed_gamma 1.0 }

// ------------------------------------------------ the maze below: not to edit
// The walls further down are this maze, written box by box; these describe
// it. Another maze is another run of maze gen (--shape, --w, --h, --seed).
${size.join('\n')}

// ---------------------------------------------------------------- edit these
${declare('boxSize', 5, 'a tile (a cell across) is 3 of these')}
${declare('wallHeight', 5, 'height of the walls')}
${declare('wallThickness', thickness, 'thickness of the walls, in squares')}
${declare('cameraElevation', 60, 'degrees above the horizon, looking north')}
${declare('cameraAngle', 40, 'horizontal field of view, degrees')}
#declare WallFinish = finish { diffuse 0.75 specular 0.15 roughness 0.05 }
#declare WallTexture = texture { pigment { color srgb ${srgb(wallRgb)} } finish { WallFinish } }
#declare FloorTexture = texture { pigment { color srgb ${vector(floor)} } finish { diffuse 0.9 } }
#declare SkyColor = srgb ${vector(theme.sky)};
${solved ? pathDeclarations(pathRgb) : ''}${marked ? markDeclarations() : ''}// ----------------------------------------------------------------------------

${shapeStage(width, height)}
#declare WallHalf = wallThickness / 2;
${solved ? '#declare PathHalf = pathWidth / 2;\n' : ''}
// The floor: under the maze's cells only.
`;
  yield* union(floorObjects(maze), 'scale <boxSize, boxSize, boxSize>\n  texture { FloorTexture }');
  yield '\n// Walls: a box along each straight piece of a side, a round post at each corner, in squares, then scaled.\n';
  yield* union(wallObjects(maze), 'scale <boxSize, wallHeight, boxSize>\n  texture { WallTexture }');
  yield solvingObjects(maze.solving, (point) => shape.center(maze.cellAt(point)).map((v) => v * SQUARES) as [number, number], shape.room * SQUARES * 0.35, solvingColors(floorRgb, wallRgb, pathRgb), (point) => maze.cellAt(point), shape.cellCount);
  if (solved) {
    yield '\n// The solution: a strip on the floor through the cell centres.\n';
    yield* union(pathObjects(maze), 'scale <boxSize, 1, boxSize>\n  texture { PathTexture }');
  }
  yield markObjects(maze, floorRgb, theme.ratio);
}
