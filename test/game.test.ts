/**
 * `maze play`'s rules in-process (src/game/): moves, keys and doors, the
 * end of the game, monsters and their behaviors, the view window, key
 * decoding and the start-up form. The terminal itself is play.test.ts's.
 */
import { describe, expect, it } from 'vitest';
import ascii from '../src/formats/ascii.js';
import { DEFAULT_RENDER_OPTIONS } from '../src/formats/types.js';
import { formKey, formValues, newForm, drawForm } from '../src/game/form.js';
import { keyFromDom, pressKey } from '../src/game/controls.js';
import { directionOf, parseKeys } from '../src/game/keys.js';
import { BEHAVIORS, checkMonsterCount, checkMonsterDelay, defaultMonsters, HUNT_RANGE, monsterCanMove, moveMonster, placeMonsters, SAFE_MS, safeDistance } from '../src/game/monsters.js';
import type { Monster } from '../src/game/monsters.js';
import { describeEnd, describeInventory, describeLeave, describeMonsters, lockOf, moveMonsters, movePlayer, newGame, startGame } from '../src/game/rules.js';
import type { Game } from '../src/game/rules.js';
import { CELL_COLUMNS, CELL_LINES, drawWindow, PAGE_WINDOW, pageWindowSize, scrollWindow, windowSize } from '../src/game/view.js';
import type { Direction, Maze } from '../src/model/maze.js';
import { DX, DY, EAST, NORTH, SOUTH, stepDirection, wallCrossed, WEST } from '../src/model/maze.js';
import { solveMaze } from '../src/passages/solve.js';
import { Rng } from '../src/rng.js';
import { generated } from './fixtures.js';
import { escapeRoute, replay } from './game-helpers.js';
import { collect } from './helpers.js';

/** Steps between two cells through the walls a monster may cross (Infinity when none joins them). */
function monsterSteps(game: Game, from: [number, number], to: [number, number]): number {
  const { width } = game.maze;
  const dist = new Map([[from[1] * width + from[0], 0]]);
  const queue = [from];
  while (queue.length > 0) {
    const [x, y] = queue.shift()!;
    const d = dist.get(y * width + x)!;
    if (x === to[0] && y === to[1]) return d;
    for (const dir of [0, 1, 2, 3] as Direction[]) {
      if (!monsterCanMove(game, x, y, dir)) continue;
      const n: [number, number] = [x + DX[dir], y + DY[dir]];
      if (dist.has(n[1] * width + n[0])) continue;
      dist.set(n[1] * width + n[0], d + 1);
      queue.push(n);
    }
  }
  return Infinity;
}

/** A zones maze with locks on the way out, the same one every run. */
function lockedMaze(): Maze {
  return generated('zones', 10, 7, 'game', { zones: '6', keys: '3' });
}

/** Whether the part of the maze a monster at `cell` ("x,y") roams (through open walls that are no locked door) has a junction, a cell with three ways on: where it can step aside. */
function canLetBy(game: Game, cell: string): boolean {
  const part = [cell.split(',').map(Number) as [number, number]];
  const met = new Set([cell]);
  for (const [x, y] of part) {
    const ways = ([0, 1, 2, 3] as Direction[]).filter((dir) => monsterCanMove(game, x, y, dir));
    if (ways.length >= 3) return true;
    for (const dir of ways) {
      const next = `${x + DX[dir]},${y + DY[dir]}`;
      if (met.has(next)) continue;
      met.add(next);
      part.push([x + DX[dir], y + DY[dir]]);
    }
  }
  return false;
}

