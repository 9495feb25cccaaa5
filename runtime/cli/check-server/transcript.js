// The transcript of a check-server session as JSON Lines (one `{timestamp, direction, message}`
// entry per line, or `{timestamp, direction, stdout}` for a stdout line that is not JSON: what
// `replay` reads), and the mapping of a finding inside one message's JSON
// text to its place in the transcript.

/**
 * `{ text, locate }` for `entries`: `text` the JSON Lines; `locate(index, finding, line = 1)`
 * moves a Finding whose position is in entry `index`'s message text (written alone, its JSON on
 * line `line`) to the transcript; `locate.entries` the entries. With no index the finding is
 * returned as it is (its position is in the transcript already).
 */
export function transcriptText(entries) {
  const offsets = [];
  const lines = entries.map(({ timestamp, direction, message, stdout }) => {
    // A stdout line that is not JSON (stdio.js): an entry of its own, no message.
    if (stdout !== undefined) {
      offsets.push(0);
      return JSON.stringify({ timestamp, direction, stdout });
    }
    const head = `${JSON.stringify({ timestamp, direction }).slice(0, -1)},"message":`;
    offsets.push(head.length);
    return `${head}${JSON.stringify(message)}}`;
  });
  const text = lines.length ? `${lines.join('\n')}\n` : '';
  const locate = (index, finding, line = 1) => {
    if (index === undefined || index < 0 || index >= entries.length) return finding;
    const offset = offsets[index];
    const moved = { ...finding, line: index + 1 };
    if (finding.line !== line) return { ...moved, column: offset + 1, endLine: undefined, endColumn: undefined };
    moved.column = finding.column + offset;
    if (finding.endLine === line) Object.assign(moved, { endLine: index + 1, endColumn: finding.endColumn + offset });
    else Object.assign(moved, { endLine: undefined, endColumn: undefined });
    return moved;
  };
  locate.entries = entries;
  return { text, locate };
}
