// The session checker the proxy feeds: the package's streaming `Session` (the replay's rules one
// message at a time) when the build has it; otherwise the replay itself (`replaySession`) run
// again over the transcript so far once per batch, reporting only what is new — the same rules,
// at a cost that grows with the session.
import * as toolbox from 'mcp-json-toolbox';
import { envelope } from './recording.js';

/** Findings only the end of a session can tell: held back until `finish`. */
const END_OF_SESSION = new Set(['never-terminal']);

/**
 * A checker: `{ push(text, direction, timeMs) → findings, flush?() → findings, flushDelay?() →
 * ms, finish() → findings }`, each finding `{ severity, code, message, pointer, line, column, index?, direction? }`
 * with the position inside the message's text (`index` and `direction` when it is about another
 * message than the one pushed).
 */
export function createSessionChecker() {
  return typeof toolbox.Session === 'function' ? streaming(new toolbox.Session()) : replaying();
}

/** A diagnostic of the package as a finding, its span moved back by `column` - 1 on line 1. */
function finding(d, { index, pointer = d.instancePath ?? '', shift = 0 } = {}) {
  const f = {
    severity: d.severity,
    code: d.code,
    message: d.message,
    pointer,
    line: d.span?.line ?? 1,
    column: Math.max(1, (d.span?.column ?? 1) - shift),
  };
  if (index !== undefined) f.index = index;
  return f;
}

/** Over the package's streaming `Session`. */
function streaming(session) {
  return {
    push: (text, direction, timeMs) => session.push(text, direction, timeMs).map((d) => finding(d)),
    finish: () => session.finish().map((d) => finding(d)),
  };
}

/** Over `replaySession`, replayed once per batch. */
function replaying() {
  const lines = [];
  const prefixes = [];
  const directions = [];
  const reported = new Set();
  // A replay costs the whole transcript: the next one waits four times as long as the last took,
  // so replays take at most a fifth of the checker thread.
  let lastEnd = 0;
  let lastCost = 0;
  /** The findings of a replay of everything so far not reported yet (`all`: with the end ones). */
  const fresh = (all) => {
    if (lines.length === 0) return [];
    const start = performance.now();
    const { diagnostics } = toolbox.replaySession(lines.join(''));
    lastEnd = performance.now();
    lastCost = lastEnd - start;
    const found = [];
    for (const d of diagnostics) {
      if (!all && END_OF_SESSION.has(d.code)) continue;
      const key = `${d.code}\u0000${d.instancePath}\u0000${d.span?.start}\u0000${d.message}`;
      if (reported.has(key)) continue;
      reported.add(key);
      const [, entry, rest = ''] = /^\/(\d+)(?:\/message)?(.*)$/.exec(d.instancePath ?? '') ?? [];
      const index = entry === undefined ? undefined : Number(entry);
      // Every entry is one line of the transcript: the message's own line is 1.
      found.push({ ...finding(d, { index, pointer: rest, shift: prefixes[index] ?? 0 }), line: 1, direction: directions[index] ?? null });
    }
    return found;
  };
  return {
    push(text, direction, timeMs) {
      const line = envelope(text, direction, timeMs);
      prefixes.push(line.length - text.length - 2);
      directions.push(direction);
      lines.push(line);
      return [];
    },
    flush: () => fresh(false),
    flushDelay: () => Math.max(0, lastEnd + 4 * lastCost - performance.now()),
    finish: () => fresh(true),
  };
}
