/**
 * Binary STL (SPEC "Fabrication formats"): the maze's solid (solid.ts) for
 * a 3D printer's slicer, in millimetres: an 80-byte header, the facet
 * count, then 50 bytes a facet (its normal, its three corners as 32-bit
 * floats, two zero bytes). The corners are whole micrometres, so a corner
 * shared by facets is the very same float in each. The first facets are
 * the plate's bottom, whose normal (0, 0, −1) has bytes over 127: readers
 * that guess text or binary from the bytes after the header (admesh) see
 * binary.
 */
import { GraphMaze } from '../grid/graph-maze.js';
import type { AnyMaze } from '../passages/view.js';
import { checkFabSize, checkWallRoom, fabOf, MAX_MESH_CELLS } from './fabrication.js';
import { mazeCaption } from './geometry.js';
import { shapeCaption } from './shape-picture.js';
import type { Solid } from './solid.js';
import { buildSolid, UM } from './solid.js';
import type { Format, RenderOptions } from './types.js';

/** What a made thing says it is: the maze's caption, or its grid. */
export function madeCaption(maze: AnyMaze): string {
  return maze instanceof GraphMaze ? shapeCaption(maze) : (mazeCaption(maze) ?? `maze, ${maze.width} × ${maze.height} cells`);
}

/** The solid as binary STL bytes. */
export function stlBytes(solid: Solid, caption: string): Uint8Array {
  const { vertices, triangles } = solid;
  const count = triangles.length / 3;
  const bytes = new Uint8Array(84 + 50 * count);
  const header = `maze STL, millimetres: ${caption}`.replaceAll('×', 'x').replace(/[^\x20-\x7e]/g, '?').slice(0, 80).padEnd(80, ' ');
  for (let i = 0; i < 80; i++) bytes[i] = header.charCodeAt(i);
  const view = new DataView(bytes.buffer);
  view.setUint32(80, count, true);
  let at = 84;
  for (let t = 0; t < triangles.length; t += 3) {
    const a = 3 * triangles[t]!;
    const b = 3 * triangles[t + 1]!;
    const c = 3 * triangles[t + 2]!;
    const ux = vertices[b]! - vertices[a]!;
    const uy = vertices[b + 1]! - vertices[a + 1]!;
    const uz = vertices[b + 2]! - vertices[a + 2]!;
    const vx = vertices[c]! - vertices[a]!;
    const vy = vertices[c + 1]! - vertices[a + 1]!;
    const vz = vertices[c + 2]! - vertices[a + 2]!;
    const nx = uy * vz - uz * vy;
    const ny = uz * vx - ux * vz;
    const nz = ux * vy - uy * vx;
    const length = Math.hypot(nx, ny, nz);
    view.setFloat32(at, nx / length, true);
    view.setFloat32(at + 4, ny / length, true);
    view.setFloat32(at + 8, nz / length, true);
    at += 12;
    for (const v of [a, b, c]) {
      view.setFloat32(at, vertices[v]! / UM, true);
      view.setFloat32(at + 4, vertices[v + 1]! / UM, true);
      view.setFloat32(at + 8, vertices[v + 2]! / UM, true);
      at += 12;
    }
    at += 2;
  }
  return bytes;
}

function* renderStl(maze: AnyMaze, options: RenderOptions): Generator<Uint8Array> {
  checkFabSize('stl', maze instanceof GraphMaze ? maze.shape.cellCount : maze.width * maze.height, MAX_MESH_CELLS);
  const fab = fabOf(options);
  checkWallRoom(fab);
  yield stlBytes(buildSolid(maze, fab), madeCaption(maze));
}

const stl: Format & { readonly name: 'stl' } = {
  name: 'stl' as const,
  description: 'binary STL for a 3D printer: a plate and the walls standing on it, in millimetres (its cell, wall, height and base sizes)',
  extensions: ['.stl'],
  binary: true,
  reads: ['cellMm', 'wallMm', 'heightMm', 'baseMm'],
  solution: 'path',
  tunnels: true,
  checkSize: (width, height, options) => {
    checkFabSize('stl', width * height, MAX_MESH_CELLS);
    checkWallRoom(fabOf(options));
  },
  checkCells: (cells) => checkFabSize('stl', cells, MAX_MESH_CELLS),
  render: renderStl,
  renderGraph: renderStl,
};

export default stl;
