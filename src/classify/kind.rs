//! Naming a message: discriminating keys and values decide which official `$defs` definition a
//! payload claims to be, before any schema is consulted.

use super::envelope::{EnvelopeKind, Message};
use crate::json::{Document, Node, NodeKind};
use crate::protocol::kinds::{answer_kind, answer_overrides};
pub use crate::protocol::kinds::{error_kind, method_kind, method_kind_in};
use crate::protocol::messages::{meta, result_kind, ResultKind, RELATED_TASK};
use crate::protocol::Generation;

/// The kind reported when nothing identifies the payload.
pub const UNKNOWN: &str = "Unknown";

/// The definition a message claims to be, and which value must satisfy it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Detected {
    /// An official `$defs` name, or [`UNKNOWN`].
    pub kind: &'static str,
    /// Whether the definition describes the whole enveloped message (requests, notifications,
    /// error responses) rather than the body alone (results, bare values).
    pub whole: bool,
}

/// Kinds told apart by one member that only they have (with the JSON type it must have),
/// checked in this order.
const MEMBER_RULES: &[(&str, &str, &str)] = &[
    ("tasks", "array", "ListTasksResult"),
    ("maxTokens", "number", "CreateMessageRequestParams"),
    ("tools", "array", "ListToolsResult"),
    ("prompts", "array", "ListPromptsResult"),
    ("resources", "array", "ListResourcesResult"),
    ("resourceTemplates", "array", "ListResourceTemplatesResult"),
    ("roots", "array", "ListRootsResult"),
    ("contents", "array", "ReadResourceResult"),
    ("messages", "array", "GetPromptResult"),
    ("completion", "object", "CompleteResult"),
    ("action", "string", "ElicitResult"),
    ("supportedVersions", "array", "DiscoverResult"),
    ("serverInfo", "object", "InitializeResult"),
    ("inputSchema", "object", "Tool"),
];

/// Content blocks by their `type`.
const CONTENT_TYPES: &[(&str, &str)] = &[
    ("text", "TextContent"),
    ("image", "ImageContent"),
    ("audio", "AudioContent"),
    ("resource_link", "ResourceLink"),
    ("resource", "EmbeddedResource"),
    ("tool_use", "ToolUseContent"),
    ("tool_result", "ToolResultContent"),
];

/// Names the message. `answered` is the method of the request this message answers, when known
/// (from an earlier request with the same id in a pasted list).
pub fn detect(doc: &Document<'_>, message: &Message<'_>, answered: Option<&str>) -> Detected {
    match message.envelope.kind {
        EnvelopeKind::Request | EnvelopeKind::Notification => {
            let kind = message.method.as_deref().and_then(method_kind).unwrap_or(
                if message.envelope.kind == EnvelopeKind::Request {
                    "JSONRPCRequest"
                } else {
                    "JSONRPCNotification"
                },
            );
            Detected { kind, whole: true }
        }
        EnvelopeKind::ErrorResponse => {
            let code = error_code(doc, message.body);
            let kind = code
                .and_then(|c| error_kind(c, true))
                .unwrap_or("JSONRPCErrorResponse");
            Detected { kind, whole: true }
        }
        EnvelopeKind::ResultResponse | EnvelopeKind::Bare | EnvelopeKind::Batch => {
            let found = body_kind(doc, message.body);
            let kind = match answered.and_then(answer_kind) {
                Some(expected) if answer_overrides(found, expected) => expected,
                _ => found,
            };
            Detected { kind, whole: false }
        }
    }
}

