/**
 * The made things' options (SPEC "Fabrication formats"): a printed model
 * (STL, 3MF), cut lines (DXF, laser SVG) and pen strokes (plotter SVG) are
 * measured in millimetres, not pixels. The command line's text and the
 * library's numbers are checked here alike, and so is what one option asks
 * of another (a wall thinner than a quarter cell; a kerf offsets a board
 * outline, so it needs one).
 */
import { MazeError } from '../errors.js';
import { shownValue } from '../model/options.js';
import type { FabOptions, RenderOptions } from './types.js';

export const FAB_DEFAULTS: FabOptions = { cellMm: 10, wallMm: 1.2, heightMm: 8, baseMm: 2, marginMm: null, kerf: 0 };

/** Each option's range, in millimetres. */
const RANGES: Record<keyof FabOptions, readonly [number, number]> = {
  cellMm: [1, 1000],
  wallMm: [0.1, 250],
  heightMm: [0.1, 1000],
  baseMm: [0.2, 100],
  // a board outline 0 mm out would lie on the outer walls, cut twice
  marginMm: [0.1, 1000],
  kerf: [0, 10],
};

export const FAB_NAMES = Object.keys(RANGES) as (keyof FabOptions)[];

/** A length in millimetres, as text (`1.2`) or a library's number, in its range. */
export function checkMm(value: unknown, name: keyof FabOptions): number {
  const [min, max] = RANGES[name];
  const text = typeof value === 'string' ? value.trim() : null;
  const number = text !== null && /^(\d+(\.\d*)?|\.\d+)$/.test(text) ? Number(text) : typeof value === 'number' ? value : NaN;
  if (!Number.isFinite(number) || number < min || number > max) {
    throw new MazeError((n) => `${n(name)} must be a length in millimetres from ${min} to ${max}, got ${typeof value === 'string' ? `'${value}'` : shownValue(value)}`, {
      code: 'invalid-value',
      option: name,
    });
  }
  return number;
}

/** The options given (text or numbers, by library name), checked; undefined when none is. */
export function fabOptionsFrom(given: (name: keyof FabOptions) => unknown): Partial<FabOptions> | undefined {
  const fab: Partial<FabOptions> = {};
  let any = false;
  for (const name of FAB_NAMES) {
    const value = given(name);
    // marginMm null is its default, no board (a library's options may say it)
    if (value === undefined || (name === 'marginMm' && value === null)) continue;
    fab[name] = checkMm(value, name);
    any = true;
  }
  if (!any) return undefined;
  // the printed walls' rule, when the wall is given; a cell given alone meets it when a printed model is made (checkWallRoom)
  if (fab.wallMm !== undefined) checkWallRoom({ ...FAB_DEFAULTS, ...fab });
  // a kerf of 0, the default, offsets nothing, and needs no board
  if (fab.kerf !== undefined && fab.kerf !== 0 && fab.marginMm === undefined) {
    throw new MazeError((n) => `${n('kerf')} offsets the board outline, which only ${n('marginMm')} draws: give ${n('marginMm')} too`, { code: 'impossible', option: 'kerf' });
  }
  return fab;
}

/** A printed wall at most a quarter cell thick, so that the walls leave room between them (and their mitres never cross). */
export function checkWallRoom(fab: Pick<FabOptions, 'wallMm' | 'cellMm'>): void {
  if (fab.wallMm > fab.cellMm / 4) {
    throw new MazeError((n) => `${n('wallMm')} ${fab.wallMm} must be at most a quarter of ${n('cellMm')} ${fab.cellMm}, so that the walls leave room between them`, { code: 'impossible', option: 'wallMm' });
  }
}

/** The options a format works with: those given, over the defaults. */
export function fabOf(options: Pick<RenderOptions, 'fab'>): FabOptions {
  return { ...FAB_DEFAULTS, ...options.fab };
}

/** Most cells a printed model is made of (its mesh is held whole: some 20 facets a cell). */
export const MAX_MESH_CELLS = 250_000;
/**
 * Most cells of cut lines or pen strokes: their walls are held whole, as a
 * graph the cuts are planned over, some 2.4 KB a hex cell (a 1000 × 1000
 * hex plot: 2.4 GB); 4 000 000 ran a hex maze out of memory. 500 000 cells
 * is a board 7 m across at the default 10 mm a cell.
 */
export const MAX_LINE_CELLS = 500_000;

/** Refuse a maze too large for a made thing, before it is made. */
export function checkFabSize(format: string, cells: number, limit: number): void {
  if (cells > limit) {
    throw new MazeError(`the ${format} format makes mazes of at most ${limit} cells (held whole in memory), and this one has ${cells}; make the maze smaller`, {
      code: 'too-large',
      option: 'width',
    });
  }
}
