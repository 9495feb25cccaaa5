// `replay` on the logs developers hold (tests/fixtures/logs/): each format detected, the findings at
// their line and column in the file (the same as the page's Session tab, tests/fixtures/logs/expected.mjs),
// `--input-format` forcing a format, and bad input reported with its place.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { LOG_FIXTURES } from '../fixtures/logs/expected.mjs';

const CLI = new URL('../../pkg/cli.js', import.meta.url).pathname;

function replay(args, input) {
  const run = spawnSync(process.execPath, [CLI, 'replay', '--format', 'json', ...args], { input, encoding: 'utf8' });
  return { status: run.status, stderr: run.stderr, out: run.stdout ? JSON.parse(run.stdout) : undefined };
}

test('replay reads every log fixture and finds the unknown tool on its line', () => {
  // One run over all the files (each CLI start loads the wasm).
  const { status, out } = replay(LOG_FIXTURES.map((f) => f.path));
  assert.equal(status, 1);
  for (const [i, fixture] of LOG_FIXTURES.entries()) {
    assert.equal(out.results[i].format, fixture.format, fixture.file);
    const mine = out.findings.filter((f) => f.file === fixture.path);
    const unknown = mine.filter((f) => f.code === 'unknown-tool');
    const expected = fixture.unknownTool ? [fixture.unknownTool] : [];
    assert.deepEqual(unknown.map((f) => ({ line: f.line, column: f.column })), expected, fixture.file);
    const wrong = mine.filter((f) => f.instancePath?.endsWith('/arguments/b'));
    const expectedWrong = fixture.wrongArgument ? [fixture.wrongArgument] : [];
    assert.deepEqual(wrong.map((f) => ({ line: f.line, column: f.column })), expectedWrong, fixture.file);
    // No false finding: nothing but the known ones (and, in a log of no message, that it holds none).
    const others = mine.filter((f) => f.severity !== 'info' && !unknown.includes(f) && !wrong.includes(f));
    const empty = fixture.messages === 0 ? ['log-empty'] : [];
    assert.deepEqual(others.map((f) => f.code), [...empty, ...fixture.also], fixture.file);
    // The sequence and counts, as the crate decided them: every message with its span.
    const { sequence, counts } = out.results[i];
    const messages = sequence.filter((row) => row.index !== null);
    assert.equal(counts.messages, fixture.messages, fixture.file);
    assert.equal(messages.length, fixture.messages, fixture.file);
    for (const row of messages) {
      assert.ok(['request', 'answer', 'notification', 'error'].includes(row.kind), `${fixture.file}: ${row.kind}`);
      assert.ok(row.span.start < row.span.end, fixture.file);
      if (row.kind === 'answer') assert.equal(sequence[row.answers].kind, 'request', fixture.file);
    }
  }
});

test('each file\'s line says the protocol version its messages were checked against', () => {
  const files = ['claude-desktop-2025.log', 'claude-desktop-2025-metadata.log', 'python-sdk-debug.log', 'streamable-2026.har']
    .map((file) => LOG_FIXTURES.find((f) => f.file === file).path);
  const { out } = replay(files);
  assert.deepEqual(out.results.map((r) => r.protocol.checked), ['2024-11-05', '2025-06-18', '2025-11-25', '2026-07-28']);
  assert.deepEqual(out.results.map((r) => r.protocol.how), ['negotiated', 'negotiated', 'negotiated', 'declared']);
  const human = spawnSync(process.execPath, [CLI, 'replay', files[0], files[2]], { encoding: 'utf8' }).stdout;
  assert.match(human, /claude-desktop-2025\.log \[Claude Desktop MCP log, .*\]: checked against protocol 2024-11-05 \(negotiated\)/);
  assert.match(human, /python-sdk-debug\.log \[Python SDK debug log .*\]: checked against protocol 2025-11-25 \(negotiated\)/);
  const none = spawnSync(process.execPath, [CLI, 'replay', '-'], { input: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}\n', encoding: 'utf8' });
  assert.match(none.stdout, /no protocol version seen: not checked against a schema/);
});

test('--input-format forces a format; an unknown one is a usage error', () => {
  const vscode = LOG_FIXTURES.find((f) => f.format === 'vscode');
  const forced = replay(['--input-format', 'jsonl', vscode.path]);
  assert.equal(forced.out.results[0].format, 'jsonl');
  // Read as JSON Lines, the `[Client Says] {…}` tails are still messages, at the same place.
  assert.deepEqual(forced.out.findings.filter((f) => f.code === 'unknown-tool').map((f) => [f.line, f.column]),
    [[vscode.unknownTool.line, vscode.unknownTool.column]]);
  const bad = replay(['--input-format', 'pcap', vscode.path]);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /--input-format must be one of /);
});

