//! mcp-debugger's JSON export (`mcp-debugger export <session> --format json`; mcp-debugger 0.1.1,
//! https://pypi.org/project/mcp-debugger/, source https://github.com/sushant-mutnale/mcp-debugger,
//! `mcp_debugger/exporters/json_exporter.py` and `storage/database.py`, read 2026-12-03): an object
//! `{session, messages, tools, errors, stats}` whose `messages` are the proxied messages in order,
//! each `{id, direction: "client_to_server" | "server_to_client", method, timestamp, latency_ms,
//! params, result, error, message_type: "request" | "response" | "notification"}`.
//!
//! The export keeps each message's members but not its JSON-RPC `id` (its `id` is the row's
//! number; a response's `method` is its request's). Each message is rebuilt as
//! `{"jsonrpc": "2.0", "id": <row>, "method": …, "params": …}` (a request), without `id` (a
//! notification), or `{"jsonrpc": "2.0", "id": <its request's row>, "result" | "error": …}` (a
//! response: its request is the oldest unanswered one of that method from the other side). So an
//! `id` finding is about this pairing, not the wire; the members are the export's text as it is.

use crate::diagnostic::Diagnostic;
use crate::host::logs::found::Found;
use crate::host::logs::map::Builder;
use crate::host::session::Direction;
use crate::host::time::parse_rfc3339;
use crate::json::{parse, Document, Node, NodeKind, ReadOptions};

/// Whether `text` is an object whose first member is `session` and that names a direction of
/// this export.
pub(super) fn looks_like(text: &str) -> bool {
    let rest = text.trim_start_matches('\u{feff}').trim_start();
    rest.strip_prefix('{')
        .is_some_and(|r| r.trim_start().starts_with("\"session\""))
        && (text.contains("\"client_to_server\"") || text.contains("\"server_to_client\""))
}

/// Reads every message of the export.
pub(super) fn read(found: &mut Found<'_>) {
    let text = found.text;
    let doc = match parse(text, ReadOptions::default()) {
        Ok(doc) => doc,
        Err(error) => return found.unparsable("export-invalid", "the export", &error),
    };
    let Some(messages) = doc.root.value_of("messages").and_then(Node::elements) else {
        found.diagnostics.push(
            Diagnostic::error("export-invalid", "the export has no `messages` array")
                .with_span(Some(doc.span(doc.root.range))),
        );
        return;
    };
    // Requests waiting for their answer: (side, method, row id lexeme).
    let mut pending: Vec<(Direction, String, String)> = Vec::new();
    for row in messages {
        read_row(found, &doc, row, &mut pending);
    }
}

/// Rebuilds one row's message.
fn read_row(
    found: &mut Found<'_>,
    doc: &Document<'_>,
    row: &Node,
    pending: &mut Vec<(Direction, String, String)>,
) {
    let direction = match row.value_of("direction").and_then(Node::as_str) {
        Some("client_to_server") => Direction::Client,
        Some("server_to_client") => Direction::Server,
        _ => return,
    };
    let lexeme = |key: &str| {
        row.value_of(key)
            .filter(|n| !matches!(n.kind, NodeKind::Null))
            .map(|n| (doc.lexeme(n), n.range.start))
    };
    let time = row
        .value_of("timestamp")
        .and_then(Node::as_str)
        .and_then(parse_rfc3339);
    let method = row
        .value_of("method")
        .and_then(Node::as_str)
        .unwrap_or_default();
    let kind = row.value_of("message_type").and_then(Node::as_str);
    let at = row.range.start;
    let mut out = Builder::default();
    out.own("{\"jsonrpc\": \"2.0\"", at);
    if kind == Some("response") {
        let asked = pending
            .iter()
            .position(|(side, m, _)| *side != direction && m == method);
        let id = asked.map_or_else(|| "null".to_owned(), |i| pending.remove(i).2);
        out.own(&format!(", \"id\": {id}"), at);
        for key in ["result", "error"] {
            if let Some((value, from)) = lexeme(key) {
                out.own(&format!(", \"{key}\": "), from);
                out.verbatim(value, from);
            }
        }
    } else {
        if kind == Some("request") {
            if let Some((id, from)) = lexeme("id") {
                out.own(", \"id\": ", from);
                out.verbatim(id, from);
                pending.push((direction, method.to_owned(), id.to_owned()));
            }
        }
        if let Some((value, from)) = lexeme("method") {
            out.own(", \"method\": ", from);
            out.verbatim(value, from);
        }
        if let Some((value, from)) = lexeme("params") {
            out.own(", \"params\": ", from);
            out.verbatim(value, from);
        }
    }
    out.own("}", row.range.end.saturating_sub(1));
    let (message, map) = out.finish();
    found.message(message, map, Some(direction), time, None);
}
