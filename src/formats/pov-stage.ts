/**
 * What the two POV-Ray scenes share (pov.ts, the maze as wall boxes;
 * pov-sdl.ts, the maze POV-Ray makes itself): the stage around the maze
 * and the way values are written into a scene.
 */
import type { Srgb } from './theme.js';

/** The floor under a whole maze: a plane (a masked maze has floor boxes under its cells only, pov.ts). */
export const FLOOR_PLANE = 'plane { y, 0 texture { FloorTexture } }';

/**
 * The sky, the camera, the lights and the floor, from the declarations at
 * the top (xDim, zDim, boxSize, wallHeight, the camera's, the textures):
 * the same in the scene of walls and in the scene that makes its own maze.
 */
export const STAGE = `background { color SkyColor }

// The camera stands back along its line of sight until all eight corners
// of the maze's bounding box fit the picture, whatever its aspect ratio.
#declare mazeX = (3 * xDim + 1) * boxSize;
#declare mazeZ = (3 * zDim + 1) * boxSize;
#declare Center = <mazeX / 2, 0, -mazeZ / 2>;
${fittedCamera('<(mod(Corner, 2) - 0.5) * mazeX, mod(div(Corner, 2), 2) * wallHeight, (div(Corner, 4) - 0.5) * mazeZ>')}

light_source { Center + <-0.6 * mazeX, 1.5 * (mazeX + mazeZ), -0.9 * mazeZ> color rgb 1 }
light_source { CameraLocation color rgb 0.25 shadowless }

${FLOOR_PLANE}`;

/**
 * The camera at cameraElevation and cameraAngle, looking at Center from as
 * far back as the eight corners need to fit the picture: `corner` is
 * corner number Corner (0 to 7) of the box, from Center; `declared` goes
 * after the camera's location.
 */
export function fittedCamera(corner: string, declared = ''): string {
  return `#declare Elevation = radians(cameraElevation);
#declare ViewDir = <0, -sin(Elevation), cos(Elevation)>;
#declare ViewUp = <0, cos(Elevation), sin(Elevation)>;
#declare Aspect = image_width / image_height;
#declare TanX = tan(radians(cameraAngle / 2));
#declare TanY = TanX / Aspect;
#declare Distance = 0;
#for (Corner, 0, 7)
  #declare P = ${corner};
  #declare Depth = vdot(P, ViewDir);
  #declare Distance = max(Distance, abs(P.x) / TanX - Depth, abs(vdot(P, ViewUp)) / TanY - Depth);
#end
#declare CameraLocation = Center - 1.04 * Distance * ViewDir;
${declared}camera {
  location CameraLocation
  right x * Aspect
  up y
  angle cameraAngle
  look_at Center
}`;
}

/** POV-Ray's `<r, g, b>` for 0xRRGGBB, each channel 0..1 to three decimals. */
export function srgb(rgb: number): string {
  return vector(rgbSrgb(rgb));
}

/** The srgb channels of 0xRRGGBB, 0..1 to three decimals. */
export function rgbSrgb(rgb: number): Srgb {
  const channel = (shift: number): number => Math.round((((rgb >>> shift) & 255) / 255) * 1000) / 1000;
  return [channel(16), channel(8), channel(0)];
}

/** POV-Ray's `<r, g, b>`. */
export function vector([r, g, b]: Srgb): string {
  return `<${r}, ${g}, ${b}>`;
}

/** `#declare name = value;` with its comment aligned. */
export function declare(name: string, value: number, why: string): string {
  return `#declare ${name} = ${value};`.padEnd(32) + ` // ${why}`;
}

/** Text safe on one comment line. */
export function comment(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f]/g, ' ');
}

/** The declarations a scene with marks reads (the start's pad, the end's cone). */
export function markDeclarations(): string {
  return `${declare('keyRadius', 0.6, 'a key: a ball on the floor, radius in squares')}
${declare('padRadius', 0.8, 'the start: a green pad, radius in squares')}
${declare('beaconHeight', 2, 'the end: a blue cone, height in squares')}
#declare MarkFinish = finish { emission 0.35 diffuse 0.65 specular 0.3 roughness 0.02 }
`;
}

/** The declarations a scene with a solution reads. */
export function pathDeclarations(pathColor: number): string {
  return `${declare('pathWidth', 0.6, 'width of the solution strip, in squares')}
${declare('pathHeight', 0.2, 'its height above the floor')}
#declare PathTexture = texture { pigment { color srgb ${srgb(pathColor)} } finish { emission 0.3 diffuse 0.7 } }
`;
}
