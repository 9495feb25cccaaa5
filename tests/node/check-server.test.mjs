// `mcp-json-toolbox check-server` (pkg/cli.js) against the real reference servers from
// node_modules (stdio, and server-everything over Streamable HTTP on 127.0.0.1) and the small
// test doubles in fixtures/servers/: a silent server, one crashing mid-list, looping pages, a tool
// Claude Code drops, a task result breaking its outputSchema (both protocol generations).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { runCli } from './run-cli.mjs';

const DOUBLES = new URL('./fixtures/servers/', import.meta.url).pathname;
const require = createRequire(import.meta.url);
const TEMP = mkdtempSync(join(tmpdir(), 'check-server-'));
after(() => rmSync(TEMP, { recursive: true, force: true }));

/** The `bin` script of a reference server package. */
function bin(pkg) {
  const manifest = require.resolve(`${pkg}/package.json`);
  const { bin: entry } = require(manifest);
  return join(dirname(manifest), typeof entry === 'string' ? entry : Object.values(entry)[0]);
}
const EVERYTHING = bin('@modelcontextprotocol/server-everything');

/** Writes `value` as JSON into the temp folder; returns its path. */
function file(name, value) {
  const path = join(TEMP, name);
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value));
  return path;
}

/** Runs the CLI in the temp folder (killed after `limitMs`): `{ status, stdout, stderr, ms }`. */
const cli = (args, { env = {}, limitMs = 60000 } = {}) => runCli(args, { cwd: TEMP, env, limitMs });

/** The CLI with `--format json`: the exit status, the document and the findings' codes. */
async function json(args, options) {
  const [command, ...rest] = args;
  const run = await cli([command, '--format', 'json', ...rest], options);
  assert.equal(run.stderr, '', run.stderr);
  const document = JSON.parse(run.stdout);
  return { status: run.status, document, result: document.results[0], codes: document.findings.map((f) => f.code) };
}

const check = (...args) => ['check-server', ...args];
const RESEARCH_AMBIGUOUS = file('ambiguous.json', { topic: 'quantum computing', ambiguous: true });
const RESEARCH_PLAIN = file('plain.json', { topic: 'quantum computing', ambiguous: false });
const ECHO = file('echo.json', { message: 'hello' });
const ELICIT = file('elicit.json', { action: 'accept', content: { interpretation: 'technical' } });

test('server-everything over stdio: the summary, a plain tool and the task tool with its elicitation answered from --elicit', async () => {
  const run = await json(check('--target', 'claude-code', '--timeout', '20000', '--record', 'everything.jsonl', '--elicit', ELICIT,
    '--call', 'echo', ECHO, '--call', 'simulate-research-query', RESEARCH_AMBIGUOUS, '--', process.execPath, EVERYTHING, 'stdio'));
  assert.equal(run.status, 0, JSON.stringify(run.document.findings));
  assert.equal(run.result.server.protocolVersion, '2025-11-25');
  assert.equal(run.result.server.offered, '2026-07-28');
  assert.equal(run.result.server.serverInfo.name, 'mcp-servers/everything');
  assert.ok(run.result.tools.length >= 10);
  assert.equal(run.result.tools.find((t) => t.name === 'simulate-research-query').taskSupport, 'required');
  const [echo, research] = run.result.calls;
  assert.deepEqual([echo.sent, echo.asTask, echo.isError ?? false], [true, false, false]);
  assert.equal(research.asTask, true);
  assert.ok(research.statuses.includes('input_required'), research.statuses.join());
  assert.equal(research.statuses.at(-1), 'completed');
  assert.ok(!run.codes.includes('elicitation-cancelled'));
  // Notes (info: Claude Code's on a draft-07 outputSchema, unverified for current versions) aside.
  assert.deepEqual([...new Set(run.document.findings.filter((f) => f.severity !== 'info').map((f) => f.severity))], ['warning']);
  // The recorded transcript is what `replay` reads: the same task, completed.
  const replay = await cli(['replay', '--target', 'claude-code', 'everything.jsonl']);
  assert.equal(replay.status, 0);
  assert.match(replay.stdout, new RegExp(`everything\\.jsonl: checked against protocol 2025-11-25 \\(negotiated\\); 1 task \\(${research.taskId} completed\\)`));
});

