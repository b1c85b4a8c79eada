/**
 * The start-up form (seed 003, "Les options de départ": the forms manual's
 * example, with keys to go back and correct an entry): width, height,
 * zones, keys, monsters and seed, prefilled, moved through with the arrows
 * or Tab, edited in place (a character typed as soon as a field is reached
 * replaces its value, as if it were selected; after Backspace or an arrow,
 * typing inserts at the caret). Enter starts the game with the values shown,
 * Esc leaves. Plain state and functions; the terminal is the caller's.
 */
import type { KeyPress } from './keys.js';

export interface Field {
  /** The option it stands for, without the dashes. */
  name: string;
  label: string;
  value: string;
  /** The caret, an index into value. */
  caret: number;
  /** Just reached with Tab or an arrow: a character typed now replaces the value (as a selected field would). */
  fresh: boolean;
}

export interface Form {
  fields: Field[];
  focus: number;
  /** A line under the fields: why Enter was refused, or help. */
  error: string | null;
  /** A line under the fields, always shown: the bounds of the values, say. */
  note: string | null;
}

export type FormAction = 'start' | 'leave' | 'interrupt' | null;

export function newForm(values: { name: string; label: string; value: string }[], note: string | null = null): Form {
  return { fields: values.map((v, i) => ({ ...v, caret: v.value.length, fresh: i === 0 })), focus: 0, error: null, note };
}

/** The values shown, by option name. */
export function formValues(form: Form): Record<string, string> {
  return Object.fromEntries(form.fields.map((f) => [f.name, f.value.trim()]));
}

/** Apply one key press; says when the form is done. */
export function formKey(form: Form, key: KeyPress): FormAction {
  const field = form.fields[form.focus]!;
  const count = form.fields.length;
  const fresh = field.fresh;
  field.fresh = false;
  switch (key.name) {
    case 'enter': return 'start';
    case 'escape': return 'leave';
    case 'interrupt': return 'interrupt';
    case 'tab':
    case 'down':
      form.focus = (form.focus + 1) % count;
      form.fields[form.focus]!.fresh = true;
      break;
    case 'backtab':
    case 'up':
      form.focus = (form.focus + count - 1) % count;
      form.fields[form.focus]!.fresh = true;
      break;
    case 'left':
      field.caret = Math.max(0, field.caret - 1);
      break;
    case 'right':
      field.caret = Math.min(field.value.length, field.caret + 1);
      break;
    case 'home':
      field.caret = 0;
      break;
    case 'end':
      field.caret = field.value.length;
      break;
    case 'backspace':
      if (field.caret > 0) {
        field.value = field.value.slice(0, field.caret - 1) + field.value.slice(field.caret);
        field.caret--;
      }
      break;
    case 'delete':
      field.value = field.value.slice(0, field.caret) + field.value.slice(field.caret + 1);
      break;
    case 'char':
      if (fresh) {
        field.value = '';
        field.caret = 0;
      }
      if (field.value.length < FIELD_WIDTH - 1) {
        field.value = field.value.slice(0, field.caret) + key.ch! + field.value.slice(field.caret);
        field.caret++;
      }
      break;
    default:
      break;
  }
  return null;
}

/** Characters a field's box holds. */
export const FIELD_WIDTH = 24;
const LABEL_WIDTH = 10;

/** The form's lines, and where the caret is (row, column), for a terminal `columns` wide. */
export function drawForm(form: Form, columns: number): { lines: string[]; caret: { row: number; column: number } } {
  const lines = ['', '  maze play: a keys-and-doors maze', ''];
  let caret = { row: 0, column: 0 };
  form.fields.forEach((f, i) => {
    const mark = i === form.focus ? '>' : ' ';
    if (i === form.focus) caret = { row: lines.length, column: 2 + LABEL_WIDTH + 2 + f.caret };
    lines.push(`${mark} ${(f.label + ':').padEnd(LABEL_WIDTH)}  ${f.value.padEnd(FIELD_WIDTH, '_')}`);
  });
  lines.push('');
  // the note, the keys' help and the error are sentences: wrapped to the terminal, never cut
  const room = Math.max(1, columns - 3);
  if (form.note) lines.push(...wrapWords(form.note, room).map((l) => `  ${l}`));
  lines.push(...wrapWords('Tab or arrows: next field · Enter: play · Esc: leave', room).map((l) => `  ${l}`));
  if (form.error) lines.push('', ...wrapWords(form.error, room).map((l) => `  ${l}`));
  return { lines: lines.map((l) => l.slice(0, Math.max(0, columns - 1))), caret };
}

/** `text` in lines of at most `width` characters, broken at spaces (a word longer than a line is broken where it must). */
export function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    let rest = word;
    while (rest.length > width) {
      if (line !== '') lines.push(line);
      lines.push(rest.slice(0, width));
      rest = rest.slice(width);
      line = '';
    }
    if (line === '') line = rest;
    else if (line.length + 1 + rest.length <= width) line += ` ${rest}`;
    else {
      lines.push(line);
      line = rest;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}
