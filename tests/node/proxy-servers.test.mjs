// The official reference servers (npm devDependencies) through the proxy (pkg/cli.js proxy), driven
// by the real MCP SDK `Client` over its `StdioClientTransport`, next to the same session run
// directly (both at once): the client receives the same messages, message for message, with the
// proxy as without it; the live report holds no error; the recording replays (`replaySession`)
// with the same findings as the live report. server-everything's task tool
// `simulate-research-query` runs with and without elicitation (four 1-second stages each), next
// to plain tools; filesystem (a temporary root), memory (a temporary file), sequential-thinking;
// and the v2 SDK line (`@modelcontextprotocol/client` 2.4, which has no task API) on plain tools.
//
// What legitimately differs between two runs and is masked before comparing: the server's task
// ids (random UUIDs) and its `createdAt`/`lastUpdatedAt` times; each run's temporary folder (the
// filesystem server's root) in texts; and while a task runs, the `tasks/get` answers: how many
// there are and what each says depends on when the SDK's poll (every `pollInterval`) lands among
// the server's 1-second stages, in two independent server processes — so they are left out (the
// server's `notifications/tasks/status`, one per change, are compared), the ids of the responses
// after them are masked (the poll count shifts them), and runs of identical messages count once.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import * as v2 from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioClientTransportV2 } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const PKG = new URL('../../pkg/', import.meta.url);
assert.ok(existsSync(new URL('node.js', PKG)), `${fileURLToPath(PKG)} is missing: run make pkg first`);
const CLI = fileURLToPath(new URL('cli.js', PKG));
const { replaySession } = await import(new URL('node.js', PKG));
const require = createRequire(import.meta.url);

/** The `bin` script of a reference server package. */
function bin(pkg) {
  const manifest = require.resolve(`${pkg}/package.json`);
  const { bin: entry } = require(manifest);
  return join(dirname(manifest), typeof entry === 'string' ? entry : Object.values(entry)[0]);
}

/** The client capabilities: form elicitation, tasks for elicitation (as a task-aware host). */
const CAPABILITIES = {
  elicitation: { form: {} },
  tasks: { list: {}, cancel: {}, requests: { elicitation: { create: {} } } },
};

/** The two SDK lines: v1 (`@modelcontextprotocol/sdk`) and v2 (`@modelcontextprotocol/client`). */
const SDKS = {
  v1: { Client, StdioClientTransport, onElicit: (client, handler) => client.setRequestHandler(ElicitRequestSchema, handler) },
  v2: { Client: v2.Client, StdioClientTransport: StdioClientTransportV2, onElicit: (client, handler) => client.setRequestHandler('elicitation/create', handler) },
};

/**
 * Runs `drive(client)` with the real SDK client (`sdk`, v1 unless said) against `server`
 * (`{ command, args, env, cwd }`), proxied when `proxy` is `{ record, report }`. Returns every
 * message the client received.
 */
async function run(server, drive, proxy, sdk = SDKS.v1) {
  const { Client, StdioClientTransport } = sdk;
  const [command, args] = proxy
    ? [process.execPath, [CLI, 'proxy', '--quiet', '--record', proxy.record, '--report', proxy.report, '--', server.command, ...server.args]]
    : [server.command, server.args];
  const transport = new StdioClientTransport({ command, args, env: { ...process.env, ...server.env }, cwd: server.cwd, stderr: 'ignore' });
  const client = new Client({ name: 'proxy-tests', version: '1.0.0' }, { capabilities: CAPABILITIES });
  sdk.onElicit(client, async (request) => {
    const content = {};
    for (const [key, property] of Object.entries(request.params.requestedSchema?.properties ?? {})) {
      const first = property.oneOf?.[0]?.const ?? property.enum?.[0];
      if (first !== undefined) content[key] = first;
    }
    return { action: 'accept', content };
  });
  const received = [];
  let sent = 0;
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    sent += 1;
    return send(message, options);
  };
  await client.connect(transport);
  const deliver = transport.onmessage;
  transport.onmessage = (message) => {
    received.push(structuredClone(message));
    deliver(message);
  };
  try {
    await drive(client);
    // The host closes when it is done, and waits 2 s for the proxy to exit: so that a busy
    // machine cannot cut the check short, wait first until the checker has recorded every
    // message (the initialize answer and the messages before the wrapper included) and
    // reported what the replay of the recording finds so far.
    if (proxy) await caughtUp(proxy, () => sent + received.length + 1);
  } finally {
    await client.close();
  }
  // The initialize answer arrived before the wrapper: it is compared through the client's view.
  return [{ serverCapabilities: client.getServerCapabilities(), serverVersion: client.getServerVersion() }, ...received];
}

/** Waits (up to 30 s) until the recording has `count()` messages and the live report as many
 * findings as its replay, the end-of-session ones aside. */
