// `mcp-json-toolbox replay`: the task lifecycle of session transcripts.
import { replaySession } from 'mcp-json-toolbox';
import { command, readInputs } from './command.js';
import { findings } from './report.js';

export default command({
  name: 'replay',
  summary: 'Replay session transcripts (a JSON array of messages, or JSON Lines) and check every task\n' +
    'as a state machine: transitions, polling intervals, results used before completion, ...',
  usage: 'TRANSCRIPT_FILE…|-',
  async check(_values, paths, io) {
    const inputs = await readInputs(paths, io);
    const found = [];
    const results = [];
    for (const { file, text } of inputs) {
      const session = replaySession(text);
      const tasks = Object.entries(session.tasks).map(([taskId, t]) => ({ taskId, toolName: t.toolName, lastStatus: t.lastStatus }));
      const line = tasks.map((t) => `${t.taskId} ${t.lastStatus}`).join(', ');
      results.push({ file, tasks, text: `${file}: ${tasks.length} task${tasks.length === 1 ? '' : 's'}${line ? ` (${line})` : ''}` });
      found.push(...findings(file, session.diagnostics));
    }
    return { findings: found, sources: new Map(inputs.map((i) => [i.file, i.text])), results };
  },
});
