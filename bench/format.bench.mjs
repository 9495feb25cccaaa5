// Throughput of format(text) through the wasm package against JSON.stringify(JSON.parse(text), null, 2),
// on generated ~5 MB and ~50 MB documents; also the all-opt-level-3 build, to show what the
// size-tuned profile costs, and the format core (`mcp-json-toolbox/format`) of both. Prints
// Markdown tables of medians (the contenders take turns) and the best-run ratios. Run with
// `make bench` (builds pkg/ first).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { generate } from './document.mjs';
import { buildO3Variant, machine, PKG_DIR } from './variant.mjs';

/**
 * Median wall time in ms of each function over `iterations` rounds after `warmup` rounds. The
 * functions take turns within every round, so load from other processes hits them alike.
 */
function medians(fns, iterations, warmup) {
  const times = fns.map(() => []);
  for (let round = 0; round < warmup + iterations; round++) {
    fns.forEach((fn, i) => {
      const start = performance.now();
      fn();
      if (round >= warmup) times[i].push(performance.now() - start);
    });
  }
  return times.map((list) => list.sort((x, y) => x - y)).map((list) => ({ median: list[Math.floor(list.length / 2)], best: list[0] }));
}

/** Loads a package directory's Node entry (`node.js`, or the format core's `format-node.js`). */
async function load(dir, file = 'node.js') {
  const entry = join(dir, file);
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run make pkg first`);
  return import(pathToFileURL(entry).href);
}

const shipped = await load(PKG_DIR);
const core = await load(PKG_DIR, 'format-node.js');
const o3Dir = buildO3Variant();
const o3 = await load(o3Dir);
const coreO3 = await load(o3Dir, 'format-node.js');
const rows = [];
const coreRows = [];
const best = [];
let target;
for (const [label, bytes, iterations] of [['5 MB', 5e6, 21], ['50 MB', 50e6, 7]]) {
  const text = generate(bytes);
  const mb = Buffer.byteLength(text) / 1e6;
  const output = shipped.format(text);
  if ([o3, core, coreO3].some((build) => build.format(text) !== output)) throw new Error('the builds disagree');
  const [nativeTimes, oursTimes, ours3Times, coreTimes, core3Times] = medians(
    [() => JSON.stringify(JSON.parse(text), null, 2), () => shipped.format(text), () => o3.format(text), () => core.format(text), () => coreO3.format(text)],
    iterations,
    2,
  );
  coreRows.push([label, mb / (coreTimes.median / 1000), mb / (core3Times.median / 1000), core3Times.median / coreTimes.median]);
  const [native, ours, ours3] = [nativeTimes.median, oursTimes.median, ours3Times.median];
  best.push(`${label}: ${(nativeTimes.best / oursTimes.best).toFixed(2)}× JSON, ${((ours3Times.best / oursTimes.best) * 100).toFixed(0)}% of O3`);
  const speed = (ms) => mb / (ms / 1000);
  rows.push([`${label} (${mb.toFixed(1)} MB)`, speed(ours), speed(ours3), speed(native), native / ours, ours3 / ours]);
  if (label === '5 MB') target = native / ours;
}

console.log(`format throughput — ${machine()}\n`);
console.log('| document | format (shipped) MB/s | format (all O3) MB/s | JSON.stringify(JSON.parse()) MB/s | shipped ÷ JSON | shipped ÷ O3 |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const [name, a, b, c, ratio, rel] of rows) {
  console.log(`| ${name} | ${a.toFixed(0)} | ${b.toFixed(0)} | ${c.toFixed(0)} | ${ratio.toFixed(2)}× | ${(rel * 100).toFixed(0)}% |`);
}
console.log('\n| document | format core `mcp-json-toolbox/format` (shipped) MB/s | format core (all O3) MB/s | core shipped ÷ O3 |');
console.log('|---|---:|---:|---:|');
for (const [name, a, b, rel] of coreRows) console.log(`| ${name} | ${a.toFixed(0)} | ${b.toFixed(0)} | ${(rel * 100).toFixed(0)}% |`);
console.log(`\nBest runs (least disturbed by other processes): ${best.join('; ')}.`);
console.log(`Target format ≥ 2× JSON.stringify(JSON.parse()) on 5 MB: ${target >= 2 ? 'met' : 'NOT met'} (${target.toFixed(2)}×).`);
const worst = Math.min(...rows.map((r) => r[5]));
console.log(`Target shipped throughput within 10% of all-O3: ${worst >= 0.9 ? 'met' : 'NOT met'} (worst ${(worst * 100).toFixed(0)}%).`);
