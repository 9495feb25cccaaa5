// Generated from the Rust types by ts-rs (src/ts_types.rs): do not edit, run
// `UPDATE_TYPES=1 cargo test --lib ts_types`.

/**
 * What [`check_schema`] finds about a schema.
 */
export type SchemaCheck = {
  /**
   * Whether the schema can be used: it is JSON, of a supported dialect, valid against its
   * meta-schema, and compiles (its references resolve, its patterns are regular expressions).
   */
  valid: boolean,
  /**
   * When it cannot be used, why (the errors a [`Validator`] would fail with); else the
   * warnings about it every report would repeat (unknown formats, duplicate keys, and in the
   * full build the lint's findings). Positioned in the schema text.
   */
  diagnostics: Array<Diagnostic>,
};

/**
 * The verdict on one arguments text.
 */
export type ValidationReport = {
  /**
   * Whether the arguments are valid (no error diagnostic).
   */
  valid: boolean,
  /**
   * Whether the arguments came as a JSON string containing the object.
   */
  stringified: boolean,
  /**
   * Errors first, then warnings, then notes.
   */
  diagnostics: Array<Diagnostic>,
  /**
   * The standard output structure, when [`ValidateOptions::output`] asked for one.
   */
  output?: { valid: boolean; errors?: { keywordLocation: string; absoluteKeywordLocation?: string; instanceLocation: string; error: string }[] },
};

/**
 * Options of `new Validator` and `validateArguments` (in JavaScript the same names in camelCase,
 * each optional): how to compile a schema and what reports carry.
 */
export type ValidateOptions = {
  /**
   * Make every known `format` an assertion (default: annotation in 2019-09/2020-12;
   * draft-04..07 assert).
   */
  assertFormats?: boolean,
  /**
   * Also return this standard output structure in [`ValidationReport::output`].
   */
  output?: "flag" | "basic",
  /**
   * Schemas that `$ref` (or `$schema`) may name, by URI, as JSON texts. Nothing is ever fetched.
   */
  schemas?: { [key in string]: string },
  /**
   * Check the schema against its meta-schema before compiling it (every violation an error,
   * positioned in the schema: a `SchemaError`). The server build (the `validator` feature
   * without `full`, `mcp-json-toolbox/validator`) checks only when asked: otherwise the schema
   * is compiled as it is, and one the engine cannot compile is still an error with its
   * position (explained by its meta-schema violations when it has some). The full build
   * checks every schema, whatever this says.
   */
  checkSchema?: boolean,
};

/**
 * Why a schema cannot be used: positioned diagnostics about the schema text (in JavaScript the
 * `SchemaError` that `new Validator`, `validateArguments` and `validateToolArguments` throw,
 * spans into the schema text).
 */
export interface SchemaError extends Error {
  name: "SchemaError",
  /**
   * What is wrong, positioned in the schema text.
   */
  diagnostics: Array<Diagnostic>,
}
