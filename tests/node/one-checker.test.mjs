// One checker (issue 34): the same transcript gives the same findings — code, severity,
// line:column in the transcript, tool name and pointer — from `check-server --record` (its own
// findings against `replay` of the file it wrote), `replay`, and `proxy --report` (the
// recording's messages fed through the proxy: the host side from this test, the server side
// from fixtures/proxy/replay-server.mjs). Two recordings: a real server-everything task session
// with an elicitation, and a deliberately broken double (fixtures/servers/broken-mix.mjs). The
// page's Session tab: tests/browser/one-checker.test.mjs.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { after, test } from 'node:test';

const CLI = new URL('../../pkg/cli.js', import.meta.url).pathname;
const DOUBLES = new URL('./fixtures/servers/', import.meta.url).pathname;
const REPLAY_SERVER = new URL('./fixtures/proxy/replay-server.mjs', import.meta.url).pathname;
const require = createRequire(import.meta.url);
const TEMP = mkdtempSync(join(tmpdir(), 'one-checker-'));
after(() => rmSync(TEMP, { recursive: true, force: true }));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The `bin` script of a reference server package. */
function bin(pkg) {
  const manifest = require.resolve(`${pkg}/package.json`);
  const { bin: entry } = require(manifest);
  return join(dirname(manifest), typeof entry === 'string' ? entry : Object.values(entry)[0]);
}

/** Runs the CLI in TEMP: `{ status, stdout, stderr }`. */
function cli(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: TEMP });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c) => (stderr += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60000);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

/** A finding as the front ends are compared on. */
const key = (f) => `${f.line}:${f.column} ${f.severity} ${f.code} tool=${f.tool ? `${f.tool.name}#${f.tool.pointer}` : '-'}`;
const keys = (list) => list.map(key).sort();

/** `check-server --record NAME ...args`: its findings in the recording, and the recording. */
async function checkServer(name, args) {
  const run = await cli(['check-server', '--format', 'json', '--record', name, ...args]);
  assert.equal(run.stderr, '', run.stderr);
  const document = JSON.parse(run.stdout);
  return { document, found: document.findings.filter((f) => f.file === name), text: readFileSync(join(TEMP, name), 'utf8') };
}

/** `replay --format json FILE`: its findings. */
async function replay(name) {
  const run = await cli(['replay', '--format', 'json', name]);
  return JSON.parse(run.stdout).findings;
}

/**
 * The recording `name` through the proxy: this host sends each recorded client message once every
 * server message recorded before it has come back, the replaying server answers alike. Returns the
 * proxy's report in transcript terms (entry `index` is line index + 1; a column in a message is
 * moved by its envelope's head) and the proxy's own recording.
 */
