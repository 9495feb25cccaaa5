// A log with more rows than the page is sent at once, pasted into the Session tab: the replay's
// progress advances; the page gets the report with its sequence's layout and first rows only (the
// worker keeps the rest, www/sequence-store.js) and asks for more rows when the view is scrolled to
// them; the diagnostics list draws a page of findings and adds the next when its end scrolls into
// view. The rows drawn are still the crate's (replayLog's, the same wasm in Node). The log: the
// VS Code fixture grown to 2.5 MB (about 13,800 rows and 2,000 findings). What the page asks the
// worker is recorded by wrapping `Worker.prototype.postMessage`. Needs `make pkg www` first.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, pasteAndRun, selectTab, startBrowser } from './harness.mjs';
import { grownLog } from '../fixtures/logs/grown.mjs';

const { replayLog } = await import(new URL('../../pkg/node.js', import.meta.url));
const VSCODE = readFileSync(join(ROOT, 'tests/fixtures/logs/vscode-output-2026.log'), 'utf8');
/** A longer sequence does not cross whole with the report (www/sequence-store.js); findings a lazy list draws at a time (www/render.js). */
const FIRST_ROWS = 10_000;
const LAZY_PAGE = 200;

let env;
before(async () => {
  env = await startBrowser();
});
after(() => env?.close());

test('a large log: progress advances, rows come from the worker as they are scrolled to, findings a page at a time', async (t) => {
  const record = (context) => context.addInitScript(() => {
    window.__asked = [];
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function postMessage(data, ...rest) {
      if (data?.fn) window.__asked.push(data.fn);
      return post.call(this, data, ...rest);
    };
  });
  const { page, context, log } = await env.open('', {}, { route: record });
  if (!(await page.getAttribute('body', 'data-functions')).split(' ').includes('replayLog')) {
    t.skip('replayLog not in this wasm build');
    return context.close();
  }
  await selectTab(page, 'session');
  const text = grownLog(VSCODE.split('\n').filter(Boolean), 2.5e6);
  const report = replayLog(text);
  const rows = report.sequence.length;
  const findings = report.diagnostics.length;
  assert.ok(rows > FIRST_ROWS + 1000 && findings > 2 * LAZY_PAGE, `${rows} rows, ${findings} findings`);

  await page.evaluate(() => {
    window.shown = [];
    new MutationObserver(() => window.shown.push(document.getElementById('working-text').textContent))
      .observe(document.getElementById('working'), { subtree: true, childList: true, characterData: true });
  });
  await pasteAndRun(page, 'editor-a', text);

  // The progress shown advanced to the whole log.
  const read = (await page.evaluate(() => window.shown))
    .map((s) => s.match(/^replaying the log… ([\d.]+) MB of ([\d.]+) MB$/)?.[1]).filter(Boolean).map(Number);
  assert.ok(new Set(read).size >= 2 && read.every((r, i) => i === 0 || r >= read[i - 1]), `progress: ${read}`);
  assert.equal(read.at(-1), Number((new TextEncoder().encode(text).length / 1e6).toFixed(1)));

  // The findings: a page drawn, each saying its place among all of them; more when scrolled to.
  const items = () => page.$$eval('#diagnostics > li', (li) => li.map((item) => Number(item.getAttribute('aria-setsize'))));
  const first = await items();
  assert.equal(first.length, LAZY_PAGE);
  assert.ok(first.every((size) => size === findings), `aria-setsize ${first[0]} of ${findings}`);
  await page.$eval('#diagnostics', (list) => {
    list.scrollIntoView();
    list.scrollTop = list.scrollHeight;
  });
  await page.waitForFunction((n) => document.querySelectorAll('#diagnostics > li').length > n, LAZY_PAGE);
  assert.equal((await items()).length, 2 * LAZY_PAGE);

  // The sequence: all rows counted, few in the DOM; the last one asked for when scrolled to.
  assert.match(await page.textContent('#sequence .seq-count'), new RegExp(`^${rows} messages`));
  assert.ok(!(await page.evaluate(() => window.__asked)).includes('sequenceRows'), 'no rows asked for before a scroll');
  await page.$eval('#sequence .seq-viewport', (viewport) => { viewport.scrollTop = viewport.scrollHeight; });
  const last = await page.waitForSelector(`#sequence .seq-row[aria-posinset="${rows}"]`);
  assert.ok((await page.evaluate(() => window.__asked)).includes('sequenceRows'), 'the rows at the end came from the worker');
  const entry = report.sequence.at(-1);
  assert.equal(await last.getAttribute('data-index'), String(rows - 1));
  assert.equal(await last.$eval('.seq-method', (label) => label.textContent),
    ['request', 'notification'].includes(entry.kind) ? entry.method : entry.detail, 'the crate\'s row');
  assert.ok(await page.$$eval('#sequence .seq-row', (r) => r.length) < 60, 'a bounded number of rows in the DOM');
  assert.deepEqual(log.errors, [], 'no console error');
  await context.close();
});
