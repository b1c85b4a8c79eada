/**
 * The made things' review (testers' defects 1–5): a solution asked of a
 * format that does not show it, the laser and plotter SVGs' file ending in
 * messages, a file that is not a maze's JSON given where one is read, the
 * whole-in-memory picture limit of a square maze with a topology, and a
 * polar model's arcs in pieces of about 2 mm on every ring.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { run } from '../src/cli/run.js';
import { parseAnyMaze } from '../src/formats/json.js';
import { findFormat } from '../src/formats/index.js';
import { checkShapeDrawing, MAX_SHAPE_PIXELS } from '../src/formats/shape-picture.js';
import { sidePoints } from '../src/formats/solid.js';
import { DEFAULT_RENDER_OPTIONS } from '../src/formats/types.js';
import { FAB_DEFAULTS } from '../src/formats/fabrication.js';
import { mazeSides } from '../src/formats/wall-geometry.js';
import { SquareLattice, TopologyShape } from '../src/grid/topology.js';
import { GraphMaze } from '../src/grid/graph-maze.js';
import { runCli, tempDir } from './helpers.js';

/** One `maze: error:` line, exit 2, and nothing written. */
function refusedInOneLine(result: { code: number; stderr: string }): void {
  expect(result.stderr).toMatch(/^maze: error: [^\n]+\n$/);
  expect(result.code).toBe(2);
}

