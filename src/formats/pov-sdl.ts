/**
 * `--pov-maze sdl`: a POV-Ray 3.7 scene that builds its maze itself, as
 * the POV-Ray maze document does (seed 001, "Labyrinthe – première
 * partie"): random path merging ("fusion aléatoire de chemins") written in
 * POV-Ray's scene language, from `xDim`, `zDim` and a `mazeSeed` the user
 * edits. It is not the command line's maze: POV-Ray's `rand` is its own.
 *
 * The scene, as POV-Ray reads it:
 *
 * 1. Every wall up: `TopWall[X][Z]` (the wall above cell X, Z; row zDim
 *    is the bottom border) and `LeftWall[X][Z]` (column xDim the right
 *    border), the seed's HWalls and VWalls in the model's layout.
 * 2. The walls between two cells listed (2·cell for the wall east of a
 *    cell, 2·cell + 1 for the wall south of it) and shuffled, Fisher–Yates
 *    over `rand(seed(mazeSeed))`: a uniformly random order.
 * 3. Each wall in that order is opened when the cells on its two sides
 *    carry different labels, and the labels merge. The seed relabels the
 *    whole grid at each merge (ChangeMazeCells); the labels here are a
 *    union–find with path halving, the same maze in far fewer steps. The
 *    result is perfect: W·H − 1 walls opened, every cell joined.
 * 4. With `debugWalls` declared true (in the scene, or `Declare=debugWalls=1`
 *    on povray's command line), the walls are written to the debug stream
 *    as rows of 1 (wall) and 0 (open), in the JSON format's `top` and
 *    `left` layout, so that a program can read the maze back.
 * 5. The walls are drawn as the other scene draws them (pov-scene.ts): 3 × 3
 *    squares of `boxSize` per cell, a pillar at each corner that touches a
 *    wall, two squares for each wall, one box each, in one union.
 */
import type { MazeRows } from '../model/rows.js';
import { cyrb128 } from '../rng.js';
import { comment, declare, rgbSrgb, srgb, STAGE, vector } from './pov-stage.js';
import { plainWalls, srgbRgb, themeOf } from './theme.js';
import type { RenderOptions } from './types.js';
import { checkSdlSize, MAX_SDL_CELLS } from './pov-limits.js';

/**
 * The scene's `mazeSeed` for the command's seed: the seed itself when it
 * is a whole number POV-Ray holds exactly (up to 9 digits), else a number
 * drawn from its text; the same seed always gives the same scene.
 */
export function povSeed(seed: string): number {
  return /^\d{1,9}$/.test(seed) ? Number(seed) : cyrb128(seed)[0] % 1_000_000_000;
}

