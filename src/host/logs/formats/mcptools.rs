//! mcptools' logs (`mcp mock`, `mcp proxy`, `mcp guard` of <https://github.com/f/mcptools>, which
//! write `~/.mcpt/logs/mock.log`, `proxy.log`, `guard.log`): each line behind `[<RFC 3339 time>] `
//! (`fmt.Fprintf(logFile, "[%s] %s\n", time.Now().Format(time.RFC3339), message)`), each message
//! as `logJSON` writes it, `Received request: ` (the client's) or `Sending response: ` /
//! `Sending error response: ` (the server's) followed by the message indented by
//! `json.MarshalIndent(v, "", "  ")`: a JSON value over several lines, its `{` ending the label's
//! line (`pkg/mock/mock.go`, `pkg/proxy/proxy.go`, `pkg/guard/guard_proxy.go`, commit e7bd724 of
//! 2025-12-18, checked 2026-12-06).
//!
//! A request is logged as the server decoded it, into a struct of `method`, `params`, `jsonrpc`
//! and an `int` `id` without `omitempty`: a notification is logged with `"id": 0`, which it never
//! had. That member (the struct's last, `,\n  "id": 0` before the closing `}`) is left out of a
//! notification's message, so it is not taken for a request. Every other line (the server's
//! states, `Tool input: {…}`, its errors) is a context row, a line without the prefix
//! continuing the row before it.

use super::super::envelope;
use super::super::found::Found;
use super::super::map::Builder;
use super::super::text_lines::lines_with_offsets;
use super::super::SourceMap;

use crate::diagnostic::ByteRange;
use crate::host::session::Direction;
use crate::host::time::parse_rfc3339;

/// The labels of the message lines and who sent the messages each introduces.
const LABELS: [(&str, Direction); 3] = [
    ("Received request: ", Direction::Client),
    ("Sending response: ", Direction::Server),
    ("Sending error response: ", Direction::Server),
];

/// How a request the server decoded as a notification starts, as `MarshalIndent` writes it.
const NOTIFICATION: &str = "{\n  \"method\": \"notifications/";

/// The `id` member the server's struct adds to a notification, before its closing `\n}`.
const ZERO_ID: &str = ",\n  \"id\": 0\n}";

/// How many bytes of the text's start are looked at for a message line.
const WINDOW: usize = 64 * 1024;

/// The line's time (ms since the epoch) and where its text starts, when it has the prefix
/// `[<RFC 3339 time>] `.
fn prefix(line: &str) -> Option<(i64, usize)> {
    let rest = line.strip_prefix('[')?;
    let close = rest.find("] ").filter(|&c| c <= 40)?;
    let time = parse_rfc3339(rest.get(..close)?)?;
    Some((time, close + 3))
}

/// The sender and where the message starts in `line` (its `{`, the line's last byte), when the
/// line is a message line.
fn message_line(line: &str) -> Option<(Direction, i64, usize)> {
    let (time, at) = prefix(line)?;
    let rest = line.get(at..)?;
    LABELS.iter().find_map(|&(label, direction)| {
        (rest.strip_prefix(label)? == "{").then_some((direction, time, at + label.len()))
    })
}

/// Whether the text's first line has the prefix and a message line is in its first bytes.
pub(super) fn looks_like(text: &str) -> bool {
    let mut end = text.len().min(WINDOW);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let head = text.get(..end).unwrap_or_default();
    head.lines().next().and_then(prefix).is_some()
        && head.lines().any(|l| message_line(l).is_some())
}

/// Reads every message (a message cut short is a `log-not-json`) and keeps the other lines as
/// context rows.
pub(super) fn read(found: &mut Found<'_>) {
    let text = found.text;
    let mut resume = 0;
    let mut messages = 0;
    for (line_start, body) in lines_with_offsets(text) {
        if line_start < resume {
            continue;
        }
        let Some((direction, time, at)) = message_line(body) else {
            match prefix(body) {
                Some((_, at)) => {
                    let rest = body.get(at..).unwrap_or_default();
                    found.context_line(None, line_start + at, rest);
                }
                None if !body.trim().is_empty() => found.continue_context(line_start, body),
                None => {}
            }
            continue;
        };
        let from = line_start + at;
        let json = text.get(from..).unwrap_or_default();
        messages += 1;
        match envelope::first_value(json).map(|v| v.range.end) {
            Ok(end) => {
                resume = from + end;
                let value = json.get(..end).unwrap_or_default();
                match (direction, value.strip_suffix(ZERO_ID)) {
                    (Direction::Client, Some(kept)) if value.starts_with(NOTIFICATION) => {
                        let mut builder = Builder::default();
                        builder.verbatim(kept, from);
                        builder.verbatim("\n}", from + end - 2);
                        let (message, map) = builder.finish();
                        found.message(message, map, Some(direction), Some(time), None);
                    }
                    _ => {
                        let range = ByteRange::new(0, end);
                        found.checked_at(json, from, range, Some(direction), Some(time));
                    }
                }
            }
            Err(_) => {
                // Cut short (up to the next line of the log): not JSON where it breaks off.
                let cut = json.find("\n[").unwrap_or(json.len());
                let cut = json.get(..cut).unwrap_or_default().trim_end();
                let map = SourceMap::verbatim(from, cut.len());
                found.message(cut.to_owned(), map, Some(direction), Some(time), None);
                resume = from + cut.len();
            }
        }
    }
    found.detected = Some(format!(
        "mcptools log ({messages} message{}: Received request, Sending response)",
        if messages == 1 { "" } else { "s" }
    ));
}
