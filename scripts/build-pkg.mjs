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
const NAME = 'mcp_json_toolbox';
/** The glue of the format core (the crate without its `full` feature): `mcp-json-toolbox/format`. */
const FORMAT_NAME = 'mcp_json_toolbox_format';

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
    exports: {
      '.': {
        require: { types: './cjs/index.d.ts', default: './cjs/index.js' },
        types,
        node: './node.js',
        default: './index.js',
      },
      './raw': { types: `./${NAME}.d.ts`, default: `./${NAME}.js` },
      './mcp_json_toolbox_bg.wasm': `./${NAME}_bg.wasm`,
      './package.json': './package.json',
    },
    files: [
      `${NAME}.js`,
      `${NAME}.d.ts`,
      `${NAME}_bg.wasm`,
      `${NAME}_bg.wasm.d.ts`,
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
 * Entry points that instantiate the module, so users never call `init` themselves, and wrap every
 * export with recover.js: a wasm trap throws an `InternalError` and the next call runs in a fresh
 * instance. `names` are the glue's exports (the API), `strings` their string arguments (see
 * `stringParameters`); the types are the glue's.
 */
function entries(names, strings) {
  const table = JSON.stringify(strings);
  const api = `export const { ${names.join(', ')} } = recoverable(host, ${table});\n`;
  // The glue's types, and of its values only the API the entries export (not init/initSync).
  const types = `export type * from './${NAME}.js';\nexport { ${names.join(', ')} } from './${NAME}.js';\n`;
  return {
    'node.js': `// Node entry: compiles the .wasm next to this file synchronously.
import * as glue from './${NAME}.js';
import { readFileSync } from 'node:fs';
import { moduleHost, recoverable } from './recover.js';
const module = new WebAssembly.Module(readFileSync(new URL('./${NAME}_bg.wasm', import.meta.url)));
glue.initSync({ module });
const host = await moduleHost(glue, module, new URL('./${NAME}.js', import.meta.url).href);
${api}`,
    'index.js': `// Browser and bundler entry: fetches the .wasm next to this file (top-level await).
import init, * as glue from './${NAME}.js';
import { moduleHost, recoverable } from './recover.js';
const response = await fetch(new URL('./${NAME}_bg.wasm', import.meta.url));
const module = await WebAssembly.compile(await response.arrayBuffer());
await init({ module_or_path: module });
const host = await moduleHost(glue, module, new URL('./${NAME}.js', import.meta.url).href);
${api}`,
    'cjs/index.js': `// CommonJS entry: the nodejs glue instantiates on require; a restart requires it afresh.
const { recoverable } = require('./recover.js');
const path = require.resolve('./${NAME}.js');
const host = {
  glue: require(path),
  restart() {
    delete require.cache[path];
    host.glue = require(path);
  },
};
module.exports = recoverable(host, ${table});
`,
    'index.d.ts': types,
    'node.d.ts': types,
    'cjs/index.d.ts': types,
  };
}

/** recover.js for the CommonJS entry: the ES module's functions, exported with `module.exports`. */
function commonJsRecover(source) {
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
 * Compiles the crate for wasm32 with `profile` and returns the path of the .wasm: the full build,
 * or with `core` the format core (`--no-default-features`: the reader, the formatter and
 * diagnostics), which gets a target directory of its own so neither build makes cargo rebuild the
 * other.
 */
function cargoWasm(profile, { core }) {
  const targetDir = join(ROOT, 'target', ...(core ? ['format-core'] : []));
  const features = core ? ['--no-default-features', '--target-dir', targetDir] : [];
  run('cargo', ['build', '--lib', '--target', 'wasm32-unknown-unknown', '--profile', profile, ...features]);
  return join(targetDir, 'wasm32-unknown-unknown', profile, `${NAME}.wasm`);
}

/**
 * wasm-bindgen for the .wasm `built` as glue `glue` (`<glue>.js` for the web target in `out`, and
 * for the nodejs target in `out/cjs`, sharing one .wasm), then wasm-opt at `opt`. Returns the
 * path of the optimized `<glue>_bg.wasm`.
 */
function bindgen(built, glue, out, opt) {
  run('wasm-bindgen', ['--target', 'web', '--out-name', glue, '--out-dir', out, built]);
  run('wasm-bindgen', ['--target', 'nodejs', '--out-name', glue, '--out-dir', join(out, 'cjs'), built]);
  shareWasmWithCjs(out, glue);
  for (const dts of [join(out, `${glue}.d.ts`), join(out, 'cjs', `${glue}.d.ts`)]) referenceDisposableLib(dts);
  const wasm = join(out, `${glue}_bg.wasm`);
  wasmOpt(opt, wasm, wasm);
  return wasm;
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

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const wasm = bindgen(cargoWasm(args.profile, { core: false }), NAME, out, args.opt);
const formatWasm = bindgen(cargoWasm(args.profile, { core: true }), FORMAT_NAME, out, args.opt);
const strings = stringParameters(readFileSync(join(out, `${NAME}.js`), 'utf8'));
for (const [file, text] of Object.entries(entries(await glueExports(out), strings))) writeFileSync(join(out, file), text);
for (const name of runtimeFiles()) cpSync(join(ROOT, 'runtime', name), join(out, name), { recursive: true });
writeFileSync(join(out, 'cjs', 'recover.js'), commonJsRecover(readFileSync(join(ROOT, 'runtime', 'recover.js'), 'utf8')));
writeFileSync(join(out, 'package.json'), `${JSON.stringify(packageJson(cargo), null, 2)}\n`);
copyFileSync(join(ROOT, 'README.md'), join(out, 'README.md'));
writeFileSync(join(out, 'LICENSE'), license(cargo));
console.log(`  built ${args.out}/ (${readFileSync(wasm).length} bytes of wasm, ${readFileSync(formatWasm).length} of the format core; ${args.profile}, wasm-opt ${args.opt})`);
