// Builds the page into www/dist/: bundles the page and worker JS with CodeMirror (esbuild, minified,
// no CDN), copies the wasm-bindgen output of three builds from pkg/ (the format core, the server
// build the Validate tab runs on until the full build has loaded, and the full build), the HTML, CSS and examples, writes the service worker with this build's file list, and
// precompresses every text and wasm file as .br and .gz next to it (what static hosts serve; so
// does scripts/serve.mjs). Usage: node www/build.mjs [--brotli-quality N]   (needs `make pkg` first)
// `--brotli-quality` (default 11, what visitors get) is for the page `make serve` serves and the
// browser tests of `make test` test (5): they need the page to work served compressed, not to be
// as small as it can be (bench/ measures sizes, each bench compressing for itself), and quality 11
// cost 21 of the page build's 24 CPU s, 5 under 1.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { parseArgs, promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import markdownIt from 'markdown-it';
import mcpJson from '../runtime/docs/markdown-it.js';
import { apiFunctions } from '../runtime/load/glue.js';
import { cachedFolder, contentKey, pruneShelf } from '../scripts/content-cache.mjs';

const www = dirname(fileURLToPath(import.meta.url));
const pkg = join(www, '..', 'pkg');
const dist = join(www, 'dist');
/** The wasm-bindgen web glue of the full build (the page's worker imports it when the build loads). */
const FULL_GLUE = 'mcp_json_toolbox.js';
/** The format core's glue: bundled into the page's worker, imported by `<mcp-json>`'s. */
const CORE_GLUE = 'mcp_json_toolbox_format.js';
/** The server build's glue (the page's worker imports it with its .wasm, when the Validate tab first runs). */
const SERVER_GLUE = 'mcp_json_toolbox_validator.js';
/**
 * What dist/pkg/ serves from pkg/: the .wasm of the format core (loaded first), of the server build
 * (for a validation before the full build has loaded) and of the full build (loaded later), and
 * the glue of each.
 */
const GLUE = [
  'mcp_json_toolbox_format_bg.wasm', 'mcp_json_toolbox_validator_bg.wasm', 'mcp_json_toolbox_bg.wasm',
  FULL_GLUE, SERVER_GLUE, CORE_GLUE,
];
/** Files served compressed (.br and .gz written next to them). */
const COMPRESSIBLE = /\.(html|js|css|json|wasm|svg|txt)$/;
const { values: args } = parseArgs({ options: { 'brotli-quality': { type: 'string', default: '11' } } });
/** The brotli quality of the .br files (0 to 11). */
const BROTLI_QUALITY = Number(args['brotli-quality']);
if (!Number.isInteger(BROTLI_QUALITY) || BROTLI_QUALITY < 0 || BROTLI_QUALITY > 11) {
  console.error(`www/build.mjs: --brotli-quality must be an integer from 0 to 11, not ${args['brotli-quality']}`);
  process.exit(2);
}

for (const file of GLUE) {
  if (!existsSync(join(pkg, file))) {
    console.error(`www/build.mjs: ${relative(process.cwd(), join(pkg, file))} is missing. Build the wasm package first: make pkg`);
    process.exit(1);
  }
}

await rm(dist, { recursive: true, force: true });
await mkdir(join(dist, 'pkg'), { recursive: true });

/** The functions of pkg/'s glue `file` (`apiFunctions`), as a JavaScript array literal. */
async function functionsOf(file) {
  return JSON.stringify(apiFunctions(await import(pathToFileURL(join(pkg, file)).href)));
}

