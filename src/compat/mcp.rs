//! The MCP specification's own rules on tools, per protocol version, as the detectors of the
//! `mcp-name` and `mcp-root` features (`compat-data/mcp.json` holds their entries);
//! `host::check_tool` reports the same facts through [`check_name`] and [`check_root_object`].
//!
//! Sources checked 2026-12-02: the tools page of each version
//! (<https://modelcontextprotocol.io/specification/2025-11-25/server/tools>,
//! <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>) and the official schemas
//! in `schemas/mcp/` (their provenance in `schemas/mcp/PROVENANCE.md`).

use crate::diagnostic::{Diagnostic, Severity};
use crate::json::{diagnostic_at, Document, Node};
use crate::protocol::Generation;

use super::params::Field;

/// Longest tool name the spec recommends.
pub const MAX_NAME_CHARS: usize = 128;

/// The characters the spec recommends in tool names, as a class ([`super::NameRule`]).
pub const NAME_CHARS: &str = "A-Za-z0-9_.-";

/// Code of a tool name that breaks the spec's recommendation.
const NAME_CODE: &str = "tool-name-invalid";

/// Code of a schema whose root is not `type: "object"`.
const ROOT_CODE: &str = "schema-root-not-object";

/// A character the spec recommends in tool names: `[A-Za-z0-9_.-]`.
fn name_char(c: char) -> bool {
    super::params::in_class(NAME_CHARS, c)
}

/// Checks a tool name (the node at `path`): a string of 1-128 characters from `[A-Za-z0-9_.-]`.
/// An empty or non-string name is an error (`tool-name-missing` for a non-string), the rest
/// warnings.
pub fn check_name(doc: &Document<'_>, name: &Node, path: String) -> Option<Diagnostic> {
    let Some(text) = name.as_str() else {
        let message = format!("`name` is a {}, not a string", name.type_name());
        return Some(diagnostic_at(
            doc,
            Severity::Error,
            "tool-name-missing",
            message,
            path,
        ));
    };
    let count = text.chars().count();
    let bad: String = text.chars().filter(|c| !name_char(*c)).collect();
    let (severity, problem) = if count == 0 {
        (Severity::Error, "is empty".to_owned())
    } else if count > MAX_NAME_CHARS {
        let problem = format!("has {count} characters; names should have at most {MAX_NAME_CHARS}");
        (Severity::Warning, problem)
    } else if !bad.is_empty() {
        let problem =
            format!("contains {bad:?}; names should use only A-Z, a-z, 0-9, `_`, `-` and `.`");
        (Severity::Warning, problem)
    } else {
        return None;
    };
    let message = format!("the tool name {problem}; some hosts reject it");
    Some(diagnostic_at(doc, severity, NAME_CODE, message, path))
}

/// Reports a schema (the node at `path`) whose root is not `type: "object"`.
pub fn check_root_object(
    doc: &Document<'_>,
    schema: &Node,
    path: &str,
    severity: Severity,
) -> Option<Diagnostic> {
    let root_type = schema.value_of("type");
    if root_type.and_then(Node::as_str) == Some("object") {
        return None;
    }
    let found = root_type.map_or_else(
        || "no `type`".to_owned(),
        |t| format!("`type` {}", doc.lexeme(t)),
    );
    let where_ = if root_type.is_some() {
        format!("{path}/type")
    } else {
        path.to_owned()
    };
    let message = format!("the schema root must be `type: \"object\"`, found {found}");
    Some(diagnostic_at(doc, severity, ROOT_CODE, message, where_))
}

/// How seriously a `field` root that is not `type: "object"` counts in `generation` (unknown:
/// `None`); `None` when that generation allows it.
pub fn root_severity(generation: Option<Generation>, field: Field) -> Option<Severity> {
    match (field, generation) {
        (Field::Input, _) => Some(Severity::Error),
        (Field::Output, Some(g)) => g.rules().object_output_schema.then_some(Severity::Error),
        (Field::Output, None) => Some(Severity::Warning),
    }
}
