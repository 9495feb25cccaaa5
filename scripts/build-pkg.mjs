// Builds the npm package into pkg/ (or --out DIR): release wasm build, wasm-bindgen (web + nodejs
// targets), wasm-opt from npm's binaryen, entry points, types, README, LICENSE and a package.json
// generated from the Cargo metadata. pkg/ is generated: never edit it by hand.
//
//   node scripts/build-pkg.mjs [--out DIR] [--profile release|release-o3] [--opt=-O3|-Oz|...]
//   node scripts/build-pkg.mjs --cargo-only [--profile ...]   (the three cargo builds only: `make test`
//                                                              runs them before wasm-bindgen-cli is there)
//
// wasm-opt defaults to -O3: on this module -Oz saves 3 % raw but under 1 KB brotli, and makes
// `isValid` about 8 % slower (README, Size).
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { apiNames } from '../runtime/load/glue.js';
import { valueExports } from '../runtime/values.js';
import { cachedFolder, contentKey, copyInto, filesKey } from './content-cache.mjs';
import { wasmOpt } from './wasm-opt.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const NAME = 'mcp_json_toolbox';
/** The glue of the format core (the crate without its `full` feature): `mcp-json-toolbox/format`. */
const FORMAT_NAME = 'mcp_json_toolbox_format';
/** The glue of the server build (the crate's `validator` feature): `mcp-json-toolbox/validator`. */
const VALIDATOR_NAME = 'mcp_json_toolbox_validator';
/** Every glue, by the Cargo features of its build (see `cargoWasm`). */
const GLUES = [NAME, FORMAT_NAME, VALIDATOR_NAME];

/** Runs a command in the repository root, echoing it, failing loudly. */
function run(cmd, args, options = {}) {
  console.log(`  $ ${cmd} ${args.join(' ')}`);
  return execFileSync(cmd, args, { cwd: ROOT, stdio: 'inherit', ...options });
}

