/**
 * The library (src/index.ts): the same mazes, bytes and messages as the CLI
 * for the same values, and no CLI code in the graph of the bundles that
 * ship it (read from the metafiles scripts/build.mjs leaves in dist/meta).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { algorithms as registry } from '../src/algorithms/index.js';
import * as browser from '../src/browser.js';
import * as maze from '../src/index.js';
import { ROOT, runCli } from './helpers.js';

describe('the library gives what maze gen gives', () => {
  it('the same bytes for every algorithm, in every format, for the same values', async () => {
    for (const algorithm of registry) {
      const m = maze.generate({ algorithm: algorithm.name, width: 9, height: 6, seed: 'lib' });
      for (const format of maze.formats) {
        const cli = await runCli(['gen', '--algo', algorithm.name, '--w', '9', '--h', '6', '--seed', 'lib', '--format', format.name, '-o', '-']);
        expect(cli.code, cli.stderr).toBe(0);
        const bytes = await maze.render(m, format.name);
        expect(Buffer.from(bytes).equals(cli.stdoutBytes), `${algorithm.name} ${format.name}`).toBe(true);
      }
    }
  });

  it("the algorithm's own options, numbers and cells as values, and render options", async () => {
    const m = maze.generate({ algorithm: 'backtracker', width: 12, height: 7, seed: 3, start: [4, 2], from: [0, 6], to: '11,0', solve: true });
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

  it('refuses bad values with a UsageError carrying the CLI message', async () => {
    const cases: [() => unknown, string[]][] = [
      [() => maze.generate({ algorithm: 'nope' }), ['gen', '--algo', 'nope']],
      [() => maze.generate({ width: 0 }), ['gen', '--w', '0']],
      [() => maze.generate({ height: 'ten' }), ['gen', '--h', 'ten']],
      [() => maze.generate({ algorithm: 'kruskal', trunks: 3 }), ['gen', '--algo', 'kruskal', '--trunks', '3']],
      [() => maze.generate({ width: 3, height: 3, trunks: 50 }), ['gen', '--w', '3', '--h', '3', '--trunks', '50']],
      [() => maze.generate({ width: 4, height: 4, from: [4, 0] }), ['gen', '--w', '4', '--h', '4', '--from', '4,0']],
    ];
    for (const [call, args] of cases) {
      const cli = await runCli(args);
      expect(cli.code).toBe(2);
      expect(call).toThrow(maze.UsageError);
      expect(call).toThrow(cli.stderr.replace(/^maze: error: /, '').trim());
    }
    const m = maze.generate({ width: 3, height: 3, seed: 1 });
    await expect(maze.render(m, 'gif')).rejects.toThrow(/unknown format 'gif'; the formats are ascii, json, png, svg, pov or pdf/);
    await expect(maze.render(m, 'png', { tile: 4, wall: 4 })).rejects.toThrow(maze.UsageError);
    await expect(maze.render(m, 'svg', { tile: 4, wall: 4 })).rejects.toThrow('--wall 4 must be less than --tile 4');
    expect(() => maze.generate({ widht: 3 })).toThrow("unknown generate option 'widht'");
    await expect(maze.render(m, 'svg', { size: 3 } as maze.RenderOptions)).rejects.toThrow("unknown render option 'size'");
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
    expect(maze.formats.map((f) => f.name)).toEqual(['ascii', 'json', 'png', 'svg', 'pov', 'pdf']);
    expect(browser.formats.map((f) => f.name)).toEqual(['ascii', 'json', 'svg']);
  });

  it('farthestEnds names the ends of the longest path', () => {
    for (const algorithm of ['backtracker', 'kruskal', 'binary-tree']) {
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
    expect(inputs).toContain('src/index.ts');
    expect(inputs).toContain('src/request.ts');
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
      expect(all.map(([name]) => name).filter((name) => /png|pov|node_modules|commands|output/.test(name) && !name.startsWith('node_modules/chalk/'))).toEqual([]);
      const imports = all.flatMap(([, input]) => input.imports);
      expect(imports.filter((i) => i.path.startsWith('node:') || /supports-color\/index/.test(i.path))).toEqual([]);
      expect(imports.filter((i) => i.external === true)).toEqual([]);
      expect(imports.filter((i) => !i.path.startsWith('src/') && !i.path.startsWith('node_modules/chalk/'))).toEqual([]);
    }
  });
});
