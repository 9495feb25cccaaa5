// Per runtime an MCP server is deployed on (Deno, Bun, Cloudflare workerd, Vercel's Edge Runtime),
// with the packed package installed in a fresh project as in tests/runtimes/: the first validation
// after a cold start, and `isValid` throughput against that runtime's usable alternative (ajv where
// it runs: Deno, Bun; @cfworker/json-schema where code generation is forbidden: workerd, the Edge
// Runtime, whose VM here has strings and wasm code generation off, as in production).
//
// Cold start, each the median of COLD_RUNS rounds, the contenders taking turns in every round (this
// shared machine's load then weighs on all alike): the full build (`mcp-json-toolbox`), the server
// build (`mcp-json-toolbox/validator`) and, where they run, ajv 2020 and @cfworker/json-schema.
// - Deno, Bun: a fresh process importing a validator and validating once, its wall time from the
//   host less a process that imports nothing (and `performance.now()` at that point, ms since the
//   process started).
// - workerd: Miniflare started on the wrangler bundle and one request answered with a validation,
//   from the host; the same for a worker without the package, the difference being the package's.
// - Edge Runtime: the runtime created on the bundle and one request answered, and without the package.
// Throughput: bench/validate.bench.mjs's schema over RUNTIME_TEXTS argument texts, the median of 5
// passes; in workerd the host times one request per pass (a Worker's clock stands still while it computes).
// Run with `make bench` (it builds pkg/ first).
import { copyFileSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, installTarball, run } from '../tests/pkg/install.mjs';
import { COMPATIBILITY_DATE, edgeBundle, edgeRun, workerBundle } from '../tests/runtimes/platforms.mjs';

const COLD_RUNS = Number(process.env.COLD_RUNS ?? 5);
const TEXTS = Number(process.env.RUNTIME_TEXTS ?? 50_000);
const ROUNDS = 5;
const BIN = join(ROOT, 'node_modules', '.bin');
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

