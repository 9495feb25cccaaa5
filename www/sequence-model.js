// The Session tab's sequence view, its data: a transcript text (the forms `replaySession` reads — a
// JSON array of entries, one entry, or JSON Lines; see src/host/session/mod.rs) cut into its entries,
// each described as an arrow (who sent it, its method or result kind, its time), the replay
// report's tasks as lanes and its findings pinned to the entry their span falls in. No DOM here.

/** Methods of requests and notifications a server sends (without an envelope `direction`). */
const SERVER_METHODS = new Set([
  'elicitation/create', 'sampling/createMessage', 'roots/list',
  'notifications/message', 'notifications/progress', 'notifications/tasks/status',
  'notifications/resources/updated', 'notifications/resources/list_changed',
  'notifications/tools/list_changed', 'notifications/prompts/list_changed',
  'notifications/elicitation/complete',
]);
/** Where a task names itself in `_meta`. */
const RELATED_TASK = 'io.modelcontextprotocol/related-task';
const TERMINAL = new Set(['completed', 'failed', 'cancelled']);

/**
 * The entries of a transcript as UTF-16 ranges `{start, end}` of `text` (what the page's editor
 * and the findings' spans count): the elements of a top-level array, the non-blank lines of JSON
 * Lines, or the whole text for a single entry. A cheap scan: strings and nesting are tracked,
 * nothing is parsed.
 */
export function entryRanges(text) {
  const first = text.search(/\S/);
  if (first < 0) return [];
  if (text[first] === '[') return arrayElements(text, first);
  const lines = [];
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end);
    const lead = line.search(/\S/);
    if (lead >= 0) lines.push({ start: start + lead, end: start + line.trimEnd().length });
    start = end + 1;
  }
  // A single entry written over several lines (a pretty-printed object) is one entry, as the replay reads it.
  if (lines.length > 1 && parses(text)) return [{ start: first, end: text.trimEnd().length }];
  return lines;
}

function parses(text) {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The element ranges of the array opening at `open` (unterminated text ends the last one). */
function arrayElements(text, open) {
  const ranges = [];
  let depth = 0;
  let inString = false;
  let start = -1;
  let last = -1;
  for (let i = open; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
      last = i;
      continue;
    }
    if (c === 32 || c === 10 || c === 13 || c === 9) continue;
    if (depth === 1 && (c === 44 || c === 93)) { // ',' or ']' ends an element
      if (start >= 0) ranges.push({ start, end: last + 1 });
      start = -1;
      if (c === 93) return ranges;
      continue;
    }
    if (depth === 1 && start < 0) start = i;
    if (c === 34) inString = true;
    else if (c === 91 || c === 123) depth++;
    else if (c === 93 || c === 125) depth--;
    last = i;
  }
  if (start >= 0) ranges.push({ start, end: last + 1 });
  return ranges;
}

/** `{ … }` when `value` is a plain object, else undefined. */
function object(value) {
  return value && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}

