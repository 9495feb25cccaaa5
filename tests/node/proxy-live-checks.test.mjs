// Deliberately bad hosts and servers through the proxy (pkg/cli.js proxy with the package's
// session checker), each flagged live at the right message: the host double is this file (it
// writes JSON-RPC to the proxy's stdin and waits for each answer), the server double is
// fixtures/proxy/scripted-server.mjs answering from a scenario. Each run's recording then replays
// (`replaySession`) with the same findings as the live report.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const PKG = new URL('../../pkg/', import.meta.url);
assert.ok(existsSync(new URL('node.js', PKG)), `${fileURLToPath(PKG)} is missing: run make pkg first`);
const CLI = fileURLToPath(new URL('cli.js', PKG));
const SERVER = fileURLToPath(new URL('./fixtures/proxy/scripted-server.mjs', import.meta.url));
const { replaySession } = await import(new URL('node.js', PKG));

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const V = '2025-11-25';
const INFO = { name: 'scripted', version: '1.0.0' };
/** Server capabilities with task-augmented tools/call (2025-11-25). */
const TASKS = { tools: {}, tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } };
const initialized = (capabilities) => ({ protocolVersion: V, capabilities, serverInfo: INFO });
const tool = (extra) => ({ name: 'research', inputSchema: { type: 'object', properties: { topic: { type: 'string' } }, required: ['topic'] }, ...extra });
const text = (t) => ({ content: [{ type: 'text', text: t }] });
const task = (status, extra = {}) => ({ taskId: 't-1', status, createdAt: '2026-12-02T00:00:00Z', lastUpdatedAt: '2026-12-02T00:00:00Z', ttl: 60000, pollInterval: 1000, ...extra });

/**
 * Runs the host `script` against the scripted server `scenario` through the proxy. A step is a
 * client message (a request waits for its answer; server requests arriving meanwhile are kept),
 * `{ wait: ms }`, or `{ answerServer: result }` (answers the oldest unanswered server request).
 * Returns `{ log, report, recording }`: `log` every message in the order the proxy saw them,
 * `{ direction, message }`.
 */
