//! # mcp-json-toolbox
//!
//! Check the JSON that Model Context Protocol tools exchange: validate tool arguments against a
//! tool's `inputSchema`, classify pasted payloads, and pretty-print JSON exactly.
//!
//! Every module here is plain Rust and tested natively; [`wasm`] only translates between
//! JavaScript and these modules.

pub mod classify;
pub mod diagnostic;
pub mod format;
pub mod host;
pub mod json;
pub mod lint;
pub mod validate;

#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use diagnostic::{ByteRange, Diagnostic, Fix, LineIndex, Severity, Span};
pub use format::{format, format_bytes, format_document, FormatOptions, Formatted, Indent};
pub use json::JsonError;
pub use lint::{lint_schema, LintReport};
pub use validate::{
    validate_arguments, OutputFormat, SchemaErrors, ValidateOptions, ValidationReport, Validator,
};

/// The crate version, e.g. `0.1.0`.
pub fn version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}
