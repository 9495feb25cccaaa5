// The bundler matrix: the packed package installed once in a temporary project, built for
// production by Vite, webpack, esbuild and Rollup (the devDependency versions of this repository)
// with the recipes the README shows, each build served on 127.0.0.1 and loaded in Chromium.
// tests/bundlers/matrix.test.mjs runs it; the recipes here are the README's, word for word.
import { execFile as execFileCallback, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { startServer } from '../../scripts/serve.mjs';
import { packedTarball } from '../pkg/install.mjs';

const execFile = promisify(execFileCallback);
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const PACKAGE = 'mcp-json-toolbox';
export const WASM = 'mcp_json_toolbox_bg.wasm';
/** The bundlers, and the packages each recipe uses from this repository's devDependencies. */
const TOOLS = ['vite', 'webpack', 'webpack-cli', 'esbuild', 'rollup', '@rollup/plugin-node-resolve'];

/** The app every bundler builds: the README's three lines, then a trap and the call after it. */
export const APP = `import { classify, format, Validator } from '${PACKAGE}';

const report = new Validator('{"properties":{"shard":{"minimum":0}}}').validate('{"shard":-1}');
const out = {
  format: format('{"price":1.50}'),
  validate: \`\${report.valid} \${report.diagnostics[0].code} \${report.diagnostics[0].instancePath}\`,
  classify: classify('{"jsonrpc":"2.0","id":1,"method":"tools/list"}').kind,
};
// A JS exception thrown through wasm frames leaves the instance like a trap does: the wrapper
// throws an InternalError, and the next call runs in a fresh instance made only now.
try {
  format('[1]', { get indent() { throw new RangeError('thrown through wasm'); } });
} catch (error) {
  out.trap = \`\${error.name} \${error.cause?.message}\`;
}
out.after = format('[2]', { minify: true });
document.querySelector('#out').textContent = JSON.stringify(out);
`;

/** What the app shows, in every bundle. */
export const EXPECTED = {
  format: '{\n  "price": 1.50\n}',
  validate: 'false minimum /shard',
  classify: 'ListToolsRequest',
  trap: 'InternalError thrown through wasm',
  after: '[2]',
};

/** The body of the app's page: where it shows its output. */
const OUT = '<pre id="out"></pre>';

/**
 * The app's page: `body`, then the script `src` (as a module if `module`), under the strict CSP of
 * the docs playground (`default-src 'self'; script-src 'self' 'wasm-unsafe-eval'`), plus
 * `img-src data:` for the page's own empty `data:` icon alone (without an icon Chromium asks for
 * /favicon.ico, which no build has).
 */
const page = ({ src, module }, body) =>
  '<!doctype html>\n<meta charset="utf-8">\n' +
  `<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; img-src data:">\n` +
  `<link rel="icon" href="data:,">\n${body}\n<script ${module ? 'type="module"' : 'defer'} src="${src}"></script>\n`;

/**
 * The recipes, as the README shows them: `files` written into the project, `commands` run in it
 * (a shell line each; `npx` resolved from node_modules/.bin as npx does), then the built `dist/`.
 * `script` is how the page loads the app: written into the project as `index.html` when `into` is
 * `'project'` (the bundler builds its page from it), else into `dist/` after the build.
 */
export const RECIPES = {
  vite: {
    script: { src: '/src/main.js', module: true, into: 'project' },
    files: {},
    commands: ['npx vite build'],
  },
  webpack: {
    files: {
      'webpack.config.js': `export default {
  mode: 'production',
  entry: './src/main.js',
  // The .wasm (3.7 MiB raw, about 0.8 MB brotli) is fetched in parallel with the page, not part of
  // the entry chunk: keep webpack's 244 KiB advice for the JavaScript only.
  performance: { assetFilter: (file) => !file.endsWith('.wasm') },
};
`,
    },
    script: { src: 'main.js', module: false, into: 'dist' },
    commands: ['npx webpack'],
  },
  esbuild: {
    script: { src: 'main.js', module: true, into: 'dist' },
    files: {},
    commands: [
      'npx esbuild src/main.js --bundle --format=esm --minify --outdir=dist',
      `cp node_modules/${PACKAGE}/${WASM} dist/`,
    ],
    html: page('main.js'),
  },
  rollup: {
    files: {
      'rollup.config.js': `import { nodeResolve } from '@rollup/plugin-node-resolve';

export default {
  input: 'src/main.js',
  output: { dir: 'dist', format: 'es' },
  plugins: [nodeResolve()],
};
`,
    },
    script: { src: 'main.js', module: true, into: 'dist' },
    commands: ['npx rollup -c', `cp node_modules/${PACKAGE}/${WASM} dist/`],
  },
};

/** Runs `cmd args` synchronously in `cwd`; on failure the error carries its output. */
function run(cmd, args, cwd) {
  try {
    return execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    throw new Error(`${cmd} ${args.join(' ')} failed:\n${e.stdout}\n${e.stderr}`);
  }
}

/**
 * A temporary folder with the package packed from `pkg/` (`npm pack`, tests/pkg/install.mjs's
 * `packedTarball`) and installed (offline) into `base/`, and this repository's bundlers linked into
 * its node_modules as the devDependencies a user would have. Returns `{ work, base }`.
 */
export function installPackage() {
  const work = mkdtempSync(join(tmpdir(), 'mcp-json-toolbox-bundlers-'));
  const base = join(work, 'base');
  mkdirSync(base);
  writeFileSync(join(base, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  run('npm', ['install', '--offline', '--no-audit', '--no-fund', packedTarball().tarball], base);
  const modules = join(base, 'node_modules');
  mkdirSync(join(modules, '.bin'), { recursive: true }); // npm made it if the package has a `bin`
  for (const tool of TOOLS) {
    mkdirSync(dirname(join(modules, tool)), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules', tool), join(modules, tool));
    const { bin = {} } = JSON.parse(readFileSync(join(ROOT, 'node_modules', tool, 'package.json'), 'utf8'));
    const bins = typeof bin === 'string' ? { [tool]: bin } : bin;
    for (const [name, path] of Object.entries(bins)) symlinkSync(join('..', tool, path), join(modules, '.bin', name));
  }
  return { work, base };
}

/**
 * `command` with its `npx ` dropped: run with `toolEnv`, the tool is found in node_modules/.bin
 * as npx finds it, without npm's start-up (about 0.6 s of CPU per command).
 */
export const withoutNpx = (command) => command.replace(/^npx /, '');

/** The environment of a recipe's commands in project `dir`: its node_modules/.bin first, no colours. */
export function toolEnv(dir) {
  return { ...process.env, PATH: `${join(dir, 'node_modules', '.bin')}:${process.env.PATH}`, NO_COLOR: '1', FORCE_COLOR: '0' };
}

/**
 * Builds an app with `bundler`'s recipe in a project of its own under `work` (sharing the
 * installed node_modules of `base`): `app` its src/main.js and `body` its page's body (by default
 * `APP` and its output), `skip` naming recipe commands to leave out. Resolves to
 * `{ bundler, dir, dist, output, ms }`.
 */
export async function buildApp(work, base, bundler, { skip = [], name = bundler, app = APP, body = OUT } = {}) {
  const recipe = RECIPES[bundler];
  const dir = join(work, name);
  mkdirSync(join(dir, 'src'), { recursive: true });
  symlinkSync(join(base, 'node_modules'), join(dir, 'node_modules'));
  writeFileSync(join(dir, 'package.json'), readFileSync(join(base, 'package.json')));
  writeFileSync(join(dir, 'src', 'main.js'), app);
  for (const [file, text] of Object.entries(recipe.files)) writeFileSync(join(dir, file), text);
  if (recipe.script.into === 'project') writeFileSync(join(dir, 'index.html'), page(recipe.script, body));
  const started = performance.now();
  let output = '';
  for (const command of recipe.commands.filter((c) => !skip.includes(c))) {
    try {
      const { stdout, stderr } = await execFile('sh', ['-c', withoutNpx(command)], { cwd: dir, env: toolEnv(dir) });
      output += stdout + stderr;
    } catch (e) {
      throw new Error(`${name}: \`${command}\` failed:\n${e.stdout}\n${e.stderr}`);
    }
  }
  const dist = join(dir, 'dist');
  if (recipe.script.into === 'dist') writeFileSync(join(dist, 'index.html'), page(recipe.script, body));
  return { bundler, dir, dist, output, ms: performance.now() - started };
}

/** Every file under `dir`, relative to it, with `/` separators. */
export function filesUnder(dir) {
  return readdirSync(dir, { recursive: true })
    .map((file) => relative(dir, join(dir, file)).split('\\').join('/'))
    .filter((file) => statSync(join(dir, file)).isFile())
    .sort();
}

/** Raw, gzip -9 and brotli 11 sizes of `bytes`. */
function sizes(bytes) {
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/**
 * What each build of `builds` ships (every file of its dist/, which the page fetches whole), as a
 * Markdown table: the JavaScript raw, gzip -9 and brotli 11, the .wasm and the total.
 */
export function bytesTable(builds) {
  const n = (bytes) => `${bytes.toLocaleString('en')} B`;
  const rows = builds.map(({ bundler, dist }) => {
    const files = filesUnder(dist).map((file) => [file, readFileSync(join(dist, file))]);
    const js = sizes(Buffer.concat(files.filter(([file]) => file.endsWith('.js')).map(([, bytes]) => bytes)));
    const wasm = files.filter(([file]) => file.endsWith('.wasm')).reduce((sum, [, bytes]) => sum + bytes.length, 0);
    const total = files.reduce((sum, [, bytes]) => sum + bytes.length, 0);
    return `| ${bundler} | ${files.length} | ${n(js.raw)} | ${n(js.gzip)} | ${n(js.brotli)} | ${n(wasm)} | ${n(total)} |`;
  });
  const head = ['| build | files | JS raw | JS gzip -9 | JS brotli 11 | .wasm raw | all files raw |', '|---|---:|---:|---:|---:|---:|---:|'];
  return [...head, ...rows].join('\n');
}

/**
 * Serves `dist` on 127.0.0.1 and loads its page in a new page of `browser` (`route`: an optional
 * playwright route handler for every request). Resolves when `#out` is filled or the page failed,
 * to `{ out, errors, failed, requests, url }`: the app's output (parsed), console errors and page
 * errors, failed requests (network errors and HTTP statuses >= 400), the paths requested (`/` as
 * `/index.html`), and the server's URL.
 */
export async function loadPage(browser, dist, { route } = {}) {
  const server = await startServer(dist, 0);
  const page = await browser.newPage();
  const errors = [];
  const failed = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page: ${error.message}`));
  page.on('requestfailed', (request) => failed.push(`${request.url()} ${request.failure()?.errorText}`));
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.url()} HTTP ${response.status()}`);
  });
  if (route) await page.route('**/*', route);
  try {
    // Done when the app shows its output, or at the first uncaught error (a failed load).
    const failedLoad = new Promise((resolve) => page.once('pageerror', resolve));
    await page.goto(server.url);
    await Promise.race([page.waitForFunction(() => document.querySelector('#out')?.textContent, null, { timeout: 20000 }), failedLoad]);
    const text = await page.textContent('#out');
    const requests = server.requests.map((r) => {
      const path = decodeURIComponent(new URL(r, server.url).pathname);
      return path === '/' ? '/index.html' : path;
    });
    return { out: text ? JSON.parse(text) : undefined, errors, failed, requests, url: server.url };
  } finally {
    await page.close();
    await server.close();
  }
}
