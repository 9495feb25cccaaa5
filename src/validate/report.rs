//! What compiling a schema and validating arguments take and give: the options
//! ([`ValidateOptions`]), the verdict ([`ValidationReport`]) and why a schema cannot be used
//! ([`SchemaErrors`]).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::diagnostic::Diagnostic;

use super::output::OutputFormat;

/// Options of `new Validator` and `validateArguments` (in JavaScript the same names in camelCase,
/// each optional): how to compile a schema and what reports carry.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ValidateOptions {
    /// Make every known `format` an assertion (default: annotation in 2019-09/2020-12;
    /// draft-04..07 assert).
    #[cfg_attr(test, ts(as = "Option<_>", optional))]
    pub assert_formats: bool,
    /// Also return this standard output structure in [`ValidationReport::output`].
    #[cfg_attr(test, ts(optional, inline))]
    pub output: Option<OutputFormat>,
    /// Schemas that `$ref` (or `$schema`) may name, by URI, as JSON texts. Nothing is ever fetched.
    #[cfg_attr(test, ts(as = "Option<_>", optional))]
    pub schemas: BTreeMap<String, String>,
    /// Check the schema against its meta-schema before compiling it (every violation an error,
    /// positioned in the schema: a `SchemaError`). The server build (the `validator` feature
    /// without `full`, `mcp-json-toolbox/validator`) checks only when asked: otherwise the schema
    /// is compiled as it is, and one the engine cannot compile is still an error with its
    /// position (explained by its meta-schema violations when it has some). The full build
    /// checks every schema, whatever this says.
    #[cfg_attr(test, ts(as = "Option<_>", optional))]
    pub check_schema: bool,
}

impl ValidateOptions {
    /// Whether schemas are checked against their meta-schema: always in the full build, when
    /// [`ValidateOptions::check_schema`] asks in the server build.
    pub fn checks_schema(&self) -> bool {
        self.check_schema || cfg!(feature = "full")
    }

    /// These options with [`ValidateOptions::check_schema`] set: the schema checked in either build.
    pub fn with_schema_check(&self) -> Self {
        Self {
            check_schema: true,
            ..self.clone()
        }
    }
}

/// The verdict on one arguments text.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ValidationReport {
    /// Whether the arguments are valid (no error diagnostic).
    pub valid: bool,
    /// Whether the arguments came as a JSON string containing the object.
    pub stringified: bool,
    /// Errors first, then warnings, then notes.
    pub diagnostics: Vec<Diagnostic>,
    /// The standard output structure, when [`ValidateOptions::output`] asked for one.
    #[serde(skip_serializing_if = "Option::is_none")]
    // The JSON Schema output structure `jsonschema` writes (a `Value`: its shape written here).
    #[cfg_attr(
        test,
        ts(
            optional,
            type = "{ valid: boolean; errors?: { keywordLocation: string; absoluteKeywordLocation?: string; instanceLocation: string; error: string }[] }"
        )
    )]
    pub output: Option<Value>,
}

/// Why a schema cannot be used: positioned diagnostics about the schema text (in JavaScript the
/// `SchemaError` that `new Validator`, `validateArguments` and `validateToolArguments` throw,
/// spans into the schema text).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "SchemaError"))]
pub struct SchemaErrors {
    /// What is wrong, positioned in the schema text.
    pub diagnostics: Vec<Diagnostic>,
    /// Whether the schema is not one at all or just cannot be used.
    #[serde(skip)]
    pub fault: SchemaFault,
    /// Whether the diagnostics are the schema's meta-schema violations (which the public
    /// [`crate::Validator`] explains with the lint).
    #[serde(skip)]
    pub meta_schema_violations: bool,
}

/// What kind of problem made a schema unusable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SchemaFault {
    /// Not a schema: not JSON, an unsupported dialect, or in breach of its meta-schema.
    Malformed,
    /// A well-formed schema that cannot be compiled: an unresolvable `$ref`, a bad regex.
    Unusable,
}

impl std::fmt::Display for SchemaErrors {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.diagnostics.as_slice() {
            [] => f.write_str("invalid schema"),
            [one] => f.write_str(&one.message),
            [first, rest @ ..] => write!(f, "{} (and {} more)", first.message, rest.len()),
        }
    }
}

impl std::error::Error for SchemaErrors {}