/** Cargo's view of the package: name, version, license, ... */
function cargoPackage() {
  const out = execFileSync('cargo', ['metadata', '--no-deps', '--format-version', '1'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const pkg = JSON.parse(out).packages.find((p) => p.manifest_path === join(ROOT, 'Cargo.toml'));
  if (!pkg) throw new Error('cargo metadata did not list the root package');
  return pkg;
}

/** The package-side JavaScript (runtime/, copied whole into the package but for its README, the
 * entries' sources, which `entryText` writes per glue, and json-editor-aids.js, which
 * `bundleEditor` inlines in json-editor.js), its top-level names. */
function runtimeFiles() {
  return readdirSync(join(ROOT, 'runtime')).filter((name) => !['README.md', 'entries', 'json-editor-aids.js'].includes(name));
}

/** The npm package.json derived from the Cargo package. */
function packageJson(cargo) {
  const types = './index.d.ts';
  return {
    name: cargo.name,
    version: cargo.version,
    description: cargo.description,
    license: cargo.license,
    repository: { type: 'git', url: `git+${cargo.repository}.git` },
    homepage: cargo.homepage ?? cargo.repository,
    keywords: cargo.keywords,
    type: 'module',
    main: './cjs/index.js',
    module: './index.js',
    types,
    bin: { [cargo.name]: './cli.js' },
    // The conditions of each runtime, first match wins (RUNTIME_CONDITIONS has the sources).
    exports: {
      '.': {
        require: { types: './cjs/index.d.ts', default: './cjs/index.js' },
        types,
        ...runtimeConditions(ENTRY_FILES[NAME]),
        default: './index.js',
      },
      // The format core: format, formatDocument and version (and the docs examples' judgeExample and
      // unknownSchema) from a .wasm of its own (~75 KB brotli).
      './format': {
        require: { types: './cjs/format.d.ts', default: './cjs/format.js' },
        types: './format.d.ts',
        ...runtimeConditions(ENTRY_FILES[FORMAT_NAME]),
        default: './format.js',
      },
      // The server build: Validator and validateArguments (and the format core's API) from a .wasm
      // of its own, without sessions, logs, compatibility, lint or the official MCP schemas.
      './validator': {
        require: { types: './cjs/validator.d.ts', default: './cjs/validator.js' },
        types: './validator.d.ts',
        ...runtimeConditions(ENTRY_FILES[VALIDATOR_NAME]),
        default: './validator.js',
      },
      // The glue with the results that cross as columns laid out (runtime/raw.js).
      './raw': { types: `./${NAME}.d.ts`, default: './raw.js' },
      // The docs playground: the <mcp-json> element, the markdown plugins, the docs check.
      './element': { types: './element.d.ts', default: './element.js' },
      './markdown-it': { types: './docs/markdown-it.d.ts', default: './docs/markdown-it.js' },
      './remark': { types: './docs/remark.d.ts', default: './docs/remark.js' },
      './docs-check': { types: './docs/check.d.ts', default: './docs/check.js' },
      './mcp-sdk': { types: './mcp-sdk.d.ts', default: './mcp-sdk.js' },
      './mcp_json_toolbox_bg.wasm': `./${NAME}_bg.wasm`,
      './mcp_json_toolbox_format_bg.wasm': `./${FORMAT_NAME}_bg.wasm`,
      './mcp_json_toolbox_validator_bg.wasm': `./${VALIDATOR_NAME}_bg.wasm`,
      './package.json': './package.json',
      // Every finding code: severity, layer, summary, source, fix (src/diagnostic/codes.rs).
      './codes.json': './codes.json',
    },
    files: [
      // Each glue (web target; the nodejs one is in cjs/) with its .wasm and factory, and its entries.
      ...GLUES.flatMap((glue) => [`${glue}.js`, `${glue}.d.ts`, `${glue}_bg.wasm`, `${glue}_bg.wasm.d.ts`, `${glue}_factory.js`]),
      ...Object.values(ENTRY_FILES).flatMap((files) => [files.browser, files.node, files.precompiled, files.deno, ...files.types.filter((t) => !t.startsWith('cjs/'))]),
      ...runtimeFiles(),
      'cjs/',
      'README.md',
      'docs/*.md',
      'LICENSE',
    ],
    // The entry points instantiate the module on import; the raw bindings do not.
    sideEffects: [
      ...Object.values(ENTRY_FILES).flatMap((files) => [files.browser, files.node, files.precompiled, files.deno, files.commonJs].map((file) => `./${file}`)),
      ...GLUES.map((glue) => `./cjs/${glue}.js`),
      './element.js',
      './element-worker.js',
    ],
    engines: { node: '>=18' },
    // The OAuth client of `check-server --url` and `proxy --upstream` (runtime/mcp-client/oauth.js):
    // loaded only by the CLI when a server answers 401, so optional; no entry imports it.
    peerDependencies: { '@modelcontextprotocol/client': '^2.4.0' },
    peerDependenciesMeta: { '@modelcontextprotocol/client': { optional: true } },
  };
}

/** The source of each role of entry, in runtime/entries/: written for the full build's glue. */
const ENTRY_SOURCES = { browser: 'browser.js', node: 'node.js', precompiled: 'precompiled.js', deno: 'precompiled.js', commonJs: 'commonjs.js', types: 'types.d.ts' };

/**
 * The export conditions of the runtimes that are not a browser, in the order they are matched (the
 * first a resolver sets wins), each to the role of entry (`ENTRY_SOURCES`) that suits it. The keys
 * are the runtimes' own (WinterTC runtime keys, https://runtime-keys.proposal.wintercg.org/,
 * checked 2026-12-03); tests/runtimes/ resolves each in its real runtime.
 * - `workerd`: Cloudflare Workers. wrangler's esbuild resolves `workerd`, `worker`, `browser`
 *   (`getBuildConditions` in wrangler 4.86.0's cli.js, read 2026-12-03) and uploads `.wasm?module`
 *   imports as compiled modules (https://developers.cloudflare.com/workers/wrangler/bundling/,
 *   checked 2026-12-03): the precompiled entry.
 * - `edge-light`: Vercel's Edge Runtime, which compiles `.wasm?module` imports at build time and
 *   forbids compiling from bytes (https://vercel.com/docs/functions/wasm, checked 2026-12-03): the
 *   precompiled entry. Next.js resolves `edge-light`, then `browser`, `import`, `module`, `default`
 *   for the edge (https://github.com/vercel/next.js/pull/45188 and /pull/66808, checked
 *   2026-12-03); tests/runtimes/ bundles with the same order.
 * - `deno`: Deno (Node's community conditions,
 *   https://nodejs.org/api/packages.html#community-conditions-definitions, checked 2026-12-03): its
 *   own entry, the .wasm a source phase import (`import source`), which needs no read permission.
 * - `bun`: Bun, the same: the Node entry.
 * - `node`: Node.js.
 * `workerd` and `edge-light` come first: their bundlers may also set `browser` (wrangler does) or
 * `node`.
 */
const RUNTIME_CONDITIONS = [
  ['workerd', 'precompiled'],
  ['edge-light', 'precompiled'],
  ['deno', 'deno'],
  ['bun', 'node'],
  ['node', 'node'],
];

/** The export conditions of RUNTIME_CONDITIONS for the entry files `files` (of `ENTRY_FILES`). */
function runtimeConditions(files) {
  return Object.fromEntries(RUNTIME_CONDITIONS.map(([condition, role]) => [condition, `./${files[role]}`]));
}

/**
 * The entry of role `role` (see `ENTRY_SOURCES`) for the glue `glue` (its file name without `.js`;
 * the package has `<glue>.js`, the `.wasm` `<glue>_bg.wasm` and the factory `<glue>_factory.js`
 * side by side, with the runtime files): the source with the glue's file names, and its API filled
 * in where it says so. The entries instantiate the module on import, so users never call `init`
 * themselves, and export `api.js`'s `packageApi` (trap recovery, JSON values). `names` are the
 * glue's exports (the API), `strings` their string arguments (see `stringParameters`).
 */
function entryText(role, glue, names, strings) {
  const values = valueExports();
  const fills = {
    "/* the glue's API */": names.join(', '),
    "/* the glue's string arguments */ {}": JSON.stringify(strings),
    "/* the glue's API taking text */": names.filter((n) => !values.includes(n)).join(', '),
    "/* the glue's API taking values */": names.filter((n) => values.includes(n)).join(', '),
  };
  const source = readFileSync(join(ROOT, 'runtime', 'entries', ENTRY_SOURCES[role]), 'utf8');
  let text = source.replace(/\bmcp_json_toolbox(?=_factory\.js|_bg\.wasm|\.js)/g, glue);
  // Deno's entry imports the .wasm in the source phase (see runtime/entries/precompiled.js).
  if (role === 'deno') {
    const wasmImport = `import wasm from './${glue}_bg.wasm?module';`;
    if (!text.includes(wasmImport)) throw new Error(`runtime/entries/${ENTRY_SOURCES[role]}: no ${wasmImport} to make a source phase import`);
    text = text.replace(wasmImport, `import source wasm from './${glue}_bg.wasm';`);
  }
  for (const [marker, fill] of Object.entries(fills)) text = text.replaceAll(marker, fill);
  if (text.includes("/* the glue's")) throw new Error(`runtime/entries/${ENTRY_SOURCES[role]}: a marker was not filled in`);
  return text;
}

/**
 * The entry files of each glue: the package's main entry points (`mcp-json-toolbox`, the full
 * build), those of the format core (`mcp-json-toolbox/format`) and those of the server build
 * (`mcp-json-toolbox/validator`), by the role of their source (`ENTRY_SOURCES`).
 */
const ENTRY_FILES = {
  [NAME]: {
    browser: 'index.js',
    node: 'node.js',
    precompiled: 'edge.js',
    deno: 'deno.js',
    commonJs: 'cjs/index.js',
    types: ['index.d.ts', 'node.d.ts', 'edge.d.ts', 'deno.d.ts', 'cjs/index.d.ts'],
  },
  [FORMAT_NAME]: {
    browser: 'format.js',
    node: 'format-node.js',
    precompiled: 'format-edge.js',
    deno: 'format-deno.js',
    commonJs: 'cjs/format.js',
    types: ['format.d.ts', 'format-node.d.ts', 'format-edge.d.ts', 'format-deno.d.ts', 'cjs/format.d.ts'],
  },
  [VALIDATOR_NAME]: {
    browser: 'validator.js',
    node: 'validator-node.js',
    precompiled: 'validator-edge.js',
    deno: 'validator-deno.js',
    commonJs: 'cjs/validator.js',
    types: ['validator.d.ts', 'validator-node.d.ts', 'validator-edge.d.ts', 'validator-deno.d.ts', 'cjs/validator.d.ts'],
  },
};

/** The entry points of glue `glue` (see `ENTRY_FILES`), by file name. */
function entries(glue, names, strings) {
  const files = Object.entries(ENTRY_FILES[glue]).flatMap(([role, file]) => [file].flat().map((name) => [name, role]));
  return Object.fromEntries(files.map(([file, role]) => [file, entryText(role, glue, names, strings)]));
}

/**
 * Writes the factory and the entry points of glue `glue` in `out`; `required` are exports whose
 * string arguments must be found in the glue (a check that wasm-bindgen's output still parses).
 */
async function packageGlue(out, glue, required) {
  const source = readFileSync(join(out, `${glue}.js`), 'utf8');
  const module = await import(pathToFileURL(join(out, `${glue}.js`)).href);
  const names = apiNames(module);
  writeFileSync(join(out, `${glue}_factory.js`), glueFactory(glue, source, Object.keys(module)));
  for (const [file, text] of Object.entries(entries(glue, names, stringParameters(source, required)))) {
    writeFileSync(join(out, file), text);
  }
  return names;
}

/**
 * The web-target glue `source` (of `glue`.js) as a factory module, `<glue>_factory.js`: its
 * `createGlue()` runs the glue's code afresh and returns its exports (`default` its async init), so
 * each call gives a glue with an instance of its own, as a new module record would (the glue keeps
 * its instance in module variables). The entries make their first instance with it, and recover.js
 * a fresh one after a trap, synchronously, with nothing more to fetch. `exports` are the names the
 * glue module exports.
 */
function glueFactory(glue, source, exports) {
  const names = exports.filter((name) => name !== 'default' && name !== 'initSync');
  const tail = 'export { initSync, __wbg_init as default };';
  const lines = source.split('\n');
  const exported = [];
  const body = [];
  for (const line of lines) {
    let m;
    if (line.trim() === tail) continue;
    if (line.startsWith('/* @ts-self-types=')) continue;
    if ((m = line.match(/^export ((?:async )?function\*? |class )(\w+)/))) {
      exported.push(m[2]);
      body.push(line.slice('export '.length));
    } else if (/^(export|import)\b/.test(line)) {
      throw new Error(`${glue}.js: unexpected module syntax for the factory (wasm-bindgen's output changed?): ${line}`);
    } else body.push(line);
  }
  const sorted = (list) => [...list].sort().join(',');
  if (!source.includes(tail) || sorted(exported) !== sorted(names)) {
    throw new Error(`${glue}.js: its exports (${sorted(names)}) and the factory's (${sorted(exported)}) differ`);
  }
  return `// Generated by scripts/build-pkg.mjs from ${glue}.js (wasm-bindgen's web glue): createGlue() runs the
// glue's code afresh and returns its exports, a glue with an instance of its own. Do not edit.
// @ts-nocheck: wasm-bindgen's code, typed by ${glue}.d.ts (the return type below), not checked here.
/** @returns {typeof import('./${glue}.js')} */
export function createGlue() {
${body.join('\n')}
return { ${exported.join(', ')}, initSync, default: __wbg_init };
}
`;
}

/** A runtime module for the CommonJS entry: the ES module's imports as `require`s, its functions
 * and constants exported with `module.exports`. */
function commonJsModule(source) {
  const names = [...source.matchAll(/^export (?:(?:async )?function|const) (\w+)/gm)].map((m) => m[1]);
  const body = source
    .replace(/^import (\{[^}]*\}) from ('[^']+');$/gm, 'const $1 = require($2);')
    .replace(/^export (async )?function /gm, '$1function ')
    .replace(/^export const /gm, 'const ');
  if (/^(import|export)\b/m.test(body)) throw new Error(`a runtime module for CommonJS has module syntax commonJsModule does not convert`);
  return `'use strict';\n${body}\nmodule.exports = { ${names.join(', ')} };\n`;
}

/**
 * The runtime modules the CommonJS entry (runtime/entries/commonjs.js) requires, transitively, as
 * paths under runtime/ (the glue it requires is not one of them).
 */
function commonJsModules() {
  const found = new Set();
  // `dir`: where `source`'s specifiers start from in the package (the entry is at its root).
  const visit = (dir, source, pattern) => {
    for (const [, specifier] of source.matchAll(pattern)) {
      const path = posix.join(dir, specifier);
      if (found.has(path) || !runtimeFiles().includes(path.split('/')[0])) continue;
      found.add(path);
      visit(posix.dirname(path), readFileSync(join(ROOT, 'runtime', path), 'utf8'), /^import \{[^}]*\} from '(\.[^']+)';$/gm);
    }
  };
  visit('.', readFileSync(join(ROOT, 'runtime', 'entries', ENTRY_SOURCES.commonJs), 'utf8'), /require\('(\.[^']+)'\)/g);
  return [...found];
}

