/**
 * `maze stats` output: an aligned table for people, or one flat JSON object
 * for scripts (every field a number, a boolean, null, an [x, y] cell, or
 * for the junctions by degree an object of counts).
 */
import type { MazeReport as MazeStats } from '../analysis/report.js';

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
  rows.push(...analysisRows(stats));
  const labelWidth = Math.max(...rows.map((r) => r[0].length));
  const valueWidth = Math.max(...rows.map((r) => r[1].length));
  return rows.map(([label, value, note]) => `${label.padEnd(labelWidth)}  ${value.padStart(valueWidth)}${note ? `  ${note}` : ''}`.trimEnd()).join('\n') + '\n';
}

/** One key a line, in a fixed order. */
export function statsJson(stats: MazeStats): string {
  const lines = Object.entries(stats).map(([key, value]) => `  ${JSON.stringify(key)}: ${JSON.stringify(value)}`);
  return `{\n${lines.join(',\n')}\n}\n`;
}

/** The analysis (analysis/analyze.ts), after the counts. */
function analysisRows(stats: MazeStats): [string, string, string][] {
  const degrees = Object.entries(stats.junctionsByDegree);
  const rows: [string, string, string][] = [
    ['junctions by degree', degrees.length === 0 ? 'none' : degrees.map(([d, n]) => `${d}: ${n}`).join(', '), 'passages: cells'],
    ['turns', String(stats.turns), `corridor cells where the way turns; ${stats.straightCells} go straight`],
    ['straightaways', String(stats.straightaways), `runs of straight cells, the longest ${stats.longestStraightaway}`],
    ['dead-end cells', String(stats.deadEndCells), `mean ${stats.meanDeadEnd.toFixed(2)}, longest ${stats.longestDeadEnd}: cells to the nearest junction`],
  ];
  if (stats.elitism === null) return [...rows, ['difficulty', stats.difficulty.toFixed(2), 'the end cannot be reached']];
  rows.push(
    ['elitism', `${(100 * stats.elitism).toFixed(1)} %`, 'solution cells over all cells'],
    ['decision points', String(stats.decisionPoints), 'solution cells with more than one way on'],
    ['solution turns', String(stats.solutionTurns), 'where the solution turns'],
    ['false-path cells', String(stats.falsePathCells), 'cells off the solution'],
    ['bottlenecks', String(stats.bottlenecks), 'cells every path from start to end goes through, the ends aside'],
    ['difficulty', stats.difficulty.toFixed(2), 'from 0 (easy) to 1 (hard): see the README'],
  );
  return rows;
}
