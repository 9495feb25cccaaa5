// The Session tab's sequence view (www/sequence.js) in headless Chromium under the page's strict
// CSP: arrows for a recorded session, findings pinned to their message and linked to the text, the
// task filter, keyboard navigation, and a 10,000-message recording kept to a bounded number of DOM
// rows while it scrolls to its end. Needs `make pkg www` first (see harness.mjs).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { RESULTS, afterRun, onCleanPage, pasteAndRun, selectTab, selectedText, startBrowser } from './harness.mjs';
import { recording } from './recording.mjs';

let env;
before(async () => {
  env = await startBrowser();
});
after(() => env?.close());

/**
 * Runs `body(page)` on a fresh page showing `example` (if given), skipped when this build cannot
 * replay sessions; then requires that the page logged no CSP violation and no console error.
 */
function onPage(t, { example, ...options }, body) {
  return onCleanPage(env, t, { fns: ['replaySession'], options }, async (page) => {
    if (example) await afterRun(page, () => page.click(`[data-example="${example}"]`));
    await body(page);
  });
}

/**
 * The list as assistive technology gets it, after a scroll: the rows in the DOM in document order
 * (position in the whole set and its size, and the message's index), and from Chromium's
 * accessibility tree (DevTools protocol) the parent of each list item there. Every row drawn must be
 * a list item of the list, in order, numbered by its place among all `size` messages.
 */
async function assertListStructure(page, size) {
  const dom = await page.$$eval('#sequence .seq-viewport .seq-row', (elements) => elements.map((row) => ({
    position: Number(row.getAttribute('aria-posinset')), size: Number(row.getAttribute('aria-setsize')), index: Number(row.dataset.index),
  })));
  assert.ok(dom.length > 0, 'rows are drawn');
  dom.forEach((row, i) => {
    assert.equal(row.size, size, 'aria-setsize is the whole set');
    assert.equal(row.position, dom[0].position + i, `row ${i} of the DOM is the next message (${dom.map((r) => r.position)})`);
    assert.equal(row.position, row.index + 1, 'unfiltered, a row\'s place is its message\'s');
  });
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '#sequence .seq-viewport' });
    const { nodes } = await cdp.send('Accessibility.queryAXTree', { nodeId, role: 'listitem' });
    const messages = nodes.filter((node) => node.name?.value.startsWith('Message '));
    assert.deepEqual(messages.map((node) => node.name.value.match(/^Message (\d+),/)[1]).map(Number), dom.map((row) => row.index + 1),
      'the accessibility tree has every row drawn as a list item, in order');
    for (const item of messages) {
      const { nodes: family } = await cdp.send('Accessibility.getPartialAXTree', { backendNodeId: item.backendDOMNodeId, fetchRelatives: true });
      const parent = family.find((node) => node.nodeId === item.parentId);
      assert.deepEqual([parent?.role.value, parent?.name?.value], ['list', 'Messages between host and server, in order'], `${item.name.value}: its parent`);
    }
  } finally {
    await cdp.detach();
  }
  return dom;
}

/** What the rows in the DOM say: position, entry index, method label, arrow direction, findings. */
function rows(page) {
  return page.$$eval('#sequence .seq-row', (elements) => elements.map((row) => ({
    position: Number(row.getAttribute('aria-posinset')),
    size: Number(row.getAttribute('aria-setsize')),
    index: Number(row.dataset.index),
    label: row.querySelector('.seq-method').textContent,
    detail: row.querySelector('.seq-detail')?.textContent.trim() ?? '',
    arrow: row.querySelector('.seq-arrow').className,
    aria: row.getAttribute('aria-label'),
    findings: [...row.querySelectorAll('.seq-finding code')].map((code) => code.textContent),
  })).sort((a, b) => a.position - b.position));
}