/** The JSON value of an entry, or undefined when it does not parse. */
function parseEntry(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** One entry: its envelope (time, direction, toModel) and its message. */
function readEntry(value) {
  const entry = object(value);
  if (!entry) return { message: value };
  if ('toModel' in entry) {
    return { time: entry.timestamp, toModel: true, taskId: entry.taskId, message: entry.toModel };
  }
  if ('message' in entry && !('jsonrpc' in entry)) {
    return { time: entry.timestamp, direction: entry.direction, message: entry.message };
  }
  return { message: value };
}

/** The task ids a message names: `taskId` in params or result, the created task, `_meta`'s related task. */
function namedTasks(message, toModelTask) {
  const ids = new Set();
  const add = (id) => typeof id === 'string' && ids.add(id);
  add(toModelTask);
  for (const part of [object(message?.params), object(message?.result), object(message)]) {
    if (!part) continue;
    add(part.taskId);
    add(object(part.task)?.taskId);
    add(object(object(part._meta)?.[RELATED_TASK])?.taskId);
  }
  return ids;
}

/** The result kind a response carries, named for the request it answers. */
function resultLabel(message, method) {
  if (object(message.error)) {
    const { code, message: text } = message.error;
    return `error ${code ?? ''}${text ? `: ${text}` : ''}`.trim();
  }
  const result = object(message.result) ?? {};
  // A task handle: 2025-11-25 wraps it in `task`, 2026-07-28 (the tasks extension) says `resultType: "task"`.
  const task = object(result.task) ?? (result.resultType === 'task' ? result : undefined);
  if (task) return `CreateTaskResult · ${task.status ?? 'no status'}`;
  if (method === 'tools/list' && Array.isArray(result.tools)) return `${result.tools.length} tool${result.tools.length === 1 ? '' : 's'}`;
  if (method === 'initialize') return `InitializeResult ${result.protocolVersion ?? ''}`.trim();
  if (method === 'tasks/get' || method === 'tasks/cancel') {
    return `task ${result.status ?? 'no status'}${object(result.result) ? ' · with its result' : ''}`;
  }
  if (method === 'tasks/update') return 'UpdateTaskResult';
  if (method === 'tools/call' || method === 'tasks/result') {
    const status = typeof result.status === 'string' ? ` · ${result.status}` : '';
    return `CallToolResult${result.isError === true ? ' (isError)' : ''}${status}`;
  }
  if (method === 'elicitation/create') return `ElicitResult · ${result.action ?? 'no action'}`;
  return 'result';
}

/** What a request or notification says beyond its method: the tool called, `task`, the status. */
function requestDetail(message) {
  const params = object(message.params) ?? {};
  const parts = [];
  if (message.method === 'tools/call' && typeof params.name === 'string') parts.push(params.name);
  if (object(params.task)) parts.push('task');
  if (message.method === 'notifications/tasks/status' && typeof params.status === 'string') parts.push(params.status);
  return parts.join(' · ');
}

/** The id of a JSON-RPC message as a map key, or undefined. */
function idKey(message) {
  const id = message?.id;
  return typeof id === 'string' || typeof id === 'number' ? JSON.stringify(id) : undefined;
}

/**
 * Every entry of `text` as a row of the sequence: `{index, start, end, from: 'client' | 'server' |
 * 'host', kind: 'request' | 'notification' | 'response' | 'toModel' | 'other', label, detail, time
 * (ms or undefined), tasks: Set of taskIds}`. `from: 'host'` is a `toModel` entry (what the host
 * handed its model) or an entry that is not a message. With `logEntries` (a pasted log's, from
 * `replayLog`), the rows are those messages instead, at their spans in `text`.
 */
export function readSequence(text, logEntries) {
  const rows = [];
  /** Requests waiting for their answer, by sender and id: the row index. */
  const pending = { client: new Map(), server: new Map() };
  for (const { range, entry } of sequenceEntries(text, logEntries)) {
    const message = object(entry.message);
    const row = { index: rows.length, ...range, time: timeOf(entry.time), tasks: namedTasks(message, entry.taskId) };
    if (entry.toModel) Object.assign(row, { from: 'host', kind: 'toModel', label: 'handed to the model', detail: '' });
    else if (message && typeof message.method === 'string') {
      const from = entry.direction === 'server' || (entry.direction !== 'client' && SERVER_METHODS.has(message.method)) ? 'server' : 'client';
      const key = idKey(message);
      const kind = key === undefined ? 'notification' : 'request';
      if (key !== undefined) pending[from].set(key, row.index);
      Object.assign(row, { from, kind, label: message.method, method: message.method, detail: requestDetail(message) });
    } else if (message && ('result' in message || 'error' in message)) {
      const key = idKey(message);
      const asked = entry.direction === 'client' ? ['server'] : entry.direction === 'server' ? ['client'] : ['client', 'server'];
      const side = asked.find((s) => key !== undefined && pending[s].has(key));
      const request = side ? rows[pending[side].get(key)] : undefined;
      if (side) pending[side].delete(key);
      const from = entry.direction ?? (side === 'server' ? 'client' : 'server');
      Object.assign(row, { from, kind: 'response', label: resultLabel(message, request?.method), detail: request ? `↩ ${request.method}` : 'answers no request', request: request?.index });
      if (request) {
        // A request and its answer belong to the same tasks (the tools/call that created one).
        for (const id of row.tasks) request.tasks.add(id);
        for (const id of request.tasks) row.tasks.add(id);
      }
    } else {
      Object.assign(row, { from: 'host', kind: 'other', label: otherLabel(entry.message), detail: '' });
    }
    rows.push(row);
  }
  return rows;
}

/**
 * The entries of the sequence with their ranges: a transcript's own (cut from `text`), or, for a
 * pasted log (`replayLog`'s `entries`: VS Code output, a HAR, …), each extracted message at its
 * span in the log, with the direction and time the log gave it.
 */
function sequenceEntries(text, logEntries) {
  if (logEntries?.length) {
    return logEntries.map((e) => ({
      range: { start: e.span.start, end: e.span.end },
      entry: { time: e.timeMs, direction: e.direction ?? undefined, message: parseEntry(e.message) },
    }));
  }
  return entryRanges(text).map((range) => ({ range, entry: readEntry(parseEntry(text.slice(range.start, range.end))) }));
}

/** What an entry that is not a message is: tools for the checks (a tool or a tools/list result), or neither. */
function otherLabel(value) {
  if (value === undefined) return 'not JSON';
  if (!object(value)) return 'not a message';
  if (Array.isArray(value.tools) || object(value.result)?.tools) return 'tools (for the checks)';
  return 'inputSchema' in value ? 'a tool (for the checks)' : 'not a message';
}

function timeOf(timestamp) {
  if (typeof timestamp === 'number') return timestamp;
  const ms = typeof timestamp === 'string' ? Date.parse(timestamp) : NaN;
  return Number.isNaN(ms) ? undefined : ms;
}

/** The last index `i < length` with `key(i) <= value` (keys ascending), or -1: a binary search. */
export function lastAtOrBefore(length, key, value) {
  let low = 0;
  let high = length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (key(mid) <= value) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

/** The index of the row whose range holds UTF-16 offset `at` (the last row starting at or before it), or -1. */
export function rowAt(rows, at) {
  return lastAtOrBefore(rows.length, (i) => rows[i].start, at);
}

/**
 * The sequence of a replayed transcript (`replaySession`'s report) or log (`replayLog`'s, whose
 * `entries` are the rows): `{rows, tasks, lanes}` where each row also gets its
 * `findings` (the report's diagnostics whose span starts in it), each task `{id, toolName,
 * lastStatus, steps: [[rowIndex, status]], first, last, lane}` (its status observations from the
 * report's history; `last` is the final row when it never ends), and tasks whose lifetimes do not
 * overlap share a lane.
 */
export function buildSequence(text, report) {
  const rows = readSequence(text, report?.format && report.format !== 'transcript' ? report.entries : undefined);
  for (const row of rows) row.findings = [];
  const unpinned = [];
  for (const diagnostic of report?.diagnostics ?? []) {
    const at = diagnostic.span ? rowAt(rows, diagnostic.span.start) : -1;
    if (at >= 0) rows[at].findings.push(diagnostic);
    else unpinned.push(diagnostic);
  }
  const entries = Object.entries(report?.tasks ?? {}).map(([id, task]) => {
    const steps = (task.history ?? [])
      .filter((step) => !step.stale && Number.isInteger(step.messageIndex) && step.messageIndex < rows.length)
      .map((step) => [step.messageIndex, step.status])
      .sort((x, y) => x[0] - y[0]);
    for (const [index] of steps) rows[index].tasks.add(id);
    return [id, task, steps];
  });
  /** The rows naming each task, in order. */
  const mentions = new Map();
  for (const row of rows) {
    for (const id of row.tasks) {
      if (!mentions.has(id)) mentions.set(id, []);
      mentions.get(id).push(row.index);
    }
  }
  const tasks = entries.map(([id, task, steps]) => {
    const mentioned = mentions.get(id) ?? [];
    const first = Math.min(steps[0]?.[0] ?? Infinity, mentioned[0] ?? Infinity);
    const ended = TERMINAL.has(task.lastStatus) && steps.length > 0;
    const last = ended ? Math.max(steps.at(-1)[0], mentioned.at(-1) ?? 0) : rows.length - 1;
    return { id, toolName: task.toolName, lastStatus: task.lastStatus, steps, first, last, count: mentioned.length };
  }).filter((task) => Number.isFinite(task.first));
  const lanes = packLanes(tasks);
  return { rows, tasks, lanes, unpinned };
}

/** Assigns `task.lane`: the first lane free since before the task's first row. Returns the lane count. */
function packLanes(tasks) {
  const ends = [];
  for (const task of [...tasks].sort((x, y) => x.first - y.first)) {
    let lane = ends.findIndex((end) => end < task.first);
    if (lane < 0) lane = ends.length;
    ends[lane] = task.last;
    task.lane = lane;
  }
  return ends.length;
}

/** A task's status at row `index` (its last observation at or before it), or undefined outside its life. */
export function statusAt(task, index) {
  if (index < task.first || index > task.last) return undefined;
  let status = 'pending';
  for (const [at, seen] of task.steps) {
    if (at > index) break;
    status = seen;
  }
  return status;
}

/** "+0.599 s", "+2:03.250" from the first timestamp; "" without one. */
export function offsetText(time, origin) {
  if (time === undefined || origin === undefined) return '';
  const ms = time - origin;
  const sign = ms < 0 ? '−' : '+';
  const seconds = Math.abs(ms) / 1000;
  if (seconds < 60) return `${sign}${seconds.toFixed(3)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${sign}${minutes}:${(seconds - minutes * 60).toFixed(3).padStart(6, '0')}`;
}
