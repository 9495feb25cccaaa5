// The command line (runtime/cli.js, pkg/cli.js): every command on good and bad files, stdin,
// --format json|github, exit codes 0/1/2, --help, colour only on a TTY without NO_COLOR.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
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

test('format: prints, --check exits 1 on unformatted or broken files, --write rewrites', () => {
  assert.deepEqual(cli(['format', '--indent', '1', 'formatted.json']), { status: 0, stdout: '{\n "a": 1\n}\n', stderr: '' });
  assert.equal(cli(['format', '--minify', '--sort-keys', '-'], { input: '{"b": 1.50, "a": [] }' }).stdout, '{"a":[],"b":1.50}\n');
  const check = cli(['format', '--check', 'formatted.json', 'unformatted.json', 'broken.json']);
  assert.equal(check.status, 1);
  assert.match(check.stdout, /^unformatted\.json:1:1: error\[unformatted\]/m);
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
  const commands = [...top.stdout.matchAll(/^ {2}(\S+) {2,}/gm)].map((m) => m[1]);
  assert.deepEqual(commands, ['format', 'validate', 'classify', 'check-tool', 'check-call', 'check-result', 'replay']);
  for (const name of commands) {
    const help = cli([name, '--help']);
    assert.equal(help.status, 0, name);
    assert.match(help.stdout, new RegExp(`^Usage: mcp-json-toolbox ${name} `), name);
    assert.match(help.stdout, /Exit codes: 0 no errors, 1 errors found, 2 usage or I\/O error/);
  }
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
