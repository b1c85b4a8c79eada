#!/usr/bin/env node
import { removePendingFiles } from './output.js';
import { run } from './run.js';

// Ctrl-C or a kill while a file is being written: remove the temporary file,
// so nothing half-written is left and the old file, if any, is untouched.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    removePendingFiles();
    process.exit(128 + ({ SIGINT: 2, SIGTERM: 15, SIGHUP: 1 } as const)[signal]);
  });
}

process.exitCode = await run(process.argv.slice(2));
