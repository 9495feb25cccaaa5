//! JSON Lines among other lines: server stderr interleaved with its JSON-RPC output, a log with
//! JSON on some lines. A line that parses as a JSON-RPC message (or an envelope
//! `{timestamp?, direction?, message}`) is a message; so is the first JSON value of a line's tail
//! from a `{` before its first `"jsonrpc"` (`DEBUG sending {"jsonrpc":…}`, what follows the value
//! not read). Directions are unknown unless an envelope says.
//!
//! Every other line is a context row of the sequence, never a finding (the server's stderr, a
//! bridge's JavaScript object dumps, a line of JSON that is no JSON-RPC): a line that starts
//! with white space, `}` or `]` continues the row before it (a dump or a stack over several
//! lines). Two kinds of line are findings, as the other readers find them: a message that does
//! not parse (its JSON names `"jsonrpc"` but breaks off: a line cut short) is `log-not-json` at
//! its place, and JSON that names `"jsonrpc"` but is no message read here (a batch array, a
//! message inside another value) is a `log-line-skipped` note at its place.

use super::super::envelope;
use super::super::found::Found;
use super::super::SourceMap;

/// What a line's JSON is.
enum Json {
    /// A message or an envelope wrapping one.
    Message(envelope::Envelope),
    /// JSON of another kind.
    Other,
    /// No JSON: it breaks off (its error found again where the message is read).
    Broken,
}

/// The JSON-RPC member's name, as a line holding a message names it.
const JSONRPC: &str = "\"jsonrpc\"";

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
        let Some((at, json, read)) = line_json(trimmed) else {
            if body.starts_with([' ', '\t', '}', ']']) {
                found.continue_context(line_start, body);
            } else {
                found.context_line(None, from, trimmed);
            }
            continue;
        };
        let base = from + at;
        match read {
            Json::Message(envelope) => {
                let (range, direction, time) = match envelope.message() {
                    Some(range) => (range, envelope.direction(json), envelope.time_ms(json)),
                    None => (envelope.range, None, None),
                };
                found.checked_at(json, base, range, direction, time);
            }
            // A message that breaks off: `log-not-json` where it does.
            Json::Broken => {
                let map = SourceMap::verbatim(base, json.len());
                found.message(json.to_owned(), map, None, None, None);
            }
            Json::Other => found.skip(
                from,
                from + trimmed.len(),
                "this line holds JSON-RPC that is no message read here (a batch array, or a \
                 message inside another value)",
            ),
        }
    }
}

/// The JSON of a line that holds a message or names `"jsonrpc"`: where it starts in the line, its
/// text and what it is; `None` for a line of context (no JSON, or JSON that is no message and does
/// not name `"jsonrpc"`). The first value of the line when it starts with `{` (a JSON array, a
/// batch, is no message read here); else of its tail from a `{` before its first `"jsonrpc"`,
/// the first `{` that starts a value (`INFO {session} got {"jsonrpc":…}`): a tail that breaks off
/// at the line's end is a message cut short, one that starts no value is no message read.
fn line_json(line: &str) -> Option<(usize, &str, Json)> {
    let names = |json: &str| json.contains(JSONRPC);
    // A line that never names it is not read (it is nothing either way).
    if line.starts_with('[') && names(line) && envelope::read_one(line).is_ok() {
        return Some((0, line, Json::Other));
    }
    if line.starts_with('{') {
        return match envelope::first_value(line) {
            Ok(envelope) if is_message(&envelope) => Some((0, line, Json::Message(envelope))),
            Ok(_) => names(line).then_some((0, line, Json::Other)),
            Err(_) => names(line).then_some((0, line, Json::Broken)),
        };
    }
    let named = line.find(JSONRPC)?;
    let first = line.get(..named)?.find('{')?;
    let mut at = Some(first);
    while let Some(start) = at {
        let json = line.get(start..)?;
        let mut next = start + 1;
        match envelope::first_value(json) {
            Ok(envelope) if is_message(&envelope) => {
                return Some((start, json, Json::Message(envelope)))
            }
            // A value holding the `"jsonrpc"` (a message inside another value).
            Ok(envelope) if start + envelope.range.end > named => break,
            Ok(envelope) => next = start + envelope.range.end,
            Err(error) if error.code == "eof" => return Some((start, json, Json::Broken)),
            Err(_) => {}
        }
        at = line
            .get(next..named)
            .and_then(|rest| rest.find('{'))
            .map(|b| next + b);
    }
    Some((first, line.get(first..)?, Json::Other))
}

/// Whether `envelope` is a message or wraps one.
fn is_message(envelope: &envelope::Envelope) -> bool {
    envelope.message().is_some() || envelope.jsonrpc
}
