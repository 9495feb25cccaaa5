// `mcp-json-toolbox compat`: which consumers (model APIs, hosts) take each tool: a matrix of
// tools × targets, then the findings; `--lower TARGET` prints the tool rewritten for a target.
import { checkCompatibility, lowerTool } from 'mcp-json-toolbox';
import { UsageError, command, readInputs } from './command.js';
import { findings } from './report.js';
import { DEFAULT_TARGETS, TARGET_NAMES, parseTargets, targetHelp } from './targets.js';

/** How a verdict shows in the matrix. */
const CELLS = { accepted: '✓', rewritten: 'rewritten', dropped: 'dropped', rejected: 'rejected' };

/** Every diagnostic of a CompatReport: its own, each tool's per target, the list's per target. */
export function compatDiagnostics(report) {
  return [
    ...report.diagnostics,
    ...report.tools.flatMap((tool) => Object.values(tool.targets).flatMap((r) => r.diagnostics)),
    ...Object.values(report.list).flatMap((r) => r.diagnostics),
  ];
}

/** The matrix as text: one row per tool and one for the whole list, one column per target. */
function matrixText(file, report, targets) {
  const rows = [
    ['tool', ...targets],
    ...report.tools.map((tool) => [tool.name ?? tool.pointer, ...targets.map((t) => CELLS[tool.targets[t].verdict])]),
    ['(whole list)', ...targets.map((t) => CELLS[report.list[t].verdict])],
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => [...r[i]].length)));
  const line = (row) => row.map((cell, i) => cell + ' '.repeat(widths[i] - [...cell].length)).join('  ').trimEnd();
  return [`${file}:`, ...rows.map((row) => `  ${line(row)}`)].join('\n');
}

/** The lowering of one file, as a result. */
function lowered(file, text, target) {
  const out = lowerTool(text, target);
  const lines = [`${file}: lowered for ${target}`];
  if (out.tool !== null) lines.push(JSON.stringify(out.tool, null, 2));
  for (const c of out.changes) lines.push(`  changed ${c.pointer}: ${c.message}`);
  for (const l of out.lost) lines.push(`  no longer enforced ${l.pointer} (${l.keyword}): ${l.message}`);
  return { result: { file, target, tool: out.tool, changes: out.changes, lost: out.lost, text: lines.join('\n') }, diagnostics: out.diagnostics };
}

export default command({
  name: 'compat',
  summary: 'Check which consumers take each tool (a Tool, an array of tools or a tools/list result):\n' +
    'Anthropic (and strict tool use), OpenAI (and strict mode), Gemini (parameters and\n' +
    'parametersJsonSchema), Claude Code, Cursor, VS Code, WebMCP and the MCP spec itself. Prints a\n' +
    'matrix (tools × targets: ✓, rewritten, dropped, rejected), then each rule broken (notes, marked\n' +
    'info, are what no public source shows failing). Exit 1 when a selected target rejects or drops\n' +
    'a tool.\n\n' +
    '  --target a,b          these targets instead of the default ones (repeatable)\n' +
    targetHelp(24) + '\n' +
    '  --server-name NAME    the server\'s name in the host (Cursor limits server + tool name length)\n' +
    '  --lower TARGET        print each file\'s tool rewritten so TARGET takes it, with what changed\n' +
    '                        and what the server must now check itself',
  usage: '[--target a,b] [--server-name NAME] [--lower TARGET] FILE…|-',
  options: { target: { type: 'string', multiple: true }, 'server-name': { type: 'string' }, lower: { type: 'string' } },
  async check(values, paths, io) {
    const named = parseTargets(values.target, TARGET_NAMES);
    const targets = named.length > 0 ? named : DEFAULT_TARGETS;
    if (values.lower !== undefined && !TARGET_NAMES.includes(values.lower)) {
      throw new UsageError(`unknown --lower ${values.lower}; known: ${TARGET_NAMES.join(', ')}`);
    }
    const inputs = await readInputs(paths, io);
    const sources = new Map(inputs.map((i) => [i.file, i.text]));
    const found = [];
    const results = [];
    for (const { file, text } of inputs) {
      if (values.lower !== undefined) {
        const { result, diagnostics } = lowered(file, text, values.lower);
        results.push(result);
        found.push(...findings(file, diagnostics));
        continue;
      }
      const report = checkCompatibility(text, { targets, serverName: values['server-name'] });
      const verdicts = (per) => Object.fromEntries(targets.map((t) => [t, per[t].verdict]));
      results.push({
        file,
        tools: report.tools.map((tool) => ({ name: tool.name, pointer: tool.pointer, verdicts: verdicts(tool.targets) })),
        list: verdicts(report.list),
        text: report.tools.length > 0 ? matrixText(file, report, targets) : '',
      });
      found.push(...findings(file, compatDiagnostics(report)));
    }
    return { findings: found, sources, results };
  },
});