/** esbuild options both page bundles share. */
const bundled = { outdir: dist, bundle: true, format: 'esm', minify: true, sourcemap: false, target: 'es2022', legalComments: 'linked', logLevel: 'warning' };
// The page: main.js and worker-start.js, their shared code (the worker client) in a chunk, so that
// index.html starts the worker from worker-start.js (small) while main.js and its CodeMirror chunk
// download; what main.js imports later (the editors' aids, view-parts.js) in chunks of their own.
const page = await build({ ...bundled, entryPoints: [join(www, 'main.js'), join(www, 'worker-start.js')], splitting: true, metafile: true });
// The worker, one file (a chunk shared with the page would be one more request before the format core).
await build({
  ...bundled,
  entryPoints: [join(www, 'worker.js')],
  // The worker's progress totals for the full and server builds (the download is measured after
  // decoding), and their function lists (so that their glues are not fetched before the first format).
  define: {
    __FULL_WASM_BYTES__: String((await stat(join(pkg, 'mcp_json_toolbox_bg.wasm'))).size),
    __SERVER_WASM_BYTES__: String((await stat(join(pkg, 'mcp_json_toolbox_validator_bg.wasm'))).size),
    __FULL_FUNCTIONS__: await functionsOf(FULL_GLUE),
    __SERVER_FUNCTIONS__: await functionsOf(SERVER_GLUE),
  },
});
for (const file of GLUE) await copyFile(join(pkg, file), join(dist, 'pkg', file));
for (const file of ['style.css', 'favicon.svg']) await copyFile(join(www, file), join(dist, file));

/**
 * The chunks the page build's `entry` (main.js, worker-start.js) imports statically, transitively:
 * what the browser would discover only once the file importing it has downloaded.
 */
function staticChunks(entry) {
  const outputs = page.metafile.outputs;
  const [start] = Object.entries(outputs).find(([, output]) => output.entryPoint?.endsWith(entry));
  const found = new Set();
  const visit = (file) => {
    for (const i of outputs[file].imports) {
      if (i.kind !== 'import-statement' || found.has(i.path)) continue;
      found.add(i.path);
      visit(i.path);
    }
  };
  visit(start);
  return [...found].map((file) => relative(dist, file).split('\\').join('/'));
}

/**
 * index.html with a `modulepreload` hint for each chunk worker-start.js and main.js import (in
 * place of the `<!-- __MODULE_PRELOADS__ -->` mark), so they are fetched with them, not a round
 * trip after them.
 */
async function indexHtml() {
  const html = await readFile(join(www, 'index.html'), 'utf8');
  const mark = '<!-- __MODULE_PRELOADS__ -->';
  if (!html.includes(mark)) throw new Error(`www/index.html lost its ${mark} mark`);
  const chunks = new Set([...staticChunks('worker-start.js'), ...staticChunks('main.js')]);
  return html.replace(mark, [...chunks].map((chunk) => `<link rel="modulepreload" href="${chunk}">`).join('\n  '));
}
await writeFile(join(dist, 'index.html'), await indexHtml());

/** Every example as `{id, title, tab, a, b?, ...}` with `a`/`b` as text (JSON values are pretty-printed). */
async function examples() {
  const dir = join(www, 'examples');
  const names = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  return Promise.all(names.map(async (name) => {
    const example = JSON.parse(await readFile(join(dir, name), 'utf8'));
    const text = (value) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));
    const out = { id: basename(name, '.json'), ...example, a: text(example.a) };
    if (example.b !== undefined) out.b = text(example.b);
    return out;
  }));
}
const list = await examples();
list.sort((x, y) => (x.order ?? 99) - (y.order ?? 99) || x.id.localeCompare(y.id));
await writeFile(join(dist, 'examples.json'), JSON.stringify(list));

/**
 * The docs page: `<mcp-json>` and its shared worker bundled into dist/pkg/, next to the glue and
 * .wasm files of the three builds as the package lays them out (the worker imports the page's copies of
 * the glue, not bundled ones), and www/docs/index.md rendered with the markdown-it plugin into
 * dist/docs/index.html.
 */
