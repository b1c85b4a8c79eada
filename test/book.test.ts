/**
 * `maze book` (issue 34, SPEC "The book"): the book read by its real
 * clients — pdfinfo (pages and their size), pdffonts (every font
 * embedded), qpdf --check, pdftoppm (nothing inked outside the live area,
 * gutters on the inner edge, mirrored), pdftotext (labels and page
 * numbers) — and each answer's solution against `maze solve` of the
 * puzzle's maze from the --json side file.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodePng } from './fixtures.js';
import { externalTool, ROOT, runCli, spawnMaze, spawnMazeAsync, tempDir } from './helpers.js';
import { book, makeBook as makeLibraryBook } from '../src/lib/book.js';
import { analyze, enableDifficulty, parseAny, render } from '../src/lib/index.js';
import { gutterFor, planBook } from '../src/formats/book.js';

const poppler = externalTool('pdfinfo', 'apt-get install poppler-utils', '-v');
const qpdf = externalTool('qpdf', 'apt-get install qpdf');

function info(file: string): Record<string, string> {
  const text = execFileSync('pdfinfo', ['-f', '1', '-l', '1000', file], { encoding: 'utf8' });
  return Object.fromEntries(text.split('\n').filter((l) => l.includes(':')).map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]));
}

/** Each page's text, as pdftotext lays it out. */
function pageTexts(file: string): string[] {
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).split('\f').slice(0, -1);
}

/** The box of inked (not near-white) pixels of a page drawn at 72 dpi (a pixel a point), or null on a blank page. */
function inkBox(file: string, page: number): { left: number; right: number; top: number; bottom: number; width: number; height: number } | null {
  const prefix = join(tempDir(), `p${page}`);
  execFileSync('pdftoppm', ['-png', '-r', '72', '-f', String(page), '-l', String(page), '-singlefile', file, prefix]);
  const png = decodePng(readFileSync(`${prefix}.png`));
  let left = Infinity;
  let right = -Infinity;
  let top = Infinity;
  let bottom = -Infinity;
  for (let y = 0; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) {
      const o = (y * png.width + x) * 4;
      if (png.data[o]! > 235 && png.data[o + 1]! > 235 && png.data[o + 2]! > 235) continue;
      left = Math.min(left, x);
      right = Math.max(right, x + 1);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y + 1);
    }
  }
  return left === Infinity ? null : { left, right, top, bottom, width: png.width, height: png.height };
}

async function makeBook(args: string[]): Promise<{ dir: string; file: string; stderr: string }> {
  const dir = tempDir();
  const file = join(dir, 'book.pdf');
  const made = await spawnMazeAsync(['book', ...args, '-o', file, '--json', join(dir, 'book.json')], { timeout: 120_000 });
  expect(made.stderr).toMatch(/book\.pdf: \d+ pages, 0 problems\n$/);
  expect(made.code).toBe(0);
  return { dir, file, stderr: made.stderr };
}

describe('the book plan', () => {
  it('lays out the title, its back, the puzzles and the answers, with an even page count', () => {
    // 40 puzzles one to a page from page 3, then 7 answer pages of 6, and one blank page
    const plan = planBook(40, 1, 6);
    expect(plan.puzzlePage[0]).toBe(3);
    expect(plan.puzzlePage[39]).toBe(42);
    expect(plan.answerPage[0]).toBe(43);
    expect(plan.answerPage[39]).toBe(49);
    expect(plan.pages).toBe(50);
    expect(planBook(5, 4, 9)).toEqual({ pages: 6, puzzlePage: [3, 3, 3, 3, 4], answerPage: [5, 5, 5, 5, 5] });
  });

  it('has a gutter that grows with the page count (0.375 in to 150 pages, 0.5 in to 300, 0.625 in beyond)', () => {
    expect([gutterFor(24), gutterFor(150), gutterFor(151), gutterFor(300), gutterFor(301)]).toEqual([27, 27, 36, 36, 45]);
  });
});