async function caughtUp({ record, report }, count) {
  const text = (path) => (existsSync(path) ? readFileSync(path, 'utf8') : '');
  for (const end = Date.now() + 30000; Date.now() < end; await new Promise((done) => setTimeout(done, 50))) {
    const recording = text(record);
    if (recording.split('\n').length - 1 < count()) continue;
    const { replayed, live } = findingsOf(recording, text(report));
    if (live.length >= replayed.filter((f) => !f.includes('"never-terminal"')).length) return;
  }
  assert.fail(`the checker did not catch up with ${count()} messages in 30 s`);
}

/** A message with what legitimately varies between runs masked (see the top of the file). */
function masked(message, taskIds, dir) {
  return JSON.parse(JSON.stringify(message), (key, value) => {
    if (key === 'createdAt' || key === 'lastUpdatedAt') return '<time>';
    if (typeof value === 'string' && taskIds.has(value)) return '<taskId>';
    return typeof value === 'string' ? value.replaceAll(dir, '<dir>') : value;
  });
}

/** A `tasks/get` answer: when it comes and what it says depend on the poll's timing. */
const isPollAnswer = (m) => m.result?.taskId !== undefined && m.result?.status !== undefined && m.method === undefined;

/**
 * The received messages as two runs can be compared: masked, the `tasks/get` answers left out,
 * the response ids masked (the count of polls before shifts them), runs of identical messages
 * counted once.
 */
function comparable(received, dir) {
  const taskIds = new Set();
  JSON.stringify(received, (key, value) => {
    if (key === 'taskId' && typeof value === 'string') taskIds.add(value);
    return value;
  });
  const texts = received.filter((m) => !isPollAnswer(m)).map((m) => {
    const { id, ...rest } = masked(m, taskIds, dir);
    return JSON.stringify(id === undefined || rest.method !== undefined ? { id, ...rest } : { id: '<id>', ...rest });
  });
  return texts.filter((t, i) => i === 0 || t !== texts[i - 1]).map((t) => JSON.parse(t));
}

/** The replay's findings of a recording and the live report's, in the same terms. */
function findingsOf(recording, reportText) {
  const replayed = replaySession(recording).diagnostics.map((d) => {
    const [, entry, pointer = ''] = /^\/(\d+)(?:\/message)?(.*)$/.exec(d.instancePath) ?? [];
    return { severity: d.severity, code: d.code, index: entry === undefined ? null : Number(entry), pointer };
  });
  const live = reportText.split('\n').filter(Boolean).map((l) => JSON.parse(l))
    .map(({ severity, code, index, pointer }) => ({ severity, code, index, pointer }));
  const sort = (list) => list.map((f) => JSON.stringify(f)).sort();
  // Errors of the protocol and the session's rules; the compatibility verdicts on the reference
  // servers' tools (codes `target/rule`, for the session's default targets) are compat's to judge.
  return { replayed: sort(replayed), live: sort(live), errors: live.filter((f) => f.severity === 'error' && !f.code.includes('/')) };
}

/**
 * Runs `drive` against `server(dir)` directly and through the proxy at once (each in its own
 * temporary folder), and checks what both runs must show.
 */
async function compare(t, name, server, drive, sdk = SDKS.v1) {
  const dirs = ['direct', 'proxied'].map((kind) => {
    const dir = mkdtempSync(join(tmpdir(), `proxy-${name}-${kind}-`));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    return dir;
  });
  const proxy = { record: join(dirs[1], 'session.jsonl'), report: join(dirs[1], 'report.jsonl') };
  const [direct, proxied] = await Promise.all([run(server(dirs[0]), drive, undefined, sdk), run(server(dirs[1]), drive, proxy, sdk)]);
  assert.deepEqual(comparable(proxied, dirs[1]), comparable(direct, dirs[0]), 'the client receives the same messages through the proxy');
  const recording = readFileSync(proxy.record, 'utf8');
  assert.ok(recording.split('\n').length > received(proxied), 'both directions recorded');
  const { replayed, live, errors } = findingsOf(recording, readFileSync(proxy.report, 'utf8'));
  assert.deepEqual(errors, [], 'no error in a reference server session');
  assert.deepEqual(live, replayed, 'the recording replays with the same findings as the live report');
  return { live: live.map((f) => JSON.parse(f)), recording };
}
const received = (list) => list.length - 1;

/** A reference server run from `dir`: its command, with the temporary root or file it needs. */
const servers = {
  everything: () => ({ command: process.execPath, args: [bin('@modelcontextprotocol/server-everything'), 'stdio'] }),
  filesystem: (dir) => {
    const root = join(dir, 'root');
    mkdirSync(root);
    writeFileSync(join(root, 'notes.txt'), 'hello\n');
    return { command: process.execPath, args: [bin('@modelcontextprotocol/server-filesystem'), root], cwd: dir, root };
  },
  memory: (dir) => ({ command: process.execPath, args: [bin('@modelcontextprotocol/server-memory')], env: { MEMORY_FILE_PATH: join(dir, 'memory.jsonl') } }),
  'sequential-thinking': () => ({ command: process.execPath, args: [bin('@modelcontextprotocol/server-sequential-thinking')] }),
};

