//! What each pushed message is in the session's sequence ([`Step`]): who sent it, whether it is a
//! request, an answer, a notification or an error, its method (an answer's: the method of the
//! request it answers), the push number of that request, the task it names and the status it
//! reports, and a short description. The [`Session`](super::Session) decides these as it checks
//! the message (the answer's request is the one its pending requests matched), so a front end
//! draws the sequence without reading a message again.

use serde::Serialize;

use crate::host::session::pending::{PendingRequest, Request};
use crate::host::session::Direction;
use crate::json::{Document, Node, NodeKind};
use crate::protocol::messages::{meta, result_kind, task_report, ResultKind, RELATED_TASK};

/// What a pushed message is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "SequenceKind"))]
#[serde(rename_all = "camelCase")]
pub enum StepKind {
    /// A request (a `method` and an `id`).
    Request,
    /// A successful response.
    Answer,
    /// A notification (a `method`, no `id`).
    Notification,
    /// An error response.
    Error,
    /// What the host handed the model (a transcript's `toModel` entry).
    ToModel,
    /// Not a JSON-RPC message (a tool list for the checks, or neither).
    Other,
    /// A log's line that is no message (a connection state, the server's stderr), kept to
    /// show where it happened; `detail` is its text.
    Context,
}

/// One pushed message in the sequence.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "SequenceStep"))]
#[serde(rename_all = "camelCase")]
pub struct Step {
    /// What it is.
    pub kind: StepKind,
    /// Who sent it: as the transcript says, else as the session took it (a request by its
    /// method, an answer by the request it answers); `None` for `toModel` and other entries.
    pub from: Option<Direction>,
    /// The method of a request or notification, or of the request an answer or error answers.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub method: Option<String>,
    /// The push number of the request an answer or error answers (in a report: its entry index).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub answers: Option<usize>,
    /// The task it names (`taskId` in params or result, the created task, `_meta`'s related task).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub task_id: Option<String>,
    /// The task status it reports.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub status: Option<String>,
    /// What it says beyond its method: the tool called, `task`, the result's kind, the error.
    pub detail: String,
    /// When the host saw it (milliseconds since the epoch), when the transcript or log says.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub time_ms: Option<i64>,
}

impl Step {
    /// A step of `kind` from `from` with nothing else known yet.
    pub fn new(kind: StepKind, from: Option<Direction>) -> Self {
        Self {
            kind,
            from,
            method: None,
            answers: None,
            task_id: None,
            status: None,
            detail: String::new(),
            time_ms: None,
        }
    }

    /// This answer (or error) answers `pending`, which `requester` sent: its method, its push
    /// number, its sender's other end, the task it asked about when the answer names none.
    pub(super) fn answered(&mut self, requester: Direction, pending: &PendingRequest) {
        self.from = Some(requester.other());
        self.method = Some(pending.method.clone());
        self.answers = Some(pending.sent_at);
        if let (None, Request::Task(_, task_id)) = (&self.task_id, &pending.request) {
            self.task_id = Some(task_id.clone());
        }
    }
}

/// Who sends a notification with `method` when the transcript does not say: the server's
/// notifications (logging, progress, task status, list changes), else the client.
pub(super) fn notifier_of(method: &str) -> Direction {
    match method {
        "notifications/message"
        | "notifications/progress"
        | "notifications/tasks/status"
        | "notifications/tasks"
        | "notifications/resources/updated"
        | "notifications/resources/list_changed"
        | "notifications/tools/list_changed"
        | "notifications/prompts/list_changed"
        | "notifications/elicitation/complete" => Direction::Server,
        _ => Direction::Client,
    }
}

/// The task `node` (a message's `params` or `result`, or a model's input) names, and the
/// status it reports.
pub(super) fn task_of(doc: &Document<'_>, node: Option<&Node>) -> (Option<String>, Option<String>) {
    let Some(node) = node.filter(|n| n.members().is_some()) else {
        return (None, None);
    };
    let report = task_report(doc, node);
    let text = |n: Option<&Node>| n.and_then(Node::as_str).map(str::to_owned);
    let related = meta(node, RELATED_TASK).and_then(|r| r.value_of("taskId"));
    (
        text(report.task_id).or_else(|| text(related)),
        text(report.status),
    )
}

/// What a request says beyond its method: the tool called, `task` when it asks for one.
pub(super) fn request_detail(method: &str, params: Option<&Node>) -> String {
    let mut parts = Vec::new();
    if method == "tools/call" {
        if let Some(name) = params
            .and_then(|p| p.value_of("name"))
            .and_then(Node::as_str)
        {
            parts.push(name.to_owned());
        }
    }
    if params.and_then(|p| p.value_of("task")).is_some() {
        parts.push("task".to_owned());
    }
    if let Some(status) = params
        .filter(|_| method.starts_with("notifications/tasks"))
        .and_then(|p| p.value_of("status"))
        .and_then(Node::as_str)
    {
        parts.push(status.to_owned());
    }
    parts.join(" · ")
}

/// What a successful answer to `method` carries: a task handle, a tool result, a list, …
pub(super) fn answer_detail(doc: &Document<'_>, method: Option<&str>, result: &Node) -> String {
    let status = |n: Option<&Node>| n.and_then(Node::as_str).unwrap_or("no status").to_owned();
    if let ResultKind::TaskHandle(_) = result_kind(result) {
        return format!(
            "CreateTaskResult · {}",
            status(task_report(doc, result).status)
        );
    }
    match method {
        Some("tools/list") => match result.value_of("tools").and_then(Node::elements) {
            Some(tools) => format!(
                "{} tool{}",
                tools.len(),
                if tools.len() == 1 { "" } else { "s" }
            ),
            None => "result".to_owned(),
        },
        Some("initialize") => match result.value_of("protocolVersion").and_then(Node::as_str) {
            Some(version) => format!("InitializeResult {version}"),
            None => "InitializeResult".to_owned(),
        },
        Some("tasks/get" | "tasks/cancel") => {
            let with = if result.value_of("result").is_some() {
                " · with its result"
            } else {
                ""
            };
            format!("task {}{with}", status(result.value_of("status")))
        }
        Some("tasks/update") => "UpdateTaskResult".to_owned(),
        Some("tools/call" | "tasks/result") => {
            let error = matches!(
                result.value_of("isError").map(|n| &n.kind),
                Some(NodeKind::Bool(true))
            );
            let kind = if result_kind(result) == ResultKind::InputRequired {
                "InputRequiredResult"
            } else {
                "CallToolResult"
            };
            let status = result
                .value_of("status")
                .and_then(Node::as_str)
                .map(|s| format!(" · {s}"))
                .unwrap_or_default();
            format!("{kind}{}{status}", if error { " (isError)" } else { "" })
        }
        Some("elicitation/create") => format!(
            "ElicitResult · {}",
            result
                .value_of("action")
                .and_then(Node::as_str)
                .unwrap_or("no action")
        ),
        _ => "result".to_owned(),
    }
}

/// What an error response says: `error <code>: <message>`.
pub(super) fn error_detail(doc: &Document<'_>, error: Option<&Node>) -> String {
    let code = error
        .and_then(|e| e.value_of("code"))
        .map(|c| doc.lexeme(c))
        .unwrap_or_default();
    let message = error
        .and_then(|e| e.value_of("message"))
        .and_then(Node::as_str)
        .map(|m| format!(": {m}"))
        .unwrap_or_default();
    format!("error {code}{message}").trim_end().to_owned()
}
