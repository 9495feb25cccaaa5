// The export list is kept once. The API is what the glue exports (`apiNames` of runtime/load/glue.js,
// from src/wasm/ through wasm-bindgen): every entry exports exactly that. The exports that also
// take JSON values are `valueExports()` of runtime/values.js: values.d.ts declares exactly those,
// the glue has each, and the entries' types take them from values.d.ts.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import test from 'node:test';
import { apiNames } from '../../runtime/load/glue.js';
import { valueExports } from '../../runtime/values.js';

const PKG = new URL('../../pkg/', import.meta.url);
const require = createRequire(PKG);
const text = (url) => readFileSync(url, 'utf8');
/** The names `export declare function|class` declares in a .d.ts text. */
const declared = (dts) => [...dts.matchAll(/^export declare (?:function|class) (\w+)/gm)].map((m) => m[1]);
const sorted = (names) => [...new Set(names)].sort();

test('values.d.ts declares exactly the exports values.js takes values for', () => {
  assert.deepEqual(sorted(declared(text(new URL('../../runtime/values.d.ts', import.meta.url)))), sorted(valueExports()));
});

for (const [glue, entries] of [
  ['mcp_json_toolbox', { esm: ['index.js', 'node.js', 'edge.js', 'deno.js'], cjs: 'cjs/index.js', types: ['index.d.ts', 'node.d.ts', 'edge.d.ts', 'deno.d.ts', 'cjs/index.d.ts'] }],
  ['mcp_json_toolbox_format', {
    esm: ['format.js', 'format-node.js', 'format-edge.js', 'format-deno.js'],
    cjs: 'cjs/format.js',
    types: ['format.d.ts', 'format-node.d.ts', 'format-edge.d.ts', 'format-deno.d.ts', 'cjs/format.d.ts'],
  }],
]) {
  test(`the entries of ${glue} export its API, those taking values typed from values.d.ts`, async () => {
    const names = sorted(apiNames(await import(new URL(`${glue}.js`, PKG))));
    assert.ok(names.length > 2, names.join(' '));
    // index.js needs fetch of a URL, edge.js a bundler's .wasm module: their sources list the same
    // names as node.js (all from entries/).
    const node = await import(new URL(entries.esm[1], PKG));
    assert.deepEqual(sorted(Object.keys(node)), names);
    const exported = (file) => text(new URL(file, PKG)).match(/^export const \{ ([^}]*) \}/m)[1].split(', ');
    for (const file of entries.esm) assert.deepEqual(sorted(exported(file)), names, file);
    assert.deepEqual(sorted(Object.keys(require(`./${entries.cjs}`))), names);
    const takingValues = valueExports().filter((name) => names.includes(name));
    if (glue === 'mcp_json_toolbox') assert.deepEqual(sorted(takingValues), sorted(valueExports()), 'the full build has every export values.js wraps');
    for (const file of entries.types) {
      const types = text(new URL(file, PKG));
      const list = (from) => types.match(new RegExp(`^export \\{ ?([^}]*?) ?\\} from '\\./${from}'`, 'm'))[1].split(', ').filter(Boolean);
      assert.deepEqual(sorted(list('values\\.js')), sorted(takingValues), file);
      assert.deepEqual(sorted([...list(`${glue}\\.js`), ...list('values\\.js')]), names, file);
    }
    // The glue's own declarations (wasm-bindgen's, from src/wasm/) declare every export.
    const glueTypes = text(new URL(`${glue}.d.ts`, PKG));
    for (const name of names) assert.match(glueTypes, new RegExp(`^export (?:declare )?(?:function|class) ${name}\\b`, 'm'), name);
  });
}
