// Size of the two shipped .wasm builds (raw, gzip -9, brotli q11): the format core
// (`mcp-json-toolbox/format`, what the page loads first) and the full build; of the
// all-opt-level-3 comparison builds, and of the validation engine alone (bench/engine-floor:
// jsonschema as the package configures it, nothing else), as a Markdown table. Targets (issue 16):
// format core ≤ 80 KiB brotli, full build ≤ 600 KiB brotli. Run with `make bench`. Then the `<mcp-json>` element's own JavaScript
// (runtime/element.js and what it imports, minified; target ≤ 30 KB brotli) and the editor it
// loads on first edit.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { buildEngineFloor, buildO3Variant, machine, PKG_DIR } from './variant.mjs';

const WASM = 'mcp_json_toolbox_bg.wasm';
const CORE_WASM = 'mcp_json_toolbox_format_bg.wasm';
const SERVER_WASM = 'mcp_json_toolbox_validator_bg.wasm';
const LIMIT_CORE_BROTLI = 80 * 1024;
const LIMIT_FULL_BROTLI = 600 * 1024;

/** Raw, gzip and brotli sizes in bytes of a file (or of bytes). */
function sizes(file) {
  const bytes = typeof file === 'string' ? readFileSync(file) : file;
  const brotli = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  return [bytes.length, gzipSync(bytes, { level: 9 }).length, brotli.length];
}

const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
const o3 = buildO3Variant();
const rows = [
  ['format core, shipped (pkg/mcp_json_toolbox_format_bg.wasm: deps z, crate 3, wasm-opt -O3)', sizes(join(PKG_DIR, CORE_WASM))],
  ['full build, shipped (pkg/: cold deps z, validation hot path s, crate 3, wasm-opt -O3)', sizes(join(PKG_DIR, WASM))],
  ['server build, shipped (pkg/mcp_json_toolbox_validator_bg.wasm: mcp-json-toolbox/validator and /mcp-sdk; the same profile)', sizes(join(PKG_DIR, SERVER_WASM))],
  ['format core, all opt-level 3 (wasm-opt -O3)', sizes(join(o3, CORE_WASM))],
  ['full build, all opt-level 3 (wasm-opt -O3)', sizes(join(o3, WASM))],
  ['the engine alone (bench/engine-floor: jsonschema + serde_json, all opt-level z, wasm-opt -Oz)', sizes(join(buildEngineFloor('z'), 'engine_floor_bg.wasm'))],
  ['JS glue mcp_json_toolbox_format.js (format core)', sizes(join(PKG_DIR, 'mcp_json_toolbox_format.js'))],
  ['JS glue mcp_json_toolbox.js (full build)', sizes(join(PKG_DIR, 'mcp_json_toolbox.js'))],
];

console.log(`wasm size — ${machine()}\n`);
console.log('| build | raw | gzip -9 | brotli 11 |');
console.log('|---|---:|---:|---:|');
for (const [name, [raw, gz, br]] of rows) console.log(`| ${name} | ${kb(raw)} | ${kb(gz)} | ${kb(br)} |`);
const verdict = (name, brotli, limit) => `${name} ≤ ${kb(limit)} brotli: ${brotli <= limit ? 'met' : 'NOT met'} (${kb(brotli)}).`;
console.log(`\n${verdict('Format core', rows[0][1][2], LIMIT_CORE_BROTLI)}`);
console.log(verdict('Full build', rows[1][1][2], LIMIT_FULL_BROTLI));

/** `entry` of runtime/ bundled and minified as a site would ship it, `external` imports left out. */
async function bundled(entry, external = []) {
  const result = await build({
    entryPoints: [new URL(`../runtime/${entry}`, import.meta.url).pathname],
    bundle: true, minify: true, format: 'esm', target: 'es2022', write: false, external, legalComments: 'none',
  });
  return Buffer.from(result.outputFiles[0].contents);
}

const LIMIT_ELEMENT = 30 * 1024;
// The element and its worker, without the editor (loaded on first edit) and the wasm glue (the package's).
const element = Buffer.concat([await bundled('element.js', ['./json-editor.js']), await bundled('element-worker.js', ['./mcp_json_toolbox.js', './mcp_json_toolbox_format.js'])]);
const elementRows = [
  ['`<mcp-json>` own JS: element.js + element-worker.js and their modules, minified, without the editor', sizes(element)],
  ['the editor it loads on first edit (json-editor.js with CodeMirror, minified)', sizes(await bundled('json-editor.js'))],
];
console.log('\n| docs element | raw | gzip -9 | brotli 11 |');
console.log('|---|---:|---:|---:|');
for (const [name, [raw, gz, br]] of elementRows) console.log(`| ${name} | ${kb(raw)} | ${kb(gz)} | ${kb(br)} |`);
const elementBrotli = elementRows[0][1][2];
console.log(`\nTarget element JS ≤ 30 KB brotli: ${elementBrotli <= LIMIT_ELEMENT ? 'met' : 'NOT met'} (${kb(elementBrotli)}).`);
