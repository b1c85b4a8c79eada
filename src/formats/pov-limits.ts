/** The POV-Ray scene's own limit, apart from its writers, which load on first use (pov.ts): the format checks it before anything is made. */
import { UsageError } from '../errors.js';

/**
 * Most cells of a maze POV-Ray makes in its own language: its parser runs
 * the loops for about a second at 100 × 100 cells and four at 200 × 200
 * (measured, POV-Ray 3.7) before the render starts, every time the scene
 * is opened; far more would take minutes.
 */
export const MAX_SDL_CELLS = 40_000;

/** Refuse a maze too large for POV-Ray's parser to make, before anything is made. */
export function checkSdlSize(width: number, height: number): void {
  if (width * height > MAX_SDL_CELLS) {
    throw new UsageError(
      `--pov-maze sdl makes the maze in POV-Ray's own language, which is slow: at most ${MAX_SDL_CELLS} cells, and ${width} × ${height} is ${width * height}; make the maze smaller, or leave out --pov-maze sdl (the walls scene has no limit)`,
    );
  }
}
