// The licence notices of the code bundled into dist/ (used by build.mjs).
// The bundles carry code of other packages (yargs and its helpers, chalk,
// pdf-lib with pako, …), whose licences ask that their notices go with
// every copy; esbuild's output keeps none of them (legalComments: 'none',
// and most of these packages keep their notice in a LICENSE file, not in
// the code). So the packages are read from the builds' metafiles, and
// their licence files, with any copyright notice in the bundled sources
// themselves (pako's zlib notice, which "may not be removed"), go into one
// file, dist/THIRD-PARTY-NOTICES.txt; each bundle holding such code starts
// with a legal comment that names the packages and points to it.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export const NOTICES_FILE = 'THIRD-PARTY-NOTICES.txt';

/** The folder of the package a bundled file comes from (the innermost node_modules/<name>), or null for the project's own. */
function packageFolder(input) {
  const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
  return match ? match[1] : null;
}

/** Comment blocks of a source file that state a copyright, without their comment marks. */
function copyrightComments(source) {
  const blocks = [];
  for (const [block] of source.matchAll(/\/\*[\s\S]*?\*\/|(?:^[ \t]*\/\/.*\n?)+/gm)) {
    const text = block
      .replace(/^\/\*+!?|\*+\/$/g, '')
      .split('\n')
      .map((line) => line.replace(/^\s*(\/\/|\*(?!\/))? ?/, '').trimEnd())
      .join('\n')
      .trim();
    if (/copyright|\(c\)\s*\d|©/i.test(text)) blocks.push(text);
  }
  return blocks;
}

/** The MIT licence's text for a package whose manifest says MIT, its copyright holders the manifest's author and contributors. */
function mitLicence(manifest) {
  const person = (p) => (typeof p === 'string' ? p : p.name).replace(/\s*[<(].*$/, '');
  const holders = [manifest.author, ...(manifest.contributors ?? [])].filter(Boolean).map(person).join(', ');
  return `MIT License (stated in its package.json, which ships no licence file)

Copyright (c) ${holders}

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.`;
}

/** Text with its whitespace folded, to tell whether a notice is already in the licence. */
const folded = (text) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * Writes `outDir/THIRD-PARTY-NOTICES.txt` and prefixes each shipped bundle
 * holding other packages' code with a legal comment. `metafiles` are the
 * builds' esbuild metafiles (output paths relative to `root`, as esbuild
 * gives them); `outputPath(output)` maps one to its file now and returns
 * null for an output that does not ship. Throws when a bundled package has
 * no licence file: better no build than a package without its notice.
 */
export function writeNotices({ root, outDir, metafiles, outputPath, name }) {
  const packages = new Map(); // name@version → { folder, outputs, inputs }: where it is, the shipped files it is in, its files bundled
  const byOutput = new Map(); // output file → Set of name@version
  for (const metafile of metafiles) {
    for (const [output, { inputs }] of Object.entries(metafile.outputs)) {
      const file = outputPath(output);
      if (file === null || !/\.[cm]?js$/.test(file)) continue;
      for (const [input, { bytesInOutput }] of Object.entries(inputs)) {
        const folder = packageFolder(input);
        if (folder === null || bytesInOutput === 0) continue;
        // two copies of one version (under different dependents) are one package
        const { name, version } = JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8'));
        const id = `${name}@${version}`;
        if (!packages.has(id)) packages.set(id, { folder, outputs: new Set(), inputs: new Set() });
        packages.get(id).outputs.add(relative(outDir, file));
        packages.get(id).inputs.add(input);
        if (!byOutput.has(file)) byOutput.set(file, new Set());
        byOutput.get(file).add(id);
      }
    }
  }

  const described = new Map();
  const sections = [...packages.entries()]
    .map(([id, { folder, outputs, inputs }]) => {
      const manifest = JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8'));
      const licenceFiles = readdirSync(join(root, folder))
        .filter((file) => /^(licen[cs]e|copying|notice|copyrightnotice)([-.][\w.-]+)?$/i.test(file))
        .sort();
      if (licenceFiles.length === 0 && manifest.license !== 'MIT') throw new Error(`${folder} is bundled into dist/ but has no licence file to ship with it`);
      // a package that states MIT in its manifest but ships no licence file (@pdf-lib/fontkit): the MIT text, its people named
      const licences = licenceFiles.length > 0 ? licenceFiles.map((file) => readFileSync(join(root, folder, file), 'utf8').trim()) : [mitLicence(manifest)];
      const known = folded(licences.join('\n'));
      const notices = [];
      for (const input of [...inputs].sort()) {
        const path = join(root, input);
        if (!existsSync(path)) continue;
        for (const notice of copyrightComments(readFileSync(path, 'utf8'))) {
          if (!known.includes(folded(notice)) && !notices.some((n) => folded(n) === folded(notice))) notices.push(notice);
        }
      }
      // a notice found inside a longer one (the same header, with a line more) is said once
      const distinct = notices.filter((n, i) => !notices.some((other, j) => j !== i && other.length > n.length && folded(other).includes(folded(n))));
      const repository = typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url;
      described.set(id, `${manifest.name} ${manifest.version} (${(manifest.license ?? 'see its licence').replace(/^\((.*)\)$/, '$1')})`);
      return [
        `${manifest.name} ${manifest.version}`,
        `Licence: ${manifest.license ?? 'see below'}${repository ? `; source: ${repository.replace(/^git\+/, '')}` : ''}`,
        `Bundled into: ${[...outputs].sort().join(', ')}`,
        '',
        licences.join(`\n\n${'-'.repeat(40)}\n\n`),
        ...(distinct.length > 0 ? ['', 'Notices in the bundled source files:', '', ...distinct.flatMap((n) => [n, ''])] : []),
      ].join('\n').trimEnd();
    })
    .sort((a, b) => a.localeCompare(b, 'en'));

  const rule = '='.repeat(78);
  writeFileSync(
    join(outDir, NOTICES_FILE),
    [
      `${name} bundles code of the packages below into dist/ (the command line, the library and`,
      'the browser core), so that it needs no dependency at run time. Their licences and',
      'copyright notices follow; they apply to that code, and must go with any copy of it.',
      '',
      ...sections.flatMap((section) => [rule, section, '']),
    ].join('\n'),
  );

  for (const [file, ids] of byOutput) {
    const names = [...ids].map((id) => described.get(id)).sort((a, b) => a.localeCompare(b, 'en'));
    const at = relative(join(file, '..'), join(outDir, NOTICES_FILE));
    const comment = `/*! This file bundles code of ${names.join(', ')}: their licences and notices are in ${at}. */\n`;
    const source = readFileSync(file, 'utf8');
    const shebang = /^#!.*\n/.exec(source)?.[0] ?? '';
    writeFileSync(file, shebang + comment + source.slice(shebang.length));
  }
}
