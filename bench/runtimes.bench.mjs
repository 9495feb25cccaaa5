// Per runtime an MCP server is deployed on (Deno, Bun, Cloudflare workerd, Vercel's Edge Runtime),
// with the packed package installed in a fresh project as in tests/runtimes/: the first validation
// after a cold start, and `isValid` throughput against that runtime's usable alternative (ajv where
// it runs: Deno, Bun; @cfworker/json-schema where code generation is forbidden: workerd, the Edge
// Runtime, whose VM here has strings and wasm code generation off, as in production).
//
// Cold start, each the median of COLD_RUNS:
// - Deno, Bun: a fresh process importing the package and validating once; `performance.now()` at
//   that point (ms since the process started) and the part from the import on.
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

// Deno and Bun: processes.
write('cold.mjs', `const start = performance.now();
const { Validator } = await import('mcp-json-toolbox');
const ok = new Validator({ type: 'object', properties: { shard: { type: 'integer' } } }).isValid('{"shard":1}');
const end = performance.now();
console.log(JSON.stringify({ ok, sinceStart: end, fromImport: end - start }));
`);
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
for (const [name, command] of Object.entries(processes)) {
  const cold = [];
  for (let i = 0; i < COLD_RUNS; i += 1) {
    const [cmd, args] = command('cold.mjs');
    const start = performance.now();
    const result = JSON.parse(run(cmd, args, app, { env }).trim().split('\n').at(-1));
    cold.push({ ...result, wall: performance.now() - start });
  }
  const [cmd, args] = command('throughput.mjs');
  rows.push({
    name,
    cold: `${median(cold.map((c) => c.sinceStart)).toFixed(0)} ms from process start (import → first result ${median(cold.map((c) => c.fromImport)).toFixed(0)} ms; process wall ${median(cold.map((c) => c.wall)).toFixed(0)} ms)`,
    throughput: JSON.parse(run(cmd, args, app, { env }).trim().split('\n').at(-1)),
  });
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
const workerColdRuns = { with: [], without: [] };
for (let i = 0; i < COLD_RUNS; i += 1) {
  workerColdRuns.with.push(await workerCold(workerWith));
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
const withMs = median(workerColdRuns.with);
const withoutMs = median(workerColdRuns.without);
rows.push({
  name: `workerd ${COMPATIBILITY_DATE} (Miniflare)`,
  cold: `${withMs.toFixed(0)} ms Miniflare start → first result; ${withoutMs.toFixed(0)} ms without the package: +${(withMs - withoutMs).toFixed(0)} ms (${workerWith.upload})`,
  throughput: workerThroughput,
});

// The Edge Runtime: its VM, production's code generation rules.
const edgeCold = async (source) => {
  const bundle = await edgeBundle(app, 'edge-cold.mjs', source);
  const times = [];
  for (let i = 0; i < COLD_RUNS; i += 1) {
    const start = performance.now();
    const result = await edgeRun(bundle, { compileFromBytes: false });
    times.push(performance.now() - start);
    if (result !== true) throw new Error(`the edge function answered ${JSON.stringify(result)}`);
  }
  return median(times);
};
const edgeWith = await edgeCold("import { Validator } from 'mcp-json-toolbox';\nexport const handler = () => new Validator({ type: 'integer' }).isValid('1');\n");
const edgeWithout = await edgeCold('export const handler = () => true;\n');
const edgeThroughput = await edgeRun(
  await edgeBundle(app, 'edge-throughput.mjs', `import { argumentTexts, checkers, throughput } from './workload.mjs';\nexport const handler = () => throughput(checkers(), argumentTexts(${TEXTS}), ${ROUNDS});\n`),
  { compileFromBytes: false },
);
rows.push({
  name: `Edge Runtime ${JSON.parse(run(process.execPath, ['-p', "JSON.stringify(require('edge-runtime/package.json').version)"], ROOT))}`,
  cold: `${edgeWith.toFixed(0)} ms runtime created → first result; ${edgeWithout.toFixed(0)} ms without the package: +${(edgeWith - edgeWithout).toFixed(0)} ms`,
  throughput: edgeThroughput,
});

console.log(`Runtimes, ${new Date().toISOString().slice(0, 10)}, ${TEXTS} argument texts, Node ${process.versions.node} host\n`);
console.log('| runtime | first validation after a cold start |');
console.log('|---|---|');
for (const row of rows) console.log(`| ${row.name} | ${row.cold} |`);
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
