// How the proxy reports what the checker finds: one compiler-style line each on stderr, and one
// JSON object a line in the `--report` file.

/**
 * `server#12:1:45: error[code]: message (/pointer)`: the direction and index of the message, the
 * line and column inside its text; a line that is not JSON is placed by its line in that
 * direction's stream (`server line 7, column 30: …`); the checker's own findings by nothing.
 */
export function findingLine(f) {
  const where = f.index !== null && f.index !== undefined
    ? `${f.direction}#${f.index}:${f.line}:${f.column}: `
    : f.direction ? `${f.direction} line ${f.line}, column ${f.column}: ` : '';
  const pointer = f.pointer ? ` (${f.pointer})` : '';
  return `${where}${f.severity}[${f.code}]: ${f.message}${pointer}`;
}

/** One `--report` line: `{severity, code, message, index, direction, pointer, line, column, tool?}`. */
export function findingJson(f) {
  const { severity, code, message, index = null, direction = null, pointer = '', line, column, tool } = f;
  return `${JSON.stringify({ severity, code, message, index, direction, pointer, line, column, ...(tool ? { tool } : {}) })}\n`;
}

/** "12 messages checked, 2 errors, 1 warning" plus what was skipped, for the end of a session. */
export function summaryLine(counts, summary) {
  const parts = summary.messages === undefined ? [] : [`${summary.messages} message${summary.messages === 1 ? '' : 's'} checked`];
  for (const [severity, word] of [['error', 'error'], ['warning', 'warning'], ['info', 'note']]) {
    const n = counts[severity] ?? 0;
    if (n > 0) parts.push(`${n} ${word}${n === 1 ? '' : 's'}`);
  }
  if (summary.skipped) parts.push(`${summary.skipped} skipped (the checker fell behind; findings after them may be missing or wrong)`);
  if (summary.oversized) parts.push(`${summary.oversized} too large to check`);
  if (summary.timedOut) parts.push('the checker did not finish in time (findings may be missing)');
  if (summary.interrupted) parts.push('interrupted before the checker finished (findings may be missing)');
  if (summary.crashed) parts.push(`the server ended (${summary.crashed}) while the host was still connected`);
  if (summary.failed) parts.push('the checker failed (above); the traffic was passed on');
  return parts.join(', ');
}
