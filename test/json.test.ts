/**
 * The JSON interchange contract: every JSON this project writes passes
 * schema/maze.schema.json, `parseMaze` reads it back losslessly, and
 * `maze render m.json` equals `maze gen` byte for byte in every format, for
 * every algorithm (both registries are looped over, so a new algorithm or
 * format is covered the day it is added).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { algorithms } from '../src/algorithms/index.js';
import { UsageError } from '../src/errors.js';
import { formats } from '../src/formats/index.js';
import json, { parseAnyMaze, parseMaze } from '../src/formats/json.js';
import { makeGraphMaze, makeMaze, specFromOptions } from '../src/lib/spec.js';
import { DEFAULT_RENDER_OPTIONS } from '../src/formats/types.js';
import { collect, ROOT, runCli, schemaErrors, tempDir } from './helpers.js';

const SIZES: [number, number][] = [[1, 1], [1, 6], [6, 1], [2, 2], [5, 3], [30, 20]];
const SEEDS = ['1', 'forest'];

/** A small valid document, changed by each negative case below. */
function sample(): Record<string, unknown> {
  return {
    format: 'maze', version: 1, width: 3, height: 2,
    algorithm: 'kruskal', seed: '7', options: {},
    top: ['111', '010', '111'],
    left: ['1001', '1011'],
    palette: ['#ffffff', '#a03c5f'],
    topColor: [[0, 0, 0], [0, 1, 0], [0, 0, 0]],
    leftColor: [[0, 0, 0, 0], [0, 0, 1, 0]],
    start: [0, 0], end: [2, 1],
    solution: [[0, 0], [0, 1], [1, 1], [0, 1], [0, 0], [1, 0], [2, 0], [2, 1]], // key a first, then door A
    doors: [{ x: 2, y: 0, side: 'left', key: 0 }, { x: 0, y: 1, side: 'top', key: null }],
    keys: [{ x: 1, y: 1, door: 0 }],
  };
}

function changed(edit: (doc: Record<string, unknown>) => void): string {
  const doc = sample();
  edit(doc);
  return JSON.stringify(doc);
}

