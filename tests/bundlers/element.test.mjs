// `<mcp-json>` through the bundlers that follow `new Worker(new URL('…', import.meta.url))` (Vite,
// webpack): the packed package installed, an app of one line (`import 'mcp-json-toolbox/element'`)
// built for production by the matrix's recipes, served on 127.0.0.1 and loaded in Chromium under
// the strict CSP. A format example above the fold is checked by the format core alone; the full
// build's .wasm is fetched only when a validate example scrolls near; both verdicts are right, the
// editor loads on the first edit, nothing fails and nothing violates the CSP.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { startServer } from '../../scripts/serve.mjs';
import { launch } from '../browser/chromium.mjs';
import { shown } from '../browser/mcp-json-state.mjs';
import { PACKAGE, ROOT, WASM, buildApp, installPackage } from './matrix.mjs';

const CORE_WASM = 'mcp_json_toolbox_format_bg.wasm';
/** The bundlers whose builds find the element's worker and its .wasm files by themselves. */
const BUNDLERS = ['vite', 'webpack'];
const APP = `import '${PACKAGE}/element';\n`;
/**
 * A format example at the top; a validate example far below (after 200 empty lines: the CSP allows
 * no inline style), so it is checked only after a scroll.
 */
const BODY = `<mcp-json id="format" mode="format"><pre><code>{"price":1.50,"big":12345678901234567890}</code></pre></mcp-json>
<pre>${'\n'.repeat(200)}</pre>
<mcp-json id="validate" mode="validate" expect="invalid"><script type="application/json" slot="schema">{"type":"object","properties":{"shard":{"type":"integer","minimum":0}}}</script><pre><code>{"shard": -1}</code></pre></mcp-json>`;

let install;
let browser;
const builds = {};

before(async () => {
  assert.ok(existsSync(join(ROOT, 'pkg', 'package.json')), 'pkg/package.json is missing: run make pkg first');
  install = installPackage();
  const [launched, ...built] = await Promise.all([
    launch(),
    ...BUNDLERS.map((bundler) => buildApp(install.work, install.base, bundler, { name: `${bundler}-element`, app: APP, body: BODY })),
  ]);
  browser = launched;
  for (const build of built) builds[build.bundler] = build;
});

after(async () => {
  await browser?.close();
  if (install) rmSync(install.work, { recursive: true, force: true });
});

/** Resolves when element `id` has a verdict. */
function verdictOf(page, id) {
  return page.waitForFunction((elementId) => {
    const element = document.getElementById(elementId);
    return element?.dataset.verdict && !element.hasAttribute('aria-busy');
  }, id, { timeout: 20000 });
}

for (const bundler of BUNDLERS) {
  test(`${bundler}: <mcp-json> bundled: format from the core alone, the full build on the first validate example, no error`, async () => {
    const { dist } = builds[bundler];
    const server = await startServer(dist, 0);
    const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(`page: ${error.message}`));
    page.on('console', (message) => message.type() === 'error' && errors.push(`console: ${message.text()}`));
    page.on('response', (response) => response.status() >= 400 && errors.push(`${response.url()} HTTP ${response.status()}`));
    await context.addInitScript(() => {
      window.__csp = [];
      document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const wasmAsked = () => server.requests.filter((path) => path.endsWith('.wasm'));
    /** The package's .wasm file that `path` (as the bundler named it) holds. */
    const which = (path) => {
      const bytes = readFileSync(join(dist, decodeURIComponent(new URL(path, server.url).pathname)));
      return [WASM, CORE_WASM].find((file) => bytes.equals(readFileSync(join(ROOT, 'pkg', file)))) ?? path;
    };
    try {
      await page.goto(server.url);
      await verdictOf(page, 'format');
      const format = await shown(page, 'format');
      assert.deepEqual([format.verdict, format.badges, format.diagnostics], ['valid', ['valid JSON'], []]);
      assert.deepEqual(wasmAsked().map(which), [CORE_WASM], 'the format example needs the format core only');

      await page.locator('#validate').scrollIntoViewIfNeeded();
      await verdictOf(page, 'validate');
      const validate = await shown(page, 'validate');
      assert.equal(validate.verdict, 'invalid');
      assert.equal(validate.outdated, false, 'expect="invalid" holds');
      assert.ok(validate.badges.includes('1 error'), validate.badges.join(', '));
      assert.match(validate.diagnostics[0], /^1:11"shard" must be >= 0, got -1/);
      assert.deepEqual(wasmAsked().map(which), [CORE_WASM, WASM], 'then the full build, once');

      await page.locator('#format').evaluate((e) => e.shadowRoot.querySelector('button[aria-label^="Edit"]').click());
      await page.waitForFunction(() => document.getElementById('format').shadowRoot.querySelector('.editor').shadowRoot?.querySelector('.cm-content'));
      assert.deepEqual(await page.evaluate(() => window.__csp), [], 'no CSP violation');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await server.close();
    }
  });
}

test('the element builds without a warning, but webpack\'s size advice for the editor chunk (loaded on the first edit)', () => {
  assert.doesNotMatch(builds.vite.output, /warn|error|\(!\)/i, builds.vite.output);
  const warnings = builds.webpack.output.split('\n').filter((line) => /^\s*WARNING/.test(line)).map((line) => line.trim());
  assert.deepEqual(warnings, ['WARNING in asset size limit: The following asset(s) exceed the recommended size limit (244 KiB).'], builds.webpack.output);
  assert.match(builds.webpack.output, /exceed the recommended size limit[\s\S]*Largest modules: [^\n]*json-editor\.js/, 'the editor chunk');
  assert.doesNotMatch(builds.webpack.output, /ERROR/, builds.webpack.output);
});
