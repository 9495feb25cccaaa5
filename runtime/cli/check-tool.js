// `mcp-json-toolbox check-tool`: tool definitions (or whole tools/list results); `--target` adds
// the rules of those consumers (as `compat` checks them; `--target default` for compat's default
// set, `all` for every one).
import { checkTool } from 'mcp-json-toolbox';
import { command, readInputs } from './command.js';
import { hostFindings } from './host.js';
import { TARGET_NAMES, parseTargets, targetHelp } from './targets.js';

export default command({
  name: 'check-tool',
  summary: 'Check tool definitions or tools/list results: schemas, name rules, duplicate names, execution.taskSupport.\n\n' +
    '  --target a,b  also the rules of these consumers (repeatable; mcp-json-toolbox compat --help\n' +
    '                says what each is)\n' +
    targetHelp(16),
  usage: '[--target a,b] TOOL_FILE…|-',
  options: { target: { type: 'string', multiple: true } },
  async check(values, paths, io) {
    // No flag, no consumer rules here (`--target default` for compat's default set).
    const targets = parseTargets(values.target, TARGET_NAMES);
    const inputs = await readInputs(paths, io);
    // One crate call: the spec's rules and, with targets, those consumers' (each finding once).
    const options = targets.length === 0 ? undefined : { targets };
    const found = inputs.flatMap(({ file, text }) => hostFindings(checkTool(text, options), { diagnostics: file, tool: file }));
    return { findings: found, sources: new Map(inputs.map((i) => [i.file, i.text])) };
  },
});
