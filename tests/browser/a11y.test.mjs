// Accessibility under axe-core (Deque's rules engine, the npm dev dependency `axe-core`): WCAG 2.x
// A/AA and best practices, no rule turned off and no node excluded, over every tab of the page with
// content in each, in both colour themes (the page's own theme switch), over the docs page with
// every example checked, and over `<mcp-json>` on a foreign page (tests/browser/fixtures/docs-host,
// the element loaded from the built package, as docs-element.test.mjs does). A violation fails
// with its rule, impact, target and summary. axe-core is injected through the DevTools protocol
// (`page.evaluate`), which the pages' CSP does not govern; the pages themselves stay under it.
// Needs `make pkg www` first (see harness.mjs).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../scripts/serve.mjs';
import { ROOT, afterRun, pasteAndRun, selectTab, skipWithout, startBrowser } from './harness.mjs';
import { recording } from './recording.mjs';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** The rules run: WCAG 2.0, 2.1 and 2.2 A and AA, and Deque's best practices (100 rules in axe-core 4.14). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const THEMES = ['light', 'dark'];

/**
 * What axe-core finds on `page` now: each violation's rule, impact, summary and its nodes. With
 * `colours`, only the rules of those tags in axe-core's colour category (`cat.color`: color-contrast,
 * link-in-text-block): a second theme changes the colours and nothing else (the page's CSS custom
 * properties, the element's `dark` class), so the other rules would say again what they said.
 */
async function violations(page, { colours = false } = {}) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  return page.evaluate(({ tags, colours: only }) => {
    // axe-core's default set of those tags (its experimental rules are off by default, and stay off).
    const runOnly = only
      ? { type: 'rule', values: window.axe.getRules(tags).filter((rule) => rule.tags.includes('cat.color') && !rule.tags.includes('experimental')).map((rule) => rule.ruleId) }
      : { type: 'tag', values: tags };
    // Only the violations' details are gathered; every rule chosen still runs on every node.
    return window.axe.run(document, { runOnly, resultTypes: ['violations'] }).then(({ violations: found }) => found.map((v) => ({
      id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.map((node) => ({ target: node.target.flat().join(' >>> '), summary: node.failureSummary })),
    })));
  }, { tags: TAGS, colours });
}

/** The violations as lines: `where: rule (impact) help`, then each target and its summary. */
function report(found) {
  return found.flatMap(({ where, id, impact, help, nodes }) => [
    `${where}: ${id} (${impact}) ${help}`,
    ...nodes.map(({ target, summary }) => `    ${target}\n      ${summary.replace(/\n/g, '\n      ')}`),
  ]).join('\n');
}

/**
 * Runs axe-core on `page` in each theme (`setTheme(page, theme)`): every rule in the first, the
 * colour rules in the second; adds what it finds to `found` under `where`.
 */
async function checkThemes(page, where, setTheme, found) {
  for (const [i, theme] of THEMES.entries()) {
    await setTheme(page, theme);
    for (const violation of await violations(page, { colours: i > 0 })) found.push({ where: `${where}, ${theme}`, ...violation });
  }
}

/** The toolbox page's theme button cycles system → light → dark: pressed until it says `theme`. */
async function pageTheme(page, theme) {
  for (let i = 0; i < 3 && (await page.textContent('#theme')) !== `Theme: ${theme}`; i += 1) await page.click('#theme');
  assert.equal(await page.getAttribute('html', 'data-theme'), theme);
}

/** The docs page's button switches between light and dark (data-theme on <html>). */
async function docsTheme(page, theme) {
  if ((await page.getAttribute('html', 'data-theme')) !== theme) await page.click('#theme');
  assert.equal(await page.getAttribute('html', 'data-theme'), theme);
}

/** The foreign page's button toggles class="dark" on <html>; the elements follow it. */
async function hostTheme(page, theme) {
  const dark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
  if ((await dark()) !== (theme === 'dark')) await page.click('#toggle');
  assert.equal(await dark(), theme === 'dark');
  await page.waitForFunction((want) => [...document.querySelectorAll('mcp-json')]
    .every((e) => e.shadowRoot.querySelector('.frame').classList.contains('dark') === want), theme === 'dark');
}

/** Scrolls every `<mcp-json>` into view in turn and waits until each has shown its verdict. */
async function checkAllExamples(page) {
  const count = await page.locator('mcp-json').count();
  assert.ok(count > 0, 'the page has examples');
  for (let i = 0; i < count; i += 1) await page.locator('mcp-json').nth(i).scrollIntoViewIfNeeded();
  await page.waitForFunction(() => [...document.querySelectorAll('mcp-json')].every((e) => e.dataset.verdict && !e.hasAttribute('aria-busy')), null, { timeout: 60_000 });
}

