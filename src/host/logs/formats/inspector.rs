//! The MCP Inspector's exported history (Inspector 2.x, its web client's History panel: "Export",
//! `JSON.stringify(messages, null, 2)` in `clients/web/src/App.tsx` of
//! <https://github.com/modelcontextprotocol/inspector>, commit 86c5f58e of 2026-08-19, checked
//! 2026-12-06): a JSON array of `MessageEntry` (`core/mcp/types.ts`), `{id, timestamp, direction:
//! "request" | "response" | "notification", origin?: "client" | "server", message, response?,
//! duration?}`, each message as it crossed the transport. `core/mcp/state/messageLogState.ts`
//! folds a response into the entry of the request it answers (`response`, and `duration`: the
//! milliseconds between them); a response it could not pair stays an entry of its own.
//!
//! Each entry's `message` is read from its `origin` (unknown when an older export has none), a
//! folded `response` from the other side at `timestamp + duration`; the messages are replayed in
//! time order (a progress notification the server sent during a call comes before the call's
//! folded answer, as on the wire), each the export's text as it is.

use crate::host::logs::found::Found;
use crate::host::session::Direction;
use crate::host::time::parse_rfc3339;
use crate::json::{parse, Node, ReadOptions};

use crate::diagnostic::{ByteRange, Diagnostic};

/// The `direction` values of an entry.
const DIRECTIONS: [&str; 3] = [
    "\"direction\": \"request\"",
    "\"direction\": \"notification\"",
    "\"direction\": \"response\"",
];

/// How far into the text the export's shape is looked for.
const WINDOW: usize = 4096;

/// Whether `text` opens as a JSON array of entries (`[` then `{`) naming one of the entries'
/// directions and a `message` object in its first bytes.
pub(super) fn looks_like(text: &str) -> bool {
    let mut end = text.len().min(WINDOW);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let head = text.get(..end).unwrap_or_default();
    head.trim_start_matches('\u{feff}')
        .trim_start()
        .strip_prefix('[')
        .is_some_and(|r| r.trim_start().starts_with('{'))
        && DIRECTIONS.iter().any(|d| head.contains(d))
        && head.contains("\"message\": {")
}

/// A message to replay: its time, sender and place in the text.
struct Timed {
    time: Option<i64>,
    direction: Option<Direction>,
    range: ByteRange,
}

/// Reads every entry's message (and folded response), in time order.
pub(super) fn read(found: &mut Found<'_>) {
    let text = found.text;
    let doc = match parse(text, ReadOptions::default()) {
        Ok(doc) => doc,
        Err(error) => return found.unparsable("export-invalid", "the export", &error),
    };
    let Some(entries) = doc.root.elements() else {
        found.diagnostics.push(
            Diagnostic::error(
                "export-invalid",
                "the export is not a JSON array of entries",
            )
            .with_span(Some(doc.span(doc.root.range))),
        );
        return;
    };
    let mut timed = Vec::new();
    for entry in entries {
        let time = entry
            .value_of("timestamp")
            .and_then(Node::as_str)
            .and_then(parse_rfc3339);
        let origin = match entry.value_of("origin").and_then(Node::as_str) {
            Some("client") => Some(Direction::Client),
            Some("server") => Some(Direction::Server),
            _ => None,
        };
        if let Some(message) = entry.value_of("message") {
            timed.push(Timed {
                time,
                direction: origin,
                range: message.range,
            });
        }
        if let Some(response) = entry.value_of("response") {
            let duration = entry
                .value_of("duration")
                .and_then(|d| doc.lexeme(d).parse::<f64>().ok());
            timed.push(Timed {
                // Whole milliseconds (`Date#getTime` differences); without a duration, at its
                // request's time (after it: the sort is stable).
                time: time.map(|t| t + duration.unwrap_or(0.0).round() as i64),
                direction: origin.map(|side| match side {
                    Direction::Client => Direction::Server,
                    Direction::Server => Direction::Client,
                }),
                range: response.range,
            });
        }
    }
    // Stable: entries of the same millisecond keep the export's order.
    timed.sort_by_key(|t| t.time.unwrap_or(i64::MIN));
    for message in timed {
        found.checked_at(text, 0, message.range, message.direction, message.time);
    }
    found.detected = Some(format!(
        "MCP Inspector history export ({} entr{})",
        entries.len(),
        if entries.len() == 1 { "y" } else { "ies" }
    ));
}
