// The transcript `--record` writes (the proxy's and check-server's: cli/check-server/transcript.js):
// JSON Lines, one `{timestamp, direction, message}` envelope per message (the form `replay` and
// the page's Session tab read; src/host/session/mod.rs and src/host/transcript.rs), the message
// written as the bytes that went over the wire; over HTTP an `http` member follows; a stdio line
// that is not JSON is a `{timestamp, direction, stdout|stdin}` entry (the server's stdout, the
// client's: the server's stdin).
import { closeSync, openSync, writeSync } from 'node:fs';

/** One envelope line (with its newline) for a message `text` seen at `timeMs` from `direction`;
 * `extra`'s members (e.g. `http`) follow the message. */
export function envelope(text, direction, timeMs, extra) {
  const tail = extra ? Object.entries(extra).map(([key, value]) => `,${JSON.stringify(key)}:${JSON.stringify(value)}`).join('') : '';
  return `{"timestamp":"${new Date(timeMs).toISOString()}","direction":"${direction}","message":${text}${tail}}\n`;
}

/** Opens `path` (truncated) for a recording: `{ write(text, direction, timeMs, http?),
 * writeLine(text, direction, timeMs), close() }`; `redact(line)`, when given, rewrites each
 * message's line before it is written (credentials out). */
export function openRecording(path, redact = (line) => line) {
  const fd = openSync(path, 'w');
  return {
    write(text, direction, timeMs, http) {
      writeSync(fd, redact(envelope(text, direction, timeMs, http ? { http } : undefined)));
    },
    /** A line that is not JSON, as its stream's entry. */
    writeLine(text, direction, timeMs) {
      const stream = direction === 'server' ? 'stdout' : 'stdin';
      writeSync(fd, `${JSON.stringify({ timestamp: new Date(timeMs).toISOString(), direction, [stream]: text })}\n`);
    },
    close() {
      closeSync(fd);
    },
  };
}
