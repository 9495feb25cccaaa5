// A minimal JSON-RPC 2.0 client over any transport: requests with timeouts, notifications, the
// server's own requests (answered by a handler), and the transcript of every message both ways in
// the form `replay` reads (`{ timestamp, direction, message }` per entry, host/transcript.rs).

/** The server could not be started, died, or did not answer in time: `message` is the one-line
 * cause. */
export class ServerFailure extends Error {
  name = 'ServerFailure';

  /** For a request that got no answer in time: `{ method, timeoutMs, startup, entry }` (`startup`:
   * the server had sent nothing yet; `entry`: the request's transcript index), what a host tells
   * its session as a `no-answer` run event. */
  noAnswer;
}

/** JSON-RPC "method not found": what a client answers to a server request it does not handle. */
const METHOD_NOT_FOUND = -32601;

/**
 * One JSON-RPC session over a transport: `write(message)` hands a message to the transport (it may
 * return a promise; a rejection fails the pending request). The transport calls `receive(message)`
 * for each message from the server and `fail(cause)` when the server is gone.
 */
export class Connection {
  /** Every message both ways, in the order this client saw them. */
  transcript = [];
  /** The negotiated protocol version, once known (Streamable HTTP sends it as a header). */
  protocolVersion;
  #pending = new Map();
  #nextId = 1;
  #failure;
  #handlers = new Map();
  #write;
  #timeoutMs;
  #startupMs;
  #heard = false;

  /** A connection writing through `write`; every request waits at most `timeoutMs`, except those
   * sent before the server's first message, which wait at most `startupMs` (the server's start:
   * an interpreter, imports, a banner; default the same as `timeoutMs`). */
  constructor(write, { timeoutMs = 10000, startupMs = timeoutMs } = {}) {
    this.#write = write;
    this.#timeoutMs = timeoutMs;
    this.#startupMs = startupMs;
  }

  /** Whether the server has sent anything yet (its start-up is over). */
  get started() {
    return this.#heard;
  }

  /** Answers the server's requests of `method` with `handler(params, message)` (its result). */
  handle(method, handler) {
    this.#handlers.set(method, handler);
  }

  /** Sends a request; resolves with `{ message, index }` (the response and its transcript index)
   * or rejects with a ServerFailure. */
  request(method, params, { timeoutMs = this.#heard ? this.#timeoutMs : this.#startupMs } = {}) {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    const startup = !this.#heard;
    const what = startup ? ' (the start-up wait: the server has sent nothing yet)' : '';
    return new Promise((resolve, reject) => {
      let entry;
      // When this process was busy past the wait (a long check, a loaded machine), the timer
      // fires before the answer that came meanwhile is read: the answer is read first (an
      // immediate runs after the event loop's I/O), so only a server that did not answer is one.
      const arm = () => setTimeout(() => setImmediate(() => {
        if (!this.#pending.has(id)) return;
        this.#pending.delete(id);
        const failure = new ServerFailure(`no answer to ${method} within ${timeoutMs} ms${what}`);
        failure.noAnswer = { method, timeoutMs, startup, entry };
        reject(failure);
      }), timeoutMs);
      this.#pending.set(id, { resolve, reject, timer: arm(), method, arm });
      entry = this.#send({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) });
    });
  }

  /** Runs `promise` (the client signing in: a user at a browser) with every request's wait
   * stopped: once it settles, each request still waiting gets its whole wait again. */
  async paused(promise) {
    const held = [...this.#pending.values()];
    for (const waiting of held) clearTimeout(waiting.timer);
    try {
      return await promise;
    } finally {
      for (const waiting of held) if ([...this.#pending.values()].includes(waiting)) waiting.timer = waiting.arm();
    }
  }

  /** Whether request `id` still waits for its answer (not answered, timed out or failed). */
  waiting(id) {
    return this.#pending.has(id);
  }

  /** Sends a notification. */
  notify(method, params) {
    if (!this.#failure) this.#send({ jsonrpc: '2.0', method, ...(params === undefined ? {} : { params }) });
  }

  /** Records and writes one message (returns its transcript index); a transport error fails the
   * connection. */
  #send(message) {
    const index = this.#record('client', message);
    Promise.resolve()
      .then(() => this.#write(message))
      .catch((error) => this.fail(error instanceof ServerFailure ? error : new ServerFailure(error?.message ?? String(error))));
    return index;
  }

  /** A line the server wrote to stdout that is not JSON (stdio): kept in the transcript as
   * `{ timestamp, direction: 'server', stdout }`, which replaySession reports (stdout-not-json). */
  receiveStdout(line) {
    this.transcript.push({ timestamp: new Date().toISOString(), direction: 'server', stdout: line });
  }

  #record(direction, message) {
    this.transcript.push({ timestamp: new Date().toISOString(), direction, message });
    return this.transcript.length - 1;
  }

  /**
   * A message from the server: settles its request, or answers the server's own request.
   * `forId`: the request an error without a usable `id` answers (Streamable HTTP: the error body
   * of the POST that carried that request).
   */
  receive(message, forId) {
    this.#heard = true;
    const index = this.#record('server', message);
    if (message === null || typeof message !== 'object') return;
    if (typeof message.method === 'string') {
      if (message.id !== undefined) this.#answer(message);
      return;
    }
    const id = !this.#pending.has(message.id) && message.error && forId !== undefined ? forId : message.id;
    const waiting = this.#pending.get(id);
    if (!waiting) return; // an unmatched response: replaySession reports it
    this.#pending.delete(id);
    clearTimeout(waiting.timer);
    waiting.resolve({ message, index });
  }

  /** Runs the handler of a server request and sends its result (or a JSON-RPC error). */
  async #answer(request) {
    const handler = this.#handlers.get(request.method);
    if (!handler) {
      this.#send({ jsonrpc: '2.0', id: request.id, error: { code: METHOD_NOT_FOUND, message: `the client does not handle ${request.method}` } });
      return;
    }
    try {
      this.#send({ jsonrpc: '2.0', id: request.id, result: await handler(request.params, request) });
    } catch (error) {
      this.#send({ jsonrpc: '2.0', id: request.id, error: { code: -32603, message: String(error?.message ?? error) } });
    }
  }

  /** The server is gone (or unusable): every pending request rejects with `cause`. */
  fail(cause) {
    if (this.#failure) return;
    this.#failure = cause;
    for (const { reject, timer } of this.#pending.values()) {
      clearTimeout(timer);
      reject(cause);
    }
    this.#pending.clear();
  }
}
