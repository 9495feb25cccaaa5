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

/** A list of at most this many tools is shown whole in the table. */
export const SHORT_LIST = 10;

/** Whether a tool row says nothing the findings do not: no checkTool error, every target accepts it. */
const quiet = (t) => t.checkTool.errors === 0 && Object.values(t.targets).every((v) => v === 'accepted');

/** The human summary: server, version, capabilities, how many prompts and resources were listed
 * (when the capabilities say so), the tools table (checkTool, then each target's verdict; the
 * last row the whole list's; of a list longer than SHORT_LIST, unless `verbose`, only the tools
 * with something to say, the others counted), the calls, and where the transcript was written (`recorded`). */
export function summaryText(negotiated, tools, list, listed, calls, { verbose = false, recorded } = {}) {
  const info = negotiated?.serverInfo;
  const lines = [
    `server: ${info ? `${info.name ?? '?'} ${info.version ?? ''}`.trim() : '(no serverInfo)'}`,
    `protocol: ${negotiated?.protocolVersion ?? 'none'} (offered ${negotiated?.offered}, via ${negotiated?.via})`,
    `capabilities: ${Object.keys(negotiated?.capabilities ?? {}).join(', ') || 'none'}`,
    ...Object.entries(listed).filter(([, n]) => n !== undefined).map(([what, n]) => `${what}: ${n}`),
    `tools: ${tools.length}`,
  ];
  const shown = verbose || tools.length <= SHORT_LIST ? tools : tools.filter((t) => !quiet(t));
  if (tools.length) {
    const targets = Object.keys(list);
    lines.push(table([
      ['tool', 'taskSupport', 'checkTool', ...targets],
      ...shown.map((t) => [t.name, t.taskSupport ?? '-', cell(t.checkTool), ...targets.map((k) => t.targets[k] ?? '-')]),
      ...(targets.length ? [['(the list)', '', '', ...targets.map((k) => list[k])]] : []),
    ]));
    const rest = tools.length - shown.length;
    if (rest) lines.push(`  (${rest === tools.length ? `all ${rest} tools` : `${rest} more tool${rest === 1 ? '' : 's'}`}: no checkTool error, accepted by every target; --verbose lists ${rest === 1 ? 'it' : 'them'})`);
  }
  for (const c of calls) {
    const how = !c.sent ? `not sent: ${c.skipped ?? 'see the findings'}`
      : c.asTask ? `task ${c.taskId ?? '(none created)'}: ${(c.statuses ?? []).join(' → ')}${c.timedOut ? ' (timed out, cancelled)' : ''}`
        : 'direct call';
    const end = c.error ? `, error: ${c.error}` : c.isError ? ', isError: true' : '';
    lines.push(`call ${c.tool} (${c.file}): ${how}${end}`);
  }
  lines.push(`transcript: ${recorded ?? 'not written (--record FILE keeps it; findings point to tools and messages)'}`);
  return lines.join('\n');
}

/** `/N/message/result/tools/K…` (a finding inside tool K of the tools/list answer at entry N). */
const TOOL_PATH = /^\/(\d+)\/message\/result\/tools\/(\d+)(\/.*)?$/;

/**
 * Gives each finding inside a listed tool that has no `tool` yet its `{ name, pointer }` (from its
 * instancePath into the transcript `entries`).
 */
export function nameTools(found, entries) {
  for (const finding of found) {
    const [, entry, index, pointer = ''] = TOOL_PATH.exec(finding.instancePath ?? '') ?? [];
    const tool = entry && entries[entry]?.message?.result?.tools?.[index];
    if (!finding.tool && tool && typeof tool === 'object') finding.tool = { name: String(tool.name ?? `#${index}`), pointer };
  }
  return found;
}

/**
 * Where a finding in the unwritten transcript `file` is, for the reporter (report.js `place`): its
 * tool and pointer, or the message (`message 3, the answer to initialize`) and pointer within it;
 * undefined for a finding in another file.
 */
export function placeInTranscript(file, entries) {
  const methods = new Map(entries.filter((e) => e.direction === 'client' && e.message?.method).map((e) => [e.message.id, e.message.method]));
  return (finding) => {
    if (finding.file !== file) return undefined;
    if (finding.tool) return `tool ${JSON.stringify(String(finding.tool.name))}${finding.tool.pointer ? ` ${finding.tool.pointer}` : ''}`;
    const entry = entries[finding.line - 1];
    if (!entry) return 'the session';
    if (entry.stdout !== undefined) return `entry ${finding.line} (a line on the server's stdout)`;
    const { message } = entry;
    const what = message?.method ? `${entry.direction === 'client' ? 'the client\'s' : 'the server\'s'} ${message.method}`
        : methods.has(message?.id) ? `the answer to ${methods.get(message.id)}` : `a ${entry.direction} message`;
    const pointer = (finding.instancePath ?? '').replace(/^\/\d+\/message/, '');
    return `message ${finding.line} (${what})${pointer ? ` ${pointer}` : ''}`;
  };
}
