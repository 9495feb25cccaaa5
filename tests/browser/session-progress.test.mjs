// A large log pasted into the Session tab: while the page's worker replays it, the busy indicator
// shows how much of the log it has read (`replayLog`'s onProgress, posted by the worker) and that
// figure advances; the page stays responsive meanwhile. As in large.test.mjs, responsiveness is
// the CPU time of the page's longest main-thread task, read from a Chromium trace, under 200 ms
// or under 8 yardsticks (`JSON.parse` of 2 MB in the same page at the same time): no wall-clock
// bound, so a loaded machine does not fail it. Bounded: every task until the replay's answer
// arrives (the paste, each progress message). Not bounded: the task that draws the answer (the
// sequence and the tasks' timelines: 300-430 ms of CPU here, most of it layout), reported as a
// diagnostic; docs/benchmarks.md says so. The progress shown is marked (`performance.mark`) to find
// where the replay ends in the trace. The log is a proxy recording (the fixture grown
// to about 4 MB, each round with fresh ids), small enough for the gate and still read in several
// progress steps (one a MiB). Needs `make pkg www` first (see harness.mjs).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, afterRun, selectTab, skipWithout, startBrowser } from './harness.mjs';
import { startTrace, stopTrace } from './trace.mjs';
import { grownLog } from '../fixtures/logs/grown.mjs';

/** Most CPU time one main-thread task may take while the log is replayed and drawn. */
const MAX_TASK_MS = 200;
/** ... or how many times the CPU time of `JSON.parse` of a 2 MB document (the yardstick). */
const MAX_TASK_YARDSTICKS = 8;
/** The log's size. */
const LOG_BYTES = 4.5e6;
const RECORDING = readFileSync(join(ROOT, 'tests/fixtures/sessions/everything-research-2025-11-25.jsonl'), 'utf8');

let env;
before(async () => {
  env = await startBrowser();
});
after(() => env?.close());

test('a long replay shows its progress, which advances, and the page stays responsive', async (t) => {
  const session = await env.open();
  if (await skipWithout(t, session, 'replayLog')) return;
  const { page, context } = session;
  await selectTab(page, 'session');
  const log = grownLog(RECORDING.split('\n').filter(Boolean), LOG_BYTES);
  const size = await page.evaluate(([log]) => {
    window.big = log;
    const items = Array.from({ length: 26_000 }, (_, i) => `{"id":${i},"name":"item ${i}","tags":["alpha","beta"],"value":${i}.25,"ok":true}`);
    window.yardstick = `{"items":[${items.join(',')}]}`;
    // Every text and bar value the busy indicator shows.
    window.shown = [];
    const working = document.getElementById('working');
    new MutationObserver(() => {
      const text = document.getElementById('working-text').textContent;
      const bar = document.getElementById('working-progress');
      window.shown.push({ text, bar: bar.hidden ? undefined : bar.value });
      if (text.startsWith('replaying the log… ')) performance.mark('replay-progress');
    }).observe(working, { subtree: true, childList: true, characterData: true, attributes: true });
    return window.big.length;
  }, [log]);
  assert.ok(size >= LOG_BYTES, `the log is ${size} characters`);
  await startTrace(env.browser, page);
  await afterRun(page, () => page.evaluate(() => {
    const content = document.getElementById('editor-a').shadowRoot.querySelector('.cm-content');
    const data = new DataTransfer();
    data.setData('text/plain', window.big);
    content.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }));
  const traced = await stopTrace(env.browser);
  // The tasks until the last progress shown (each marked by the observer below), and after it (the
  // answer drawn).
  const last = traced.tasks.findLastIndex((task) => task.marks.includes('replay-progress'));
  assert.ok(last > 0, 'the progress marks are in the trace');
  const replaying = traced.tasks.slice(0, last + 1);
  const longest = { cpu: Math.max(...replaying.map((task) => task.cpu)), count: replaying.length };
  const drawing = Math.max(...traced.tasks.slice(last + 1).map((task) => task.cpu));
  await startTrace(env.browser, page);
  await page.evaluate(() => JSON.parse(window.yardstick).items.length);
  const yardstick = await stopTrace(env.browser);

  const shown = await page.evaluate(() => window.shown);
  const steps = shown.filter((s) => s.text.startsWith('replaying the log… '));
  const read = steps.map((s) => Number(s.text.match(/… ([\d.]+) MB of ([\d.]+) MB$/)?.[1]));
  t.diagnostic(`${steps.length} progress texts (${[...new Set(read)].join(', ')} MB); ${longest.count} main-thread tasks while replaying, the longest ${longest.cpu.toFixed(0)} ms of CPU; drawing the answer ${drawing.toFixed(0)} ms; the yardstick ${yardstick.cpu.toFixed(0)} ms`);
  assert.ok(replaying.length > steps.length, `the tasks while replaying: ${replaying.length}`);
  assert.ok(new Set(read).size >= 3, `the indicator advanced: ${JSON.stringify(steps)}`);
  assert.ok(read.every((r, i) => Number.isFinite(r) && (i === 0 || r >= read[i - 1])), `in order: ${read}`);
  assert.match(steps.at(-1).text, new RegExp(`of ${(new TextEncoder().encode(log).length / 1e6).toFixed(1)} MB$`));
  const bars = steps.map((s) => s.bar);
  assert.ok(bars.every((b) => b >= 0 && b <= 1) && bars.at(-1) > bars[0], `the bar advanced: ${bars}`);
  // The replay's result is drawn, the indicator gone.
  assert.match(await page.textContent('#badges'), /\d+ tasks?/);
  assert.ok(await page.locator('#sequence .seq-row').count() > 0, 'the sequence is drawn');
  assert.equal(await page.isVisible('#working'), false);
  assert.ok(
    longest.cpu < MAX_TASK_MS || longest.cpu < MAX_TASK_YARDSTICKS * yardstick.cpu,
    `longest main-thread task while replaying: ${longest.cpu.toFixed(0)} ms of CPU (the yardstick: ${yardstick.cpu.toFixed(0)} ms)`,
  );
  await context.close();
});
