// The server build (`mcp-json-toolbox/validator`: the crate's `validator` feature) through the built
// package: it exports the validator's API and the format core's, nothing of the full build's
// rest, and gives the full build's verdicts on the JSON Schema Test Suite (2020-12),
// the same reports (positions, messages) for arguments, and a SchemaError for the same schemas.
// Its schema warnings lack the lint's findings (the lint is the full build's). Run `make pkg` first.
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
const SUITE = fileURLToPath(new URL('../../../shared/json-schema-test-suite/tests/', import.meta.url));

/** What a call gives: its result, or the thrown error's name (and diagnostics' codes for a SchemaError). */
function outcome(call) {
  try {
    return { value: call() };
  } catch (error) {
    return { error: error.name };
  }
}

test('the server build exports the validator and the format core, nothing else', () => {
  assert.deepEqual(Object.keys(server).sort(), ['Validator', 'format', 'formatDocument', 'judgeExample', 'unknownSchema', 'validateArguments', 'version']);
  assert.equal(server.version(), full.version());
  const manifest = JSON.parse(readFileSync(join(PKG, 'package.json'), 'utf8'));
  assert.deepEqual(Object.keys(manifest.exports['./validator']), ['require', 'types', 'workerd', 'edge-light', 'deno', 'bun', 'node', 'default']);
  const wasm = (glue) => readFileSync(join(PKG, `${glue}_bg.wasm`)).length;
  assert.ok(wasm('mcp_json_toolbox_validator') < wasm('mcp_json_toolbox'), 'the server build is the smaller');
});

test('the JSON Schema Test Suite (2020-12): the same verdicts as the full build', () => {
  assert.ok(existsSync(SUITE), `JSON-Schema-Test-Suite not found at ${SUITE}`);
  let compared = 0;
  const draft = 'draft2020-12';
  for (const file of readdirSync(join(SUITE, draft)).filter((f) => f.endsWith('.json'))) {
    for (const group of JSON.parse(readFileSync(join(SUITE, draft, file), 'utf8'))) {
      const schema = JSON.stringify(group.schema);
      const ours = outcome(() => new server.Validator(schema));
      const theirs = outcome(() => new full.Validator(schema));
      assert.equal(ours.error, theirs.error, `${draft}/${file} ${group.description}`);
      if (ours.error) continue;
      for (const c of group.tests) {
        const args = JSON.stringify(c.data);
        const label = `${draft}/${file} ${group.description}: ${c.description}`;
        assert.equal(ours.value.isValid(args), theirs.value.isValid(args), label);
        assert.equal(ours.value.validate(args).valid, theirs.value.validate(args).valid, label);
        compared += 1;
      }
      ours.value.free();
      theirs.value.free();
    }
  }
  assert.ok(compared > 1000, `suite looks incomplete: ${compared} cases`);
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
