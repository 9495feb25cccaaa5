// The summary of a check-server run: the server, the negotiated version and capabilities, each
// tool with its checkTool verdict and its verdict per compatibility target (checkCompatibility),
// the whole list's verdict per target, and each call.
import { checkCompatibility, checkTool } from 'mcp-json-toolbox';

/** The compatibility profiles `checkCompatibility` knows, in its order (`--target`). */
export const TARGET_NAMES = Object.keys(checkCompatibility('{"tools":[]}').list);

/** How bad a verdict is, for the worst of several pages. */
const RANK = ['accepted', 'rewritten', 'dropped', 'rejected'];

/**
 * Every tools/list page (`pages`: `[{ index, message }]`) through `checkCompatibility` for
 * `targets`: `{ tools, list, pages }`: per tool (in listing order) its verdict per target, the
 * worst list verdict per target, and each page's report (for its findings).
 */
export function compatibility(pages, targets, serverName) {
  const tools = [];
  const list = {};
  const reports = pages.map(({ index, message }) => {
    const report = checkCompatibility(JSON.stringify(message), { targets, serverName });
    tools.push(...report.tools.map((t) => Object.fromEntries(Object.entries(t.targets).map(([k, r]) => [k, r.verdict]))));
    for (const [target, result] of Object.entries(report.list)) {
      if (RANK.indexOf(result.verdict) > RANK.indexOf(list[target] ?? 'accepted')) list[target] = result.verdict;
      list[target] ??= result.verdict;
    }
    return { index, report };
  });
  return { tools, list, reports };
}

/** The diagnostics of one compatibility report: its own, each tool's and the list's, per target. */
export function compatDiagnostics(report) {
  return [
    ...report.diagnostics,
    ...report.tools.flatMap((t) => Object.values(t.targets).flatMap((r) => r.diagnostics)),
    ...Object.values(report.list).flatMap((r) => r.diagnostics),
  ];
}

/** `[{ name, taskSupport, checkTool: { errors, warnings }, targets: { target: verdict } }]` for the
 * listed tools, `compat` their verdicts per target (same order). */
export function toolVerdicts(tools, compat = []) {
  return tools.map((tool, i) => {
    const diagnostics = checkTool(JSON.stringify(tool)).diagnostics;
    const count = (severity) => diagnostics.filter((d) => d.severity === severity).length;
    return {
      name: String(tool?.name ?? '?'),
      taskSupport: tool?.execution?.taskSupport ?? null,
      checkTool: { errors: count('error'), warnings: count('warning') },
      targets: compat[i] ?? {},
    };
  });
}

/** One checkTool verdict as a table cell: `ok`, `2 errors`, `1 warning`… */
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
 * (when the capabilities say so), the tools table (checkTool, then each target's verdict; the
 * last row the whole list's) and the calls. */
export function summaryText(negotiated, tools, list, listed, calls) {
  const info = negotiated?.serverInfo;
  const lines = [
    `server: ${info ? `${info.name ?? '?'} ${info.version ?? ''}`.trim() : '(no serverInfo)'}`,
    `protocol: ${negotiated?.protocolVersion ?? 'none'} (offered ${negotiated?.offered}, via ${negotiated?.via})`,
    `capabilities: ${Object.keys(negotiated?.capabilities ?? {}).join(', ') || 'none'}`,
    ...Object.entries(listed).filter(([, n]) => n !== undefined).map(([what, n]) => `${what}: ${n}`),
    `tools: ${tools.length}`,
  ];
  if (tools.length) {
    const targets = Object.keys(list);
    lines.push(table([
      ['tool', 'taskSupport', 'checkTool', ...targets],
      ...tools.map((t) => [t.name, t.taskSupport ?? '-', cell(t.checkTool), ...targets.map((k) => t.targets[k] ?? '-')]),
      ...(targets.length ? [['(the list)', '', '', ...targets.map((k) => list[k])]] : []),
    ]));
  }
  for (const c of calls) {
    const how = !c.sent ? `not sent: ${c.skipped ?? 'see the findings'}`
      : c.asTask ? `task ${c.taskId}: ${(c.statuses ?? []).join(' → ')}${c.timedOut ? ' (timed out, cancelled)' : ''}`
        : c.inputRoundsExceeded ? `still input_required after ${c.inputRounds} rounds (the limit)`
          : `complete${c.inputRounds ? ` after ${c.inputRounds} input round${c.inputRounds === 1 ? '' : 's'}` : ''}`;
    const declined = c.declined ? ` (${c.declined} question${c.declined === 1 ? '' : 's'} declined: no --elicit)` : '';
    const end = c.error ? `, error: ${c.error}` : c.isError ? ', isError: true' : '';
    lines.push(`call ${c.tool} (${c.file}): ${how}${declined}${end}`);
  }
  return lines.join('\n');
}