const { work, app } = installTarball('mcp-json-toolbox-bench-runtimes-');
process.on('exit', () => rmSync(work, { recursive: true, force: true }));
for (const dep of ['ajv', '@cfworker/json-schema', 'fast-deep-equal', 'json-schema-traverse', 'fast-uri', 'require-from-string']) {
  mkdirSync(join(app, 'node_modules', ...dep.split('/').slice(0, -1)), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules', dep), join(app, 'node_modules', dep));
}
copyFileSync(join(ROOT, 'bench', 'runtimes', 'workload.mjs'), join(app, 'workload.mjs'));
copyFileSync(join(ROOT, 'bench', 'argument-texts.mjs'), join(app, 'argument-texts.mjs'));
const write = (name, text) => writeFileSync(join(app, name), text);

// Deno and Bun: processes, one per contender (`COLD`: the name, how it validates once).
const COLD_SCHEMA = "{ type: 'object', properties: { shard: { type: 'integer' } } }";
const COLD = {
  'nothing (bare process)': 'const ok = true;',
  'mcp-json-toolbox (full build)': `const { Validator } = await import('mcp-json-toolbox');\nconst ok = new Validator(${COLD_SCHEMA}).isValid('{"shard":1}');`,
  'mcp-json-toolbox/validator (server build)': `const { Validator } = await import('mcp-json-toolbox/validator');\nconst ok = new Validator(${COLD_SCHEMA}).isValid('{"shard":1}');`,
  'ajv 2020': `const { default: Ajv2020 } = await import('ajv/dist/2020.js');\nconst ok = new (Ajv2020.default ?? Ajv2020)().compile(${COLD_SCHEMA})(JSON.parse('{"shard":1}'));`,
  '@cfworker/json-schema': `const { Validator } = await import('@cfworker/json-schema');\nconst ok = new Validator(${COLD_SCHEMA}, '2020-12').validate(JSON.parse('{"shard":1}')).valid;`,
};
const coldFiles = Object.keys(COLD).map((name, i) => {
  write(`cold-${i}.mjs`, `const start = performance.now();\n${COLD[name]}\nconst end = performance.now();\nconsole.log(JSON.stringify({ ok, sinceStart: end, fromImport: end - start }));\n`);
  return [name, `cold-${i}.mjs`];
});
write('throughput.mjs', `import Ajv2020 from 'ajv/dist/2020.js';
import { argumentTexts, checkers, throughput } from './workload.mjs';
console.log(JSON.stringify(throughput(checkers(Ajv2020.default ?? Ajv2020), argumentTexts(${TEXTS}), ${ROUNDS})));
`);
const processes = {
  [`Deno ${run(join(BIN, 'deno'), ['--version'], app).split(/\s+/)[1]}`]: (file) => [join(BIN, 'deno'), ['run', '--allow-read', '--allow-env', file]],
  [`Bun ${run(join(BIN, 'bun'), ['--version'], app).trim()}`]: (file) => [join(BIN, 'bun'), [file]],
};
const env = { ...process.env, DENO_DIR: join(work, 'deno-dir'), DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' };
const rows = [];
/** The cold-start rows of a runtime: per library, the added wall time over a bare process. */
const coldRows = [];
for (const [name, command] of Object.entries(processes)) {
  const cold = Object.fromEntries(coldFiles.map(([library]) => [library, []]));
  for (let i = 0; i < COLD_RUNS; i += 1) {
    for (const [library, file] of coldFiles) {
      const [cmd, args] = command(file);
      const start = performance.now();
      const result = JSON.parse(run(cmd, args, app, { env }).trim().split('\n').at(-1));
      if (result.ok !== true) throw new Error(`${name} ${library}: ${JSON.stringify(result)}`);
      cold[library].push({ ...result, wall: performance.now() - start });
    }
  }
  const wall = (library) => median(cold[library].map((c) => c.wall));
  const bare = wall(coldFiles[0][0]);
  for (const [library] of coldFiles.slice(1)) {
    coldRows.push({ runtime: name, library, added: wall(library) - bare, text: `${wall(library).toFixed(0)} ms process wall, bare ${bare.toFixed(0)} ms: **+${(wall(library) - bare).toFixed(0)} ms** (import → first result ${median(cold[library].map((c) => c.fromImport)).toFixed(0)} ms)` });
  }
  const [cmd, args] = command('throughput.mjs');
  rows.push({ name, throughput: JSON.parse(run(cmd, args, app, { env }).trim().split('\n').at(-1)) });
}

// workerd: the wrangler bundle in Miniflare.
write('worker.mjs', `import { Validator } from 'mcp-json-toolbox';
import { argumentTexts, checkers, pass } from './workload.mjs';
let texts;
let list;
export default {
  fetch(request) {
    const url = new URL(request.url);
    if (url.pathname === '/first') return new Response(String(new Validator({ type: 'integer' }).isValid('1')));
    texts ??= argumentTexts(${TEXTS});
    list ??= checkers();
    const lib = url.searchParams.get('lib');
    return new Response(lib ? String(pass(list[lib], texts)) : '0');
  },
};
`);
write('empty-worker.mjs', "export default { fetch() { return new Response('true'); } };\n");
write('server-worker.mjs', "import { Validator } from 'mcp-json-toolbox/validator';\nexport default { fetch() { return new Response(String(new Validator({ type: 'integer' }).isValid('1'))); } };\n");
const { Miniflare } = await import('miniflare');
/** A Miniflare on the wrangler bundle of `main`. */
const miniflare = (bundle) =>
  new Miniflare({
    host: '127.0.0.1',
    modules: true,
    scriptPath: join(bundle.dir, bundle.main),
    modulesRoot: bundle.dir,
    modulesRules: [{ type: 'CompiledWasm', include: ['**/*.wasm'] }],
    compatibilityDate: COMPATIBILITY_DATE,
  });
const workerWith = workerBundle(app, work, 'worker.mjs', 'dist-worker');
const workerWithout = workerBundle(app, work, 'empty-worker.mjs', 'dist-empty');
const workerServer = workerBundle(app, work, 'server-worker.mjs', 'dist-server');
/** ms from creating the Miniflare to the answer of `/first`. */
async function workerCold(bundle) {
  const start = performance.now();
  const mf = miniflare(bundle);
  const answer = await (await mf.dispatchFetch('http://127.0.0.1/first')).text();
  const ms = performance.now() - start;
  await mf.dispose();
  if (answer !== 'true') throw new Error(`the worker answered ${answer}`);
  return ms;
}
const workerColdRuns = { with: [], server: [], without: [] };
for (let i = 0; i < COLD_RUNS; i += 1) {
  workerColdRuns.with.push(await workerCold(workerWith));
  workerColdRuns.server.push(await workerCold(workerServer));
  workerColdRuns.without.push(await workerCold(workerWithout));
}
const mf = miniflare(workerWith);
const workerThroughput = {};
const dispatch = async (query) => Number(await (await mf.dispatchFetch(`http://127.0.0.1/run${query}`)).text());
await dispatch('');
for (const lib of ['mcp-json-toolbox isValid(text)', '@cfworker/json-schema (JSON.parse + validate)']) {
  const times = [];
  let valid;
  for (let round = 0; round < ROUNDS; round += 1) {
    const start = performance.now();
    valid = await dispatch(`?lib=${encodeURIComponent(lib)}`);
    times.push(performance.now() - start);
  }
  const overhead = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const start = performance.now();
    await dispatch('');
    overhead.push(performance.now() - start);
  }
  workerThroughput[lib] = { opsPerSecond: Math.round(TEXTS / ((median(times) - median(overhead)) / 1000)), valid };
}
await mf.dispose();
const withoutMs = median(workerColdRuns.without);
const workerName = `workerd ${COMPATIBILITY_DATE} (Miniflare)`;
for (const [library, runs, bundle] of [['mcp-json-toolbox (full build)', workerColdRuns.with, workerWith], ['mcp-json-toolbox/validator (server build)', workerColdRuns.server, workerServer]]) {
  const ms = median(runs);
  coldRows.push({ runtime: workerName, library, added: ms - withoutMs, target: 150, text: `${ms.toFixed(0)} ms Miniflare start → first result; ${withoutMs.toFixed(0)} ms for an empty Worker: **+${(ms - withoutMs).toFixed(0)} ms** (${bundle.upload})` });
}
rows.push({ name: workerName, throughput: workerThroughput });

// The Edge Runtime: its VM, production's code generation rules.
const edgeSources = {
  with: "import { Validator } from 'mcp-json-toolbox';\nexport const handler = () => new Validator({ type: 'integer' }).isValid('1');\n",
  server: "import { Validator } from 'mcp-json-toolbox/validator';\nexport const handler = () => new Validator({ type: 'integer' }).isValid('1');\n",
  without: 'export const handler = () => true;\n',
};
const edgeBundles = {};
for (const [key, source] of Object.entries(edgeSources)) edgeBundles[key] = await edgeBundle(app, `edge-cold-${key}.mjs`, source);
const edgeTimes = { with: [], server: [], without: [] };
for (let i = 0; i < COLD_RUNS; i += 1) {
  for (const key of Object.keys(edgeTimes)) {
    const start = performance.now();
    const result = await edgeRun(edgeBundles[key], { compileFromBytes: false });
    edgeTimes[key].push(performance.now() - start);
    if (result !== true) throw new Error(`the edge function answered ${JSON.stringify(result)}`);
  }
}
const [edgeWith, edgeServer, edgeWithout] = ['with', 'server', 'without'].map((key) => median(edgeTimes[key]));
const edgeThroughput = await edgeRun(
  await edgeBundle(app, 'edge-throughput.mjs', `import { argumentTexts, checkers, throughput } from './workload.mjs';\nexport const handler = () => throughput(checkers(), argumentTexts(${TEXTS}), ${ROUNDS});\n`),
  { compileFromBytes: false },
);
const edgeName = `Edge Runtime ${JSON.parse(run(process.execPath, ['-p', "JSON.stringify(require('edge-runtime/package.json').version)"], ROOT))}`;
for (const [library, ms] of [['mcp-json-toolbox (full build)', edgeWith], ['mcp-json-toolbox/validator (server build)', edgeServer]]) {
  coldRows.push({ runtime: edgeName, library, added: ms - edgeWithout, target: 60, text: `${ms.toFixed(0)} ms runtime created → first result; ${edgeWithout.toFixed(0)} ms without the package: **+${(ms - edgeWithout).toFixed(0)} ms**` });
}
rows.push({ name: edgeName, throughput: edgeThroughput });

console.log(`Runtimes, ${new Date().toISOString().slice(0, 10)}, ${TEXTS} argument texts, Node ${process.versions.node} host; cold starts: medians of ${COLD_RUNS} rounds, the contenders taking turns\n`);
console.log('| runtime | library | first validation after a cold start | target |');
console.log('|---|---|---|---|');
for (const row of coldRows) {
  // Deno and Bun: ajv's added time there; workerd and the Edge Runtime: a fixed budget.
  const budget = row.target ?? coldRows.find((r) => r.runtime === row.runtime && r.library === 'ajv 2020')?.added;
  const target = !row.library.startsWith('mcp-json-toolbox') || budget === undefined ? '' : `≤ +${budget.toFixed(0)} ms${row.target ? '' : ' (ajv)'}: ${row.added <= budget ? 'met' : `**not met** (by ${(row.added - budget).toFixed(0)} ms)`}`;
  console.log(`| ${row.runtime} | ${row.library} | ${row.text} | ${target} |`);
}
console.log('\n| runtime | library | isValid ops/s | vs alternative | valid |');
console.log('|---|---|---:|---:|---:|');
for (const row of rows) {
  const entries = Object.entries(row.throughput);
  const [ours] = entries.find(([name]) => name.startsWith('mcp-json-toolbox'));
  const alternative = entries.find(([name]) => name.startsWith('ajv')) ?? entries.find(([name]) => name.startsWith('@cfworker'));
  for (const [name, { opsPerSecond, valid }] of entries) {
    const ratio = name === ours ? `${(opsPerSecond / alternative[1].opsPerSecond).toFixed(2)}× ${alternative[0].split(' ')[0]}` : '';
    console.log(`| ${row.name} | ${name} | ${opsPerSecond.toLocaleString('en-US')} | ${ratio} | ${valid} |`);
  }
}
