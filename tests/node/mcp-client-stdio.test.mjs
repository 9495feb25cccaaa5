// The stdio client's request timeout counts the server's time, not this process's: an answer
// that came while the process was busy past the wait is taken, not reported as no answer.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
const { startStdio } = await import(new URL('../../pkg/mcp-client/stdio.js', import.meta.url));

// A server that answers each request at once, then creates the file it was given (after the
// answer is written to its stdout, so the file says the answer is in the pipe).
const ANSWERER = `
const { writeFileSync } = require('node:fs');
let buffer = '';
process.stdin.setEncoding('utf8').on('data', (chunk) => {
  buffer += chunk;
  for (let newline; (newline = buffer.indexOf('\\n')) >= 0; buffer = buffer.slice(newline + 1)) {
    const { id } = JSON.parse(buffer.slice(0, newline));
    process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id, result: { answered: id } }) + '\\n', () => writeFileSync(process.argv[1], String(id)));
  }
});`;

test('an answer that came while the client was busy past the timeout is taken; a server that did not answer is no answer', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'stdio-client-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const marker = join(dir, 'answered');
  const server = startStdio(process.execPath, ['-e', ANSWERER, marker], { timeoutMs: 200, startupMs: 200 });
  t.after(() => server.close());
  const asked = server.connection.request('ping', {});
  await new Promise((resolve) => setImmediate(resolve)); // the request is written
  // Busy (synchronously) until the answer is in the pipe and the wait is over, as a long check
  // on a loaded machine would be: the timer is due before the answer is read.
  const started = Date.now();
  while (!existsSync(marker) || Date.now() - started < 400) {
    if (Date.now() - started > 60000) assert.fail('the server did not answer within 60 s');
  }
  const { message } = await asked;
  assert.deepEqual(message.result, { answered: 1 });
  // A server that never answers still gets its no-answer.
  const silent = startStdio(process.execPath, ['-e', 'process.stdin.resume()'], { timeoutMs: 200, startupMs: 200 });
  t.after(() => silent.close());
  await assert.rejects(silent.connection.request('ping', {}), /no answer to ping within 200 ms \(the start-up wait/);
});
