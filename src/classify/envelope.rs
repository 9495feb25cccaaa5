//! JSON-RPC envelopes: telling requests, notifications and responses from bare payloads, and
//! finding the message body inside.

use serde::Serialize;

use crate::diagnostic::Diagnostic;
use crate::json::{Document, Node, NodeKind};

/// How a pasted value is wrapped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum EnvelopeKind {
    /// A JSON-RPC request (`method` and `id`).
    Request,
    /// A JSON-RPC notification (`method`, no `id`).
    Notification,
    /// A successful JSON-RPC response (`result`).
    ResultResponse,
    /// A JSON-RPC error response (`error`).
    ErrorResponse,
    /// No envelope: a result, error object or other MCP value on its own.
    Bare,
    /// A top-level array: a JSON-RPC batch or a list of messages, each classified on its own.
    Batch,
}

/// What kind of JSON value the `id` member is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum IdKind {
    /// A string id.
    String,
    /// An integer id.
    Number,
    /// `null`, which MCP does not allow.
    Null,
    /// Neither a string nor an integer (e.g. `1.5` or an object).
    Invalid,
    /// No `id` member.
    Absent,
}

/// The envelope of a message: its kind and its `id`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Envelope {
    /// Request, notification, result or error response, bare value or batch.
    #[serde(rename = "type")]
    pub kind: EnvelopeKind,
    /// The id as written: a decoded string or a number's lexeme.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub id: Option<String>,
    /// What kind of value the id is.
    pub id_kind: IdKind,
}

impl Envelope {
    /// A batch envelope (a top-level array).
    pub fn batch() -> Self {
        Self {
            kind: EnvelopeKind::Batch,
            id: None,
            id_kind: IdKind::Absent,
        }
    }
}

/// One unwrapped message.
#[derive(Debug)]
pub struct Message<'n> {
    /// The envelope found.
    pub envelope: Envelope,
    /// The whole pasted object.
    pub whole: &'n Node,
    /// The payload: `result` or `error` of a response, the whole object otherwise.
    pub body: &'n Node,
    /// JSON Pointer of `whole` in the document.
    pub pointer: String,
    /// JSON Pointer of `body` in the document.
    pub body_pointer: String,
    /// The `method` of a request or notification.
    pub method: Option<String>,
    /// Problems with the envelope itself.
    pub diagnostics: Vec<Diagnostic>,
}

/// Unwraps the object `node` found at `pointer` of `doc`.
pub fn unwrap<'n>(doc: &Document<'_>, node: &'n Node, pointer: &str) -> Message<'n> {
    let method = node
        .value_of("method")
        .and_then(Node::as_str)
        .map(str::to_owned);
    let result = node.get("result");
    let error = node.get("error");
    let framed = node.get("jsonrpc").is_some() || node.get("id").is_some();
    let kind = if node.get("method").is_some() {
        if node.get("id").is_some() {
            EnvelopeKind::Request
        } else {
            EnvelopeKind::Notification
        }
    } else if result.is_some() && framed {
        EnvelopeKind::ResultResponse
    } else if error.is_some_and(|e| matches!(e.value.kind, NodeKind::Object(_)))
        && (framed || node.members().is_some_and(|m| m.len() == 1))
    {
        EnvelopeKind::ErrorResponse
    } else {
        EnvelopeKind::Bare
    };
    let (id, id_kind) = id_of(doc, node);
    let mut message = Message {
        envelope: Envelope { kind, id, id_kind },
        whole: node,
        body: node,
        pointer: pointer.to_owned(),
        body_pointer: pointer.to_owned(),
        method,
        diagnostics: Vec::new(),
    };
    let inner = match kind {
        EnvelopeKind::ResultResponse => result.map(|m| ("result", m)),
        EnvelopeKind::ErrorResponse => error.map(|m| ("error", m)),
        // `{"result": …}` alone: a wrapper some tools print, not a JSON-RPC message.
        EnvelopeKind::Bare if node.members().is_some_and(|m| m.len() == 1) => {
            result.map(|m| ("result", m)).inspect(|m| {
                message.diagnostics.push(
                    Diagnostic::warning(
                        "legacy-result-wrapper",
                        "A bare {\"result\": …} wrapper is not a JSON-RPC message (no \"jsonrpc\" and no \"id\"); \
                         the value inside it is classified.",
                    )
                    .at_pointer(pointer)
                    .with_span(Some(doc.span(m.1.key_range))),
                )
            })
        }
        _ => None,
    };
    if let Some((key, member)) = inner {
        message.body = &member.value;
        message.body_pointer = format!("{pointer}/{key}");
    }
    if kind != EnvelopeKind::Bare {
        check_framing(doc, &mut message);
    }
    message
}

/// The id as text and its kind.
fn id_of(doc: &Document<'_>, node: &Node) -> (Option<String>, IdKind) {
    let Some(id) = node.value_of("id") else {
        return (None, IdKind::Absent);
    };
    match &id.kind {
        NodeKind::String(s) => (Some(s.clone()), IdKind::String),
        NodeKind::Number
            if doc
                .lexeme(id)
                .bytes()
                .all(|b| b.is_ascii_digit() || b == b'-') =>
        {
            (Some(doc.lexeme(id).to_owned()), IdKind::Number)
        }
        NodeKind::Null => (None, IdKind::Null),
        _ => (Some(doc.lexeme(id).to_owned()), IdKind::Invalid),
    }
}