describe('the JSON schema', () => {
  it('accepts the full sample, and parseMaze reads it', () => {
    const text = JSON.stringify(sample());
    expect(schemaErrors(text)).toEqual([]);
    expect(parseMaze(text, 'sample').doors).toHaveLength(2);
  });

  it('accepts every hand-made fixture and every golden JSON', () => {
    const files = [
      ...readdirSync(join(ROOT, 'fixtures')).filter((f) => f.endsWith('.json')).map((f) => join(ROOT, 'fixtures', f)),
      ...readdirSync(join(ROOT, 'fixtures', 'golden')).filter((f) => f.endsWith('.json')).map((f) => join(ROOT, 'fixtures', 'golden', f)),
    ];
    expect(files.length).toBeGreaterThanOrEqual(10);
    for (const file of files) expect(schemaErrors(readFileSync(file, 'utf8')), file).toEqual([]);
  });

  it.each<[string, (doc: Record<string, unknown>) => void, string]>([
    ['another format', (d) => (d.format = 'labyrinth'), 'not a maze file: "format" must be "maze", got "labyrinth"'],
    ['another version', (d) => (d.version = 2), '"version" 2 is not supported'],
    ['a zero width', (d) => (d.width = 0), '"width" must be at least 1, got 0'],
    ['a fractional height', (d) => (d.height = 1.5), '"height" must be a whole number, got 1.5'],
    ['a missing left', (d) => delete d.left, '"left" is missing'],
    ['a wall character other than 0 and 1', (d) => (d.top = ['111', '0x0', '111']), '"top" row 1 must be only \'0\' and \'1\' characters, got "0x0"'],
    ['three openings in the top border', (d) => (d.top = ['000', '010', '111']), '"top" row 0 must be \'1\' characters with at most two \'0\''],
    ['a color that is not #rrggbb', (d) => (d.palette = ['#fff']), '"palette" entry 0 must be a color like "#a03c5f", got "#fff"'],
    ['an empty palette', (d) => (d.palette = []), '"palette" must be a list of at least 1 item, got []'],
    ['topColor without leftColor', (d) => delete d.leftColor, '"topColor" needs "leftColor" too'],
    ['a negative palette index', (d) => (d.topColor = [[0, 0, 0], [0, -1, 0], [0, 0, 0]]), '"topColor" row 1 column 1 must be at least 0, got -1'],
    ['a seed that is a number', (d) => (d.seed = 7), '"seed" must be text, got 7'],
    ['a seed without algorithm', (d) => delete d.algorithm, '"seed" needs "algorithm" too'],
    ['an option that is neither text nor number', (d) => (d.options = { start: true }), '"options" "start" must be text or a number, got true'],
    ['a start with one coordinate', (d) => (d.start = [0]), '"start" must be a list of at least 2 items, got [0]'],
    ['a negative end', (d) => (d.end = [-1, 0]), '"end" x must be at least 0, got -1'],
    ['a solution step of three numbers', (d) => (d.solution = [[0, 0, 0]]), '"solution" step 0 must be a list of at most 2 items, got [0,0,0]'],
    ['a door on a bottom side', (d) => (d.doors = [{ x: 0, y: 0, side: 'bottom', key: null }]), '"doors" entry 0 "side" must be one of "top", "left", got "bottom"'],
    ['a door key that is text', (d) => (d.doors = [{ x: 0, y: 0, side: 'top', key: 'a' }]), '"doors" entry 0 "key" must be a whole number or null, got "a"'],
    ['a key with a negative door', (d) => (d.keys = [{ x: 0, y: 0, door: -1 }]), '"keys" entry 0 "door" must be at least 0, got -1'],
    ['an unknown field', (d) => (d.colour = 'red'), 'unknown field "colour"'],
    // the other kind of maze's field: it said `must be valid (schema keyword "false schema")`
    ['passages on a maze with no shape', (d) => (d.passages = ['000']), '"passages" has no place in a maze with no "shape", which keeps its walls in "top" and "left": leave "passages" out, or give the maze\'s "shape"'],
    ['walls on a maze with a shape', (d) => Object.assign(d, { shape: 'hex', passages: ['000', '000'], palette: undefined, topColor: undefined, leftColor: undefined, left: undefined, doors: undefined, keys: undefined }), '"top" has no place in a maze with a "shape", which keeps its passages in "passages" (no walls, colours, keys or doors): leave "top" out'],
  ])('rejects %s, and so does the reader, naming the field', (_what, edit, message) => {
    const text = changed(edit);
    expect(schemaErrors(text)).not.toEqual([]);
    expect(() => parseMaze(text, 'm.json')).toThrow(UsageError);
    expect(() => parseMaze(text, 'm.json')).toThrow(`m.json: ${message}`);
  });

  // What the schema cannot say (sizes relative to width and height, indices
  // relative to the palette, points inside the grid) parseMaze checks.
  it.each<[string, (doc: Record<string, unknown>) => void, RegExp]>([
    ['top with H rows instead of H+1', (d) => (d.top = ['111', '111']), /"top" must be a list of 3 strings, got 2/],
    ['a left row one character short', (d) => (d.left = ['1001', '111']), /"left" row 1 must be 4 characters of '0' and '1', got "111"$/],
    ['a door off the grid', (d) => (d.doors = [{ x: 9, y: 0, side: 'top', key: null }]), /"doors" entry 0 must be .* on the grid, got \{"x":9,"y":0,"side":"top","key":null\}$/],
    ['an open bottom border away from the end', (d) => (d.top = ['111', '010', '011']), /border is not closed: "top" row 2 column 0 is '0'; it may open only beside a "start" or "end" cell/],
    ['an open top border away from the start', (d) => (d.top = ['101', '010', '111']), /border is not closed: "top" row 0 column 1 is '0'/],
    ['an open right border', (d) => (d.left = ['1000', '1011']), /border is not closed: "left" row 0 column 3 is '0'/],
    ['an opening with no start', (d) => Object.assign(d, { top: ['011', '010', '111'], start: undefined, solution: undefined }), /"top" row 0 column 0 is '0'/],
    ['a palette index past the palette', (d) => (d.leftColor = [[0, 0, 0, 0], [0, 0, 2, 0]]), /"leftColor" row 1 column 2 must be a palette index from 0 to 1, got 2/],
    ['a start outside the grid', (d) => (d.start = [3, 0]), /"start" must be a cell \[x, y\] inside the 3 × 2 grid, got \[3,0\]/],
    ['a solution step outside the grid', (d) => (d.solution = [[0, 2]]), /"solution" step 0 must be a cell/],
    ['a key outside the grid', (d) => (d.keys = [{ x: 0, y: 5, door: 0 }]), /"keys" entry 0 must be a cell/],
    ['a solution step through a wall', (d) => (d.solution = [[0, 0], [1, 0], [1, 1], [2, 1]]), /"solution" step 2 goes from \[1,0\] to \[1,1\]: each step must go to a neighbor cell through an open wall/],
    ['a solution that jumps', (d) => (d.solution = [[0, 0], [2, 0], [2, 1]]), /"solution" step 1 goes from \[0,0\] to \[2,0\]/],
    ['a solution that begins elsewhere', (d) => (d.solution = [[1, 0], [2, 0], [2, 1]]), /"solution" must begin at "start" \[0,0\], not at \[1,0\]/],
    ['a solution that ends elsewhere', (d) => (d.solution = [[0, 0], [1, 0], [2, 0]]), /"solution" must end at "end" \[2,1\], not at \[2,0\]/],
  ])('passes the schema but parseMaze refuses %s', (_what, edit, message) => {
    const text = changed(edit);
    expect(schemaErrors(text)).toEqual([]);
    expect(() => parseMaze(text, 'm.json')).toThrow(UsageError);
    expect(() => parseMaze(text, 'm.json')).toThrow(message);
  });
});

