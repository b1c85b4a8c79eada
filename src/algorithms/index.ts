/**
 * The algorithm registry: `--algo` choices, `maze list` and the help text
 * all read this list. Adding an algorithm is one file and one line here.
 */
import aldousBroder from './aldous-broder.js';
import backtracker from './backtracker.js';
import binaryTree from './binary-tree.js';
import division from './division.js';
import eller from './eller.js';
import growingTree from './growing-tree.js';
import huntAndKill from './hunt-and-kill.js';
import kruskal from './kruskal.js';
import prim from './prim.js';
import sidewinder from './sidewinder.js';
import trees from './trees.js';
import type { Algorithm, RegisteredAlgorithm } from './types.js';
import wilson from './wilson.js';
import zones from './zones.js';

export const algorithms = Object.freeze([
  trees,
  kruskal,
  backtracker,
  prim,
  wilson,
  aldousBroder,
  eller,
  sidewinder,
  binaryTree,
  huntAndKill,
  growingTree,
  division,
  zones,
] as const);

/** The algorithms' names: `'trees' | 'kruskal' | …`. */
export type AlgorithmName = (typeof algorithms)[number]['name'];

/** The options an algorithm takes, parsed: `AlgorithmOptions<'trees'>` is `{ trunks: 'auto' | number; islands: number }`. */
export type AlgorithmOptions<N extends AlgorithmName> =
  Extract<(typeof algorithms)[number], { name: N }> extends RegisteredAlgorithm<N, infer O> ? O : never;

export const DEFAULT_ALGORITHM = 'trees' satisfies AlgorithmName;

/** The algorithm a name means, case and surrounding spaces ignored (as every word option). */
export function findAlgorithm(name: string): Algorithm | undefined {
  const word = name.trim().toLowerCase();
  return algorithms.find((a): a is (typeof algorithms)[number] => a.name === word);
}
