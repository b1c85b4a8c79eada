// Bundle the CLI into dist/: the command line as one CommonJS script run
// through V8's code cache (below), everything else as ESM (.mjs). yargs 18 is
// ESM and reads import.meta.url, which the script gets from a banner.
//
// Everything is built into a folder of its own beside dist/ and then moved
// into dist/ file by file (swapIn, at the end): a file of dist/ is replaced
// in one rename, never deleted first, so that whatever runs from dist/
// meanwhile (`npx maze`, a test run, a linked `maze`) finds every file. Only
// the CLI's code cache is made after, in place (a run without it is slower,
// no more).
import { build } from 'esbuild';
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFile } from 'node:fs/promises';
import { buildInputs, listFiles, removeAbandoned, STAMP, swapIn } from './dist-folder.mjs';
import { writeNotices } from './notices.mjs';
import { writeValidator } from './schema-validator.mjs';

// The JSON reader's schema validator, compiled from the schema (src/formats/schema-validator.js).
writeValidator();

/**
 * string-width (three copies, under yargs' help layout) builds an
 * Intl.Segmenter when it is imported, which loads ICU's break data: about a
 * tenth of the start-up of a small `maze gen`, and compiles a few regular
 * expressions with Unicode properties, as much again. yargs only measures
 * text when it prints help, so these are made on first use instead. Should a new
 * version word it otherwise, this changes nothing and the bundle still works.
 */
