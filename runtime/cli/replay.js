// `mcp-json-toolbox replay`: session transcripts through the package's session checker (the same
// findings as `proxy --report`, `check-server` and the page's Session tab), and the logs developers
// hold (VS Code's MCP output, a HAR, JSON Lines among server stderr, an mcp-debugger export, an
// mcp-recorder cassette, Claude Desktop's MCP logs, the Python SDK's debug lines): the crate detects each file's format (`--input-format` forces one), reads
// it once and reports every finding at its line and column in that file, and the sequence of
// its messages (what each is, the request each answer answers) with counts, which `--format json`
// prints as they are; each file's line says the protocol version its messages were checked against
// (the crate's `protocol`), or that none was.
import { replayLog } from 'mcp-json-toolbox';
import { UsageError, command, readInputs } from './command.js';
import { findings } from './report.js';
import { TARGET_NAMES, parseTargets } from './targets.js';

/** The formats `--input-format` takes (`replayLog`'s LogFormat). */
const INPUT_FORMATS = ['transcript', 'vscode', 'har', 'jsonl', 'mcp-debugger', 'mcp-recorder', 'claude-desktop', 'python-sdk'];

/** What the crate's `protocol` says, in the line's words. */
function protocolWords(protocol) {
  if (protocol?.checked) return `checked against protocol ${protocol.checked} (${protocol.how})`;
  if (protocol?.named) return `protocol ${protocol.named} has no published schema: not checked against one`;
  return 'no protocol version seen: not checked against a schema';
}

export default command({
  name: 'replay',
  summary: 'Replay session transcripts and logs and check every message against its official schema,\n' +
    'every tools/list page (each tool\'s checks and compatibility verdicts), calls, results,\n' +
    'elicitations, and every task as a state machine: transitions, polling intervals, results used\n' +
    'before completion, ... Reads a transcript (a JSON array of messages, or JSON Lines), VS Code\'s\n' +
    'MCP output (2025 and 2026 forms), a HAR of a Streamable HTTP session, JSON Lines among other\n' +
    'lines (server stderr), an mcp-debugger export, an mcp-recorder cassette, Claude Desktop\'s MCP\n' +
    'logs (mcp.log, mcp-server-NAME.log) or the Python SDK\'s debug lines (Received JSON: b\'...\');\n' +
    'findings point into the file, each checked against its session\'s protocol version (2024-11-05\n' +
    'to 2026-07-28; the line says which). --format json adds each file\'s sequence (every message with its span, sender, kind,\n' +
    'method and the request it answers) and counts.\n\n' +
    `  --input-format ${INPUT_FORMATS.join('|')}  read every file as this format (default: detected)\n` +
    '  --target NAME[,NAME]        compatibility profiles for the tools/list pages (repeatable, or all;\n' +
    '                              default the package\'s)',
  usage: '[--input-format FORMAT] [--target NAME[,NAME]] TRANSCRIPT_OR_LOG_FILE…|-',
  options: { 'input-format': { type: 'string' }, target: { type: 'string', multiple: true } },
  async check(values, paths, io) {
    const format = values['input-format'];
    if (format !== undefined && !INPUT_FORMATS.includes(format)) {
      throw new UsageError(`--input-format must be one of ${INPUT_FORMATS.join(', ')}`);
    }
    const targets = parseTargets(values.target, TARGET_NAMES);
    const inputs = await readInputs(paths, io);
    const found = [];
    const results = [];
    for (const { file, text } of inputs) {
      const session = replayLog(text, { ...(format ? { format } : {}), ...(targets.length ? { targets } : {}) });
      const tasks = Object.entries(session.tasks).map(([taskId, t]) => ({ taskId, toolName: t.toolName, lastStatus: t.lastStatus }));
      const line = tasks.map((t) => `${t.taskId} ${t.lastStatus}`).join(', ');
      const { messages } = session.counts;
      const named = session.format === 'transcript' ? '' : ` [${session.detected}, ${messages} message${messages === 1 ? '' : 's'}]`;
      results.push({
        file, format: session.format, detected: session.detected, counts: session.counts, protocol: session.protocol, sequence: session.sequence,
        tasks, tools: session.tools?.tools, list: session.tools?.list,
        text: `${file}${named}: ${protocolWords(session.protocol)}; ${tasks.length} task${tasks.length === 1 ? '' : 's'}${line ? ` (${line})` : ''}`,
      });
      found.push(...findings(file, session.diagnostics));
    }
    return { findings: found, sources: new Map(inputs.map((i) => [i.file, i.text])), results };
  },
});