test('server-everything: the task tool without elicitation, and an elicitation without --elicit is reported and cancelled', async () => {
  const plain = await json(check('--target', 'claude-code', '--timeout', '20000', '--call', 'simulate-research-query', RESEARCH_PLAIN, '--', process.execPath, EVERYTHING, 'stdio'));
  assert.equal(plain.status, 0);
  assert.equal(plain.result.calls[0].statuses.at(-1), 'completed');
  assert.ok(!plain.result.calls[0].statuses.includes('input_required'));
  const cancelled = await json(check('--target', 'claude-code', '--timeout', '20000', '--call', 'simulate-research-query', RESEARCH_AMBIGUOUS, '--', process.execPath, EVERYTHING, 'stdio'));
  assert.ok(cancelled.codes.includes('elicitation-cancelled'), cancelled.codes.join());
  const finding = cancelled.document.findings.find((f) => f.code === 'elicitation-cancelled');
  assert.equal(finding.file, 'check-server.jsonl');
  assert.ok(finding.line > 1);
});

test('filesystem (a temp root), memory and sequential-thinking over stdio: summaries, exit 0', async () => {
  const root = mkdtempSync(join(TEMP, 'root-'));
  const servers = [
    ['@modelcontextprotocol/server-filesystem', [root], {}],
    ['@modelcontextprotocol/server-memory', [], { MEMORY_FILE_PATH: join(TEMP, 'memory.jsonl') }],
    ['@modelcontextprotocol/server-sequential-thinking', [], {}],
  ];
  for (const [pkg, args, env] of servers) {
    const run = await json(check('--target', 'claude-code', '--timeout', '10000', '--', process.execPath, bin(pkg), ...args), { env });
    assert.equal(run.status, 0, `${pkg}: ${JSON.stringify(run.document.findings.filter((f) => f.severity === 'error'))}`);
    assert.equal(run.result.server.protocolVersion, '2025-11-25', pkg);
    assert.ok(run.result.tools.length >= 1, pkg);
    // sequential-thinking's one tool has a description longer than the 2,048 characters Claude
    // Code passes on: rewritten (cut), not refused (compat-data/claude-code.json).
    const verdict = pkg.endsWith('sequential-thinking') ? 'rewritten' : 'accepted';
    for (const tool of run.result.tools) assert.deepEqual([tool.errors, tool.targets], [0, { 'claude-code': verdict }], `${pkg} ${tool.name}`);
    // The list row counts list rules and rejections only.
    assert.deepEqual(run.result.list, { 'claude-code': 'accepted' });
  }
});

test('--target all, and a,b: a verdict per tool and for the list, the strict profiles rejecting', async () => {
  const run = await json(check('--timeout', '10000', '--target', 'all', '--', process.execPath, bin('@modelcontextprotocol/server-sequential-thinking')));
  const targets = Object.keys(run.result.list);
  for (const target of ['anthropic', 'anthropic-strict', 'openai-strict', 'claude-code', 'cursor', 'mcp']) assert.ok(targets.includes(target), target);
  assert.deepEqual(Object.keys(run.result.tools[0].targets), targets);
  assert.equal(run.result.list['claude-code'], 'accepted');
  assert.equal(run.result.tools[0].targets['claude-code'], 'rewritten', 'its description is cut at 2,048 characters');
  // Its inputSchema leaves out additionalProperties: false, which strict mode requires.
  assert.equal(run.result.list['openai-strict'], 'rejected');
  assert.equal(run.status, 1);
  assert.ok(run.codes.includes('openai-strict/open-object'), run.codes.join());
  const strict = run.document.findings.find((f) => f.code === 'openai-strict/open-object');
  assert.equal(strict.tool.name, run.result.tools[0].name, 'a compatibility finding names its tool');
  const two = await json(check('--timeout', '10000', '--target', 'claude-code,mcp', '--target', 'cursor', '--', process.execPath, bin('@modelcontextprotocol/server-sequential-thinking')));
  assert.deepEqual(Object.keys(two.result.list), ['claude-code', 'mcp', 'cursor']);
});

