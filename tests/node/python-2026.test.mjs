// 2026-07-28 end to end against a real implementation no one here wrote: the official Python SDK
// (`mcp` 2.3.0 from PyPI, in .venv/ from requirements-dev.txt). tests/fixtures/python/
// booking_server.py asks for input mid-call through the SDK's own API (at 2026-07-28 the call is
// answered `resultType: "input_required"` and resumed on the retry; at 2025-11-25 the SDK sends
// `elicitation/create`), served over stdio and over Streamable HTTP with sessions and stateless
// (JSON answers); booking_client.py is a host written with the SDK's own `Client`.
// - check-server: negotiates 2026-07-28 on each transport, drives the input rounds from
//   --elicit (declines without it), sends the standard HTTP headers the SDK server requires
//   (recorded as each entry's `http`), and the same at 2025-11-25.
// - replay: a recording whose request lacks a header is an `http-header-missing` finding.
// - proxy: the SDK's own client as host, a wrong answer flagged live and by `replay`, and the
//   session ends without "interrupted"; the same for the TypeScript SDK v2 client and
//   server-everything.
// The two HTTP servers start once and are shared (each Python start costs about a second).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { startUvicorn } from './uvicorn.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = join(ROOT, 'pkg/cli.js');
const PYTHON = join(ROOT, '.venv/bin/python');
const FIXTURES = join(ROOT, 'tests/fixtures/python');
const SERVER = join(FIXTURES, 'booking_server.py');
assert.ok(existsSync(CLI), 'pkg/ is missing: run make pkg first');
assert.ok(existsSync(PYTHON), '.venv/ is missing: run scripts/setup.sh python (make setup)');
const TEMP = mkdtempSync(join(tmpdir(), 'python-2026-'));
const require = createRequire(import.meta.url);

/** Writes `value` as JSON into the temp folder; returns its path. */
function file(name, value) {
  const path = join(TEMP, name);
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value));
  return path;
}

const ARGS = file('args.json', { date: 'friday' });
const ACCEPT = file('accept.json', { action: 'accept', content: { confirm: true, seats: 2 } });
const SIDE = file('side.json', { action: 'accept', content: { confirm: true, side: 'window' } });

/** Runs `command args` to its end: `{ status, signal, stdout, stderr }`. */
function run(command, args, { limitMs = 60000 } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: TEMP });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c) => (stderr += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      resolve({ status, signal, stdout, stderr });
    });
  });
}

/** check-server (human output: the summary and the findings, as a CI log shows them):
 * `{ status, text }`. */
async function check(...args) {
  const done = await run(process.execPath, [CLI, 'check-server', '--target', 'claude-code', '--timeout', '20000', ...args]);
  assert.equal(done.stderr, '', done.stderr);
  return { status: done.status, text: done.stdout };
}

/** The JSON Lines of a recording. */
const entries = (path) => readFileSync(join(TEMP, path), 'utf8').trim().split('\n').map((line) => JSON.parse(line));

/** Starts booking_server.py over Streamable HTTP (tests/node/uvicorn.mjs); resolves
 * `{ url, child }` once it listens. */
const httpServer = (...flags) => startUvicorn(PYTHON, [SERVER, 'http', '0', ...flags], `booking_server.py http ${flags}`);

const servers = {};
before(async () => {
  [servers.sessions, servers.stateless] = await Promise.all([httpServer(), httpServer('--stateless')]);
});
after(() => {
  for (const { child } of Object.values(servers)) child.kill();
  rmSync(TEMP, { recursive: true, force: true });
});

const STDIO = ['--', PYTHON, SERVER, 'stdio'];

test('stdio, 2026-07-28: two input rounds completed from --elicit, each retry carrying inputResponses and the requestState it was given', async () => {
  const checked = await check('--record', 'stdio.jsonl', '--elicit', SIDE, '--call', 'book_seat', ARGS, '--call', 'echo', file('echo.json', { text: 'hi' }), ...STDIO);
  assert.equal(checked.status, 0, checked.text);
  assert.match(checked.text, /^protocol: 2026-07-28 \(offered 2026-07-28, via server\/discover\)$/m);
  assert.match(checked.text, /^call book_seat \(.*\): complete after 2 input rounds$/m);
  assert.match(checked.text, /^call echo \(.*\): complete$/m);
  const messages = entries('stdio.jsonl').map((e) => e.message);
  const calls = messages.filter((m) => m.method === 'tools/call' && m.params.name === 'book_seat');
  assert.equal(calls.length, 3);
  for (let i = 1; i < calls.length; i++) {
    const asked = messages.find((m) => m.id === calls[i - 1].id && m.result).result;
    assert.equal(asked.resultType, 'input_required');
    assert.equal(calls[i].params.requestState, asked.requestState);
    assert.deepEqual(Object.keys(calls[i].params.inputResponses), Object.keys(asked.inputRequests));
  }
  const last = messages.find((m) => m.id === calls[2].id && m.result).result;
  assert.equal(last.content[0].text, 'booked 1 on friday, window');
  assert.ok(!entries('stdio.jsonl').some((e) => e.http), 'stdio entries carry no http member');
});