describe.skipIf(poppler.skip)('maze book, read by poppler and qpdf', () => {
  it('issue 34 item 1, 2: a 6 × 9 in book with bleed is 6.125 × 9.25 in, even in pages, its fonts embedded, clean for qpdf', async () => {
    poppler.require();
    const { file, stderr } = await makeBook(['-n', '9', '--trim', '6x9', '--bleed', '--seed', '7', '--title', 'Forty Mazes', '--author', 'A. Maker']);
    const meta = info(file);
    expect(meta.Pages).toBe('14'); // title, its back, 9 puzzles, 2 answer pages: 13, and a blank page
    expect(stderr).toContain('14 pages, 0 problems');
    for (let p = 1; p <= 14; p++) expect(meta[`Page ${String(p).padStart(4)} size`]).toBe('441 x 666 pts');
    expect(meta.Title).toBe('Forty Mazes');
    expect(meta.Author).toBe('A. Maker');
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' }).trim().split('\n').slice(2);
    expect(fonts.length).toBeGreaterThan(0);
    for (const line of fonts) expect(line.split(/\s+/).at(-5), line).toBe('yes');
    if (!qpdf.skip) {
      qpdf.require();
      const check = spawnSync('qpdf', ['--check', file], { encoding: 'utf8' });
      expect(check.stdout + check.stderr).toContain('No syntax or stream encoding errors found');
      expect(check.status).toBe(0);
    }
  });

  it('issue 34 item 2: nothing is inked outside the live area, and the gutter is on the inner edge of each page, mirrored', async () => {
    poppler.require();
    const { file } = await makeBook(['-n', '7', '--trim', '6x9', '--bleed', '--seed', '3', '--per-page', '2', '--answers-per-page', '4']);
    const pages = Number(info(file).Pages);
    const inch = 72;
    const bleed = 0.125 * inch;
    const gutter = gutterFor(pages);
    const outer = 0.5 * inch;
    let lefts = 0;
    let rights = 0;
    for (let page = 1; page <= pages; page++) {
      const box = inkBox(file, page);
      if (box === null) continue;
      const right = page % 2 === 1; // a right-hand page: the spine on its left, the bleed on its right
      const trimLeft = right ? 0 : bleed;
      const live = { left: trimLeft + (right ? gutter : outer), right: trimLeft + 6 * inch - (right ? outer : gutter), top: bleed + outer, bottom: bleed + 9 * inch - outer };
      // a pixel of anti-aliasing either way
      expect(box.left, `page ${page}`).toBeGreaterThanOrEqual(Math.floor(live.left) - 1);
      expect(box.right, `page ${page}`).toBeLessThanOrEqual(Math.ceil(live.right) + 1);
      expect(box.top, `page ${page}`).toBeGreaterThanOrEqual(Math.floor(live.top) - 1);
      expect(box.bottom, `page ${page}`).toBeLessThanOrEqual(Math.ceil(live.bottom) + 1);
      if (page > 2) right ? rights++ : lefts++;
    }
    expect(lefts).toBeGreaterThan(0);
    expect(rights).toBeGreaterThan(0);
    // the page numbers sit in the outer corners: right-hand pages on the right, left-hand on the left
    const texts = pageTexts(file);
    const folioLine = (text: string): string => text.trimEnd().split('\n').at(-1)!;
    expect(folioLine(texts[2]!)).toMatch(/^\s{10,}3$/);
    expect(folioLine(texts[3]!)).toMatch(/^4$/);
  });

  it('issue 34 item 1: answer pages hold the number asked, each labelled with its puzzle and the page it is on', async () => {
    poppler.require();
    const { file } = await makeBook(['-n', '11', '--answers-per-page', '4', '--seed', '5']);
    const texts = pageTexts(file);
    const puzzlePage = new Map<number, number>();
    texts.forEach((text, i) => {
      for (const [, n] of text.matchAll(/^\s*Puzzle (\d+)\s*$/gm)) puzzlePage.set(Number(n), i + 1);
    });
    expect([...puzzlePage.keys()].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    const answers = texts.map((text) => [...text.matchAll(/Puzzle (\d+), page (\d+)/g)].map(([, n, p]) => [Number(n), Number(p)] as const)).filter((a) => a.length > 0);
    expect(answers.map((a) => a.length)).toEqual([4, 4, 3]);
    for (const [n, p] of answers.flat()) expect(puzzlePage.get(n), `puzzle ${n}`).toBe(p);
    // each puzzle says what it is in plain words
    expect(texts[2]).toMatch(/30 × 20 squares · branching trees/);
  });
});

describe('maze book: its mazes and their answers', () => {
  it("issue 34 tests: each answer's solution is maze solve's of that puzzle's maze (the --json side file)", async () => {
    const { dir } = await makeBook(['-n', '4', '--mix', 'backtracker,kruskal', '--seed', '11']);
    const side = JSON.parse(readFileSync(join(dir, 'book.json'), 'utf8')) as { seed: string; pages: number; puzzles: { number: number; page: number; answerPage: number; maze: { solution: [number, number][]; algorithm: string } }[] };
    expect(side.seed).toBe('11');
    expect(side.puzzles.map((p) => [p.number, p.page, p.maze.algorithm])).toEqual([[1, 3, 'backtracker'], [2, 4, 'kruskal'], [3, 5, 'backtracker'], [4, 6, 'kruskal']]);
    for (const puzzle of side.puzzles) {
      const file = join(dir, `p${puzzle.number}.json`);
      writeFileSync(file, JSON.stringify({ ...puzzle.maze, solution: undefined }));
      const solved = spawnMaze(['solve', file, '-f', 'json']);
      expect(solved.code, solved.stderr).toBe(0);
      expect((JSON.parse(solved.stdout) as { solution: unknown }).solution).toEqual(puzzle.maze.solution);
      expect(puzzle.maze.solution.length).toBeGreaterThan(1);
    }
  });

  it('issue 34 tests: the same seed gives the same bytes, from the command line and from the library', async () => {
    const dir = tempDir();
    const runs = await Promise.all([1, 2].map((k) => spawnMazeAsync(['book', '-n', '3', '--seed', '9', '-q', '-o', join(dir, `b${k}.pdf`)])));
    for (const run of runs) expect(run.code, run.stderr).toBe(0);
    expect(runs[0]!.stderr).toBe('');
    const one = readFileSync(join(dir, 'b1.pdf'));
    expect(one.equals(readFileSync(join(dir, 'b2.pdf')))).toBe(true);
    expect(Buffer.from(await book({ count: 3, seed: '9' })).equals(one)).toBe(true);
    expect(Buffer.from(await book({ count: 3, seed: '10' })).equals(one)).toBe(false);
  });

  it('issue 34 item 3: --ramp 0.2..0.8 makes each puzzle to its difficulty, rising from the first to the last (within the difficulty tolerance at 30 × 20)', async () => {
    const { dir } = await makeBook(['-n', '12', '--ramp', '0.2..0.8', '--seed', '7']);
    const side = JSON.parse(readFileSync(join(dir, 'book.json'), 'utf8')) as { puzzles: { maze: unknown }[] };
    enableDifficulty();
    const scores = side.puzzles.map((p) => analyze(parseAny(JSON.stringify(p.maze))).difficulty);
    scores.forEach((score, i) => expect(Math.abs(score - (0.2 + (0.6 * i) / 11)), `puzzle ${i + 1}: ${scores.join(' ')}`).toBeLessThanOrEqual(0.1));
    expect(scores.at(-1)! - scores[0]!).toBeGreaterThan(0.4);
    const texts = pageTexts(join(dir, 'book.pdf'));
    expect(texts[2]).toMatch(/30 × 20 squares · easy/);
    expect(texts[13]).toMatch(/30 × 20 squares · (hard|very hard)/);
    // a ramp makes its mazes with the growing tree: an algorithm does not apply with it
    const both = spawnMaze(['book', '--ramp', '0.2..0.8', '--algo', 'kruskal', '-o', join(dir, 'x.pdf')]);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/^maze: error: --ramp makes each maze to its difficulty .* so --algo does not apply with it\n$/);
  });

  it('issue 34 item 3: a book file with sections makes a mixed book (shapes, masks, sizes), its masks read beside it', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'ring.txt'), ['XX....XX', 'X......X', '...XX...', '...XX...', 'X......X', 'XX....XX'].join('\n'));
    writeFileSync(
      join(dir, 'spec.json'),
      JSON.stringify({ title: 'Shapes', trim: '8.25x8.25', perPage: 4, sections: [{ count: 2, shapes: ['hex', 'triangle'], width: 10, height: 8 }, { count: 2, algorithms: ['wilson'], masks: ['ring.txt'] }, { count: 1, shapes: ['polar'], width: 6 }] }),
    );
    const made = spawnMaze(['book', join(dir, 'spec.json'), '--seed', '2', '-o', join(dir, 'b.pdf'), '--json', join(dir, 'b.json')], { timeout: 60_000 });
    expect(made.code, made.stderr).toBe(0);
    const side = JSON.parse(readFileSync(join(dir, 'b.json'), 'utf8')) as { puzzles: { maze: { shape?: string; mask?: unknown } }[] };
    expect(side.puzzles.map((p) => p.maze.shape ?? 'square')).toEqual(['hex', 'triangle', 'square', 'square', 'polar']);
    expect(side.puzzles[2]!.maze.mask).toBeDefined();
    if (!poppler.skip) expect(info(join(dir, 'b.pdf'))['Page    1 size']).toBe('594 x 594 pts');
  });

  it("a book file's seed makes the book (it was ignored: each run drew one), --seed wins over it, and a seed given is not said on stderr", async () => {
    const dir = tempDir();
    const file = join(dir, 'seeded.json');
    writeFileSync(file, '{"sections":[{"count":2}],"seed":5}\n');
    const runs = await Promise.all([['a'], ['b'], ['c', '--seed', '6']].map(([name, ...more]) => spawnMazeAsync(['book', file, ...more!, '-o', join(dir, `${name}.pdf`)])));
    for (const run of runs) {
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).not.toMatch(/^seed:/m);
    }
    const [a, b, c] = ['a', 'b', 'c'].map((name) => readFileSync(join(dir, `${name}.pdf`)));
    expect(a!.equals(b!)).toBe(true);
    expect(a!.equals(c!)).toBe(false);
    // the file's seed 5 is --seed 5's book
    const flagged = await spawnMazeAsync(['book', '-n', '2', '--seed', '5', '-o', join(dir, 'd.pdf')]);
    expect(flagged.code).toBe(0);
    expect(readFileSync(join(dir, 'd.pdf')).equals(a!)).toBe(true);
  });

  it('issue 34 item 3: the book file schema refuses a bad file in one line, and nothing is written', () => {
    const dir = tempDir();
    const cases: [unknown, RegExp][] = [
      [{ sections: [{ count: 0 }] }, /"sections" entry 0 "count" must be at least 1, got 0/],
      [{ sections: [{ count: 2, colour: 'red' }] }, /"sections" entry 0 has an unknown field "colour"/],
      [{ trim: '7x10', sections: [{ count: 1 }] }, /"trim" must be one of "5x8", "6x9"/],
      [{}, /"sections" is missing/],
    ];
    for (const [doc, message] of cases) {
      writeFileSync(join(dir, 'bad.json'), JSON.stringify(doc));
      const run = spawnMaze(['book', join(dir, 'bad.json'), '-o', join(dir, 'out.pdf')]);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(message);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(existsSync(join(dir, 'out.pdf'))).toBe(false);
    }
  });

  it('the library refuses what is not a book in a MazeError naming the option', async () => {
    await expect(book({ sections: 5 } as never)).rejects.toThrow(/^sections must be a list of sections/);
    await expect(book({ count: 'x' } as never)).rejects.toThrow(/^count must be a whole number from 1 to 2000/);
    await expect(book({ sections: [{ count: 0 }] })).rejects.toThrow(/"sections" entry 0 "count" must be at least 1/);
  });

  it('issue 34: bad command lines get one line and exit 2, and leave no file', () => {
    const dir = tempDir();
    const out = join(dir, 'b.pdf');
    const cases: [string[], RegExp][] = [
      [['book', '-n', '2'], /maze book needs -o FILE\.pdf/],
      [['book', '-o', join(dir, 'b.png')], /must name a PDF file/],
      [['book', '--per-page', '3', '-o', out], /--per-page must be 1, 2 or 4, got 3/],
      [['book', '--answers-per-page', '12', '-o', out], /--answers-per-page/],
      [['book', '--trim', 'b5', '-o', out], /--trim/],
      [['book', '--mix', 'backtracker,kruskall', '-o', out], /--mix: no algorithm .kruskall./],
      [['book', '--algo', 'trees', '--shape', 'hex', '-n', '2', '-o', out], /^maze: error: trees makes square mazes only; on a hex grid \(--shape hex\) use /],
      [['book', '--mix', 'kruskal,trees', '--shape', 'hex', '-n', '2', '-o', out], /^maze: error: puzzle 2: trees makes square mazes only/],
      [['book', '--ramp', '0.8', '-o', out], /--ramp must be two difficulties/],
      [['book', '--ramp', '0.9..0.99', '--w', '3', '--h', '3', '-o', out], /^maze: error: puzzle (1|20) \(the (first|last) of --ramp 0\.9\.\.0\.99\): its difficulty 0\.9+ cannot be reached at 3 × 3 /],
      [['book', '-n', '0', '-o', out], /-n|--count/],
      [['book', join(dir, 'missing.json'), '-o', out], /^maze: error: cannot read '.*missing\.json': /],
      [['book', dir, '-o', out], /^maze: error: cannot read '/],
    ];
    for (const [args, message] of cases) {
      const run = spawnMaze(args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr, args.join(' ')).toMatch(message);
      expect(run.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(existsSync(out)).toBe(false);
    }
  });
});

