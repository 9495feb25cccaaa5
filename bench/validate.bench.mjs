// Benchmark: validating MCP tool arguments against a typical inputSchema, in Node.
// Ours (wasm: Validator.validate / isValid / validateArguments) against ajv (Ajv2020 + ajv-formats,
// JSON.parse + validate), @cfworker/json-schema and @hyperjump/json-schema. Prints a Markdown table.
// Run after building pkg/: `node bench/validate.bench.mjs [count]`.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { Validator as CfValidator } from '@cfworker/json-schema';
import { SCHEMA as schema, argumentTexts } from './argument-texts.mjs';
import { registerSchema, unregisterSchema, validate as hyperValidate } from '@hyperjump/json-schema/draft-2020-12';
import { Validator, validateArguments } from '../pkg/node.js';
import { Validator as ServerValidator, validateArguments as serverValidateArguments } from '../pkg/validator-node.js';
import { buildEngineFloor, buildO3Variant } from './variant.mjs';

/** The all-opt-level-3 build of the package (bench/variant.mjs), for the size profile's cost. */
const o3 = await import(pathToFileURL(join(buildO3Variant(), 'node.js')).href);

const COUNT = Number(process.argv[2] ?? 100_000);
const ONE_SHOT_ROUNDS = 200;
const DIALECT = 'https://json-schema.org/draft/2020-12/schema';

const schemaText = JSON.stringify(schema);

const texts = argumentTexts(COUNT);

const ROUNDS = 5;

