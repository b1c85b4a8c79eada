#!/usr/bin/env node
import { run } from './run.js';

// Ctrl-C and kills: output.ts handles them only while a temporary file
// exists (to remove it); otherwise their default action ends the run at once.
process.exitCode = await run(process.argv.slice(2));
