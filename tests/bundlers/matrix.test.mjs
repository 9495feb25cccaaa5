// The bundler matrix (tests/bundlers/matrix.mjs): from the packed package, installed once,
// production builds with Vite, webpack, esbuild and Rollup by the README's recipes, built in
// parallel, served on 127.0.0.1 and loaded in Chromium: the right output, no console error, no
// failed request, every file of the build fetched once and nothing else: one .wasm and no second copy
// of the glue (not even after the trap the app provokes). Prints the bytes each build ships. A
// missing or wrong .wasm gives the clear error.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { launch } from '../browser/chromium.mjs';
import { EXPECTED, PACKAGE, RECIPES, ROOT, WASM, buildApp, bytesTable, filesUnder, installPackage, loadPage, toolEnv, withoutNpx } from './matrix.mjs';

const BUNDLERS = Object.keys(RECIPES);
let install;
let browser;
/** Each bundler's build, by name: `{ bundler, dist, output, ms }`. */
const builds = {};
/** Each bundler's page load (see `loadPage`). */
const loads = {};

before(async () => {
  assert.ok(existsSync(join(ROOT, 'pkg', 'package.json')), 'pkg/package.json is missing: run make pkg first');
  const started = performance.now();
  install = installPackage();
  const installed = performance.now();
  const [launched, ...built] = await Promise.all([
    launch(),
    ...BUNDLERS.map((bundler) => buildApp(install.work, install.base, bundler)),
  ]);
  browser = launched;
  for (const build of built) builds[build.bundler] = build;
  const loaded = await Promise.all(BUNDLERS.map((bundler) => loadPage(browser, builds[bundler].dist)));
  BUNDLERS.forEach((bundler, i) => {
    loads[bundler] = loaded[i];
  });
  const times = BUNDLERS.map((b) => `${b} ${(builds[b].ms / 1000).toFixed(1)} s`).join(', ');
  console.log(`pack + install ${((installed - started) / 1000).toFixed(1)} s; builds in parallel (${times}); ` +
    `all loaded after ${((performance.now() - started) / 1000).toFixed(1)} s`);
  console.log(`What each build ships (bench/bundlers.bench.mjs prints the same):\n${bytesTable(BUNDLERS.map((b) => builds[b]))}`);
});

after(async () => {
  await browser?.close();
  if (install) rmSync(install.work, { recursive: true, force: true });
});

for (const bundler of BUNDLERS) {
  test(`${bundler}: the production build runs in Chromium, right output, no error, no failed request`, () => {
    const load = loads[bundler];
    assert.deepEqual(load.errors, []);
    assert.deepEqual(load.failed, []);
    assert.deepEqual(load.out, EXPECTED);
  });

  test(`${bundler}: the page fetches each file of the build once, one .wasm, no second glue even after the trap`, () => {
    const { requests } = loads[bundler];
    const { dist } = builds[bundler];
    assert.deepEqual([...requests].sort(), filesUnder(dist).map((file) => `/${file}`), 'every file of dist/, once, and nothing else');
    const wasm = requests.filter((path) => path.endsWith('.wasm'));
    assert.equal(wasm.length, 1, requests.join(' '));
    assert.ok(readFileSync(join(dist, wasm[0])).equals(readFileSync(join(ROOT, 'pkg', WASM))), 'the package\'s .wasm, unchanged');
    assert.deepEqual(requests.filter((path) => /mcp_json_toolbox[^/]*\.js/.test(path)), [], 'no copy of the glue of its own');
  });

  test(`${bundler}: the recipe builds without a warning`, () => {
    // webpack's size advice included: the recipe keeps it for the JavaScript. Rollup marks its warnings "(!)".
    assert.doesNotMatch(builds[bundler].output, /warn|error|\(!\)/i, builds[bundler].output);
  });
}

