// Bundle the CLI into dist/ as ESM (yargs 18 is ESM and reads import.meta.url),
// split so that what only some runs need (chalk, the picture formats) loads only then.
import { build } from 'esbuild';
import { chmodSync, readFileSync, rmSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: { cli: 'src/cli.ts', bench: 'bench/bench.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  minify: !process.env.NO_MINIFY,
  legalComments: 'none',
  define: { __VERSION__: JSON.stringify(pkg.version) },
  logLevel: 'warning',
});
chmodSync(new URL('../dist/cli.js', import.meta.url), 0o755);
