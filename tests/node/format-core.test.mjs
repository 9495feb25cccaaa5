// The format core (`mcp-json-toolbox/format`: the crate built without its `full` feature) through
// the built package: it exports format, formatDocument, version, judgeExample and unknownSchema only, and answers exactly as
// the main entry does, on JSONTestSuite and on every option. Run `make pkg` first (make test does).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PKG = fileURLToPath(new URL('../../pkg/', import.meta.url));
for (const file of ['node.js', 'format-node.js', 'cjs/format.js']) {
  assert.ok(existsSync(join(PKG, file)), `${join(PKG, file)} is missing: run make pkg first`);
}
const main = await import(join(PKG, 'node.js'));
const core = await import(join(PKG, 'format-node.js'));
const SUITE = fileURLToPath(new URL('../../../shared/jsontestsuite/test_parsing/', import.meta.url));

/** What a call gives: its result, or the thrown error's name and own fields. */
function outcome(call) {
  try {
    return { value: call() };
  } catch (error) {
    return { error: { name: error.name, message: error.message, ...error } };
  }
}

test('the format core exports format, formatDocument, version and the docs examples\' judgeExample and unknownSchema, nothing else', () => {
  assert.deepEqual(Object.keys(core).sort(), ['format', 'formatDocument', 'judgeExample', 'unknownSchema', 'version']);
  assert.ok(Object.keys(core).every((name) => name in main), 'the main entry has everything the core has');
  assert.equal(core.version(), main.version());
  const manifest = JSON.parse(readFileSync(join(PKG, 'package.json'), 'utf8'));
  assert.deepEqual(Object.keys(manifest.exports['./format']), ['require', 'types', 'workerd', 'edge-light', 'deno', 'bun', 'node', 'default']);
});

test('the format core answers as the full build does, for every option', () => {
  const texts = ['{"a":[1.0,1e400,{"b":null}],"é😀":"\\u00e9\\n","a":2}', JSON.stringify(JSON.stringify({ z: [1, 2] })), '[1,]', '', '\ufeff[1]'];
  const options = [undefined, { indent: 4 }, { indent: 'tab' }, { minify: true, sortKeys: true }, { ensureAscii: true },
    { unwrapString: true }, { maxDepth: 1 }, { maxDiagnostics: 0 }, { maxOutputBytes: 8 }, { indent: 9 }, { minfy: true }];
  for (const text of texts) {
    for (const option of options) {
      for (const fn of ['format', 'formatDocument']) {
        assert.deepEqual(outcome(() => core[fn](text, option)), outcome(() => main[fn](text, option)), `${fn}(${JSON.stringify(text)}, ${JSON.stringify(option)})`);
      }
    }
  }
  assert.throws(() => core.format(5), { name: 'TypeError', message: 'format: argument 1 must be a string (JSON text), got number' });
});

test('JSONTestSuite: the format core and the full build agree on every file', () => {
  assert.ok(existsSync(SUITE), `JSONTestSuite not found at ${SUITE} (../shared must sit beside the repository)`);
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  let compared = 0;
  for (const name of readdirSync(SUITE).filter((f) => f.endsWith('.json'))) {
    let text;
    try {
      text = utf8.decode(readFileSync(join(SUITE, name)));
    } catch {
      continue;
    }
    assert.deepEqual(outcome(() => core.formatDocument(text)), outcome(() => main.formatDocument(text)), name);
    compared++;
  }
  assert.ok(compared > 250, `suite looks incomplete: ${compared} files`);
});

test('CommonJS: require("mcp-json-toolbox/format") formats', () => {
  const require = createRequire(import.meta.url);
  const cjs = require(join(PKG, 'cjs', 'format.js'));
  assert.equal(cjs.format('{"a":1.50}', { minify: true }), '{"a":1.50}');
  assert.throws(() => cjs.format('[1,]'), { name: 'JsonError' });
});
