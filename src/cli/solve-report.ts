/**
 * `maze solve --report`: a solving method's figures (SPEC "Solvers"), as a
 * table for people or JSON for scripts; with `--method all`, every method
 * side by side, one row each.
 */
import type { SolveResult } from '../solvers/index.js';

/** What a run found, in words. */
const OUTCOMES: Record<SolveResult['outcome'], string> = {
  found: 'reached the end',
  'no-path': 'did not reach the end: no path joins the start to it',
  repeated: 'did not reach the end: it came back to where it had been, and would walk that loop for ever',
  'gave-up': 'did not reach the end: it gave up after its bound of moves',
};

/** Why a run stopped short, as the note on stderr says it. */
const SHORT: Record<Exclude<SolveResult['outcome'], 'found'>, string> = {
  'no-path': 'no path joins them',
  repeated: 'it came back to where it had been',
  'gave-up': 'it gave up after its bound of moves',
};

/**
 * The one note a method that did not reach the end leaves on stderr
 * (SPEC "Solvers": exit 0, a note, "did not reach the end" in the report),
 * alike from `maze solve` and `maze gen --solve M`; `drawn`: a picture
 * shows its walk. Null when it reached the end.
 */
export function unreachedNote(method: string, outcome: SolveResult['outcome'], drawn: boolean): string | null {
  if (outcome === 'found') return null;
  return `maze: note: ${method} did not reach the end (${SHORT[outcome]})${drawn ? '; its walk is drawn' : ''}\n`;
}

/** The note for a maze a method solved (its stored solving), when it did not reach the end. */
export function solvingNote(maze: { solving: { method: string; found: boolean; outcome?: SolveResult['outcome'] } | null }): string | null {
  const { solving } = maze;
  if (!solving || solving.found) return null;
  return unreachedNote(solving.method, solving.outcome ?? 'no-path', true);
}

/** Say solvingNote's note on stderr, unless quiet (maze gen --solve M, --animate); stderr is asked for only then (a process's stream is made when first read). */
export function noteSolving(maze: Parameters<typeof solvingNote>[0], quiet: boolean, io: { readonly stderr: { write(text: string): unknown } }): void {
  const note = quiet ? null : solvingNote(maze);
  if (note) io.stderr.write(note);
}

/** Why a method was not run on a maze (`--method all` on a maze with locked doors). */
export const SKIPPED_FOR_DOORS = 'does not know keys and doors';

/** A method `--method all` did not run, and why. */
export interface Skipped {
  method: string;
  skipped: string;
}

/** One method's figures as one flat object. */
export function reportFigures(r: SolveResult): Record<string, string | number | boolean | null> {
  return {
    method: r.method,
    found: r.found,
    outcome: r.outcome,
    steps: r.stepCount,
    visited: r.visited,
    pathLength: r.path ? r.path.length : null,
    mostVisits: r.mostVisits,
  };
}

export function reportTable(r: SolveResult): string {
  const rows: [string, string, string][] = [
    ['method', r.method, ''],
    ['found', r.found ? 'yes' : 'no', OUTCOMES[r.outcome]],
    ['steps', String(r.stepCount), r.walk ? 'moves walked' : 'cells the method worked on, in order'],
    ['cells visited', String(r.visited), r.walk ? 'distinct cells the walk entered' : 'cells the method looked at'],
    ['path length', r.path ? String(r.path.length) : 'none', r.path ? 'cells from start to end, both counted' : ''],
    ['most visits', String(r.mostVisits), r.walk ? 'most times the walk entered one cell' : ''],
  ];
  const labelWidth = Math.max(...rows.map((row) => row[0].length));
  const valueWidth = Math.max(...rows.map((row) => row[1].length));
  return rows.map(([label, value, note]) => `${label.padEnd(labelWidth)}  ${value.padStart(valueWidth)}${note ? `  ${note}` : ''}`.trimEnd()).join('\n') + '\n';
}

/** A method not run, as one flat object: the figures' fields, none of them known, and why. */
function skippedFigures(s: Skipped): Record<string, string | number | boolean | null> {
  return { method: s.method, found: null, outcome: 'skipped', steps: null, visited: null, pathLength: null, mostVisits: null, skipped: s.skipped };
}

/** Every method's figures, one row each, columns aligned; a method not run says why after its row. */
export function raceTable(results: readonly (SolveResult | Skipped)[]): string {
  const head = ['method', 'found', 'steps', 'visited', 'path', 'most visits'];
  const rows = results.map((r) =>
    'skipped' in r
      ? [r.method, 'skipped', '-', '-', '-', '-', r.skipped]
      : [r.method, r.found ? 'yes' : `no (${r.outcome})`, String(r.stepCount), String(r.visited), r.path ? String(r.path.length) : '-', String(r.mostVisits), ''],
  );
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (row: string[]): string => row.map((cell, i) => (i >= head.length ? cell : i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ').trimEnd();
  return [line(head), ...rows.map(line)].join('\n') + '\n';
}

export function reportJson(results: SolveResult | readonly (SolveResult | Skipped)[]): string {
  const value = Array.isArray(results) ? (results as readonly (SolveResult | Skipped)[]).map((r) => ('skipped' in r ? skippedFigures(r) : reportFigures(r))) : reportFigures(results as SolveResult);
  return `${JSON.stringify(value, null, 2)}\n`;
}
