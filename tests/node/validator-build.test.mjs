// The server build (`mcp-json-toolbox/validator`: the crate's `validator` feature) through the built
// package: it exports the validator's API and the format core's, nothing of the full build's
// rest, and gives the full build's verdicts on the whole JSON Schema Test Suite (2020-12: required,
// optional, formats), with its schemas checked against their meta-schema (`checkSchema: true`) or,
// by default, not; the same reports (positions, messages) for arguments, and a SchemaError for the
// same unusable schemas. Its schema warnings lack the lint's findings (the lint is the full
// build's), and unless asked it compiles a schema its meta-schema refuses when the engine can
// (the full build refuses it). Run `make pkg` first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PKG = fileURLToPath(new URL('../../pkg/', import.meta.url));
for (const file of ['node.js', 'validator-node.js', 'cjs/validator.js']) {
  assert.ok(existsSync(join(PKG, file)), `${join(PKG, file)} is missing: run make pkg first`);
}
const full = await import(join(PKG, 'node.js'));
const server = await import(join(PKG, 'validator-node.js'));
const SHARED_SUITE = fileURLToPath(new URL('../../../shared/json-schema-test-suite/', import.meta.url));
const SUITE = join(SHARED_SUITE, 'tests');

/** The suite's remote schemas by the URI its tests name them with (as tests/native/json_schema_suite.rs registers them). */
function remotes(dir = join(SHARED_SUITE, 'remotes'), prefix = 'http://localhost:1234/') {
  const found = {};
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && !['draft3', 'v1'].includes(entry.name)) Object.assign(found, remotes(join(dir, entry.name), `${prefix}${entry.name}/`));
    else if (entry.name.endsWith('.json')) found[`${prefix}${entry.name}`] = readFileSync(join(dir, entry.name), 'utf8');
  }
  return found;
}

/** What a call gives: its result, or the thrown error's name (and diagnostics' codes for a SchemaError). */
function outcome(call) {
  try {
    return { value: call() };
  } catch (error) {
    return { error: error.name };
  }
}

test('the server build exports the validator and the format core, nothing else', () => {
  assert.deepEqual(Object.keys(server).sort(), ['Validator', 'checkSchema', 'format', 'formatDocument', 'judgeExample', 'unknownSchema', 'validateArguments', 'validateToolArguments', 'version']);
  assert.equal(server.version(), full.version());
  const manifest = JSON.parse(readFileSync(join(PKG, 'package.json'), 'utf8'));
  assert.deepEqual(Object.keys(manifest.exports['./validator']), ['require', 'types', 'workerd', 'edge-light', 'deno', 'bun', 'node', 'default']);
  const wasm = (glue) => readFileSync(join(PKG, `${glue}_bg.wasm`)).length;
  assert.ok(wasm('mcp_json_toolbox_validator') < wasm('mcp_json_toolbox'), 'the server build is the smaller');
});

test('the whole JSON Schema Test Suite (2020-12): the same verdicts as the full build, schemas checked or not', () => {
  assert.ok(existsSync(SUITE), `JSON-Schema-Test-Suite not found at ${SUITE}`);
  const schemas = remotes();
  let compared = 0;
  const dirs = [['draft2020-12', {}], ['draft2020-12/optional', {}], ['draft2020-12/optional/format', { assertFormats: true }]];
  for (const [dir, extra] of dirs) {
    const options = { schemas, ...extra };
    for (const file of readdirSync(join(SUITE, dir)).filter((f) => f.endsWith('.json'))) {
      for (const group of JSON.parse(readFileSync(join(SUITE, dir, file), 'utf8'))) {
        const schema = JSON.stringify(group.schema);
        const where = `${dir}/${file} ${group.description}`;
        const theirs = outcome(() => new full.Validator(schema, options));
        const unchecked = outcome(() => new server.Validator(schema, options));
        const checked = outcome(() => new server.Validator(schema, { ...options, checkSchema: true }));
        assert.equal(unchecked.error, theirs.error, where);
        assert.equal(checked.error, theirs.error, where);
        if (theirs.error) continue;
        for (const c of group.tests) {
          const args = JSON.stringify(c.data);
          const label = `${where}: ${c.description}`;
          const verdict = theirs.value.validate(args).valid;
          assert.equal(theirs.value.isValid(args), verdict, label);
          for (const ours of [unchecked.value, checked.value]) {
            assert.equal(ours.isValid(args), verdict, label);
            assert.equal(ours.validate(args).valid, verdict, label);
          }
          compared += 1;
        }
        for (const validator of [theirs, unchecked, checked]) validator.value.free();
      }
    }
  }
  // The suite's size (tests/native/json_schema_suite.rs): 1,299 required, 162 optional, 764 format cases.
  assert.equal(compared, 1299 + 162 + 764);
});

