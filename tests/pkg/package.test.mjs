// The npm package as a user gets it: `npm pack pkg/`, install the tarball into a fresh project
// (offline, no links), then use it from Node (ESM and CommonJS), type-check TypeScript against the
// installed types, and load the browser entry unbundled in headless Chromium (bundlers: tests/bundlers/).
// Dev tools (typescript, playwright-core) come from this repository's node_modules.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from '../../scripts/serve.mjs';
import { launch } from '../browser/chromium.mjs';
import { NAME, ROOT, installTarball, run, typeCheck } from './install.mjs';

let work;
let app;
let files;

/** Writes `text` to `name` inside the test project. */
function write(name, text) {
  writeFileSync(join(app, name), text);
}

/**
 * Opens page `file` of the test project in Chromium (served on 127.0.0.1) and waits for its `#out`:
 * `{ text, requests }`, after checking that the page threw nothing.
 */
async function pageOutput(file) {
  const server = await startServer(app, 0);
  const browser = await launch();
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}${file}`);
    await page.waitForFunction(() => document.querySelector('#out').textContent !== '', null, { timeout: 15000 });
    assert.deepEqual(errors, []);
    return { text: await page.textContent('#out'), requests: server.requests };
  } finally {
    await browser.close();
    await server.close();
  }
}

before(() => {
  ({ work, app, files } = installTarball('mcp-json-toolbox-pkg-'));
});

after(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

test('the tarball holds the wasm, every entry point, types, README (with its docs/) and LICENSE', () => {
  for (const file of ['mcp_json_toolbox_bg.wasm', 'index.js', 'node.js', 'index.d.ts', 'load/recover.js', 'load/fetch.js', 'mcp_json_toolbox_factory.js', 'cjs/index.js', 'cjs/load/recover.js', 'cjs/mcp_json_toolbox.js', 'README.md', 'docs/api.md', 'docs/cli.md', 'docs/codes.md', 'codes.json', 'LICENSE', 'package.json']) {
    assert.ok(files.includes(file), `${file} not in ${files.join(', ')}`);
  }
  assert.deepEqual(files.filter((f) => f.endsWith('.wasm')).sort(), ['mcp_json_toolbox_bg.wasm', 'mcp_json_toolbox_format_bg.wasm', 'mcp_json_toolbox_validator_bg.wasm'], 'each .wasm is shipped once');
  const manifest = JSON.parse(readFileSync(join(app, 'node_modules', NAME, 'package.json'), 'utf8'));
  const cargo = readFileSync(join(ROOT, 'Cargo.toml'), 'utf8');
  assert.equal(manifest.name, NAME);
  assert.ok(cargo.includes(`version = "${manifest.version}"`), 'version comes from Cargo.toml');
  assert.equal(manifest.type, 'module');
  assert.deepEqual(Object.keys(manifest.exports['.']), ['require', 'types', 'workerd', 'edge-light', 'deno', 'bun', 'node', 'default']);
});

test('Node ESM: import by name, no manual init', () => {
  write(
    'usage.mjs',
    `import * as toolbox from '${NAME}';
const out = toolbox.format('{"a":[1.0,1e400]}');
if (out !== '{\\n  "a": [\\n    1.0,\\n    1e400\\n  ]\\n}') throw new Error('format: ' + out);
try { toolbox.format('[1,]'); throw new Error('no error'); } catch (e) { if (e.name !== 'JsonError') throw e; }
const features = ['format'];
// Feature-detected: validation and classification arrive from other branches.
if (typeof toolbox.validateArguments === 'function') features.push('validateArguments');
if (typeof toolbox.classify === 'function') features.push('classify');
console.log(features.join(',') + ' ' + toolbox.version());
`,
  );
  const out = run(process.execPath, ['usage.mjs'], app).trim();
  console.log(`package from Node ESM: ${out}`);
  assert.match(out, /^format\S* \d+\.\d+\.\d+/);
});

test('docs playground subpaths from the installed package: markdown-it and remark plugins, checkDocs', () => {
  write('page.md', '```json mcp validate schema=s\n{"n": -1}\n```\n\n```json mcp schema id=s hidden\n{"properties": {"n": {"minimum": 0}}}\n```\n');
  write(
    'docs.mjs',
    `import mcpJson from '${NAME}/markdown-it';
