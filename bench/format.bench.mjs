// Throughput of format(text) through the wasm package against JSON.stringify(JSON.parse(text), null, 2),
// on generated ~5 MB and ~50 MB documents; also the all-opt-level-3 build, to show what the
// size-tuned profile costs. Prints a Markdown table. Run with `make bench` (builds pkg/ first).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { buildO3Variant, machine, PKG_DIR } from './variant.mjs';

/** Deterministic pseudo-random numbers (mulberry32), so every run formats the same text. */
function random(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['tool', 'résumé', 'schema', 'naïve', 'argument', 'данные', '検索', 'call', 'result', 'emoji 😀', 'path\\to', 'line\nbreak', 'tab\there', '"quoted"', 'value'];

/** A realistic minified document of about `bytes` bytes: records of nested objects, strings with escapes and non-ASCII, floats and ints. */
function generate(bytes) {
  const next = random(42);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const sentence = (n) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const records = [];
  let size = 0;
  for (let id = 0; size < bytes; id++) {
    const record = {
      id,
      name: sentence(2),
      description: sentence(8 + Math.floor(next() * 12)),
      price: Math.round(next() * 1e6) / 100,
      ratio: next(),
      count: Math.floor(next() * 1e9),
      active: next() > 0.5,
      owner: next() > 0.8 ? null : { login: sentence(1), score: -Math.floor(next() * 1000), geo: { lat: next() * 180 - 90, lon: next() * 360 - 180 } },
      tags: Array.from({ length: Math.floor(next() * 5) }, () => pick(WORDS)),
      history: Array.from({ length: Math.floor(next() * 4) }, (_, i) => ({ at: 1.7e9 + i * 3600, delta: next() * 10 - 5 })),
    };
    const text = JSON.stringify(record);
    size += Buffer.byteLength(text) + 1;
    records.push(record);
  }
  return JSON.stringify({ jsonrpc: '2.0', id: 1, result: { structuredContent: { records } } });
}

/** Median wall time in ms of `fn()` over `iterations` runs after `warmup` runs. */
function median(fn, iterations, warmup) {
  for (let i = 0; i < warmup; i++) fn();
  const times = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

/** Loads a package directory's Node entry. */
async function load(dir) {
  const entry = join(dir, 'node.js');
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run make pkg first`);
  return import(pathToFileURL(entry).href);
}

const shipped = await load(PKG_DIR);
const o3 = await load(buildO3Variant());
const rows = [];
let target;
for (const [label, bytes, iterations] of [['5 MB', 5e6, 15], ['50 MB', 50e6, 5]]) {
  const text = generate(bytes);
  const mb = Buffer.byteLength(text) / 1e6;
  if (shipped.format(text) !== o3.format(text)) throw new Error('the two builds disagree');
  const native = median(() => JSON.stringify(JSON.parse(text), null, 2), iterations, 2);
  const ours = median(() => shipped.format(text), iterations, 2);
  const ours3 = median(() => o3.format(text), iterations, 2);
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
console.log(`\nTarget format ≥ 2× JSON.stringify(JSON.parse()) on 5 MB: ${target >= 2 ? 'met' : 'NOT met'} (${target.toFixed(2)}×).`);
const worst = Math.min(...rows.map((r) => r[5]));
console.log(`Target shipped throughput within 10% of all-O3: ${worst >= 0.9 ? 'met' : 'NOT met'} (worst ${(worst * 100).toFixed(0)}%).`);
