//! # mcp-json-toolbox
//!
//! Check the JSON that Model Context Protocol tools exchange: validate tool arguments against a
//! tool's `inputSchema`, classify pasted payloads, and pretty-print JSON exactly.
//!
//! Every module here is plain Rust and tested natively; [`wasm_format`] and `wasm` only translate
//! between JavaScript and these modules.
//!
//! ## Layers
//!
//! Modules import only from lower layers, never from their own layer or a higher one, so there
//! is no import circle (`tests/layers.rs` reads every `crate::…` path of `src/` and fails on a
//! breach, naming its `file:line`). Lowest first:
//!
//! `diagnostic` < `json` < `format` < `protocol` < `validate` < `lint` < `validator` < `compat` < `classify` and `host` < `wasm_format` < `wasm`
//!
//! - [`diagnostic`], [`json`], [`format`]: findings, the JSON reader, the formatter.
//! - [`protocol`]: the MCP vocabulary — generations and what differs between them, task
//!   statuses, message shapes, the embedded official schemas.
//! - [`validate`]: the JSON Schema engine (`jsonschema`) and the mapping of its errors to
//!   diagnostics; no lint.
//! - [`lint`]: the schema lint, which uses the engine.
//! - [`validator`]: the public [`Validator`], the engine with the lint's findings as schema
//!   warnings.
//! - `compat`: provider-compatibility profiles (to come).
//! - [`classify`] and [`host`]: the payload classifier and the host checks; peers, neither
//!   imports the other.
//! - [`wasm_format`] and `wasm`: the JavaScript APIs, translating only.
//!
//! Two builds come from this crate (Cargo features): the default `full` build has everything;
//! without `full` it is the format core ([`json`], [`format`], [`diagnostic`]), which the npm
//! package ships as `mcp-json-toolbox/format`. Everything that needs the JSON Schema engine is
//! behind `full`.

pub mod diagnostic;
pub mod format;
pub mod json;

#[cfg(feature = "full")]
pub mod classify;
#[cfg(feature = "full")]
pub mod host;
#[cfg(feature = "full")]
pub mod lint;
#[cfg(feature = "full")]
pub mod protocol;
#[cfg(feature = "full")]
pub mod validate;
#[cfg(feature = "full")]
pub mod validator;

// The JavaScript API of both builds: format, formatDocument, version.
#[cfg(target_arch = "wasm32")]
pub mod wasm_format;

// The JavaScript API of the full build only (validation, classification, host checks): new
// exports of the full build go into src/wasm.rs, and are gated by this one attribute.
#[cfg(all(target_arch = "wasm32", feature = "full"))]
pub mod wasm;

pub use diagnostic::{ByteRange, Diagnostic, Fix, LineIndex, Severity, Span};
pub use format::{format, format_bytes, format_document, FormatOptions, Formatted, Indent};
pub use json::JsonError;
#[cfg(feature = "full")]
pub use lint::{lint_schema, LintReport};
#[cfg(feature = "full")]
pub use validate::{OutputFormat, SchemaErrors, ValidateOptions, ValidationReport};
#[cfg(feature = "full")]
pub use validator::{validate_arguments, Validator};

/// The crate version, e.g. `0.1.0`.
pub fn version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}
