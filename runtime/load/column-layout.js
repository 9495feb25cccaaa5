// Generated from src/wasm/column_layout.rs (src/ts_types.rs): do not edit, run
// `UPDATE_TYPES=1 cargo test --lib ts_types`. The numbers of the columns' layout that
// runtime/load/columns.js reads.

/** Numbers per row of an entry's or context line's cells: the flags, then the span's six. */
export const CELLS = 7;

/** An entry's flags: bits 0–1 its direction (0 none, 1 client, 2 server). */
export const CLIENT = 1;

/** The server's direction (bits 0–1 of an entry's flags). */
export const SERVER = 2;

/** An entry has a time (in `times`). */
export const TIMED = 4;

/** An entry's message, or a context line's text, is the next string of the table (else the slice of the pasted string its span covers). */
export const IN_TABLE = 8;

/** An entry has an HTTP request (the next of `http`). */
export const WITH_HTTP = 16;

/** A context line's level: its index in `levels`, plus one (0: none), from this bit on. */
export const LEVEL_SHIFT = 5;

/** A sequence row has an index. */
export const ROW_INDEX = 1;

/** A sequence row has a span. */
export const ROW_SPAN = 2;

/** A sequence row has a method. */
export const ROW_METHOD = 4;

/** A sequence row answers a row. */
export const ROW_ANSWERS = 8;

/** A sequence row has a task. */
export const ROW_TASK = 16;

/** A sequence row has a status. */
export const ROW_STATUS = 32;

/** A sequence row has a time. */
export const ROW_TIME = 64;

/** A sequence row's sender (2 bits: 0 none, 1 client, 2 server) from this bit on. */
export const ROW_FROM_SHIFT = 7;

/** Numbers per row of a sequence: flags, index, answers, the span's six, the table's indexes of its kind, method, task, status and detail, then how many task ids and findings it has (those follow in `lists`: its task ids' indexes in the table, then its findings' in `diagnostics`). */
export const ROW_CELLS = 16;
