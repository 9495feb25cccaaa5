// Reading pasted logs (wasm `readLog`, `replayLog`, `redactLog`, pkg/): the VS Code output fixture
// (tests/fixtures/logs/vscode-output.log) repeated with fresh request ids up to each size, the time
// of one call (median of `rounds` after a warm-up). The page runs these in its worker, so a large
// paste keeps the page responsive; `replayLog`'s cost beyond `readLog` is the Session's checks.
// Run with `make bench` (builds pkg/ first), or `node bench/logs.bench.mjs [rounds] [max MB]`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { machine, PKG_DIR } from './variant.mjs';

const { readLog, replayLog, redactLog } = await import(pathToFileURL(join(PKG_DIR, 'node.js')).href);
const ROUNDS = Number(process.argv[2] ?? 3);
const MAX_MB = Number(process.argv[3] ?? 10);
const BASE = readFileSync(new URL('../tests/fixtures/logs/vscode-output.log', import.meta.url), 'utf8').split('\n').filter(Boolean);

/** The fixture's lines repeated up to `bytes`, each round of requests with new ids. */
function grown(bytes) {
  const lines = [];
  let size = 0;
  for (let round = 0; size < bytes; round++) {
    for (const line of BASE) {
      const next = line.replace(/"id":(\d+)/, (_, id) => `"id":${round * 10 + Number(id)}`);
      lines.push(next);
      size += next.length + 1;
    }
  }
  return lines.join('\n');
}

function median(run) {
  run();
  const times = Array.from({ length: ROUNDS }, () => {
    const start = performance.now();
    run();
    return performance.now() - start;
  }).sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

console.log(`Pasted logs (VS Code output), ${machine()}, median of ${ROUNDS}`);
console.log('| size | messages | readLog | replayLog | redactLog |');
console.log('|---|---|---|---|---|');
for (const mb of [1, 10, 50].filter((n) => n <= MAX_MB)) {
  const text = grown(mb * 1e6);
  const messages = readLog(text).entries.length;
  const cells = [readLog, replayLog, redactLog].map((fn) => `${(median(() => fn(text)) / 1000).toFixed(2)} s`);
  console.log(`| ${mb} MB | ${messages} | ${cells.join(' | ')} |`);
}
