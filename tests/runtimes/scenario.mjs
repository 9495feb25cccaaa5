// What every runtime runs (tests/runtimes/runtimes.test.mjs): the package as a user imports it
// (`mcp-json-toolbox`, `/format`, `/mcp-sdk`) and both generations of the MCP TypeScript SDK, with
// no Node API, so that the same module runs in Deno and Bun as it is, and bundled in workerd and
// Vercel's Edge Runtime. `scenario()` resolves to one JSON-able object the test compares.
import { Validator, classify, format } from 'mcp-json-toolbox';
import { format as coreFormat, version as coreVersion } from 'mcp-json-toolbox/format';
import { Validator as ServerValidator } from 'mcp-json-toolbox/validator';
import { ToolboxJsonSchemaValidator } from 'mcp-json-toolbox/mcp-sdk';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport as InMemoryV1 } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server as ServerV1 } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { Client as ClientV2, InMemoryTransport as InMemoryClientV2 } from '@modelcontextprotocol/client';
import { Server as ServerV2 } from '@modelcontextprotocol/server';
import { TOOL, answer, weatherMcpServer } from './weather-server.mjs';

export { weatherMcpServer };

const SCHEMA = { type: 'object', properties: { shard: { type: 'integer', minimum: 0 } }, required: ['shard'] };


/** A low-level MCP `Server` (of either SDK generation) with tools, its handlers set by `handle`. */
function lowLevel(Server, handle) {
  const server = new Server({ name: 'weather', version: '1.0.0' }, { capabilities: { tools: {} } });
  handle(server);
  return server;
}

/**
 * A real MCP server (`server`) and Client of one SDK generation, linked in memory, the client's
 * `jsonSchemaValidator` this package's provider: `{ good, bad }`, the good call's
 * structuredContent and the bad call's error message.
 */
async function roundtrip({ Client, server, linkedPair }) {
  const client = new Client({ name: 'host', version: '1.0.0' }, { jsonSchemaValidator: new ToolboxJsonSchemaValidator() });
  const [clientSide, serverSide] = linkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  // Each call's structuredContent, or the message of the error the client threw or the server answered.
  const call = (city) => client.callTool({ name: 'weather', arguments: { city } }).then(
    (r) => (r.isError ? r.content[0].text : r.structuredContent),
    (e) => e.message,
  );
  await client.listTools();
  const outcome = { good: await call('Paris'), bad: await call('Oslo') };
  await client.close();
  return outcome;
}


/** A report's errors as the test compares them. */
const located = (report) => report.diagnostics.map((d) => ({ code: d.code, instancePath: d.instancePath, line: d.span.line, column: d.span.column }));

export async function scenario() {
  const v = new Validator(SCHEMA);
  const bad = v.validate('{\n  "shard": -1\n}');
  const server = new ServerValidator(SCHEMA);
  let notJson = '';
  try {
    format('{"a":1,}');
  } catch (error) {
    notJson = `${error.name} ${error.line}:${error.column}`;
  }
  return {
    good: v.isValid({ shard: 2 }),
    bad: located(bad),
    // The server build (`mcp-json-toolbox/validator`): the same verdict and positions.
    server: { good: server.isValid({ shard: 2 }), bad: located(server.validate('{\n  "shard": -1\n}')) },
    kind: classify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 't', arguments: {} } }).kind,
    format: format('{"price":1.50,"b":[1]}'),
    notJson,
    core: coreFormat('{"b":1,"a":2}', { sortKeys: true, minify: true }),
    coreVersion: typeof coreVersion(),
    sdkV1: await roundtrip({
      Client: ClientV1,
      server: lowLevel(ServerV1, (server) => {
        server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [TOOL] }));
        server.setRequestHandler(CallToolRequestSchema, async ({ params }) => answer(params));
      }),
      linkedPair: () => InMemoryV1.createLinkedPair(),
    }),
    sdkV2: await roundtrip({
      Client: ClientV2,
      server: lowLevel(ServerV2, (server) => {
        server.setRequestHandler('tools/list', async () => ({ tools: [TOOL] }));
        server.setRequestHandler('tools/call', async ({ params }) => answer(params));
      }),
      linkedPair: () => InMemoryClientV2.createLinkedPair(),
    }),
    // v2's McpServer checks its own structuredContent against the outputSchema, with the provider
    // given to fromJsonSchema: the bad call becomes an isError result.
    sdkV2McpServer: await roundtrip({
      Client: ClientV2,
      server: weatherMcpServer(),
      linkedPair: () => InMemoryClientV2.createLinkedPair(),
    }),
  };
}
