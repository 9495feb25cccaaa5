// The page in headless Chromium: formatting, errors with positions, diagnostics in place, keyboard,
// sharing, safety and privacy. Needs `make pkg www` first (see harness.mjs).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  ROOT, RESULTS, WITH_SERVICE_WORKER, afterRun, editorText, functions, paste, pasteAndRun, selectTab, selectedText, skipWithout, startBrowser,
} from './harness.mjs';

let env;
before(async () => {
  env = await startBrowser();
});
after(() => env?.close());

test('the page loads its wasm worker under the strict CSP, with no errors', async () => {
  // With its service worker registered, as a visitor gets it.
  const { page, log, context } = await env.open('', WITH_SERVICE_WORKER);
  const csp = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
  assert.equal(csp, "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'");
  assert.match(await page.textContent('#version'), /^v\d+\.\d+\.\d+/);
  assert.ok((await functions(page)).has('formatDocument'));
  assert.match(await page.textContent('#privacy'), /nothing you paste leaves this page/);
  // CodeMirror's styles are applied (its stylesheet lives in the editor's shadow root, outside CSP's reach).
  const gutterDisplay = await page.evaluate(() =>
    getComputedStyle(document.getElementById('editor-a').shadowRoot.querySelector('.cm-gutters')).display);
  assert.equal(gutterDisplay, 'flex');
  assert.deepEqual(await page.evaluate(() => window.__csp), []);
  assert.deepEqual(log.errors, []);
  await context.close();
});

