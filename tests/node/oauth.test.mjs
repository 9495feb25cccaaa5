// check-server --url against a protected server on 127.0.0.1 (tests/node/fixtures/oauth-server.mjs:
// its own authorization server, every credential random): signing in on the official SDK's
// client (dynamic registration, PKCE, the code taken headless from an authorization server that
// grants it without a user; interactive, the loopback redirect driven by this test), the client
// credentials grant, a static token from the environment; a server that needs a user failing at
// once without a terminal; and no credential in any byte the command wrote (stdout, stderr, the
// recording), each secret the server handed out or received searched for.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { after, describe, test } from 'node:test';
import { runCli } from './run-cli.mjs';
import { startProtectedServer } from './fixtures/oauth-server.mjs';

const TEMP = mkdtempSync(join(tmpdir(), 'oauth-'));
after(() => rmSync(TEMP, { recursive: true, force: true }));
const ARGS = join(TEMP, 'empty.json');
await import('node:fs').then((fs) => fs.writeFileSync(ARGS, '{}'));

/** Asserts that no secret of `server` is in any of `texts`. */
function assertNoSecret(server, texts) {
  for (const secret of server.secrets) {
    for (const [where, text] of Object.entries(texts)) assert.ok(!text.includes(secret), `${where} holds a secret (${secret.split('-')[0]}…)`);
  }
}

/** A check-server run against `server` with `options`: the run and its recording's text. */
async function checkServer(server, options, env = {}) {
  const record = join(TEMP, `run-${Math.random().toString(36).slice(2)}.jsonl`);
  const run = await runCli(['check-server', '--target', 'mcp', '--protocol', '2025-11-25', '--record', record, ...options, '--url', server.url], { cwd: TEMP, env });
  let recording = '';
  try {
    recording = readFileSync(record, 'utf8');
  } catch {
    // not written (a usage error)
  }
  return { ...run, recording };
}

