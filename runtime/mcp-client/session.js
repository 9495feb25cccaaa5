// The start of an MCP session and the lists a server publishes: version negotiation (2025-11-25
// `initialize` + `notifications/initialized`; 2026-07-28 `server/discover` with the per-request
// `_meta`), and `tools/list` / `prompts/list` / `resources/list` through every page.

/** The protocol versions a check can offer, oldest first; the last is the default. */
export const PROTOCOLS = ['2025-11-25', '2026-07-28'];

/** The 2026-07-28 tasks extension's identifier. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** What this client is. */
export const CLIENT_INFO = { name: 'mcp-json-toolbox check-server', version: '1' };

/** The client capabilities of each generation: form elicitation, and tasks for elicitation. */
export function clientCapabilities(version) {
  return version === '2026-07-28'
    ? { elicitation: { form: {} }, extensions: { [TASKS_EXTENSION]: {} } }
    : { elicitation: { form: {} }, tasks: { list: {}, cancel: {}, requests: { elicitation: { create: {} } } } };
}

/** The `_meta` every 2026-07-28 request carries (protocol version, capabilities, client). */
export function requestMeta(version) {
  return version === '2026-07-28'
    ? {
        'io.modelcontextprotocol/protocolVersion': version,
        'io.modelcontextprotocol/clientCapabilities': clientCapabilities(version),
        'io.modelcontextprotocol/clientInfo': CLIENT_INFO,
      }
    : undefined;
}

/** `params` with the session's `_meta` added (2026-07-28), unchanged otherwise. */
export function withMeta(session, params = {}) {
  const meta = requestMeta(session.protocolVersion);
  return meta ? { ...params, _meta: { ...meta, ...params._meta } } : params;
}

/** JSON-RPC "unsupported protocol version" (2026-07-28 `UnsupportedProtocolVersionError`). */
const UNSUPPORTED_PROTOCOL_VERSION = -32022;

/**
 * Whether a refused `server/discover` is answered by asking again, once, with `offered`: the
 * refusal is `UnsupportedProtocolVersionError` (-32022) and its `data.supported` lists `offered`.
 * The 2026-07-28 schema, `UnsupportedProtocolVersionError` `data.supported`: "Protocol versions
 * the server supports. The client should choose a mutually supported version from this list and
 * retry." (modelcontextprotocol/modelcontextprotocol schema/2026-07-28/schema.json, as in
 * schemas/mcp/2026-07-28.schema.json; checked 2026-12-06). The official TypeScript SDK's client retries once
 * (its "corrective" probe outcome, at most one: `classifyRpcError` and `correctiveUsed` in
 * `@modelcontextprotocol/client` 2.4.0 dist/public-*.mjs; checked 2026-12-06), as the
 * conformance suite's `request-metadata` scenario expects (its server refuses the first request
 * whatever it asks: `sep-2575-client-retry-supported-version`). Only `offered` is asked again:
 * check-server offers one 2026-07-28 version; a list without it falls back to `initialize`.
 */
function correctable(error, offered) {
  return error?.code === UNSUPPORTED_PROTOCOL_VERSION && Array.isArray(error.data?.supported) && error.data.supported.includes(offered);
}

/**
 * Negotiates the protocol: `{ protocolVersion, offered, serverInfo, capabilities, instructions,
 * via, index, error }` (`via`: `server/discover` or `initialize`; `index`: the transcript index of
 * the answer used; `error`: the JSON-RPC error of a refused `initialize`). Offering 2026-07-28, a
 * `server/discover` refused as an unsupported version the server says it supports is asked again
 * once (`correctable`); a server that refuses it otherwise gets the 2025-11-25 `initialize`.
 */
export async function negotiate(connection, offered) {
  if (offered === '2026-07-28') {
    let { message, index } = await connection.request('server/discover', { _meta: requestMeta(offered) });
    if (correctable(message.error, offered)) ({ message, index } = await connection.request('server/discover', { _meta: requestMeta(offered) }));
    const versions = message.result?.supportedVersions;
    if (Array.isArray(versions) && versions.includes(offered)) {
      connection.protocolVersion = offered;
      const result = message.result;
      return {
        protocolVersion: offered,
        offered,
        via: 'server/discover',
        index,
        serverInfo: result._meta?.['io.modelcontextprotocol/serverInfo'] ?? null,
        capabilities: result.capabilities ?? {},
        instructions: result.instructions,
      };
    }
  }
  const initializeVersion = offered === '2026-07-28' ? '2025-11-25' : offered;
  const { message, index } = await connection.request('initialize', {
    protocolVersion: initializeVersion,
    capabilities: clientCapabilities(initializeVersion),
    clientInfo: CLIENT_INFO,
  });
  if (message.error || !message.result) {
    return { protocolVersion: null, offered, via: 'initialize', index, error: message.error ?? null, capabilities: {} };
  }
  const result = message.result;
  connection.protocolVersion = result.protocolVersion;
  connection.notify('notifications/initialized');
  return {
    protocolVersion: result.protocolVersion ?? null,
    offered,
    via: 'initialize',
    index,
    serverInfo: result.serverInfo ?? null,
    capabilities: result.capabilities ?? {},
    instructions: result.instructions,
  };
}

/**
 * Lists `method` (`tools/list`, …) through every page: `{ items, pages, indices, error, loop }`:
 * `items` from the `key` array of each page, `indices` the transcript index of each answer,
 * `error` a JSON-RPC error answer (listing stops), `loop` `{ cursor, index }` when a `nextCursor`
 * repeats (listing stops there), and at most `maxPages` pages.
 */
export async function listAll(connection, session, method, key, { maxPages = 100 } = {}) {
  const items = [];
  const indices = [];
  const seen = new Set();
  let cursor;
  for (let page = 0; page < maxPages; page++) {
    const { message, index } = await connection.request(method, withMeta(session, cursor === undefined ? {} : { cursor }));
    indices.push(index);
    if (message.error || !message.result) return { items, indices, error: message.error ?? null };
    const list = message.result[key];
    if (Array.isArray(list)) items.push(...list);
    const next = message.result.nextCursor;
    if (next === undefined || next === null) return { items, indices };
    if (seen.has(next)) return { items, indices, loop: { cursor: next, index } };
    seen.add(next);
    cursor = next;
  }
  return { items, indices, truncated: maxPages };
}
