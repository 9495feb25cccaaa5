//! Lowering: one tool rewritten so that a target's profile accepts it, with each change and each
//! constraint the consumer no longer enforces (the server must check those itself).
//!
//! Deterministic: the passes (one per check kind, in `checks/`) run in a fixed order, each one
//! only when the profile has the rule it answers, over the subschemas in document order. Notes
//! (rules no source shows failing) are left out: lowering changes only what a source shows.

use serde::Serialize;
use serde_json::Value;

use crate::diagnostic::Diagnostic;
use crate::json::{parse, ReadOptions};

use super::checks::edit::Lowering;
pub use super::checks::edit::{Change, Lost};
use super::locate::is_tool;
use super::locate_tools;
use super::rule::{Check, Effect};
use super::tools_generation;
use super::{CompatOptions, Target};

/// What [`lower_tool`] returns.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "LoweredTool"))]
pub struct Lowered {
    /// The lowered tool, or `None` when the text holds no single tool.
    pub tool: Option<Value>,
    /// Each change, in the order made.
    pub changes: Vec<Change>,
    /// Each constraint the consumer will no longer enforce.
    pub lost: Vec<Lost>,
    /// What lowering cannot make the target accept (a schema that is not valid JSON Schema, a
    /// list's tool count…): the findings the target still has on the lowered tool, pointers into
    /// it (no span), or, when the text is a list of several tools or a server's result, those of
    /// the list or the server; each message ends saying why lowering cannot fix it. Empty when
    /// the target accepts the lowered tool.
    pub unresolved: Vec<Diagnostic>,
    /// Why there is no tool: a parse error, not a tool, or more than one.
    pub diagnostics: Vec<Diagnostic>,
}

/// Lowers the one tool in `text` (a `Tool`, or a list or `tools/list` result holding one) for
/// `target` at its newest known behaviour.
pub fn lower_tool(text: &str, target: Target) -> Lowered {
    lower_tool_with(text, target, &CompatOptions::default())
}

/// [`lower_tool`] for the version of `target` and with the extra data that `options` give.
#[inline(never)]
pub fn lower_tool_with(text: &str, target: Target, options: &CompatOptions) -> Lowered {
    let doc = match parse(text, ReadOptions::default()) {
        Ok(doc) => doc,
        Err(error) => {
            return Lowered {
                diagnostics: vec![error.diagnostic()],
                ..Lowered::default()
            }
        }
    };
    let pointers = locate_tools(&doc, "").unwrap_or_default();
    let tool = match pointers.as_slice() {
        // Only what reads as a tool standing alone, so the lowered tool does too.
        [one] => doc.pointer(one).filter(|n| is_tool(n)),
        _ => None,
    };
    let Some(tool) = tool else {
        let message = if pointers.len() > 1 {
            format!("{} tools: lower one tool at a time", pointers.len())
        } else {
            "not a tool definition (an object with `name` and `inputSchema`)".to_owned()
        };
        let diagnostic =
            Diagnostic::error("not-a-tool", message).with_span(Some(doc.span(doc.root.range)));
        return Lowered {
            diagnostics: vec![diagnostic],
            // What the list (or the server) breaks, which no tool's lowering changes.
            unresolved: unresolved(text, false, target, options),
            ..Lowered::default()
        };
    };
    let generation = tools_generation(&doc, "", &pointers);
    let mut lowering = Lowering {
        checks: target
            .rules(options.version_of(&target), &options.data)
            .iter()
            .filter(|r| r.effect != Effect::Noted)
            .map(|r| r.check.clone())
            .collect(),
        changes: Vec::new(),
        lost: Vec::new(),
        server: options.server_name.clone(),
    };
    let mut value = doc.value_of(tool);
    super::checks::lower(&mut lowering, &mut value, generation);
    Lowered {
        unresolved: unresolved(&value.to_string(), true, target, options),
        tool: Some(value),
        changes: lowering.changes,
        lost: lowering.lost,
        diagnostics: Vec::new(),
    }
}

/// The findings that keep `target` from accepting `text` (a lowered tool; with `tools` false,
/// only those of the list and the server, which lowering one tool does not change), each saying
/// why lowering cannot fix it (none when the target accepts it).
#[inline(never)]
fn unresolved(text: &str, tools: bool, target: Target, options: &CompatOptions) -> Vec<Diagnostic> {
    let again = CompatOptions {
        targets: vec![target.clone()],
        ..options.clone()
    };
    let report = super::check_compatibility(text, &again);
    let rules = target.rules(options.version_of(&target), &options.data);
    let results = report
        .tools
        .iter()
        .filter(|_| tools)
        .filter_map(|t| t.targets.get(target.clone()))
        .chain(report.list.get(target.clone()))
        .chain(report.server.get(target.clone()));
    results
        .filter(|r| r.verdict != super::Verdict::Accepted)
        .flat_map(|r| r.diagnostics.iter())
        .filter(|d| d.severity != crate::diagnostic::Severity::Info)
        .map(|d| {
            let check = match d.code.as_str() {
                super::UNUSABLE_SCHEMA => Some(&Check::InvalidSchema(None)),
                code => rules.iter().find(|r| r.code == code).map(|r| &r.check),
            };
            let why = super::checks::why_unlowered(check);
            Diagnostic {
                message: format!("{}; {why}", d.message),
                // The span would point into the lowered tool's text, which the caller never sees.
                span: None,
                ..d.clone()
            }
        })
        .collect()
}
