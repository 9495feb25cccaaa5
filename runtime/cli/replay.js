// `mcp-json-toolbox replay`: the task lifecycle of session transcripts, and of the logs developers
// hold (VS Code's MCP output, a HAR, JSON Lines among server stderr, an mcp-debugger export): the
// format is detected from each file's text (`--input-format` forces one) and every finding is
// reported at its line and column in that file.
import { replayLog } from 'mcp-json-toolbox';
import { UsageError, command, readInputs } from './command.js';
import { findings } from './report.js';

/** The formats `--input-format` takes (`replayLog`'s LogFormat). */
const INPUT_FORMATS = ['transcript', 'vscode', 'har', 'jsonl', 'mcp-debugger'];

export default command({
  name: 'replay',
  summary: 'Replay session transcripts and logs and check every task as a state machine: transitions,\n' +
    'polling intervals, results used before completion, ... Reads a transcript (a JSON array of\n' +
    'messages, or JSON Lines), VS Code\'s MCP output, a HAR of a Streamable HTTP session, JSON Lines\n' +
    'among other lines (server stderr), or an mcp-debugger export; findings point into the file.\n\n' +
    `  --input-format ${INPUT_FORMATS.join('|')}  read every file as this format (default: detected)`,
  usage: '[--input-format FORMAT] TRANSCRIPT_OR_LOG_FILE…|-',
  options: { 'input-format': { type: 'string' } },
  async check(values, paths, io) {
    const format = values['input-format'];
    if (format !== undefined && !INPUT_FORMATS.includes(format)) {
      throw new UsageError(`--input-format must be one of ${INPUT_FORMATS.join(', ')}`);
    }
    const inputs = await readInputs(paths, io);
    const found = [];
    const results = [];
    for (const { file, text } of inputs) {
      const session = replayLog(text, format === undefined ? undefined : { format });
      const tasks = Object.entries(session.tasks).map(([taskId, t]) => ({ taskId, toolName: t.toolName, lastStatus: t.lastStatus }));
      const line = tasks.map((t) => `${t.taskId} ${t.lastStatus}`).join(', ');
      const read = session.format === 'transcript' ? '' : ` [${session.format}, ${session.entries.length} message${session.entries.length === 1 ? '' : 's'}]`;
      results.push({ file, format: session.format, tasks, text: `${file}${read}: ${tasks.length} task${tasks.length === 1 ? '' : 's'}${line ? ` (${line})` : ''}` });
      found.push(...findings(file, session.diagnostics));
    }
    return { findings: found, sources: new Map(inputs.map((i) => [i.file, i.text])), results };
  },
});
