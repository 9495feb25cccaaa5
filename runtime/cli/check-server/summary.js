// The summary of a check-server run: the server, the negotiated version and capabilities, each
// tool with its verdict per target, and each call.
import { checkTool } from 'mcp-json-toolbox';

/** The verdicts of one tool, by target: `checkTool` (schemas, lint, names, task support). The
 * provider profiles join here as one entry each. */
const TARGETS = {
  checkTool: (tool) => checkTool(JSON.stringify(tool)).diagnostics,
};

/** The targets a tool's verdict can be asked for (`--target`). */
export const TARGET_NAMES = Object.keys(TARGETS);

/** `[{ name, taskSupport, verdicts: { target: { errors, warnings } } }]` for the listed tools, a
 * verdict for each of `targets` (default all). */
export function toolVerdicts(tools, targets = TARGET_NAMES) {
  return tools.map((tool) => ({
    name: String(tool?.name ?? '?'),
    taskSupport: tool?.execution?.taskSupport ?? null,
    verdicts: Object.fromEntries(targets.map((target) => [target, TARGETS[target]]).map(([target, check]) => {
      const diagnostics = check(tool);
      const count = (severity) => diagnostics.filter((d) => d.severity === severity).length;
      return [target, { errors: count('error'), warnings: count('warning') }];
    })),
  }));
}

/** One verdict as a table cell: `ok`, `2 errors`, `1 warning`… */
function cell({ errors, warnings }) {
  const parts = [];
  if (errors) parts.push(`${errors} error${errors === 1 ? '' : 's'}`);
  if (warnings) parts.push(`${warnings} warning${warnings === 1 ? '' : 's'}`);
  return parts.join(', ') || 'ok';
}

/** Rows as a plain text table (columns padded). */
function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => `  ${r.map((c, i) => c.padEnd(widths[i])).join('  ')}`.trimEnd()).join('\n');
}

/** The human summary: server, version, capabilities, how many prompts and resources were listed
 * (when the capabilities say so), the tools table and the calls. */
export function summaryText(negotiated, tools, listed, calls) {
  const info = negotiated?.serverInfo;
  const lines = [
    `server: ${info ? `${info.name ?? '?'} ${info.version ?? ''}`.trim() : '(no serverInfo)'}`,
    `protocol: ${negotiated?.protocolVersion ?? 'none'} (offered ${negotiated?.offered}, via ${negotiated?.via})`,
    `capabilities: ${Object.keys(negotiated?.capabilities ?? {}).join(', ') || 'none'}`,
    ...Object.entries(listed).filter(([, n]) => n !== undefined).map(([what, n]) => `${what}: ${n}`),
    `tools: ${tools.length}`,
  ];
  if (tools.length) {
    const targets = Object.keys(tools[0].verdicts);
    lines.push(table([['tool', 'taskSupport', ...targets], ...tools.map((t) => [t.name, t.taskSupport ?? '-', ...targets.map((k) => cell(t.verdicts[k]))])]));
  }
  for (const c of calls) {
    const how = !c.sent ? `not sent: ${c.skipped ?? 'see the findings'}`
      : c.asTask ? `task ${c.taskId ?? '(none created)'}: ${(c.statuses ?? []).join(' → ')}${c.timedOut ? ' (timed out, cancelled)' : ''}`
        : 'direct call';
    const end = c.error ? `, error: ${c.error}` : c.isError ? ', isError: true' : '';
    lines.push(`call ${c.tool} (${c.file}): ${how}${end}`);
  }
  return lines.join('\n');
}
