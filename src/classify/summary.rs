//! The summary card of a classified message: what a person wants to know at a glance.

use serde::Serialize;

use super::envelope::{EnvelopeKind, Message};
use super::kind::{error_code, integer};
use crate::json::{Document, Node, NodeKind};
use crate::protocol::messages::{task_object, RELATED_TASK};
use crate::protocol::{Generation, TaskStatus};

/// The card shown for a message, by what it is.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum Summary {
    /// A task: a task handle (`CreateTaskResult`), a task status or a task notification.
    Task(TaskSummary),
    /// A tool result (`CallToolResult`, or the payload of a finished task).
    ToolResult(ToolResultSummary),
    /// A request or notification.
    Request(RequestSummary),
    /// An error response or error object.
    Error(ErrorSummary),
    /// A list of tasks (`tasks/list`, 2025-11-25).
    TaskList(TaskListSummary),
    /// A top-level array of messages.
    Batch(BatchSummary),
}

/// A duration in milliseconds and in words.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct HumanDuration {
    /// Milliseconds; absent for "unlimited" (a `null` ttl).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub ms: Option<i64>,
    /// E.g. `5 min 30 s`, `unlimited`.
    pub human: String,
}

/// The card of a task.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct TaskSummary {
    /// Whether this is a task handle (`CreateTaskResult`): NOT a tool result, poll it.
    pub handle: bool,
    /// The task id.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub task_id: Option<String>,
    /// `working`, `input_required`, `completed`, `failed`, `cancelled` (or whatever was sent).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub status: Option<String>,
    /// Whether the status is final (`completed`, `failed`, `cancelled`).
    pub terminal: bool,
    /// The human-readable status message.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub status_message: Option<String>,
    /// Suggested polling interval (`pollInterval` / `pollIntervalMs`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub poll_interval: Option<HumanDuration>,
    /// Retention from creation (`ttl` / `ttlMs`); `unlimited` when null.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub ttl: Option<HumanDuration>,
    /// Creation timestamp as sent.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub created_at: Option<String>,
    /// Last update timestamp as sent.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub last_updated_at: Option<String>,
    /// `_meta["io.modelcontextprotocol/model-immediate-response"]` of a 2025-11-25 handle: text
    /// for the model while the task runs.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub immediate_response: Option<String>,
    /// What to do next with this task, in one sentence.
    pub next_step: String,
}

/// One content block of a tool result.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ContentSummary {
    /// The block's `type` (`text`, `image`, `audio`, `resource_link`, `resource`, ...).
    #[serde(rename = "type")]
    pub block_type: String,
    /// Characters of a text block.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub text_length: Option<usize>,
    /// MIME type of an image, audio, link or embedded resource.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub mime_type: Option<String>,
    /// Decoded size in bytes of base64 `data` (image, audio).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub bytes: Option<usize>,
    /// URI of a resource link or embedded resource.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub uri: Option<String>,
}

/// The card of a tool result.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ToolResultSummary {
    /// `isError` (absent means false).
    pub is_error: bool,
    /// The content blocks in order.
    pub content: Vec<ContentSummary>,
    /// Whether `structuredContent` is present.
    pub structured_content: bool,
    /// The task this result belongs to (`_meta["io.modelcontextprotocol/related-task"]`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub related_task_id: Option<String>,
    /// What `isError: true` means for a task running this call, per generation.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub note: Option<String>,
}

/// The card of a request or notification.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct RequestSummary {
    /// The method.
    pub method: String,
    /// Whether it is a notification (no id, no answer).
    pub notification: bool,
    /// The tool called (`tools/call`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub tool_name: Option<String>,
    /// Whether the call asks to run as a task (`params.task`, 2025-11-25).
    pub asks_for_task: bool,
    /// The requested task retention (`params.task.ttl`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub task_ttl: Option<HumanDuration>,
    /// The task a `tasks/*` request is about.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub task_id: Option<String>,
}

/// The card of an error.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ErrorSummary {
    /// The integer code, if there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub code: Option<i64>,
    /// The code's name, e.g. `MethodNotFound`.
    pub name: String,
    /// The error message.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub message: Option<String>,
}

