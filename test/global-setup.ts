/**
 * One scratch folder for the whole run: tempDir() makes its folders inside
 * it (test workers find it through MAZE_TEST_TMP), and it goes when the run
 * ends, so test runs leave nothing behind in the system's temp folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'maze-test-'));
  process.env.MAZE_TEST_TMP = root;
  return () => rmSync(root, { recursive: true, force: true });
}
