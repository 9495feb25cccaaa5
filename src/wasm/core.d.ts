// Generated from the Rust types by ts-rs (src/ts_types.rs): do not edit, run
// `UPDATE_TYPES=1 cargo test --lib ts_types`.

/**
 * A located range of text, as shown to users.
 *
 * `start`/`end` are UTF-16 code unit offsets, `line`/`column`/`end_line`/`end_column` are 1-based
 * and count UTF-16 code units, exactly what a JavaScript string or editor uses. The byte range is
 * kept for Rust callers and is not serialized.
 */
export type Span = {
  /**
   * UTF-16 offset of the first code unit.
   */
  start: number,
  /**
   * UTF-16 offset one past the last code unit.
   */
  end: number,
  /**
   * 1-based line of `start`.
   */
  line: number,
  /**
   * 1-based UTF-16 column of `start`.
   */
  column: number,
  /**
   * 1-based line of `end`.
   */
  endLine: number,
  /**
   * 1-based UTF-16 column of `end`.
   */
  endColumn: number,
};

/**
 * How serious a [`Diagnostic`] is.
 */
export type Severity = "error" | "warning" | "info";

/**
 * One finding about an input text: what is wrong, where in the instance, which schema keyword
 * said so, and where both sit in their texts.
 */
export type Diagnostic = {
  /**
   * How serious it is.
   */
  severity: Severity,
  /**
   * A stable machine-readable code, e.g. `duplicate-key`, `minimum`, `unresolved-ref`.
   */
  code: string,
  /**
   * A plain-English sentence.
   */
  message: string,
  /**
   * JSON Pointer to the offending value (`""` for the root).
   */
  instancePath: string,
  /**
   * JSON Pointer to the schema keyword that failed, where a schema is involved.
   */
  keywordLocation?: string,
  /**
   * Where the offending value sits in the instance text.
   */
  span?: Span,
  /**
   * Where the failing keyword sits in the schema text.
   */
  schemaSpan?: Span,
  /**
   * Related findings grouped under this one (e.g. the other `anyOf` branches).
   */
  children?: Array<Diagnostic>,
  /**
   * A replacement that fixes the finding, when there is exactly one obvious fix.
   */
  fix?: Fix,
  /**
   * The tool the finding concerns (a session's findings on a `tools/list`, a `tools/call`, a
   * result or a compatibility verdict), when there is one.
   */
  tool?: ToolRef,
};

/**
 * The tool a [`Diagnostic`] concerns: its name and a JSON Pointer within its definition (`""`
 * for the tool itself, `/inputSchema/properties/x` for a part of it).
 */
export type ToolRef = {
  /**
   * The tool's `name`.
   */
  name: string,
  /**
   * JSON Pointer within the tool definition.
   */
  pointer: string,
  /**
   * The finding's message with the tool's name as `{tool}` and each quoted value as `{value}`
   * ([`message_template`]): findings with the same code, severity and template say the same
   * thing of different tools (the CLI prints one and counts the others).
   */
  template: string,
};

/**
 * A text edit that fixes a [`Diagnostic`]: put `replacement` where `span` is.
 */
export type Fix = {
  /**
   * The text to replace.
   */
  span: Span,
  /**
   * What to write instead (JSON text, e.g. `"maxLength"` with its quotes).
   */
  replacement: string,
};

/**
 * What [`judge_example`] decides.
 */
export type ExampleJudgement = {
  /**
   * The `expect-mismatch` error when the verdict disagrees with `expect`.
   */
  mismatch?: Diagnostic,
  /**
   * The example is broken on purpose (`expect="invalid"` and it has errors): its errors are
   * what it shows, not findings about the docs.
   */
  deliberate: boolean,
};

/**
 * Options of `format` (in JavaScript the same names in camelCase, each optional).
 */
export type FormatOptions = {
  /**
   * Spaces per level (0-8) or "tab"; default 2. 0 puts one item per line without indentation.
   */
  indent?: number | "tab",
  /**
   * No white space at all (overrides `indent`).
   */
  minify?: boolean,
  /**
   * Sort object keys by code point, stably (duplicates keep their order).
   */
  sortKeys?: boolean,
  /**
   * Escape every non-ASCII character as `\uXXXX`.
   */
  ensureAscii?: boolean,
  /**
   * If the document is a string whose content is JSON, format that content (repeatedly).
   */
  unwrapString?: boolean,
  /**
   * Deepest nesting accepted; default 512.
   */
  maxDepth?: number,
  /**
   * Longest input accepted, in UTF-8 bytes; default 268435456 (256 MiB). Longer input is a
   * `JsonError` with code `size-limit`.
   */
  maxInputBytes?: number,
  /**
   * Most warnings returned; the rest are counted in one final `more-diagnostics` info
   * diagnostic. Default 100.
   */
  maxDiagnostics?: number,
  /**
   * Longest output produced, in UTF-8 bytes; default 268435456 (256 MiB). Deep indentation
   * can make the output hundreds of times longer than the input; past the limit a `JsonError`
   * with code `size-limit` is returned (so this bounds memory and time too).
   */
  maxOutputBytes?: number,
};

/**
 * The result of [`format_document`] (in JavaScript `FormatResult`, what `formatDocument` returns).
 */
export type FormatResult = {
  /**
   * The formatted text (no trailing newline).
   */
  output: string,
  /**
   * Warnings (duplicate keys, lone surrogates, ...) and notes about unwrapping. When the input
   * was unwrapped, spans point into the innermost unwrapped text.
   */
  diagnostics: Array<Diagnostic>,
  /**
   * How many string layers `unwrap_string` removed.
   */
  unwrapDepth: number,
};

/**
 * Why a text is not the JSON it should be: a message, a code and an exact position (in
 * JavaScript the `JsonError` thrown for text that is not JSON).
 *
 * `offset`, `line` and `column` count UTF-16 code units (what JavaScript uses); `byte_offset` and
 * `byte_column` (`byteOffset`, `byteColumn` in JavaScript) count UTF-8 bytes. Lines and columns
 * are 1-based.
 */
export interface JsonError extends Error {
  name: "JsonError",
  /**
   * The error as a finding (severity "error", its code and message, an empty span at its
   * position): what a front end shows.
   */
  diagnostic: Diagnostic,
  /**
   * A stable code: `syntax`, `eof`, `depth-limit`, `size-limit`, `invalid-utf8`, `empty`.
   */
  code: "syntax" | "eof" | "empty" | "depth-limit" | "size-limit" | "invalid-utf8",
  /**
   * A plain-English sentence naming what was expected and what was found.
   */
  message: string,
  /**
   * UTF-16 offset of the error.
   */
  offset: number,
  /**
   * 1-based line.
   */
  line: number,
  /**
   * 1-based UTF-16 column.
   */
  column: number,
  /**
   * Byte offset of the error.
   */
  byteOffset: number,
  /**
   * 1-based byte column.
   */
  byteColumn: number,
  /**
   * The line around the error and a caret under it.
   */
  snippet: string,
}
