// The schema lint through the package (`lintSchema`), and the corpus it is held to:
// - the reference servers' tool schemas, fetched live over stdio (scripts/mcp-servers.mjs), must
//   equal the fixture the native test lints (tests/fixtures/lint/reference-tools.json), so the
//   fixture stays current when the servers' devDependencies move; refresh it with
//   `node tests/node/lint.test.mjs --update`;
// - `pattern-ecma` agrees with V8: what the lint says ECMA-262 rejects, `new RegExp(p, 'u')`
//   rejects, and what it passes, V8 compiles.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { test } from 'node:test';
import { referenceTools } from '../../scripts/mcp-servers.mjs';

const FIXTURE = new URL('../fixtures/lint/reference-tools.json', import.meta.url);

if (process.argv.includes('--update')) {
  writeFileSync(FIXTURE, `${JSON.stringify(await referenceTools(), null, 2)}\n`);
  console.log(`wrote ${FIXTURE.pathname}`);
  process.exit(0);
}

const { lintSchema } = await import('../../pkg/node.js');

test('the reference-tools fixture is what the reference servers list today', async () => {
  const live = await referenceTools();
  const fixture = JSON.parse(readFileSync(FIXTURE, 'utf8'));
  assert.deepEqual(live, fixture, 'refresh with: node tests/node/lint.test.mjs --update');
});

test('every reference tool schema lints clean through the package', () => {
  const servers = JSON.parse(readFileSync(FIXTURE, 'utf8'));
  let schemas = 0;
  for (const { server, tools } of servers) {
    for (const tool of tools) {
      for (const key of ['inputSchema', 'outputSchema']) {
        if (!tool[key]) continue;
        const report = lintSchema(JSON.stringify(tool[key], null, 2));
        assert.deepEqual(report.diagnostics, [], `${server} ${tool.name} ${key}`);
        schemas += 1;
      }
    }
  }
  assert.equal(schemas, 62, "37 inputSchema and 25 outputSchema");
});

test('the issue example: two typos named, each with a fix that repairs the text', () => {
  const text = '{"type":"object","properties":{"a":{"type":"string","maxLenght":5}},"requird":["a"]}';
  const report = lintSchema(text);
  assert.equal(report.valid, true);
  assert.deepEqual(report.diagnostics.map((d) => [d.code, d.severity]), [
    ['unknown-keyword', 'warning'],
    ['unknown-keyword', 'warning'],
  ]);
  let fixed = text;
  for (const { fix } of [...report.diagnostics].sort((a, b) => b.fix.span.start - a.fix.span.start)) {
    fixed = fixed.slice(0, fix.span.start) + fix.replacement + fixed.slice(fix.span.end);
  }
  assert.equal(fixed, '{"type":"object","properties":{"a":{"type":"string","maxLength":5}},"required":["a"]}');
  assert.deepEqual(lintSchema(fixed).diagnostics, []);
  assert.deepEqual(lintSchema('{"type": }').diagnostics.map((d) => d.code), ['syntax']);
});

test('pattern-ecma agrees with V8 (u flag)', () => {
  const flagged = (pattern) =>
    lintSchema(JSON.stringify({ type: 'string', pattern })).diagnostics.some((d) => d.code === 'pattern-ecma');
  const compiles = (pattern) => {
    try {
      new RegExp(pattern, 'u');
      return true;
    } catch {
      return false;
    }
  };
  const ecma = ['^[a-z0-9_-]+$', '^\\d{3}-\\d{4}$', '(?<year>\\d{4})-\\k<year>', '\\p{L}+', 'a(?=b)(?!c)(?<=d)(?<!e)', '[\\]\\-]', '^\\/p$'];
  for (const pattern of ecma) {
    assert.equal(compiles(pattern), true, pattern);
    assert.equal(flagged(pattern), false, pattern);
  }
  const rejected = ['(?P<id>\\d+)', '\\Aabc', '(?i)abc', '(?>a+)b', 'a*+', '\\x{41}', '\\_', '(?#note)a', '[[:alpha:]]', '[a-z&&[^aeiou]]'];
  for (const pattern of rejected) {
    assert.equal(compiles(pattern), false, `V8 rejects ${pattern}`);
    assert.equal(flagged(pattern), true, pattern);
  }
  // Accepted by V8 but read differently from the Rust engine: flagged too.
  for (const pattern of ['[a&&b]', '[a[b]', '[a~~b]']) {
    assert.equal(compiles(pattern), true, pattern);
    assert.equal(flagged(pattern), true, pattern);
  }
});
