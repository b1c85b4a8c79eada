/**
 * 3MF (3D Manufacturing Format core specification 1.3; SPEC "Fabrication
 * formats"): the maze's solid (solid.ts) as one mesh object in a zip
 * package (zip.ts): the content types, the relationship to the model, and
 * the model, in millimetres, its vertices listed once and each triangle
 * three of their numbers, counter-clockwise seen from outside.
 */
import { GraphMaze } from '../grid/graph-maze.js';
import type { AnyMaze } from '../passages/view.js';
import { checkFabSize, checkWallRoom, fabOf, MAX_MESH_CELLS } from './fabrication.js';
import { buildSolid, UM } from './solid.js';
import type { Solid } from './solid.js';
import { madeCaption } from './stl.js';
import type { Format, RenderOptions } from './types.js';
import { xmlText } from './xml.js';
import { zipBytes } from './zip.js';
import { concatBytes } from './png-encoder.js';

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="model" ContentType="application/vnd.ms-package.3dmanufacturing-3dmodel+xml"/></Types>
`;
const RELATIONSHIPS = `<?xml version="1.0" encoding="UTF-8"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Target="/3D/3dmodel.model" Id="rel0" Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/></Relationships>
`;

/** Whole micrometres as millimetres, exactly: 1234 is 1.234. */
function mm(um: number): string {
  const sign = um < 0 ? '-' : '';
  const a = Math.abs(um);
  const fraction = a % UM;
  return fraction === 0 ? `${sign}${(a - fraction) / UM}` : `${sign}${(a - fraction) / UM}.${String(fraction).padStart(3, '0').replace(/0+$/, '')}`;
}

function escapeXml(text: string): string {
  return xmlText(text).replace(/"/g, '&quot;');
}

/** Lines of the model part encoded at a time: a few megabytes of text. */
const LINES_A_BATCH = 65_536;

/**
 * The model part, one object, its mesh, as UTF-8 bytes: encoded a batch of
 * lines at a time, for a large mesh's text (10 million facets: some 800 MB)
 * is longer than one string may be (V8's 2^29 characters).
 */
export function modelBytes(solid: Solid, caption: string): Uint8Array {
  const { vertices, triangles } = solid;
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  let lines: string[] = [];
  const line = (text: string): void => {
    lines.push(text);
    if (lines.length === LINES_A_BATCH) flush();
  };
  const flush = (): void => {
    parts.push(encoder.encode(`${lines.join('\n')}\n`));
    lines = [];
  };
  for (const text of [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<model unit="millimeter" xml:lang="en-US" xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02">',
    ` <metadata name="Title">${escapeXml(caption)}</metadata>`,
    ' <metadata name="Application">maze</metadata>',
    ' <resources>',
    '  <object id="1" type="model">',
    '   <mesh>',
    '    <vertices>',
  ]) line(text);
  for (let i = 0; i < vertices.length; i += 3) line(`     <vertex x="${mm(vertices[i]!)}" y="${mm(vertices[i + 1]!)}" z="${mm(vertices[i + 2]!)}"/>`);
  line('    </vertices>');
  line('    <triangles>');
  for (let t = 0; t < triangles.length; t += 3) line(`     <triangle v1="${triangles[t]}" v2="${triangles[t + 1]}" v3="${triangles[t + 2]}"/>`);
  for (const text of ['    </triangles>', '   </mesh>', '  </object>', ' </resources>', ' <build>', '  <item objectid="1"/>', ' </build>', '</model>']) line(text);
  if (lines.length > 0) flush();
  return concatBytes(parts);
}

async function* render3mf(maze: AnyMaze, options: RenderOptions): AsyncGenerator<Uint8Array> {
  checkFabSize('3mf', maze instanceof GraphMaze ? maze.shape.cellCount : maze.width * maze.height, MAX_MESH_CELLS);
  const fab = fabOf(options);
  checkWallRoom(fab);
  const zlib = await import('node:zlib');
  const text = new TextEncoder();
  const model = modelBytes(buildSolid(maze, fab), madeCaption(maze));
  yield zipBytes(
    [
      { name: '[Content_Types].xml', data: text.encode(CONTENT_TYPES) },
      { name: '_rels/.rels', data: text.encode(RELATIONSHIPS) },
      { name: '3D/3dmodel.model', data: model },
    ],
    (data) => zlib.deflateRawSync(data, { level: 6 }),
    (data) => zlib.crc32(data),
  );
}

const threemf: Format & { readonly name: '3mf' } = {
  name: '3mf' as const,
  description: '3MF package for a 3D printer: the STL\'s plate and walls as one mesh object, in millimetres',
  extensions: ['.3mf'],
  binary: true,
  reads: ['cellMm', 'wallMm', 'heightMm', 'baseMm'],
  solution: 'path',
  tunnels: true,
  checkSize: (width, height, options) => {
    checkFabSize('3mf', width * height, MAX_MESH_CELLS);
    checkWallRoom(fabOf(options));
  },
  checkCells: (cells) => checkFabSize('3mf', cells, MAX_MESH_CELLS),
  render: render3mf,
  renderGraph: render3mf,
};

export default threemf;
