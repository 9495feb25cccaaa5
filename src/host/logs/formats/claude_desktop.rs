//! Claude Desktop's MCP logs: `mcp.log` (every server) and `mcp-server-NAME.log` (one server), in
//! the app's logs folder (`~/Library/Logs/Claude/`, `%APPDATA%\Claude\logs\`). One line per event
//! behind an ISO 8601 time and bracketed groups, the server's name and the level in either order:
//! `2025-04-08T07:54:28.421Z [info] [browsermcp] …` (mcp.log, early 2025) or
//! `2025-06-10T15:03:04.837Z [n8n] [info] …`. The forms of the message lines, as pasted in public
//! threads (checked 2026-12-06):
//! - 2025: `… Message from client: {…}` and `… Message from server: {…}`, the message as
//!   `JSON.stringify` writes it, one line (BrowserMCP/mcp#3, 2025-04-08;
//!   executeautomation/mcp-playwright#101, 2025-04-07), the server's stderr interleaved without
//!   the prefix (mediar-ai/MCP-server-client-computer-use-ai-sdk#4, 2025-03-31);
//! - mid-2025: the same, each line ending in ` { metadata: undefined }`, other lines' metadata
//!   objects spanning several lines (0x4m4/hexstrike-ai#11, 2025-08-16;
//!   invariantlabs-ai/mcp-streamable-http#3, 2025-09-09);
//! - with a bridge (supergateway) as the server, its stderr beside them, `[supergateway] …` lines
//!   that print the same messages again as JavaScript objects over several lines (not JSON:
//!   runebookai/tome#50, 2025-06-10) — context, never messages;
//! - a form whose message lines name the message without its JSON (`Message from client:`
//!   followed by no `{`): read as context, the log said to hold no bodies, nothing checked.
//!
//! `mcp.log` holds every server's lines: the messages of the first server a message line names
//! are read, another server's message lines are context (their ids would collide). Every other
//! line is a context row: a line without the prefix that starts with white space, `}` or `]`
//! continues the row before it (a metadata object, a stack trace, a bridge's object dump), any
//! other is a row of its own (a line of the server's stderr, a bridge's).

use super::super::envelope;
use super::super::found::Found;
use super::super::SourceMap;

use crate::diagnostic::ByteRange;
use crate::host::session::Direction;
use crate::host::time::parse_rfc3339;

/// The message markers and who sent the message each introduces.
const MARKERS: [(&str, Direction); 2] = [
    ("Message from client: ", Direction::Client),
    ("Message from server: ", Direction::Server),
];

/// What Claude Desktop writes after a message in the mid-2025 form.
const METADATA: &str = "{ metadata: undefined }";

/// The levels its logger writes.
const LEVELS: [&str; 4] = ["info", "warn", "error", "debug"];

/// A line behind the prefix.
struct Line<'l> {
    /// Its time (ms since the epoch).
    time: Option<i64>,
    /// Its level.
    level: &'l str,
    /// The server named, if any.
    server: Option<&'l str>,
    /// Where the text after the prefix starts in the line.
    at: usize,
}

/// The line's prefix: `<ISO 8601 time> [a] [b] ` with one of `a`, `b` a level (the other the
/// server's name), or `<time> [level] `.
fn parse_line(line: &str) -> Option<Line<'_>> {
    let bytes = line.as_bytes();
    if !bytes.first()?.is_ascii_digit() || bytes.get(10) != Some(&b'T') {
        return None;
    }
    let space = line.find(' ')?;
    let stamp = line.get(..space)?;
    if !stamp.ends_with('Z') {
        return None;
    }
    let time = Some(parse_rfc3339(stamp)?);
    let (first, rest) = group(line, space + 1)?;
    let (level, server, at) = match group(line, rest) {
        Some((second, after)) if LEVELS.contains(&first) && !LEVELS.contains(&second) => {
            (first, Some(second), after)
        }
        Some((second, after)) if LEVELS.contains(&second) => (second, Some(first), after),
        _ if LEVELS.contains(&first) => (first, None, rest),
        _ => return None,
    };
    Some(Line {
        time,
        level,
        server,
        at,
    })
}

/// The bracketed group `[name] ` at byte `at` of `line`: its name and where the text after it
/// starts.
fn group(line: &str, at: usize) -> Option<(&str, usize)> {
    let rest = line.get(at..)?.strip_prefix('[')?;
    let close = rest.find("] ")?;
    let name = rest.get(..close)?;
    (!name.is_empty() && !name.contains('[')).then_some((name, at + 1 + close + 2))
}