/** Each format once, ascii in both styles, as CLI flags and a file ending. */
const variants = formats.flatMap((format) => {
  const ext = format.extensions[0] ?? `.${format.name}`;
  const plain = { label: format.name, format, flags: ['-f', format.name], ext };
  if (format.name !== 'ascii') return [plain];
  return [plain, { label: 'ascii --style unicode', format, flags: ['-f', format.name, '--style', 'unicode'], ext: `.unicode${ext}` }];
});

describe.each(algorithms.map((a) => [a.name] as const))('%s', (name) => {
  it('writes JSON the schema accepts at every size, and parseMaze reads it back losslessly', async () => {
    for (const [width, height] of SIZES) {
      for (const seed of SEEDS) {
        const args = ['gen', '--algo', name, '--w', String(width), '--h', String(height), '--seed', seed, '-f', 'json'];
        const { code, stdout, stderr } = await runCli(args);
        expect(stderr).toBe('');
        expect(code).toBe(0);
        expect(schemaErrors(stdout), args.join(' ')).toEqual([]);
        const doc = JSON.parse(stdout) as Record<string, unknown>;
        expect([doc.width, doc.height, doc.algorithm, doc.seed]).toEqual([width, height, name, seed]);
        const maze = parseMaze(stdout, 'out');
        expect((await collect(json.render(maze, DEFAULT_RENDER_OPTIONS))).toString('utf8')).toBe(stdout);
      }
    }
  });

  it.each(variants.map((v) => [v.label, v] as const))('maze render m.json equals maze gen in %s, byte for byte', async (_label, variant) => {
    const dir = tempDir();
    const gen = ['gen', '--algo', name, '--w', '9', '--h', '6', '--seed', '7'];
    const saved = join(dir, 'm.json');
    expect((await runCli([...gen, '-q', '-o', saved])).code).toBe(0);
    expect(schemaErrors(readFileSync(saved, 'utf8'))).toEqual([]);

    const direct = join(dir, `direct${variant.ext}`);
    const via = join(dir, `via${variant.ext}`);
    // a printed model has no mark for a key or a locked door (formats/solid.ts): both refuse a zones maze alike
    if (name === 'zones' && (variant.format.name === 'stl' || variant.format.name === '3mf')) {
      for (const args of [[...gen, ...variant.flags, '-o', direct], ['render', saved, ...variant.flags, '-o', via]]) {
        expect((await runCli(args)).stderr).toMatch(/^maze: error: a printed maze has no mark for a key or a locked door/);
      }
      return;
    }
    expect(await runCli([...gen, ...variant.flags, '-o', direct])).toMatchObject({ code: 0, stderr: '' });
    expect(await runCli(['render', saved, ...variant.flags, '-o', via])).toMatchObject({ code: 0, stderr: '' });
    const bytes = readFileSync(direct);
    expect(bytes.length).toBeGreaterThan(0);
    expect(readFileSync(via).equals(bytes)).toBe(true);

    if (!variant.format.binary) {
      const toStdout = await runCli([...gen, ...variant.flags]);
      expect(toStdout.stdoutBytes.equals(bytes)).toBe(true);
      expect((await runCli(['render', saved, ...variant.flags])).stdoutBytes.equals(bytes)).toBe(true);
    }
  });
});

