// The streaming `Session` class of the built package (pkg/node.js): every committed session
// transcript (real recordings of @modelcontextprotocol/server-everything and the broken/happy
// fixtures) pushed entry by entry gives the same findings and the same task state as
// `replaySession` on the whole transcript. Where the message's text sits verbatim in the
// transcript (the compact recordings), the spans match too, moved by the message's offset.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const PKG = new URL('../../pkg/node.js', import.meta.url);
assert.ok(existsSync(PKG), `${fileURLToPath(PKG)} is missing: run make pkg first`);
const { Session, replaySession } = await import(PKG);

const SESSIONS = new URL('../fixtures/sessions/', import.meta.url);
const FILES = readdirSync(SESSIONS).filter((f) => f !== 'index.json' && /\.jsonl?$/.test(f));

/** The entries of a transcript: a JSON array, or JSON Lines. */
function entriesOf(text) {
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) return JSON.parse(trimmed);
  return trimmed.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
}

/** Pushes entry `entry` into `session`; returns its findings, the pointer of its message in the
 * transcript and the offset of the message's text there, searched from `from` (-1 when not
 * verbatim). */
function push(session, text, entry, i, from) {
  const timeMs = entry.timestamp === undefined ? undefined : Date.parse(entry.timestamp);
  const key = ['message', 'toModel'].find((k) => entry[k] !== null && typeof entry[k] === 'object' && !Array.isArray(entry[k]));
  const message = key ? entry[key] : entry;
  const messageText = JSON.stringify(message);
  const found = key === 'toModel'
    ? session.pushToModel(messageText, entry.taskId ?? null, timeMs)
    : session.push(messageText, entry.direction ?? null, timeMs);
  return { found, pointer: key ? `/${i}/${key}` : `/${i}`, offset: text.indexOf(messageText, from) };
}

/** What a diagnostic says, without its positions. */
const said = (d) => ({ severity: d.severity, code: d.code, message: d.message, instancePath: d.instancePath });

/** A finding's diagnostic placed in the transcript (`places[n]`: push n's pointer and the offset
 * of its text); `start` is its span's start there, when the message's text is verbatim in it. */
function placed(finding, places) {
  const { pointer, offset } = places[finding.messageIndex];
  const entry = pointer.split('/').slice(0, 2).join('/');
  const instancePath = finding.wholeEntry ? entry : pointer + finding.instancePath;
  const start = offset >= 0 && !finding.wholeEntry && finding.span ? finding.span.start + offset : undefined;
  return { said: { ...said(finding), instancePath }, start };
}

for (const file of FILES) {
  test(`Session on ${file} finds what replaySession finds`, () => {
    const text = readFileSync(new URL(file, SESSIONS), 'utf8');
    const replay = replaySession(text);
    const session = new Session();
    const places = [];
    const findings = [];
    let from = 0;
    for (const [i, entry] of entriesOf(text).entries()) {
      const { found, pointer, offset } = push(session, text, entry, i, from);
      if (offset >= 0) from = offset + 1;
      places.push({ pointer, offset });
      findings.push(...found);
    }
    const state = session.state();
    findings.push(...session.finish());
    assert.ok(findings.every((f) => Number.isInteger(f.messageIndex) && f.messageIndex < places.length), 'each finding names its push');
    const mapped = findings.map((f) => placed(f, places));
    assert.deepEqual(mapped.map((m) => m.said), replay.diagnostics.map(said));
    for (const [i, { start }] of mapped.entries()) {
      if (start !== undefined) assert.equal(start, replay.diagnostics[i].span.start, `finding ${i} (${findings[i].code}) at its place`);
    }
    const verbatim = places.filter((p) => p.offset >= 0).length;
    if (file.startsWith('everything')) assert.equal(verbatim, places.length, 'a compact recording holds every message verbatim');
    assert.ok(replay.diagnostics.length > 0 || file.startsWith('happy'), 'the fixture has findings to compare');
    // Spans and rows aside: the rows of the replay's sequence a task spans are a replay's alone.
    const withoutSpans = (tasks) => {
      for (const task of Object.values(tasks)) {
        for (const h of task.history) delete h.span;
        delete task.firstRow;
        delete task.lastRow;
      }
      return tasks;
    };
    assert.deepEqual(withoutSpans(state), withoutSpans(replay.tasks));
    session.free();
  });
}

test('Session.push takes "client", "server" or null, and reports text that is not JSON', () => {
  const session = new Session();
  assert.throws(() => session.push('{}', 'host'), TypeError);
  const [bad] = session.push('{"jsonrpc": ', 'client');
  assert.equal(bad.severity, 'error');
  assert.equal(bad.messageIndex, 0, 'a refused push is no message');
  assert.equal(bad.span.line, 1);
  assert.equal(session.push('{"jsonrpc":"2.0","id":7,"result":{}}', 'server')[0].code, 'unmatched-response');
  assert.deepEqual(session.state(), {});
  assert.deepEqual(session.finish(), []);
});
