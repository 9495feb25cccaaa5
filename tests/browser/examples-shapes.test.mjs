// The page's worked examples have the shapes they claim: each `shapes` entry of an example file is
// checked against the official MCP schema (../shared/mcp-schema) with Ajv, valid or deliberately
// broken. Runs in Node (no browser) next to the browser tests that load the same examples.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { ROOT } from './harness.mjs';

const SHARED = join(ROOT, '..', 'shared', 'mcp-schema');
const SCHEMAS = { '2025-11-25': '2025-11-25/schema.json', 'ext-tasks': 'ext-tasks/draft/schema.json' };
const EXAMPLES = join(ROOT, 'www', 'examples');

/** Ajv validators by `schema name#def`. */
async function validators() {
  if (!existsSync(SHARED)) throw new Error(`${SHARED} is missing: the official MCP schemas are needed to check the examples`);
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  for (const [name, file] of Object.entries(SCHEMAS)) {
    const schema = JSON.parse(await readFile(join(SHARED, file), 'utf8'));
    delete schema.$id;
    ajv.addSchema(schema, name);
  }
  return (name, def) => ajv.getSchema(`${name}#/$defs/${def}`);
}

/** A JSON text, or JSON Lines as an array. */
function parseText(text) {
  try {
    return JSON.parse(text);
  } catch {
    return text.split('\n').filter((line) => line.trim()).map((line) => JSON.parse(line));
  }
}

/** The value at a JSON Pointer. */
function at(value, pointer) {
  return pointer.split('/').slice(1).reduce((node, key) => node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], value);
}

test('every example with an MCP shape matches the official schema (or breaks it on purpose)', async () => {
  const validator = await validators();
  const files = (await readdir(EXAMPLES)).filter((name) => name.endsWith('.json'));
  let checked = 0;
  for (const file of files) {
    const example = JSON.parse(await readFile(join(EXAMPLES, file), 'utf8'));
    if (!example.shapes) continue;
    const payload = typeof example.a === 'string' ? parseText(example.a) : example.a;
    for (const { pointer, schema, def, valid } of example.shapes) {
      const validate = validator(schema, def);
      assert.ok(validate, `${file}: ${schema} has no $defs/${def}`);
      const value = at(payload, pointer);
      assert.notEqual(value, undefined, `${file}: nothing at ${pointer}`);
      const ok = validate(value);
      assert.equal(ok, valid, `${file} ${pointer} as ${schema} ${def}: ${JSON.stringify(validate.errors)}`);
      checked += 1;
    }
  }
  assert.ok(checked >= 15, `${checked} shapes checked`);
});