/**
 * Which arguments of each export the glue copies into wasm as a required string (a
 * `passStringToWasm0` call not guarded by `isLikeNone`), read from the generated glue:
 * `{ format: [0], Validator: [0], 'Validator.isValid': [0], … }`. recover.js throws a TypeError for
 * anything else there, which would otherwise trap inside the copy. Every label of `required` must
 * be found.
 */
function stringParameters(source, required) {
  const table = {};
  let inClass = null;
  let current = null;
  const params = (list) => list.split(',').map((p) => p.trim());
  for (const line of source.split('\n')) {
    let m;
    if ((m = line.match(/^export class (\w+)/))) inClass = m[1];
    else if ((m = line.match(/^export function (\w+)\(([^)]*)\)/))) current = { label: m[1], params: params(m[2]) };
    else if (inClass && (m = line.match(/^ {4}(\w+)\(([^)]*)\) \{$/))) {
      current = { label: m[1] === 'constructor' ? inClass : `${inClass}.${m[1]}`, params: params(m[2]) };
    } else if (line.startsWith('}')) {
      inClass = null;
      current = null;
    } else if (current && !line.includes('isLikeNone') && (m = line.match(/passStringToWasm0\((\w+),/))) {
      const index = current.params.indexOf(m[1]);
      if (index >= 0) (table[current.label] ??= []).push(index);
    }
  }
  if (!required.every((label) => table[label])) {
    throw new Error(`the glue's string arguments were not found (wasm-bindgen's output changed?): ${JSON.stringify(table)}`);
  }
  return table;
}