test('a truncated HAR and a log cut mid-line are reported at the cut', () => {
  const har = LOG_FIXTURES.find((f) => f.file === 'streamable-2026.har').text;
  const cut = har.slice(0, Math.floor(har.length / 3));
  const truncated = replay(['-'], cut);
  assert.equal(truncated.status, 1);
  const [error] = truncated.out.findings.filter((f) => f.code === 'har-invalid');
  assert.equal(error.line, cut.split('\n').length);
  const vscode = LOG_FIXTURES.find((f) => f.format === 'vscode').text;
  const partial = vscode.slice(0, vscode.lastIndexOf('[Server Says]') + 30);
  const run = replay(['-'], partial);
  const [broken] = run.out.findings.filter((f) => f.code === 'log-not-json');
  assert.equal(broken.line, partial.split('\n').length);
  assert.equal(run.out.findings.filter((f) => f.code === 'unknown-tool').length, 1);
});

test('the page\'s sequence rows of a log are the report\'s sequence, each finding pinned to the row it points into', async () => {
  const { replayLog } = await import(new URL('../../pkg/node.js', import.meta.url));
  const { buildSequence } = await import('../../www/sequence-model.js');
  for (const fixture of LOG_FIXTURES) {
    const report = replayLog(fixture.text);
    const { rows } = buildSequence(report);
    assert.equal(rows.length, report.sequence.length, fixture.file);
    assert.equal(rows.filter((row) => row.kind !== 'context').length, fixture.messages, fixture.file);
    for (const [i, entry] of report.sequence.entries()) {
      assert.equal(rows[i].start, entry.span.start, fixture.file);
      assert.equal(rows[i].from, entry.from ?? 'host', `${fixture.file} row ${i}`);
    }
    const pinned = rows.filter((row) => row.findings.some((d) => d.code === 'unknown-tool'));
    assert.equal(pinned.length, fixture.unknownTool ? 1 : 0, fixture.file);
    if (pinned.length) assert.equal(pinned[0].label, 'tools/call');
  }
});

test('readLog and replayLog take the file\'s bytes as they take its text, and replayLog tells its progress', async () => {
  const { readLog, replayLog } = await import(new URL('../../pkg/node.js', import.meta.url));
  for (const fixture of LOG_FIXTURES) {
    const bytes = new TextEncoder().encode(fixture.text);
    assert.deepEqual(replayLog(bytes), replayLog(fixture.text), fixture.file);
    const fromText = readLog(fixture.text);
    assert.deepEqual(readLog(bytes), fromText, fixture.file);
    // Where the messages are the text as it is, each is the text under its span (a HAR's bodies are
    // decoded, an export's and a cassette's messages rebuilt from their fields).
    if (['vscode', 'jsonl', 'transcript'].includes(fixture.format)) {
      for (const entry of fromText.entries) assert.equal(entry.message, fixture.text.slice(entry.span.start, entry.span.end), fixture.file);
    }
    const seen = [];
    const report = replayLog(fixture.text, undefined, (read, total) => seen.push([read, total]));
    assert.deepEqual(report, replayLog(fixture.text), fixture.file);
    assert.deepEqual(seen.at(-1), [bytes.length, bytes.length], fixture.file);
    // Before the end, where its first message starts (a HAR's in the HAR, not only at its end).
    if (fixture.messages) assert.ok(seen.length >= 2 && seen[0][0] < bytes.length, `${fixture.file}: ${seen}`);
    assert.ok(seen.every(([read, total], i) => total === bytes.length && (i === 0 || read > seen[i - 1][0])), `${fixture.file}: ${seen}`);
  }
  // What the callback throws is ignored; bad text is a TypeError.
  assert.equal(replayLog(LOG_FIXTURES[0].text, undefined, () => { throw new Error('no'); }).counts.messages, LOG_FIXTURES[0].messages);
  assert.throws(() => replayLog(new Uint8Array([0x7b, 0xff])), { name: 'TypeError', message: 'replayLog: the bytes are not UTF-8 (byte 1)' });
  assert.throws(() => readLog(5), { name: 'TypeError', message: 'readLog: the text must be a string or a Uint8Array of UTF-8' });
});

test('a large HAR tells its progress while it is read, and a HAR cut short only its error', async () => {
  const { replayLog } = await import(new URL('../../pkg/node.js', import.meta.url));
  const har = JSON.parse(LOG_FIXTURES.find((f) => f.file === 'streamable-2026.har').text);
  const once = har.log.entries;
  har.log.entries = Array.from({ length: 400 }, () => once).flat();
  const text = JSON.stringify(har, null, 2);
  // Cut short: what was read before the cut is told (the HAR is read once, its messages pushed as
  // they are found), then the error alone is reported.
  const cut = text.slice(0, -100);
  const bytes = new TextEncoder().encode(cut).length;
  const seen = [];
  const report = replayLog(cut, undefined, (read, total) => seen.push([read, total]));
  assert.deepEqual(report.diagnostics.map((d) => d.code), ['har-invalid']);
  assert.equal(report.sequence.length, 0);
  assert.ok(seen.length >= 4, `${seen}`);
  assert.ok(seen.every(([read, total], i) => total === bytes && (i === 0 || read > seen[i - 1][0])), `${seen}`);
  assert.deepEqual(seen.at(-1), [bytes, bytes]);
  const whole = [];
  assert.equal(replayLog(text, undefined, (read) => whole.push(read)).counts.messages, 400 * 11);
  assert.deepEqual(whole.slice(0, seen.length - 1), seen.slice(0, -1).map(([read]) => read));
});
