// The schema lint on the page: findings underlined in place in the schema editor, and "Apply fix"
// in the hover tooltip when the hint is a replacement. Needs `make pkg www` first (see harness.mjs).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { afterRun, editorText, pasteAndRun, selectTab, skipWithout, startBrowser } from './harness.mjs';

let env;
before(async () => {
  env = await startBrowser();
});
after(() => env?.close());

/** Hovers the first underline of `severity` in `editor`, clicks its "Apply fix" and waits for the re-run. */
async function applyFix(page, editor, severity, hint) {
  await page.locator(`#${editor} .cm-lintRange-${severity}`).first().hover();
  const tooltip = page.locator(`#${editor} .cm-tooltip-lint`);
  await tooltip.waitFor();
  assert.match(await tooltip.textContent(), hint);
  await afterRun(page, () => tooltip.locator('.cm-diagnosticAction').first().click());
}

test('Validate: a misspelt keyword is underlined in the schema, and Apply fix repairs it', async (t) => {
  const session = await env.open();
  if (await skipWithout(t, session, 'validateArguments', 'lintSchema')) return;
  const { page, context, log } = session;
  await selectTab(page, 'validate');
  await pasteAndRun(page, 'editor-b', '{"a":"toolongvalue"}');
  await pasteAndRun(page, 'editor-a', '{"type":"object","properties":{"a":{"type":"string","maxLenght":5}}}');
  assert.match(await page.textContent('#badges'), /valid arguments/);
  assert.match(await page.textContent('#diagnostics'), /did you mean `maxLength`/);
  await applyFix(page, 'editor-a', 'warning', /did you mean `maxLength`/);
  assert.equal(await editorText(page, 'editor-a'), '{"type":"object","properties":{"a":{"type":"string","maxLength":5}}}');
  // The constraint the typo switched off now holds.
  assert.match(await page.textContent('#badges'), /invalid arguments/);
  assert.equal(await page.locator('#editor-a .cm-lintRange-warning').count(), 0);
  assert.deepEqual(log.errors, []);
  await context.close();
});

test('Validate: an invalid schema value suggests the nearest allowed one, and Apply fix writes it', async (t) => {
  const session = await env.open();
  if (await skipWithout(t, session, 'validateArguments', 'lintSchema')) return;
  const { page, context } = session;
  await selectTab(page, 'validate');
  await pasteAndRun(page, 'editor-b', '{}');
  await pasteAndRun(page, 'editor-a', '{"type":"obj"}');
  assert.match(await page.textContent('#badges'), /invalid schema/);
  await applyFix(page, 'editor-a', 'error', /did you mean "object"\?/);
  assert.equal(await editorText(page, 'editor-a'), '{"type":"object"}');
  assert.match(await page.textContent('#badges'), /valid arguments/);
  await context.close();
});