describe('game rules: moves, keys, doors', () => {
  it('starts at the entrance, holding nothing, and walls stop a step without counting it', () => {
    const maze = lockedMaze();
    const game = newGame(maze, { monsters: 0 }, new Rng('r'));
    expect([game.x, game.y]).toEqual([0, 0]);
    expect(game.held).toEqual([]);
    expect(movePlayer(game, NORTH)).toEqual({ kind: 'blocked' });
    expect(movePlayer(game, WEST)).toEqual({ kind: 'blocked' });
    expect(game.moves).toBe(0);
    expect(game.outcome).toBe('playing');
  });

  it('walks to the exit through every lock, picking up each key on the way, and wins there', () => {
    const maze = lockedMaze();
    const locked = maze.doors!.filter((d) => d.key !== null).length;
    expect(locked).toBeGreaterThanOrEqual(3);
    const route = escapeRoute(maze)!;
    expect(route).not.toBeNull();
    const game = replay(maze, []);
    const events = route.map((dir) => movePlayer(game, dir));
    expect(game.outcome).toBe('won');
    expect([game.x, game.y]).toEqual([9, 6]);
    expect(game.moves).toBe(route.length);
    expect(events.flatMap((e) => (e.kind === 'moved' ? e.picked : [])).sort()).toEqual([0, 1, 2]);
    expect(events.filter((e) => e.kind === 'moved' && e.opened !== null).length).toBeGreaterThanOrEqual(3);
    expect([...game.held].sort()).toEqual([0, 1, 2]);
    expect(describeInventory(game)).toBe('Keys: a b c (3).');
    expect(describeEnd(game, 65_000)).toBe(`You escaped in ${route.length} moves and 1:05!`);
    // nothing moves once the game is over
    expect(movePlayer(game, NORTH)).toEqual({ kind: 'over' });
  });

  it('a game left says its moves, one move singular', () => {
    const game = startGame(generated('kruskal', 3, 3, 'same'), 0, 'same');
    expect(describeLeave(game)).toBe('You left the game after 0 moves.');
    game.moves = 1;
    expect(describeLeave(game)).toBe('You left the game after 1 move.');
  });

  it('an entrance that is the exit is won before a move (a 1 × 1 maze, --from and --to the same cell: it went on for ever)', () => {
    const one = startGame(generated('kruskal', 1, 1, 'one'), 'auto', 'one');
    expect([one.outcome, one.moves]).toEqual(['won', 0]);
    const maze = generated('kruskal', 3, 3, 'same');
    maze.start = [1, 1];
    maze.end = [1, 1];
    expect(startGame(maze, 0, 'same').outcome).toBe('won');
    // and a maze whose exit is elsewhere is still being played
    expect(startGame(generated('kruskal', 3, 3, 'same'), 0, 'same').outcome).toBe('playing');
  });

  it('a locked door stops the player without its key, and opens for it', () => {
    const maze = lockedMaze();
    const door = maze.doors!.find((d) => d.key === 0)!;
    // stand beside door A, on its near side, holding nothing, then holding key a
    const game = newGame(maze, { monsters: 0 }, new Rng('r'));
    const dir: Direction = door.side === 'top' ? NORTH : WEST;
    game.x = door.x;
    game.y = door.y;
    const wall = wallCrossed(maze.stride, door.x, door.y, dir);
    expect(game.lockedDoors.get(wall)).toBe(0);
    expect(lockOf(game, door.x, door.y, dir)).toBe(0);
    expect(movePlayer(game, dir)).toEqual({ kind: 'locked', key: 0 });
    expect([game.x, game.y]).toEqual([door.x, door.y]);
    game.held.push(0);
    const event = movePlayer(game, dir);
    expect(event).toMatchObject({ kind: 'moved', opened: 0 });
    expect(game.opened.has(wall)).toBe(true);
    // and it stays open: back through it with no key
    game.held.length = 0;
    expect(movePlayer(game, ((dir + 2) % 4) as Direction)).toMatchObject({ kind: 'moved', opened: null });
  });

  it('without a key its door cannot be passed: the exit is out of reach', () => {
    const maze = lockedMaze();
    for (const k of [0, 1, 2]) {
      const without = generated('zones', 10, 7, 'game', { zones: '6', keys: '3' });
      const key = without.keys![k]!;
      without.keys![k] = { x: -1, y: -1, door: key.door }; // a key nowhere to be found
      expect(escapeRoute(without)).toBeNull();
    }
    expect(escapeRoute(maze)).not.toBeNull();
  });

  it("agrees with the key-aware solver: the game's shortest way out is as long as maze gen --solve's, which it can walk", () => {
    for (const [w, h, zones, keys] of [[10, 7, '6', '3'], [12, 8, '8', '4'], [7, 5, '4', '2']] as const) {
      for (const seed of ['s1', 's2', 's3']) {
        const maze = generated('zones', w, h, seed, { zones, keys });
        solveMaze(maze, [0, 0], [w - 1, h - 1]);
        const solution = maze.solution!;
        expect(escapeRoute(maze)!.length).toBe(solution.length - 1);
        const game = replay(maze, solution.slice(1).map((cell, i) => stepDirection(solution[i]!, cell) as Direction));
        expect(game.outcome).toBe('won');
      }
    }
  });

  it('plays any maze: a kruskal maze has no locks, and its way out is the shortest path', () => {
    const maze = generated('kruskal', 9, 6, 'k');
    const route = escapeRoute(maze)!;
    const game = replay(maze, route);
    expect(game.outcome).toBe('won');
    expect(game.lockedDoors.size).toBe(0);
  });
});

