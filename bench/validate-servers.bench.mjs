// Benchmark: validating arguments for the tools of the official MCP reference servers, in Node.
// The servers are started over stdio (scripts/mcp-servers.mjs) and their 37 `inputSchema`s used
// as they are. Per tool: generated argument texts (valid and invalid, deterministic); ours
// `isValid(text)` (the fast path when the schema has one) and `engineIsValid(text)` (the
// jsonschema engine alone, i.e. `isValid` before the fast path) against ajv's `JSON.parse` +
// validate (draft-07 + ajv-formats), taking turns. Prints a Markdown table, the median ratio and
// the share of tools the fast path covers. Run after building pkg/:
// `node bench/validate-servers.bench.mjs [textsPerTool]`.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { Validator } from '../pkg/node.js';
import { referenceTools } from '../scripts/mcp-servers.mjs';

const PER_TOOL = Number(process.argv[2] ?? 400);
const ROUNDS = 9;
/** Passes over a tool's texts per timed run, so that one run lasts a few milliseconds. */
const REPEAT = 50;

/** A deterministic random source. */
function dice(seed) {
  let state = seed;
  return (n) => ((state = (state * 1103515245 + 12345) % 2 ** 31), state % n);
}

const WORDS = ['alpha', 'notes/today.md', 'src/main.rs', 'New York', 'a thought about caching', 'x', 'é😀 ünïcode'];

/** A value valid against `schema` (the reference servers' subset: type, enum, bounds, items). */
function validValue(schema, rand, depth = 0) {
  if (schema.enum) return schema.enum[rand(schema.enum.length)];
  const type = Array.isArray(schema.type) ? schema.type[rand(schema.type.length)] : schema.type;
  switch (type) {
    case 'object': {
      const out = {};
      const required = new Set(schema.required ?? []);
      for (const [name, sub] of Object.entries(schema.properties ?? {})) {
        if (required.has(name) || rand(2)) out[name] = validValue(sub, rand, depth + 1);
      }
      return out;
    }
    case 'array': {
      const n = (schema.minItems ?? 0) + rand(depth > 2 ? 2 : 4);
      return Array.from({ length: n }, () => validValue(schema.items ?? {}, rand, depth + 1));
    }
    case 'string':
      return schema.format === 'uri' ? `https://example.com/${WORDS[rand(3)].replace(/[^a-z]/g, '')}` : WORDS[rand(WORDS.length)];
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? 0;
      const max = Math.min(schema.maximum ?? 1000, min + 1000);
      const n = min + rand(max - min + 1);
      return type === 'number' && rand(3) === 0 ? n + 0.5 > max ? n : n + 0.5 : n;
    }
    case 'boolean':
      return rand(2) === 1;
    default:
      return null;
  }
}

/** `value` (valid against the object `schema`) broken one way, or `undefined` if none applies. */
function invalidValue(schema, value, rand) {
  const names = Object.keys(schema.properties ?? {});
  const required = schema.required ?? [];
  const ways = [];
  if (required.length) ways.push(() => { delete value[required[rand(required.length)]]; });
  if (names.length) {
    ways.push(() => {
      const name = names[rand(names.length)];
      const sub = schema.properties[name];
      value[name] = sub.type === 'string' || (Array.isArray(sub.type) && sub.type.includes('string')) ? 42 : 'wrong';
    });
  }
  for (const [name, sub] of Object.entries(schema.properties ?? {})) {
    if (sub.minimum !== undefined) ways.push(() => { value[name] = sub.minimum - 1; });
    if (sub.enum) ways.push(() => { value[name] = 'not-an-option'; });
    if (sub.type === 'array' && sub.items?.type === 'object') {
      ways.push(() => { value[name] = [validValue(sub.items, rand), 'not an object']; });
    }
  }
  if (!ways.length) return undefined;
  ways[rand(ways.length)]();
  return value;
}

