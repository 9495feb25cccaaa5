// The Compatibility view in headless Chromium: the matrix of a real reference server's tools/list and
// of a tool Gemini rejects shows what `checkCompatibility` (the built package, in Node) says for the
// same text; a cell opens its findings, a finding selects its span, the arrow keys reach every cell,
// "Copy lowered" copies a tool the target accepts; no CSP violation, no console error.
// Needs `make pkg www` first (see harness.mjs).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT, RESULTS, afterRun, pasteAndRun, selectTab, selectedText, skipWithout, startBrowser } from './harness.mjs';

const toolbox = await import('../../pkg/node.js');
const reference = JSON.parse(await readFile(join(ROOT, 'tests', 'fixtures', 'lint', 'reference-tools.json'), 'utf8'));
/** The everything server's tools/list result, as recorded. */
const EVERYTHING = JSON.stringify({ tools: reference.find((server) => server.server === 'everything').tools }, null, 2);
/** A tool Gemini's `parameters` rejects: `additionalProperties`, a type array, an integer enum. */
const GEMINI_REJECTS = JSON.stringify({
  name: 'search_issues',
  description: 'Searches the issues of a repository.',
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', minLength: 1 },
      state: { type: ['string', 'null'] },
      priority: { type: 'integer', enum: [1, 2, 3] },
    },
    required: ['query'],
    additionalProperties: false,
  },
}, null, 2);

let env;
before(async () => {
  env = await startBrowser();
});
after(() => env?.close());

/** Opens the page (with clipboard access) on the Compatibility tab, or skips without the exports. */
async function openCompat(t, options = {}) {
  const session = await env.open('', { permissions: ['clipboard-read', 'clipboard-write'], ...options });
  if (await skipWithout(t, session, 'checkCompatibility', 'lowerTool')) return null;
  await selectTab(session.page, 'compat');
  return session;
}

/** The matrix on screen: column targets, then per row its header and each cell's verdict class. */
function readMatrix(page) {
  return page.evaluate(() => {
    const table = document.querySelector('#compat table');
    const heads = [...table.querySelectorAll('thead th')].slice(1);
    const targets = heads.map((th) => th.dataset.target);
    const optIn = heads.filter((th) => th.textContent.includes('opt-in')).map((th) => th.dataset.target);
    const row = (tr) => ({
      name: tr.querySelector('th').textContent,
      verdicts: [...tr.querySelectorAll('td')].map((td) => td.querySelector('button')?.className.match(/verdict-(\w+)/)[1] ?? null),
      words: [...tr.querySelectorAll('td')].map((td) => td.textContent),
    });
    return { targets, optIn, tools: [...table.querySelectorAll('tbody tr')].map(row), list: row(table.querySelector('tfoot tr')) };
  });
}

/** What the matrix must show for `text`, from the package in Node: every target (the page shows all columns). */
function expected(text) {
  const report = toolbox.checkCompatibility(text, { targets: ['all'] });
  const targets = Object.keys(report.list);
  return {
    targets,
    tools: report.tools.map((tool) => ({ name: tool.name ?? tool.pointer, verdicts: targets.map((t) => tool.targets[t].verdict) })),
    list: targets.map((t) => report.list[t].verdict),
    report,
  };
}

async function assertClean(page, log) {
  assert.deepEqual(await page.evaluate(() => window.__csp), [], 'no CSP violation');
  assert.deepEqual(log.errors, [], 'no console error');
}

