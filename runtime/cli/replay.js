// `mcp-json-toolbox replay`: session transcripts through the package's session checker (the same
// findings as `proxy --report`, `check-server` and the page's Session tab).
import * as toolbox from 'mcp-json-toolbox';
import { command, readInputs } from './command.js';
import { findings } from './report.js';
import { parseTargets } from './targets.js';

const { replaySession } = toolbox;

/** The compatibility targets the package knows. */
const TARGET_NAMES = typeof toolbox.compatTargets === 'function'
  ? toolbox.compatTargets().map((t) => t.name)
  : Object.keys(replaySession('{"tools":[]}').tools.list);

export default command({
  name: 'replay',
  summary: 'Replay session transcripts (a JSON array of messages, or JSON Lines) and check every message\n' +
    'against its official schema, every tools/list page (each tool\'s checks and compatibility verdicts\n' +
    'for --target NAME[,NAME], repeatable), calls, results, elicitations, and every task as a state\n' +
    'machine: transitions, polling intervals, results used before completion, ...',
  usage: '[--target NAME[,NAME]] TRANSCRIPT_FILE…|-',
  options: { target: { type: 'string', multiple: true } },
  async check(values, paths, io) {
    const targets = parseTargets(values.target, TARGET_NAMES);
    const inputs = await readInputs(paths, io);
    const found = [];
    const results = [];
    for (const { file, text } of inputs) {
      const session = replaySession(text, targets ? { targets } : undefined);
      const tasks = Object.entries(session.tasks).map(([taskId, t]) => ({ taskId, toolName: t.toolName, lastStatus: t.lastStatus }));
      const line = tasks.map((t) => `${t.taskId} ${t.lastStatus}`).join(', ');
      results.push({ file, tasks, tools: session.tools.tools, list: session.tools.list, text: `${file}: ${tasks.length} task${tasks.length === 1 ? '' : 's'}${line ? ` (${line})` : ''}` });
      found.push(...findings(file, session.diagnostics).map((f, i) => (session.diagnostics[i].tool ? { ...f, tool: session.diagnostics[i].tool } : f)));
    }
    return { findings: found, sources: new Map(inputs.map((i) => [i.file, i.text])), results };
  },
});
