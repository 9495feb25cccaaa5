// Two-phase loading: the page formats with the format core while the full build (validation,
// classification) is still on its way, and a job that needs the full build waits for it, showing
// "loading validator…" with the bytes received, then succeeds. The full build's .wasm is held back
// by a route until the test releases it. Needs `make pkg www` first (see harness.mjs).
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

test('formatting works before the full build has loaded; a Validate job waits for it, then succeeds', async () => {
  const hold = holdFullBuild();
  const { page, context, log } = await env.open('', {}, { full: false, route: (c) => hold.route(c) });
  // The first visit's example is formatted at once, with classification announced for later.
  assert.match(await editorText(page, 'editor-out'), /"taskId": "786512e2-/);
  assert.match(await page.textContent('#badges'), /valid JSON.*classifying when the validator has loaded/);
  await selectTab(page, 'format');
  await pasteAndRun(page, 'editor-a', '{"early":[1.50,1e400]}');
  assert.equal(await editorText(page, 'editor-out'), '{\n  "early": [\n    1.50,\n    1e400\n  ]\n}');
  assert.notEqual(await page.getAttribute('body', 'data-full'), 'loaded', 'the full build is still held back');

  // A Validate job now needs the full build: it waits, saying so, and succeeds once it arrives.
  const before = Number(await page.getAttribute('body', 'data-runs'));
  await page.click('[data-example="batch-index-arguments"]');
  await page.waitForSelector('#working:not([hidden])');
  await page.waitForFunction(() => /^loading validator… \d+\.\d MB of \d+\.\d MB$/.test(document.getElementById('working-text').textContent));
  assert.equal(Number(await page.getAttribute('body', 'data-runs')), before, 'no result yet');
  assert.ok(hold.asked, 'the full build was requested');
  hold.release();
  await page.waitForFunction((n) => Number(document.body.dataset.runs) > n && document.body.getAttribute('aria-busy') !== 'true', before, { timeout: 60_000 });
  assert.match(await page.textContent('#badges'), /valid arguments/);
  assert.equal(await page.getAttribute('body', 'data-full'), 'loaded');
  assert.equal(await page.textContent('#working-text'), 'working…');

  // The home tab now classifies.
  await selectTab(page, 'home');
  assert.match(await page.textContent('#badges'), /CreateTaskResult/);
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
