// How a log's reading and replay cross to JavaScript (src/wasm/full.rs, src/wasm/conversions.rs):
// a string is encoded straight into wasm memory (`TextEncoder.encodeInto`, more than once when it
// is not ASCII), a file's bytes copied as they are, and the report's JSON decoded from wasm memory
// before `JSON.parse`. Each way must give what the other ways give, field for field, in the same
// order: `replayLog` of a transcript what `replaySession` (the crossing every other export uses)
// gives, a string what its bytes give; and every span must fit the text, after non-ASCII text too.
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

const both = (list) => list.flatMap(({ file, text }) => [{ file, text }, { file: `${file} (non-ASCII)`, text: widened(text) }]);

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
  for (const { file, text } of both([...sessions, ...LOG_FIXTURES])) {
    const bytes = new TextEncoder().encode(text);
    const report = replayLog(text);
    same(report, replayLog(bytes), file);
    const log = readLog(text);
    same(log, readLog(bytes), file);
    assert.ok(log.entries.length > 0 && report.sequence.length >= log.entries.length, file);
    for (const { span } of [...log.entries, ...log.context, ...report.sequence.filter((row) => row.span)]) {
      assert.ok(span.start <= span.end && span.end <= text.length, `${file}: ${JSON.stringify(span)}`);
      const before = text.slice(0, span.start).split('\n');
      assert.deepEqual([span.line, span.column], [before.length, before.at(-1).length + 1], file);
    }
    const unknown = report.diagnostics.find((d) => d.code === 'unknown-tool');
    if (unknown) {
      const name = text.slice(unknown.span.start, unknown.span.end);
      assert.match(name, file.endsWith('(non-ASCII)') ? /subträct😀/ : /subtract/, file);
      assert.ok(unknown.message.includes(JSON.parse(`"${name.replace(/^\\?"|\\?"$/g, '')}"`)), `${file}: ${unknown.message}`);
    }
  }
});
