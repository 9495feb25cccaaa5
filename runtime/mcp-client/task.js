// One `tools/call`, as a task when the tool's `execution.taskSupport` and the negotiated
// capabilities allow it: 2025-11-25 (nested `task`, `tasks/get` every `pollInterval`,
// `tasks/result`) and 2026-07-28 with the tasks extension (flat `resultType: "task"`, `tasks/get`
// every `pollIntervalMs` until the result comes inside the completed task, `tasks/update` with
// `inputResponses`).
import { TASKS_EXTENSION, withMeta } from './session.js';

const TERMINAL = new Set(['completed', 'failed', 'cancelled']);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether the call may be answered with a task: 2025-11-25, the tool's `taskSupport` allows it and
 * the server declared task calls; 2026-07-28, the server declared the tasks extension. */
export function callsAsTask(tool, session) {
  // 2026-07-28 tools have no `execution`: with the extension on both sides, the server decides.
  if (session.protocolVersion === '2026-07-28') return Boolean(session.capabilities?.extensions?.[TASKS_EXTENSION]);
  const support = tool?.execution?.taskSupport;
  return (support === 'optional' || support === 'required') && Boolean(session.capabilities?.tasks?.requests?.tools?.call);
}

/**
 * Calls `tool` with `args`; resolves with `{ asTask, requestIndex, resultIndex, result, error,
 * taskId, statuses, timedOut }` (`result` the CallToolResult, `resultIndex` the transcript index
 * of the message holding it). `timeoutMs` bounds the whole call; polls wait at least the server's
 * interval. A 2026-07-28 task asking for input gets `answerInput(inputRequest, index, key)` per key
 * (2025-11-25 elicitations are server requests: the connection's handler answers them).
 */
export async function callTool(connection, session, tool, args, { timeoutMs, answerInput }) {
  const deadline = Date.now() + timeoutMs;
  const asTask = callsAsTask(tool, session);
  const modern = session.protocolVersion === '2026-07-28';
  const params = withMeta(session, { name: tool.name, arguments: args, ...(asTask && !modern ? { task: { ttl: timeoutMs } } : {}) });
  const requestIndex = connection.transcript.length;
  const { message, index } = await connection.request('tools/call', params, { timeoutMs });
  const outcome = { asTask, requestIndex, resultIndex: index, result: message.result, error: message.error, statuses: [] };
  const handle = modern ? (message.result?.resultType === 'task' ? message.result : undefined) : message.result?.task;
  if (!handle?.taskId) return outcome;
  Object.assign(outcome, { taskId: handle.taskId, result: undefined, statuses: [handle.status] });
  let task = handle;
  let opened;
  while (!TERMINAL.has(task.status)) {
    const interval = (modern ? task.pollIntervalMs : task.pollInterval) ?? 1000;
    if (Date.now() + interval >= deadline) {
      outcome.timedOut = true;
      await connection.request('tasks/cancel', withMeta(session, { taskId: handle.taskId }), { timeoutMs: 2000 }).catch(() => {});
      return outcome;
    }
    // No faster than the server asked (a few ms more: timers may fire a little early).
    await sleep(interval + 5);
    const got = await connection.request('tasks/get', withMeta(session, { taskId: handle.taskId }), { timeoutMs: deadline - Date.now() });
    if (got.message.error || !got.message.result) {
      Object.assign(outcome, { error: got.message.error, resultIndex: got.index });
      return outcome;
    }
    task = got.message.result;
    outcome.statuses.push(task.status);
    if (task.status === 'input_required') {
      if (modern && task.inputRequests) {
        const inputResponses = {};
        for (const [key, request] of Object.entries(task.inputRequests)) inputResponses[key] = await answerInput(request, got.index, key);
        await connection.request('tasks/update', withMeta(session, { taskId: handle.taskId, inputResponses }), { timeoutMs: deadline - Date.now() });
      } else if (!modern && !opened) {
        // 2025-11-25: tasks/result delivers the server's elicitation/create, and later the result.
        opened = connection.request('tasks/result', { taskId: handle.taskId }, { timeoutMs: Math.max(1, deadline - Date.now()) });
        opened.catch(() => {});
      }
    }
    if (modern && task.status === 'completed') Object.assign(outcome, { result: task.result, resultIndex: got.index });
    if (modern && task.status === 'failed') Object.assign(outcome, { error: task.error, resultIndex: got.index });
  }
  if (!modern) {
    const final = await (opened ?? connection.request('tasks/result', { taskId: handle.taskId }, { timeoutMs: Math.max(1, deadline - Date.now()) }));
    Object.assign(outcome, { result: final.message.result, error: final.message.error, resultIndex: final.index });
  }
  return outcome;
}