/** Runs `fn` over every input (the texts by default); returns ops/s and how many were valid. */
function pass(fn, inputs = texts) {
  let valid = 0;
  const start = performance.now();
  for (const input of inputs) if (fn(input)) valid += 1;
  const seconds = (performance.now() - start) / 1000;
  return { opsPerSec: inputs.length / seconds, valid };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Median ops/s of `ROUNDS` passes over every text (of `list`) per contender, the contenders taking turns in
 * each round (the machine's load then weighs on all of them alike); and how many were valid.
 */
function throughputs(contenders, inputs = texts) {
  for (const fn of Object.values(contenders)) for (let i = 0; i < Math.min(2000, inputs.length); i += 1) fn(inputs[i]);
  const runs = Object.fromEntries(Object.keys(contenders).map((name) => [name, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, fn] of Object.entries(contenders)) runs[name].push(pass(fn, inputs));
  }
  return Object.fromEntries(Object.entries(runs).map(([name, passes]) => [
    name,
    { opsPerSec: median(passes.map((p) => p.opsPerSec)), valid: passes[0].valid },
  ]));
}

/**
 * The engine alone (bench/engine-floor built at opt-level 3): jsonschema validating the texts
 * already parsed into `serde_json::Value`s, no text reading, no JS↔wasm call per text. No
 * `isValid(text)` built on this engine can be faster. Median ops/s of `ROUNDS` passes.
 */
async function engineAlone() {
  const dir = buildEngineFloor('3');
  const glue = await import(pathToFileURL(join(dir, 'engine_floor.js')).href);
  const exports = glue.initSync({ module: readFileSync(join(dir, 'engine_floor_bg.wasm')) });
  const { memory, reserve, prepare, count_valid: countValid } = exports;
  const write = (text) => {
    const bytes = new TextEncoder().encode(text);
    const ptr = reserve(bytes.length);
    new Uint8Array(memory.buffer, ptr, bytes.length).set(bytes);
    return [ptr, bytes.length];
  };
  const status = prepare(...write(schemaText), ...write(texts.join('\n')));
  if (status !== 0) throw new Error(`engine-floor prepare failed: ${status}`);
  countValid(); // warm-up
  const passes = [];
  let valid = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    const start = performance.now();
    valid = countValid();
    passes.push(texts.length / ((performance.now() - start) / 1000));
  }
  return { opsPerSec: median(passes), valid };
}

/** Mean milliseconds of `fn()` over `rounds` runs (after a few warm-up runs). */
async function latency(fn, rounds = ONE_SHOT_ROUNDS) {
  for (let i = 0; i < 5; i += 1) await fn(i);
  const start = performance.now();
  for (let i = 0; i < rounds; i += 1) await fn(i);
  return (performance.now() - start) / rounds;
}

const sample = texts[0];
const makeAjv = () => addFormats(new Ajv2020({ strict: false }));
const results = [];

// Steady state, ours and ajv's taking turns (the isValid target compares these two).
const ours = new Validator(schemaText);
const oursO3 = new o3.Validator(schemaText);
const server = new ServerValidator(schemaText);
const ajvValidate = makeAjv().compile(schema);
const { oursIsValid, oursO3IsValid, ajvRun, oursValidate, serverIsValid } = throughputs({
  oursIsValid: (t) => ours.isValid(t),
  oursO3IsValid: (t) => oursO3.isValid(t),
  ajvRun: (t) => ajvValidate(JSON.parse(t)),
  oursValidate: (t) => ours.validate(t).valid,
  serverIsValid: (t) => server.isValid(t),
});

// Ours.
const oursCompile = await latency(() => new Validator(schemaText).free());
const oursOneShot = await latency(() => validateArguments(schemaText, sample).valid);
results.push(['mcp-json-toolbox `isValid(text)`', oursIsValid, oursCompile, oursOneShot]);
results.push(['mcp-json-toolbox `validate(text)` (full report)', oursValidate, oursCompile, oursOneShot]);
results.push(['same `isValid(text)`, all-opt-level-3 build (bench/results/pkg-o3)', oursO3IsValid, null, null]);
const serverCompile = await latency(() => new ServerValidator(schemaText).free());
const serverOneShot = await latency(() => serverValidateArguments(schemaText, sample).valid);
results.push(['mcp-json-toolbox/validator (server build) `isValid(text)`', serverIsValid, serverCompile, serverOneShot]);

// ajv.
const ajvCompile = await latency(() => makeAjv().compile(schema));
const ajvOneShot = await latency(() => makeAjv().compile(schema)(JSON.parse(sample)));
results.push(['ajv (Ajv2020 + ajv-formats) `JSON.parse` + validate', ajvRun, ajvCompile, ajvOneShot]);

// @cfworker/json-schema.
const cf = new CfValidator(schema, '2020-12');
const { cfRun } = throughputs({ cfRun: (t) => cf.validate(JSON.parse(t)).valid });
const cfCompile = await latency(() => new CfValidator(schema, '2020-12'));
const cfOneShot = await latency(() => new CfValidator(schema, '2020-12').validate(JSON.parse(sample)).valid);
results.push(['@cfworker/json-schema `JSON.parse` + validate', cfRun, cfCompile, cfOneShot]);

// @hyperjump/json-schema.
const hyperUri = 'https://example.com/bench/tool';
registerSchema(schema, hyperUri, DIALECT);
const hyper = await hyperValidate(hyperUri);
const { hyperRun } = throughputs({ hyperRun: (t) => hyper(JSON.parse(t)).valid });
const fresh = async (i) => {
  const uri = `https://example.com/bench/one-shot-${i}`;
  registerSchema(schema, uri, DIALECT);
  const validator = await hyperValidate(uri);
  unregisterSchema(uri);
  return validator;
};
const hyperCompile = await latency(fresh, 50);
const hyperOneShot = await latency(async (i) => (await fresh(i))(JSON.parse(sample)).valid, 50);
results.push(['@hyperjump/json-schema `JSON.parse` + validate', hyperRun, hyperCompile, hyperOneShot]);
results.push(['jsonschema alone in wasm: pre-parsed values, no text, no JS call (bench/engine-floor, O3)', await engineAlone(), null, null]);

// The fast path (issue 15), in a run of its own: `isValid` against the engine alone
// (`engineIsValid`, which is `isValid` before the fast path) and ajv, taking turns; then
// `validate` against `isValid` on the valid texts only (a valid text's report needs no positions).
const fastRun = throughputs({
  isValid: (t) => ours.isValid(t),
  engine: (t) => ours.engineIsValid(t),
  ajv: (t) => ajvValidate(JSON.parse(t)),
});
const validTexts = texts.filter((t) => ours.isValid(t));
const validRun = throughputs({
  isValid: (t) => ours.isValid(t),
  validate: (t) => ours.validate(t).valid,
}, validTexts);

const fmt = (n, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const ajvOps = ajvRun.opsPerSec;
console.log(`## Validate benchmark — ${new Date().toISOString().slice(0, 10)}`);
console.log('');
console.log(`Machine: ${os.cpus()[0]?.model ?? 'unknown CPU'} × ${os.cpus().length}, ${os.platform()} ${os.arch()}, Node ${process.version}. ` +
  `${fmt(COUNT)} argument texts (${fmt(oursIsValid.valid)} valid); ops/s = median of ${ROUNDS} passes, ours and ajv taking turns; one-shot = compile + validate one text, mean of ${ONE_SHOT_ROUNDS} runs (50 for hyperjump).`);
console.log('');
console.log('| Library / call | ops/s | vs ajv | valid | compile (ms) | one-shot (ms) | one-shot vs ajv |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const [name, run, compile, oneShot] of results) {
  const [c, o, r] = oneShot === null ? ['—', '—', '—'] : [fmt(compile, 3), fmt(oneShot, 3), `${fmt(ajvOneShot / oneShot, 1)}× faster`];
  console.log(`| ${name} | ${fmt(run.opsPerSec)} | ${fmt(run.opsPerSec / ajvOps, 2)}× | ${fmt(run.valid)} | ${c} | ${o} | ${r} |`);
}

// On objects (what Node hosts hold): ours `isValid(object)` (checked and stringified in JS, then
// the text path) next to ajv and @cfworker validating the same objects, no JSON.parse anywhere;
// and the text path with and without the values layer (runtime/values.js), its cost.
{
  const objects = texts.map((t) => JSON.parse(t));
  const { createGlue } = await import('../pkg/mcp_json_toolbox_factory.js');
  const { instanceHost, recoverable } = await import('../pkg/load/recover.js');
  const module = new WebAssembly.Module(readFileSync(new URL('../pkg/mcp_json_toolbox_bg.wasm', import.meta.url)));
  const plain = new (recoverable(instanceHost(createGlue, module)).Validator)(schemaText);
  const onObjects = throughputs({
    ours: (o) => ours.isValid(o),
    ajv: (o) => ajvValidate(o),
    cfworker: (o) => cf.validate(o).valid,
  }, objects);
  const textPath = throughputs({ withValues: (t) => ours.isValid(t), without: (t) => plain.isValid(t) });
  console.log('');
  console.log('| on objects | ops/s | vs ajv | valid |');
  console.log('|---|---:|---:|---:|');
  for (const [name, run] of [['mcp-json-toolbox `isValid(object)`', onObjects.ours], ['ajv validate(object)', onObjects.ajv], ['@cfworker/json-schema validate(object)', onObjects.cfworker]]) {
    console.log(`| ${name} | ${fmt(run.opsPerSec)} | ${fmt(run.opsPerSec / onObjects.ajv.opsPerSec, 2)}× | ${fmt(run.valid)} |`);
  }
  console.log(`| mcp-json-toolbox \`isValid(text)\` through the values layer / without it | ${fmt(textPath.withValues.opsPerSec)} / ${fmt(textPath.without.opsPerSec)} | ${fmt((100 * textPath.withValues.opsPerSec) / textPath.without.opsPerSec)}% | ${fmt(textPath.withValues.valid)} |`);
  // The object rows join the agreement check below.
  for (const run of Object.values(onObjects)) results.push(['', run, null, null]);
}
const agree = results.every(([, run]) => run.valid === oursIsValid.valid);
console.log('');
console.log(agree ? 'All libraries agree on which texts are valid.' : 'WARNING: the libraries disagree on the number of valid texts.');
console.log(`Targets: isValid ≥ ajv: ${oursIsValid.opsPerSec >= ajvOps ? 'met' : 'NOT met'}; one-shot ≥ 5× ajv: ${ajvOneShot / oursOneShot >= 5 ? 'met' : 'NOT met'}; ` +
  `shipped isValid within 10% of all-O3: ${oursIsValid.opsPerSec >= 0.9 * oursO3IsValid.opsPerSec ? 'met' : 'NOT met'} (${fmt((100 * oursIsValid.opsPerSec) / oursO3IsValid.opsPerSec)}%).`);

console.log('');
console.log(`### Fast path (separate run; schema has a fast path: ${ours.hasFastPath() ? 'yes' : 'no'})`);
console.log('');
console.log('| call | ops/s | vs ajv | valid |');
console.log('|---|---:|---:|---:|');
for (const [name, run] of [
  ['ours `isValid(text)` (fast path)', fastRun.isValid],
  ['ours `engineIsValid(text)` (the engine alone: `isValid` before the fast path)', fastRun.engine],
  ['ajv `JSON.parse` + validate', fastRun.ajv],
]) console.log(`| ${name} | ${fmt(run.opsPerSec)} | ${fmt(run.opsPerSec / fastRun.ajv.opsPerSec, 2)}× | ${fmt(run.valid)} |`);
console.log('');
console.log(`Valid texts only (${fmt(validTexts.length)}): \`isValid\` ${fmt(validRun.isValid.opsPerSec)} ops/s, \`validate\` ` +
  `${fmt(validRun.validate.opsPerSec)} ops/s (${fmt((100 * validRun.validate.opsPerSec) / validRun.isValid.opsPerSec)} % of \`isValid\`).`);
console.log(`Targets: isValid ≥ 1.2× ajv: ${fastRun.isValid.opsPerSec >= 1.2 * fastRun.ajv.opsPerSec ? 'met' : 'NOT met'} ` +
  `(${fmt(fastRun.isValid.opsPerSec / fastRun.ajv.opsPerSec, 2)}×); validate on valid texts within 10 % of isValid: ` +
  `${validRun.validate.opsPerSec >= 0.9 * validRun.isValid.opsPerSec ? 'met' : 'NOT met'}.`);

// Patterns (issue 50, decision 3): `pattern` and `patternProperties` run on the host's RegExp, one
// crossing from wasm to JavaScript per match (the text copied to a JS string each time). A schema
// with a match per string and per key (none of them literal, which the engine checks without the
// host), ours (full and server build) against ajv, taking turns.
{
  const patternSchema = {
    type: 'object',
    properties: {
      id: { type: 'string', pattern: '^[a-z][a-z0-9_]{2,31}$' },
      email: { type: 'string', pattern: '^[^@\\s]+@[^@\\s]+\\.[a-z]{2,}$' },
      tags: { type: 'array', items: { type: 'string', pattern: '^[\\w-]{1,20}$' } },
      headers: { type: 'object', patternProperties: { '^[Xx]-[A-Za-z-]+$': { type: 'string', pattern: '\\S' } }, additionalProperties: false },
    },
    required: ['id'],
  };
  const patternTexts = [];
  let seed = 7;
  const rand = (n) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
  for (let i = 0; i < Math.min(COUNT, 20_000); i += 1) {
    const tags = Array.from({ length: 1 + rand(8) }, (_, k) => (rand(20) === 0 ? 'bad tag' : `tag-${k}${rand(100)}`));
    const headers = Object.fromEntries(Array.from({ length: rand(6) }, (_, k) => [rand(15) === 0 ? `Y-h${k}` : `X-Header-${'abcdef'[k]}`, rand(20) === 0 ? ' ' : `v${rand(1000)}`]));
    patternTexts.push(JSON.stringify({ id: rand(25) === 0 ? '9bad' : `user_${rand(10_000)}`, email: `u${rand(999)}@example.org`, tags, headers }));
  }
  const patternText = JSON.stringify(patternSchema);
  const full = new Validator(patternText);
  const serverBuild = new ServerValidator(patternText);
  const ajvPatterns = makeAjv().compile(patternSchema);
  const run = throughputs({
    full: (t) => full.isValid(t),
    server: (t) => serverBuild.isValid(t),
    ajv: (t) => ajvPatterns(JSON.parse(t)),
  }, patternTexts);
  const matches = patternTexts.reduce((n, t) => {
    const o = JSON.parse(t);
    return n + 2 + o.tags.length + 2 * Object.keys(o.headers).length;
  }, 0);
  console.log('');
  console.log(`### Patterns (${fmt(patternTexts.length)} texts, about ${fmt(matches / patternTexts.length, 1)} pattern matches each, ${fmt(run.ajv.valid)} valid)`);
  console.log('');
  console.log('| call | ops/s | vs ajv | valid |');
  console.log('|---|---:|---:|---:|');
  for (const [name, r] of [['ours `isValid(text)`, full build', run.full], ['ours `isValid(text)`, server build', run.server], ['ajv `JSON.parse` + validate', run.ajv]]) {
    console.log(`| ${name} | ${fmt(r.opsPerSec)} | ${fmt(r.opsPerSec / run.ajv.opsPerSec, 2)}× | ${fmt(r.valid)} |`);
  }
  if (run.full.valid !== run.ajv.valid || run.server.valid !== run.ajv.valid) console.log('WARNING: ours and ajv disagree on which texts are valid.');
  full.free();
  serverBuild.free();
}