test('stdio, 2026-07-28 without --elicit: the question is declined, and the summary says so', async () => {
  const checked = await check('--call', 'book', ARGS, ...STDIO);
  assert.match(checked.text, /^call book \(.*\): complete after 1 input round \(1 question declined: no --elicit\), isError: true$/m);
});

test('a server that never stops asking: 10 input rounds, then the check stops and says so', async () => {
  // A double (not the SDK): every tools/call is answered input_required, with a new requestState.
  const double = file('asking.mjs', `
    import { createInterface } from 'node:readline';
    const send = (m) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', ...m }) + '\\n');
    let round = 0;
    createInterface({ input: process.stdin }).on('line', (line) => {
      const { id, method } = JSON.parse(line);
      if (method === 'server/discover') send({ id, result: { resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: { tools: {} }, _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'asking', version: '1' } } } });
      else if (method === 'tools/list') send({ id, result: { resultType: 'complete', tools: [{ name: 'ask', inputSchema: { type: 'object' } }] } });
      else send({ id, result: { resultType: 'input_required', requestState: 'r' + round++, inputRequests: { q: { method: 'elicitation/create', params: { mode: 'form', message: 'again?', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } } } } } });
    });`);
  const checked = await check('--record', 'asking.jsonl', '--call', 'ask', file('none.json', {}), '--', process.execPath, double);
  assert.match(checked.text, /^call ask \(.*\): still input_required after 10 rounds \(the limit\) \(10 questions declined: no --elicit\)$/m);
  assert.match(checked.text, /^asking\.jsonl:\d+:\d+: warning\[input-rounds-exceeded\]/m);
  const calls = entries('asking.jsonl').filter((e) => e.message.method === 'tools/call');
  assert.equal(calls.length, 11);
  assert.equal(calls.at(-1).message.params.requestState, 'r9');
});

for (const mode of ['sessions', 'stateless']) {
  test(`Streamable HTTP (${mode}), 2026-07-28: negotiated, the input round completed, every POST with the standard headers`, async () => {
    const record = `http-${mode}.jsonl`;
    const checked = await check('--record', record, '--elicit', ACCEPT, '--call', 'book', ARGS, '--url', servers[mode].url);
    assert.equal(checked.status, 0, checked.text);
    assert.match(checked.text, /^protocol: 2026-07-28 \(offered 2026-07-28, via server\/discover\)$/m);
    assert.match(checked.text, /^call book \(.*\): complete after 1 input round$/m);
    const sent = entries(record).filter((e) => e.direction === 'client');
    assert.ok(sent.length >= 4);
    for (const { message, http } of sent) {
      assert.equal(http.method, 'POST');
      assert.equal(http.headers['MCP-Protocol-Version'], '2026-07-28', message.method);
      assert.equal(http.headers['Mcp-Method'], message.method);
      if (message.method === 'tools/call') assert.equal(http.headers['Mcp-Name'], 'book');
      assert.equal(http.headers['Mcp-Session-Id'], undefined, 'a 2026-07-28 server hands out no session');
    }
    const answer = entries(record).findLast((e) => e.message.result?.content);
    assert.equal(answer.message.result.content[0].text, 'booked 2 on friday');
  });
}

test('replay: a 2026-07-28 request recorded over HTTP without Mcp-Name is http-header-missing; with it, nothing', async () => {
  const clean = await run(process.execPath, [CLI, 'replay', '--format', 'json', 'http-stateless.jsonl']);
  const codes = (done) => JSON.parse(done.stdout).findings.map((f) => f.code);
  assert.ok(!codes(clean).some((c) => c.startsWith('http-')), clean.stdout);
  const lines = readFileSync(join(TEMP, 'http-stateless.jsonl'), 'utf8').trim().split('\n');
  const at = lines.findIndex((l) => JSON.parse(l).message.method === 'tools/call');
  const entry = JSON.parse(lines[at]);
  delete entry.http.headers['Mcp-Name'];
  lines[at] = JSON.stringify(entry);
  writeFileSync(join(TEMP, 'missing.jsonl'), `${lines.join('\n')}\n`);
  const missing = await run(process.execPath, [CLI, 'replay', '--format', 'json', 'missing.jsonl']);
  const found = JSON.parse(missing.stdout).findings.filter((f) => f.code === 'http-header-missing');
  assert.equal(found.length, 1, missing.stdout);
  assert.equal(found[0].line, at + 1);
  assert.match(found[0].message, /Mcp-Name/);
  assert.equal(missing.status, 1);
});

