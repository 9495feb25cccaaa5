// `mcp-json-toolbox replay`: session transcripts through the package's session checker (the same
// findings as `proxy --report`, `check-server` and the page's Session tab), and the logs developers
// hold (every format of the crate's `logFormats()`, listed in the help): the crate detects each
// file's format (`--input-format` forces one), reads
// it once and reports every finding at its line and column in that file, and the sequence of
// its messages (what each is, the request each answer answers) with counts, which `--format json`
// prints as they are; each file's line says the protocol version its messages were checked against
// (the crate's `protocol`), or that none was.
import { logFormats, replayLog } from 'mcp-json-toolbox';
import { UsageError, command, readInputs } from './command.js';
import { findings } from './report.js';
import { TARGET_NAMES, parseTargets } from './targets.js';

/** The formats `--input-format` takes, with what each is (the crate's table). */
const FORMATS = logFormats();
const INPUT_FORMATS = FORMATS.map((format) => format.name);

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
    'before completion, ... Reads session transcripts and the logs below, each file\'s format\n' +
    'detected; findings point into the file, each checked against its session\'s protocol version\n' +
    '(2024-11-05 to 2026-07-28; the line says which). --format json adds each file\'s sequence (every\n' +
    'message with its span, sender, kind, method and the request it answers) and counts.\n\n' +
    '  --input-format FORMAT       read every file as this format (default: detected), one of:\n' +
    FORMATS.map((format) => `      ${format.name.padEnd(16)}${format.description}\n`).join('') +
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
