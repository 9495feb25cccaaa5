// A 20 MB paste keeps the page responsive (the work runs in the worker and the editor shows a
// preview), and a long job can be cancelled. The 200 ms bound is a functional guarantee (no freeze),
// not a benchmark. Needs `make pkg www` first (see harness.mjs).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { afterRun, editorText, pasteAndRun, selectTab, startBrowser } from './harness.mjs';

/** Longest main-thread stall allowed while a 20 MB document is pasted and processed. */
const MAX_STALL_MS = 200;

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
    return window.big.length;
  });
}

/** Starts recording long tasks and requestAnimationFrame gaps in the page. */
async function startProbe(page) {
  await page.evaluate(() => {
    window.probe = { longest: 0, gap: 0, running: true };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.probe.longest = Math.max(window.probe.longest, entry.duration);
    }).observe({ type: 'longtask' });
    let last = performance.now();
    const frame = (now) => {
      window.probe.gap = Math.max(window.probe.gap, now - last);
      last = now;
      if (window.probe.running) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

async function stopProbe(page) {
  return page.evaluate(() => {
    window.probe.running = false;
    return window.probe;
  });
}

test('a 20 MB paste never blocks the main thread for 200 ms', async (t) => {
  const { page, context } = await env.open();
  await selectTab(page, 'format');
  const size = await makeBigDocument(page);
  assert.ok(size >= 20e6, `the document is ${size} characters`);
  await page.waitForTimeout(300);
  await startProbe(page);
  await afterRun(page, () => page.evaluate(() => {
    const content = document.getElementById('editor-a').shadowRoot.querySelector('.cm-content');
    const data = new DataTransfer();
    data.setData('text/plain', window.big);
    content.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }));
  // Typing elsewhere still works right after the job.
  await page.locator('#indent').focus();
  const probe = await stopProbe(page);
  t.diagnostic(`longest main-thread task ${probe.longest.toFixed(0)} ms, longest frame gap ${probe.gap.toFixed(0)} ms`);
  assert.match(await page.textContent('#large-a-text'), /Large document \(20\.\d M characters\)/);
  assert.match(await page.textContent('#output-note'), /Output is \d+\.\d M characters/);
  assert.match(await page.textContent('#badges'), /valid JSON/);
  assert.match(await editorText(page, 'editor-out'), /^\{\n {2}"items": \[\n {4}\{\n {6}"id": 0,/);
  assert.ok(probe.longest < MAX_STALL_MS, `longest main-thread task: ${probe.longest.toFixed(0)} ms`);
  assert.ok(probe.gap < MAX_STALL_MS, `longest gap between frames: ${probe.gap.toFixed(0)} ms`);
  await context.close();
});

test('Cancel stops a running job and the page keeps working', async () => {
  const { page, context } = await env.open();
  await selectTab(page, 'format');
  await makeBigDocument(page);
  await page.evaluate(() => {
    const content = document.getElementById('editor-a').shadowRoot.querySelector('.cm-content');
    const data = new DataTransfer();
    data.setData('text/plain', window.big + window.big); // two documents: not JSON, but slow to reach the error
    content.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await page.locator('#working').waitFor({ state: 'visible' });
  await afterRun(page, () => page.click('#cancel'));
  assert.match(await page.textContent('#status-text'), /Cancelled/);
  await pasteAndRun(page, 'editor-a', '{"after":"cancel"}');
  assert.equal(await editorText(page, 'editor-out'), '{\n  "after": "cancel"\n}');
  await context.close();
});

