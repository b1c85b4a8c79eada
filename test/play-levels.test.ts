/** maze play --levels (issue 33): one floor on screen, the stairs shown and taken with < and >, in a real terminal (tmux). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pressKey } from '../src/game/controls.js';
import { checkPlayable, startLevelsGame } from '../src/game/levels.js';
import { drawWindow } from '../src/game/view.js';
import { stairsHere } from '../src/game/rules.js';
import type { Monster } from '../src/game/monsters.js';
import type { GraphMaze } from '../src/grid/graph-maze.js';
import { makeGraphMaze, specFromOptions } from '../src/lib/spec.js';
import { BIN, IN_CI, ROOT, runCli, spawnMaze, tempDir } from './helpers.js';
import { quote, sleep, TmuxServer, tmuxFound } from './tmux.js';

const skip = !tmuxFound && !IN_CI;

function levelsMaze(seed: string): GraphMaze {
  const { spec } = specFromOptions({ algorithm: 'backtracker', levels: 2, width: 6, height: 4 });
  return makeGraphMaze(spec, seed);
}

describe('the game on levels (its rules)', () => {
  it('starts on the first floor, shows this floor\'s stairs, climbs only on a stair, and wins on the last floor\'s exit', () => {
    const maze = levelsMaze('a');
    const game = startLevelsGame(maze, 0, 'a');
    expect(game.level).toBe(0);
    expect(game.exitLevel).toBe(1);
    expect(game.exit).toEqual([5, 3]);
    const picture = drawWindow(game, { x0: 0, y0: 0, cols: 6, rows: 4 }).text.join('\n');
    expect(picture).toMatch(/[<=]/);
    // the exit is on the other floor: not drawn here
    expect(picture).not.toContain('E');
    const effect = pressKey(game, { name: 'char', ch: '>' });
    expect(effect).toEqual({ kind: 'turn', message: 'No stairs down here: stand on > to take them.' });
  });

  it('shows a stair under the player, and a key or a stair under a monster, beside it (@<, Ma): the mark was hidden (a sweep)', () => {
    const maze = levelsMaze('a');
    const game = startLevelsGame(maze, 0, 'a');
    const cellText = (x: number, y: number): string => drawWindow(game, { x0: 0, y0: 0, cols: 6, rows: 4 }).text[2 * y + 1]!.slice(4 * x + 1, 4 * x + 4);
    const stair = Array.from({ length: 24 }, (_, i) => [i % 6, Math.floor(i / 6)] as const).find(([x, y]) => stairsHere(game, x, y) !== 0 && (x !== game.x || y !== game.y))!;
    const mark = stairsHere(game, stair[0], stair[1]) === 3 ? '=' : stairsHere(game, stair[0], stair[1]) === 1 ? '<' : '>';
    expect(cellText(stair[0], stair[1])).toBe(` ${mark} `);
    const monster: Monster = { x: stair[0], y: stair[1], level: 0, behavior: 'walker', heading: 0 };
    game.monsters.push(monster);
    expect(cellText(stair[0], stair[1])).toBe(` M${mark}`);
    game.monsters.length = 0;
    [game.x, game.y] = stair;
    expect(cellText(stair[0], stair[1])).toBe(` @${mark}`);
    // a key lying under a monster: its letter beside the M
    const plain = Array.from({ length: 24 }, (_, i) => [i % 6, Math.floor(i / 6)] as const).find(([x, y]) => stairsHere(game, x, y) === 0 && (x !== game.x || y !== game.y))!;
    game.keysLying.set(game.maze.tileIndex(plain[0], plain[1]), [0]);
    expect(cellText(plain[0], plain[1])).toBe(' a ');
    game.monsters.push({ ...monster, x: plain[0], y: plain[1] });
    expect(cellText(plain[0], plain[1])).toBe(' Ma');
  });

  it('places the monsters asked for on the first floor, at least the safe steps from the start over every floor and stair (user sweep: 0 of 3, "no other cell is 10 steps from the start")', () => {
    for (const seed of ['1', '2', '4', '6']) {
      const { spec } = specFromOptions({ algorithm: 'backtracker', levels: 2, width: 30, height: 20 });
      const maze = makeGraphMaze(spec, seed);
      const game = startLevelsGame(maze, 3, seed);
      // it counted only the cells the start reaches on its floor without a stair: on seed 1, 4 of them
      expect(game.monsters, seed).toHaveLength(3);
      // on the start's floor, on distinct cells, none on the start (nor the exit, which is on the other floor)
      expect(game.monsters.every((m) => m.level === 0)).toBe(true);
      expect(new Set(game.monsters.map((m) => `${m.x},${m.y}`)).size).toBe(3);
      expect(game.monsters.some((m) => m.x === game.start[0] && m.y === game.start[1])).toBe(false);
    }
  });

  it('refuses what it cannot walk in one line: weave and wrap, a saved maze with crossings', async () => {
    for (const flag of ['--weave', '--wrap']) {
      const result = await runCli(['play', '--levels', '2', flag, flag === '--weave' ? '0.5' : 'x']);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(new RegExp(`^maze: error: unknown option ${flag}.*\n$`));
    }
    const { spec } = specFromOptions({ weave: 1, width: 8, height: 6 });
    expect(() => checkPlayable(makeGraphMaze(spec, 'w'))).toThrow('maze play plays square mazes on a plane, with levels but no weave');
  });
});

const open: TmuxServer[] = [];
afterEach(() => {
  for (const t of open.splice(0)) t.tmux('kill-server');
});

describe.skipIf(skip)('maze play --levels in a terminal (tmux)', () => {
  it('takes the stairs with < and >, one floor on screen at a time, and reaches the exit on the last floor: You escaped, exit 0', async () => {
    const args = ['--levels', '2', '--w', '6', '--h', '4', '--seed', 'climb', '--monsters', '0'];
    const saved = spawnMaze(['gen', '--algo', 'backtracker', '--levels', '2', '--w', '6', '--h', '4', '--seed', 'climb', '--solve', '-f', 'json']);
    expect(saved.code).toBe(0);
    const solution = (JSON.parse(saved.stdout) as { solution: [number, number][] }).solution;
    // a step within a floor is an arrow; a step to the floor above or below is < or >
    const keys = solution.slice(1).map(([x, y], i) => {
      const [px, py] = solution[i]!;
      if (x === px && Math.abs(y - py) === 4) return y > py ? '<' : '>';
      return x > px ? 'Right' : x < px ? 'Left' : y > py ? 'Down' : 'Up';
    });
    expect(keys.some((k) => k === '<')).toBe(true);

    const t = new TmuxServer('levels');
    open.push(t);
    const dir = tempDir();
    const status = join(dir, 'status');
    const command = [process.execPath, BIN, 'play', ...args].map(quote).join(' ');
    t.tmux('-f', '/dev/null', 'new-session', '-d', '-x', '80', '-y', '24', '-c', ROOT, 'sh', '-c', `${command}; echo $? > '${status}'; exec sleep 600`);
    const first = await t.until((s) => s.includes('@') && s.includes('floor 1 of 2'), 'the first floor');
    expect(first).toMatch(/[<=]/);
    // the quit key on an 80-column terminal's message line (it came last, cut off)
    expect(first.split('\n')[23]).toMatch(/^moves 0 · floor 1 of 2 · < up · > down · x quits · I keys · /);
    let floor = 1;
    for (const key of keys) {
      if (key === '<' || key === '>') {
        t.tmux('send-keys', '-l', key);
        floor += key === '<' ? 1 : -1;
        await t.until((s) => s.includes(`floor ${floor} of 2`) || s.includes('You escaped'), `floor ${floor}`);
      } else {
        t.keys(key);
        await sleep(30);
      }
    }
    const end = await t.until((s) => s.includes('You escaped'), 'You escaped');
    expect(end).toContain(`You escaped in ${keys.length} moves`);
    await sleep(300);
    t.keys('Space');
    const deadline = Date.now() + 10_000;
    let code = '';
    while (code === '' && Date.now() < deadline) {
      try {
        code = readFileSync(status, 'utf8').trim();
      } catch {
        await sleep(50);
      }
    }
    expect(code).toBe('0');
  }, 60_000);
});
