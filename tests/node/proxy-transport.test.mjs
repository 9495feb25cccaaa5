// The proxy's transport (pkg/cli.js proxy, runtime/proxy/): every byte passed on unchanged and in
// order both ways — partial writes, a 50 MB message, 10,000 small messages, lines that are not
// JSON (the session's verdict) — the server's exit code and signal, stdin EOF, SIGINT/SIGTERM forwarded, a failing
// checker reported while the traffic flows, a slow checker skipping and counting within its
// budget, and a slow reader holding the server back (pipe backpressure). The server is
// fixtures/proxy/echo-server.mjs (echoes stdin in the chunks it reads); test checkers are injected
// with --checker.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const PKG = new URL('../../pkg/', import.meta.url);
assert.ok(existsSync(new URL('cli.js', PKG)), `${fileURLToPath(PKG)}cli.js is missing: run make pkg first`);
const CLI = fileURLToPath(new URL('cli.js', PKG));
const FIXTURES = fileURLToPath(new URL('./fixtures/proxy/', import.meta.url));
const ECHO = join(FIXTURES, 'echo-server.mjs');
const SEEN = join(FIXTURES, 'failing-checker.js');
const { startChecker, IN_FLIGHT_BUDGET } = await import(new URL('proxy/checker-thread.js', PKG));
const { LineSplitter } = await import(new URL('proxy/lines.js', PKG));

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** A temporary folder removed after the test. */
function tempDir(t) {
  const dir = mkdtempSync(join(tmpdir(), 'proxy-test-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * Runs the proxy over the echo server; `feed(stdin, child, reportPath)` writes the input. Resolves `{ code, signal,
 * stdout (Buffer), stderr, report (parsed lines) }`.
 */
function proxy(t, { options = [], server = [], feed, checker = SEEN, timeoutMs = 60000 } = {}) {
  const dir = tempDir(t);
  const report = join(dir, 'report.jsonl');
  const args = [CLI, 'proxy', '--report', report, ...(checker ? ['--checker', checker] : []), ...options, '--', process.execPath, ECHO, ...server];
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  const out = [];
  let stderr = '';
  child.stdout.on('data', (chunk) => out.push(chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const done = new Promise((resolve) => child.on('close', (code, signal) => {
    clearTimeout(timer);
    const lines = existsSync(report) ? readFileSync(report, 'utf8').split('\n').filter(Boolean) : [];
    resolve({ code, signal, stdout: Buffer.concat(out), stderr, report: lines.map((l) => JSON.parse(l)), dir });
  }));
  feed?.(child.stdin, child, report);
  return Object.assign(done, { child });
}

/** Writes `bytes` in pieces of 1 to 97 bytes with a pause now and then, then ends (unless `end: false`). */
async function dribble(stdin, bytes, { end = true } = {}) {
  for (let at = 0, n = 0; at < bytes.length; n++) {
    const size = 1 + ((n * 37) % 97);
    stdin.write(bytes.subarray(at, at + size));
    at += size;
    if (n % 50 === 0) await sleep(1);
  }
  if (end) stdin.end();
}

/** Waits (up to 60 s) until the `--report` file holds `count` lines. */
async function reported(report, count) {
  for (const end = Date.now() + 60000; Date.now() < end; await sleep(100)) {
    if (existsSync(report) && readFileSync(report, 'utf8').split('\n').length - 1 >= count) return;
  }
}

const sha = (bytes) => createHash('sha256').update(bytes).digest('hex');
const seen = (report, direction) => report.filter((f) => f.code === 'seen' && f.direction === direction).length;

test('partial writes, a line that is not JSON, CRLF and UTF-8 split across writes: bytes unchanged, each line checked once', { timeout: 60000 }, async (t) => {
  const input = Buffer.from('{"jsonrpc":"2.0","id":1,"method":"ping"}\n{"text":"é → 🙂"}\r\nnot json at all\n\n{"jsonrpc":"2.0","method":"x"}\n');
  const run = await proxy(t, { feed: (stdin) => dribble(stdin, input) });
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(run.stdout, input);
  // Every line that is not blank goes to the checker as it came (the blank line is the checker's
  // to call blank), in order, both directions counted.
  assert.equal(seen(run.report, 'client'), 4);
  assert.equal(seen(run.report, 'server'), 4);
  assert.deepEqual(run.report.filter((f) => f.code === 'seen').map((f) => f.index).sort((a, b) => a - b), [0, 1, 2, 3, 4, 5, 6, 7]);
});

test('a line that is not JSON: the session reports it (stdin-not-json from the host, stdout-not-json from the server), the recording keeps it and replays to the same', { timeout: 60000 }, async (t) => {
  const input = Buffer.from('{"jsonrpc":"2.0","id":1,"method":"ping"}\nnot json at all\n\n{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
  const record = join(tempDir(t), 'session.jsonl');
  // The host keeps stdin open until both lines are reported: the proxy gives the checker 1.5 s
  // once the server ends, and loading the package's wasm can take longer on a busy machine.
  const run = await proxy(t, { checker: null, options: ['--record', record], feed: async (stdin, child, report) => {
    await dribble(stdin, input, { end: false });
    await reported(report, 2);
    stdin.end();
  } });
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(run.stdout, input);
  const notJson = run.report.filter((f) => f.code.endsWith('-not-json'));
  assert.deepEqual(notJson.map((f) => [f.code, f.direction, f.severity, f.line, f.column]).sort(), [['stdin-not-json', 'client', 'error', 1, 1], ['stdout-not-json', 'server', 'error', 1, 1]]);
  assert.match(run.stderr, /client#\d+:1:1: error\[stdin-not-json\]: the client wrote a line to the server's stdin that is not a JSON-RPC message: "not json at all"/);
  const { replaySession } = await import(new URL('node.js', PKG));
  const recorded = readFileSync(record, 'utf8');
  const replayed = replaySession(recorded).diagnostics.filter((d) => d.code.endsWith('-not-json'));
  assert.deepEqual(replayed.map((d) => [d.code, Number(d.instancePath.split('/')[1])]).sort(), notJson.map((f) => [f.code, f.index]).sort(), 'the same lines, at the same entries');
});

test('a 50 MB message passes whole; each copy is checked or counted as skipped', { timeout: 120000 }, async (t) => {
  const big = Buffer.from(`${JSON.stringify({ jsonrpc: '2.0', id: 7, result: { content: [{ type: 'text', text: 'y'.repeat(50e6) }] } })}\n`);
  // Stdin stays open until both copies are checked (the proxy gives the checker 1.5 s once the
  // server exits, and parsing 50 MB twice can take longer on a busy machine) or 20 s passed: a
  // checker thread starved of CPU falls more than its budget behind and skips the copy instead.
  const run = await proxy(t, {
    feed: async (stdin, child, report) => {
      stdin.write(big);
      for (const end = Date.now() + 20000; Date.now() < end; await sleep(100)) {
        if (existsSync(report) && readFileSync(report, 'utf8').split('\n').length > 2) break;
      }
      stdin.end();
    },
  });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout.length, big.length);
  assert.equal(sha(run.stdout), sha(big));
  const skipped = Number(/(\d+) skipped/.exec(run.stderr)?.[1] ?? 0);
  const accounted = seen(run.report, 'client') + seen(run.report, 'server') + skipped;
  if (/did not finish in time/.test(run.stderr)) assert.ok(accounted <= 2, run.stderr);
  else assert.equal(accounted, 2, `each copy checked or counted as skipped: ${run.stderr}`);
});

test('10,000 small messages pass in order; every one is checked', { timeout: 180000 }, async (t) => {
  const lines = Array.from({ length: 10000 }, (_, i) => `{"jsonrpc":"2.0","id":${i},"method":"ping"}\n`);
  const input = Buffer.from(lines.join(''));
  // Both copies (2 × 450 KB) fit in the checker's in-flight budget, so nothing may be skipped:
  // every message is checked, however busy the machine. Stdin stays open until the report holds
  // all 20,000 (a host that keeps its session open), so that the proxy's 1.5 s for the checker
  // to finish after the end of the session is not what this test measures; no deadline but the
  // test's own.
  assert.ok(2 * input.length < IN_FLIGHT_BUDGET);
  const run = await proxy(t, {
    timeoutMs: 170000,
    feed: async (stdin, child, report) => {
      await dribble(stdin, input, { end: false });
      while (!existsSync(report) || readFileSync(report, 'utf8').split('\n').length - 1 < 20000) await sleep(200);
      stdin.end();
    },
  });
  assert.equal(run.code, 0, run.stderr);
  assert.ok(run.stdout.equals(input), 'same bytes in the same order');
  assert.equal(seen(run.report, 'client') + seen(run.report, 'server'), 20000, run.stderr);
  assert.match(run.stderr, /20000 messages checked/);
  assert.doesNotMatch(run.stderr, /skipped/);
});

test("the server's exit code and signal are the proxy's; stdin EOF closes the server's stdin", { timeout: 60000 }, async (t) => {
  const exited = await proxy(t, { server: ['--exit', '3'], feed: (stdin) => stdin.end('{"a":1}\n') });
  assert.deepEqual([exited.code, exited.signal], [3, null]);
  assert.equal(exited.stdout.toString(), '{"a":1}\n');
  const killed = await proxy(t, { server: ['--signal', 'SIGTERM'], feed: (stdin) => stdin.end() });
  assert.deepEqual([killed.code, killed.signal], [null, 'SIGTERM']);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  test(`${signal} is forwarded to the server`, { timeout: 60000 }, async (t) => {
    let ready;
    const started = new Promise((resolve) => (ready = resolve));
    const run = proxy(t, { server: ['--report-signals'] });
    run.child.stderr.on('data', (chunk) => chunk.toString().includes('ready') && ready());
    await started;
    run.child.kill(signal);
    const { code, stderr } = await run;
    assert.match(stderr, new RegExp(`got ${signal}`));
    assert.equal(code, 0, 'the server handled it and exited 0');
    // The host still had our stdin open: the session was cut short, and the summary says so.
    assert.match(stderr, /interrupted before the checker finished/);
  });
}

test('a session that ends normally ends cleanly: stdin EOF, then (the server lingering) the host\'s SIGTERM; a server that dies while the host is connected is reported', { timeout: 60000 }, async (t) => {
  let ready;
  const started = new Promise((resolve) => (ready = resolve));
  const record = join(tempDir(t), 'session.jsonl');
  const run = proxy(t, { server: ['--report-signals', '--linger'], checker: null, options: ['--record', record] });
  run.child.stderr.on('data', (chunk) => chunk.toString().includes('ready') && ready());
  await started;
  const echoed = new Promise((resolve) => run.child.stdout.once('data', resolve));
  // The host's message, then the end of its input once the checker has it (loading the
  // package's wasm can take longer than the proxy's 1.5 s on a busy machine).
  run.child.stdin.write('{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
  await reported(record, 2);
  run.child.stdin.end();
  // As the SDK clients do: the input closed, a grace period, then a signal (here once the server
  // has echoed the message; it ignores the end of its input).
  await echoed;
  run.child.kill('SIGTERM');
  const ended = await run;
  assert.equal(ended.code, 0);
  assert.match(ended.stderr, /got SIGTERM/);
  assert.match(ended.stderr, /mcp-json-toolbox proxy: 2 messages checked/);
  assert.doesNotMatch(ended.stderr, /interrupted|ended \(/);
  const crashed = await proxy(t, { server: ['--die', 'SIGKILL'], checker: null, feed: (stdin) => stdin.write('{"jsonrpc":"2.0","id":1,"method":"ping"}\n') });
  assert.equal(crashed.signal, 'SIGKILL');
  assert.match(crashed.stderr, /the server ended \(SIGKILL\) while the host was still connected/);
});

test('--quiet: nothing from the proxy on stderr, the report still written', { timeout: 60000 }, async (t) => {
  const input = Buffer.from('{"a":1}\nnot json\n');
  const run = await proxy(t, { checker: null, options: ['--quiet'], feed: async (stdin, child, report) => {
    stdin.write(input);
    await reported(report, 2);
    stdin.end();
  } });
  assert.equal(run.code, 0);
  assert.deepEqual(run.stdout, input);
  assert.equal(run.stderr, '');
  assert.deepEqual(run.report.filter((f) => f.code.endsWith('-not-json')).map((f) => f.code).sort(), ['stdin-not-json', 'stdout-not-json']);
});

test('a checker that throws is reported at its message and the traffic still flows', { timeout: 60000 }, async (t) => {
  const input = Buffer.from('{"a":1}\n{"boom":2}\n{"c":3}\n');
  const run = await proxy(t, { feed: (stdin) => stdin.end(input) });
  assert.equal(run.code, 0);
  assert.deepEqual(run.stdout, input);
  const failed = run.report.filter((f) => f.code === 'checker-failed');
  assert.deepEqual(failed.map((f) => [f.direction, f.severity]).sort(), [['client', 'error'], ['server', 'error']]);
  assert.equal(seen(run.report, 'client'), 2, 'the messages after it are checked');
  assert.match(run.stderr, /error\[checker-failed\]: the checker failed on this line: injected failure/);
});

test('a checker that cannot start is reported and the traffic passes unchecked', { timeout: 60000 }, async (t) => {
  const input = Buffer.from('{"a":1}\n{"b":2}\n');
  const run = await proxy(t, { checker: join(FIXTURES, 'broken-checker.js'), feed: (stdin) => stdin.end(input) });
  assert.equal(run.code, 0);
  assert.deepEqual(run.stdout, input);
  assert.match(run.stderr, /error\[checker-failed\]: the checker could not start: injected start failure/);
});

test('a checker slower than the traffic skips and counts past its budget instead of buffering', { timeout: 60000 }, async () => {
  const found = [];
  const checker = startChecker(
    { checker: new URL('./fixtures/proxy/slow-checker.js', import.meta.url).href, maxMessageBytes: 1 << 20 },
    { onFindings: (list) => found.push(...list), onFailure: (error) => assert.fail(error), budget: 4096 },
  );
  const stream = new PassThrough();
  checker.observe(stream, 'server');
  const line = `${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/progress', params: { progress: 1 } })}\n`;
  for (let i = 0; i < 2000; i++) {
    stream.write(line);
    if (i % 100 === 0) await sleep(1);
  }
  stream.end();
  const summary = await checker.finish(30000);
  assert.ok(summary.skipped > 0, 'some were skipped');
  assert.equal(found.filter((f) => f.code === 'seen').length + summary.skipped, 2000);
  assert.equal(summary.messages, found.filter((f) => f.code === 'seen').length);
});

test('line framing: lines split anywhere, CR dropped, an oversized line and a gap counted', () => {
  const splitter = new LineSplitter(8);
  const text = (lines) => lines.map((l) => l.toString());
  assert.deepEqual(text(splitter.push(Buffer.from('ab'))), []);
  assert.deepEqual(text(splitter.push(Buffer.from('c\r\nde\nf'))), ['abc', 'de']);
  assert.deepEqual(text(splitter.push(Buffer.from('0123456789\nok\n'))), ['ok']);
  assert.equal(splitter.oversized, 1);
  splitter.push(Buffer.from('par'));
  splitter.gap(2, true); // the line in progress and one more ended in the gap; the next is cut
  assert.deepEqual(text(splitter.push(Buffer.from('tial\nnext\n'))), ['next']);
  assert.equal(splitter.skipped, 3);
  splitter.gap(1, false);
  assert.deepEqual(text(splitter.push(Buffer.from('whole\n'))), ['whole']);
  assert.equal(splitter.skipped, 4);
  splitter.push(Buffer.from('last'));
  assert.equal(splitter.end().toString(), 'last');
});

test('a slow reader holds the server back instead of filling memory (pipe backpressure)', { timeout: 60000 }, async (t) => {
  const run = proxy(t, { server: ['--flood', String(200e6)] });
  run.child.stdout.pause();
  await sleep(3000);
  const status = readFileSync(`/proc/${run.child.pid}/status`, 'utf8');
  const rssMb = Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
  assert.ok(rssMb < 150, `proxy RSS ${rssMb.toFixed(0)} MB while 200 MB wait behind a paused reader`);
  run.child.kill('SIGTERM');
  run.child.stdout.resume();
  await run;
});

test('a server command that cannot start: one line, exit code 127; no command: usage error 2', { timeout: 30000 }, () => {
  const missing = spawnSync(process.execPath, [CLI, 'proxy', '--', join(FIXTURES, 'no-such-server')], { input: '', encoding: 'utf8' });
  assert.equal(missing.status, 127);
  assert.equal(missing.stdout, '');
  assert.match(missing.stderr, /^mcp-json-toolbox proxy: cannot run .*no-such-server: spawn .* ENOENT\n$/);
  const none = spawnSync(process.execPath, [CLI, 'proxy'], { input: '', encoding: 'utf8' });
  assert.equal(none.status, 2);
  assert.match(none.stderr, /no server command: give it after --/);
});