describe('game rules: monsters', () => {
  it('draws them from the seed: the same seed, the same monsters and the same moves', () => {
    const run = (seed: string): string => {
      const game = newGame(generated('zones', 30, 20, 'm'), { monsters: 6 }, new Rng(seed));
      const trace: string[] = [];
      for (let t = 0; t < 40; t++) {
        moveMonsters(game);
        trace.push(game.monsters.map((m) => `${m.x},${m.y}`).join(' '));
      }
      return `${game.monsters.map((m) => m.behavior).join(',')}|${trace.join('|')}`;
    };
    expect(run('a')).toBe(run('a'));
    expect(run('a')).not.toBe(run('b'));
  });

  it('gives every behavior a turn, never starts one near the entrance, on the exit or two on a cell', () => {
    for (const seed of ['1', '2', '3', '4', '5']) {
      const maze = generated('zones', 20, 12, seed);
      const game = newGame(maze, { monsters: 12 }, new Rng(seed));
      expect(game.monsters.length).toBe(12);
      expect(new Set(game.monsters.map((m) => m.behavior))).toEqual(new Set(BEHAVIORS));
      expect(new Set(game.monsters.map((m) => `${m.x},${m.y}`)).size).toBe(12);
      const safe = safeDistance(20, 12);
      const open = { ...game, lockedDoors: new Map() } as Game; // steps through any open wall
      for (const m of game.monsters) {
        expect(monsterSteps(open, [0, 0], [m.x, m.y])).toBeGreaterThanOrEqual(safe);
        expect([m.x, m.y]).not.toEqual([19, 11]);
      }
    }
  });

  it("never puts a monster where it cannot let the player by, shut between locked doors with no junction (a sweep: it sealed the only way out, in the README's 60 × 40 game with seed 72 too)", () => {
    // the sweep's games: 20 × 12 with 40 zones and one monster, seed 1224, its monster shut in one cell by doors B and C on the way out
    const crowded = newGame(generated('zones', 20, 12, '1224', { zones: '40' }), { monsters: 1, monsterDelay: 500 }, new Rng('1224/monsters'));
    expect(crowded.monsters).toHaveLength(1);
    expect([crowded.monsters[0]!.x, crowded.monsters[0]!.y]).not.toEqual([15, 4]);
    const readme = newGame(generated('zones', 60, 40, '72', { zones: '12', keys: '6' }), { monsters: 8, monsterDelay: 250 }, new Rng('72/monsters'));
    expect(readme.monsters).toHaveLength(8);
    for (const game of [crowded, readme]) for (const m of game.monsters) expect(canLetBy(game, `${m.x},${m.y}`), `${m.x},${m.y}`).toBe(true);
    // many crowded games, six monsters each
    for (let seed = 1; seed <= 40; seed++) {
      const game = newGame(generated('zones', 20, 12, String(seed), { zones: '40' }), { monsters: 6, monsterDelay: 500 }, new Rng(`${seed}/monsters`));
      for (const m of game.monsters) expect(canLetBy(game, `${m.x},${m.y}`), `seed ${seed}: ${m.x},${m.y}`).toBe(true);
    }
  });

  it('issue 18 item 12: on any grid, no monster starts within the safe distance, fewer when too few cells are far enough, and none catches a player who has not moved', () => {
    const shapes: [string, number, number, Record<string, string>][] = [
      ['kruskal', 10, 6, {}], ['backtracker', 12, 8, {}], ['zones', 20, 12, { zones: '8', keys: '3' }], ['trees', 15, 9, { islands: '2' }],
      ['prim', 4, 3, {}], ['kruskal', 1, 30, {}], ['eller', 40, 2, {}], ['kruskal', 30, 20, {}],
    ];
    for (const [algorithm, width, height, options] of shapes) {
      for (const seed of ['1', '2', '3']) {
        const maze = generated(algorithm, width, height, seed, options);
        // steps from the entrance to every cell through any open wall, doors included
        const steps = new Map<string, number>([['0,0', 0]]);
        const queue: [number, number][] = [[0, 0]];
        for (let head = 0; head < queue.length; head++) {
          const [x, y] = queue[head]!;
          for (const dir of [0, 1, 2, 3] as Direction[]) {
            const next = `${x + DX[dir]},${y + DY[dir]}`;
            if (!maze.canMove(x, y, dir) || steps.has(next)) continue;
            steps.set(next, steps.get(`${x},${y}`)! + 1);
            queue.push([x + DX[dir], y + DY[dir]]);
          }
        }
        for (const delay of [10, 100, 500, 2000]) {
          for (const asked of [1, 6, 40]) {
            const game = newGame(maze, { monsters: asked, monsterDelay: delay }, new Rng(`${seed}/monsters`));
            const safe = safeDistance(width, height, delay);
            expect(game.safeSteps).toBe(safe);
            expect(safe * delay, 'time before a monster can reach the start').toBeGreaterThanOrEqual(SAFE_MS);
            // and in a part of the maze a monster roams (through no locked door) that has a junction, where it can let the player by
            const far = [...steps].filter(([cell, d]) => d >= safe && cell !== `${width - 1},${height - 1}` && canLetBy(game, cell)).length;
            const label = `${algorithm} ${width}×${height} seed ${seed}, ${asked} monsters ${delay} ms apart`;
            expect(game.monsters.length, label).toBe(Math.min(asked, far));
            for (const m of game.monsters) expect(steps.get(`${m.x},${m.y}`), label).toBeGreaterThanOrEqual(safe);
            expect(describeMonsters(game), label).toBe(far < asked ? `${far} of ${asked} monster${asked === 1 ? '' : 's'}: no other cell is ${safe} steps from the start with room to pass.` : null);
            // a player who stands still is safe for as many ticks as the monsters need to come
            for (let tick = 1; tick < safe; tick++) moveMonsters(game);
            expect(game.outcome, label).toBe('playing');
          }
        }
      }
    }
  });

  it("starts a game as maze play does: 'auto' monsters, placed and moved from the maze's seed", () => {
    const maze = generated('zones', 30, 20, 'start');
    const started = startGame(maze, 'auto', 'start');
    const made = newGame(generated('zones', 30, 20, 'start'), { monsters: defaultMonsters(30, 20) }, new Rng('start/monsters'));
    moveMonsters(started);
    moveMonsters(made);
    expect(started.monsters).toEqual(made.monsters);
    expect(startGame(maze, 0, 'start').monsters).toEqual([]);
  });

  it("a page's monster count and delay are checked as the library's options, naming the field", () => {
    expect(checkMonsterCount('auto')).toBe('auto');
    expect(checkMonsterCount(3)).toBe(3);
    expect(() => checkMonsterCount(1001)).toThrow('monsters must be from 0 to 1000, got 1001');
    expect(() => checkMonsterCount('many')).toThrow("monsters must be auto or a whole number from 0 to 1000, got 'many'");
    expect(checkMonsterDelay(250)).toBe(250);
    expect(() => checkMonsterDelay(5)).toThrow(expect.objectContaining({ option: 'monsterDelay', message: 'monsterDelay must be from 10 to 60000, got 5' }));
  });

  it('has a default number: none on a tiny maze, a few on a big one', () => {
    expect(defaultMonsters(7, 7)).toBe(0);
    expect(defaultMonsters(30, 20)).toBe(4);
    expect(defaultMonsters(1000, 1000)).toBe(6);
    // on a mask, its cells count: a 30 × 20 outline holding 40 cells is a tiny maze
    expect(defaultMonsters(30, 20, 40)).toBe(0);
    expect(defaultMonsters(30, 20, 300)).toBe(2);
    expect(placeMonsters(newGame(generated('kruskal', 3, 3, 's'), { monsters: 0 }, new Rng('s')), 5).length).toBeLessThanOrEqual(5);
  });

  it('moves each monster one open step per tick, never through a locked door', () => {
    const maze = generated('zones', 16, 10, 'walls', { zones: '10', keys: '5' });
    const game = newGame(maze, { monsters: 9 }, new Rng('walls'));
    for (let t = 0; t < 300; t++) {
      const before = game.monsters.map((m) => [m.x, m.y] as const);
      moveMonsters(game);
      game.outcome = 'playing'; // a catch does not stop this walk
      game.monsters.forEach((m, i) => {
        const [x, y] = before[i]!;
        const dir = ([NORTH, EAST, SOUTH, WEST] as Direction[]).find((d) => x + DX[d] === m.x && y + DY[d] === m.y);
        if (dir === undefined) {
          expect([m.x, m.y]).toEqual([x, y]); // walled in: stays
          return;
        }
        expect(monsterCanMove(game, x, y, dir)).toBe(true);
      });
    }
  });

  it('walker: goes on along a corridor, turning back only at a dead end', () => {
    const maze = generated('backtracker', 12, 8, 'w');
    const game = newGame(maze, { monsters: 0 }, new Rng('w'));
    const m: Monster = { x: 5, y: 4, behavior: 'walker', heading: NORTH };
    for (let t = 0; t < 200; t++) {
      const from = [m.x, m.y];
      const back = ((m.heading + 2) % 4) as Direction;
      const ways = ([0, 1, 2, 3] as Direction[]).filter((d) => monsterCanMove(game, m.x, m.y, d));
      moveMonster(game, m);
      if (ways.length > 1) expect([m.x, m.y]).not.toEqual([from[0]! + DX[back], from[1]! + DY[back]]);
    }
  });

  it('follower: keeps its left hand on the wall, so it tours a perfect maze and comes back', () => {
    const maze = generated('kruskal', 8, 6, 'f');
    const game = newGame(maze, { monsters: 0 }, new Rng('f'));
    const m: Monster = { x: 0, y: 0, behavior: 'follower', heading: EAST };
    const visited = new Set<string>();
    // a left-hand walk of a tree goes along every passage twice: 2·(cells − 1) steps
    for (let t = 0; t < 2 * (48 - 1); t++) {
      const h = m.heading;
      const left = ((h + 3) % 4) as Direction;
      const canLeft = monsterCanMove(game, m.x, m.y, left);
      moveMonster(game, m);
      if (canLeft) expect(m.heading).toBe(left);
      visited.add(`${m.x},${m.y}`);
    }
    expect(visited.size).toBe(48);
    expect([m.x, m.y]).toEqual([0, 0]);
  });

  it(`hunter: closes in on a player within ${HUNT_RANGE} steps, one step a tick`, () => {
    const maze = generated('kruskal', 12, 12, 'h');
    const game = newGame(maze, { monsters: 0 }, new Rng('h'));
    game.x = 6;
    game.y = 6;
    let tried = 0;
    for (let y = 0; y < 12; y++) {
      for (let x = 0; x < 12; x++) {
        const d = monsterSteps(game, [x, y], [6, 6]);
        if (d === 0 || d > HUNT_RANGE) continue;
        const m: Monster = { x, y, behavior: 'hunter', heading: NORTH };
        moveMonster(game, m);
        expect(monsterSteps(game, [m.x, m.y], [6, 6])).toBe(d - 1);
        tried++;
      }
    }
    expect(tried).toBeGreaterThan(10);
  });

  it('touching one loses: walking into it, or it walking into the player', () => {
    const maze = generated('kruskal', 6, 6, 't');
    const game = newGame(maze, { monsters: 0 }, new Rng('t'));
    const dir = ([EAST, SOUTH] as Direction[]).find((d) => maze.canMove(0, 0, d))!;
    game.monsters = [{ x: DX[dir], y: DY[dir], behavior: 'follower', heading: NORTH }];
    movePlayer(game, dir);
    expect(game.outcome).toBe('caught');
    expect(describeEnd(game, 3000)).toBe('A monster caught you after 1 move and 0:03.');

    const second = newGame(maze, { monsters: 0 }, new Rng('t'));
    second.monsters = [{ x: DX[dir], y: DY[dir], behavior: 'hunter', heading: NORTH }];
    moveMonsters(second);
    expect(second.outcome).toBe('caught');
    expect(second.moves).toBe(0);
  });
});

