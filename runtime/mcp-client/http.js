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
//   (`classify_inbound_request`, rung 2); checked 2026-12-03. Names that are not printable ASCII
//   (or have edge whitespace) go base64-wrapped as `=?base64?…?=` (`encode_header_value`, same
//   file). The `Mcp-Param-*` headers of `x-mcp-header` arguments are not sent (unimplemented).
import { Connection, ServerFailure } from './connection.js';

/** The per-request protocol version key of 2026-07-28 `_meta`. */
const VERSION_META = 'io.modelcontextprotocol/protocolVersion';

/** Method → the `params` member mirrored as `Mcp-Name` (mcp/shared/inbound.py
 * `NAME_BEARING_METHODS`, Python SDK 2.3.0, checked 2026-12-03). */
export const NAME_BEARING_METHODS = { 'tools/call': 'name', 'prompts/get': 'name', 'resources/read': 'uri' };

/** `value` as a header value: as it is when printable ASCII without edge whitespace, else the
 * `=?base64?…?=` sentinel (the Python SDK's `encode_header_value`). */
export function encodeHeaderValue(value) {
  if (/^[\x20-\x7e]*$/.test(value) && value === value.trim() && !/^=\?base64\?.*\?=$/.test(value)) return value;
  return `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

/**
 * The MCP headers of one POST carrying `message`: 2026-07-28 (the message declares it in its
 * `_meta`) `MCP-Protocol-Version`, `Mcp-Method` and `Mcp-Name` where the method names a target;
 * 2025-11-25 and earlier `MCP-Protocol-Version: negotiated` once negotiated (none on
 * `initialize`).
 */
export function mcpHeaders(message, negotiated) {
  const declared = message?.params?._meta?.[VERSION_META];
  if (typeof declared === 'string' && typeof message.method === 'string') {
    const headers = { 'MCP-Protocol-Version': declared, 'Mcp-Method': message.method };
    const key = NAME_BEARING_METHODS[message.method];
    const name = key ? message.params?.[key] : undefined;
    if (typeof name === 'string') headers['Mcp-Name'] = encodeHeaderValue(name);
    return headers;
  }
  return negotiated && message?.method !== 'initialize' ? { 'MCP-Protocol-Version': negotiated } : {};
}

/**
 * A connection to the MCP endpoint `url`: `{ connection, stderrTail(), close() }` (no stderr over
 * HTTP: the tail is empty). Each client message's transcript entry gets the request as sent:
 * `http: { method: 'POST', headers }`. An `Mcp-Session-Id` is adopted only from a successful
 * answer (2xx): a server that refuses a request (a 400 to `server/discover` from a 2025-11-25
 * server) may name a session it will not know on the next request.
 */
export function connectHttp(url, { timeoutMs, startupMs } = {}) {
  let session;
  const streams = new Set();
  const connection = new Connection(post, { timeoutMs, startupMs });

  /** POSTs one message; the answer's messages go to the connection as they arrive. */
  async function post(message) {
    const headers = {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      ...mcpHeaders(message, connection.protocolVersion),
    };
    if (session) headers['Mcp-Session-Id'] = session;
    const entry = connection.transcript.findLast((e) => e.message === message && e.direction === 'client');
    if (entry) entry.http = { method: 'POST', headers: { ...headers } };
    let response;
    try {
      response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(message) });
    } catch (error) {
      throw new ServerFailure(`cannot reach ${url}: ${error.cause?.code ?? error.cause?.message ?? error.message}`);
    }
    if (response.ok) session = response.headers.get('mcp-session-id') ?? session;
    const type = response.headers.get('content-type') ?? '';
    if (response.status === 202 || response.status === 204) return;
    if (!response.ok && !type.includes('json')) {
      throw new ServerFailure(`${url} answered HTTP ${response.status} ${response.statusText} to ${message.method ?? 'a response'}`);
    }
    if (type.includes('text/event-stream')) {
      const reading = readEvents(response.body, (data) => connection.receive(data)).finally(() => streams.delete(reading));
      streams.add(reading);
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
    for (const item of Array.isArray(parsed) ? parsed : [parsed]) connection.receive(item, message.id);
  }

  return {
    connection,
    stderrTail: () => '',
    async close() {
      if (session) {
        const headers = { 'mcp-session-id': session };
        await fetch(url, { method: 'DELETE', headers, signal: AbortSignal.timeout(1000) }).catch(() => {});
      }
      await Promise.race([Promise.allSettled([...streams]), new Promise((resolve) => setTimeout(resolve, 200))]);
    },
  };
}

/**
 * Reads a text/event-stream body, calling `onMessage` with each event's data parsed as JSON
 * (events whose data is not JSON, and priming events without data, are skipped).
 */
export async function readEvents(body, onMessage) {
  const decoder = new TextDecoder();
  let buffer = '';
  let data = [];
  const dispatch = () => {
    if (data.length === 0) return;
    const text = data.join('\n');
    data = [];
    try {
      onMessage(JSON.parse(text));
    } catch {
      // not a JSON-RPC message
    }
  };
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    let newline;
    while ((newline = buffer.search(/\r\n|\n|\r/)) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1));
      if (line === '') dispatch();
      else if (line.startsWith('data:')) data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
    }
  }
  dispatch();
}
