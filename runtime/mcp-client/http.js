// The Streamable HTTP transport (MCP 2025-11-25 "Transports"): every message is POSTed to the
// endpoint; the answer is JSON or a text/event-stream of messages; the session is the
// `Mcp-Session-Id` the server hands out, sent back on every later request and ended with DELETE.
import { Connection, ServerFailure } from './connection.js';

/**
 * A connection to the MCP endpoint `url`: `{ connection, stderrTail(), close() }` (no stderr over
 * HTTP: the tail is empty). `connection.protocolVersion`, once set, is sent as the
 * `MCP-Protocol-Version` header.
 */
export function connectHttp(url, { timeoutMs } = {}) {
  let session;
  const streams = new Set();
  const connection = new Connection(post, { timeoutMs });

  /** POSTs one message; the answer's messages go to the connection as they arrive. */
  async function post(message) {
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    if (session) headers['mcp-session-id'] = session;
    if (connection.protocolVersion) headers['mcp-protocol-version'] = connection.protocolVersion;
    let response;
    try {
      response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(message) });
    } catch (error) {
      throw new ServerFailure(`cannot reach ${url}: ${error.cause?.code ?? error.cause?.message ?? error.message}`);
    }
    session = response.headers.get('mcp-session-id') ?? session;
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
