// Builds the npm package into pkg/ (or --out DIR): release wasm build, wasm-bindgen (web + nodejs
// targets), wasm-opt from npm's binaryen, entry points, types, README, LICENSE and a package.json
// generated from the Cargo metadata. pkg/ is generated: never edit it by hand.
//
//   node scripts/build-pkg.mjs [--out DIR] [--profile release|release-o3] [--opt=-O3|-Oz|...]
//
// wasm-opt defaults to -O3: on this module -Oz saves 3 % raw but under 1 KB brotli, and makes
// `isValid` about 8 % slower (README, Size).
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { wasmOpt } from './wasm-opt.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** The exports that take JSON values as well as text (runtime/values.js, typed in values.d.ts). */
const VALUE_EXPORTS = ['Validator', 'validateArguments', 'classify', 'checkTool', 'checkToolCall', 'checkToolResult', 'lintSchema', 'replaySession', 'checkElicitation'];
const NAME = 'mcp_json_toolbox';

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

/** The package-side JavaScript (runtime/, copied whole into the package), its top-level names. */
function runtimeFiles() {
  return readdirSync(join(ROOT, 'runtime')).filter((name) => name !== 'README.md');
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
    exports: {
      '.': {
        require: { types: './cjs/index.d.ts', default: './cjs/index.js' },
        types,
        node: './node.js',
        default: './index.js',
      },
      './raw': { types: `./${NAME}.d.ts`, default: `./${NAME}.js` },
      './mcp-sdk': { types: './mcp-sdk.d.ts', default: './mcp-sdk.js' },
      './mcp_json_toolbox_bg.wasm': `./${NAME}_bg.wasm`,
      './package.json': './package.json',
    },
    files: [
      `${NAME}.js`,
      `${NAME}.d.ts`,
      `${NAME}_bg.wasm`,
      `${NAME}_bg.wasm.d.ts`,
      `${NAME}_factory.js`,
      'index.js',
      'index.d.ts',
      'node.js',
      'node.d.ts',
      ...runtimeFiles(),
      'cjs/',
      'README.md',
      'LICENSE',
    ],
    // The entry points instantiate the module on import; the raw bindings do not.
    sideEffects: ['./index.js', './node.js', './cjs/index.js', './cjs/mcp_json_toolbox.js'],
    engines: { node: '>=18' },
  };
}

/**
 * Entry points for the glue `glue` (its file name without `.js`; the package has `<glue>.js`, the
 * `.wasm` `<glue>_bg.wasm` and the factory `<glue>_factory.js` side by side, with the runtime
 * files): they instantiate the module on import, so users never call `init` themselves, and wrap
 * every export with recover.js (a wasm trap throws an `InternalError` and the next call runs in a
 * fresh instance, made only then). `names` are the glue's exports (the API), `strings` their string
 * arguments (see `stringParameters`); the types are the glue's. Returns `{ browser, node,
 * commonJs, types }`, the text of each file.
 */