test('2025-11-25 (stdio and HTTP with sessions): the same tool asks by elicitation/create, answered from --elicit', async () => {
  for (const target of [STDIO, ['--url', servers.sessions.url]]) {
    const checked = await check('--protocol', '2025-11-25', '--record', 'old.jsonl', '--elicit', ACCEPT, '--call', 'book', ARGS, ...target);
    assert.equal(checked.status, 0, checked.text);
    assert.match(checked.text, /^protocol: 2025-11-25 \(offered 2025-11-25, via initialize\)$/m);
    assert.match(checked.text, /^call book \(.*\): complete$/m);
    const messages = entries('old.jsonl').map((e) => e.message);
    assert.ok(messages.some((m) => m.method === 'elicitation/create'));
    assert.equal(messages.findLast((m) => m.result?.content).result.content[0].text, 'booked 2 on friday');
  }
});

/** The Python SDK's own client (booking_client.py) as host, through the proxy to the server. */
async function pythonHost(mode, answer, name) {
  const args = [join(FIXTURES, 'booking_client.py'), mode, JSON.stringify(answer), '--',
    process.execPath, CLI, 'proxy', '--record', `${name}.jsonl`, '--report', `${name}.report.jsonl`, '--', PYTHON, SERVER, 'stdio'];
  const done = await run(PYTHON, args);
  const report = readFileSync(join(TEMP, `${name}.report.jsonl`), 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
  const replayed = await run(process.execPath, [CLI, 'replay', '--format', 'json', `${name}.jsonl`]);
  return { done, report, replayed: JSON.parse(replayed.stdout).findings };
}

/** Both hosts run at once (each spends seconds in Python starts and the SDK's close). */
let hosts;
const wrong = { action: 'accept', content: { confirm: 'maybe' } };
const host = (mode) => {
  hosts ??= Promise.all([pythonHost('auto', wrong, 'modern'), pythonHost('legacy', wrong, 'legacy')]);
  return hosts.then(([modern, legacy]) => (mode === 'auto' ? modern : legacy));
};

for (const [mode, version, where] of [['legacy', '2025-11-25', 'the response to elicitation/create'], ['auto', '2026-07-28', 'the retry carrying inputResponses']]) {
  // At 2026-07-28 the answer rides the retry's `inputResponses`: the crate's Session pairs it with
  // the `inputRequests` it answers.
  test(`proxy with the Python SDK client as host (${version}): a wrong answer (a string for a boolean) flagged live and by replay at ${where}; the session ends cleanly`, async () => {
    const { done, report, replayed } = await host(mode);
    assert.equal(done.status, 0, done.stderr);
    assert.equal(JSON.parse(done.stdout.trim().split('\n').at(-1)).protocolVersion, version);
    assert.match(done.stderr, /mcp-json-toolbox proxy: \d+ messages checked/);
    assert.doesNotMatch(done.stderr, /interrupted/);
    const live = report.filter((f) => f.direction === 'client' && f.severity === 'error' && /confirm/.test(`${f.pointer} ${f.message}`));
    assert.ok(live.length >= 1, `no live finding on the wrong answer: ${JSON.stringify(report)}`);
    const again = replayed.filter((f) => f.severity === 'error' && /confirm/.test(`${f.instancePath} ${f.message}`));
    assert.ok(again.length >= 1, `replay: ${JSON.stringify(replayed)}`);
  });
}

test('proxy with the TypeScript SDK v2 client and server-everything (lingering past the end of its input): the session ends with no "interrupted"', async () => {
  const manifest = require.resolve('@modelcontextprotocol/server-everything/package.json');
  const { bin } = require(manifest);
  const everything = join(dirname(manifest), typeof bin === 'string' ? bin : Object.values(bin)[0]);
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'proxy', '--', process.execPath, everything, 'stdio'], stderr: 'pipe', cwd: TEMP });
  let stderr = '';
  transport.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
  const client = new Client({ name: 'python-2026-tests', version: '1.0.0' });
  await client.connect(transport);
  await client.callTool({ name: 'echo', arguments: { message: 'through the proxy' } });
  // Its simulated logging keeps server-everything running past the end of its input: the SDK's
  // close() then signals the proxy after its 2 s grace, which ends the session (not interrupts it).
  await client.callTool({ name: 'toggle-simulated-logging', arguments: {} });
  // The SDK's close() as it is (src/client/stdio.ts: stdin ended, SIGTERM 2 s later, SIGKILL 2 s
  // after that) but for its SIGKILL: on a machine as busy as the parallel gate, the server's exit
  // and the checker's end can pass those last 2 s, and a SIGKILL tells nothing of the proxy. The
  // transport's child (`_process`, the pinned 2.4 SDK's field) is the proxy.
  const proxy = transport._process;
  const exited = once(proxy, 'exit');
  proxy.stdin.end();
  let signalled = false;
  const grace = setTimeout(() => { signalled = true; proxy.kill('SIGTERM'); }, 2000);
  await exited;
  clearTimeout(grace);
  assert.ok(signalled, 'server-everything lingered past the end of its input: the proxy was signalled');
  if (!transport.stderr.readableEnded) await once(transport.stderr, 'end');
  assert.match(stderr, /mcp-json-toolbox proxy: \d+ messages checked/, stderr);
  assert.doesNotMatch(stderr, /interrupted/, stderr);
});
