/**
 * The animated formats' registry (`maze gen --animate -o grow.png`): the
 * extension table and the help read this list. Adding one is one file and
 * one line here.
 */
import apng from './apng.js';
import gif from './gif.js';
import svg from './svg.js';
import type { AnimatedFormat } from './types.js';

export const animatedFormats: readonly AnimatedFormat[] = Object.freeze([apng, gif, svg]);

/** The animated format a name means (`--format`), case and spaces ignored. */
export function findAnimatedFormat(name: string): AnimatedFormat | undefined {
  const word = name.trim().toLowerCase();
  return animatedFormats.find((f) => f.name === word);
}

/** The animated format whose extension ends `file`, if any. */
export function animatedFormatForFile(file: string): AnimatedFormat | undefined {
  const lower = file.toLowerCase();
  return animatedFormats.find((f) => f.extensions.some((ext) => lower.endsWith(ext)));
}
