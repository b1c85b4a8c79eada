/**
 * Moved to grid/walls.ts (issue 21: the grid helpers live with the grids).
 * This re-export keeps the branches still importing it from here building
 * until they merge; new code imports grid/walls.ts.
 */
export { findRoot, IN_CACHE_EDGES, shuffledWalls } from '../grid/walls.js';
