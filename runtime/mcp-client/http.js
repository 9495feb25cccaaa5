// The Streamable HTTP transport: every message is POSTed to the endpoint; the answer is JSON or a
// text/event-stream of messages.
// - 2025-11-25 ("Transports", Streamable HTTP): the session is the `Mcp-Session-Id` the server
//   hands out with its InitializeResult, sent back on every later request and ended with DELETE;
//   `MCP-Protocol-Version` (the negotiated version) on every request after `initialize`.
//   <https://modelcontextprotocol.io/specification/2025-11-25/basic/transports> (checked 2026-12-03)
// - 2026-07-28: every POST carries `MCP-Protocol-Version` (the version the request's
//   `params._meta["io.modelcontextprotocol/protocolVersion"]` declares) and `Mcp-Method` (the
//   body's `method`); `tools/call` and `prompts/get` add `Mcp-Name` (`params.name`),
//   `resources/read` too (`params.uri`). A server MUST reject a request whose standard header is
//   missing or differs from the body (HTTP 400, JSON-RPC -32020 "header mismatch").
//   <https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http>,
//   SEP-2243 <https://modelcontextprotocol.io/seps/2243-http-standardization>, and the official
//   Python SDK 2.3.0 (PyPI `mcp`) as the reference implementation: the client's stamp in
//   mcp/client/session.py (`MCP_PROTOCOL_VERSION_HEADER`, `MCP_METHOD_HEADER`, `MCP_NAME_HEADER`
//   from `NAME_BEARING_METHODS`) and the server's check in mcp/shared/inbound.py
//   (`classify_inbound_request`, rung 2); checked 2026-12-03. A `tools/call` of a tool whose
//   `inputSchema` annotates properties with `x-mcp-header` also carries `Mcp-Param-{Name}` for
//   each such argument given. The crate builds these headers, values encoded
//   (`mcpRequestHeaders`, src/host/x_mcp_header.rs); the tools are learnt from the `tools/list`
//   answers that pass here.
import { mcpRequestHeaders } from 'mcp-json-toolbox';
import { Connection, ServerFailure } from './connection.js';
import { recordedHeaders } from './credentials.js';

/**
 * The MCP headers of one POST carrying `message`: 2026-07-28 (the message declares its version in
 * its `_meta`) `MCP-Protocol-Version`, `Mcp-Method`, `Mcp-Name` where the method names a target
 * and a `tools/call`'s `Mcp-Param-*`, as the package builds them (`mcpRequestHeaders`,
 * src/host/x_mcp_header.rs: which arguments are mirrored and how a value is encoded are the
 * crate's); 2025-11-25 and earlier `MCP-Protocol-Version: negotiated` once negotiated (none on
 * `initialize`). `schemas`: the listed tools' `inputSchema`s by name (for `Mcp-Param-*`).
 */
export function mcpHeaders(message, negotiated, schemas = new Map()) {
  const schema = message?.method === 'tools/call' ? schemas.get(message.params?.name) : undefined;
  const declared = mcpRequestHeaders(JSON.stringify(message), schema === undefined ? undefined : JSON.stringify(schema));
  if (declared.length > 0) return Object.fromEntries(declared.map(({ name, value }) => [name, value]));
  return negotiated && message?.method !== 'initialize' ? { 'MCP-Protocol-Version': negotiated } : {};
}

/** How long before reconnecting a stream when the server gave no `retry`: 1000 ms × 1.5 per
 * failed attempt, at most 30000 ms, at most 2 failed attempts in a row: the official TypeScript
 * SDK client's `DEFAULT_STREAMABLE_HTTP_RECONNECTION_OPTIONS` (`@modelcontextprotocol/sdk`
 * 1.32.2, client/streamableHttp.js; checked 2026-12-03). */
export const RECONNECTION = { initialDelayMs: 1000, growFactor: 1.5, maxDelayMs: 30000, maxRetries: 2 };

/** How long the next request waits at most for the GET stream opened after
 * `notifications/initialized` to be answered (opened or refused; the wait ends with that answer,
 * at once on an idle machine): the server then sees it before the session's next request. On a
 * busy one, a GET that arrived after `tools/call` was taken by a server that answers calls on the
 * GET stream (the conformance suite's sse-retry scenario) for the call's resumption, and a server
 * that sends its `elicitation/create` on the GET stream (elicitation-sep1034-client-defaults)
 * lost it when the stream was not yet open: with a 2000 ms wait that happened on this project's
 * 2-core machine at load 10 (2026-12-06). A GET that takes longer still goes on opening. */
const GET_OPEN_WAIT_MS = 10000;

