// The address of the plain-script bundle (dist/browser/maze.global.js),
// which build.mjs gives it as import.meta.url: taken while the script runs,
// the only time document.currentScript is set. It finds the files it loads
// on demand (pdf-lib.global.js) beside itself.
export const __mazeScriptUrl = typeof document !== 'undefined' && document.currentScript ? document.currentScript.src : '';