import remarkMcpJson from '${NAME}/remark';
import { checkDocs } from '${NAME}/docs-check';
if (typeof mcpJson !== 'function' || typeof remarkMcpJson !== 'function') throw new Error('plugins missing');
const [finding, ...rest] = await checkDocs(['page.md']);
process.stdout.write(\`\${rest.length} \${finding.file}:\${finding.line}:\${finding.column} \${finding.code}\`);
`,
  );
  assert.equal(run(process.execPath, ['docs.mjs'], app), '0 page.md:2:7 minimum');
  for (const file of ['element.js', 'element-worker.js', 'json-editor.js', 'element.d.ts']) assert.ok(files.includes(file), `${file} not in the tarball`);
});

test('Node CommonJS: require by name', () => {
  write(
    'usage.cjs',
    `const { format, version } = require('${NAME}');
// A number where text belongs: a TypeError from the wrapper, before wasm.
let wrong = 'accepted';
try { format(5); } catch (e) { wrong = e.name; }
// The same number given to the unchecked glue traps the instance: through recover.js an
// InternalError, then a fresh instance.
const { recoverable } = require('./node_modules/${NAME}/cjs/load/recover.js');
const path = require.resolve('./node_modules/${NAME}/cjs/mcp_json_toolbox.js');
const host = { glue: require(path), restart() { delete require.cache[path]; host.glue = require(path); } };
const api = recoverable(host);
let trap = 'no trap';
try { api.format(5); } catch (e) { trap = e.name; }
process.stdout.write([wrong, trap, api.format('{"b":[2]}', { minify: true }), version()].join(' '));
`,
  );
  assert.match(run(process.execPath, ['usage.cjs'], app), /^TypeError InternalError \{"b":\[2\]\} \d+\.\d+\.\d+$/);
});

test('TypeScript --strict type-checks against the installed types (ESM and CommonJS)', () => {
  write(
    'usage.ts',
    `import { checkTool, classify, format, formatDocument, version, type FormatOptions, type FormatResult, type JsonError } from '${NAME}';
const options: FormatOptions = { indent: 'tab', sortKeys: true };
const text: string = format('[1]') + format('[1]', options) + version();
const result: FormatResult = formatDocument(text, { minify: true });
const lines: number[] = result.diagnostics.map((d) => d.span?.line ?? 0);
try { format('{'); } catch (e) { const error = e as JsonError; console.log(error.code, error.offset, lines); }
// The options the API takes beyond its first text (docs/api.md), in the values.d.ts overloads too.
const tool = '{"name":"t","inputSchema":{"type":"object"}}';
console.log(checkTool(tool, { targets: 'all' }).diagnostics, classify('{}', tool).kind);
`,
  );
  write(
    'require.cts',
    `import toolbox = require('${NAME}');
const formatted: string = toolbox.format('[1]', { minify: true });
export = formatted;
`,
  );
  write(
    'bad.ts',
    `import { format } from '${NAME}';
format('[1]', { indent: 'wide' });
`,
  );
  const flags = ['--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022'];
  // The types are not `any`: a wrong option is a compile error.
  typeCheck(app, flags, ['usage.ts', 'require.cts'], { 'bad.ts': /bad\.ts\(2,\d+\): error TS2322/ });
});

