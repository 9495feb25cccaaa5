// The Streamable HTTP transport of check-server's client (pkg/mcp-client/http.js) against a small
// double on 127.0.0.1 that behaves like a 2025-11-25 server with sessions: it refuses the
// 2026-07-28 `server/discover` with HTTP 400 and (wrongly, but as servers do) a fresh
// `Mcp-Session-Id`, and answers an `initialize` that names an unknown session "Session not
// found". The client must not adopt the id from the error, must negotiate 2025-11-25, and must
// send the headers of each generation: 2026-07-28 `MCP-Protocol-Version` + `Mcp-Method` (+
// `Mcp-Name`), 2025-11-25 `MCP-Protocol-Version` after `initialize` and the session it was given.
// Then doubles that talk back: a server request mid-call on the POST stream, SSE resumption
// (SEP-1699) with a request on the resumed GET stream; and SEP-1034 defaults.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { test } from 'node:test';

const { connectHttp, mcpHeaders } = await import(new URL('../../pkg/mcp-client/http.js', import.meta.url));
const { negotiate } = await import(new URL('../../pkg/mcp-client/session.js', import.meta.url));
const { withDefaults } = await import(new URL('../../pkg/mcp-client/elicitation.js', import.meta.url));

test('a 400 to server/discover carrying a session id: not adopted; 2025-11-25 negotiated with the session of the initialize answer', async (t) => {
  const seen = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      if (request.method === 'DELETE') {
        seen.push({ method: 'DELETE', headers: request.headers });
        response.writeHead(204).end();
        return undefined;
      }
      // No GET stream here (the client opens one after notifications/initialized): 405.
      if (request.method === 'GET') return response.writeHead(405).end();
      const message = JSON.parse(body);
      seen.push({ method: message.method, headers: request.headers });
      const session = request.headers['mcp-session-id'];
      const json = (status, value, headers = {}) => {
        response.writeHead(status, { 'content-type': 'application/json', ...headers });
        response.end(JSON.stringify(value));
      };
      if (message.method === 'server/discover') return json(400, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Bad Request: no session' } }, { 'mcp-session-id': 'from-the-error' });
      if (session && session !== 'good') return json(404, { jsonrpc: '2.0', id: null, error: { code: -32001, message: 'Session not found' } });
      if (message.method === 'initialize') {
        return json(200, { jsonrpc: '2.0', id: message.id, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'double', version: '1' } } }, { 'mcp-session-id': 'good' });
      }
      if (message.id === undefined) {
        response.writeHead(202).end();
        return undefined;
      }
      return json(200, { jsonrpc: '2.0', id: message.id, result: { tools: [] } });
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => server.close());
  const transport = connectHttp(`http://127.0.0.1:${server.address().port}/mcp`, { timeoutMs: 5000 });
  const negotiated = await negotiate(transport.connection, '2026-07-28');
  assert.equal(negotiated.protocolVersion, '2025-11-25');
  assert.equal(negotiated.via, 'initialize');
  await transport.connection.request('tools/list', {});
  await transport.close();
  const [discover, initialize, , list, end] = seen;
  assert.deepEqual([discover.headers['mcp-protocol-version'], discover.headers['mcp-method']], ['2026-07-28', 'server/discover']);
  assert.equal(initialize.method, 'initialize');
  assert.equal(initialize.headers['mcp-session-id'], undefined, 'the id from the error answer was not sent');
  assert.equal(initialize.headers['mcp-protocol-version'], undefined);
  assert.deepEqual([list.headers['mcp-session-id'], list.headers['mcp-protocol-version']], ['good', '2025-11-25']);
  assert.deepEqual([end.method, end.headers['mcp-session-id']], ['DELETE', 'good']);
  // The transcript keeps each POST as sent.
  const posted = transport.connection.transcript.filter((e) => e.direction === 'client');
  assert.equal(posted[0].http.headers['Mcp-Method'], 'server/discover');
  assert.equal(posted[1].http.headers['Mcp-Session-Id'], undefined);
  assert.equal(posted.at(-1).http.headers['Mcp-Session-Id'], 'good');
});

