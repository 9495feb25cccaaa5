// `mcp-json-toolbox validate`: tool arguments against a tool's inputSchema.
import { Validator, checkSchema } from 'mcp-json-toolbox';
import { UsageError, command, readInput, readInputs } from './command.js';
import { findings } from './report.js';

export default command({
  name: 'validate',
  summary: 'Validate tool arguments (JSON files, or - for stdin) against a JSON Schema (a tool inputSchema):\n' +
    '2020-12 unless its $schema names 2019-09, draft-07, -06 or -04. Arguments sent as a JSON string\n' +
    'holding the object are unwrapped, with a note.',
  usage: '--schema FILE ARGS_FILE…|-',
  options: { schema: { type: 'string' } },
  async check(values, paths, io) {
    if (values.schema === undefined) throw new UsageError('--schema FILE is required');
    const schema = await readInput(values.schema, io);
    const inputs = await readInputs(paths, io);
    const sources = new Map([schema, ...inputs].map((i) => [i.file, i.text]));
    // Why the schema cannot be used, or its warnings (duplicate keys, unknown formats, the
    // lint's), once, against the schema file; each report then holds its arguments' findings alone.
    const check = checkSchema(schema.text);
    const found = check.diagnostics.flatMap((d) => findings(schema.file, [d], d.span ? 'span' : 'schemaSpan'));
    if (!check.valid) return { findings: found, sources };
    const validator = new Validator(schema.text);
    const results = [];
    for (const { file, text } of inputs) {
      const report = validator.validateAlone(text);
      results.push({ file, valid: report.valid, stringified: report.stringified, text: `${file}: ${report.valid ? 'valid' : 'invalid'}` });
      found.push(...findings(file, report.diagnostics));
    }
    return { findings: found, sources, results };
  },
});
