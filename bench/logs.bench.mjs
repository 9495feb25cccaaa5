// Reading and replaying pasted logs, 1 MB to 50 MB, side by side with the floor: `JSON.parse` of the
// same messages (each JSON Lines line; each VS Code message line's JSON; a HAR and every body in it)
// and `jq .` over the file (when installed). Three logs grown from the real fixtures, each round of
// requests with fresh ids (and task ids): a VS Code output log in the 2026 form
// (tests/fixtures/logs/vscode-output-2026.log), a proxy recording, JSON Lines of envelopes
// (tests/fixtures/sessions/everything-research-2025-11-25.jsonl), and a HAR of a 2026-07-28 session
// (tests/fixtures/logs/streamable-2026.har, grown by its entries, bench/grown-har.mjs).
// In Node: the package's wasm build (pkg/: `readLog`, `replayLog` of the string, and `replayLog` of the
// file's bytes as `readFile` gives them), the time of one call (median of `rounds` after a warm-up),
// each log in a process of its own (`--one FILE`), the floor measured in that process beside the
// calls; its peak resident memory (after the floor and `readLog`, and at the end) and the wasm
// memory's size at the end (it never shrinks: its peak); and each function's first call in a fresh
// process (`--first FILE FN`: the wasm memory not grown yet, what a user waits for). Native:
// examples/replay_log.rs (`cargo run --release`), its peak resident memory.
// Run with `make bench` (builds pkg/ first), or `node bench/logs.bench.mjs [rounds] [max MB]`
// (LOGS_BENCH_NATIVE=0: without the native columns, which need a release build of the crate).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { loadavg } from 'node:os';
import { machine, PKG_DIR } from './variant.mjs';
import { grownFixture } from './grown-har.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ONE = process.argv[2] === '--one';
const ROUNDS = Number(process.argv[ONE ? 4 : 2] ?? 3);
const MAX_MB = Number(process.argv[3] ?? 50);

/** The floor: what `JSON.parse` alone does to get every message of `text`. A JSON Lines line, or a
 * VS Code line's text after its marker, parsed; a HAR parsed whole, then each request's body and
 * each answer's body (a JSON body, or each `data:` line of an SSE one) parsed. */
