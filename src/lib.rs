//! # mcp-json-toolbox
//!
//! Check the JSON that Model Context Protocol tools exchange: validate tool arguments against a
//! tool's `inputSchema`, classify pasted payloads, and pretty-print JSON exactly.
//!
//! Every module here is plain Rust and tested natively; [`wasm_format`] and `wasm` only translate
//! between JavaScript and these modules.
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
pub mod compat;
#[cfg(feature = "full")]
pub mod host;
#[cfg(feature = "full")]
pub mod lint;
#[cfg(feature = "full")]
pub mod validate;

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
pub use validate::{
    validate_arguments, OutputFormat, SchemaErrors, ValidateOptions, ValidationReport, Validator,
};

/// The crate version, e.g. `0.1.0`.
pub fn version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}
