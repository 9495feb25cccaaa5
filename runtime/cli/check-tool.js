// `mcp-json-toolbox check-tool`: tool definitions (or whole tools/list results); `--target` adds
// the rules of those consumers (as `compat` checks them; `--target default` for compat's default
// set, `all` for every one).
import { checkCompatibility, checkTool } from 'mcp-json-toolbox';
import { command, readInputs } from './command.js';
import { compatDiagnostics } from './compat.js';
import { hostFindings, once } from './host.js';
import { findings } from './report.js';
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
    const unique = once();
    const found = inputs.flatMap(({ file, text }) => {
      const own = hostFindings(checkTool(text), { diagnostics: file, tool: file });
      if (targets.length === 0) return own;
      const report = checkCompatibility(text, { targets });
      // The spec's own rules (`mcp`) are checkTool's too: each finding once (presentation: an
      // identical finding printed once; a text that is not JSON has its parse error in `own`).
      const extra = report.diagnostics.length > 0 ? [] : findings(file, compatDiagnostics(report));
      return unique([...own, ...extra]);
    });
    return { findings: found, sources: new Map(inputs.map((i) => [i.file, i.text])) };
  },
});
