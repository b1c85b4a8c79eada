/**
 * POV-Ray 3.7 scene (seed 001, "Modélisation"): each cell is 3 × 3 squares
 * of `boxSize`, the corner square a pillar, the two squares right of it the
 * cell's top wall, the two below it its left wall, the other four floor;
 * (3W+1) × (3H+1) squares in all. The geometry walker's lattice is exactly
 * that cut (a corner band one square wide, a cell three), so its merged
 * runs become boxes: one box per straight run of one color, never one per
 * square. Pillars take the color the PNG leaves on top of the corner.
 *
 * Maze x runs along POV's x and maze y along −z, so that a camera south of
 * the maze, looking north, sees it as the PNG shows it. Boxes are written in
 * squares, one wall high, and scaled by `boxSize` and `wallHeight`, so the
 * `#declare` lines under "edit these" are all a user edits; `xDim` and
 * `zDim` come apart, labelled as describing the walls below (editing them
 * would only move the camera). The camera is computed by the scene itself
 * from those values and the image's aspect ratio.
 *
 * Colors are the theme's (theme.ts), read against the floor: `--bg`, else
 * the theme's floor (dark gray in the default theme, the article's look).
 *
 * A solution is a low strip on the floor through the cell centers (the
 * middle of each cell's 2 × 2 floor squares), one box per straight run of
 * path.ts, `pathWidth` squares wide and `pathHeight` high, in
 * `--path-color`; a maze without one gets the scene it always had.
 */
import type { MazeRows } from '../model/rows.js';
import { drawDoors, latticeEdge, mazeCaption, reproduceCommand, RUN, runsByRgb, wallRgb } from './geometry.js';
import type { Mark } from './marks.js';
import { mazeMarks } from './marks.js';
import { pathRuns } from './path.js';
import { paint, srgbRgb, themeOf } from './theme.js';
import { sdlScene } from './pov-sdl.js';
import { solvingObjects } from './pov-solving.js';
import { solvingColors } from './solving.js';
import { comment, declare, FLOOR_PLANE, markDeclarations, pathDeclarations, rgbSrgb, srgb, STAGE, vector } from './pov-stage.js';
import type { Mask } from '../model/mask.js';
import type { RenderOptions } from './types.js';

/** Squares per cell and per corner band (seed 001). */
const CELL = 3;
const PILLAR = 1;
/** Box lines are yielded in pieces of about this many characters. */
const PIECE = 1 << 16;


