// One table of log formats (the crate's `logFormats()`, src/host/logs/formats.rs): every format
// has a fixture that `detectLogFormat`, `readLog`, `replayLog` and the CLI's `replay` all name
// alike; the CLI's `--input-format` choices and help and docs/cli.md's table are that table.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { LOG_FIXTURES } from '../fixtures/logs/expected.mjs';

const { detectLogFormat, logFormats, readLog, replayLog } = await import(new URL('../../pkg/node.js', import.meta.url));
const CLI = new URL('../../pkg/cli.js', import.meta.url).pathname;
const TRANSCRIPT = new URL('../fixtures/sessions/everything-research-2025-11-25.jsonl', import.meta.url).pathname;

const cli = (...args) => spawnSync(process.execPath, [CLI, 'replay', ...args], { encoding: 'utf8' });

test('every format has a fixture that the detection, both readers and the CLI name alike', () => {
  const fixtures = [...LOG_FIXTURES, { path: TRANSCRIPT, text: readFileSync(TRANSCRIPT, 'utf8'), format: 'transcript' }];
  const run = cli('--format', 'json', ...fixtures.map((f) => f.path));
  const { results } = JSON.parse(run.stdout);
  fixtures.forEach((fixture, i) => {
    const names = [detectLogFormat(fixture.text), readLog(fixture.text).format, replayLog(fixture.text).format, results[i].format];
    assert.deepEqual(names, Array(4).fill(fixture.format), fixture.path);
  });
  const named = new Set(fixtures.map((f) => f.format));
  for (const { name } of logFormats()) assert.ok(named.has(name), `no fixture is read as ${name}`);
});

test('the CLI\'s --input-format choices and help are the table', () => {
  const formats = logFormats();
  const help = spawnSync(process.execPath, [CLI, 'replay', '--help'], { encoding: 'utf8' }).stdout;
  for (const { name, description } of formats) assert.ok(help.includes(`${name.padEnd(16)}${description}`), `${name}: ${help}`);
  const bad = cli('--input-format', 'pcap', TRANSCRIPT);
  assert.equal(bad.status, 2);
  assert.ok(bad.stderr.includes(`--input-format must be one of ${formats.map((f) => f.name).join(', ')}`), bad.stderr);
});

test('docs/cli.md\'s table of formats is the table: each name and what it is, in order', () => {
  const doc = readFileSync(new URL('../../docs/cli.md', import.meta.url), 'utf8');
  const table = doc.slice(doc.indexOf('| `--input-format` | what |')).split('\n\n')[0].split('\n').slice(2);
  const rows = table.map((row) => row.split(' | ')).map(([name, what]) => ({ name: name.replace(/^\| `|`$/g, ''), description: what }));
  assert.deepEqual(rows, logFormats().map(({ name, description }) => ({ name, description })));
});