async function proxy(name) {
  const entries = readFileSync(join(TEMP, name), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
  const report = join(TEMP, `${name}.report.jsonl`);
  const record = join(TEMP, `${name}.proxied.jsonl`);
  const child = spawn(process.execPath, [CLI, 'proxy', '--quiet', '--report', report, '--record', record, '--', process.execPath, REPLAY_SERVER, join(TEMP, name)], { stdio: ['pipe', 'pipe', 'inherit'] });
  let fromServer = 0;
  let wake = () => {};
  createInterface({ input: child.stdout }).on('line', () => {
    fromServer += 1;
    wake();
  });
  let serverBefore = 0;
  for (const entry of entries) {
    if (entry.direction === 'server') {
      serverBefore += 1;
      continue;
    }
    while (fromServer < serverBefore) await new Promise((resolve) => (wake = resolve));
    child.stdin.write(`${JSON.stringify(entry.message)}\n`);
  }
  while (fromServer < serverBefore) await new Promise((resolve) => (wake = resolve));
  const text = (path) => (existsSync(path) ? readFileSync(path, 'utf8') : '');
  // Wait until the checker has recorded every message (its findings come with them).
  for (const end = Date.now() + 30000; Date.now() < end && text(record).split('\n').length - 1 < entries.length; await sleep(50));
  child.stdin.end();
  await new Promise((resolve) => child.on('close', resolve));
  const lines = text(record).split('\n');
  const found = text(report).split('\n').filter(Boolean).map((l) => JSON.parse(l)).map((f) => {
    const head = lines[f.index].indexOf('"message":') + '"message":'.length;
    return { ...f, line: f.index + 1, column: head + f.column };
  });
  return { found, recording: text(record) };
}

/** The messages of a recording, without timestamps. */
const messages = (text) => text.split('\n').filter(Boolean).map((l) => {
  const { direction, message } = JSON.parse(l);
  return JSON.stringify({ direction, message });
});

/** Runs check-server, then replay and the proxy on its recording; asserts they agree. */
async function agree(name, args) {
  const served = await checkServer(name, args);
  const replayed = await replay(name);
  assert.deepEqual(keys(served.found), keys(replayed), 'check-server = replay of its recording');
  const proxied = await proxy(name);
  assert.deepEqual(messages(proxied.recording), messages(served.text), 'the proxy saw the recording message for message');
  // Poll timing is judged on each recording's own timestamps: the proxy's replay is faster.
  const timed = (list) => keys(list.filter((f) => f.code !== 'poll-too-fast'));
  assert.deepEqual(timed(proxied.found), timed(replayed), 'proxy --report = replay');
  return { served, replayed };
}

test('a real server-everything task session with an elicitation: check-server, replay and proxy agree', async () => {
  const args = join(TEMP, 'ambiguous.json');
  writeFileSync(args, JSON.stringify({ topic: 'quantum computing', ambiguous: true }));
  const elicit = join(TEMP, 'elicit.json');
  writeFileSync(elicit, JSON.stringify({ action: 'accept', content: { interpretation: 'technical' } }));
  const { served, replayed } = await agree('everything.jsonl', ['--protocol', '2025-11-25', '--timeout', '20000', '--elicit', elicit, '--call', 'simulate-research-query', args, '--', process.execPath, bin('@modelcontextprotocol/server-everything')]);
  const call = served.document.results[0].calls[0];
  assert.ok(call.statuses.includes('input_required') && call.statuses.at(-1) === 'completed', JSON.stringify(call));
  assert.ok(served.text.includes('"method":"elicitation/create"'));
  assert.ok(replayed.every((f) => f.code !== 'official-schema'), JSON.stringify(replayed));
  // Every tools/list finding names its tool.
  const listLine = served.text.split('\n').findIndex((l) => l.includes('"tools":[')) + 1;
  assert.ok(replayed.filter((f) => f.line === listLine).every((f) => f.tool?.name), 'tool named');
});

test('a deliberately broken double: check-server, replay and proxy agree on every fault', async () => {
  const count = join(TEMP, 'count.json');
  writeFileSync(count, '{"what": "apples"}');
  // Default targets: the proxy has no --target, and each front end must judge alike.
  const { served, replayed } = await agree('broken.jsonl', ['--timeout', '20000', '--call', 'needs-task', count, '--call', 'count', count, '--', process.execPath, join(DOUBLES, 'broken-mix.mjs')]);
  const codes = replayed.map((f) => f.code);
  // The server offers no tasks: its tool requiring them is flagged on the list, and the call
  // without a task is no fault of the client's; the -32021 refusal is a valid error response.
  const unavailable = replayed.find((f) => f.code === 'task-support-unavailable');
  assert.deepEqual(unavailable.tool, {
    name: 'needs-task', pointer: '/execution/taskSupport',
    template: 'tool {value} requires task execution, but the server does not declare {value}, so clients must not call it as a task: no client can call it',
  });
  for (const absent of ['required-task-not-refused', 'wrong-refusal-code', 'task-required', 'schema-version', 'official-schema']) assert.ok(!codes.includes(absent), `${absent}: ${codes}`);
  const output = replayed.find((f) => f.code === 'type');
  assert.deepEqual({ ...output.tool, template: undefined }, { name: 'count', pointer: '/outputSchema/properties/count/type', template: undefined });
  assert.equal(output.tool.template, output.message.replaceAll('"count"', '{value}'), 'the template marks the quoted values');
  assert.ok(codes.includes('cursor-loop'), codes.join());
  const renamed = replayed.filter((f) => f.code.startsWith('vscode/'));
  assert.ok(renamed.length > 0 && renamed.every((f) => f.tool.name === 'bad name!'), JSON.stringify(renamed));
  const table = served.document.results[0];
  assert.deepEqual(table.tools.map((t) => t.name), ['needs-task', 'count', 'bad name!']);
  for (const target of ['claude-code', 'vscode']) assert.ok(target in table.list, target);
  assert.equal(served.document.results[0].calls[0].error, 'this tool must be called as a task');
});

// check-server's run events (what happened besides the messages) are the session's findings too
// (src/host/session/events.rs): each at the line of the entry it is about, everything else as
// `replay` of the recording finds it. The double: fixtures/servers/run-events.mjs.
const EVENTS = ['initialize-refused', 'list-refused', 'too-many-pages', 'task-timeout', 'elicitation-cancelled', 'no-answer'];

/** check-server and replay on one recording: the events apart, the same findings; the events. */
async function withEvents(name, args) {
  const served = await checkServer(name, args);
  const replayed = await replay(name);
  const isEvent = (f) => EVENTS.includes(f.code);
  assert.deepEqual(keys(served.found.filter((f) => !isEvent(f))), keys(replayed), 'check-server = replay of its recording, the events apart');
  assert.ok(!replayed.some(isEvent), 'the recording alone holds no run event');
  const lines = served.text.split('\n');
  /** The 1-based line of the first recorded message `test` accepts. */
  const lineOf = (test) => lines.findIndex((l) => l && test(JSON.parse(l))) + 1;
  return { served, events: served.found.filter(isEvent), lineOf };
}

test('check-server run events: a refused initialize is the session\'s error at the refusal, placed in words without --record', async () => {
  const refuse = ['--timeout', '10000', '--', process.execPath, join(DOUBLES, 'run-events.mjs'), 'refuse'];
  const { events, lineOf } = await withEvents('refused.jsonl', refuse);
  const answer = lineOf((e) => e.direction === 'server' && e.message.error?.message === 'unsupported protocol version');
  assert.deepEqual(events.map((f) => [f.code, f.severity, f.line, f.column]), [['initialize-refused', 'error', answer, 1]]);
  assert.equal(events[0].message, 'the server refused initialize: unsupported protocol version');
  const human = await cli(['check-server', ...refuse]);
  assert.equal(human.status, 1);
  assert.match(human.stdout, /^message \d+ \(the answer to initialize\): error\[initialize-refused\]: the server refused initialize: unsupported protocol version$/m);
});

test('check-server run events: a request never answered is the session\'s no-answer error at the request, the run reported as far as it went', async () => {
  // The double reads its stdin and never answers (fixtures/servers/silent.mjs): its first
  // request waits --startup-timeout, then the run stops there. The wait is long enough for the
  // double to start and say its stderr line on a busy machine (800 ms was not, in the parallel gate).
  const silent = ['--startup-timeout', '10000', '--', process.execPath, join(DOUBLES, 'silent.mjs')];
  const run = await cli(['check-server', '--format', 'json', '--record', 'silent.jsonl', ...silent]);
  assert.equal(run.status, 1, run.stderr);
  const document = JSON.parse(run.stdout);
  const entries = readFileSync(join(TEMP, 'silent.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
  const asked = entries.findIndex((e) => e.direction === 'client' && e.message?.method === 'server/discover') + 1;
  assert.ok(asked > 0, JSON.stringify(entries));
  const found = document.findings.filter((f) => f.code === 'no-answer');
  assert.deepEqual(found.map((f) => [f.file, f.severity, f.line, f.column]), [['silent.jsonl', 'error', asked, 1]]);
  assert.equal(found[0].message, 'no answer to server/discover within 10000 ms (the start-up wait: the server has sent nothing yet); the check stopped there');
  // Why it went silent: the server's stderr, in the result and on stderr.
  assert.match(document.results[0].stderrTail, /silent double: listening, never answering/);
  assert.match(run.stderr, /silent double: listening, never answering/);
  assert.ok(!(await replay('silent.jsonl')).some((f) => f.code === 'no-answer'), 'the recording alone holds no run event');
  // Without --record, in words: the request it is about.
  const human = await cli(['check-server', ...silent]);
  assert.equal(human.status, 1);
  assert.match(human.stdout, /error\[no-answer\]: no answer to server\/discover within 10000 ms/);
});

test('check-server run events: a refused list, endless pages, a question cancelled and a task that never finishes', async () => {
  const args = join(TEMP, 'stuck.json');
  writeFileSync(args, '{}');
  // The task stays working: the call is cancelled once a poll would pass --timeout (no other
  // wall-clock assumption: a busy machine only makes the same run slower).
  const { served, events, lineOf } = await withEvents('events.jsonl', ['--protocol', '2025-11-25', '--timeout', '6000', '--call', 'stuck', args, '--', process.execPath, join(DOUBLES, 'run-events.mjs')]);
  const request = (method) => lineOf((e) => e.direction === 'client' && e.message.method === method);
  const asked = lineOf((e) => e.message?.method === 'elicitation/create');
  const pages = served.text.split('\n').map((l, i) => [l, i + 1]).filter(([l]) => l.includes('"nextCursor"'));
  const answerTo = (method) => {
    const id = JSON.parse(served.text.split('\n')[request(method) - 1]).message.id;
    return lineOf((e) => e.direction === 'server' && e.message.id === id && e.message.method === undefined);
  };
  const byCode = Object.fromEntries(events.map((f) => [f.code, f]));
  assert.deepEqual(Object.keys(byCode).sort(), ['elicitation-cancelled', 'list-refused', 'task-timeout', 'too-many-pages']);
  assert.deepEqual([byCode['list-refused'].severity, byCode['list-refused'].line], ['error', answerTo('prompts/list')]);
  assert.deepEqual([byCode['too-many-pages'].severity, byCode['too-many-pages'].line], ['error', pages.at(-1)[1]]);
  assert.equal(pages.length, 100);
  assert.deepEqual([byCode['task-timeout'].severity, byCode['task-timeout'].line], ['error', request('tools/call')]);
  assert.deepEqual([byCode['elicitation-cancelled'].severity, byCode['elicitation-cancelled'].line], ['warning', asked]);
  const [call] = served.document.results[0].calls;
  assert.deepEqual([call.asTask, call.timedOut], [true, true]);
});