test('mcp-json-toolbox/raw: initialised by hand, its readLog and replayLog laid out as the entry\'s, typed as Log and LogReport', () => {
  const fixture = join(ROOT, 'tests', 'fixtures', 'logs', 'vscode-output-2026.log');
  write(
    'raw.mjs',
    `import { readFileSync } from 'node:fs';
import * as raw from '${NAME}/raw';
import * as toolbox from '${NAME}';
raw.initSync({ module: readFileSync(new URL(import.meta.resolve('${NAME}/mcp_json_toolbox_bg.wasm'))) });
const text = readFileSync(${JSON.stringify(fixture)}, 'utf8');
const log = raw.readLog(text);
if (JSON.stringify(log) !== JSON.stringify(toolbox.readLog(text))) throw new Error('readLog differs');
if (JSON.stringify(raw.replayLog(text)) !== JSON.stringify(toolbox.replayLog(text))) throw new Error('replayLog differs');
console.log(log.entries.length, log.entries[0].span.line);
`,
  );
  const out = run(process.execPath, ['raw.mjs'], app).trim();
  assert.match(out, /^11 \d+$/);
  write(
    'raw.ts',
    `import { initSync, readLog, replayLog, type Log, type LogReport } from '${NAME}/raw';
initSync({ module: new Uint8Array() });
const log: Log = readLog('');
const report: LogReport = replayLog(new Uint8Array(), { format: 'vscode' }, (read, total) => console.log(read / total));
const quiet: LogReport = replayLog('', { format: 'vscode' });
const plain: LogReport = replayLog('');
console.log(log.entries.length, report.sequence.length, quiet.sequence.length, plain.sequence.length);
`,
  );
  typeCheck(app, ['--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022'], ['raw.ts']);
});

test('the browser entry loads unbundled, and a restart gives a working fresh instance in Chromium', async () => {
  const base = `./node_modules/${NAME}`;
  writeFileSync(
    join(app, 'restart.html'),
    `<!doctype html><meta charset=utf-8><pre id=out></pre><script type=module>
import { format } from '${base}/index.js';
import { createGlue } from '${base}/mcp_json_toolbox_factory.js';
import { loadHost } from '${base}/load/fetch.js';
import { recoverable } from '${base}/load/recover.js';
const host = await loadHost(createGlue, new URL('${base}/mcp_json_toolbox_bg.wasm', import.meta.url), 'mcp_json_toolbox_bg.wasm');
const api = recoverable(host);
const first = host.glue;
host.restart(); // what a trap does, synchronously on the page's thread
document.querySelector('#out').textContent = [format('[1]', { minify: true }), api.format('[2]', { minify: true }), host.glue !== first].join(' ');
</script>`,
  );
  const { text, requests } = await pageOutput('restart.html');
  assert.equal(text, '[1] [2] true');
  // The fresh instance is made from the module already compiled: no glue or .wasm fetched again.
  const fetched = (file) => requests.filter((r) => r.endsWith(`/${file}`)).length;
  assert.equal(fetched('mcp_json_toolbox_factory.js'), 1, requests.join(' '));
  assert.equal(fetched('mcp_json_toolbox_bg.wasm'), 2, 'once by index.js, once by the page itself');
  assert.ok(!requests.some((r) => r.includes('?')), requests.join(' '));
});

test('mcp-json-toolbox/format: the format core from Node ESM, CommonJS, TypeScript and a browser, its .wasm alone', async () => {
  for (const file of ['format.js', 'format-node.js', 'format.d.ts', 'cjs/format.js', 'cjs/format.d.ts', 'mcp_json_toolbox_format_factory.js', 'cjs/mcp_json_toolbox_format.js']) {
    assert.ok(files.includes(file), `${file} not in ${files.join(', ')}`);
  }
  write(
    'format.mjs',
    `import * as core from '${NAME}/format';
const { format } = await import('${NAME}/format');
process.stdout.write([Object.keys(core).sort().join(','), format('[1.50]', { minify: true }), core.version()].join(' '));
`,
  );
  assert.match(run(process.execPath, ['format.mjs'], app), /^format,formatDocument,judgeExample,unknownSchema,version \[1\.50\] \d+\.\d+\.\d+$/);
  write('format.cjs', `const { format } = require('${NAME}/format');\nprocess.stdout.write(format('{"a":1}', { minify: true }));\n`);
  assert.equal(run(process.execPath, ['format.cjs'], app), '{"a":1}');
  write(
    'format.ts',
    `import { format, formatDocument, type FormatOptions, type FormatResult } from '${NAME}/format';
const options: FormatOptions = { indent: 'tab' };
const result: FormatResult = formatDocument(format('[1]', options));
console.log(result.diagnostics.length);
`,
  );
  write('format-bad.ts', `import { Validator } from '${NAME}/format';\nconsole.log(Validator);\n`);
  const flags = ['--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022'];
  // The core's types are its own: no Validator there.
  typeCheck(app, flags, ['format.ts'], { 'format-bad.ts': /format-bad\.ts\(1,\d+\): error TS2305/ });

  const base = `./node_modules/${NAME}`;
  writeFileSync(
    join(app, 'format.html'),
    `<!doctype html><meta charset=utf-8><pre id=out></pre><script type=module>
import { format } from '${base}/format.js';
document.querySelector('#out').textContent = format('{"page":[1.50]}', { minify: true });
</script>`,
  );
  const { text, requests } = await pageOutput('format.html');
  assert.equal(text, '{"page":[1.50]}');
  const wasm = requests.filter((r) => r.endsWith('.wasm'));
  assert.deepEqual(wasm, [`/node_modules/${NAME}/mcp_json_toolbox_format_bg.wasm`], 'only the format core is fetched');
});

