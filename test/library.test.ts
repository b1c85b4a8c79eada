/**
 * The library (src/lib/index.ts): the same mazes, bytes and messages as the CLI
 * for the same values, and no CLI code in the graph of the bundles that
 * ship it (read from the metafiles scripts/build.mjs leaves in dist/meta).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { algorithms as registry } from '../src/algorithms/index.js';
import * as browser from '../src/lib/browser.js';
import * as maze from '../src/lib/index.js';
import { flagOf } from '../src/cli/commands/args.js';
import type { MazeError } from '../src/errors.js';
import { ROOT, runCli } from './helpers.js';

/** A maze past the default limits of a solve (16 million cells) and, at tile 30, of a picture (10^10 pixels), made once. */
let hugeMaze: maze.Maze | null = null;
function huge(): maze.Maze {
  hugeMaze ??= maze.generate({ algorithm: 'sidewinder', width: 4100, height: 4000, seed: 1 });
  return hugeMaze;
}

/** What `call` throws. */
function caught(call: () => unknown): MazeError {
  try {
    call();
  } catch (error) {
    return error as MazeError;
  }
  throw new Error('nothing was thrown');
}

describe('the library gives what maze gen gives', () => {
  it('the same bytes for every algorithm, in every format, for the same values', async () => {
    for (const algorithm of registry) {
      const m = maze.generate({ algorithm: algorithm.name, width: 9, height: 6, seed: 'lib' });
      for (const format of maze.formats) {
        const cli = await runCli(['gen', '--algo', algorithm.name, '--w', '9', '--h', '6', '--seed', 'lib', '--format', format.name, '-o', '-']);
        // keys and locked doors print as nothing (test/fabrication.test.ts): both refuse them
        if (algorithm.name === 'zones' && (format.name === 'stl' || format.name === '3mf')) {
          expect(cli.code).toBe(2);
          await expect(maze.render(m, format.name as maze.FormatName)).rejects.toThrow(/a printed maze has no mark for a key or a locked door/);
          continue;
        }
        expect(cli.code, cli.stderr).toBe(0);
        const bytes = await maze.render(m, format.name as maze.FormatName);
        expect(Buffer.from(bytes).equals(cli.stdoutBytes), `${algorithm.name} ${format.name}`).toBe(true);
      }
    }
  });

  it("the algorithm's own options, numbers and cells as values, and render options", async () => {
    const m = maze.generate({ algorithm: 'backtracker', width: 12, height: 7, seed: 3, start: [4, 2], from: [0, 6], to: [11, 0], solve: true });
    const cli = await runCli(['gen', '--algo', 'backtracker', '--w', '12', '--h', '7', '--seed', '3', '--start', '4,2', '--from', '0,6', '--to', '11,0', '--solve', '-o', '-', '--format', 'svg', '--tile', '9', '--wall', '3', '--path-color', '#00ff00']);
    const svg = await maze.render(m, 'svg', { tile: 9, wall: 3, pathColor: '#00ff00' });
    expect(Buffer.from(svg).toString()).toBe(cli.stdout);
    const trees = maze.generate({ width: 10, height: 10, seed: 'x', trunks: 3, islands: 2 });
    const treesCli = await runCli(['gen', '--w', '10', '--h', '10', '--seed', 'x', '--trunks', '3', '--islands', '2', '--format', 'json']);
    expect(Buffer.from(await maze.render(trees, 'json')).toString()).toBe(treesCli.stdout);
    const unicode = await maze.render(trees, 'ascii', { style: 'unicode' });
    expect(Buffer.from(unicode).toString()).toBe((await runCli(['gen', '--w', '10', '--h', '10', '--seed', 'x', '--trunks', '3', '--islands', '2', '--style', 'unicode'])).stdout);
    const colored = await maze.render(trees, 'ascii', { color: true });
    expect(Buffer.from(colored).toString()).toBe((await runCli(['gen', '--w', '10', '--h', '10', '--seed', 'x', '--trunks', '3', '--islands', '2', '--color', 'always'])).stdout);
    expect(Buffer.from(colored).toString()).toContain('\u001b[38;2;');
  });

  it('solve, stats and parse as maze solve, maze stats --json and maze render do', async () => {
    const m = maze.generate({ algorithm: 'wilson', width: 8, height: 8, seed: 11 });
    const saved = Buffer.from(await maze.render(m, 'json')).toString();
    const parsed = maze.parse(saved);
    expect(Buffer.from(await maze.render(parsed, 'json')).toString()).toBe(saved);

    const cliStats = await runCli(['stats', '-', '--json', '--from', '1,1'], saved);
    expect(maze.stats(parsed, { from: [1, 1] })).toEqual(JSON.parse(cliStats.stdout));

    const path = maze.solve(parsed, { to: [3, 5] });
    expect(path[0]).toEqual([0, 0]);
    expect(path[path.length - 1]).toEqual([3, 5]);
    const cliSolved = await runCli(['solve', '-', '--to', '3,5', '--format', 'json'], saved);
    expect(Buffer.from(await maze.render(parsed, 'json')).toString()).toBe(cliSolved.stdout);
  });

  it('draws a seed when given none, and records it so that it reproduces the maze', async () => {
    const m = maze.generate({ algorithm: 'prim', width: 5, height: 5 });
    const seed = m.info!.seed;
    expect(seed).toMatch(/^\d+$/);
    const again = maze.generate({ algorithm: 'prim', width: 5, height: 5, seed });
    expect(await maze.render(again, 'json')).toEqual(await maze.render(m, 'json'));
  });

  it('refuses bad values with a MazeError naming the option, which the command line words with its flag', async () => {
    // JavaScript callers: the types would refuse these calls (test/types.test.ts)
    const cases: [() => unknown, string[], string, maze.MazeErrorCode][] = [
      [() => maze.generate({ algorithm: 'nope' } as never), ['gen', '--algo', 'nope'], 'algorithm', 'invalid-value'],
      [() => maze.generate({ width: 0 }), ['gen', '--w', '0'], 'width', 'invalid-value'],
      [() => maze.generate({ algorithm: 'kruskal', trunks: 3 } as never), ['gen', '--algo', 'kruskal', '--trunks', '3'], 'trunks', 'unknown-option'],
      [() => maze.generate({ width: 3, height: 3, trunks: 50 }), ['gen', '--w', '3', '--h', '3', '--trunks', '50'], 'trunks', 'impossible'],
      [() => maze.generate({ width: 4, height: 4, from: [4, 0] }), ['gen', '--w', '4', '--h', '4', '--from', '4,0'], 'from', 'invalid-value'],
      [() => maze.generate({ algorithm: 'zones', width: 6, height: 6, zones: 3, keys: 5 }), ['gen', '--algo', 'zones', '--w', '6', '--h', '6', '--zones', '3', '--keys', '5'], 'keys', 'impossible'],
    ];
    for (const [call, args, option, code] of cases) {
      const cli = await runCli(args);
      expect(cli.code).toBe(2);
      const error = caught(call);
      expect(error).toBeInstanceOf(maze.MazeError);
      expect(error).toBeInstanceOf(maze.UsageError);
      expect(error).toMatchObject({ option, code });
      expect(error.message).not.toMatch(/--/);
      expect(`maze: error: ${error.wordedFor(flagOf)}\n`).toBe(cli.stderr);
    }
    expect(caught(() => maze.generate({ width: 0 })).message).toBe('width must be from 1 to 100000000, got 0');
    const m = maze.generate({ width: 3, height: 3, seed: 1 });
    await expect(maze.render(m, 'gif' as never)).rejects.toThrow(/unknown format 'gif'; the formats are ascii, json, png, svg, pov, pdf, stl, 3mf, dxf, laser-svg or plot-svg/);
    await expect(maze.render(m, 'png', { tile: 4, wall: 4 })).rejects.toThrow(maze.MazeError);
    await expect(maze.render(m, 'svg', { tile: 4, wall: 4 })).rejects.toThrow('wall 4 must be less than tile 4');
    expect(() => maze.generate({ widht: 3 } as never)).toThrow("unknown generate option 'widht'; did you mean 'width'?");
    await expect(maze.render(m, 'svg', { size: 3 } as never)).rejects.toThrow("unknown render option 'size'");
  });

  // Found by a re-audit: each of these was a TypeError, a silent wrong result, script in an SVG, or minutes of work.
  it.each<[string, () => unknown, RegExp]>([
    ['generate(null)', () => maze.generate(null as never), /^generate takes an object of options, got null$/],
    ["render({ width: 5, height: 5 }, 'svg')", () => maze.render({ width: 5, height: 5 } as never, 'svg'), /^render: not a maze \(one made by generate\(\) or parse\(\)\), got \{"width":5,"height":5\}$/],
    ["render(m, 'svg', null)", () => maze.render(maze.generate({ width: 3, height: 3, seed: 1 }), 'svg', null as never), /^render takes an object of options, got null$/],
    ['solve({})', () => maze.solve({} as never), /^solve: not a maze/],
    ['stats({ width: 3, height: 3 })', () => maze.stats({ width: 3, height: 3 } as never), /^stats: not a maze/],
    ['parse(Buffer)', () => maze.parse(Buffer.from('{}') as never), /^input: a saved maze is JSON text, got/],
    ['parse(123)', () => maze.parse(123 as never), /^input: a saved maze is JSON text, got 123$/],
    ["solve: 'yes'", () => maze.generate({ solve: 'yes' } as never), /^solve must be true or false, got 'yes'$/],
    ['solve: 1', () => maze.generate({ solve: 1 } as never), /^solve must be true or false, got 1$/],
    ['seed: {}', () => maze.generate({ seed: {} } as never), /^seed must be a safe integer or non-blank text, such as seed 7, got \{\}$/],
    ['seed: 2 ** 53', () => maze.generate({ seed: 2 ** 53 }), /^seed must be a safe integer or non-blank text, such as seed 7, got 9007199254740992$/],
    ["width: '30'", () => maze.generate({ width: '30' } as never), /^width must be a whole number from 1 to 100000000, got '30'$/],
    ['width: NaN', () => maze.generate({ width: NaN }), /^width must be a whole number from 1 to 100000000, got NaN$/],
    ['from: "1,1"', () => maze.generate({ from: '1,1' } as never), /^from must be a cell \[x, y\] of whole numbers from 0, such as \[0, 0\], got '1,1'$/],
    ['a palette entry that is script', () => {
      const m = maze.generate({ algorithm: 'kruskal', width: 3, height: 3, seed: 1 });
      (m.palette as unknown[])[0] = '"/><script>alert(1)</script>';
      return maze.render(m, 'svg');
    }, /^render: "palette" entry 0 must be a color 0xRRGGBB, got "\\"\/><script>/],
    ['a maze whose width became NaN', () => {
      const m = maze.generate({ algorithm: 'kruskal', width: 3, height: 3, seed: 1 });
      (m as { width: number }).width = NaN;
      return maze.render(m, 'svg');
    }, /^render: "width" and "height" must be whole numbers of at least 1, got null and 3$/],
    ['an open border', () => {
      const m = maze.generate({ algorithm: 'kruskal', width: 3, height: 3, seed: 1 });
      m.walls[1] = 0;
      return maze.stats(m);
    }, /^stats: the border is not closed/],
    ['a 4100 × 4000 PNG at tile 30 (1.5·10¹⁰ pixels)', () => maze.render(huge(), 'png', { tile: 30 }), /over the budget of 10000000000 pixels; make the maze or tile smaller, or raise maxPixels$/],
    ['a solve of 16.4 million cells', () => maze.solve(huge()), /^solve finds paths in mazes of at most 16000000 cells/],
  ])('%s is a MazeError, not a TypeError nor a wrong result', async (_what, call, message) => {
    let error: unknown;
    try {
      await call();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(maze.MazeError);
    expect((error as Error).message).toMatch(message);
  }, 60_000);

  it('raises the limits only when asked: maxPixels for a picture, maxCells for a solve', async () => {
    const m = maze.generate({ algorithm: 'sidewinder', width: 40, height: 30, seed: 1 });
    await expect(maze.render(m, 'png', { maxPixels: 1000 })).rejects.toThrow('over the budget of 1000 pixels');
    expect(() => maze.solve(m, { maxCells: 100 })).toThrow('at most 100 cells');
    expect(maze.solve(m, { maxCells: 1200 }).length).toBeGreaterThan(1);
    expect((await maze.render(m, 'png', { maxPixels: 1_000_000 })).length).toBeGreaterThan(100);
  });

  it('streams a big picture in pieces that join to the whole', async () => {
    const m = maze.generate({ algorithm: 'sidewinder', width: 300, height: 200, seed: 5 });
    const pieces: Uint8Array[] = [];
    for await (const piece of maze.renderStream(m, 'png')) pieces.push(piece);
    expect(pieces.length).toBeGreaterThan(1);
    expect(Buffer.concat(pieces).equals(Buffer.from(await maze.render(m, 'png')))).toBe(true);
  });

  it('lists the algorithms and formats of maze list, with their options', () => {
    expect(maze.algorithms.map((a) => a.name)).toEqual(registry.map((a) => a.name));
    expect(maze.algorithms.find((a) => a.name === 'trees')!.options.trunks!.default).toBe('auto');
    expect(maze.formats.map((f) => f.name)).toEqual(['ascii', 'json', 'png', 'svg', 'pov', 'pdf', 'stl', '3mf', 'dxf', 'laser-svg', 'plot-svg']);
    expect(browser.formats.map((f) => f.name)).toEqual(['ascii', 'json', 'svg', 'png', 'pdf']);
    // a page shows a word option as a menu of its words
    expect(maze.algorithms.find((a) => a.name === 'growing-tree')!.options.pick!.choices).toContain('newest');
    expect(maze.algorithms.find((a) => a.name === 'trees')!.options.trunks!.choices).toBeUndefined();
    // their descriptions name options, never the command line's flags (a sweep: --bias, --tile, --format laser-svg)
    for (const { name, description } of [...maze.algorithms, ...maze.formats]) expect(description, name).not.toMatch(/(^|[\s(])--?[a-z]|-o FILE/);
  });

  it('farthestEnds names the ends of the longest path', () => {
    for (const algorithm of ['backtracker', 'kruskal', 'binary-tree'] as const) {
      const m = maze.generate({ algorithm, width: 15, height: 9, seed: 2 });
      const ends = maze.farthestEnds(m);
      const path = maze.solve(m, ends);
      expect(path.length).toBe(maze.stats(m).longestPath);
    }
  });
});

/** The source files and packages a bundle's entry loads when it is imported (dynamic imports left out). */
function staticGraph(metaFile: string, entry: string): { inputs: string[]; external: string[] } {
  const meta = JSON.parse(readFileSync(join(ROOT, 'dist', 'meta', metaFile), 'utf8')) as {
    outputs: Record<string, { inputs: Record<string, unknown>; imports: { path: string; kind: string; external?: boolean }[] }>;
  };
  const inputs: string[] = [];
  const external: string[] = [];
  const seen = new Set<string>();
  const visit = (output: string): void => {
    if (seen.has(output)) return;
    seen.add(output);
    const node = meta.outputs[output];
    if (!node) throw new Error(`no output ${output} in ${metaFile}`);
    inputs.push(...Object.keys(node.inputs));
    for (const imported of node.imports) {
      if (imported.kind === 'dynamic-import') continue;
      if (imported.external) external.push(imported.path);
      else visit(imported.path);
    }
  };
  visit(entry);
  return { inputs, external };
}

describe('the bundles that ship the library', () => {
  const cli = /node_modules\/(yargs|yargs-parser|chalk|cliui|string-width)\/|src\/(cli|run|output|stats-table)\.ts|src\/commands\//;

  it('the library entry loads no CLI code: no yargs, chalk, commands, file writes', () => {
    const { inputs, external } = staticGraph('lib.json', 'dist/lib/index.js');
    expect(inputs).toContain('src/lib/index.ts');
    expect(inputs).toContain('src/lib/spec.ts');
    expect(inputs.filter((i) => cli.test(i))).toEqual([]);
    expect(external.filter((e) => /fs|child_process|process|readline|tty/.test(e))).toEqual([]);
  });

  it('the browser core has no Node module anywhere in its graph, dynamic imports included, and imports nothing', () => {
    for (const [file, entry] of [['browser.json', 'dist/browser/maze.js'], ['browserScript.json', 'dist/browser/maze.global.js']] as const) {
      const meta = JSON.parse(readFileSync(join(ROOT, 'dist', 'meta', file), 'utf8')) as {
        inputs: Record<string, { imports: { path: string; external?: boolean }[] }>;
        outputs: Record<string, unknown>;
      };
      expect(Object.keys(meta.outputs)).toEqual([entry]);
      const all = Object.entries(meta.inputs);
      // colored ASCII's chalk (its browser build) is bundled, so that bundlers find nothing to resolve
      const names = all.map(([name]) => name);
      expect(names.filter((name) => /pov|node_modules|commands|output/.test(name) && !name.startsWith('node_modules/chalk/'))).toEqual([]);
      // the Node-only modules are replaced by their browser twins: pdf-lib is a file apart, loaded by a script tag
      expect(names).toEqual(expect.arrayContaining(['src/formats/png.ts', 'src/formats/deflate.browser.ts', 'src/formats/load-pdf-lib.browser.ts']));
      expect(names.filter((name) => /deflate\.ts|load-pdf-lib\.ts|pdf-lib\//.test(name))).toEqual([]);
      // but the plain script's own address, taken while it runs, which esbuild injects into every file (and calls external, though it bundles it)
      const imports = all.flatMap(([, input]) => input.imports).filter((i) => !i.path.endsWith('scripts/shims/script-url.mjs'));
      expect(imports.filter((i) => i.path.startsWith('node:') || /supports-color\/index/.test(i.path))).toEqual([]);
      expect(imports.filter((i) => i.external === true)).toEqual([]);
      expect(imports.filter((i) => !i.path.startsWith('src/') && !i.path.startsWith('node_modules/chalk/'))).toEqual([]);
    }
  });
});

describe('steps(options): the growth, as plain objects', () => {
  it('tells a non-square shape\'s growth too: a shaped grid step, then passage steps (issue 30; test/shape-steps.test.ts replays them)', () => {
    for (const shape of ['hex', 'triangle', 'polar'] as const) {
      const told = [...maze.steps({ algorithm: 'kruskal', shape, width: 4, ...(shape === 'polar' ? {} : { height: 3 }), seed: 1 } as never)];
      expect(told[0]).toMatchObject({ type: 'grid', shape, walls: 'closed' });
      expect(told.some((step) => step.type === 'passage')).toBe(true);
    }
    expect([...maze.steps({ algorithm: 'kruskal', shape: 'square', width: 4, height: 3, seed: 1 } as never)].length).toBeGreaterThan(0);
  });

  it('replays to the maze generate makes for the same options, and iterates again to the same steps', async () => {
    for (const options of [{ algorithm: 'trees', width: 12, height: 8, seed: 3 }, { algorithm: 'zones', width: 10, height: 6, seed: 'k', solve: true }] as const) {
      const steps = maze.steps(options);
      const list = [...steps];
      expect([...steps]).toEqual(list);
      expect(JSON.parse(JSON.stringify(list))).toEqual(list); // plain data
      expect(list[0]).toEqual({ type: 'grid', width: options.width, height: options.height, walls: options.algorithm === 'trees' ? 'border' : 'closed' });
      const replayed = maze.replaySteps(list).maze;
      const made = maze.generate(options);
      replayed.info = made.info;
      expect(Buffer.from(await maze.render(replayed, 'json')).toString()).toBe(Buffer.from(await maze.render(made, 'json')).toString());
    }
    expect([...browser.steps({ algorithm: 'kruskal', width: 4, height: 3, seed: 1 })]).toEqual([...maze.steps({ algorithm: 'kruskal', width: 4, height: 3, seed: 1 })]);
  });

  it('checks its options at once, as generate does', () => {
    expect(caught(() => maze.steps({ width: 0 })).option).toBe('width');
    expect(() => maze.steps({ algorithm: 'kruskal', trunks: 3 } as never)).toThrow(/trunks applies to trees/);
  });
});