function parseMessages(text) {
  if (/^\s*\{\s*"log"/.test(text)) {
    for (const { request, response } of JSON.parse(text).log.entries) {
      if (request.postData?.text) JSON.parse(request.postData.text);
      const body = response.content?.text ?? '';
      if (/event-stream/.test(response.content?.mimeType ?? '')) {
        for (const line of body.split('\n')) if (line.startsWith('data:')) JSON.parse(line.slice(5));
      } else if (body) JSON.parse(body);
    }
    return;
  }
  for (const line of text.split('\n')) {
    const marker = line.indexOf('] {');
    if (line.startsWith('{')) JSON.parse(line);
    else if (marker > 0 && / \[(editor|server) -> /.test(line)) JSON.parse(line.slice(marker + 2));
  }
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

/**
 * The glue started (as the package's entries start it, so that its memory's size can be read) and
 * its log readers: the raw bindings (`runtime/raw.js`), which lay out what the glue hands over as
 * columns as the entries do (an earlier build without them hands over plain objects).
 * LOGS_BENCH_PKG names another build's directory to compare with.
 */
async function started() {
  const dir = process.env.LOGS_BENCH_PKG ?? PKG_DIR;
  const raw = join(dir, 'raw.js');
  const api = await import(pathToFileURL(existsSync(raw) ? raw : join(dir, 'mcp_json_toolbox.js')).href);
  const wasm = api.initSync({ module: readFileSync(join(dir, 'mcp_json_toolbox_bg.wasm')) });
  return { wasm, readLog: api.readLog, replayLog: api.replayLog };
}

/**
 * The first call of a fresh process (`--first FILE readLog|replayLog`): its time in ms, what a
 * user waits for (the wasm memory not grown yet), where `--one` times calls after a warm-up.
 */
async function first(file, fn) {
  const readers = await started();
  const text = readFileSync(file, 'utf8');
  const start = performance.now();
  readers[fn](text);
  console.log(JSON.stringify(performance.now() - start));
}

/**
 * One log in this process (`--one FILE ROUNDS`): the floor, `readLog`, `replayLog` of the string and
 * of the bytes, the peak resident memory and the wasm memory, as one JSON line. The glue is
 * started here (as the package's entries start it) to read its memory's size; LOGS_BENCH_PKG names
 * another build's directory to compare with (a build whose `replayLog` takes no bytes gets none).
 */
async function one(file) {
  const { wasm, readLog, replayLog } = await started();
  const bytes = readFileSync(file);
  const text = bytes.toString('utf8');
  const floor = median(() => parseMessages(text));
  const messages = replayLog(text).counts.messages;
  const read = median(() => readLog(text));
  const rssReadMiB = process.resourceUsage().maxRSS / 1024;
  const replay = median(() => replayLog(text));
  const takesBytes = (() => {
    try {
      return replayLog(new Uint8Array([0x7b, 0x7d])).format !== undefined;
    } catch {
      return false;
    }
  })();
  const replayBytes = takesBytes ? median(() => replayLog(bytes)) : undefined;
  console.log(JSON.stringify({
    messages, floor, read, replay, replayBytes, rssReadMiB,
    rssMiB: process.resourceUsage().maxRSS / 1024, wasmMiB: wasm.memory.buffer.byteLength / 2 ** 20,
  }));
}

if (ONE) {
  await one(process.argv[3]);
  process.exit(0);
}
if (process.argv[2] === '--first') {
  await first(process.argv[3], process.argv[4]);
  process.exit(0);
}
/** `--first`'s time for `fn` on `file`, in a process of its own. */
const firstCall = (file, fn) => JSON.parse(execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--first', file, fn], { encoding: 'utf8' }));

const LOGS = [
  ['VS Code log (2026 form)', 'tests/fixtures/logs/vscode-output-2026.log'],
  ['proxy recording (JSON Lines)', 'tests/fixtures/sessions/everything-research-2025-11-25.jsonl'],
  ['HAR (2026 session)', 'tests/fixtures/logs/streamable-2026.har'],
];
const s = (ms) => (ms === undefined ? '–' : `${(ms / 1000).toFixed(2)} s`);
const x = (ms, floor) => `${s(ms)} (${(ms / floor).toFixed(1)}×)`;
const dir = mkdtempSync(join(tmpdir(), 'logs-bench-'));
console.log(`Pasted logs, ${machine()}, median of ${ROUNDS}; × = times the JSON.parse floor (Node's, in the same process)`);
console.log('| log | size | messages | JSON.parse | jq . | readLog (Node) | replayLog (Node) | replayLog of bytes (Node) | first readLog / replayLog (fresh process) | read (native) | replay (native) | peak: Node RSS / wasm memory / native RSS | load average |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
try {
  for (const [name, path] of LOGS) {
    for (const mb of [1, 10, 50].filter((n) => n <= MAX_MB)) {
      const text = grownFixture(path, mb * 1e6);
      const file = join(dir, `${mb}.log`);
      writeFileSync(file, text);
      const node = JSON.parse(execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--one', file, String(ROUNDS)], { encoding: 'utf8', maxBuffer: 1 << 20 }));
      const floor = node.floor;
      const nat = process.env.LOGS_BENCH_NATIVE === '0' ? undefined : native(file);
      const load = loadavg()[0].toFixed(1);
      const mib = (n) => `${n.toFixed(0)} MiB`;
      console.log(`| ${name} | ${mb} MB | ${node.messages} | ${s(floor)} | ${s(jqTime(file))} | ${x(node.read, floor)} | ${x(node.replay, floor)} | ${node.replayBytes === undefined ? '–' : x(node.replayBytes, floor)} | ${s(firstCall(file, 'readLog'))} / ${s(firstCall(file, 'replayLog'))} | ${nat ? x(nat.readMs, floor) : '–'} | ${nat ? x(nat.replayMs, floor) : '–'} | ${mib(node.rssMiB)} / ${mib(node.wasmMiB)} / ${nat ? mib(nat.peakKiB / 1024) : '–'} | ${load} |`);
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