/** The scene, in one piece (its size does not grow with the maze's: POV-Ray's loops do). */
export function* sdlScene(maze: Pick<MazeRows, 'width' | 'height' | 'info'>, options: RenderOptions): Generator<string> {
  checkSdlSize(maze.width, maze.height);
  const theme = themeOf(options, 'dark');
  const floor = options.bg === null ? theme.floor : rgbSrgb(options.bg);
  const walls = plainWalls(options, theme, srgbRgb(floor), 0xffffff);
  const seed = maze.info?.seed ?? '1';
  const made = `maze gen --w ${maze.width} --h ${maze.height} --seed ${seed}${options.theme ? ` --theme ${options.theme}` : ''} --pov-maze sdl -o maze.pov`;
  yield `// A maze POV-Ray makes itself, by random path merging (Labyrinthe, premiere partie)
// Made by: ${comment(made)}
// Render with: povray +W1200 +H900 +A maze.pov
// Each cell is 3 × 3 squares of boxSize (as in Labyrinthe, premiere partie): a pillar at its top-left
// corner, its top wall on the two squares right of it, its left wall on the
// two squares below it. Maze x runs along x, maze y along -z.
#version 3.7;
global_settings { assumed_gamma 1.0 }

// ----------------------------------------------------- edit these: the maze
${declare('xDim', maze.width, 'cells across (x)')}
${declare('zDim', maze.height, 'cells deep (-z)')}
${declare('mazeSeed', povSeed(seed), 'any whole number: another gives another maze')}
// Declare=debugWalls=1 on povray's command line (or #declare debugWalls = true; here)
// writes the walls to the debug stream, as rows of 1 (wall) and 0 (open).

// ---------------------------------------------------- edit these: the look
${declare('boxSize', 5, "side of one of a cell's 3 × 3 squares (Labyrinthe, premiere partie)")}
${declare('wallHeight', 5, 'height of the walls')}
${declare('cameraElevation', 60, 'degrees above the horizon, looking north')}
${declare('cameraAngle', 40, 'horizontal field of view, degrees')}
#declare WallFinish = finish { diffuse 0.75 specular 0.15 roughness 0.05 }
#declare TopWallTexture = texture { pigment { color srgb ${srgb(walls.top)} } finish { WallFinish } }   // walls across (x)
#declare LeftWallTexture = texture { pigment { color srgb ${srgb(walls.left)} } finish { WallFinish } }  // walls down (-z)
#declare FloorTexture = texture { pigment { color srgb ${vector(floor)} } finish { diffuse 0.9 } }
#declare SkyColor = srgb ${vector(theme.sky)};
// ----------------------------------------------------------------------------

#ifndef (debugWalls) #declare debugWalls = false; #end

// The values above, checked, so that a slip is named here rather than deep
// in the loops below (as POV-Ray's "Array subscript out of range").
#if (xDim < 1 | xDim != int(xDim)) #error concat("xDim must be a whole number of cells, 1 or more, not ", str(xDim, 0, -1), "\n") #end
#if (zDim < 1 | zDim != int(zDim)) #error concat("zDim must be a whole number of cells, 1 or more, not ", str(zDim, 0, -1), "\n") #end
#if (xDim * zDim > ${MAX_SDL_CELLS}) #error concat("xDim * zDim must be at most ${MAX_SDL_CELLS} cells (POV-Ray makes the maze slowly), not ", str(xDim * zDim, 0, 0), "\n") #end
#if (mazeSeed != int(mazeSeed)) #error concat("mazeSeed must be a whole number, not ", str(mazeSeed, 0, -1), "\n") #end
#if (boxSize <= 0) #error concat("boxSize must be over 0, not ", str(boxSize, 0, -1), "\n") #end
#if (wallHeight <= 0) #error concat("wallHeight must be over 0, not ", str(wallHeight, 0, -1), "\n") #end

// 1. Every wall up. TopWall[X][Z]: the wall above cell (X, Z), row zDim the
// bottom border; LeftWall[X][Z]: the wall left of it, column xDim the right border.
#declare TopWall = array[xDim][zDim + 1];
#declare LeftWall = array[xDim + 1][zDim];
#for (X, 0, xDim - 1) #for (Z, 0, zDim) #declare TopWall[X][Z] = true; #end #end
#for (X, 0, xDim) #for (Z, 0, zDim - 1) #declare LeftWall[X][Z] = true; #end #end

// 2. The walls between two cells (cell C = Z * xDim + X): 2C the one east of
// it, 2C + 1 the one south of it; shuffled, Fisher-Yates over mazeSeed's stream.
#declare WallCount = (xDim - 1) * zDim + xDim * (zDim - 1);
#declare Between = array[max(1, WallCount)];
#declare N = 0;
#for (Z, 0, zDim - 1)
  #for (X, 0, xDim - 1)
    #if (X < xDim - 1) #declare Between[N] = 2 * (Z * xDim + X); #declare N = N + 1; #end
    #if (Z < zDim - 1) #declare Between[N] = 2 * (Z * xDim + X) + 1; #declare N = N + 1; #end
  #end
#end
#declare Stream = seed(mazeSeed);
#for (I, WallCount - 1, 1, -1)
  #declare J = min(I, floor(rand(Stream) * (I + 1)));
  #declare Swap = Between[I];
  #declare Between[I] = Between[J];
  #declare Between[J] = Swap;
#end

// 3. Random path merging: a wall opens when its two cells are not joined
// yet, and their sets merge (a union-find with path halving for the
// document's relabelling of the whole grid).
#declare Parent = array[xDim * zDim];
#for (C, 0, xDim * zDim - 1) #declare Parent[C] = C; #end
#macro FindRoot(Cell)
  #local Root = Cell;
  #while (Parent[Root] != Root)
    #declare Parent[Root] = Parent[Parent[Root]];
    #local Root = Parent[Root];
  #end
  Root
#end
#for (I, 0, WallCount - 1)
  #declare A = div(Between[I], 2);
  #declare South = mod(Between[I], 2);
  #declare B = (South ? A + xDim : A + 1);
  #declare RootA = FindRoot(A);
  #declare RootB = FindRoot(B);
  #if (RootA != RootB)
    #declare Parent[RootA] = RootB;
    #declare CellX = mod(A, xDim);
    #declare CellZ = div(A, xDim);
    #if (South) #declare TopWall[CellX][CellZ + 1] = false; #else #declare LeftWall[CellX + 1][CellZ] = false; #end
  #end
#end

// 4. The walls on the debug stream, on request.
#if (debugWalls)
  #debug concat("maze ", str(xDim, 0, 0), " ", str(zDim, 0, 0), "\\n")
  #for (Z, 0, zDim)
    #declare Row = "";
    #for (X, 0, xDim - 1) #if (TopWall[X][Z]) #declare Row = concat(Row, "1"); #else #declare Row = concat(Row, "0"); #end #end
    #debug concat("top ", Row, "\\n")
  #end
  #for (Z, 0, zDim - 1)
    #declare Row = "";
    #for (X, 0, xDim) #if (LeftWall[X][Z]) #declare Row = concat(Row, "1"); #else #declare Row = concat(Row, "0"); #end #end
    #debug concat("left ", Row, "\\n")
  #end
#end

${STAGE}

// 5. The walls, one box each, in squares, then scaled: a pillar at each
// corner that touches a wall (in the color of the wall the pictures leave
// on top there), two squares for each wall.
union {
  #for (Z, 0, zDim)
    #for (X, 0, xDim)
      #declare Pillar = 0; // 1: a wall across, 2: a wall down
      #if (X < xDim) #if (TopWall[X][Z]) #declare Pillar = 1; #end #end
      #if (Pillar = 0 & Z < zDim) #if (LeftWall[X][Z]) #declare Pillar = 2; #end #end
      #if (Pillar = 0 & Z > 0) #if (LeftWall[X][Z - 1]) #declare Pillar = 2; #end #end
      #if (Pillar = 0 & X > 0) #if (TopWall[X - 1][Z]) #declare Pillar = 1; #end #end
      #if (Pillar > 0)
        box { <3 * X, 0, -3 * Z - 1>, <3 * X + 1, 1, -3 * Z> texture { #if (Pillar = 1) TopWallTexture #else LeftWallTexture #end } }
      #end
      #if (X < xDim) #if (TopWall[X][Z]) box { <3 * X + 1, 0, -3 * Z - 1>, <3 * X + 3, 1, -3 * Z> texture { TopWallTexture } } #end #end
      #if (Z < zDim) #if (LeftWall[X][Z]) box { <3 * X, 0, -3 * Z - 3>, <3 * X + 1, 1, -3 * Z - 1> texture { LeftWallTexture } } #end #end
    #end
  #end
  scale <boxSize, wallHeight, boxSize>
}
`;
}
