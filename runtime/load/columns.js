// Results the glue hands over as columns, laid out as the plain objects the TypeScript types
// declare (copied into pkg/ as load/columns.js, and as cjs/load/columns.js in CommonJS form, by
// scripts/build-pkg.mjs). The glue's `readLog` returns a log reading, and its `replayLog` a report's
// sequence, as typed arrays and one string of texts (src/wasm/columns.rs) instead of one JSON text
// of every entry and row; every caller of the glue
// (recover.js for the package's entries, worker-server.js for the workers, bench/logs.bench.mjs)
// passes its results through `laidOut`. Nothing is decided here: the objects have the fields,
// order and values serde would have written.

// The layout's numbers (flags, shifts, cells per row) are src/wasm/column_layout.rs's, generated.
import { CELLS, IN_TABLE, LEVEL_SHIFT, ROW_ANSWERS, ROW_CELLS, ROW_FROM_SHIFT, ROW_INDEX, ROW_METHOD, ROW_SPAN, ROW_STATUS, ROW_TASK, ROW_TIME, TIMED, WITH_HTTP } from './column-layout.js';

/** The span whose six numbers start at `at` of `cells`. */
function spanAt(cells, at) {
  return {
    start: cells[at],
    end: cells[at + 1],
    line: cells[at + 2],
    column: cells[at + 3],
    endLine: cells[at + 4],
    endColumn: cells[at + 5],
  };
}

/**
 * The `count` numbers of `lists` from `at`, each mapped by `each`, as a plain array: filled by
 * index (`Array.from` of a `subarray` made a view and ran the iterator protocol for every row,
 * microseconds a row: about 6 % of a JSON Lines replay's time, with a task on most rows).
 */
function listAt(lists, at, count, each) {
  const list = new Array(count);
  for (let k = 0; k < count; k += 1) list[k] = each(lists[at + k]);
  return list;
}

/** The table's texts: `strings` cut at `ends`. */
function tableOf(strings, ends) {
  const table = new Array(ends.length);
  for (let i = 0, from = 0; i < ends.length; i += 1) {
    table[i] = strings.slice(from, ends[i]);
    from = ends[i];
  }
  return table;
}

/**
 * The `Log` of the glue's `readLog` columns `{head, cells, times, strings, ends}`, read from
 * `text` (the pasted string its messages are slices of; bytes: every text is in the table).
 */
export function logOf({ head, cells, times, strings, ends }, text) {
  const table = tableOf(strings, ends);
  const directions = [null, ...head.directions];
  let next = 0;
  /** The next text of the table, or the slice of `text` the row at `at` covers. */
  const textOf = (flags, at) => (flags & IN_TABLE ? table[next++] : text.slice(cells[at + 1], cells[at + 2]));
  const entries = new Array(times.length);
  let http = 0;
  for (let i = 0; i < times.length; i += 1) {
    const at = i * CELLS;
    const flags = cells[at];
    const entry = { direction: directions[flags & 3] };
    if (flags & TIMED) entry.timeMs = times[i];
    entry.message = textOf(flags, at);
    if (flags & WITH_HTTP) entry.http = head.http[http++];
    entry.span = spanAt(cells, at + 1);
    entries[i] = entry;
  }
  const context = new Array(cells.length / CELLS - times.length);
  for (let i = 0; i < context.length; i += 1) {
    const at = (times.length + i) * CELLS;
    const flags = cells[at];
    const level = flags >>> LEVEL_SHIFT;
    context[i] = {
      level: level === 0 ? null : head.levels[level - 1],
      text: textOf(flags, at),
      span: spanAt(cells, at + 1),
    };
  }
  return { format: head.format, detected: head.detected, entries, context, diagnostics: head.diagnostics };
}

/** The `LogReport` of the glue's `replayLog` columns `{head, cells, times, strings, ends, lists}`. */
export function reportOf({ head, cells, times, strings, ends, lists }) {
  const table = tableOf(strings, ends);
  const directions = [null, ...head.directions];
  const sequence = new Array(times.length);
  let listed = 0;
  for (let i = 0; i < times.length; i += 1) {
    const at = i * ROW_CELLS;
    const flags = cells[at];
    const row = {
      index: flags & ROW_INDEX ? cells[at + 1] : null,
      span: flags & ROW_SPAN ? spanAt(cells, at + 3) : null,
      kind: table[cells[at + 9]],
      from: directions[(flags >>> ROW_FROM_SHIFT) & 3],
    };
    if (flags & ROW_METHOD) row.method = table[cells[at + 10]];
    if (flags & ROW_ANSWERS) row.answers = cells[at + 2];
    if (flags & ROW_TASK) row.taskId = table[cells[at + 11]];
    if (flags & ROW_STATUS) row.status = table[cells[at + 12]];
    row.detail = table[cells[at + 13]];
    if (flags & ROW_TIME) row.timeMs = times[i];
    const taskCount = cells[at + 14];
    const findingCount = cells[at + 15];
    if (taskCount > 0) row.taskIds = listAt(lists, listed, taskCount, (t) => table[t]);
    listed += taskCount;
    if (findingCount > 0) row.findings = listAt(lists, listed, findingCount, (f) => f);
    listed += findingCount;
    sequence[i] = row;
  }
  const { format, detected, counts, protocol, tasks, tools, diagnostics } = head;
  return { format, detected, sequence, counts, protocol, tasks, tools, diagnostics };
}

/** The glue's functions whose results cross as columns, and how each is laid out from them and
 * the call's arguments. */
const LAYOUTS = {
  readLog: (columns, [text]) => logOf(columns, text),
  replayLog: (columns) => reportOf(columns),
};

/** What the glue's function `fn` returned (`value`, for the arguments `args`) as the API gives it. */
export function laidOut(fn, value, args) {
  const layout = LAYOUTS[fn];
  return layout === undefined ? value : layout(value, args);
}
