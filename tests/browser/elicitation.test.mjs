// The Elicit tab: an elicitation request (either generation) is previewed as the form the user
// would see; filling it with the keyboard writes the ElicitResult (or inputResponses) into the
// second editor, checked by checkElicitation as it changes, with errors in place at their fields.
// Needs `make pkg www` first (see harness.mjs).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { afterRun, editorText, skipWithout, startBrowser } from './harness.mjs';

let env;
before(async () => {
  env = await startBrowser();
});
after(() => env?.close());

/** The answer the form wrote into the second editor. */
async function answer(page) {
  return JSON.parse(await editorText(page, 'editor-b'));
}

/** Waits for the check of the answer the form wrote when it was built (the page re-runs 300 ms after an edit). */
async function settle(page) {
  await page.waitForTimeout(400);
  await page.waitForFunction(() => document.body.getAttribute('aria-busy') !== 'true');
}

/** Presses `keys` in order; the last one waits for the check of the answer it produced. */
async function keys(page, ...sequence) {
  const last = sequence.pop();
  for (const key of sequence) await page.keyboard.press(key);
  await afterRun(page, () => page.keyboard.press(last));
}

test('the 2025-11-25 form is filled with the keyboard into a valid ElicitResult, and a bad value shows in place', async (t) => {
  const session = await env.open();
  if (await skipWithout(t, session, 'checkElicitation')) return;
  const { page, context, log } = session;
  await afterRun(page, () => page.click('[data-example="elicitation-form-2025-11-25"]'));
  await settle(page);
  assert.equal(await page.getAttribute('[role=tab][data-tab="elicit"]', 'aria-selected'), 'true');
  const form = page.locator('#elicit-form');
  assert.ok(await form.isVisible());
  assert.match(await form.locator('legend').first().textContent(), /Deploy the docs site now\?/);
  // Labels, hints and required marks reach assistive technology.
  const target = form.getByLabel('Target');
  assert.equal(await target.getAttribute('aria-required'), 'true');
  assert.match(await form.getByText('Where to deploy').getAttribute('id'), /-hint$/);
  assert.equal(await form.getByRole('checkbox', { name: 'I have checked the changelog' }).count(), 1);
  // Defaults are filled: the first answer is already written.
  assert.deepEqual(await answer(page), {
    action: 'accept', content: { target: 'staging', replicas: 2, regions: ['eu'], confirm: false },
  });

  await target.focus();
  await keys(page, 'ArrowDown', 'Tab', 'ControlOrMeta+A', '3', 'Tab', ...'ops@example.com'.split(''),
    'Tab', 'Tab', 'Space', 'Tab', 'Tab', 'Space');
  assert.deepEqual(await answer(page), {
    action: 'accept',
    content: { target: 'production', replicas: 3, notify: 'ops@example.com', regions: ['eu', 'us'], confirm: true },
  });
  assert.match(await page.textContent('#badges'), /valid elicitation/);
  assert.equal(await page.locator('#elicit-form [aria-invalid="true"]').count(), 0);

  // Out of range: the error sits at the field, which is marked invalid.
  const replicas = form.getByLabel('Replicas');
  await replicas.focus();
  await keys(page, 'ControlOrMeta+A', '4', '2');
  assert.match(await page.textContent('#badges'), /invalid elicitation/);
  assert.equal(await replicas.getAttribute('aria-invalid'), 'true');
  const errorId = (await replicas.getAttribute('aria-describedby')).split(' ').at(-1);
  assert.match(await page.textContent(`#${errorId}`), /<= 10/);
  // Emptied, the required field is missing: the error goes to it too.
  await keys(page, 'ControlOrMeta+A', 'Backspace');
  assert.match(await page.textContent(`#${errorId}`), /replicas/);
  // Fixed again, the error goes away.
  await keys(page, '5');
  assert.equal(await page.textContent(`#${errorId}`), '');
  assert.equal(await replicas.getAttribute('aria-invalid'), null);
  assert.deepEqual(log.errors, []);
  await context.close();
});

test('the 2026-07-28 inputRequests form answers as inputResponses, by key', async (t) => {
  const session = await env.open();
  if (await skipWithout(t, session, 'checkElicitation')) return;
  const { page, context } = session;
  await afterRun(page, () => page.click('[data-example="elicitation-input-requests-2026-07-28"]'));
  await settle(page);
  assert.match(await page.textContent('#badges'), /2026-07-28/);
  const form = page.locator('#elicit-form');
  await form.getByLabel('Deploy now').focus();
  await keys(page, 'Space', 'Tab', ...'ship it'.split(''));
  assert.deepEqual(await answer(page), { 'confirm-1': { action: 'accept', content: { confirm: true, note: 'ship it' } } });
  assert.match(await page.textContent('#badges'), /valid elicitation/);
  // Declining sends no content.
  await form.getByLabel('Action').focus();
  await keys(page, 'ArrowDown');
  assert.deepEqual(await answer(page), { 'confirm-1': { action: 'decline' } });
  assert.match(await page.textContent('#badges'), /valid elicitation/);
  await context.close();
});
