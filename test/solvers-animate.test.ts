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

  for (const shape of ['hex', 'triangle', 'polar']) {
    it(`GIF of a ${shape} maze: gen --solve tremaux --animate shows the walker's head moving over the finished maze after the growth, and ends on the still picture`, async () => {
      const dir = tempDir();
      const args = ['gen', '--shape', shape, '--w', shape === 'polar' ? '6' : '10', ...(shape === 'polar' ? [] : ['--h', '8']), '--seed', '4', '--solve', 'tremaux'];
      const [animated, still] = [join(dir, 't.gif'), join(dir, 'still.png')];
      const made = await runCli([...args, '--animate', '--frames', '30', '-o', animated]);
      expect(made.code, made.stderr).toBe(0);
      expect((await runCli([...args, '-o', still])).code).toBe(0);
      const frames = decodeFrames(animated);
      expect(frames).toHaveLength(31);
      const picture = PNG.sync.read(readFileSync(still));
      const differing = (a: PNG, b: PNG): number => {
        let n = 0;
        for (let i = 0; i < a.data.length; i += 4) if (a.data[i] !== b.data[i] || a.data[i + 1] !== b.data[i + 1] || a.data[i + 2] !== b.data[i + 2]) n++;
        return n;
      };
      // the growth's last frame holds every passage; the solver's frames that follow draw its walk (the head's disc moving) before the path
      const withHead = frames.slice(0, 30).map((f, i) => [i, count(f, HEAD_COLOR)] as const).filter(([, n]) => n > 0).map(([i]) => i);
      const late = withHead.filter((i) => i >= 20);
      expect(late.length, `frames with the head: ${withHead.join(' ')}`).toBeGreaterThan(3);
      // the walk's frames differ from one another (the head moves, marks grow) and from the still picture (no path yet)
      expect(differing(frames[late[0]!]!, frames[late.at(-1)!]!)).toBeGreaterThan(0);
      expect(differing(frames[late[0]!]!, picture)).toBeGreaterThan(0);
      expect(differing(frames[30]!, picture)).toBe(0);
    });
  }

  it('SVG of a hex maze: after the growth, the walker\'s marks and its walk appear frame by frame, and the held frame is the still SVG', async () => {
    const dir = tempDir();
    const args = ['gen', '--shape', 'hex', '--w', '8', '--h', '6', '--seed', '4', '--solve', 'tremaux'];
    const [animated, still] = [join(dir, 't.svg'), join(dir, 'still.svg')];
    expect((await runCli([...args, '--animate', '--frames', '20', '-o', animated])).code).toBe(0);
    expect((await runCli([...args, '-o', still])).code).toBe(0);
    const text = readFileSync(animated, 'utf8');
    // the paths that show up from a frame on and stay (values none;inline), by when they start
    const starts = [...text.matchAll(/<path ([^>]*) display="none" d="[^"]*"><animate attributeName="display" values="none;inline" keyTimes="0;([\d.]+)"/g)];
    const discs = starts.filter(([, attributes]) => !/stroke=/.test(attributes!)).map(([, , t]) => Number(t));
    const walks = starts.filter(([, attributes]) => /stroke=/.test(attributes!)).map(([, , t]) => Number(t));
    expect(new Set(discs).size, 'frames in which marks appear').toBeGreaterThan(3);
    expect(walks.length, 'walk segments').toBeGreaterThan(3);
    // the held frame is the still picture's layers, unchanged
    const layers = (svg: string): string => svg.slice(svg.indexOf('<path'));
    expect(text).toContain(layers(readFileSync(still, 'utf8')).replace('</svg>\n', ''));
  });

  it('SVG: the animation ends on the walk drawn as the still SVG draws it', async () => {
    const dir = tempDir();
    const file = join(dir, 'w.svg');
    expect((await runCli(['gen', '--algo', 'backtracker', '--w', '12', '--h', '8', '--seed', '5', '--solve', 'wall-left', '--animate', '-o', file])).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toContain('class="walk"');
  });
});
