// Loading in phases: the page formats with the format core while the full build (validation,
// classification) is still on its way, and before the editors' editing aids and the parts of views
// that the first result never has; the Validate tab answers from the server build meanwhile
// (the same verdict, the schema lint's findings once the full build is there), and a job that
// needs the full build (a session) waits for it, showing "loading validator…" with the bytes received, then
// succeeds. The full build's .wasm is held back by a route until the test releases it. Needs
// `make pkg www` first (see harness.mjs).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { afterRun, editorText, pasteAndRun, selectTab, startBrowser } from './harness.mjs';

let env;
before(async () => {
  env = await startBrowser();
});
after(() => env?.close());

/** A route that holds the full build's .wasm back until `release()`; `asked` says whether it was requested. */
function holdFullBuild() {
  let release;
  const released = new Promise((resolve) => (release = resolve));
  const hold = {
    asked: false,
    release,
    async route(context) {
      await context.route(/\/pkg\/mcp_json_toolbox_bg\.wasm$/, async (route) => {
        hold.asked = true;
        await released;
        await route.continue();
      });
    },
  };
  return hold;
}

test('the first result waits neither for the editors\' editing aids nor for the view parts; the editors made before the aids gain them', async () => {
  let release;
  const released = new Promise((resolve) => (release = resolve));
  let asked = false;
  const full = holdFullBuild();
  const route = async (context) => {
    await full.route(context);
    await context.route(/\/json-editor-aids-[^/]*\.js$/, async (r) => {
      asked = true;
      await released;
      await r.continue();
    });
  };
  const { page, context, log } = await env.open('', {}, { full: false, editing: false, route });
  // The first visit's example is formatted while the aids are held back; nothing of the view parts
  // (all of which need the full build, held back too) came.
  assert.match(await editorText(page, 'editor-out'), /"taskId": "786512e2-/);
  assert.ok(asked, 'the aids were asked for once the worker was ready');
  assert.equal(await page.getAttribute('body', 'data-editing'), null);
  assert.deepEqual(log.requests.filter((url) => url.includes('view-parts')), [], 'no view parts before a view has one');

  // Released, the aids reach the editors made before them: undo (the history) and search (its keymap).
  release();
  await page.waitForSelector('body[data-editing="loaded"]');
  const input = page.locator('#editor-a .cm-content');
  const text = await editorText(page, 'editor-a');
  await input.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(' ');
  assert.notEqual(await editorText(page, 'editor-a'), text);
  await page.keyboard.press('ControlOrMeta+Z');
  assert.equal(await editorText(page, 'editor-a'), text, 'the edit was undone');
  await page.keyboard.press('ControlOrMeta+F');
  await page.waitForFunction(() => document.getElementById('editor-a').shadowRoot.querySelector('.cm-search'));
  assert.deepEqual(log.requests.filter((url) => url.includes('view-parts')), [], 'no view parts before the full build');

  // Once the full build is there, the view parts come, before any view has one.
  full.release();
  await page.waitForSelector('body[data-full="loaded"]', { timeout: 60_000 });
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/view-parts-')));
  assert.deepEqual(await page.evaluate(() => window.__csp), []);
  assert.deepEqual(log.errors, []);
  await context.close();
});

test('formatting works before the full build has loaded; a Session job waits for it, then succeeds', async () => {
  const hold = holdFullBuild();
  const { page, context, log } = await env.open('', {}, { full: false, route: (c) => hold.route(c) });
  // The first visit's example is formatted at once, with classification announced for later.
  assert.match(await editorText(page, 'editor-out'), /"taskId": "786512e2-/);
  assert.match(await page.textContent('#badges'), /valid JSON.*classifying when the validator has loaded/);
  // Nothing of the server build before a validation: its function list came with the worker.
  assert.deepEqual(log.requests.filter((url) => url.includes('mcp_json_toolbox_validator')), [], 'no server build glue or .wasm');
  await selectTab(page, 'format');
  await pasteAndRun(page, 'editor-a', '{"early":[1.50,1e400]}');
  assert.equal(await editorText(page, 'editor-out'), '{\n  "early": [\n    1.50,\n    1e400\n  ]\n}');
  assert.notEqual(await page.getAttribute('body', 'data-full'), 'loaded', 'the full build is still held back');

  // A Session job needs the full build: it waits, saying so, and succeeds once it arrives.
  const before = Number(await page.getAttribute('body', 'data-runs'));
  await page.click('[data-example="session-everything-research-2025-11-25"]');
  await page.waitForSelector('#working:not([hidden])');
  await page.waitForFunction(() => /^loading validator… \d+\.\d MB of \d+\.\d MB$/.test(document.getElementById('working-text').textContent));
  assert.equal(Number(await page.getAttribute('body', 'data-runs')), before, 'no result yet');
  assert.ok(hold.asked, 'the full build was requested');
  hold.release();
  await page.waitForFunction((n) => Number(document.body.dataset.runs) > n && document.body.getAttribute('aria-busy') !== 'true', before, { timeout: 60_000 });
  assert.equal(await page.getAttribute('body', 'data-full'), 'loaded');
  assert.match(await page.textContent('#badges'), /task/i);
  assert.equal(await page.textContent('#working-text'), 'working…');

  // The home tab now classifies.
  await selectTab(page, 'home');
  assert.match(await page.textContent('#badges'), /CreateTaskResult/);
  assert.deepEqual(await page.evaluate(() => window.__csp), []);
  assert.deepEqual(log.errors, []);
  await context.close();
});

test('the Validate tab answers from the server build while the full build is held back, then adds the lint', async () => {
  const hold = holdFullBuild();
  const { page, context, log } = await env.open('', {}, { full: false, route: (c) => hold.route(c) });
  // A schema with a misspelt keyword (the lint's `unknown-keyword`) and arguments it refuses.
  await selectTab(page, 'validate');
  await pasteAndRun(page, 'editor-a', '{"type": "object", "properties": {"shard": {"type": "integer", "minimum": 0, "maxLenght": 3}}}');
  await pasteAndRun(page, 'editor-b', '{"shard": -1}');
  assert.notEqual(await page.getAttribute('body', 'data-full'), 'loaded', 'the full build is still held back');
  const early = await page.textContent('#badges');
  assert.match(early, /invalid arguments/);
  assert.match(early, /schema lint when the full build has loaded…/);
  const earlyList = await page.textContent('#diagnostics');
  assert.match(earlyList, /must be >= 0/);
  assert.doesNotMatch(earlyList, /maxLenght/, 'no lint finding yet');
  const wasm = log.requests.filter((url) => url.endsWith('.wasm')).map((url) => new URL(url).pathname);
  assert.ok(wasm.includes('/pkg/mcp_json_toolbox_validator_bg.wasm'), wasm.join(' '));

  // The full build arrives: the tab runs again by itself, the same verdict, with the lint's warning.
  const before = Number(await page.getAttribute('body', 'data-runs'));
  hold.release();
  await page.waitForSelector('body[data-full="loaded"]', { timeout: 60_000 });
  await page.waitForFunction((n) => Number(document.body.dataset.runs) > n && document.body.getAttribute('aria-busy') !== 'true', before, { timeout: 60_000 });
  const late = await page.textContent('#badges');
  assert.match(late, /invalid arguments/);
  assert.doesNotMatch(late, /schema lint when/);
  const lateList = await page.textContent('#diagnostics');
  assert.match(lateList, /must be >= 0/);
  assert.match(lateList, /maxLenght/, 'the lint finding follows');
  assert.deepEqual(await page.evaluate(() => window.__csp), []);
  assert.deepEqual(log.errors, []);
  await context.close();
});

test('the full build is fetched in the background once the page is idle', async () => {
  const { page, context, log } = await env.open('', {}, { full: false });
  await page.waitForSelector('body[data-full="loaded"]', { timeout: 60_000 });
  // Loading it ran the home tab again: the example is now classified.
  assert.match(await page.textContent('#badges'), /CreateTaskResult/);
  const wasm = log.requests.filter((url) => url.endsWith('.wasm')).map((url) => new URL(url).pathname);
  // (The service worker's precache may ask again, after these.)
  assert.deepEqual(wasm.slice(0, 2), ['/pkg/mcp_json_toolbox_format_bg.wasm', '/pkg/mcp_json_toolbox_bg.wasm'], 'the core first');
  await context.close();
});

test('the test browser opens the page alone: no address-bar WebUI beside each context, Playwright\'s disabled features kept (tests/browser/chromium.mjs)', async () => {
  const session = await env.browser.newBrowserCDPSession();
  const { page, context } = await env.open('', {}, { full: false });
  const { targetInfos } = await session.send('Target.getTargets');
  await session.detach();
  const urls = targetInfos.map((target) => `${target.type} ${target.url}`);
  assert.ok(urls.includes(`page ${page.url()}`), urls.join('\n'));
  assert.deepEqual(urls.filter((url) => /^browser_ui |top-chrome/.test(url)), [], 'no WebUI renderer per window');
  // Chromium reads the last --disable-features switch only: ours must name every feature that
  // Playwright's, before it, disables.
  await page.goto('chrome://version');
  const switches = (await page.textContent('#command_line')).split(/\s+/)
    .filter((arg) => arg.startsWith('--disable-features='))
    .map((arg) => arg.slice('--disable-features='.length).split(','));
  assert.ok(switches.length >= 1, 'a --disable-features switch');
  const read = new Set(switches.at(-1));
  assert.deepEqual(switches.flat().filter((feature) => !read.has(feature)), [], 'add them to PLAYWRIGHT_DISABLED_FEATURES');
  await context.close();
});
