// No finding is made in JavaScript (issue 37, ARCHITECTURE.md "No verdict is decided in
// JavaScript"): the crate names every code and grades every severity; `runtime/` and `www/`
// connect, record, lay out and print. This reads their sources (comments left out) for a
// finding's code or severity written as a literal (`severity: 'error'`, `code: 'x'`,
// `severity = 'warning'`) and fails on any not listed below. Listed are only findings the crate
// cannot make (each with why), and, apart, those still to move into it (each goes when it
// moves: the test fails when a listed one is no longer found, so the lists stay true).
// It also reads them for what decides with the crate's values (issue 52): a comparison of a
// severity, a finding code or a task status with a literal (`d.severity === 'error'`,
// `task.status === 'completed'`), a set of task statuses (`['completed', 'failed', …]`), and a
// finding code of the crate's registry (`src/diagnostic/codes.rs`) written anywhere else than as
// a run event's name (`event: 'no-answer'`, which `Session.event` reads), a key made of two or
// more of a finding's fields (`${d.code}|${d.message}`: what a de-duplication of findings keys
// on; the crate reports each finding once), and a regular expression or split over a finding's
// message (`d.message.replace(…)`: grouping by the crate's English; the crate gives the group's
// `tool.template`): each fails unless listed below with why (what is laid out or done, not
// decided) or as not moved yet.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const ROOT = new URL('../../', import.meta.url).pathname;
const DIRS = ['runtime', 'www'];

/** Findings the crate cannot make, with why: `file` and the `code` the literal names. */
const OUTSIDE_THE_CRATE = [
  { file: 'runtime/cli/proxy.js', code: 'checker-failed', why: 'the checker thread (the crate) itself failed: it cannot say so; the traffic goes on unchecked' },
  { file: 'runtime/proxy/worker.js', code: null, why: "`own(code, …)`: the checker's own failures (the crate failed to load or threw), said by the thread that ran it" },
  { file: 'runtime/docs/check.js', code: 'unsupported-file', why: 'a path that is no .md/.mdx/.html file: nothing is read nor checked (a usage matter)' },
  { file: 'runtime/docs/check.js', code: 'read-error', why: 'a file that cannot be read: the error is the operating system\'s, before any check' },
];

/** Findings JavaScript still makes that belong in the crate (not moved yet: issue 37): none
 * left; a new one is listed here, with why, until it moves. */
const NOT_MOVED_YET = [];

/** Every .js/.mjs source under `dir` (built output and dependencies left out), relative to ROOT. */
function sources(dir) {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return ['dist', 'node_modules', 'vendor'].includes(entry.name) ? [] : sources(path);
    return /\.m?js$/.test(entry.name) ? [path] : [];
  });
}