describe('game view', () => {
  it('draws a maze that fits whole, as the ASCII art does, with the player, monsters and exit marked', async () => {
    const maze = lockedMaze();
    const game = newGame(maze, { monsters: 2 }, new Rng('v'));
    const { cols, rows } = windowSize(10, 7, 80, 23);
    expect([cols, rows]).toEqual([10, 7]);
    const picture = drawWindow(game, scrollWindow(null, game, cols, rows));
    const art = (await collect(ascii.render(maze, { ...DEFAULT_RENDER_OPTIONS, color: 0 }))).toString().trimEnd().split('\n');
    expect(picture.text.length).toBe(2 * 7 + 1);
    const marks = picture.text.join('\n');
    expect(marks.split('@').length).toBe(2);
    expect(marks.split('M').length).toBe(3);
    expect(marks.split('>').length).toBe(2);
    expect(picture.text[1]![2]).toBe('@');
    expect(picture.text[13]![38]).toBe('>');
    // the same art: the player stands on the start's mark, the exit's mark is the end's (a monster may stand on a key)
    expect(picture.text.map((l, r) => [...l].map((ch, c) => (ch === 'M' ? art[r]![c] : ch)).join(''))).toEqual(art);
  });

  it('opened doors and picked-up keys leave the picture', () => {
    const maze = lockedMaze();
    const route = escapeRoute(maze)!;
    const game = replay(maze, route.slice(0, -1));
    const text = drawWindow(game, scrollWindow(null, game, 10, 7)).text.join('\n');
    expect(text).not.toMatch(/[abc]/);
  });

  it('fits whole cells in the terminal less the message line, never fewer than one', () => {
    expect(windowSize(30, 20, 80, 23)).toEqual({ cols: 19, rows: 11 });
    expect(windowSize(30, 20, 81, 24)).toEqual({ cols: 20, rows: 11 });
    expect(windowSize(5, 3, 200, 60)).toEqual({ cols: 5, rows: 3 });
    expect(windowSize(30, 20, 3, 1)).toEqual({ cols: 1, rows: 1 });
    const game = newGame(generated('kruskal', 30, 20, 'v'), { monsters: 0 }, new Rng('v'));
    const picture = drawWindow(game, scrollWindow(null, game, 19, 11));
    expect(picture.text.length).toBe(11 * CELL_LINES + 1);
    expect(picture.text.every((l) => l.length === 19 * CELL_COLUMNS + 1)).toBe(true);
  });

  it('scrolls to keep the player in sight, a few cells from the edge, and no further than the maze', () => {
    const maze = generated('kruskal', 40, 30, 's');
    const game = newGame(maze, { monsters: 0 }, new Rng('s'));
    let w = scrollWindow(null, game, 10, 8);
    expect(w).toEqual({ x0: 0, y0: 0, cols: 10, rows: 8 });
    for (const [x, y] of [[5, 3], [8, 4], [20, 10], [39, 29], [30, 29], [0, 0]] as const) {
      game.x = x;
      game.y = y;
      const before = w;
      w = scrollWindow(w, game, 10, 8);
      expect(x).toBeGreaterThanOrEqual(w.x0);
      expect(x).toBeLessThan(w.x0 + 10);
      expect(y).toBeGreaterThanOrEqual(w.y0);
      expect(y).toBeLessThan(w.y0 + 8);
      expect(w.x0 + 10).toBeLessThanOrEqual(40);
      expect(w.y0 + 8).toBeLessThanOrEqual(30);
      if (x - before.x0 >= 3 && before.x0 + 10 - 1 - x >= 3) expect(w.x0).toBe(before.x0); // well inside: no scroll
    }
    game.x = 20;
    game.y = 15;
    w = scrollWindow(w, game, 10, 8);
    expect(w.x0 + 10 - 1 - 20).toBeGreaterThanOrEqual(3);
    expect(20 - w.x0).toBeGreaterThanOrEqual(3);
  });
});

