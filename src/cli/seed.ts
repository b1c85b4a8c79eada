/**
 * A fresh seed for a run of the command line without --seed: the integer
 * drawSeed (rng.ts) draws from the platform's cryptographic source, read
 * here from the kernel's (/dev/urandom) where there is one, since the first
 * use of Node's Web Crypto loads it whole, about a tenth of the start-up of
 * a small `maze gen`; drawSeed where there is not. Never Math.random.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { drawSeed } from '../rng.js';

export function drawCliSeed(): string {
  let fd = -1;
  try {
    fd = openSync('/dev/urandom', 'r');
    const word = new Uint32Array(1);
    if (readSync(fd, word) === 4) return String(word[0]);
  } catch {
    // no such device (Windows): the Web Crypto source
  } finally {
    if (fd >= 0) closeSync(fd);
  }
  return drawSeed();
}