/// One task of a list.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct TaskListEntry {
    /// The task id.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub task_id: Option<String>,
    /// Its status.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub status: Option<String>,
}

/// The card of a task list.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct TaskListSummary {
    /// The tasks in order.
    pub tasks: Vec<TaskListEntry>,
    /// Whether there are more pages (`nextCursor`).
    pub more: bool,
}

/// The card of a top-level array.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct BatchSummary {
    /// How many elements.
    pub count: usize,
    /// The kind of each element, in order.
    pub kinds: Vec<String>,
}

/// The `_meta` key of the text a 2025-11-25 task handle offers the model while the task runs.
const IMMEDIATE_RESPONSE: &str = "io.modelcontextprotocol/model-immediate-response";

/// Whether a task status is final (`completed`, `failed`, `cancelled`).
pub fn is_terminal(status: &str) -> bool {
    TaskStatus::parse(status).is_some_and(TaskStatus::is_terminal)
}

/// The summary of a message of `kind`, if that kind has a card.
pub fn summarize(
    doc: &Document<'_>,
    message: &Message<'_>,
    kind: &str,
    generation: Option<Generation>,
) -> Option<Summary> {
    let body = message.body;
    match kind {
        "CreateTaskResult" => {
            let mut card = task_summary(doc, task_object(body), true, generation);
            card.immediate_response = body
                .value_of("_meta")
                .and_then(|m| text(m, IMMEDIATE_RESPONSE));
            Some(Summary::Task(card))
        }
        "GetTaskResult" | "CancelTaskResult" if body.get("taskId").is_some() => {
            Some(Summary::Task(task_summary(doc, body, false, generation)))
        }
        "TaskStatusNotification" => {
            let params = message.whole.value_of("params")?;
            Some(Summary::Task(task_summary(doc, params, false, generation)))
        }
        "CallToolResult" | "GetTaskPayloadResult" => {
            Some(Summary::ToolResult(tool_result(body, generation)))
        }
        "ListTasksResult" => Some(Summary::TaskList(TaskListSummary {
            tasks: body
                .value_of("tasks")
                .and_then(Node::elements)
                .unwrap_or_default()
                .iter()
                .map(|t| TaskListEntry {
                    task_id: text(t, "taskId"),
                    status: text(t, "status"),
                })
                .collect(),
            more: body.get("nextCursor").is_some(),
        })),
        _ => match message.envelope.kind {
            EnvelopeKind::Request | EnvelopeKind::Notification => {
                Some(Summary::Request(request(doc, message)))
            }
            EnvelopeKind::ErrorResponse => Some(Summary::Error(error(doc, body))),
            _ if kind.ends_with("Error") => Some(Summary::Error(error(doc, body))),
            _ => None,
        },
    }
}

/// The string member `key` of `node`.
fn text(node: &Node, key: &str) -> Option<String> {
    node.value_of(key).and_then(Node::as_str).map(str::to_owned)
}

/// The duration in member `key` (`null` = unlimited); `None` if absent or not an integer.
fn duration(doc: &Document<'_>, node: &Node, key: &str) -> Option<HumanDuration> {
    let value = node.value_of(key)?;
    match value.kind {
        NodeKind::Null => Some(HumanDuration {
            ms: None,
            human: "unlimited".to_owned(),
        }),
        NodeKind::Number => integer(doc, value).map(|ms| HumanDuration {
            ms: Some(ms),
            human: human_ms(ms),
        }),
        _ => None,
    }
}

