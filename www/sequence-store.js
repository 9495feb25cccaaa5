// Runs in the page's wasm worker (worker.js): keeps the last replay's sequence, laid out by
// sequence-model.js, so that what crosses to the page is what it draws first. A replay's report
// (`replaySession`, `replayLog`) leaves the worker with `layout` instead of its `sequence` rows:
// their count, each row's number of findings (the rows' heights), the tasks and lanes, and the
// first rows (all of them up to 10,000, else the first 500); the sequence view asks for other rows (`sequenceRows`) as it scrolls to them. A 50 MB
// log's 270,000 rows and their findings would otherwise cross whole, be rebuilt on the page's
// thread and block it for seconds.
import { buildSequence } from './sequence-model.js';

/** A sequence of at most this many rows crosses whole with the report… */
export const FIRST_ROWS = 10_000;
/** …a longer one with this many of its first rows (a few screens). */
const FIRST_SCREENS = 500;

/** The sequence kept: `{id, rows}` of the last replay. */
let kept;
let generation = 0;

/** `report` as it crosses to the page: `sequence` replaced by its `layout` (see above). */
export function keepSequence(report) {
  const { sequence, ...rest } = report;
  const { rows, tasks, lanes } = buildSequence(report);
  kept = { id: ++generation, rows };
  const layout = {
    id: kept.id,
    length: rows.length,
    findings: findingCounts(rows),
    tasks,
    lanes,
    origin: rows.find((row) => row.time !== undefined)?.time,
    first: rows.length <= FIRST_ROWS ? rows : rows.slice(0, FIRST_SCREENS),
  };
  return { ...rest, layout };
}

/** How many findings each row has (the rows' heights). */
function findingCounts(rows) {
  const counts = new Uint32Array(rows.length);
  for (let i = 0; i < rows.length; i++) counts[i] = rows[i].findings.length;
  return counts;
}

/** The rows at `indexes` of the sequence kept as layout `id`; undefined when another replay replaced it. */
export function sequenceRows(id, indexes) {
  if (kept?.id !== id) return undefined;
  return indexes.map((index) => kept.rows[index]);
}
