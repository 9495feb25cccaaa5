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
