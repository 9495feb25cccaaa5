// `mcp-json-toolbox validate`: tool arguments against a tool's inputSchema.
import { Validator, formatDocument } from 'mcp-json-toolbox';
import { UsageError, command, readInput, readInputs } from './command.js';
import { findings } from './report.js';

/** The same diagnostic (code, message and position): schema warnings repeat in every report.
 * Presentation only: each is printed once, in the file its span points into. */
const key = (d) => `${d.code}\u0000${d.message}\u0000${d.span?.start}`;

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
    let validator;
    try {
      validator = new Validator(schema.text);
    } catch (error) {
      if (error.name === 'JsonError') return { findings: findings(schema.file, [error.diagnostic]), sources };
      if (error.name !== 'SchemaError') throw error;
      return { findings: findings(schema.file, error.diagnostics), sources };
    }
    // The schema text's own warnings (duplicate keys, ...) once, against the schema file.
    const schemaWarnings = formatDocument(schema.text).diagnostics;
    const seen = new Set(schemaWarnings.map(key));
    const found = findings(schema.file, schemaWarnings);
    const results = [];
    for (const { file, text } of inputs) {
      const report = validator.validate(text);
      results.push({ file, valid: report.valid, stringified: report.stringified, text: `${file}: ${report.valid ? 'valid' : 'invalid'}` });
      for (const d of report.diagnostics) {
        if (seen.has(key(d))) continue;
        // A finding about the schema alone (an unknown format) sits in the schema file.
        if (!d.span && d.schemaSpan) found.push(...findings(schema.file, [d], 'schemaSpan'));
        else found.push(...findings(file, [d]));
      }
    }
    return { findings: found, sources, results };
  },
});
