// The Session tab's sequence view on a 10,000-message recording (tests/browser/recording.mjs), in
// headless Chromium on the built page (www/dist, as the browser tests): the time from the paste to
// the drawn result (the replay in the worker included), then a sweep of 100 scroll positions from
// top to bottom: the rows in the DOM at most, the longest main-thread task (Long Tasks API, ≥ 50 ms
// only) and the median time from a scroll to the next frame. Run with `make bench` after `make www`.
import { pasteAndRun, selectTab, startBrowser } from '../tests/browser/harness.mjs';
import { recording } from '../tests/browser/recording.mjs';
import { machine } from './variant.mjs';

const MESSAGES = 10_000;
const env = await startBrowser();
try {
  const { page } = await env.open();
  await selectTab(page, 'session');
  const text = recording(MESSAGES);
  const started = Date.now();
  await pasteAndRun(page, 'editor-a', text);
  const shown = Date.now() - started;
  const sweep = await page.evaluate(async () => {
    const viewport = document.querySelector('#sequence .seq-viewport');
    const long = [];
    const observer = new PerformanceObserver((list) => long.push(...list.getEntries().map((e) => e.duration)));
    observer.observe({ type: 'longtask' });
    const frames = [];
    let rows = 0;
    for (let i = 0; i <= 100; i++) {
      const start = performance.now();
      viewport.scrollTop = ((viewport.scrollHeight - viewport.clientHeight) * i) / 100;
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
      frames.push(performance.now() - start);
      rows = Math.max(rows, viewport.querySelectorAll('.seq-row').length);
    }
    observer.disconnect();
    frames.sort((a, b) => a - b);
    return { rows, frame: frames[50], longest: Math.max(0, ...long), last: viewport.querySelector('.seq-row[aria-posinset="10000"]') !== null };
  });
  console.log(`sequence view, ${MESSAGES} messages (${(text.length / 1e6).toFixed(1)} M characters) — ${machine()}\n`);
  console.log('| paste → drawn (replay included) | rows in the DOM, at most | scroll → next frame, median | longest task while scrolling | last message reached |');
  console.log('|---:|---:|---:|---:|:---:|');
  console.log(`| ${(shown / 1000).toFixed(2)} s | ${sweep.rows} | ${sweep.frame.toFixed(1)} ms | ${sweep.longest ? `${sweep.longest.toFixed(0)} ms` : 'none ≥ 50 ms'} | ${sweep.last ? 'yes' : 'no'} |`);
} finally {
  await env.close();
}
