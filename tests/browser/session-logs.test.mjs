// Pasted logs on the page (tests/fixtures/logs/): the home paste box recognises each format and
// offers the Session tab; the Session tab draws the log's messages as the sequence view, with the
// findings pinned to their message and pointing at their line in the pasted text (the same places
// `replay` reports, tests/fixtures/logs/expected.mjs); "Copy link" offers to strip the HAR's
// Authorization header; a truncated HAR is an error at the cut. Needs `make pkg www` first.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { afterRun, onCleanPage, pasteAndRun, selectTab, selectedText, startBrowser } from './harness.mjs';
import { decodeFragment } from '../../runtime/fragment.js';
import { LOG_FIXTURES } from '../fixtures/logs/expected.mjs';

const { logFormats, replayLog } = await import(new URL('../../pkg/node.js', import.meta.url));

let env;
before(async () => {
  env = await startBrowser();
});
after(() => env?.close());

/** Runs `body(page)` on a fresh page (skipped without `replayLog`); then no CSP violation, no console error. */
const onPage = (t, options, body) => onCleanPage(env, t, { fns: ['replayLog', 'redactLog'], options }, body);

/** The sequence rows: entry index, method label, the codes of the findings pinned to it. */
function rows(page) {
  return page.$$eval('#sequence .seq-row', (elements) => elements.map((row) => ({
    position: Number(row.getAttribute('aria-posinset')),
    size: Number(row.getAttribute('aria-setsize')),
    index: Number(row.dataset.index),
    from: [...row.classList].find((c) => c.startsWith('seq-from-'))?.slice('seq-from-'.length),
    label: row.querySelector('.seq-method').textContent,
    findings: [...row.querySelectorAll('.seq-finding code')].map((code) => code.textContent),
  })).sort((a, b) => a.position - b.position));
}

test('the paste box recognises each log and the Session tab pins the findings to their lines', (t) => onPage(t, {}, async (page) => {
  // A log without messages (Cursor's) offers no replay: the test below.
  for (const fixture of LOG_FIXTURES.filter((f) => f.messages > 0)) {
    await selectTab(page, 'home');
    await pasteAndRun(page, 'editor-a', fixture.text);
    // The paste box names the log by the crate's label of the format the readers name.
    const label = logFormats().find((f) => f.name === fixture.format).label;
    assert.ok((await page.textContent('#badges')).includes(label), `${fixture.file}: ${label}`);
    assert.equal(await page.isVisible('#next'), true, `${fixture.file}: the Session tab is offered`);
    assert.equal(await page.textContent('#next'), 'Replay this log as a session');
    // The Python SDK's log has more rows than the Session tab draws at once (a screen of them, the
    // finding's row below it): its findings and rows are held to the report by
    // tests/node/replay-logs.test.mjs and src/host/logs/host_log_tests.rs.
    if (fixture.format === 'python-sdk') continue;
    await afterRun(page, () => page.click('#next'));
    assert.equal(await page.getAttribute('[role=tab][data-tab="session"]', 'aria-selected'), 'true');
    const badges = await page.textContent('#badges');
    assert.match(badges, new RegExp(`${fixture.messages} messages`), `${fixture.file}: ${badges}`);
    const drawn = await rows(page);
    // The rows are the crate's sequence (replayLog's, the same wasm in Node): one per message and
    // per context line, each drawn from the side and with the method the report gives it.
    const { sequence } = replayLog(fixture.text);
    assert.equal(sequence.filter((row) => row.index !== null).length, fixture.messages, fixture.file);
    assert.equal(drawn[0].size, sequence.length, fixture.file);
    for (const row of drawn) {
      const entry = sequence[row.index];
      assert.equal(row.from, entry.from ?? 'host', `${fixture.file} row ${row.index}`);
      const label = ['request', 'notification'].includes(entry.kind) ? entry.method
        : entry.kind === 'toModel' ? 'handed to the model' : entry.detail;
      assert.equal(row.label, label, `${fixture.file} row ${row.index}`);
    }
    const pinned = drawn.filter((row) => row.findings.includes('unknown-tool'));
    if (!fixture.unknownTool) {
      assert.deepEqual(pinned, [], fixture.file);
      continue;
    }
    assert.equal(pinned.length, 1, fixture.file);
    assert.equal(pinned[0].label, 'tools/call');
    // The finding selects the tool's name where it was pasted (escaped inside a HAR's body).
    await page.locator(`#sequence .seq-row[data-index="${pinned[0].index}"] .seq-finding`, { hasText: 'unknown-tool' }).click();
    const selected = await selectedText(page, 'editor-a');
    assert.equal(selected.replaceAll('\\"', '"'), fixture.needle.replaceAll('\\"', '"'), `${fixture.file}: ${selected}`);
    // The diagnostics list says the same line and column as `replay`.
    const where = await page.locator('#diagnostics .diag-button', { hasText: 'unknown-tool' }).locator('.diag-pos').textContent();
    assert.equal(where, `line ${fixture.unknownTool.line}, column ${fixture.unknownTool.column}`, fixture.file);
    // The row selects the whole message as it sits in the log.
    await page.locator(`#sequence .seq-row[data-index="${pinned[0].index}"] .seq-method`).click();
    assert.ok((await selectedText(page, 'editor-a')).includes(selected), fixture.file);
  }
}));