test('a missing .wasm (esbuild without the copy) is an Error naming the URL, the status and the fix', async () => {
  const build = await buildApp(install.work, install.base, 'esbuild', { skip: [RECIPES.esbuild.commands[1]], name: 'esbuild-no-copy' });
  const load = await loadPage(browser, build.dist);
  const url = `${load.url}${WASM}`;
  assert.equal(load.out, undefined);
  const [error, ...more] = load.errors.filter((e) => e.startsWith('page: '));
  assert.deepEqual(more, []);
  assert.equal(
    error,
    `page: ${PACKAGE} could not load its WebAssembly module ${WASM} from ${url}: the server answered HTTP 404 Not Found. ` +
      `Serve the package's ${WASM} at that URL: a bundler that does not emit it (esbuild, Rollup) needs it copied next to ` +
      `the bundle, e.g. cp node_modules/${PACKAGE}/${WASM} dist/ (the package README, "Bundlers", has a recipe per bundler).`,
  );
  assert.deepEqual(load.failed, [`${url} HTTP 404`]);
});

test('an HTML page served where the .wasm belongs (a fallback route) names its content type', async () => {
  const html = '<!doctype html><title>app</title>';
  const load = await loadPage(browser, builds.rollup.dist, {
    route: (route) =>
      route.request().url().endsWith('.wasm')
        ? route.fulfill({ status: 200, contentType: 'text/html', body: html })
        : route.continue(),
  });
  assert.equal(load.out, undefined);
  assert.equal(load.errors.length, 1, load.errors.join('\n'));
  assert.match(load.errors[0], /from http:\/\/127\.0\.0\.1:\d+\/mcp_json_toolbox_bg\.wasm: HTTP 200 OK with content type text\/html is not WebAssembly \(it starts with "<!doctype html><title>app<\/title"\)\./);
});

test('esbuild\'s default format (iife) fails the build on the top-level await, quoting the hint', () => {
  const { dir } = builds.esbuild;
  const command = withoutNpx('npx esbuild src/main.js --bundle --outdir=dist-iife');
  const result = (() => {
    try {
      execFileSync('sh', ['-c', command], { cwd: dir, env: toolEnv(dir), encoding: 'utf8', stdio: 'pipe' });
      return 'built';
    } catch (e) {
      return e.stderr;
    }
  })();
  assert.match(result, /Top-level await is currently not supported with the "iife" output format/);
  assert.match(result, /const host = await loadHost\( \/\/ esbuild: --format=esm/);
});

test('the API reference (docs/api.md) shows each recipe exactly as tested', () => {
  const readme = readFileSync(join(ROOT, 'docs', 'api.md'), 'utf8');
  for (const [bundler, recipe] of Object.entries(RECIPES)) {
    for (const [file, text] of Object.entries(recipe.files)) {
      if (file.endsWith('.html')) continue;
      assert.ok(readme.includes(text), `README: ${bundler}'s ${file} as tested:\n${text}`);
    }
    for (const command of recipe.commands) assert.ok(readme.includes(command), `README: ${bundler}: ${command}`);
  }
});

test('Vite, an app on `mcp-json-toolbox/validator`: the server build alone, its .wasm emitted and fetched once', async () => {
  const app = `import { Validator, format } from '${PACKAGE}/validator';
const report = new Validator('{"properties":{"shard":{"minimum":0}}}').validate('{"shard":-1}');
document.querySelector('#out').textContent = JSON.stringify({ validate: \`\${report.valid} \${report.diagnostics[0].code} \${report.diagnostics[0].span.column}\`, format: format('[1]', { minify: true }) });
`;
  const build = await buildApp(install.work, install.base, 'vite', { name: 'vite-validator', app });
  assert.doesNotMatch(build.output, /warn|error/i, build.output);
  const load = await loadPage(browser, build.dist);
  assert.deepEqual(load.errors, []);
  assert.deepEqual(load.out, { validate: 'false minimum 10', format: '[1]' });
  const wasm = load.requests.filter((path) => path.endsWith('.wasm'));
  assert.equal(wasm.length, 1, load.requests.join(' '));
  assert.ok(readFileSync(join(build.dist, wasm[0])).equals(readFileSync(join(ROOT, 'pkg', 'mcp_json_toolbox_validator_bg.wasm'))), 'the server build\'s .wasm, unchanged');
});