describe('one JSON format for every grid (issue 30: one model)', () => {
  // a square, a hex and a triangle maze on the same mask, solved: one reader checks the three with the same words
  const HEART = ['....XXXX....', '...XXXXXX...', '............', '............', 'XX........XX', 'XXXX....XXXX'];
  const saved = (shape: 'square' | 'hex' | 'triangle'): Record<string, unknown> => {
    const { spec } = specFromOptions({ algorithm: 'kruskal', shape, mask: HEART, solve: true, width: 12, height: 6 });
    const text = shape === 'square' ? [...json.render(makeMaze(spec, 'heart'), DEFAULT_RENDER_OPTIONS) as Iterable<string>].join('') : [...json.renderGraph!(makeGraphMaze(spec, 'heart'), DEFAULT_RENDER_OPTIONS) as Iterable<string>].join('');
    return JSON.parse(text) as Record<string, unknown>;
  };
  const refused = (doc: Record<string, unknown>, change: (d: Record<string, unknown>) => void): string => {
    const spoilt = structuredClone(doc);
    change(spoilt);
    try {
      parseAnyMaze(JSON.stringify(spoilt), 'm.json');
    } catch (error) {
      return (error as Error).message;
    }
    return 'accepted';
  };

  it.each(['square', 'hex', 'triangle'] as const)('the same fault gets the same words on a %s grid', (shape) => {
    const doc = saved(shape);
    expect(refused(doc, () => undefined)).toBe('accepted');
    const mask = doc.mask as string[];
    const row = mask.findIndex((r) => r.includes('X'));
    const outside = [mask[row]!.indexOf('X'), row];
    const solution = doc.solution as [number, number][];
    expect(solution.length).toBeGreaterThan(2);
    const noEnds = (d: Record<string, unknown>): void => {
      delete d.start;
      delete d.end;
      delete d.solution;
    };
    expect(refused(doc, (d) => {
      noEnds(d);
      d.start = [99, 0];
    })).toMatch(/^m\.json: "start" must be a cell \[x, y\] inside the 12 × 6 (hex |triangle )?grid, got \[99,0\]$/);
    expect(refused(doc, (d) => {
      noEnds(d);
      d.end = outside;
    })).toBe(`m.json: "end" ${JSON.stringify(outside)} is outside the "mask": it must be a cell of the maze`);
    // a solution of one cell, outside the mask: the square reader let it by
    expect(refused(doc, (d) => {
      noEnds(d);
      d.solution = [outside];
    })).toBe(`m.json: "solution" step 0 ${JSON.stringify(outside)} is outside the "mask": it must be a cell of the maze`);
    // a step that skips a cell: no passage joins the two
    expect(refused(doc, (d) => {
      d.solution = [solution[0], solution[2]];
      d.end = solution[2];
    })).toBe(`m.json: "solution" step 1 goes from ${JSON.stringify(solution[0])} to ${JSON.stringify(solution[2])}: each step must go to a neighbor cell through an open wall`);
    expect(refused(doc, (d) => (d.mask = mask.slice(1)))).toBe('m.json: "mask" must be a list of 6 strings (one a row), got 5');
    expect(refused(doc, (d) => (d.mask = [mask[0]!.slice(1), ...mask.slice(1)]))).toBe(`m.json: "mask" row 0 must be 12 characters of '.' and 'X', got "${mask[0]!.slice(1)}"`);
    expect(refused(doc, (d) => (d.mask = mask.map((r) => r.replaceAll('.', 'X'))))).toBe(`m.json: "mask" has no cell in the maze: every character is 'X'`);
    expect(refused(doc, (d) => Object.assign(d, { width: 20000, height: 10000 }))).toMatch(/^m\.json: (a (hex|triangle) grid of )?20000 × 10000 is 200000000 cells, over the limit of 100000000 for a maze held whole in memory/);
  });
});
