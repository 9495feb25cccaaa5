//! Host-side checks: what a host (an agent CLI, an IDE) must get right around a long tool call.
//!
//! 1. [`check_tool`]: a tool definition or a whole `tools/list` result — schemas usable, root
//!    `type: "object"`, `execution.taskSupport`, name rules, duplicates, closed no-argument tools;
//!    [`check_tool_for`] adds the rules of chosen consumers (`compat`).
//! 2. [`check_tool_call`]: a `tools/call` request against its tool and the negotiated task
//!    support (2025-11-25 server capabilities, 2026-07-28 tasks extension).
//! 3. [`check_tool_result`]: a result against its tool — `structuredContent` vs `outputSchema`,
//!    and task handles that must not be taken for tool results.
//! 4. [`replay_session`]: a whole transcript, every task tracked as a state machine; returns the
//!    host's session state and what went wrong (see [`session`] for the rules).
//! 5. [`check_elicitation`]: an elicitation request (the form a server asks for, either
//!    generation) and the user's answer (see [`elicitation`]).
//! 6. [`lint_file`]: the schema lint of a file that holds a tool, a `tools/list` result or a
//!    schema, with the fixes that can be applied together.
//! 7. [`classify_against_tool`]: a pasted payload classified and, given its tool, checked with
//!    the host check its kind asks for (3 for a result, 2 for a call).
//!
//! Every finding is a shared [`Diagnostic`]. A [`HostReport`] keeps one list per input text, so a
//! span always points into the text its list names; schema findings carry the failing keyword's
//! span in the tool text as `schema_span`.

mod call;
pub mod elicitation;
mod lint_file;
pub mod logs;
mod payload;
mod result;
mod schema;
pub mod session;
pub mod task_state;
mod time;
mod tool;
mod transcript;
pub mod x_mcp_header;

use serde::Serialize;

use crate::diagnostic::Diagnostic;
use crate::json::{parse, Document, ReadOptions};

pub use crate::protocol::{Generation, TaskStatus};
pub use call::check_tool_call;
pub use elicitation::{check_elicitation, ElicitationReport};
pub use lint_file::{fix_plan, lint_file, CodedFix, FileLint, FixPlan, LintedAs};
pub use payload::classify_against_tool;
pub use result::check_tool_result;
pub use session::{replay_session, Direction, Entry, Finding, Session, SessionReport};
pub use task_state::{HistoryEntry, TaskEvent, TaskState};
pub use tool::{check_tool, check_tool_for};

/// What [`check_tool`], [`check_tool_call`] and [`check_tool_result`] return.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct HostReport {
    /// No error anywhere (warnings and infos allowed).
    pub valid: bool,
    /// The protocol generation the inputs show, if they tell.
    pub generation: Option<Generation>,
    /// Findings about the main text: the tool text for `check_tool`, the request text for
    /// `check_tool_call`, the result text for `check_tool_result`. Spans point into that text.
    pub diagnostics: Vec<Diagnostic>,
    /// Findings about the tool text when it is not the main text. Spans point into the tool text.
    /// They depend on the tool text alone: every call or result checked against the same tool
    /// has the same (the CLI reports them once, with the first).
    pub tool_diagnostics: Vec<Diagnostic>,
    /// Findings about the capabilities text of `check_tool_call`. Spans point into that text.
    /// They depend on the capabilities text alone, as `tool_diagnostics` on the tool's.
    pub capabilities_diagnostics: Vec<Diagnostic>,
}

impl HostReport {
    /// Sets `valid` from the diagnostics.
    fn finish(mut self) -> Self {
        let lists = [
            &self.diagnostics,
            &self.tool_diagnostics,
            &self.capabilities_diagnostics,
        ];
        self.valid = !lists
            .iter()
            .any(|list| list.iter().any(Diagnostic::is_error));
        self
    }
}

// A diagnostic about the value at a pointer, with its span (the JSON layer's).
pub(crate) use crate::json::diagnostic_at;

/// Parses one input text; its reader warnings, or the parse error, go to `out`.
fn parse_into<'a>(text: &'a str, out: &mut Vec<Diagnostic>) -> Option<Document<'a>> {
    match parse(text, ReadOptions::default()) {
        Ok(doc) => {
            out.extend(doc.warnings.iter().cloned());
            Some(doc)
        }
        Err(error) => {
            out.push(error.diagnostic());
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tool with a duplicate key and an unknown format (findings about the tool text).
    const TOOL: &str = r#"{"name": "t", "name": "t", "inputSchema": {"type": "object",
        "properties": {"a": {"type": "string", "format": "nope"}}}}"#;

    #[test]
    fn the_findings_about_a_shared_text_are_the_same_in_every_report() {
        let capabilities = r#"{"tools": {}, "tools": {}}"#;
        let calls = [
            r#"{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "t", "arguments": {"a": 1}}}"#,
            r#"{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "t", "arguments": {}}}"#,
        ];
        let [a, b] = calls.map(|call| check_tool_call(TOOL, call, Some(capabilities)));
        assert!(!a.tool_diagnostics.is_empty() && !a.capabilities_diagnostics.is_empty());
        assert_ne!(a.diagnostics, b.diagnostics);
        assert_eq!(a.tool_diagnostics, b.tool_diagnostics);
        assert_eq!(a.capabilities_diagnostics, b.capabilities_diagnostics);
        let results = ["{", r#"{"content": [{"type": "text", "text": "x"}]}"#];
        let [a, b] = results.map(|result| check_tool_result(TOOL, result));
        assert!(!a.tool_diagnostics.is_empty());
        assert_ne!(a.diagnostics, b.diagnostics);
        assert_eq!(a.tool_diagnostics, b.tool_diagnostics);
        let request = r#"{"jsonrpc": "2.0", "id": 1, "method": "elicitation/create", "params":
            {"message": "m", "message": "m", "requestedSchema": {"type": "object", "properties": {}}}}"#;
        let [a, b] = [r#"{"action": "accept", "content": {}}"#, "{}"]
            .map(|response| check_elicitation(request, Some(response)));
        assert!(!a.diagnostics.is_empty());
        assert_ne!(a.response_diagnostics, b.response_diagnostics);
        assert_eq!(a.diagnostics, b.diagnostics);
    }
}
