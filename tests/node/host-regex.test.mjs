// The wasm builds run `pattern`, `patternProperties` and the `regex` format on the host's RegExp
// with the `u` flag (vendor/jsonschema/PATCHED.md, 04-host-regex): what that patch promises, in
// the full build and the server build. (The JSON Schema Test Suite, ecmascript-regex included,
// runs in json-schema-suite.test.mjs and validator-build.test.mjs.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as full from '../../pkg/node.js';
import * as server from '../../pkg/validator-node.js';

const BUILDS = [['full build', full], ['server build', server]];

/** Whether `text` is valid against `{"pattern": pattern}` (as a string instance) in `build`. */
function matches(build, pattern, text) {
  const validator = new build.Validator(JSON.stringify({ pattern }), { assertFormats: true });
  try {
    return validator.isValid(JSON.stringify(text));
  } finally {
    validator.free();
  }
}

for (const [name, build] of BUILDS) {
  test(`${name}: an invalid pattern is a schema error at its keyword, with its position`, () => {
    const schema = '{\n  "properties": {"a": {"pattern": "a("}}\n}';
    assert.throws(() => new build.Validator(schema), (error) => {
      const [d] = error.diagnostics;
      assert.equal(d.message, 'invalid schema: "a(" is not a "regex"');
      assert.equal(d.keywordLocation, '/properties/a/pattern');
      assert.deepEqual([d.span.line, d.span.column], [2, 24]);
      return true;
    });
  });

  test(`${name}: ECMA-262 with the u flag, and the identity escapes upstream accepts`, () => {
    assert.equal(matches(build, '^\\p{Letter}+$', 'déjà'), true);
    assert.equal(matches(build, '^\\p{Letter}+$', 'déjà vu'), false);
    assert.equal(matches(build, '^\\d+$', '١٢'), false, '\\d is ASCII digits in ECMA-262');
    assert.equal(matches(build, '\\1(a)', 'a'), true, 'a backreference before its group matches empty');
    assert.equal(matches(build, '^\\_x\\-y\\:$', '_x-y:'), true, '\\_ \\- \\: outside a class');
    assert.equal(matches(build, '^[\\w\\-]+$', 'a-b'), true);
    assert.equal(matches(build, '(?<=a)b', 'ab'), true);
  });

  test(`${name}: characters past U+FFFF are one character, whichever compile of the pattern runs`, () => {
    // `^.$` is compiled with and without `u` (the second for V8's linear fallback); text with a
    // character past U+FFFF must take the `u` one.
    assert.equal(matches(build, '^.$', '😀'), true);
    assert.equal(matches(build, '^.$', 'é'), true);
    assert.equal(matches(build, '^[^a]$', '😀'), true);
    assert.equal(matches(build, '^.{2}$', '😀'), false);
    assert.equal(matches(build, '^a.c$', 'a😀c'), true);
    assert.equal(matches(build, '^\\uD83D\\uDE00?$', ''), true, 'an escaped pair is one code point under u');
  });

  test(`${name}: the regex format is the host's ECMA-262 check`, () => {
    const regex = new build.Validator('{"format": "regex"}', { assertFormats: true });
    try {
      assert.equal(regex.isValid('"^[a-z]+\\\\_$"'), true);
      assert.equal(regex.isValid('"\\\\a"'), false, '\\a is no ECMA-262 escape');
      assert.equal(regex.isValid('"(?P<name>x)"'), false);
      assert.equal(regex.isValid('"[z-a]"'), false);
    } finally {
      regex.free();
    }
  });

  test(`${name}: patternProperties on the host and literal prefixes without it agree`, () => {
    const validator = new build.Validator(JSON.stringify({
      patternProperties: { '^x-': { type: 'string' }, '^[0-9]+$': { type: 'integer' } },
      additionalProperties: false,
    }));
    try {
      assert.equal(validator.isValid('{"x-a": "s", "12": 3}'), true);
      assert.equal(validator.isValid('{"x-a": 1}'), false);
      assert.equal(validator.isValid('{"12": "s"}'), false);
      assert.equal(validator.isValid('{"y": 1}'), false);
    } finally {
      validator.free();
    }
  });
}