const lazySegmenter = {
  name: 'lazy-segmenter',
  setup(b) {
    b.onLoad({ filter: /[\\/]node_modules[\\/](.*[\\/])?string-width[\\/]index\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      let contents = source.replace(
        /new Intl\.Segmenter\(\)/g,
        '{ segment: (text) => (globalThis.__mazeSegmenter ??= new Intl.Segmenter()).segment(text) }',
      );
      // Its Unicode-property regular expressions (\p{RGI_Emoji} above all)
      // cost V8 more to parse than the rest of a small run: made on first use too.
      for (const [, name, literal] of [...source.matchAll(/^const (\w+Regex) = (\/.*\\p\{.*\/[a-z]*);$/gm)]) {
        contents = contents
          .replace(new RegExp(`\\b${name}\\b`, 'g'), `${name}()`)
          .replace(`const ${name}() = ${literal};`, `let ${name}Made; const ${name} = () => (${name}Made ??= ${literal});`);
      }
      return { contents, loader: 'js' };
    });
  },
};

/**
 * yargs, at its start. Its Node shim reads process.stdout.columns when it
 * is imported, which makes the stdout stream (Node's stream code:
 * milliseconds of every start, for a width only help uses), and imports
 * node:assert, whose colours open stderr likewise, for two checks that
 * hold: the width is read when asked, and node:assert is loaded only to
 * report a failed check, as it would. Should a new version word it
 * otherwise, this changes nothing and the bundle still works
 * (test/startup.test.ts says which modules a small run loads).
 */
const lazyYargsShim = {
  name: 'lazy-yargs-shim',
  setup(b) {
    b.onLoad({ filter: /[\\/]node_modules[\\/]yargs[\\/]lib[\\/]platform-shims[\\/]esm\.mjs$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const contents = source
        .replace(
          "import { notStrictEqual, strictEqual } from 'assert'",
          "const notStrictEqual = (actual, expected, message) => { if (Object.is(actual, expected)) require('node:assert').notStrictEqual(actual, expected, message) };\n" +
            "const strictEqual = (actual, expected, message) => { if (!Object.is(actual, expected)) require('node:assert').strictEqual(actual, expected, message) };",
        )
        .replace(/\bstdColumns: (typeof process\.stdout\.columns[^\n]*)/, 'get stdColumns() { return $1 }')
        // its file's path and a require made from it, at its start, for what only a
        // config file, a command folder or another locale reads: made when first asked
        .replace('const __dirname = fileURLToPath(import.meta.url);\nconst mainFilename = __dirname.substring(0, __dirname.lastIndexOf(\'node_modules\'));', 'const fileName = () => fileURLToPath(import.meta.url);')
        .replace('const require = createRequire(import.meta.url);', 'let madeRequire;\nconst require = (id) => (madeRequire ??= createRequire(import.meta.url))(id);')
        .replace('mainFilename: mainFilename || process.cwd(),', "get mainFilename() { return fileName().substring(0, fileName().lastIndexOf('node_modules')) || process.cwd() },")
        // y18n reads its locale folder's path at once; the bundle ships no locales: a folder beside it that is not there, named without a URL
        .replace("directory: resolve(__dirname, '../../../locales'),", "directory: resolve(__filename, '../locales'),");
      return { contents, loader: 'js' };
    });
    b.onLoad({ filter: /[\\/]node_modules[\\/]yargs-parser[\\/]build[\\/]lib[\\/]index\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const contents = source.replace(
        'const require = createRequire ? createRequire(import.meta.url) : undefined;',
        'let madeRequire;\nconst require = createRequire ? (id) => (madeRequire ??= createRequire(import.meta.url))(id) : undefined;',
      );
      return { contents, loader: 'js' };
    });
    // argsert checks the arguments of every call to yargs' API against a
    // signature and, for a wrong one, prints a warning: a check of maze's own
    // calls, which never change between runs and which the tests make, paid
    // in every run (a millisecond of gen's start, for its fifty options)
    b.onLoad({ filter: /[\\/]node_modules[\\/]yargs[\\/]build[\\/]lib[\\/]argsert\.js$/ }, () => ({ contents: 'export function argsert() {}\n', loader: 'js' }));
  },
};

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
// what the build is made from, read before it starts (dist/meta/build-inputs.json, for prepare.mjs)
const inputs = buildInputs(root);

/** The folder this build writes, dist.tmp-<pid> beside dist/ (same file system: renames), and a path in it. */
const outName = `dist.tmp-${process.pid}`;
const out = join(root, outName);
const dist = (name) => join(out, name);
const CODE_CACHE = 'cli-main.cjs.cache';
/** import.meta.url in a CommonJS bundle, made when first read: pathToFileURL is a part of a millisecond of every start. */
const META_BANNER = 'var __mazeMeta={get url(){return require("node:url").pathToFileURL(__filename).href}};';
removeAbandoned(root);
// a failed build leaves dist/ as it was, and no folder behind
process.once('exit', () => rmSync(out, { recursive: true, force: true }));
const shared = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  target: 'node20',
  minify: !process.env.NO_MINIFY,
  legalComments: 'none',
  define: { __VERSION__: JSON.stringify(pkg.version) },
  plugins: [lazySegmenter],
  // yargs' package.json search (a few ms of every start): see the shim
  alias: { 'escalade/sync': './scripts/shims/no-package-search.mjs' },
  logLevel: 'warning',
};
// Every build's metafile: the test that reads the library's graphs, and the
// licence notices of what each bundle holds (notices.mjs), read them.
const meta = {};
// dist/ is CommonJS (dist/package.json, below), so ESM files end in .mjs.
meta.node = (await build({
  ...shared,
  entryPoints: { bench: 'bench/bench.ts', 'batch-worker': 'src/cli/batch-worker.ts' },
  outdir: out,
  outExtension: { '.js': '.mjs' },
  splitting: true,
  format: 'esm',
  metafile: true,
})).metafile;
await startupBuild();

/**
 * Start-up (issue 11): the CLI is dist/cli-main.cjs, one CommonJS script
 * that dist/cli.js, a small CommonJS loader, compiles with V8's code cache
 * (dist/cli-main.cjs.cache), so that a run skips parsing and compiling most
 * of it. The cache is made here, at build time, by one small run of the CLI
 * (the loader writes it, atomically, when MAZE_WRITE_CODE_CACHE=1); a cache
 * V8 rejects (another Node version) is ignored and the script compiles as
 * usual. CommonJS rather than an ESM entry: Node's ESM loader alone costs
 * a tenth of `node -e 0`.
 */
