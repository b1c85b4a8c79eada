// Bundled in place of escalade/sync (see scripts/build.mjs): yargs walks up
// from the script looking for a package.json, to guess --version and read a
// "yargs" config key. maze sets its version itself and keeps no such key,
// so the search finds nothing, at no cost. Its answer is a file name that
// cannot be read ('', whose read fails at once, and yargs goes on without):
// no answer at all fails an assertion of yargs, whose error loads node:assert
// (milliseconds of every start, see the yargs shim in build.mjs).
export default function findNothing() {
  return '';
}
