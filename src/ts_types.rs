//! The TypeScript declarations of the wasm API, derived from the Rust types: the results the
//! exports return, the options serde reads, the errors the glue throws ([`error_interface`]),
//! `JsonValue` and `LogFormat` (from the table of formats). Each type carries
//! `#[cfg_attr(test, derive(ts_rs::TS))]` (test builds only: no byte of it in any wasm build), and
//! the tests below hold `src/wasm/core.d.ts`, `src/wasm/validator.d.ts` and `src/wasm/full.d.ts`
//! to the derive. Each is the
//! `typescript_custom_section` of its build's module (`include_str!`), so wasm-bindgen writes it
//! into that build's `.d.ts` in `pkg/`. `UPDATE_TYPES=1 cargo test --lib ts_types` rewrites them.
//!
//! `ts-rs` reads the serde attributes, but for one: a field `skip_serializing_if` leaves out is
//! declared optional only with `#[cfg_attr(test, ts(optional))]` (`ts(as = "Option<_>",
//! optional)` for a field that is no `Option`), which [`every_skipped_field_is_optional`] holds;
//! an option serde fills in (`#[serde(default)]`) says `ts(optional)` alike, so that a field
//! JavaScript may leave out is optional in its type.
#![cfg(not(target_arch = "wasm32"))]

use ts_rs::{Config, TS};

/// The configuration of every declaration: no `bigint` (serde_json writes every integer as a
/// JSON number, and `JSON.parse` reads a number).
fn config() -> Config {
    Config::new().with_large_int("number")
}

/// The exported declaration of `T`, its Rust doc comment as its JSDoc, laid out: an object
/// type's members indented on lines of their own, its closing brace starting a line (wasm-bindgen
/// indents the `.d.ts` it writes by the braces that end and start lines).
fn declaration<T: TS>(cfg: &Config) -> String {
    let decl = T::decl(cfg);
    let decl = match decl.strip_suffix(", };") {
        Some(body) => format!("{body},\n}};"),
        None => decl,
    };
    let mut out = T::docs().unwrap_or_default();
    let mut depth = 0usize;
    for (i, line) in decl.lines().enumerate() {
        let line = line.trim_end();
        if line.starts_with('}') {
            depth = depth.saturating_sub(1);
        }
        let indent = if line.starts_with('*') { " " } else { "" };
        let export = if i == 0 { "export " } else { "" };
        out.push_str(&format!("{}{indent}{export}{line}\n", "  ".repeat(depth)));
        if line.ends_with('{') {
            depth += 1;
        }
    }
    out
}

/// The declaration of an options type serde fills in (`#[serde(default)]` on the type): every
/// field JavaScript may leave out, so each must be declared optional (`ts(optional)`).
fn options<T: TS>(cfg: &Config) -> String {
    let decl = declaration::<T>(cfg);
    let required: Vec<&str> = decl
        .lines()
        .filter(|line| line.starts_with("  ") && !line.starts_with("   "))
        .filter(|line| {
            line.split_once(':')
                .is_some_and(|(name, _)| !name.ends_with('?'))
        })
        .collect();
    assert!(
        required.is_empty(),
        "{}: fields JavaScript may leave out, declared required (add `ts(optional)`): {required:?}",
        T::name(cfg)
    );
    decl
}

/// The declaration of an `Error` the glue throws (src/wasm/conversions.rs's `json_error`,
/// src/wasm/validator.rs's `schema_error`): an `Error` named as `T` is in TypeScript, with `T`'s
/// fields (what the glue copies onto it) and the `added` members the glue computes.
fn error_interface<T: TS>(cfg: &Config, added: &str) -> String {
    let name = T::name(cfg);
    let derived = declaration::<T>(cfg);
    let header = format!("export type {name} = {{\n");
    let (docs, rest) = derived
        .split_once(&header)
        .unwrap_or_else(|| panic!("{name} is an object type"));
    let body = rest
        .strip_suffix("};\n")
        .unwrap_or_else(|| panic!("{name}'s declaration ends its object type"));
    format!(
        "{docs}export interface {name} extends Error {{\n  name: \"{name}\",\n{added}{body}}}\n"
    )
}

/// The generated file: a header, then each declaration, a blank line apart.
fn file(declarations: &[String]) -> String {
    let header = "// Generated from the Rust types by ts-rs (src/ts_types.rs): do not edit, run\n\
                  // `UPDATE_TYPES=1 cargo test --lib ts_types`.\n";
    format!("{header}\n{}", declarations.join("\n"))
}