async function startupBuild() {
  // A package used by some runs only, in a CommonJS file of its own beside the script, required on first use.
  const apart = async (name, file = name) =>
    (await build({
      ...shared,
      metafile: true,
      stdin: { contents: `module.exports = require('${name}');`, resolveDir: root, loader: 'js' },
      outfile: dist(`${file}.cjs`),
      format: 'cjs',
    })).metafile;
  // pdf-lib (half a megabyte, for PDF only) stays apart, so that every other
  // run reads and loads a third of the script; gifenc (GIF animations only)
  // and the JSON reader's schema validator (reading a saved maze only) too
  meta.pdfLib = await apart('pdf-lib');
  meta.gifenc = await apart('gifenc');
  // pngjs decodes PNG masks (--mask logo.png) only
  meta.pngjs = await apart('pngjs');
  // fontkit (a book's embedded font) only for maze book
  meta.fontkit = await apart('@pdf-lib/fontkit', 'fontkit');
  // yargs itself (help, the command list, a line to refuse: src/cli/quick-parse.ts reads the others with its parser alone),
  // with the CLI's own shims; its parser stays in the script too
  meta.yargs = (await build({
    ...shared,
    metafile: true,
    stdin: { contents: "module.exports = require('yargs');", resolveDir: root, loader: 'js' },
    outfile: dist('yargs.cjs'),
    format: 'cjs',
    define: { ...shared.define, 'import.meta.url': '__mazeMeta.url' },
    banner: { js: META_BANNER },
    plugins: [...shared.plugins, lazyYargsShim],
  })).metafile;
  meta.schemaValidator = (await build({
    ...shared,
    metafile: true,
    entryPoints: [join(root, 'src', 'formats', 'schema-validator.js')],
    outfile: dist('schema-validator.cjs'),
    format: 'cjs',
  })).metafile;
  const pdfLibApart = {
    name: 'pdf-lib-apart',
    setup(b) {
      b.onResolve({ filter: /^pdf-lib$/ }, () => ({ path: './pdf-lib.cjs', external: true }));
      b.onResolve({ filter: /^yargs$/ }, () => ({ path: './yargs.cjs', external: true }));
      b.onResolve({ filter: /^gifenc$/ }, () => ({ path: './gifenc.cjs', external: true }));
      b.onResolve({ filter: /^pngjs$/ }, () => ({ path: './pngjs.cjs', external: true }));
      b.onResolve({ filter: /^@pdf-lib\/fontkit$/ }, () => ({ path: './fontkit.cjs', external: true }));
      b.onResolve({ filter: /^\.\/schema-validator\.cjs$/ }, () => ({ path: './schema-validator.cjs', external: true }));
      // json.ts's static import of the validator becomes a stand-in that requires it when first called
      b.onResolve({ filter: /[\\/]schema-validator\.js$/ }, () => ({ path: 'schema-validator', namespace: 'lazy-validator' }));
      b.onLoad({ filter: /.*/, namespace: 'lazy-validator' }, () => ({
        loader: 'js',
        resolveDir: root,
        contents:
          "let loaded;\nexport default function validate(doc) { loaded ??= require('./schema-validator.cjs').default; const ok = loaded(doc); validate.errors = loaded.errors; return ok; }\n",
      }));
    },
  };
  meta.cli = (await build({
    ...shared,
    metafile: true,
    entryPoints: ['src/cli/main.ts'],
    outfile: dist('cli-main.cjs'),
    format: 'cjs',
    // import.meta.url made when first read: pathToFileURL is a part of a millisecond of every start
    define: { ...shared.define, 'import.meta.url': '__mazeMeta.url' },
    banner: { js: META_BANNER },
    plugins: [...shared.plugins, lazyYargsShim, pdfLibApart],
  })).metafile;
  // The loader wraps the source in a function: no #! line inside it. A
  // script compiled from the code cache loses its dynamic import() callback,
  // so a lazily loaded built-in module is required (as lazily) instead.
  const source = readFileSync(dist('cli-main.cjs'), 'utf8')
    .replace(/^#!.*\n/, '')
    .replace(/\bimport\("(node:[\w/]+|\.\/[\w.-]+\.cjs)"\)/g, 'Promise.resolve(require("$1"))');
  if (/\bimport\(/.test(source)) throw new Error('dist/cli-main.cjs still holds an import(): only node: modules and ./*.cjs are rewritten');
  // the loader reads the script as Latin-1, a third of the time of UTF-8's decoding: the same text while it is all ASCII, as esbuild
  // writes strings (an unminified build keeps comments, whose other characters that read garbles, harmlessly: minified, none is left)
  const notAscii = process.env.NO_MINIFY ? null : /[^\x00-\x7f]/.exec(source);
  if (notAscii) throw new Error(`dist/cli-main.cjs holds a character that is not ASCII (${JSON.stringify(source.slice(notAscii.index - 40, notAscii.index + 10))}): write it in a string, which esbuild escapes, not in a regular expression literal`);
  // the script is the module's function as the loader calls it, written here once rather than joined to the
  // whole script's text in every run (half a megabyte copied, a part of a millisecond)
  writeFileSync(dist('cli-main.cjs'), `(function (exports, require, module, __filename, __dirname) {${source}\n})\n`);
  writeFileSync(dist('package.json'), '{ "type": "commonjs" }\n');
  writeFileSync(dist('cli.js'), readFileSync(join(root, 'scripts', 'cli-loader.cjs'), 'utf8'));
  chmodSync(dist('cli.js'), 0o755);
}

/**
 * V8's code cache of dist/cli-main.cjs, made once the script is as it ships
 * (notices included) and in place; the loader writes it with one rename.
 */
function makeCodeCache() {
  const dir = mkdtempSync(join(tmpdir(), 'maze-build-'));
  try {
    const warm = spawnSync(process.execPath, [join(root, 'dist', 'cli.js'), 'gen', '--w', '30', '--h', '20', '--seed', '1', '-o', join(dir, 'm.json')], {
      env: { ...process.env, MAZE_WRITE_CODE_CACHE: '1' },
      encoding: 'utf8',
    });
    if (warm.status !== 0) throw new Error(`the CLI failed while making its code cache: ${warm.stderr}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// The library (src/lib/index.ts) and the browser core (src/lib/browser.ts): built
// apart from the CLI, so that no chunk of theirs is shared with yargs' code.
// The library splits off what only some calls load (chalk for colored ASCII,
// zlib's users); the browser core is one file for a page, as an ES module
// and as a plain script (a page opened from a file cannot load modules).
// Each build's metafile goes to dist/meta/ for the test that reads their graphs.
meta.lib = (await build({
  absWorkingDir: root,
  entryPoints: { index: 'src/lib/index.ts' },
  outdir: dist('lib'),
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
})).metafile;
/**
 * The browser bundles take a module's browser twin where it has one: for
 * src/formats/deflate.ts, src/formats/deflate.browser.ts, the same exports
 * with no Node in them (the PNG encoder's CompressionStream deflater; pdf-lib
 * loaded by a script tag). A twin is a file beside the module, so that
 * both are read, typed and tested together.
 */
const browserTwins = {
  name: 'browser-twins',
  setup(b) {
    b.onResolve({ filter: /^\.\.?\/.*\.js$/ }, (args) => {
      const twin = join(args.resolveDir, args.path.replace(/\.js$/, '.browser.ts'));
      return args.importer.startsWith(join(root, 'src')) && existsSync(twin) ? { path: twin } : undefined;
    });
  },
};
const browserCore = {
  absWorkingDir: root,
  entryPoints: ['src/lib/browser.ts'],
  bundle: true,
  platform: 'browser',
  target: 'es2022',
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
  plugins: [browserTwins],
};
// The ES module is for bundlers, which minify it themselves: left readable,
// it keeps the /* @__PURE__ */ marks that let them drop what a page does not
// import (the formats, for a page that only generates).
meta.browser = (await build({ ...browserCore, format: 'esm', outfile: dist('browser/maze.js') })).metafile;
markLazyModulesPure(dist('browser/maze.js'));
// The plain script has no import.meta: its own address, where it finds the
// files it loads on demand, is document.currentScript's, taken while it runs.
// Its code is one function, MazeLibrary, called once to define Maze: a page
// opened from a file may start no worker from a file, but it may from its own
// text (a Blob), which MazeLibrary.toString() gives (demo/page.js makes its
// mazes in such a worker, so that a long one never freezes the page).
meta.browserScript = (await build({
  ...browserCore,
  format: 'iife',
  globalName: 'Maze',
  banner: { js: 'var MazeLibrary = function () {' },
  footer: { js: 'return Maze;\n};\nvar Maze = MazeLibrary();' },
  minify: !process.env.NO_MINIFY,
  outfile: dist('browser/maze.global.js'),
  define: { 'import.meta.url': '__mazeScriptUrl' },
  inject: ['scripts/shims/script-url.mjs'],
})).metafile;
// pdf-lib for a page's PDFs (load-pdf-lib.browser.ts): a plain script of
// its own beside the bundles, defining the global MazePdfLib, loaded only
// when a PDF is asked for.
meta.browserPdfLib = (await build({
  ...browserCore,
  entryPoints: undefined,
  stdin: { contents: "export * from 'pdf-lib';", resolveDir: root, loader: 'js' },
  format: 'iife',
  globalName: 'MazePdfLib',
  minify: !process.env.NO_MINIFY,
  outfile: dist('browser/pdf-lib.global.js'),
})).metafile;

/**
 * chalk, which colored ASCII imports when asked (`import("chalk")`), is
 * inlined by esbuild as a lazily run module: `var init_x = __esm({…})`.
 * Creating that wrapper runs none of chalk's code, but bundlers cannot tell,
 * so a page that never renders ASCII kept chalk; marked pure, it goes when unused.
 */
function markLazyModulesPure(file) {
  const source = readFileSync(file, 'utf8');
  writeFileSync(file, source.replace(/^(var \w+ = )(__esm|__commonJS)\(/gm, '$1/* @__PURE__ */ $2('));
}

// The metafiles name the files where they will be, in dist/.
mkdirSync(dist('meta'), { recursive: true });
for (const [name, metafile] of Object.entries(meta)) {
  writeFileSync(dist(`meta/${name}.json`), JSON.stringify(metafile).replaceAll(`"${outName}/`, '"dist/'));
}

// The library's type declarations, from the project's own compiler.
execFileSync(
  process.execPath,
  [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(root, 'tsconfig.types.json'), '--outDir', dist('types')],
  { stdio: 'inherit' },
);

// dist/package.json makes dist/ CommonJS (the CLI's loader, above): the
// library and the browser core are ES modules, and say so where they are.
for (const folder of ['lib', 'browser']) writeFileSync(dist(`${folder}/package.json`), '{ "type": "module" }\n');

writeNotices({
  root,
  outDir: out,
  metafiles: Object.values(meta),
  // the bench is not packed (package.json's files)
  outputPath: (output) => (output === `${outName}/bench.mjs` ? null : join(root, output)),
  name: pkg.name,
});
const files = listFiles(out);
swapIn(out, join(root, 'dist'), [STAMP, CODE_CACHE]);
// The code cache is made where the script runs: V8 keeps the script's name
// from the run that made the cache (stack traces would name dist.tmp-…).
makeCodeCache();
// last, when dist/ is whole: what it was built from, for prepare.mjs
writeAtomically(join(root, 'dist', STAMP), `${JSON.stringify({ inputs, files: [...files, CODE_CACHE].sort() }, null, 1)}\n`);

function writeAtomically(file, text) {
  writeFileSync(`${file}.tmp-${process.pid}`, text);
  renameSync(`${file}.tmp-${process.pid}`, file);
}
