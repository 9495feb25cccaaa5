// Server-sent events framing (the HTML Living Standard's event stream: lines ended by CR, LF or
// CRLF; `data:` lines joined by LF; a blank line dispatches) over copies of a response body, for
// the checker. The bytes passed to the host never go through here.

/** Reads an event stream chunk by chunk: `push(bytes)` returns the data of each event it
 * completes (events without data, such as a priming event, are left out); `end()` what a stream
 * cut mid-event leaves (`{ data, cut }`). */
export class EventFramer {
  constructor() {
    this.decoder = new TextDecoder();
    this.buffer = '';
    this.data = [];
  }

  /** The data of the events `bytes` completes, in order. */
  push(bytes) {
    this.buffer += this.decoder.decode(bytes, { stream: true });
    const events = [];
    let newline;
    while ((newline = this.buffer.search(/\r\n|\n|\r/)) >= 0) {
      // A CR at the very end may be the first half of a CRLF: wait for the next chunk.
      if (this.buffer[newline] === '\r' && newline === this.buffer.length - 1) break;
      const line = this.buffer.slice(0, newline);
      this.buffer = this.buffer.slice(newline + (this.buffer.startsWith('\r\n', newline) ? 2 : 1));
      if (line === '') {
        if (this.data.length > 0) events.push(this.data.join('\n'));
        this.data = [];
      } else if (line.startsWith('data:')) {
        this.data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
      }
    }
    return events;
  }

  /** Whether the stream ended inside an event (data read but not dispatched, or a partial line). */
  cut() {
    return this.data.length > 0 || this.buffer.length > 0;
  }
}