// Each test has servers and processes of its own: they run side by side.
describe('check-server --url against a protected server', { concurrency: true }, () => {
  test('signing in without a user (dynamic registration, PKCE, the code taken headless): the run goes on authorized, and no secret is written', async (t) => {
    const server = await startProtectedServer();
    t.after(() => server.close());
    const run = await checkServer(server, ['--verbose', '--call', 'whoami', ARGS]);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /whoami/);
    // The first POST went without a token, was refused, and went again authorized; every later one
    // carried the token.
    assert.equal(server.seen[0].authorization, undefined);
    assert.deepEqual(server.seen.slice(1).map((s) => /^Bearer /.test(s.authorization ?? '')), server.seen.slice(1).map(() => true));
    assert.ok(server.seen.some((s) => s.method === 'tools/call'));
    // Held by the run: the code, the verifier, the access and refresh tokens (and the static ones).
    assert.ok(server.secrets.size >= 6, [...server.secrets].map((s) => s.split('-')[0]).join(' '));
    // The recording shows the header by name, its value redacted.
    const posted = run.recording.split('\n').filter(Boolean).map((line) => JSON.parse(line)).filter((e) => e.http);
    assert.ok(posted.length > 0);
    assert.ok(posted.every((e) => e.http.headers.Authorization === '[REDACTED]'), run.recording);
    assertNoSecret(server, { stdout: run.stdout, stderr: run.stderr, recording: run.recording });
    // The same in --format json.
    const again = await checkServer(server, ['--format', 'json', '--verbose']);
    assert.equal(again.status, 0, again.stderr);
    assertNoSecret(server, { stdout: again.stdout, stderr: again.stderr, recording: again.recording });
  });

  test('an authorization server whose error echoes the code and the verifier: the failure said, both redacted', async (t) => {
    const server = await startProtectedServer({ tokenEcho: true });
    t.after(() => server.close());
    for (const format of ['human', 'json']) {
      const run = await checkServer(server, ['--format', format, '--verbose']);
      assert.equal(run.status, 2, run.stderr);
      assert.match(run.stdout + run.stderr, /authorization with .* failed: .*cannot take .*code=%5BREDACTED%5D|authorization with .* failed: .*cannot take .*code=\[REDACTED\]/);
      assertNoSecret(server, { stdout: run.stdout, stderr: run.stderr, recording: run.recording });
    }
  });

  test('the client credentials grant, the secret from the environment: authorized, the secret never written', async (t) => {
    const server = await startProtectedServer({ needsUser: true });
    t.after(() => server.close());
    const env = { CLIENT_SECRET: server.preRegistered.secret };
    const run = await checkServer(server, ['--client-credentials', '--client-id', server.preRegistered.id, '--client-secret-env', 'CLIENT_SECRET', '--verbose'], env);
    assert.equal(run.status, 0, run.stderr);
    assertNoSecret(server, { stdout: run.stdout, stderr: run.stderr, recording: run.recording });
  });

  test('--bearer-env: the token from the environment on every request, recorded redacted; --header values too', async (t) => {
    const server = await startProtectedServer();
    t.after(() => server.close());
    const run = await checkServer(server, ['--bearer-env', 'MCP_TOKEN', '--header', `X-Api-Key: ${server.staticToken}-key`, '--header', 'X-Trace:visible-name-hidden-value'], { MCP_TOKEN: server.staticToken });
    assert.equal(run.status, 0, run.stderr);
    assert.ok(server.seen.every((s) => s.authorization === `Bearer ${server.staticToken}`));
    const headers = JSON.parse(run.recording.split('\n')[0]).http.headers;
    assert.deepEqual([headers.Authorization, headers['X-Api-Key'], headers['X-Trace']], ['[REDACTED]', '[REDACTED]', '[REDACTED]']);
    assert.ok(!run.recording.includes('visible-name-hidden-value'));
    assertNoSecret(server, { stdout: run.stdout, stderr: run.stderr, recording: run.recording });
    // A refused static token is not replaced by signing in: the run fails on the 401.
    const refused = await checkServer(server, ['--bearer-env', 'MCP_TOKEN'], { MCP_TOKEN: 'not-a-valid-token' });
    assert.equal(refused.status, 2);
    assert.match(refused.stderr, /HTTP 401/);
    assert.ok(!refused.stderr.includes('not-a-valid-token'));
  });

  test('without a terminal, a server whose authorization server needs a user fails at once (exit 2), naming the options that would help', async (t) => {
    const server = await startProtectedServer({ needsUser: true });
    t.after(() => server.close());
    const run = await checkServer(server, []);
    assert.equal(run.status, 2, run.stderr);
    assert.match(run.stderr, /needs a user to sign in/);
    assert.match(run.stderr, /--client-credentials/);
    assert.match(run.stderr, /--bearer-env/);
    assertNoSecret(server, { stdout: run.stdout, stderr: run.stderr, recording: run.recording });
  });

  test('a secret on the command line is refused; a variable not set is a usage error that shows no value', async () => {
    const secret = await runCli(['check-server', '--client-id', 'x', '--client-secret', 'hunter22', '--url', 'http://127.0.0.1:9/mcp'], { cwd: TEMP });
    assert.equal(secret.status, 2);
    assert.match(secret.stderr, /--client-secret-env/);
    assert.ok(!secret.stderr.includes('hunter22'));
    const unset = await runCli(['check-server', '--bearer-env', 'NOT_SET_ANYWHERE', '--url', 'http://127.0.0.1:9/mcp'], { cwd: TEMP, env: { NOT_SET_ANYWHERE: '' } });
    assert.equal(unset.status, 2);
    assert.match(unset.stderr, /NOT_SET_ANYWHERE: the environment variable NOT_SET_ANYWHERE is not set/);
    const stdio = await runCli(['check-server', '--bearer-env', 'X', '--', 'node', '-e', ''], { cwd: TEMP, env: { X: 'y' } });
    assert.equal(stdio.status, 2);
    assert.match(stdio.stderr, /--bearer-env is for a server over HTTP/);
  });

  test('interactive (a terminal): the sign-in URL printed, the loopback listener takes the code', async (t) => {
    const server = await startProtectedServer();
    t.after(() => server.close());
    const command = (await import(new URL('../../pkg/cli/check-server.js', import.meta.url))).default;
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    stderr.isTTY = true;
    let out = '';
    let err = '';
    stdout.setEncoding('utf8').on('data', (c) => (out += c));
    // The user: opens the printed URL in a browser, which follows the redirect to the loopback,
    // taking longer than the server's answers may (the requests' waits stop while a user signs in).
    const signedIn = new Promise((resolve, reject) => {
      stderr.setEncoding('utf8').on('data', (chunk) => {
        err += chunk;
        const url = /sign in to .* at:\n {2}(\S+)/.exec(err)?.[1];
        if (url && !err.includes('(browsed)')) {
          err += '(browsed)';
          setTimeout(() => fetch(url).then((r) => r.text()).then(resolve, reject), 3500);
        }
      });
    });
    const io = { stdin: new PassThrough(), stdout, stderr, env: {}, cwd: TEMP, isTTY: false };
    const status = await command.run(['--target', 'mcp', '--protocol', '2025-11-25', '--timeout', '3000', '--startup-timeout', '3000', '--url', server.url], io);
    assert.match(await signedIn, /signed in/);
    assert.equal(status, 0, err);
    assert.match(out, /whoami/);
    assertNoSecret(server, { stdout: out, stderr: err });
  });

  test('the authorization path is checked: an authorization server without PKCE S256, a 401 without a challenge', async (t) => {
    const noPkce = await startProtectedServer({ noPkce: true });
    t.after(() => noPkce.close());
    const run = await checkServer(noPkce, ['--format', 'json']);
    // The SDK (2.4.0) signs in anyway (its own PKCE); the session says MCP clients must refuse.
    assert.equal(run.status, 1, run.stderr);
    const codes = JSON.parse(run.stdout).findings.map((f) => `${f.severity}[${f.code}]`);
    assert.deepEqual(codes, ['error[auth-pkce-missing]']);
    const silent = await startProtectedServer({ noChallenge: true });
    t.after(() => silent.close());
    const quiet = await checkServer(silent, ['--format', 'json']);
    // The well-known URL still leads to the metadata: signed in, the missing challenge reported.
    assert.equal(quiet.status, 1, quiet.stderr);
    assert.deepEqual(JSON.parse(quiet.stdout).findings.map((f) => `${f.severity}[${f.code}]`), ['error[auth-challenge-missing]']);
  });
});
