// The transcript `--record` writes (the proxy's and check-server's: cli/check-server/transcript.js):
// JSON Lines, one `{timestamp, direction, message}` envelope per
// message (the form `replay` and the page's Session tab read; src/host/session/mod.rs), the message
// written as the bytes that went over the wire.
import { closeSync, openSync, writeSync } from 'node:fs';

/** One envelope line (with its newline) for a message `text` seen at `timeMs` from `direction`;
 * `extra`'s members (e.g. `http`) follow the message. */
export function envelope(text, direction, timeMs, extra) {
  const tail = extra ? Object.entries(extra).map(([key, value]) => `,${JSON.stringify(key)}:${JSON.stringify(value)}`).join('') : '';
  return `{"timestamp":"${new Date(timeMs).toISOString()}","direction":"${direction}","message":${text}${tail}}\n`;
}

/** Opens `path` (truncated) for a recording: `{ write(text, direction, timeMs), close() }`. */
export function openRecording(path) {
  const fd = openSync(path, 'w');
  return {
    write(text, direction, timeMs) {
      writeSync(fd, envelope(text, direction, timeMs));
    },
    close() {
      closeSync(fd);
    },
  };
}