/** About two thirds valid texts, the rest broken one way each. */
function argumentTexts(schema, seed) {
  const rand = dice(seed);
  const texts = [];
  for (let i = 0; i < PER_TOOL; i += 1) {
    const value = validValue(schema, rand);
    const broken = rand(3) === 0 ? invalidValue(schema, value, rand) : undefined;
    texts.push(JSON.stringify(broken ?? value));
  }
  return texts;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Median ops/s per contender over `ROUNDS` runs, the contenders taking turns in each round. */
function throughputs(texts, contenders) {
  for (const fn of Object.values(contenders)) for (const text of texts) fn(text);
  const runs = Object.fromEntries(Object.keys(contenders).map((name) => [name, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, fn] of Object.entries(contenders)) {
      const start = performance.now();
      for (let r = 0; r < REPEAT; r += 1) for (const text of texts) fn(text);
      runs[name].push((texts.length * REPEAT) / ((performance.now() - start) / 1000));
    }
  }
  return Object.fromEntries(Object.entries(runs).map(([name, ops]) => [name, median(ops)]));
}

const servers = await referenceTools();
const rows = [];
let disagreements = 0;
let seed = 1;
for (const { server, tools } of servers) {
  for (const tool of tools) {
    const schema = tool.inputSchema;
    const texts = argumentTexts(schema, (seed += 1));
    const ours = new Validator(JSON.stringify(schema));
    const ajv = addFormats(new Ajv({ strict: false })).compile(schema);
    const ajvRun = (t) => ajv(JSON.parse(t));
    const valid = texts.filter((t) => ours.isValid(t)).length;
    disagreements += texts.filter((t) => ours.isValid(t) !== ajvRun(t) || ours.isValid(t) !== ours.engineIsValid(t)).length;
    const ops = throughputs(texts, {
      isValid: (t) => ours.isValid(t),
      engine: (t) => ours.engineIsValid(t),
      ajv: ajvRun,
    });
    rows.push({ server, name: tool.name, fast: ours.hasFastPath(), valid, count: texts.length, ...ops });
    ours.free();
  }
}

const fmt = (n, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const ratios = rows.map((r) => r.isValid / r.ajv);
const engineRatios = rows.map((r) => r.engine / r.ajv);
const covered = rows.filter((r) => r.fast).length;
console.log(`## Real-server corpus — ${new Date().toISOString().slice(0, 10)}`);
console.log('');
console.log(`Machine: ${os.cpus()[0]?.model ?? 'unknown CPU'} × ${os.cpus().length}, ${os.platform()} ${os.arch()}, Node ${process.version}. ` +
  `${rows.length} tools of ${servers.length} reference servers; ${fmt(PER_TOOL)} argument texts per tool (about two thirds valid); ` +
  `ops/s = median of ${ROUNDS} runs of ${REPEAT} passes, the three contenders taking turns.`);
console.log('');
console.log('| server | tool | fast path | valid | ours `isValid` ops/s | engine alone ops/s | ajv ops/s | ours ÷ ajv | engine ÷ ajv |');
console.log('|---|---|:-:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(`| ${r.server} | \`${r.name}\` | ${r.fast ? 'yes' : 'no'} | ${r.valid}/${r.count} | ${fmt(r.isValid)} | ${fmt(r.engine)} | ${fmt(r.ajv)} | ` +
    `${fmt(r.isValid / r.ajv, 2)}× | ${fmt(r.engine / r.ajv, 2)}× |`);
}
console.log('');
console.log(`Median over tools: ours ÷ ajv **${fmt(median(ratios), 2)}×** (engine alone ${fmt(median(engineRatios), 2)}×; ` +
  `range ${fmt(Math.min(...ratios), 2)}–${fmt(Math.max(...ratios), 2)}×). Fast-path coverage: **${covered}/${rows.length} tools ` +
  `(${fmt((100 * covered) / rows.length)} %)**.`);
console.log(disagreements === 0
  ? 'ours (fast path), the engine alone and ajv agree on every text.'
  : `WARNING: ${disagreements} texts where ours, the engine or ajv disagree.`);
console.log(`Targets: median ≥ 1.0×: ${median(ratios) >= 1 ? 'met' : 'NOT met'}; coverage ≥ 90 %: ${covered >= 0.9 * rows.length ? 'met' : 'NOT met'}.`);
process.exit(0);