/// A duration in words: `250 ms`, `1.5 s`, `5 min 30 s`, `2 h`, `3 d 4 h`.
pub fn human_ms(ms: i64) -> String {
    const UNITS: [(i64, &str); 4] = [
        (86_400_000, "d"),
        (3_600_000, "h"),
        (60_000, "min"),
        (1000, "s"),
    ];
    if ms < 0 {
        return format!("{ms} ms (negative)");
    }
    if ms < 1000 {
        return format!("{ms} ms");
    }
    if ms < 60_000 {
        let tenths = ms / 100;
        return if tenths % 10 == 0 {
            format!("{} s", tenths / 10)
        } else {
            format!("{}.{} s", tenths / 10, tenths % 10)
        };
    }
    let mut units = UNITS.iter().skip_while(|(size, _)| ms < *size);
    let Some(&(size, unit)) = units.next() else {
        return format!("{ms} ms");
    };
    let mut words = format!("{} {unit}", ms / size);
    if let Some(&(next, next_unit)) = units.next() {
        let rest = (ms % size) / next;
        if rest > 0 {
            words.push_str(&format!(" {rest} {next_unit}"));
        }
    }
    words
}

/// The card of a task object (flat fields of either generation).
fn task_summary(
    doc: &Document<'_>,
    task: &Node,
    handle: bool,
    generation: Option<Generation>,
) -> TaskSummary {
    let status = text(task, "status");
    let terminal = status.as_deref().is_some_and(is_terminal);
    let task_id = text(task, "taskId");
    let poll_interval =
        duration(doc, task, "pollIntervalMs").or_else(|| duration(doc, task, "pollInterval"));
    let next_step = next_step(
        handle,
        status.as_deref(),
        task_id.as_deref(),
        poll_interval.as_ref(),
        generation,
    );
    TaskSummary {
        handle,
        terminal,
        status_message: text(task, "statusMessage"),
        ttl: duration(doc, task, "ttlMs").or_else(|| duration(doc, task, "ttl")),
        poll_interval,
        created_at: text(task, "createdAt"),
        last_updated_at: text(task, "lastUpdatedAt"),
        immediate_response: None,
        next_step,
        task_id,
        status,
    }
}

/// One sentence on what to do with a task in this state.
fn next_step(
    handle: bool,
    status: Option<&str>,
    task_id: Option<&str>,
    poll: Option<&HumanDuration>,
    generation: Option<Generation>,
) -> String {
    let id = task_id.map_or(String::new(), |id| format!(" with taskId \"{id}\""));
    let every = poll.map_or(String::new(), |p| format!(" every {}", p.human));
    let fetch = match generation {
        Some(Generation::V2025_11_25) => "fetch the tool result with tasks/result",
        Some(Generation::V2026_07_28) => "the tool result arrives in the \"result\" of tasks/get",
        None => "fetch the tool result with tasks/result (2025-11-25) or read \"result\" of tasks/get (2026-07-28)",
    };
    match status {
        _ if handle => format!(
            "This is a task handle, not a tool result: poll tasks/get{id}{every} until the status is terminal; then {fetch}."
        ),
        Some("working") => format!("Still running: keep polling tasks/get{id}{every}."),
        Some("input_required") => match generation {
            Some(Generation::V2026_07_28) => "The task waits for input: answer its inputRequests with tasks/update.".to_owned(),
            _ => "The task waits for input: call tasks/result to receive the input requests.".to_owned(),
        },
        Some("completed") => format!("Finished: {fetch}."),
        Some("failed") => "Failed: the error is in \"error\" (2026-07-28) or returned by tasks/result (2025-11-25).".to_owned(),
        Some("cancelled") => "Cancelled: there is no result.".to_owned(),
        _ => "Unknown status: see the diagnostics.".to_owned(),
    }
}

/// The card of a tool result.
fn tool_result(body: &Node, generation: Option<Generation>) -> ToolResultSummary {
    let is_error = matches!(
        body.value_of("isError").map(|v| &v.kind),
        Some(NodeKind::Bool(true))
    );
    let note = is_error.then(|| match generation {
        Some(Generation::V2025_11_25) => "With isError: true, a task running this call ends \"failed\" (2025-11-25).",
        Some(Generation::V2026_07_28) => "With isError: true, a task running this call still ends \"completed\" (2026-07-28); the error is in this result.",
        None => "With isError: true, a task running this call ends \"failed\" in 2025-11-25 but \"completed\" in 2026-07-28.",
    }.to_owned());
    ToolResultSummary {
        is_error,
        content: body
            .value_of("content")
            .and_then(Node::elements)
            .unwrap_or_default()
            .iter()
            .map(content_block)
            .collect(),
        structured_content: body.get("structuredContent").is_some(),
        related_task_id: body
            .value_of("_meta")
            .and_then(|m| m.value_of(RELATED_TASK))
            .and_then(|t| text(t, "taskId")),
        note,
    }
}

