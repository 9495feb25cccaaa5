// `mcp-json-toolbox check-result`: tools/call results against their tool.
import { checkToolResult } from 'mcp-json-toolbox';
import { UsageError, command, readInput, readInputs } from './command.js';
import { hostFindingsOfEach } from './host.js';

export default command({
  name: 'check-result',
  summary: 'Check tools/call results against the tool: structuredContent vs outputSchema, task handles nobody asked for.',
  usage: '--tool FILE RESULT_FILE…|-',
  options: { tool: { type: 'string' } },
  async check(values, paths, io) {
    if (values.tool === undefined) throw new UsageError('--tool FILE is required');
    const tool = await readInput(values.tool, io);
    const inputs = await readInputs(paths, io);
    const reports = inputs.map(({ file, text }) => ({ file, report: checkToolResult(tool.text, text) }));
    const found = hostFindingsOfEach(reports, { tool: tool.file });
    return { findings: found, sources: new Map([tool, ...inputs].map((i) => [i.file, i.text])) };
  },
});
