// <mcp-json> on a *foreign* host page (tests/browser/fixtures/docs-host: its own HTML, CSS, theme
// toggle and the strict CSP `default-src 'self'; script-src 'self' 'wasm-unsafe-eval'`), with the
// element loaded unbundled from the built package (pkg/, as a site serving node_modules would).
// Needs `make pkg` first. The 50-element page reports its longest main-thread task.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../scripts/serve.mjs';
import { launch } from './chromium.mjs';
import { ROOT } from './harness.mjs';
import { shown } from './mcp-json-state.mjs';

const PKG = join(ROOT, 'pkg');
const FIXTURE = join(ROOT, 'tests', 'browser', 'fixtures', 'docs-host');

/** The .wasm files a page with examples of every mode fetches, in order: the format core, then the full build. */
const BOTH_BUILDS = ['mcp_json_toolbox_format_bg.wasm', 'mcp_json_toolbox_bg.wasm'];

/** The .wasm files requested so far, by name, in order. */
function wasmFiles(log) {
  return log.requests.filter((url) => url.endsWith('.wasm')).map((url) => new URL(url).pathname.split('/').pop());
}

/** What each element of the host page must conclude: verdict, kind, and whether it is out of date. */
const EXPECTED = {
  tool: { verdict: 'valid', kind: 'Tool' },
  'good-args': { verdict: 'valid' },
  'bad-args': { verdict: 'invalid', badge: '2 errors' },
  'data-block': { verdict: 'valid' },
  'inline-schema': { verdict: 'invalid' },
  'handle-2025': { verdict: 'valid', kind: 'CreateTaskResult', badge: '2025-11-25', summary: 'task handle, poll tasks/get every 5 s' },
  'handle-2026': { verdict: 'valid', kind: 'CreateTaskResult', badge: '2026-07-28' },
  stale: { verdict: 'valid', kind: 'CreateTaskResult', outdated: true },
  result: { verdict: 'invalid' },
  format: { verdict: 'valid', badge: 'valid JSON' },
  'not-json': { verdict: 'invalid', badge: 'not JSON' },
  session: { verdict: 'valid', badge: '1 task' },
};

let site;
let server;
let browser;