/// The declarations of every build (src/wasm/core.rs).
fn core() -> String {
    let cfg = config();
    file(&[
        declaration::<crate::diagnostic::Span>(&cfg),
        declaration::<crate::diagnostic::Severity>(&cfg),
        declaration::<crate::diagnostic::Diagnostic>(&cfg),
        declaration::<crate::diagnostic::ToolRef>(&cfg),
        declaration::<crate::diagnostic::Fix>(&cfg),
        declaration::<crate::docs_example::ExampleJudgement>(&cfg),
        options::<crate::format::FormatOptions>(&cfg),
        declaration::<crate::format::Formatted>(&cfg),
        error_interface::<crate::json::JsonError>(
            &cfg,
            "  /**\n   * The error as a finding (severity \"error\", its code and message, an empty \
             span at its\n   * position): what a front end shows.\n   */\n  diagnostic: Diagnostic,\n",
        ),
    ])
}

/// The declarations of the server build and the full build (src/wasm/validator.rs).
#[cfg(feature = "validator")]
fn validator() -> String {
    let cfg = config();
    file(&[
        declaration::<crate::validator::SchemaCheck>(&cfg),
        declaration::<crate::validate::ValidationReport>(&cfg),
        options::<crate::validate::ValidateOptions>(&cfg),
        error_interface::<crate::validate::SchemaErrors>(&cfg, ""),
    ])
}

/// The declarations of the full build (src/wasm/full.rs).
#[cfg(feature = "full")]
fn full() -> String {
    use crate::{classify, compat, host, lint, protocol};
    let cfg = config();
    file(&[
        // ts-rs declares `serde_json::Value` without a doc comment.
        ts_rs::format_docs(&[
            " Any JSON value. Numbers come through `JSON.parse`: beyond 2^53 they are rounded like",
            " `JSON.parse` does.",
        ]) + &declaration::<serde_json::Value>(&cfg),
        declaration::<host::logs::LogFormat>(&cfg),
        declaration::<host::logs::FormatRow>(&cfg),
        declaration::<host::session::Fetched>(&cfg),
        declaration::<host::session::AuthorizationPath>(&cfg),
        declaration::<protocol::Generation>(&cfg),
        declaration::<protocol::Version>(&cfg),
        declaration::<protocol::TaskStatus>(&cfg),
        declaration::<classify::envelope::EnvelopeKind>(&cfg),
        declaration::<classify::envelope::IdKind>(&cfg),
        declaration::<classify::Envelope>(&cfg),
        declaration::<classify::summary::HumanDuration>(&cfg),
        declaration::<classify::summary::TaskSummary>(&cfg),
        declaration::<classify::summary::ContentSummary>(&cfg),
        declaration::<classify::summary::ToolResultSummary>(&cfg),
        declaration::<classify::summary::RequestSummary>(&cfg),
        declaration::<classify::summary::ErrorSummary>(&cfg),
        declaration::<classify::summary::TaskListEntry>(&cfg),
        declaration::<classify::summary::TaskListSummary>(&cfg),
        declaration::<classify::summary::BatchSummary>(&cfg),
        declaration::<classify::Summary>(&cfg),
        declaration::<classify::Classification>(&cfg),
        declaration::<lint::LintReport>(&cfg),
        declaration::<host::HostReport>(&cfg),
        declaration::<compat::Verdict>(&cfg),
        declaration::<compat::TargetResult>(&cfg),
        declaration::<compat::ToolCompat>(&cfg),
        declaration::<compat::CompatReport>(&cfg),
        declaration::<compat::Kind>(&cfg),
        declaration::<compat::Versions>(&cfg),
        declaration::<compat::TargetInfo>(&cfg),
        declaration::<compat::DataRow>(&cfg),
        declaration::<compat::DataReport>(&cfg),
        declaration::<compat::Change>(&cfg),
        declaration::<compat::Lost>(&cfg),
        declaration::<compat::Lowered>(&cfg),
        declaration::<host::TaskEvent>(&cfg),
        declaration::<host::HistoryEntry>(&cfg),
        declaration::<host::TaskState>(&cfg),
        declaration::<host::elicitation::Mode>(&cfg),
        declaration::<host::elicitation::Elicitation>(&cfg),
        declaration::<host::elicitation::ElicitationReport>(&cfg),
        declaration::<host::Direction>(&cfg),
        declaration::<host::session::StepKind>(&cfg),
        declaration::<host::session::Step>(&cfg),
        declaration::<host::session::SequenceEntry>(&cfg),
        declaration::<host::session::Counts>(&cfg),
        declaration::<host::session::How>(&cfg),
        declaration::<host::session::ProtocolCheck>(&cfg),
        declaration::<host::session::ToolVerdict>(&cfg),
        declaration::<host::session::ToolTable>(&cfg),
        declaration::<host::session::SessionReport>(&cfg),
        declaration::<host::session::Finding>(&cfg),
        declaration::<host::session::PlacedFinding>(&cfg),
        declaration::<host::session::LineKind>(&cfg),
        declaration::<host::session::LineOutcome>(&cfg),
        declaration::<host::logs::Http>(&cfg),
        declaration::<host::logs::LogEntry>(&cfg),
        declaration::<host::logs::ContextLine>(&cfg),
        declaration::<host::logs::Log>(&cfg),
        declaration::<host::logs::LogReport>(&cfg),
        declaration::<host::logs::redact::Redacted>(&cfg),
        declaration::<host::x_mcp_header::RequestHeader>(&cfg),
        declaration::<host::LintedAs>(&cfg),
        declaration::<host::CodedFix>(&cfg),
        declaration::<host::FixPlan>(&cfg),
        declaration::<host::FileLint>(&cfg),
    ])
}

