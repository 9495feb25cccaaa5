//! JSON Lines among other lines: server stderr interleaved with its JSON-RPC output, a log with
//! JSON on some lines. A line that parses as a JSON-RPC message (or an envelope
//! `{timestamp?, direction?, message}`) is a message; a line whose tail from its first `{` is one
//! (`DEBUG sending {"jsonrpc":…}`) is too; any other line is reported (`log-line-skipped`, with
//! its place) and skipped. Directions are unknown unless an envelope says.

use super::super::envelope;
use super::super::found::Found;

/// Reads every line.
pub(in crate::host::logs) fn read(found: &mut Found<'_>) {
    let text = found.text;
    for (line_start, body) in super::super::text_lines::lines_with_offsets(text) {
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
/// neither (not JSON, or JSON of another kind). The line is read once, without its tree: a
/// message is parsed when replayed.
fn read_json(found: &mut Found<'_>, json: &str, from: usize) -> bool {
    if !json.starts_with('{') {
        return false;
    }
    let Ok(envelope) = envelope::read_one(json) else {
        return false;
    };
    let (range, direction, time) = match envelope.message() {
        Some(range) => (range, envelope.direction(json), envelope.time_ms(json)),
        None if envelope.jsonrpc => (envelope.range, None, None),
        None => return false,
    };
    found.checked_at(json, from, range, direction, time);
    true
}
