// The Session tab on a 50 MB log (issue 40: the page's worker replays 50 MB in ≤ 10 s with a
// progress indicator and stays responsive), in headless Chromium on the built page (www/dist, as
// the browser tests): the logs of bench/logs.bench.mjs (a VS Code output log in the 2026 form, a
// proxy recording and two HARs, grown from the fixtures with fresh ids each round) pasted into the Session
// tab. Per log: when the reading ended (the last progress text shown), when the result was drawn
// (paste → drawn, the replay included), how many progress texts were shown, and the page's longest
// main-thread task by CPU time (a Chromium trace: `tdur`, which a loaded machine stretches less
// than wall time) while the worker replays and over the whole run.
//   node bench/session-page.bench.mjs [MB] [dist directory] [vscode|recording|har2026|har2025]...
// Run with `make bench` after `make www` (the default: 50 MB, www/dist, every log; the two HARs
// grown by bench/grown-har.mjs); another
// dist directory (a copy of an earlier build) compares builds on the same machine.
import { resolve } from 'node:path';
import { startServer } from '../scripts/serve.mjs';
import { launch } from '../tests/browser/chromium.mjs';
import { DIST, ready, selectTab } from '../tests/browser/harness.mjs';
import { startTrace, stopTrace } from '../tests/browser/trace.mjs';
import { grownFixture } from './grown-har.mjs';
import { machine } from './variant.mjs';

const [mb = '50', dist = DIST, ...chosen] = process.argv.slice(2);
const LOGS = {
  vscode: ['VS Code log (2026 form)', 'tests/fixtures/logs/vscode-output-2026.log'],
  recording: ['proxy recording (JSON Lines)', 'tests/fixtures/sessions/everything-research-2025-11-25.jsonl'],
  har2026: ['HAR (2026 session)', 'tests/fixtures/logs/streamable-2026.har'],
  har2025: ['HAR (2025-11-25 session, SSE)', 'tests/fixtures/logs/streamable-2025-11-25.har'],
};

/** Pastes `text` into the Session tab of a fresh page and times it; see the top of this file. */
async function measure(browser, url, text) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  await page.goto(url);
  await ready(page);
  await selectTab(page, 'session');
  await page.evaluate((log) => {
    window.big = log;
    window.times = { progress: [] };
    const working = document.getElementById('working');
    new MutationObserver(() => {
      const text = document.getElementById('working-text').textContent;
      if (text.startsWith('replaying the log… ')) {
        window.times.progress.push({ text, at: performance.now() });
        performance.mark('replay-progress');
      }
    }).observe(working, { subtree: true, childList: true, characterData: true });
  }, text);
  const runs = Number(await page.getAttribute('body', 'data-runs'));
  await startTrace(browser, page);
  await page.evaluate(() => {
    window.times.paste = performance.now();
    const content = document.getElementById('editor-a').shadowRoot.querySelector('.cm-content');
    const data = new DataTransfer();
    data.setData('text/plain', window.big);
    content.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await page.waitForFunction((n) => Number(document.body.dataset.runs) > n && document.body.getAttribute('aria-busy') !== 'true', runs, { timeout: 600_000, polling: 50 });
  const drawn = await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(() => done(performance.now())))));
  const traced = await stopTrace(browser);
  const times = await page.evaluate(() => window.times);
  const badges = await page.textContent('#badges');
  await context.close();
  const last = traced.tasks.findLastIndex((task) => task.marks.includes('replay-progress'));
  const read = times.progress.at(-1);
  return {
    read: read ? read.at - times.paste : NaN,
    drawn: drawn - times.paste,
    steps: times.progress.length,
    replaying: Math.max(0, ...traced.tasks.slice(0, last + 1).map((task) => task.cpu)),
    longest: traced.cpu,
    badges,
  };
}

const server = await startServer(resolve(dist));
const browser = await launch();
try {
  console.log(`Session tab, ${mb} MB pasted, ${dist} — ${machine()}\n`);
  console.log('| log | reading done | paste → drawn | progress texts | longest task while replaying (CPU) | longest task (CPU) | badges |');
  console.log('|---|---:|---:|---:|---:|---:|---|');
  for (const key of chosen.length ? chosen : Object.keys(LOGS)) {
    const [name, path] = LOGS[key];
    const text = grownFixture(path, Number(mb) * 1e6);
    const r = await measure(browser, server.url, text);
    const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
    console.log(`| ${name}, ${(text.length / 1e6).toFixed(1)} M characters | ${s(r.read)} | ${s(r.drawn)} | ${r.steps} | ${r.replaying.toFixed(0)} ms | ${r.longest.toFixed(0)} ms | ${r.badges.trim()} |`);
  }
} finally {
  await browser.close();
  await server.close();
}