/// The kind of a result or bare value, from its members.
fn body_kind(doc: &Document<'_>, body: &Node) -> &'static str {
    let Some(members) = body.members() else {
        return UNKNOWN;
    };
    let has = |key: &str| body.get(key).is_some();
    match result_kind(body) {
        // A tasks/get body (`resultType: "task"`) carries the outcome; a handle never does.
        ResultKind::TaskHandle(Generation::V2026_07_28)
            if has("result") || has("error") || has("inputRequests") =>
        {
            return "GetTaskResult"
        }
        ResultKind::TaskHandle(_) => return "CreateTaskResult",
        ResultKind::InputRequired => return "InputRequiredResult",
        ResultKind::ToolResult | ResultKind::Other => {}
    }
    if has("taskId") && has("status") {
        return "GetTaskResult";
    }
    if let Some(content) = body.value_of("content") {
        let related = meta(body, RELATED_TASK).is_some();
        let found = if has("model") {
            Some("CreateMessageResult")
        } else if has("role") {
            Some("SamplingMessage")
        } else if has("toolUseId") {
            Some("ToolResultContent")
        } else if content.elements().is_some() {
            Some(if related {
                "GetTaskPayloadResult"
            } else {
                "CallToolResult"
            })
        } else {
            None
        };
        if let Some(kind) = found {
            return kind;
        }
    }
    let rule = MEMBER_RULES.iter().find(|(key, json_type, _)| {
        body.value_of(key)
            .is_some_and(|v| v.type_name() == *json_type)
    });
    if let Some((_, _, kind)) = rule {
        return kind;
    }
    if has("code") && has("message") {
        return error_code(doc, body)
            .and_then(|c| error_kind(c, false))
            .unwrap_or("Error");
    }
    if let Some(content) = body.value_of("type").and_then(Node::as_str) {
        if let Some((_, kind)) = CONTENT_TYPES.iter().find(|(t, _)| *t == content) {
            return kind;
        }
    }
    if members
        .iter()
        .all(|m| m.key == "_meta" || m.key == "resultType")
    {
        let listening = body
            .value_of("_meta")
            .is_some_and(|m| m.get("io.modelcontextprotocol/subscriptionId").is_some());
        return if listening {
            "SubscriptionsListenResult"
        } else {
            "EmptyResult"
        };
    }
    UNKNOWN
}

/// The integer `code` of an error object.
pub fn error_code(doc: &Document<'_>, error: &Node) -> Option<i64> {
    integer(doc, error.value_of("code")?)
}

/// Largest integer a JavaScript number holds exactly (2^53 - 1).
const MAX_SAFE_INTEGER: u64 = 9_007_199_254_740_991;

/// A number node's value if it is an integer a JavaScript number holds exactly.
pub fn integer(doc: &Document<'_>, node: &Node) -> Option<i64> {
    if !matches!(node.kind, NodeKind::Number) {
        return None;
    }
    doc.lexeme(node)
        .parse()
        .ok()
        .filter(|n: &i64| n.unsigned_abs() <= MAX_SAFE_INTEGER)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classify::envelope::unwrap;
    use crate::json::{parse, ReadOptions};
    use crate::protocol::Version;

    fn detected(text: &str, answered: Option<&str>) -> &'static str {
        let doc = parse(text, ReadOptions::default()).unwrap();
        detect(&doc, &unwrap(&doc, &doc.root, ""), answered).kind
    }

    #[test]
    fn methods_and_error_codes_come_from_the_schemas() {
        assert_eq!(method_kind("tools/call"), Some("CallToolRequest"));
        assert_eq!(
            method_kind_in(Version::V2025_11_25, "tasks/list"),
            Some("ListTasksRequest")
        );
        assert_eq!(method_kind_in(Version::V2026_07_28, "tasks/list"), None);
        assert_eq!(
            method_kind_in(Version::V2026_07_28, "notifications/tasks"),
            Some("TaskStatusNotification")
        );
        assert_eq!(error_kind(-32601, false), Some("MethodNotFoundError"));
        assert_eq!(error_kind(-32020, true), Some("HeaderMismatchError"));
        assert_eq!(error_kind(-32601, true), None);
    }

    #[test]
    fn discriminating_members_decide_the_kind() {
        let cases = [
            (
                r#"{"resultType":"task","taskId":"t","content":[]}"#,
                "CreateTaskResult",
            ),
            (
                r#"{"task":{"taskId":"t"},"content":[]}"#,
                "CreateTaskResult",
            ),
            (
                r#"{"resultType":"task","taskId":"t","result":{}}"#,
                "GetTaskResult",
            ),
            (r#"{"taskId":"t","status":"working"}"#, "GetTaskResult"),
            (r#"{"content":[]}"#, "CallToolResult"),
            (r#"{"tools":{}}"#, UNKNOWN),
            (r#"{"code":-32700,"message":"x"}"#, "ParseError"),
            (
                r#"{"jsonrpc":"2.0","id":1,"method":"nope"}"#,
                "JSONRPCRequest",
            ),
            // Codes outside JavaScript's safe integers (and i64) are no codes.
            (r#"{"code":-9223372036854775808,"message":"x"}"#, "Error"),
        ];
        for (text, kind) in cases {
            assert_eq!(detected(text, None), kind, "{text}");
        }
    }

    #[test]
    fn the_answered_request_names_ambiguous_results() {
        let ack = r#"{"jsonrpc":"2.0","id":1,"result":{"resultType":"complete"}}"#;
        assert_eq!(detected(ack, None), "EmptyResult");
        assert_eq!(detected(ack, Some("tasks/cancel")), "CancelTaskResult");
        let handle = r#"{"jsonrpc":"2.0","id":1,"result":{"resultType":"task","taskId":"t"}}"#;
        assert_eq!(detected(handle, Some("tools/call")), "CreateTaskResult");
        assert_eq!(detected(handle, Some("tasks/get")), "GetTaskResult");
    }
}
