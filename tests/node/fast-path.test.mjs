// The fast path of `isValid` through the wasm build: the tools of the official reference servers
// (started over stdio, scripts/mcp-servers.mjs) get one, and on valid and broken arguments it
// gives the verdict of the engine alone (`engineIsValid`), which `validate` gives too.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Validator } from '../../pkg/node.js';
import { referenceTools } from '../../scripts/mcp-servers.mjs';

/** Argument texts for `schema`: each property with a value of every JSON type, and the whole. */
function texts(schema) {
  const samples = ['"text"', '"é😀"', '0', '-1', '1.5', '1e2', 'true', 'null', '[]', '["a"]', '[{}]', '{}',
    '[{"name":"n","entityType":"t","observations":[]}]', '"https://example.com/x"', '"not a uri"'];
  const names = Object.keys(schema.properties ?? {});
  const out = ['{}', '[]', '"{}"', '{"unknown":1}', '{"a":1,"a":2}', '{', ''];
  for (const name of names) {
    for (const value of samples) out.push(`{${JSON.stringify(name)}:${value}}`);
  }
  const required = (schema.required ?? []).map((name) => `${JSON.stringify(name)}:"x"`);
  out.push(`{${required.join(',')}}`);
  return out;
}

test('reference server tools get the fast path, and its verdicts are the engine\'s', async () => {
  const servers = await referenceTools();
  let tools = 0;
  let covered = 0;
  for (const { tools: list } of servers) {
    for (const tool of list) {
      tools += 1;
      const validator = new Validator(JSON.stringify(tool.inputSchema));
      covered += validator.hasFastPath() ? 1 : 0;
      for (const text of texts(tool.inputSchema)) {
        const engine = validator.engineIsValid(text);
        assert.equal(validator.isValid(text), engine, `${tool.name}: ${text}`);
        assert.equal(validator.validate(text).valid, engine, `${tool.name}: ${text}`);
      }
      validator.free();
    }
  }
  assert.ok(tools >= 30, `only ${tools} tools listed`);
  assert.ok(covered >= 0.9 * tools, `fast path for ${covered} of ${tools} tools`);
});

test('a schema outside the subset has no fast path and still validates', () => {
  const validator = new Validator('{"patternProperties":{"^x":{"type":"integer"}}}');
  assert.equal(validator.hasFastPath(), false);
  assert.equal(validator.isValid('{"x1":1}'), true);
  assert.equal(validator.isValid('{"x1":"s"}'), false);
});