/// The columns' layout (src/wasm/column_layout.rs), read here in test builds to write its
/// JavaScript twin.
#[cfg(feature = "full")]
#[path = "wasm/column_layout.rs"]
#[allow(dead_code)] // its constants are the wasm build's; `LAYOUT` is read here
mod column_layout;

/// `runtime/load/column-layout.js`: each constant of the layout as an `export const`, its doc
/// lines as its JSDoc.
#[cfg(feature = "full")]
fn column_layout_js() -> String {
    let mut out = String::from(
        "// Generated from src/wasm/column_layout.rs (src/ts_types.rs): do not edit, run\n\
         // `UPDATE_TYPES=1 cargo test --lib ts_types`. The numbers of the columns' layout that\n\
         // runtime/load/columns.js reads.\n",
    );
    for (name, value, doc) in column_layout::LAYOUT {
        let doc: Vec<&str> = doc.iter().map(|line| line.trim()).collect();
        out.push_str(&format!(
            "\n/** {} */\nexport const {name} = {value};\n",
            doc.join(" ")
        ));
    }
    out
}

/// Holds the file at `path` (relative to the crate) to `want`, or rewrites it with `UPDATE_TYPES` set.
fn generated(path: &str, want: &str) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    if text == want {
        return;
    }
    if std::env::var_os("UPDATE_TYPES").is_some() {
        std::fs::write(&path, want).expect("the generated file written");
        return;
    }
    panic!(
        "{} is not what the Rust source derives: UPDATE_TYPES=1 cargo test --lib ts_types",
        path.display()
    );
}

#[test]
fn core_d_ts_is_the_derive() {
    generated("src/wasm/core.d.ts", &core());
}

#[cfg(feature = "validator")]
#[test]
fn validator_d_ts_is_the_derive() {
    generated("src/wasm/validator.d.ts", &validator());
}

#[cfg(feature = "full")]
#[test]
fn full_d_ts_is_the_derive() {
    generated("src/wasm/full.d.ts", &full());
}

#[cfg(feature = "full")]
#[test]
fn column_layout_js_is_the_layout() {
    generated("runtime/load/column-layout.js", &column_layout_js());
}

/// Every `.rs` file under `dir`, with its path.
fn sources(dir: &std::path::Path, found: &mut Vec<(String, String)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("a readable directory")
        .map(|entry| entry.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            sources(&path, found);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            let text = std::fs::read_to_string(&path).expect("a readable file");
            found.push((path.display().to_string(), text));
        }
    }
}

/// `ts-rs` declares a field serde may leave out (`skip_serializing_if`) as required unless it is
/// also `#[serde(default)]`: in a type that derives `TS`, each such field says `ts(optional)`
/// itself, or the declaration would promise a field the JSON lacks.
#[test]
fn every_skipped_field_is_optional() {
    let mut files = Vec::new();
    sources(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    let mut missing = Vec::new();
    for (path, text) in &files {
        let (mut derive_pending, mut derived) = (false, false);
        // The attributes (and doc comments) since the last field or item, and where they start.
        let mut attributes = (String::new(), 0);
        for (number, line) in text.lines().enumerate() {
            let code = line.trim_start();
            if code.contains("derive(ts_rs::TS)") {
                derive_pending = true;
            }
            let item = ["struct ", "enum ", "pub struct ", "pub enum "]
                .iter()
                .any(|item| code.starts_with(item));
            if item {
                derived = std::mem::take(&mut derive_pending);
            }
            // A field: `name: Type` (or `pub name: Type`, `pub(crate) name: Type`), a lowercase name.
            let declaration = ["pub ", "pub(crate) ", "pub(super) "]
                .iter()
                .find_map(|visibility| code.strip_prefix(visibility))
                .unwrap_or(code);
            let field = !code.starts_with("//")
                && declaration.split_once(": ").is_some_and(|(name, _)| {
                    !name.is_empty()
                        && name
                            .chars()
                            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
                });
            if !(field || item) {
                if attributes.0.is_empty() {
                    attributes.1 = number + 1;
                }
                attributes.0.push_str(code);
                continue;
            }
            let (text, at) = std::mem::take(&mut attributes);
            if derived
                && field
                && text.contains("skip_serializing")
                && !text.contains("ts(optional")
                && !text.contains("optional))]")
            {
                missing.push(format!("{path}:{at}: {code}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "fields serde may leave out, declared required (add `#[cfg_attr(test, ts(optional))]`):\n{}",
        missing.join("\n")
    );
}
