// `mcp-json-toolbox check-tool`: tool definitions (or whole tools/list results).
import { checkTool } from 'mcp-json-toolbox';
import { command, readInputs } from './command.js';
import { hostFindings } from './host.js';

export default command({
  name: 'check-tool',
  summary: 'Check tool definitions or tools/list results: schemas, name rules, duplicate names, execution.taskSupport.',
  usage: 'TOOL_FILE…|-',
  async check(_values, paths, io) {
    const inputs = await readInputs(paths, io);
    const found = inputs.flatMap(({ file, text }) => hostFindings(checkTool(text), { diagnostics: file, tool: file }));
    return { findings: found, sources: new Map(inputs.map((i) => [i.file, i.text])) };
  },
});
