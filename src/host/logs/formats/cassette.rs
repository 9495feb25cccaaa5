//! mcp-recorder's JSON cassettes (PyPI `mcp-recorder`, https://pypi.org/project/mcp-recorder/, https://github.com/devhelm/mcp-recorder,
//! format version 1.x, read from its 0.5.0 source `mcp_recorder/_types.py`, checked 2026-12-03):
//! `{"version": "1.0", "metadata": {…}, "interactions": [{"type", "request", "response",
//! "response_is_sse", "response_status", "latency_ms", "http_method", "http_path"}, …]}`, written
//! with `json.dumps(…, indent=2)`. A `jsonrpc_request` interaction is the client's request and the
//! server's answer; a `notification` is the client's notification (no response); a `lifecycle`
//! one an HTTP operation without a message (`GET /mcp -> 405`), kept as a context row. Over SSE
//! the recorder keeps only the first event of the stream as the response: when that is a
//! notification, the answer itself is not in the cassette (a context row says so). The cassette
//! has no time per message.
//!
//! The cassette is parsed once; each message is taken out of its tree as a document of its own.

use crate::diagnostic::{ByteRange, Diagnostic};
use crate::host::logs::entry::ContextLine;
use crate::host::logs::found::Found;
use crate::host::logs::SourceMap;
use crate::host::session::Direction;
use crate::host::transcript::take_node;
use crate::json::{parse, Node, NodeKind, ReadOptions};

/// The major format version read.
const MAJOR: &str = "1";

/// Whether `text` starts like a cassette: an object with `interactions` near its top, beside
/// `version` or `metadata`.
pub(super) fn looks_like(text: &str) -> bool {
    let head = text.get(..text.len().min(64 << 10)).unwrap_or(text);
    let head = head.get(..floor_char(head, head.len())).unwrap_or_default();
    text.trim_start().starts_with('{')
        && head.contains("\"interactions\"")
        && (head.contains("\"metadata\"") || head.contains("\"version\""))
}

/// The largest char boundary of `text` at or before `at`.
fn floor_char(text: &str, at: usize) -> usize {
    (0..=at.min(text.len()))
        .rev()
        .find(|&i| text.is_char_boundary(i))
        .unwrap_or(0)
}

/// Reads every interaction's messages, in order.
pub(super) fn read(found: &mut Found<'_>) {
    let text = found.text;
    let mut doc = match parse(text, ReadOptions::default()) {
        Ok(doc) => doc,
        Err(error) => return found.unparsable("cassette-invalid", "the cassette", &error),
    };
    found.diagnostics.append(&mut doc.warnings);
    let version = doc.root.value_of("version").and_then(Node::as_str);
    found.detected = Some(format!(
        "mcp-recorder cassette, format {}",
        version.unwrap_or("without a version")
    ));
    if let Some(version) = version.filter(|v| v.split('.').next() != Some(MAJOR)) {
        let span = doc.root.value_of("version").map(|v| doc.span(v.range));
        found.diagnostics.push(
            Diagnostic::warning(
                "cassette-version",
                format!(
                    "this cassette is format {version}; format {MAJOR}.x is read (mcp-recorder \
                     0.5.0): it is read as {MAJOR}.x, re-record it or check its findings"
                ),
            )
            .with_span(span),
        );
    }
    let root_range = doc.root.range;
    let Some(interactions) = members_mut(&mut doc.root, "interactions") else {
        found.diagnostics.push(
            Diagnostic::error(
                "cassette-invalid",
                "the cassette has no `interactions` array",
            )
            .with_span(Some(found.index.span(root_range))),
        );
        return;
    };
    for interaction in interactions {
        read_interaction(found, interaction);
    }
}

/// The elements of the array member `key` of `node`, to take messages out of.
fn members_mut<'n>(node: &'n mut Node, key: &str) -> Option<&'n mut Vec<Node>> {
    let NodeKind::Object(members) = &mut node.kind else {
        return None;
    };
    match &mut members.iter_mut().rev().find(|m| m.key == key)?.value.kind {
        NodeKind::Array(items) => Some(items),
        _ => None,
    }
}

/// One interaction: its request (the client's) and its response (the server's).
fn read_interaction(found: &mut Found<'_>, interaction: &mut Node) {
    let text = found.text;
    let kind = interaction
        .value_of("type")
        .and_then(Node::as_str)
        .map(str::to_owned);
    let sse = matches!(
        interaction.value_of("response_is_sse").map(|n| &n.kind),
        Some(NodeKind::Bool(true))
    );
    let status = interaction.value_of("response_status").map(|n| {
        text.get(n.range.start..n.range.end)
            .unwrap_or_default()
            .to_owned()
    });
    if kind.as_deref() == Some("lifecycle") {
        let method = interaction
            .value_of("http_method")
            .and_then(Node::as_str)
            .unwrap_or("?");
        let path = interaction
            .value_of("http_path")
            .and_then(Node::as_str)
            .unwrap_or("?");
        let line = format!("{method} {path} -> {}", status.as_deref().unwrap_or("?"));
        context(found, interaction.range, line);
        return;
    }
    let range = interaction.range;
    let NodeKind::Object(members) = &mut interaction.kind else {
        return;
    };
    for (key, direction) in [
        ("request", Direction::Client),
        ("response", Direction::Server),
    ] {
        let Some(slot) = members.iter_mut().rev().find(|m| m.key == key) else {
            continue;
        };
        let slot = &mut slot.value;
        if slot.members().is_none() {
            continue; // null: a notification has no response, a failed request none either
        }
        let notification = slot.value_of("method").is_some() && slot.value_of("id").is_none();
        let Some(message) = take_node(text, slot) else {
            continue;
        };
        let map = SourceMap::verbatim(slot.range.start, slot.range.end - slot.range.start);
        found.parsed(&message, map, Some(direction), None, None);
        if direction == Direction::Server && sse && notification {
            let line = "mcp-recorder kept only the first event of this SSE answer, a \
                        notification: the answer itself is not in the cassette"
                .to_owned();
            context(found, range, line);
        }
    }
}

/// A context row over `range`.
fn context(found: &mut Found<'_>, range: ByteRange, text: String) {
    let span = found.index.span(range);
    found.context.push(ContextLine::new(None, &text, span));
}