test('a reference server tools/list: the matrix shows what checkCompatibility says, every cell and the list row', async (t) => {
  const session = await openCompat(t);
  if (!session) return;
  const { page, context, log } = session;
  await pasteAndRun(page, 'editor-a', EVERYTHING);
  const want = expected(EVERYTHING);
  assert.ok(want.tools.length >= 5, `the everything server has ${want.tools.length} tools`);
  const shown = await readMatrix(page);
  assert.deepEqual(shown.targets, want.targets);
  // Every column is shown; the opt-in ones (checked by the CLI only with --target) are marked.
  assert.deepEqual(shown.targets, toolbox.compatTargets().map((info) => info.name));
  assert.deepEqual(shown.optIn, toolbox.compatTargets().filter((info) => info.optIn).map((info) => info.name));
  assert.ok(shown.optIn.length > 0 && shown.optIn.length < shown.targets.length, 'some columns opt-in, not all');
  // The hint names the opt-in columns by the crate's labels.
  const labels = toolbox.compatTargets().filter((info) => info.optIn).map((info) => info.label);
  assert.ok((await page.textContent('#compat-hint')).includes(`opt-in (${labels.join(', ')})`));
  assert.deepEqual(shown.tools.map(({ name, verdicts }) => ({ name, verdicts })), want.tools.map(({ name, verdicts }) => ({ name, verdicts })));
  assert.deepEqual(shown.list.verdicts, want.list);
  // Each verdict is spelled out in its cell (✓ for accepted, as the CLI prints it), never colour alone.
  for (const row of [...shown.tools, shown.list]) {
    row.verdicts.forEach((verdict, i) =>
      assert.ok(row.words[i].includes(verdict === 'accepted' ? '✓' : verdict), `"${row.words[i]}" says ${verdict}`));
  }
  // The badges name the targets that reject something, as the report does.
  const rejecting = want.targets.filter((target, i) => want.list[i] === 'rejected' || want.tools.some((tool) => tool.verdicts[i] === 'rejected'));
  const badges = await page.textContent('#badges');
  if (rejecting.length) assert.match(badges, /rejected by/);
  else assert.doesNotMatch(badges, /rejected by/);
  // The list row opens the list-level findings of its target.
  const listCell = page.locator('#compat tfoot button').first();
  await listCell.click();
  assert.equal(await listCell.getAttribute('aria-expanded'), 'true');
  const first = want.targets[0];
  assert.match(await page.textContent('#compat-findings h2'), new RegExp(`${want.report.list[first].diagnostics.length} finding`));
  // A list that fails only because of its tools says which.
  const failing = want.targets.find((target) => want.report.list[target].verdict !== 'accepted' && want.report.list[target].diagnostics.length === 0);
  if (failing) {
    await page.locator(`#compat tfoot button[data-column="${want.targets.indexOf(failing)}"]`).click();
    const culprit = want.report.tools.find((tool) => tool.targets[failing].verdict === want.report.list[failing].verdict);
    assert.match(await page.textContent('#compat-findings'), new RegExp(`because .*${culprit.name}`));
  }
  await assertClean(page, log);
  await context.close();
});

test('a tool Gemini rejects: its cell opens the findings, a finding selects its span, Copy lowered gives a tool Gemini accepts', async (t) => {
  const session = await openCompat(t);
  if (!session) return;
  const { page, context, log } = session;
  await pasteAndRun(page, 'editor-a', GEMINI_REJECTS);
  const want = expected(GEMINI_REJECTS);
  const gemini = want.report.tools[0].targets.gemini;
  assert.equal(gemini.verdict, 'rejected', 'the package rejects it for Gemini');
  assert.deepEqual((await readMatrix(page)).tools.map((row) => row.verdicts), want.tools.map((row) => row.verdicts));
  assert.match(await page.textContent('#badges'), /rejected by .*Gemini/);

  const button = page.locator('#compat tbody button[aria-label^="search_issues, Gemini (opt-in):"]');
  assert.match(await button.getAttribute('aria-label'), new RegExp(`rejected, ${gemini.diagnostics.length} finding`));
  await button.click();
  assert.equal(await button.getAttribute('aria-expanded'), 'true');
  const items = page.locator('#compat-findings .diag-button');
  assert.equal(await items.count(), gemini.diagnostics.length);
  // The findings are marked in the editor too.
  const marks = await page.evaluate(() => document.getElementById('editor-a').shadowRoot.querySelectorAll('.cm-lintRange-error').length);
  assert.ok(marks >= 1, 'the open cell\'s findings are underlined in the editor');
  for (const [i, finding] of gemini.diagnostics.entries()) {
    if (!finding.span) continue;
    await items.nth(i).click();
    assert.equal(await selectedText(page, 'editor-a'), GEMINI_REJECTS.slice(finding.span.start, finding.span.end), `finding ${finding.code}`);
  }

  const lower = page.locator('#compat-findings button.lower');
  assert.equal(await lower.textContent(), 'Copy lowered for Gemini');
  await lower.click();
  await page.waitForFunction(() => !document.getElementById('toast').hidden);
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const after = toolbox.checkCompatibility(copied, { targets: ['gemini'] });
  assert.equal(after.tools[0].targets.gemini.verdict, 'accepted', JSON.stringify(after.tools[0].targets.gemini.diagnostics));
  const lowered = toolbox.lowerTool(GEMINI_REJECTS, 'gemini');
  assert.deepEqual(JSON.parse(copied), lowered.tool);
  const shownChanges = await page.locator('.compat-lowered section').first().locator('li').count();
  assert.equal(shownChanges, lowered.changes.length);
  assert.equal(await page.locator('.compat-lowered section').nth(1).locator('li').count(), lowered.lost.length);
  const unresolved = page.locator('.compat-lowered section').nth(2);
  assert.match(await unresolved.textContent(), /^What lowering cannot fix \(0\)Nothing: Gemini accepts the lowered tool\.$/);
  assert.ok(lowered.lost.some((l) => l.keyword === 'additionalProperties' || l.keyword === 'minLength'), 'a lost constraint is listed');
  await assertClean(page, log);
  await context.close();
});

