// The page's sequence view data (www/sequence-model.js), laid out from the crate's replay report
// (pkg/node.js `replaySession`'s `sequence`): every row at its message, each task step and finding in
// the row it belongs to, in every transcript form; the directions, kinds and labels the crate decided.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { buildSequence, offsetText, readSequence } from '../../www/sequence-model.js';

const PKG = new URL('../../pkg/node.js', import.meta.url);
assert.ok(existsSync(PKG), `${fileURLToPath(PKG)} is missing: run make pkg first`);
const { replaySession } = await import(PKG);
const EXAMPLES = new URL('../../www/examples/', import.meta.url);

/** The transcript texts of the page's session examples (JSON values pretty-printed, as the page shows them). */
async function sessionExamples() {
  const texts = [];
  for (const name of await readdir(EXAMPLES)) {
    const example = JSON.parse(await readFile(new URL(name, EXAMPLES), 'utf8'));
    if (example.tab !== 'session') continue;
    texts.push([name, typeof example.a === 'string' ? example.a : JSON.stringify(example.a, null, 2)]);
  }
  return texts;
}

/** Checks that every span the replay reports lies in the entry the page pins it to. */
function agrees(name, text) {
  const report = replaySession(text);
  const { rows, tasks } = buildSequence(report);
  const inside = (row, span) => row.start <= span.start && span.end <= row.end;
  // A task that ended (the crate's `ended`) has its lane end at its last row; one still open runs
  // to the end of the sequence.
  for (const task of tasks) {
    const state = report.tasks[task.id];
    assert.equal(state.ended, ['completed', 'failed', 'cancelled'].includes(state.lastStatus), `${name}: task ${task.id}`);
    const last = state.ended ? Math.max(task.steps.at(-1)[0], task.rows.at(-1) ?? 0) : rows.length - 1;
    if (task.steps.length) assert.equal(task.last, last, `${name}: task ${task.id}`);
  }
  let checked = 0;
  for (const row of rows) {
    // Each row is one message of the transcript, as it stands in the text.
    const message = JSON.parse(text.slice(row.start, row.end));
    assert.equal(typeof message, 'object', `${name}: row ${row.index}`);
  }
  for (const [id, task] of Object.entries(report.tasks)) {
    for (const step of task.history) {
      if (!step.span) continue;
      const row = rows.find((r) => r.entry === step.messageIndex);
      assert.ok(inside(row, step.span), `${name}: task ${id} step at message ${step.messageIndex}`);
      assert.ok(row.tasks.has(id), `${name}: message ${step.messageIndex} belongs to task ${id}`);
      checked++;
    }
  }
  for (const row of rows) {
    for (const finding of row.findings) {
      assert.ok(inside(row, finding.span), `${name}: ${finding.code} pinned to message ${row.index}`);
      checked++;
    }
  }
  return checked;
}

test('the page cuts every session example into the entries the replay reads', async () => {
  const examples = await sessionExamples();
  assert.ok(examples.length >= 3);
  for (const [name, text] of examples) {
    assert.ok(agrees(name, text) > 0, `${name}: something was checked`);
    // The same transcript as one compact array, and as JSON Lines of compact entries.
    const entries = text.trimStart().startsWith('[')
      ? JSON.parse(text)
      : text.split('\n').filter((line) => line.trim()).map((line) => JSON.parse(line));
    agrees(`${name} as an array`, JSON.stringify(entries));
    agrees(`${name} as JSON Lines`, `${entries.map((e) => JSON.stringify(e)).join('\n')}\n`);
  }
});

