//! # mcp-json-toolbox
//!
//! Check the JSON that Model Context Protocol tools exchange: validate tool arguments against a
//! tool's `inputSchema`, classify pasted payloads, and pretty-print JSON exactly.
//!
//! Every module here is plain Rust and tested natively; `wasm` (src/wasm/) only translates
//! between JavaScript and these modules. ARCHITECTURE.md at the repository root shows the whole
//! way from these layers through the wasm boundary to the runtime, the page, the element, the CLI
//! and the proxy.
//!
//! ## Layers
//!
//! Modules import only from lower layers, never from their own layer or a higher one, so there
//! is no import circle; inside a module's folder the files do not import each other around a
//! circle either (`tests/native/layers.rs` reads every `crate::…` and `super::…` path of `src/` and fails
//! on a breach, naming its `file:line`). Lowest first:
//!
//! `diagnostic` < `json` < `format` and `docs_example` < `schema` < `protocol` < `validate` < `lint` < `validator` < `compat` < `classify` < `host` < `wasm` and `ts_types`
//!
//! - [`diagnostic`], [`json`], [`format`]: findings, the JSON reader, the formatter.
//! - [`docs_example`]: what a docs example's check decides beyond its mode's verdict (its
//!   `expect`, a schema id its file lacks), in every build: the format core's `<mcp-json>`
//!   examples are judged too.
//! - [`schema`]: the JSON Schema vocabulary — each draft's keywords, the annotations, which
//!   keywords hold subschemas and the one walk over them; no validation.
//! - [`protocol`]: the MCP vocabulary — generations and what differs between them, task
//!   statuses, message shapes, the embedded official schemas.
//! - [`validate`]: the JSON Schema engine (`jsonschema`): a schema compiled
//!   ([`validate::CompiledSchema`]) and the mapping of its errors to diagnostics; no lint.
//! - [`lint`]: the schema lint, which uses the engine.
//! - [`validator`]: the public [`Validator`], the engine with the lint's findings as schema
//!   warnings.
//! - [`compat`]: provider compatibility as data (`compat-data/*.json`: one entry per consumer ×
//!   feature, with versions and dated evidence), one detector per feature, and the lowering of a
//!   tool for a target; the MCP spec's own tool rules (`compat::mcp`).
//! - [`classify`]: the payload classifier (what a pasted payload is).
//! - [`host`]: the host checks; a payload checked against its tool goes by the kind
//!   [`classify`] names ([`host::classify_against_tool`]).
//! - `wasm`: the JavaScript APIs, translating only — `wasm/core.rs` (every build),
//!   `wasm/validator.rs` (the server and full builds), `wasm/full.rs` (the full build),
//!   `wasm/conversions.rs` (what they all use to cross the boundary),
//!   `wasm/columns.rs` (a log's reading and its replay's sequence crossing as columns).
//! - `ts_types` (test builds only): the TypeScript declarations of the exports' results, derived
//!   from the Rust types (`ts-rs`) into `src/wasm/core.d.ts`, `validator.d.ts` and `full.d.ts`.
//!
//! Three builds come from this crate (Cargo features): the default `full` build has everything;
//! `validator` alone is the server build ([`schema`], [`validate`] without its official MCP
//! schemas, [`validator`] without the lint: the engine, the reader with positions, the messages,
//! the fast path), which the npm package ships as `mcp-json-toolbox/validator`; with neither it is
//! the format core ([`json`], [`format`], [`diagnostic`], [`docs_example`]),
//! `mcp-json-toolbox/format`.

pub mod diagnostic;
pub mod docs_example;
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
pub mod protocol;
#[cfg(feature = "validator")]
pub mod schema;
#[cfg(feature = "validator")]
pub mod validate;
#[cfg(feature = "validator")]
pub mod validator;

// The JavaScript APIs of every build (src/wasm/core.rs), of the server and full builds
// (src/wasm/validator.rs) and of the full build only (src/wasm/full.rs, where its new exports go).
#[cfg(target_arch = "wasm32")]
pub mod wasm;

// The TypeScript declarations of the wasm exports' results, derived from the Rust types (a test:
// `UPDATE_TYPES=1 cargo test --lib ts_types` writes src/wasm/*.d.ts).
#[cfg(test)]
mod ts_types;

pub use diagnostic::{ByteRange, Diagnostic, Fix, LineIndex, Severity, Span};
pub use format::{format, format_bytes, format_document, FormatOptions, Formatted, Indent};
pub use json::JsonError;
#[cfg(feature = "full")]
pub use lint::{lint_schema, LintReport};
#[cfg(feature = "validator")]
pub use validate::{OutputFormat, SchemaErrors, ValidateOptions, ValidationReport};
#[cfg(feature = "validator")]
pub use validator::{validate_arguments, Validator};

/// The crate version, e.g. `0.1.0`.
pub fn version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}
