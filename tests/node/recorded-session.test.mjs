// A live session with the real reference server `@modelcontextprotocol/server-everything`
// (pinned devDependency, stdio, no network), recorded as a host sees it and replayed through the
// built package (pkg/node.js): both flows of `simulate-research-query` (plain, and asking for a
// clarification by elicitation). `replaySession` finds nothing but the true lint on the server's
// open no-argument tools, the host session state is right, and every message classifies without
// an error. The recorder is tests/node/record-everything.mjs (it also rewrites the committed
// fixtures, which tests/native/session_recordings.rs replays natively). About 10 s: the server's task
// runs four 1-second stages per flow.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { recordResearch } from './record-everything.mjs';

const PKG = new URL('../../pkg/node.js', import.meta.url);
assert.ok(existsSync(PKG), `${fileURLToPath(PKG)} is missing: run make pkg first`);
const { classify, replaySession } = await import(PKG);

/** The server's tools that take no arguments and leave their inputSchema open (a true lint). */
const OPEN_NO_ARGUMENT_TOOLS = [
  'get-env',
  'get-tiny-image',
  'toggle-simulated-logging',
  'toggle-subscriber-updates',
  'trigger-elicitation-request',
  'trigger-elicitation-request-async',
];

/** Replays a recording and checks what every real recording must show; returns its one task. */
function replayRecorded(text, { ambiguous }) {
  const { tasks, diagnostics } = replaySession(text);
  // The session's own rules (the compatibility verdicts on the real tools, codes `target/rule`,
  // are the profiles', tested in compat.test.mjs).
  const findings = diagnostics.filter((d) => d.severity !== 'info' && !d.code.includes('/'));
  for (const d of findings) assert.ok(d.message.includes(`tool "${d.tool.name}" `), 'names its tool');
  const unexpected = findings.filter((d) => d.code !== 'no-argument-tool-open');
  assert.deepEqual(unexpected, [], 'no finding but the open no-argument tools');
  const named = findings.map((d) => OPEN_NO_ARGUMENT_TOOLS.find((t) => d.message.includes(`tool "${t}" `)));
  assert.deepEqual([...named].sort(), OPEN_NO_ARGUMENT_TOOLS, 'once per tool, naming it');
  assert.equal(new Set(findings.map((d) => d.span.start)).size, findings.length, 'each with its own span');

  const ids = Object.keys(tasks);
  assert.equal(ids.length, 1);
  const task = tasks[ids[0]];
  assert.equal(task.toolName, 'simulate-research-query');
  assert.deepEqual(task.arguments, { topic: 'quantum computing', ambiguous });
  assert.equal(task.lastStatus, 'completed');
  assert.equal(task.generation, '2025-11-25');
  assert.equal(task.history[0].event, 'created');
  return task;
}

/** Every message of a recording classifies, without an error; returns the kinds seen. */
function classifyAll(text) {
  const kinds = new Set();
  for (const [i, line] of text.trim().split('\n').entries()) {
    const { message } = JSON.parse(line);
    const found = classify(JSON.stringify(message));
    assert.notEqual(found.kind, 'Unknown', `line ${i + 1}: ${line.slice(0, 200)}`);
    const errors = found.diagnostics.filter((d) => d.severity === 'error');
    assert.deepEqual(errors, [], `line ${i + 1} (${found.kind})`);
    kinds.add(found.kind);
  }
  return kinds;
}

test('a live research task replays clean, its early status notification attributed', async () => {
  const text = await recordResearch({ ambiguous: false });
  const task = replayRecorded(text, { ambiguous: false });
  const lines = text.trim().split('\n').map((line) => JSON.parse(line));
  const createdAt = task.history[0].messageIndex;
  // What the server really sends: the first notifications/tasks/status before the CreateTaskResult.
  const early = lines.findIndex((l) => l.message.method === 'notifications/tasks/status');
  assert.ok(early >= 0 && early < createdAt, `status notification at ${early}, CreateTaskResult at ${createdAt}`);
  assert.ok(task.history.some((h) => h.messageIndex === early && h.event === 'notified'));
  assert.ok(!task.history.some((h) => h.status === 'input_required'));
  const kinds = classifyAll(text);
  for (const kind of ['InitializeRequest', 'ListToolsResult', 'CallToolRequest', 'CreateTaskResult',
    'TaskStatusNotification', 'GetTaskRequest', 'GetTaskResult', 'GetTaskPayloadRequest']) {
    assert.ok(kinds.has(kind), `${kind} in ${[...kinds]}`);
  }
});

test('a live research task asking for input goes input_required, elicits, resumes and completes', async () => {
  const text = await recordResearch({ ambiguous: true });
  const task = replayRecorded(text, { ambiguous: true });
  const statuses = task.history.filter((h) => !h.stale).map((h) => h.status);
  const input = statuses.indexOf('input_required');
  assert.ok(input > 0, `input_required in ${statuses}`);
  assert.ok(statuses.slice(input).includes('working'), `resumed: ${statuses}`);
  assert.equal(statuses.at(-1), 'completed');
  const lines = text.trim().split('\n').map((line) => JSON.parse(line));
  const ask = lines.find((l) => l.message.method === 'elicitation/create');
  assert.equal(ask.direction, 'server');
  assert.equal(ask.message.params._meta['io.modelcontextprotocol/related-task'].taskId, Object.keys(replaySession(text).tasks)[0]);
  const kinds = classifyAll(text);
  assert.ok(kinds.has('ElicitRequest') && kinds.has('ElicitResult'), [...kinds].join(', '));
});