/// Checks `jsonrpc`, `id` and the result/error exclusivity of an enveloped message.
fn check_framing(doc: &Document<'_>, message: &mut Message<'_>) {
    let node = message.whole;
    let at = |key: &str| format!("{}/{key}", message.pointer);
    let mut found = Vec::new();
    match node.value_of("jsonrpc") {
        Some(v) if v.as_str() == Some("2.0") => {}
        Some(v) => found.push(
            Diagnostic::error("jsonrpc-version", "\"jsonrpc\" must be the string \"2.0\".")
                .at_pointer(at("jsonrpc"))
                .with_span(Some(doc.span(v.range))),
        ),
        // A request or notification is validated whole, so its schema decides whether it needs
        // `jsonrpc` (2026-07-28 input requests embedded in a result have none).
        None if message.envelope.kind == EnvelopeKind::ResultResponse => found.push(
            Diagnostic::error(
                "jsonrpc-missing",
                "The message has no \"jsonrpc\": \"2.0\" member.",
            )
            .at_pointer(message.pointer.as_str())
            .with_span(Some(doc.span(node.range))),
        ),
        None => {}
    }
    let id_span = node.value_of("id").map(|v| doc.span(v.range));
    match message.envelope.id_kind {
        IdKind::Null => found.push(
            Diagnostic::error(
                "null-id",
                "\"id\" is null: MCP request ids must be a string or an integer (an error response \
                 that cannot name its request omits \"id\" instead).",
            )
            .at_pointer(at("id"))
            .with_span(id_span),
        ),
        IdKind::Invalid => found.push(
            Diagnostic::error("id-type", "\"id\" must be a string or an integer.")
                .at_pointer(at("id"))
                .with_span(id_span),
        ),
        IdKind::Absent if message.envelope.kind == EnvelopeKind::ResultResponse => found.push(
            Diagnostic::error("id-missing", "A result response must carry the \"id\" of the request it answers.")
                .at_pointer(message.pointer.as_str())
                .with_span(Some(doc.span(node.range))),
        ),
        _ => {}
    }
    if let (Some(_), Some(error)) = (node.get("result"), node.get("error")) {
        found.push(
            Diagnostic::error(
                "result-and-error",
                "A response carries either \"result\" or \"error\", never both.",
            )
            .at_pointer(at("error"))
            .with_span(Some(doc.span(error.key_range))),
        );
    }
    message.diagnostics.extend(found);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::{parse, ReadOptions};

    fn unwrapped(text: &str) -> (EnvelopeKind, IdKind, String, Vec<String>) {
        let doc = parse(text, ReadOptions::default()).unwrap();
        let m = unwrap(&doc, &doc.root, "");
        let codes = m.diagnostics.iter().map(|d| d.code.clone()).collect();
        (m.envelope.kind, m.envelope.id_kind, m.body_pointer, codes)
    }

    #[test]
    fn envelopes_are_told_apart() {
        let request = unwrapped(r#"{"jsonrpc":"2.0","id":1,"method":"tools/call"}"#);
        assert_eq!(
            (request.0, request.1, request.2.as_str()),
            (EnvelopeKind::Request, IdKind::Number, "")
        );
        let note = unwrapped(r#"{"jsonrpc":"2.0","method":"notifications/tasks"}"#);
        assert_eq!(
            (note.0, note.1),
            (EnvelopeKind::Notification, IdKind::Absent)
        );
        let result = unwrapped(r#"{"jsonrpc":"2.0","id":"a","result":{}}"#);
        assert_eq!(
            (result.0, result.1, result.2.as_str()),
            (EnvelopeKind::ResultResponse, IdKind::String, "/result")
        );
        let error = unwrapped(r#"{"jsonrpc":"2.0","error":{"code":-32700,"message":"x"}}"#);
        assert_eq!(
            (error.0, error.2.as_str()),
            (EnvelopeKind::ErrorResponse, "/error")
        );
        assert!(error.3.is_empty());
        assert_eq!(unwrapped(r#"{"content":[]}"#).0, EnvelopeKind::Bare);
    }

    #[test]
    fn legacy_wrapper_is_unwrapped_with_a_warning() {
        let (kind, _, body, codes) = unwrapped(r#"{"result": {"content": []}}"#);
        assert_eq!((kind, body.as_str()), (EnvelopeKind::Bare, "/result"));
        assert_eq!(codes, ["legacy-result-wrapper"]);
    }

    #[test]
    fn framing_problems_are_reported() {
        let (_, id_kind, _, codes) =
            unwrapped(r#"{"jsonrpc":"1.0","id":null,"result":{},"error":{}}"#);
        assert_eq!(id_kind, IdKind::Null);
        assert_eq!(codes, ["jsonrpc-version", "null-id", "result-and-error"]);
        let (_, id_kind, _, codes) = unwrapped(r#"{"id":1.5,"method":"x"}"#);
        assert_eq!(id_kind, IdKind::Invalid);
        assert_eq!(codes, ["id-type"]);
        let (_, _, _, codes) = unwrapped(r#"{"id":1,"result":{}}"#);
        assert_eq!(codes, ["jsonrpc-missing"]);
    }
}
