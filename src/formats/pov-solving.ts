/**
 * A solver's drawing in the POV-Ray scenes (solving.ts), square and shaped
 * alike: each tone's cells as low discs on the floor, under the solution's
 * strip, and a walker's walk as a thin rod through the cell centres just
 * above them. Coordinates are squares (a cell is 3), maze y along −z,
 * scaled by boxSize across; heights are in the scene's own units.
 */
import type { Point, Solving } from '../model/maze.js';
import { srgb } from './pov-stage.js';
import type { SolvingColors } from './solving.js';
import { shadedCells, walkOnce } from './solving.js';

const num = (v: number): string => String(+v.toFixed(3));

/** One object alone, or a union of several (POV-Ray warns about a union of one), scaled and textured. */
function group(objects: string[], rgb: number): string {
  const texture = `texture { pigment { color srgb ${srgb(rgb)} } finish { diffuse 0.9 } }`;
  const modifiers = `scale <boxSize, 1, boxSize> ${texture}`;
  if (objects.length === 1) return `${objects[0]!.slice(0, -1)} ${modifiers} }\n`;
  return `union {\n${objects.map((o) => `  ${o}\n`).join('')}  ${modifiers}\n}\n`;
}

/** The scene's objects for `solving`; `centre` gives a cell's centre in squares, `radius` a disc's; `cellOf` numbers a cell below `cells` (walkOnce). */
export function solvingObjects(solving: Solving | null, centre: (point: Point) => [number, number], radius: number, colors: SolvingColors, cellOf: (point: Point) => number, cells: number): string {
  if (!solving) return '';
  let out = '\n// The solver\'s cells (filled, sealed, seen, marked) as discs on the floor, and its walk as a rod.\n';
  for (const { rgb, cells } of shadedCells(solving, colors)) {
    const discs = cells.map((p) => {
      const [x, z] = centre(p);
      return `cylinder { <${num(x)}, 0, ${num(-z)}>, <${num(x)}, 0.05, ${num(-z)}>, ${num(radius)} }`;
    });
    out += group(discs, rgb);
  }
  const rods: string[] = [];
  // each step once (walkOnce): a rod twice is the same rod
  for (const line of walkOnce(solving.walk ?? [], cellOf, cells)) {
    for (let i = 0; i + 1 < line.length; i++) {
      const [x0, z0] = centre(line[i]!);
      const [x1, z1] = centre(line[i + 1]!);
      if (x0 === x1 && z0 === z1) continue;
      rods.push(`cylinder { <${num(x0)}, 0.1, ${num(-z0)}>, <${num(x1)}, 0.1, ${num(-z1)}>, 0.12 }`);
    }
  }
  if (rods.length > 0) out += group(rods, colors.walk);
  return out;
}