export function* renderRows(given: MazeRows, options: RenderOptions): Generator<string> {
  if (options.povMaze === 'sdl') {
    yield* sdlScene(given, options);
    return;
  }
  // the walls are drawn on the floor: --bg, else the theme's floor
  const theme = themeOf(options, 'dark');
  const floor = options.bg === null ? theme.floor : rgbSrgb(options.bg);
  const painting = paint(drawDoors(given), options, theme, srgbRgb(floor)); // locked doors as walls in their keys' colors
  const maze = painting.rows;
  const route = pathRuns(maze);
  const marks = mazeMarks(maze, painting).filter((m) => m.kind !== 'door'); // doors are the colored walls above
  const caption = comment(mazeCaption(maze) ?? `maze, ${maze.width} × ${maze.height} cells`);
  const made = maze.info ? `// Made by: ${comment(reproduceCommand(maze) ?? '')} -o maze.pov\n` : '';
  yield `// ${caption}
${made}// Render with: povray +W1200 +H900 +A maze.pov
// Each cell is 3 × 3 squares of boxSize (as in Labyrinthe, premiere partie): a pillar at its top-left
// corner, its top wall on the two squares right of it, its left wall on the
// two squares below it. Maze x runs along x, maze y along -z.
#version 3.7;
global_settings { assumed_gamma 1.0 }

// ------------------------------------------------ the maze below: not to edit
// The walls further down are an xDim × zDim maze, written box by box; these
// two describe it (the camera frames it by them). Another maze is another
// run of maze gen (--w, --h, --seed).
${declare('xDim', maze.width, 'cells across (x) of the walls below')}
${declare('zDim', maze.height, 'cells deep (-z) of the walls below')}

// ---------------------------------------------------------------- edit these
${declare('boxSize', 5, "side of one of a cell's 3 × 3 squares (Labyrinthe, premiere partie)")}
${declare('wallHeight', 5, 'height of the walls')}
${declare('cameraElevation', 60, 'degrees above the horizon, looking north')}
${declare('cameraAngle', 40, 'horizontal field of view, degrees')}
#declare WallFinish = finish { diffuse 0.75 specular 0.15 roughness 0.05 }
#declare WallTexture = texture { pigment { color srgb ${srgb(wallRgb(maze, 0, null))} } finish { WallFinish } }
#declare FloorTexture = texture { pigment { color srgb ${vector(floor)} } finish { diffuse 0.9 } }
#declare SkyColor = srgb ${vector(theme.sky)};
${route.length > 0 ? pathDeclarations(painting.path) : ''}${marks.length > 0 ? markDeclarations() : ''}// ----------------------------------------------------------------------------

${maze.mask ? STAGE.replace(FLOOR_PLANE, '// No floor plane: the mask\'s cells have their floor below, the outside none.') : STAGE}

// Walls: one box per straight run of one color, in squares, then scaled.
`;
  if (maze.mask) yield* maskFloor(maze.mask, maze.width, maze.height);

  const plain = wallRgb(maze, 0, null);
  for (const [rgb, batches] of runsByRgb(maze, { pillars: true }, null)) {
    const texture = rgb === plain ? 'texture { WallTexture }' : `texture { pigment { color srgb ${srgb(rgb)} } finish { WallFinish } }`;
    // POV-Ray warns about a union of one object, so a lone box stands alone:
    // the first box waits until a second one shows it is not alone.
    let first: string | null = null;
    let union = false;
    let piece = '';
    for (const runs of batches) {
      for (let i = 0; i < runs.length; i += RUN) {
        if (first === null) {
          first = box(runs, i);
          continue;
        }
        if (!union) {
          piece = `union {\n  ${first} }\n`;
          union = true;
        }
        piece += `  ${box(runs, i)} }\n`;
        if (piece.length >= PIECE) {
          yield piece;
          piece = '';
        }
      }
    }
    if (first === null) continue;
    if (!union) yield `${first} scale <boxSize, wallHeight, boxSize> ${texture} }\n`;
    else yield `${piece}  scale <boxSize, wallHeight, boxSize>\n  ${texture}\n}\n`;
  }
  if (given.solving) {
    const center = (cell: number): number => CELL * cell + PILLAR + (CELL - PILLAR) / 2;
    yield solvingObjects(given.solving, ([x, y]) => [center(x), center(y)], (CELL - PILLAR) * 0.45, solvingColors(srgbRgb(floor), wallRgb(maze, 0, null), painting.path), ([x, y]) => y * given.width + x, given.width * given.height);
  }
  if (route.length > 0) yield* solution(route);
  if (marks.length > 0) yield markObjects(marks, maze.width, maze.height);
}

/**
 * A masked maze's floor (SPEC "Masks": no floor outside): boxes under the
 * lattice squares of its cells and of the walls and corners around them,
 * cut into row runs merged down while they keep their columns, so that no
 * two overlap; a thin slab under the walls' feet, scaled as they are.
 */
