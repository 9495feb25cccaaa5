// Records real task sessions with the reference server `@modelcontextprotocol/server-everything`
// (a pinned devDependency) over stdio, as a host would run them: `initialize` with the client
// capabilities `elicitation` and `tasks`, `tools/list`, a task-augmented `tools/call` of
// `simulate-research-query` (`execution.taskSupport: "required"`), `tasks/get` every
// `pollInterval` until the task is terminal, then `tasks/result`. With `ambiguous: true` the task
// goes `input_required`; the host then opens `tasks/result`, which delivers the server's
// `elicitation/create` (related to the task); the host accepts it and keeps polling.
//
// The transcript is JSON Lines, one `{timestamp, direction, message}` per message in the order the
// host saw them: what `replaySession` reads. No network: the server is a local Node process.
//
//   import { recordResearch } from './record-everything.mjs';
//   const lines = await recordResearch({ ambiguous: true });
//   node tests/node/record-everything.mjs   # rewrites the two fixtures in tests/fixtures/sessions/
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { initialize, startServer } from '../../scripts/mcp-servers.mjs';

/** The fixture each flow is committed as. */
export const FIXTURES = {
  plain: 'everything-research-2025-11-25.jsonl',
  ambiguous: 'everything-research-elicitation-2025-11-25.jsonl',
};

/** The client capabilities the host declares: form elicitation, and tasks for elicitation. */
export const CAPABILITIES = {
  elicitation: { form: {} },
  tasks: { list: {}, cancel: {}, requests: { elicitation: { create: {} } } },
};

/** What the host answers to the server's elicitation: the first choice the form offers. */
function acceptFirstChoice(params) {
  const content = {};
  for (const [key, property] of Object.entries(params?.requestedSchema?.properties ?? {})) {
    const first = property.oneOf?.[0]?.const ?? property.enum?.[0];
    if (first !== undefined) content[key] = first;
  }
  return { action: 'accept', content };
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const TERMINAL = new Set(['completed', 'failed', 'cancelled']);

/**
 * Runs one research task against a fresh server and returns the transcript (JSON Lines text).
 * `ambiguous` makes the server ask for a clarification by elicitation.
 */
export async function recordResearch({ ambiguous = false, topic = 'quantum computing' } = {}) {
  const server = startServer('everything');
  try {
    server.onMessage((message) => {
      if (message.method === 'elicitation/create' && message.id !== undefined) {
        server.send({ jsonrpc: '2.0', id: message.id, result: acceptFirstChoice(message.params) });
      }
    });
    await initialize(server, CAPABILITIES);
    await server.request('tools/list', {});
    const created = await server.request('tools/call', {
      name: 'simulate-research-query',
      arguments: { topic, ambiguous },
      task: { ttl: 60000 },
    });
    if (!created.result?.task) throw new Error(`no task created: ${JSON.stringify(created)}`);
    const { taskId } = created.result.task;
    let interval = created.result.task.pollInterval ?? 1000;
    let opened;
    for (let polls = 0; ; polls++) {
      if (polls > 60) throw new Error(`task ${taskId} did not finish after ${polls} polls`);
      // A host waits at least pollInterval after the previous answer (a few ms more: timers may
      // fire a little early).
      await sleep(interval + 5);
      const got = await server.request('tasks/get', { taskId });
      if (got.error) throw new Error(`tasks/get failed: ${JSON.stringify(got.error)}`);
      interval = got.result.pollInterval ?? interval;
      if (got.result.status === 'input_required' && !opened) {
        opened = server.request('tasks/result', { taskId });
      }
      if (TERMINAL.has(got.result.status)) break;
    }
    const result = await (opened ?? server.request('tasks/result', { taskId }));
    if (result.error) throw new Error(`tasks/result failed: ${JSON.stringify(result.error)}`);
  } finally {
    await server.close();
  }
  return server.messages.map((entry) => JSON.stringify(entry)).join('\n') + '\n';
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [flow, file] of Object.entries(FIXTURES)) {
    const text = await recordResearch({ ambiguous: flow === 'ambiguous' });
    const path = fileURLToPath(new URL(`../fixtures/sessions/${file}`, import.meta.url));
    writeFileSync(path, text);
    console.log(`${path}: ${text.split('\n').length - 1} messages`);
  }
}
