// Every worked example of the page, loaded with one click: its tab, badges and diagnostics match what
// the example file expects. An example whose wasm function is not in this build is skipped with a
// message (it lights up once the feature is merged). Needs `make pkg www` first (see harness.mjs).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DIST, afterRun, editorText, functions, selectedText, startBrowser } from './harness.mjs';

const examples = JSON.parse(await readFile(join(DIST, 'examples.json'), 'utf8').catch(() => '[]'));

let env;
let session;
before(async () => {
  env = await startBrowser();
  session = await env.open();
});
after(() => env?.close());

test('the examples library is built', () => {
  assert.ok(examples.length >= 10, `${examples.length} examples in ${DIST}/examples.json`);
  for (const tab of ['format', 'validate', 'classify', 'session']) {
    assert.ok(examples.some((e) => e.tab === tab), `an example for the ${tab} tab`);
  }
});

for (const example of examples) {
  test(`example ${example.id}`, async (t) => {
    const { page } = session;
    const { expect } = example;
    if (!(await functions(page)).has(expect.fn)) {
      t.skip(`${expect.fn} is not in this wasm build yet`);
      return;
    }
    await afterRun(page, () => page.click(`[data-example="${example.id}"]`));
    assert.equal(await page.getAttribute(`[role=tab][data-tab="${example.tab}"]`, 'aria-selected'), 'true');
    const badges = await page.textContent('#badges');
    for (const key of ['badge', 'kind', 'generation']) {
      if (expect[key]) assert.ok(badges.includes(expect[key]), `badges "${badges}" include "${expect[key]}"`);
    }
    const severities = await page.$$eval('#diagnostics .diag', (items) => items.map((item) => item.className));
    if (expect.severity === 'none') assert.ok(!severities.some((c) => c.includes('diag-error')), `no errors: ${badges}`);
    else if (expect.severity) assert.ok(severities.some((c) => c.includes(`diag-${expect.severity}`)), `an ${expect.severity}: ${badges}`);
    if (expect.diagnostics === 0) assert.equal(severities.length, 0, `no diagnostics: ${badges}`);
    if (expect.position) assert.match(await page.textContent('#status-text'), new RegExp(expect.position));
    if (expect.output) assert.ok((await editorText(page, 'editor-out')).includes(expect.output));
    if (expect.instancePath) {
      const item = page.locator('#diagnostics .diag-button').filter({ has: page.locator('code', { hasText: new RegExp(`^${expect.instancePath}$`) }) }).first();
      await item.click();
      if (expect.selects) {
        const editor = example.tab === 'validate' ? 'editor-b' : 'editor-a';
        assert.equal(await selectedText(page, editor), expect.selects);
      }
    }
  });
}