test('a recorded session is drawn as arrows between host and server, with time offsets', (t) => onPage(t, { example: 'session-everything-research-2025-11-25' }, async (page) => {
  assert.equal(await page.isVisible('#sequence'), true);
  const drawn = await rows(page);
  assert.ok(drawn.length >= 10, `${drawn.length} rows`);
  const [initialize, answer] = drawn;
  assert.equal(initialize.label, 'initialize');
  assert.match(initialize.arrow, /seq-arrow-right seq-arrow-request/, 'host → server, solid');
  assert.match(initialize.aria, /^Message 1, \+0\.000 s, host to server, request: initialize/);
  assert.equal(answer.label, 'InitializeResult 2025-11-25');
  assert.match(answer.arrow, /seq-arrow-left seq-arrow-response/, 'server → host, dashed');
  assert.equal(answer.detail, '↩ initialize');
  assert.match(answer.aria, /\+0\.599 s/, 'offset from the first timestamp');
  const call = drawn.find((row) => row.label === 'tools/call' && /task/.test(row.detail));
  assert.ok(call, 'the task-augmented tools/call');
  assert.ok(drawn.some((row) => row.label.startsWith('CreateTaskResult')), 'its CreateTaskResult');
  assert.ok(drawn.some((row) => row.label === 'notifications/tasks/status' && /seq-arrow-notification/.test(row.arrow)), 'a status notification, dotted');
  // The task lane: coloured cells in the rows the task lives through, a dot where a row concerns it;
  // pending from the call to its CreateTaskResult, working, then completed (further down).
  const hits = () => page.$$eval('#sequence .seq-lane.lane-hit', (cells) => cells.map((cell) => cell.className));
  const lanes = await hits();
  assert.ok(lanes.some((c) => /lane-pending lane-hit lane-start/.test(c)), `the call starts the lane: ${lanes}`);
  assert.ok(lanes.some((c) => /lane-working/.test(c)), `working cells: ${lanes}`);
  await page.$eval('#sequence .seq-viewport', (viewport) => { viewport.scrollTop = viewport.scrollHeight; });
  await page.waitForFunction(() => document.querySelector('#sequence .seq-lane.lane-completed.lane-end'));
  assert.ok((await hits()).some((c) => /lane-completed/.test(c)), 'a completed cell at the end');
}));

test('each finding is pinned to its message; clicking it selects its span, like the diagnostics list', (t) => onPage(t, { example: 'broken-session-status-after-terminal' }, async (page) => {
  const drawn = await rows(page);
  assert.equal(drawn.length, 6);
  const pinned = drawn.filter((row) => row.findings.length > 0);
  assert.deepEqual(pinned.map((row) => [row.index, row.findings]), [[5, ['status-after-terminal', 'never-terminal']]],
    'the error (and the warning that the task ends working) sit on the tasks/get answer reporting working after completed');
  assert.equal(pinned[0].label, 'task working');
  assert.match(pinned[0].aria, /2 findings$/);
  await page.locator('#sequence .seq-finding', { hasText: 'status-after-terminal' }).click();
  const fromSequence = await selectedText(page, 'editor-a');
  await page.locator('#diagnostics .diag-button', { hasText: 'status-after-terminal' }).click();
  assert.equal(fromSequence, await selectedText(page, 'editor-a'), 'the same span as the diagnostics list selects');
  assert.ok(fromSequence.length > 0);
  // A click elsewhere on the row selects the whole message, which holds the finding's span.
  await page.locator('#sequence .seq-row[data-index="5"] .seq-method').click();
  const message = await selectedText(page, 'editor-a');
  assert.ok(message.startsWith('{') && message.endsWith('}') && message.includes(fromSequence), message);
  assert.match(message, /"id": 3/);
  // From the keyboard: End reaches the message, → its first finding, Enter selects that span; ←
  // goes back to the row, and Enter there selects the message.
  await page.focus('#sequence .seq-row[tabindex="0"]');
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowRight');
  assert.match(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), /^error status-after-terminal: /);
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.index), '5');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  assert.equal(await selectedText(page, 'editor-a'), fromSequence);
  await page.focus('#sequence .seq-row[tabindex="0"]');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.index), '5', 'the row last used is the one Tab reaches');
  await page.keyboard.press('Enter');
  assert.equal(await selectedText(page, 'editor-a'), message);
}));

test('findings of a JSON Lines recording land on the message their span is in', (t) => onPage(t, { example: 'session-everything-research-elicitation-2025-11-25' }, async (page) => {
  const drawn = await rows(page);
  const pinned = drawn.filter((row) => row.findings.length > 0);
  assert.ok(pinned.length > 0, 'the example has warnings');
  for (const row of pinned) {
    // Every finding on a row selects text inside that row's message.
    await page.locator(`#sequence .seq-row[data-index="${row.index}"] .seq-method`).click();
    const message = await selectedText(page, 'editor-a');
    const count = row.findings.length;
    for (let i = 0; i < count; i++) {
      await page.locator(`#sequence .seq-row[data-index="${row.index}"] .seq-finding`).nth(i).click();
      const span = await selectedText(page, 'editor-a');
      assert.ok(message.includes(span), `finding ${row.findings[i]} on message ${row.index + 1} selects inside it`);
    }
  }
}));