test('Format: formats a document, with indent, minify and sort-key options', async () => {
  const { page, context } = await env.open();
  await selectTab(page, 'format');
  await pasteAndRun(page, 'editor-a', '{"b":1.10,"a":[1,2]}');
  assert.equal(await editorText(page, 'editor-out'), '{\n  "b": 1.10,\n  "a": [\n    1,\n    2\n  ]\n}');
  assert.match(await page.textContent('#badges'), /valid JSON/);
  await afterRun(page, () => page.check('#sort-keys'));
  await afterRun(page, () => page.check('#minify'));
  assert.equal(await editorText(page, 'editor-out'), '{"a":[1,2],"b":1.10}');
  await afterRun(page, () => page.uncheck('#minify'));
  await afterRun(page, () => page.selectOption('#indent', '4'));
  assert.match(await editorText(page, 'editor-out'), /^\{\n {4}"a": \[\n {8}1,/);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-output')]);
  assert.equal(download.suggestedFilename(), 'format.json');
  assert.equal(await readFile(await download.path(), 'utf8'), await editorText(page, 'editor-out'));
  await context.close();
});

test('an invalid document shows its error line:column, in the list and in the editor', async () => {
  const { page, context } = await env.open();
  await selectTab(page, 'format');
  await pasteAndRun(page, 'editor-a', '{\n  "a": 1,\n  "b": tru\n}');
  assert.match(await page.textContent('#badges'), /not JSON/);
  assert.match(await page.textContent('#status-text'), /line 3, column 8/);
  assert.match(await page.textContent('#diagnostics'), /line 3, column 8/);
  const marks = await page.evaluate(() => {
    const root = document.getElementById('editor-a').shadowRoot;
    return { underline: root.querySelectorAll('.cm-lintRange-error').length, gutter: root.querySelectorAll('.cm-lint-marker-error').length };
  });
  assert.ok(marks.underline >= 1, 'the error is underlined');
  assert.ok(marks.gutter >= 1, 'the error has a gutter marker');
  assert.deepEqual(await page.evaluate(() => window.__csp), [], 'the markers need nothing the CSP blocks');
  await context.close();
});

test('clicking a diagnostic selects its span in the editor', async () => {
  const { page, context } = await env.open();
  await selectTab(page, 'format');
  await pasteAndRun(page, 'editor-a', '{"id": 1, "id": 2}');
  const item = page.locator('#diagnostics .diag-button', { hasText: 'duplicate key' });
  await item.click();
  assert.equal(await selectedText(page, 'editor-a'), '"id"');
  await context.close();
});

test('hovering an underlined diagnostic shows its message', async () => {
  const { page, context } = await env.open();
  await selectTab(page, 'format');
  await pasteAndRun(page, 'editor-a', '{"id": 1, "id": 2}');
  await page.locator('#editor-a .cm-lintRange-warning').hover();
  const tooltip = page.locator('#editor-a .cm-tooltip-lint');
  await tooltip.waitFor();
  assert.match(await tooltip.textContent(), /duplicate key "id"/);
  await context.close();
});

test('Ctrl+Enter runs the current tab without inserting a line', async () => {
  const { page, context } = await env.open();
  await selectTab(page, 'format');
  await pasteAndRun(page, 'editor-a', '[1,2]');
  const before = await editorText(page, 'editor-a');
  await afterRun(page, async () => {
    await page.locator('#editor-a .cm-content').click();
    await page.keyboard.press('Control+Enter');
  });
  assert.equal(await editorText(page, 'editor-a'), before);
  assert.equal(await editorText(page, 'editor-out'), '[\n  1,\n  2\n]');
  await context.close();
});

test('tabs and controls work from the keyboard, with a visible focus ring', async () => {
  const { page, context } = await env.open();
  await page.focus('#tab-home');
  await afterRun(page, () => page.keyboard.press('ArrowRight'));
  assert.equal(await page.getAttribute('#tab-format', 'aria-selected'), 'true');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'tab-format');
  await page.keyboard.press('Tab');
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
  assert.notEqual(outline, 'none');
  assert.equal(await page.getAttribute('#editor-a .cm-content', 'aria-label'), 'JSON', 'the editor is named after its tab');
  for (const id of ['copy-link', 'reset', 'theme', 'run', 'cancel', 'copy-output', 'download-output', 'copy-tool-error']) {
    const name = await page.evaluate((el) => {
      const node = document.getElementById(el);
      return node.getAttribute('aria-label') ?? node.textContent.trim();
    }, id);
    assert.ok(name, `${id} has an accessible name`);
  }
  await context.close();
});

test('share: the link holds the state compressed in the fragment and opens it in a new page', async () => {
  const { page, context } = await env.open('', { permissions: ['clipboard-read', 'clipboard-write'] });
  await selectTab(page, 'format');
  const text = '{"shared": "across pages", "n": 42}';
  await pasteAndRun(page, 'editor-a', text);
  await page.click('#copy-link');
  await page.waitForFunction(() => !document.getElementById('toast').hidden);
  const link = await page.evaluate(() => navigator.clipboard.readText());
  const url = new URL(link);
  assert.match(url.hash, /^#s=[A-Za-z0-9_-]+$/);
  assert.ok(!link.includes('shared'), 'the text is compressed, not in clear');
  assert.equal(url.search, '', 'nothing in the query string, which would reach the server');
  const other = await env.browser.newContext();
  const second = await other.newPage();
  await second.goto(link);
  await second.waitForSelector('body[data-ready="true"]');
  assert.equal(await second.getAttribute('#tab-format', 'aria-selected'), 'true');
  assert.equal(await editorText(second, 'editor-a'), text);
  assert.match(await editorText(second, 'editor-out'), /"n": 42/);
  await other.close();
  await context.close();
});

test('the state survives a reload, and Reset clears it', async () => {
  const { page, context } = await env.open();
  await selectTab(page, 'format');
  await pasteAndRun(page, 'editor-a', '{"kept": true}');
  // The edit is saved 400 ms after it (persistSoon): wait for the saved state to hold it. The
  // fragment alone may be an earlier save's (selecting the tab saves too, and on a busy machine
  // that save can land before the paste).
  await page.waitForFunction(() => (localStorage.getItem('mcp-json-toolbox:state') ?? '').includes('kept'));
  await page.goto(page.url().split('#')[0]); // no fragment: the state comes from localStorage
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await editorText(page, 'editor-a'), '{"kept": true}');
  await afterRun(page, () => page.click('#reset'));
  assert.equal(await page.getAttribute('#tab-home', 'aria-selected'), 'true');
  assert.equal(await page.evaluate(() => localStorage.getItem('mcp-json-toolbox:state')), null);
  assert.equal(await page.evaluate(() => location.hash), '');
  await context.close();
});

test('an XSS payload in the data renders as text', async () => {
  const { page, context, log } = await env.open();
  const payload = '<img src=x onerror="window.__xss=1">';
  const doc = JSON.stringify({ [payload]: 1, note: payload }).replace('}', `,${JSON.stringify(payload)}:2}`);
  await pasteAndRun(page, 'editor-a', doc);
  const images = await page.evaluate(() => {
    const roots = [document, ...[...document.querySelectorAll('.editor')].map((e) => e.shadowRoot)];
    return roots.reduce((n, root) => n + root.querySelectorAll('img').length, 0);
  });
  assert.equal(images, 0);
  assert.equal(await page.evaluate(() => window.__xss), undefined);
  assert.ok((await editorText(page, 'editor-out')).includes(JSON.stringify(payload)), 'the payload is shown as text');
  assert.ok((await page.textContent('#diagnostics')).includes('<img'), 'the duplicate-key message shows it as text');
  assert.ok(!log.requests.some((url) => url.endsWith('/x')), 'the browser never tried to load the image');
  await context.close();
});

test('copy as MCP tool error builds an isError CallToolResult from the diagnostics', async () => {
  const { page, context } = await env.open('', { permissions: ['clipboard-read', 'clipboard-write'] });
  await selectTab(page, 'format');
  await pasteAndRun(page, 'editor-a', '{"id": 1, "id": 2}');
  await page.click('#copy-tool-error');
  await page.waitForFunction(() => !document.getElementById('toast').hidden);
  const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
  assert.equal(copied.isError, true);
  assert.equal(copied.content[0].type, 'text');
  assert.match(copied.content[0].text, /\/id: duplicate key "id"/);
  await context.close();
});

test('a dropped .json file is loaded and run', async () => {
  const { page, context } = await env.open();
  await selectTab(page, 'format');
  await afterRun(page, () => page.evaluate(() => {
    const data = new DataTransfer();
    data.items.add(new File(['{"dropped":[true]}'], 'dropped.json', { type: 'application/json' }));
    document.getElementById('pane-a').dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  }));
  assert.equal(await editorText(page, 'editor-a'), '{"dropped":[true]}');
  assert.match(await editorText(page, 'editor-out'), /"dropped": \[\n {4}true/);
  await context.close();
});

test('a tab whose wasm function is missing says so', async (t) => {
  const { page, context } = await env.open();
  const have = await functions(page);
  const needs = { validate: 'validateToolArguments', classify: 'classify', session: 'replaySession' };
  const absent = Object.keys(needs).find((tab) => !have.has(needs[tab]));
  if (!absent) {
    t.skip('every feature is in this build: no tab to show as unavailable');
    return context.close();
  }
  await selectTab(page, absent);
  assert.match(await page.textContent('#badges'), /not available in this build/);
  await context.close();
});

test('light and dark screenshots', async () => {
  await mkdir(RESULTS, { recursive: true });
  for (const scheme of ['light', 'dark']) {
    const { page, context } = await env.open('', { colorScheme: scheme });
    const have = await functions(page);
    const example = have.has('validateArguments') ? 'batch-index-bad-arguments' : 'broken-trailing-comma';
    await afterRun(page, () => page.click(`[data-example="${example}"]`));
    await page.screenshot({ path: join(RESULTS, `page-${scheme}.png`) });
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const [r] = background.match(/\d+/g).map(Number);
    assert.ok(scheme === 'dark' ? r < 60 : r > 200, `${scheme} background is ${background}`);
    await context.close();
  }
});

test('no request leaves 127.0.0.1', async () => {
  // The service worker's precache included.
  const { page, context, log } = await env.open('', WITH_SERVICE_WORKER);
  for (const tab of ['format', 'validate', 'classify', 'session', 'home']) await selectTab(page, tab);
  await paste(page, 'editor-a', '{"a": 1}');
  await page.waitForTimeout(500);
  const origin = new URL(env.server.url).origin;
  assert.ok(log.requests.length >= 5, 'the page, its scripts and the wasm were requested');
  const outside = log.requests.filter((url) => new URL(url).origin !== origin && !url.startsWith('blob:'));
  assert.deepEqual(outside, []);
  assert.ok(env.server.requests.some((path) => path.endsWith('.wasm')), 'the wasm came from this server');
  await context.close();
});

test('the page sources never build HTML from strings (www/ and the runtime/ modules it and <mcp-json> share)', async () => {
  // runtime/ with its folders (load/, docs/, cli/, entries/); www/ without its build output.
  for (const [dir, recursive] of [[join(ROOT, 'www'), false], [join(ROOT, 'runtime'), true]]) {
    for (const file of (await readdir(dir, { recursive })).filter((name) => name.endsWith('.js'))) {
      const source = await readFile(join(dir, file), 'utf8');
      assert.doesNotMatch(source, /innerHTML|outerHTML|insertAdjacentHTML|document\.write/, `${file} uses an HTML sink`);
    }
  }
});

test('the theme toggle overrides the system colour scheme', async () => {
  const { page, context } = await env.open('', { colorScheme: 'light' });
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const light = await background();
  await page.click('#theme'); // system -> light
  assert.equal(await background(), light);
  await page.click('#theme'); // light -> dark
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
  const dark = await background();
  assert.notEqual(dark, light);
  const editorBackground = await page.evaluate(() =>
    getComputedStyle(document.getElementById('editor-a').shadowRoot.querySelector('.cm-editor')).backgroundColor);
  assert.notEqual(editorBackground, 'rgb(255, 255, 255)', 'the editors follow the theme');
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await background(), dark, 'the choice is remembered');
  await context.close();
});

test('the home paste box names what it holds (classify), or formats it when classify is not built', async () => {
  const { page, context } = await env.open();
  const handle = '{"task":{"taskId":"t-1","status":"working","createdAt":"2025-11-25T10:30:00Z","lastUpdatedAt":"2025-11-25T10:30:00Z","ttl":60000,"pollInterval":5000}}';
  await pasteAndRun(page, 'editor-a', handle);
  const badges = await page.textContent('#badges');
  if ((await functions(page)).has('classify')) {
    assert.match(badges, /CreateTaskResult/);
    assert.match(badges, /2025-11-25/);
    assert.match(await page.textContent('#banner'), /not a tool result/i);
    assert.match(await page.textContent('#summary'), /t-1/);
  } else {
    assert.match(badges, /valid JSON/);
  }
  assert.match(await editorText(page, 'editor-out'), /"taskId": "t-1"/);
  await context.close();
});

test('a classified tool offers to validate arguments against its inputSchema', async (t) => {
  const session = await env.open();
  if (await skipWithout(t, session, 'classify', 'validateArguments')) return;
  const { page, context } = session;
  await afterRun(page, () => page.click('[data-example="batch-index-tool"]'));
  await afterRun(page, () => page.click('#next'));
  assert.equal(await page.getAttribute('#tab-validate', 'aria-selected'), 'true');
  assert.match(await editorText(page, 'editor-a'), /"pattern": "\^\[a-z0-9-\]\+\$"/);
  await pasteAndRun(page, 'editor-b', '{"dataset": "logs", "shard": -2}');
  assert.match(await page.textContent('#badges'), /invalid arguments/);
  await context.close();
});

test('a step of the session timeline selects its message in the transcript', async (t) => {
  const session = await env.open();
  if (await skipWithout(t, session, 'replaySession')) return;
  const { page, context } = session;
  await afterRun(page, () => page.click('[data-example="tasks-get-and-result-2025-11-25"]'));
  const steps = page.locator('#timeline .step');
  assert.ok((await steps.count()) >= 2, 'created + polled');
  await steps.nth(1).click();
  const selected = await selectedText(page, 'editor-a');
  assert.match(selected, /"status": "completed"/, `selected: ${selected.slice(0, 80)}`);
  await context.close();
});

test('Validate: the schema\'s findings are in the schema editor (a duplicate key, not in the arguments\'; an unusable inputSchema)', async (t) => {
  const session = await env.open();
  if (await skipWithout(t, session, 'validateArguments')) return;
  const { page, context } = session;
  await selectTab(page, 'validate');
  await pasteAndRun(page, 'editor-b', '{"a": "x"}');
  await pasteAndRun(page, 'editor-a', '{"type": "object", "type": "object"}');
  assert.match(await page.textContent('#badges'), /valid arguments/);
  assert.equal(await page.locator('#editor-a .cm-lintRange-warning').count(), 1);
  assert.equal(await page.locator('#editor-b .cm-lintRange-warning').count(), 0);
  await page.locator('#diagnostics .diag-button', { hasText: 'duplicate key' }).click();
  assert.equal(await selectedText(page, 'editor-a'), '"type"');
  await pasteAndRun(page, 'editor-a', '{"type":"objekt"}');
  assert.match(await page.textContent('#badges'), /invalid schema/);
  await page.locator('#diagnostics .diag-button').first().click();
  assert.equal(await selectedText(page, 'editor-a'), '"type":"objekt"');
  await context.close();
});
