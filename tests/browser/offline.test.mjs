// After a first visit the service worker serves the whole page (HTML, JS, CSS, both wasm builds,
// examples), so a reload works with the network blocked, formatting and validating. Needs `make pkg www` first (see harness.mjs).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { WITH_SERVICE_WORKER, afterRun, editorText, pasteAndRun, ready, selectTab, startBrowser } from './harness.mjs';

let env;
before(async () => {
  env = await startBrowser();
});
after(() => env?.close());

test('a second visit works offline', async () => {
  const { page, context } = await env.open('', WITH_SERVICE_WORKER);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
  const served = env.server.requests.length;
  await context.setOffline(true);
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
  await page.reload();
  await ready(page);
  assert.equal(env.server.requests.length, served, 'the reload asked the server for nothing');
  assert.match(await page.textContent('#version'), /^v\d/, 'the wasm worker started from the cache');
  await selectTab(page, 'format');
  await pasteAndRun(page, 'editor-a', '{"offline":true}');
  assert.equal(await editorText(page, 'editor-out'), '{\n  "offline": true\n}');
  await afterRun(page, () => page.click('[data-example="exact-numbers"]'));
  assert.match(await editorText(page, 'editor-out'), /12345678901234567890123/, 'the examples came from the cache');
  // The full build came from the cache too (ready() waited for it): validation works offline.
  await afterRun(page, () => page.click('[data-example="batch-index-arguments"]'));
  assert.match(await page.textContent('#badges'), /valid arguments/);
  await context.close();
});
