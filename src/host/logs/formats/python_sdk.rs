//! The Python MCP SDK's debug lines: its SSE server logs each message a client POSTs as
//! `logger.debug(f"Received JSON: {body}")` (`src/mcp/server/sse.py`, `handle_post_message`, of
//! <https://github.com/modelcontextprotocol/python-sdk>, mcp 2.3.0, checked 2026-12-06), `body`
//! being `bytes`: the message in Python's bytes repr, `b'{"jsonrpc":…}'` (`b"…"` when the bytes
//! hold a `'` and no `"`), with `\\`, `\'`, `\t`, `\n`, `\r` and `\xNN` (every byte past ASCII:
//! UTF-8 one byte at a time) escaped. The server's own messages go out as SSE events, which
//! sse-starlette logs the same way, `logger.debug("chunk: %s", chunk)` (`sse_starlette/sse.py`,
//! `_stream_response`, sse-starlette 3.7.1, <https://github.com/sysid/sse-starlette>):
//! `chunk: b'event: message\r\ndata: {…}\r\n\r\n'`, the message the event's `data` line
//! (an `endpoint` event is context). Behind logging's prefix (`2025-04-16 06:13:31,600 -
//! mcp.server.sse - DEBUG - Received JSON: b'…'`, `DEBUG:mcp.server.sse:Received JSON: …`) or
//! rich's (`DEBUG    Received JSON: b'…'    sse.py:160`, wrapped at the terminal's width), as
//! pasted in stuzero/pg-mcp-server#15 (2025-04-16), where both handlers print each message.
//!
//! Each literal is decoded with a source map (every escape a piece of its own), so a finding in
//! the message points at its place in the line. When a message is printed by both handlers, the
//! plain logging lines are read and rich's are context (each message once); rich's alone are
//! read when they are all there is (a wrapped one, its literal not closed on its line, is
//! context). `Received JSON` lines are the client's messages, `chunk` lines' `message` events
//! the server's, in the order the server logged them. Every other line is a context row.

use super::super::found::Found;
use super::super::map::Builder;

use crate::host::session::Direction;
use crate::host::time::parse_rfc3339;

/// What precedes a message's bytes literal, and who sent the messages such lines hold.
const MARKERS: [(&str, Direction); 2] = [
    ("Received JSON: b", Direction::Client),
    ("chunk: b", Direction::Server),
];

/// What an SSE event holding a message starts with (sse-starlette's separator is CRLF).
const MESSAGE_EVENT: &str = "event: message\r\ndata: ";

/// A message line: who sent the message, where its literal's opening quote is, where the literal
/// ends (past its closing quote), and whether nothing but white space follows it (logging's form).
struct Literal {
    direction: Direction,
    open: usize,
    end: usize,
    plain: bool,
}

/// The message literal of `line`, when the line is a debug line of the SDK's (or
/// sse-starlette's) with a literal closed on the line.
fn literal(line: &str) -> Option<Literal> {
    let (at, marker, direction) = MARKERS
        .iter()
        .find_map(|&(marker, direction)| Some((line.find(marker)?, marker, direction)))?;
    let before = line.get(..at)?;
    let level = before.trim_end().trim_end_matches(['-', ' ']);
    // Behind a logging prefix, which holds no `"`: not such a line quoted inside JSON (a
    // transcript whose tool result holds a log).
    if before.contains('"')
        || (!level.ends_with("DEBUG") && !before.trim_start().starts_with("DEBUG:"))
    {
        return None;
    }
    let open = at + marker.len();
    let quote = *line
        .as_bytes()
        .get(open)
        .filter(|q| matches!(q, b'\'' | b'"'))?;
    let bytes = line.as_bytes();
    let mut i = open + 1;
    while let Some(&b) = bytes.get(i) {
        match b {
            b'\\' => i += 2,
            b if b == quote => {
                let end = i + 1;
                let plain = line.get(end..).is_some_and(|rest| rest.trim().is_empty());
                return Some(Literal {
                    direction,
                    open,
                    end,
                    plain,
                });
            }
            _ => i += 1,
        }
    }
    None
}

/// Whether some line of `text` is one of the SDK's `Received JSON` debug lines.
pub(super) fn looks_like(text: &str) -> bool {
    text.contains(MARKERS[0].0)
        && text
            .lines()
            .any(|line| literal(line).is_some_and(|l| l.direction == Direction::Client))
}

