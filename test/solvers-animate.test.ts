/**
 * Issue 31 item 3, a solver animated (SPEC "Solvers": "animated with
 * --animate: its own steps"): after the growth, Trémaux's walker (the head)
 * walks and leaves its marks, once (the working set's color) and twice
 * (the search's), then the finished maze holds, drawn as the still picture
 * is, in the APNG and the GIF (decoded by ffmpeg); the SVG animation ends
 * on the walk.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { ACTIVE_COLOR, HEAD_COLOR, SEARCH_COLOR } from '../src/animation/frames.js';
import { externalTool, runCli, tempDir } from './helpers.js';

const ffmpeg = externalTool('ffmpeg', 'apt-get install ffmpeg', '-version');
const GEN = ['gen', '--algo', 'backtracker', '--w', '30', '--h', '20', '--seed', '5', '--solve', 'tremaux'];

function decodeFrames(file: string): PNG[] {
  const dir = tempDir();
  const out = spawnSync('ffmpeg', ['-v', 'error', '-i', file, '-vsync', '0', '-pix_fmt', 'rgba', join(dir, 'f%04d.png')], { encoding: 'utf8' });
  expect(out.status, out.stderr).toBe(0);
  return readdirSync(dir).sort().map((f) => PNG.sync.read(readFileSync(join(dir, f))));
}

const count = (p: PNG, rgb: number): number => {
  let n = 0;
  for (let i = 0; i < p.data.length; i += 4) if (((p.data[i]! << 16) | (p.data[i + 1]! << 8) | p.data[i + 2]!) === rgb) n++;
  return n;
};

describe.skipIf(ffmpeg.skip)('a solver animated (item 3)', () => {
  for (const ext of ['png', 'gif']) {
    it(`${ext.toUpperCase()}: gen --solve tremaux --animate shows Trémaux walking and marking after the growth, and ends on the still picture`, async () => {
      const dir = tempDir();
      const [animated, still] = [join(dir, `t.${ext}`), join(dir, 'still.png')];
      expect((await runCli([...GEN, '--animate', '--frames', '40', '-o', animated])).code).toBe(0);
      expect((await runCli([...GEN, '-o', still])).code).toBe(0);
      const frames = decodeFrames(animated);
      expect(frames).toHaveLength(41);
      // the backtracker's growth marks no cell with the search's color: a frame with it and the head is Trémaux walking back, marking twice
      const walking = frames.filter((f) => count(f, SEARCH_COLOR) > 0 && count(f, HEAD_COLOR) > 0 && count(f, ACTIVE_COLOR) > 0);
      expect(walking.length).toBeGreaterThan(3);
      const last = frames[40]!;
      const picture = PNG.sync.read(readFileSync(still));
      let differ = 0;
      for (let i = 0; i < last.data.length; i++) if (last.data[i] !== picture.data[i]) differ++;
      expect(differ).toBe(0);
    });
  }

  it('SVG: the animation ends on the walk drawn as the still SVG draws it', async () => {
    const dir = tempDir();
    const file = join(dir, 'w.svg');
    expect((await runCli(['gen', '--algo', 'backtracker', '--w', '12', '--h', '8', '--seed', '5', '--solve', 'wall-left', '--animate', '-o', file])).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toContain('class="walk"');
  });
});
