#!/usr/bin/env node
// maze's command line (copied to dist/cli.js by scripts/build.mjs): runs
// cli-main.cjs through V8's code cache, made at build time, so that a run
// does not parse and compile the whole bundle again (see scripts/build.mjs).
'use strict';
const { readFileSync, renameSync, rmSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const vm = require('node:vm');

const file = join(__dirname, 'cli-main.cjs');
const cacheFile = `${file}.cache`;
let cachedData;
try {
  cachedData = readFileSync(cacheFile);
} catch {
  // no cache: compile as usual
}
// The script is the module's function, `(function (exports, require, module, __filename, __dirname) { … })`
// (scripts/build.mjs writes it so); ASCII (the build checks it), so read as Latin-1: no UTF-8 decoding.
const script = new vm.Script(readFileSync(file, 'latin1'), {
  filename: file,
  cachedData,
  importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
});
if (process.env.MAZE_WRITE_CODE_CACHE === '1') {
  // after the run, so that the functions it compiled are in the cache too
  process.once('exit', () => {
    const temp = `${cacheFile}.tmp-${process.pid}`;
    try {
      writeFileSync(temp, script.createCachedData());
      renameSync(temp, cacheFile);
    } catch (error) {
      rmSync(temp, { force: true });
      throw error;
    }
  });
}
const module_ = { exports: {} };
script.runInThisContext().call(module_.exports, module_.exports, require, module_, file, __dirname);
