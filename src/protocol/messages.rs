//! Just enough recognition of MCP messages for the host checks: JSON-RPC envelopes, request ids,
//! and the result shapes of tool calls and tasks in both protocol generations.

use std::fmt;

use crate::json::{Document, Node, NodeKind};
use crate::protocol::Generation;

/// A JSON-RPC request id: numbers compare by their lexeme, strings by their decoded text.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum RequestId {
    /// A number id, as written.
    Number(String),
    /// A string id, decoded.
    Text(String),
}

impl fmt::Display for RequestId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Number(n) => f.write_str(n),
            Self::Text(s) => write!(f, "{s:?}"),
        }
    }
}

/// What one message of a session is.
#[derive(Clone, Copy, Debug)]
pub enum Message<'n> {
    /// A request: it has an `id` and a `method`.
    Request {
        /// Its id.
        id: &'n Node,
        /// Its method.
        method: &'n str,
    },
    /// A notification: a `method` without an `id`.
    Notification {
        /// Its method.
        method: &'n str,
    },
    /// A successful response: an `id` and a `result`.
    Response {
        /// Its id.
        id: &'n Node,
    },
    /// An error response: an `error` (its `id` may be `null`).
    ErrorResponse {
        /// Its id, if any.
        id: Option<&'n Node>,
    },
    /// Anything else (a bare tool, a bare result, ...).
    Other,
}

/// Recognises a JSON-RPC message by its keys.
pub fn read_message(node: &Node) -> Message<'_> {
    let method = node.value_of("method").and_then(Node::as_str);
    let id = node
        .value_of("id")
        .filter(|id| !matches!(id.kind, NodeKind::Null));
    match (method, id, node.value_of("result"), node.value_of("error")) {
        (Some(method), Some(id), _, _) => Message::Request { id, method },
        (Some(method), None, _, _) => Message::Notification { method },
        (None, Some(id), Some(_), None) => Message::Response { id },
        (None, id, None, Some(_)) => Message::ErrorResponse { id },
        _ => Message::Other,
    }
}

/// The id of a request or response, if it is a number or a string.
pub fn request_id(doc: &Document<'_>, id: &Node) -> Option<RequestId> {
    match &id.kind {
        NodeKind::Number => Some(RequestId::Number(doc.lexeme(id).to_owned())),
        NodeKind::String(s) => Some(RequestId::Text(s.clone())),
        _ => None,
    }
}

/// What a result answering `tools/call` is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultKind {
    /// A CreateTaskResult: a task handle, not a tool result.
    TaskHandle(Generation),
    /// A 2026-07-28 InputRequiredResult: the call needs more input before it can finish.
    InputRequired,
    /// A CallToolResult.
    ToolResult,
    /// None of these.
    Other,
}

/// Tells a task handle from a tool result by their discriminating keys.
pub fn result_kind(result: &Node) -> ResultKind {
    let result_type = result.value_of("resultType").and_then(Node::as_str);
    let nested_task = result
        .value_of("task")
        .is_some_and(|t| t.get("taskId").is_some());
    if result_type == Some("task") {
        ResultKind::TaskHandle(Generation::V2026_07_28)
    } else if nested_task {
        ResultKind::TaskHandle(Generation::V2025_11_25)
    } else if result_type == Some("input_required") {
        ResultKind::InputRequired
    } else if ["content", "structuredContent", "isError"]
        .iter()
        .any(|k| result.get(k).is_some())
    {
        ResultKind::ToolResult
    } else {
        ResultKind::Other
    }
}

/// The generation a result's shape tells, if any: `resultType` only exists from 2026-07-28 on, a
/// nested `task` only in 2025-11-25.
pub fn result_generation(result: &Node) -> Option<Generation> {
    match result_kind(result) {
        ResultKind::TaskHandle(generation) => Some(generation),
        _ if result.get("resultType").is_some() => Some(Generation::V2026_07_28),
        _ => None,
    }
}

/// The object holding a task's fields: the nested `task` of a 2025-11-25 CreateTaskResult, or
/// the node itself (flat 2026-07-28 results, `tasks/get` answers, notification params).
pub fn task_object(node: &Node) -> &Node {
    node.value_of("task")
        .filter(|t| t.members().is_some())
        .unwrap_or(node)
}

/// The task fields a status report carries, in either generation.
#[derive(Clone, Copy, Debug)]
pub struct TaskReport<'n> {
    /// `taskId`.
    pub task_id: Option<&'n Node>,
    /// `status`.
    pub status: Option<&'n Node>,
    /// `lastUpdatedAt`.
    pub last_updated_at: Option<&'n Node>,
    /// `pollInterval` (2025-11-25) or `pollIntervalMs` (2026-07-28), in milliseconds.
    pub poll_interval_ms: Option<u64>,
    /// The `result` of a completed 2026-07-28 task.
    pub result: Option<&'n Node>,
}

/// Reads the task fields of `node` (see [`task_object`] for which object that is).
pub fn task_report<'n>(doc: &Document<'_>, node: &'n Node) -> TaskReport<'n> {
    let task = task_object(node);
    let poll = task
        .value_of("pollIntervalMs")
        .or_else(|| task.value_of("pollInterval"));
    TaskReport {
        task_id: task.value_of("taskId"),
        status: task.value_of("status"),
        last_updated_at: task.value_of("lastUpdatedAt"),
        poll_interval_ms: poll.and_then(|n| doc.lexeme(n).parse().ok()),
        result: task.value_of("result").filter(|r| r.members().is_some()),
    }
}

/// `_meta[key]` of a node, e.g. the related task of a `tasks/result` payload.
pub fn meta<'n>(node: &'n Node, key: &str) -> Option<&'n Node> {
    node.value_of("_meta")?.value_of(key)
}

/// `_meta` key naming the task a message relates to.
pub const RELATED_TASK: &str = "io.modelcontextprotocol/related-task";
/// Identifier of the 2026-07-28 tasks extension.
pub const TASKS_EXTENSION: &str = "io.modelcontextprotocol/tasks";
/// `_meta` key of the client capabilities a 2026-07-28 request declares.
pub const CLIENT_CAPABILITIES: &str = "io.modelcontextprotocol/clientCapabilities";
/// `_meta` key of the protocol version a 2026-07-28 request declares.
pub const PROTOCOL_VERSION: &str = "io.modelcontextprotocol/protocolVersion";
