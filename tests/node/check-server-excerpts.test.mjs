// The CLI reporter's excerpts (pkg/cli/report.js), which every command prints under a finding:
// a source line longer than EXCERPT_WIDTH is windowed around the span (`…` where cut, the caret
// under the span); check-server's transcripts and real `tools/list` results are single lines of
// many kilobytes.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