async function buildDocs() {
  const glue = new Set([FULL_GLUE, CORE_GLUE].map((file) => `./${file}`));
  const external = { name: 'page-glue', setup(b) { b.onResolve({ filter: /^\.\// }, ({ path }) => (glue.has(path) ? { path, external: true } : undefined)); } };
  await build({
    entryPoints: [join(www, '..', 'runtime', 'element.js'), join(www, '..', 'runtime', 'element-worker.js')],
    outdir: join(dist, 'pkg'),
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    target: 'es2022',
    plugins: [external],
    legalComments: 'linked',
    logLevel: 'warning',
  });
  const source = await readFile(join(www, 'docs', 'index.md'), 'utf8');
  const md = markdownIt({ html: false }).use(mcpJson);
  const title = md.renderInline(/^# (.*)$/m.exec(source)?.[1] ?? 'Docs').replace(/<[^>]*>/g, '');
  const page = (await readFile(join(www, 'docs', 'page.html'), 'utf8')).replace('__TITLE__', () => title).replace('__BODY__', () => md.render(source));
  await mkdir(join(dist, 'docs'), { recursive: true });
  await writeFile(join(dist, 'docs', 'index.html'), page);
  for (const file of ['docs.css', 'docs.js']) await copyFile(join(www, 'docs', file), join(dist, 'docs', file));
}
await buildDocs();

/** Files of dist/ relative to it (recursively). */
async function files(dir = dist) {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)])));
  return nested.flat();
}
const all = (await files()).map((file) => relative(dist, file).split('\\').join('/')).sort();
const hash = createHash('sha256');
for (const file of all) hash.update(file).update(await readFile(join(dist, file)));
const sw = await readFile(join(www, 'sw.js'), 'utf8');
if (!sw.includes('__BUILD__')) throw new Error('www/sw.js lost its __BUILD__ placeholder');
// A folder's index.html is also asked for as the folder (docs/), which navigations use.
const folders = all.filter((file) => file.endsWith('/index.html')).map((file) => file.slice(0, -'index.html'.length));
const precache = ['./', ...folders, ...all.filter((file) => !file.endsWith('.LEGAL.txt'))];
await writeFile(join(dist, 'sw.js'), sw.replace('__BUILD__', JSON.stringify({ version: hash.digest('hex').slice(0, 16), files: precache })));

/** The content cache's shelf of this quality's compressed files (one shelf per quality, so that
 * building the page at one quality keeps the other's). */
const COMPRESSED_SHELF = `www-compressed-brotli-${BROTLI_QUALITY}`;

/**
 * Writes `file.br` (brotli at BROTLI_QUALITY) and `file.gz` (gzip 9) next to `file`, from
 * target/content-cache/ when a file of the same bytes was compressed at that quality before (the page built again after a small edit, or
 * by `make serve` after `make test`, compresses only what changed). Resolves with its cache `key`
 * and whether it was there (`hit`).
 */
async function precompress(file) {
  const bytes = await readFile(file);
  const key = contentKey(bytes, `brotli ${BROTLI_QUALITY}`);
  const { folder, hit } = await cachedFolder(COMPRESSED_SHELF, key, async (stage) => {
    const brotli = promisify(brotliCompress)(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    });
    await writeFile(join(stage, 'gz'), await promisify(gzip)(bytes, { level: 9 }));
    await writeFile(join(stage, 'br'), await brotli);
  });
  await copyFile(join(folder, 'br'), `${file}.br`);
  await copyFile(join(folder, 'gz'), `${file}.gz`);
  return { key, hit };
}
const compressible = [...all, 'sw.js'].filter((file) => COMPRESSIBLE.test(file));
const compressed = await Promise.all(compressible.map((file) => precompress(join(dist, file))));
// Only this build's files stay cached: the cache holds one page per quality (the one `make serve`
// and `make test` build, the one `make www` builds), not every page ever built.
pruneShelf(COMPRESSED_SHELF, new Set(compressed.map((c) => c.key)));
const reused = compressed.filter((c) => c.hit).length;
console.log(`www/dist: ${all.length + 1} files (${precache.length} precached by the service worker; ${compressible.length} also as .br and .gz: ` +
  `${compressible.length - reused} compressed at brotli ${BROTLI_QUALITY}, ${reused} copied from target/content-cache/)`);
