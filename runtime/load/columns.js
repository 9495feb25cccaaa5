// Results the glue hands over as columns, laid out as the plain objects the TypeScript types
// declare (copied into pkg/ as load/columns.js, and as cjs/load/columns.js in CommonJS form, by
// scripts/build-pkg.mjs). The glue's `readLog` returns a log reading as typed arrays and one string
// of texts (src/wasm/columns.rs) instead of one JSON text of every entry; every caller of the glue
// (recover.js for the package's entries, worker-server.js for the workers, bench/logs.bench.mjs)
// passes its results through `laidOut`. Nothing is decided here: the objects have the fields,
// order and values serde would have written.

/** An entry's direction by the low two bits of its flags. */
const DIRECTIONS = [null, 'client', 'server'];
/** Flags (src/wasm/columns.rs): a time, a text from the table, an HTTP request, the level's shift. */
const TIMED = 1 << 2;
const IN_TABLE = 1 << 3;
const WITH_HTTP = 1 << 4;
const LEVEL_SHIFT = 5;
/** Numbers per row of `cells`: the flags, then the span's six. */
const CELLS = 7;

/** The span of the row at `at` of `cells`. */
function spanAt(cells, at) {
  return {
    start: cells[at + 1],
    end: cells[at + 2],
    line: cells[at + 3],
    column: cells[at + 4],
    endLine: cells[at + 5],
    endColumn: cells[at + 6],
  };
}

/**
 * The `Log` of the glue's `readLog` columns `{head, cells, times, strings, ends}`, read from
 * `text` (the pasted string its messages are slices of; bytes: every text is in the table).
 */
export function logOf({ head, cells, times, strings, ends }, text) {
  let next = 0;
  /** The next text of the table, or the slice of `text` the row at `at` covers. */
  const textOf = (flags, at) => {
    if (!(flags & IN_TABLE)) return text.slice(cells[at + 1], cells[at + 2]);
    const from = next === 0 ? 0 : ends[next - 1];
    next += 1;
    return strings.slice(from, ends[next - 1]);
  };
  const entries = new Array(times.length);
  let http = 0;
  for (let i = 0; i < times.length; i += 1) {
    const at = i * CELLS;
    const flags = cells[at];
    const entry = { direction: DIRECTIONS[flags & 3] };
    if (flags & TIMED) entry.timeMs = times[i];
    entry.message = textOf(flags, at);
    if (flags & WITH_HTTP) entry.http = head.http[http++];
    entry.span = spanAt(cells, at);
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
      span: spanAt(cells, at),
    };
  }
  return { format: head.format, detected: head.detected, entries, context, diagnostics: head.diagnostics };
}

/** The glue's functions whose results cross as columns, and how each is laid out from them and
 * the call's arguments. */
const LAYOUTS = {
  readLog: (columns, [text]) => logOf(columns, text),
};

/** What the glue's function `fn` returned (`value`, for the arguments `args`) as the API gives it. */
export function laidOut(fn, value, args) {
  const layout = LAYOUTS[fn];
  return layout === undefined ? value : layout(value, args);
}
