// No finding is made in JavaScript (issue 37, ARCHITECTURE.md "No verdict is decided in
// JavaScript"): the crate names every code and grades every severity; `runtime/` and `www/`
// connect, record, lay out and print. This reads their sources (comments left out) for a
// finding's code or severity written as a literal (`severity: 'error'`, `code: 'x'`,
// `severity = 'warning'`) and fails on any not listed below. Listed are only findings the crate
// cannot make (each with why), and, apart, those still to move into it (each goes when it
// moves: the test fails when a listed one is no longer found, so the lists stay true).
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
