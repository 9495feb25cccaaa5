// How a log's reading and replay cross to JavaScript (src/wasm/full.rs, src/wasm/conversions.rs,
// src/wasm/columns.rs, runtime/load/columns.js): a string is encoded straight into wasm memory
// (`TextEncoder.encodeInto`, more than once when it is not ASCII), a file's bytes copied as they
// are; the reading's entries and context lines, and the replay's sequence rows, handed over as
// columns and laid out in JavaScript, the rest of each result as JSON. Each way must give what the
// other ways give, field for field, in the same order: `replayLog` of a transcript what
// `replaySession` (the crossing every other export uses) gives, a string what its bytes give (its
// messages sliced from the string, or all of its texts in the columns' table), the reading's
// entries and context lines what the replay's serde rows say of them; and every span must fit the
// text, after non-ASCII text too.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { test } from 'node:test';
import { LOG_FIXTURES } from '../fixtures/logs/expected.mjs';

const { readLog, replayLog, replaySession } = await import(new URL('../../pkg/node.js', import.meta.url));
const SESSIONS = new URL('../fixtures/sessions/', import.meta.url);
const sessions = readdirSync(SESSIONS)
  .filter((file) => /\.jsonl?$/.test(file) && file !== 'index.json')
  .map((file) => ({ file, text: readFileSync(new URL(file, SESSIONS), 'utf8') }));

/** Non-ASCII text (two-byte, three-byte and four-byte UTF-8; a surrogate pair in UTF-16). */
const WIDE = 'Ünï – 😀 ';

