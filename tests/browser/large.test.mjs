// A 20 MB paste keeps the page responsive (the work runs in the worker and the editor shows a
// preview), and a long job can be cancelled. The 200 ms bound is a functional guarantee (no freeze),
// not a benchmark: it bounds the CPU time of each task of the page's main thread, read from a
// Chromium trace, which a busy machine does not stretch as it stretches wall time (a task waiting
// for a core is not the page's work). On a virtual machine under load a thread's CPU time grows
// too (stolen time, shared caches: 40-55 ms idle, 160-210 ms in the parallel gate here), so the
// task is also measured against a yardstick taken in the same page at the same time: `JSON.parse`
// of a 2 MB document. The page's longest task must stay under 200 ms, or under 8 yardsticks; the
// 20 MB document parsed on the main thread would be about 10. Needs `make pkg www` first (see
// harness.mjs).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { afterRun, editorText, pasteAndRun, selectTab, startBrowser } from './harness.mjs';
import { startTrace as startTraceOf, stopTrace as stopTraceOf } from './trace.mjs';

/** Most CPU time one main-thread task may take while a 20 MB document is pasted and processed. */
const MAX_TASK_MS = 200;
/** ... or how many times the CPU time of `JSON.parse` of a 2 MB document (the yardstick). */
const MAX_TASK_YARDSTICKS = 8;

let env;
before(async () => {
  env = await startBrowser();
});
after(() => env?.close());

/** Builds a ~20 MB JSON document in the page (before measuring) as `window.big`. */
async function makeBigDocument(page) {
  return page.evaluate(() => {
    const items = [];
    for (let i = 0, total = 0; total < 20.2e6; i++) {
      items.push(`{"id":${i},"name":"item ${i}","tags":["alpha","beta"],"value":${i}.25,"ok":true}`);
      total += items[i].length + 1;
    }
    window.big = `{"items":[${items.join(',')}]}`;
    window.yardstick = `{"items":[${items.slice(0, Math.floor(items.length / 10)).join(',')}]}`;
    return window.big.length;
  });
}

/** A trace of this browser (trace.mjs). */
const startTrace = (page) => startTraceOf(env.browser, page);
const stopTrace = () => stopTraceOf(env.browser);

test('a 20 MB paste never blocks the main thread for 200 ms', async (t) => {
  const { page, context } = await env.open();
  await selectTab(page, 'format');
  const size = await makeBigDocument(page);
  assert.ok(size >= 20e6, `the document is ${size} characters`);
  await startTrace(page);
  await afterRun(page, () => page.evaluate(() => {
    const content = document.getElementById('editor-a').shadowRoot.querySelector('.cm-content');
    const data = new DataTransfer();
    data.setData('text/plain', window.big);
    content.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }));
  // Typing elsewhere still works right after the job.
  await page.locator('#indent').focus();
  const longest = await stopTrace();
  // The yardstick: the longest main-thread task of a trace in which the page parses 2 MB.
  await startTrace(page);
  await page.evaluate(() => JSON.parse(window.yardstick).items.length);
  const yardstick = await stopTrace();
  t.diagnostic(`${longest.count} main-thread tasks; the longest ${longest.cpu.toFixed(0)} ms of CPU, ${longest.wall.toFixed(0)} ms of wall time; the yardstick ${yardstick.cpu.toFixed(0)} ms of CPU`);
  assert.match(await page.textContent('#large-a-text'), /Large document \(20\.\d M characters\)/);
  assert.match(await page.textContent('#output-note'), /Output is \d+\.\d M characters/);
  assert.match(await page.textContent('#badges'), /valid JSON/);
  assert.match(await editorText(page, 'editor-out'), /^\{\n {2}"items": \[\n {4}\{\n {6}"id": 0,/);
  assert.ok(
    longest.cpu < MAX_TASK_MS || longest.cpu < MAX_TASK_YARDSTICKS * yardstick.cpu,
    `longest main-thread task: ${longest.cpu.toFixed(0)} ms of CPU (the yardstick: ${yardstick.cpu.toFixed(0)} ms)`,
  );
  await context.close();
});

test('Cancel stops a running job and the page keeps working', async () => {
  const { page, context } = await env.open();
  await selectTab(page, 'format');
  await makeBigDocument(page);
  // The run counted from before the paste (`afterRun`), Cancel clicked as soon as the job runs
  // (`aria-busy`), not once "working…" shows (120 ms later): on a quiet machine the job could end
  // between the two and the click then found nothing to cancel (clean-clone gate, 2026-12-06
  // 18:15). The click as an event on the button: on a loaded 2-core machine Playwright's hit test
  // at the button's centre found the status line until the job had ended; what is tested is what
  // Cancel does.
  await afterRun(page, async () => {
    await page.evaluate(() => {
      const content = document.getElementById('editor-a').shadowRoot.querySelector('.cm-content');
      const data = new DataTransfer();
      data.setData('text/plain', window.big + window.big); // two documents: not JSON, but slow to reach the error
      content.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await page.waitForFunction(() => document.body.getAttribute('aria-busy') === 'true');
    await page.dispatchEvent('#cancel', 'click');
  });
  assert.match(await page.textContent('#status-text'), /Cancelled/);
  await pasteAndRun(page, 'editor-a', '{"after":"cancel"}');
  assert.equal(await editorText(page, 'editor-out'), '{\n  "after": "cancel"\n}');
  await context.close();
});