test('the meta-schema check: opt-in in the server build (checkSchema), always in the full build', () => {
  // Valid against no meta-schema (`title` is a string there), yet the engine can compile it.
  const offMeta = { type: 'object', title: 3, properties: { a: { type: 'string' } } };
  assert.equal(new server.Validator(offMeta).isValid('{"a": "x"}'), true);
  assert.equal(new server.Validator(offMeta).validate('{"a": 1}').valid, false);
  for (const refuses of [() => new server.Validator(offMeta, { checkSchema: true }), () => new full.Validator(offMeta), () => new full.Validator(offMeta, { checkSchema: false })]) {
    assert.throws(refuses, (error) => error.name === 'SchemaError' && error.diagnostics[0].instancePath === '/title');
  }
  assert.equal(server.validateArguments(offMeta, '{"a": 1}').valid, false);
  assert.throws(() => server.validateArguments(offMeta, '{}', { checkSchema: true }), { name: 'SchemaError' });
  // checkSchema(schema): what the check finds, in either build, never a throw for a bad schema.
  for (const build of [server, full]) {
    const found = build.checkSchema(JSON.stringify(offMeta));
    assert.equal(found.valid, false);
    assert.deepEqual(found.diagnostics.map((d) => d.instancePath), ['/title']);
    assert.ok(found.diagnostics[0].span, 'positioned in the schema text');
    const unknownFormat = { type: 'string', format: 'no-such-format' };
    const warnings = new build.Validator(unknownFormat).validate('"x"').diagnostics;
    assert.ok(warnings.some((d) => d.code === 'unknown-format'));
    assert.deepEqual(build.checkSchema(unknownFormat), { valid: true, diagnostics: warnings }, 'a usable schema: its warnings');
    assert.equal(build.checkSchema('{').valid, false);
    assert.equal(build.checkSchema(offMeta).diagnostics[0].span, undefined, 'a value has no spans');
  }
  // Validate mode (the page's Validate tab) checks the schema in either build: the same verdict.
  for (const build of [server, full]) assert.throws(() => build.validateToolArguments(JSON.stringify(offMeta), '{}'), { name: 'SchemaError' });
});

test('arguments: the same report, positions and messages, as the full build; no lint warning', () => {
  const schema = { type: 'object', properties: { shard: { type: 'integer', minimum: 0 }, tag: { enum: ['a', 'b'] } }, required: ['shard'] };
  for (const args of ['{\n  "shard": -1, "tag": "c"\n}', '{}', '"{\\"shard\\": 2}"', '{"shard": 1.5}', '[1,', '{"shard": 1, "shard": 2}']) {
    assert.deepEqual(outcome(() => new server.Validator(schema).validate(args)), outcome(() => new full.Validator(schema).validate(args)), args);
    assert.deepEqual(outcome(() => server.validateArguments(schema, args)), outcome(() => full.validateArguments(schema, args)), args);
  }
  // The lint's findings are the full build's: the engine's own warnings stay.
  const typo = { type: 'object', properties: { a: { type: 'string', maxLenght: 3 } } };
  assert.deepEqual(new full.Validator(typo).validate('{"a":"x"}').diagnostics.map((d) => d.code), ['unknown-keyword']);
  assert.deepEqual(new server.Validator(typo).validate('{"a":"x"}').diagnostics, []);
  const format = { type: 'string', format: 'no-such-format' };
  assert.deepEqual(new server.Validator(format).validate('"x"').diagnostics.map((d) => d.code), new full.Validator(format).validate('"x"').diagnostics.map((d) => d.code));
});

test('a schema that cannot be used is a SchemaError with positioned diagnostics, as in the full build', () => {
  for (const schema of ['{"type": "objct"}', '{"$ref": "#/nowhere"}', '{', '{"$schema": "https://example.com/unknown"}']) {
    let thrown;
    try {
      new server.Validator(schema);
    } catch (error) {
      thrown = error;
    }
    assert.equal(thrown?.name, 'SchemaError', schema);
    assert.ok(thrown.diagnostics.length > 0 && thrown.diagnostics.every((d) => d.span), schema);
    assert.throws(() => new full.Validator(schema), { name: 'SchemaError' }, schema);
  }
});

test('CommonJS: require("mcp-json-toolbox/validator") validates', () => {
  const require = createRequire(import.meta.url);
  const cjs = require(join(PKG, 'cjs', 'validator.js'));
  assert.equal(new cjs.Validator({ type: 'integer' }).isValid('1'), true);
  assert.equal(cjs.validateArguments({ type: 'integer' }, '"x"').valid, false);
});
