// The streaming session checker's cost (wasm `Session`, pkg/): the two real server-everything
// recordings (tests/fixtures/sessions/everything-research-*.jsonl: initialize, a tools/list of
// the server's tools, a task run to its result) pushed message by message through a new
// `Session`, the time per push-through and per message, median of `rounds` runs after warm-up.
// This is the checker thread's work in `mcp-json-toolbox proxy`, off the traffic's hot path.
// Run with `make bench` (builds pkg/ first), or `node bench/session.bench.mjs [rounds]`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { machine, PKG_DIR } from './variant.mjs';

const { Session } = await import(pathToFileURL(join(PKG_DIR, 'node.js')).href);
const ROUNDS = Number(process.argv[2] ?? 50);
const SESSIONS = new URL('../tests/fixtures/sessions/', import.meta.url);

/** The recording's entries as the proxy's checker pushes them: message text, direction, time. */
function entries(name) {
  return readFileSync(new URL(name, SESSIONS), 'utf8').split('\n').filter(Boolean).map((line) => {
    const entry = JSON.parse(line);
    return { text: JSON.stringify(entry.message), direction: entry.direction, time: Date.parse(entry.timestamp) };
  });
}

/** Milliseconds to push every entry through a new Session, median of ROUNDS after 5 warm-ups. */
function pushThrough(list) {
  const once = () => {
    const start = performance.now();
    const session = new Session();
    for (const { text, direction, time } of list) session.push(text, direction, time);
    session.finish();
    const ms = performance.now() - start;
    session.free();
    return ms;
  };
  for (let i = 0; i < 5; i++) once();
  const times = Array.from({ length: ROUNDS }, once).sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

console.log(`Session push-through, ${machine()}, median of ${ROUNDS}`);
console.log('| recording | messages | per push-through | per message |');
console.log('|---|---|---|---|');
for (const name of ['everything-research-2025-11-25.jsonl', 'everything-research-elicitation-2025-11-25.jsonl']) {
  const list = entries(name);
  const ms = pushThrough(list);
  console.log(`| ${name} | ${list.length} | ${ms.toFixed(2)} ms | ${(ms / list.length).toFixed(3)} ms |`);
}
