// The checker thread: frames the copies of both directions into lines and feeds each to the
// session checker, which says what the line was (a message, a line that is not JSON, blank);
// records it as that (`--record`), and posts findings to the main thread as they come. A checker
// that throws is reported and the check goes on with the next line. The HTTP proxy posts whole
// messages with their HTTP envelope instead (`http` batches), and run events (`event`: the
// upstream failed), which the checker's session makes findings of.
import { setPriority } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { LineSplitter } from './lines.js';
import { openRecording } from './recording.js';

const { record, redact, checker: checkerModule, maxMessageBytes, options } = workerData;
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
// Credentials are taken out of the HTTP proxy's recording unless kept by flag: the package's
// `redactLog` rules (src/host/logs/redact.rs: credential headers, secret-named members, bearer
// tokens), over each line.
const redactLine = redact ? (await import('mcp-json-toolbox')).redactLog : undefined;
const recording = record ? openRecording(record, redactLine && ((line) => redactLine(line).text)) : undefined;
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
  checker = await make(options);
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

/** Checks and records one line sent by `direction`: the checker says what it is. */
function line(bytes, direction, time) {
  const text = decoder.decode(bytes);
  const index = messages;
  const where = { index, direction };
  let outcome;
  try {
    outcome = checker ? checker.push(text, direction, time) : undefined;
  } catch (error) {
    failures += 1;
    messages += 1;
    return [own('checker-failed', `the checker failed on this line: ${error?.message ?? error}; the traffic was passed on`, where)];
  }
  if (!outcome || outcome.kind === 'blank') return [];
  messages += 1;
  if (outcome.kind === 'message') recording?.write(text, direction, time);
  else recording?.writeLine(text, direction, time);
  return outcome.findings.map((f) => ({ ...where, ...f }));
}

/** Checks and records messages that went over HTTP, each with its envelope (the HTTP proxy). */
function http({ list, bytes }) {
  const found = [];
  for (const { text, direction, time, envelope } of list) {
    const where = { index: messages++, direction };
    recording?.write(text, direction, time, envelope);
    const pushed = guarded(() => checker.pushHttp(text, direction, JSON.stringify(envelope), time).findings, where);
    found.push(...pushed.map((f) => ({ ...where, ...f })));
  }
  parentPort.postMessage({ type: 'ack', bytes });
  post(found);
}

/** A run event told to the checker: its finding, about no message. */
function event({ event: told }) {
  post(guarded(() => checker.event(told), {}));
}

/** The authorization path of a sign-in to the upstream told to the checker: its findings. */
function authorization({ path }) {
  post(guarded(() => checker.authorization?.(path) ?? [], {}));
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
    for (const bytes of splitter.push(buffer.subarray(part.start, part.end))) {
      found.push(...line(bytes, part.direction, part.time));
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
    if (last) found.push(...line(last, direction, Date.now()));
  }
  found.push(...guarded(() => checker.finish(), {}));
  recording?.close();
  post(found);
  const count = (key) => splitters.client[key] + splitters.server[key];
  parentPort.postMessage({ type: 'finished', summary: { messages, skipped: count('skipped'), oversized: count('oversized'), failures } });
}

/** What each message from the main thread runs, by its `type`. */
const HANDLERS = { chunks, http, event, authorization, finish };
parentPort.on('message', (m) => HANDLERS[m.type](m));