/** `text` with `WIDE` at the start of every description, title and text value, and the unknown tool renamed. */
function widened(text) {
  return text
    .replace(/"(description|title|text)"(\s*):(\s*)"/g, `"$1"$2:$3"${WIDE}`)
    .replaceAll('subtract', 'subträct😀');
}

/** Each of `list` as written and widened; `tool`: the unknown tool's name in that text (the
 * fixture's needle, `subtract` where it has none). */
const both = (list) => list.flatMap(({ file, text, needle }) => {
  const tool = needle ? JSON.parse(needle.replaceAll('\\"', '"')) : 'subtract';
  return [{ file, text, tool }, { file: `${file} (non-ASCII)`, text: widened(text), tool: widened(tool) }];
});

/** Throws unless `a` and `b` are deep-equal with their keys in the same order. */
function same(a, b, file) {
  assert.deepEqual(a, b, file);
  assert.equal(JSON.stringify(a), JSON.stringify(b), file);
}

test('replayLog of a transcript is replaySession\'s report with its format, field for field', () => {
  for (const { file, text } of both(sessions)) {
    const { format, detected, ...report } = replayLog(text);
    assert.equal(format, 'transcript', file);
    assert.equal(typeof detected, 'string', file);
    const session = replaySession(text);
    assert.deepEqual(report, session, file);
    for (const key of Object.keys(session)) assert.equal(JSON.stringify(report[key]), JSON.stringify(session[key]), `${file}: ${key}`);
  }
});

test('a log read or replayed from its string is what its bytes give, every span on its text', () => {
  for (const { file, text, tool } of both([...sessions, ...LOG_FIXTURES])) {
    const bytes = new TextEncoder().encode(text);
    const report = replayLog(text);
    same(report, replayLog(bytes), file);
    const log = readLog(text);
    same(log, readLog(bytes), file);
    assert.ok(log.entries.length + log.context.length > 0 && report.sequence.length >= log.entries.length, file);
    for (const { span } of [...log.entries, ...log.context, ...report.sequence.filter((row) => row.span)]) {
      assert.ok(span.start <= span.end && span.end <= text.length, `${file}: ${JSON.stringify(span)}`);
      const before = text.slice(0, span.start).split('\n');
      assert.deepEqual([span.line, span.column], [before.length, before.at(-1).length + 1], file);
    }
    const unknown = report.diagnostics.find((d) => d.code === 'unknown-tool');
    if (unknown) {
      const name = text.slice(unknown.span.start, unknown.span.end);
      assert.ok(name.includes(tool), `${file}: ${name}`);
      assert.ok(unknown.message.includes(JSON.parse(`"${name.replace(/^\\?"|\\?"$/g, '')}"`)), `${file}: ${unknown.message}`);
    }
  }
});

/** The keys serde writes for a log's entry (`timeMs` and `http` when it has them) and a span. */
const entryKeys = (entry) => ['direction', ...('timeMs' in entry ? ['timeMs'] : []), 'message', ...('http' in entry ? ['http'] : []), 'span'];
const SPAN_KEYS = ['start', 'end', 'line', 'column', 'endLine', 'endColumn'];
/** The formats whose messages are the text on their spans (a HAR's are decoded bodies, the
 * recorders' and mcp-debugger's messages rewritten from their exports). */
const VERBATIM = new Set(['vscode', 'jsonl', 'transcript']);

test('readLog\'s columns laid out are the reading serde wrote: keys in order, the replay\'s rows, messages on their spans', () => {
  for (const { file, text, tool } of both([...sessions, ...LOG_FIXTURES])) {
    const log = readLog(text);
    assert.deepEqual(Object.keys(log), ['format', 'detected', 'entries', 'context', 'diagnostics'], file);
    const report = replayLog(text);
    const rows = report.sequence.filter((row) => row.index !== null);
    const context = report.sequence.filter((row) => row.kind === 'context');
    assert.equal(rows.length, log.entries.length, file);
    assert.equal(context.length, log.context.length, file);
    log.entries.forEach((entry, i) => {
      const where = `${file}: entry ${i}`;
      assert.deepEqual(Object.keys(entry), entryKeys(entry), where);
      assert.deepEqual(Object.keys(entry.span), SPAN_KEYS, where);
      assert.equal(rows[i].index, i, where);
      assert.deepEqual(entry.span, rows[i].span, where);
      assert.equal(entry.timeMs, rows[i].timeMs, where);
      assert.ok(entry.direction === null || rows[i].from === null || entry.direction === rows[i].from, where);
      assert.equal(typeof JSON.parse(entry.message), 'object', where);
      if (VERBATIM.has(log.format)) assert.equal(entry.message, text.slice(entry.span.start, entry.span.end), where);
    });
    log.context.forEach((line, i) => {
      const where = `${file}: context line ${i}`;
      assert.deepEqual(Object.keys(line), ['level', 'text', 'span'], where);
      assert.deepEqual(line.span, context[i].span, where);
      // The row's detail: `[level] text` (src/host/logs/replay.rs).
      assert.equal(line.level === null ? line.text : `[${line.level}] ${line.text}`, context[i].detail, where);
    });
    assert.deepEqual(log.diagnostics, report.diagnostics.slice(0, log.diagnostics.length), file);
  }
});

/** A report's message rows as the fields serde writes beside the span, `answers` as the message
 * index of the row it names (a log's sequence counts its context lines among the rows), each of
 * `findings` as its finding's code and message but the first `read` (a log reader's, which come
 * first among a log's findings). */
function messageRows({ sequence, diagnostics }, read = 0) {
  return sequence
    .filter((row) => row.index !== null)
    .map(({ index, span, timeMs, answers, findings, ...row }) => ({
      ...row,
      ...(answers === undefined ? {} : { answers: sequence[answers].index }),
      ...(findings?.some((at) => at >= read) ? { findings: findings.filter((at) => at >= read).map((at) => `${diagnostics[at].code}: ${diagnostics[at].message}`) } : {}),
    }));
}

test('replayLog\'s sequence laid out from columns is what replaySession writes of the same messages as a transcript', () => {
  for (const { file, text } of both(LOG_FIXTURES.filter((f) => f.messages > 0))) {
    const report = replayLog(text);
    const read = readLog(text).diagnostics.length;
    const transcript = readLog(text).entries
      .map(({ direction, message }) => JSON.stringify({ ...(direction ? { direction } : {}), message: JSON.parse(message) }))
      .join('\n');
    const session = replaySession(transcript);
    assert.deepEqual(messageRows(report, read), messageRows(session), file);
    assert.deepEqual(
      messageRows(report, read).map((row) => Object.keys(row)),
      messageRows(session).map((row) => Object.keys(row)),
      file,
    );
    // `other` counts a log's context lines too.
    const counted = ({ other, ...counts }) => counts;
    assert.deepEqual(counted(report.counts), counted(session.counts), file);
    assert.deepEqual(Object.keys(report), ['format', 'detected', 'sequence', 'counts', 'protocol', 'tasks', 'tools', 'diagnostics'], file);
  }
});

test('the raw bindings (`mcp-json-toolbox/raw`) lay out the columns as the entries do', async () => {
  const raw = await import(new URL('../../pkg/raw.js', import.meta.url));
  raw.initSync({ module: readFileSync(new URL('../../pkg/mcp_json_toolbox_bg.wasm', import.meta.url)) });
  for (const { file, text } of both(LOG_FIXTURES.slice(0, 2))) {
    same(raw.readLog(text), readLog(text), file);
    same(raw.replayLog(text), replayLog(text), file);
  }
});
