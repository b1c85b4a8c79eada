/**
 * The library's types catch mistakes (SPEC "Library"): each line marked
 * @ts-expect-error must fail to compile, and `tsc --noEmit` (part of
 * npm test) fails if one ever compiles. The same calls, made from
 * JavaScript, throw a MazeError naming the option.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { AlgorithmName, AlgorithmOptions, FormatName, GenerateOptions, Maze, ShapeName } from '../src/lib/index.js';
import { generate, MazeError, render } from '../src/lib/index.js';

describe("the book's types catch a misspelled algorithm too (user sweep: its names were any string)", () => {
  it('book({ algorithm }), book({ mix }) and a section\'s algorithms do not compile misspelled, and throw a MazeError naming them', async () => {
    const { makeBook } = await import('../src/lib/book.js');
    // @ts-expect-error: kruskall is misspelled
    await expect(makeBook({ algorithm: 'kruskall', count: 1 })).rejects.toMatchObject({ code: 'invalid-value', option: 'algorithm' });
    // @ts-expect-error: kruskall is misspelled
    await expect(makeBook({ mix: ['kruskall'], count: 1 })).rejects.toMatchObject({ code: 'invalid-value', option: 'mix' });
    // @ts-expect-error: kruskall is misspelled
    await expect(makeBook({ sections: [{ count: 1, algorithms: ['kruskall'] }] })).rejects.toThrow(MazeError);
  });
});

describe('the types catch mistakes', () => {
  it('a misspelled algorithm or option, and a word where a number goes, do not compile, and throw a MazeError naming them', async () => {
    // @ts-expect-error: no such algorithm, and a misspelled width
    expect(() => generate({ algorithm: 'nope', widht: 10 })).toThrow(MazeError);
    // @ts-expect-error: kruskall is misspelled
    expect(() => generate({ algorithm: 'kruskall', width: 3 })).toThrow(/unknown algorithm 'kruskall'.*did you mean 'kruskal'/);
    // @ts-expect-error: widht is misspelled
    expect(() => generate({ algorithm: 'kruskal', widht: 3 })).toThrow(/unknown generate option 'widht'; did you mean 'width'\?/);
    const maze = generate({ algorithm: 'kruskal', width: 3, height: 3, seed: 1 });
    // @ts-expect-error: a tile is a number
    await expect(render(maze, 'svg', { tile: 'big' })).rejects.toThrow(/^tile must be a whole number from 2 to 1000, got 'big'$/);
    // @ts-expect-error: gif is no format of the library's
    await expect(render(maze, 'gif')).rejects.toThrow(MazeError);
    // @ts-expect-error: trunks are trees' option, not kruskal's
    expect(() => generate({ algorithm: 'kruskal', trunks: 3 })).toThrow(/^trunks applies to trees, not to kruskal$/);
    // @ts-expect-error: a width is a number
    expect(() => generate({ width: '30' })).toThrow(/^width must be a whole number/);
    // @ts-expect-error: keys are zones' option, and a number or 'auto'
    expect(() => generate({ algorithm: 'zones', keys: 'many' })).toThrow(/^keys must be auto or a whole number/);
    // @ts-expect-error: a cell is [x, y]
    expect(() => generate({ from: '1,1' })).toThrow(/^from must be a cell/);
    // @ts-expect-error: paper is a PDF option, not a PNG one
    await expect(render(maze, 'png', { paper: 'a4' })).resolves.toBeInstanceOf(Uint8Array);
    // a PDF takes a picture's tile, wall and bg, as --tile, --wall and --bg apply to pdf (its types refused them)
    await expect(render(maze, 'pdf', { tile: 10, wall: 2, bg: '#000000' })).resolves.toBeInstanceOf(Uint8Array);
    // @ts-expect-error: no such shape
    expect(() => generate({ shape: 'octagon' })).toThrow(/^shape must be square, hex, triangle or polar/);
    // @ts-expect-error: trees draws squares only
    expect(() => generate({ shape: 'hex', algorithm: 'trees' })).toThrow(/trees makes square mazes only/);
    const hex = generate({ shape: 'hex', algorithm: 'kruskal', width: 4, height: 3, seed: 1 });
    await expect(render(hex, 'ascii')).resolves.toBeInstanceOf(Uint8Array);
    await expect(render(hex, 'svg')).resolves.toBeInstanceOf(Uint8Array);
  });

  it('names and options come from the registries', () => {
    expectTypeOf<AlgorithmName>().toEqualTypeOf<
      'trees' | 'kruskal' | 'backtracker' | 'prim' | 'wilson' | 'aldous-broder' | 'eller' | 'sidewinder' | 'binary-tree' | 'hunt-and-kill' | 'growing-tree' | 'division' | 'zones'
    >();
    expectTypeOf<FormatName>().toEqualTypeOf<'ascii' | 'json' | 'png' | 'svg' | 'pov' | 'pdf' | 'stl' | '3mf' | 'dxf' | 'laser-svg' | 'plot-svg'>();
    expectTypeOf<AlgorithmOptions<'trees'>>().toEqualTypeOf<{ trunks: 'auto' | number; islands: number }>();
    expectTypeOf<AlgorithmOptions<'backtracker'>>().toEqualTypeOf<{ start: [number, number] }>();
    expectTypeOf<AlgorithmOptions<'zones'>>().toEqualTypeOf<{ zones: 'auto' | number; keys: 'auto' | number; decoys: 'auto' | number }>();
    // one Maze type, whose shape names its grid (issue 30 item 1); generate's options narrow which
    expectTypeOf<Maze['shape']['name']>().toEqualTypeOf<ShapeName>();
    expectTypeOf(generate({ width: 3 })).toMatchTypeOf<Maze>();
    expectTypeOf(generate({ shape: 'square' }).shape.name).toEqualTypeOf<'square'>();
    expectTypeOf(generate({ shape: 'hex', algorithm: 'kruskal' })).toMatchTypeOf<Maze>();
    expectTypeOf(generate({ shape: 'polar', width: 5 }).shape.name).toEqualTypeOf<ShapeName>();
    const good: GenerateOptions[] = [
      { algorithm: 'trees', trunks: 'auto', islands: 2, width: 10 },
      { algorithm: 'zones', keys: 3, decoys: 'auto', ends: undefined, solve: true },
      { algorithm: 'backtracker', start: [1, 1], from: [0, 0], to: [5, 5], braid: 0.5, openings: true, seed: 'x' },
      { width: 10, height: 10, trunks: 4 },
    ];
    expect(good.map((options) => generate({ ...options, width: 10, height: 10, seed: 1 }).width)).toEqual([10, 10, 10, 10]);
  });
});