describe('defect 1: --solve for a format that does not show a solution is refused, as --path-color is', () => {
  it.each([
    [['-o', 'x.dxf'], 'dxf'],
    [['--format', 'laser-svg', '-o', 'x.svg'], 'laser-svg'],
    [['--format', 'plot-svg', '-o', 'x.svg'], 'plot-svg'],
  ])('--solve, --solve tremaux with %j: one line, no file, an old one intact', async (output, name) => {
    const dir = tempDir();
    const args = output.map((a) => (a.startsWith('x.') ? join(dir, a) : a));
    const takers = { path: 'ascii, json, png, svg, pov, pdf, stl or 3mf', method: 'ascii, json, png, svg, pov or pdf' };
    for (const [solve, asked, by] of [[['--solve'], '--solve', takers.path], [['--solve', 'shortest'], '--solve', takers.path], [['--solve', 'tremaux'], '--solve tremaux', takers.method]] as const) {
      const result = await runCli(['gen', '--seed', '2', ...solve, ...args]);
      refusedInOneLine(result);
      expect(result.stderr).toBe(`maze: error: ${asked} applies to ${by}, not to ${name}: it draws the walls alone\n`);
      expect(existsSync(args[args.length - 1]!)).toBe(false);
    }
    writeFileSync(args[args.length - 1]!, 'old\n');
    refusedInOneLine(await runCli(['gen', '--solve', ...args]));
    expect(readFileSync(args[args.length - 1]!, 'utf8')).toBe('old\n');
    expect((await runCli(['gen', '--seed', '2', ...args])).code).toBe(0);
  });

  it('ends asked of cut lines or pen strokes, which draw no start or end, are refused unless --openings opens the border beside them', async () => {
    const dir = tempDir();
    for (const [flags, flag] of [[['--from', '2,2'], '--from'], [['--to', '3,1'], '--to'], [['--ends', 'farthest'], '--ends']] as const) {
      for (const [output, name] of [[['-o', join(dir, 'x.dxf')], 'dxf'], [['--format', 'plot-svg', '-o', join(dir, 'x.svg')], 'plot-svg']] as const) {
        const result = await runCli(['gen', '--w', '6', '--h', '4', ...flags, ...output]);
        refusedInOneLine(result);
        expect(result.stderr).toBe(`maze: error: ${flag} applies to ascii, json, png, svg, pov, pdf, stl or 3mf, not to ${name}: it draws the walls alone, no start or end (with --openings the border opens beside them)\n`);
        // with --openings an end on the rim opens the border beside it; one inside opens nothing, and is refused (a sweep: taken with a note, the file's comment naming it)
        const rim = flag === '--from' ? ['--from', '0,2'] : flag === '--to' ? ['--to', '3,0'] : flags;
        expect((await runCli(['gen', '--w', '6', '--h', '4', '-q', ...rim, '--openings', ...output])).code).toBe(0);
        if (flag === '--ends') continue;
        const inside = await runCli(['gen', '--w', '6', '--h', '4', ...flags, '--openings', ...output]);
        refusedInOneLine(inside);
        expect(inside.stderr).toBe(`maze: error: ${flag} ${flags[1]} is inside the maze, so it has no opening, and ${name} draws the walls alone: give an end on the rim, or leave it out\n`);
      }
    }
  });

  it('a printed model shows the path only: --solve alone or shortest is drawn, another method is refused', async () => {
    const dir = tempDir();
    for (const ext of ['stl', '3mf']) {
      const file = join(dir, `m.${ext}`);
      for (const method of ['tremaux', 'wall-left', 'dead-end-fill']) {
        const result = await runCli(['gen', '--seed', '2', '--w', '5', '--h', '4', '--solve', method, '-o', file]);
        refusedInOneLine(result);
        expect(result.stderr).toBe(`maze: error: --solve ${method} applies to ascii, json, png, svg, pov or pdf, not to ${ext}: a printed model shows the solution path only, so give --solve alone (the shortest path)\n`);
        expect(existsSync(file)).toBe(false);
      }
      expect((await runCli(['gen', '--seed', '2', '--w', '5', '--h', '4', '--solve', '-o', file])).code).toBe(0);
      expect((await runCli(['gen', '--seed', '2', '--w', '5', '--h', '4', '--solve', 'shortest', '-o', file])).code).toBe(0);
    }
  });

  it('maze solve: a cut or plot refused whatever the method, a printed model for a method but the shortest', async () => {
    const dir = tempDir();
    const json = join(dir, 'm.json');
    expect((await runCli(['gen', '--seed', '2', '--w', '5', '--h', '4', '-o', json])).code).toBe(0);
    const dxf = await runCli(['solve', json, '-o', join(dir, 's.dxf')]);
    refusedInOneLine(dxf);
    expect(dxf.stderr).toBe('maze: error: maze solve draws a solution, which dxf does not show (it draws the walls alone): write ascii, json, png, svg, pov, pdf, stl or 3mf\n');
    const plot = await runCli(['solve', json, '--method', 'tremaux', '--format', 'plot-svg', '-o', join(dir, 's.svg')]);
    expect(plot.stderr).toBe('maze: error: --method tremaux applies to ascii, json, png, svg, pov or pdf, not to plot-svg: it draws the walls alone\n');
    const stl = await runCli(['solve', json, '--method', 'tremaux', '-o', join(dir, 's.stl')]);
    expect(stl.stderr).toBe('maze: error: --method tremaux applies to ascii, json, png, svg, pov or pdf, not to stl: a printed model shows the solution path only, so leave out --method (the shortest path)\n');
    expect(existsSync(join(dir, 's.stl'))).toBe(false);
    expect((await runCli(['solve', json, '-o', join(dir, 's.stl')])).code).toBe(0);
    // the rendering of a saved maze draws what it holds: no option is given for it
    expect((await runCli(['render', json, '-o', join(dir, 'r.dxf')])).code).toBe(0);
  });
});

describe('defect 2: the laser and plotter SVGs name their ending, .svg', () => {
  it.each(['laser-svg', 'plot-svg'])('%s with -o x.dxf or x.png', async (name) => {
    const dir = tempDir();
    for (const file of ['x.dxf', 'x.png']) {
      const result = await runCli(['gen', '--format', name, '-o', join(dir, file)]);
      refusedInOneLine(result);
      expect(result.stderr).toContain(`but --format is ${name}: end the name in .svg, or drop --format`);
    }
    const batch = await runCli(['gen', '--format', name, '--count', '2', '-o', join(dir, 'x.svg')]);
    expect(batch.stderr).toContain("such as -o 'maze-{n}.svg'");
  });
});

