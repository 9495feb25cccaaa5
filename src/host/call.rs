//! Check 2: a `tools/call` request against its tool and the task support both sides negotiated.
//!
//! Findings, by code: `not-a-tool-call`, `unknown-tool`; argument failures coded by the failing
//! keyword (`required`, `type`, ...) with `schema_span` in the tool text; `task-not-negotiated`
//! (2025-11-25 `task` without the server's `tasks.requests.tools.call`); `capabilities-unknown`
//! (info: no capabilities given); `task-required` (`taskSupport: "required"` without a task — the
//! server must answer -32601 or -32600); `task-forbidden`; `task-param-in-2026`.

use crate::diagnostic::{Diagnostic, Severity};
use crate::host::schema::validate_compiled;
use crate::host::tool::{locate_tools, read_tool_text, tool_info, CompiledTool, TaskSupport};
use crate::host::{diagnostic_at as at, parse_into, HostReport};
use crate::json::{Document, Node};
use crate::protocol::messages::{CLIENT_CAPABILITIES, PROTOCOL_VERSION, TASKS_EXTENSION};
use crate::protocol::{Generation, TaskRequest};

/// The parts of a `tools/call` request the checks look at.
#[derive(Clone, Debug)]
pub struct ToolCall<'n> {
    /// Pointer to `params` (or to the bare params object) in the request's document.
    pub pointer: String,
    /// `params.name`.
    pub name: Option<&'n str>,
    /// The generation the request shows: 2026-07-28 `_meta` keys, or a 2025-11-25 `task`.
    pub generation: Option<Generation>,
    /// `params.task` (2025-11-25 task augmentation).
    pub task: Option<&'n Node>,
    /// Whether `_meta` declares the 2026-07-28 tasks extension in the client capabilities.
    pub extension_declared: bool,
}

impl ToolCall<'_> {
    /// Whether the caller asked for (2025-11-25) or allowed (2026-07-28) a task as the answer.
    pub fn task_requested(&self) -> bool {
        if self.by_extension() {
            self.extension_declared
        } else {
            self.task.is_some()
        }
    }

    /// Whether the call's generation asks for tasks by declaring the tasks extension rather
    /// than with a `task` parameter.
    fn by_extension(&self) -> bool {
        self.generation.map(|g| g.rules().task_request) == Some(TaskRequest::Extension)
    }
}

/// Reads the `tools/call` request (or bare `CallToolRequestParams`) at `pointer`.
pub fn read_call<'d>(doc: &'d Document<'_>, pointer: &str) -> Option<ToolCall<'d>> {
    let node = doc.pointer(pointer)?;
    let (params, params_pointer) = match node.value_of("method").and_then(Node::as_str) {
        Some("tools/call") => (node.value_of("params"), format!("{pointer}/params")),
        Some(_) => return None,
        None => (node.get("name").map(|_| node), pointer.to_owned()),
    };
    let params = params.filter(|p| p.members().is_some());
    let meta = params.and_then(|p| p.value_of("_meta"));
    let declares_2026 = meta
        .is_some_and(|m| m.get(PROTOCOL_VERSION).is_some() || m.get(CLIENT_CAPABILITIES).is_some());
    let extension_declared = meta
        .and_then(|m| m.value_of(CLIENT_CAPABILITIES))
        .and_then(|c| c.value_of("extensions"))
        .and_then(|e| e.value_of(TASKS_EXTENSION))
        .is_some_and(|x| x.members().is_some());
    let task = params.and_then(|p| p.value_of("task"));
    let generation = if declares_2026 {
        Some(Generation::V2026_07_28)
    } else {
        task.map(|_| Generation::V2025_11_25)
    };
    Some(ToolCall {
        pointer: params_pointer,
        name: params
            .and_then(|p| p.value_of("name"))
            .and_then(Node::as_str),
        generation,
        task,
        extension_declared,
    })
}

/// Whether server capabilities (an InitializeResult, a response carrying one, or the
/// capabilities object) declare task-augmented `tools/call` (2025-11-25
/// `capabilities.tasks.requests.tools.call`).
pub fn declares_task_calls(capabilities: &Node) -> bool {
    let result = capabilities.value_of("result").unwrap_or(capabilities);
    let caps = result.value_of("capabilities").unwrap_or(result);
    let path = ["tasks", "requests", "tools", "call"];
    path.iter()
        .try_fold(caps, |node, key| node.value_of(key))
        .is_some_and(|call| call.members().is_some())
}

