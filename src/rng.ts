/**
 * The one source of randomness for maze content: sfc32 (Chris Doty-Humphrey's
 * Small Fast Chaotic PRNG, 128-bit state, from PractRand), seeded through
 * cyrb128 (bryc's 128-bit string hash). Both are plain 32-bit integer
 * arithmetic, so a seed gives the same sequence on every machine.
 *
 * Any string is a seed: "42" and "forest" alike are hashed as text, so the
 * seed a user reads back from stderr or the JSON reproduces the maze.
 */

export class Rng {
  /**
   * sfc32's four state words a, b, c, d. An Int32Array, not four fields: a
   * field holding a word past a small integer holds a boxed number, so that
   * every draw read and wrote boxes (`below` ran in twice the time).
   */
  private readonly s: Int32Array;

  constructor(seed: string) {
    this.s = Int32Array.from(cyrb128(seed));
    // The first outputs of sfc32 still show the hash's structure; PractRand's
    // reference seeding discards 12.
    for (let i = 0; i < 12; i++) this.u32();
  }

  /** Next 32-bit unsigned integer. */
  u32(): number {
    const s = this.s;
    const a = s[0]!;
    const b = s[1]!;
    const c = s[2]!;
    const d = (s[3]! + 1) | 0;
    const t = (a + b + d) | 0;
    s[0] = b ^ (b >>> 9);
    s[1] = (c + (c << 3)) | 0;
    s[2] = (((c << 21) | (c >>> 11)) + t) | 0;
    s[3] = d;
    return t >>> 0;
  }

  /**
   * Uniform integer in [0, n) for 1 ≤ n ≤ 2^32, by Lemire's multiply-high:
   * the bias is below n / 2^32, far under anything a maze can show.
   */
  below(n: number): number {
    return Math.floor((this.u32() * n) / 4294967296);
  }

  /**
   * The four state words (as int32), for a hot loop that steps sfc32 inline,
   * exactly as `u32` does (backtracker.ts: read them with `| 0`, so that
   * the loop's words are int32 from the start); `setState` hands them back
   * afterwards.
   */
  state(): [number, number, number, number] {
    const s = this.s;
    return [s[0]!, s[1]!, s[2]!, s[3]!];
  }

  setState([a, b, c, d]: [number, number, number, number]): void {
    const s = this.s;
    s[0] = a;
    s[1] = b;
    s[2] = c;
    s[3] = d;
  }

  /** A generator in this one's state: it replays the same sequence (used to make two passes over one set of draws). */
  copy(): Rng {
    const twin = Object.create(Rng.prototype) as Rng;
    (twin as unknown as { s: Int32Array }).s = this.s.slice();
    return twin;
  }
}

/** bryc's cyrb128: four 32-bit words from a string. */
export function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** An integer as a seed: no leading zero (007 is text: its batch runs 007-1, 007-2, …, not 7, 8, which are other mazes than 007's). */
const INTEGER = /^-?(0|[1-9]\d*)$/;

/**
 * The seed of maze n (1-based) of a batch: S+n−1 for an integer seed S,
 * "S-n" for any other string (SPEC "Commands").
 */
export function batchSeed(seed: string, n: number): string {
  if (INTEGER.test(seed)) return (BigInt(seed) + BigInt(n - 1)).toString();
  return `${seed}-${n}`;
}

/**
 * A fresh seed for a run without --seed: a 32-bit integer from the
 * platform's cryptographic source (Node's and a browser's alike), never
 * Math.random.
 */
export function drawSeed(): string {
  return String(globalThis.crypto.getRandomValues(new Uint32Array(1))[0]);
}
