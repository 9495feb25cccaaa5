// `mcp-json-toolbox check-docs`: the live examples of docs files, twoslash-style (docs/check.js).
import { checkDocs } from '../docs/check.js';
import { UsageError, command, readInputs } from './command.js';

export default command({
  name: 'check-docs',
  summary: 'Check the live examples (```json mcp``` fences, <mcp-json> elements) of .md, .mdx and .html\n' +
    'files with the checks the docs playground shows; findings at file:line:column of the docs file.\n' +
    'An example that is broken, or whose verdict disagrees with its expect=, is an error.',
  usage: 'DOCS_FILE…',
  async check(_values, paths, io) {
    if (paths.includes('-')) throw new UsageError('check-docs reads files (.md, .mdx, .html), not stdin');
    const inputs = await readInputs(paths, io);
    const found = await checkDocs(paths, { cwd: io.cwd });
    const results = paths.map((file) => {
      const errors = found.filter((f) => f.file === file && f.severity === 'error').length;
      return { file, errors, text: `${file}: ${errors ? `${errors} error${errors === 1 ? '' : 's'}` : 'all examples check out'}` };
    });
    return { findings: found, sources: new Map(inputs.map((i) => [i.file, i.text])), results };
  },
});