describe('game keys', () => {
  it('reads arrows in normal and application mode, and the keypad with and without NumLock', () => {
    const moves = (data: string) => parseKeys(data).map(directionOf);
    expect(moves('\x1b[A\x1b[B\x1b[C\x1b[D')).toEqual([NORTH, SOUTH, EAST, WEST]);
    expect(moves('\x1bOA\x1bOB\x1bOC\x1bOD')).toEqual([NORTH, SOUTH, EAST, WEST]);
    expect(moves('8246')).toEqual([NORTH, SOUTH, WEST, EAST]);
    expect(moves('\x1bOx\x1bOr\x1bOt\x1bOv')).toEqual([NORTH, SOUTH, WEST, EAST]);
    expect(moves('\x1b[1;5A\x1b[1;2D')).toEqual([NORTH, WEST]);
    expect(moves('\x1bOu5x\x1b[E\x1b[2~')).toEqual([null, null, null, null, null]);
  });

  it('tells Esc, Enter, Tab, Shift-Tab, Backspace, Delete and Ctrl-C apart', () => {
    expect(parseKeys('\x1b').map((k) => k.name)).toEqual(['escape']);
    expect(parseKeys('\r\n\t\x1b[Z\x7f\b\x1b[3~\x03').map((k) => k.name)).toEqual(['enter', 'enter', 'tab', 'backtab', 'backspace', 'backspace', 'delete', 'interrupt']);
    expect(parseKeys('xI')).toEqual([{ name: 'char', ch: 'x' }, { name: 'char', ch: 'I' }]);
  });
});

