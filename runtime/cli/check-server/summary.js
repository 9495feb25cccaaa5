// The summary of a check-server run: the server, the negotiated version and capabilities, each
// tool with its findings and its verdict per compatibility target, and the whole list's verdict
// per target (all from the session's tool table, `JsonLinesSession.tools()`, decided in the
// crate: src/host/session/tools.rs), and each call.

/** One tool's findings as a table cell: `ok`, `2 errors`, `1 warning`…; errors the schema lint
 * found (the session's `schemaErrors`) say so, beside target columns that may all accept the tool:
 * `2 errors (schema lint)`, `3 errors (2 schema lint)`. */
function cell({ errors, schemaErrors = 0, warnings }) {
  const parts = [];
  const lint = !schemaErrors ? '' : schemaErrors === errors ? ' (schema lint)' : ` (${schemaErrors} schema lint)`;
  if (errors) parts.push(`${errors} error${errors === 1 ? '' : 's'}${lint}`);
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

/** Whether a tool row says nothing the findings do not: no error, every target accepts it. */
const quiet = (t) => t.errors === 0 && Object.values(t.targets).every((v) => v === 'accepted');

/** The human summary: server, version, capabilities, how many prompts and resources were listed
 * (when the capabilities say so), the tools table (`verdicts`: the session's; each tool's findings,
 * then each target's verdict; the last row the whole list's; of a list longer than SHORT_LIST,
 * unless `verbose`, only the tools with something to say, the others counted), the calls, and
 * where the transcript was written (`recorded`).
 * @param {any} negotiated @param {any} verdicts @param {{ prompts?: number, resources?: number }} listed @param {any[]} calls
 * @param {{ verbose?: boolean, recorded?: unknown }} [options] */
export function summaryText(negotiated, verdicts, listed, calls, { verbose = false, recorded } = {}) {
  const { tools, list } = verdicts;
  const info = negotiated?.serverInfo;
  const lines = [
    `server: ${info ? `${info.name ?? '?'} ${info.version ?? ''}`.trim() : '(no serverInfo)'}`,
    negotiated ? `protocol: ${negotiated.protocolVersion ?? 'none'} (offered ${negotiated.offered}, via ${negotiated.via})` : 'protocol: none (not negotiated)',
    `capabilities: ${Object.keys(negotiated?.capabilities ?? {}).join(', ') || 'none'}`,
    ...Object.entries(listed).filter(([, n]) => n !== undefined).map(([what, n]) => `${what}: ${n}`),
    `tools: ${tools.length}`,
  ];
  const shown = verbose || tools.length <= SHORT_LIST ? tools : tools.filter((t) => !quiet(t));
  if (tools.length) {
    const targets = Object.keys(list);
    lines.push(table([
      ['tool', 'taskSupport', 'findings', ...targets],
      ...shown.map((t) => [t.name, t.taskSupport ?? '-', cell(t), ...targets.map((k) => t.targets[k] ?? '-')]),
      ...(targets.length ? [['(the list)', '', '', ...targets.map((k) => list[k])]] : []),
    ]));
    const rest = tools.length - shown.length;
    if (rest) lines.push(`  (${rest === tools.length ? `all ${rest} tools` : `${rest} more tool${rest === 1 ? '' : 's'}`}: no error, accepted by every target; --verbose lists ${rest === 1 ? 'it' : 'them'})`);
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
  lines.push(`transcript: ${recorded ?? 'not written (--record FILE keeps it; findings point to tools and messages)'}`);
  return lines.join('\n');
}
