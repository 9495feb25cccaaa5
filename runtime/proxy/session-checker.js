// The session checker the proxy feeds: the package's streaming `Session` (the replay's rules one
// message at a time, src/host/session/), each finding placed at its message.
import { Session } from 'mcp-json-toolbox';

/** Who sent each message so far, one byte a message (findings may be about an earlier one). */
class Directions {
  constructor() {
    this.bytes = new Uint8Array(1024);
    this.length = 0;
  }

  /** Notes the next message's sender. */
  add(direction) {
    if (this.length === this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes);
      this.bytes = grown;
    }
    this.bytes[this.length++] = direction === 'client' ? 1 : 2;
  }

  /** The sender of message `index`, or null. */
  get(index) {
    return [null, 'client', 'server'][index < this.length ? this.bytes[index] : 0];
  }
}

/**
 * A checker over a new `Session` (`options`: its `{ targets?, serverName? }`, the compatibility
 * targets each tools/list page is judged for): `{ push(text, direction, timeMs) → findings,
 * finish() → findings }`, each finding `{ severity, code, message, index, direction, pointer,
 * line, column, tool? }` with `index` the message it is about (usually the one pushed; an early
 * status notification's findings come once its task exists), the position inside that message's
 * text, and the tool it concerns (`{ name, pointer }`) when there is one.
 */
export function createSessionChecker(options) {
  const session = new Session(options);
  const directions = new Directions();
  const finding = (d) => ({
    severity: d.severity,
    code: d.code,
    message: d.message,
    index: d.messageIndex,
    direction: directions.get(d.messageIndex),
    pointer: d.instancePath ?? '',
    line: d.span?.line ?? 1,
    column: d.span?.column ?? 1,
    ...(d.tool ? { tool: d.tool } : {}),
  });
  return {
    push(text, direction, timeMs) {
      directions.add(direction);
      return session.push(text, direction, timeMs).map(finding);
    },
    finish: () => session.finish().map(finding),
  };
}