/**
 * runtime/json-editor.js (the CodeMirror editor `<mcp-json>` loads on its first edit) imports
 * CodeMirror, which the package does not depend on: ship it bundled, so the element works with any
 * bundler or none, with its editing aids (json-editor-aids.js, which it imports when asked) inlined
 * in the same file. The only runtime/ files that are not shipped as written.
 */
async function bundleEditor(out) {
  const { build } = await import('esbuild');
  await build({
    entryPoints: [join(ROOT, 'runtime', 'json-editor.js')],
    outfile: join(out, 'json-editor.js'),
    bundle: true,
    format: 'esm',
    minify: true,
    target: 'es2022',
    legalComments: 'eof',
    logLevel: 'warning',
  });
}

/** LICENSE for the dual license: the notice, then both texts from the repository. */
function license(cargo) {
  const mit = readFileSync(join(ROOT, 'LICENSE-MIT'), 'utf8');
  const apache = readFileSync(join(ROOT, 'LICENSE-APACHE'), 'utf8');
  return `${cargo.name} is licensed under ${cargo.license}, at your option.\n\n${'='.repeat(72)}\n${mit}\n${'='.repeat(72)}\n${apache}`;
}

/**
 * The nodejs-target glue `glue` loads `${__dirname}/<glue>_bg.wasm`; point it at the single
 * optimized .wasm one folder up so the package ships each module once.
 */