/**
 * A connection to the MCP endpoint `url`: `{ connection, stderrTail(), close() }` (no stderr over
 * HTTP: the tail is empty). Each client message's transcript entry gets the request as sent:
 * `http: { method: 'POST', headers }`. An `Mcp-Session-Id` is adopted only from a successful
 * answer (2xx): a server that refuses a request (a 400 to `server/discover` from a 2025-11-25
 * server) may name a session it will not know on the next request.
 *
 * The server's requests are answered wherever they arrive (the connection's handlers): on the
 * `text/event-stream` answer of a POST while its request is open (an `elicitation/create` during
 * `tools/call`), and on the GET stream, opened as the official TypeScript SDK client opens it
 * (after `notifications/initialized` is accepted with 202; a 405 means the server offers none),
 * the next request waiting for its answer (`GET_OPEN_WAIT_MS`).
 * SSE resumption (SEP-1699, "Support SSE polling via server-side disconnect",
 * <https://modelcontextprotocol.io/community/seps/1699-support-sse-polling-via-server-side-disconnect>,
 * checked 2026-12-03): a stream the server ends (gracefully or not) before the answer it carries,
 * when it is resumable (it gave an event `id`, or it is a GET stream), is reopened with GET and
 * `Last-Event-ID` (the last `id` seen) after the server's `retry` milliseconds (the last `retry`
 * any stream gave; else RECONNECTION), as long as its request waits for an answer (the GET
 * stream: as long as the connection is open). Every stream, timer and request ends on `close()`.
 *
 * `credentials` (a protected server): `{ headers(), given, unauthorized(response) }`: every
 * request carries `headers()` (static ones, a bearer token), recorded with their values redacted
 * (`recordedHeaders`, `given`: the user's own header names); a POST answered 401, or 403 with
 * `error="insufficient_scope"`, is handed to `unauthorized`, which authorizes (or throws a
 * ServerFailure saying why it cannot) and resolves true to send the POST once more.
 * @param {string | URL} url
 * @param {{ timeoutMs?: number, startupMs?: number, credentials?: { headers(): Record<string, string>, given: Set<string>, unauthorized(response: Response): Promise<boolean> } }} [options]
 */
