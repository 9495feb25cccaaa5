// One checker (issue 34), the page's side: the Session tab shows, for a recording pasted into it,
// exactly the findings `replaySession` of the built package gives in Node (which `replay`,
// `proxy --report` and `check-server` agree with: tests/node/one-checker.test.mjs): code,
// severity, line and column. Two recordings: a real server-everything task session with an
// elicitation, and a deliberately broken double's (fixtures/broken-mix.jsonl, recorded by
// `check-server --record` from tests/node/fixtures/servers/broken-mix.mjs). Needs `make pkg www`.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT, pasteAndRun, selectTab, skipWithout, startBrowser } from './harness.mjs';

const { replaySession } = await import(join(ROOT, 'pkg', 'node.js'));

let env;
before(async () => {
  env = await startBrowser();
});
after(() => env?.close());

const RECORDINGS = [
  join(ROOT, 'tests', 'fixtures', 'sessions', 'everything-research-elicitation-2025-11-25.jsonl'),
  join(ROOT, 'tests', 'browser', 'fixtures', 'broken-mix.jsonl'),
];

for (const path of RECORDINGS) {
  test(`the Session tab shows replaySession's findings: ${path.split('/').at(-1)}`, async (t) => {
    const session = await env.open();
    if (await skipWithout(t, session, 'replaySession')) return;
    const { page, context } = session;
    const text = await readFile(path, 'utf8');
    await selectTab(page, 'session');
    await pasteAndRun(page, 'editor-a', text);
    const shown = await page.$$eval('#diagnostics > li.diag > .diag-button', (buttons) => buttons.map((b) => {
      const where = b.querySelector('.diag-pos')?.textContent.match(/line (\d+), column (\d+)/) ?? [];
      return `${where[1]}:${where[2]} ${b.querySelector('.sev').textContent} ${b.querySelector('.diag-code')?.textContent}`;
    }));
    const expected = replaySession(text).diagnostics.map((d) => `${d.span?.line}:${d.span?.column} ${d.severity} ${d.code}`);
    assert.ok(expected.length > 0, 'the recording has findings to compare');
    assert.deepEqual(shown.sort(), expected.sort());
    await context.close();
  });
}