/** A free TCP port on 127.0.0.1. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

test('server-everything over Streamable HTTP on 127.0.0.1: session id, SSE answers, the task and its elicitation', async () => {
  const port = await freePort();
  const server = spawn(process.execPath, [EVERYTHING, 'streamableHttp'], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'] });
  try {
    // A start-up budget, not a timing assertion: generous for a busy machine, and a server that
    // exits first fails at once with what it said.
    await new Promise((resolve, reject) => {
      let seen = '';
      const timer = setTimeout(() => reject(new Error(`server-everything did not start listening within 60 s: ${seen}`)), 60000);
      server.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`server-everything exited (${code}) before listening: ${seen}`));
      });
      server.stderr.setEncoding('utf8').on('data', (chunk) => {
        seen += chunk;
        if (seen.includes('listening on port')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    const url = `http://127.0.0.1:${port}/mcp`;
    const run = await json(check('--target', 'claude-code', '--timeout', '20000', '--url', url, '--elicit', ELICIT, '--call', 'simulate-research-query', RESEARCH_AMBIGUOUS, '--call', 'echo', ECHO));
    assert.equal(run.result.server.protocolVersion, '2025-11-25');
    assert.ok(run.result.tools.length >= 10);
    assert.equal(run.result.calls[0].statuses.at(-1), 'completed');
    assert.ok(run.result.calls[0].statuses.includes('input_required'));
    assert.equal(run.result.calls[1].sent, true);
    // Offered 2026-07-28 first: the SDK answers server/discover with an error whose id is null,
    // which the 2026-07-28 request declared in its `_meta` makes a JSONRPCErrorResponse of that
    // version, whose `id` is a RequestId (or absent): said once, as `null-id`.
    const errors = run.document.findings.filter((f) => f.severity === 'error');
    assert.deepEqual(errors.map((f) => f.code), ['null-id']);
    assert.equal(errors[0].instancePath, '/1/message/id');
    const plain = await json(check('--target', 'claude-code', '--protocol', '2025-11-25', '--timeout', '10000', '--url', url));
    assert.equal(plain.status, 0, JSON.stringify(plain.document.findings));
    assert.equal(plain.result.server.via, 'initialize');
  } finally {
    server.kill();
  }
});

test('a server that never answers: the session\'s no-answer error after the start-up wait (not --timeout), and its stderr tail', async () => {
  // --timeout is per answer once the server has said something; its first answer gets
  // --startup-timeout. The silence is a run event the session names and grades (no-answer,
  // tests/node/one-checker.test.mjs places it); the run is reported as far as it went. The wait is
  // long enough for the double to start and say its line on a busy machine (800 ms was not, with
  // the gate's phases side by side); the three runs wait together.
  const wait = 10000;
  const silent = ['--target', 'claude-code', '--startup-timeout', String(wait), '--', process.execPath, join(DOUBLES, 'silent.mjs')];
  const cause = `no answer to server/discover within ${wait} ms (the start-up wait: the server has sent nothing yet)`;
  const [run, asJson, asGithub] = await Promise.all([
    cli(check('--timeout', '300', ...silent), { limitMs: 60000 }),
    cli(check('--format', 'json', ...silent), { limitMs: 60000 }),
    cli(check('--format', 'github', ...silent), { limitMs: 60000 }),
  ]);
  assert.equal(run.status, 1, run.stderr);
  assert.ok(run.ms >= wait, `${run.ms} ms: it gave up before the start-up wait`);
  assert.ok(run.stdout.includes(`error[no-answer]: ${cause}; the check stopped there\n`), run.stdout);
  assert.match(run.stderr, /silent double: listening, never answering/);
  // A CI step that reads JSON or annotations learns the cause there too.
  assert.equal(asJson.status, 1);
  const { findings, results: [result] } = JSON.parse(asJson.stdout);
  assert.deepEqual(findings.map((f) => [f.code, f.severity]), [['no-answer', 'error']]);
  assert.match(result.stderrTail, /silent double: listening, never answering/);
  assert.equal(asGithub.status, 1);
  assert.ok(asGithub.stdout.includes(`no answer to server/discover within ${wait} ms`), asGithub.stdout);
  assert.match(asGithub.stdout, /^::error /m);
});

test('a server that crashes mid-list, and a command that does not exist: exit 2 with the cause', async () => {
  const crash = await cli(check('--target', 'claude-code', '--timeout', '20000', '--', process.execPath, join(DOUBLES, 'crash-mid-list.mjs')));
  assert.equal(crash.status, 2);
  assert.match(crash.stderr, /the server exited \(code 3\) while the check was running/);
  assert.match(crash.stderr, /crash double: TypeError: cannot read page-2/);
  const missing = await cli(check('--target', 'claude-code', '--timeout', '20000', '--', join(TEMP, 'no-such-server')));
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /cannot start .*no-such-server: no such command/);
});

test('tools/list pages that loop: stopped, and the session reports the repeated cursor, exit 1', async () => {
  const run = await json(check('--target', 'claude-code', '--timeout', '20000', '--record', 'loop.jsonl', '--', process.execPath, join(DOUBLES, 'cursor-loop.mjs')));
  assert.equal(run.status, 1);
  assert.deepEqual(run.codes, ['cursor-loop']);
  const [finding] = run.document.findings;
  assert.match(finding.message, /nextCursor "page-1" was already given/);
  const line = readFileSync(join(TEMP, 'loop.jsonl'), 'utf8').split('\n')[finding.line - 1];
  assert.equal(line.slice(finding.column - 1, finding.endColumn - 1), '"page-1"');
  assert.equal(finding.instancePath, `/${finding.line - 1}/message/result/nextCursor`);
  assert.deepEqual(run.result.tools.map((t) => t.name), ['tool-start', 'tool-page-1', 'tool-page-2']);
});

test('a tool Claude Code drops (inputSchema not an object): an error finding in the transcript, its verdict, exit 1', async () => {
  const run = await json(check('--target', 'claude-code', '--timeout', '20000', '--record', 'dropped.jsonl', '--', process.execPath, join(DOUBLES, 'dropped-tool.mjs')));
  assert.equal(run.status, 1);
  assert.ok(run.codes.includes('schema-root-not-object'), run.codes.join());
  const finding = run.document.findings.find((f) => f.code === 'schema-root-not-object');
  const transcript = readFileSync(join(TEMP, 'dropped.jsonl'), 'utf8').split('\n');
  assert.equal(transcript[finding.line - 1].slice(finding.column - 1, finding.endColumn - 1), '"string"');
  assert.deepEqual(run.result.tools.map((t) => [t.name, t.errors > 0, t.targets['claude-code']]), [['fine', false, 'accepted'], ['dropped', true, 'rejected']]);
  assert.deepEqual({ ...finding.tool, template: undefined }, { name: 'dropped', pointer: '/inputSchema/type', template: undefined });
  assert.ok(!finding.tool.template.includes('dropped'), 'the template leaves the tool\'s name out');
  assert.equal(run.result.list['claude-code'], 'rejected');
  assert.ok(run.codes.includes('anthropic/root-type'), run.codes.join());
});

test('--call arguments that fail the inputSchema: a finding in the arguments file, not sent unless --send-invalid', async () => {
  const bad = file('bad-args.json', '{"q": 5}');
  const server = ['--', process.execPath, join(DOUBLES, 'dropped-tool.mjs')];
  const held = await json(check('--target', 'claude-code', '--timeout', '20000', '--call', 'fine', bad, ...server));
  const finding = held.document.findings.find((f) => f.file === bad);
  assert.deepEqual([finding.code, finding.line, finding.column], ['type', 1, 7]);
  assert.equal(held.result.calls[0].sent, false);
  const sent = await json(check('--target', 'claude-code', '--timeout', '20000', '--send-invalid', '--call', 'fine', bad, ...server));
  assert.equal(sent.result.calls[0].sent, true);
  const unknown = await json(check('--target', 'claude-code', '--timeout', '20000', '--call', 'nope', bad, ...server));
  assert.ok(unknown.codes.includes('unknown-tool'));
});

for (const protocol of ['2025-11-25', '2026-07-28']) {
  test(`a task result that breaks the tool's outputSchema (${protocol}): found in the recorded result, exit 1`, async () => {
    const args = file('count.json', { what: 'apples' });
    const run = await json(check('--target', 'claude-code', '--protocol', protocol, '--timeout', '20000', '--call', 'count-things', args, '--', process.execPath, join(DOUBLES, 'bad-task-result.mjs')));
    assert.equal(run.status, 1);
    assert.equal(run.result.server.protocolVersion, protocol);
    assert.deepEqual(run.result.calls[0].statuses, ['working', 'working', 'completed']);
    const errors = run.document.findings.filter((f) => f.severity === 'error');
    assert.deepEqual(errors.map((f) => [f.code, f.message]), [['type', '"count" must be an integer, got string']]);
    assert.match(errors[0].instancePath, /structuredContent\/count$/);
  });
}

test('a 2026-07-28 task asking for input (inputRequests): answered from --elicit by tasks/update and checked; without it, declined', async () => {
  const server = ['--', process.execPath, join(DOUBLES, 'input-task.mjs')];
  const args = file('convert.json', {});
  const good = await json(check('--target', 'claude-code', '--timeout', '20000', '--elicit', file('unit.json', { action: 'accept', content: { unit: 'metric' } }), '--call', 'convert', args, ...server));
  assert.equal(good.status, 0, JSON.stringify(good.document.findings));
  assert.deepEqual(good.result.calls[0].statuses, ['working', 'input_required', 'completed']);
  const answer = file('bad-unit.json', '{"action": "accept", "content": {"unit": "kelvin"}}');
  const bad = await json(check('--target', 'claude-code', '--timeout', '20000', '--elicit', answer, '--call', 'convert', args, ...server));
  assert.equal(bad.status, 1);
  // The answer is checked as sent: in the tasks/update of the transcript (the session's finding).
  assert.deepEqual(bad.document.findings.map((f) => [f.file, f.code]), [['check-server.jsonl', 'enum']]);
  assert.match(bad.document.findings[0].instancePath, /\/params\/inputResponses\/[^/]+\/content\/unit$/);
  const none = await json(check('--target', 'claude-code', '--timeout', '20000', '--call', 'convert', args, ...server));
  // Without --elicit a 2026-07-28 input request is declined; the summary counts it.
  assert.deepEqual(none.codes, []);
  assert.deepEqual([none.result.calls[0].declined, none.result.calls[0].statuses.at(-1)], [1, 'completed']);
});

test('--format github annotations, human summary table, and usage errors exit 2', async () => {
  const server = ['--', process.execPath, join(DOUBLES, 'dropped-tool.mjs')];
  const github = await cli(check('--format', 'github', '--record', 'dropped.jsonl', '--target', 'claude-code', '--timeout', '20000', ...server));
  assert.equal(github.status, 1);
  assert.match(github.stdout, /^::error file=dropped\.jsonl,line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=schema-root-not-object::/m);
  const human = await cli(check('--target', 'claude-code', '--timeout', '20000', ...server));
  assert.match(human.stdout, /^server: test-double 1\.0\.0\nprotocol: 2025-11-25 \(offered 2026-07-28, via initialize\)\ncapabilities: tools\ntools: 2\n  tool +taskSupport +findings +claude-code\n  fine +- +ok +accepted\n  dropped +- +\d+ errors?, \d+ warnings? +rejected\n  \(the list\) +rejected\n/);
  for (const args of [['--protocol', '2024-01-01', ...server], ['--call', 'x'], [], ['--url', 'ftp://x'], ['--timeout', 'soon', ...server], ['--target', 'nowhere', ...server]]) {
    const run = await cli(check(...args));
    assert.equal(run.status, 2, args.join(' '));
    assert.match(run.stderr, /^mcp-json-toolbox check-server: /);
  }
  const help = await cli(check('--help'));
  assert.equal(help.status, 0);
  assert.match(help.stdout, /--call NAME ARGS_FILE/);
});