describe('maze book: what it refuses, before any work', () => {
  const heart = join(ROOT, 'docs', 'mask-heart.png');

  /** One line on stderr, exit 2, and nothing written where `files` are. */
  function refused(run: { code: number; stderr: string }, message: RegExp, files: string[] = []): void {
    expect(run.stderr).toMatch(message);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.code, run.stderr).toBe(2);
    for (const file of files) expect(existsSync(file), file).toBe(false);
  }

  it('a book whose mazes have over 3 M cells in all is refused at once (a user sweep ran -n 300 at the largest size the page takes out of memory, 4.5 GB, after two minutes)', async () => {
    const dir = tempDir();
    for (const args of [['-n', '300', '-w', '212', '-h', '261'], ['-n', '2000', '-w', '60', '-h', '60']]) {
      const file = join(dir, 'big.pdf');
      const started = Date.now();
      refused(await runCli(['book', ...args, '--seed', '1', '-q', '-o', file]), /^maze: error: a book of these \d+ mazes has over 3000000 cells in all, the most a book holds \(it is laid out whole, some 400 bytes a cell\); make fewer or smaller mazes\n$/, [file]);
      expect(Date.now() - started).toBeLessThan(10_000); // before any maze is made
    }
    await expect(makeLibraryBook({ count: 300, width: 212, height: 261, seed: 1 })).rejects.toMatchObject({ code: 'too-large', option: 'count' });
  });

  it('-o or --json into a folder that does not exist is refused, naming it, and the folder is not made', async () => {
    const dir = tempDir();
    refused(await runCli(['book', '-n', '1', '-q', '--seed', '1', '-o', join(dir, 'x1', 'x2', 'b.pdf')]), /^maze: error: cannot write '.*b\.pdf': the folder '.*x1' does not exist/, [join(dir, 'x1')]);
    refused(await runCli(['book', '-n', '1', '-q', '--seed', '1', '-o', join(dir, 'b.pdf'), '--json', join(dir, 'no', 'b.json')]), /^maze: error: cannot write '.*b\.json': the folder '.*no' does not exist/, [join(dir, 'no'), join(dir, 'b.pdf')]);
  });

  it('-o and --json naming the same file, by name or through a link, are refused and the file is left as it was', async () => {
    const dir = tempDir();
    const pdf = join(dir, 'b.pdf');
    writeFileSync(pdf, 'keep');
    symlinkSync(pdf, join(dir, 'link.json'));
    for (const json of [pdf, join(dir, '.', 'b.pdf'), join(dir, 'link.json')]) {
      refused(await runCli(['book', '-n', '1', '-q', '--seed', '1', '-o', pdf, '--json', json]), /^maze: error: -o '.*b\.pdf' and --json '.*' are the same file: give --json another name/);
      expect(readFileSync(pdf, 'utf8')).toBe('keep');
    }
  });

  it('--json - writes the side file to standard output, as -o - does the PDF; both there is refused, and no file named - is made', async () => {
    const dir = tempDir();
    const both = spawnMaze(['book', '-n', '1', '-q', '--seed', '1', '-o', '-', '--json', '-'], { cwd: dir });
    refused(both, /^maze: error: -o - and --json - both name standard output: write one of them to a file$/m, [join(dir, '-')]);
    const side = await runCli(['book', '-n', '1', '-q', '--seed', '1', '-o', join(dir, 'b.pdf'), '--json', '-']);
    expect(side.code, side.stderr).toBe(0);
    expect((JSON.parse(side.stdout) as { seed: string }).seed).toBe('1');
    expect(existsSync(join(dir, '-'))).toBe(false);
  });

  it("a PNG mask is fitted to --w and --h as maze gen --mask fits it, one side keeping the picture's aspect", async () => {
    const dir = tempDir();
    for (const size of [['--w', '30', '--h', '20'], ['--w', '20']]) {
      const made = await runCli(['book', '-n', '1', '-q', '--seed', '1', '--mask', heart, ...size, '-o', join(dir, 'b.pdf'), '--json', '-']);
      expect(made.code, made.stderr).toBe(0);
      const maze = (JSON.parse(made.stdout) as { puzzles: { maze: { width: number; height: number; mask: unknown } }[] }).puzzles[0]!.maze;
      const gen = await runCli(['gen', '--mask', heart, ...size, '--seed', '1', '-f', 'json']);
      const alone = JSON.parse(gen.stdout) as { width: number; height: number; mask: unknown };
      expect([maze.width, maze.height]).toEqual([alone.width, alone.height]);
      expect(maze.mask).toEqual(alone.mask);
    }
    expect(JSON.parse((await runCli(['gen', '--mask', heart, '--w', '20', '-f', 'json'])).stdout)).toMatchObject({ width: 20, height: 13 });
  });

  it('a keys-and-doors book opens each maze at its entrance and exit, and its rules page says what keys and doors are (user sweep: closed all round, the keys unexplained)', async (ctx) => {
    const made = await makeLibraryBook({ count: 2, algorithm: 'zones', width: 12, height: 8, seed: 7 });
    for (const { maze } of made.puzzles) {
      const m = maze as { start: [number, number] };
      // the start's top wall (the top-left corner's) and the end's bottom wall are open: the border opens nowhere else
      const ascii = Buffer.from(await render(maze as never, 'ascii')).toString();
      const rows = ascii.trimEnd().split('\n');
      expect(rows[0]!.startsWith('+   +'), rows[0]).toBe(true);
      expect(rows[rows.length - 1]!.endsWith('+   +'), rows[rows.length - 1]).toBe(true);
      expect(m.start).toEqual([0, 0]);
    }
    if (poppler.skip) ctx.skip('pdftotext not found (apt-get install poppler-utils)');
    poppler.require();
    const dir = tempDir();
    writeFileSync(join(dir, 'k.pdf'), made.bytes);
    expect(pageTexts(join(dir, 'k.pdf'))[1]!.replace(/\s+/g, ' ')).toContain('In a maze with keys, a door (a bar with a capital letter) lets you through once you have picked up its key (the square with its small letter).');
    // a book with no keys says nothing of them
    const plain = await makeLibraryBook({ count: 1, width: 12, height: 8, seed: 7 });
    writeFileSync(join(dir, 'p.pdf'), plain.bytes);
    expect(pageTexts(join(dir, 'p.pdf'))[1]).not.toContain('keys');
  });

  it('a book file\'s sections are named as its schema names them, and the total over them is the book\'s, not an option\'s (user sweep: "--sections must be from 1 to 2000", "section 1" beside "entry 0")', async () => {
    const dir = tempDir();
    // a text is the file as it is
    const book = (doc: object | string): string => {
      writeFileSync(join(dir, 'book.json'), typeof doc === 'string' ? doc : JSON.stringify(doc));
      return join(dir, 'book.json');
    };
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    const cases: [object | string, string][] = [
      [{ sections: [{ count: 1500 }, { count: 1500 }] }, "the book's sections hold 3000 mazes in all, over the 2000 a book takes"],
      [{ sections: [{ count: 2 }, { count: 2, algorithms: ['foo'] }] }, '"sections" entry 1 "algorithms": no algorithm \'foo\'; the algorithms are '],
      [{ sections: [{ count: 0 }] }, '"sections" entry 0 "count" must be at least 1, got 0'],
      // a sweep: the file's seed was blamed on --seed; lists nested 5000 deep printed a stack trace
      [{ seed: '', sections: [{ count: 1 }] }, '"seed" must be a safe integer or non-blank text, such as "seed": 7, got \'\''],
      [{ seed: 1e300, sections: [{ count: 1 }] }, '"seed" must be a safe integer or non-blank text, such as "seed": 7, got 1e+300'],
      [deep, 'the book must be an object, got a list'],
      [`{"sections": [{"count": 1, "width": ${deep}}]}`, '"sections" entry 0 "width" must be a whole number, got a list'],
    ];
    for (const [doc, message] of cases) {
      const run = await runCli(['book', book(doc), '-q', '-o', join(dir, 'b.pdf')]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`maze: error: the book file '${join(dir, 'book.json')}': ${message}`);
    }
    expect(readdirSync(dir)).toEqual(['book.json']);
    // a byte order mark is read past, as a saved maze's is
    writeFileSync(join(dir, 'bom.json'), `\ufeff${JSON.stringify({ sections: [{ count: 1, width: 5, height: 5 }] })}`);
    const bom = await runCli(['book', join(dir, 'bom.json'), '-q', '--seed', '1', '-o', join(dir, 'bom.pdf')]);
    expect(bom.code, bom.stderr).toBe(0);
  });

  it("a book file's PNG mask is fitted to its section's width; one too large for the page is refused up front with the largest size that fits", async () => {
    const dir = tempDir();
    copyFileSync(heart, join(dir, 'heart.png'));
    const file = (section: object): string => {
      writeFileSync(join(dir, 'book.json'), JSON.stringify({ trim: '8.25x8.25', perPage: 4, sections: [{ count: 1 }, { count: 1, algorithms: ['wilson'], masks: ['heart.png'], ...section }] }));
      return join(dir, 'book.json');
    };
    const made = await runCli(['book', file({ width: 30 }), '-q', '--seed', '1', '-o', join(dir, 'b.pdf'), '--json', '-']);
    expect(made.code, made.stderr).toBe(0);
    expect((JSON.parse(made.stdout) as { puzzles: { maze: { width: number; height: number } }[] }).puzzles[1]!.maze).toMatchObject({ width: 30, height: 20 });
    refused(await runCli(['book', file({}), '-q', '--seed', '1', '-o', join(dir, 'c.pdf')]), /^maze: error: the book file '[^']*book\.json': "sections" entry 1: a 384 × 256 maze does not fit a page of trim 8\.25x8\.25 with perPage 4: the largest that fits is \d+ × \d+ cells/, [join(dir, 'c.pdf')]);
  });

  it("a ramp's first and last mazes are made first: a difficulty out of reach is refused at once, in the book's words", async () => {
    let made = 0;
    const error = await makeLibraryBook({ count: 40, ramp: [0, 1], seed: '2' }, (_done, _total, unit) => unit === 'mazes' && made++).catch((e: Error) => e);
    expect(String(error)).toMatch(/puzzle (1|40) \(the (first|last) of ramp 0\.\.1\): its difficulty [01] cannot be reached at 30 × 20 from this seed: its mazes score from [\d.]+ to [\d.]+/);
    expect(made).toBeLessThanOrEqual(1);
    refused(await runCli(['book', '-n', '40', '--ramp', '0..1', '--seed', '2', '-o', join(tempDir(), 'b.pdf')]), /^maze: error: puzzle (1|40) \(the (first|last) of --ramp 0\.\.1\): its difficulty [01] cannot be reached/);
  });

  it('a maze too large for its page is refused before any is made, with the largest size that fits; that size builds', async () => {
    const dir = tempDir();
    const out = join(dir, 'b.pdf');
    refused(await runCli(['book', '-n', '1', '--w', '300', '--h', '300', '-o', out]), /^maze: error: a 300 × 300 maze does not fit a page of --trim 8\.5x11 with --per-page 1: the largest that fits is 219 × 261 cells \(cells of 2\.5 pt at least, for walls of 0\.25 pt\); make --w or --h smaller, or give a larger --trim$/m, [out]);
    const four = await runCli(['book', '-n', '1', '--w', '150', '--h', '150', '--per-page', '4', '-o', out]);
    refused(four, /^maze: error: a 150 × 150 maze does not fit a page of --trim 8\.5x11 with --per-page 4: the largest that fits is (\d+) × (\d+) cells .*, or give a larger --trim or a smaller --per-page$/m, [out]);
    const [, w, h] = /fits is (\d+) × (\d+)/.exec(four.stderr)!;
    let mazes = 0;
    const started = Date.now();
    await expect(makeLibraryBook({ count: 1, width: 1000, height: 1000, seed: 1 }, (_d, _t, unit) => unit === 'mazes' && mazes++)).rejects.toThrow(/^a 1000 × 1000 maze does not fit a page of trim 8\.5x11 with perPage 1/);
    expect(mazes).toBe(0);
    expect(Date.now() - started).toBeLessThan(500);
    const fits = await runCli(['book', '-n', '1', '-q', '--seed', '1', '--w', w!, '--h', h!, '--per-page', '4', '-o', out]);
    expect(fits.code, fits.stderr).toBe(0);
  });

  it("refuses a title page's words the book cannot set: a character its font lacks (an empty box), a newline (lines set over each other); takes the font's accents and signs (a sweep)", async () => {
    const out = join(tempDir(), 't.pdf');
    refused(await runCli(['book', '-n', '1', '--seed', '1', '--title', 'Mazes 漢字', '-o', out]), /^maze: error: --title has '漢' \(U\+6F22\), which the book's font \(DejaVu Sans\) lacks: it would print as an empty box; leave it out$/m, [out]);
    refused(await runCli(['book', '-n', '1', '--seed', '1', '--author', 'A\nB', '-o', out]), /^maze: error: --author must be one line of text, with no newline or other control character, got 'A\\nB'$/m, [out]);
    expect((await runCli(['book', '-q', '-n', '1', '--seed', '1', '--title', 'Labyrinthes ✓ Ünïcødé', '--author', 'Zoë', '-o', out])).code).toBe(0);
  });

  it('-o /dev/stdout writes the book through the descriptor, as -o - does (a sweep: it was refused as no .pdf name)', () => {
    const named = spawnMaze(['book', '-q', '-n', '1', '--seed', '1', '-o', '/dev/stdout']);
    const dash = spawnMaze(['book', '-q', '-n', '1', '--seed', '1', '-o', '-']);
    expect(named.code, named.stderr).toBe(0);
    expect(named.stdoutBytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(named.stdoutBytes.equals(dash.stdoutBytes)).toBe(true);
  });

  it("takes --mask-invert and --mask-regions as maze gen does (and a book file's maskInvert, maskRegions), and refuses a mask in parts in words it takes (a sweep: it named fitMask and options the book refused)", async () => {
    const dir = tempDir();
    const out = join(dir, 'b.pdf');
    writeFileSync(join(dir, 'ring.txt'), '......\n.XXXX.\n.X..X.\n.XXXX.\n......\n');
    writeFileSync(join(dir, 'none.txt'), 'XXX\nXXX\n');
    refused(await runCli(['book', '-n', '2', '--seed', '1', '--mask', join(dir, 'ring.txt'), '-o', out]), /^maze: error: puzzle 1: the mask has 2 separate regions .*: join them with --mask-regions join, or keep the largest with --mask-regions largest$/m, [out]);
    for (const regions of ['largest', 'join']) expect((await runCli(['book', '-q', '-n', '2', '--seed', '1', '--mask', join(dir, 'ring.txt'), '--mask-regions', regions, '-o', out])).code).toBe(0);
    const none = join(dir, 'none.pdf');
    refused(await runCli(['book', '-n', '1', '--seed', '1', '--mask', join(dir, 'none.txt'), '-o', none]), /--mask-invert swaps in and out$/m, [none]);
    refused(await runCli(['book', '-n', '1', '--mask-regions', 'join', '-o', none]), /^maze: error: --mask-regions applies to a mask: give --mask FILE too$/m, [none]);
    expect((await runCli(['book', '-q', '-n', '1', '--seed', '1', '--mask', join(dir, 'none.txt'), '--mask-invert', '-o', out])).code).toBe(0);
    writeFileSync(join(dir, 'book.json'), JSON.stringify({ sections: [{ count: 2, masks: ['ring.txt'], maskRegions: 'largest' }, { count: 1, masks: ['none.txt'], maskInvert: true, shapes: ['hex'] }] }));
    expect((await runCli(['book', '-q', '--seed', '1', join(dir, 'book.json'), '-o', out])).code).toBe(0);
  });

  it('a hex, triangle or polar maze too small to read on its page is refused as a square one is, saying the cell it would have (a sweep: hex 400 × 400 printed cells of 1.6 pt, polar 400 rings of 0.7 pt)', async () => {
    const out = join(tempDir(), 'b.pdf');
    refused(await runCli(['book', '-n', '1', '--shape', 'hex', '--w', '400', '--h', '400', '-o', out]), /^maze: error: a hex maze of 400 × 400 does not fit a page of --trim 8\.5x11 with --per-page 1: its cells would be 1\.58 pt, and walls of 0\.25 pt need 2\.5 pt at least; make --w or --h smaller, or give a larger --trim$/m, [out]);
    refused(await runCli(['book', '-n', '1', '--shape', 'polar', '--w', '120', '-o', out]), /^maze: error: a polar maze of 120 rings does not fit a page .*: its cells would be 2\.\d+ pt, and walls of 0\.25 pt need 2\.5 pt at least; make --w smaller, or give a larger --trim$/m, [out]);
    refused(await runCli(['book', '-n', '4', '--shape', 'triangle', '--w', '200', '--h', '200', '--per-page', '4', '-o', out]), /^maze: error: a triangle maze of 200 × 200 does not fit a page .* or give a larger --trim or a smaller --per-page$/m, [out]);
    expect((await runCli(['book', '-n', '1', '-q', '--seed', '1', '--shape', 'polar', '--w', '100', '-o', out])).code).toBe(0);
  });

  it('answers are held to the puzzles\' least cell: when not asked, fewer to a page for large mazes (6, 4, 2, 1), and a count asked that is too many is refused, saying what fits (a sweep: the largest mazes\' answers had cells of 1.4 pt)', async () => {
    const dir = tempDir();
    const out = join(dir, 'b.pdf');
    // answerPage per puzzle, from the --json side file: how many answers each answer page holds
    const perAnswerPage = (args: string[]): number[] => {
      const made = spawnMaze(['book', '-q', '--seed', '1', ...args, '-o', out, '--json', join(dir, 'b.json')], { timeout: 60_000 });
      expect(made.code, made.stderr).toBe(0);
      const pages = (JSON.parse(readFileSync(join(dir, 'b.json'), 'utf8')) as { puzzles: { answerPage: number }[] }).puzzles.map((p) => p.answerPage);
      return [...new Set(pages)].map((page) => pages.filter((p) => p === page).length);
    };
    expect(perAnswerPage(['-n', '7', '--w', '30', '--h', '20'])).toEqual([6, 1]);
    expect(perAnswerPage(['-n', '5', '--w', '90', '--h', '60', '--trim', '8.25x8.25'])).toEqual([4, 1]);
    expect(perAnswerPage(['-n', '5', '--w', '200', '--h', '60', '--trim', '8.25x8.25'])).toEqual([2, 2, 1]);
    expect(perAnswerPage(['-n', '2', '--w', '219', '--h', '261'])).toEqual([1, 1]);
    // asked: held, or refused with the count that fits, or with none asked when only fewer than 4 would
    expect(perAnswerPage(['-n', '5', '--w', '30', '--h', '20', '--answers-per-page', '4'])).toEqual([4, 1]);
    const none = join(dir, 'none.pdf');
    refused(await runCli(['book', '-n', '5', '--w', '90', '--h', '60', '--trim', '8.25x8.25', '--answers-per-page', '9', '-o', none]), /^maze: error: a 90 × 60 maze does not fit an answer page of --trim 8\.25x8\.25 with answers 9 to a page: the largest that fits is 65 × 53 cells \(cells of 2\.5 pt at least, for walls of 0\.25 pt\); make --w or --h smaller, or give a larger --trim or --answers-per-page 4$/m, [none]);
    refused(await runCli(['book', '-n', '5', '--w', '200', '--h', '60', '--trim', '8.25x8.25', '--answers-per-page', '9', '-o', none]), /, or give a larger --trim or no --answers-per-page \(the answers then take the room they need\)$/m, [none]);
    await expect(book({ count: 5, width: 200, height: 60, trim: '8.25x8.25', answersPerPage: 9, seed: 1 })).rejects.toThrow(/with answers 9 to a page: .*, or give a larger trim or no answersPerPage \(the answers then take the room they need\)$/);
    refused(await runCli(['book', '-n', '1', '--shape', 'hex', '--w', '80', '--h', '53', '--answers-per-page', '9', '-o', none]), /^maze: error: a hex maze of 80 × 53 does not fit an answer page of --trim 8\.5x11 with answers 9 to a page: its cells would be 2\.45 pt, and walls of 0\.25 pt need 2\.5 pt at least; make --w or --h smaller, or give a larger --trim or --answers-per-page 6$/m, [none]);
  });

  it('--per-page says 1, 2 or 4 for every value it refuses; --h with --shape polar is refused as maze gen refuses it', async () => {
    const out = join(tempDir(), 'b.pdf');
    for (const value of ['0', '3', '5', 'two']) refused(await runCli(['book', '--per-page', value, '-o', out]), /^maze: error: --per-page must be 1, 2 or 4, got /, [out]);
    await expect(book({ perPage: 0 as 1 })).rejects.toThrow(/^perPage must be 1, 2 or 4, got 0$/);
    const gen = await runCli(['gen', '--shape', 'polar', '--h', '5']);
    const message = gen.stderr.replace(/^maze: error: /, '').trim();
    expect(message).toMatch(/--h does not apply/);
    refused(await runCli(['book', '--shape', 'polar', '--h', '5', '-o', out]), new RegExp(`^maze: error: ${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'), [out]);
  });
});
