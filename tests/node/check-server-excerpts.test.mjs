// The CLI reporter's excerpts (pkg/cli/report.js), which every command prints under a finding:
// a source line longer than EXCERPT_WIDTH is windowed around the span (`…` where cut, the caret
// under the span); check-server's transcripts and real `tools/list` results are single lines of
// many kilobytes. Then what check-server prints for a person: findings grouped by rule with the
// tools named (--verbose lists each), placed by tool or message unless --record wrote the
// transcript; a stdout line that is not JSON named at its place; the first stderr lines on exit 2.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { EXCERPT_WIDTH, excerpt } from '../../pkg/cli/report.js';
import { initialize, startServer } from '../../scripts/mcp-servers.mjs';

/** The text the carets of `e` stand under. */
const underCarets = (e) => e.line.slice(e.pad.length, e.pad.length + e.carets);

test('a short line is shown whole, the caret under the span', () => {
  assert.deepEqual(excerpt('  "shard": -1', 11, 13), { line: '  "shard": -1', pad: '           ', carets: 2 });
  assert.deepEqual(excerpt('\t"a": 1', 6, 7), { line: '\t"a": 1', pad: '\t     ', carets: 1 });
  assert.deepEqual(excerpt('{}', 2, 3), { line: '{}', pad: '  ', carets: 1 }, 'a span at the end of the line');
});

test('a long line is windowed around the span: … where cut, the caret under the span', () => {
  const text = `${'a'.repeat(5000)}"bad"${'b'.repeat(5000)}`;
  const middle = excerpt(text, 5000, 5005);
  assert.ok(middle.line.startsWith('…') && middle.line.endsWith('…'));
  assert.equal(middle.line.length, EXCERPT_WIDTH + 2);
  assert.equal(underCarets(middle), '"bad"');
  const start = excerpt(text, 0, 3);
  assert.ok(!start.line.startsWith('…') && start.line.endsWith('…'));
  assert.equal(start.pad, '');
  const end = excerpt(text, text.length - 3, text.length);
  assert.ok(end.line.startsWith('…') && !end.line.endsWith('…'));
  assert.equal(underCarets(end), 'bbb');
  // A span wider than the window: the carets stop at the window's edge.
  const wide = excerpt(text, 10, 9000);
  assert.ok(wide.pad.length + wide.carets <= wide.line.length);
  assert.equal(underCarets(wide), wide.line.slice(wide.pad.length, wide.pad.length + wide.carets));
  // A cut never splits a surrogate pair.
  const emoji = '😀'.repeat(200);
  for (const e of [excerpt(emoji, 200, 202), excerpt(emoji, 201, 203)]) assert.doesNotMatch(e.line, /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/u);
});

