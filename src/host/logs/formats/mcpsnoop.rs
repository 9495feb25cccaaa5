//! mcpsnoop's captures (<https://github.com/kerlenton/mcpsnoop>, commit b6191fc of 2026-08-08,
//! checked 2026-12-06). Its shim copies every frame between a client and a stdio (or HTTP) server
//! into a session log, JSON Lines of its `Envelope` (`internal/proxy/frame.go`, written by
//! `internal/proxy/sink.go`): `{"session_id", "server_label", "seq", "ts", "direction", "transport",
//! "raw"?, "text"?, …}`, `direction` `c2s` (the client's frame), `s2c` (the server's), `stderr` (a
//! line the server wrote there, in `text`) or `meta` (the session's command), `raw` the frame's
//! JSON-RPC message as it crossed. `mcpsnoop export -T json` writes the same frames as the
//! `events` of one indented object (`internal/exporter/exporter.go`: `{seq, timestamp,
//! direction, kind, …, raw?, text?}`); `-T har` (`internal/exporter/har.go`) one HAR entry per
//! call whose request body is the call's `params` alone and whose response body its `result`:
//! no message, recognised (its creator `mcpsnoop`), each call a context row, and said to hold
//! none.
//!
//! Each `raw` of a `c2s` or `s2c` frame is a message from that side at its time, the export's
//! text as it is; a `stderr` frame's text and a `meta` frame are context rows.

use crate::host::logs::found::Found;
use crate::host::logs::text_lines::lines_with_offsets;
use crate::host::logs::ContextLine;
use crate::host::session::Direction;
use crate::host::time::parse_rfc3339;
use crate::json::{parse, Node, ReadOptions};

/// How far into the text its form is looked for.
const WINDOW: usize = 4096;

/// The forms of mcpsnoop's captures.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Form {
    /// The session log, one envelope a line.
    Log,
    /// `export -T json`.
    Export,
    /// `export -T har`.
    Har,
}

/// The form of `text`, when it is one of mcpsnoop's: told by the members its start names.
fn form(text: &str) -> Option<Form> {
    let mut end = text.len().min(WINDOW);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let head = text.get(..end).unwrap_or_default().trim_start();
    if !head.starts_with('{') {
        return None;
    }
    let first = head.lines().next().unwrap_or_default();
    if first.starts_with("{\"session_id\":")
        && first.contains("\"seq\":")
        && first.contains("\"direction\":\"")
    {
        return Some(Form::Log);
    }
    if head.contains("\"generated_at\": ")
        && head.contains("\"missing_frames\": ")
        && text.contains("\"events\": [")
    {
        return Some(Form::Export);
    }
    (head.contains("\"name\": \"mcpsnoop\"") && head.contains("\"httpVersion\": \"JSON-RPC/2.0\""))
        .then_some(Form::Har)
}

/// Whether `text` is one of mcpsnoop's captures.
pub(super) fn looks_like(text: &str) -> bool {
    form(text).is_some()
}

/// Reads every frame of a session log or an export; says a HAR export holds no message.
pub(super) fn read(found: &mut Found<'_>) {
    let text = found.text;
    let frames = match form(text) {
        Some(Form::Har) => {
            found.detected = Some("mcpsnoop HAR export (a call's params and result)".to_owned());
            har_calls(found);
            found.no_bodies(
                "mcpsnoop's HAR export holds each call's params and result, not its messages (no \
                 method, no id): nothing to check; `mcpsnoop export -T json` or the session's \
                 .jsonl log holds them",
            );
            return;
        }
        Some(Form::Export) => export(found),
        _ => session_log(found),
    };
    found.detected = Some(format!(
        "mcpsnoop {} ({frames} frame{})",
        if form(text) == Some(Form::Export) {
            "export"
        } else {
            "session log"
        },
        if frames == 1 { "" } else { "s" }
    ));
}

/// Each entry of a HAR export as a context row: the call's URL (`mcp://<label>/<method>[/<tool>]`)
/// and status, at the entry's place.
fn har_calls(found: &mut Found<'_>) {
    let Ok(doc) = parse(found.text, ReadOptions::default()) else {
        return;
    };
    let entries = doc
        .root
        .value_of("log")
        .and_then(|log| log.value_of("entries"))
        .and_then(Node::elements)
        .unwrap_or_default();
    for entry in entries {
        let field = |outer: &str, key: &str| {
            entry
                .value_of(outer)
                .and_then(|o| o.value_of(key))
                .map(|v| {
                    v.as_str()
                        .map_or_else(|| doc.lexeme(v).to_owned(), str::to_owned)
                })
                .unwrap_or_default()
        };
        let row = format!(
            "[call] {} {} {}",
            field("request", "url"),
            field("response", "status"),
            field("response", "statusText")
        );
        found
            .context
            .push(ContextLine::new(None, &row, doc.span(entry.range)));
    }
}

/// Reads each line's envelope; returns how many frames there were.
fn session_log(found: &mut Found<'_>) -> usize {
    let text = found.text;
    let mut frames = 0;
    for (line_start, line) in lines_with_offsets(text) {
        if line.trim().is_empty() {
            continue;
        }
        frames += 1;
        match parse(line, ReadOptions::default()) {
            Ok(doc) => frame(found, line, line_start, &doc.root, "ts"),
            // A line cut short: not JSON where it breaks off.
            Err(_) => {
                let map = crate::host::logs::SourceMap::verbatim(line_start, line.len());
                found.message(line.to_owned(), map, None, None, None);
            }
        }
    }
    frames
}

/// Reads the export's `events`; returns how many there were.
fn export(found: &mut Found<'_>) -> usize {
    let text = found.text;
    let doc = match parse(text, ReadOptions::default()) {
        Ok(doc) => doc,
        Err(error) => {
            found.unparsable("export-invalid", "the export", &error);
            return 0;
        }
    };
    let events = doc
        .root
        .value_of("events")
        .and_then(Node::elements)
        .unwrap_or_default();
    for event in events {
        frame(found, text, 0, event, "timestamp");
    }
    events.len()
}

/// One frame (`node`, read from `json`, which starts at byte `base` of the text): its `raw` a
/// message from its side at its time (`time` names the member), else a context row.
fn frame(found: &mut Found<'_>, json: &str, base: usize, node: &Node, time: &str) {
    let string = |key: &str| node.value_of(key).and_then(Node::as_str);
    let direction = match string("direction") {
        Some("c2s") => Some(Direction::Client),
        Some("s2c") => Some(Direction::Server),
        _ => None,
    };
    let time_ms = string(time).and_then(parse_rfc3339);
    match (direction, node.value_of("raw")) {
        (Some(direction), Some(raw)) => {
            found.checked_at(json, base, raw.range, Some(direction), time_ms);
        }
        _ => {
            let side = string("direction").unwrap_or("frame");
            let what = string("text").map_or_else(
                || {
                    json.get(node.range.start..node.range.end)
                        .unwrap_or_default()
                        .to_owned()
                },
                str::to_owned,
            );
            let start = base + node.range.start;
            let row = format!("[{side}] {what}");
            let span = found.index.span(crate::diagnostic::ByteRange::new(
                start,
                base + node.range.end,
            ));
            found.context.push(ContextLine::new(None, &row, span));
        }
    }
}