function entryTexts(glue, names, strings) {
  const table = JSON.stringify(strings);
  // JSON values accepted wherever JSON text is (runtime/values.js).
  const api = `export const { ${names.join(', ')} } = acceptValues(recoverable(host, ${table}, textOf));\n`;
  // Written literally, so that bundlers which understand `new URL('…', import.meta.url)` (Vite,
  // webpack) emit the .wasm as an asset of the bundle and rewrite the URL to it.
  const wasmUrl = `new URL('./${glue}_bg.wasm', import.meta.url)`;
  return {
    browser: `// Browser and bundler entry: fetches the .wasm next to this file (top-level await, so an ES module).
import { createGlue } from './${glue}_factory.js';
import { loadHost } from './load.js';
import { recoverable } from './recover.js';
import { acceptValues, textOf } from './values.js';
// A bundler that rejects top-level await (esbuild's default "iife" format) quotes the next line.
const host = await loadHost( // esbuild: --format=esm
  createGlue,
  ${wasmUrl},
  '${glue}_bg.wasm',
);
${api}`,
    node: `// Node entry: compiles the .wasm next to this file synchronously.
import { readFileSync } from 'node:fs';
import { createGlue } from './${glue}_factory.js';
import { instanceHost, recoverable } from './recover.js';
import { acceptValues, textOf } from './values.js';
const host = instanceHost(createGlue, new WebAssembly.Module(readFileSync(${wasmUrl})));
${api}`,
    commonJs: `// CommonJS entry: the nodejs glue instantiates on require; a restart requires it afresh.
const { recoverable } = require('./recover.js');
const { acceptValues, textOf } = require('./values.js');
const path = require.resolve('./${glue}.js');
const host = {
  glue: require(path),
  restart() {
    delete require.cache[path];
    host.glue = require(path);
  },
};
const { ${names.join(', ')} } = acceptValues(recoverable(host, ${table}, textOf));
module.exports = { ${names.join(', ')} };
`,
    // The glue's types, and of its values only the API the entries export (not init/initSync);
    // those that take values (overloads in values.d.ts) from values.js.
    types: `export type * from './${glue}.js';\n` +
      `export { ${names.filter((n) => !VALUE_EXPORTS.includes(n)).join(', ')} } from './${glue}.js';\n` +
      `export { ${names.filter((n) => VALUE_EXPORTS.includes(n)).join(', ')} } from './values.js';\n`,
  };
}

/** The package's main entry points (`mcp-json-toolbox`), by file name. */
function entries(names, strings) {
  const text = entryTexts(NAME, names, strings);
  return {
    'index.js': text.browser,
    'node.js': text.node,
    'cjs/index.js': text.commonJs,
    'index.d.ts': text.types,
    'node.d.ts': text.types,
    'cjs/index.d.ts': text.types,
  };
}

/**
 * The web-target glue `source` (of `glue`.js) as a factory module, `<glue>_factory.js`: its
 * `createGlue()` runs the glue's code afresh and returns its exports (`default` its async init), so
 * each call gives a glue with an instance of its own, as a new module record would (the glue keeps
 * its instance in module variables). The entries make their first instance with it, and recover.js
 * a fresh one after a trap, synchronously, with nothing more to fetch. `names` are the glue's exports
 * besides `initSync` and `default`.
 */
function glueFactory(glue, source, names) {
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
export function createGlue() {
${body.join('\n')}
return { ${exported.join(', ')}, initSync, default: __wbg_init };
}
`;
}

/** A runtime module (recover.js, values.js) for the CommonJS entry: the ES module's functions,
 * exported with `module.exports`. */
function commonJsModule(source) {
  const names = [...source.matchAll(/^export (?:async )?function (\w+)/gm)].map((m) => m[1]);
  const body = source.replace(/^export (async )?function /gm, '$1function ');
  return `'use strict';\n${body}\nmodule.exports = { ${names.join(', ')} };\n`;
}

/**
 * Which arguments of each export the glue copies into wasm as a required string (a
 * `passStringToWasm0` call not guarded by `isLikeNone`), read from the generated glue:
 * `{ format: [0], Validator: [0], 'Validator.isValid': [0], … }`. recover.js throws a TypeError for
 * anything else there, which would otherwise trap inside the copy.
 */
function stringParameters(source) {
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
  if (!table.format || !table['Validator.isValid']) {
    throw new Error(`the glue's string arguments were not found (wasm-bindgen's output changed?): ${JSON.stringify(table)}`);
  }
  return table;
}

/** The API the glue exports (what the entries wrap). */
async function glueExports(out) {
  const glue = await import(pathToFileURL(join(out, `${NAME}.js`)).href);
  return Object.keys(glue).filter((name) => name !== 'default' && name !== 'initSync');
}

/** LICENSE for the dual license: the notice, then both texts from the repository. */
function license(cargo) {
  const mit = readFileSync(join(ROOT, 'LICENSE-MIT'), 'utf8');
  const apache = readFileSync(join(ROOT, 'LICENSE-APACHE'), 'utf8');
  return `${cargo.name} is licensed under ${cargo.license}, at your option.\n\n${'='.repeat(72)}\n${mit}\n${'='.repeat(72)}\n${apache}`;
}

/**
 * The nodejs-target glue loads `${__dirname}/<name>_bg.wasm`; point it at the single optimized
 * .wasm one folder up so the package ships the module once.
 */
function shareWasmWithCjs(out) {
  const file = join(out, 'cjs', `${NAME}.js`);
  const glue = readFileSync(file, 'utf8');
  const from = `\`\${__dirname}/${NAME}_bg.wasm\``;
  if (!glue.includes(from)) throw new Error(`${file}: wasm-bindgen changed how it loads the .wasm`);
  writeFileSync(file, glue.replace(from, `require('path').join(__dirname, '..', '${NAME}_bg.wasm')`));
  const web = readFileSync(join(out, `${NAME}_bg.wasm`));
  const cjs = readFileSync(join(out, 'cjs', `${NAME}_bg.wasm`));
  if (!web.equals(cjs)) throw new Error('the web and nodejs targets produced different .wasm files');
  rmSync(join(out, 'cjs', `${NAME}_bg.wasm`));
  rmSync(join(out, 'cjs', `${NAME}_bg.wasm.d.ts`));
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

