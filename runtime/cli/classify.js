// `mcp-json-toolbox classify`: name MCP payloads and check them against the official schemas.
import { classify } from 'mcp-json-toolbox';
import { command, readInputs } from './command.js';
import { findings } from './report.js';

export default command({
  name: 'classify',
  summary: 'Name each MCP payload (a message, a JSON-RPC batch, a stringified message) by its official\n' +
    'schema definition and protocol generation, and check it against that definition.',
  usage: 'FILE…|-',
  async check(_values, paths, io) {
    const inputs = await readInputs(paths, io);
    const found = [];
    const results = [];
    for (const { file, text } of inputs) {
      const c = classify(text);
      const generation = c.generation ? ` (${c.generation})` : '';
      const items = c.items ? `: ${c.items.map((i) => i.kind).join(', ')}` : '';
      results.push({ file, kind: c.kind, generation: c.generation, versions: c.versions, text: `${file}: ${c.kind}${generation}${items}` });
      found.push(...findings(file, c.diagnostics));
    }
    return { findings: found, sources: new Map(inputs.map((i) => [i.file, i.text])), results };
  },
});