function* maskFloor(mask: Mask, width: number, height: number): Generator<string> {
  const across = 2 * width + 1;
  const row = new Uint8Array(across);
  // open runs, "x0 x1" → first lattice row
  let open = new Map<string, number>();
  let piece = '';
  // POV-Ray warns about a union of one object: the first box waits for a second
  let first: string | null = null;
  let boxes = 0;
  const close = (key: string, y0: number, y1: number): void => {
    const [x0, x1] = key.split(' ').map(Number) as [number, number];
    const box = `box { <${latticeEdge(x0, CELL, PILLAR)}, -0.2, ${-latticeEdge(y1, CELL, PILLAR)}>, <${latticeEdge(x1, CELL, PILLAR)}, 0, ${-latticeEdge(y0, CELL, PILLAR)}> }`;
    if (++boxes === 1) first = box;
    else piece += `${boxes === 2 ? `union {\n  ${first}\n` : ''}  ${box}\n`;
  };
  yield "\n// The floor: under the mask's cells only.\n";
  for (let ly = 0; ly <= 2 * height + 1; ly++) {
    row.fill(0);
    if (ly <= 2 * height) {
      // cell rows whose squares (lattice rows 2y … 2y + 2) include this one
      for (let y = Math.max(0, Math.ceil(ly / 2) - 1); y <= Math.min(height - 1, Math.floor(ly / 2)); y++) {
        for (let x = 0; x < width; x++) if (mask.cells[y * width + x] !== 0) row.fill(1, 2 * x, 2 * x + 3);
      }
    }
    const next = new Map<string, number>();
    for (let k = 0; k < across; ) {
      if (row[k] === 0) {
        k++;
        continue;
      }
      let end = k + 1;
      while (end < across && row[end] === 1) end++;
      const key = `${k} ${end}`;
      next.set(key, open.get(key) ?? ly);
      open.delete(key);
      k = end;
    }
    for (const [key, y0] of open) close(key, y0, ly);
    open = next;
    if (piece.length >= PIECE) {
      yield piece;
      piece = '';
    }
  }
  if (boxes === 1) yield `${first!.slice(0, -2)} scale <boxSize, boxSize, boxSize> texture { FloorTexture } }\n`;
  else yield `${piece}  scale <boxSize, boxSize, boxSize>\n  texture { FloorTexture }\n}\n`;
}

/**
 * Marks (marks.ts) as small objects on the floor at their cells' centers,
 * in squares scaled by boxSize: each key a ball in its color, the start a
 * flat pad, the end a cone. Locked doors are walls in their keys' colors.
 */
/** Cells a side past which the start and end marks grow with the maze. */
const MARKS_FIT = 16;

function markObjects(marks: Mark[], width: number, height: number): string {
  // start and end grow with the maze, so that the camera that frames it all still shows them: past
  // MARKS_FIT cells a side the pad becomes a column and the cone a beacon, both above the walls
  const scale = Math.max(1, Math.max(width, height) / MARKS_FIT);
  const grown = (size: string): string => (scale === 1 ? size : `${size} * ${+scale.toFixed(3)}`);
  const center = (cell: number): number => CELL * cell + PILLAR + (CELL - PILLAR) / 2;
  let out = '\n// Marks: keys (balls in their colors), the start (a green pad), the end (a blue cone).\n';
  for (const mark of marks) {
    const at = (height: string): string => `<${center(mark.x)} * boxSize, ${height}, ${-center(mark.y)} * boxSize>`;
    const texture = `texture { pigment { color srgb ${srgb(mark.rgb)} } finish { MarkFinish } }`;
    if (mark.kind === 'key') out += `sphere { ${at('keyRadius * boxSize')}, keyRadius * boxSize ${texture} }\n`;
    else if (mark.kind === 'start') {
      const top = scale === 1 ? '0.15 * boxSize' : `${grown('beaconHeight')} * boxSize`;
      out += `cylinder { ${at('0')}, ${at(top)}, ${grown('padRadius')} * boxSize ${texture} }\n`;
    }
    else if (mark.kind === 'end') out += `cone { ${at('0')}, ${grown('0.7')} * boxSize, ${at(`${grown('beaconHeight')} * boxSize`)}, 0 ${texture} }\n`;
  }
  return out;
}

/** The solution's strip: one box per straight run, across in squares (a cell's center is 2 squares past its corner), then scaled. */
function* solution(runs: Int32Array): Generator<string> {
  const center = (cell: number): number => CELL * cell + PILLAR + (CELL - PILLAR) / 2;
  const box = (i: number): string => {
    const [x0, z0, x1, z1] = [center(runs[i]!), center(runs[i + 1]!), center(runs[i + 2]!), center(runs[i + 3]!)];
    return `box { <${x0} - pathWidth / 2, 0, ${-z1} - pathWidth / 2>, <${x1} + pathWidth / 2, pathHeight, ${-z0} + pathWidth / 2>`;
  };
  yield '\n// The solution: a strip on the floor through the cell centers.\n';
  // POV-Ray warns about a union of one object, so a lone box stands alone.
  if (runs.length === 4) {
    yield `${box(0)} scale <boxSize, 1, boxSize> texture { PathTexture } }\n`;
    return;
  }
  yield 'union {\n';
  let piece = '';
  for (let i = 0; i < runs.length; i += 4) {
    piece += `  ${box(i)} }\n`;
    if (piece.length >= PIECE) {
      yield piece;
      piece = '';
    }
  }
  yield `${piece}  scale <boxSize, 1, boxSize>\n  texture { PathTexture }\n}\n`;
}

/** `box { <x0, 0, z0>, <x1, 1, z1>` (left open for modifiers) for the run at `i`, in squares, maze y along −z. */
function box(runs: Float64Array, i: number): string {
  const x0 = latticeEdge(runs[i]!, CELL, PILLAR);
  const z0 = latticeEdge(runs[i + 1]!, CELL, PILLAR);
  const x1 = latticeEdge(runs[i + 2]!, CELL, PILLAR);
  const z1 = latticeEdge(runs[i + 3]!, CELL, PILLAR);
  return `box { <${x0}, 0, ${-z1}>, <${x1}, 1, ${-z0}>`;
}
