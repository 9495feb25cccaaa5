// The workload of bench/runtimes.bench.mjs, run as it is in Deno and Bun and bundled for workerd
// and the Edge Runtime (no Node API): bench/argument-texts.mjs's schema and argument texts, and
// `isValid` over them with this package or the runtime's usable alternative.
import { Validator } from 'mcp-json-toolbox';
import { Validator as CfValidator } from '@cfworker/json-schema';
import { SCHEMA } from './argument-texts.mjs';

export { argumentTexts } from './argument-texts.mjs';

/** `isValid(text)` of each library; `ajv` is passed in where it runs (it is CommonJS, and needs eval). */
export function checkers(Ajv2020) {
  const ours = new Validator(SCHEMA);
  const cf = new CfValidator(SCHEMA, '2020-12', true);
  const list = { 'mcp-json-toolbox isValid(text)': (t) => ours.isValid(t), '@cfworker/json-schema (JSON.parse + validate)': (t) => cf.validate(JSON.parse(t)).valid };
  if (Ajv2020) {
    const ajv = new Ajv2020({ allErrors: false }).compile(SCHEMA);
    list['ajv 2020 (JSON.parse + validate)'] = (t) => ajv(JSON.parse(t));
  }
  return list;
}

/** Runs `check` over `texts` once: the number valid (so that the work cannot be skipped). */
export function pass(check, texts) {
  let valid = 0;
  for (const text of texts) if (check(text)) valid += 1;
  return valid;
}

/** ops/s of each checker: the median of `rounds` passes, the libraries taking turns. */
export function throughput(list, texts, rounds) {
  const times = Object.fromEntries(Object.keys(list).map((name) => [name, []]));
  const valid = {};
  for (let round = 0; round < rounds; round += 1) {
    for (const [name, check] of Object.entries(list)) {
      const start = performance.now();
      valid[name] = pass(check, texts);
      times[name].push(performance.now() - start);
    }
  }
  const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  return Object.fromEntries(Object.entries(times).map(([name, ms]) => [name, { opsPerSecond: Math.round(texts.length / (median(ms) / 1000)), valid: valid[name] }]));
}
