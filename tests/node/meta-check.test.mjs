// The schema's own check against its dialect's meta-schema, through the wasm build. The wasm
// build keeps one meta-schema validator per draft for the life of the instance (the patch in
// vendor/jsonschema/PATCHED.md), so these run many compiles of every draft in one instance,
// interleaved, and require each verdict to follow the schema's own dialect every time.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Validator } from '../../pkg/node.js';

const DIALECTS = {
  '2020-12': 'https://json-schema.org/draft/2020-12/schema',
  '2019-09': 'https://json-schema.org/draft/2019-09/schema',
  'draft-07': 'http://json-schema.org/draft-07/schema#',
  'draft-06': 'http://json-schema.org/draft-06/schema#',
  'draft-04': 'http://json-schema.org/draft-04/schema#',
};

/** `exclusiveMinimum` is a boolean in draft-04 and a number from draft-06 on. */
const numericExclusive = (dialect) => ({ $schema: dialect, type: 'integer', minimum: 0, exclusiveMinimum: 5 });
const booleanExclusive = (dialect) => ({ $schema: dialect, type: 'integer', minimum: 0, exclusiveMinimum: true });

/** The SchemaError of compiling `schema`, or null if it compiles. */
function schemaError(schema) {
  try {
    new Validator(JSON.stringify(schema, null, 2));
    return null;
  } catch (error) {
    assert.equal(error.name, 'SchemaError', String(error));
    return error;
  }
}

test('every draft is checked against its own meta-schema, compile after compile', () => {
  for (let round = 0; round < 3; round += 1) {
    for (const [name, dialect] of Object.entries(DIALECTS)) {
      const draft4 = name === 'draft-04';
      const broken = draft4 ? numericExclusive(dialect) : booleanExclusive(dialect);
      const fine = draft4 ? booleanExclusive(dialect) : numericExclusive(dialect);
      assert.equal(schemaError(fine), null, `${name}: a valid schema compiles (round ${round})`);
      const error = schemaError(broken);
      assert.ok(error, `${name}: exclusiveMinimum of the wrong type is rejected (round ${round})`);
      const diagnostic = error.diagnostics.find((d) => d.instancePath === '/exclusiveMinimum');
      assert.ok(diagnostic, `${name}: ${JSON.stringify(error.diagnostics)}`);
      assert.equal(diagnostic.span.line, 5, `${name}: the span is the keyword's line in the schema text`);
      assert.equal(schemaError({ $schema: dialect, type: 'strng' })?.diagnostics[0].instancePath, '/type');
      assert.equal(new Validator(JSON.stringify(fine)).isValid('7'), true);
    }
  }
});
