// The manifest a packed maze ships. The repository's scripts (build,
// prepare, test, bench) run files of scripts/ that the package does not
// ship, and a `prepare` makes npm warn about an install script when the
// tarball is installed; so `npm pack` and `npm publish` take a package.json
// without them. npm runs `prepack` before it reads the files to pack and
// `postpack` after (from the manifest it read first, so the stripped file
// needs no scripts at all):
//   node scripts/pack-manifest.mjs strip     (prepack)  keeps package.json in package.json.orig, writes it without scripts
//   node scripts/pack-manifest.mjs restore   (postpack) puts package.json back
// A pack cut short between the two leaves the backup; the next strip, or a
// restore, puts it back first.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const manifest = join(root, 'package.json');
const backup = join(root, 'package.json.orig');

/**
 * package.json as shipped: every field but the repository's scripts and
 * its `allowScripts` (npm 11's record of which dependencies' install
 * scripts its own install runs: esbuild's postinstall is denied, its
 * platform package carries the binary; the package ships no dependency).
 */
export function shippedManifest(text) {
  const { scripts: _scripts, allowScripts: _allowScripts, ...shipped } = JSON.parse(text);
  return `${JSON.stringify(shipped, null, 2)}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const action = process.argv[2];
  if (existsSync(backup)) renameSync(backup, manifest);
  if (action === 'strip') {
    const text = readFileSync(manifest, 'utf8');
    writeFileSync(backup, text);
    writeFileSync(manifest, shippedManifest(text));
  } else if (action !== 'restore') {
    process.stderr.write('usage: node scripts/pack-manifest.mjs strip|restore\n');
    process.exit(2);
  }
}
