// Bundle the CLI into dist/ as ESM (yargs 18 is ESM and reads import.meta.url),
// split so that what only some runs need (chalk, the picture formats) loads only then.
import { build } from 'esbuild';
import { chmodSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';

/**
 * string-width (three copies, under yargs' help layout) builds an
 * Intl.Segmenter when it is imported, which loads ICU's break data: about a
 * tenth of the start-up of a small `maze gen`. yargs only measures text when
 * it prints help, so the segmenter is made on first use instead. Should a new
 * version word it otherwise, this changes nothing and the bundle still works.
 */
const lazySegmenter = {
  name: 'lazy-segmenter',
  setup(b) {
    b.onLoad({ filter: /[\\/]node_modules[\\/](.*[\\/])?string-width[\\/]index\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const contents = source.replace(
        /new Intl\.Segmenter\(\)/g,
        '{ segment: (text) => (globalThis.__mazeSegmenter ??= new Intl.Segmenter()).segment(text) }',
      );
      return { contents, loader: 'js' };
    });
  },
};

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: { cli: 'src/cli.ts', bench: 'bench/bench.ts', 'batch-worker': 'src/batch-worker.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  minify: !process.env.NO_MINIFY,
  legalComments: 'none',
  define: { __VERSION__: JSON.stringify(pkg.version) },
  plugins: [lazySegmenter],
  // yargs' package.json search (a few ms of every start): see the shim
  alias: { 'escalade/sync': './scripts/shims/no-package-search.mjs' },
  logLevel: 'warning',
});
chmodSync(new URL('../dist/cli.js', import.meta.url), 0o755);

// The library (src/index.ts) and the browser core (src/browser.ts): built
// apart from the CLI, so that no chunk of theirs is shared with yargs' code.
// The library splits off what only some calls load (chalk for colored ASCII,
// zlib's users); the browser core is one file for a page, as an ES module
// and as a plain script (a page opened from a file cannot load modules).
// Each build's metafile goes to dist/meta/ for the test that reads their graphs.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';

const meta = {};
meta.lib = (await build({
  entryPoints: { index: 'src/index.ts' },
  outdir: 'dist/lib',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
})).metafile;
const browserCore = {
  entryPoints: ['src/browser.ts'],
  bundle: true,
  platform: 'browser',
  target: 'es2022',
  minify: !process.env.NO_MINIFY,
  legalComments: 'none',
  // colored ASCII is for terminals: chalk is never loaded in a page
  external: ['chalk'],
  metafile: true,
  logLevel: 'warning',
};
meta.browser = (await build({ ...browserCore, format: 'esm', outfile: 'dist/browser/maze.js' })).metafile;
meta.browserScript = (await build({ ...browserCore, format: 'iife', globalName: 'Maze', outfile: 'dist/browser/maze.global.js' })).metafile;
mkdirSync(new URL('../dist/meta', import.meta.url), { recursive: true });
for (const [name, metafile] of Object.entries(meta)) {
  writeFileSync(new URL(`../dist/meta/${name}.json`, import.meta.url), JSON.stringify(metafile));
}

// The library's type declarations, from the project's own compiler.
execFileSync(process.execPath, [new URL('../node_modules/typescript/bin/tsc', import.meta.url).pathname, '-p', 'tsconfig.types.json'], { stdio: 'inherit' });