/// The sender and the body of a message line's text, when it is one.
fn message_of(text: &str) -> Option<(Direction, &str, usize)> {
    MARKERS.iter().find_map(|(marker, direction)| {
        let body = text.strip_prefix(marker)?;
        Some((*direction, body, marker.len()))
    })
}

/// Whether some line of `text` is a message line.
pub(super) fn looks_like(text: &str) -> bool {
    text.lines().any(|line| {
        parse_line(line).is_some_and(|parsed| {
            let rest = line.get(parsed.at..).unwrap_or_default();
            message_of(rest).is_some()
        })
    })
}

/// What the reader saw.
#[derive(Default)]
struct Seen<'t> {
    /// The server whose messages are read.
    server: Option<&'t str>,
    /// Message lines of other servers, kept as context.
    others: usize,
    /// Message lines with a JSON body.
    bodies: usize,
    /// Message lines without one.
    bare: usize,
    /// Message lines ending in ` { metadata: undefined }`.
    metadata: usize,
}

/// Reads every message line of the first server named (a body cut short is a `log-not-json`) and
/// keeps the other lines as context rows; says which form it saw.
pub(super) fn read(found: &mut Found<'_>) {
    let text = found.text;
    let mut seen = Seen::default();
    for (line_start, body) in super::super::text_lines::lines_with_offsets(text) {
        let Some(line) = parse_line(body) else {
            if body.starts_with([' ', '\t', '}', ']']) {
                found.continue_context(line_start, body);
            } else if !body.trim().is_empty() {
                found.context_line(None, line_start, body);
            }
            continue;
        };
        let rest = body.get(line.at..).unwrap_or_default();
        let message = message_of(rest).filter(|_| {
            let ours = match (seen.server, line.server) {
                (Some(ours), Some(named)) => ours == named,
                (None, named) => {
                    seen.server = named;
                    true
                }
                (Some(_), None) => true,
            };
            seen.others += usize::from(!ours);
            ours
        });
        let Some((direction, json, marker)) = message else {
            found.context_line(Some(line.level), line_start + line.at, rest);
            continue;
        };
        let from = line_start + line.at + marker;
        if !json.starts_with('{') {
            seen.bare += 1;
            found.context_line(Some(line.level), line_start + line.at, rest);
            continue;
        }
        seen.bodies += 1;
        let trimmed = json.trim_end();
        let without = trimmed.strip_suffix(METADATA).map(str::trim_end);
        seen.metadata += usize::from(without.is_some());
        match envelope::first_value(json).map(|v| v.range.end) {
            Ok(end) => {
                let range = ByteRange::new(0, end);
                found.checked_at(json, from, range, Some(direction), line.time);
            }
            Err(_) => {
                let cut = without.unwrap_or(trimmed);
                let map = SourceMap::verbatim(from, cut.len());
                found.message(cut.to_owned(), map, Some(direction), line.time, None);
            }
        }
    }
    found.detected = Some(words(&seen));
    if seen.bodies == 0 && seen.bare > 0 {
        found.no_bodies(&format!(
            "Claude Desktop's log names {} message{} without {} JSON (method and id only): \
             nothing to check; the server's own log, a proxy recording (`mcp-json-toolbox proxy \
             --record`) or VS Code's MCP output holds the bodies",
            seen.bare,
            if seen.bare == 1 { "" } else { "s" },
            if seen.bare == 1 { "its" } else { "their" },
        ));
    }
}

/// What the reader saw, in words.
fn words(seen: &Seen<'_>) -> String {
    let form = if seen.bodies == 0 && seen.bare > 0 {
        "message lines without bodies (method and id only)"
    } else if seen.metadata > 0 {
        "mid-2025 form (`{ metadata: undefined }`)"
    } else {
        "2025 form (Message from client/server)"
    };
    let mut words = format!("Claude Desktop MCP log, {form}");
    if let Some(server) = seen.server {
        words.push_str(&format!(", server `{server}`"));
    }
    if seen.others > 0 {
        words.push_str(&format!(
            "; {} message line{} of other servers kept as context",
            seen.others,
            if seen.others == 1 { "" } else { "s" }
        ));
    }
    words
}
