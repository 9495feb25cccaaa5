// mcp-json-toolbox/mcp-sdk (runtime/mcp-sdk.js) in the real MCP SDK: an in-process Client and
// Server (tests/fixtures/mcp-sdk-roundtrip.mjs), also under --disallow-code-generation-from-strings,
// where the SDK's default ajv provider cannot work.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { ToolboxJsonSchemaValidator } from '../../pkg/mcp-sdk.js';

const ROUNDTRIP = new URL('../fixtures/mcp-sdk-roundtrip.mjs', import.meta.url).pathname;
const PROVIDER = new URL('../../pkg/mcp-sdk.js', import.meta.url).href;

/** The roundtrip's outcome with `provider`, node run with `flags`. */
function roundtrip(provider, flags = []) {
  const out = execFileSync(process.execPath, [...flags, ROUNDTRIP, provider, PROVIDER], { encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').at(-1));
}

const GOOD = { temperature: 21.5, unit: 'C' };
const OUR_MESSAGE =
  'MCP error -32602: Structured content does not match the tool\'s output schema: ' +
  '/temperature: "temperature" must be a number, got string; /unit: "unit" must be one of "C", "F", got "K"';

test('the SDK client with this provider accepts good structuredContent and rejects bad with our message', () => {
  assert.deepEqual(roundtrip('toolbox'), { good: GOOD, bad: OUR_MESSAGE });
});

test('the same under --disallow-code-generation-from-strings, where the ajv provider fails', () => {
  const flags = ['--disallow-code-generation-from-strings'];
  assert.deepEqual(roundtrip('toolbox', flags), { good: GOOD, bad: OUR_MESSAGE });
  assert.match(roundtrip('ajv').bad, /data\/temperature must be number/, 'ajv works with eval allowed');
  assert.deepEqual(roundtrip('ajv', flags), { failed: 'EvalError: Code generation from strings disallowed for this context' });
});

test('getValidator: results in the SDK shape, strings are values, not JSON text', () => {
  const provider = new ToolboxJsonSchemaValidator();
  const validate = provider.getValidator({ type: 'object', required: ['a'] });
  const input = { a: 1 };
  assert.deepEqual(validate(input), { valid: true, data: input, errorMessage: undefined });
  assert.deepEqual(validate({}), { valid: false, data: undefined, errorMessage: '/: missing required property "a"' });
  assert.equal(validate('{"a":1}').valid, false, 'a string holding the object is not the object');
  assert.equal(provider.getValidator({ type: 'string' })('{"a":1}').valid, true, 'a string is a string value');
  const notJson = validate({ a: NaN });
  assert.equal(notJson.valid, false);
  assert.match(notJson.errorMessage, /at \/a is NaN/);
  assert.equal(provider.getValidator(true)(undefined).valid, false, 'undefined is no JSON value');
});

test('getValidator: the dialect follows $schema; compiled validators are cached per schema', () => {
  const provider = new ToolboxJsonSchemaValidator();
  const draft7 = { $schema: 'http://json-schema.org/draft-07/schema#', items: [{ type: 'string' }], additionalItems: false };
  assert.equal(provider.getValidator(draft7)(['a']).valid, true);
  assert.equal(provider.getValidator(draft7)(['a', 'b']).valid, false, 'draft-07 tuple items');
  // Cached by object: the schema object changed after compiling is not compiled again.
  const schema = { type: 'number' };
  assert.equal(provider.getValidator(schema)(1).valid, true);
  schema.type = 'string';
  assert.equal(provider.getValidator(schema)(1).valid, true, 'the cached validator of this object');
  assert.equal(provider.getValidator({ type: 'string' })(1).valid, false, 'another object is compiled');
  assert.throws(() => provider.getValidator({ type: 5 }), { name: 'SchemaError' });
});