test('a log that holds no message is named, said to hold none, and offers no replay', (t) => onPage(t, {}, async (page) => {
  const { logFormats } = await import(new URL('../../pkg/node.js', import.meta.url));
  for (const fixture of LOG_FIXTURES.filter((f) => f.messages === 0)) {
    await selectTab(page, 'home');
    await pasteAndRun(page, 'editor-a', fixture.text);
    const badges = await page.textContent('#badges');
    // The crate's label for the format, not a copy of it in the page.
    assert.ok(badges.includes(logFormats().find((f) => f.name === fixture.format).label), `${fixture.file}: ${badges}`);
    assert.match(badges, /0 messages/, fixture.file);
    assert.equal(await page.isVisible('#next'), false, fixture.file);
    assert.equal(await page.locator('#diagnostics .diag-button', { hasText: 'log-empty' }).count(), 1, fixture.file);
  }
}));

test('a truncated HAR is an error at the cut, and the page stays usable', (t) => onPage(t, {}, async (page) => {
  const har = LOG_FIXTURES.find((f) => f.file === 'streamable-2026.har').text;
  const cut = har.slice(0, Math.floor(har.length / 2));
  await selectTab(page, 'session');
  await pasteAndRun(page, 'editor-a', cut);
  const where = await page.locator('#diagnostics .diag-button', { hasText: 'har-invalid' }).locator('.diag-pos').textContent();
  assert.match(where, new RegExp(`^line ${cut.split('\n').length}, column \\d+$`));
  await pasteAndRun(page, 'editor-a', har);
  assert.equal((await rows(page)).length > 0, true);
}));

test('Copy link offers to strip the Authorization header of a pasted HAR', (t) => onPage(t, { permissions: ['clipboard-read', 'clipboard-write'] }, async (page) => {
  const har = LOG_FIXTURES.find((f) => f.file === 'streamable-2026.har').text;
  const secret = 'fixture-dummy-token-4f2a9c';
  assert.ok(har.includes(secret));
  await selectTab(page, 'session');
  await pasteAndRun(page, 'editor-a', har);
  await page.click('#copy-link');
  await page.waitForSelector('#redact-offer:not([hidden])');
  assert.match(await page.textContent('#redact-text'), /This holds \d+ secrets/);
  await page.click('#redact-strip');
  await page.waitForFunction(() => document.getElementById('toast').textContent.startsWith('Link copied without the secrets'));
  const link = await page.evaluate(() => navigator.clipboard.readText());
  const state = await decodeFragment(new URL(link).hash);
  const shared = state.docs.session.a;
  assert.ok(!shared.includes(secret), 'the token is gone from the link');
  assert.equal(shared, har.replaceAll(`Bearer ${secret}`, '[REDACTED]'), 'only the header values changed');
  // Kept as is when asked; the editor's text never changes.
  await page.click('#copy-link');
  await page.waitForSelector('#redact-offer:not([hidden])');
  await page.click('#redact-keep');
  await page.waitForFunction(() => document.getElementById('toast').textContent.startsWith('Link copied — the data'));
  const kept = await decodeFragment(new URL(await page.evaluate(() => navigator.clipboard.readText())).hash);
  assert.ok(kept.docs.session.a.includes(secret));
}));