test('the matrix from the keyboard: one Tab stop, the arrow keys reach every cell, Enter opens it', async (t) => {
  const session = await openCompat(t);
  if (!session) return;
  const { page, context, log } = session;
  await pasteAndRun(page, 'editor-a', EVERYTHING);
  const rows = await page.locator('#compat tr:has(button)').count();
  const columns = await page.locator('#compat thead th').count() - 1;
  await page.focus('#compat-server');
  await page.keyboard.press('Tab');
  const at = () => page.evaluate(() => {
    const el = document.activeElement;
    return el?.dataset?.row === undefined ? null : `${el.dataset.row}:${el.dataset.column}`;
  });
  assert.equal(await at(), '0:0', 'Tab from the server name lands on the first cell');
  const reached = new Set([await at()]);
  // Snake through the matrix: right along a row, down, left along the next.
  for (let r = 0; r < rows; r += 1) {
    for (let c = 1; c < columns; c += 1) {
      await page.keyboard.press(r % 2 === 0 ? 'ArrowRight' : 'ArrowLeft');
      reached.add(await at());
    }
    if (r < rows - 1) {
      await page.keyboard.press('ArrowDown');
      reached.add(await at());
    }
  }
  assert.equal(reached.size, rows * columns, `reached ${reached.size} of ${rows * columns} cells`);
  await page.keyboard.press('Control+Home');
  assert.equal(await at(), '0:0');
  await page.keyboard.press('End');
  assert.equal(await at(), `0:${columns - 1}`);
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-expanded')), 'true');
  assert.equal(await page.locator('#compat-findings').isVisible(), true);
  // One Tab stop: Tab leaves the matrix for the findings panel.
  await page.keyboard.press('Tab');
  assert.equal(await at(), null, 'Tab leaves the matrix');
  assert.ok(await page.evaluate(() => document.getElementById('compat-findings').contains(document.activeElement)));
  await assertClean(page, log);
  await context.close();
});

test('the home paste box shows the matrix for a pasted tool', async (t) => {
  const session = await env.open();
  if (await skipWithout(t, session, 'checkCompatibility', 'classify')) return;
  const { page, context, log } = session;
  await pasteAndRun(page, 'editor-a', GEMINI_REJECTS);
  assert.match(await page.textContent('#badges'), /Tool/);
  assert.equal(await page.locator('#compat').isVisible(), true);
  assert.deepEqual((await readMatrix(page)).tools.map((row) => row.verdicts), expected(GEMINI_REJECTS).tools.map((row) => row.verdicts));
  // Something that is not a tool has no matrix.
  await pasteAndRun(page, 'editor-a', '{"content": [{"type": "text", "text": "hi"}]}');
  assert.equal(await page.locator('#compat').isVisible(), false);
  await assertClean(page, log);
  await context.close();
});

test('the server name counts in Cursor\'s name length, as checkCompatibility says with serverName', async (t) => {
  const session = await openCompat(t);
  if (!session) return;
  const { page, context, log } = session;
  await pasteAndRun(page, 'editor-a', GEMINI_REJECTS);
  const column = (await readMatrix(page)).targets.indexOf('cursor');
  const cursorVerdict = async () => (await readMatrix(page)).tools[0].verdicts[column];
  assert.equal(await cursorVerdict(), toolbox.checkCompatibility(GEMINI_REJECTS, { targets: ['all'] }).tools[0].targets.cursor.verdict);
  const serverName = 'an-mcp-server-with-a-rather-long-name-for-cursor-to-count';
  const want = toolbox.checkCompatibility(GEMINI_REJECTS, { serverName }).tools[0].targets.cursor;
  assert.notEqual(want.verdict, 'accepted', 'the package counts the server name');
  await afterRun(page, () => page.fill('#compat-server', serverName));
  assert.equal(await cursorVerdict(), want.verdict);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'compat-server', 'typing keeps the focus in the field');
  await assertClean(page, log);
  await context.close();
});

