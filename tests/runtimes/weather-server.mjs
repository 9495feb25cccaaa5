// The weather tool and a v2 McpServer serving it with `mcp-json-toolbox/mcp-sdk` (the server build
// alone): used by scenario.mjs in every runtime, and alone by the Worker of tests/runtimes/ that
// shows a server importing only the provider uploads only the server build's .wasm.
import { ToolboxJsonSchemaValidator } from 'mcp-json-toolbox/mcp-sdk';
import { McpServer, fromJsonSchema } from '@modelcontextprotocol/server';

/** A tool with an outputSchema; its call answers good structuredContent for Paris, bad otherwise. */
const OUTPUT = { temperature: { type: 'number' }, unit: { enum: ['C', 'F'] } };
export const TOOL = {
  name: 'weather',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  outputSchema: { type: 'object', properties: OUTPUT, required: ['temperature', 'unit'], additionalProperties: false },
};

/** The tools/call handler of both servers. */
export function answer(params) {
  const structuredContent = params.arguments.city === 'Paris' ? { temperature: 21.5, unit: 'C' } : { temperature: 'warm', unit: 'K' };
  return { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent };
}

/**
 * A v2 McpServer with the weather tool, its schemas `fromJsonSchema` with this package's provider:
 * it checks its own structuredContent, a bad one answered as an isError result.
 */
export function weatherMcpServer() {
  const server = new McpServer({ name: 'weather', version: '1.0.0' });
  const validator = new ToolboxJsonSchemaValidator();
  const schemas = { inputSchema: fromJsonSchema(TOOL.inputSchema, validator), outputSchema: fromJsonSchema(TOOL.outputSchema, validator) };
  server.registerTool(TOOL.name, schemas, async (args) => answer({ arguments: args }));
  return server;
}
