// Cold start in Node, as a serverless MCP server pays it on every new process: the packed package
// installed in a fresh project (tests/pkg/install.mjs), and a whole `node` process that imports a
// validator, compiles bench/argument-texts.mjs's schema and validates one argument text, less a
// bare `node` process. Each contender (every build entry of the package, ajv 2020 + ajv-formats,
// @cfworker/json-schema) runs once per round, the contenders taking turns in every round, so the
// load of this shared machine weighs on all of them alike; medians of COLD_RUNS rounds.
//
// Then the profile of each build: one process per round that loads the build by hand, timing each
// phase with `performance.now()` (import of the JavaScript, reading the .wasm, compiling it,
// instantiating it, the first `new Validator` — which pays every first-use initialisation — a
// second `new Validator` of the same schema — the compile alone —, the first `isValid` and the
// first `validate` of an invalid text) and the resident memory and the wasm memory after each.
// Run with `make bench` (it builds pkg/ first), or `node bench/cold-start.bench.mjs` after `make pkg`.
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ROOT, installTarball } from '../tests/pkg/install.mjs';
import { ONE_TEXT as TEXT, SCHEMA as ARGUMENTS_SCHEMA } from './argument-texts.mjs';
import { machine } from './variant.mjs';

const RUNS = Number(process.env.COLD_RUNS ?? 9);
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const MiB = 1024 * 1024;

const { work, app } = installTarball('mcp-json-toolbox-bench-cold-');
process.on('exit', () => rmSync(work, { recursive: true, force: true }));
for (const dep of ['ajv', 'ajv-formats', '@cfworker/json-schema', 'fast-deep-equal', 'json-schema-traverse', 'fast-uri', 'require-from-string']) {
  mkdirSync(join(app, 'node_modules', ...dep.split('/').slice(0, -1)), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules', dep), join(app, 'node_modules', dep));
}
const installed = join(app, 'node_modules', 'mcp-json-toolbox');
const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));

/** The benchmarks' schema as text (bench/argument-texts.mjs), and one argument text of its kind. */
const SCHEMA = JSON.stringify(ARGUMENTS_SCHEMA);

/** Each process's last line: whether it validated, and its peak resident memory in bytes. */
const tail = "console.log(JSON.stringify({ ok, maxRss: process.resourceUsage().maxRSS * 1024 }));\n";

/** The package's build entries (`.` the full build, then those of `exports` with a `.wasm` of their own). */
const builds = [
  { name: 'mcp-json-toolbox (full build)', specifier: 'mcp-json-toolbox', glue: 'mcp_json_toolbox' },
  ...(manifest.exports['./validator'] ? [{ name: 'mcp-json-toolbox/validator (server build)', specifier: 'mcp-json-toolbox/validator', glue: 'mcp_json_toolbox_validator' }] : []),
];

const contenders = {
  'bare node': 'const ok = true;\n',
  ...Object.fromEntries(builds.map((b) => [b.name, `import { Validator } from '${b.specifier}';\nconst ok = new Validator(${JSON.stringify(SCHEMA)}).isValid(${JSON.stringify(TEXT)});\n`])),
  'ajv 2020 + ajv-formats': `import Ajv2020 from 'ajv/dist/2020.js';\nimport addFormats from 'ajv-formats';\nconst ok = addFormats(new Ajv2020({ strict: false })).compile(JSON.parse(${JSON.stringify(SCHEMA)}))(JSON.parse(${JSON.stringify(TEXT)}));\n`,
  '@cfworker/json-schema': `import { Validator } from '@cfworker/json-schema';\nconst ok = new Validator(JSON.parse(${JSON.stringify(SCHEMA)}), '2020-12').validate(JSON.parse(${JSON.stringify(TEXT)})).valid;\n`,
};
const files = Object.keys(contenders).map((name, i) => {
  const file = `cold-${i}.mjs`;
  writeFileSync(join(app, file), contenders[name] + tail);
  return [name, file];
});