test('extra compatibility data joins the checks when valid, a consumer it declares gets a column; bad data shows its positioned errors', async (t) => {
  const session = await openCompat(t);
  if (!session) return;
  const { page, context, log } = session;
  await pasteAndRun(page, 'editor-a', GEMINI_REJECTS);
  const column = (await readMatrix(page)).targets.indexOf('openai');
  const openaiVerdict = async () => (await readMatrix(page)).tools[0].verdicts[column];
  const data = JSON.stringify({ entries: [{
    code: 'gw/lower-case', consumer: 'openai', feature: 'name-has', with: { chars: 'abcdefghijklmnopqrstuvwxyz' }, verdict: 'rejected',
    evidence: [{ url: 'https://example.com/gateway', observed: '2026-11-30', checked: '2026-12-03' }],
  }] });
  const want = toolbox.checkCompatibility(GEMINI_REJECTS, { targets: ['all'], data }).tools[0].targets.openai.verdict;
  assert.equal(want, 'rejected', 'the package applies the data');
  await page.click('#compat details.compat-data summary');
  await afterRun(page, () => page.fill('#compat-data', data));
  assert.equal(await openaiVerdict(), want);
  // Data that declares a consumer of its own: a column of its own, under its label, with the
  // verdict the package gives.
  const declared = JSON.stringify({
    targets: [{ name: 'acme-gateway', label: 'Acme gateway', title: 'Acme (then OpenAI)', kind: 'host', versions: 'numbers', inherits: ['openai'] }],
    entries: [{ ...JSON.parse(data).entries[0], consumer: 'acme-gateway' }],
  });
  await afterRun(page, () => page.fill('#compat-data', declared));
  const withAcme = await readMatrix(page);
  const acme = withAcme.targets.indexOf('acme-gateway');
  assert.ok(acme >= 0, withAcme.targets.join(', '));
  assert.equal(await page.textContent('#compat thead th[data-target="acme-gateway"]'), 'Acme gateway');
  const wantAcme = toolbox.checkCompatibility(GEMINI_REJECTS, { targets: ['all'], data: declared }).tools[0].targets['acme-gateway'].verdict;
  assert.equal(wantAcme, 'rejected');
  assert.equal(withAcme.tools[0].verdicts[acme], wantAcme);
  await afterRun(page, () => page.fill('#compat-data', '{"entries": [\n  {"code": 1}]}'));
  const problems = await page.locator('#compat .compat-data-problems li').allTextContents();
  assert.ok(problems.length > 0 && problems.every((p) => /^\d+:\d+: /.test(p)), problems.join(' | '));
  assert.equal(await openaiVerdict(), toolbox.checkCompatibility(GEMINI_REJECTS, { targets: ['all'] }).tools[0].targets.openai.verdict, 'bad data is not used');
  await assertClean(page, log);
  await context.close();
});

test('text that holds no tool, or no JSON, says why at its position', async (t) => {
  const session = await openCompat(t);
  if (!session) return;
  const { page, context, log } = session;
  for (const text of ['{"content": []}', '{"name": "x", "inputSchema": {']) {
    await pasteAndRun(page, 'editor-a', text);
    const want = toolbox.checkCompatibility(text).diagnostics;
    assert.ok(want.length >= 1);
    assert.match(await page.textContent('#badges'), /no tools/);
    assert.equal(await page.locator('#compat').isVisible(), false);
    assert.match(await page.textContent('#diagnostics'), new RegExp(`line ${want[0].span.line}, column ${want[0].span.column}`));
    assert.ok((await page.textContent('#diagnostics')).includes(want[0].message));
  }
  await assertClean(page, log);
  await context.close();
});

test('a list of 2,000 tools draws its first 500 rows and says so; the badges count them all', async (t) => {
  const session = await openCompat(t);
  if (!session) return;
  const { page, context, log } = session;
  const tools = Array.from({ length: 2000 }, (_, i) => ({ name: `tool-${i}`, inputSchema: { type: 'object' } }));
  await pasteAndRun(page, 'editor-a', JSON.stringify({ tools }));
  assert.equal(await page.locator('#compat tbody tr').count(), 500);
  assert.equal(await page.locator('#compat tfoot tr').count(), 1);
  assert.match(await page.textContent('#compat-hint'), /first 500 tools are shown; the 1500 others/);
  assert.match(await page.textContent('#badges'), /2000 tools/);
  await assertClean(page, log);
  await context.close();
});

test('compatibility screenshots, light and dark', async (t) => {
  await mkdir(RESULTS, { recursive: true });
  for (const scheme of ['light', 'dark']) {
    const session = await openCompat(t, { colorScheme: scheme });
    if (!session) return;
    const { page, context, log } = session;
    await pasteAndRun(page, 'editor-a', EVERYTHING);
    const notAccepted = page.locator('#compat tbody button:not(.verdict-accepted)');
    await ((await notAccepted.count()) ? notAccepted : page.locator('#compat tbody button')).first().click();
    await page.click('#compat-findings button.lower');
    await page.waitForFunction(() => !document.getElementById('toast').hidden);
    await page.screenshot({ path: join(RESULTS, `compat-${scheme}.png`), fullPage: true });
    await assertClean(page, log);
    await context.close();
  }
});
