// Benchmark: provider compatibility in Node (pkg/node.js). `checkCompatibility` on 10,000 tools
// (every target, and one target), on the reference servers' recorded tools/list results, and
// `lowerTool` for every target on each of their tools. Prints a Markdown table of medians.
// Run after building pkg/: `node bench/compat.bench.mjs`.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { checkCompatibility, compatTargets, lowerTool } from '../pkg/node.js';
import { machine } from './variant.mjs';

const ROUNDS = 7;
/** Every target the data declares. */
const TARGETS = compatTargets().map((t) => t.name);

/** Median milliseconds of `ROUNDS` runs of `fn` (after one warm-up run). */
function median(fn) {
  fn();
  const times = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(ROUNDS / 2)];
}

const many = JSON.stringify(Array.from({ length: 10_000 }, (_, i) => ({
  name: `tool_${i}`,
  inputSchema: { type: 'object', properties: { q: { type: 'string' }, n: { type: 'integer', minimum: 0 } }, required: ['q'] },
})));
const servers = JSON.parse(readFileSync(new URL('../tests/fixtures/lint/reference-tools.json', import.meta.url), 'utf8'));
const lists = servers.map((s) => JSON.stringify({ tools: s.tools }));
const tools = servers.flatMap((s) => s.tools.map((t) => JSON.stringify(t)));

const rows = [
  [`checkCompatibility, 10,000 tools, all ${TARGETS.length} targets`, median(() => checkCompatibility(many, { targets: ['all'] }))],
  ['checkCompatibility, 10,000 tools, openai only', median(() => checkCompatibility(many, { targets: ['openai'] }))],
  [`checkCompatibility, the ${servers.length} reference servers' lists (${tools.length} tools), all targets`, median(() => lists.forEach((l) => checkCompatibility(l, { targets: ['all'] })))],
  [`lowerTool, the ${tools.length} reference tools × ${TARGETS.length} targets`, median(() => tools.forEach((t) => TARGETS.forEach((target) => lowerTool(t, target))))],
];
console.log(`Provider compatibility — ${machine()}\n`);
console.log('| run | median |\n|---|---:|');
for (const [name, ms] of rows) console.log(`| ${name} | ${ms.toFixed(1)} ms |`);