describe('game keys in a page', () => {
  it("names the DOM's keys as the terminal's: arrows, keypad digits (NumLock), I and x", () => {
    const moves = (keys: string[]) => keys.map((k) => directionOf(keyFromDom(k)));
    expect(moves(['ArrowUp', 'ArrowDown', 'ArrowRight', 'ArrowLeft', 'Up', 'Left'])).toEqual([NORTH, SOUTH, EAST, WEST, NORTH, WEST]);
    expect(moves(['8', '2', '4', '6', '5', 'a', 'Shift', 'F5'])).toEqual([NORTH, SOUTH, WEST, EAST, null, null, null, null]);
    expect(['Enter', 'Escape', 'Tab', 'toString', 'Shift', 'x', 'I'].map(keyFromDom)).toEqual([
      { name: 'enter' }, { name: 'escape' }, { name: 'tab' }, { name: 'other' }, { name: 'other' }, { name: 'char', ch: 'x' }, { name: 'char', ch: 'I' },
    ]);
  });

  it('plays a key press the same on every screen: x quits, I lists the keys, a move says what it did, a bump keeps the message', () => {
    const game = newGame(lockedMaze(), { monsters: 0 }, new Rng('keys'));
    expect(pressKey(game, keyFromDom('X'))).toEqual({ kind: 'quit' });
    expect(pressKey(game, keyFromDom('i'))).toEqual({ kind: 'turn', message: 'Keys: none yet.' });
    expect(pressKey(game, keyFromDom('ArrowUp'))).toEqual({ kind: 'turn', message: undefined });
    expect(pressKey(game, keyFromDom('q'))).toEqual({ kind: 'ignored' });
    const moved = pressKey(game, keyFromDom('6'));
    expect(moved.kind).toBe('turn');
    expect(game.moves).toBe(1);
  });

  it('shows a window around the player, never the whole maze', () => {
    expect(pageWindowSize(30, 20)).toEqual(PAGE_WINDOW);
    expect(pageWindowSize(40, 5)).toEqual({ cols: PAGE_WINDOW.cols, rows: 5 });
    expect(pageWindowSize(12, 8)).toEqual({ cols: 6, rows: 4 });
    expect(pageWindowSize(3, 1)).toEqual({ cols: 2, rows: 1 });
  });
});

