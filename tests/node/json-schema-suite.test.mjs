// Runs the JSON Schema Test Suite (draft 2020-12) through the wasm build's public API, with the
// suite's remotes registered as http://localhost:1234/<path>. Mirrors tests/native/json_schema_suite.rs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Validator } from '../../pkg/node.js';

const root = fileURLToPath(new URL('../../../shared/json-schema-test-suite/', import.meta.url));
if (!existsSync(root)) throw new Error(`missing test data: ${root} (the shared JSON-Schema-Test-Suite checkout)`);

// Same list as KNOWN_FAILURES in tests/native/json_schema_suite.rs (empty at present).
const KNOWN_FAILURES = [];

/** Remote schema texts by URI, skipping the dialects the crate does not support (draft3/, v1/). */
function remotes() {
  const schemas = {};
  const walk = (dir, rel) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (name !== 'draft3' && name !== 'v1') walk(path, `${rel}${name}/`);
      } else if (name.endsWith('.json')) {
        schemas[`http://localhost:1234/${rel}${name}`] = readFileSync(path, 'utf8');
      }
    }
  };
  walk(join(root, 'remotes'), '');
  return schemas;
}

function run(dir, options) {
  let passed = 0, total = 0;
  const failures = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    for (const group of JSON.parse(readFileSync(join(dir, file), 'utf8'))) {
      let validator, refused;
      try { validator = new Validator(JSON.stringify(group.schema), options); } catch (e) { refused = e; }
      for (const c of group.tests) {
        total += 1;
        const args = JSON.stringify(c.data);
        let got;
        if (refused) got = `schema refused: ${refused.message}`;
        else {
          const report = validator.validate(args);
          got = report.valid === validator.isValid(args) ? report.valid : 'validate/isValid disagree';
        }
        if (got === c.valid) passed += 1;
        else failures.push(`${file} | ${group.description} | ${c.description} (expected ${c.valid}, got ${got})`);
      }
      validator?.free();
    }
  }
  return { passed, total, failures };
}

test('draft 2020-12 suite through the wasm build', () => {
  const schemas = remotes();
  const tests = join(root, 'tests/draft2020-12');
  const all = [];
  for (const [label, dir, options, expected] of [
    ['required', tests, { schemas }, 1299],
    ['optional', join(tests, 'optional'), { schemas }, 162],
    ['optional/format', join(tests, 'optional/format'), { schemas, assertFormats: true }, 764],
  ]) {
    const { passed, total, failures } = run(dir, options);
    console.log(`${label}: ${passed}/${total}`);
    for (const f of failures) console.log(`  FAIL ${label}: ${f}`);
    assert.equal(total, expected, `${label}: the suite changed size`);
    all.push(...failures);
  }
  const unexpected = all.filter((f) => !KNOWN_FAILURES.some((k) => f.startsWith(k)));
  const fixed = KNOWN_FAILURES.filter((k) => !all.some((f) => f.startsWith(k)));
  assert.deepEqual(unexpected, [], 'unexpected failures');
  assert.deepEqual(fixed, [], 'known failures that now pass (remove them)');
});
