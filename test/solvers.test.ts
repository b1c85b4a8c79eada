/**
 * Issue 31 item 1, the classic solvers (SPEC "Solvers"): each method on
 * hand-made mazes whose answer is worked out by hand (square 4 × 3 and hex
 * 3 × 2), then properties over random mazes of every grid.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GraphMaze, makeShape } from '../src/grid/graph-maze.js';
import { generate } from '../src/lib/api.js';
import { Maze } from '../src/model/maze.js';
import type { Point } from '../src/model/maze.js';
import type { AnyMaze } from '../src/passages/view.js';
import { passagesOf } from '../src/passages/view.js';
import { distinctRuns, pathRuns } from '../src/formats/path.js';
import { walkOnce } from '../src/formats/solving.js';
import { findSolver, SOLVE_METHODS, solveWith, solvers, TONE } from '../src/solvers/index.js';
import { Board } from '../src/solvers/board.js';
import type { SolveResult } from '../src/solvers/index.js';

/**
 * The square fixture, 4 × 3, start top-left, end bottom-right:
 *
 *     +---+---+---+---+
 *     | S         |   |
 *     +---+---+   +   +
 *     |       |       |
 *     +   +---+---+   +
 *     |             E |
 *     +---+---+---+---+
 */
function square4x3(): Maze {
  const maze = Maze.closed(4, 3);
  const carve: [number, number, number, number][] = [
    [0, 0, 1, 0], [1, 0, 2, 0], [2, 0, 2, 1], [2, 1, 3, 1], [3, 0, 3, 1], [3, 1, 3, 2],
    [0, 1, 1, 1], [0, 1, 0, 2], [0, 2, 1, 2], [1, 2, 2, 2], [2, 2, 3, 2],
  ];
  for (const [x, y, nx, ny] of carve) maze.carve(x, y, nx, ny);
  return maze;
}

/** The hex fixture, 3 columns × 2 rows: a corridor (0,0) (0,1) (1,1) (2,1) (2,0) with a dead end (1,0) off the start. */
function hex3x2(): GraphMaze {
  const maze = new GraphMaze(makeShape('hex', 3, 2));
  const at = (x: number, y: number): number => maze.cellAt([x, y]);
  for (const [a, b] of [[[0, 0], [1, 0]], [[0, 0], [0, 1]], [[0, 1], [1, 1]], [[1, 1], [2, 1]], [[2, 1], [2, 0]]] as [Point, Point][]) maze.open(at(...a), at(...b));
  return maze;
}

function run(maze: AnyMaze, method: string, from: Point, to: Point): SolveResult {
  const view = passagesOf(maze);
  return solveWith(maze, view.cellAt(from), view.cellAt(to), findSolver(method)!);
}

const points = (maze: AnyMaze, cells: ArrayLike<number> | null): Point[] => Array.from(cells ?? [], (c) => passagesOf(maze).pointOf(c));

