/**
 * What a new user trips on, the command line's part (issue 18 items 4–10),
 * one test per item, named after it. The pictures, the game and the POV-Ray
 * items are in test/new-user.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { algorithms } from '../src/algorithms/index.js';
import { listing } from '../src/cli/commands/list.js';
import { formats } from '../src/formats/index.js';
import { BIN, IN_CI, runCli, spawnMaze, tempDir } from './helpers.js';
import { solvers } from '../src/solvers/index.js';

const tmuxFound = spawnSync('tmux', ['-V']).status === 0;

describe('item 4: maze gen -h says "--h needs a value" with no hint', () => {
  it.each(['gen', 'play'])('maze %s -h says that -h is the height there and --help shows the help', async (command) => {
    const result = await runCli([command, '-h']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`maze: error: -h needs a value: in maze ${command} -h is the height (--h 20); --help shows the help\n`);
    expect((await runCli([command, '--h'])).stderr).toBe('maze: error: --h needs a value\n');
  });
});

describe('item 5: maze list breaks words at 80 columns', () => {
  it('wraps between words to a terminal, the rest indented under the description', () => {
    for (const width of [40, 80, 120]) {
      const lines = listing(width).split('\n');
      // a line is over the width only when it is one word too long to break
      for (const line of lines) if (line.length > width) expect(line.trim().split(/\s+/), line).toHaveLength(1);
      // every word of every description is whole on some line
      const words = new Set(lines.join(' ').split(/\s+/));
      for (const { description } of [...algorithms, ...solvers]) for (const word of description.split(/\s+/)) expect(words.has(word), `${word} at ${width}`).toBe(true);
    }
  });

  it('keeps one line each in a pipe, so that a script reads a name per line', async () => {
    const result = await runCli(['list']);
    expect(result.stdout.split('\n').filter((l) => l.startsWith('  ')).map((l) => l.trim().split(/\s+/)[0])).toEqual([
      ...algorithms.map((a) => a.name),
      ...formats.map((f) => f.name),
      ...solvers.map((m) => m.name),
    ]);
  });
});

describe('item 6: --from alone marks only the start and stores no end', () => {
  it.each([
    [['--from', '1,1'], [1, 1], [5, 3]],
    [['--to', '2,0'], [0, 0], [2, 0]],
  ])('%j defines both ends: the other is its corner, as the README says', async (ends, start, end) => {
    const result = await runCli(['gen', '--algo', 'kruskal', '--w', '6', '--h', '4', '--seed', '1', '-f', 'json', ...ends]);
    const doc = JSON.parse(result.stdout) as { start: number[]; end: number[] };
    expect([doc.start, doc.end]).toEqual([start, end]);
  });
});

describe('item 7: -o /dev/stdout and -o /dev/full "cannot tell the format"', () => {
  it('a character device takes the default format, ASCII, as standard output does', () => {
    const result = spawnMaze(['gen', '--w', '4', '--h', '2', '--seed', '1', '-o', '/dev/stdout']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(spawnMaze(['gen', '--w', '4', '--h', '2', '--seed', '1']).stdout);
  });

  it('/dev/full is a failed write, exit 1, as the README says', () => {
    const result = spawnMaze(['gen', '--w', '4', '--h', '2', '--seed', '1', '-o', '/dev/full']);
    expect(result).toMatchObject({ code: 1, stdout: '' });
    expect(result.stderr).toBe("maze: error: cannot write '/dev/full': no space left on the device\n");
  });

  it('/dev/fd/1 too; a new file with no known ending stays a usage error', () => {
    expect(spawnMaze(['gen', '--w', '4', '--h', '2', '--seed', '1', '-o', '/dev/fd/1']).code).toBe(0);
    const dir = tempDir();
    const result = spawnMaze(['gen', '-o', join(dir, 'maze')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/cannot tell the format of '.*maze': end it in/);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('item 9: batch names are not zero-padded', () => {
  it('{n:03} pads to a fixed width, so that a batch split with --first gives the same names', async () => {
    const dir = tempDir();
    const whole = await runCli(['gen', '--w', '3', '--h', '3', '--seed', '1', '--count', '12', '-q', '-o', join(dir, 'a', 'm-{n:03}.json')]);
    expect(whole.code, whole.stderr).toBe(0);
    expect(readdirSync(join(dir, 'a')).sort()).toEqual(Array.from({ length: 12 }, (_, i) => `m-${String(i + 1).padStart(3, '0')}.json`));
    await runCli(['gen', '--w', '3', '--h', '3', '--seed', '1', '--count', '4', '--first', '9', '-q', '-o', join(dir, 'b', 'm-{n:03}.json')]);
    expect(readdirSync(join(dir, 'b')).sort()).toEqual(['m-009.json', 'm-010.json', 'm-011.json', 'm-012.json']);
    // plain {n} keeps today's names
    await runCli(['gen', '--w', '3', '--h', '3', '--seed', '1', '--count', '2', '-q', '-o', join(dir, 'c', 'm-{n}.json')]);
    expect(readdirSync(join(dir, 'c')).sort()).toEqual(['m-1.json', 'm-2.json']);
  });

  it.each(['{n:x}', '{n:3}', '{n:00}', '{n:021}'])('refuses %s in one line, naming the fields it takes', async (field) => {
    const dir = tempDir();
    const result = await runCli(['gen', '--count', '2', '-o', join(dir, `m-${field}.json`)]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^maze: error: '\{n:[^}]*\}' in -o is not a number field: write \{n\} or \{n:0W\}/);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('item 10: after Ctrl-C a batch\'s progress line stays on the screen', () => {
  it.skipIf(!tmuxFound && !IN_CI)('Ctrl-C erases it: the prompt comes back on a clean line, exit 130, only whole files', async () => {
    const dir = tempDir();
    const socket = `maze-progress-${process.pid}`;
    const tmux = (...args: string[]): string => spawnSync('tmux', ['-L', socket, ...args], { encoding: 'utf8' }).stdout;
    const sleep = (ms: number): Promise<void> => new Promise((wake) => setTimeout(wake, ms));
    try {
      tmux('-f', '/dev/null', 'new-session', '-d', '-x', '120', '-y', '20', '-c', dir, 'env', 'PS1=$ ', 'bash', '--norc', '--noprofile', '-i');
      tmux('send-keys', '-l', `'${process.execPath}' '${BIN}' gen --count 100000 --w 40 --h 40 --seed 1 -o 'out/m-{n}.json'; echo "status $?"`, ';', 'send-keys', 'Enter');
      let screen = '';
      for (let i = 0; i < 400 && !/maze: \d+%/.test(screen); i++) {
        await sleep(25);
        screen = tmux('capture-pane', '-p');
      }
      expect(screen).toMatch(/maze: \d+% \d+\/100000 mazes/);
      tmux('send-keys', 'C-c');
      for (let i = 0; i < 400 && !/status \d+/.test(screen); i++) {
        await sleep(25);
        screen = tmux('capture-pane', '-p');
      }
      expect(screen).toMatch(/status 130/);
      expect(screen).not.toMatch(/maze: \d+%/);
      expect(readdirSync(join(dir, 'out')).filter((f) => f.includes('.tmp-'))).toEqual([]);
      expect(existsSync(join(dir, 'out', 'm-1.json'))).toBe(true);
    } finally {
      spawnSync('tmux', ['-L', socket, 'kill-server']);
    }
  }, 60_000);
});

describe('a switch given a value (user sweep: --quiet=yes, --openings=1, --json=yes and --help=3 were silently off)', () => {
  it('is refused in one line, exit 2, saying to give it alone; =true and =false are kept', async () => {
    for (const [args, flag, value] of [[['gen', '--quiet=yes'], '--quiet', 'yes'], [['gen', '--openings=1'], '--openings', '1'], [['stats', 'fixtures/four-by-four.json', '--json=yes'], '--json', 'yes'], [['gen', '--help=3'], '--help', '3'], [['gen', '-q=1'], '-q', '1']] as const) {
      const run = await runCli([...args]);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toBe(`maze: error: ${flag} is a switch and takes no value, got '${value}': give ${flag} alone to turn it on\n`);
    }
    const kept = await runCli(['gen', '--w', '3', '--h', '2', '--seed', '1', '--quiet=true', '--openings=false']);
    expect([kept.code, kept.stderr]).toEqual([0, '']);
  });
});

describe("-o '' (user sweep: it said the empty name is a folder)", () => {
  it('says a file name is needed, exit 2', async () => {
    for (const args of [['gen', '-o', '', '-f', 'ascii'], ['render', 'fixtures/four-by-four.json', '-o', '']]) {
      const run = await runCli(args);
      expect([run.code, run.stderr]).toEqual([2, "maze: error: -o needs a file name (or - for standard output), got ''\n"]);
    }
  });
});

describe('a sweep of the helps (2026-11-27)', () => {
  it("maze help gen, maze --help gen and maze -h gen print gen's help (an empty help, and an unknown command 'help'); -h is help where no --h is taken", async () => {
    const gen = await runCli(['gen', '--help']);
    expect(gen.code).toBe(0);
    expect(gen.stdout).toContain('--algo');
    for (const line of [['help', 'gen'], ['--help', 'gen'], ['-h', 'gen']]) expect(await runCli(line), line.join(' ')).toEqual(gen);
    expect((await runCli(['help'])).stdout).toBe((await runCli(['--help'])).stdout);
    for (const command of ['list', 'render', 'solve', 'stats']) {
      const help = await runCli([command, '-h']);
      expect(help.code, command).toBe(0);
      expect(help.stdout).toBe((await runCli([command, '--help'])).stdout);
    }
    // after --, -h is a file's name
    expect((await runCli(['render', '--', '-h'])).stderr).toMatch(/^maze: error: .*'-h'/);
  });

  it("--from with maze play's default zones says another --algo takes it; a polar count too large says --w alone", async () => {
    const play = await runCli(['play', '--from', '1,1']);
    expect(play.code).toBe(2);
    expect(play.stderr).toBe('maze: error: --from does not apply to zones: its mazes keep their own entrance (top left) and exit (bottom right); another --algo takes them\n');
    expect((await runCli(['gen', '--algo', 'zones', '--ends', 'farthest'])).stderr).toMatch(/another --algo takes them\n$/);
    // a saved zones maze cannot be made by another algorithm: not said
    const saved = join(tempDir(), 'z.json');
    expect((await runCli(['gen', '--algo', 'zones', '--w', '8', '--h', '6', '--seed', '1', '-o', saved])).code).toBe(0);
    expect((await runCli(['solve', saved, '--from', '1,1'])).stderr).toMatch(/exit \(bottom right\)\n$/);
    const count = await runCli(['count', '--shape', 'polar']);
    expect(count.code).toBe(2);
    expect(count.stderr).toMatch(/; make --w smaller\n$/);
    expect((await runCli(['count', '--w', '40', '--h', '40'])).stderr).toMatch(/; make --w or --h smaller\n$/);
  });
});

describe('a sweep of the animations and batches (2026-11-27)', () => {
  it('a GIF frame over 655.35 s and a --duration shorter than one frame are refused (they wrapped to 323 s, and played a tenth long)', async () => {
    const dir = tempDir();
    const refused = async (args: string[], message: RegExp): Promise<void> => {
      const result = await runCli(['gen', '--w', '4', '--h', '3', '--seed', '1', '--animate', ...args]);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(message);
    };
    await refused(['--duration', '3600', '--frames', '1', '-o', join(dir, 'a.gif')], /^maze: error: --frames 1 over --duration 3600 makes frames over 655\.35 s, the longest an animated gif's frame lasts: give --frames 6 or more, or a shorter --duration\n$/);
    for (const file of ['b.gif', 'b.png']) await refused(['--duration', '0.01', '-o', join(dir, file)], /^maze: error: --duration 0\.01 is shorter than one frame of an animated (gif|png), which lasts 0\.02 s at least .*: give --duration 0\.02 or more\n$/);
    expect(readdirSync(dir)).toEqual([]);
    // the default frames over an hour: 150 of 24 s
    expect((await runCli(['gen', '--w', '4', '--h', '3', '--seed', '1', '--animate', '--duration', '3600', '-o', join(dir, 'c.gif')])).code).toBe(0);
    // SVG's timing has no frame bound
    expect((await runCli(['gen', '--w', '4', '--h', '3', '--seed', '1', '--animate', '--duration', '0.01', '-o', join(dir, 'd.svg')])).code).toBe(0);
  });

  it('--animate --format json -o - says json is not animated (it said "give it with -o", which then refused it); -o x.gif alone says add --animate', async () => {
    expect((await runCli(['gen', '--animate', '--format', 'json', '-o', '-'])).stderr).toBe('maze: error: --animate writes png, gif or svg files (.png, .gif, .svg): json is not an animated format\n');
    const gif = join(tempDir(), 'x.gif');
    const still = await runCli(['gen', '-o', gif]);
    expect(still.code).toBe(2);
    expect(still.stderr).toMatch(/^maze: error: -o '[^']*x\.gif' names a gif file, an animation: add --animate, or end the name in \.txt, /);
  });

  it("a batch's refusal names the maze it stopped at, with --jobs 1 and 2 (it said \"from this seed\" of one of many)", async () => {
    for (const jobs of ['1', '2']) {
      const dir = tempDir();
      const result = await runCli(['gen', '--difficulty', '0.2', '--w', '3', '--h', '3', '--seed', '1', '--count', '8', '-o', join(dir, '{n}.json'), '--jobs', jobs]);
      expect(result.code, jobs).toBe(2);
      expect(result.stderr).toBe(`maze: error: '${join(dir, '5.json')}' (seed 5): --difficulty 0.2 cannot be reached at 3 × 3 from this seed: its mazes score from 0.00 to 0.09 (give a difficulty in that range, or another size)\n`);
    }
  });
});

describe('a name with {n} and no --count (a sweep: z1.json held seed oak, and oak-1 with --count 1)', () => {
  it('is a batch of one, as --count 1 is: the same file, the same bytes; {seed} alone names the one maze', async () => {
    const [a, b] = [tempDir(), tempDir()];
    expect((await runCli(['gen', '--seed', 'oak', '-f', 'json', '-o', join(a, 'z{n}.json')])).code).toBe(0);
    expect((await runCli(['gen', '--seed', 'oak', '--count', '1', '-f', 'json', '-o', join(b, 'z{n}.json')])).code).toBe(0);
    expect(readFileSync(join(a, 'z1.json'), 'utf8')).toBe(readFileSync(join(b, 'z1.json'), 'utf8'));
    expect(JSON.parse(readFileSync(join(a, 'z1.json'), 'utf8')).seed).toBe('oak-1');
    expect((await runCli(['gen', '--seed', 'oak', '-o', join(a, 'm-{seed}.json')])).code).toBe(0);
    expect(JSON.parse(readFileSync(join(a, 'm-oak.json'), 'utf8')).seed).toBe('oak');
  });
});
