// `mcp-json-toolbox format`: pretty-print JSON exactly, or check / rewrite files in place.
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { checkFormatted, formatDocument } from 'mcp-json-toolbox';
import { STDIN, UsageError, command, readInputs } from './command.js';
import { findings } from './report.js';

/** FormatOptions from the command line. */
function formatOptions(values) {
  if ([values.indent !== undefined, values.tab, values.minify].filter(Boolean).length > 1) {
    throw new UsageError('--indent, --tab and --minify exclude each other');
  }
  /** @type {import('mcp-json-toolbox').FormatOptions} */
  const options = {};
  if (values['sort-keys']) options.sortKeys = true;
  if (values.tab) options.indent = 'tab';
  if (values.minify) options.minify = true;
  if (values.indent !== undefined) {
    const indent = Number(values.indent);
    if (!/^\d$/.test(values.indent) || indent > 8) throw new UsageError('--indent takes a number of spaces from 0 to 8');
    options.indent = indent;
  }
  return options;
}

export default command({
  name: 'format',
  summary: 'Pretty-print JSON exactly (numbers, escapes and key order as written) to stdout, or check\n' +
    'that files are formatted (--check), or rewrite them (--write). A formatted file ends with a newline.',
  usage: '[--indent N|--tab|--minify] [--sort-keys] [--check|--write] FILE…|-',
  options: {
    indent: { type: 'string' },
    tab: { type: 'boolean' },
    minify: { type: 'boolean' },
    'sort-keys': { type: 'boolean' },
    check: { type: 'boolean' },
    write: { type: 'boolean' },
  },
  async check(values, paths, io) {
    const options = formatOptions(values);
    if (values.check && values.write) throw new UsageError('--check and --write exclude each other');
    const inputs = await readInputs(paths, io);
    if (values.write && inputs.some((i) => i.file === STDIN)) throw new UsageError('--write cannot rewrite stdin');
    const found = [];
    for (const { file, text } of inputs) {
      let formatted;
      try {
        // --check: the crate says whether (and from where) the file differs (`unformatted`).
        formatted = (values.check ? checkFormatted : formatDocument)(text, options);
      } catch (error) {
        if (error.name !== 'JsonError') throw error;
        found.push(...findings(file, [error.diagnostic]));
        continue;
      }
      found.push(...findings(file, formatted.diagnostics));
      if (values.check) continue;
      const output = `${formatted.output}\n`;
      if (values.write) {
        if (output !== text) await writeFile(resolve(io.cwd, file), output);
      } else {
        io.stdout.write(output);
      }
    }
    const printing = !values.check && !values.write;
    return { findings: found, sources: new Map(inputs.map((i) => [i.file, i.text])), stream: printing ? io.stderr : io.stdout };
  },
});