function shareWasmWithCjs(out, glue) {
  const file = join(out, 'cjs', `${glue}.js`);
  const source = readFileSync(file, 'utf8');
  const from = `\`\${__dirname}/${glue}_bg.wasm\``;
  if (!source.includes(from)) throw new Error(`${file}: wasm-bindgen changed how it loads the .wasm`);
  writeFileSync(file, source.replace(from, `require('path').join(__dirname, '..', '${glue}_bg.wasm')`));
  const web = readFileSync(join(out, `${glue}_bg.wasm`));
  const cjs = readFileSync(join(out, 'cjs', `${glue}_bg.wasm`));
  if (!web.equals(cjs)) throw new Error('the web and nodejs targets produced different .wasm files');
  rmSync(join(out, 'cjs', `${glue}_bg.wasm`));
  rmSync(join(out, 'cjs', `${glue}_bg.wasm.d.ts`));
  writeFileSync(join(out, 'cjs', 'package.json'), '{ "type": "commonjs" }\n');
}

/**
 * wasm-bindgen declares `[Symbol.dispose]()` on exported classes; that type lives in TypeScript's
 * `esnext.disposable` lib, which strict projects on the default `lib` lack. Referencing it from the
 * declarations makes them compile in any TypeScript >= 5.2 project.
 */
