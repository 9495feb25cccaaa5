// format / formatDocument / version through the built package (pkg/node.js), and JSONTestSuite
// through the wasm build. Run `make pkg` first (make test does).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PKG = new URL('../../pkg/node.js', import.meta.url);
assert.ok(existsSync(PKG), `${fileURLToPath(PKG)} is missing: run make pkg first`);
const { format, formatDocument, version } = await import(PKG);

const SUITE = fileURLToPath(new URL('../../../shared/jsontestsuite/test_parsing/', import.meta.url));

test('formats like JSON.stringify(…, null, 2) for plain documents', () => {
  const text = '{"a":[1,{"b":null},[],{}],"c":"x","d":true}';
  assert.equal(format(text), JSON.stringify(JSON.parse(text), null, 2));
  assert.equal(format(text, {}), format(text));
  assert.equal(format(text, null), format(text));
});

test('numbers, escapes and key order stay exactly as written', () => {
  const text = '{"z":1.0,"a":1e400,"big":123456789012345678901234567890,"n":-0,"s":"\\u00e9\\n\\/","é":"😀"}';
  assert.equal(format(text, { minify: true }), text);
  const pretty = format(text);
  for (const lexeme of ['1.0', '1e400', '123456789012345678901234567890', '-0', '"\\u00e9\\n\\/"', '😀']) {
    assert.ok(pretty.includes(lexeme), `${lexeme} missing from ${pretty}`);
  }
  assert.ok(pretty.indexOf('"z"') < pretty.indexOf('"a"'));
});

test('layout and content options', () => {
  assert.equal(format('[1,[2]]', { indent: 4 }), JSON.stringify([1, [2]], null, 4));
  assert.equal(format('[1]', { indent: 'tab' }), '[\n\t1\n]');
  assert.equal(format('{"b":1,"a":{"d":1,"c":2}}', { sortKeys: true, minify: true }), '{"a":{"c":2,"d":1},"b":1}');
  assert.equal(format('["é😀"]', { ensureAscii: true, minify: true }), '["\\u00e9\\ud83d\\ude00"]');
  assert.equal(format(JSON.stringify(JSON.stringify({ a: 1 })), { unwrapString: true, minify: true }), '{"a":1}');
  assert.throws(() => format('[[[1]]]', { maxDepth: 2 }), { name: 'JsonError', code: 'depth-limit' });
});

test('formatDocument returns output, diagnostics and unwrapDepth', () => {
  const result = formatDocument(JSON.stringify('{"a":1,"a":2}'), { unwrapString: true, minify: true });
  assert.equal(result.output, '{"a":1,"a":2}');
  assert.equal(result.unwrapDepth, 1);
  const duplicate = result.diagnostics.find((d) => d.code === 'duplicate-key');
  assert.ok(duplicate, JSON.stringify(result.diagnostics));
  assert.equal(duplicate.severity, 'warning');
  assert.equal(duplicate.instancePath, '/a');
  assert.equal(typeof duplicate.span.line, 'number');
  assert.ok(result.diagnostics.some((d) => d.code === 'unwrapped-string'));
});

test('invalid JSON throws a JsonError with UTF-16 positions', () => {
  const text = '{"é😀": x}';
  let error;
  assert.throws(() => format(text), (e) => ((error = e), true));
  assert.ok(error instanceof Error);
  assert.equal(error.name, 'JsonError');
  assert.equal(error.code, 'syntax');
  assert.equal(text[error.offset], 'x');
  assert.deepEqual([error.line, error.column, error.byteOffset, error.byteColumn], [1, 9, 11, 12]);
  assert.match(error.snippet, /\^/);
  assert.throws(() => format('[1,\n 2,,]'), { name: 'JsonError', line: 2, column: 4 });
  assert.throws(() => format(''), { name: 'JsonError', code: 'empty' });
});

// Through the package as users call it: the 100 MB string crosses from JavaScript into the wasm
// memory and back. (tests/native/bad_input.rs runs the same case through the Rust API; the wasm
// tests did too, in a debug build, where it took 19 CPU s at the end of make test, 2026-12-06.)
test('a 100 MB string is formatted exactly; unclosed, it is an eof error past its last character', () => {
  const text = `"${'a'.repeat(100 * 1024 * 1024)}"`;
  assert.ok(format(text) === text, 'formatted exactly');
  const unclosed = text.slice(0, -1);
  assert.throws(() => format(unclosed), (e) => {
    assert.deepEqual([e.name, e.code, e.line, e.column], ['JsonError', 'eof', 1, unclosed.length + 1]);
    assert.match(e.message, /string opened at line 1, column 1 is not closed/);
    return true;
  });
});

test('invalid options throw a TypeError', () => {
  for (const bad of [{ indent: 9 }, { indent: 'wide' }, { minfy: true }, { minify: 'yes' }, 5]) {
    assert.throws(() => format('[1]', bad), TypeError, JSON.stringify(bad));
  }
});

test('version is the package version', () => {
  const pkg = JSON.parse(readFileSync(new URL('../../pkg/package.json', import.meta.url), 'utf8'));
  assert.equal(version(), pkg.version);
});

test('JSONTestSuite through the wasm build', () => {
  assert.ok(existsSync(SUITE), `JSONTestSuite not found at ${SUITE} (../shared must sit beside the repository)`);
  // Files are bytes; a JS string cannot hold invalid UTF-8, so a file that fails strict decoding
  // counts as rejected input (those are all n_ or i_ files).
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  const counts = { y: 0, n: 0, nNotUtf8: 0, i: 0 };
  const wrong = [];
  for (const name of readdirSync(SUITE).filter((f) => f.endsWith('.json')).sort()) {
    const bytes = readFileSync(join(SUITE, name));
    let text;
    try {
      text = utf8.decode(bytes);
    } catch {
      if (name.startsWith('y_')) wrong.push(`${name}: not UTF-8`);
      else if (name.startsWith('n_')) counts.nNotUtf8++;
      else counts.i++;
      continue;
    }
    let output;
    let error;
    try {
      output = format(text);
    } catch (e) {
      error = e;
    }
    if (name.startsWith('y_')) {
      if (error) wrong.push(`${name}: rejected: ${error.message}`);
      else if (format(output) !== output) wrong.push(`${name}: formatting is not idempotent`);
      else counts.y++;
    } else if (name.startsWith('n_')) {
      if (!error) wrong.push(`${name}: accepted as ${JSON.stringify(output)}`);
      else if (error.name !== 'JsonError' || !(error.line >= 1 && error.column >= 1)) wrong.push(`${name}: ${error}`);
      else counts.n++;
    } else {
      // i_ files may go either way, but only as a result or a JsonError, never a crash.
      if (error && error.name !== 'JsonError') wrong.push(`${name}: ${error}`);
      counts.i++;
    }
  }
  console.log(
    `JSONTestSuite (wasm): ${counts.y} y_ formatted, ${counts.n} n_ rejected with a position + ` +
      `${counts.nNotUtf8} n_ not UTF-8, ${counts.i} i_ without a crash`,
  );
  assert.deepEqual(wrong, []);
  assert.ok(counts.y > 90 && counts.n > 150, `suite looks incomplete: ${JSON.stringify(counts)}`);
});
