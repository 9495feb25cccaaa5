// The Streamable HTTP transport of check-server's client (pkg/mcp-client/http.js) against a small
// double on 127.0.0.1 that behaves like a 2025-11-25 server with sessions: it refuses the
// 2026-07-28 `server/discover` with HTTP 400 and (wrongly, but as servers do) a fresh
// `Mcp-Session-Id`, and answers an `initialize` that names an unknown session "Session not
// found". The client must not adopt the id from the error, must negotiate 2025-11-25, and must
// send the headers of each generation: 2026-07-28 `MCP-Protocol-Version` + `Mcp-Method` (+
// `Mcp-Name`), 2025-11-25 `MCP-Protocol-Version` after `initialize` and the session it was given.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { test } from 'node:test';

const { connectHttp, mcpHeaders, encodeHeaderValue } = await import(new URL('../../pkg/mcp-client/http.js', import.meta.url));
const { negotiate } = await import(new URL('../../pkg/mcp-client/session.js', import.meta.url));

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

test('the 2026-07-28 headers of a message: Mcp-Name from the named parameter, base64-wrapped when not plain ASCII', () => {
  const meta = { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } };
  assert.deepEqual(mcpHeaders({ method: 'tools/call', params: { name: 'book', ...meta } }), { 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': 'tools/call', 'Mcp-Name': 'book' });
  assert.deepEqual(mcpHeaders({ method: 'resources/read', params: { uri: 'file:///a b', ...meta } })['Mcp-Name'], 'file:///a b');
  assert.equal(mcpHeaders({ method: 'tools/list', params: meta })['Mcp-Name'], undefined);
  assert.equal(encodeHeaderValue('réserver'), `=?base64?${Buffer.from('réserver').toString('base64')}?=`);
  assert.equal(encodeHeaderValue(' padded'), `=?base64?${Buffer.from(' padded').toString('base64')}?=`);
  assert.deepEqual(mcpHeaders({ method: 'initialize', params: {} }, '2025-11-25'), {});
  assert.deepEqual(mcpHeaders({ method: 'tools/list', params: {} }, '2025-11-25'), { 'MCP-Protocol-Version': '2025-11-25' });
});
