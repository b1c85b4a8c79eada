// npm's `prepare`: build dist/. After `npm install` in a clone the dev
// dependencies (esbuild, TypeScript) are there. `npm install -g <folder>`
// links the folder without installing them, so fetch them first from the
// lock file, as npm itself does before preparing a git dependency; then
// both ways of installing a clone give a working `maze`.
//
// npm also prepares the folder for `npx maze` and `npm link` in a checkout,
// while something may be running from dist/: when dist/ was built from the
// sources as they are, nothing is done; else the build swaps its files in
// without ever removing dist/ (scripts/dist-folder.mjs).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { isCurrent } from './dist-folder.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
if (isCurrent(root)) process.exit(0);
try {
  await import('esbuild');
} catch {
  process.stderr.write('maze: installing the build tools (esbuild, TypeScript) from package-lock.json\n');
  // The global install's settings (global, prefix, omit=dev) must not reach the
  // folder's own install: drop npm's configuration from the environment.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k) || /^npm_config_(cache|registry|userconfig)$/i.test(k)));
  const npm = process.env.npm_execpath;
  const [command, args] = npm ? [process.execPath, [npm]] : ['npm', []];
  const result = spawnSync(command, [...args, 'ci', '--include=dev', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: root, env, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write('maze: could not install the build tools; run `npm install` in the folder, then `npm link`\n');
    process.exit(1);
  }
}
await import('./build.mjs');
