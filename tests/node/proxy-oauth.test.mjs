// `proxy --upstream` to a protected server on 127.0.0.1 (tests/node/fixtures/oauth-server.mjs)
// with credentials of its own: a host request without Authorization is signed in for (the client
// credentials grant, the secret from the environment) and sent again with the token; a host
// request with its own Authorization is forwarded untouched, its answer byte-equal to the
// server's own, and recorded redacted; no secret in anything the proxy wrote.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { startProtectedServer } from './fixtures/oauth-server.mjs';

const CLI = new URL('../../pkg/cli.js', import.meta.url).pathname;
const TEMP = mkdtempSync(join(tmpdir(), 'proxy-oauth-'));
after(() => rmSync(TEMP, { recursive: true, force: true }));

/** `proxy --upstream url ...options` with `env`: `{ url, stop() → { status, stderr } }` once it listens. */
async function startProxy(url, options, env) {
  const child = spawn(process.execPath, [CLI, 'proxy', '--upstream', url, ...options], { cwd: TEMP, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  const closed = new Promise((resolve) => child.on('close', (status) => resolve(status)));
  const port = await new Promise((resolve, reject) => {
    child.stderr.setEncoding('utf8').on('data', (chunk) => {
      stderr += chunk;
      const listening = /listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(stderr);
      if (listening) resolve(listening[1]);
    });
    closed.then(() => reject(new Error(`the proxy ended before it listened: ${stderr}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    async stop() {
      child.kill('SIGTERM');
      return { status: await closed, stderr };
    },
  };
}

/** POSTs a JSON-RPC request to `url`: `{ status, body }` (the body's bytes as text). */
async function post(url, method, headers = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: method === 'initialize' ? { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'host', version: '1' } } : {} }),
  });
  return { status: response.status, body: await response.text() };
}

test('the proxy signs in for a host without Authorization, forwards a host\'s own untouched (byte-equal, recorded redacted), and writes no secret', async (t) => {
  const server = await startProtectedServer({ needsUser: true });
  t.after(() => server.close());
  const record = join(TEMP, 'session.jsonl');
  const proxy = await startProxy(server.url, ['--record', record, '--client-credentials', '--client-id', server.preRegistered.id, '--client-secret-env', 'UPSTREAM_SECRET'], { UPSTREAM_SECRET: server.preRegistered.secret });
  let stopped;
  try {
    // No Authorization from the host: refused once upstream, signed in, sent again.
    const signed = await post(proxy.url, 'initialize');
    assert.equal(signed.status, 200, signed.body);
    const proxyToken = server.seen.at(-1).authorization;
    assert.match(proxyToken, /^Bearer access-/);
    assert.deepEqual(server.seen.map((s) => s.authorization === undefined), [true, false]);
    // The host's own Authorization: forwarded as it is, the answer byte-equal to the server's.
    const own = { authorization: `Bearer ${server.staticToken}` };
    const through = await post(proxy.url, 'tools/list', own);
    assert.equal(server.seen.at(-1).authorization, own.authorization);
    const direct = await post(server.url, 'tools/list', own);
    assert.deepEqual(through, direct);
    // A host whose own token is refused gets the refusal: the proxy's credentials are not used.
    const refused = await post(proxy.url, 'tools/list', { authorization: 'Bearer the-host-s-bad-token' });
    assert.equal(refused.status, 401);
    assert.equal(server.seen.at(-1).authorization, 'Bearer the-host-s-bad-token');
  } finally {
    stopped = await proxy.stop();
  }
  const recording = readFileSync(record, 'utf8');
  const requests = recording.split('\n').filter(Boolean).map((line) => JSON.parse(line)).filter((e) => e.direction === 'client');
  assert.deepEqual(requests.map((e) => e.http.headers.authorization ?? null), [null, '[REDACTED]', '[REDACTED]']);
  for (const secret of [...server.secrets, 'the-host-s-bad-token']) {
    assert.ok(!recording.includes(secret), `the recording holds ${secret.split('-')[0]}…`);
    assert.ok(!stopped.stderr.includes(secret), `stderr holds ${secret.split('-')[0]}…`);
  }
});

test('the proxy cannot sign in without a user: the upstream\'s 401 passed on, and why said on stderr', async (t) => {
  const server = await startProtectedServer({ needsUser: true });
  t.after(() => server.close());
  const proxy = await startProxy(server.url, []);
  let stopped;
  try {
    const refused = await post(proxy.url, 'initialize');
    assert.equal(refused.status, 401);
    assert.deepEqual(refused, await post(server.url, 'initialize'));
  } finally {
    stopped = await proxy.stop();
  }
  assert.match(stopped.stderr, /needs a user to sign in/);
});
