// One `tools/call`, as a task when the tool's `execution.taskSupport` and the negotiated
// capabilities allow it: 2025-11-25 (nested `task`, `tasks/get` every `pollInterval`,
// `tasks/result`) and 2026-07-28 with the tasks extension (flat `resultType: "task"`, `tasks/get`
// every `pollIntervalMs` until the result comes inside the completed task, `tasks/update` with
// `inputResponses`). At 2026-07-28 a call answered `resultType: "input_required"` (multi round
// trip, SEP-2322) is retried with the answers as `inputResponses` and the `requestState` it was
// given, round after round, up to MAX_INPUT_ROUNDS.
import { taskStatusEnds } from 'mcp-json-toolbox';
import { TASKS_EXTENSION, withMeta } from './session.js';

/** Retries of one `input_required` call before giving up: 10, the official Python SDK's
 * `DEFAULT_INPUT_REQUIRED_MAX_ROUNDS` (mcp 2.3.0, mcp/client/_input_required.py: "Matches the
 * typescript-sdk default; csharp-sdk and go-sdk use the same value"; checked 2026-12-03). */
export const MAX_INPUT_ROUNDS = 10;

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
 * taskId, statuses, timedOut, inputRounds, inputRoundsExceeded }` (`result` the CallToolResult,
 * `resultIndex` the transcript index of the message holding it; `asTask` whether the call was
 * made as a task; `inputRounds` how many `input_required` answers were answered and retried).
 * `timeoutMs` bounds the whole call; polls wait at least the server's interval. A 2026-07-28
 * input request (in an `input_required` answer, or in a task) gets `answerInput(inputRequest,
 * index, key)` per key, `index` the transcript index of the message asking (2025-11-25
 * elicitations are server requests: the connection's handler answers them).
 */
export async function callTool(connection, session, tool, args, { timeoutMs, answerInput }) {
  const deadline = Date.now() + timeoutMs;
  const asTask = callsAsTask(tool, session);
  const modern = session.protocolVersion === '2026-07-28';
  const params = withMeta(session, { name: tool.name, arguments: args, ...(asTask && !modern ? { task: { ttl: timeoutMs } } : {}) });
  const requestIndex = connection.transcript.length;
  let { message, index } = await connection.request('tools/call', params, { timeoutMs });
  let inputRounds = 0;
  let inputRoundsExceeded = false;
  while (modern && message.result?.resultType === 'input_required') {
    if (inputRounds === MAX_INPUT_ROUNDS) {
      inputRoundsExceeded = true;
      break;
    }
    inputRounds += 1;
    const { inputRequests, requestState } = message.result;
    const keys = Object.entries(inputRequests ?? {});
    const inputResponses = {};
    for (const [key, request] of keys) inputResponses[key] = await answerInput(request, index, key);
    // Only a `requestState` (the server is still working): a pause first, as the SDK's driver does.
    if (keys.length === 0) await sleep(50);
    const retry = { ...params, ...(keys.length ? { inputResponses } : {}), ...(requestState === undefined ? {} : { requestState }) };
    ({ message, index } = await connection.request('tools/call', retry, { timeoutMs: Math.max(1, deadline - Date.now()) }));
  }
  const outcome = { asTask, requestIndex, resultIndex: index, result: message.result, error: message.error, statuses: [], inputRounds, inputRoundsExceeded };
  const handle = modern ? (message.result?.resultType === 'task' ? message.result : undefined) : message.result?.task;
  if (!handle?.taskId) return outcome;
  Object.assign(outcome, { taskId: handle.taskId, result: undefined, statuses: [handle.status] });
  let task = handle;
  let opened;
  // Until the task ends (the crate says which statuses end one).
  while (!taskStatusEnds(String(task.status))) {
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
