// `--format sarif` (runtime/cli/sarif.js): every command that takes `--format` writes one SARIF
// 2.1.0 log, validated here against the SARIF 2.1.0 JSON schema (OASIS, as shipped by the npm
// package @microsoft/jest-sarif 1.0.0-beta.0, pinned in package.json: lib/schemas/
// sarif-2.1.0-rtm.5.json, draft-04) with the package's own `Validator`; each finding a result with
// its rule id, level, message, file URI and region, each rule with its help text.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { test } from 'node:test';

const PKG = new URL('../../pkg/node.js', import.meta.url);
const { Validator } = await import(PKG);
/** The crate's registry of finding codes, as the package ships it. */
const codes = () => JSON.parse(readFileSync(new URL('../../pkg/codes.json', import.meta.url), 'utf8'));
const CLI = new URL('../../pkg/cli.js', import.meta.url).pathname;
const FIXTURES = new URL('../fixtures/cli/', import.meta.url).pathname;
const SESSIONS = new URL('../fixtures/sessions/', import.meta.url).pathname;
const DOUBLES = new URL('./fixtures/servers/', import.meta.url).pathname;
const require = createRequire(import.meta.url);
const SCHEMA = readFileSync(join(require.resolve('@microsoft/jest-sarif/package.json'), '../lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8');
// The schema's `language` pattern `^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$` has a lone `]`, a
// literal `]` in ECMA-262's Annex B syntax but an error in the Rust regex engine: escaped, it
// means the same.
const LANGUAGE = '"^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$"';
assert.equal(SCHEMA.split(LANGUAGE).length, 3, 'the two `language` patterns');
const sarif = new Validator(SCHEMA.replaceAll(LANGUAGE, '"^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}\\\\]?$"'));

/** Runs the CLI with `--format sarif` in the fixtures folder: `{ status, log }` (the log checked
 * against the SARIF schema). */
function run(args, { input, cwd = FIXTURES } = {}) {
  const [name, ...rest] = args;
  const done = spawnSync(process.execPath, [CLI, name, '--format', 'sarif', ...rest], { cwd, input, encoding: 'utf8', timeout: 60000 });
  assert.ok(done.stdout, `${args.join(' ')}: exit ${done.status} ${done.stderr}`);
  const log = JSON.parse(done.stdout);
  const report = sarif.validate(done.stdout);
  assert.deepEqual(report.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.instancePath}: ${d.message}`), [], `${args.join(' ')}: a valid SARIF 2.1.0 log`);
  assert.equal(log.version, '2.1.0');
  return { status: done.status, log, stderr: done.stderr };
}

test('the schema check is not vacuous: a log SARIF 2.1.0 forbids is refused', () => {
  const errors = (log) => sarif.validate(JSON.stringify(log)).diagnostics.filter((d) => d.severity === 'error');
  const run = { tool: { driver: { name: 'x' } }, results: [{ message: { text: 'm' }, level: 'fatal' }] };
  assert.ok(errors({ version: '2.1.0', runs: [run] }).length > 0, 'a level SARIF does not have');
  assert.ok(errors({ version: '2.0.0', runs: [] }).length > 0, 'another version');
  run.results[0].level = 'note';
  assert.deepEqual(errors({ version: '2.1.0', runs: [run] }), []);
});

/** The run's results and rules. */
const parts = (log) => ({ results: log.runs[0].results, rules: log.runs[0].tool.driver.rules });

test('lint: each finding a result with its rule, level, file URI and region; each rule its help text', () => {
  const { status, log } = run(['lint', 'lint-schema.json', 'lint-tool.json']);
  assert.equal(status, 1, 'the exit code is the same in every format');
  const { results, rules } = parts(log);
  assert.equal(results.length, 5);
  const range = results.find((r) => r.ruleId === 'empty-range');
  assert.equal(range.level, 'warning');
  assert.deepEqual(range.locations[0].physicalLocation.artifactLocation, { uri: 'lint-schema.json', uriBaseId: '%SRCROOT%' });
  assert.deepEqual(range.locations[0].physicalLocation.region, { startLine: 5, startColumn: 34, endLine: 5, endColumn: 43 });
  assert.match(range.message.text, /leave no number in between.*\(\/properties\/shard\/minimum\)$/);
  const invalid = results.find((r) => r.ruleId === 'invalid-schema');
  assert.equal(invalid.level, 'error');
  assert.equal(rules[invalid.ruleIndex].id, 'invalid-schema');
  // Each rule as the crate's registry (`codes.json`) describes it, its help URI the public rule.
  const registry = new Map(codes().map((row) => [row.code, row]));
  for (const rule of rules) {
    const row = registry.get(rule.id);
    assert.equal(rule.shortDescription.text, row.summary, rule.id);
    assert.equal(rule.helpUri, row.source, rule.id);
    assert.match(rule.help.text, /\/docs\/codes\.md$/, rule.id);
    assert.equal(rule.defaultConfiguration.level, { error: 'error', warning: 'warning' }[row.severity], rule.id);
  }
  assert.equal(rules.find((r) => r.id === 'empty-range').helpUri, 'https://json-schema.org/draft/2020-12/json-schema-validation');
  assert.deepEqual(rules.map((r) => r.id).sort(), ['empty-range', 'invalid-schema', 'unknown-keyword']);
  assert.equal(log.runs[0].invocations[0].executionSuccessful, true);
});

test('every command that takes --format writes SARIF: validate, check-tool, check-call, check-result, check-elicitation, compat, classify, format, replay, stdin', () => {
  const runs = [
    run(['validate', '--schema', 'schema.json', 'bad-args.json']),
    run(['check-tool', 'lint-tool.json']),
    run(['check-call', '--tool', 'tool.json', 'call.json']),
    run(['check-result', '--tool', 'tool.json', 'result.json']),
    run(['check-elicitation', '--request', 'elicit-request.json', 'elicit-bad-answer.json']),
    run(['compat', '--target', 'all', 'lint-tool.json']),
    run(['classify', 'call.json']),
    run(['format', '--check', 'unformatted.json']),
    run(['replay', join(SESSIONS, 'broken-fake-result-while-working.json')]),
    run(['lint', '-'], { input: '{"type": "strng"}' }),
  ];
  const validate = parts(runs[0].log).results;
  assert.deepEqual(validate.map((r) => [r.ruleId, r.level]), [['pattern', 'error'], ['minimum', 'error']]);
  assert.equal(parts(runs[7].log).results[0].ruleId, 'unformatted');
  assert.equal(parts(runs[9].log).results[0].locations[0].physicalLocation.artifactLocation.uri, '%3Cstdin%3E');
  // A finding about a tool keeps it.
  const tool = parts(runs[1].log).results.find((r) => r.properties?.tool);
  assert.ok(tool === undefined || typeof tool.properties.tool.name === 'string');
});

test('check-server: a transcript not written gives logical locations; a server that never answers is a no-answer result', () => {
  const many = run(['check-server', '--target', 'claude-code', '--', process.execPath, join(DOUBLES, 'many-tools.mjs')]);
  assert.equal(many.status, 0);
  const { results } = parts(many.log);
  assert.equal(results.length, 30);
  assert.deepEqual(results[0].locations, [{ logicalLocations: [{ fullyQualifiedName: 'tool "tool_01" /inputSchema' }] }]);
  // The tool, as the JSON report names it: its name, the pointer, and the message's template (what
  // the CLI groups by: the same finding of 30 tools is one group).
  const { template, ...where } = results[0].properties.tool;
  assert.deepEqual(where, { name: 'tool_01', pointer: '/inputSchema' });
  assert.equal(new Set(results.map((r) => r.properties.tool.template)).size, 1);
  assert.ok(!template.includes('tool_01'), template);
  const silent = run(['check-server', '--target', 'claude-code', '--startup-timeout', '800', '--', process.execPath, join(DOUBLES, 'silent.mjs')]);
  // A server that never answers is the session's no-answer finding, a result like any other.
  assert.equal(silent.status, 1);
  assert.deepEqual(parts(silent.log).results.map((r) => r.ruleId), ['no-answer']);
  assert.match(parts(silent.log).results[0].message.text, /^no answer to server\/discover within 800 ms/);
});
