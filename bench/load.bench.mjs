// Cold load of the page as a new visitor gets it: www/dist served gzip-compressed (as static hosts
// serve it; scripts/serve.mjs with the .gz files www/build.mjs writes), a fresh browser context
// (empty cache, no service worker), the network throttled through CDP
// `Network.emulateNetworkConditions` (on the page and on its worker). Measures, from navigation
// start, when the first formatted output appears (the first visit's example, formatted by the
// format core) and when the first validation result appears (the Validate example clicked as soon
// as that output is there; it runs on the server build, fetched when the tab first runs, unless
// the full build has loaded by then). Medians of RUNS loads per link; then the requests of the last
// load per link (Resource Timing of the page and its worker: start, end, bytes), up to the first validation.
// Run with `make bench` (it builds pkg/ first; this bench builds www/dist).
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../scripts/serve.mjs';
import { launch } from '../tests/browser/chromium.mjs';
import { machine } from './variant.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(ROOT, 'www', 'dist');
const RUNS = Number(process.env.LOAD_RUNS ?? 3);

/** The links, with the targets (ms) for the first format output and the first validation. */
const LINKS = [
  { name: 'Lighthouse mobile: 1.6 Mbit/s, 150 ms RTT', down: 1.6e6, up: 750e3, rtt: 150, format: 2000, validation: 6000 },
  { name: 'desktop: 10 Mbit/s, 40 ms RTT', down: 10e6, up: 5e6, rtt: 40, format: 800, validation: 2000 },
];

/** CDP network conditions for `link` (throughputs in bytes per second). */
function conditions(link) {
  return { offline: false, latency: link.rtt, downloadThroughput: link.down / 8, uploadThroughput: link.up / 8 };
}

/** Throttles `target` (a page or a worker) through a CDP session of its own. */
async function throttle(context, target, link) {
  const session = await context.newCDPSession(target);
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', conditions(link));
}

/** One cold load over `link`: `{ format, validation }` in ms from navigation start. */
async function coldLoad(browser, url, link) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await throttle(context, page, link);
  await page.goto(url, { waitUntil: 'commit' });
  const format = await page.waitForFunction(() => {
    const lines = document.getElementById('editor-out')?.shadowRoot?.querySelectorAll('.cm-line') ?? [];
    return [...lines].some((line) => line.textContent.includes('"taskId"')) && performance.now();
  }, undefined, { polling: 'raf', timeout: 120_000 });
  await page.click('[data-example="batch-index-arguments"]');
  const validation = await page.waitForFunction(
    () => /valid arguments/.test(document.getElementById('badges').textContent) && performance.now(),
    undefined,
    { polling: 'raf', timeout: 120_000 },
  );
  const result = { format: await format.jsonValue(), validation: await validation.jsonValue(), requests: await requests(page) };
  await context.close();
  return result;
}

/**
 * The requests of `page` and its workers that have ended (Resource Timing), in the order they
 * started: `{ who, file, start, end, bytes }`, times in ms from the page's navigation start,
 * `bytes` as transferred (0 for one stopped before its end).
 */
async function requests(page) {
  const timing = (scope) => scope.evaluate(() => ({
    origin: performance.timeOrigin,
    entries: performance.getEntriesByType('resource').map((e) => ({ file: e.name, start: e.startTime, end: e.responseEnd, bytes: e.transferSize })),
  }));
  const own = await timing(page);
  const html = await page.evaluate(() => performance.getEntriesByType('navigation').map((e) => ({ file: e.name, start: e.startTime, end: e.responseEnd, bytes: e.transferSize })));
  const rows = [...html, ...own.entries].map((e) => ({ ...e, who: 'page' }));
  for (const worker of page.workers()) {
    const { origin, entries } = await timing(worker);
    for (const e of entries) rows.push({ ...e, start: e.start + origin - own.origin, end: e.end + origin - own.origin, who: 'worker' });
  }
  const base = new URL(page.url()).origin;
  return rows.map((row) => ({ ...row, file: row.file.replace(base, '') })).sort((a, b) => a.start - b.start);
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

execFileSync(process.execPath, [join(ROOT, 'www', 'build.mjs')], { stdio: ['ignore', 'ignore', 'inherit'] });
const server = await startServer(DIST, 0, { encodings: ['gzip'] });
const browser = await launch();
const rows = [];
try {
  for (const link of LINKS) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await coldLoad(browser, server.url, link));
    rows.push({ link, format: median(runs.map((r) => r.format)), validation: median(runs.map((r) => r.validation)), requests: runs.at(-1).requests });
  }
} finally {
  await browser.close();
  await server.close();
}

console.log(`cold load, gzip served — ${machine()}, Chromium ${browser.version()}, medians of ${RUNS}\n`);
console.log('| link | first format output | target | first validation | target |');
console.log('|---|---:|---:|---:|---:|');
for (const { link, format, validation } of rows) {
  const verdict = (ms, target) => `≤ ${seconds(target)} ${ms <= target ? 'met' : '**not met**'}`;
  console.log(`| ${link.name} | ${seconds(format)} | ${verdict(format, link.format)} | ${seconds(validation)} | ${verdict(validation, link.validation)} |`);
}

// The requests of the last load per link, up to the first validation: what the link carried, in what order.
for (const { link, requests: list } of rows) {
  console.log(`\n| ${link.name}: request (last load, ended by the first validation) | by | start | end | bytes |`);
  console.log('|---|---|---:|---:|---:|');
  for (const r of list) console.log(`| ${r.file} | ${r.who} | ${seconds(r.start)} | ${seconds(r.end)} | ${r.bytes ? kib(r.bytes) : 'stopped'} |`);
}

// What the two phases transfer (gzip), from the files served.
const gz = (file) => statSync(join(DIST, `${file}.gz`)).size;
const page = ['index.html', 'style.css', 'main.js', 'worker-start.js', 'worker.js', 'examples.json', ...readdirSync(DIST).filter((file) => /^chunk-.*\.js$/.test(file))];
const glues = ['pkg/mcp_json_toolbox.js', 'pkg/mcp_json_toolbox_validator.js'];
console.log('\n| transferred (gzip -9) | bytes |');
console.log('|---|---:|');
console.log(`| page: HTML, CSS, JS bundles (the worker with the core's glue), examples | ${kib(page.reduce((sum, file) => sum + gz(file), 0))} |`);
console.log(`| the server and full builds' glue (each with its .wasm) | ${kib(glues.reduce((sum, file) => sum + gz(file), 0))} |`);
console.log(`| format core .wasm (phase 1) | ${kib(gz('pkg/mcp_json_toolbox_format_bg.wasm'))} |`);
console.log(`| server build .wasm (the Validate tab's first run) | ${kib(gz('pkg/mcp_json_toolbox_validator_bg.wasm'))} |`);
console.log(`| full build .wasm (phase 2) | ${kib(gz('pkg/mcp_json_toolbox_bg.wasm'))} |`);
