//! JSON Lines among other lines: server stderr interleaved with its JSON-RPC output, a log with
//! JSON on some lines. A line that parses as a JSON-RPC message (or an envelope
//! `{timestamp?, direction?, message}`) is a message; a line whose tail from its first `{` is one
//! (`DEBUG sending {"jsonrpc":…}`) is too; any other line is reported (`log-line-skipped`, with
//! its place) and skipped. Directions are unknown unless an envelope says.

use crate::host::logs::found::Found;
use crate::host::logs::SourceMap;
use crate::host::session::Direction;
use crate::host::time::parse_rfc3339;
use crate::json::{parse, Node, ReadOptions};

/// Reads every line.
pub(super) fn read(found: &mut Found<'_>) {
    let text = found.text;
    for (line_start, body) in super::found::lines_with_offsets(text) {
        let lead = body.len() - body.trim_start().len();
        let trimmed = body.trim();
        if trimmed.is_empty() {
            continue;
        }
        let from = line_start + lead;
        if read_json(found, trimmed, from) {
            continue;
        }
        let brace = trimmed.find('{').filter(|&b| b > 0);
        let tail_read = brace.is_some_and(|b| {
            let tail = trimmed.get(b..).unwrap_or_default();
            tail.contains("\"jsonrpc\"") && read_json(found, tail, from + b)
        });
        if !tail_read {
            let why = if trimmed.starts_with('{') || trimmed.starts_with('[') {
                "this line is not a JSON-RPC message"
            } else {
                "this line is not JSON"
            };
            found.skip(from, from + trimmed.len(), why);
        }
    }
}

/// Reads `json` (at byte `from` of the text) as a message or an envelope; false when it is
/// neither (not JSON, or JSON of another kind).
fn read_json(found: &mut Found<'_>, json: &str, from: usize) -> bool {
    if !json.starts_with('{') {
        return false;
    }
    let Ok(doc) = parse(json, ReadOptions::default()) else {
        return false;
    };
    let root = &doc.root;
    if let Some(message) = root.value_of("message").filter(|m| m.members().is_some()) {
        let direction = match root.value_of("direction").and_then(Node::as_str) {
            Some("client") => Some(Direction::Client),
            Some("server") => Some(Direction::Server),
            _ => None,
        };
        let time = root
            .value_of("timestamp")
            .and_then(Node::as_str)
            .and_then(parse_rfc3339);
        let range = message.range;
        let text = json.get(range.start..range.end).unwrap_or_default();
        found.message(
            text.to_owned(),
            SourceMap::verbatim(from + range.start, range.end - range.start),
            direction,
            time,
            None,
        );
        return true;
    }
    if root.value_of("jsonrpc").is_none() {
        return false;
    }
    found.message(
        json.to_owned(),
        SourceMap::verbatim(from, json.len()),
        None,
        None,
        None,
    );
    true
}
