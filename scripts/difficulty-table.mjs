// The README's "Difficulty" figures, made again from the built library
// (run `npm run build` first):
//
//   node scripts/difficulty-table.mjs            the table: mean ± spread (standard deviation)
//                                                of the difficulty per algorithm at 30 × 20 and
//                                                100 × 100 over the seeds 1 to 100, each maze
//                                                scored between its corners as `maze stats` does
//   node scripts/difficulty-table.mjs --hits W H N [TOLERANCE]
//                                                `--difficulty` over the seeds 1 to N at W × H,
//                                                D cycling through 0.25, 0.5, 0.75, 0.35, 0.6,
//                                                0.85: the misses (score farther than TOLERANCE,
//                                                default 0.05, or refused) and the time each took
import { algorithms, enableDifficulty, generate, stats } from '../dist/lib/index.js';

enableDifficulty();

const TARGETS = [0.25, 0.5, 0.75, 0.35, 0.6, 0.85];

function spread(values) {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length);
  return `${mean.toFixed(2)} ± ${sd.toFixed(2)}`;
}

function table(seeds) {
  const sizes = [[30, 20], [100, 100]];
  const rows = [...algorithms.map(({ name }) => [name, {}]), ['kruskal', { braid: 0.5 }], ['backtracker', { braid: 0.5 }]];
  console.log(`| algorithm | ${sizes.map(([w, h]) => `${w} × ${h}`).join(' | ')} |`);
  console.log(`|---|${sizes.map(() => '---').join('|')}|`);
  for (const [algorithm, extra] of rows) {
    const cells = sizes.map(([width, height]) => {
      const scores = [];
      for (let seed = 1; seed <= seeds; seed++) scores.push(stats(generate({ algorithm, width, height, seed, ...extra })).difficulty);
      return spread(scores);
    });
    console.log(`| ${algorithm}${extra.braid ? `, --braid ${extra.braid}` : ''} | ${cells.join(' | ')} |`);
  }
}

function hits(width, height, seeds, tolerance) {
  const misses = [];
  const times = [];
  for (let seed = 1; seed <= seeds; seed++) {
    const target = TARGETS[seed % TARGETS.length];
    const t0 = performance.now();
    let maze;
    try {
      maze = generate({ width, height, seed, difficulty: target });
    } catch (error) {
      misses.push(`seed ${seed}: ${target} refused`);
      continue;
    }
    times.push(performance.now() - t0);
    const score = stats(maze).difficulty;
    if (Math.abs(score - target) > tolerance) misses.push(`seed ${seed}: ${target} → ${score}`);
  }
  times.sort((a, b) => a - b);
  const share = (100 * misses.length) / seeds;
  console.log(`${width} × ${height}: ${misses.length} misses of ${seeds} (${share.toFixed(1)} %) at ±${tolerance}; time median ${times[times.length >> 1]?.toFixed(0)} ms, slowest ${times[times.length - 1]?.toFixed(0)} ms`);
  for (const miss of misses) console.log(`  ${miss}`);
}

if (process.argv[2] === '--hits') hits(Number(process.argv[3]), Number(process.argv[4]), Number(process.argv[5]), Number(process.argv[6] ?? 0.05));
else table(Number(process.argv[2] ?? 100));