test('directions: envelopes say; without them, answers go back to whoever asked', () => {
  const text = [
    { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    { jsonrpc: '2.0', id: 7, method: 'elicitation/create', params: {} },
    { jsonrpc: '2.0', id: 7, result: { action: 'accept' } },
    { jsonrpc: '2.0', id: 1, result: { tools: [] } },
    { toModel: { content: [] }, taskId: 't' },
    { hello: 1 },
  ].map((entry) => JSON.stringify(entry)).join('\n');
  const rows = readSequence(replaySession(text));
  assert.deepEqual(rows.map((row) => [row.from, row.kind, row.label]), [
    ['client', 'request', 'tools/list'],
    ['server', 'request', 'elicitation/create'],
    ['client', 'response', 'ElicitResult · accept'],
    ['server', 'response', '0 tools'],
    ['host', 'toModel', 'handed to the model'],
    ['host', 'other', 'not a message'],
  ]);
  assert.deepEqual([...rows[4].tasks], ['t']);
  // An answer names its request's row.
  assert.deepEqual([rows[2].request, rows[3].request], [1, 0]);
});

test('time offsets', () => {
  assert.equal(offsetText(1_599, 1_000), '+0.599 s');
  assert.equal(offsetText(124_250, 1_000), '+2:03.250');
  assert.equal(offsetText(undefined, 1_000), '');
});

test('result kinds of both task generations', async () => {
  const example = JSON.parse(await readFile(new URL('session-input-required-2026-07-28.json', EXAMPLES), 'utf8'));
  assert.deepEqual(readSequence(replaySession(example.a)).map((row) => row.label), [
    'tools/call', 'CreateTaskResult · working', 'tasks/get', 'task input_required',
    'tasks/update', 'UpdateTaskResult', 'tasks/get', 'task completed · with its result',
  ]);
  const older = JSON.parse(await readFile(new URL('broken-session-status-after-terminal.json', EXAMPLES), 'utf8'));
  assert.deepEqual(readSequence(replaySession(JSON.stringify(older.a))).map((row) => row.label).slice(0, 4), [
    'tools/call', 'CreateTaskResult · working', 'tasks/get', 'task completed',
  ]);
});

test("a task's lane runs from the first to the last row the crate gives it: to its last row once ended, to the sequence's end while not", () => {
  const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'slow', arguments: {}, task: {} } };
  const created = { jsonrpc: '2.0', id: 1, result: { task: { taskId: 't', status: 'working', createdAt: '2026-01-01T00:00:00Z', lastUpdatedAt: '2026-01-01T00:00:00Z', ttl: 60000 } } };
  const get = { jsonrpc: '2.0', id: 2, method: 'tasks/get', params: { taskId: 't' } };
  const done = { jsonrpc: '2.0', id: 2, result: { taskId: 't', status: 'completed', createdAt: '2026-01-01T00:00:00Z', lastUpdatedAt: '2026-01-01T00:00:01Z', ttl: 60000 } };
  const ping = { jsonrpc: '2.0', id: 3, method: 'ping' };
  const lane = (messages) => buildSequence(replaySession(messages.map((m) => JSON.stringify(m)).join('\n'))).tasks[0];
  // The call names no task: its answer does, and a request shares its answer's tasks.
  const ended = lane([call, created, get, done, ping]);
  assert.deepEqual([ended.id, ended.first, ended.last, ended.rows], ['t', 0, 3, [0, 1, 2, 3]]);
  const open = lane([call, created, get, ping]);
  assert.deepEqual([open.first, open.last], [0, 3]);
  assert.deepEqual(lane([call, created, ping]).last, 2);
});

test('each finding is in the row the crate puts it in: its index in the report\'s diagnostics', () => {
  const text = [
    JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    JSON.stringify({ jsonrpc: '2.0', id: 9, result: {} }),
  ].join('\n');
  const report = replaySession(text);
  const rows = readSequence(report);
  const unmatched = report.diagnostics.findIndex((d) => d.code === 'unmatched-response');
  assert.ok(unmatched >= 0);
  assert.deepEqual(report.sequence[1].findings, [unmatched]);
  assert.deepEqual(rows[1].findings, [report.diagnostics[unmatched]]);
  assert.deepEqual(rows[0].findings, []);
});
