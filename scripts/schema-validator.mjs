// The JSON reader's structural checks, compiled from schema/maze.schema.json
// by ajv into standalone code (no run-time dependency): src/formats/schema-validator.js,
// and the book file's, from schema/book.schema.json: src/lib/book-schema-validator.js,
// made by the build and by the test run, never edited by hand and not
// committed (its types are schema-validator.d.ts beside it). Editing the
// schema is all a new field needs; the reader keeps by hand only what a
// schema cannot state.
import { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = new URL('..', import.meta.url);
/** Each schema and the validator compiled from it. */
const VALIDATORS = [
  { schema: 'schema/maze.schema.json', validator: new URL('src/formats/schema-validator.js', root) },
  { schema: 'schema/book.schema.json', validator: new URL('src/lib/book-schema-validator.js', root) },
];
export const VALIDATOR = VALIDATORS[0].validator;

/** The schema less its prose (descriptions and titles change nothing a validator does), so the code stays small. */
function withoutProse(node) {
  if (Array.isArray(node)) return node.map(withoutProse);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(Object.entries(node).filter(([k, v]) => !((k === 'description' || k === 'title') && typeof v === 'string')).map(([k, v]) => [k, withoutProse(v)]));
}

/**
 * ajv's standalone code counts string lengths with a helper it `require`s
 * (code points, as the schema's minLength means); an ES module has no
 * require, so the helper is written in instead.
 */
const UCS2_LENGTH = `function ucs2length(str) {
  const len = str.length;
  let length = 0;
  let pos = 0;
  let value;
  while (pos < len) {
    length++;
    value = str.charCodeAt(pos++);
    if (value >= 0xd800 && value <= 0xdbff && pos < len) {
      value = str.charCodeAt(pos);
      if ((value & 0xfc00) === 0xdc00) pos++;
    }
  }
  return length;
}`;

const OWN_PROPERTY = `function ownProperty() {
  return Object.prototype.hasOwnProperty;
}`;

/** The validator's source. */
export function validatorSource(file = VALIDATORS[0].schema) {
  const schema = withoutProse(JSON.parse(readFileSync(new URL(file, root), 'utf8')));
  // the tests' ajv settings (test/helpers.ts): strict, but union types and an open prefixItems are meant
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, strictTuples: false, allErrors: false, code: { source: true, esm: true, lines: false } });
  const generate = standaloneCode.default ?? standaloneCode;
  let code = generate(ajv, ajv.compile(schema));
  code = code.replace(/require\("ajv\/dist\/runtime\/ucs2length"\)\.default/g, 'ucs2length');
  if (/\brequire\(/.test(code)) throw new Error('the schema validator requires a module ajv did not inline');
  // Its top level only declares, but a bundler cannot know that of a call
  // or a property read: said so, a page that never reads a maze drops it all.
  code = code.replace(/\bnew RegExp\(/g, '/* @__PURE__ */ new RegExp(').replace(/= Object\.prototype\.hasOwnProperty;/g, '= /* @__PURE__ */ ownProperty();');
  if (/^const func\d+ = Object\./m.test(code)) throw new Error('the schema validator reads a property at its top level');
  // ajv sets what the validator evaluates as a property of it, at the top
  // level; read where it is used instead, so that nothing is assigned there
  for (const [statement, fn, value] of code.matchAll(/\b(validate\d+)\.evaluated = (\{[^{}]*\});/g)) {
    code = code.replace(statement, '').replaceAll(`${fn}.evaluated;`, `${value};`);
  }
  if (/\bvalidate\d+\.evaluated\b/.test(code)) throw new Error('the schema validator still assigns its evaluated properties at the top level');
  return `// Generated from ${file} by scripts/schema-validator.mjs: do not edit.\n${UCS2_LENGTH}\n${OWN_PROPERTY}\n${code}\n`;
}

/** Write the validators when missing or stale, atomically (test workers may be reading them). */
export function writeValidator() {
  for (const { schema, validator } of VALIDATORS) {
    const source = validatorSource(schema);
    let current = null;
    try {
      current = readFileSync(validator, 'utf8');
    } catch {}
    if (current === source) continue;
    const temp = `${fileURLToPath(validator)}.tmp-${process.pid}`;
    writeFileSync(temp, source);
    renameSync(temp, validator);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) writeValidator();