describe('start-up form', () => {
  const fields = () =>
    newForm([
      { name: 'w', label: 'Width', value: '30' },
      { name: 'h', label: 'Height', value: '20' },
      { name: 'seed', label: 'Seed', value: '7' },
    ]);
  const type = (form: ReturnType<typeof fields>, data: string) => parseKeys(data).map((k) => formKey(form, k));

  it('is prefilled, edited in place, and moved through with Tab and the arrows', () => {
    const form = fields();
    expect(formValues(form)).toEqual({ w: '30', h: '20', seed: '7' });
    type(form, '\x7f\x7f12\t\x1b[D\x1b[D9\x1b[B\x1b[A\x1b[Z\x1b[3~');
    // width: 12; height: caret at the start, "9" typed there; Shift-Tab back to width, Delete at its end does nothing
    expect(formValues(form)).toEqual({ w: '12', h: '920', seed: '7' });
    expect(form.focus).toBe(0);
    type(form, '\x1b[Z');
    expect(form.focus).toBe(2);
    const { lines, caret } = drawForm(form, 80);
    expect(lines[caret.row]).toContain('Seed:');
    expect(lines[caret.row]!.slice(caret.column - 1, caret.column)).toBe('7');
  });

  it('a character typed as soon as a field is reached replaces its value', () => {
    const form = fields();
    type(form, '4\t5\t\x1b[Dx');
    expect(formValues(form)).toEqual({ w: '4', h: '5', seed: 'x7' });
  });

  it('Enter starts, Esc leaves, Ctrl-C interrupts', () => {
    expect(type(fields(), '\r')).toEqual(['start']);
    expect(type(fields(), '\x1b')).toEqual(['leave']);
    expect(type(fields(), '\x03')).toEqual(['interrupt']);
  });
});