/** Runs simulate-research-query as a task to its result with the SDK's task stream. */
async function research(client, ambiguous) {
  await client.listTools();
  const kinds = [];
  let result;
  for await (const message of client.experimental.tasks.callToolStream(
    { name: 'simulate-research-query', arguments: { topic: 'quantum computing', ambiguous } },
    undefined,
    { task: { ttl: 60000 }, timeout: 30000 },
  )) {
    kinds.push(message.type);
    if (message.type === 'result') result = message.result;
    if (message.type === 'error') throw message.error;
  }
  assert.equal(kinds[0], 'taskCreated');
  assert.ok(result?.content?.length > 0, 'the task delivered its result');
}

test('server-everything: plain tools, and simulate-research-query as a task, with and without elicitation', { timeout: 90000 }, async (t) => {
  const plain = async (client) => {
    const { tools } = await client.listTools();
    assert.ok(tools.some((tool) => tool.name === 'simulate-research-query'));
    await client.callTool({ name: 'echo', arguments: { message: 'through the proxy' } });
    await client.callTool({ name: 'get-sum', arguments: { a: 2, b: 3 } });
    await client.callTool({ name: 'get-structured-content', arguments: { location: 'Chicago' } });
  };
  const [{ live, recording }] = await Promise.all([
    compare(t, 'everything-plain', servers.everything, plain),
    compare(t, 'everything-research', servers.everything, (client) => research(client, false)),
    compare(t, 'everything-elicitation', servers.everything, (client) => research(client, true)),
  ]);
  // The one true finding on this server: its open no-argument tools (tests/node/recorded-session.test.mjs).
  const listed = recording.split('\n').findIndex((line) => line.includes('"result":{"tools":['));
  const open = live.filter((f) => f.code === 'no-argument-tool-open');
  assert.equal(open.length, 6, JSON.stringify(live));
  assert.ok(open.every((f) => f.index === listed && f.pointer.startsWith('/result/tools/')), 'pinned to the tools/list answer');
});

test('server-filesystem (temporary root): list, write, read, directory listing', { timeout: 60000 }, async (t) => {
  await compare(t, 'filesystem', (dir) => servers.filesystem(dir), async (client) => {
    await client.listTools();
    const [{ text }] = (await client.callTool({ name: 'list_allowed_directories', arguments: {} })).content;
    const root = text.split('\n').at(-1).trim();
    await client.callTool({ name: 'write_file', arguments: { path: join(root, 'out.txt'), content: 'written through the proxy' } });
    await client.callTool({ name: 'read_text_file', arguments: { path: join(root, 'out.txt') } });
    await client.callTool({ name: 'list_directory', arguments: { path: root } });
  });
});

test('server-memory (temporary file) and server-sequential-thinking', { timeout: 60000 }, async (t) => {
  await Promise.all([
    compare(t, 'memory', servers.memory, async (client) => {
      await client.listTools();
      await client.callTool({ name: 'create_entities', arguments: { entities: [{ name: 'proxy', entityType: 'tool', observations: ['passes bytes unchanged'] }] } });
      await client.callTool({ name: 'read_graph', arguments: {} });
    }),
    compare(t, 'sequential-thinking', servers['sequential-thinking'], async (client) => {
      await client.listTools();
      await client.callTool({ name: 'sequentialthinking', arguments: { thought: 'First, pass every byte.', thoughtNumber: 1, totalThoughts: 2, nextThoughtNeeded: true } });
      await client.callTool({ name: 'sequentialthinking', arguments: { thought: 'Then check a copy.', thoughtNumber: 2, totalThoughts: 2, nextThoughtNeeded: false } });
    }),
  ]);
});

test('the v2 SDK client (@modelcontextprotocol/client): server-everything plain tools, server-memory', { timeout: 60000 }, async (t) => {
  await Promise.all([
    compare(t, 'v2-everything', servers.everything, async (client) => {
      const { tools } = await client.listTools();
      assert.ok(tools.length > 10);
      await client.callTool({ name: 'echo', arguments: { message: 'through the proxy' } });
      await client.callTool({ name: 'get-structured-content', arguments: { location: 'New York' } });
    }, SDKS.v2),
    compare(t, 'v2-memory', servers.memory, async (client) => {
      await client.listTools();
      await client.callTool({ name: 'create_entities', arguments: { entities: [{ name: 'v2', entityType: 'client', observations: ['speaks 2025-11-25'] }] } });
      await client.callTool({ name: 'search_nodes', arguments: { query: 'v2' } });
    }, SDKS.v2),
  ]);
});