/** The profile of one build, by phase: ms and memory after each. */
function profileScript({ glue }) {
  const base = `./node_modules/mcp-json-toolbox/`;
  return `const t = [['start', performance.now()]];
const mem = (wasm) => ({ rss: process.memoryUsage.rss(), wasm: wasm?.memory.buffer.byteLength ?? 0 });
const m = [mem()];
const mark = (phase, wasm) => { t.push([phase, performance.now()]); m.push(mem(wasm)); };
const { readFileSync } = await import('node:fs');
const { createGlue } = await import('${base}${glue}_factory.js');
const { packageApi } = await import('${base}api.js');
const { instanceHost } = await import('${base}load/recover.js');
mark('import the JavaScript');
const bytes = readFileSync(new URL('${base}${glue}_bg.wasm', import.meta.url));
mark('read the .wasm');
const module = new WebAssembly.Module(bytes);
mark('compile the .wasm');
const glue = createGlue();
const wasm = glue.initSync({ module });
mark('instantiate', wasm);
const { Validator } = packageApi(instanceHost(createGlue, module, glue), {});
const first = new Validator(${JSON.stringify(SCHEMA)});
mark('first new Validator (first-use initialisation + compile)', wasm);
new Validator(${JSON.stringify(SCHEMA)});
mark('second new Validator (the compile alone)', wasm);
const ok = first.isValid(${JSON.stringify(TEXT)});
mark('first isValid', wasm);
first.validate('{"dataset":"logs","shard":-1}');
mark('first validate of an invalid text (messages, positions)', wasm);
console.log(JSON.stringify({ ok, t, m, maxRss: process.resourceUsage().maxRSS * 1024 }));
`;
}
for (const build of builds) writeFileSync(join(app, `profile-${build.glue}.mjs`), profileScript(build));

/** Runs `node file` in the app: its wall time (ms) and its last line, parsed. */
function runNode(file) {
  const start = performance.now();
  const out = execFileSync(process.execPath, [file], { cwd: app, encoding: 'utf8' });
  const wall = performance.now() - start;
  return { wall, ...JSON.parse(out.trim().split('\n').at(-1)) };
}

const cold = Object.fromEntries(files.map(([name]) => [name, []]));
const profiles = Object.fromEntries(builds.map((b) => [b.glue, []]));
for (let round = 0; round < RUNS; round += 1) {
  for (const [name, file] of files) {
    const result = runNode(file);
    if (result.ok !== true) throw new Error(`${name} did not validate: ${JSON.stringify(result)}`);
    cold[name].push(result);
  }
  for (const build of builds) profiles[build.glue].push(runNode(`profile-${build.glue}.mjs`));
}

const bare = { wall: median(cold['bare node'].map((r) => r.wall)), maxRss: median(cold['bare node'].map((r) => r.maxRss)) };
console.log(`Cold start in Node — ${machine()}; medians of ${RUNS} rounds, the contenders taking turns in each round (shared machine: load weighs on all alike)\n`);
console.log(`Bare \`node\`: ${bare.wall.toFixed(0)} ms wall, ${(bare.maxRss / MiB).toFixed(1)} MiB peak resident.\n`);
console.log('| library | process wall | added wall | peak resident | added peak memory |');
console.log('|---|---:|---:|---:|---:|');
const added = {};
for (const [name] of files.slice(1)) {
  const wall = median(cold[name].map((r) => r.wall));
  const rss = median(cold[name].map((r) => r.maxRss));
  added[name] = { wall: wall - bare.wall, rss: rss - bare.maxRss };
  console.log(`| ${name} | ${wall.toFixed(0)} ms | +${(wall - bare.wall).toFixed(0)} ms | ${(rss / MiB).toFixed(1)} MiB | +${((rss - bare.maxRss) / MiB).toFixed(1)} MiB |`);
}
const ajv = added['ajv 2020 + ajv-formats'];
for (const build of builds) {
  const ours = added[build.name];
  console.log(`\nTargets, ${build.name}: added wall ≤ ajv's (${ajv.wall.toFixed(0)} ms): ${ours.wall <= ajv.wall ? 'met' : `**not met** (+${(ours.wall - ajv.wall).toFixed(0)} ms)`}; ` +
    `added peak memory ≤ 20 MiB: ${ours.rss <= 20 * MiB ? 'met' : `**not met** (+${((ours.rss - 20 * MiB) / MiB).toFixed(1)} MiB over)`}.`);
}

for (const build of builds) {
  const runs = profiles[build.glue];
  const phases = runs[0].t.slice(1).map(([phase]) => phase);
  console.log(`\nProfile of ${build.name} (${(readFileSync(join(installed, `${build.glue}_bg.wasm`)).length / 1024).toFixed(0)} KiB .wasm), medians of ${RUNS}; node itself ${median(runs.map((r) => r.t[0][1])).toFixed(0)} ms before the script:\n`);
  console.log('| phase | ms | resident after | wasm memory after |');
  console.log('|---|---:|---:|---:|');
  phases.forEach((phase, i) => {
    const ms = median(runs.map((r) => r.t[i + 1][1] - r.t[i][1]));
    const rss = median(runs.map((r) => r.m[i + 1].rss));
    const wasm = median(runs.map((r) => r.m[i + 1].wasm));
    console.log(`| ${phase} | ${ms.toFixed(1)} | ${(rss / MiB).toFixed(1)} MiB | ${wasm ? `${(wasm / MiB).toFixed(1)} MiB` : '—'} |`);
  });
  console.log(`| peak resident of the process | | ${(median(runs.map((r) => r.maxRss)) / MiB).toFixed(1)} MiB | |`);
}
