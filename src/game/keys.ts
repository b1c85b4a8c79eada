/**
 * Keys from a terminal in raw mode: the bytes a read returns, split into
 * key presses. Arrow keys come as CSI (`ESC [ A`, with modifiers
 * `ESC [ 1 ; 5 A`) in normal cursor mode and SS3 (`ESC O A`) in
 * application mode; the numeric keypad sends the arrows' codes without
 * NumLock, the digits with it, and SS3 letters (`ESC O x` for 8, `t` 4,
 * `v` 6, `r` 2) in application keypad mode. All of them move.
 */
import type { Direction } from '../model/maze.js';
import { EAST, NORTH, SOUTH, WEST } from '../model/maze.js';

export type KeyName =
  | 'up' | 'down' | 'left' | 'right'
  | 'enter' | 'escape' | 'tab' | 'backtab' | 'backspace' | 'delete' | 'home' | 'end'
  | 'interrupt' | 'char' | 'other';

export interface KeyPress {
  name: KeyName;
  /** The character typed, for 'char'. */
  ch?: string;
}

/** CSI and SS3 final letters that are arrows; the SS3 keypad letters with NumLock in application mode. */
const ARROWS: Record<string, KeyName> = { A: 'up', B: 'down', C: 'right', D: 'left', H: 'home', F: 'end', Z: 'backtab' };
const KEYPAD: Record<string, KeyName | string> = {
  x: 'up', r: 'down', t: 'left', v: 'right', M: 'enter',
  p: '0', q: '1', s: '3', u: '5', w: '7', y: '9', n: '.', k: '+', m: '-', j: '*', o: '/',
};
/** `ESC [ n ~` keys. */
const TILDE: Record<string, KeyName> = { '1': 'home', '7': 'home', '4': 'end', '8': 'end', '3': 'delete' };

/** Split one read's bytes into key presses. */
export function parseKeys(data: string): KeyPress[] {
  const keys: KeyPress[] = [];
  let i = 0;
  while (i < data.length) {
    const ch = data[i]!;
    if (ch === '\x1b') {
      const next = data[i + 1];
      if (next === undefined || next === '\x1b') {
        keys.push({ name: 'escape' });
        i++;
        continue;
      }
      if (next === '[') {
        // CSI: parameters, then one final byte in @ … ~
        let j = i + 2;
        while (j < data.length && /[0-9;:<=>?]/.test(data[j]!)) j++;
        const final = data[j];
        const params = data.slice(i + 2, j);
        i = j + 1;
        if (final === undefined) keys.push({ name: 'other' });
        else if (final === '~') keys.push({ name: TILDE[params.split(';')[0] ?? ''] ?? 'other' });
        else keys.push({ name: ARROWS[final] ?? 'other' });
        continue;
      }
      if (next === 'O') {
        const final = data[i + 2];
        i += 3;
        const name = final === undefined ? 'other' : (ARROWS[final] ?? KEYPAD[final] ?? 'other');
        keys.push(name.length === 1 ? { name: 'char', ch: name } : { name: name as KeyName });
        continue;
      }
      // Alt and a key: not one of ours
      keys.push({ name: 'other' });
      i += 2;
      continue;
    }
    i++;
    if (ch === '\r' || ch === '\n') keys.push({ name: 'enter' });
    else if (ch === '\t') keys.push({ name: 'tab' });
    else if (ch === '\x7f' || ch === '\b') keys.push({ name: 'backspace' });
    else if (ch === '\x03') keys.push({ name: 'interrupt' });
    else if (ch >= ' ') keys.push({ name: 'char', ch });
    else keys.push({ name: 'other' });
  }
  return keys;
}

/** The direction a key moves the player: the arrows, and the keypad's 8 4 6 2. */
export function directionOf(key: KeyPress): Direction | null {
  switch (key.name) {
    case 'up': return NORTH;
    case 'down': return SOUTH;
    case 'left': return WEST;
    case 'right': return EAST;
    case 'char':
      return key.ch === '8' ? NORTH : key.ch === '2' ? SOUTH : key.ch === '4' ? WEST : key.ch === '6' ? EAST : null;
    default:
      return null;
  }
}