test('-32022 to server/discover listing the offered version: asked again once, then 2026-07-28; listing only others: initialize', async (t) => {
  const refusal = (supported) => ({ code: -32022, message: 'Unsupported protocol version', data: { supported, requested: '2026-07-28' } });
  // `refusals`: the error each server/discover gets, in turn, until a result.
  const run = async (refusals) => {
    const seen = [];
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        if (request.method !== 'POST') return response.writeHead(405).end();
        const message = JSON.parse(body);
        // The requests (notifications/initialized is sent without waiting: not counted).
        if (message.id === undefined) return response.writeHead(202).end();
        seen.push(message.method);
        const json = (status, value) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
        const error = message.method === 'server/discover' ? refusals.shift() : undefined;
        if (error) return json(400, { jsonrpc: '2.0', id: message.id, error });
        if (message.method === 'server/discover') return json(200, { jsonrpc: '2.0', id: message.id, result: { resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: {} } });
        return json(200, { jsonrpc: '2.0', id: message.id, result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 'double', version: '1' } } });
      });
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    t.after(() => server.close());
    const transport = connectHttp(`http://127.0.0.1:${server.address().port}/mcp`, { timeoutMs: 5000 });
    const negotiated = await negotiate(transport.connection, '2026-07-28');
    await transport.close();
    return { via: negotiated.via, version: negotiated.protocolVersion, seen };
  };
  assert.deepEqual(await run([refusal(['2026-07-28'])]), { via: 'server/discover', version: '2026-07-28', seen: ['server/discover', 'server/discover'] });
  // Once only: a second refusal is not asked again.
  assert.deepEqual(await run([refusal(['2026-07-28']), refusal(['2026-07-28'])]), { via: 'initialize', version: '2025-11-25', seen: ['server/discover', 'server/discover', 'initialize'] });
  assert.deepEqual(await run([refusal(['2025-11-25'])]), { via: 'initialize', version: '2025-11-25', seen: ['server/discover', 'initialize'] });
});

test('the 2026-07-28 headers of a message (the crate\'s): Mcp-Name from the named parameter, Mcp-Param-* of a listed tool, base64-wrapped when not plain ASCII', () => {
  const meta = { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } };
  assert.deepEqual(mcpHeaders({ method: 'tools/call', params: { name: 'book', ...meta } }), { 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': 'tools/call', 'Mcp-Name': 'book' });
  assert.deepEqual(mcpHeaders({ method: 'resources/read', params: { uri: 'file:///a b', ...meta } })['Mcp-Name'], 'file:///a b');
  assert.equal(mcpHeaders({ method: 'tools/list', params: meta })['Mcp-Name'], undefined);
  const wrapped = (text) => `=?base64?${Buffer.from(text).toString('base64')}?=`;
  assert.equal(mcpHeaders({ method: 'prompts/get', params: { name: 'réserver', ...meta } })['Mcp-Name'], wrapped('réserver'));
  assert.equal(mcpHeaders({ method: 'prompts/get', params: { name: ' padded', ...meta } })['Mcp-Name'], wrapped(' padded'));
  // A listed tool's `x-mcp-header` arguments: the crate's walk and encoding (a nested property
  // through `properties` alone; null, absent and non-integer numbers send nothing).
  const schema = { type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' }, o: { type: 'object', properties: { n: { type: 'integer', 'x-mcp-header': 'N' } } }, f: { type: 'integer', 'x-mcp-header': 'F' }, z: { type: 'string', 'x-mcp-header': 'Z' } } };
  const call = { method: 'tools/call', params: { name: 'where', arguments: { region: 'Zürich', o: { n: 7 }, f: 1.5, z: null }, ...meta } };
  assert.deepEqual(mcpHeaders(call, undefined, new Map([['where', schema]])), {
    'MCP-Protocol-Version': '2026-07-28',
    'Mcp-Method': 'tools/call',
    'Mcp-Name': 'where',
    'Mcp-Param-Region': wrapped('Zürich'),
    'Mcp-Param-N': '7',
  });
  assert.deepEqual(mcpHeaders({ method: 'initialize', params: {} }, '2025-11-25'), {});
  assert.deepEqual(mcpHeaders({ method: 'tools/list', params: {} }, '2025-11-25'), { 'MCP-Protocol-Version': '2025-11-25' });
});

/** A double on 127.0.0.1 speaking 2025-11-25 with a session: `initialize` and `tools/list` get
 * JSON, a notification or a response 202; `onCall(message, response, server)` answers `tools/call`
 * and `onGet(request, response, server)` a GET (default 405). `server.posted` keeps every POSTed
 * message, `server.gets` every GET's headers. Resolves with `{ url, server }`. */
async function double(t, { onCall, onGet = (_request, response) => response.writeHead(405).end() }) {
  const server = createServer((request, response) => {
    if (request.method === 'GET') {
      server.gets.push({ at: Date.now(), headers: request.headers });
      return onGet(request, response, server);
    }
    if (request.method === 'DELETE') return response.writeHead(204).end();
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const message = JSON.parse(body);
      server.posted.push(message);
      const json = (value) => response.writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': 's1' }).end(JSON.stringify(value));
      if (message.method === 'initialize') return json({ jsonrpc: '2.0', id: message.id, result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'double', version: '1' } } });
      if (message.method === 'tools/call') return onCall(message, response, server);
      if (message.method === undefined || message.id === undefined) {
        server.emit('client-message', message);
        return response.writeHead(202).end();
      }
      return json({ jsonrpc: '2.0', id: message.id, result: { tools: [] } });
    });
  });
  server.posted = [];
  server.gets = [];
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => {
    server.closeAllConnections(); // the client's idle keep-alive sockets too
    return new Promise((resolve) => server.close(resolve));
  });
  return { url: `http://127.0.0.1:${server.address().port}/mcp`, server };
}

