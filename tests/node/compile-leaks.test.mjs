// Wasm memory never shrinks, so a leak per compile grows the page's worker and any Node process
// without bound. The one-shot validateArguments compiles its schema on every call: 10,000 calls
// per schema, and memory.buffer.byteLength must stop growing once the allocator has warmed up.
//
// jsonschema 0.60.2 leaked about 4 KiB per compile of these schemas (unevaluatedProperties or
// unevaluatedItems beside a $ref cycle; vendor/jsonschema/PATCHED.md, 02-reference-cycles): the
// memory grew by tens of MiB here. tests/native/compile_leaks.rs is the native twin.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { initSync, validateArguments } from '../../pkg/mcp_json_toolbox.js';

const wasm = initSync({ module: readFileSync(new URL('../../pkg/mcp_json_toolbox_bg.wasm', import.meta.url)) });

/** memory.buffer.byteLength after 1,000 calls and after 9,000 more. */
function memoryOver10000Compiles(schema, args) {
  const call = (times) => {
    for (let i = 0; i < times; i += 1) validateArguments(schema, args);
  };
  call(1000);
  const warm = wasm.memory.buffer.byteLength;
  call(9000);
  return { warm, after: wasm.memory.buffer.byteLength };
}

const CASES = {
  'unevaluatedProperties beside a $ref to the root (the fuzzer find)': [
    '{"oneOf":[{"$ref":"#"},{"properties":{"a":{}}}],"unevaluatedProperties":false}',
    '{"a":1}',
  ],
  'unevaluatedProperties beside a cycle through two $defs': [
    `{"$defs":{"a":{"properties":{"x":{}},"anyOf":[{"$ref":"#/$defs/b"},true]},
      "b":{"properties":{"y":{}},"allOf":[{"$ref":"#/$defs/a"}]}},
      "$ref":"#/$defs/a","unevaluatedProperties":false}`,
    '{"x":1,"z":2}',
  ],
  'unevaluatedItems beside a $dynamicRef cycle': [
    `{"$dynamicAnchor":"node","anyOf":[{"$dynamicRef":"#node"},{"prefixItems":[{}]}],
      "unevaluatedItems":false}`,
    '[1,2]',
  ],
};

for (const [name, [schema, args]] of Object.entries(CASES)) {
  test(`compiling ${name} 10,000 times does not grow the wasm memory`, () => {
    const { warm, after } = memoryOver10000Compiles(schema, args);
    assert.equal(after, warm, `memory grew from ${warm} to ${after} bytes`);
  });
}
