// A binary STL (`maze gen -o coaster.stl`) as a POV-Ray 3.7 scene, to look
// at a printed maze before printing it (the README's coaster picture):
//
//   node scripts/stl-pov.mjs coaster.stl coaster.pov && povray +Icoaster.pov +Ocoaster.png +W800 +H600 +A0.1 -D -GA
//
// The mesh goes in as it is, a mesh2 of the STL's corners (a corner shared
// by facets listed once) and its triangles, in plastic, on a grey floor,
// seen from the front and above. STL's z up is POV-Ray's y up; its y, away
// from the viewer, is POV-Ray's z.
import { readFileSync, writeFileSync } from 'node:fs';

const [input, output] = process.argv.slice(2);
if (!input || !output) {
  console.error('usage: node scripts/stl-pov.mjs MODEL.stl SCENE.pov');
  process.exit(2);
}
const bytes = readFileSync(input);
const count = bytes.readUInt32LE(80);
if (bytes.length !== 84 + 50 * count) {
  console.error(`${input}: not a binary STL (${bytes.length} bytes for ${count} facets)`);
  process.exit(1);
}
const ids = new Map();
const corners = [];
const faces = [];
const max = [0, 0, 0];
for (let t = 0; t < count; t++) {
  const face = [];
  for (let k = 0; k < 3; k++) {
    const at = 84 + 50 * t + 12 + 12 * k;
    const xyz = [bytes.readFloatLE(at), bytes.readFloatLE(at + 4), bytes.readFloatLE(at + 8)];
    const key = xyz.join();
    let id = ids.get(key);
    if (id === undefined) {
      id = corners.length;
      ids.set(key, id);
      corners.push(xyz);
      for (let i = 0; i < 3; i++) max[i] = Math.max(max[i], xyz[i]);
    }
    face.push(id);
  }
  faces.push(face);
}
const [w, d, h] = max;
const size = Math.max(w, d);
const scene = [
  '#version 3.7;',
  'global_settings { assumed_gamma 1.0 }',
  `camera { location <${w / 2}, ${size * 1.9}, ${d / 2 - size * 0.95}> look_at <${w / 2}, 0, ${d / 2 + size * 0.03}> angle 36 }`,
  `light_source { <${-size}, ${size * 2}, ${-size}> color rgb 0.9 }`,
  `light_source { <${size * 2}, ${size * 1.5}, ${-size * 0.5}> color rgb 0.45 shadowless }`,
  'background { color rgb <0.93, 0.94, 0.96> }',
  `plane { y, 0 pigment { color rgb <0.85, 0.86, 0.88> } finish { ambient 0.25 diffuse 0.6 } }`,
  'mesh2 {',
  `  vertex_vectors { ${corners.length},`,
  ...corners.map(([x, y, z]) => `    <${x}, ${z}, ${y}>,`),
  '  }',
  `  face_indices { ${faces.length},`,
  ...faces.map(([a, b, c]) => `    <${a}, ${b}, ${c}>,`),
  '  }',
  '  pigment { color rgb <0.95, 0.45, 0.12> }',
  '  finish { ambient 0.2 diffuse 0.7 specular 0.25 roughness 0.02 }',
  '}',
  `// ${count} facets, ${w.toFixed(1)} × ${d.toFixed(1)} × ${h.toFixed(1)} mm`,
  '',
];
writeFileSync(output, scene.join('\n'));
