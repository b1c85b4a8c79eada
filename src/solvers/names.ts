/** The solving methods' names (SPEC "Solvers"), apart from their code: what a spec or a check needs without loading the solvers. */
export const SOLVE_METHODS = [
  'shortest',
  'shortest-all',
  'astar',
  'random-mouse',
  'wall-left',
  'wall-right',
  'pledge',
  'chain',
  'backtracker',
  'tremaux',
  'dead-end-fill',
  'cul-de-sac-fill',
  'blind-alley-seal',
  'blind-alley-fill',
  'collision',
] as const;

/** A method's name: `'shortest' | 'tremaux' | …`. */
export type SolveMethod = (typeof SOLVE_METHODS)[number];