/** `run` with standard input and output that say they are a terminal (maze play reads its file only then). */
async function runOnTerminal(args: string[]): Promise<{ code: number; stderr: string }> {
  const stdin = Object.assign(Readable.from([]), { isTTY: true, setRawMode: () => stdin });
  const stdout = Object.assign(new PassThrough(), { isTTY: true, columns: 80, rows: 24 });
  const stderr = new PassThrough();
  const err: Buffer[] = [];
  stderr.on('data', (c: Buffer) => err.push(c));
  const code = await run(args, { stdin, stdout, stderr } as never);
  return { code, stderr: Buffer.concat(err).toString('utf8') };
}

describe('defect 3: a file that is not a maze\'s JSON is said to be so, in one line, by every command that reads one', () => {
  it('an STL, a 3MF, a DXF and other binary data', async () => {
    const dir = tempDir();
    const files: [string, string][] = [
      ['coaster.stl', 'an STL model'],
      ['board.dxf', 'a DXF drawing'],
      ['m.3mf', 'a ZIP archive'],
    ];
    for (const [file] of files) expect((await runCli(['gen', '--seed', '1', '--w', '4', '--h', '3', '-o', join(dir, file)])).code).toBe(0);
    writeFileSync(join(dir, 'ascii.stl'), 'solid maze\n  facet normal 0 0 1\nendsolid maze\n');
    files.push(['ascii.stl', 'an STL model']);
    writeFileSync(join(dir, 'data.bin'), Buffer.from([0x00, 0x5b, 0x5b, 0x5b, 0x7b, 0x01, 0x02, 0xff]));
    files.push(['data.bin', 'binary data']);
    for (const [file, what] of files) {
      const path = join(dir, file);
      const line = (command: string): string => `maze: error: '${path}' is ${what}, not a saved maze: maze ${command} reads a maze saved as JSON (maze gen -o maze.json)\n`;
      for (const command of [['stats'], ['render', '-o', join(dir, 'out.png')], ['solve']]) {
        const result = await runCli([command[0]!, path, ...command.slice(1)]);
        refusedInOneLine(result);
        expect(result.stderr).toBe(line(command[0]!));
      }
      expect(existsSync(join(dir, 'out.png'))).toBe(false);
      const played = await runOnTerminal(['play', path]);
      expect(played.stderr).toBe(line('play'));
      expect(played.code).toBe(2);
    }
  });

  it('the JSON reader (the library\'s parseAny) says binary data is not JSON text before it counts brackets', () => {
    const binary = `maze STL, millimetres${'\u0000'.repeat(60)}${'[['.repeat(40)}`;
    expect(() => parseAnyMaze(binary, 'coaster.stl')).toThrow(/^coaster\.stl: not a saved maze: binary data, not JSON text \(a saved maze is the json format's text\)$/);
  });
});

describe('defect 4: a square maze with a topology is drawn whole in memory, and the limit says so', () => {
  it('gen --weave 0.5 --w 1000 --h 1000 -o hw.png names the square grid\'s topology and what to do', async () => {
    const dir = tempDir();
    for (const topology of [['--weave', '0.5'], ['--wrap', 'x'], ['--levels', '2']]) {
      const result = await runCli(['gen', ...topology, '--w', '1000', '--h', '1000', '--max-pixels', '20000000000', '-o', join(dir, 'hw.png')]);
      refusedInOneLine(result);
      expect(result.stderr).toMatch(
        new RegExp(`^maze: error: a square picture with a weave, wrap or levels of \\d+ × 20002 pixels is over the limit of ${MAX_SHAPE_PIXELS} pixels for pictures drawn whole in memory \\(topologies and non-square shapes, a byte a pixel, so --max-pixels does not raise it\\); make the maze or --tile smaller, or write it as svg or pdf\n$`),
      );
      expect(existsSync(join(dir, 'hw.png'))).toBe(false);
    }
    const hex = await runCli(['gen', '--shape', 'hex', '--w', '1000', '--h', '1000', '-o', join(dir, 'hx.png')]);
    expect(hex.stderr).toMatch(/^maze: error: a hex picture of 17329 × 20012 pixels is over the limit of 268435456 pixels for non-square shapes \(drawn whole in memory, a byte a pixel, so --max-pixels does not raise it\); make the maze or --tile smaller, or write it as svg or pdf\n$/);
  });

  it('svg and pdf draw vectors, which hold no canvas: they take the picture past that limit (a PDF held to its page\'s 250 000 cells instead)', () => {
    const shape = new TopologyShape(new SquareLattice(1000, 1000, true, false), 1);
    const options = { ...DEFAULT_RENDER_OPTIONS };
    expect(() => checkShapeDrawing(findFormat('png')!, { shape }, options, 2e10)).toThrow(/over the limit of 268435456 pixels/);
    expect(() => checkShapeDrawing(findFormat('svg')!, { shape }, options, 2e10)).not.toThrow();
    expect(() => checkShapeDrawing(findFormat('pdf')!, { shape }, options, 2e10)).toThrow(/^a square maze is 1000000 cells, too many for one printed page/);
    // a page's worth of cells, past the canvas's limit at a large tile
    const page = new TopologyShape(new SquareLattice(500, 500, true, false), 1);
    const large = { ...options, tile: 40 };
    expect(() => checkShapeDrawing(findFormat('png')!, { shape: page }, large, 2e10)).toThrow(/over the limit of 268435456 pixels/);
    expect(() => checkShapeDrawing(findFormat('pdf')!, { shape: page }, large, 2e10)).not.toThrow();
  });
});

describe('defect 5: a polar model\'s arcs are in pieces of about 2 mm on every ring', () => {
  it('gen --shape polar --w 6: each arc in the fewest pieces of 2 mm at most, unless a piece would then be shorter than 1.5 walls', async () => {
    const dir = tempDir();
    const file = join(dir, 'pol.json');
    expect((await runCli(['gen', '--shape', 'polar', '--w', '6', '--seed', '1', '-o', file])).code).toBe(0);
    const maze = parseAnyMaze(readFileSync(file, 'utf8'), file) as GraphMaze;
    const shortest = 1.5 * FAB_DEFAULTS.wallMm;
    let longest = 0;
    const radii = new Set<number>();
    for (const side of mazeSides(maze)) {
      if (side.line.kind !== 'arc') continue;
      radii.add(side.line.radius);
      const points = sidePoints(side.line, FAB_DEFAULTS);
      const pieces = points.length / 2 - 1;
      const length = side.line.radius * (side.line.a1 - side.line.a0) * FAB_DEFAULTS.cellMm;
      for (let i = 2; i < points.length; i += 2) {
        const mm = Math.hypot(points[i]! - points[i - 2]!, points[i + 1]! - points[i - 1]!) * FAB_DEFAULTS.cellMm;
        longest = Math.max(longest, mm);
        // never shorter than 1.5 walls, so that the mitres at a piece's two ends never cross
        expect(mm).toBeGreaterThanOrEqual(shortest - 1e-6);
        // 2 mm at most, unless one piece more would be shorter than 1.5 walls
        if (mm > 2 + 1e-9) expect(length / (pieces + 1)).toBeLessThan(shortest);
      }
      if (pieces > 1) expect(length / (pieces - 1)).toBeGreaterThan(2);
    }
    // every circle, the centre cell's to the outer wall's (70 mm out, its pieces 4.6 mm long before) alike
    expect(radii.size).toBe(7);
    expect(longest).toBeLessThan(2.25);
  });
});
