/** The PRNG's exact sequence is pinned: a change here changes every maze ever generated. */
import { describe, expect, it } from 'vitest';
import { batchSeed, cyrb128, Rng } from '../src/rng.js';

describe('Rng (sfc32 seeded by cyrb128)', () => {
  it('pins the sequence for seed "1"', () => {
    const rng = new Rng('1');
    expect(Array.from({ length: 6 }, () => rng.u32())).toMatchInlineSnapshot(`
      [
        1433199605,
        678462069,
        448512662,
        2822122967,
        4091533539,
        64540591,
      ]
    `);
  });

  it('pins the sequence for seed "forest"', () => {
    const rng = new Rng('forest');
    expect(Array.from({ length: 6 }, () => rng.u32())).toMatchInlineSnapshot(`
      [
        2264924027,
        3304402941,
        3564233091,
        1884797222,
        406140549,
        3679118904,
      ]
    `);
  });

  it('pins the hash', () => {
    expect(cyrb128('')).toMatchInlineSnapshot(`
      [
        41608494,
        3485963809,
        1435736333,
        1262568316,
      ]
    `);
  });

  it('draws below(n) in range and covers it evenly', () => {
    const rng = new Rng('even');
    const counts = new Array<number>(7).fill(0);
    for (let i = 0; i < 70_000; i++) {
      const v = rng.below(7);
      expect(v >= 0 && v < 7 && Number.isInteger(v)).toBe(true);
      counts[v]!++;
    }
    // 10 000 expected per bucket, standard deviation about 93: 5 sigma
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(470);
  });

  it('numbers batch seeds: S+n−1 for integers, S-n for text', () => {
    expect(batchSeed('1', 1)).toBe('1');
    expect(batchSeed('1', 100)).toBe('100');
    expect(batchSeed('-3', 5)).toBe('1');
    expect(batchSeed('99999999999999999999', 2)).toBe('100000000000000000000');
    expect(batchSeed('oak', 3)).toBe('oak-3');
    // a number with a leading zero or a sign is text: 007's batch was 7, 8, …, other mazes than 007's
    expect(batchSeed('007', 2)).toBe('007-2');
    expect(batchSeed('-05', 3)).toBe('-05-3');
    expect(batchSeed('+7', 1)).toBe('+7-1');
    expect(batchSeed('0', 3)).toBe('2');
    expect(batchSeed('-0', 1)).toBe('0');
  });
});
