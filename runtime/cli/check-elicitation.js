// `mcp-json-toolbox check-elicitation`: an elicitation request and, optionally, the answers to it.
import { checkElicitation } from 'mcp-json-toolbox';
import { UsageError, command, readInput, readInputs } from './command.js';
import { findings } from './report.js';

export default command({
  name: 'check-elicitation',
  summary: 'Check an elicitation request (elicitation/create or its params, or inputRequests) against\n' +
    'the spec and the restricted form schema and, given answers (ElicitResult or inputResponses),\n' +
    'each answer against the request\'s requestedSchema.',
  usage: '--request FILE [RESPONSE_FILE…|-]',
  options: { request: { type: 'string' } },
  async check(values, paths, io) {
    if (values.request === undefined) throw new UsageError('--request FILE is required');
    const request = await readInput(values.request, io);
    const inputs = paths.length === 0 ? [] : await readInputs(paths, io);
    const reports = inputs.length === 0
      ? [{ report: checkElicitation(request.text) }]
      : inputs.map(({ file, text }) => ({ file, report: checkElicitation(request.text, text) }));
    // The request's findings are the same in every report (the crate's: they depend on the
    // request alone): taken from the first, against the request file.
    const found = reports.flatMap(({ file, report }, i) => [
      ...(i === 0 ? findings(request.file, report.diagnostics) : []),
      ...(file === undefined ? [] : findings(file, report.responseDiagnostics)),
    ]);
    const sources = new Map([request, ...inputs].map((i) => [i.file, i.text]));
    return { findings: found, sources };
  },
});
