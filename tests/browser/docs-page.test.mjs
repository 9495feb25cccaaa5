// The docs page as `make serve` builds it (www/docs/index.md → www/dist/docs/, the element bundled
// into www/dist/element/): linked from the toolbox, every example agrees with its `expect`, and
// "Open in toolbox" opens the toolbox page holding the example.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { ready, startBrowser } from './harness.mjs';

let env;
before(async () => {
  env = await startBrowser();
});
after(() => env?.close());

test('the toolbox links to the docs page, whose live examples all agree with their expect', async () => {
  const { page, context, log } = await env.open();
  await page.click('#docs-link');
  await page.waitForURL(/\/docs\/$/);
  const count = await page.locator('mcp-json').count();
  assert.ok(count >= 10, `${count} examples`);
  for (let i = 0; i < count; i += 1) await page.locator('mcp-json').nth(i).scrollIntoViewIfNeeded();
  await page.waitForFunction(() => [...document.querySelectorAll('mcp-json')].every((e) => e.dataset.verdict && !e.hasAttribute('aria-busy')), null, { timeout: 60_000 });
  const states = await page.evaluate(() => [...document.querySelectorAll('mcp-json')].map((e) => ({
    expect: e.getAttribute('expect'), verdict: e.dataset.verdict, outdated: e.hasAttribute('data-outdated'),
  })));
  assert.deepEqual(states.filter((s) => s.outdated), [], 'no example is out of date');
  assert.ok(states.some((s) => s.expect === 'invalid' && s.verdict === 'invalid'), 'the deliberately broken example');
  assert.deepEqual(await page.evaluate(() => window.__csp), []);
  assert.deepEqual(log.requests.filter((url) => !url.startsWith(env.server.url)), []);
  await context.close();
});

test('"Open in toolbox" opens the toolbox page with the example in its editors', async () => {
  const { page, context } = await env.open();
  await page.goto(`${env.server.url}docs/`);
  const broken = page.locator('mcp-json[expect="invalid"]');
  await broken.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.querySelector('mcp-json[expect="invalid"]').dataset.verdict);
  const href = await broken.evaluate((e) => e.shadowRoot.querySelector('a.open').href);
  assert.ok(href.startsWith(`${env.server.url}#s=`), href);
  const toolbox = await context.newPage();
  await toolbox.goto(href);
  await ready(toolbox);
  assert.equal(await toolbox.getAttribute('[role=tab][aria-selected=true]', 'data-tab'), 'validate');
  const text = (id) => toolbox.evaluate((editorId) => document.getElementById(editorId).shadowRoot.querySelector('.cm-content').textContent, id);
  assert.match(await text('editor-b'), /"Logs 2026"/, 'the arguments');
  assert.match(await text('editor-a'), /"pattern"/, "the tool's inputSchema");
  await context.close();
});

test('Format pretty-prints a format-mode example exactly, and Reset brings the original back', async () => {
  const { page, context } = await env.open();
  await page.goto(`${env.server.url}docs/`);
  const example = page.locator('mcp-json[mode="format"]');
  await example.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.querySelector('mcp-json[mode="format"]').dataset.verdict);
  const original = await example.evaluate((e) => e.text);
  await example.evaluate((e) => e.shadowRoot.querySelector('button[aria-label^="Format"]').click());
  // Done when the new text is there and its check has shown its verdict (aria-busy is set while checking).
  await page.waitForFunction((before) => {
    const element = document.querySelector('mcp-json[mode="format"]');
    return element.text !== before && !element.hasAttribute('aria-busy');
  }, original);
  const pretty = await example.evaluate((e) => e.text);
  assert.ok(pretty.includes('\n  "ratio": 1.50,\n') && pretty.includes('12345678901234567890') && pretty.includes('"caf\\u00e9"'), pretty);
  assert.equal(await example.evaluate((e) => e.shadowRoot.querySelector('button[aria-label^="Format"]').hidden), true, 'nothing left to format');
  await example.evaluate((e) => e.shadowRoot.querySelector('button[aria-label^="Reset"]').click());
  await page.waitForFunction((before) => document.querySelector('mcp-json[mode="format"]').text === before, original);
  await context.close();
});