/** An SSE event. */
const event = (fields) => `${Object.entries(fields).map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`).join('\n')}\n\n`;
const ELICIT = { jsonrpc: '2.0', id: 'e1', method: 'elicitation/create', params: { message: 'Name?', requestedSchema: { type: 'object', properties: { name: { type: 'string', default: 'Ada' } } } } };
const RESULT = (id) => ({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: 'done' }] } });

test('a server request on the POST stream of an open tools/call is answered (POSTed back), then the call completes on that stream', async (t) => {
  const { url } = await double(t, {
    onCall(message, response, server) {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'mcp-session-id': 's1' });
      response.write(event({ event: 'message', data: ELICIT }));
      server.once('client-message', (answer) => {
        assert.deepEqual(answer, { jsonrpc: '2.0', id: 'e1', result: { action: 'accept', content: { name: 'Ada' } } });
        response.end(event({ event: 'message', data: RESULT(message.id) }));
      });
    },
  });
  const transport = connectHttp(url, { timeoutMs: 5000 });
  transport.connection.handle('elicitation/create', (params) => withDefaults({ action: 'accept', content: {} }, params));
  await negotiate(transport.connection, '2025-11-25');
  const { message } = await transport.connection.request('tools/call', { name: 't', arguments: {} });
  assert.equal(message.result.content[0].text, 'done');
  await transport.close();
});

test('SEP-1699: a POST stream ended after its priming event is resumed with GET after `retry` ms, with Last-Event-ID (again after a poll that gave nothing); the GET stream\'s request is answered', async (t) => {
  let closedAt;
  let pending;
  let polls = 0;
  const { url, server } = await double(t, {
    onCall(message, response) {
      pending = message.id;
      response.writeHead(200, { 'content-type': 'text/event-stream', 'mcp-session-id': 's1' });
      response.write('id: ev-1\nretry: 300\ndata: \n\n');
      setTimeout(() => {
        closedAt = Date.now();
        response.end();
      }, 20);
    },
    onGet(request, response, server) {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      if (!request.headers['last-event-id']) return undefined; // the GET stream opened after initialization: kept open
      if (++polls === 1) return response.end(); // the first poll: nothing yet
      // The resumed stream: a server request first, the call's result once it is answered.
      response.write(event({ id: 'ev-2', data: { ...ELICIT, id: 'e2' } }));
      server.once('client-message', (answer) => {
        assert.equal(answer.id, 'e2');
        response.write(event({ id: 'ev-3', data: RESULT(pending) }));
      });
      return undefined;
    },
  });
  const transport = connectHttp(url, { timeoutMs: 5000 });
  transport.connection.handle('elicitation/create', () => ({ action: 'decline' }));
  await negotiate(transport.connection, '2025-11-25');
  const { message } = await transport.connection.request('tools/call', { name: 't', arguments: {} });
  assert.equal(message.result.content[0].text, 'done');
  await transport.close();
  const [standalone, resumed, again, ...more] = server.gets;
  assert.equal(standalone.headers['last-event-id'], undefined, 'the GET stream after notifications/initialized');
  assert.equal(standalone.headers['mcp-session-id'], 's1');
  assert.equal(resumed.headers['last-event-id'], 'ev-1');
  assert.equal(resumed.headers['mcp-protocol-version'], '2025-11-25');
  assert.ok(resumed.at - closedAt >= 290, `waited the server's retry (${resumed.at - closedAt} ms)`);
  assert.equal(again.headers['last-event-id'], 'ev-1', 'the poll that gave no event keeps the position');
  assert.ok(again.at - resumed.at >= 290);
  assert.deepEqual(more, [], 'no reconnection once answered, none after close');
});

test('SEP-1034: an accept gets each absent field\'s default; other answers and content that is not an object are left as they are', () => {
  const params = { requestedSchema: { type: 'object', properties: { name: { type: 'string', default: 'Ada' }, age: { type: 'integer', default: 30 }, note: { type: 'string' } } } };
  assert.deepEqual(withDefaults({ action: 'accept' }, params), { action: 'accept', content: { name: 'Ada', age: 30 } });
  assert.deepEqual(withDefaults({ action: 'accept', content: { name: 'Bo' } }, params), { action: 'accept', content: { name: 'Bo', age: 30 } });
  assert.deepEqual(withDefaults({ action: 'decline' }, params), { action: 'decline' });
  assert.deepEqual(withDefaults({ action: 'accept', content: [] }, params), { action: 'accept', content: [] });
  assert.deepEqual(withDefaults({ action: 'accept', content: {} }, { mode: 'url', url: 'https://example.com' }), { action: 'accept', content: {} });
});