/// The card line of one content block.
fn content_block(block: &Node) -> ContentSummary {
    let block_type = text(block, "type").unwrap_or_else(|| "?".to_owned());
    let resource = block.value_of("resource");
    let from_resource = |key: &str| resource.and_then(|r| text(r, key));
    ContentSummary {
        text_length: block
            .value_of("text")
            .and_then(Node::as_str)
            .map(|t| t.chars().count()),
        mime_type: text(block, "mimeType").or_else(|| from_resource("mimeType")),
        bytes: block
            .value_of("data")
            .and_then(Node::as_str)
            .map(base64_len),
        uri: text(block, "uri").or_else(|| from_resource("uri")),
        block_type,
    }
}

/// Decoded size of base64 text (white space ignored).
pub fn base64_len(data: &str) -> usize {
    let significant: Vec<u8> = data.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    let padding = significant
        .iter()
        .rev()
        .take_while(|&&b| b == b'=')
        .count()
        .min(2);
    (significant.len() - padding) * 3 / 4
}

/// The card of a request or notification.
fn request(doc: &Document<'_>, message: &Message<'_>) -> RequestSummary {
    let params = message.whole.value_of("params");
    let task = params.and_then(|p| p.value_of("task"));
    RequestSummary {
        method: message.method.clone().unwrap_or_default(),
        notification: message.envelope.kind == EnvelopeKind::Notification,
        tool_name: params
            .filter(|_| message.method.as_deref() == Some("tools/call"))
            .and_then(|p| text(p, "name")),
        asks_for_task: task.is_some(),
        task_ttl: task.and_then(|t| duration(doc, t, "ttl")),
        task_id: params.and_then(|p| text(p, "taskId")),
    }
}

/// The card of an error object.
fn error(doc: &Document<'_>, error: &Node) -> ErrorSummary {
    let code = error_code(doc, error);
    ErrorSummary {
        name: code.map_or_else(|| "Error".to_owned(), error_name),
        code,
        message: text(error, "message"),
    }
}

/// The name of a JSON-RPC / MCP error code, e.g. `-32601` → `MethodNotFound`.
pub fn error_name(code: i64) -> String {
    let known = match code {
        -32700 => "ParseError",
        -32600 => "InvalidRequest",
        -32601 => "MethodNotFound",
        -32602 => "InvalidParams",
        -32603 => "InternalError",
        -32002 => "ResourceNotFound",
        -32020 => "HeaderMismatch",
        -32021 => "MissingRequiredClientCapability",
        -32022 => "UnsupportedProtocolVersion",
        -32042 => "URLElicitationRequired",
        -32099..=-32000 => "ServerError",
        _ => "ApplicationError",
    };
    known.to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_as_words() {
        assert_eq!(human_ms(250), "250 ms");
        assert_eq!(human_ms(1500), "1.5 s");
        assert_eq!(human_ms(5000), "5 s");
        assert_eq!(human_ms(330_000), "5 min 30 s");
        assert_eq!(human_ms(7_200_000), "2 h");
        assert_eq!(human_ms(86_400_000 + 4 * 3_600_000), "1 d 4 h");
        assert_eq!(human_ms(-5), "-5 ms (negative)");
    }

    #[test]
    fn base64_sizes_ignore_padding_and_white_space() {
        assert_eq!(base64_len("aGk="), 2);
        assert_eq!(base64_len("aGVsbG8h"), 6);
        assert_eq!(base64_len("aA==\n"), 1);
        assert_eq!(base64_len(""), 0);
    }

    #[test]
    fn error_codes_have_names() {
        assert_eq!(error_name(-32601), "MethodNotFound");
        assert_eq!(error_name(-32050), "ServerError");
        assert_eq!(error_name(42), "ApplicationError");
    }
}