function referenceDisposableLib(file) {
  const text = readFileSync(file, 'utf8');
  if (text.includes('Symbol.dispose')) {
    writeFileSync(file, `/// <reference lib="esnext.disposable" />\n${text}`);
  }
}

/**
 * The Cargo features of each glue's build and its target directory (each build a directory of its
 * own, so that no build makes cargo rebuild another: cargo keeps one fingerprint and one `.wasm`
 * for the crate's cdylib per directory, whatever the features): the full build (the default
 * `full`), the format core (no feature: the reader, the formatter and diagnostics) and the server
 * build (`validator`: the engine, the reader with positions, the messages, the fast path). The
 * server build's dependencies are the full build's with the same features, so its directory starts
 * as a copy of the full build's (`seed`, see `seedTargetDir`) and only the crate is compiled again.
 */
const CARGO_BUILDS = {
  [NAME]: { features: [], dir: [] },
  [FORMAT_NAME]: { features: ['--no-default-features'], dir: ['format-core'] },
  [VALIDATOR_NAME]: { features: ['--no-default-features', '--features', 'validator'], dir: ['validator'], seed: NAME },
};

/** The target directory of glue `glue`'s build. */
const targetDir = (glue) => join(ROOT, 'target', ...CARGO_BUILDS[glue].dir);

/** Runs a command in the repository root, echoing it; resolves when it exits 0, rejects otherwise. */
function runAsync(cmd, args) {
  console.log(`  $ ${cmd} ${args.join(' ')}`);
  return new Promise((done, fail) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit' });
    child.on('error', fail);
    child.on('exit', (code, signal) => (code === 0 ? done() : fail(new Error(`${cmd} exited with ${signal ?? code}`))));
  });
}

/** Compiles the crate for wasm32 with `profile` as the build of glue `glue`; resolves with the .wasm's path. */
async function cargoWasm(profile, glue) {
  const { features, dir } = CARGO_BUILDS[glue];
  const targetArgs = dir.length ? ['--target-dir', targetDir(glue)] : [];
  await runAsync('cargo', ['build', '--lib', '--target', 'wasm32-unknown-unknown', '--profile', profile, ...features, ...targetArgs]);
  return join(targetDir(glue), 'wasm32-unknown-unknown', profile, `${NAME}.wasm`);
}

/**
 * A build whose target directory has never built `profile` starts from a copy of the directory of
 * the build it names as `seed` (its host artifacts, build scripts and proc macros, and its wasm32
 * ones), times kept, so that cargo finds the dependencies fresh and compiles only the crate (its
 * features differ). `cp -a` keeps times to the nanosecond, which cargo compares.
 */
function seedTargetDir(profile, glue) {
  const { seed } = CARGO_BUILDS[glue];
  if (!seed || existsSync(join(targetDir(glue), 'wasm32-unknown-unknown', profile))) return;
  for (const sub of [[profile], ['wasm32-unknown-unknown', profile]]) {
    const from = join(targetDir(seed), ...sub);
    if (!existsSync(from)) continue;
    mkdirSync(dirname(join(targetDir(glue), ...sub)), { recursive: true });
    run('cp', ['-a', from, join(targetDir(glue), ...sub)]);
  }
}

/**
 * The three cargo builds with `profile`: the format core (its dependencies' features differ) side
 * by side with the full build, then the server build seeded from the full build's directory.
 * Resolves with the .wasm of each glue.
 */
async function cargoBuilds(profile) {
  const full = cargoWasm(profile, NAME);
  const server = full.then(() => {
    seedTargetDir(profile, VALIDATOR_NAME);
    return cargoWasm(profile, VALIDATOR_NAME);
  });
  // Settled, not all: a build that fails lets the other finish before the error is thrown.
  const [fullWasm, formatWasm, serverWasm] = await Promise.allSettled([full, cargoWasm(profile, FORMAT_NAME), server]);
  const failed = [fullWasm, formatWasm, serverWasm].find((build) => build.status === 'rejected');
  if (failed) throw failed.reason;
  return { [NAME]: fullWasm.value, [FORMAT_NAME]: formatWasm.value, [VALIDATOR_NAME]: serverWasm.value };
}

/** The scripts whose code makes a build's glue (this one, wasm-opt's): part of every glue's cache key. */
const GLUE_MAKERS = [fileURLToPath(import.meta.url), join(ROOT, 'scripts', 'wasm-opt.mjs')];

