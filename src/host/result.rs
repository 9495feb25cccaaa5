//! Check 3: a `tools/call` result against its tool — `structuredContent` against `outputSchema`,
//! and task handles that must not be taken for tool results.
//!
//! Findings, by code: `not-a-tool-result`; `structured-content-missing` (an `outputSchema` and no
//! `structuredContent`, not `isError`); `structured-content-skipped` (info, `isError: true`);
//! `structured-content-not-object` (before 2026-07-28); schema failures coded by keyword with
//! `schema_span` in the tool text; `unsupported-result-type-task` (a CreateTaskResult the call did
//! not ask for); `task-handle`, `input-required`, `error-response` (infos); `ambiguous-tool`
//! (warning in `tool_diagnostics`: several tools and no way to tell which one answered).
//! Presence of `structuredContent` means "the key exists": `null`, `0` and `""` count, and in
//! 2026-07-28 (any JSON value allowed) they are validated against `outputSchema`.

use crate::diagnostic::{Diagnostic, Severity};
use crate::host::schema::validate_compiled;
use crate::host::tool::{locate_tools, read_tool_text, tool_info, CompiledTool, TaskSupport};
use crate::host::{diagnostic_at as at, parse_into, HostReport};
use crate::json::{Document, Node, NodeKind};
use crate::protocol::messages::{
    read_message, result_generation, result_kind, Message, ResultKind,
};
use crate::protocol::TaskRequest;

/// Checks the result object at `pointer` of `doc` answering a call of `tool` (compiled).
/// `task_requested` says whether the call asked for a task (2025-11-25) or declared the tasks
/// extension (2026-07-28); `None` when the call is not known, then the tool's `taskSupport` decides.
pub fn check_result(
    doc: &Document<'_>,
    pointer: &str,
    tool: Option<&CompiledTool>,
    task_requested: Option<bool>,
) -> Vec<Diagnostic> {
    let Some(result) = doc.pointer(pointer) else {
        return Vec::new();
    };
    match result_kind(result) {
        ResultKind::TaskHandle(generation) => {
            let forbidden_by_tool = generation.rules().tool_execution
                && tool.is_some_and(|t| t.info.task_support == TaskSupport::Forbidden);
            if task_requested.map_or(forbidden_by_tool, |asked| !asked) {
                let why = match generation.rules().task_request {
                    TaskRequest::Param => "the call did not ask for a task (no `task` parameter) or the tool forbids tasks",
                    TaskRequest::Extension => "the client did not declare the io.modelcontextprotocol/tasks extension",
                };
                let message = format!("Unsupported result type 'task': {why}");
                vec![at(
                    doc,
                    Severity::Error,
                    "unsupported-result-type-task",
                    message,
                    pointer.to_owned(),
                )]
            } else if task_requested.is_none() {
                let message = "a task handle (CreateTaskResult), not a tool result: poll tasks/get until the task is terminal";
                vec![at(
                    doc,
                    Severity::Info,
                    "task-handle",
                    message.into(),
                    pointer.to_owned(),
                )]
            } else {
                Vec::new()
            }
        }
        ResultKind::InputRequired => {
            let message = "an InputRequiredResult: the call needs `inputResponses` before it returns a tool result";
            vec![at(
                doc,
                Severity::Info,
                "input-required",
                message.into(),
                pointer.to_owned(),
            )]
        }
        ResultKind::Other => {
            let message = "not a tool result (no `content`, `structuredContent` or `isError`)";
            vec![at(
                doc,
                Severity::Error,
                "not-a-tool-result",
                message.into(),
                pointer.to_owned(),
            )]
        }
        ResultKind::ToolResult => check_structured(doc, pointer, result, tool),
    }
}

/// Checks `structuredContent` of a CallToolResult against the tool's `outputSchema`.
fn check_structured(
    doc: &Document<'_>,
    pointer: &str,
    result: &Node,
    tool: Option<&CompiledTool>,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let path = format!("{pointer}/structuredContent");
    let structured = result.value_of("structuredContent");
    let before_2026 = result_generation(result).is_none_or(|g| g.rules().object_structured_content);
    if let Some(value) =
        structured.filter(|v| before_2026 && !matches!(v.kind, NodeKind::Object(_)))
    {
        let message = format!(
            "`structuredContent` is {} but must be an object before 2026-07-28",
            value.type_name()
        );
        out.push(at(
            doc,
            Severity::Error,
            "structured-content-not-object",
            message,
            path.clone(),
        ));
    }
    let Some(compiled) = tool.filter(|t| t.info.has_output_schema) else {
        return out;
    };
    let tool = &compiled.info;
    if matches!(
        result.value_of("isError").map(|v| &v.kind),
        Some(NodeKind::Bool(true))
    ) {
        let message = "`isError: true`: `structuredContent` is not checked against `outputSchema`";
        out.push(at(
            doc,
            Severity::Info,
            "structured-content-skipped",
            message.into(),
            format!("{pointer}/isError"),
        ));
        return out;
    }
    if structured.is_none() {
        let message = format!(
            "tool `{}` declares an `outputSchema` but the result has no `structuredContent`",
            tool.name
        );
        out.push(at(
            doc,
            Severity::Error,
            "structured-content-missing",
            message,
            pointer.to_owned(),
        ));
    } else if out.is_empty() {
        if let Some(schema) = &compiled.output_schema {
            out.extend(validate_compiled(schema, doc, &path));
        }
    }
    out
}

/// Checks a `tools/call` result (bare, or a JSON-RPC response) against its tool (a `Tool`, or a
/// `tools/list` result with exactly one tool).
pub fn check_tool_result(tool_text: &str, result_text: &str) -> HostReport {
    let mut report = HostReport::default();
    let tool_doc = read_tool_text(tool_text, &mut report);
    let Some(doc) = parse_into(result_text, &mut report.diagnostics) else {
        return report.finish();
    };
    let pointer = match read_message(&doc.root) {
        Message::Response { .. } => "/result",
        Message::Other => "",
        message => {
            let found = if let Message::ErrorResponse { .. } = message {
                let why = "an error response: the call failed at the protocol level, there is no tool result to check";
                at(
                    &doc,
                    Severity::Info,
                    "error-response",
                    why.into(),
                    "/error".into(),
                )
            } else {
                let why = "a request or notification, not a tool result";
                at(
                    &doc,
                    Severity::Error,
                    "not-a-tool-result",
                    why.into(),
                    String::new(),
                )
            };
            report.diagnostics.push(found);
            return report.finish();
        }
    };
    let tool = tool_doc.as_ref().and_then(|tool_doc| {
        let tools = locate_tools(tool_doc, "").unwrap_or_default();
        if tools.len() > 1 {
            let message = format!(
                "the tool text defines {} tools; pass the one this result answers",
                tools.len()
            );
            report.tool_diagnostics.push(
                Diagnostic::warning("ambiguous-tool", message)
                    .with_span(Some(tool_doc.span(tool_doc.root.range))),
            );
        }
        let [only] = tools.as_slice() else {
            return None;
        };
        tool_info(tool_doc, only).map(|info| CompiledTool::compile(tool_doc, info))
    });
    report.generation = doc
        .pointer(pointer)
        .and_then(result_generation)
        .or(report.generation);
    report
        .diagnostics
        .extend(check_result(&doc, pointer, tool.as_ref(), None));
    report.finish()
}