/// Checks that task augmentation was negotiated: `server_declares` is what the 2025-11-25 server
/// capabilities say, `None` when they are not known.
pub fn check_negotiation(
    doc: &Document<'_>,
    call: &ToolCall<'_>,
    server_declares: Option<bool>,
) -> Vec<Diagnostic> {
    let Some(_) = call.task else {
        return Vec::new();
    };
    let path = format!("{}/task", call.pointer);
    let finding = match (call.by_extension(), server_declares) {
        (true, _) => at(doc, Severity::Error, "task-param-in-2026",
            "2026-07-28 has no `task` parameter: declare the io.modelcontextprotocol/tasks extension in `_meta[\"io.modelcontextprotocol/clientCapabilities\"].extensions` instead".into(), path),
        (_, Some(true)) => return Vec::new(),
        (_, Some(false)) => at(doc, Severity::Error, "task-not-negotiated",
            "the call asks for a task but the server did not declare `capabilities.tasks.requests.tools.call`".into(), path),
        (_, None) => at(doc, Severity::Info, "capabilities-unknown",
            "the call asks for a task; pass the server capabilities to check that it declared `tasks.requests.tools.call`".into(), path),
    };
    vec![finding]
}

/// Checks a call against its tool: arguments against `inputSchema`, `task` against `taskSupport`.
pub fn check_against_tool(
    doc: &Document<'_>,
    call: &ToolCall<'_>,
    compiled: &CompiledTool,
) -> Vec<Diagnostic> {
    let arguments = format!("{}/arguments", call.pointer);
    let mut out = compiled
        .input_schema
        .as_ref()
        .map_or_else(Vec::new, |schema| {
            validate_compiled(schema, doc, &arguments)
        });
    let tool = &compiled.info;
    let name = &tool.name;
    match (call.by_extension(), tool.task_support, call.task_requested()) {
        (true, TaskSupport::Required, false) => out.push(at(doc, Severity::Error, "task-required",
            format!("tool `{name}` requires task execution but the request does not declare the io.modelcontextprotocol/tasks extension"), call.pointer.clone())),
        (true, _, _) => {}
        (_, TaskSupport::Required, false) => out.push(at(doc, Severity::Error, "task-required",
            format!("tool `{name}` has `taskSupport: \"required\"`: a call without `task` must be answered with error -32601 (or -32600)"), call.pointer.clone())),
        (_, TaskSupport::Forbidden, true) => out.push(at(doc, Severity::Error, "task-forbidden",
            format!("tool `{name}` does not support tasks (`taskSupport` is \"forbidden\" or absent) but the call asks for one"), format!("{}/task", call.pointer))),
        _ => {}
    }
    out
}

/// `unknown-tool` (error): the call names a tool the tools known (`where_listed`, e.g. "in the
/// tool text") do not include; at `params.name`.
pub fn unknown_tool(doc: &Document<'_>, call: &ToolCall<'_>, where_listed: &str) -> Diagnostic {
    let name = call.name.unwrap_or_default();
    let message = format!("no tool named {name:?} {where_listed}");
    let path = format!("{}/name", call.pointer);
    at(doc, Severity::Error, "unknown-tool", message, path)
}

/// Checks a `tools/call` request (or bare params) against its tool (a `Tool`, `tools/list` result
/// or response) and, optionally, the server capabilities (InitializeResult or capabilities).
pub fn check_tool_call(
    tool_text: &str,
    request_text: &str,
    capabilities_text: Option<&str>,
) -> HostReport {
    let mut report = HostReport::default();
    let tool_doc = read_tool_text(tool_text, &mut report);
    let server_declares = capabilities_text
        .and_then(|text| parse_into(text, &mut report.capabilities_diagnostics))
        .map(|doc| declares_task_calls(&doc.root));
    let Some(request) = parse_into(request_text, &mut report.diagnostics) else {
        return report.finish();
    };
    let Some(call) = read_call(&request, "") else {
        let message =
            "not a tools/call request (no `method: \"tools/call\"` or params with `name`)";
        report.diagnostics.push(
            Diagnostic::error("not-a-tool-call", message)
                .with_span(Some(request.span(request.root.range))),
        );
        return report.finish();
    };
    report.generation = call.generation.or(report.generation);
    report
        .diagnostics
        .extend(check_negotiation(&request, &call, server_declares));
    if let Some(tool_doc) = &tool_doc {
        let tools = locate_tools(tool_doc, "").unwrap_or_default();
        let tool = tools
            .iter()
            .filter_map(|p| tool_info(tool_doc, p))
            .find(|t| Some(t.name.as_str()) == call.name);
        match tool {
            Some(tool) => report.diagnostics.extend(check_against_tool(
                &request,
                &call,
                &CompiledTool::compile(tool_doc, tool),
            )),
            None => report
                .diagnostics
                .push(unknown_tool(&request, &call, "in the tool text")),
        }
    }
    report.finish()
}
