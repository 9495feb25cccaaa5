//! The tools a session lists: each `tools/list` page's findings tagged with the tool they concern,
//! the compatibility verdicts for the session's targets ([`crate::compat`]) as findings at their
//! place in the page, and the verdict table ([`ToolTable`]) every front end shows.
//!
//! `task-support-unavailable` (error): at 2025-11-25, a tool with `taskSupport: "required"` on a
//! server whose `initialize` result does not declare `capabilities.tasks.requests.tools.call`
//! cannot be called at all: a call without a task must be refused (the tool requires one) and a
//! call with one is forbidden, since "if a server's capabilities do not include
//! `tasks.requests.tools.call`, then clients MUST NOT attempt to use task augmentation on that
//! server's tools, regardless of the `execution.taskSupport` value" (Tasks, "Tool-Level
//! Negotiation",
//! <https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#tool-level-negotiation>,
//! checked 2026-12-03).

use serde::Serialize;

use crate::diagnostic::Diagnostic;
use crate::json::Document;

pub use crate::compat::Verdicts;

/// One listed tool's verdicts: its own checks' counts (`tools/list` findings about it) and its
/// compatibility verdict per target.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ToolVerdict {
    /// Its name.
    pub name: String,
    /// Its `execution.taskSupport` as written, when it is a string.
    pub task_support: Option<String>,
    /// Errors found about it in its `tools/list` page (its checks and the compatibility rules).
    pub errors: usize,
    /// Of its errors, those the schema lint found in its `inputSchema` or `outputSchema` (the
    /// codes of [`crate::lint::CODES`], and a schema that cannot be compiled), not the MCP spec's
    /// tool rules nor a consumer's: what the tools table says the errors come from.
    pub schema_errors: usize,
    /// Warnings found about it there.
    pub warnings: usize,
    /// Why a 2026-07-28 client over Streamable HTTP leaves it out of the tools it may call: the
    /// message of its first `x-mcp-header-invalid` error ([`crate::compat::x_mcp_header`], an
    /// error only in a 2026-07-28 list; "a client using Streamable HTTP MUST reject such a tool":
    /// its sources there); `None` for a tool a client keeps.
    pub excluded: Option<String>,
    /// Its compatibility verdict per target.
    // A custom `Serialize` (an object keyed by target name) no derive can express: typed here.
    #[cfg_attr(test, ts(type = "Partial<Record<CompatTarget, CompatVerdict>>"))]
    pub targets: Verdicts,
}

/// Every tool listed so far (the last listing of each name, in first-listed order; at most
/// [`MAX_TOOLS`](super::MAX_TOOLS)) and the whole list's verdict per target (the worst over the
/// pages).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ToolTable {
    /// Each tool's verdicts.
    pub tools: Vec<ToolVerdict>,
    /// The list's verdict per target.
    // A custom `Serialize` (an object keyed by target name) no derive can express: typed here.
    #[cfg_attr(test, ts(type = "Partial<Record<CompatTarget, CompatVerdict>>"))]
    pub list: Verdicts,
}

/// The tool a finding at `path` concerns among `tools` (`(pointer, name)`), and the pointer
/// within it.
pub(super) fn tool_at<'t>(tools: &'t [(String, String)], path: &str) -> Option<(&'t str, String)> {
    tools.iter().find_map(|(pointer, name)| {
        let rest = path.strip_prefix(pointer.as_str())?;
        (rest.is_empty() || rest.starts_with('/')).then(|| (name.as_str(), rest.to_owned()))
    })
}

/// Tags each of `found` with the tool among `tools` its instance path lies in.
pub(super) fn tag(found: Vec<Diagnostic>, tools: &[(String, String)]) -> Vec<Diagnostic> {
    found
        .into_iter()
        .map(|d| match tool_at(tools, &d.instance_path) {
            Some((name, rest)) => d.about_tool(name, rest),
            None => d,
        })
        .collect()
}

/// Tags `found` (a call's or a result's findings) with the tool `name`, the pointer within it
/// taken from each keyword location (under the tool's `pointer` in its list), else `""`.
pub(super) fn tag_call(found: Vec<Diagnostic>, name: &str, pointer: &str) -> Vec<Diagnostic> {
    found
        .into_iter()
        .map(|d| {
            let within = d
                .keyword_location
                .as_deref()
                .and_then(|k| k.strip_prefix(pointer))
                .filter(|rest| rest.is_empty() || rest.starts_with('/'))
                .unwrap_or_default()
                .to_owned();
            d.about_tool(name, within)
        })
        .collect()
}

/// The `(pointer, name)` of each tool with a string name at `pointers` in `doc`.
pub(super) fn named(doc: &Document<'_>, pointers: &[String]) -> Vec<(String, String)> {
    pointers
        .iter()
        .filter_map(|p| {
            let name = doc.pointer(p)?.value_of("name")?.as_str()?;
            Some((p.clone(), name.to_owned()))
        })
        .collect()
}