test('mcp-json-toolbox/validator: the server build from Node ESM, CommonJS, TypeScript and a browser, its .wasm alone; mcp-sdk on it', async () => {
  for (const file of ['validator.js', 'validator-node.js', 'validator-edge.js', 'validator-deno.js', 'validator.d.ts', 'cjs/validator.js', 'cjs/validator.d.ts', 'mcp_json_toolbox_validator_factory.js', 'cjs/mcp_json_toolbox_validator.js']) {
    assert.ok(files.includes(file), `${file} not in ${files.join(', ')}`);
  }
  write(
    'server.mjs',
    `import * as server from '${NAME}/validator';
const report = new server.Validator({ type: 'object', properties: { n: { type: 'integer', minimum: 0 } } }).validate('{"n": -1}');
process.stdout.write([Object.keys(server).sort().join(','), report.valid, report.diagnostics[0].span.column].join(' '));
`,
  );
  assert.equal(run(process.execPath, ['server.mjs'], app), 'Validator,checkSchema,format,formatDocument,judgeExample,unknownSchema,validateArguments,validateToolArguments,version false 7');
  write('server.cjs', `const { validateArguments } = require('${NAME}/validator');\nprocess.stdout.write(String(validateArguments({ type: 'integer' }, '1').valid));\n`);
  assert.equal(run(process.execPath, ['server.cjs'], app), 'true');
  write(
    'server.ts',
    `import { Validator, checkSchema, type SchemaCheck, type ValidationReport, type ValidateOptions } from '${NAME}/validator';
import { ToolboxJsonSchemaValidator } from '${NAME}/mcp-sdk';
const options: ValidateOptions = { assertFormats: true, checkSchema: true };
const report: ValidationReport = new Validator('{"type":"integer"}', options).validate('1');
const check: SchemaCheck = checkSchema({ type: 'integer', title: 3 }, { assertFormats: true });
console.log(report.valid, check.valid, new ToolboxJsonSchemaValidator(options).getValidator({ type: 'string' })('x').valid);
`,
  );
  write('server-bad.ts', `import { classify } from '${NAME}/validator';\nconsole.log(classify);\n`);
  const flags = ['--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022'];
  // The server build's types are its own: no classify there.
  typeCheck(app, flags, ['server.ts'], { 'server-bad.ts': /server-bad\.ts\(1,\d+\): error TS2305/ });

  const base = `./node_modules/${NAME}`;
  writeFileSync(
    join(app, 'server.html'),
    `<!doctype html><meta charset=utf-8><pre id=out></pre><script type=module>
import { Validator } from '${base}/validator.js';
document.querySelector('#out').textContent = String(new Validator('{"type":"integer"}').isValid('1.5'));
</script>`,
  );
  const { text, requests } = await pageOutput('server.html');
  assert.equal(text, 'false');
  const wasm = requests.filter((r) => r.endsWith('.wasm'));
  assert.deepEqual(wasm, [`/node_modules/${NAME}/mcp_json_toolbox_validator_bg.wasm`], 'only the server build is fetched');
});
