// The Session tab's sequence view, its data: the rows of the replay report's `sequence` (what the
// crate's session checker decided for each entry of a transcript or pasted log: who sent it, request,
// answer, notification or error, its method, the row of the request an answer answers, the tasks it
// belongs to, its findings; a log's other lines as context rows), laid out: the report's tasks as
// lanes (from the first to the last row the crate gives each). Nothing is parsed, paired or pinned
// here. No DOM here.

/** The tasks of a row that names none, shared (never changed). */
const NO_TASKS = new Set();

/** The findings of a row without any, shared (never changed). */
const NO_FINDINGS = Object.freeze([]);

/**
 * One report row as a row of the view: `{index, entry, start, end, from: 'client' | 'server' | 'host',
 * kind: 'request' | 'notification' | 'response' | 'toModel' | 'other' | 'context', label, detail,
 * method?, request?, time, tasks: Set of taskIds, findings}`. `from: 'host'` is what the host handed
 * its model, an entry that is not a message, or a log's context line; answers and errors are drawn
 * as responses; `findings` are the report's `diagnostics` the crate put in the row.
 */
function rowOf(entry, index, diagnostics) {
  const { kind, method, detail } = entry;
  const message = kind === 'request' || kind === 'notification';
  const response = kind === 'answer' || kind === 'error';
  // One shape for every row (a 50 MB log has 270,000 of them).
  return {
    index, entry: entry.index, start: entry.span?.start ?? 0, end: entry.span?.end ?? 0,
    from: entry.from ?? 'host', time: entry.timeMs, tasks: entry.taskIds ? new Set(entry.taskIds) : NO_TASKS,
    kind: message || kind === 'toModel' ? kind : response ? 'response' : kind === 'context' ? 'context' : 'other',
    label: message ? method : kind === 'toModel' ? 'handed to the model' : detail,
    detail: message ? detail : response ? (method ? `↩ ${method}` : 'answers no request') : '',
    method: message ? method : undefined,
    request: response ? entry.answers : undefined,
    findings: entry.findings ? entry.findings.map((at) => diagnostics[at]) : NO_FINDINGS,
  };
}

/** The rows of a report's sequence. */
export function readSequence(report) {
  const diagnostics = report?.diagnostics ?? [];
  return (report?.sequence ?? []).map((entry, index) => rowOf(entry, index, diagnostics));
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

/**
 * The sequence of a replayed transcript (`replaySession`'s report) or log (`replayLog`'s): `{rows,
 * tasks, lanes}`: one row per row of the report's `sequence`, and each task the crate placed in
 * rows (`firstRow`) `{id, toolName, lastStatus, steps: [[rowIndex, status]], first, last, lane,
 * count, rows}` (its status observations from the report's history, whose `messageIndex` is a
 * row's `entry`; `rows`: the indexes of the rows it belongs to, `count` of them); tasks whose
 * lifetimes do not overlap share a lane.
 */
export function buildSequence(report) {
  const rows = readSequence(report);
  const rowOfEntry = new Map();
  for (const row of rows) {
    if (row.entry !== null && row.entry !== undefined) rowOfEntry.set(row.entry, row.index);
  }
  /** The rows each task belongs to, in order. */
  const mentions = new Map();
  for (const row of rows) {
    if (row.tasks === NO_TASKS) continue;
    for (const id of row.tasks) {
      if (!mentions.has(id)) mentions.set(id, []);
      mentions.get(id).push(row.index);
    }
  }
  const tasks = Object.entries(report?.tasks ?? {}).filter(([, task]) => task.firstRow !== undefined).map(([id, task]) => {
    const steps = (task.history ?? [])
      .filter((step) => !step.stale && rowOfEntry.has(step.messageIndex))
      .map((step) => [rowOfEntry.get(step.messageIndex), step.status])
      .sort((x, y) => x[0] - y[0]);
    const mentioned = mentions.get(id) ?? [];
    return { id, toolName: task.toolName, lastStatus: task.lastStatus, steps, first: task.firstRow, last: task.lastRow, count: mentioned.length, rows: mentioned };
  });
  const lanes = packLanes(tasks);
  return { rows, tasks, lanes };
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