/** Opens the first editable example's editor (CodeMirror, loaded on the first edit), so that it is checked too. */
async function editFirst(page) {
  const example = page.locator('mcp-json:not([readonly])').first();
  await example.evaluate((e) => e.shadowRoot.querySelector('button[aria-label^="Edit"]').click());
  await page.waitForFunction((e) => e.shadowRoot.querySelector('.editor').shadowRoot?.querySelector('.cm-content'), await example.elementHandle());
}

/** An example's first text (`a`), as the page loads it. */
function exampleText(name) {
  const { a } = JSON.parse(readFileSync(join(ROOT, 'www', 'examples', `${name}.json`), 'utf8'));
  return typeof a === 'string' ? a : JSON.stringify(a, null, 2);
}

/**
 * Each tab of the page with content in it: how to get there from the page as it is, and what must
 * be on screen then (so that axe-core checks a tab that shows something).
 */
const TABS = [
  ['Paste, a tool with its compatibility matrix', async (page) => {
    await selectTab(page, 'home');
    await pasteAndRun(page, 'editor-a', exampleText('batch-index-tool'));
  }, '#compat table'],
  ['Format, a syntax error', (page) => afterRun(page, () => page.click('[data-example="broken-trailing-comma"]')), '#diagnostics li'],
  ['Validate, diagnostics', (page) => afterRun(page, () => page.click('[data-example="batch-index-bad-arguments"]')), '#diagnostics li'],
  ['Classify, a warning', (page) => afterRun(page, () => page.click('[data-example="broken-create-task-missing-ttl"]')), '#diagnostics li'],
  ['Session, a recorded session with findings', (page) => afterRun(page, () => page.click('[data-example="session-everything-research-elicitation-2025-11-25"]')), '#sequence .seq-row .seq-finding'],
  ['Session, a long recording scrolled to its middle', async (page) => {
    await pasteAndRun(page, 'editor-a', recording(200));
    await page.$eval('#sequence .seq-viewport', (viewport) => { viewport.scrollTop = viewport.scrollHeight / 2; });
    await page.waitForSelector('#sequence .seq-row[aria-posinset="100"]');
  }, '#sequence .seq-row[aria-posinset="100"]'],
  ['Session, a transcript without messages', (page) => pasteAndRun(page, 'editor-a', '[]'), '#sequence .seq-empty'],
  ['Elicit, a form', (page) => afterRun(page, () => page.click('[data-example="elicitation-form-2025-11-25"]')), '#elicit-form input'],
  ['Compatibility, a tool list with a cell open', async (page) => {
    await selectTab(page, 'compat');
    await pasteAndRun(page, 'editor-a', exampleText('compat-gemini-rejects'));
    await page.click('#compat td button.verdict-rejected');
  }, '#compat .compat-findings li'],
];

let env;
before(async () => {
  env = await startBrowser();
});
after(() => env?.close());

test('every tab of the page, with content, in both themes: no axe-core violation', async (t) => {
  const session = await env.open();
  if (await skipWithout(t, session, 'replaySession', 'checkElicitation', 'checkCompatibility')) return;
  const { page, context, log } = session;
  const found = [];
  for (const [where, show, shows] of TABS) {
    await show(page);
    assert.ok(await page.isVisible(shows), `${where}: ${shows} is on screen`);
    await checkThemes(page, where, pageTheme, found);
  }
  assert.equal(found.length, 0, `axe-core violations:\n${report(found)}`);
  assert.deepEqual(await page.evaluate(() => window.__csp), [], 'no CSP violation');
  assert.deepEqual(log.errors, [], 'no console error');
  await context.close();
});

test('the docs page with every example checked, in both themes: no axe-core violation', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${env.server.url}docs/`);
  await checkAllExamples(page);
  await editFirst(page);
  const found = [];
  await checkThemes(page, 'docs page', docsTheme, found);
  assert.equal(found.length, 0, `axe-core violations:\n${report(found)}`);
  await context.close();
});

test('<mcp-json> on a foreign page, in both of its themes: no axe-core violation', async () => {
  const site = mkdtempSync(join(tmpdir(), 'mcp-json-a11y-'));
  cpSync(join(ROOT, 'tests', 'browser', 'fixtures', 'docs-host'), site, { recursive: true });
  cpSync(join(ROOT, 'pkg'), join(site, 'vendor', 'mcp-json-toolbox'), { recursive: true });
  const server = await startServer(site);
  const context = await env.browser.newContext({ viewport: { width: 1000, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(`${server.url}index.html`);
    await page.waitForFunction(() => customElements.get('mcp-json') !== undefined);
    await checkAllExamples(page);
    await editFirst(page);
    const found = [];
    await checkThemes(page, 'foreign page', hostTheme, found);
    assert.equal(found.length, 0, `axe-core violations:\n${report(found)}`);
  } finally {
    await context.close();
    await server.close();
    rmSync(site, { recursive: true, force: true });
  }
});
