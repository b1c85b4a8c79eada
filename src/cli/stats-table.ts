/**
 * `maze stats` output: an aligned table for people, or one flat JSON object
 * for scripts (every field a number, a boolean, null or an [x, y] cell).
 */
import type { MazeStats } from '../passages/stats.js';

/** Label, value and an optional note, one row each. */
export function statsTable(stats: MazeStats): string {
  const share = (n: number): string => `${((100 * n) / stats.cells).toFixed(1)} % of cells`;
  const cell = ([x, y]: [number, number]): string => `${x},${y}`;
  const rows: [string, string, string][] = [
    ['size', stats.shape === 'polar' ? `${stats.width} rings` : `${stats.width} × ${stats.height}${stats.levels === undefined ? '' : ` × ${stats.levels} levels`}`, stats.shape === undefined ? '' : [`${stats.shape} grid`, stats.wrap && `wrapped ${stats.wrap}`, stats.crossings && `${stats.crossings} crossings`].filter(Boolean).join(', ')],
    ['cells', String(stats.cells), ''],
    ['passages', String(stats.passages), 'open walls between two cells'],
    ['dead ends', String(stats.deadEnds), share(stats.deadEnds)],
    ['corridors', String(stats.corridors), share(stats.corridors)],
    ['junctions', String(stats.junctions), share(stats.junctions)],
    ['closed cells', String(stats.closed), 'no opening at all'],
    ['components', String(stats.components), stats.components === 1 ? 'every cell reaches every other' : 'parts that do not reach one another'],
    ['loops', String(stats.loops), 'passages − cells + components'],
    ['perfect', stats.perfect ? 'yes' : 'no',
      stats.perfect ? 'one path between any two cells' : stats.components > 1 ? 'some cells cannot reach others' : 'loops give some cells several paths'],
    ['solution length', stats.solutionLength === null ? 'none' : String(stats.solutionLength),
      stats.solutionLength === null
        ? `${cell(stats.end)} cannot be reached from ${cell(stats.start)}`
        : `cells from ${cell(stats.start)} to ${cell(stats.end)}, both counted`],
    ['longest path', String(stats.longestPath),
      `cells from ${cell(stats.longestFrom)} to ${cell(stats.longestTo)}, ${stats.perfect ? 'both counted' : 'the longest shortest path the double sweep finds'}`],
  ];
  if (stats.keys > 0 || stats.doors > 0) {
    rows.push(
      ['keys', String(stats.keys), 'each taken by walking onto its cell'],
      ['doors', String(stats.doors), 'openings between two zones'],
      ['locked doors', String(stats.lockedDoors), 'doors that need a key, decoys included'],
      ['decoys', String(stats.decoys), "locked doors whose key the player already holds"],
    );
    if (stats.lockedDoors > 0 && stats.solutionLength !== null) rows[10]![2] += ', fetching the keys on the way';
  }
  const labelWidth = Math.max(...rows.map((r) => r[0].length));
  const valueWidth = Math.max(...rows.map((r) => r[1].length));
  return rows.map(([label, value, note]) => `${label.padEnd(labelWidth)}  ${value.padStart(valueWidth)}${note ? `  ${note}` : ''}`.trimEnd()).join('\n') + '\n';
}

/** One key a line, in a fixed order. */
export function statsJson(stats: MazeStats): string {
  const lines = Object.entries(stats).map(([key, value]) => `  ${JSON.stringify(key)}: ${JSON.stringify(value)}`);
  return `{\n${lines.join(',\n')}\n}\n`;
}
