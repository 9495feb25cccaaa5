// The command line (runtime/cli.js, pkg/cli.js): every command on good and bad files, stdin,
// --format json|github, exit codes 0/1/2, --help, colour only on a TTY without NO_COLOR.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { applyFixes } from '../../pkg/cli/lint.js';
import { report } from '../../pkg/cli/report.js';

const CLI = new URL('../../pkg/cli.js', import.meta.url).pathname;
const FIXTURES = new URL('../fixtures/cli/', import.meta.url).pathname;
const SESSIONS = new URL('../fixtures/sessions/', import.meta.url).pathname;

/** Runs the CLI in the fixtures folder: `{ status, stdout, stderr }`. */
function cli(args, { input, cwd = FIXTURES, env = {} } = {}) {
  const run = spawnSync(process.execPath, [CLI, ...args], { cwd, input, encoding: 'utf8', env: { ...process.env, ...env } });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

test('validate: findings like a compiler (file:line:column, source line, caret), exit 1; clean files exit 0', () => {
  const bad = cli(['validate', '--schema', 'schema.json', 'good-args.json', 'bad-args.json']);
  assert.equal(bad.status, 1);
  assert.equal(bad.stdout, [
    'good-args.json: valid',
    'bad-args.json: invalid',
    'bad-args.json:2:14: error[pattern]: "dataset" must match the pattern ^[a-z]+$, got "Logs" (/dataset)',
    '    "dataset": "Logs",',
    '               ^^^^^^',
    'bad-args.json:3:12: error[minimum]: "shard" must be >= 0, got -1 (/shard)',
    '    "shard": -1',
    '             ^^',
    '2 errors',
    '',
  ].join('\n'));
  assert.doesNotMatch(bad.stdout, /\x1b\[/, 'no colour when stdout is not a TTY');
  const good = cli(['validate', '--schema', 'schema.json', 'good-args.json']);
  assert.deepEqual(good, { status: 0, stdout: 'good-args.json: valid\n', stderr: '' });
});

test('validate: the schema\'s warnings once, against the schema file, however many files are validated', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-json-toolbox-schema-warnings-'));
  try {
    writeFileSync(join(dir, 'schema.json'), '{"type":"object","properties":{"a":{"type":"string","format":"bogus"},"a":{"type":"string"}}}');
    writeFileSync(join(dir, 'one.json'), '{"a":"x"}');
    writeFileSync(join(dir, 'two.json'), '{"a":1}');
    const run = spawnSync(process.execPath, [CLI, 'validate', '--format', 'json', '--schema', 'schema.json', 'one.json', 'two.json'], { cwd: dir, encoding: 'utf8' });
    assert.equal(run.status, 1, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout).findings.map((f) => `${f.file}:${f.line}:${f.column} ${f.code}`), [
      'schema.json:1:71 duplicate-key',
      'schema.json:1:53 unknown-format',
      'two.json:1:6 type',
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('validate: a catastrophic pattern (`^(a+)+$` on 40 a\'s and a b) ends in bounded time (V8\'s linear fallback, runtime/cli.js)', () => {
  // Without the flags runtime/cli.js sets, V8 backtracks through about 2^40 paths here: hours.
  const dir = mkdtempSync(join(tmpdir(), 'mcp-json-toolbox-redos-'));
  try {
    writeFileSync(join(dir, 'schema.json'), JSON.stringify({ type: 'object', properties: { name: { type: 'string', pattern: '^(a+)+$' } } }));
    writeFileSync(join(dir, 'args.json'), JSON.stringify({ name: `${'a'.repeat(40)}b` }));
    const run = spawnSync(process.execPath, [CLI, 'validate', '--schema', 'schema.json', 'args.json'], {
      cwd: dir, encoding: 'utf8', timeout: 10_000,
    });
    assert.equal(run.error, undefined, 'killed after 10 s: the match did not end');
    assert.equal(run.status, 1, run.stderr);
    assert.match(run.stdout, /error\[pattern\]: "name" must match the pattern \^\(a\+\)\+\$/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('stdin with -: validate and classify (a stringified message is unwrapped with a note)', () => {
  const args = cli(['validate', '--schema', 'schema.json', '-'], { input: '{"dataset": 5}' });
  assert.equal(args.status, 1);
  assert.match(args.stdout, /^<stdin>:1:13: error\[type\]: "dataset" must be a string, got integer \(\/dataset\)$/m);
  const message = JSON.stringify(readFileSync(join(FIXTURES, 'call.json'), 'utf8').trim());
  const classified = cli(['classify', '--format', 'json', '-'], { input: message });
  assert.equal(classified.status, 0);
  const document = JSON.parse(classified.stdout);
  assert.equal(document.results[0].kind, 'CallToolRequest');
  assert.equal(document.findings[0].code, 'stringified-message');
  assert.equal(document.findings[0].severity, 'info');
});

test('--format json is one JSON document of Findings; --format github gives workflow annotations', () => {
  const json = cli(['check-call', '--format', 'json', '--tool', 'tool.json', 'call.json']);
  assert.equal(json.status, 1);
  assert.deepEqual(JSON.parse(json.stdout).findings, [{
    file: 'call.json', line: 1, column: 123, endLine: 1, endColumn: 125, severity: 'error', code: 'minimum',
    message: '"shard" must be >= 0, got -1', instancePath: '/params/arguments/shard',
  }]);
  const github = cli(['check-result', '--format', 'github', '--tool', 'tool.json', 'result.json']);
  assert.equal(github.status, 1);
  assert.equal(github.stdout,
    '::error file=result.json,line=1,col=85,endLine=1,endColumn=91,title=type::"rows" must be an integer, got string (/result/structuredContent/rows)\n');
});

test('check-tool, classify and replay: exit 0 when clean, 1 on errors', () => {
  assert.equal(cli(['check-tool', 'tool.json']).status, 0);
  assert.equal(cli(['check-tool', '-'], { input: '{"name": "bad name!", "inputSchema": {"type": "string"}}' }).status, 1);
  assert.equal(cli(['classify', 'call.json']).stdout, 'call.json: CallToolRequest (2025-11-25)\n');
  const broken = cli(['replay', join(SESSIONS, 'broken-fake-result-while-working.json')]);
  assert.equal(broken.status, 1);
  assert.match(broken.stdout, /error\[fake-result-while-working\]/);
});

test('lint: schema files and the schemas of tool files (not the tool\'s other findings), exit 1 on errors only', () => {
  const run = cli(['lint', 'lint-schema.json', 'lint-tool.json', 'tool.json']);
  assert.equal(run.status, 1);
  assert.equal(run.stdout, [
    'lint-schema.json:4:35: warning[unknown-keyword]: `maxLenght` is not a 2020-12 keyword, so it is ignored: did you mean `maxLength`? (/properties/dataset/maxLenght)',
    '      "dataset": {"type": "string", "maxLenght": 20},',
    '                                    ^^^^^^^^^^^',
    // A contradiction is an observation: a warning (docs/robustness.md, "What an error means").
    'lint-schema.json:5:34: warning[empty-range]: `minimum` 5 and `maximum` 1 leave no number in between: nothing satisfies both (/properties/shard/minimum)',
    '      "shard": {"type": "integer", "minimum": 5, "maximum": 1}',
    '                                   ^^^^^^^^^',
    'lint-schema.json:7:3: warning[unknown-keyword]: `requird` is not a 2020-12 keyword, so it is ignored: did you mean `required`? (/requird)',
    '    "requird": ["dataset"]',
    '    ^^^^^^^^^',
    'lint-tool.json:5:30: error[invalid-schema]: invalid schema: "type" must be one of "array", "boolean", "integer", "null", "number", "object", "string", got "int": did you mean "integer"? (the closest of 2 alternatives) (/inputSchema/properties/limit/type)',
    '      "properties": {"limit": {"type": "int"}}',
    '                               ^^^^^^^^^^^^^',
    'lint-tool.json:7:38: warning[unknown-keyword]: `propertes` is not a 2020-12 keyword, so it is ignored: did you mean `properties`? (/outputSchema/propertes)',
    '    "outputSchema": {"type": "object", "propertes": {}}',
    '                                       ^^^^^^^^^^^',
    '1 error, 4 warnings',
    '',
  ].join('\n'));
  assert.doesNotMatch(run.stdout, /tool-name-invalid/, 'lint reports the schemas of a tool, check-tool the rest');
  assert.equal(cli(['check-tool', 'lint-tool.json']).stdout.match(/tool-name-invalid/g).length, 1);
  assert.deepEqual(cli(['lint', 'tool.json', 'schema.json']), { status: 0, stdout: '', stderr: '' });
  const warnings = cli(['lint', '--format', 'json', '-'], { input: '{"tools": [{"name": "a", "inputSchema": {"type": "object", "propertis": {}}}]}' });
  assert.equal(warnings.status, 0, 'warnings alone pass');
  assert.deepEqual(JSON.parse(warnings.stdout).findings.map((f) => `${f.line}:${f.column} ${f.code} ${f.instancePath}`),
    ['1:60 unknown-keyword /tools/0/inputSchema/propertis', '1:41 no-argument-tool-open /tools/0/inputSchema'],
    'checkTool\'s findings in a schema: the lint and the tool rules about schemas');
  const broken = cli(['lint', 'broken.json', '-'], { input: '[{"name": "a", "inputSchema": {"type": "object"},}]' });
  assert.equal(broken.status, 1);
  assert.match(broken.stdout, /^broken\.json:1:12: error\[syntax\]: trailing comma/m);
  assert.match(broken.stdout, /^<stdin>:1:\d+: error\[syntax\]/m, 'a broken tool file is reported too');
});

test('lint --fix: applies the fixes, lists each change, reports what remains; a second run changes nothing', () => {
  const work = mkdtempSync(join(tmpdir(), 'cli-lint-'));
  try {
    cpSync(join(FIXTURES, 'lint-schema.json'), join(work, 'schema.json'));
    cpSync(join(FIXTURES, 'lint-tool.json'), join(work, 'tool.json'));
    const fixed = cli(['lint', '--fix', 'schema.json', 'tool.json'], { cwd: work });
    assert.equal(fixed.status, 0, 'the empty range has no fix: it remains, a warning');
    assert.equal(fixed.stdout, [
      'schema.json:4:35: fixed [unknown-keyword]: "maxLenght" → "maxLength"',
      'schema.json:7:3: fixed [unknown-keyword]: "requird" → "required"',
      'tool.json:5:38: fixed [invalid-schema]: "int" → "integer"',
      'tool.json:7:38: fixed [unknown-keyword]: "propertes" → "properties"',
      'schema.json:5:34: warning[empty-range]: `minimum` 5 and `maximum` 1 leave no number in between: nothing satisfies both (/properties/shard/minimum)',
      '      "shard": {"type": "integer", "minimum": 5, "maximum": 1}',
      '                                   ^^^^^^^^^',
      '1 warning',
      '',
    ].join('\n'));
    assert.equal(readFileSync(join(work, 'schema.json'), 'utf8'),
      readFileSync(join(FIXTURES, 'lint-schema.json'), 'utf8').replace('maxLenght', 'maxLength').replace('requird', 'required'));
    assert.equal(readFileSync(join(work, 'tool.json'), 'utf8'),
      readFileSync(join(FIXTURES, 'lint-tool.json'), 'utf8').replace('"int"', '"integer"').replace('propertes', 'properties'));
    const json = JSON.parse(cli(['lint', '--fix', '--format', 'json', 'tool.json'], { cwd: work }).stdout);
    assert.deepEqual(json, { findings: [], results: [] }, 'nothing left to fix');
    cpSync(join(FIXTURES, 'lint-schema.json'), join(work, 'again.json'));
    const results = JSON.parse(cli(['lint', '--fix', '--format', 'json', 'again.json'], { cwd: work }).stdout).results;
    assert.deepEqual(results, [{ file: 'again.json', notApplied: 0, fixed: [
      { line: 4, column: 35, code: 'unknown-keyword', replacement: '"maxLength"' },
      { line: 7, column: 3, code: 'unknown-keyword', replacement: '"required"' },
    ] }]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

test('lint --fix: the fixes the crate says can be made together are applied at their UTF-16 spans', () => {
  // Which fixes overlap (left out) and which repeat is lintFile's (src/host/lint_file.rs, its tests).
  assert.equal(applyFixes('abcdefg', [{ span: { start: 1, end: 3 }, replacement: 'XY' }, { span: { start: 5, end: 5 }, replacement: '!' }]), 'aXYde!fg');
  assert.equal(applyFixes('"é😀k"', [{ span: { start: 4, end: 5 }, replacement: 'K' }]), '"é😀K"', 'spans count UTF-16 code units');
});

test('check-elicitation: the request once, each answer against it; exit 0 when clean', () => {
  const run = cli(['check-elicitation', '--request', 'elicit-request.json', 'elicit-good-answer.json', 'elicit-bad-answer.json']);
  assert.equal(run.status, 1);
  assert.equal(run.stdout, [
    'elicit-bad-answer.json:1:46: error[minimum]: "replicas" must be >= 1, got 0 (/content/replicas)',
    '  {"action": "accept", "content": {"replicas": 0}}',
    '                                               ^',
    '1 error',
    '',
  ].join('\n'));
  assert.deepEqual(cli(['check-elicitation', '--request', 'elicit-request.json']), { status: 0, stdout: '', stderr: '' });
  const nested = cli(['check-elicitation', '--format', 'json', '--request', '-', 'elicit-good-answer.json', 'elicit-bad-answer.json'], {
    input: readFileSync(join(FIXTURES, 'elicit-request.json'), 'utf8').replace('"minimum": 1}', '"minimum": 1}, "where": {"type": "object"}'),
  });
  assert.equal(nested.status, 1);
  assert.deepEqual(JSON.parse(nested.stdout).findings.map((f) => `${f.file} ${f.code} ${f.instancePath}`), [
    '<stdin> elicitation-schema-nested /params/requestedSchema/properties/where/type',
    'elicit-bad-answer.json minimum /content/replicas',
  ], 'the request\'s finding once, not once per answer');
});

test('format: prints, --check exits 1 on unformatted or broken files, --write rewrites', () => {
  assert.deepEqual(cli(['format', '--indent', '1', 'formatted.json']), { status: 0, stdout: '{\n "a": 1\n}\n', stderr: '' });
  assert.equal(cli(['format', '--minify', '--sort-keys', '-'], { input: '{"b": 1.50, "a": [] }' }).stdout, '{"a":[],"b":1.50}\n');
  const check = cli(['format', '--check', 'formatted.json', 'unformatted.json', 'broken.json']);
  assert.equal(check.status, 1);
  // The crate's finding, where the file first differs from its formatted form (after `{`).
  assert.match(check.stdout, /^unformatted\.json:1:2: error\[unformatted\]: not formatted: from here/m);
  assert.match(check.stdout, /^broken\.json:1:12: error\[syntax\]: trailing comma/m);
  assert.doesNotMatch(check.stdout, /^formatted\.json/m, 'a formatted file has no finding');
  const work = mkdtempSync(join(tmpdir(), 'cli-format-'));
  try {
    cpSync(join(FIXTURES, 'unformatted.json'), join(work, 'a.json'));
    assert.equal(cli(['format', '--write', '--tab', 'a.json'], { cwd: work }).status, 0);
    assert.equal(readFileSync(join(work, 'a.json'), 'utf8'), '{\n\t"a": 1,\n\t"b": [\n\t\t1.50,\n\t\t2e3\n\t]\n}\n');
    assert.equal(cli(['format', '--check', '--tab', 'a.json'], { cwd: work }).status, 0);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

test('usage and I/O errors: one clear line, exit 2, no stack trace', () => {
  const cases = [
    [['validate', '--schema', '.', 'good-args.json'], /^mcp-json-toolbox validate: \.: is a directory, not a file$/m],
    [['classify', 'missing.json'], /^mcp-json-toolbox classify: missing\.json: no such file$/m],
    [['classify'], /no input: give one or more FILEs, or - for stdin/],
    [['validate', 'good-args.json'], /--schema FILE is required/],
    [['format', '--wide', 'formatted.json'], /Unknown option '--wide'/],
    [['format', '--check', '--write', 'formatted.json'], /--check and --write exclude each other/],
    [['format', '--write', '-'], /--write cannot rewrite stdin/],
    [['classify', '--format', 'xml', 'call.json'], /--format must be one of human, json, github/],
    [['frobnicate'], /unknown command "frobnicate"/],
    [['lint', '--fix', '-'], /--fix cannot rewrite stdin/],
    [['lint'], /no input: give one or more FILEs/],
    [['check-elicitation', 'elicit-good-answer.json'], /--request FILE is required/],
  ];
  for (const [args, message] of cases) {
    const run = cli(args, { input: '' });
    assert.equal(run.status, 2, args.join(' '));
    assert.match(run.stderr, message, args.join(' '));
    assert.doesNotMatch(run.stderr, /\n\s+at /, 'no stack trace');
  }
});

test('--help for the tool and every command', () => {
  const top = cli(['--help']);
  assert.equal(top.status, 0);
  const lines = [...top.stdout.matchAll(/^ {2}(\S+) {2,}(.*)$/gm)];
  const commands = lines.map((m) => m[1]);
  for (const [line, name, description] of lines) {
    // One whole sentence per command, never a description cut mid-sentence.
    assert.match(description, /^[A-Z].*\.$/, name);
    assert.ok(line.length <= 100, `${name}: ${line.length} columns`);
  }
  // The command table (runtime/cli.js) lists every command module (runtime/cli/<name>.js with a
  // default export), and nothing else: a new command is its file and its row, no test edit.
  const modules = readdirSync(new URL('../../runtime/cli/', import.meta.url))
    .filter((file) => file.endsWith('.js') && /^export default/m.test(readFileSync(new URL(`../../runtime/cli/${file}`, import.meta.url), 'utf8')))
    .map((file) => file.slice(0, -'.js'.length));
  assert.ok(modules.length >= 13, `${modules.length} command modules found`);
  assert.deepEqual([...commands].sort(), modules.sort());
  for (const name of commands) {
    const help = cli([name, '--help']);
    assert.equal(help.status, 0, name);
    assert.match(help.stdout, new RegExp(`^Usage: mcp-json-toolbox ${name} `), name);
    // The proxy exits as the server it runs did (tests/node/proxy-transport.test.mjs).
    assert.match(help.stdout, name === 'proxy' ? /Exit code over stdio: the server's/ : /Exit codes: 0 no errors, 1 errors found, 2 usage or I\/O error/);
  }
});

test('README\'s list of commands and docs/cli.md\'s usage lines are the command table, in its order', () => {
  const commands = [...cli(['--help']).stdout.matchAll(/^ {2}(\S+) {2,}/gm)].map((m) => m[1]);
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');
  const list = readme.slice(readme.indexOf('`npx mcp-json-toolbox COMMAND` — ')).split('. Reference:')[0];
  assert.deepEqual([...list.matchAll(/`([a-z-]+)`/g)].map((m) => m[1]), commands, 'README.md');
  const doc = readFileSync(new URL('../../docs/cli.md', import.meta.url), 'utf8');
  const usage = doc.slice(doc.indexOf('```text\n') + 8, doc.indexOf('\n```', doc.indexOf('```text\n')));
  const used = [...new Set([...usage.matchAll(/^ {2}([a-z-]+) /gm)].map((m) => m[1]))];
  assert.deepEqual(used, commands, 'docs/cli.md');
});

test('the reporter colours only on a TTY and never with NO_COLOR', () => {
  const finding = { file: 'a.json', line: 1, column: 2, endLine: 1, endColumn: 3, severity: 'error', code: 'type', message: 'm' };
  const print = (isTTY, env) => {
    let text = '';
    report([finding], { io: { isTTY, env, stdout: { write: (t) => { text += t; } } }, sources: new Map([['a.json', '[1]']]) });
    return text;
  };
  assert.match(print(true, {}), /\x1b\[31merror\[type\]\x1b\[0m/);
  assert.doesNotMatch(print(true, { NO_COLOR: '1' }), /\x1b\[/);
  assert.doesNotMatch(print(false, {}), /\x1b\[/);
  assert.equal(print(false, {}), 'a.json:1:2: error[type]: m\n  [1]\n   ^\n1 error\n');
});

test('the human form groups findings about tools by rule and the crate\'s message template (tool names and quoted values aside)', () => {
  // Each finding's `tool.template` as the crate's `message_template` gives it (src/diagnostic.rs).
  const about = (name, message, template, severity = 'warning') => ({ file: 't.jsonl', line: 1, column: 1, severity, code: 'x/rule', message, tool: { name, pointer: '', template } });
  const list = [
    about('alpha', 'Tool \'alpha\' has the dialect "draft-07"', 'Tool {value} has the dialect {value}'),
    about('beta', 'Tool \'beta\' has the dialect "draft-04"', 'Tool {value} has the dialect {value}'),
    about('gamma', 'tool `gamma` is too long', 'tool {value} is too long'),
    about('delta', 'the tool\'s name delta is too long', 'the tool\'s name {tool} is too long'),
    about('epsilon', 'Tool \'epsilon\' has the dialect "draft-07"', 'Tool {value} has the dialect {value}', 'error'),
  ];
  let text = '';
  report(list, { io: { stdout: { write: (t) => { text += t; } } } });
  const lines = text.trimEnd().split('\n');
  assert.deepEqual(lines.filter((l) => !l.startsWith('  ')), [
    't.jsonl:1:1: warning[x/rule]: Tool \'alpha\' has the dialect "draft-07" (tool "alpha")',
    't.jsonl:1:1: warning[x/rule]: tool `gamma` is too long (tool "gamma")',
    't.jsonl:1:1: warning[x/rule]: the tool\'s name delta is too long (tool "delta")',
    't.jsonl:1:1: error[x/rule]: Tool \'epsilon\' has the dialect "draft-07" (tool "epsilon")',
    '1 error, 4 warnings',
  ]);
  assert.ok(lines.includes('  ×2 in 2 tools: "alpha", "beta" (--verbose lists each)'), text);
});

test('the default targets, one truth: the crate\'s list is what compat --help names; the docs keep no hand list', async () => {
  const { compatTargets } = await import('../../pkg/node.js');
  const names = (optIn) => compatTargets().filter((t) => t.optIn === optIn).map((t) => t.name);
  const [defaults, optIn] = [names(false), names(true)];
  const help = cli(['compat', '--help']).stdout;
  assert.match(help, new RegExp(`^ +default: ${defaults.join(', ')}$`, 'm'));
  assert.match(help, new RegExp(`^ +opt-in: ${optIn.join(', ')}$`, 'm'));
  assert.match(cli(['check-server', '--help']).stdout, /default the package's: see `compat --help`/);
  // The docs' clauses on default and opt-in targets (up to their `.` or `;`) name no target by
  // hand: docs/compat.md's targets table, generated from the data, lists them (compat-doc test).
  const named = (text, from) => {
    assert.ok(text.includes(from), from);
    const clause = text.slice(text.indexOf(from)).split(/[.;]\s/)[0];
    return [...clause.matchAll(/`([a-z-]+)`/g)].map((m) => m[1]).filter((n) => defaults.includes(n) || optIn.includes(n));
  };
  const doc = (name) => readFileSync(new URL(`../../docs/${name}`, import.meta.url), 'utf8').replace(/\s+/g, ' ');
  const cliDoc = doc('cli.md');
  const compatDoc = doc('compat.md');
  assert.deepEqual(named(cliDoc, 'The **default targets** are'), [], 'docs/cli.md');
  assert.deepEqual(named(cliDoc, 'the **opt-in** ones are'), [], 'docs/cli.md');
  assert.deepEqual(named(compatDoc, '**Targets.** The default ones are'), [], 'docs/compat.md');
  // What runs without --target: the default targets (check-tool: none, it says so).
  assert.match(cliDoc, /`compat` checks the default targets when `--target` is left out/);
  assert.match(cliDoc, /without `--target` only the default targets judge/);
  assert.match(compatDoc, /`checkCompatibility` without `targets` checks the default ones/);
});