describe('solvers on hand-made mazes (item 1)', () => {
  const solution: Point[] = [[0, 0], [1, 0], [2, 0], [2, 1], [3, 1], [3, 2]];

  it('a left-hand wall follower walks the 4 × 3 maze as worked out by hand, into the dead end at (3,0) and out', () => {
    const r = run(square4x3(), 'wall-left', [0, 0], [3, 2]);
    expect(points(square4x3(), r.walk)).toEqual([[0, 0], [1, 0], [2, 0], [2, 1], [3, 1], [3, 0], [3, 1], [3, 2]]);
    expect(r.found).toBe(true);
    expect(points(square4x3(), r.path)).toEqual(solution);
    expect([r.stepCount, r.visited, r.mostVisits]).toEqual([7, 7, 2]);
  });

  it('a right-hand wall follower walks straight down the solution', () => {
    const r = run(square4x3(), 'wall-right', [0, 0], [3, 2]);
    expect(points(square4x3(), r.walk)).toEqual(solution);
  });

  it("Trémaux's marks: the dead end (3,0) and the cell it was walked back into marked twice, then (3,1) once again as it goes on", () => {
    const maze = square4x3();
    const r = run(maze, 'tremaux', [0, 0], [3, 2]);
    expect(points(maze, r.walk)).toEqual([[0, 0], [1, 0], [2, 0], [2, 1], [3, 1], [3, 0], [3, 1], [3, 2]]);
    const view = passagesOf(maze);
    const marks = (p: Point): number => r.marks![view.cellAt(p)]!;
    expect(solution.map(marks)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(marks([3, 0])).toBe(2);
    expect([[0, 1], [1, 1], [0, 2], [1, 2], [2, 2]].map((p) => marks(p as Point))).toEqual([0, 0, 0, 0, 0]);
    expect(points(maze, r.path)).toEqual(solution);
  });

  it('dead-end filling fills (3,0), then (1,1) back along its passage to (2,2), and leaves the solution', () => {
    const maze = square4x3();
    const r = run(maze, 'dead-end-fill', [0, 0], [3, 2]);
    const filled = [];
    for (let i = 0; i < r.steps.length; i += 2) filled.push(passagesOf(maze).pointOf(r.steps[i + 1]!));
    expect(filled).toEqual([[3, 0], [1, 1], [0, 1], [0, 2], [1, 2], [2, 2]]);
    expect(points(maze, r.path)).toEqual(solution);
  });

  it('every method finds the one solution of the 4 × 3 maze', () => {
    for (const method of SOLVE_METHODS) {
      const r = run(square4x3(), method, [0, 0], [3, 2]);
      expect([method, r.found], method).toEqual([method, true]);
      expect(points(square4x3(), r.path), method).toEqual(solution);
    }
  });

  const hexSolution: Point[] = [[0, 0], [0, 1], [1, 1], [2, 1], [2, 0]];

  it('on the hex fixture: the left hand turns into the dead end (1,0) first, the right hand goes straight, Trémaux marks (1,0) twice, dead-end filling fills only (1,0)', () => {
    const maze = hex3x2();
    const left = run(maze, 'wall-left', [0, 0], [2, 0]);
    expect(points(maze, left.walk)).toEqual([[0, 0], [1, 0], [0, 0], [0, 1], [1, 1], [2, 1], [2, 0]]);
    expect(points(maze, run(maze, 'wall-right', [0, 0], [2, 0]).walk)).toEqual(hexSolution);
    const tremaux = run(maze, 'tremaux', [0, 0], [2, 0]);
    expect(points(maze, tremaux.walk)).toEqual([[0, 0], [1, 0], [0, 0], [0, 1], [1, 1], [2, 1], [2, 0]]);
    expect(Array.from(tremaux.marks!)).toEqual([1, 2, 1, 1, 1, 1]);
    const fill = run(maze, 'dead-end-fill', [0, 0], [2, 0]);
    expect(Array.from(fill.tones!)).toEqual([0, TONE.FILLED, 0, 0, 0, 0]);
    for (const method of SOLVE_METHODS) expect(points(maze, run(maze, method, [0, 0], [2, 0]).path), method).toEqual(hexSolution);
  });

  it('an end on an island: both wall followers go round the outer wall, back where they started, and stop', () => {
    // 4 × 4: the outer ring of 12 cells is one loop; the inner 2 × 2 block is joined inside itself only, unreachable: give the end a way in from the ring that only the inner side of the ring's wall touches
    const maze = Maze.closed(4, 4);
    const ring: Point[] = [[0, 0], [1, 0], [2, 0], [3, 0], [3, 1], [3, 2], [3, 3], [2, 3], [1, 3], [0, 3], [0, 2], [0, 1]];
    ring.forEach((p, i) => maze.carve(p[0], p[1], ring[(i + 1) % ring.length]![0], ring[(i + 1) % ring.length]![1]));
    // the inner block: (1,1)-(2,1)-(2,2)-(1,2) joined to the ring at (1,0)-(1,1) and at (2,3)-(2,2): two ways in, so the ring's inner wall is an island
    maze.carve(1, 1, 2, 1);
    maze.carve(2, 1, 2, 2);
    maze.carve(2, 2, 1, 2);
    maze.carve(1, 0, 1, 1);
    maze.carve(2, 3, 2, 2);
    for (const method of ['wall-left', 'wall-right']) {
      const r = run(maze, method, [0, 0], [1, 2]);
      expect(r.found, method).toBe(false);
      expect(r.outcome, method).toBe('repeated');
      // it walked the whole outer loop and came back
      expect(new Set(r.walk).size, method).toBe(12);
    }
    for (const method of ['shortest', 'tremaux', 'backtracker', 'chain', 'dead-end-fill', 'blind-alley-fill', 'collision', 'astar']) {
      expect(run(maze, method, [0, 0], [1, 2]).found, method).toBe(true);
    }
  });
});

/** Every grid the properties run over: square, masked square, hex, triangle, polar. */
type Grid = 'square' | 'masked' | 'hex' | 'triangle' | 'polar';
const GRIDS: Grid[] = ['square', 'masked', 'hex', 'triangle', 'polar'];

function randomMaze(grid: Grid, seed: number, braid: number, small = false): AnyMaze {
  const w = small ? 4 : 7;
  const h = small ? 3 : 5;
  const common = { seed, braid, algorithm: 'backtracker' as const };
  if (grid === 'square') return generate({ ...common, width: w, height: h });
  if (grid === 'masked') return generate({ ...common, mask: small ? ['....', '.X..', '....'] : ['.......', '..X....', '.XXX...', '.......', '....X..'] });
  if (grid === 'polar') return generate({ ...common, shape: 'polar', width: small ? 2 : 3 });
  return generate({ ...common, shape: grid, width: w, height: h });
}

interface Ends {
  view: ReturnType<typeof passagesOf>;
  start: number;
  end: number;
}
const endsOf = (maze: AnyMaze): Ends => {
  const view = passagesOf(maze);
  const [start, end] = view.corners();
  return { view, start, end };
};

/** Whether a and b are joined by an open passage. */
function joined(view: Ends['view'], a: number, b: number): boolean {
  const out = new Int32Array(view.maxDegree);
  const k = view.links(a, out);
  for (let i = 0; i < k; i++) if (out[i] === b) return true;
  return false;
}

function validWalk(view: Ends['view'], cells: ArrayLike<number>): boolean {
  for (let i = 1; i < cells.length; i++) if (!joined(view, cells[i - 1]!, cells[i]!)) return false;
  return true;
}

/** Every cell on some shortest path from start to end, by enumerating every simple path no longer than the shortest (independent of the solvers' searches). */
function enumeratedShortestCells(view: Ends['view'], start: number, end: number): Set<number> {
  const out = new Int32Array(view.maxDegree);
  let best = Infinity;
  let cells = new Set<number>();
  const onPath: number[] = [start];
  const inPath = new Set<number>([start]);
  const walk = (c: number): void => {
    if (onPath.length - 1 > best) return;
    if (c === end) {
      const length = onPath.length - 1;
      if (length < best) {
        best = length;
        cells = new Set();
      }
      for (const p of onPath) cells.add(p);
      return;
    }
    const k = view.links(c, out);
    const next = Array.from(out.subarray(0, k));
    for (const n of next) {
      if (inPath.has(n)) continue;
      inPath.add(n);
      onPath.push(n);
      walk(n);
      onPath.pop();
      inPath.delete(n);
    }
  };
  walk(start);
  return cells;
}

const remaining = (view: Ends['view'], r: SolveResult): Set<number> => {
  const left = new Set<number>();
  for (let c = 0; c < view.size; c++) if (view.isIn(c) && (r.tones![c] === TONE.NONE || r.tones![c] === TONE.PATHS)) left.add(c);
  return left;
};

const FILLERS = ['dead-end-fill', 'cul-de-sac-fill', 'blind-alley-seal', 'blind-alley-fill', 'collision'];

describe('the directions a walker reads', () => {
  it("a polar side faces the middle of the line the grid draws for it, worked out without drawing the arc: every side of 12 rings, arcs of odd and even point counts", () => {
    const maze = new GraphMaze(makeShape('polar', 12, 1));
    const { shape } = maze;
    const board = new Board(maze, 0, 1);
    let odd = 0;
    let even = 0;
    for (let c = 0; c < shape.cellCount; c++) {
      for (let s = 0; s < shape.maxDegree; s++) {
        if (!shape.hasSide(c, s)) continue;
        const line = shape.side(c, s);
        const points = line.length / 2;
        const i = (points - 1) >> 1;
        const mx = points % 2 === 1 ? line[2 * i]! : (line[2 * i]! + line[2 * i + 2]!) / 2;
        const my = points % 2 === 1 ? line[2 * i + 1]! : (line[2 * i + 1]! + line[2 * i + 3]!) / 2;
        const [cx, cy] = shape.center(c);
        expect(board.sideAngle(c, s)).toBe(Math.atan2(my - cy, mx - cx));
        if (points > 2) points % 2 === 1 ? odd++ : even++;
      }
    }
    expect(odd).toBeGreaterThan(100);
    expect(even).toBeGreaterThan(100);
  });
});

describe('solvers over random mazes of every grid (item 1, properties)', () => {
  it('on a perfect maze every method ends: its walk is a walk through open passages from the start, and a found path is the one solution; fillers leave exactly the solution', () => {
    fc.assert(
      fc.property(fc.constantFrom(...GRIDS), fc.integer({ min: 1, max: 1e6 }), (grid, seed) => {
        const maze = randomMaze(grid, seed, 0);
        const { view, start, end } = endsOf(maze);
        const unique = solveWith(maze, start, end, findSolver('shortest')!).path!;
        for (const solver of solvers) {
          const r = solveWith(maze, start, end, solver);
          if (r.walk) {
            expect(r.walk[0], solver.name).toBe(start);
            expect(validWalk(view, r.walk), `${solver.name} walks through walls`).toBe(true);
            if (r.found) expect(r.walk[r.walk.length - 1]).toBe(end);
          }
          // every method but the wall followers and Pledge (which may meet an end inside an island) finds the end of a perfect maze
          if (!['wall-left', 'wall-right', 'pledge', 'random-mouse'].includes(solver.name)) expect(r.found, `${solver.name} on ${grid} ${seed}`).toBe(true);
          if (r.found) expect(Array.from(r.path!), `${solver.name} on ${grid} ${seed}`).toEqual(Array.from(unique));
          if (FILLERS.includes(solver.name)) expect([...remaining(view, r)].sort((a, b) => a - b)).toEqual(Array.from(unique).sort((a, b) => a - b));
        }
      }),
      { numRuns: 40 },
    );
  });

  it('on a braided maze: shortest-all and collision leave exactly the cells of every shortest path, as an enumeration of the paths finds them; the other fillers keep them all; every path found is a valid walk', () => {
    fc.assert(
      fc.property(fc.constantFrom(...GRIDS), fc.integer({ min: 1, max: 1e6 }), fc.constantFrom(0.5, 1), (grid, seed, braid) => {
        const maze = randomMaze(grid, seed, braid, true);
        const { view, start, end } = endsOf(maze);
        const union = enumeratedShortestCells(view, start, end);
        const sorted = (s: Set<number>): number[] => [...s].sort((a, b) => a - b);
        for (const solver of solvers) {
          const r = solveWith(maze, start, end, solver);
          if (r.found) {
            expect(r.path![0]).toBe(start);
            expect(r.path![r.path!.length - 1]).toBe(end);
            expect(validWalk(view, r.path!), solver.name).toBe(true);
          }
          if (r.walk) expect(validWalk(view, r.walk), solver.name).toBe(true);
          if (['shortest-all', 'collision'].includes(solver.name)) {
            const on = new Set<number>();
            for (let c = 0; c < view.size; c++) if (r.tones![c] === TONE.PATHS) on.add(c);
            expect(sorted(on), `${solver.name} on ${grid} ${seed}`).toEqual(sorted(union));
          }
          if (FILLERS.includes(solver.name)) {
            const left = remaining(view, r);
            for (const c of union) expect(left.has(c), `${solver.name} filled a cell of a shortest path`).toBe(true);
          }
          // the shortest-path family's path is as short as any
          if (['shortest', 'astar', 'shortest-all', 'collision'].includes(solver.name)) expect(Array.from(r.path!).filter((c) => !union.has(c))).toEqual([]);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('random mouse draws from the maze seed: the same maze walks the same way, another seed another way', () => {
    const maze = randomMaze('square', 7, 0);
    const { start, end } = endsOf(maze);
    const a = solveWith(maze, start, end, findSolver('random-mouse')!);
    const b = solveWith(maze, start, end, findSolver('random-mouse')!);
    const c = solveWith(maze, start, end, findSolver('random-mouse')!, { seed: 'other' });
    expect(Array.from(a.walk!)).toEqual(Array.from(b.walk!));
    expect(Array.from(a.walk!)).not.toEqual(Array.from(c.walk!));
  });

  it('a walker that cannot reach the end gives up at its bound and says so', () => {
    const maze = randomMaze('hex', 3, 0);
    const { start, end } = endsOf(maze);
    const r = solveWith(maze, start, end, findSolver('random-mouse')!, { bound: 3 });
    expect([r.found, r.outcome, r.walk!.length]).toEqual([false, 'gave-up', 4]);
    const pledge = solveWith(maze, start, end, findSolver('pledge')!, { bound: 2 });
    if (!pledge.found) expect(pledge.outcome).toBe('gave-up');
  });
});

/** A step of a random walk, for the properties below. */
const STEP = fc.constantFrom<Point>([1, 0], [-1, 0], [0, 1], [0, -1]);

/** A walk on a 6 × 5 grid from (2, 2), each step kept inside it (one off the edge is left out). */
function walkOn6x5(steps: readonly Point[]): Point[] {
  const walk: Point[] = [[2, 2]];
  for (const [dx, dy] of steps) {
    const [x, y] = walk[walk.length - 1]!;
    if (x + dx >= 0 && x + dx < 6 && y + dy >= 0 && y + dy < 5) walk.push([x + dx, y + dy]);
  }
  return walk;
}

describe("Pledge's guarantee, where it holds and where the README says it does not (a sweep: it said exact on triangle grids)", () => {
  const pledgeFinds = (options: Record<string, unknown>): boolean => {
    const maze = generate({ ...options, ends: 'corners' } as never) as AnyMaze;
    const view = passagesOf(maze);
    return solveWith(maze, view.cellAt(maze.start!), view.cellAt(maze.end!), findSolver('pledge')!).found;
  };
  it('reaches the end of every perfect square and hex maze of 45 seeds, corner to corner', () => {
    for (const shape of ['square', 'hex']) for (let seed = 1; seed <= 45; seed++) expect(pledgeFinds({ shape, width: 10, height: 8, seed }), `${shape} ${seed}`).toBe(true);
  });
  it('gives up on some triangle and polar mazes, as the README says', () => {
    expect(pledgeFinds({ shape: 'polar', width: 5, seed: 3 })).toBe(false);
    expect(pledgeFinds({ shape: 'triangle', width: 10, height: 8, seed: 5 })).toBe(false);
  });
});

describe("a walk's runs as the PNG draws them", () => {
  it('each run once, first met first, and every run the walk makes among them (a random mouse repeats its corridors 2^24 moves long)', () => {
    fc.assert(
      fc.property(fc.array(STEP, { maxLength: 200 }), (steps) => {
        const walk = walkOn6x5(steps);
        const runs = pathRuns({ solution: walk });
        const once = distinctRuns(runs, 6, 5);
        const tuples = (a: Int32Array): string[] => Array.from({ length: a.length / 4 }, (_, i) => a.subarray(4 * i, 4 * i + 4).join(','));
        const all = tuples(runs);
        expect(tuples(once)).toEqual([...new Set(all)]);
      }),
    );
  });
});

describe("a walk's steps as SVG, PDF and POV draw them (walkOnce)", () => {
  it('every step the walk takes, each once, in lines of steps that follow on; the walk itself when it takes no step twice', () => {
    fc.assert(
      fc.property(fc.array(STEP, { maxLength: 120 }), (steps) => {
        const walk = walkOn6x5(steps);
        const cellOf = ([x, y]: Point): number => y * 6 + x;
        const key = (a: Point, b: Point): string => [cellOf(a), cellOf(b)].sort((p, q) => p - q).join('-');
        const lines = walkOnce(walk, cellOf, 30);
        const drawn = lines.flatMap((line) => line.slice(1).map((p, i) => key(line[i]!, p)));
        const taken = walk.slice(1).map((p, i) => key(walk[i]!, p));
        expect(drawn).toEqual([...new Set(taken)]);
        if (new Set(taken).size === taken.length && walk.length > 1) expect(lines).toEqual([walk]);
      }),
    );
  });
});