/** The text without its comments (line numbers kept). */
function code(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** A finding's severity or code written as a literal: `severity: 'error'`, `code: 'x'`, `severity = 'warning'`. */
const LITERAL = /\b(severity|code)\s*[:=]\s*(['"`])([^'"`]*)\2/g;

/** Every literal in the sources: `{ file, line, field, value, code }` (`code`: the code literal of
 * the same object, taken as the nearest one within 3 lines; null when there is none). */
export function literals() {
  const found = [];
  for (const file of DIRS.flatMap(sources)) {
    const here = code(readFileSync(join(ROOT, file), 'utf8')).split('\n')
      .flatMap((text, i) => [...text.matchAll(LITERAL)].map((m) => ({ file, line: i + 1, field: m[1], value: m[3] })));
    const codes = here.filter((l) => l.field === 'code');
    for (const literal of here) {
      const near = codes.filter((c) => Math.abs(c.line - literal.line) <= 3).sort((x, y) => Math.abs(x.line - literal.line) - Math.abs(y.line - literal.line));
      found.push({ ...literal, code: near[0]?.value ?? null });
    }
  }
  return found;
}

const listed = (entry, literal) => entry.file === literal.file && entry.code === literal.code;

/** The task statuses of the protocol (src/protocol/task_status.rs). */
const STATUSES = ['working', 'input_required', 'completed', 'failed', 'cancelled'];

/** The crate's finding codes that name no JSON Schema keyword (the rows of its registry whose code
 * has a `-`; `type` or `format` are words of every schema too). */
const FINDING_CODES = new Set([...readFileSync(join(ROOT, 'src/diagnostic/codes.rs'), 'utf8').matchAll(/^\s*c\("([^"]+)"/gm)]
  .map((m) => m[1]).filter((c) => c.includes('-')));

/** The values a field is compared with that make the comparison a decision on the crate's values. */
const DECIDING = {
  severity: (v) => ['error', 'warning', 'info'].includes(v),
  code: (v) => FINDING_CODES.has(v) || /^[a-z0-9-]+\/[a-z0-9-]+$/.test(v),
  status: (v) => STATUSES.includes(v),
  lastStatus: (v) => STATUSES.includes(v),
};

/** `x.severity === 'error'`, `'completed' !== task.status`, …: field and value. */
const COMPARED = /\b(severity|code|status|lastStatus)\s*[!=]==?\s*(['"`])([^'"`]*)\2|(['"`])([^'"`]*)\4\s*[!=]==?\s*[\w.?]*\b(severity|code|status|lastStatus)\b/g;

/** Two task statuses listed together: a set of statuses. */
const STATUS_SET = new RegExp(`(['"\`])(${STATUSES.join('|')})\\1\\s*,\\s*(['"\`])(${STATUSES.join('|')})\\3`, 'g');

/** A finding's fields a key of findings is made of. */
const FIELD = String.raw`[\w?.]*\b(?:code|message|instancePath|span(?:\??\.start)?)\b`;

/** A key of findings: two or more of a finding's fields in one template literal, separated as
 * keys are (by NUL or `|`, not as a line is printed), or joined; or a finding whole as JSON. */
const SEPARATOR = String.raw`(?:\\u0000|\\0|\\x00|\|)`;
const FINDING_KEY = new RegExp([
  String.raw`\$\{\s*${FIELD}\s*\}${SEPARATOR}[^\`\n]*\$\{\s*${FIELD}\s*\}`,
  String.raw`\[\s*${FIELD}\s*,\s*${FIELD}[^\]\n]*\]\s*\.join\(`,
  String.raw`(?:\.(?:has|add)\(|\w+\s*=)\s*JSON\.stringify\(\s*(?:f|d|finding|diagnostic)\s*\)`,
].join('|'));

/** A finding's message taken apart: a regular expression over it, or a split. */
const MESSAGE_PARTS = /\.message\s*\.\s*(?:replace|replaceAll|match|matchAll|split|search)\s*\(|\.(?:test|exec)\(\s*[\w?.]*\.message\b/;

/** A quoted word that may be a finding code, and what precedes it. */
const QUOTED = /(\bevent\s*:\s*)?(['"`])([a-z][a-z0-9]*(?:-[a-z0-9]+)+)\2/g;

/** What decides with the crate's values in `text` (comments left out): `{ line, kind, value }`,
 * `kind` one of `compares severity`, `compares code`, `compares status`, `status set`, `code`,
 * `finding key`, `message parts` (`value`: the line's text, trimmed). */
export function decisions(text) {
  return code(text).split('\n').flatMap((line, i) => [
    ...[...line.matchAll(COMPARED)].map((m) => ({ field: m[1] ?? m[6], value: m[3] ?? m[5] }))
      .filter(({ field, value }) => DECIDING[field](value))
      .map(({ field, value }) => ({ line: i + 1, kind: `compares ${field === 'lastStatus' ? 'status' : field}`, value })),
    ...[...line.matchAll(STATUS_SET)].slice(0, 1).map((m) => ({ line: i + 1, kind: 'status set', value: `${m[2]}, ${m[4]}` })),
    ...[...line.matchAll(QUOTED)].filter((m) => !m[1] && FINDING_CODES.has(m[3])).map((m) => ({ line: i + 1, kind: 'code', value: m[3] })),
    ...(FINDING_KEY.test(line) ? [{ line: i + 1, kind: 'finding key', value: line.trim() }] : []),
    ...(MESSAGE_PARTS.test(line) ? [{ line: i + 1, kind: 'message parts', value: line.trim() }] : []),
  ]);
}

/** What is laid out or done with the crate's values, not decided: `file`, `kind`, `value`, why. */
const NOT_DECISIONS = [
  { file: 'runtime/modes.js', kind: 'compares severity', value: 'error', why: "the summary line shows the first error's message; the badge counts the errors the crate graded" },
  { file: 'runtime/json-editor.js', kind: 'compares severity', value: 'info', why: "the editor's lint marks: each finding at the crate's severity, in CodeMirror's words" },
  { file: 'runtime/cli/report.js', kind: 'compares severity', value: 'error', why: 'the exit code: 1 when the crate graded a finding an error (docs/cli.md, "Exit codes")' },
  { file: 'runtime/cli/check-docs.js', kind: 'compares severity', value: 'error', why: "each file's count line" },
  { file: 'runtime/cli/check-server.js', kind: 'compares severity', value: 'error', why: 'what the client does: arguments the crate found errors in are not sent without --send-invalid' },
  { file: 'runtime/mcp-sdk.js', kind: 'compares severity', value: 'error', why: "the SDK validator's `errorMessage` of an invalid report: its errors, as the SDK's interface prints them" },
  { file: 'runtime/docs/check.js', kind: 'compares severity', value: 'info', why: "what an example's check prints: the crate's findings but its information notes" },
  { file: 'www/tabs.js', kind: 'compares severity', value: 'info', why: 'the tool error handed back to a model lists the errors and warnings' },
  { file: 'www/main.js', kind: 'compares severity', value: 'info', why: 'the copy button has something to copy' },
  { file: 'www/main.js', kind: 'compares severity', value: 'error', why: "the tab's colour: its most severe finding" },
  { file: 'www/main.js', kind: 'compares severity', value: 'warning', why: "the tab's colour: its most severe finding" },
  { file: 'www/elicitation-form.js', kind: 'compares severity', value: 'error', why: 'each error shown under its form field' },
  { file: 'runtime/mcp-client/task.js', kind: 'compares status', value: 'input_required', why: "the client's next move (answer the input requests), not a verdict" },
  { file: 'runtime/mcp-client/task.js', kind: 'compares status', value: 'completed', why: "the client's next move (take the result), not a verdict" },
  { file: 'runtime/mcp-client/task.js', kind: 'compares status', value: 'failed', why: "the client's next move (take the error), not a verdict" },
  { file: 'www/sequence.js', kind: 'status set', value: 'working, input_required', why: "the legend's order of the lanes' colours" },
];

/** Decisions still made in JavaScript that belong in the crate (issue 52 item 1): none left; a
 * new one is listed here, with why, until it moves. */
const DECISIONS_NOT_MOVED_YET = [];

/** Every decision in the sources: `{ file, line, kind, value }`. */
function allDecisions() {
  return DIRS.flatMap(sources).flatMap((file) => decisions(readFileSync(join(ROOT, file), 'utf8')).map((d) => ({ file, ...d })));
}

const same = (entry, found) => entry.file === found.file && entry.kind === found.kind && entry.value === found.value;

test('no comparison on a severity, code or status, no set of statuses, no finding code decides in runtime/ or www/ but those listed', () => {
  const unlisted = allDecisions().filter((d) => ![...NOT_DECISIONS, ...DECISIONS_NOT_MOVED_YET].some((e) => same(e, d)));
  assert.deepEqual(unlisted.map((d) => `${d.file}:${d.line}: ${d.kind} ${JSON.stringify(d.value)}`), [], 'decided in JavaScript: the crate must decide it (or list it here, with why it is no decision)');
});

test('every listed comparison, set and code is still there (a moved one is taken off the list)', () => {
  const all = allDecisions();
  for (const entry of [...NOT_DECISIONS, ...DECISIONS_NOT_MOVED_YET]) {
    assert.ok(all.some((d) => same(entry, d)), `${entry.file} ${entry.kind} ${entry.value}: not found any more, take it off the list`);
  }
});

test('the detector sees a planted comparison, status set and finding code, not an OS error code, a run event or a comment', () => {
  const found = (text) => decisions(text).map((d) => `${d.kind}=${d.value}`);
  assert.ok(FINDING_CODES.has('unknown-keyword') && FINDING_CODES.size > 100, 'the registry is read');
  assert.deepEqual(found("if (d.code === 'unknown-keyword') return;"), ['compares code=unknown-keyword', 'code=unknown-keyword']);
  assert.deepEqual(found("const bad = list.filter((d) => 'error' === d.severity);"), ['compares severity=error']);
  assert.deepEqual(found("if (task.lastStatus !== 'cancelled') draw();"), ['compares status=cancelled']);
  assert.deepEqual(found("const DONE = new Set(['completed', 'failed', 'cancelled']);"), ['status set=completed, failed']);
  assert.deepEqual(found("const skip = ['duplicate-key'];"), ['code=duplicate-key']);
  // A set of finding codes that picks findings out, as runtime/values.js had it (which warnings
  // point into the schema text: the crate now places them by `schemaSpan`).
  assert.deepEqual(found("const SCHEMA_TEXT_WARNINGS = new Set(['lone-surrogate']);"), ['code=lone-surrogate']);
  assert.deepEqual(found("if (d.code === 'anthropic/name') n++;"), ['compares code=anthropic/name']);
  assert.deepEqual(found("if (error.code === 'ENOENT') return;"), []);
  assert.deepEqual(found("tell(session, { event: 'no-answer', entry });"), []);
  assert.deepEqual(found("// if (d.severity === 'error') in a comment"), []);
  assert.deepEqual(found("const state = data.ok ? 'loaded' : 'failed';"), []);
  // A terminal-status set, as runtime/mcp-client/task.js had it.
  assert.deepEqual(found("const TERMINAL = new Set(['completed', 'failed', 'cancelled']);"), ['status set=completed, failed']);
  // De-duplications of findings, as runtime/cli/validate.js, runtime/cli/host.js and runtime/modes.js had them.
  const key = (text) => found(text).filter((f) => f.startsWith('finding key='));
  assert.equal(key("const key = (d) => `${d.code}\\u0000${d.message}\\u0000${d.span?.start}`;").length, 1);
  assert.equal(key("    const k = JSON.stringify(f);").length, 1);
  assert.equal(key("const key = `${d.code}|${d.instancePath}|${d.span?.start}|${d.message}`;").length, 1);
  assert.equal(key("const key = [d.code, d.message].join('|');").length, 1);
  // Grouping by a regular expression over the crate's English, as runtime/cli/report.js had it.
  const parts = (text) => found(text).filter((f) => f.startsWith('message parts='));
  assert.equal(parts("  const named = name ? finding.message.split(name).join('\\u0001') : finding.message;").length, 1);
  assert.equal(parts("if (/unknown/.test(d.message)) n++;").length, 1);
  assert.equal(parts("const words = d.message.replace(QUOTED, '?');").length, 1);
  // Printing a finding, or keying by what is no finding's field, is none of these.
  assert.deepEqual(found("io.stdout.write(`${file}:${d.span.line}: ${d.message}\\n`);"), []);
  assert.deepEqual(found("const key = [finding.severity, finding.code, finding.tool.template].join('\\u0000');"), []);
  assert.deepEqual(found("const line = error.message.trim();"), []);
});

test('no finding code or severity is written in runtime/ or www/ but those the crate cannot make', () => {
  const all = literals();
  assert.ok(all.length > 0, 'the pattern finds the listed literals');
  const unlisted = all.filter((l) => ![...OUTSIDE_THE_CRATE, ...NOT_MOVED_YET].some((e) => listed(e, l)));
  assert.deepEqual(unlisted.map((l) => `${l.file}:${l.line}: ${l.field} ${JSON.stringify(l.value)}`), [], 'a finding made in JavaScript: the crate must make it (or list it here, with why it cannot)');
});

test('every listed exception is still there (a moved one is taken off the list)', () => {
  const all = literals();
  for (const entry of [...OUTSIDE_THE_CRATE, ...NOT_MOVED_YET]) {
    assert.ok(all.some((l) => listed(entry, l)), `${entry.file} ${entry.code}: not found any more, take it off the list`);
  }
});

test('the pattern sees a literal finding, not a comparison nor a comment', () => {
  const hits = (text) => [...code(text).matchAll(LITERAL)].map((m) => `${m[1]}=${m[3]}`);
  assert.deepEqual(hits("found.push({ severity: 'error', code: 'unformatted', message })"), ['severity=error', 'code=unformatted']);
  assert.deepEqual(hits("d.severity = 'warning';"), ['severity=warning']);
  assert.deepEqual(hits("if (d.severity === 'error') n += 1;"), []);
  assert.deepEqual(hits("// { severity: 'error' } in a comment"), []);
});