/**
 * wasm-bindgen for the .wasm `built` as glue `glue` (`<glue>.js` for the web target in `out`, and
 * for the nodejs target in `out/cjs`, sharing one .wasm), then wasm-opt at `opt`. Returns the
 * path of the optimized `<glue>_bg.wasm`. The output is kept in target/content-cache/ by the
 * built .wasm, `opt`, wasm-bindgen's version and the scripts that make it, so that a package built
 * again from the same .wasm (a runtime/ edit, `make serve` after `make test`) only copies it.
 */
async function bindgen(built, glue, out, opt) {
  const key = contentKey(readFileSync(built), opt, execFileSync('wasm-bindgen', ['--version']), filesKey(GLUE_MAKERS));
  const { folder, hit } = await cachedFolder(`glue-${glue}`, key, (stage) => {
    run('wasm-bindgen', ['--target', 'web', '--out-name', glue, '--out-dir', stage, built]);
    run('wasm-bindgen', ['--target', 'nodejs', '--out-name', glue, '--out-dir', join(stage, 'cjs'), built]);
    shareWasmWithCjs(stage, glue);
    for (const dts of [join(stage, `${glue}.d.ts`), join(stage, 'cjs', `${glue}.d.ts`)]) referenceDisposableLib(dts);
    const wasm = join(stage, `${glue}_bg.wasm`);
    wasmOpt(opt, wasm, wasm);
  }, { keepOne: true });
  if (hit) console.log(`  ${glue}: the same .wasm as last time, its glue copied from target/content-cache/`);
  copyInto(folder, out);
  return join(out, `${glue}_bg.wasm`);
}

const { values: args } = parseArgs({
  options: {
    out: { type: 'string', default: 'pkg' },
    profile: { type: 'string', default: 'release' },
    opt: { type: 'string', default: '-O3' },
    'cargo-only': { type: 'boolean', default: false },
  },
});
const built = await cargoBuilds(args.profile);
if (args['cargo-only']) process.exit(0);
const out = resolve(ROOT, args.out);
const cargo = cargoPackage();

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const wasms = {};
for (const glue of GLUES) wasms[glue] = await bindgen(built[glue], glue, out, args.opt);
const api = await packageGlue(out, NAME, ['format', 'Validator.isValid']);
const missing = valueExports().filter((name) => !api.includes(name));
if (missing.length) throw new Error(`runtime/values.js takes values for exports the glue lacks: ${missing.join(', ')}`);
await packageGlue(out, FORMAT_NAME, ['format']);
const serverApi = await packageGlue(out, VALIDATOR_NAME, ['format', 'Validator.isValid']);
const extra = serverApi.filter((name) => !api.includes(name));
if (extra.length) throw new Error(`the server build exports what the full build lacks: ${extra.join(', ')}`);
for (const name of runtimeFiles()) cpSync(join(ROOT, 'runtime', name), join(out, name), { recursive: true });
await bundleEditor(out);
for (const name of commonJsModules()) {
  mkdirSync(dirname(join(out, 'cjs', name)), { recursive: true });
  writeFileSync(join(out, 'cjs', name), commonJsModule(readFileSync(join(ROOT, 'runtime', name), 'utf8')));
}
copyFileSync(join(ROOT, 'runtime', 'values.d.ts'), join(out, 'cjs', 'values.d.ts'));
writeFileSync(join(out, 'package.json'), `${JSON.stringify(packageJson(cargo), null, 2)}\n`);
copyFileSync(join(ROOT, 'README.md'), join(out, 'README.md'));
// The reference the README links to (docs/*.md), so that its links resolve inside the package too.
mkdirSync(join(out, 'docs'), { recursive: true });
for (const name of readdirSync(join(ROOT, 'docs')).filter((n) => n.endsWith('.md'))) copyFileSync(join(ROOT, 'docs', name), join(out, 'docs', name));
writeFileSync(join(out, 'LICENSE'), license(cargo));
const bytes = (glue) => readFileSync(wasms[glue]).length;
console.log(`  built ${args.out}/ (${bytes(NAME)} bytes of wasm, ${bytes(VALIDATOR_NAME)} of the server build, ${bytes(FORMAT_NAME)} of the format core; ${args.profile}, wasm-opt ${args.opt})`);
