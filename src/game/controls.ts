/**
 * What a key does in a game, on any screen (seed 003, "Le jeu": the arrows
 * or the keypad move, `I` lists the keys, `x` quits): the terminal
 * (session.ts, keys read from raw bytes by keys.ts) and the page (keys
 * named by the DOM's KeyboardEvent.key) both turn a key press into a
 * KeyPress and hand it here, so both play by the same keys.
 */
import type { KeyPress } from './keys.js';
import { directionOf } from './keys.js';
import type { Game } from './rules.js';
import { climb, describeInventory, describeMove, movePlayer } from './rules.js';

/** The keys, as the message line shows them while nothing else is said. */
export const GAME_HELP = 'arrows or keypad move · I keys · x quits';

/**
 * The help with levels: the floor, and the stairs' keys; the quit key
 * before the moves', which a line cut to an 80-column terminal loses first
 * (with `moves 123 · ` before it, 86 characters).
 */
export function gameHelp(game: Game): string {
  return game.floors === null ? GAME_HELP : `floor ${game.level + 1} of ${game.floors.length} · < up · > down · x quits · I keys · arrows or keypad move`;
}

/**
 * What a key did: `quit` (x), `ignored` (not a game key: the screen lets
 * it be), or a `turn`, with the message line's new text (undefined: keep
 * what it says, so that a bump into a wall leaves a key's message readable).
 */
export type KeyEffect = { kind: 'quit' } | { kind: 'ignored' } | { kind: 'turn'; message: string | null | undefined };

/** Play one key press: x quits, I lists the keys held, an arrow or keypad digit moves the player. */
export function pressKey(game: Game, key: KeyPress): KeyEffect {
  if (key.name === 'char' && (key.ch === 'x' || key.ch === 'X')) return { kind: 'quit' };
  if (key.name === 'char' && (key.ch === 'i' || key.ch === 'I')) return { kind: 'turn', message: describeInventory(game) };
  if (key.name === 'char' && (key.ch === '<' || key.ch === '>') && game.floors !== null) {
    const event = climb(game, key.ch === '<');
    return { kind: 'turn', message: event.kind === 'blocked' ? `No stairs ${key.ch === '<' ? 'up' : 'down'} here: stand on ${key.ch} to take them.` : describeMove(event) };
  }
  const dir = directionOf(key);
  if (dir === null) return { kind: 'ignored' };
  const event = movePlayer(game, dir);
  return { kind: 'turn', message: event.kind === 'blocked' ? undefined : describeMove(event) };
}

/** The DOM's names of the keys this game knows (KeyboardEvent.key; `Up` and the like from old browsers). */
const DOM_KEYS: Readonly<Record<string, KeyPress['name']>> = {
  ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right', Up: 'up', Down: 'down', Left: 'left', Right: 'right',
  Enter: 'enter', Escape: 'escape', Esc: 'escape', Tab: 'tab', Backspace: 'backspace', Delete: 'delete', Home: 'home', End: 'end',
};

/**
 * A page's key press (KeyboardEvent.key) as the terminal's KeyPress: the
 * arrows by name, a character as itself. The keypad needs nothing more: its
 * 8 4 6 2 arrive as the digits with NumLock on and as the arrows with it
 * off, and directionOf takes both.
 */
export function keyFromDom(key: string): KeyPress {
  if (Object.hasOwn(DOM_KEYS, key)) return { name: DOM_KEYS[key]! };
  return [...key].length === 1 ? { name: 'char', ch: key } : { name: 'other' };
}
