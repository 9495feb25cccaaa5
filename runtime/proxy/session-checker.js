// The session checker the proxy feeds: the package's streaming `Session` (the replay's rules one
// message at a time, src/host/session/), fed each line as it came (the session says whether it
// is a message, a line that is not JSON, or blank), each finding placed at its message.
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
 * targets each tools/list page is judged for): `{ push(line, direction, timeMs) → { kind,
 * findings }, pushHttp(text, direction, httpText, timeMs) → { kind, findings }, event(event) →
 * findings, finish() → findings }`. `push` takes a stdio line as it came (`kind` "message", "not-json" or "blank", the
 * session's verdict); `pushHttp` a message that went over HTTP with its envelope (`{ method,
 * headers, status? }` as JSON text). Each finding is `{ severity, code, message, index,
 * direction, pointer, line, column, endLine, endColumn, tool? }` with `index` the message it is
 * about (usually the one pushed; an early status notification's findings come once its task
 * exists), the position inside that message's text (a header finding's inside the envelope's),
 * and the tool it concerns (`{ name, pointer }`) when there is one. `event` tells the session a
 * run event (the HTTP proxy's `upstream-failed`, `request-refused`): its finding, if the session
 * says one, is about no message (`index` null), and `finish` adds the run's own end findings (how
 * many requests were refused, past those said one by one); `authorization(path)` the
 * authorization path of a sign-in to the upstream, its findings alike.
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
    endLine: d.span?.endLine,
    endColumn: d.span?.endColumn,
    ...(d.tool ? { tool: d.tool } : {}),
  });
  return {
    push(line, direction, timeMs) {
      const { kind, findings } = session.pushLine(line, direction, timeMs);
      if (kind !== 'blank') directions.add(direction);
      return { kind, findings: findings.map(finding) };
    },
    pushHttp(text, direction, httpText, timeMs) {
      directions.add(direction);
      return { kind: 'message', findings: session.pushHttp(text, direction, httpText, timeMs).map(finding) };
    },
    event: (event) => [session.runEvent(event)].filter(Boolean).map((d) => ({ ...finding(d), index: null })),
    authorization: (path) => session.runAuthorization(path).map((d) => ({ ...finding(d), index: null })),
    finish: () => [...session.finish().map(finding), ...session.runSummary().map((d) => ({ ...finding(d), index: null }))],
  };
}