test('a 10,000-message recording keeps a bounded number of rows in the DOM and scrolls to its end', (t) => onPage(t, {}, async (page) => {
  await selectTab(page, 'session');
  await pasteAndRun(page, 'editor-a', recording(10_000));
  assert.match(await page.textContent('#sequence .seq-count'), /^10000 messages, \d+ tasks/);
  const bound = await page.$eval('#sequence .seq-viewport', (viewport) => Math.ceil(viewport.clientHeight / 34) + 2 * 6 + 1);
  const first = await rows(page);
  assert.equal(first[0].size, 10_000);
  assert.ok(first.length <= bound, `${first.length} rows in the DOM (at most ${bound})`);
  // Scroll to the end: the last message is there and in view, and the row count is still bounded.
  await page.$eval('#sequence .seq-viewport', (viewport) => { viewport.scrollTop = viewport.scrollHeight; });
  await page.waitForSelector('#sequence .seq-row[aria-posinset="10000"]');
  const last = await rows(page);
  assert.ok(last.length <= bound, `${last.length} rows after scrolling`);
  const visible = await page.$eval('#sequence .seq-viewport', (viewport) => {
    const row = viewport.querySelector('.seq-row[aria-posinset="10000"]').getBoundingClientRect();
    const box = viewport.getBoundingClientRect();
    return row.top >= box.top - 1 && row.bottom <= box.bottom + 1;
  });
  assert.ok(visible, 'the last message is inside the viewport');
  assert.equal(last.at(-1).index, 9999);
  await assertListStructure(page, 10_000);
  // A little way back up: the rows coming into view go before those still drawn, in order.
  const before = await page.$eval('#sequence .seq-viewport', (viewport) => viewport.querySelector('.seq-row').getAttribute('aria-posinset'));
  await page.$eval('#sequence .seq-viewport', (viewport) => { viewport.scrollTop -= 10 * 34; });
  await page.waitForSelector(`#sequence .seq-row[aria-posinset="${Number(before) - 1}"]`);
  const up = await assertListStructure(page, 10_000);
  assert.ok(up[0].position < Number(before) && up.at(-1).position > Number(before), `rows ${up[0].position}…${up.at(-1).position} around ${before}`);
  // The keyboard gets there too: Home, then End, then one up.
  await page.focus('#sequence .seq-row[tabindex="0"]');
  await page.keyboard.press('Home');
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-posinset')), '1');
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-posinset')), '2');
  await page.keyboard.press('End');
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-posinset')), '10000');
  await page.keyboard.press('ArrowUp');
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-posinset')), '9999');
  assert.ok((await rows(page)).length <= bound);
}));

test('the task filter shows one task\'s messages and its lane', (t) => onPage(t, {}, async (page) => {
  await selectTab(page, 'session');
  await pasteAndRun(page, 'editor-a', recording(200));
  const all = await rows(page);
  assert.equal(all[0].size, 200);
  await page.selectOption('#sequence .seq-filter', 'task-3');
  const one = await rows(page);
  assert.equal(one.length, 8, 'call, CreateTaskResult, two polls and answers, tasks/result and its answer');
  assert.deepEqual(one.map((row) => [row.position, row.size]), [1, 2, 3, 4, 5, 6, 7, 8].map((position) => [position, 8]),
    'each row\'s place among the task\'s messages');
  assert.deepEqual(one.map((row) => row.label), [
    'tools/call', 'CreateTaskResult · working', 'tasks/get', 'task working', 'tasks/get', 'task completed', 'tasks/result', 'CallToolResult',
  ]);
  for (const row of one) assert.match(row.aria, /task task-3/);
  assert.match(await page.textContent('#sequence .seq-count'), /^8 of 200 messages, task task-3/);
  assert.equal(await page.$$eval('#sequence .seq-row', (r) => r.every((row) => row.querySelectorAll('.seq-lane').length === 1)), true, 'one lane');
  await page.selectOption('#sequence .seq-filter', '');
  assert.equal((await rows(page))[0].size, 200);
}));

for (const scheme of ['light', 'dark']) {
  test(`the sequence view in the ${scheme} theme (screenshot in test-results/)`, (t) => onPage(t, {
    example: 'session-everything-research-elicitation-2025-11-25', colorScheme: scheme,
  }, async (page) => {
    const background = await page.$eval('#sequence', (el) => getComputedStyle(el).backgroundColor);
    assert.equal(background, scheme === 'dark' ? 'rgb(22, 27, 34)' : 'rgb(255, 255, 255)', 'the panel follows the theme');
    await mkdir(RESULTS, { recursive: true });
    await page.locator('#sequence').screenshot({ path: join(RESULTS, `session-sequence-${scheme}.png`) });
  }));
}
