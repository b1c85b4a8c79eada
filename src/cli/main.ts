#!/usr/bin/env node
import { run } from './run.js';

// Ctrl-C and kills: output.ts handles them only while a temporary file
// exists (to remove it); otherwise their default action ends the run at once.
// not a top-level await: the CLI is also bundled as a script (CommonJS) for V8's code cache
void run(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