async function session(t, scenario, script) {
  const dir = mkdtempSync(join(tmpdir(), 'proxy-live-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const paths = { scenario: join(dir, 'scenario.json'), report: join(dir, 'report.jsonl'), record: join(dir, 'session.jsonl') };
  writeFileSync(paths.scenario, JSON.stringify(scenario));
  const proxy = spawn(process.execPath, [CLI, 'proxy', '--quiet', '--report', paths.report, '--record', paths.record, '--', process.execPath, SERVER, paths.scenario], { stdio: ['pipe', 'pipe', 'inherit'] });
  const log = [];
  const serverRequests = [];
  const waiting = new Map();
  createInterface({ input: proxy.stdout }).on('line', (line) => {
    const message = JSON.parse(line);
    log.push({ direction: 'server', message });
    if (message.method !== undefined && message.id !== undefined) serverRequests.push(message);
    else if (message.id !== undefined) waiting.get(message.id)?.();
  });
  const send = (message) => {
    log.push({ direction: 'client', message });
    proxy.stdin.write(`${JSON.stringify(message)}\n`);
  };
  for (const step of script) {
    if (step.wait !== undefined) await sleep(step.wait);
    else if (step.answerServer !== undefined) send({ jsonrpc: '2.0', id: serverRequests.shift().id, result: step.answerServer });
    else if (step.id === undefined) send({ jsonrpc: '2.0', ...step });
    else {
      const answered = new Promise((resolve, reject) => {
        waiting.set(step.id, resolve);
        setTimeout(() => reject(new Error(`no answer to ${step.method}`)), 10000).unref();
      });
      send({ jsonrpc: '2.0', ...step });
      await answered;
    }
  }
  // A host closes when done and the proxy then gives its checker 1.5 s: on a busy machine, wait
  // first until the checker has recorded every message and reported what their replay finds.
  const text = (path) => (existsSync(path) ? readFileSync(path, 'utf8') : '');
  for (const end = Date.now() + 30000; Date.now() < end; await sleep(50)) {
    const recording = text(paths.record);
    if (recording.split('\n').length - 1 < log.length) continue;
    const expected = replayed(recording).filter((f) => f.code !== 'never-terminal').length;
    if (text(paths.report).split('\n').length - 1 >= expected) break;
  }
  proxy.stdin.end();
  await new Promise((resolve) => proxy.on('close', resolve));
  const lines = (path) => text(path).split('\n').filter(Boolean).map((l) => JSON.parse(l));
  return { log, report: lines(paths.report), recording: text(paths.record) };
}

/** Index in `log` of the first message from `direction` that `match` accepts. */
function indexOf(log, direction, match) {
  const i = log.findIndex((entry) => entry.direction === direction && match(entry.message));
  assert.ok(i >= 0, `no such ${direction} message`);
  return i;
}

/** The replay's findings of a recording, in the report's terms. */
function replayed(recording) {
  return replaySession(recording).diagnostics.map((d) => {
    const [, entry, pointer = ''] = /^\/(\d+)(?:\/message)?(.*)$/.exec(d.instancePath) ?? [];
    return { severity: d.severity, code: d.code, index: entry === undefined ? null : Number(entry), pointer };
  });
}

/** The live report's findings in the same terms, sorted alike. */
const live = (report) => report.filter((f) => f.code !== 'not-json').map(({ severity, code, index, pointer }) => ({ severity, code, index, pointer }));
const sorted = (list) => [...list].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

/** The opening every scenario shares: initialize, initialized, tools/list. */
const OPENING = [
  { id: 1, method: 'initialize', params: { protocolVersion: V, capabilities: { elicitation: { form: {} } }, clientInfo: { name: 'host-double', version: '1.0.0' } } },
  { method: 'notifications/initialized' },
  { id: 2, method: 'tools/list', params: {} },
];

/**
 * The cases: a scenario and a host script, the finding expected (`code`, `severity`) and the
 * message it must be pinned to (`direction`, `at(message)`).
 */
const CASES = [
  {
    name: 'a task-augmented call without the server\'s task capability',
    scenario: { answers: { initialize: initialized({ tools: {} }), 'tools/list': { tools: [tool({ execution: { taskSupport: 'optional' } })] }, 'tools/call': text('done') } },
    script: [...OPENING, { id: 3, method: 'tools/call', params: { name: 'research', arguments: { topic: 'x' }, task: { ttl: 60000 } } }],
    expect: { code: 'task-not-negotiated', severity: 'error', direction: 'client', at: (m) => m.method === 'tools/call' },
  },
  {
    name: 'a taskSupport: required tool called without task (and answered, not refused)',
    scenario: { answers: { initialize: initialized(TASKS), 'tools/list': { tools: [tool({ execution: { taskSupport: 'required' } })] }, 'tools/call': text('done') } },
    script: [...OPENING, { id: 3, method: 'tools/call', params: { name: 'research', arguments: { topic: 'x' } } }],
    expect: { code: 'required-task-not-refused', severity: 'error', direction: 'server', at: (m) => m.id === 3 },
  },
  {
    name: 'polling faster than pollInterval',
    scenario: { answers: { initialize: initialized(TASKS), 'tools/list': { tools: [tool({ execution: { taskSupport: 'optional' } })] }, 'tools/call': { task: task('working') }, 'tasks/get': [task('working'), task('working'), task('completed')] } },
    script: [...OPENING, { id: 3, method: 'tools/call', params: { name: 'research', arguments: { topic: 'x' }, task: { ttl: 60000 } } }, { wait: 1050 }, { id: 4, method: 'tasks/get', params: { taskId: 't-1' } }, { id: 5, method: 'tasks/get', params: { taskId: 't-1' } }],
    expect: { code: 'poll-too-fast', severity: 'warning', direction: 'client', at: (m) => m.id === 5 },
  },
  {
    name: 'a CallToolResult while the task is working',
    scenario: { answers: { initialize: initialized(TASKS), 'tools/list': { tools: [tool({ execution: { taskSupport: 'optional' } })] }, 'tools/call': { task: task('working') }, 'tasks/result': text('too early'), 'tasks/get': task('working') } },
    script: [...OPENING, { id: 3, method: 'tools/call', params: { name: 'research', arguments: { topic: 'x' }, task: { ttl: 60000 } } }, { id: 4, method: 'tasks/result', params: { taskId: 't-1' } }, { wait: 1050 }, { id: 5, method: 'tasks/get', params: { taskId: 't-1' } }],
    expect: { code: 'result-before-completion', severity: 'error', direction: 'server', at: (m) => m.id === 5 },
  },
  {
    name: 'structuredContent breaking outputSchema',
    scenario: { answers: { initialize: initialized({ tools: {} }), 'tools/list': { tools: [tool({ outputSchema: { type: 'object', properties: { count: { type: 'number' } }, required: ['count'] } })] }, 'tools/call': { ...text('{"count":"many"}'), structuredContent: { count: 'many' } } } },
    script: [...OPENING, { id: 3, method: 'tools/call', params: { name: 'research', arguments: { topic: 'x' } } }],
    expect: { code: 'type', severity: 'error', direction: 'server', at: (m) => m.id === 3 },
  },
  {
    name: 'arguments breaking inputSchema',
    scenario: { answers: { initialize: initialized({ tools: {} }), 'tools/list': { tools: [tool()] }, 'tools/call': text('done') } },
    script: [...OPENING, { id: 3, method: 'tools/call', params: { name: 'research', arguments: { subject: 'x' } } }],
    expect: { code: 'required', severity: 'error', direction: 'client', at: (m) => m.method === 'tools/call' },
  },
  {
    name: 'an elicitation answer breaking its requestedSchema',
    scenario: {
      answers: { initialize: initialized({ tools: {} }), 'tools/list': { tools: [tool()] }, 'tools/call': text('done') },
      before: { 'tools/call': [{ jsonrpc: '2.0', id: 'e-1', method: 'elicitation/create', params: { mode: 'form', message: 'Which one?', requestedSchema: { type: 'object', properties: { choice: { type: 'string', enum: ['a', 'b'] } }, required: ['choice'] } } }] },
    },
    script: [...OPENING, { id: 3, method: 'tools/call', params: { name: 'research', arguments: { topic: 'x' } } }, { answerServer: { action: 'accept', content: { choice: 'c' } } }, { wait: 200 }],
    expect: { code: 'enum', severity: 'error', direction: 'client', at: (m) => m.id === 'e-1' },
  },
  {
    name: 'a tools/call of a tool the server never listed',
    scenario: { answers: { initialize: initialized({ tools: {} }), 'tools/list': { tools: [tool()] }, 'tools/call': text('done') } },
    script: [...OPENING, { id: 3, method: 'tools/call', params: { name: 'ghost', arguments: {} } }],
    expect: { code: 'unknown-tool', severity: 'error', direction: 'client', at: (m) => m.method === 'tools/call' },
  },
  {
    name: 'a message the official schema rejects',
    scenario: { answers: { initialize: { capabilities: { tools: {} }, serverInfo: INFO }, 'tools/list': { tools: [tool()] } } },
    script: OPENING,
    expect: { code: 'official-schema', severity: 'error', direction: 'server', at: (m) => m.id === 1 },
  },
];

for (const c of CASES) {
  test(`flagged live at its message: ${c.name}`, { timeout: 30000 }, async (t) => {
    const { log, report, recording } = await session(t, c.scenario, c.script);
    const index = indexOf(log, c.expect.direction, c.expect.at);
    const hits = report.filter((f) => f.code === c.expect.code && f.severity === c.expect.severity);
    assert.ok(hits.some((f) => f.index === index && f.direction === c.expect.direction),
      `expected ${c.expect.severity}[${c.expect.code}] at ${c.expect.direction} message #${index}; the report: ${JSON.stringify(report, null, 1)}`);
    assert.equal(recording.trim().split('\n').length, log.length, 'every message recorded');
    assert.deepEqual(sorted(replayed(recording)), sorted(live(report)), 'the recording replays with the same findings');
  });
}

test('the recording reads back through the `replay` command with the live findings', { timeout: 30000 }, async (t) => {
  const c = CASES.find((x) => x.expect.code === 'poll-too-fast');
  const { report, recording } = await session(t, c.scenario, c.script);
  const dir = mkdtempSync(join(tmpdir(), 'proxy-replay-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'session.jsonl'), recording);
  const run = spawnSync(process.execPath, [CLI, 'replay', '--format', 'json', 'session.jsonl'], { cwd: dir, encoding: 'utf8' });
  const codes = JSON.parse(run.stdout).findings.map((f) => f.code).sort();
  assert.deepEqual(codes, report.map((f) => f.code).sort());
  assert.ok(codes.includes('poll-too-fast'));
});
