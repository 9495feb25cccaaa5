// Shared set-up of the browser tests: serves the built page (www/dist) on 127.0.0.1, launches
// Debian Chromium, and gives pages that record every request, CSP violation and page error.
// The tests build nothing: `make` builds pkg/ and www/dist first.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../scripts/serve.mjs';
import { launch } from './chromium.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DIST = join(ROOT, 'www', 'dist');
export const RESULTS = join(ROOT, 'test-results');

/**
 * The context option that lets the page register its service worker (www/sw.js), which `open`
 * blocks otherwise. Once the full build has loaded, the worker precaches the whole page, the three
 * .wasm builds with it, in every fresh context: a fifth of the browser tests' CPU where every
 * context had it (2026-12-06, on the shared machine, runs with and without it in turns: page.test.mjs
 * 31.2 and 33.4 CPU s with it, 22.8 and 29.5 without; compat.test.mjs 21.5 and 21.4 with, 16.9 and
 * 17.5 without). The tests whose subject it is ask for it: a second visit offline
 * (offline.test.mjs), the strict CSP with no error, and no request leaving 127.0.0.1, the worker's
 * own requests included (page.test.mjs).
 */
export const WITH_SERVICE_WORKER = { serviceWorkers: 'allow' };

/** Starts the server and the browser; fails clearly when the page was not built. */
export async function startBrowser() {
  if (!existsSync(join(DIST, 'index.html')) || !existsSync(join(DIST, 'pkg', 'mcp_json_toolbox_bg.wasm'))) {
    throw new Error(`${DIST} is missing or incomplete: build the page first (make pkg www, or node www/build.mjs after make pkg)`);
  }
  const server = await startServer(DIST);
  const browser = await launch();
  return {
    server,
    browser,
    /**
     * A fresh context + page with `requests`, `cspViolations` and `errors` logs, once the page is
     * ready (with `full: false`, without waiting for the full build, with `editing: false` for the
     * editors' editing aids; `route(context)` runs first). The page's service worker is blocked
     * unless `options` has WITH_SERVICE_WORKER (see there).
     */
    async open(path = '', options = {}, { full = true, editing = true, route = async () => {} } = {}) {
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, serviceWorkers: 'block', ...options });
      const page = await context.newPage();
      const log = { requests: [], cspViolations: [], errors: [] };
      context.on('request', (request) => log.requests.push(request.url()));
      page.on('pageerror', (error) => log.errors.push(error.message));
      page.on('console', (message) => message.type() === 'error' && log.errors.push(message.text()));
      await context.addInitScript(() => {
        window.__csp = [];
        document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
      });
      await route(context);
      await page.goto(server.url + path);
      await ready(page, { full, editing });
      return { context, page, log };
    },
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

/**
 * Waits until the page has loaded the wasm worker and shown its first result (made by the format
 * core), unless `editing` is false until its editors have their editing aids (undo, keymaps:
 * loaded after the first result's bytes), and unless `full` is false until the full build
 * (validation, classification) has loaded.
 */
export async function ready(page, { full = true, editing = true } = {}) {
  await page.waitForSelector('body[data-ready="true"]', { timeout: 20_000 });
  if (editing) await page.waitForSelector('body[data-editing="loaded"]', { timeout: 20_000 });
  if (full) await page.waitForSelector('body[data-full="loaded"]', { timeout: 60_000 });
}

/** The wasm functions this build exports (the page's feature detection). */
export async function functions(page) {
  return new Set(((await page.getAttribute('body', 'data-functions')) ?? '').split(' ').filter(Boolean));
}

/**
 * Skips test `t` (and closes `context`) unless this build exports every one of `fns`; returns
 * whether it skipped. Such tests light up once the feature is merged.
 */
export async function skipWithout(t, { page, context }, ...fns) {
  const have = await functions(page);
  const missing = fns.filter((fn) => !have.has(fn));
  if (missing.length === 0) return false;
  t.skip(`${missing.join(', ')} not in this wasm build yet`);
  await context.close();
  return true;
}

/**
 * Runs `body(page)` on a fresh page of `env` (`env.open('', options)`), skipped unless this build
 * exports every one of `fns`; then requires that the page logged no CSP violation and no console
 * error, and closes it.
 */
export async function onCleanPage(env, t, { fns = [], options = {} }, body) {
  const session = await env.open('', options);
  if (await skipWithout(t, session, ...fns)) return;
  const { page, context, log } = session;
  await body(page);
  assert.deepEqual(await page.evaluate(() => window.__csp), [], 'no CSP violation');
  assert.deepEqual(log.errors, [], 'no console error');
  await context.close();
}

/** Runs `action` and waits until the page has shown a new result and the worker is idle. */
export async function afterRun(page, action) {
  const before = Number((await page.getAttribute('body', 'data-runs')) ?? 0);
  await action();
  await page.waitForFunction(
    (n) => Number(document.body.dataset.runs) > n && document.body.getAttribute('aria-busy') !== 'true',
    before,
    { timeout: 60_000 },
  );
}

/** Replaces the text of editor `id` (editor-a, editor-b) the way a user's paste does. */
export async function paste(page, id, text) {
  await page.locator(`#${id} .cm-content`).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.evaluate(([editorId, value]) => {
    const content = document.getElementById(editorId).shadowRoot.querySelector('.cm-content');
    const data = new DataTransfer();
    data.setData('text/plain', value);
    content.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, [id, text]);
}

/** Pastes `text` into editor `id` and waits for the result. */
export async function pasteAndRun(page, id, text) {
  await afterRun(page, () => paste(page, id, text));
}

/** The text of a CodeMirror editor's visible lines. */
export async function editorText(page, id) {
  return page.evaluate((editorId) =>
    [...document.getElementById(editorId).shadowRoot.querySelectorAll('.cm-line')].map((line) => line.textContent).join('\n'), id);
}

/** The text selected in a CodeMirror editor. */
export async function selectedText(page, id) {
  return page.evaluate((editorId) => document.getElementById(editorId).shadowRoot.getSelection().toString(), id);
}

/** Selects a tab and waits for its result. */
export async function selectTab(page, name) {
  await afterRun(page, () => page.click(`[role=tab][data-tab="${name}"]`));
}