const { values: args } = parseArgs({
  options: {
    out: { type: 'string', default: 'pkg' },
    profile: { type: 'string', default: 'release' },
    opt: { type: 'string', default: '-O3' },
  },
});
const out = resolve(ROOT, args.out);
const cargo = cargoPackage();

run('cargo', ['build', '--lib', '--target', 'wasm32-unknown-unknown', '--profile', args.profile]);
const built = join(ROOT, 'target', 'wasm32-unknown-unknown', args.profile, `${NAME}.wasm`);
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
run('wasm-bindgen', ['--target', 'web', '--out-dir', out, built]);
run('wasm-bindgen', ['--target', 'nodejs', '--out-dir', join(out, 'cjs'), built]);
shareWasmWithCjs(out);
for (const dts of [join(out, `${NAME}.d.ts`), join(out, 'cjs', `${NAME}.d.ts`)]) referenceDisposableLib(dts);
const wasm = join(out, `${NAME}_bg.wasm`);
wasmOpt(args.opt, wasm, wasm);
const glueSource = readFileSync(join(out, `${NAME}.js`), 'utf8');
const names = await glueExports(out);
writeFileSync(join(out, `${NAME}_factory.js`), glueFactory(NAME, glueSource, names));
// The API: not `start`, the `#[wasm_bindgen(start)]` hook (panic messages to the console) that the
// glue runs itself when it instantiates the module.
const api = names.filter((name) => name !== 'start');
for (const [file, text] of Object.entries(entries(api, stringParameters(glueSource)))) writeFileSync(join(out, file), text);
for (const name of runtimeFiles()) cpSync(join(ROOT, 'runtime', name), join(out, name), { recursive: true });
for (const name of ['recover.js', 'values.js']) {
  writeFileSync(join(out, 'cjs', name), commonJsModule(readFileSync(join(ROOT, 'runtime', name), 'utf8')));
}
copyFileSync(join(ROOT, 'runtime', 'values.d.ts'), join(out, 'cjs', 'values.d.ts'));
writeFileSync(join(out, 'package.json'), `${JSON.stringify(packageJson(cargo), null, 2)}\n`);
copyFileSync(join(ROOT, 'README.md'), join(out, 'README.md'));
writeFileSync(join(out, 'LICENSE'), license(cargo));
console.log(`  built ${args.out}/ (${readFileSync(wasm).length} bytes of wasm, ${args.profile}, wasm-opt ${args.opt})`);
