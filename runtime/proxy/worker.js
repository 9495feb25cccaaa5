// The checker thread: frames the copies of both directions into messages, feeds each JSON message
// to the session checker, records it (`--record`), and posts findings to the main thread as they
// come. A checker that throws is reported and the check goes on with the next message.
import { setPriority } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { LineSplitter } from './lines.js';
import { openRecording } from './recording.js';

const { record, checker: checkerModule, maxMessageBytes } = workerData;
// The checker yields the CPU to the traffic (on 2 cores under load this doubled the proxy's
// throughput in bench/proxy.bench.mjs): on Linux a nice value is per thread and pid 0 names this
// thread (setpriority(2), "Linux notes"); elsewhere it may be refused, and the checker runs at the
// proxy's priority.
try {
  setPriority(0, 10);
} catch {
  // Refused: nothing else to do.
}
// The package's wasm is compiled by Liftoff, V8's baseline compiler, only: no optimised second
// copy of the code (TurboFan tier-up), 13-16 MB less peak RSS over a 10,000-message session in
// bench/proxy.bench.mjs (2026-12-02), the session checked as fast within the bench's noise. The
// flag is read when wasm is compiled, which happens below, after this line (the checker loads
// lazily); it is process-wide, and only the checker compiles wasm in the proxy.
setFlagsFromString('--liftoff-only');
const splitters = { client: new LineSplitter(maxMessageBytes), server: new LineSplitter(maxMessageBytes) };
/** Lines seen per direction (invalid JSON lines are reported by it). */
const lineCounts = { client: 0, server: 0 };
const recording = record ? openRecording(record) : undefined;
const decoder = new TextDecoder();
let messages = 0;
let failures = 0;

/** A finding of the checker's own (not a rule about the traffic). */
function own(code, message, where) {
  return { severity: 'error', code, message, index: null, pointer: '', line: 1, column: 1, ...where };
}

let checker;
try {
  const make = checkerModule ? (await import(checkerModule)).default : (await import('./session-checker.js')).createSessionChecker;
  checker = await make();
} catch (error) {
  checker = undefined;
  failures += 1;
  parentPort.postMessage({ type: 'findings', list: [own('checker-failed', `the checker could not start: ${error?.message ?? error}; traffic is passed on unchecked`, {})] });
}

/** Runs `call` on the checker; its findings, or one `checker-failed` finding if it throws. */
function guarded(call, where) {
  if (!checker) return [];
  try {
    return call() ?? [];
  } catch (error) {
    failures += 1;
    return [own('checker-failed', `the checker failed on this message: ${error?.message ?? error}; the traffic was passed on`, where)];
  }
}

/** The column (1-based) of a JSON.parse error, from its message's position when it gives one. */
function errorColumn(error, text) {
  const at = /position (\d+)/.exec(error.message);
  return at ? text.slice(0, Number(at[1])).length + 1 : 1;
}

/** Checks and records one line sent by `direction`. */
function message(bytes, direction, time) {
  lineCounts[direction] += 1;
  const text = decoder.decode(bytes);
  if (text.trim() === '') return [];
  try {
    JSON.parse(text);
  } catch (error) {
    const where = { index: null, direction, line: lineCounts[direction], column: errorColumn(error, text) };
    return [{ ...own('not-json', `a line that is not JSON (${error.message}); passed on unchanged, not checked nor recorded`, where) }];
  }
  const index = messages++;
  recording?.write(text, direction, time);
  const where = { index, direction };
  return guarded(() => checker.push(text, direction, time), where).map((f) => ({ ...where, ...f }));
}

/** Frames a batch of copies (`chunks`) or skipped spans (`gap`) and checks the lines they end. */
function chunks({ buffer, parts }) {
  const found = [];
  for (const part of parts) {
    const splitter = splitters[part.direction];
    if (part.gap !== undefined) {
      splitter.gap(part.gap, part.tailLost);
      continue;
    }
    for (const line of splitter.push(buffer.subarray(part.start, part.end))) {
      found.push(...message(line, part.direction, part.time));
    }
  }
  parentPort.postMessage({ type: 'ack', bytes: buffer.byteLength });
  post(found);
}

/** Posts findings, if any. */
function post(found) {
  if (found.length > 0) parentPort.postMessage({ type: 'findings', list: found });
}

/** The last lines, the end-of-session findings and the summary. */
function finish() {
  const found = [];
  for (const [direction, splitter] of Object.entries(splitters)) {
    const last = splitter.end();
    if (last) found.push(...message(last, direction, Date.now()));
  }
  found.push(...guarded(() => checker.finish(), {}));
  recording?.close();
  post(found);
  const count = (key) => splitters.client[key] + splitters.server[key];
  parentPort.postMessage({ type: 'finished', summary: { messages, skipped: count('skipped'), oversized: count('oversized'), failures } });
}

parentPort.on('message', (m) => (m.type === 'chunks' ? chunks(m) : finish()));
