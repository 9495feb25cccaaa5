// Reading and replaying pasted logs, 1 MB to 50 MB, side by side with the floor: `JSON.parse` of the
// same messages (each JSON Lines line; each VS Code message line's JSON) and `jq .` over the file (when
// installed). Two logs grown from the real fixtures, each round of requests with fresh ids (and task
// ids): a VS Code output log in the 2026 form (tests/fixtures/logs/vscode-output-2026.log) and a
// proxy recording, JSON Lines of envelopes (tests/fixtures/sessions/everything-research-2025-11-25.jsonl).
// In Node: the package's wasm build (pkg/: `readLog`, `replayLog`), the time of one call (median of
// `rounds` after a warm-up) and the process's peak resident memory so far. Native: examples/replay_log.rs (`cargo run --release`), its peak resident memory.
// Run with `make bench` (builds pkg/ first), or `node bench/logs.bench.mjs [rounds] [max MB]`.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { machine, PKG_DIR } from './variant.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const { readLog, replayLog } = await import(pathToFileURL(join(PKG_DIR, 'node.js')).href);
const ROUNDS = Number(process.argv[2] ?? 3);
const MAX_MB = Number(process.argv[3] ?? 50);
const fixture = (path) => readFileSync(join(ROOT, path), 'utf8').split('\n').filter(Boolean);

/** `lines` repeated up to `bytes`, each round's ids (and task ids) made new. */
function grown(lines, bytes) {
  const out = [];
  let size = 0;
  for (let round = 0; size < bytes; round++) {
    for (const line of lines) {
      const next = line
        .replace(/"id":(\d+)/g, (_, id) => `"id":${round * 100 + Number(id)}`)
        .replace(/"taskId":"([^"]*)"/g, (_, id) => `"taskId":"${id}-${round}"`);
      out.push(next);
      size += next.length + 1;
    }
  }
  return `${out.join('\n')}\n`;
}

/** The JSON of each message of `text`: a JSON Lines line, or a VS Code line's text after its marker. */
function messagesOf(text) {
  return text.split('\n').flatMap((line) => {
    const marker = line.indexOf('] {');
    if (line.startsWith('{')) return [line];
    return marker > 0 && / \[(editor|server) -> /.test(line) ? [line.slice(marker + 2)] : [];
  });
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

/** `jq . FILE > /dev/null`'s time, or undefined without jq. */
function jqTime(file) {
  if (spawnSync('jq', ['--version']).status !== 0) return undefined;
  const start = performance.now();
  const run = spawnSync('sh', ['-c', `jq . "${file}" > /dev/null`]);
  return run.status === 0 ? performance.now() - start : undefined;
}

/** The native example's figures for `file` (built once, release). */
function native(file) {
  const out = execFileSync('cargo', ['run', '--quiet', '--release', '--example', 'replay_log', '--', file, String(ROUNDS)], {
    cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'],
  });
  return JSON.parse(out);
}

const LOGS = [
  ['VS Code log (2026 form)', fixture('tests/fixtures/logs/vscode-output-2026.log')],
  ['proxy recording (JSON Lines)', fixture('tests/fixtures/sessions/everything-research-2025-11-25.jsonl')],
];
const s = (ms) => (ms === undefined ? '–' : `${(ms / 1000).toFixed(2)} s`);
const x = (ms, floor) => `${s(ms)} (${(ms / floor).toFixed(1)}×)`;
const dir = mkdtempSync(join(tmpdir(), 'logs-bench-'));
console.log(`Pasted logs, ${machine()}, median of ${ROUNDS}; × = times the JSON.parse floor`);
console.log('| log | size | messages | JSON.parse | jq . | readLog (Node) | replayLog (Node) | read (native) | replay (native) | peak RSS: Node (so far) / native |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
try {
  for (const [name, lines] of LOGS) {
    for (const mb of [1, 10, 50].filter((n) => n <= MAX_MB)) {
      const text = grown(lines, mb * 1e6);
      const file = join(dir, `${mb}.log`);
      writeFileSync(file, text);
      const floor = median(() => { for (const m of messagesOf(text)) JSON.parse(m); });
      const report = replayLog(text);
      const read = median(() => readLog(text));
      const replay = median(() => replayLog(text));
      const nodeMiB = process.resourceUsage().maxRSS / 1024;
      const nat = native(file);
      console.log(`| ${name} | ${mb} MB | ${report.counts.messages} | ${s(floor)} | ${s(jqTime(file))} | ${x(read, floor)} | ${x(replay, floor)} | ${x(nat.readMs, floor)} | ${x(nat.replayMs, floor)} | ${nodeMiB.toFixed(0)} MiB / ${(nat.peakKiB / 1024).toFixed(0)} MiB |`);
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