test('check-tool on the filesystem server\'s real single-line tools/list: every excerpt line about 120 columns, carets under the span', async () => {
  const server = startServer('filesystem');
  let tools;
  try {
    await initialize(server);
    tools = (await server.request('tools/list', {})).result;
  } finally {
    await server.close();
  }
  const dir = mkdtempSync(join(tmpdir(), 'excerpts-'));
  try {
    const text = JSON.stringify(tools);
    assert.ok(text.length > 4000, `a long single line (${text.length} characters)`);
    writeFileSync(join(dir, 'tools.json'), text);
    const run = spawnSync(process.execPath, [new URL('../../pkg/cli.js', import.meta.url).pathname, 'check-tool', 'tools.json'], { cwd: dir, encoding: 'utf8' });
    const lines = run.stdout.split('\n');
    const headers = lines.map((l, i) => [l, i]).filter(([l]) => l.startsWith('tools.json:1:'));
    assert.ok(headers.length > 0, run.stdout);
    for (const [header, i] of headers) {
      const column = Number(header.split(':')[2]);
      const [shown, carets] = [lines[i + 1].slice(2), lines[i + 2].slice(2)];
      assert.ok(shown.length <= EXCERPT_WIDTH + 2, `${shown.length} columns`);
      const at = carets.indexOf('^');
      assert.equal(shown.slice(at, at + 1), text.slice(column - 1, column), header);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

const CLI = new URL('../../pkg/cli.js', import.meta.url).pathname;
const DOUBLES = new URL('./fixtures/servers/', import.meta.url).pathname;

/** check-server on the test double `name` (claude-code only: the defaults change with the
 * profiles, the doubles' findings here are checkTool's and the transport's):
 * `{ status, stdout, stderr }`, in a temporary folder `dir`. */
function checkServer(dir, name, ...args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, 'check-server', '--target', 'claude-code', '--timeout', '30000', ...args, '--', process.execPath, join(DOUBLES, name)], { cwd: dir });
    let [stdout, stderr] = ['', ''];
    child.stdout.setEncoding('utf8').on('data', (c) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c) => (stderr += c));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

test('one rule on 30 tools: one finding with its excerpt and a count line naming the tools; --verbose lists each; JSON and GitHub carry the tool', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'grouped-'));
  try {
    const [human, verbose, github, json] = await Promise.all([
      checkServer(dir, 'many-tools.mjs'),
      checkServer(dir, 'many-tools.mjs', '--verbose'),
      checkServer(dir, 'many-tools.mjs', '--format', 'github'),
      checkServer(dir, 'many-tools.mjs', '--format', 'json'),
    ]);
    for (const run of [human, verbose, github, json]) assert.equal(run.status, 0, run.stderr);
    const lines = human.stdout.trimEnd().split('\n');
    assert.ok(lines.length <= 16, `under a screen: ${lines.length} lines\n${human.stdout}`);
    assert.match(human.stdout, /^ {2}\(all 30 tools: no error, accepted by every target; --verbose lists them\)$/m);
    assert.match(human.stdout, /^transcript: not written/m);
    // Placed by tool and pointer (no transcript file was written), the excerpt under it.
    const first = lines.findIndex((l) => l.includes('warning[no-argument-tool-open]'));
    assert.match(lines[first], /^tool "tool_01" \/inputSchema: warning\[no-argument-tool-open\]: tool "tool_01" takes no arguments/);
    assert.ok(lines[first + 1].slice(lines[first + 2].indexOf('^')).startsWith('{"type":"object"}'), lines[first + 1]);
    assert.equal(lines[first + 3], '  ×30 in 30 tools: "tool_01", "tool_02", "tool_03", "tool_04", "tool_05", … 25 more (--verbose lists each)');
    assert.equal(lines.filter((l) => l.includes('[no-argument-tool-open]')).length, 1);
    assert.equal(lines.at(-1), '30 warnings');
    // --verbose: every instance with its excerpt, every tool in the table.
    const each = verbose.stdout.split('\n').filter((l) => l.includes('[no-argument-tool-open]'));
    assert.deepEqual(each.map((l) => l.split(' ')[1]), Array.from({ length: 30 }, (_, i) => `"tool_${String(i + 1).padStart(2, '0')}"`));
    assert.match(verbose.stdout, /^ {2}tool_30 +- +1 warning +accepted$/m);
    assert.doesNotMatch(verbose.stdout, /×30/);
    // GitHub: no annotation on a file that was not written; the tool starts the message.
    const annotations = github.stdout.trimEnd().split('\n');
    assert.equal(annotations.length, 30);
    assert.match(annotations[0], /^::warning title=no-argument-tool-open::tool "tool_01" \/inputSchema: tool "tool_01" takes no arguments/);
    // JSON: each finding's tool and its pointer within the tool.
    const { findings } = JSON.parse(json.stdout);
    assert.deepEqual(findings[29].tool, { name: 'tool_30', pointer: '/inputSchema', template: 'tool {value} takes no arguments but its {value} accepts any: say {value}, or models may invent arguments' });
    assert.equal(JSON.parse(json.stdout).results[0].recorded, false, 'the transcript its lines point into was not written');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a stdout line that is not JSON-RPC: recorded as a stdout entry, stdout-not-json at the line, the line named', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'stdout-'));
  try {
    const [json, human] = await Promise.all([
      checkServer(dir, 'stdout-log.mjs', '--format', 'json', '--record', 'weather.jsonl'),
      checkServer(dir, 'stdout-log.mjs'),
    ]);
    assert.equal(json.status, 1, json.stderr);
    const { findings, results } = JSON.parse(json.stdout);
    assert.deepEqual(results[0].tools.map((t) => t.name), ['forecast', 'alerts'], 'the session went on');
    assert.equal(results[0].recorded, true);
    const polluted = findings.filter((f) => f.code === 'stdout-not-json');
    assert.deepEqual(polluted.map((f) => f.severity), ['error', 'error']);
    assert.deepEqual(findings.filter((f) => f.severity === 'error').length, 2, JSON.stringify(findings));
    assert.match(polluted[0].message, /"Weather server running on stdio".*MUST NOT write anything to its stdout/);
    assert.match(polluted[1].message, /"listing 2 tools"/);
    // The transcript keeps each line as an entry of its own; the finding's span is the line.
    const text = readFileSync(join(dir, 'weather.jsonl'), 'utf8');
    const entries = text.trimEnd().split('\n').map((l) => JSON.parse(l));
    const banner = entries.findIndex((e) => e.stdout === 'Weather server running on stdio');
    assert.deepEqual(Object.keys(entries[banner]).sort(), ['direction', 'stdout', 'timestamp']);
    assert.equal(entries[banner].direction, 'server');
    assert.equal(polluted[0].line, banner + 1);
    const line = text.split('\n')[banner];
    assert.equal(line.slice(polluted[0].column - 1, polluted[0].endColumn - 1), '"Weather server running on stdio"');
    // Without --record: placed at the transcript entry, not in a file.
    assert.match(human.stdout, /^entry \d+ \(a line on the server's stdout\): error\[stdout-not-json\]: the server wrote a line to stdout that is not a JSON-RPC message: "Weather server running on stdio"/m);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('exit 2: the server\'s first stderr lines (the cause) and its last ones, not only the tail', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'crash-'));
  try {
    const [human, json] = await Promise.all([checkServer(dir, 'noisy-crash.mjs'), checkServer(dir, 'noisy-crash.mjs', '--format', 'json')]);
    assert.equal(human.status, 2);
    const lines = human.stderr.trimEnd().split('\n');
    assert.match(lines[0], /^mcp-json-toolbox check-server: the server exited \(code 1\)/);
    assert.equal(lines[1], 'the server\'s stderr (first and last lines):');
    assert.equal(lines[2], '  Error: Cannot find module \'weather-api-client\' (the cause, first line)');
    assert.equal(lines.at(-1), '  Node.js v20 (the last line)');
    assert.ok(lines.length <= 24, `${lines.length} lines`);
    assert.match(human.stderr, /… \(\d+ lines left out\)/);
    assert.equal(json.status, 2);
    assert.match(JSON.parse(json.stdout).results[0].error.stderrTail, /^Error: Cannot find module 'weather-api-client'[^]*the last line\)$/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