before(async () => {
  assert.ok(existsSync(join(PKG, 'element.js')) && existsSync(join(PKG, 'json-editor.js')),
    `${PKG} lacks element.js or json-editor.js: build the package first (make pkg)`);
  site = mkdtempSync(join(tmpdir(), 'mcp-json-host-'));
  cpSync(FIXTURE, site, { recursive: true });
  cpSync(PKG, join(site, 'vendor', 'mcp-json-toolbox'), { recursive: true });
  // The 50-element page: the same examples, repeated, one after the other.
  const page = readFileSync(join(FIXTURE, 'index.html'), 'utf8');
  const elements = page.match(/<mcp-json[\s\S]*?<\/mcp-json>/g).map((e) => e.replace(/ id="[^"]*"/, ''));
  const fifty = Array.from({ length: 50 }, (_, i) => elements[i % elements.length].replace(/schema="#tool"/, 'schema="#shard-schema"'));
  // The format examples alone: the format core serves them, the full build is never fetched.
  const formats = page.match(/<mcp-json[\s\S]*?<\/mcp-json>/g).filter((e) => /mode="format"/.test(e));
  writeFileSync(join(site, 'format-only.html'), page.replace(/<mcp-json[\s\S]*<\/mcp-json>/, formats.join('\n')));
  writeFileSync(join(site, 'fifty.html'), page.replace(/<mcp-json[\s\S]*<\/mcp-json>/, fifty.join('\n')).replace('<div class="intro">', '<div class="intro" hidden>'));
  server = await startServer(site);
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.close();
  if (site) rmSync(site, { recursive: true, force: true });
});

/** A fresh page on `path` logging requests, CSP violations, errors and long tasks. */
async function open(path) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  const page = await context.newPage();
  const log = { requests: [], errors: [] };
  context.on('request', (request) => log.requests.push(request.url()));
  page.on('pageerror', (error) => log.errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && log.errors.push(message.text()));
  await context.addInitScript(() => {
    window.__csp = [];
    window.__longest = 0;
    // Where: the blocked URI, or for an inline style the class of the element inside the shadow roots.
    document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.composedPath()[0]?.className ?? ''}`));
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longest = Math.max(window.__longest, entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(server.url + path);
  await page.waitForFunction(() => customElements.get('mcp-json') !== undefined);
  return { context, page, log };
}

/** Scrolls every element into view in turn and waits until all have a verdict. */
async function scrollThrough(page) {
  const count = await page.locator('mcp-json').count();
  for (let i = 0; i < count; i += 1) await page.locator('mcp-json').nth(i).scrollIntoViewIfNeeded();
  await page.waitForFunction(() => [...document.querySelectorAll('mcp-json')].every((e) => e.dataset.verdict && !e.hasAttribute('aria-busy')), null, { timeout: 60_000 });
}

test('a foreign page: nothing heavy before scrolling, then correct verdicts from one worker, no CSP violation, nothing off-origin', async () => {
  const { context, page, log } = await open('index.html');
  assert.ok(await page.locator('mcp-json').count() >= 10, 'at least ten elements');
  await page.waitForTimeout(800);
  assert.deepEqual(log.requests.filter((url) => /\.wasm$|element-worker|json-editor/.test(url)), [], 'no wasm, worker or editor before scrolling');
  assert.equal(await page.evaluate(() => document.querySelector('mcp-json').shadowRoot.querySelector('.badge').textContent), 'not checked yet');

  await scrollThrough(page);
  for (const [id, want] of Object.entries(EXPECTED)) {
    const got = await shown(page, id);
    assert.equal(got.verdict, want.verdict, `${id}: ${JSON.stringify(got)}`);
    if (want.kind) assert.equal(got.kind, want.kind, id);
    if (want.badge) assert.ok(got.badges.includes(want.badge), `${id}: ${got.badges}`);
    if (want.summary) assert.equal(got.summary, want.summary, id);
    assert.equal(got.outdated, Boolean(want.outdated), `${id} out of date? ${got.warning}`);
  }
  assert.match((await shown(page, 'stale')).warning, /out of date: expected CallToolResult, found CreateTaskResult/);
  const bad = await shown(page, 'bad-args');
  assert.deepEqual(bad.marks, ['"Logs 2026"', '-1'], 'the errors are underlined in place');
  assert.match(bad.diagnostics[0], /^1:13/, 'diagnostics carry line:column');
  assert.equal(await page.locator('#format').evaluate((e) => e.shadowRoot.querySelector('button[aria-label^="Edit"]')), null, 'readonly: no Edit');
  const link = await page.locator('#handle-2025').evaluate((e) => e.shadowRoot.querySelector('a.open').href);
  assert.match(link, /^https:\/\/toolbox\.example\/#s=[\w-]+$/, 'Open in toolbox carries the state in the fragment');

  assert.deepEqual(wasmFiles(log), BOTH_BUILDS, 'each .wasm downloaded once for all elements, the format core first');
  assert.equal(log.requests.filter((url) => url.includes('element-worker.js')).length, 1, 'one shared worker');
  assert.deepEqual(log.requests.filter((url) => !url.startsWith(server.url)), [], 'no request leaves the origin');
  assert.deepEqual(await page.evaluate(() => window.__csp), [], 'no CSP violation');
  assert.deepEqual(log.errors, []);
  await context.close();
});

test('format examples alone are served by the format core: the full build is never fetched', async () => {
  const { context, page, log } = await open('format-only.html');
  assert.equal(await page.locator('mcp-json').count(), 2);
  await scrollThrough(page);
  assert.deepEqual((await shown(page, 'format')).badges, ['valid JSON']);
  assert.equal((await shown(page, 'not-json')).verdict, 'invalid');
  assert.match((await shown(page, 'not-json')).diagnostics[0], /^1:9/, 'the syntax error at its line:column');
  await page.waitForTimeout(500);
  assert.deepEqual(wasmFiles(log), [BOTH_BUILDS[0]], 'only the format core');
  assert.deepEqual(log.errors, []);
  await context.close();
});

test('the theme follows the host toggle (class="dark" on <html>) and prefers-color-scheme', async () => {
  const { context, page } = await open('index.html');
  const background = () => page.locator('#tool').evaluate((e) => getComputedStyle(e.shadowRoot.querySelector('.frame')).backgroundColor);
  const light = await background();
  await page.click('#toggle');
  await page.waitForFunction(() => document.getElementById('tool').shadowRoot.querySelector('.frame').classList.contains('dark'));
  const dark = await background();
  assert.notEqual(dark, light);
  await page.click('#toggle');
  await page.waitForFunction(() => !document.getElementById('tool').shadowRoot.querySelector('.frame').classList.contains('dark'));
  assert.equal(await background(), light);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForFunction(() => document.getElementById('tool').shadowRoot.querySelector('.frame').classList.contains('dark'));
  await page.evaluate(() => (document.documentElement.dataset.theme = 'light'));
  await page.waitForFunction(() => !document.getElementById('tool').shadowRoot.querySelector('.frame').classList.contains('dark'));
  await context.close();
});

/** The element, its shadow root's focused control and, inside the editor, whether it has focus. */
function focus(page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    const inner = element?.shadowRoot?.activeElement;
    return {
      id: element?.id,
      control: inner?.getAttribute?.('aria-label') ?? inner?.className ?? '',
      inEditor: Boolean(inner?.shadowRoot?.activeElement?.classList.contains('cm-content')),
    };
  });
}

/** Presses `key` until `done(focus)` holds (at most 80 times). */
async function pressUntil(page, key, done) {
  for (let i = 0; i < 80; i += 1) {
    await page.keyboard.press(key);
    if (done(await focus(page))) return;
  }
  throw new Error(`${key} never reached the control; focus is on ${JSON.stringify(await focus(page))}`);
}

test('keyboard only: Tab to Edit, type in the editor, the verdict follows; Shift+Tab to Reset restores the original', async () => {
  const { context, page, log } = await open('index.html');
  await scrollThrough(page);
  const original = (await shown(page, 'good-args')).text;
  await page.locator('body').focus();
  await pressUntil(page, 'Tab', (f) => f.id === 'good-args' && f.control.startsWith('Edit'));
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.getElementById('good-args').shadowRoot.querySelector('.editor .cm-editor, .editor') && document.getElementById('good-args').shadowRoot.querySelector('.editor').shadowRoot);
  await page.waitForFunction(() => document.activeElement?.id === 'good-args' && document.activeElement.shadowRoot.activeElement?.shadowRoot?.activeElement?.classList.contains('cm-content'));
  assert.ok(log.requests.some((url) => url.includes('json-editor.js')), 'the editor loaded on the first edit');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('{"dataset": "logs", "shard": -7}');
  await page.waitForFunction(() => document.getElementById('good-args').dataset.verdict === 'invalid', null, { timeout: 20_000 });
  assert.equal((await shown(page, 'good-args')).text, '{"dataset": "logs", "shard": -7}', 'the typed text replaced the example');
  assert.ok((await shown(page, 'good-args')).warning.includes('out of date'), 'expect="valid" now disagrees');
  await pressUntil(page, 'Shift+Tab', (f) => f.id === 'good-args' && f.control.startsWith('Reset'));
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.getElementById('good-args').dataset.verdict === 'valid', null, { timeout: 20_000 });
  const after = await shown(page, 'good-args');
  assert.equal(after.text, original);
  assert.equal(after.warning, '');
  const editorText = await page.evaluate(() => document.getElementById('good-args').shadowRoot.querySelector('.editor').shadowRoot.querySelector('.cm-content').textContent);
  assert.equal(editorText, original, 'the editor shows the original again');
  // Chromium's own contenteditable typing tries a style attribute on CodeMirror's line (blocked,
  // harmless: CodeMirror redraws the line); the toolbox page's editors do the same when typed in.
  // Nothing else may be blocked.
  const csp = await page.evaluate(() => window.__csp);
  assert.deepEqual(csp.filter((v) => !/^style-src-attr inline cm-line\b/.test(v)), [], 'the editor needs no CSP exception');
  await context.close();
});

test('a diagnostic\'s line:column opens the editor with its span selected', async () => {
  const { context, page } = await open('index.html');
  await page.locator('#bad-args').scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.getElementById('bad-args').dataset.verdict);
  await page.locator('#bad-args').evaluate((e) => e.shadowRoot.querySelector('.diagnostics button.pos').click());
  await page.waitForFunction(() => document.getElementById('bad-args').shadowRoot.querySelector('.editor').shadowRoot?.querySelector('.cm-content'));
  const selected = await page.locator('#bad-args').evaluate((e) => {
    const { view } = e.editor;
    const { from, to } = view.state.selection.main;
    return view.state.sliceDoc(from, to);
  });
  assert.equal(selected, '"Logs 2026"');
  await context.close();
});

test('a page with 50 elements stays responsive (longest main-thread task reported)', async (t) => {
  const { context, page, log } = await open('fifty.html');
  assert.equal(await page.locator('mcp-json').count(), 50);
  await scrollThrough(page);
  const verdicts = await page.evaluate(() => [...document.querySelectorAll('mcp-json')].map((e) => e.dataset.verdict));
  assert.equal(verdicts.filter(Boolean).length, 50);
  // Responsive: a click on the host's toggle is handled while the page is busy checking.
  await page.click('#toggle');
  assert.ok(await page.evaluate(() => document.documentElement.classList.contains('dark')));
  const longest = await page.evaluate(() => window.__longest);
  t.diagnostic(`50 elements: longest main-thread task ${Math.round(longest)} ms (0 = none over 50 ms)`);
  assert.ok(longest < 1000, `a main-thread task took ${longest} ms`);
  assert.deepEqual(wasmFiles(log), BOTH_BUILDS);
  assert.deepEqual(await page.evaluate(() => window.__csp), []);
  await context.close();
});
