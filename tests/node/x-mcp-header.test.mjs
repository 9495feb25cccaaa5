// Tool arguments mirrored into HTTP headers (`x-mcp-header`, 2026-07-28 Streamable HTTP, SEP-2243),
// against the official Python SDK 2.3.0 (tests/fixtures/python/region_server.py: a tool whose
// `region` argument is annotated, served stateless; the SDK refuses a call without the
// `Mcp-Param-Region` header, HTTP 400 with -32020):
// - check-server sends `Mcp-Param-Region` (a value that is not plain ASCII Base64-wrapped as the
//   spec says) and the call completes; the recording keeps the header as sent;
// - `replay` of that recording with the header taken out, or changed, reports it at the entry;
// - `check-tool` reports an annotation that breaks the rule (clients drop such a tool).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startUvicorn } from './uvicorn.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = join(ROOT, 'pkg/cli.js');
const PYTHON = join(ROOT, '.venv/bin/python');
assert.ok(existsSync(CLI), 'pkg/ is missing: run make pkg first');
assert.ok(existsSync(PYTHON), '.venv/ is missing: run scripts/setup.sh python (make setup)');
const TEMP = mkdtempSync(join(tmpdir(), 'x-mcp-header-'));
const file = (name, text) => {
  writeFileSync(join(TEMP, name), typeof text === 'string' ? text : JSON.stringify(text));
  return join(TEMP, name);
};

/** region_server.py on a port the system gives it, once Uvicorn listens: `{ url, child }`. */
const regionServer = () => startUvicorn(PYTHON, [join(ROOT, 'tests/fixtures/python/region_server.py'), '0'], 'region_server.py');

const starting = regionServer();
starting.catch(() => {});
after(async () => {
  (await starting.catch(() => undefined))?.child.kill();
  rmSync(TEMP, { recursive: true, force: true });
});

/** Runs the CLI: `{ status, stdout, stderr }`. */
const cli = (...args) => spawnSync(process.execPath, [CLI, ...args], { cwd: TEMP, encoding: 'utf8', timeout: 60000 });

test('check-server sends Mcp-Param-Region (Base64-wrapped for "Zürich") and the Python SDK server answers; replay flags the recording with the header taken out or changed', { timeout: 90000 }, async () => {
  const { url } = await starting;
  const args = file('args.json', { region: 'Zürich', query: 'weather' });
  const checked = cli('check-server', '--url', url, '--record', 'region.jsonl', '--call', 'where', args);
  assert.equal(checked.status, 0, checked.stdout + checked.stderr);
  assert.match(checked.stdout, /^call where \(.*\): complete$/m);
  const lines = readFileSync(join(TEMP, 'region.jsonl'), 'utf8').trim().split('\n');
  const entries = lines.map((l) => JSON.parse(l));
  const at = entries.findIndex((e) => e.message.method === 'tools/call');
  assert.equal(entries[at].http.headers['Mcp-Param-Region'], '=?base64?WsO8cmljaA==?=');
  const answer = entries.find((e) => e.message.id === entries[at].message.id && e.message.result);
  assert.equal(answer.message.result.content[0].text, 'weather in Zürich');
  assert.deepEqual(cli('replay', '--format', 'json', 'region.jsonl').status, 0);
  // The same request without the header, then with another region.
  const edit = (name, change) => {
    const copy = entries.map((e) => structuredClone(e));
    change(copy[at].http.headers);
    return file(name, `${copy.map((e) => JSON.stringify(e)).join('\n')}\n`);
  };
  const missing = cli('replay', '--format', 'json', edit('missing.jsonl', (h) => delete h['Mcp-Param-Region']));
  const mismatch = cli('replay', '--format', 'json', edit('mismatch.jsonl', (h) => (h['Mcp-Param-Region'] = 'Bern')));
  const codes = (run) => JSON.parse(run.stdout).findings.filter((f) => f.code.startsWith('http-')).map((f) => [f.code, f.instancePath, f.line]);
  assert.deepEqual(codes(missing), [['http-header-missing', `/${at}/http/headers`, at + 1]]);
  assert.deepEqual(codes(mismatch), [['http-header-mismatch', `/${at}/http/headers/Mcp-Param-Region`, at + 1]]);
  assert.match(JSON.parse(missing.stdout).findings.find((f) => f.code === 'http-header-missing').message, /`Mcp-Param-Region` header \("Zürich" expected\)/);
});

test('check-tool: an x-mcp-header a client must drop the tool for (a number property, a name that is no token, a repeat, one under items)', () => {
  const tool = {
    name: 'search',
    inputSchema: {
      type: 'object',
      properties: {
        region: { type: 'string', 'x-mcp-header': 'Region' },
        ratio: { type: 'number', 'x-mcp-header': 'Ratio' },
        space: { type: 'string', 'x-mcp-header': 'Two Words' },
        again: { type: 'string', 'x-mcp-header': 'REGION' },
        list: { type: 'array', items: { type: 'string', 'x-mcp-header': 'Item' } },
      },
    },
  };
  const run = cli('check-tool', '--format', 'json', file('tool.json', tool));
  const found = JSON.parse(run.stdout).findings.filter((f) => f.code === 'x-mcp-header-invalid');
  assert.deepEqual(found.map((f) => f.instancePath), [
    '/inputSchema/properties/ratio/x-mcp-header',
    '/inputSchema/properties/space/x-mcp-header',
    '/inputSchema/properties/again/x-mcp-header',
    '/inputSchema/properties/list/items/x-mcp-header',
  ]);
  assert.ok(found.every((f) => f.severity === 'warning' && /MUST drop this tool/.test(f.message)), JSON.stringify(found));
});
