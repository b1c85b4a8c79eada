/**
 * The JSON reader's validator is compiled from the schema (scripts/schema-validator.mjs),
 * so that a test file run on its own, before any build, finds it current.
 *
 * One scratch folder for the whole run: tempDir() makes its folders inside
 * it (test workers find it through MAZE_TEST_TMP), and it goes when the run
 * ends, so test runs leave nothing behind in the system's temp folder.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  execFileSync(process.execPath, [new URL('../scripts/schema-validator.mjs', import.meta.url).pathname], { stdio: 'inherit' });
  const root = mkdtempSync(join(tmpdir(), 'maze-test-'));
  process.env.MAZE_TEST_TMP = root;
  return () => rmSync(root, { recursive: true, force: true });
}
