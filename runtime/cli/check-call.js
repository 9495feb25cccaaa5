// `mcp-json-toolbox check-call`: tools/call requests against their tool (and capabilities).
import { checkToolCall } from 'mcp-json-toolbox';
import { UsageError, command, readInput, readInputs } from './command.js';
import { hostFindingsOfEach } from './host.js';

export default command({
  name: 'check-call',
  summary: 'Check tools/call requests against the tool (task support, arguments vs inputSchema) and,\n' +
    'with --capabilities, the negotiated server capabilities.',
  usage: '--tool FILE [--capabilities FILE] REQUEST_FILE…|-',
  options: { tool: { type: 'string' }, capabilities: { type: 'string' } },
  async check(values, paths, io) {
    if (values.tool === undefined) throw new UsageError('--tool FILE is required');
    const tool = await readInput(values.tool, io);
    const capabilities = values.capabilities === undefined ? undefined : await readInput(values.capabilities, io);
    const inputs = await readInputs(paths, io);
    const files = { tool: tool.file, capabilities: capabilities?.file };
    const reports = inputs.map(({ file, text }) => ({ file, report: checkToolCall(tool.text, text, capabilities?.text) }));
    const found = hostFindingsOfEach(reports, files);
    const sources = new Map([tool, capabilities, ...inputs].filter(Boolean).map((i) => [i.file, i.text]));
    return { findings: found, sources };
  },
});