/// Reads every message line (of logging's form when there is one: see the module doc) and keeps
/// the other lines as context rows.
pub(super) fn read(found: &mut Found<'_>) {
    let text = found.text;
    let lines = || super::super::text_lines::lines_with_offsets(text);
    let plain = lines().any(|(_, line)| literal(line).is_some_and(|l| l.plain));
    for (line_start, line) in lines() {
        match literal(line).filter(|l| l.plain == plain) {
            Some(literal) => {
                let (message, map) = decode(line, line_start, &literal);
                let (message, map) = match literal.direction {
                    Direction::Client => (message, map),
                    Direction::Server => match event_data(&message) {
                        Some((start, len)) => {
                            let data = message.get(start..start + len).unwrap_or_default();
                            (data.to_owned(), map.slice(start, len))
                        }
                        None => {
                            found.context_line(None, line_start, line);
                            continue;
                        }
                    },
                };
                found.message(message, map, Some(literal.direction), time(line), None);
            }
            None if !line.trim().is_empty() => found.context_line(None, line_start, line),
            None => {}
        }
    }
    found.detected = Some(format!(
        "Python SDK debug log ({} form: Received JSON, the client's messages; chunk, the \
         server's SSE events)",
        if plain { "logging's" } else { "rich's" }
    ));
}

/// Where the message of an SSE `message` event (`event: message\r\ndata: {…}\r\n\r\n`) sits
/// in the event's text: its start and length.
fn event_data(event: &str) -> Option<(usize, usize)> {
    let data = event.strip_prefix(MESSAGE_EVENT)?;
    let len = data.find(['\r', '\n']).unwrap_or(data.len());
    Some((MESSAGE_EVENT.len(), len))
}

/// The time of logging's default prefix (`2025-04-16 06:13:31,600`, local time read as UTC,
/// which keeps the intervals between messages right), when the line starts with it.
fn time(line: &str) -> Option<i64> {
    let stamp = line.get(..23)?;
    let (date, clock) = (stamp.get(..10)?, stamp.get(11..)?);
    if stamp.as_bytes().get(10) != Some(&b' ') {
        return None;
    }
    parse_rfc3339(&format!("{date}T{}Z", clock.replace(',', ".")))
}

/// The message the literal holds, decoded, with its source map (`line` starts at byte
/// `line_start` of the text).
fn decode(line: &str, line_start: usize, literal: &Literal) -> (String, super::super::SourceMap) {
    let inner_start = literal.open + 1;
    let inner = line
        .get(inner_start..literal.end.saturating_sub(1))
        .unwrap_or_default();
    let bytes = inner.as_bytes();
    let mut builder = Builder::default();
    let mut run = 0;
    let mut i = 0;
    // Bytes of consecutive `\xNN` escapes (one character's UTF-8), and where the first was.
    let mut pending: Vec<u8> = Vec::new();
    let mut pending_at = 0;
    let flush = |builder: &mut Builder, pending: &mut Vec<u8>, at: usize| {
        if !pending.is_empty() {
            builder.own(
                &String::from_utf8_lossy(pending),
                line_start + inner_start + at,
            );
            pending.clear();
        }
    };
    while let Some(&b) = bytes.get(i) {
        if b != b'\\' {
            i += 1;
            continue;
        }
        if run < i {
            flush(&mut builder, &mut pending, pending_at);
            builder.verbatim(
                inner.get(run..i).unwrap_or_default(),
                line_start + inner_start + run,
            );
        }
        let escape = bytes.get(i + 1).copied().unwrap_or(b'\\');
        let hex = |at: usize| {
            inner
                .get(at..at + 2)
                .and_then(|h| u8::from_str_radix(h, 16).ok())
        };
        match (escape, hex(i + 2)) {
            (b'x', Some(byte)) => {
                if pending.is_empty() {
                    pending_at = i;
                }
                pending.push(byte);
                i += 4;
            }
            _ => {
                flush(&mut builder, &mut pending, pending_at);
                let decoded = match escape {
                    b'n' => "\n",
                    b'r' => "\r",
                    b't' => "\t",
                    b'\'' => "'",
                    b'"' => "\"",
                    _ => "\\",
                };
                builder.own(decoded, line_start + inner_start + i);
                i += 2;
            }
        }
        run = i.min(bytes.len());
    }
    flush(&mut builder, &mut pending, pending_at);
    if run < bytes.len() {
        builder.verbatim(
            inner.get(run..).unwrap_or_default(),
            line_start + inner_start + run,
        );
    }
    builder.finish()
}