export function connectHttp(url, { timeoutMs, startupMs, credentials } = {}) {
  let session;
  let closed = false;
  /** The last `retry` (ms) a stream gave: the reconnection delay from then on (as the SDK does). */
  let retryMs;
  const aborter = new AbortController();
  /** Ends the GET streams (on close, at once: they stay open while the session lives). */
  const getAborter = new AbortController();
  const streams = new Set();
  const timers = new Set();
  const connection = new Connection(post, { timeoutMs, startupMs });
  /** The `inputSchema` of each tool the `tools/list` answers named, for `Mcp-Param-*`. */
  const schemas = new Map();
  /** An answer to the connection, its tools learnt first. */
  const receive = (item, id) => {
    for (const tool of Array.isArray(item?.result?.tools) ? item.result.tools : []) {
      if (typeof tool?.name === 'string') schemas.set(tool.name, tool.inputSchema);
    }
    connection.receive(item, id);
  };

  /** The headers every request of the session carries (the credentials' too). */
  async function sessionHeaders(message) {
    const headers = { ...(await credentials?.headers()), ...mcpHeaders(message, connection.protocolVersion, schemas) };
    if (session) headers['Mcp-Session-Id'] = session;
    return headers;
  }

  /** POSTs `message` once: the response, or undefined once closed. */
  async function send(message) {
    const headers = {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      ...(await sessionHeaders(message)),
    };
    const entry = connection.transcript.findLast((e) => e.message === message && e.direction === 'client');
    if (entry) entry.http = { method: 'POST', headers: recordedHeaders(headers, credentials?.given) };
    try {
      return await fetch(url, { method: 'POST', headers, body: JSON.stringify(message), signal: aborter.signal });
    } catch (error) {
      if (closed) return undefined;
      throw new ServerFailure(`cannot reach ${url}: ${error.cause?.code ?? error.cause?.message ?? error.message}`);
    }
  }

  /** Whether `response` asks for (more) authorization: 401, or 403 `insufficient_scope`. */
  const challenged = (response) => response.status === 401 ||
    (response.status === 403 && /error="?insufficient_scope/.test(response.headers.get('www-authenticate') ?? ''));

  /** POSTs one message; the answer's messages go to the connection as they arrive. */
  async function post(message) {
    let response = await send(message);
    if (response && credentials && challenged(response)) {
      await response.body?.cancel().catch(() => {});
      // The requests' waits stop meanwhile (a user signs in; each request to the authorization
      // server has a wait of its own).
      const authorized = await connection.paused(credentials.unauthorized(response));
      if (authorized) response = await send(message);
      if (response && (!authorized || challenged(response))) {
        throw new ServerFailure(`${url} answered HTTP ${response.status} ${response.statusText} to ${message.method ?? 'a response'}${authorized ? ' after authorization' : ''}`);
      }
    }
    if (!response) return;
    if (response.ok) session = response.headers.get('mcp-session-id') ?? session;
    const type = response.headers.get('content-type') ?? '';
    if (response.status === 202 || response.status === 204) {
      if (message.method === 'notifications/initialized') {
        let timer;
        await Promise.race([openGet({ awaiting: undefined }, 0), new Promise((resolve) => (timer = setTimeout(resolve, GET_OPEN_WAIT_MS)))]);
        clearTimeout(timer);
      }
      return;
    }
    if (!response.ok && !type.includes('json')) {
      throw new ServerFailure(`${url} answered HTTP ${response.status} ${response.statusText} to ${message.method ?? 'a response'}`);
    }
    if (type.includes('text/event-stream')) {
      follow(response.body, { awaiting: typeof message.method === 'string' ? message.id : undefined, reconnectable: false });
      return;
    }
    const text = await response.text();
    if (!text.trim()) return;
    let parsed;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new ServerFailure(`${url} answered HTTP ${response.status} with a body that is not JSON`);
    }
    for (const item of Array.isArray(parsed) ? parsed : [parsed]) receive(item, message.id);
  }

  /**
   * Reads one event stream into the connection. `awaiting`: the id of the request whose answer it
   * carries (a POST's stream, and its resumptions); `reconnectable`: a GET stream (resumed even
   * without an event id); `lastEventId`: the id it resumes from (kept if it gives none). When it
   * ends before that answer, it is resumed (see `connectHttp`).
   * @param {ReadableStream<Uint8Array>} body
   * @param {{ awaiting: unknown, reconnectable: boolean, lastEventId?: string }} stream
   */
  function follow(body, { awaiting, reconnectable, lastEventId }) {
    const state = { lastEventId, retryMs: undefined, answered: false };
    const onMessage = (message) => {
      if (awaiting !== undefined && message?.id === awaiting && typeof message.method !== 'string') state.answered = true;
      receive(message);
    };
    const reading = readEvents(body, onMessage, state)
      .catch(() => {}) // cut off: resumable like a graceful end (an abort is `closed`)
      .then(() => {
        retryMs = state.retryMs ?? retryMs;
        if (!state.answered && (reconnectable || state.lastEventId !== undefined)) schedule({ awaiting, lastEventId: state.lastEventId }, 0);
      })
      .finally(() => streams.delete(reading));
    streams.add(reading);
  }

  /** Reopens a stream with GET after the delay, unless the connection closed or its request was
   * answered (or given up) meanwhile; `attempt`: failed attempts so far. */
  function schedule(from, attempt) {
    if (closed || attempt >= RECONNECTION.maxRetries) return;
    if (from.awaiting !== undefined && !connection.waiting(from.awaiting)) return;
    const delay = retryMs ?? Math.min(RECONNECTION.initialDelayMs * RECONNECTION.growFactor ** attempt, RECONNECTION.maxDelayMs);
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (from.awaiting === undefined || connection.waiting(from.awaiting)) openGet(from, attempt);
    }, delay);
    timers.add(timer);
  }

  /** Opens (or resumes, with `Last-Event-ID`) a GET stream; a failure is retried (RECONNECTION). */
  async function openGet(from, attempt) {
    if (closed) return;
    const headers = { Accept: 'text/event-stream', ...(await sessionHeaders({})) };
    if (from.lastEventId !== undefined) headers['Last-Event-ID'] = from.lastEventId;
    let response;
    try {
      response = await fetch(url, { method: 'GET', headers, signal: AbortSignal.any([aborter.signal, getAborter.signal]) });
    } catch {
      schedule(from, attempt + 1);
      return;
    }
    const type = response.headers.get('content-type') ?? '';
    if (response.ok && type.includes('text/event-stream')) {
      follow(response.body, { awaiting: from.awaiting, reconnectable: true, lastEventId: from.lastEventId });
      return;
    }
    await response.body?.cancel().catch(() => {});
    // 405: the server offers no GET stream (expected); anything else is a failed attempt.
    if (response.status !== 405) schedule(from, attempt + 1);
  }

  return {
    connection,
    stderrTail: () => '',
    async close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      getAborter.abort();
      if (session) {
        const headers = { ...(await credentials?.headers()), 'mcp-session-id': session };
        await fetch(url, { method: 'DELETE', headers, signal: AbortSignal.timeout(1000) }).catch(() => {});
      }
      await Promise.race([Promise.allSettled([...streams]), new Promise((resolve) => setTimeout(resolve, 200))]);
      aborter.abort();
    },
  };
}

/**
 * Reads a text/event-stream body, calling `onMessage` with each event's data parsed as JSON
 * (events whose data is not JSON, and priming events without data, are skipped). `state` gets
 * the stream's `lastEventId` (each `id:` field) and `retryMs` (each `retry:` field of digits
 * only), as the HTML event-stream interpretation reads them
 * <https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation>.
 */
export async function readEvents(body, onMessage, state = {}) {
  const decoder = new TextDecoder();
  let buffer = '';
  let data = [];
  const dispatch = () => {
    if (data.length === 0) return;
    const text = data.join('\n');
    data = [];
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      return; // not a JSON-RPC message
    }
    onMessage(message);
  };
  const field = (line) => {
    const colon = line.indexOf(':');
    const name = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + (line.startsWith(' ', colon + 1) ? 2 : 1));
    if (name === 'data') data.push(value);
    else if (name === 'id' && !value.includes('\0')) state.lastEventId = value;
    else if (name === 'retry' && /^[0-9]+$/.test(value)) state.retryMs = Number(value);
  };
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    let newline;
    while ((newline = buffer.search(/\r\n|\n|\r/)) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1));
      if (line === '') dispatch();
      else if (!line.startsWith(':')) field(line);
    }
  }
  dispatch();
}
